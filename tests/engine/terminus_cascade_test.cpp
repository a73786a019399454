// Race to the Terminus rule scenarios: the Complication Cascade, response windows, Destiny,
// Weapon, Ambush and Exhaust, and the Specific Rulings about negating and burning.
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using starport::engine::viewer;
using tr::step;

TEST_CASE("Response windows: the end of a Play Step asks, in Initiative order, every seat holding a Complication") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Lucky Break"};
  s.seats[2].hand = {"Bad Press"};
  s.initiative = 2;
  tr::state g = after_seat0_plays(s);
  REQUIRE(g.open_window() == tr::window::step_end);
  CHECK(g.asked() == (seat_bit(1) | seat_bit(2)));   // seat 0 holds none: not asked
  CHECK(g.priority() == 2);                          // Initiative order from seat 2
  CHECK(g.must_act() == seat_bit(2));
  play(g, act(2, tr::kind::pass));
  CHECK(g.priority() == 1);
  // The view names who is asked and who answers now.
  trpb::View v;
  g.view(viewer::of_seat(0), v);
  CHECK(v.asked_size() == 2);
  CHECK(v.priority() == 1);
  play(g, act(1, tr::kind::pass));
  CHECK(g.open_window() == tr::window::none);
  CHECK(g.active_seat() == 1);
}

TEST_CASE("Response windows: who is asked follows public counts, not whether a Complication is playable") {
  // Seat 1's only Complication is a Destiny, unplayable outside the Destiny Step: it is asked all the same.
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Manifest Destiny"};
  tr::state g = after_seat0_plays(s);
  CHECK(g.asked() == seat_bit(1));
  std::vector<action> legal;
  g.legal_actions(1, legal);
  REQUIRE(legal.size() == 1);
  CHECK(legal[0].kind == static_cast<std::uint16_t>(tr::kind::pass));
  // A timeout passes.
  CHECK(g.timeout_action(1).kind == static_cast<std::uint16_t>(tr::kind::pass));
}

TEST_CASE("Response windows: a face-down card everyone knows asks its owner only if it is an Ambush card") {
  // Exhausted Emergency Thrusters, seen face up by everyone: it cannot answer anything.
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships[0].modules = {{hull}, {"Emergency Thrusters", true, 0, true}};
  tr::state g = after_seat0_plays(s);
  CHECK(g.asked() == 0);
  CHECK(g.open_window() == tr::window::none);
  // A known Ambush card face down (Stealth Plating, Disabled after its Ambush) may Ambush again.
  setup a{{crewed_seat_drawing(), crewed_seat_drawing()}};
  a.seats[1].ships[0].modules = {{hull}, {"Stealth Plating", true, 0, true}};
  tr::state h = after_seat0_plays(a);
  CHECK(h.asked() == seat_bit(1));
  // A face-down card nobody has seen asks, whatever it is (a Disabled Module looks the same).
  setup u{{crewed_seat_drawing(), crewed_seat_drawing()}};
  u.seats[1].ships[0].modules = {{hull}, {"Emergency Thrusters", true}};
  tr::state k = after_seat0_plays(u);
  CHECK(k.asked() == seat_bit(1));
}

TEST_CASE("Complication Cascade: last in, first out, a negated Complication still makes the others draw (Ruling 9a)") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].hand = {"Jammed Signal"};
  s.seats[1].hand = {"Navigation Error"};
  s.seats[0].ships[0].proximity = 3;
  s.chart = {{3, "Quiet Expanse"}};
  tr::state g = after_seat0_plays(s);
  REQUIRE(g.priority() == 0);
  play(g, act(0, tr::kind::pass));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Navigation Error"), 0, 0, 0}));
  // Everyone is asked again, in Initiative order.
  REQUIRE(g.priority() == 0);
  CHECK(g.cascade().size() == 1);
  const int c0 = g.seat(0).complications.size, c1 = g.seat(1).complications.size;
  {
    // On the Cascade: Navigation Error aimed at seat 0's Ship; every card face up.
    trpb::View v;
    g.view(viewer::of_seat(0), v);
    REQUIRE(v.cascade_size() == 1);
    CHECK(v.cascade(0).targets());
    CHECK(v.cascade(0).target_seat() == 0);
    CHECK(v.cascade(0).card().face_up());
  }
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Jammed Signal"), 0, -1, 0}));
  // Nobody holds a Complication any more: nobody is asked and the Cascade resolves at once.
  pass_windows(g);
  // Jammed Signal resolved first and negated Navigation Error.
  CHECK(g.seat(0).ships[0].proximity == 3);
  CHECK(g.cascade().empty());
  // Each Complication made the other player draw: seat 1 for Jammed Signal, seat 0 for the negated one.
  CHECK(g.seat(1).complications.size == c1 - 1);
  CHECK(g.seat(0).complications.size == c0 - 1);
  int dead = 0;
  for (tr::copy_id c : g.dead_space()) dead += g.card_of(c).type == tr::card_type::complication;
  CHECK(dead == 2);
}

