// Space War positions that start inside a contest (docs/scenarios.md): a War step half
// flipped, a power decision before battle, Salvage after a Battle — each plays on by the
// rules — and a refusal for every kind of inconsistency.
#include <string>

#include "engine/core/scenario.hpp"
#include "position_mutator.hpp"
#include "space_war_table.hpp"
#include "tests/engine/position_json.hpp"

namespace {

swpb::Position json_position(std::string_view json) { return position_from_json<swpb::Position>(json); }

sw::state start(int seats, const std::string& json, swpb::Options options = {}) {
  swpb::Position p = json_position(json);
  starport::engine::verdict v = sw::state::validate(seats, options, p);
  REQUIRE_MESSAGE(v, v.detail);
  return sw::state(seats, options, p, 7);
}

// The reason a position is refused ("" when it is accepted).
std::string refusal(int seats, const std::string& json, swpb::Options options = {}) {
  starport::engine::verdict v = sw::state::validate(seats, options, json_position(json));
  if (v) return "";
  CHECK(v.code == starport::engine::rule_error::bad_options);
  return v.detail;
}

// A War's first step: both revealed a 7; seat 0 has added its 2 face-down + 1 face-up.
const std::string half_flipped_war = R"({
  "contest": 4, "phase": "FLIP_PHASE", "war_step": 1,
  "seats": [{"faction": "HUMANS", "deck": ["humans:5"], "discard": ["humans:1"]},
            {"faction": "ELVES", "deck": ["elves:4", "elves:5", "elves:6", "elves:8"]}],
  "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true},
                  {"owner": 1, "code": "elves:7", "face_up": true},
                  {"owner": 0, "code": "humans:2", "step": 1},
                  {"owner": 0, "code": "humans:3", "step": 1},
                  {"owner": 0, "code": "humans:9", "step": 1, "face_up": true}],
  "participants": [0, 1], "flipped": [0]})";

}  // namespace

TEST_CASE("Position: a War step half flipped plays on, the flipped cards stay hidden until all have flipped") {
  auto s = start(2, half_flipped_war);
  CHECK(s.current_phase() == sw::phase::flip);
  CHECK(s.contest() == 4);
  CHECK(s.war_step() == 1);
  CHECK(s.must_act() == 0b10);
  CHECK(attempt(s, "0 flip").code == starport::engine::rule_error::not_your_turn);
  swpb::View v;
  s.view(starport::engine::viewer::of_seat(1), v);
  REQUIRE(v.battlefield_size() == 2);       // the Battle's reveals are public
  CHECK(v.battlefield(0).has_card());
  CHECK(v.face_down_owners_size() == 3);     // seat 0's War cards are not, yet: backs only
  CHECK(v.face_down_steps(2) == 1);
  CHECK(v.revealed().ids_size() == 2);
  CHECK(sw::all_cards()[v.revealed().kinds(0)].code == "humans:7");
  play(s, "1 flip");   // 2 face down, elves:6 face up: 9 beats 6
  CHECK(s.last_contest().number == 4);
  CHECK(s.last_contest().war);
  CHECK(s.last_contest().winner == 0);
  CHECK(s.last_contest().cards == 8);
  CHECK(s.discard(0).size == 9);
  CHECK(codes(s, s.deck(1)) == std::vector<std::string>{"elves:8"});
  CHECK(s.contest() == 5);
}

TEST_CASE("Position: before battle, the deciding Dwarves trigger Dwarven Armor and force a War") {
  auto s = start(2, R"({
    "contest": 2, "phase": "BEFORE_BATTLE",
    "seats": [{"faction": "DWARVES", "deck": ["dwarves:1", "dwarves:2", "dwarves:9"], "power": "ACTIVE"},
              {"faction": "ELVES", "deck": ["elves:1", "elves:2", "elves:3"], "power": "INACTIVE"}],
    "battlefield": [{"owner": 0, "code": "dwarves:5", "face_up": true},
                    {"owner": 1, "code": "elves:6", "face_up": true}],
    "deciding": [0]})");
  CHECK(s.current_phase() == sw::phase::before_battle);
  CHECK(s.deciding_seat() == 0);
  CHECK(s.strength_of(0) == 5);
  CHECK(s.strength_of(1) == 6);
  play(s, "0 trigger");   // 6 against 6
  CHECK(s.war_step() == 1);
  CHECK(s.power_of(0) == sw::power_state::inactive);
  play(s, "0 flip");
  play(s, "1 flip");      // dwarves:9 against elves:3
  CHECK(s.last_contest().winner == 0);
  CHECK(s.discard(0).size == 8);
}

