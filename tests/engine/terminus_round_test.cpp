// Race to the Terminus rule scenarios: a Round and its Turns (Turn Order, Play, Backslide,
// Deadlock, Cleanup, Initiative), Discovery and both ways to win.
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using starport::engine::viewer;
using tr::step;

TEST_CASE("Play Step: an Action's effects resolve in the order listed, then it goes to the Discard Pile") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 2;
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  REQUIRE(g.must_act() == seat_bit(0));
  CHECK(g.seat(0).hand.size == 2);   // the Regroup draw
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 0, -1, 0}));
  CHECK(g.seat(0).ships[0].proximity == 2);
  CHECK(g.seat(0).certainty == 0);
  // Discovery (Ruling 5): Proximity 2 had no System, one of the revealed tops is placed.
  CHECK(g.chart(2) != tr::no_card);
  CHECK(g.card_of(g.chart(2)).type == tr::card_type::system);
  // Aftermath: Jump is in the Discard Pile, seat 1's Turn has begun.
  CHECK(g.seat(0).discard.size == 1);
  CHECK(g.card_of(g.seat(0).discard.top()).name == "Jump");
  CHECK(g.active_seat() == 1);
}

TEST_CASE("Action Requirements: an Action whose Requirement is not met cannot be played") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};   // needs Certainty 2
  s.seats[0].certainty = 1;
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  CHECK_FALSE(has_legal(g, act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 0, -1, 0})));
  CHECK(has_legal(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0})));
}

TEST_CASE("How to Win: the first Ship to reach Proximity 10 wins at once") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 2;
  s.seats[0].ships[0].proximity = 8;
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 0, -1, 0}));
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(0));
  CHECK(std::string(g.result().reason) == "terminus");
}

TEST_CASE("Proximity: a Ship with 0 Active Modules cannot gain Proximity") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull, true}};   // face down: Disabled
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 2;
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 0, -1, 0}));
  CHECK(g.seat(0).ships[0].proximity == 0);
  CHECK(g.seat(0).certainty == 0);
  // The log says why the Jump did nothing.
  const std::string said = filled(g.describe_effects());
  CAPTURE(said);
  CHECK(said.find("{seat:0}'s Ship has no Active Module: it gains no Proximity.") != std::string::npos);
}

TEST_CASE("Backslide: an uncrewed Ship draws nothing, skips its Play Step, then loses 3 Proximity and takes the top Gig") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {};
  s.seats[0].ships[0].proximity = 5;
  s.seats[0].hand = {"Press Conference"};
  s.chart = {{5, "Quiet Expanse"}};
  tr::state g = table(s);
  // Straight through to seat 1's Play Step: seat 0 was never asked.
  CHECK(g.active_seat() == 1);
  CHECK(g.seat(0).hand.size == 1);               // no Regroup draw
  CHECK(g.seat(0).ships[0].proximity == 2);
  REQUIRE(g.seat(0).ships[0].crew_count == 1);
  CHECK(g.card_of(g.seat(0).ships[0].crew[0].card).name == "Rock Eater");
  CHECK_FALSE(g.seat(0).ships[0].backslide);
}

TEST_CASE("Backslide: with an empty Gig Pile its player loses the game") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {};
  s.seats[0].gig_pile = {};
  tr::state g = table(s);
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(1));
}

TEST_CASE("Deadlock: no playable Action reveals and discards the hand's Actions, draws 4, plays nothing") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 0;
  s.seats[0].action_pile = {"Jump", "Jump", "Jump", "Jump", "Jump", "Jump"};
  tr::state g = table(s);
  // Regroup drew a second Jump; neither is playable: Deadlock.
  CHECK(g.seat(0).discard.size == 2);
  CHECK(g.seat(0).hand.size == 4);
  CHECK(g.active_seat() == 1);   // no Action this Turn
}

TEST_CASE("Turn Order: the Initiative holder first, then ascending Proximity, ties clockwise from the holder") {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat(), crewed_seat()}};
  s.step = trpb::DESTINY_STEP;
  s.initiative = 1;
  s.seats[0].ships[0].proximity = 3;
  s.seats[1].ships[0].proximity = 5;
  s.seats[2].ships[0].proximity = 3;
  s.seats[3].ships[0].proximity = 1;
  s.chart = {{1, "Whispering Pulsar"}, {3, "Quiet Expanse"}, {5, "Hyperlane Junction"}};
  tr::state g = table(s);
  // Nobody holds a Complication: the Destiny Step asks nobody and the Turns begin.
  const auto order = g.turn_order();
  REQUIRE(order.size() == 4);
  CHECK(order[0] == 1);
  CHECK(order[1] == 3);
  CHECK(order[2] == 2);   // tied with seat 0 at 3: seat 2 is nearer clockwise after seat 1
  CHECK(order[3] == 0);
  CHECK(g.active_seat() == 1);
}