TEST_CASE("Complication: after it resolves every other player draws one, unless it silences them") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Bad Press", "Quiet Sabotage"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0}));
  const int c0 = g.seat(0).complications.size, c1 = g.seat(1).complications.size,
            c2 = g.seat(2).complications.size;
  pass_windows(g);
  CHECK(g.seat(0).reputation == 2 - 2);   // Press Conference +2, Bad Press -2
  CHECK(g.seat(0).complications.size == c0 - 1);
  CHECK(g.seat(2).complications.size == c2 - 1);
  CHECK(g.seat(1).complications.size == c1);   // not the owner
}

TEST_CASE("Quiet Sabotage (silence): nobody draws for it") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Quiet Sabotage"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Quiet Sabotage"), 0, 0, 0}));
  const int c0 = g.seat(0).complications.size;
  pass_windows(g);
  CHECK(g.seat(0).complications.size == c0);
  CHECK_FALSE(g.seat(0).ships[0].modules[0].face_up);
}

TEST_CASE("Destiny: only in the Destiny Step, it stays beside the Ship and its owner plays no more Complications") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.step = trpb::DESTINY_STEP;
  s.seats[0].hand = {"Manifest Destiny", "Lucky Break"};
  tr::state g = table(s);
  REQUIRE(g.open_window() == tr::window::destiny);
  REQUIRE(g.priority() == 0);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Manifest Destiny"), 0, -1, 0}));
  CHECK(g.seat(0).destiny_locked);
  pass_windows(g);
  CHECK(g.seat(0).destiny.size == 1);
  CHECK(g.seat(0).reputation == 2);
  // The Destiny Step reopened after something resolved; the locked seat is no longer asked
  // for its Complications (it has no face-down card either).
  CHECK(g.open_window() == tr::window::none);
  // Its start-of-Turn effect works every Turn: +1 Certainty at seat 0's Start Step.
  CHECK(g.active_seat() == 0);
  CHECK(g.seat(0).certainty == 1);
}

TEST_CASE("Maintenance Inspection: the target shuffles every Complication of its hand into its Complication Pile") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].hand = {"Lucky Break", "Bad Press"};
  s.seats[1].hand = {"Maintenance Inspection"};
  tr::state g = after_seat0_plays(s);
  play(g, act(0, tr::kind::pass));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Maintenance Inspection"), 0, 0, 0}));
  pass_windows(g);
  CHECK(g.hand_complications(0) == 1);   // 2 shuffled in, then 1 drawn for the resolution
}

TEST_CASE("Weapon: a Ship targeted by another player's Complication may disable one of that player's Modules in range") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].ships[0].modules = {{"Point-Defence Lasers"}, {hull}};
  s.seats[1].hand = {"Bad Press"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0}));
  REQUIRE(g.pending().size() == 1);
  CHECK(g.pending().back().kind == tr::task::weapon);
  CHECK(g.must_act() == seat_bit(0));
  const auto target = static_cast<std::int32_t>(tr::wire_id(g.seat(1).ships[0].modules[0].card));
  play(g, act(0, tr::kind::choose, {target}));
  CHECK_FALSE(g.seat(1).ships[0].modules[0].face_up);
}

TEST_CASE("Weapon and detached Runabouts: the disable may aim at any of the attacker's Ships within range") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].ships[0].modules = {{"Point-Defence Lasers"}, {hull}};
  s.seats[0].ships[0].proximity = 2;
  // Seat 1: the primary Ship at 0, a detached Runabout at 2 (the defender's Proximity).
  s.seats[1].ships.push_back(ship_setup{{{"Scout Skiff"}}, {{"Rock Eater"}}, 2, "Scout Skiff"});
  s.seats[1].hand = {"Bad Press"};
  s.chart = {{1, "Quiet Expanse"}, {2, "Whispering Pulsar"}};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0}));
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::weapon);
  const auto skiff = static_cast<std::int32_t>(tr::wire_id(g.seat(1).ships[1].modules[0].card));
  const auto far_module = static_cast<std::int32_t>(tr::wire_id(g.seat(1).ships[0].modules[0].card));
  CHECK(has_legal(g, act(0, tr::kind::choose, {skiff})));
  CHECK_FALSE(has_legal(g, act(0, tr::kind::choose, {far_module})));   // 2 away: out of range of 1 Weapon
  play(g, act(0, tr::kind::choose, {skiff}));
  CHECK_FALSE(g.seat(1).ships[1].modules[0].face_up);
  CHECK(g.seat(1).ships[0].modules[0].face_up);
}

