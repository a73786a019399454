// Space Race rule scenarios: Game Setup, Phase 1 (Manage the Agency) and the shape of a round.
#include <bit>

#include "space_race_table.hpp"

using starport::engine::rule_error;
using starport::engine::viewer;
using sr::step;

TEST_CASE("Game Setup: Universe of 4/5/6 face-up cards plus 2 face-down, hands of 3, 4, then 5") {
  for (int seats = 2; seats <= 4; ++seats) {
    srpb::Options o;
    o.set_first_player(1);
    REQUIRE(sr::state::validate(seats, o));
    sr::state s(seats, o, 11);
    int face_up = 0;
    for (int t = 0; t < 4; ++t) {
      face_up += s.universe(static_cast<sr::stage>(t)).size;
      for (sr::copy_id c : s.universe(static_cast<sr::stage>(t)).items())
        CHECK(static_cast<int>(sr::card_of(c).type) == t);   // arranged by type
    }
    CHECK(face_up == seats + 2);
    CHECK(s.face_down().size == 2);
    CHECK(s.initiative() == 1);
    CHECK(s.seat(1).hand.size == 3);   // the Initiative holder
    CHECK(s.seat(2 % seats).hand.size == 4);
    if (seats >= 3) CHECK(s.seat(0).hand.size == 5);
    if (seats == 4) CHECK(s.seat(3).hand.size == 5);
    int dealt = 0;
    for (int p = 0; p < seats; ++p) dealt += s.seat(p).hand.size;
    CHECK(s.deck().size == 98 - face_up - 2 - dealt);
    CHECK(s.seat(0).unused == 0xfff);   // 12 Control Cards each
    CHECK(s.current_step() == step::choose);
    CHECK(s.round() == 1);
  }
}

TEST_CASE("Options: the standard game and the Cold War need 2–4 players, JFK exactly 1") {
  srpb::Options o;
  CHECK(sr::state::validate(1, o));   // the default variant with one seat is JFK
  o.set_variant(srpb::STANDARD);
  CHECK(sr::state::validate(1, o).code == rule_error::bad_options);
  o.set_variant(srpb::COLD_WAR);
  CHECK(sr::state::validate(1, o).code == rule_error::bad_options);
  CHECK(sr::state::validate(4, o));
  o.set_variant(srpb::JFK);
  CHECK(sr::state::validate(2, o).code == rule_error::bad_options);
  o.set_jfk_decks(4);
  CHECK(sr::state::validate(1, o).code == rule_error::bad_options);
  o.set_jfk_decks(3);
  CHECK(sr::state::validate(1, o));
  srpb::Options first;
  first.set_first_player(2);
  CHECK(sr::state::validate(2, first).code == rule_error::bad_options);
  CHECK(sr::state::validate(5, srpb::Options()).code == rule_error::bad_options);
}

TEST_CASE("Plan Development: every seat chooses in secret, the choice stays hidden until all have chosen") {
  auto s = table({.seats = {{}, {}, {}}});
  CHECK(s.must_act() == 0b111);
  const std::string seat1_before = serialized(s, viewer::of_seat(1));
  play(s, "0 choose 2");
  CHECK(s.must_act() == 0b110);
  CHECK(attempt(s, "0 choose 1").code == rule_error::not_your_turn);

  // Another seat's view and a spectator's: "has chosen", nothing about which card.
  auto other = table({.seats = {{}, {}, {}}});
  play(other, "0 choose 7");
  for (viewer who : {viewer::of_seat(1), viewer::of_seat(2), viewer::spectator()})
    CHECK(serialized(s, who) == serialized(other, who));
  CHECK(serialized(s, viewer::of_seat(1)) != seat1_before);   // "chosen" is public
  srpb::View v1;
  s.view(viewer::of_seat(1), v1);
  CHECK(v1.seats(0).chosen());
  CHECK_FALSE(v1.seats(0).has_current_control());
  CHECK(v1.seats(0).unused_controls_size() == 12);
  srpb::View v0;
  s.view(viewer::of_seat(0), v0);
  CHECK(v0.seats(0).current_control().index() == 2);
  CHECK(v0.seats(0).unused_controls_size() == 11);

  play(s, "1 choose 3");
  play(s, "2 choose 11");
  // Unexpected Opportunities: every current Control Card turns face up.
  s.view(viewer::of_seat(1), v1);
  CHECK(v1.seats(0).current_control().index() == 2);
  CHECK(v1.seats(2).current_control().index() == 11);
  CHECK(s.current_step() == step::develop);
}

TEST_CASE("Plan Development: a used Control Card cannot be chosen again") {
  auto s = table({.seats = {{.used_controls = {"propaganda_6", "technology_6"}}, {}}, .round = 3});
  CHECK_FALSE(legal(s, "0 choose 2"));
  CHECK_FALSE(legal(s, "0 choose 5"));
  CHECK(attempt(s, "0 choose 2").code == rule_error::bad_argument);
  CHECK(legal(s, "0 choose 8"));
}

TEST_CASE("Unexpected Opportunities: face-down Universe cards turn face up, arranged by type") {
  auto s = table({.seats = {{}, {}}, .universe = {"titan_rocket"}, .face_down = {"moon_landing", "espionage"}});
  CHECK(s.face_down().size == 2);
  choose(s, {P6, T6});
  CHECK(s.face_down().size == 0);
  CHECK(holds(codes(s.universe(sr::stage::breakthrough)), "moon_landing"));
  CHECK(holds(codes(s.universe(sr::stage::propaganda)), "espionage"));
}

