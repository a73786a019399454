// Space Race rule scenarios: every answer of the rulebook's FAQ, one test each.
#include "space_race_table.hpp"

using sr::step;

namespace {

const std::vector<std::string> six_used = {"propaganda_1", "propaganda_3", "technology_1",
                                           "technology_3", "space_program_1", "space_program_3"};

}  // namespace

TEST_CASE("FAQ: more than one Leader in an Agency? No — placing a second one sends one to the Lab") {
  auto s = table({.seats = {{.hand = {"john_f_kennedy"}, .agency = {"sergei_korolev", "national_pride"}}, {}}});
  choose(s, {P6, T6});
  play(s, use(0, s, "national_pride", 1));
  play(s, pick_hand(s, 0, "john_f_kennedy"));
  play(s, "0 pick 3 0 " + std::to_string(agency_index(s, 0, "sergei_korolev")));
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"national_pride", "john_f_kennedy"});
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"sergei_korolev"});
  // A position cannot start with two Leaders in one Agency either.
  CHECK_FALSE(sr::state::validate(2, srpb::Options(),
                                  position_of({.seats = {{.agency = {"sergei_korolev", "carl_sagan"}}, {}}})));
}

TEST_CASE("FAQ: the same card more than once in an Agency? Yes, and each copy's ability works") {
  auto s = table({.seats = {{.agency = {"press_conference"}}, {}}, .universe = {"press_conference"}});
  choose(s, {P6, T6});
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "press_conference"));
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"press_conference", "press_conference"});
  CHECK(legal(s, "0 use 0 0"));
  CHECK(legal(s, "0 use 1 0"));
}

TEST_CASE("FAQ: the exact number? No — up to the number, never beyond it") {
  auto s = table({.seats = {{.agency = {"goodwill_tour"}}, {}}, .universe = {"espionage", "press_conference", "national_pride"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "goodwill_tour", 1));
  CHECK(legal(s, "0 done"));   // zero is fine
  play(s, pick_universe(s, 0, "espionage"));
  play(s, pick_universe(s, 0, "national_pride"));
  CHECK(s.seat(0).lab.size == 2);
  CHECK(s.pending().empty());   // two was the most
  CHECK(s.universe(sr::stage::propaganda).size == 1);
}

TEST_CASE("FAQ: zone icons on your cards mean your own zones unless the text says otherwise") {
  auto s = table({.seats = {{.agency = {"goodwill_tour", "espionage"}}, {.lab = {"skylab"}}},
                  .universe = {"press_conference"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "goodwill_tour", 1));
  play(s, pick_universe(s, 0, "press_conference"));
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"press_conference"});
  CHECK(codes(s.seat(1).lab) == std::vector<std::string>{"skylab"});
  // Espionage explicitly names an opponent's Lab.
  play(s, use(0, s, "espionage", 0));
  CHECK(legal(s, "0 pick 4 1 0"));
  CHECK_FALSE(legal(s, "0 pick 4 0 0"));
}

TEST_CASE("FAQ: both abilities of the level 1 Technology Control Card in one turn? No") {
  auto s = table({.seats = {{}, {}}, .universe = {"supercomputer", "research_lab"}});
  choose(s, {T1, T6});
  CHECK(s.turn_seat() == 1);   // level 6 first
  play(s, "1 use -1 0");
  play(s, pick_universe(s, 1, "supercomputer"));
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "research_lab"));
  CHECK(s.turn_seat() == 1);   // the other ability waits for seat 0's next turn
  CHECK_FALSE(legal(s, "0 use -1 1"));
  play(s, "1 pass");
  CHECK(legal(s, "0 use -1 1"));
  play(s, "0 use -1 1");
  CHECK(legal(s, "0 draw 2"));
}