TEST_CASE("A Complication is played for a Ship its player chooses: a detached Runabout is your Ship for it, where that matters") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships.push_back(ship_setup{{{"Scout Skiff"}}, {{"Rock Eater"}}, 3, "Scout Skiff"});
  s.seats[1].hand = {"Favourable Winds", "Lucky Break", "Sensor Ghost", "Salvage Claim"};
  s.seats[0].hand = {"Lucky Break"};   // keeps a window open on the Cascade, to look at it
  s.chart = {{3, "Quiet Expanse"}, {4, "Whispering Pulsar"}};
  tr::state g = after_seat0_plays(s);
  play(g, act(0, tr::kind::pass));   // Initiative order: seat 0 first
  REQUIRE(g.priority() == 1);
  const std::int32_t winds = in_hand(g, 1, "Favourable Winds");
  CHECK(has_legal(g, act(1, tr::kind::play, {winds, 0, -1, 0})));   // the primary Ship, the default
  CHECK(has_legal(g, act(1, tr::kind::play, {winds, 1, -1, 0})));
  CHECK_FALSE(has_legal(g, act(1, tr::kind::play, {winds, 2, -1, 0})));   // no such Ship out
  // Offered for the Runabout only where that changes what the card does: Certainty counts for
  // the Ship's Research; an opponent's loss, or a Module (always the primary Ship's), does not.
  const std::int32_t lucky = in_hand(g, 1, "Lucky Break"), ghost = in_hand(g, 1, "Sensor Ghost"),
                     salvage = in_hand(g, 1, "Salvage Claim");
  CHECK(has_legal(g, act(1, tr::kind::play, {lucky, 1, -1, 0})));
  CHECK(has_legal(g, act(1, tr::kind::play, {ghost, 0, 0, 0})));
  CHECK_FALSE(has_legal(g, act(1, tr::kind::play, {ghost, 1, 0, 0})));
  CHECK(has_legal(g, act(1, tr::kind::play, {salvage, 0, -1, 0})));
  CHECK_FALSE(has_legal(g, act(1, tr::kind::play, {salvage, 1, -1, 0})));
  play(g, act(1, tr::kind::play, {winds, 1, -1, 0}));
  trpb::View v;
  g.view(viewer::of_seat(0), v);
  REQUIRE(v.cascade_size() == 1);
  CHECK(v.cascade(0).ship() == 1);
  pass_windows(g);
  CHECK(g.seat(1).ships[1].proximity == 4);
  CHECK(g.seat(1).ships[0].proximity == 0);
  // The log names the Runabout: its Proximity is not the Ship's.
  const std::string said = filled(g.describe_effects());
  CAPTURE(said);
  CHECK(said.find("{seat:1}'s Runabout 1 is at Proximity 4.") != std::string::npos);
}

TEST_CASE("Ambush: a face-down card flips face up at any time a window asks its owner, its ability on the Cascade") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships[0].crew = {{hand_crew}, {"Stowaway", true}};
  tr::state g = after_seat0_plays(s);
  // Asked because of the face-down card (public), although it holds no Complication.
  REQUIRE(g.asked() == seat_bit(1));
  trpb::View v;
  g.view(viewer::of_seat(0), v);
  CHECK_FALSE(v.seats(1).ships(0).crew(1).known());   // nobody else knows what it is
  const int hand = g.seat(1).hand.size;
  const auto stowaway = static_cast<std::int32_t>(tr::wire_id(g.seat(1).ships[0].crew[1].card));
  play(g, act(1, tr::kind::activate, {stowaway, -1, 0}));
  CHECK(g.seat(1).ships[0].crew[1].face_up);
  pass_windows(g);
  CHECK(g.seat(1).hand.size >= hand + 2);   // draws 2 Actions (and its Regroup draw after)
}

