// Race to the Terminus positions with a choice partly made (docs/scenarios.md): the second
// of two cards to pick, a look with cards put back already, the Upgrades a Bustle looked at,
// a Chaotic System's offers at a Discovery. Each is checked against the state play reaches,
// what it shows stays with the seat choosing, and impossible partial picks are refused.
#include <string>

#include "position_mutator.hpp"
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using tr::step;
using source = trpb::ResolvingPosition;

namespace {

// Seat 0 played Repairs (enable 2 Disabled Modules) with three disabled: it enabled
// Capacitor Bank already and picks the second of two.
setup repairs_table(bool played) {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull}, {"Capacitor Bank", !played}, {"Emergency Thrusters", true}, {"Psionic Damper", true}};
  if (!played) s.seats[0].hand = {"Repairs"};
  return s;
}

trpb::Position repairs_second_pick() {
  trpb::Position p = at_step(repairs_table(true), trpb::PLAY_STEP, {0, 1});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Repairs");
  p.mutable_resolving()->set_picks_left(1);
  return p;
}

}  // namespace

TEST_CASE("Partial position: the second of two cards to pick is open, as play leaves it") {
  tr::state posed = start(repairs_second_pick());
  REQUIRE(!posed.pending().empty());
  CHECK(posed.pending().back().kind == tr::task::pick_card);
  CHECK(posed.pending().back().count == 1);
  std::vector<action> legal;
  posed.legal_actions(0, legal);
  CHECK(legal.size() == 3);   // pass, or either Module still disabled

  // The same by play: Repairs, then Capacitor Bank.
  tr::state played = start(at_step(repairs_table(false), trpb::PLAY_STEP, {0, 1}));
  play(played, act(0, tr::kind::play, {in_hand(played, 0, "Repairs"), 0, -1, 0}));
  REQUIRE(played.pending().back().count == 2);
  play(played, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(played.seat(0).ships[0].modules[1].card))}));
  // Without copy numbers: the Repairs played has a fresh id, which a posed state cannot know.
  CHECK(seen(posed, viewer::of_seat(0), false) == seen(played, viewer::of_seat(0), false));
  CHECK(seen(posed, viewer::of_seat(1), false) == seen(played, viewer::of_seat(1), false));
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));
  CHECK(legal_words(posed, 0) == legal_words(played, 0));

  play(posed, legal[1]);
  CHECK(posed.pending().empty());
  CHECK(posed.seat(0).ships[0].modules[2].face_up != posed.seat(0).ships[0].modules[3].face_up);
}

TEST_CASE("Partial position: an impossible partial pick is refused with the field") {
  trpb::Position p = repairs_second_pick();
  p.mutable_resolving()->set_picks_left(2);   // Repairs picks 2: with 2 left nothing was picked
  CHECK(refusal(p) == "resolving.picks_left: part `effect` picks 2 or more cards one at a time (Modules to disable, "
                      "enable or destroy, Members to kill, flip or rally; a Morale effect picks one Member), and fewer are "
                      "left than it picks");
  p = repairs_second_pick();
  p.mutable_seats(0)->mutable_ships(0)->mutable_modules(3)->set_face_down(false);   // one disabled left: it went at once
  CHECK(refusal(p) == "resolving.picks_left: the target Ship has no more cards to pick from than are left to pick (else "
                      "they all went at once), or the part cannot pick there");
  p = repairs_second_pick();
  p.mutable_seats(0)->mutable_ships(0)->set_actions(0, "Deep Scan");   // its parts pick nothing
  CHECK(refusal(p).starts_with("resolving.picks_left: part `effect` picks 2 or more cards"));
  p = repairs_second_pick();
  p.mutable_resolving()->mutable_nested()->set_source(source::REVEAL);
  p.mutable_resolving()->mutable_nested()->set_card("Scout Skiff");
  CHECK(refusal(p) == "resolving.picks_left, looked, put_back, chaotic: only the innermost choice (no `nested` under it) is partly made");
}