TEST_CASE("FAQ: both abilities of the level 1 Space Program Control Card in one turn? No") {
  auto s = table({.seats = {{.hand = {"skylab"}}, {}}, .universe = {"lunar_orbiter", "space_station"}});
  choose(s, {S1, S6});
  play(s, "1 use -1 0");
  play(s, pick_universe(s, 1, "space_station"));
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "lunar_orbiter"));
  CHECK(s.turn_seat() == 1);
  play(s, "1 pass");
  play(s, "0 use -1 1");   // now: a card from the Hand into the Agency
  play(s, pick_hand(s, 0, "skylab"));
  CHECK(holds(agency_codes(s, 0), "skylab"));
}

TEST_CASE("FAQ: Area 51's duplicated symbol can change any time, even before Scoring") {
  auto s = table({.seats = {{.agency = {"area_51", "moon_landing", "hubble_deep_field"}, .used_controls = six_used},
                            {.agency = {"first_satellite", "lunar_base", "first_human_in_space"}, .used_controls = six_used}},
                  .round = 7});
  // Nothing is fixed during the game: the estimate uses the best choice.
  CHECK(s.seat(0).area51 == -1);
  CHECK(s.score_of(1).categories == 6);
  choose(s, {B6, B6});
  play(s, "1 pass");   // Breakthrough level 10 against 9: seat 1 first
  play(s, "0 pass");
  REQUIRE(s.current_step() == step::declare);
  CHECK(s.must_act() == 0b01);
  CHECK(legal(s, "0 declare 0"));    // Reaching for the Stars
  CHECK(legal(s, "0 declare 1"));    // Man in Space
  CHECK_FALSE(legal(s, "0 declare 2"));   // a category the Agency does not show
  play(s, "0 declare 1");
  REQUIRE(s.result().over);
  CHECK(s.symbols_of(0, 1)[1] == 3);
  CHECK(s.score_of(0).categories == 12);   // Stars tied, Man in Space 3 to 2
  CHECK(s.score_of(1).categories == 6);
}

TEST_CASE("FAQ: Saturn V takes a Breakthrough with the Man in Space symbol, or nothing at all") {
  auto s = table({.seats = {{.agency = {"saturn_v"}}, {}}, .universe = {"moon_landing", "hubble_deep_field"}});
  choose(s, {T6, P6});
  play(s, "1 pass");
  play(s, use(0, s, "saturn_v", 1));
  CHECK(legal(s, pick_universe(s, 0, "moon_landing")));
  CHECK_FALSE(legal(s, pick_universe(s, 0, "hubble_deep_field")));
  play(s, pick_universe(s, 0, "moon_landing"));
  CHECK(holds(agency_codes(s, 0), "moon_landing"));

  auto none = table({.seats = {{.agency = {"saturn_v"}}, {}}, .universe = {"hubble_deep_field", "titan_rocket"}});
  choose(none, {T6, P6});
  play(none, "1 pass");
  play(none, use(0, none, "saturn_v", 1));
  CHECK(none.pending().empty());   // used and covered, no other card instead
  CHECK(none.seat(0).agency.cards[0].covered);
  CHECK(none.seat(0).agency.size == 1);
  CHECK(none.universe(sr::stage::breakthrough).size == 1);
}

TEST_CASE("FAQ: Propaganda I's Bureaucracy cannot return Propaganda I itself") {
  auto s = table({.seats = {{.used_controls = {"technology_6"}}, {}}, .round = 2});
  choose(s, {P1, T6});
  play(s, "0 pass");
  play(s, "1 pass");
  REQUIRE(s.current_stage() == 4);
  play(s, "0 use -1 2");
  CHECK(legal(s, "0 pick 6 0 5"));          // Technology VI, used last round
  CHECK_FALSE(legal(s, "0 pick 6 0 0"));    // not Propaganda I
  play(s, "0 pick 6 0 5");
  CHECK((s.seat(0).unused >> T6 & 1u) == 1u);
  CHECK((s.seat(0).unused >> P1 & 1u) == 0u);
}

