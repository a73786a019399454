// Space Race rule scenarios: End Game & Scoring, its tiebreak, the empty Deck, and the
// Cold War (Alternate Scoring Variant).
#include "space_race_table.hpp"

using sr::step;

namespace {

const std::vector<std::string> six_used = {"propaganda_1", "propaganda_3", "technology_1",
                                           "technology_3", "space_program_1", "space_program_3"};

// Round 7 from a position: both seats choose a Breakthrough card, pass, and the game is scored.
void last_round(sr::state& s, int seats = 2) {
  std::vector<int> picks(seats, B6);
  for (int k = 0; k < seats; ++k) play(s, std::to_string(k) + " choose " + std::to_string(picks[k]));
  while (!s.result().over && s.current_step() == step::develop) {
    int seat = s.turn_seat();
    play(s, std::to_string(seat) + " pass");
  }
}

}  // namespace

TEST_CASE("Scoring: Agency levels (not Control Cards) + 1 per Lab card + 6 per Breakthrough category led") {
  // Like the rulebook's example: levels, 2 Lab cards, the most Reaching-for-the-Stars symbols.
  auto s = table({.seats = {{.agency = {"nuclear_reactor", "communication_satellite", "space_shuttle",
                                        "hubble_deep_field", "skylab", "ion_engine"},
                             .lab = {"espionage", "lunokhod"}},
                            {.agency = {"moon_landing"}}}});
  auto example = table({.seats = {{.agency = {"nuclear_reactor", "communication_satellite", "space_shuttle",
                                              "hubble_deep_field", "ion_engine"},
                                   .lab = {"espionage", "lunokhod"}},
                                  {.agency = {"moon_landing"}}}});
  const sr::score_sheet sheet = example.score_of(0);
  CHECK(sheet.agency_level == 4 + 3 + 3 + 2 + 2);   // 14
  CHECK(sheet.laboratory == 2);
  CHECK(sheet.categories == 6);                      // stars: 1 against 0
  CHECK(sheet.halves == 2 * (14 + 2 + 6));
  CHECK(s.score_of(0).agency_level == 17);
  CHECK(example.score_of(1).categories == 6);        // Man in Space: seat 1 alone
}

TEST_CASE("Breakthrough categories: ties all score 6, nobody scores a category nobody has") {
  auto s = table({.seats = {{.agency = {"first_human_in_space", "hubble_deep_field", "pulsar_discovery"}},
                            {.agency = {"lunar_base", "first_satellite"}}}});
  // Stars: 2 vs 1 → seat 0; Man in Space: 1 vs 1 → both; planets and life: nobody.
  CHECK(s.score_of(0).categories == 12);
  CHECK(s.score_of(1).categories == 6);
  CHECK(s.symbols_of(0, -1)[2] == 0);
}

TEST_CASE("Scoring: the winner has the most Development Points") {
  auto s = table({.seats = {{.agency = {"space_shuttle"}, .used_controls = six_used},
                            {.agency = {"skylab", "titan_rocket"}, .used_controls = six_used}},
                  .round = 7, .rest_into_deck = false});
  last_round(s);
  REQUIRE(s.result().over);
  CHECK(s.result().winners == 0b10);   // 5 against 3
  CHECK(std::string(s.result().reason) == "scored");
}

TEST_CASE("Tiebreak: the most powerful Stage or Lab power, then the next highest, and so on") {
  // Equal points (3 each); seat 1's best Stage is 3 against seat 0's 2.
  auto tied = table({.seats = {{.agency = {"space_station"}, .lab = {"espionage"}, .used_controls = six_used},
                               {.agency = {"apollo_program"}, .used_controls = six_used}},
                     .round = 7, .rest_into_deck = false});
  CHECK(tied.score_of(0).halves == tied.score_of(1).halves);
  last_round(tied);
  CHECK(tied.result().winners == 0b10);
  auto shared = table({.seats = {{.agency = {"space_station"}, .used_controls = six_used},
                                 {.agency = {"project_gemini"}, .used_controls = six_used}},
                       .round = 7, .rest_into_deck = false});
  last_round(shared);
  CHECK(shared.result().winners == 0b11);   // identical down the chain: a shared victory
}

TEST_CASE("FAQ, empty Deck: 0.5 Development Points per card that could not be drawn") {
  auto s = table({.seats = {{.agency = {"press_conference"}, .used_controls = six_used}, {.used_controls = six_used}},
                  .round = 7, .deck = {"skylab"}, .rest_into_deck = false});
  play(s, "0 choose 2");
  play(s, "1 choose 11");
  play(s, use(0, s, "press_conference", 0));
  play(s, "0 draw 2");   // one card there, one missing
  CHECK(s.seat(0).hand.size == 1);
  CHECK(s.seat(0).empty_deck_halves == 1);
  play(s, "0 pass");
  play(s, "1 pass");
  // Emergency Financing for seat 1 with an empty Deck: another half point.
  CHECK(s.seat(1).empty_deck_halves == 1);
  REQUIRE(s.result().over);
  CHECK(s.score_of(0).halves == 2 * 1 + 1);
}

TEST_CASE("Project Mercury: its Space Program level is the number of Space Program cards, itself included") {
  auto s = table({.seats = {{.agency = {"project_mercury", "lunar_orbiter", "skylab", "titan_rocket"}}, {}}});
  // Printed: Lunar Orbiter 1 + Skylab 2 + Titan Rocket 2; Mercury adds 3 (Mercury, Orbiter, Skylab).
  CHECK(s.agency_level(0, sr::stage::space_program) == 1 + 2 + 2 + 3);
}

TEST_CASE("The Cold War: 1 point per Agency behind in each Stage level, Lab, and each category") {
  auto s = table({.seats = {{.agency = {"communication_satellite", "moon_landing"}, .lab = {"skylab", "espionage"}},
                            {.agency = {"space_shuttle"}, .lab = {"lunokhod"}},
                            {.agency = {"hubble_deep_field"}}},
                  .variant = srpb::COLD_WAR});
  // Seat 0: Propaganda 1 and Technology 2 beat both, Breakthrough 1 beats seat 1, Lab 2 beats
  // both, Man in Space 2 beats both.
  const sr::score_sheet a = s.score_of(0);
  CHECK(a.agency_level == 2 + 2 + 1);
  CHECK(a.laboratory == 2);
  CHECK(a.categories == 2);
  CHECK(a.halves == 2 * 9);
  // Seat 2: Breakthrough 2 beats both; Stars beats both.
  CHECK(s.score_of(2).halves == 2 * 4);
}

TEST_CASE("The Cold War: a tie goes to the higher total level of unused Control Cards") {
  const std::vector<std::string> low = {"propaganda_6", "technology_6", "space_program_6",
                                        "breakthrough_3", "propaganda_3", "technology_3"};
  auto s = table({.seats = {{.agency = {"space_station"}, .used_controls = six_used},
                            {.agency = {"project_gemini"}, .used_controls = low}},
                  .round = 7, .rest_into_deck = false, .variant = srpb::COLD_WAR});
  last_round(s);
  REQUIRE(s.result().over);
  CHECK(s.score_of(0).halves == s.score_of(1).halves);
  CHECK(s.result().winners == 0b01);   // seat 0 kept the level-6 cards
}
