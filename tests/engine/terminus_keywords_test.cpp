// Race to the Terminus rule scenarios: the Keyword and Subtype Glossaries (Systems, Crew,
// Modules, Runabouts, Legacy) and the Specific Rulings about skipped Steps.
#include <bit>

#include "engine/core/rng.hpp"
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using starport::engine::viewer;
using tr::step;

namespace {

const tr::member* find_member(const tr::state& g, int s, const std::string& name) {
  for (const tr::ship& x : g.seat(s).ships)
    for (const tr::member& m : x.crew_list())
      if (g.card_of(m.card).name == name) return &m;
  return nullptr;
}

// Seat 0 plays Press Conference and the Turn runs to seat 1's Play Step.
void seat0_turn(tr::state& g) {
  REQUIRE(g.current_step() == step::play);
  REQUIRE(g.active_seat() == 0);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  run_until(g, [&] { return g.active_seat() == 1 && g.current_step() == step::play; });
}

}  // namespace

TEST_CASE("Hazardous: Organic Members of the Ship ending its Turn there lose 1 Morale, Extremophiles gain it") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Cinder Belt";
  s.seats[0].ships[0].crew = {{"Veteran Navigator"}, {"Vent Dweller"}};
  s.seats[1].starting_system = "Cinder Belt";
  tr::state g = table(s);
  seat0_turn(g);
  CHECK(find_member(g, 0, "Veteran Navigator")->morale == 2);
  CHECK(find_member(g, 0, "Vent Dweller")->morale == 4);
  // Only the Ship whose Turn ended: seat 1's Member is untouched so far.
  CHECK(g.seat(1).ships[0].crew[0].morale == 3);
}

TEST_CASE("Comfortable: Organic Members gain 1 Morale each Turn they end there, Extremophiles do not") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Veteran Navigator"}, {"Vent Dweller"}};
  tr::state g = table(s);
  seat0_turn(g);
  CHECK(find_member(g, 0, "Veteran Navigator")->morale == 4);
  CHECK(find_member(g, 0, "Vent Dweller")->morale == 3);
}

TEST_CASE("Feral: loses 1 Morale at the end of its Ship's Turn and does not Crew the Ship") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Feral Grav-Beast"}, {hand_crew}};
  s.seats[0].starting_system = "Whispering Pulsar";   // not Comfortable
  tr::state g = table(s);
  CHECK(g.crewed(0, 0));
  seat0_turn(g);
  CHECK(find_member(g, 0, "Feral Grav-Beast")->morale == 4);

  setup only{{crewed_seat(), crewed_seat()}};
  only.seats[0].ships[0].crew = {{"Feral Grav-Beast"}};
  tr::state h = table(only);
  // Uncrewed: a Backslide skipped seat 0's Play Step and brought the top Gig.
  CHECK(h.active_seat() == 1);
  CHECK(find_member(h, 0, "Rock Eater") != nullptr);
}

TEST_CASE("Morale: a Member at 0 or less is shuffled into the Gig Pile, a Petty one stays") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Cinder Belt";
  s.seats[0].ships[0].crew = {{"Veteran Navigator", false, 1}, {"Disgruntled Engineer", false, 1}, {hand_crew}};
  tr::state g = table(s);
  const int gigs = g.seat(0).gigs.size;
  seat0_turn(g);
  CHECK(find_member(g, 0, "Veteran Navigator") == nullptr);
  CHECK(g.seat(0).gigs.size == gigs + 1);
  REQUIRE(find_member(g, 0, "Disgruntled Engineer") != nullptr);
  CHECK(find_member(g, 0, "Disgruntled Engineer")->morale == 0);
}

TEST_CASE("Digital: in a Ship with no Active Synthetic Module the Recruit goes to Dead Space") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Grown Hull"}};
  s.seats[0].ships[0].crew = {{"Ship Mind ECHO"}, {hand_crew}};
  tr::state g = table(s);
  CHECK(find_member(g, 0, "Ship Mind ECHO") == nullptr);
  REQUIRE(!g.dead_space().empty());
  CHECK(g.card_of(g.dead_space().back()).name == "Ship Mind ECHO");
}

TEST_CASE("Neural: an all-Organic Ship with an Active Neural Module is Crewed, no Backslide") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Grown Hull"}};
  s.seats[0].ships[0].crew = {};
  tr::state g = table(s);
  CHECK(g.crewed(0, 0));
  CHECK(g.current_step() == step::play);
  CHECK(g.active_seat() == 0);
  // With a Synthetic Module too it is not.
  setup t{{crewed_seat(), crewed_seat()}};
  t.seats[0].ships[0].modules = {{"Grown Hull"}, {hull}};
  t.seats[0].ships[0].crew = {};
  tr::state h = table(t);
  CHECK(h.active_seat() == 1);   // a Backslide skipped seat 0's Play Step
}

