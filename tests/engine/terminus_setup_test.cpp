// Race to the Terminus rule scenarios: the Setup Phase, the Drafts and the Opening Phase.
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::rule_error;
using starport::engine::seat_bit;
using starport::engine::viewer;
using tr::card_type;
using tr::step;

namespace {

tr::state fresh(int seats, std::uint64_t seed = 5) {
  trpb::Options o;
  REQUIRE(tr::state::validate(seats, o));
  return tr::state(seats, o, seed);
}

// Every seat picks the first card offered.
void draft_all(tr::state& g) {
  std::vector<action> legal;
  for (int s = 0; s < g.seat_count(); ++s) {
    g.legal_actions(s, legal);
    if (!legal.empty()) play(g, legal.front());
  }
}

// Through the drafts and the Starting Systems to the Mulligan, every seat taking its first
// legal choice: a Chaotic Starting System's offers come first (any seed may deal one).
void reach_mulligan(tr::state& g) {
  for (int guard = 0; guard < 60 && g.current_step() != step::mulligan; ++guard) draft_all(g);
  REQUIRE(g.current_step() == step::mulligan);
}

}  // namespace

TEST_CASE("Options: 2 to 4 players, the first player one of them") {
  trpb::Options o;
  CHECK_FALSE(tr::state::validate(1, o));
  CHECK(tr::state::validate(2, o));
  CHECK(tr::state::validate(4, o));
  CHECK_FALSE(tr::state::validate(5, o));
  o.set_first_player(3);
  CHECK_FALSE(tr::state::validate(3, o));
  CHECK(tr::state::validate(4, o));
}

TEST_CASE("Setup Phase: decks divided into Piles, Module Draft first, every seat picks at once") {
  tr::state g = fresh(3);
  CHECK(g.current_step() == step::module_draft);
  CHECK(g.must_act() == (seat_bit(0) | seat_bit(1) | seat_bit(2)));
  for (int s = 0; s < 3; ++s) {
    const tr::player& p = g.seat(s);
    CHECK(p.module_pool.size + p.legacies.size == 10);
    CHECK(p.recruit_pool.size == 10);
    CHECK(p.complications.size == 10);
    CHECK(p.systems.size == 10);
    CHECK(p.action_pile.size == 20);
    CHECK(p.hand.size == 0);
    for (tr::copy_id c : p.module_pool.items()) CHECK(g.card_of(c).type == card_type::module);
  }
}

TEST_CASE("Module Draft: a pick stays secret until every seat has picked, then all flip together") {
  tr::state g = fresh(2);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(!legal.empty());
  play(g, legal.front());
  CHECK(g.must_act() == seat_bit(1));
  // Seat 1 sees that seat 0 has picked, not what: no Module on seat 0's Ship yet.
  trpb::View v;
  g.view(viewer::of_seat(1), v);
  CHECK(v.seats(0).drafted());
  CHECK(v.seats(0).ships(0).modules_size() == 0);
  CHECK(g.seat(0).ships[0].module_count == 0);
  // Picking again is refused: the seat has chosen.
  auto again = g.check(legal.back());
  CHECK(again.code == rule_error::not_your_turn);
  g.legal_actions(1, legal);
  play(g, legal.front());
  // Both flipped face up at once.
  CHECK(g.seat(0).ships[0].module_count == 1);
  CHECK(g.seat(1).ships[0].module_count == 1);
  CHECK(g.seat(0).ships[0].modules[0].face_up);
}

TEST_CASE("Draft Phases: 3 Modules and 3 Recruits each, the rest become the Upgrade and Gig Piles") {
  tr::state g = fresh(2);
  for (int i = 0; i < 3; ++i) draft_all(g);
  CHECK(g.current_step() == step::recruit_draft);
  for (int s = 0; s < 2; ++s) {
    CHECK(g.seat(s).ships[0].module_count == 3);
    CHECK(g.seat(s).upgrades.size == 10 - 3 - g.seat(s).legacies.size);
    CHECK(g.seat(s).module_pool.size == 0);
  }
  for (int i = 0; i < 3; ++i) draft_all(g);
  CHECK(g.current_step() == step::starting_system);
  for (int s = 0; s < 2; ++s) {
    CHECK(g.seat(s).ships[0].crew_count == 3);
    CHECK(g.seat(s).gigs.size == 7);
    // Recruits join with the Morale on their card (plus Social Modules).
    for (const tr::member& m : g.seat(s).ships[0].crew_list()) CHECK(m.morale >= g.card_of(m.card).morale);
  }
}

