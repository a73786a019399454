// Space Race rule scenarios: "How to Read Abilities", "Available Abilities", the one-Leader
// rule, Bureaucracy and the Control Card's acquire fallback.
#include <bit>

#include "space_race_table.hpp"

using starport::engine::rule_error;
using sr::step;

namespace {

// Plays timeouts (pass, done, the first choice) until the next round's Plan Development.
void to_next_round(sr::state& s) {
  const int round = s.round();
  int guard = 0;
  while (!s.result().over && (s.round() == round || s.current_step() != step::choose) && guard++ < 500) {
    int seat = std::countr_zero(static_cast<unsigned>(s.must_act()));
    s.apply(s.timeout_action(seat));
  }
  REQUIRE(s.round() == round + 1);
}

}  // namespace

TEST_CASE("Reusable Abilities: once each round, fresh again the next round") {
  auto s = table({.seats = {{.agency = {"press_conference"}}, {}}});
  choose(s, {P6, T6});
  const std::string press = use(0, s, "press_conference", 0);
  play(s, press);
  play(s, "0 draw 1");
  CHECK_FALSE(legal(s, press));   // "Each particular ability can be used only once per round"
  to_next_round(s);
  choose(s, {P3, T3});
  CHECK(legal(s, press));
}

TEST_CASE("Single-Use Abilities: after use the right side is covered and cannot be used again") {
  auto s = table({.seats = {{.agency = {"goodwill_tour"}}, {}}, .universe = {"titan_rocket", "espionage"}});
  choose(s, {P6, T6});
  const std::string tour = use(0, s, "goodwill_tour", 1);
  play(s, tour);
  CHECK(s.seat(0).agency.cards[0].covered);   // covered at once
  play(s, pick_universe(s, 0, "titan_rocket"));
  play(s, pick_universe(s, 0, "espionage"));
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"titan_rocket", "espionage"});
  CHECK_FALSE(legal(s, tour));
  to_next_round(s);
  choose(s, {P3, T3});
  CHECK_FALSE(legal(s, tour));
}

TEST_CASE("Uncovering Cards: a covered right side becomes usable again (a card cannot uncover itself)") {
  auto s = table({.seats = {{.agency = {"~goodwill_tour", "mission_control"}}, {}}, .universe = {"espionage"}});
  choose(s, {T6, S6});
  play(s, "0 use -1 0");   // nothing of Technology in the Universe: the fallback
  play(s, "0 draw 0");
  play(s, use(0, s, "mission_control", 1));
  CHECK(legal(s, "0 pick 3 0 0"));          // Goodwill Tour
  CHECK_FALSE(legal(s, "0 pick 3 0 1"));    // Mission Control itself
  play(s, "0 pick 3 0 0");
  CHECK_FALSE(s.seat(0).agency.cards[0].covered);
  CHECK(s.seat(0).agency.cards[1].covered);
  to_next_round(s);
  choose(s, {P6, T3});
  CHECK(legal(s, use(0, s, "goodwill_tour", 1)));
}

TEST_CASE("Useful Notes: an ability used this round stays used even if its card is uncovered") {
  auto s = table({.seats = {{.agency = {"sample_return", "gene_kranz"}, .lab = {"skylab"}}, {}}});
  choose(s, {S6, T6});
  play(s, "1 pass");
  play(s, use(0, s, "sample_return", 1));
  play(s, "0 done");
  play(s, use(0, s, "gene_kranz", 0));
  play(s, "0 pick 3 0 " + std::to_string(agency_index(s, 0, "sample_return")));
  CHECK_FALSE(s.seat(0).agency.cards[0].covered);
  CHECK_FALSE(legal(s, use(0, s, "sample_return", 1)));
}

TEST_CASE("Abilities Belonging to a Stage: only abilities on the active stripe") {
  // Titan Rocket's ability is on the Space Program stripe although it is a Technology card.
  auto s = table({.seats = {{.agency = {"titan_rocket", "supercomputer"}}, {}}});
  choose(s, {T6, P6});
  play(s, "1 pass");
  CHECK(s.current_stage() == 1);
  CHECK(legal(s, use(0, s, "supercomputer", 0)));
  CHECK_FALSE(legal(s, use(0, s, "titan_rocket", 0)));
  CHECK(attempt(s, use(0, s, "titan_rocket", 0)).code == rule_error::bad_argument);
}