namespace {

// Seat 0 played Consult the Archives (look at the top 3, then draw 1): it looked at Jump,
// Lay Low and Deep Scan and put Lay Low back on top; Jump and Deep Scan are still to order.
trpb::Position archives_order() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].action_pile = {"Press Conference", "Plot a Course"};
  trpb::Position p = at_step(s, trpb::PLAY_STEP, {0, 1});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Consult the Archives");
  p.mutable_resolving()->add_looked("Jump");
  p.mutable_resolving()->add_looked("Deep Scan");
  p.mutable_resolving()->add_put_back("Lay Low");
  return p;
}

}  // namespace

TEST_CASE("Partial position: a look with a card put back already orders the rest, seen by the looker only") {
  tr::state posed = start(archives_order());
  REQUIRE(!posed.pending().empty());
  CHECK(posed.pending().back().kind == tr::task::look_order);
  CHECK(prompt_cards(posed, viewer::of_seat(0)) == std::vector<std::string>{"Jump", "Deep Scan"});
  CHECK(prompt_cards(posed, viewer::of_seat(1)).empty());
  CHECK(prompt_cards(posed, viewer::spectator()).empty());

  // By play: the look, PASS (put the rest back), Lay Low first.
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Consult the Archives"};
  s.seats[0].action_pile = {"Jump", "Lay Low", "Deep Scan", "Press Conference", "Plot a Course"};
  tr::state played = start(at_step(s, trpb::PLAY_STEP, {0, 1}));
  play(played, act(0, tr::kind::play, {in_hand(played, 0, "Consult the Archives"), 0, -1, 0}));
  play(played, act(0, tr::kind::pass));
  tr::copy_id lay_low = tr::no_card;
  for (int i = 0; i < played.pending().back().look_count; ++i)
    if (played.card_of(played.pending().back().looked[i]).name == "Lay Low") lay_low = played.pending().back().looked[i];
  play(played, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(lay_low))}));
  CHECK(prompt_cards(played, viewer::of_seat(0)) == prompt_cards(posed, viewer::of_seat(0)));
  CHECK(seen(posed, viewer::of_seat(1), false) == seen(played, viewer::of_seat(1), false));
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));

  // Deep Scan next, Jump under it; then the draw takes Lay Low.
  std::vector<action> legal;
  posed.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);
  for (const action& a : legal)
    if (posed.card_of(static_cast<tr::copy_id>(a.args[0] - 1)).name == "Deep Scan") play(posed, a);
  CHECK(posed.pending().empty());
  REQUIRE(posed.seat(0).hand.size == 1);
  CHECK(posed.card_of(posed.seat(0).hand.cards[0]).name == "Lay Low");
  CHECK(posed.card_of(posed.seat(0).action_pile.top()).name == "Deep Scan");
}

TEST_CASE("Partial position: a look partly made that could not be is refused with the field") {
  trpb::Position p = archives_order();
  p.mutable_resolving()->mutable_looked()->RemoveLast();   // one card left: it goes back by itself
  CHECK(refusal(p) == "resolving.put_back: two or more cards are still to order once some are put back (the last goes by itself)");
  p = archives_order();
  p.mutable_resolving()->add_looked("Jump");   // four cards from a look at three
  CHECK(refusal(p) == "resolving.looked: part `effect` looks at the top of the Action Pile; `looked` and `put_back` hold "
                      "at least one card and no more than it looks at");
  p = archives_order();
  p.mutable_resolving()->set_effect(1);   // the draw looks at nothing
  CHECK(refusal(p).starts_with("resolving.looked: part `effect` looks at the top of the Action Pile"));
  p = archives_order();
  p.mutable_resolving()->set_looked(0, "Sensor Ghost");
  CHECK(refusal(p) == "resolving.looked, put_back: the cards looked at are Action cards of the pool");
  p = archives_order();
  while (p.seats(0).action_pile_size() < 50) p.mutable_seats(0)->add_action_pile("Press Conference");
  CHECK(refusal(p).empty());   // 57 cards in the zones, 3 looked at: 60
  p.mutable_seats(0)->add_action_pile("Press Conference");
  CHECK(refusal(p) == "a seat's zones hold at most 60 cards");   // the looked-at cards count
  p = archives_order();
  p.mutable_resolving()->clear_put_back();   // a look not yet ordered: discard or put back
  tr::state g = start(p);
  CHECK(g.pending().back().kind == tr::task::look);
  CHECK(g.pending().back().look_count == 2);
}