TEST_CASE("Develop: only seats whose Control Card matches a Stage take part in it") {
  auto s = table({.seats = {{}, {}}, .universe = {"espionage", "titan_rocket"}});
  choose(s, {P6, T6});
  CHECK(s.current_stage() == 0);
  CHECK(s.must_act() == 0b01);
  CHECK(s.stage_order().size() == 1);
  play(s, "0 pass");
  CHECK(s.current_stage() == 1);
  CHECK(s.must_act() == 0b10);
  play(s, "1 pass");
  // Space Program and Breakthrough have nobody; no Bureaucracy abilities: Prepare.
  CHECK(s.current_step() == step::invest);
}

TEST_CASE("How to Resolve Stages: order by Stage level, Agency levels plus the Control Card") {
  // The rulebook's example: Titan Rocket (2) + a level 6 card beats Korolev (1) + level 3.
  auto s = table({.seats = {{.agency = {"sergei_korolev"}}, {.agency = {"titan_rocket"}}, {}},
                  .universe = {"vostok_program", "space_station", "space_shuttle"}});
  choose(s, {S3, S6, S1});
  CHECK(s.current_stage() == 2);
  CHECK(s.stage_level(1, sr::stage::space_program) == 8);
  CHECK(s.stage_level(0, sr::stage::space_program) == 4);
  CHECK(s.stage_level(2, sr::stage::space_program) == 1);
  REQUIRE(s.stage_order().size() == 3);
  CHECK(s.stage_order()[0] == 1);
  CHECK(s.stage_order()[1] == 0);
  CHECK(s.stage_order()[2] == 2);
  CHECK(s.turn_seat() == 1);
}

TEST_CASE("How to Resolve Stages: ties go to the Initiative holder, then clockwise") {
  auto s = table({.seats = {{}, {}, {}}, .initiative = 2});
  choose(s, {P3, P3, P3});
  REQUIRE(s.stage_order().size() == 3);
  CHECK(s.stage_order()[0] == 2);
  CHECK(s.stage_order()[1] == 0);
  CHECK(s.stage_order()[2] == 1);
}

TEST_CASE("How to Resolve Stages: the order is fixed once, one ability per turn, passing leaves the Stage") {
  auto s = table({.seats = {{.agency = {"press_conference"}}, {.agency = {"space_race_rally"}}},
                  .universe = {"national_pride", "communication_satellite", "espionage"}});
  choose(s, {P3, P6});
  REQUIRE(s.stage_order().size() == 2);
  CHECK(s.stage_order()[0] == 1);   // 6 against 3 + 1
  play(s, "1 use -1 0");            // acquire: National Pride (Propaganda 2)
  play(s, pick_universe(s, 1, "national_pride"));
  CHECK(s.turn_seat() == 0);        // one ability, then the next seat
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "espionage"));
  CHECK(s.turn_seat() == 1);
  play(s, "1 pass");
  CHECK(s.turn_seat() == 0);
  CHECK(s.passed(1));
  play(s, use(0, s, "press_conference", 0));
  play(s, "0 draw 2");
  CHECK(s.turn_seat() == 0);        // seat 1 passed: it never comes back this Stage
  CHECK(s.stage_order()[0] == 1);
  play(s, "0 pass");
  CHECK(s.current_stage() != 0);
}

TEST_CASE("Useful Notes: abilities on cards added this round can be used in the same Stage") {
  auto s = table({.seats = {{}, {}}, .universe = {"press_conference"}, .deck = {"skylab", "hubble_deep_field"}});
  choose(s, {P6, T6});
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "press_conference"));
  CHECK(legal(s, use(0, s, "press_conference", 0)));
  play(s, use(0, s, "press_conference", 0));
  play(s, "0 draw 2");
  CHECK(holds(codes(s.seat(0).hand), "skylab"));
  CHECK(holds(codes(s.seat(0).hand), "hubble_deep_field"));
}

TEST_CASE("Emergency Financing: a seat with an empty Hand draws 1 card after Bureaucracy") {
  auto s = table({.seats = {{}, {.hand = {"skylab"}}}, .deck = {"moon_landing"}});
  choose(s, {P6, T6});
  play(s, "0 pass");
  play(s, "1 pass");
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"moon_landing"});
  CHECK(s.seat(1).hand.size == 1);
}

TEST_CASE("Phase 2 step 7: after the 7th round comes Scoring, the round is the count of Control Cards") {
  auto s = table({.seats = {{.used_controls = {"propaganda_1", "propaganda_3", "technology_1", "technology_3",
                                               "space_program_1", "space_program_3"}},
                            {.used_controls = {"propaganda_1", "propaganda_3", "technology_1", "technology_3",
                                               "space_program_1", "space_program_3"}}},
                  .round = 7});
  choose(s, {B6, B6});
  play(s, "0 pass");
  play(s, "1 pass");
  CHECK(s.result().over);
  CHECK(s.current_step() == step::over);
}

TEST_CASE("A full game: seven rounds, then a result") {
  srpb::Options o;
  sr::state s(3, o, 5);
  std::vector<starport::engine::action> list;
  int guard = 0;
  while (!s.result().over && guard++ < 5000) {
    int seat = std::countr_zero(static_cast<unsigned>(s.must_act()));
    REQUIRE(seat < 3);
    s.apply(s.timeout_action(seat));
  }
  CHECK(s.result().over);
  CHECK(s.round() == 7);
  CHECK(s.result().winners != 0);
}

TEST_CASE("Resign: a resigning seat leaves, the last one standing wins") {
  auto s = table({.seats = {{}, {}, {}}});
  play(s, "0 choose 2");
  play(s, "2 resign");
  CHECK(s.must_act() == 0b010);
  play(s, "1 choose 2");
  CHECK(s.current_step() == step::develop);
  play(s, "1 resign");
  CHECK(s.result().over);
  CHECK(s.result().winners == 0b001);
}