TEST_CASE("Social: Recruits join this Ship with 1 extra Morale per Social Module") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Crew Lounge"}, {"Holo-Theatre"}};   // Holo-Theatre's own reveal is not at play here
  s.seats[0].hand = {"Hire Mercenaries"};
  s.seats[0].gig_pile = {"Rock Eater"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Hire Mercenaries"), 0, -1, 0}));
  REQUIRE(find_member(g, 0, "Rock Eater") != nullptr);
  CHECK(find_member(g, 0, "Rock Eater")->morale == 2 + 2);
}

TEST_CASE("Research: after the first Turn, no Certainty or Proximity gained since the last Turn: 1 Certainty per Research Module") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Survey Telescope"}, {hull}};
  tr::state g = table(s);
  CHECK(g.seat(0).certainty == 0);   // the first Turn: nothing
  seat0_turn(g);
  run_until(g, [&] { return g.active_seat() == 0 && g.current_step() == step::play; });
  CHECK(g.seat(0).certainty == 1);
}

TEST_CASE("Shady: a primary Ship with Reputation 0 or less draws 2 in Regroup and discards 1 in Aftermath") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "The Undermarket";
  tr::state g = table(s);
  CHECK(g.seat(0).hand.size == 2);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::discard);
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Press Conference")}));
  CHECK(g.seat(0).hand.size == 0);
  // With positive Reputation only 1.
  setup t{{crewed_seat(), crewed_seat()}};
  t.seats[0].starting_system = "The Undermarket";
  t.seats[0].reputation = 1;
  tr::state h = table(t);
  CHECK(h.seat(0).hand.size == 1);
}

TEST_CASE("Shady: with a full hand the Turn still ends with 4 Actions (the hand limit leaves the extra one to Shady's discard)") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "The Undermarket";
  s.seats[0].hand = {"Press Conference", "Press Conference", "Press Conference", "Press Conference"};
  tr::state g = table(s);
  REQUIRE(g.seat(0).hand.size == 6);   // 4, and 2 drawn in Shady
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  // 5 in hand after the play: the first discard asked is Shady's, in the Aftermath, of the
  // 5 (before: the hand limit's at the end of the Play Step, then Shady's: 3 left) …
  run_until(g, [&] { return !g.pending().empty() && g.pending().back().kind == tr::task::discard; });
  CHECK(g.current_step() == tr::step::aftermath);
  CHECK(g.seat(0).hand.size == 5);
  {
    trpb::View v;
    g.view(starport::engine::viewer::of_seat(0), v);
    CHECK(v.prompt().text() == "Shady: discard 1 Action (the extra one Shady drew this Turn)");
  }
  // … and the only one.
  run_until(g, [&] { return g.active_seat() == 1; });
  CHECK(g.seat(0).hand.size == 4);
}

TEST_CASE("Shady: a position at the Play Step states the extra Action drawn (shady_extra), and play goes on as it did") {
  // The same Turn as above, posed at its Play Step: 6 Actions, one of them Shady's extra.
  auto posed = [](bool extra) {
    setup s{{crewed_seat(), crewed_seat()}};
    s.step = trpb::PLAY_STEP;
    s.seats[0].starting_system = "The Undermarket";
    s.seats[0].hand = {"Press Conference", "Press Conference", "Press Conference", "Press Conference", "Press Conference", "Press Conference"};
    s.seats[0].shady_extra = extra;
    tr::state g = table(s);
    play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
    run_until(g, [&] { return g.active_seat() == 1 || (!g.pending().empty() && g.pending().back().kind == tr::task::discard); });
    return g;
  };
  // Stated: no hand-limit discard at the Play Step's end; Shady's one in the Aftermath; 4 left.
  tr::state with = posed(true);
  CHECK(with.current_step() == tr::step::aftermath);
  CHECK(with.seat(0).hand.size == 5);
  run_until(with, [&] { return with.active_seat() == 1; });
  CHECK(with.seat(0).hand.size == 4);
  // Not stated: an ordinary Turn, the hand limit's discard of 1 at the Play Step's end.
  tr::state without = posed(false);
  REQUIRE_FALSE(without.pending().empty());
  CHECK(without.pending().back().count == 1);
  // Only the active seat's, and only in its Turn's Play Step (or at its end).
  setup bad{{crewed_seat(), crewed_seat()}};
  bad.step = trpb::PLAY_STEP;
  bad.seats[1].shady_extra = true;
  trpb::Options o;
  CHECK_FALSE(tr::state::validate(2, o, position_of(bad)));
}