TEST_CASE("Combined abilities: the split is announced first, then each row moves up to its share") {
  auto s = table({.seats = {{.hand = {"skylab"}, .agency = {"public_outreach"}}, {}}, .deck = {"moon_landing"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "public_outreach", 0));
  CHECK(legal(s, "0 split 0"));
  CHECK(legal(s, "0 split 2"));
  CHECK_FALSE(legal(s, "0 split 3"));
  CHECK_FALSE(legal(s, "0 draw 1"));   // no moving before the split
  play(s, "0 split 1");                // 1 from the Deck to the Hand, 1 from the Hand to the Lab
  CHECK_FALSE(legal(s, "0 draw 2"));
  play(s, "0 draw 1");
  CHECK(holds(codes(s.seat(0).hand), "moon_landing"));
  play(s, pick_hand(s, 0, "skylab"));
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"skylab"});
  CHECK(s.pending().empty());
}

TEST_CASE("FAQ: abilities move up to the number shown, never more") {
  auto s = table({.seats = {{.agency = {"press_conference", "goodwill_tour"}}, {}},
                  .universe = {"titan_rocket", "espionage", "skylab"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "press_conference", 0));
  CHECK(legal(s, "0 draw 0"));
  CHECK(legal(s, "0 draw 2"));
  CHECK_FALSE(legal(s, "0 draw 3"));
  play(s, "0 draw 0");
  play(s, use(0, s, "goodwill_tour", 1));
  play(s, pick_universe(s, 0, "skylab"));
  CHECK(legal(s, "0 done"));           // one of up to two
  play(s, "0 done");
  CHECK(s.seat(0).lab.size == 1);
}

TEST_CASE("Immediate Actions: resolved as soon as the card is placed in the Agency") {
  auto s = table({.seats = {{}, {}}, .universe = {"propaganda_poster"}, .deck = {"hubble_deep_field"}});
  choose(s, {P6, T6});
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "propaganda_poster"));
  REQUIRE_FALSE(s.pending().empty());   // the Poster's draw, before the turn moves on
  CHECK(s.pending().back().what.from == sr::zone::deck);
  CHECK(s.must_act() == 0b01);
  play(s, "0 draw 1");
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"hubble_deep_field"});
}

TEST_CASE("Leaders: one Leader in an Agency, the player chooses which one moves to the Lab") {
  auto s = table({.seats = {{.agency = {"carl_sagan"}}, {}}, .universe = {"yuri_gagarin"}, .deck = {"skylab", "moon_landing"}});
  choose(s, {P6, T6});
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "yuri_gagarin"));
  CHECK(legal(s, "0 pick 3 0 0"));
  CHECK(legal(s, "0 pick 3 0 1"));
  CHECK_FALSE(legal(s, "0 draw 2"));   // the Leader rule comes before Gagarin's Immediate draw
  CHECK_FALSE(legal(s, "0 done"));
  play(s, "0 pick 3 0 0");             // Carl Sagan goes
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"yuri_gagarin"});
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"carl_sagan"});
  play(s, "0 draw 2");
  CHECK(s.seat(0).hand.size == 2);
}

TEST_CASE("Bureaucracy: every seat must resolve its Bureaucracy abilities, \"You may\" ones are optional") {
  auto s = table({.seats = {{.agency = {"john_f_kennedy", "government_grant"}}, {.agency = {"government_grant"}}},
                  .initiative = 1});
  choose(s, {P6, T6});
  play(s, "0 pass");
  play(s, "1 pass");
  CHECK(s.current_stage() == 4);
  REQUIRE(s.stage_order().size() == 2);
  CHECK(s.stage_order()[0] == 1);   // from the Initiative holder, clockwise
  CHECK(legal(s, "1 pass"));        // only a "You may" ability
  play(s, "1 pass");
  CHECK_FALSE(legal(s, "0 pass"));  // Kennedy's draw is mandatory
  play(s, use(0, s, "government_grant", 2));
  play(s, "0 draw 1");
  CHECK_FALSE(legal(s, "0 pass"));
  play(s, use(0, s, "john_f_kennedy", 2));
  play(s, "0 draw 1");
  CHECK(s.current_step() == step::invest);   // nothing left: the Stage is over
}