TEST_CASE("Position: an armored Dwarf's +1 carries into the Battle while a later seat decides") {
  auto s = start(3, R"({
    "contest": 1, "phase": "BEFORE_BATTLE",
    "seats": [{"faction": "DWARVES", "deck": ["dwarves:1"], "power": "INACTIVE", "armored": true},
              {"faction": "ELVES", "deck": ["elves:1"], "power": "ACTIVE"},
              {"faction": "HUMANS", "deck": ["humans:1"]}],
    "battlefield": [{"owner": 0, "code": "dwarves:8", "face_up": true},
                    {"owner": 1, "code": "elves:2", "face_up": true},
                    {"owner": 2, "code": "humans:8", "face_up": true}],
    "deciding": [1]})");
  CHECK(s.strength_of(0) == 9);
  play(s, "1 decline");   // 9 beats 8
  CHECK(s.last_contest().winner == 0);
}

TEST_CASE("Position: after a Battle, the Robots' winner decides on Salvage") {
  auto s = start(2, R"({
    "contest": 3, "phase": "AFTER_BATTLE", "battle_winner": 0,
    "seats": [{"faction": "ROBOTS", "deck": ["robots:2"], "discard": ["robots:9", "elves:1"], "power": "ACTIVE"},
              {"faction": "ELVES", "deck": ["elves:2"], "discard": ["elves:3", "elves:9"]}]})");
  CHECK(s.current_phase() == sw::phase::after_battle);
  CHECK(s.must_act() == 0b01);
  CHECK(attempt(s, "0 trigger 0").code == starport::engine::rule_error::bad_argument);
  play(s, "0 trigger 1");   // the top of the Elves' discard pile
  CHECK(codes(s, s.discard(0)).front() == "elves:9");
  CHECK(s.discard(1).size == 1);
  CHECK(s.power_of(0) == sw::power_state::inactive);
  CHECK(s.contest() == 4);
}

TEST_CASE("Position: the phase is optional, a position without one starts the next contest as before") {
  auto s = start(2, R"({"contest": 2, "seats": [{"faction": "HUMANS", "deck": ["humans:9"]},
                                                {"faction": "ELVES", "deck": ["elves:3"]}]})");
  CHECK(s.contest() == 3);
  CHECK(s.current_phase() == sw::phase::flip);
  CHECK(s.battlefield().empty());
}