namespace {

// Seat 0 in Dyson Shipyards Bustled: it looked at its top 3 Upgrades and adds one.
setup bustle_table() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Dyson Shipyards";
  s.seats[0].upgrade_pile = {"Scout Skiff", "Capacitor Bank", "Oracle Engine", "Long-Range Scanner"};
  return s;
}

trpb::Position bustle_looked() {
  setup s = bustle_table();
  s.seats[0].upgrade_pile = {"Long-Range Scanner"};
  trpb::Position p = at_step(s, trpb::START_STEP, {0, 1});
  p.mutable_resolving()->set_source(source::BUSTLE);
  for (const char* n : {"Scout Skiff", "Capacitor Bank", "Oracle Engine"}) p.mutable_resolving()->add_looked(n);
  return p;
}

}  // namespace

TEST_CASE("Partial position: the Upgrades a Bustle looked at wait for the one to add, hidden from the others") {
  tr::state posed = start(bustle_looked());
  REQUIRE(!posed.pending().empty());
  CHECK(posed.pending().back().kind == tr::task::bustle_pick);
  CHECK(prompt_cards(posed, viewer::of_seat(0)) == std::vector<std::string>{"Scout Skiff", "Capacitor Bank", "Oracle Engine"});
  CHECK(prompt_cards(posed, viewer::of_seat(1)).empty());
  CHECK(prompt_cards(posed, viewer::spectator()).empty());

  trpb::Position b = at_step(bustle_table(), trpb::START_STEP, {0, 1});
  b.mutable_resolving()->set_source(source::BUSTLE);
  tr::state played = start(b);
  play(played, act(0, tr::kind::bustle, {1}));
  CHECK(prompt_cards(played, viewer::of_seat(0)) == prompt_cards(posed, viewer::of_seat(0)));
  CHECK(seen(posed, viewer::of_seat(1), false) == seen(played, viewer::of_seat(1), false));
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));

  std::vector<action> legal;
  posed.legal_actions(0, legal);
  REQUIRE(legal.size() == 3);
  play(posed, legal[0]);
  CHECK(posed.seat(0).ships[0].module_count == 2);
  CHECK(posed.seat(0).upgrades.size == 3);
  CHECK(posed.current_step() != step::regroup);   // a Bustle skips Regroup, Play and Aftermath

  trpb::Position p = bustle_looked();
  p.mutable_resolving()->mutable_looked()->RemoveLast();   // two looked at, yet one is left in the Pile
  CHECK(refusal(p) == "resolving.looked: a Bustle looks at the top 3 Upgrades (2 when the Pile held only 2: none left in "
                      "it), with Reputation 0 or more; nothing else is partly made");
  p = bustle_looked();
  p.mutable_seats(0)->set_reputation(-1);   // below 0 the top Upgrade is added unseen
  CHECK(refusal(p).starts_with("resolving.looked: a Bustle looks at the top 3 Upgrades"));
  p = bustle_looked();
  p.mutable_seats(0)->set_starting_system("Sol Relay Station");   // not Bustling
  CHECK(refusal(p) == "resolving.looked: the active seat's primary Ship cannot Bustle now (Crewed, a Bustling System, room)");
  p = bustle_looked();
  p.mutable_resolving()->set_source(source::DETACH);
  CHECK(refusal(p).starts_with("resolving.picks_left, looked, put_back, chaotic: only an ability's part"));
}

namespace {

// Seat 0 (the Initiative holder) played Ride the Current from Proximity 2: the Discovery at
// Proximity 3 placed Shattered Lanes (Chaotic); seat 0 kept its top Complication, seat 1
// decides now.
trpb::Position chaotic_offer() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].proximity = 3;
  s.seats[0].complication_pile = {"Bad Press"};
  s.seats[1].complication_pile = {"Sensor Ghost", "Data Leak"};
  s.chart = {{3, "Shattered Lanes"}};
  trpb::Position p = at_step(s, trpb::PLAY_STEP, {0, 1});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Ride the Current");
  p.mutable_resolving()->set_effect(1);   // its only part is done
  p.mutable_resolving()->add_chaotic(1);
  return p;
}

}  // namespace

