// Space Race rule scenarios: Phase 3, Prepare for the Next Decade.
#include "space_race_table.hpp"

using starport::engine::viewer;
using sr::step;

namespace {

const std::vector<std::string> nine = {"skylab", "moon_landing", "espionage", "titan_rocket", "lunokhod",
                                       "space_shuttle", "ion_engine", "venus_probe", "wow_signal"};

// Both seats pass through Develop (seat 0 Propaganda, seat 1 Technology).
void develop_nothing(sr::state& s) {
  choose(s, {P6, T6});
  play(s, "0 pass");
  play(s, "1 pass");
}

}  // namespace

TEST_CASE("Clever Investments: the Hand limit is 7, extra cards must go to the Universe face down") {
  auto s = table({.seats = {{.hand = nine}, {.hand = {"press_conference"}}}});
  develop_nothing(s);
  REQUIRE(s.current_step() == step::invest);
  CHECK(s.must_act() == 0b01);   // from the Initiative holder
  CHECK_FALSE(legal(s, "0 done"));
  play(s, pick_hand(s, 0, "espionage"));
  CHECK_FALSE(legal(s, "0 done"));
  play(s, pick_hand(s, 0, "lunokhod"));
  CHECK(s.seat(0).hand.size == 7);
  CHECK(s.face_down().size == 2);
  srpb::View own, other;
  s.view(viewer::of_seat(0), own);
  s.view(viewer::of_seat(1), other);
  CHECK(own.seats(0).known_face_down_size() == 2);   // the investor knows its own cards
  CHECK(other.seats(1).known_face_down_size() == 0);
  CHECK(other.face_down_size() == 0);
  play(s, "0 done");
  CHECK(s.must_act() == 0b10);
  CHECK(legal(s, "1 done"));   // 7 or fewer: the step may be skipped
}

TEST_CASE("Clever Investments: seats invest in turn from the Initiative holder, clockwise") {
  auto s = table({.seats = {{.hand = {"skylab"}}, {.hand = {"espionage"}}, {.hand = {"lunokhod"}}}, .initiative = 2});
  choose(s, {P6, P6, P6});
  play(s, "2 pass");
  play(s, "0 pass");
  play(s, "1 pass");
  CHECK(s.must_act() == 0b100);
  play(s, "2 done");
  CHECK(s.must_act() == 0b001);
  play(s, "0 done");
  CHECK(s.must_act() == 0b010);
}

TEST_CASE("Wernher von Braun: a Hand limit of 9") {
  auto s = table({.seats = {{.hand = nine, .agency = {"wernher_von_braun"}}, {}}});
  develop_nothing(s);
  CHECK(s.hand_limit(0) == 9);
  CHECK(legal(s, "0 done"));
}

TEST_CASE("Unexplored Universe and True Visionaries (2 players): one face-down card per player, 1 turns up") {
  auto s = table({.seats = {{.hand = {"skylab"}}, {.hand = {"espionage"}}}, .universe = {"titan_rocket"}});
  develop_nothing(s);
  play(s, "0 done");
  play(s, "1 done");
  CHECK(s.round() == 2);
  CHECK(s.face_down().size == 1);   // 2 added from the Deck, 1 turned face up
  int face_up = 0;
  for (int t = 0; t < 4; ++t) face_up += s.universe(static_cast<sr::stage>(t)).size;
  CHECK(face_up == 2);
  CHECK(s.initiative() == 1);       // Prepare 4: the Initiative Marker moves clockwise
}

TEST_CASE("Unexplored Universe: invested cards count, no top-up beyond one per player") {
  auto s = table({.seats = {{.hand = {"skylab", "moon_landing", "espionage"}}, {}}});
  develop_nothing(s);
  play(s, pick_hand(s, 0, "skylab"));
  play(s, pick_hand(s, 0, "moon_landing"));
  play(s, pick_hand(s, 0, "espionage"));   // the Hand is empty: the turn moves on by itself
  CHECK(s.must_act() == 0b10);             // Emergency Financing gave seat 1 a card
  play(s, "1 done");
  CHECK(s.round() == 2);
  CHECK(s.face_down().size == 2);          // 3 invested, none added, 1 turned up
}

TEST_CASE("True Visionaries (3–4 players): 2 cards turn face up") {
  auto s = table({.seats = {{}, {}, {}}});
  choose(s, {P6, P6, P6});
  for (int k = 0; k < 3; ++k) play(s, std::to_string(k) + " pass");
  // Emergency Financing gave everyone a card; nobody invests.
  for (int k = 0; k < 3; ++k) play(s, std::to_string(k) + " done");
  CHECK(s.round() == 2);
  CHECK(s.face_down().size == 1);   // 3 added, 2 turned up
}

TEST_CASE("Carl Sagan: his holder looks at the face-down cards and chooses which turn up, not how many") {
  auto s = table({.seats = {{}, {.agency = {"carl_sagan"}}}, .deck = {"moon_landing", "espionage"},
                  .rest_into_deck = true});
  choose(s, {P6, T6});
  play(s, "0 pass");
  play(s, "1 pass");
  // Emergency Financing drew the two listed cards; nobody invests; two come from the Deck.
  play(s, "0 done");
  play(s, "1 done");
  REQUIRE(s.current_step() == step::reveal);
  CHECK(s.must_act() == 0b10);
  CHECK(legal(s, "1 pick 5 0 0"));
  CHECK(legal(s, "1 pick 5 0 1"));
  CHECK_FALSE(legal(s, "1 done"));   // the number is fixed
  srpb::View holder, other, spectator;
  s.view(viewer::of_seat(1), holder);
  s.view(viewer::of_seat(0), other);
  s.view(viewer::spectator(), spectator);
  CHECK(holder.face_down_size() == 2);
  CHECK(other.face_down_size() == 0);
  CHECK(spectator.face_down_size() == 0);
  const sr::copy_id chosen = s.face_down().cards[0];
  play(s, "1 pick 5 0 0");
  CHECK(s.round() == 2);
  CHECK(s.face_down().size == 1);
  CHECK(s.universe(sr::card_of(chosen).type).top() == chosen);
}