TEST_CASE("Bureaucracy: a card that says \"exactly\" takes its full toll when it can") {
  auto s = table({.seats = {{.hand = {"skylab", "moon_landing"}, .agency = {"five_year_plan"}}, {}}});
  choose(s, {P6, T6});
  play(s, "0 pass");
  play(s, "1 pass");
  play(s, use(0, s, "five_year_plan", 2));
  CHECK_FALSE(legal(s, "0 done"));
  srpb::View v;   // the prompt says what the card says
  s.view(starport::engine::viewer::of_seat(0), v);
  CAPTURE(v.prompt().text());
  CHECK(v.prompt().text().find("Put exactly 1") != std::string::npos);
  play(s, pick_hand(s, 0, "skylab"));
  CHECK(s.face_down().size == 1);   // face down into the Universe
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"moon_landing"});
}

TEST_CASE("No Appropriate Card in the Universe: a card of a finished Stage, or draw 3") {
  auto s = table({.seats = {{}, {}}, .universe = {"espionage", "moon_landing"}, .deck = {"skylab", "titan_rocket", "lunokhod"}});
  choose(s, {T6, S6});
  play(s, "0 use -1 0");
  CHECK(legal(s, pick_universe(s, 0, "espionage")));      // Propaganda: already finished
  CHECK_FALSE(legal(s, pick_universe(s, 0, "moon_landing")));   // Breakthrough: still to come
  CHECK(legal(s, "0 draw 3"));
  CHECK_FALSE(legal(s, "0 draw 4"));
  play(s, "0 draw 3");
  CHECK(s.seat(0).hand.size == 3);
  CHECK(s.current_stage() == 2);   // nothing left to use: the seat leaves the Stage by itself
  // and the log says so (its "passed" mark appears with no move of its own)
  const std::string said = filled(s.describe_effects());
  CAPTURE(said);
  CHECK(said.find("{seat:0} has nothing left to use and passes.") != std::string::npos);
  // In the first Stage there is no finished Stage: only the draw.
  auto first = table({.seats = {{}, {}}, .universe = {"moon_landing"}});
  choose(first, {P6, S6});
  play(first, "0 use -1 0");
  CHECK_FALSE(legal(first, pick_universe(first, 0, "moon_landing")));
  CHECK(legal(first, "0 draw 3"));
}

TEST_CASE("Control Cards: the acquire ability takes a card of its own type into the Agency") {
  auto s = table({.seats = {{}, {}}, .universe = {"espionage", "titan_rocket"}});
  choose(s, {T6, P6});
  play(s, "1 pass");
  play(s, "0 use -1 0");
  CHECK_FALSE(legal(s, pick_universe(s, 0, "espionage")));
  play(s, pick_universe(s, 0, "titan_rocket"));
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"titan_rocket"});
}

TEST_CASE("Per-card abilities count the cards of a type in the Agency, the card itself included") {
  auto s = table({.seats = {{.agency = {"lunokhod", "supercomputer", "research_lab"}}, {}}});
  choose(s, {T6, P6});
  play(s, "1 pass");
  play(s, use(0, s, "lunokhod", 1));
  CHECK(legal(s, "0 draw 3"));
  CHECK_FALSE(legal(s, "0 draw 4"));
  play(s, "0 draw 3");
  CHECK(s.seat(0).lab.size == 3);
}

TEST_CASE("Hidden information: which copy of a card left a Hand is not told by its id") {
  // Two Espionage copies in the Hand (the others may have seen one go in from the Universe):
  // moving either to the Laboratory shows the others the same table.
  auto s = table({.seats = {{.hand = {"espionage", "espionage"}, .agency = {"public_outreach"}}, {}}});
  choose(s, {P6, T6});
  play(s, use(0, s, "public_outreach", 0));
  play(s, "0 split 0");   // nothing drawn, up to 2 from the Hand to the Lab
  sr::state first = s, second = s;
  play(first, "0 pick 2 0 0");
  play(second, "0 pick 2 0 1");
  REQUIRE(codes(first.seat(0).lab) == std::vector<std::string>{"espionage"});
  REQUIRE(codes(second.seat(0).lab) == std::vector<std::string>{"espionage"});
  CHECK(serialized(first, starport::engine::viewer::spectator()) == serialized(second, starport::engine::viewer::spectator()));
  CHECK(serialized(first, starport::engine::viewer::of_seat(1)) == serialized(second, starport::engine::viewer::of_seat(1)));
}