TEST_CASE("Partial position: a Chaotic System's offers at a Discovery, the top Complication seen by its owner only") {
  tr::state g = start(chaotic_offer());
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::chaotic);
  CHECK(g.must_act() == seat_bit(1));
  CHECK(prompt_cards(g, viewer::of_seat(1)) == std::vector<std::string>{"Sensor Ghost"});
  CHECK(prompt_cards(g, viewer::of_seat(0)).empty());
  CHECK(prompt_cards(g, viewer::spectator()).empty());
  play(g, act(1, tr::kind::choose, {1}));
  CHECK(g.card_of(g.seat(1).complications.top()).name == "Data Leak");
  CHECK(g.pending().empty());
  CHECK(g.active_seat() == 1);   // Ride the Current is over, and seat 0's Turn with it

  // By play: the same Discovery, seat 0 keeps its Complication.
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].proximity = 2;
  s.seats[0].certainty = 2;
  s.seats[0].hand = {"Ride the Current"};
  s.seats[0].system_pile = {"Shattered Lanes"};
  s.seats[1].system_pile = {};
  s.seats[0].complication_pile = {"Bad Press"};
  s.seats[1].complication_pile = {"Sensor Ghost", "Data Leak"};
  s.chart = {{2, "Quiet Expanse"}};
  tr::state played = start(at_step(s, trpb::PLAY_STEP, {0, 1}));
  play(played, act(0, tr::kind::play, {in_hand(played, 0, "Ride the Current"), 0, -1, 0}));
  REQUIRE(played.must_act() == seat_bit(0));
  play(played, act(0, tr::kind::pass));
  tr::state posed = start(chaotic_offer());
  CHECK(played.pending().size() == posed.pending().size());
  // The same offer either way: it holds no card of its own, the top Complication is read
  // when the seat decides (an earlier offer's choice may have moved it meanwhile).
  CHECK(played.pending().back() == posed.pending().back());
  CHECK(played.must_act() == posed.must_act());
  CHECK(prompt_cards(played, viewer::of_seat(1)) == prompt_cards(posed, viewer::of_seat(1)));
}

TEST_CASE("Partial position: impossible Chaotic offers are refused with the field") {
  trpb::Position p = chaotic_offer();
  p.mutable_resolving()->set_chaotic(0, 0);
  p.mutable_resolving()->add_chaotic(0);   // a seat twice
  CHECK(refusal(p) == "resolving.chaotic: seats still in, each once, each with a Complication Pile to look at");
  p = chaotic_offer();
  p.mutable_resolving()->set_chaotic(0, 0);
  p.mutable_resolving()->add_chaotic(1);
  p.set_initiative(1);   // from seat 1: seat 1 decides before seat 0
  CHECK(refusal(p) == "resolving.chaotic: the seats decide in Initiative order, from its holder");
  p = chaotic_offer();
  p.mutable_star_chart(0)->set_system("Whispering Pulsar");
  CHECK(refusal(p) == "resolving.chaotic: no face-up Chaotic System on the Star Chart");
  p = chaotic_offer();
  p.mutable_seats(0)->mutable_ships(0)->set_actions(0, "Press Conference");   // its part moves nothing
  CHECK(refusal(p) == "resolving.chaotic: the part before `effect` makes a Discovery (it moves a Ship or replaces a System; a "
                      "Backslide's Discovery is source BACKSLIDE)");
  p = chaotic_offer();
  p.mutable_seats(1)->clear_complication_pile();
  CHECK(refusal(p) == "resolving.chaotic: seats still in, each once, each with a Complication Pile to look at");
}

TEST_CASE("Partial position: random edits of choices partly made are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), repairs_second_pick(), 60, 21) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), archives_order(), 60, 22) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), bustle_looked(), 60, 23) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), chaotic_offer(), 60, 24) > 0);
}

namespace {

// Three seats, seat 0's Play Step is over (the window at its end, nothing on it): it played
// Read Their Charts on seat 1 and saw Jump and Sensor Ghost; seat 1 drew Lay Low since.
setup peek_table() {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].certainty = 1;
  s.seats[0].intel = {0, 1, 0};
  s.seats[1].hand = {"Jump", "Sensor Ghost", "Lay Low"};
  return s;
}