TEST_CASE("Opening Phase: the Starting System from the top 3, the others under the System Pile in the chosen order") {
  tr::state g = fresh(2);
  for (int i = 0; i < 6; ++i) draft_all(g);
  REQUIRE(g.current_step() == step::starting_system);
  const tr::player& p = g.seat(0);
  const tr::copy_id top = p.systems.cards[9], second = p.systems.cards[8], third = p.systems.cards[7];
  // A card below the top 3 cannot be chosen.
  CHECK_FALSE(g.check(act(0, tr::kind::start_system, {static_cast<int>(tr::wire_id(p.systems.cards[6])),
                                                       static_cast<int>(tr::wire_id(top))})));
  play(g, act(0, tr::kind::start_system, {static_cast<int>(tr::wire_id(second)), static_cast<int>(tr::wire_id(top))}));
  CHECK(g.seat(0).starting_system == second);
  CHECK(g.seat(0).systems.size == 9);
  CHECK(g.seat(0).systems.cards[0] == top);      // the very bottom
  CHECK(g.seat(0).systems.cards[1] == third);
  // Hidden from the other seat until both have chosen.
  trpb::View v;
  g.view(viewer::of_seat(1), v);
  CHECK_FALSE(v.seats(0).starting_system().known());
  std::vector<action> legal;
  g.legal_actions(1, legal);
  play(g, legal.front());
  g.view(viewer::of_seat(1), v);
  CHECK(v.seats(0).starting_system().known());
  reach_mulligan(g);
}

TEST_CASE("Opening Phase: 4 Actions, one mulligan of any number, then with 2 players 2 Complications each") {
  tr::state g = fresh(2);
  reach_mulligan(g);
  // 4 Actions drawn (a drafted card's "when revealed" draw may have added more before).
  const int held = g.seat(0).hand.size;
  CHECK(held >= 4);
  const tr::copy_id first = g.seat(0).hand.cards[held - 4], third = g.seat(0).hand.cards[held - 2];
  play(g, act(0, tr::kind::mulligan, {0b0101}));
  // Only one mulligan.
  CHECK_FALSE(g.check(act(0, tr::kind::mulligan, {0})));
  play(g, act(1, tr::kind::mulligan, {0}));
  // Made once both have chosen (rules version 3).
  CHECK(g.seat(0).hand.size - g.hand_complications(0) == held);
  CHECK(g.seat(0).discard.size == 2);
  CHECK(g.seat(0).discard.cards[0] == first);
  CHECK(g.seat(0).discard.cards[1] == third);
  // Both drew 2 Complications, then the first Round began with Entropy.
  CHECK(g.round() == 1);
  for (int s = 0; s < 2; ++s) CHECK(g.hand_complications(s) == 2);
  CHECK(g.current_step() == step::entropy);
  // The log counts them: one line a seat.
  const std::string words = g.describe_effects();
  CHECK(words.find("{seat:0} draws 2 Complications.") != std::string::npos);
  CHECK(words.find("{seat:1} draws 2 Complications.") != std::string::npos);
  CHECK(words.find("draws a Complication.") == std::string::npos);
}

TEST_CASE("Opening Phase: with 3 players nobody draws Complications") {
  tr::state g = fresh(3);
  reach_mulligan(g);
  for (int s = 0; s < 3; ++s) play(g, act(s, tr::kind::mulligan, {0}));
  // Entropy asks nobody (no Complication in hand); everyone draws one and the Destiny Step opens.
  CHECK(g.round() == 1);
  CHECK(g.current_step() == step::destiny);
  for (int s = 0; s < 3; ++s) CHECK(g.hand_complications(s) == 1);
}