TEST_CASE("Initiative Step: the Initiative passes to the lowest Proximity, next clockwise from the holder") {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.initiative = 0;
  s.active = 0;
  s.seats[0].ships[0].proximity = 0;
  s.seats[1].ships[0].proximity = 4;
  s.seats[2].ships[0].proximity = 0;
  s.chart = {{4, "Quiet Expanse"}};
  tr::state g = table(s);
  run_until(g, [&] { return g.round() == 2; });
  // Seats 0 and 2 are tied lowest: clockwise from seat 0 the next is seat 2.
  CHECK(g.initiative() == 2);
}

TEST_CASE("Cleanup Step: a Ship with no Modules loses at the end of the Round, the last with Modules wins") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[1].ships[0].modules = {};
  s.seats[1].ships[0].crew = {{hand_crew}};
  tr::state g = table(s);
  CHECK_FALSE(g.result().over);
  run_until(g, [&] { return false; });
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(0));
  CHECK(std::string(g.result().reason) == "last_standing");
  CHECK(g.round() == 1);
}

TEST_CASE("Hand limit (Rulings 7b, 7c): after playing, a player discards down to 4 Actions") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Plot a Course", "Stellar Survey", "Press Conference", "Plot a Course", "Stellar Survey"};
  tr::state g = table(s);
  REQUIRE(g.seat(0).hand.size == 6);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Plot a Course"), 0, -1, 0}));
  REQUIRE(g.pending().size() == 1);
  CHECK(g.pending().back().kind == tr::task::discard);
  CHECK(g.pending().back().count == 1);
  {
    // The prompt says which rule asks (the notes' hand limit: the rulebook's Turn does not).
    trpb::View v;
    g.view(starport::engine::viewer::of_seat(0), v);
    CHECK(v.prompt().text() == "Hand limit: discard 1 Action, down to 4 in hand");
  }
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Stellar Survey")}));
  CHECK(g.seat(0).hand.size == 4);
}

TEST_CASE("Round limit safeguard: after the last Round the nearest Ship wins") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.round_limit = 1;
  s.seats[1].ships[0].proximity = 2;
  s.chart = {{2, "Quiet Expanse"}};
  tr::state g = table(s);
  run_until(g, [&] { return false; });
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(1));
  CHECK(std::string(g.result().reason) == "round_limit");
}

TEST_CASE("Views: another seat's hand is a count, your own is cards, the Discard Pile is public") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].discard = {"Plot a Course"};
  tr::state g = table(s);
  trpb::View mine, theirs;
  g.view(viewer::of_seat(0), mine);
  g.view(viewer::of_seat(1), theirs);
  CHECK(mine.seats(0).hand_size() == 2);
  CHECK(theirs.seats(0).hand_size() == 0);
  CHECK(theirs.seats(0).hand_count() == 2);
  CHECK(theirs.seats(0).discard_size() == 1);
  CHECK(theirs.seats(0).discard(0).known());
}

TEST_CASE("Ruling 5: a Ship landing where the Star Chart has no System after a Backslide makes a Discovery") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {};
  s.seats[0].ships[0].proximity = 5;
  s.chart = {{5, "Quiet Expanse"}};
  tr::state g = table(s);
  CHECK(g.seat(0).ships[0].proximity == 2);
  CHECK(g.chart(2) != tr::no_card);
}

TEST_CASE("Positions: PLAY_STEP starts at the Play Step with the hand exactly as listed") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.step = trpb::PLAY_STEP;
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 2;
  tr::state g = table(s);
  CHECK(g.current_step() == step::play);
  CHECK(g.must_act() == seat_bit(0));
  CHECK(g.seat(0).hand.size == 1);   // no Regroup draw
  // Other steps are refused with a reason.

  trpb::Position p = position_of(s);
  p.set_step(trpb::GAME_OVER);
  CHECK_FALSE(tr::state::validate(2, trpb::Options(), p));
}