trpb::Position peek_in_force() {
  trpb::Position p = at_step(peek_table(), trpb::AFTERMATH_STEP, {0, 1, 2});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Read Their Charts");
  p.mutable_seats(0)->mutable_ships(0)->set_action_targets(true);   // at seat 1's Ship
  p.mutable_seats(0)->mutable_ships(0)->set_action_target_seat(1);
  p.mutable_window();
  trpb::PeekPosition* pk = p.mutable_seats(0)->add_peeked();
  pk->set_seat(1);
  pk->add_cards("Jump");
  pk->add_cards("Sensor Ghost");
  pk->set_made_this_turn(true);   // in seat 0's own Turn, under way
  return p;
}

// The names of seat `s`'s Hand as `who` sees it (cards it may not identify are not listed).
std::vector<std::string> hand_seen(const tr::state& g, viewer who, int s) {
  trpb::View v;
  g.view(who, v);
  std::vector<std::string> out;
  for (const trpb::Card& c : v.seats(s).hand())
    if (c.known()) out.emplace_back(tr::card(static_cast<tr::card_id>(c.index())).name);
  return out;
}

}  // namespace

TEST_CASE("Partial position: a peek at another seat's Hand still in force shows to the peeker only") {
  tr::state g = start(peek_in_force());
  CHECK(hand_seen(g, viewer::of_seat(0), 1) == std::vector<std::string>{"Jump", "Sensor Ghost"});
  CHECK(hand_seen(g, viewer::of_seat(2), 1).empty());
  CHECK(hand_seen(g, viewer::spectator(), 1).empty());
  CHECK(hand_seen(g, viewer::of_seat(1), 1).size() == 3);
  trpb::View v2;
  g.view(viewer::of_seat(2), v2);
  CHECK(v2.seats(1).hand_count() == 3);

  // By play: Read Their Charts on seat 1 before it drew Lay Low (the draw comes after).
  setup s = peek_table();
  s.seats[0].hand = {"Read Their Charts"};
  s.seats[0].certainty = 0;
  s.seats[1].hand = {"Jump", "Sensor Ghost"};
  tr::state played = start(at_step(s, trpb::PLAY_STEP, {0, 1, 2}));
  play(played, act(0, tr::kind::play, {in_hand(played, 0, "Read Their Charts"), 0, 1, 0}));
  trpb::Position p = peek_in_force();
  p.mutable_seats(1)->mutable_hand()->RemoveLast();
  tr::state posed = start(p);
  // Without copy numbers: the card played has a fresh id, which a posed state cannot know.
  for (int w = 0; w < 3; ++w) CHECK(seen(posed, viewer::of_seat(w), false) == seen(played, viewer::of_seat(w), false));
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));

  // Made in seat 0's own Turn, it lasts until the end of seat 0's next Turn.
  run_until(g, [&] { return g.active_seat() != 0; });
  CHECK(hand_seen(g, viewer::of_seat(0), 1) == std::vector<std::string>{"Jump", "Sensor Ghost"});
  run_until(g, [&] { return g.active_seat() == 0; });
  run_until(g, [&] { return g.active_seat() != 0; });
  CHECK(hand_seen(g, viewer::of_seat(0), 1).empty());

  // One made before this Turn (in another seat's) ends with this one.
  p = peek_in_force();
  p.mutable_seats(0)->mutable_peeked(0)->set_made_this_turn(false);
  tr::state earlier = start(p);
  run_until(earlier, [&] { return earlier.active_seat() != 0; });
  CHECK(hand_seen(earlier, viewer::of_seat(0), 1).empty());
}