TEST_CASE("Bustling: a Crewed Ship may Bustle: add a Module (best of the top 3 with Reputation >= 0), skip Regroup, Play, Aftermath") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Dyson Shipyards";
  s.seats[0].upgrade_pile = {"Point-Defence Lasers", "Survey Telescope", "Cryo Bay", "Repair Drones"};
  tr::state g = table(s);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::bustle);
  const int hand = g.seat(0).hand.size;
  play(g, act(0, tr::kind::bustle, {1}));
  REQUIRE(g.pending().back().kind == tr::task::bustle_pick);
  CHECK(g.pending().back().look_count == 3);
  const tr::copy_id pick = g.pending().back().looked[1];
  play(g, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(pick))}));
  CHECK(g.seat(0).ships[0].module_count == 2);
  CHECK(g.seat(0).ships[0].modules[1].card == pick);
  CHECK(g.seat(0).upgrades.size == 3);
  CHECK(g.seat(0).hand.size == hand);   // no Regroup draw
  CHECK(g.active_seat() == 1);          // no Play Step
}

// Ambush cards enter face down (docs/rules/terminus.md), a Bustle's Upgrade too: the log line
// and the last move named the Module, so every seat knew which face-down card it was.
TEST_CASE("Bustling: an Ambush Module the Bustle adds enters face down, unnamed in the words and the view") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Dyson Shipyards";
  s.seats[0].upgrade_pile = {"Stealth Plating", "Decoy Beacon", "Cryo Bay", "Repair Drones"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::bustle, {1}));
  REQUIRE(g.pending().back().kind == tr::task::bustle_pick);
  auto looked = [&](const std::string& name) {
    const tr::frame& f = g.pending().back();
    for (int i = 0; i < f.look_count; ++i)
      if (g.card_of(f.looked[i]).name == name) return static_cast<std::int32_t>(tr::wire_id(f.looked[i]));
    FAIL("not looked at: " << name);
    return 0;
  };
  const action stealth = act(0, tr::kind::choose, {looked("Stealth Plating")});
  const action decoy = act(0, tr::kind::choose, {looked("Decoy Beacon")});
  CHECK(filled(g.describe(stealth)) == "{seat:0} adds a face-down Module to the Ship.");
  CHECK(filled(g.describe(decoy)) == filled(g.describe(stealth)));
  CHECK(filled(g.describe(act(0, tr::kind::choose, {looked("Cryo Bay")}))).find("Cryo Bay") != std::string::npos);
  // What seat 1 and a spectator read and see of two states: the same, or a leak.
  const auto others_alike = [](const tr::state& x, const tr::state& y) {
    CHECK(filled(x.describe_effects()) == filled(y.describe_effects()));
    for (const viewer v : {viewer::of_seat(1), viewer::spectator()}) {
      trpb::View vx, vy;
      x.view(v, vx);
      y.view(v, vy);
      CHECK(vx.SerializeAsString() == vy.SerializeAsString());
    }
  };
  tr::state a = g, b = g;
  play(a, stealth);
  play(b, decoy);
  CHECK_FALSE(a.seat(0).ships[0].modules[1].face_up);
  others_alike(a, b);
  // The property harness's scramble deals the face-down Module's card again among the Upgrade
  // Pile's (nobody else has seen either): nothing the others see or read may move. With the
  // words above naming the Module, this is what fails.
  bool moved = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    tr::state c = a;
    starport::engine::rng r(seed, 77);
    c.scramble_hidden(0, r);
    moved = moved || c.card_of(c.seat(0).ships[0].modules[1].card).name != "Stealth Plating";
    others_alike(a, c);
  }
  CHECK(moved);
}

TEST_CASE("Override: discard an Action and use an Override ability instead of playing an Action") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Star Seer"}, {hand_crew}};
  tr::state g = table(s);
  const auto seer = static_cast<std::int32_t>(tr::wire_id(g.seat(0).ships[0].crew[0].card));
  play(g, act(0, tr::kind::override_, {in_hand(g, 0, "Press Conference"), seer}));
  CHECK(g.seat(0).certainty == 2);
  CHECK(g.seat(0).reputation == 0);   // the Action was discarded, not played
  CHECK(g.card_of(g.seat(0).discard.top()).name == "Press Conference");
}

TEST_CASE("Fixer: 'target opponent' twice in one Override is one opponent, chosen once, with three players") {
  // "Look at target opponent's Hand, then gain 1 Intel on target opponent": the second part
  // is the opponent the first chose. (Rules version 3; before, it was asked again.)
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Fixer"}, {hand_crew}};
  tr::state g = table(s);
  const auto fixer = static_cast<std::int32_t>(tr::wire_id(g.seat(0).ships[0].crew[0].card));
  play(g, act(0, tr::kind::override_, {in_hand(g, 0, "Press Conference"), fixer}));
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::pick_ship);
  play(g, act(0, tr::kind::choose, {2 * 4 + 0}));   // seat 2's Ship
  // No second question: the Intel goes on seat 2 as well.
  CHECK((g.pending().empty() || g.pending().back().kind != tr::task::pick_ship));
  CHECK(g.seat(0).intel[2] == 1);
  CHECK(g.seat(0).intel[1] == 0);
}