TEST_CASE("Exhaust: a face-up card flips face down to use its ability") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships[0].modules = {{hull}, {"Emergency Thrusters"}};
  tr::state g = after_seat0_plays(s);
  REQUIRE(g.asked() == seat_bit(1));
  const auto thrusters = static_cast<std::int32_t>(tr::wire_id(g.seat(1).ships[0].modules[1].card));
  play(g, act(1, tr::kind::activate, {thrusters, -1, 0}));
  CHECK_FALSE(g.seat(1).ships[0].modules[1].face_up);
  CHECK(filled(g.describe_effects()).find("Emergency Thrusters of {seat:1} turns face down.") != std::string::npos);
  // Everyone saw it face up: face down it is still known (Ruling 4), not an anonymous back.
  trpb::View v;
  g.view(viewer::of_seat(0), v);
  CHECK(v.seats(1).ships(0).modules(1).known());
  CHECK_FALSE(v.seats(1).ships(0).modules(1).face_up());
  CHECK(tr::card(static_cast<tr::card_id>(v.seats(1).ships(0).modules(1).index())).name == "Emergency Thrusters");
  pass_windows(g);
  CHECK(g.seat(1).ships[0].proximity == 1);
}

TEST_CASE("Exhaust on a System: a face-up Exhaust System a Ship is in flips face down for its effect, on the Cascade") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  // Seat 1's Ship is in the Exhaust System (at Proximity 1 of the Star Chart); seat 0's is not.
  s.seats[1].ships[0].proximity = 1;
  s.chart = {{1, "Slingshot Star"}};
  s.seats[0].hand = {"Lucky Break"};   // keeps the window open on the Cascade, to look at it
  tr::state g = after_seat0_plays(s);
  // Seat 1 is asked because of the face-up Exhaust System its Ship is in (public), with no
  // Complication; seat 0 for its Complication.
  REQUIRE(g.open_window() == tr::window::step_end);
  CHECK(g.asked() == (seat_bit(0) | seat_bit(1)));
  play(g, act(0, tr::kind::pass));
  const tr::copy_id star = g.chart(1);
  REQUIRE(g.card_of(star).name == "Slingshot Star");
  const auto id = static_cast<std::int32_t>(tr::wire_id(star));
  play(g, act(1, tr::kind::activate, {id, -1, 0}));
  CHECK(g.system_down(star));
  CHECK(filled(g.describe_effects()).find("Slingshot Star turns face down on the Star Chart.") != std::string::npos);
  REQUIRE(g.cascade().size() == 1);
  CHECK(g.cascade()[0].ability);
  trpb::View v;
  g.view(viewer::of_seat(0), v);
  CHECK_FALSE(v.star_chart(0).system().face_up());
  // On the Cascade the System is shown as everyone saw it used, and aims at no Ship.
  REQUIRE(v.cascade_size() == 1);
  CHECK(v.cascade(0).card().face_up());
  CHECK_FALSE(v.cascade(0).targets());
  pass_windows(g);
  // Its effect: "your Ship" is the Ship in the System. Seat 1 reaches Proximity 2.
  CHECK(g.seat(1).ships[0].proximity == 2);
  // Face down it has no ability: it is no longer offered (and a Ship there is not asked for it).
  CHECK(g.system_down(star));
}

TEST_CASE("Exhaust on a System: only a player whose Ship is there may use it, and only while it is face up") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].ships[0].proximity = 1;   // seat 0 is there, seat 1 at its Starting System
  s.chart = {{1, "Slingshot Star"}};
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  const auto id = static_cast<std::int32_t>(tr::wire_id(g.chart(1)));
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  // The window asks seat 0 (its Ship is in the System), not seat 1.
  REQUIRE(g.asked() == seat_bit(0));
  CHECK(has_legal(g, act(0, tr::kind::activate, {id, -1, 0})));
  play(g, act(0, tr::kind::activate, {id, -1, 0}));
  // Face down, it makes seat 0 eligible no more: nobody is asked, the Cascade resolves.
  CHECK(g.open_window() == tr::window::none);
  pass_windows(g);
  CHECK(g.seat(0).ships[0].proximity == 2);
}

TEST_CASE("Exhaust on a System: face down it has no ability and no keyword until it leaves the Star Chart") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships[0].proximity = 1;
  s.seats[0].ships[0].proximity = 2;
  s.chart = {{1, "Slingshot Star"}, {2, "Free Port Karst"}};   // Free Port Karst: Bustling, Shady
  s.face_down_chart = {1, 2};
  s.seats[0].upgrade_pile = {hull, hull};
  s.step = trpb::START_STEP;
  tr::state g = table(s);
  // Seat 0 starts its Turn in a face-down Bustling System: no Bustle offer.
  CHECK((g.pending().empty() || g.pending().back().kind != tr::task::bustle));
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  // Seat 1's Ship is in the face-down Exhaust System: nothing to use, not asked.
  CHECK(g.asked() == 0);
  trpb::View v;
  g.view(viewer::of_seat(1), v);
  CHECK_FALSE(v.star_chart(0).system().face_up());
  CHECK(v.star_chart(0).system().known());
}