TEST_CASE("Partial position: a peek that could not be in force is refused with the field") {
  trpb::Position p = peek_in_force();
  p.mutable_seats(0)->mutable_peeked(0)->add_cards("Jump");   // one Jump in that Hand
  CHECK(refusal(p) == "peeked.cards: each card seen is a card of that seat's Hand (once per copy)");
  p = peek_in_force();
  p.mutable_seats(0)->mutable_peeked(0)->set_seat(0);
  CHECK(refusal(p) == "peeked.seat: another seat still in the game, once, by a seat still in it");
  p = peek_in_force();
  p.mutable_seats(0)->mutable_peeked(0)->clear_cards();
  CHECK(refusal(p) == "peeked.cards: a peek lists the cards it saw");
  p = peek_in_force();
  trpb::PeekPosition* other = p.mutable_seats(2)->add_peeked();   // seat 2's Turn is not under way
  other->set_seat(1);
  other->add_cards("Lay Low");
  other->set_made_this_turn(true);
  CHECK(refusal(p) == "peeked.made_this_turn: a peek made in the peeker's own Turn, now under way");
  p = peek_in_force();
  p.mutable_seats(1)->set_out(true);
  p.clear_turn_order();
  p.add_turn_order(0);
  p.add_turn_order(2);
  p.mutable_seats(0)->mutable_ships(0)->set_action_target_seat(2);
  CHECK(refusal(p) == "peeked.seat: another seat still in the game, once, by a seat still in it");
  p = peek_in_force();
  p.mutable_seats(0)->mutable_ships(0)->set_action_target_seat(0);   // its own Ship
  CHECK(refusal(p) == "ships.action_targets: the last Action in play aims at an opponent Ship, a Ship of another seat "
                      "still in the game (while it resolves, state it in `resolving`)");
  p = peek_in_force();
  p.mutable_seats(0)->mutable_ships(0)->set_actions(0, "Press Conference");   // aims at nobody
  CHECK(refusal(p).starts_with("ships.action_targets: the last Action in play aims at an opponent Ship"));
}

TEST_CASE("Partial position: random edits of a peek in force are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 3, trpb::Options(), peek_in_force(), 60, 25) > 0);
}

namespace {

// Seat 0's Start Step: Oracle Engine's Farsight 3 looked at Jump, Lay Low and Deep Scan; Lay
// Low is back on top, Jump and Deep Scan still to order.
trpb::Position farsight_order() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Oracle Engine"});
  trpb::Position p = at_step(s, trpb::START_STEP, {0, 1});
  p.mutable_resolving()->set_source(source::STEP);
  p.mutable_resolving()->set_card("Oracle Engine");
  p.mutable_resolving()->add_looked("Jump");
  p.mutable_resolving()->add_looked("Deep Scan");
  p.mutable_resolving()->add_put_back("Lay Low");
  return p;
}

}  // namespace

TEST_CASE("Partial position: the Start Step's Farsight look with a card put back, as play leaves it") {
  tr::state posed = start(farsight_order());
  REQUIRE(!posed.pending().empty());
  CHECK(posed.pending().back().kind == tr::task::look_order);
  CHECK(prompt_cards(posed, viewer::of_seat(0)) == std::vector<std::string>{"Jump", "Deep Scan"});
  CHECK(prompt_cards(posed, viewer::of_seat(1)).empty());

  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Oracle Engine"});
  s.seats[0].action_pile = {"Jump", "Lay Low", "Deep Scan", "Press Conference", "Press Conference", "Press Conference",
                            "Press Conference", "Press Conference", "Press Conference"};
  tr::state played = start(at_step(s, trpb::START_STEP, {0, 1}));
  REQUIRE(played.pending().back().kind == tr::task::look);
  play(played, act(0, tr::kind::pass));
  tr::copy_id lay_low = tr::no_card;
  for (int i = 0; i < played.pending().back().look_count; ++i)
    if (played.card_of(played.pending().back().looked[i]).name == "Lay Low") lay_low = played.pending().back().looked[i];
  play(played, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(lay_low))}));
  CHECK(prompt_cards(played, viewer::of_seat(0)) == prompt_cards(posed, viewer::of_seat(0)));
  CHECK(seen(posed, viewer::of_seat(1), false) == seen(played, viewer::of_seat(1), false));
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));
  std::vector<action> legal;
  posed.legal_actions(0, legal);
  play(posed, legal[0]);
  CHECK(posed.current_step() == step::play);   // the Start Step goes on: Regroup drew Lay Low
  CHECK(posed.card_of(posed.seat(0).hand.cards[0]).name == "Lay Low");

  trpb::Position p = farsight_order();
  p.mutable_seats(0)->mutable_ships(0)->mutable_modules(1)->set_name("Long-Range Scanner");
  p.mutable_resolving()->set_card("Long-Range Scanner");   // Farsight 2: three cards are too many
  CHECK(refusal(p) == "resolving.looked: a Farsight look holds at least one card and no more than its Farsight X");
  p = farsight_order();
  p.mutable_seats(0)->mutable_ships(0)->mutable_modules(1)->set_face_down(true);
  CHECK(refusal(p) == "resolving.card: a Farsight look is the largest face-up Farsight card of the active seat's Ship `ship`");
  p = farsight_order();
  trpb::ShipPosition* runabout = p.mutable_seats(0)->add_ships();
  runabout->set_runabout("Scout Skiff");
  runabout->add_modules()->set_name("Scout Skiff");
  runabout->add_crew()->set_name("Sulphur Monk");   // Farsight 1: its look waits under Ship 0's
  CHECK(refusal(p) == "resolving.waiting_looks: each later Ship of the active seat with a face-up Farsight card has its "
                      "look waiting under this one, in Ship order (and no other Ship)");
}