TEST_CASE("Ruling 8: a face-down card has no abilities or subtypes, so a face-down Digital Recruit is Killed and a face-down Ablative Shielding is targeted") {
  // Void Hound's Override Kills 1 opponent Recruit; Ship Mind ECHO is Digital, but face down.
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Void Hound"}, {hand_crew}};
  s.seats[1].ships[0].crew = {{"Ship Mind ECHO"}, {hand_crew}};
  s.seats[1].ships[0].crew[0].face_down = true;
  tr::state g = table(s);
  const auto hound = static_cast<std::int32_t>(tr::wire_id(g.seat(0).ships[0].crew[0].card));
  play(g, act(0, tr::kind::override_, {in_hand(g, 0, "Press Conference"), hound}));
  play(g, act(0, tr::kind::choose, {-1}));   // another seat's face-down Member, by its place
  CHECK(g.seat(1).ships[0].crew_count == 1);
  CHECK(g.card_of(g.seat(1).ships[0].crew[0].card).name != "Ship Mind ECHO");

  // Mercenary Gunner's Override destroys 1 opponent Module: a face-down Ablative Shielding
  // may be chosen (face up, "effects controlled by other players cannot target this card").
  for (const bool face_down : {true, false}) {
    CAPTURE(face_down);
    setup t{{crewed_seat(), crewed_seat()}};
    t.seats[0].ships[0].crew = {{"Mercenary Gunner"}, {hand_crew}};
    t.seats[1].ships[0].modules.push_back({"Ablative Shielding"});
    t.seats[1].ships[0].modules.back().face_down = face_down;
    tr::state h = table(t);
    const auto gunner = static_cast<std::int32_t>(tr::wire_id(h.seat(0).ships[0].crew[0].card));
    play(h, act(0, tr::kind::override_, {in_hand(h, 0, "Press Conference"), gunner}));
    std::vector<action> legal;
    h.legal_actions(0, legal);
    bool offered = false;
    for (const action& a : legal) offered = offered || a.kind == static_cast<std::uint16_t>(tr::kind::choose);
    CHECK(offered == face_down);   // face up it is not offered: Crew Lounge is destroyed at once
  }
}

TEST_CASE("A card's cost on your own Ship cannot be declined: Overclock Engines disables one of your Active Modules") {
  // "Gain 2 Proximity, then lose 1 Certainty, then disable 1 Active Module of your Ship."
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull}, {"Survey Telescope"}};
  s.seats[0].hand = {"Overclock Engines"};
  s.seats[0].certainty = 1;
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Overclock Engines"), 0, -1, 0}));
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::pick_card);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);   // either Module; no PASS (before, passing kept both Active)
  for (const action& a : legal) CHECK(a.kind == static_cast<std::uint16_t>(tr::kind::choose));
  play(g, legal.front());
  int active = 0;
  for (int i = 0; i < g.seat(0).ships[0].module_count; ++i) active += g.seat(0).ships[0].modules[i].face_up;
  CHECK(active == 1);
  CHECK(g.seat(0).ships[0].proximity == 2);
}

TEST_CASE("'Each opponent' is each player: Eavesdrop gives 1 Intel on an opponent however many Ships they have") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Eavesdrop"};
  s.seats[0].certainty = 1;
  s.seats[1].ships.push_back(ship_setup{{{"Scout Skiff"}}, {{"Rock Eater"}}, 0, "Scout Skiff"});
  s.seats[1].ships.push_back(ship_setup{{{"Pathfinder Pod"}}, {{"Field Medic"}}, 0, "Pathfinder Pod"});
  tr::state g = table(s);
  REQUIRE(g.seat(1).ships[2].present);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Eavesdrop"), 0, -1, 0}));
  pass_windows(g);
  CHECK(g.seat(0).intel[1] == 1);   // before: 3, once per Ship
}

TEST_CASE("Farsight X: look at the top X Actions at the start of the Turn, discard any, the rest back") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Long-Range Scanner"}};
  s.seats[0].action_pile = {"Jump", "Plot a Course", "Press Conference", "Press Conference"};
  tr::state g = table(s);
  REQUIRE(!g.pending().empty());
  const tr::frame f = g.pending().back();
  REQUIRE(f.kind == tr::task::look);
  CHECK(f.look_count == 2);
  CHECK(g.card_of(f.looked[0]).name == "Jump");
  play(g, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(f.looked[0]))}));
  play(g, act(0, tr::kind::pass));
  // The Regroup draw takes Plot a Course, back on top.
  CHECK(g.card_of(g.seat(0).hand.top()).name == "Plot a Course");
  CHECK(g.card_of(g.seat(0).discard.top()).name == "Jump");
}

