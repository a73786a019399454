// Space Race positions with a seat that resigned earlier in the match (docs/scenarios.md,
// SeatPosition.resigned): every view shows it, the Stages and Clever Investments skip it,
// the match ends when one seat is left, and a posed resignation matches one reached by play.
#include <string>

#include "engine/core/scenario.hpp"
#include "position_mutator.hpp"
#include "space_race_table.hpp"
#include "tests/engine/position_json.hpp"

using starport::engine::viewer;
using sr::step;

namespace {

srpb::Position json_position(std::string_view json) { return position_from_json<srpb::Position>(json); }

sr::state start(int seats, const std::string& json) {
  srpb::Position p = json_position(json);
  starport::engine::verdict v = sr::state::validate(seats, srpb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  return sr::state(seats, srpb::Options(), p, 7);
}

std::string refusal(int seats, const srpb::Position& p) {
  starport::engine::verdict v = sr::state::validate(seats, srpb::Options(), p);
  if (v) return "";
  CHECK(v.code == starport::engine::rule_error::bad_options);
  return v.detail;
}

std::string seen(const sr::state& s, viewer who) {
  srpb::View v;
  s.view(who, v);
  return starport::engine::to_json(v, false);
}

// Round 2's Propaganda Stage at three seats; seat 1 resigned before choosing its Control
// Card. Seat 2 (level 6) goes first.
const std::string resigned_develop = R"({
  "round": 2, "phase": "DEVELOP", "stage": "PROPAGANDA", "turn_seat": 2,
  "seats": [{"control": "propaganda_3", "hand": ["skylab"], "used_controls": ["technology_3"]},
            {"resigned": true, "hand": ["lunokhod"], "used_controls": ["technology_6"]},
            {"control": "propaganda_6", "used_controls": ["space_program_3"]}],
  "universe": ["communication_satellite", "espionage"],
  "deck": ["moon_landing"], "shuffle_rest_into_deck": true})";

// The same table in Plan Development, seat 1 still to resign.
const std::string before_resigning = R"({
  "round": 2,
  "seats": [{"control": "propaganda_3", "hand": ["skylab"], "used_controls": ["technology_3"]},
            {"hand": ["lunokhod"], "used_controls": ["technology_6"]},
            {"control": "propaganda_6", "used_controls": ["space_program_3"]}],
  "universe": ["communication_satellite", "espionage"],
  "deck": ["moon_landing"], "shuffle_rest_into_deck": true})";

}  // namespace

TEST_CASE("Resigned position: a seat that resigned earlier is shown resigned and skipped, as play leaves it") {
  sr::state posed = start(3, resigned_develop);
  for (int w = 0; w < 3; ++w) {
    srpb::View v;
    posed.view(viewer::of_seat(w), v);
    CHECK(v.seats(1).resigned());
    CHECK_FALSE(v.seats(0).resigned());
  }
  REQUIRE(posed.stage_order().size() == 2);
  CHECK(posed.turn_seat() == 2);

  sr::state played = start(3, before_resigning);
  play(played, "1 resign");
  CHECK(played.current_step() == step::develop);
  CHECK(seen(posed, viewer::of_seat(0)) == seen(played, viewer::of_seat(0)));
  CHECK(seen(posed, viewer::of_seat(1)) == seen(played, viewer::of_seat(1)));
  CHECK(seen(posed, viewer::of_seat(2)) == seen(played, viewer::of_seat(2)));
  CHECK(seen(posed, viewer::spectator()) == seen(played, viewer::spectator()));

  // Turns go 2, 0, 2 … never to seat 1; it may not act at all.
  play(posed, "2 pass");
  CHECK(posed.turn_seat() == 0);
  CHECK_FALSE(attempt(posed, "1 pass"));
  CHECK_FALSE(attempt(posed, "1 resign"));
  // One seat left: the match is over, the last seat wins.
  play(posed, "2 resign");
  CHECK(posed.result().over);
  CHECK(posed.result().winners == starport::engine::seat_bit(0));
  CHECK(std::string(posed.result().reason) == "resigned");
}

TEST_CASE("Resigned position: Clever Investments skips a seat that resigned") {
  sr::state s = start(3, R"({
    "round": 2, "phase": "PREPARE", "turn_seat": 0,
    "seats": [{"control": "propaganda_3", "hand": ["skylab"], "used_controls": ["technology_3"]},
              {"resigned": true, "hand": ["lunokhod"], "used_controls": ["technology_6"]},
              {"control": "propaganda_6", "hand": ["espionage"], "used_controls": ["space_program_3"]}],
    "universe": ["communication_satellite"], "shuffle_rest_into_deck": true})");
  CHECK(s.must_act() == starport::engine::seat_bit(0));
  play(s, "0 done");
  CHECK(s.must_act() == starport::engine::seat_bit(2));
}

TEST_CASE("Resigned position: a seat that resigned during the Stage keeps its place in the order, passed") {
  std::string json = resigned_develop;
  json.replace(json.find(R"({"resigned": true,)"), 18, R"({"resigned": true, "control": "propaganda_1",)");
  json.replace(json.find(R"("turn_seat": 2,)"), 15, R"("turn_seat": 2, "passed": [1],)");
  sr::state s = start(3, json);
  CHECK(s.stage_order().size() == 3);
  CHECK(s.passed(1));
  srpb::View v;
  s.view(viewer::spectator(), v);
  CHECK(v.seats(1).passed());
  play(s, "2 pass");
  CHECK(s.turn_seat() == 0);
}

TEST_CASE("Resigned position: a resignation that could not be is refused with the field") {
  srpb::Position p = json_position(resigned_develop);
  p.mutable_seats(2)->set_resigned(true);
  CHECK(refusal(3, p) == "resigned: the match needs two seats still playing (JFK: its one seat); with fewer it is over");
  p = json_position(resigned_develop);
  p.set_turn_seat(1);
  CHECK(refusal(3, p) == "turn_seat: a seat that resigned takes no more turns");
  p = json_position(resigned_develop);
  p.mutable_seats(1)->set_resigned(false);   // then it needs a Control Card
  CHECK(refusal(3, p) == "from DEVELOP on every seat still playing has this round's Control Card");
  p = json_position(resigned_develop);
  p.add_passed(1);   // it resigned in an earlier round: it has no place in the Stage
  CHECK(refusal(3, p) == "a seat that passed must take part in the Stage");
  srpb::Position scoring = json_position(R"({"round": 7, "phase": "SCORING",
    "seats": [{"agency": [{"code": "area_51"}], "resigned": true, "area51_declared": true, "area51": "MAN_IN_SPACE"},
              {}, {}]})");
  CHECK(refusal(3, scoring) == "area51_declared: a seat that resigned declares nothing");
}

TEST_CASE("Resigned position: random edits of a position with a resigned seat are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sr::state>();
  CHECK(position_mutator::check(game, 3, srpb::Options(), json_position(resigned_develop), 80, 31) > 0);
}