TEST_CASE("Partial position: random edits of a Farsight look partly made are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), farsight_order(), 60, 26) > 0);
}

namespace {

// Three seats, seat 1 holds the Initiative: seat 1 chose Shattered Lanes (Chaotic), seat 2
// Acid Giant Vorr (Chaotic), seat 0 Prism Rift (Chaotic; when revealed every Ship gains 1
// Certainty). `chosen`: seat 0 chose too (they are shown), else it chooses now.
setup opening_table(bool chosen) {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.initiative = 1;
  s.seats[0].starting_system = chosen ? "Prism Rift" : "";
  s.seats[0].system_pile = chosen ? std::vector<std::string>{"Quiet Expanse", "Cinder Belt"}
                                  : std::vector<std::string>{"Prism Rift", "Cinder Belt", "Quiet Expanse"};
  s.seats[1].starting_system = "Shattered Lanes";
  s.seats[2].starting_system = "Acid Giant Vorr";
  s.seats[0].complication_pile = {"Bad Press", "Lucky Break"};
  s.seats[1].complication_pile = {"Sensor Ghost", "Data Leak"};
  s.seats[2].complication_pile = {"Lucky Break", "Bad Press"};
  return s;
}

// The Starting Systems' reveal: `open`'s Chaotic offers, these seats still to decide.
trpb::Position opening_offer(const setup& s, unsigned open, std::initializer_list<unsigned> deciding) {
  trpb::Position p = at_step(s, trpb::STARTING_SYSTEM);
  p.set_active_seat(open);
  p.mutable_resolving()->set_source(source::OPENING);
  for (unsigned d : deciding) p.mutable_resolving()->add_chaotic(d);
  return p;
}

}  // namespace

TEST_CASE("Partial position: the Starting Systems' reveal at the Opening, its Chaotic offers open, as play leaves them") {
  tr::state played = start(at_step(opening_table(false), trpb::STARTING_SYSTEM));
  const tr::player& me = played.seat(0);
  const auto wire = [&](int from_top) {
    return static_cast<std::int32_t>(tr::wire_id(me.systems.cards[me.systems.size - 1 - from_top]));
  };
  play(played, act(0, tr::kind::start_system, {wire(0), wire(1)}));   // Prism Rift; Cinder Belt to the very bottom
  // Shattered Lanes' offers first (seat 1, 2, 0), Acid Giant Vorr's right under them.
  REQUIRE(played.must_act() == seat_bit(1));
  setup s = opening_table(true);
  {
    tr::state posed = start(opening_offer(s, 1, {1, 2, 0}));
    same_start(posed, played);
    only_seat_sees(posed, 1, {"Sensor Ghost"});
  }
  play(played, act(1, tr::kind::choose, {1}));   // Sensor Ghost to the bottom
  s.seats[1].complication_pile = {"Data Leak", "Sensor Ghost"};
  same_start(start(opening_offer(s, 1, {2, 0})), played);
  play(played, act(2, tr::kind::pass));
  play(played, act(0, tr::kind::pass));
  // Acid Giant Vorr's offers; Prism Rift's ability and offers wait under them.
  REQUIRE(played.must_act() == seat_bit(1));
  same_start(start(opening_offer(s, 2, {1, 2, 0})), played);
  play(played, act(1, tr::kind::pass));
  play(played, act(2, tr::kind::choose, {1}));   // Lucky Break to the bottom
  s.seats[2].complication_pile = {"Bad Press", "Lucky Break"};
  same_start(start(opening_offer(s, 2, {0})), played);
  play(played, act(0, tr::kind::pass));
  // Prism Rift: every Ship gained 1 Certainty, its offers are open.
  REQUIRE(played.must_act() == seat_bit(1));
  for (auto& seat : s.seats) seat.certainty = 1;
  tr::state posed = start(opening_offer(s, 0, {1, 2, 0}));
  same_start(posed, played);
  // Both go on the same way: the offers, then the Opening's hands.
  for (tr::state* g : {&posed, &played}) {
    play(*g, act(1, tr::kind::pass));
    play(*g, act(2, tr::kind::pass));
    play(*g, act(0, tr::kind::choose, {1}));
    CHECK(g->current_step() == step::mulligan);
    CHECK(g->card_of(g->seat(0).complications.top()).name == "Lucky Break");
  }
  same_table(posed, played);
}