TEST_CASE("Farsight X: put the rest back in any order, the player choosing the top card first") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Oracle Engine"}};
  s.seats[0].action_pile = {"Jump", "Plot a Course", "Press Conference", "Press Conference"};
  tr::state g = table(s);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::look);
  REQUIRE(g.pending().back().look_count == 3);
  play(g, act(0, tr::kind::pass));   // discard none
  REQUIRE(g.pending().back().kind == tr::task::look_order);
  // The prompt asks its seat to order the three; another seat sees neither the cards nor ids.
  trpb::View mine, theirs;
  g.view(viewer::of_seat(0), mine);
  g.view(viewer::of_seat(1), theirs);
  CHECK(mine.prompt().kind() == trpb::ORDER);
  CHECK(mine.prompt().cards_size() == 3);
  CHECK(theirs.prompt().cards_size() == 0);
  const auto id_of_looked = [&](const std::string& name) {
    const tr::frame& f = g.pending().back();
    for (int i = f.count; i < f.look_count; ++i)
      if (g.card_of(f.looked[i]).name == name) return static_cast<std::int32_t>(tr::wire_id(f.looked[i]));
    FAIL("not among the cards to put back: " << name);
    return 0;
  };
  const std::int32_t press = id_of_looked("Press Conference");
  const std::int32_t jump = id_of_looked("Jump");
  // Both orders are open, and the words do not say which card went where.
  CHECK(has_legal(g, act(0, tr::kind::choose, {press})));
  CHECK(has_legal(g, act(0, tr::kind::choose, {jump})));
  CHECK(filled(g.describe(act(0, tr::kind::choose, {press}))) == filled(g.describe(act(0, tr::kind::choose, {jump}))));
  play(g, act(0, tr::kind::choose, {press}));   // on top
  play(g, act(0, tr::kind::choose, {jump}));    // next; Plot a Course goes last by itself
  // The Regroup draw takes the chosen top card; the order below is the chosen one.
  CHECK(g.card_of(g.seat(0).hand.top()).name == "Press Conference");
  const auto& pile = g.seat(0).action_pile;
  REQUIRE(pile.size >= 2);
  CHECK(g.card_of(pile.cards[pile.size - 1]).name == "Jump");
  CHECK(g.card_of(pile.cards[pile.size - 2]).name == "Plot a Course");
}

TEST_CASE("Farsight from several sources: one occurs, the largest X (it can do all a smaller one can)") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Long-Range Scanner"}, {"Oracle Engine"}};
  s.seats[0].ships[0].crew = {{hand_crew}, {"Mystic of the Drift"}};
  s.seats[0].action_pile = {"Jump", "Plot a Course", "Press Conference", "Press Conference"};
  tr::state g = table(s);
  REQUIRE(g.pending().size() == 1);   // one Farsight, not three
  CHECK(g.pending().back().kind == tr::task::look);
  CHECK(g.pending().back().look_count == 3);
  CHECK(g.card_of(g.pending().back().source).name == "Oracle Engine");
}

TEST_CASE("Runabout: detaches with up to 2 Members as a Ship of its own, plays its own Action, re-attaches at the end") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull}, {"Scout Skiff"}};
  s.seats[0].ships[0].crew = {{hand_crew}, {"Rock Eater"}};
  s.seats[0].hand = {"Press Conference"};
  tr::state g = table(s);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::detach);
  const auto skiff = static_cast<std::int32_t>(tr::wire_id(g.seat(0).ships[0].modules[1].card));
  const auto eater = static_cast<std::int32_t>(tr::wire_id(g.seat(0).ships[0].crew[1].card));
  play(g, act(0, tr::kind::detach, {skiff, eater, 0}));
  CHECK(g.seat(0).ships[1].present);
  CHECK(g.seat(0).ships[1].crew_count == 1);
  CHECK(g.seat(0).ships[0].module_count == 1);
  // Each Ship draws in Regroup and plays an Action, the primary Ship first.
  REQUIRE(g.current_step() == step::play);
  CHECK(g.seat(0).hand.size == 3);
  // The log tells the two Ships' draws as one line.
  const std::string words = g.describe_effects();
  CHECK(words.find("{seat:0} draws 2 Actions.") != std::string::npos);
  CHECK(words.find("{seat:0} draws 1 Action.") == std::string::npos);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 1, -1, 0}));
  CHECK(g.seat(0).reputation == 4);   // both used the player's Reputation
  // End of Turn in the same System as the primary Ship: it may re-attach.
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::reattach);
  play(g, act(0, tr::kind::reattach, {1}));
  CHECK_FALSE(g.seat(0).ships[1].present);
  CHECK(g.seat(0).ships[0].module_count == 2);
  CHECK(g.seat(0).ships[0].crew_count == 2);
}

TEST_CASE("Runabout: a win by any Ship") {
  setup s{{crewed_seat(), crewed_seat()}};
  ship_setup runabout{{{"Scout Skiff"}}, {{"Rock Eater"}}, 9, "Scout Skiff"};
  s.seats[0].ships.push_back(runabout);
  s.seats[0].hand = {"Press Conference", "Jump"};
  s.seats[0].certainty = 2;
  s.chart = {{9, "Quiet Expanse"}};
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 1, -1, 0}));
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(0));
}