TEST_CASE("FAQ: UFO Investigation, Lunokhod, Project Mercury and Project SETI count themselves") {
  auto ufo = table({.seats = {{.agency = {"ufo_investigation"}}, {}}});
  choose(ufo, {P6, T6});
  play(ufo, use(0, ufo, "ufo_investigation", 1));
  CHECK(legal(ufo, "0 draw 1"));
  CHECK_FALSE(legal(ufo, "0 draw 2"));

  auto lunokhod = table({.seats = {{.agency = {"lunokhod"}}, {}}});
  choose(lunokhod, {T6, P6});
  play(lunokhod, "1 pass");
  play(lunokhod, use(0, lunokhod, "lunokhod", 1));
  CHECK(legal(lunokhod, "0 draw 1"));
  CHECK_FALSE(legal(lunokhod, "0 draw 2"));

  auto mercury = table({.seats = {{.agency = {"project_mercury"}}, {}}});
  CHECK(mercury.agency_level(0, sr::stage::space_program) == 1);

  auto seti = table({.seats = {{.agency = {"project_seti"}}, {}}, .universe = {"espionage", "skylab"}});
  choose(seti, {S6, P6});
  play(seti, "1 pass");
  play(seti, use(0, seti, "project_seti", 1));
  play(seti, pick_universe(seti, 0, "skylab"));
  CHECK(seti.pending().empty());   // one card: SETI itself
  CHECK(seti.seat(0).lab.size == 1);
}

TEST_CASE("FAQ: Carl Sagan chooses which face-down card turns up, not how many") {
  auto s = table({.seats = {{.hand = {"skylab"}, .agency = {"carl_sagan"}}, {.hand = {"espionage"}}}});
  choose(s, {T6, S6});
  play(s, "0 pass");
  play(s, "1 pass");
  play(s, "0 done");
  play(s, "1 done");
  REQUIRE(s.current_step() == step::reveal);
  std::vector<starport::engine::action> list;
  s.legal_actions(0, list);
  CHECK(list.size() == 2);   // one of the two face-down cards; no "done", no second pick
  for (const auto& a : list) CHECK(a.kind == static_cast<std::uint16_t>(sr::kind::pick));
  play(s, "0 pick 5 0 1");
  CHECK(s.round() == 2);
}

TEST_CASE("FAQ: Planet Nine Confirmed shows at most 4 symbols, one per category present in an Agency") {
  auto one = table({.seats = {{.agency = {"planet_nine"}}, {.agency = {"moon_landing"}}}});
  CHECK(one.symbols_of(0, -1) == std::array<int, 4>{0, 1, 0, 0});
  auto all = table({.seats = {{.agency = {"planet_nine", "hubble_deep_field", "moon_landing"}},
                              {.agency = {"water_on_mars", "wow_signal"}}}});
  CHECK(all.symbols_of(0, -1) == std::array<int, 4>{2, 3, 1, 1});
  auto alone = table({.seats = {{.agency = {"planet_nine"}}, {}}});
  CHECK(alone.symbols_of(0, -1) == std::array<int, 4>{0, 0, 0, 0});   // it does not count itself
}

TEST_CASE("FAQ: Rosetta Mission reaches any Laboratory, yours or an opponent's") {
  auto s = table({.seats = {{.agency = {"rosetta_mission"}, .lab = {"espionage"}}, {.lab = {"skylab"}}}});
  choose(s, {S6, P6});
  play(s, "1 pass");
  play(s, use(0, s, "rosetta_mission", 1));
  CHECK(legal(s, "0 pick 4 0 0"));
  CHECK(legal(s, "0 pick 4 1 0"));
  play(s, "0 pick 4 1 0");
  CHECK(holds(agency_codes(s, 0), "skylab"));
  CHECK(s.seat(1).lab.size == 0);
}

TEST_CASE("FAQ: no cards left in the Deck — each card not drawn scores 0.5") {
  auto s = table({.seats = {{.agency = {"supercomputer"}}, {.hand = {"skylab"}}}, .rest_into_deck = false});
  choose(s, {T6, P6});
  play(s, "1 pass");
  play(s, use(0, s, "supercomputer", 0));
  play(s, "0 draw 2");
  CHECK(s.seat(0).empty_deck_halves == 2);
  CHECK(s.score_of(0).halves == 2 * 1 + 2);
}
