// Space Race rule scenarios: JFK (the Solo Variant) and its Eastern-bloc opponent.
#include "space_race_table.hpp"

using sr::step;

namespace {

const std::vector<std::string> six_used = {"propaganda_1", "propaganda_3", "technology_1",
                                           "technology_3", "space_program_1", "space_program_3"};

std::vector<std::string> taken(const sr::state& s) { return codes(s.opponent().taken); }

}  // namespace

TEST_CASE("JFK Game Setup: 4 face-up and 2 face-down Universe cards, 4 in Hand, 1–3 opponent decks") {
  for (unsigned decks = 1; decks <= 3; ++decks) {
    srpb::Options o;
    o.set_jfk_decks(decks);
    REQUIRE(sr::state::validate(1, o));
    sr::state s(1, o, 3);
    CHECK(s.game_variant() == sr::variant::jfk);
    int face_up = 0;
    for (int t = 0; t < 4; ++t) face_up += s.universe(static_cast<sr::stage>(t)).size;
    CHECK(face_up == 4);
    CHECK(s.face_down().size == 2);
    CHECK(s.seat(0).hand.size == 4);
    CHECK(s.opponent().decks == decks);
    for (unsigned d = 0; d < decks; ++d) CHECK(s.opponent().deck_size_left[d] == 12);
  }
}

TEST_CASE("JFK Phase 1: the opponent plays the top Control Card of each deck, its levels add up for the game") {
  auto s = table({.seats = {{}}, .variant = srpb::JFK, .opponent_controls = {"technology_3"},
                  .opponent_deck = {"propaganda_6", "space_program_1"}});
  CHECK(s.opponent().level[1] == 3);
  choose(s, {B6});
  CHECK(s.opponent().level[0] == 6);
  CHECK(s.opponent().level[1] == 3);
  CHECK(s.opponent().played_count == 2);
  CHECK(s.opponent().deck_size_left[0] == 1);
}

TEST_CASE("JFK opponent: takes the bottom card of the Stage, else of the most recent earlier Stage, else the Deck") {
  auto s = table({.seats = {{.hand = {"skylab"}}}, .universe = {"espionage", "press_conference"},
                  .deck = {"moon_landing", "titan_rocket"}, .variant = srpb::JFK,
                  .opponent_controls = {"technology_3", "space_program_1"}, .opponent_deck = {"propaganda_6"}});
  choose(s, {B6});
  // Propaganda: Espionage (the bottom); Technology: none, so Propaganda's bottom; Space
  // Program: none anywhere before it, so the Deck.
  CHECK(taken(s) == std::vector<std::string>{"espionage", "press_conference", "moon_landing"});
}

TEST_CASE("JFK opponent: with the higher level it moves first, otherwise after the player's whole Stage") {
  auto first = table({.seats = {{.hand = {"skylab"}}}, .universe = {"espionage", "press_conference"},
                      .variant = srpb::JFK, .opponent_deck = {"propaganda_6"}});
  choose(first, {P3});   // 3 against 6
  CHECK(taken(first) == std::vector<std::string>{"espionage"});
  play(first, "0 use -1 0");
  CHECK(legal(first, pick_universe(first, 0, "press_conference")));

  auto after = table({.seats = {{.hand = {"skylab"}}}, .universe = {"espionage", "press_conference"},
                      .variant = srpb::JFK, .opponent_deck = {"propaganda_6"}});
  choose(after, {P6});   // 6 against 6: not higher
  CHECK(taken(after).empty());
  play(after, "0 use -1 0");
  play(after, pick_universe(after, 0, "espionage"));
  CHECK(taken(after).empty());
  play(after, "0 pass");
  CHECK(taken(after) == std::vector<std::string>{"press_conference"});   // the Stage ended
}

TEST_CASE("JFK: the opponent acts in every Stage it has played, even if the player does not") {
  auto s = table({.seats = {{.hand = {"skylab"}}}, .universe = {"titan_rocket"}, .variant = srpb::JFK,
                  .opponent_controls = {"technology_1"}, .opponent_deck = {"breakthrough_1"}});
  choose(s, {P6});
  play(s, "0 pass");
  CHECK(holds(taken(s), "titan_rocket"));
}