TEST_CASE("Ruling 7c: a skipped Play Step plays nothing and discards nothing down to 4") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[1].hand = {"Bureaucratic Delay"};
  tr::state g = table(s);
  // Seat 0 plays; seat 1 answers at the end of the Play Step with Bureaucratic Delay on seat 0.
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bureaucratic Delay"), 0, 0, 0}));
  pass_windows(g);
  CHECK(g.seat(0).ships[0].skip_play);
  const int hand = g.seat(0).hand.size;
  run_until(g, [&] { return g.round() == 3; });
  // Seat 0's Round 2 Turn skipped its Play Step: no Action played (Reputation unchanged);
  // its hand grew by that Turn's Regroup draw and Round 3's (the flow runs on to Round 3's
  // Play Step), nothing discarded.
  CHECK(g.seat(0).reputation == 2);
  CHECK(g.seat(0).hand.size == hand + 2);
  CHECK_FALSE(g.seat(0).ships[0].skip_play);
}

TEST_CASE("Discovery: a Ship reaching an empty space reveals every top System, one is placed, the rest go under") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Ride the Current"};
  s.seats[0].certainty = 2;
  s.seats[0].system_pile = {"Shattered Lanes"};
  s.seats[1].system_pile = {"Whispering Pulsar", "Quiet Expanse"};
  tr::state g = table(s, 3);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Ride the Current"), 0, -1, 0}));
  REQUIRE(g.chart(1) != tr::no_card);
  const std::string placed(g.card_of(g.chart(1)).name);
  CHECK((placed == "Shattered Lanes" || placed == "Whispering Pulsar"));
  CHECK(g.seat(0).systems.size + g.seat(1).systems.size == 2);
  // Both were revealed to all: the log names the one that went under as well.
  const std::string other = placed == "Shattered Lanes" ? "Whispering Pulsar" : "Shattered Lanes";
  const std::string owner = placed == "Shattered Lanes" ? "{seat:1}" : "{seat:0}";
  const std::string words = filled(g.describe_effects());
  CAPTURE(words);
  CHECK(words.find("Discovery: " + placed + " at Proximity 1.") != std::string::npos);
  CHECK(words.find("The Discovery also revealed " + owner + "'s " + other + ": it goes to the bottom of their System Pile.") !=
        std::string::npos);
}

TEST_CASE("Legacy: at Turn 0 it leaves the Module Pile and stays beside the primary Ship, always active") {
  // Every starter deck is dealt; a deck with a Legacy has it beside the Ship before the Draft.
  const auto starters = tr::state::deck_rules().starters();
  for (const auto& starter : starters) {
    const std::vector<starport::engine::deck_list> decks = {starter.cards, starter.cards};
    tr::state g(2, trpb::Options(), decks, 4);
    int legacies = 0;
    for (auto c : starter.cards) legacies += tr::card(static_cast<tr::card_id>(c)).is(tr::subtype::legacy);
    CHECK(g.seat(0).legacies.size == legacies);
    CHECK(g.seat(0).module_pool.size == 10 - legacies);
    for (tr::copy_id c : g.seat(0).module_pool.items()) CHECK_FALSE(g.card_of(c).is(tr::subtype::legacy));
  }
  // Its triggered ability works like a Ship's own, first of all (Ruling 2a).
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].legacies = {"Grudge Ledger"};   // end of Turn: 1 Intel on each opponent
  tr::state g = table(s);
  seat0_turn(g);
  CHECK(g.seat(0).intel[1] == 1);
}

TEST_CASE("Chaotic: when the System is revealed each player may put their top Complication at the bottom") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Ride the Current"};
  s.seats[0].certainty = 2;
  s.seats[0].system_pile = {"Shattered Lanes"};
  s.seats[1].system_pile = {};
  s.seats[0].complication_pile = {"Bad Press", "Lucky Break"};
  s.seats[1].complication_pile = {"Sensor Ghost", "Lucky Break"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Ride the Current"), 0, -1, 0}));
  REQUIRE(g.chart(1) != tr::no_card);
  REQUIRE(g.card_of(g.chart(1)).name == "Shattered Lanes");
  // Initiative order: seat 0 decides first; it sees its own top card only.
  REQUIRE(g.pending().back().kind == tr::task::chaotic);
  CHECK(g.must_act() == seat_bit(0));
  trpb::View mine, theirs;
  g.view(viewer::of_seat(0), mine);
  g.view(viewer::of_seat(1), theirs);
  REQUIRE(mine.prompt().cards_size() == 1);
  CHECK(theirs.prompt().cards_size() == 0);
  play(g, act(0, tr::kind::choose, {1}));
  CHECK(g.card_of(g.seat(0).complications.top()).name == "Lucky Break");
  REQUIRE(g.must_act() == seat_bit(1));
  play(g, act(1, tr::kind::pass));
  CHECK(g.card_of(g.seat(1).complications.top()).name == "Sensor Ghost");
}