TEST_CASE("Partial position: impossible offers of the Opening's reveal are refused with the field") {
  const setup s = opening_table(true);
  CHECK(refusal(opening_offer(s, 1, {1, 2, 0})) == "");
  CHECK(refusal(opening_offer(s, 1, {})) == "resolving.chaotic: OPENING states the seats still to decide its offers");
  CHECK(refusal(opening_offer(s, 1, {2, 1})) == "resolving.chaotic: the seats decide in Initiative order, from its holder");
  {
    setup plain = s;
    plain.seats[1].starting_system = "Sol Relay Station";
    CHECK(refusal(opening_offer(plain, 1, {1, 2, 0})) ==
          "resolving: OPENING reveals the Chaotic Starting System of `active_seat`, a seat still in");
    setup choosing = s;
    choosing.seats[0].starting_system = {};
    CHECK(refusal(opening_offer(choosing, 1, {1, 2, 0})) ==
          "resolving: OPENING comes once every seat still in has its Starting System");
  }
  trpb::Position p = opening_offer(s, 1, {1, 2, 0});
  p.set_step(trpb::MULLIGAN_STEP);
  CHECK(refusal(p) == "resolving: OPENING is the Starting Systems' reveal, at STARTING_SYSTEM");
  p = opening_offer(s, 1, {1, 2, 0});
  p.mutable_resolving()->set_picks_left(1);
  CHECK(refusal(p) == "resolving.picks_left, looked, put_back: the Opening's reveal leaves only the Chaotic offers (`chaotic`)");
  p = opening_offer(s, 1, {1, 2, 0});
  p.mutable_resolving()->set_effect(1);
  CHECK(refusal(p) == "resolving.effect: WEAPON, DETACH, BUSTLE, REATTACH, DISCARD and BACKSLIDE have no parts");
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 3, trpb::Options(), opening_offer(s, 2, {2, 0}), 60, 25) > 0);
}

TEST_CASE("Terminus hidden information: which copy of a card left a Hand is not told by its id") {
  // Two Repairs in the Hand (the others may have seen one go back into the Action Pile with a
  // reshuffled discard): whichever is played, the others see the same table. Before (rules
  // version 4) a copy kept its id, so it told whether the Hand still held the other.
  setup s = repairs_table(false);
  s.seats[0].hand = {"Repairs", "Repairs"};
  const tr::state g = start(at_step(s, trpb::PLAY_STEP, {0, 1}));
  std::vector<std::int32_t> ids;
  for (tr::copy_id c : g.seat(0).hand.items()) ids.push_back(g.wire(c));
  REQUIRE(ids.size() == 2);
  tr::state first = g, second = g;
  play(first, act(0, tr::kind::play, {ids[0], 0, -1, 0}));
  play(second, act(0, tr::kind::play, {ids[1], 0, -1, 0}));
  CHECK(seen(first, viewer::of_seat(1)) == seen(second, viewer::of_seat(1)));
  CHECK(seen(first, viewer::spectator()) == seen(second, viewer::spectator()));
  CHECK(first.from_wire(ids[0]) == tr::no_card);   // its old id names nothing now
  CHECK(in_hand(first, 0, "Repairs") == ids[1]);   // the one still in the Hand keeps its id
}