TEST_CASE("Entropy Step: each seat holding a Complication puts one under its Pile in secret, then all draw one") {
  tr::state g = fresh(2);
  reach_mulligan(g);
  for (int s = 0; s < 2; ++s) play(g, act(s, tr::kind::mulligan, {0}));
  REQUIRE(g.current_step() == step::entropy);
  CHECK(g.must_act() == (seat_bit(0) | seat_bit(1)));
  tr::copy_id chosen = tr::no_card;
  for (tr::copy_id c : g.seat(0).hand.items())
    if (g.card_of(c).type == card_type::complication) chosen = c;
  play(g, act(0, tr::kind::entropy, {static_cast<int>(tr::wire_id(chosen))}));
  CHECK(g.seat(0).complications.cards[0] == chosen);   // the bottom
  std::vector<action> legal;
  g.legal_actions(1, legal);
  play(g, legal.front());
  CHECK(g.hand_complications(0) == 2);
  CHECK(g.hand_complications(1) == 2);
  CHECK(g.current_step() == step::destiny);
}

// Rules version 3: showing the Starting Systems is a reveal (Ruling 4), so a Starting
// System's "when revealed" ability and its Chaotic offers happen then, in Initiative order,
// before the Opening's hands are drawn.
TEST_CASE("Opening Phase: the Starting Systems shown are revealed - their ability and Chaotic offers, in Initiative order") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.initiative = 1;
  s.seats[0].starting_system = {};   // chooses now
  s.seats[0].system_pile = {"Prism Rift", "Cinder Belt", "Quiet Expanse"};   // Chaotic, when revealed: every Ship +1 Certainty
  s.seats[0].complication_pile = {"Bad Press", "Lucky Break"};
  s.seats[1].starting_system = "Shattered Lanes";   // Chaotic, chosen already in secret
  s.seats[1].complication_pile = {"Sensor Ghost", "Lucky Break"};
  tr::state g = start(at_step(s, trpb::STARTING_SYSTEM));
  REQUIRE(g.must_act() == seat_bit(0));
  const tr::player& me = g.seat(0);
  const auto wire = [&](int from_top) {
    return static_cast<std::int32_t>(tr::wire_id(me.systems.cards[me.systems.size - 1 - from_top]));
  };
  play(g, act(0, tr::kind::start_system, {wire(0), wire(1)}));
  // Shown together, both known to the other seat while the reveal resolves.
  CHECK(g.current_step() == step::starting_system);
  trpb::View v0, v1;
  g.view(viewer::of_seat(0), v0);
  g.view(viewer::of_seat(1), v1);
  CHECK(v0.seats(1).starting_system().known());
  CHECK(v1.seats(0).starting_system().known());
  // Seat 1 holds the Initiative: Shattered Lanes first (no ability; its offers, seat 1 then
  // seat 0), then Prism Rift (its ability, then its offers). No hand is drawn before.
  CHECK(g.seat(0).hand.size == 0);
  CHECK(g.seat(0).certainty == 0);
  REQUIRE(g.pending().back().kind == tr::task::chaotic);
  REQUIRE(g.must_act() == seat_bit(1));
  // The look is seat 1's alone.
  g.view(viewer::of_seat(0), v0);
  g.view(viewer::of_seat(1), v1);
  REQUIRE(v1.prompt().cards_size() == 1);
  CHECK(tr::card(static_cast<tr::card_id>(v1.prompt().cards(0).index())).name == std::string("Sensor Ghost"));
  CHECK(v0.prompt().cards_size() == 0);
  trpb::View spectator;
  g.view(viewer::spectator(), spectator);
  CHECK(spectator.prompt().cards_size() == 0);
  play(g, act(1, tr::kind::choose, {1}));   // Sensor Ghost to the bottom
  CHECK(g.card_of(g.seat(1).complications.top()).name == "Lucky Break");
  REQUIRE(g.must_act() == seat_bit(0));
  play(g, act(0, tr::kind::pass));
  // Prism Rift's "when revealed": every Ship gains 1 Certainty, then its offers.
  CHECK(g.seat(0).certainty == 1);
  CHECK(g.seat(1).certainty == 1);
  REQUIRE(g.must_act() == seat_bit(1));
  play(g, act(1, tr::kind::pass));
  REQUIRE(g.must_act() == seat_bit(0));
  play(g, act(0, tr::kind::choose, {1}));   // Bad Press to the bottom
  CHECK(g.card_of(g.seat(0).complications.top()).name == "Lucky Break");
  // Then the Opening's hands.
  CHECK(g.current_step() == step::mulligan);
  CHECK(g.seat(0).hand.size == 4);
  CHECK(g.seat(1).hand.size == 4);
  CHECK(g.must_act() == 0b11);
}