TEST_CASE("Data Leak (peek_hand): the player sees the target's hand until the end of its own next Turn, nobody else does") {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[1].hand = {"Data Leak"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Data Leak"), 0, 0, 0}));
  pass_windows(g);
  trpb::View v1, v2;
  g.view(viewer::of_seat(1), v1);
  g.view(viewer::of_seat(2), v2);
  CHECK(v1.seats(0).hand_size() == 1);
  CHECK(v2.seats(0).hand_size() == 0);
  CHECK(g.seat(1).intel[0] == 1);
  // Seat 1's Turn (now) ends the peek.
  REQUIRE(g.active_seat() == 1);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Press Conference"), 0, -1, 0}));
  g.view(viewer::of_seat(1), v1);
  CHECK(v1.seats(0).hand_size() == 0);
}

TEST_CASE("Data Leak (peek_hand) played in the player's own Turn lasts through its next Turn") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Data Leak"};
  s.seats[1].hand = {"Jump"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(g.active_seat() == 0);   // the window at the end of its Play Step
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Data Leak"), 0, 1, 0}));
  pass_windows(g);
  REQUIRE(g.seat(0).intel[1] == 1);
  const auto seen = [&g] {
    trpb::View v;
    g.view(viewer::of_seat(0), v);
    return v.seats(1).hand_size();
  };
  CHECK(seen() == 1);
  run_until(g, [&] { return g.active_seat() == 1; });   // seat 0's Turn is over
  CHECK(seen() == 1);
  run_until(g, [&] { return g.active_seat() == 0; });
  run_until(g, [&] { return g.active_seat() == 1; });   // and its next one
  CHECK(seen() == 0);
}

TEST_CASE("Data Leak (peek_hand) is a snapshot: a card the target draws after the peek stays hidden") {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].complication_pile = {"Sensor Ghost"};   // drawn when Data Leak has resolved
  s.seats[1].hand = {"Data Leak"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Data Leak"), 0, 0, 0}));
  pass_windows(g);
  REQUIRE(g.seat(0).hand.size == 2);
  trpb::View v1;
  g.view(viewer::of_seat(1), v1);
  REQUIRE(v1.seats(0).hand_size() == 1);
  CHECK(g.card_of(g.seat(0).hand.cards[0]).name == "Jump");
  CHECK(v1.seats(0).hand(0).id() == tr::wire_id(g.seat(0).hand.cards[0]));
  CHECK(v1.seats(0).hand_count() == 2);
}


TEST_CASE("Local Coup: the target's System goes under its owner's Pile and the top of your System Pile replaces it") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].proximity = 2;
  s.chart = {{2, "Quiet Expanse"}};
  s.seats[1].hand = {"Local Coup"};
  s.seats[1].system_pile = {"Cinder Belt"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Local Coup"), 0, 0, 0}));
  pass_windows(g);
  CHECK(g.card_of(g.chart(2)).name == "Cinder Belt");
  CHECK(g.card_of(g.seat(0).systems.cards[0]).name == "Quiet Expanse");   // bottom of its owner's Pile
}

TEST_CASE("Local Coup at Proximity 0: the new Starting System comes off the System Pile revealed, its ability and Chaotic offers happen") {
  // Ruling 4: the System Pile's top goes from unknown to known, as a Discovery's does. (Rules
  // version 3; before, a new Starting System was shown with no ability and no offer.)
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Quiet Expanse";
  s.seats[0].system_pile = {"Prism Rift"};   // Chaotic; when revealed: every Ship gains 1 Certainty
  s.seats[0].complication_pile = {"Sensor Ghost"};
  s.seats[1].complication_pile = {"Bad Press"};
  s.seats[1].hand = {"Local Coup"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  const int before0 = g.seat(0).certainty, before1 = g.seat(1).certainty;
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Local Coup"), 0, 0, 0}));
  // The window after it, then the Coup resolves: Prism Rift is seat 0's Starting System now.
  while (g.current_step() != tr::step::start && !g.pending().empty() && g.pending().back().kind != tr::task::chaotic) {
    const std::uint32_t who = g.must_act();
    REQUIRE(who != 0);
    play(g, act(std::countr_zero(who), tr::kind::pass));
  }
  CHECK(g.card_of(g.seat(0).starting_system).name == "Prism Rift");
  CHECK(g.seat(0).certainty == before0 + 1);
  CHECK(g.seat(1).certainty == before1 + 1);
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::chaotic);
}