TEST_CASE("Position: every kind of inconsistency inside a contest is refused with its reason") {
  const std::string seats2 = R"("seats": [{"faction": "HUMANS", "deck": ["humans:5", "humans:6"]},
                                          {"faction": "ELVES", "deck": ["elves:4", "elves:5"]}])";
  const auto with = [&](const std::string& rest) { return "{" + seats2 + ", " + rest + "}"; };
  CHECK(refusal(2, half_flipped_war) == "");
  CHECK(refusal(2, with(R"("contest": 1, "phase": "GAME_OVER")")).find("over") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 0, "phase": "FLIP_PHASE")")).find("1 and up") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "war_step": 1)")).find("need a phase") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0, 1],
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true}, {"owner": 1, "code": "elves:7", "face_up": true}])"))
            .find("revealed") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0])"))
            .find("has cards in the current step") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [3])")).find("no such seat") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0, 0])")).find("twice") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE",
      "battlefield": [{"owner": 1, "code": "elves:7", "face_up": true}])")).find("not flipped") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0],
      "battlefield": [{"owner": 0, "code": "humans:7"}])")).find("face up") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0],
      "battlefield": [{"owner": 0, "code": "nobody:7", "face_up": true}])")).find("unknown card") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "flipped": [0],
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true, "step": 2}])")).find("later step") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "war_step": 1)")).find("participants") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "war_step": 1, "participants": [0, 1])"))
            .find("Battle card") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "participants": [0])")).find("two participants") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "BEFORE_BATTLE",
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true}, {"owner": 1, "code": "elves:8", "face_up": true}])"))
            .find("still deciding") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "BEFORE_BATTLE", "deciding": [1],
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true}, {"owner": 1, "code": "elves:8", "face_up": true}])"))
            .find("Active power") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "BEFORE_BATTLE", "deciding": [1],
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true}])")).find("its cards in the current step") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "AFTER_BATTLE", "battle_winner": 1)")).find("Salvage") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "battle_winner": 1)")).find("AFTER_BATTLE") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 1, "phase": "FLIP_PHASE", "deciding": [1])")).find("BEFORE_BATTLE") != std::string::npos);
  swpb::Options limited;
  limited.set_contest_limit(3);
  CHECK(refusal(2, with(R"("contest": 4, "phase": "FLIP_PHASE")"), limited).find("limit") != std::string::npos);
  CHECK(refusal(2, with(R"("contest": 3, "phase": "FLIP_PHASE")"), limited) == "");
  // A War step asks 2 + 1 cards; a seat that added 4 broke it.
  CHECK(refusal(2, R"({"contest": 1, "phase": "FLIP_PHASE", "war_step": 1, "participants": [0, 1], "flipped": [0],
      "seats": [{"faction": "HUMANS", "deck": ["humans:5"]}, {"faction": "ELVES", "deck": ["elves:4", "elves:5", "elves:6", "elves:8"]}],
      "battlefield": [{"owner": 0, "code": "humans:7", "face_up": true}, {"owner": 1, "code": "elves:7", "face_up": true},
                      {"owner": 0, "code": "humans:1", "step": 1}, {"owner": 0, "code": "humans:2", "step": 1},
                      {"owner": 0, "code": "humans:3", "step": 1}, {"owner": 0, "code": "humans:9", "step": 1, "face_up": true}]})")
            .find("asks for") != std::string::npos);
}

TEST_CASE("Position: a scenario file poses a mid-War step and replays its actions") {
  starport::engine::scenario sc;
  std::string error;
  const std::string file = R"({"game": "space_war", "seats": 2, "seed": 5, "position": )" + half_flipped_war +
                           R"(, "actions": ["1 flip"]})";
  REQUIRE_MESSAGE(starport::engine::parse_scenario(file, sc, error), error);
  auto m = sc.start();
  REQUIRE(m);
  CHECK(m->play(sc.actions[0]));
  CHECK(sc.game->progress(*m) == 5);
  const std::string broken = R"({"game": "space_war", "seats": 2, "position": {"contest": 1, "phase": "AFTER_BATTLE",
      "seats": [{"faction": "HUMANS"}, {"faction": "ELVES"}]}})";
  CHECK_FALSE(starport::engine::parse_scenario(broken, sc, error));
  CHECK(error.find("Salvage") != std::string::npos);
}

TEST_CASE("Position: random edits of contest positions are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sw::state>();
  int accepted = 0;
  accepted += position_mutator::check(game, 2, swpb::Options(), json_position(half_flipped_war), 150, 1);
  accepted += position_mutator::check(game, 2, swpb::Options(), json_position(R"({
    "contest": 3, "phase": "AFTER_BATTLE", "battle_winner": 0,
    "seats": [{"faction": "ROBOTS", "deck": ["robots:2"], "discard": ["robots:9"], "power": "ACTIVE"},
              {"faction": "TROLLS", "deck": ["trolls:2"], "discard": ["trolls:3"], "power": "ACTIVE"}]})"), 150, 2);
  CHECK(accepted > 0);   // the edits do not only break positions
}