TEST_CASE("JFK Phase 2 step 4: Eastern Bloc Pushes Forward when its level is at least twice yours") {
  auto s = table({.seats = {{.hand = {"skylab"}, .agency = {"communication_satellite"}}},
                  .deck = {"moon_landing", "titan_rocket", "lunokhod"}, .variant = srpb::JFK,
                  .opponent_deck = {"propaganda_6"}});
  choose(s, {T6});
  // Propaganda: it takes the Deck's top card (no Propaganda in the Universe) and, with 6
  // against the player's 1, pushes forward one more. Technology: it has no level there.
  play(s, "0 pass");
  CHECK(taken(s) == std::vector<std::string>{"moon_landing", "titan_rocket"});

  auto even = table({.seats = {{.hand = {"skylab"}, .agency = {"national_pride", "propaganda_poster", "communication_satellite"}}},
                     .deck = {"moon_landing", "titan_rocket"}, .variant = srpb::JFK,
                     .opponent_deck = {"propaganda_6"}});
  choose(even, {T6});   // the player's Propaganda level is 5: 6 is not twice that
  play(even, "0 pass");
  CHECK(taken(even) == std::vector<std::string>{"moon_landing"});
}

TEST_CASE("JFK Phase 3: a Deck card when nothing was invested, one more per opponent Stage, 2 turn up") {
  auto s = table({.seats = {{.hand = {"skylab"}}}, .variant = srpb::JFK,
                  .opponent_controls = {"technology_1"}, .opponent_deck = {"propaganda_1"}});
  choose(s, {B6});
  play(s, "0 pass");
  REQUIRE(s.current_step() == step::invest);
  play(s, "0 done");
  CHECK(s.round() == 2);
  CHECK(s.face_down().size == 1);   // 1 + 2 added, 2 turned face up

  auto invested = table({.seats = {{.hand = {"skylab", "moon_landing", "espionage"}}}, .variant = srpb::JFK,
                         .opponent_controls = {"technology_1"}, .opponent_deck = {"propaganda_1"}});
  choose(invested, {B6});
  play(invested, "0 pass");
  play(invested, pick_hand(invested, 0, "skylab"));
  play(invested, pick_hand(invested, 0, "moon_landing"));
  play(invested, "0 done");
  CHECK(invested.face_down().size == 2);   // 2 invested + 2 added, 2 turned face up
}

TEST_CASE("JFK Scoring: the opponent scores 2 per Leader or Breakthrough, 1 per other card, a tie is its win") {
  setup base{.seats = {{.hand = {"skylab"}, .agency = {"space_station", "project_gemini"}, .lab = {"lunokhod"},
                        .used_controls = six_used}},
             .round = 7, .deck = {"espionage"}, .rest_into_deck = false, .variant = srpb::JFK,
             .opponent_taken = {"carl_sagan", "moon_landing"}, .opponent_deck = {"breakthrough_1"}};
  auto tie = table(base);
  choose(tie, {B6});
  play(tie, "0 pass");   // then the opponent takes Espionage from the Deck
  REQUIRE(tie.result().over);
  CHECK(tie.opponent_score() == 2 + 2 + 1);
  CHECK(tie.score_of(0).halves == 2 * 5);
  CHECK(tie.result().winners == 0);   // "Better luck next time, Mr. President."

  base.seats[0].lab.push_back("research_lab");
  auto win = table(base);
  choose(win, {B6});
  play(win, "0 pass");
  REQUIRE(win.result().over);
  CHECK(win.result().winners == 0b1);
}

TEST_CASE("JFK Scoring: 6 points for each category in which the opponent does not have more symbols") {
  auto more = table({.seats = {{.agency = {"moon_landing"}}}, .variant = srpb::JFK,
                     .opponent_taken = {"first_human_in_space"}});
  CHECK(more.score_of(0).categories == 6);
  auto even = table({.seats = {{.agency = {"moon_landing"}}}, .variant = srpb::JFK,
                     .opponent_taken = {"first_human_in_space", "lunar_base"}});
  CHECK(even.score_of(0).categories == 6);
  auto behind = table({.seats = {{.agency = {"moon_landing"}}}, .variant = srpb::JFK,
                       .opponent_taken = {"first_human_in_space", "lunar_base", "first_spacewalk"}});
  CHECK(behind.score_of(0).categories == 0);
  auto none = table({.seats = {{.agency = {"skylab"}}}, .variant = srpb::JFK});
  CHECK(none.score_of(0).categories == 0);   // no symbol, no category
}

TEST_CASE("JFK: the opponent's taken cards count as its Lab for Espionage and Rosetta Mission") {
  auto s = table({.seats = {{.agency = {"espionage"}}}, .variant = srpb::JFK,
                  .opponent_taken = {"skylab", "moon_landing"}, .opponent_deck = {"technology_1"}});
  choose(s, {P6});
  play(s, use(0, s, "espionage", 0));
  CHECK(legal(s, "0 pick 4 4 0"));
  CHECK(legal(s, "0 pick 4 4 1"));
  play(s, "0 pick 4 4 1");
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"moon_landing"});
  CHECK(taken(s) == std::vector<std::string>{"skylab"});
}