TEST_CASE("Runabout: destroyed while detached, it goes to Dead Space with its Modules and Members") {
  setup s{{crewed_seat(), crewed_seat()}};
  ship_setup runabout{{{"Scout Skiff"}}, {{"Rock Eater"}}, 0, "Scout Skiff"};
  s.seats[1].ships.push_back(runabout);
  s.seats[0].hand = {"Hull Breach"};   // a Complication, played in the window after seat 0's Action
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(g.priority() == 0);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Hull Breach"), 0, 1, 1}));
  pass_windows(g);
  CHECK_FALSE(g.seat(1).ships[1].present);
  int dead = 0;
  for (tr::copy_id c : g.dead_space())
    dead += g.card_of(c).name == "Scout Skiff" || g.card_of(c).name == "Rock Eater";
  CHECK(dead == 2);
}

TEST_CASE("Runabout: its Backslide and the Member that joins at its end name the Runabout in the log") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships.push_back(ship_setup{{{"Scout Skiff"}}, {}, 4, "Scout Skiff"});   // no Crew: a Backslide
  tr::state g = table(s);
  std::string log = filled(g.describe_effects()) + "\n";   // the Start Step's, as the table is dealt
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  log += filled(g.describe_effects()) + "\n";
  for (int i = 0; i < 200 && !(g.active_seat() == 1 && g.current_step() == step::play); ++i) {
    const int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
    play(g, g.timeout_action(seat));
    log += filled(g.describe_effects()) + "\n";
  }
  CAPTURE(log);
  CHECK(log.find("{seat:0}'s Runabout 1 begins a Backslide.") != std::string::npos);
  CHECK(log.find("Rock Eater joins the Crew of {seat:0}'s Runabout 1.") != std::string::npos);
  CHECK(log.find("{seat:0} begins a Backslide.") == std::string::npos);   // the primary Ship is Crewed
  CHECK(g.seat(0).ships[1].crew_count == 1);
}

TEST_CASE("Runabout: a player whose primary Ship has no Modules while a Runabout is detached loses") {
  setup s{{crewed_seat(), crewed_seat()}};
  ship_setup runabout{{{"Scout Skiff"}}, {{"Rock Eater"}}, 0, "Scout Skiff"};
  s.seats[1].ships[0].modules = {};
  s.seats[1].ships.push_back(runabout);
  tr::state g = table(s);
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(0));
}

TEST_CASE("Petty: its Petty effect works only while its Morale is 0 or less") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Spiteful Heir", false, 1}, {hand_crew}};   // end of Turn, Petty: -1 Reputation
  s.seats[0].starting_system = "Whispering Pulsar";
  tr::state g = table(s);
  seat0_turn(g);
  CHECK(g.seat(0).reputation == 2);   // Press Conference; Morale 1: not Petty yet
  setup t{{crewed_seat(), crewed_seat()}};
  t.seats[0].ships[0].crew = {{"Spiteful Heir", false, -1}, {hand_crew}};
  t.seats[0].starting_system = "Whispering Pulsar";
  tr::state h = table(t);
  seat0_turn(h);
  CHECK(h.seat(0).reputation == 1);
}

TEST_CASE("Optional effects ('you may'): the controller is asked and may decline") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Quartermaster Oyelaran"}, {hand_crew}};   // Aftermath: you may draw 1 Action
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::optional);
  const int hand = g.seat(0).hand.size;
  play(g, act(0, tr::kind::choose, {1}));
  CHECK(g.seat(0).hand.size == hand + 1);
}

TEST_CASE("Destiny lock: a seat that played a Destiny is no longer asked for its Complications") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[1].hand = {"Bad Press"};
  s.seats[1].destiny = {"Manifest Destiny"};   // played earlier: locked
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  CHECK(g.open_window() == tr::window::none);
  CHECK(g.active_seat() == 1);
}

// Rules version 3: Ruling 2a puts the Special Objects beside the Ship (Legacies, Destinies)
// before every other effect of the Step; Research resolved before them.
TEST_CASE("Research: a Legacy's Start ability resolves before Research (Ruling 2a)") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{"Survey Telescope"}, {hull}};
  s.seats[0].legacies = {"Founder's Charter"};   // Start: 1 Reputation while it is 0 or less
  s.seats[0].reputation = -2;
  trpb::Position p = position_of(s);
  p.mutable_seats(0)->mutable_ships(0)->set_had_turn(true);   // Research is due: nothing gained since
  auto v = tr::state::validate(2, trpb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  tr::state g(2, trpb::Options(), p, 1);
  CHECK(g.seat(0).certainty == 1);
  CHECK(g.seat(0).reputation == -1);
  const std::string words = filled(g.describe_effects());
  INFO(words);
  const auto reputation = words.find("Reputation is -1");
  const auto certainty = words.find("has 1 Certainty");
  REQUIRE(reputation != std::string::npos);
  REQUIRE(certainty != std::string::npos);
  CHECK(reputation < certainty);
}