TEST_CASE("Ruling 6a: killing a Digital Recruit resolves but nothing happens") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].ships[0].crew = {{"Ship Mind ECHO"}};
  s.seats[1].hand = {"Fatal Accident"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Fatal Accident"), 0, 0, 0}));
  pass_windows(g);
  REQUIRE(g.seat(0).ships[0].crew_count == 1);
  CHECK(g.card_of(g.seat(0).ships[0].crew[0].card).name == "Ship Mind ECHO");
}

TEST_CASE("Ruling 10: burning moves a card of the hand straight to Dead Space") {
  tr::state g = short_circuit_burning();
  CHECK(g.must_act() == seat_bit(0));
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Jump")}));
  bool dead = false;
  for (tr::copy_id c : g.dead_space()) dead = dead || g.card_of(c).name == "Jump";
  CHECK(dead);
}

TEST_CASE("Preference pass_windows: passes for the seat whenever a window asks it, from public information only") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Bad Press"};
  tr::state g = after_seat0_plays(s);
  const std::uint8_t on[] = {1};
  const std::uint8_t off[] = {0};
  auto pa = g.preferred_action(1, on);
  REQUIRE(pa.has_value());
  CHECK(pa->kind == static_cast<std::uint16_t>(tr::kind::pass));
  CHECK_FALSE(g.preferred_action(1, off).has_value());
  CHECK_FALSE(g.preferred_action(0, on).has_value());
}

TEST_CASE("Hidden information: another seat's face-down card is chosen by its place, never by an id or a name") {
  tr::state h = hull_breach_picking();
  std::vector<action> legal;
  h.legal_actions(1, legal);
  const auto face_up = static_cast<std::int32_t>(tr::wire_id(h.seat(0).ships[0].modules[0].card));
  CHECK(has_legal(h, act(1, tr::kind::choose, {face_up})));
  CHECK(has_legal(h, act(1, tr::kind::choose, {-2})));
  const auto hidden = static_cast<std::int32_t>(tr::wire_id(h.seat(0).ships[0].modules[1].card));
  CHECK_FALSE(has_legal(h, act(1, tr::kind::choose, {hidden})));
  CHECK(filled(h.describe(act(1, tr::kind::choose, {-2}))).find("face-down") != std::string::npos);
  play(h, act(1, tr::kind::choose, {-2}));
  CHECK(h.seat(0).ships[0].module_count == 1);
}

TEST_CASE("Hidden information: a face-down Member's Morale is its owner's to see, not the table's") {
  // Cloaked Operative's printed Morale is 3, Void Witch's 2: a face-down Morale in the
  // others' views told which Ambush waits.
  const auto with_member = [](const std::string& name) {
    setup s{{crewed_seat(), crewed_seat()}};
    s.seats[0].ships[0].crew.push_back({name, true});
    return table(s);
  };
  const tr::state operative = with_member("Cloaked Operative"), witch = with_member("Void Witch");
  for (const viewer v : {viewer::of_seat(1), viewer::spectator()}) {
    trpb::View a, b;
    operative.view(v, a);
    witch.view(v, b);
    CHECK(a.SerializeAsString() == b.SerializeAsString());
    CHECK(a.seats(0).ships(0).crew(1).morale() == 0);
  }
  trpb::View own;
  operative.view(viewer::of_seat(0), own);
  CHECK(own.seats(0).ships(0).crew(1).morale() == 3);
}

TEST_CASE("A player out of the race plays no more: its Complication on the Cascade goes to Dead Space unresolved, nobody draws for it") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Bad Press"};
  s.seats[2].hand = {"Lucky Break"};   // seat 2 is asked again: the Cascade waits for it
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0}));
  REQUIRE(g.cascade().size() == 1);
  const int c0 = g.seat(0).complications.size, c2 = g.seat(2).complications.size;
  play(g, act(1, tr::kind::resign));
  CHECK(g.seat(1).out);
  CHECK(g.cascade().empty());
  pass_windows(g);
  CHECK(g.seat(0).reputation == 2);   // Press Conference's +2; Bad Press never resolved
  CHECK(g.seat(0).complications.size == c0);
  CHECK(g.seat(2).complications.size == c2);
  bool dead = false;
  for (tr::copy_id c : g.dead_space()) dead = dead || g.card_of(c).name == "Bad Press";
  CHECK(dead);
  CHECK_FALSE(g.result().over);
  CHECK(g.must_act() != 0);
}