// Rules version 3: the mulligan is the Opening's secret simultaneous choice, like the
// Starting System before it. Its discards went public at once, so a seat still choosing saw
// what the other had thrown back (and how many) before deciding.
TEST_CASE("Opening Phase: a mulligan stays secret until every seat has chosen, then all are made together") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump", "Press Conference", "Refit", "Jump"};
  s.seats[0].action_pile = {"Ride the Current", "Eavesdrop", "Press Conference", "Press Conference"};
  s.seats[1].hand = {"Press Conference", "Press Conference", "Press Conference", "Press Conference"};
  tr::state g = start(at_step(s, trpb::MULLIGAN_STEP));
  REQUIRE(g.must_act() == 0b11);
  trpb::View before;
  g.view(viewer::of_seat(1), before);
  play(g, act(0, tr::kind::mulligan, {0b1001}));   // both Jumps
  // Nothing of it shows to the seat still choosing: not the cards, not how many.
  CHECK(filled(g.describe(act(0, tr::kind::mulligan, {0b1001}))) == filled(g.describe(act(0, tr::kind::mulligan, {0}))));
  CHECK(g.describe_effects().empty());
  trpb::View after;
  g.view(viewer::of_seat(1), after);
  CHECK(after.seats(0).discard_size() == 0);
  CHECK(after.seats(0).action_pile() == before.seats(0).action_pile());
  CHECK(after.seats(0).hand_size() == before.seats(0).hand_size());
  CHECK(g.must_act() == seat_bit(1));
  play(g, act(1, tr::kind::mulligan, {0b0001}));
  // Both made together, in Initiative order, each public now.
  CHECK(g.seat(0).discard.size == 2);
  CHECK(g.card_of(g.seat(0).discard.cards[0]).name == std::string("Jump"));
  CHECK(g.seat(1).discard.size == 1);
  const std::string words = filled(g.describe_effects());
  INFO(words);
  CHECK(words.find("takes a mulligan of 2") != std::string::npos);
  CHECK(words.find("takes a mulligan of 1") != std::string::npos);
  CHECK(words.find("takes a mulligan of 2") < words.find("takes a mulligan of 1"));
  trpb::View seen;
  g.view(viewer::of_seat(1), seen);
  CHECK(seen.seats(0).discard_size() == 2);
}

TEST_CASE("Position: a mulligan chosen in secret at MULLIGAN_STEP is made with the last seat's") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump", "Press Conference", "Refit", "Jump"};
  s.seats[1].hand = {"Press Conference", "Press Conference", "Press Conference", "Press Conference"};
  trpb::Position p = at_step(s, trpb::MULLIGAN_STEP);
  p.mutable_seats(0)->set_decided(true);
  p.mutable_seats(0)->set_mulligan(0b1001);
  tr::state g = start(p);
  CHECK(g.must_act() == seat_bit(1));
  CHECK(g.seat(0).discard.size == 0);
  play(g, act(1, tr::kind::mulligan, {0}));
  CHECK(g.seat(0).discard.size == 2);
  // Refused: a mulligan on a seat still choosing, or past the hand's last 4 cards.
  p.mutable_seats(0)->set_decided(false);
  CHECK_FALSE(tr::state::validate(2, trpb::Options(), p));
  p.mutable_seats(0)->set_decided(true);
  p.mutable_seats(0)->set_mulligan(0b10000);
  CHECK_FALSE(tr::state::validate(2, trpb::Options(), p));
}
