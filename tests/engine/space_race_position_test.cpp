// Space Race positions past Plan Development (docs/scenarios.md): a turn inside a Stage
// with abilities already used, a seat's turn in Clever Investments, a Control Card chosen
// in secret, JFK's second and third opponent decks — each plays on by the rules — and a
// refusal for every kind of inconsistency.
#include <string>

#include "engine/core/scenario.hpp"
#include "position_mutator.hpp"
#include "space_race_table.hpp"
#include "tests/engine/position_json.hpp"

using starport::engine::viewer;
using sr::step;

namespace {

srpb::Position json_position(std::string_view json) { return position_from_json<srpb::Position>(json); }

sr::state start(int seats, const std::string& json, srpb::Options options = {}) {
  srpb::Position p = json_position(json);
  starport::engine::verdict v = sr::state::validate(seats, options, p);
  REQUIRE_MESSAGE(v, v.detail);
  return sr::state(seats, options, p, 7);
}

std::string refusal(int seats, const std::string& json, srpb::Options options = {}) {
  starport::engine::verdict v = sr::state::validate(seats, options, json_position(json));
  if (v) return "";
  CHECK(v.code == starport::engine::rule_error::bad_options);
  return v.detail;
}

// The Propaganda Stage of round 3: seat 1 (level 6 + 3) acquired National Pride on its
// first turn; seat 0 already drew with Press Conference. Seat 0's turn.
const std::string mid_propaganda = R"({
  "round": 3, "phase": "DEVELOP", "stage": "PROPAGANDA", "turn_seat": 0,
  "seats": [{"control": "propaganda_3", "hand": ["skylab"],
             "agency": [{"code": "press_conference", "used_left": true}],
             "used_controls": ["technology_6", "breakthrough_6"]},
            {"control": "propaganda_6", "control_used_left": true,
             "agency": [{"code": "space_race_rally"}, {"code": "national_pride"}],
             "used_controls": ["space_program_6", "technology_3"]}],
  "universe": ["communication_satellite", "espionage"],
  "deck": ["moon_landing"], "shuffle_rest_into_deck": true})";

}  // namespace

TEST_CASE("Position: a turn inside the Propaganda Stage, with this round's abilities already used, plays on") {
  auto s = start(2, mid_propaganda);
  CHECK(s.current_step() == step::develop);
  CHECK(s.round() == 3);
  CHECK(s.current_stage() == 0);
  CHECK(s.turn_seat() == 0);
  REQUIRE(s.stage_order().size() == 2);
  CHECK(s.stage_order()[0] == 1);   // 6 + 1 + 2 against 3 + 1
  CHECK_FALSE(legal(s, use(0, s, "press_conference", 0)));   // drew already this round
  CHECK(legal(s, "0 use -1 0"));
  CHECK(s.seat(1).control_used == sr::used_left);
  // The Control Cards are face up from Develop on: the other seat sees them.
  srpb::View v;
  s.view(viewer::of_seat(0), v);
  CHECK(v.seats(1).has_current_control());
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "espionage"));
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"press_conference", "espionage"});
  CHECK(s.turn_seat() == 1);
  CHECK_FALSE(legal(s, "1 use -1 0"));   // its acquire ability is used
  play(s, "1 pass");
  CHECK(s.passed(1));
}

TEST_CASE("Position: a seat that passed stays out of the Stage") {
  std::string json = mid_propaganda;
  json.replace(json.find(R"("turn_seat": 0,)"), 15, R"("turn_seat": 0, "passed": [1],)");
  auto s = start(2, json);
  CHECK(s.passed(1));
  play(s, "0 use -1 0");
  play(s, pick_universe(s, 0, "espionage"));
  CHECK(s.turn_seat() != 1);
}

TEST_CASE("Position: Clever Investments at the second seat, the first seat's investment still face down") {
  auto s = start(2, R"({
    "round": 2, "phase": "PREPARE", "turn_seat": 1, "initiative": 0,
    "seats": [{"control": "propaganda_6", "hand": ["skylab"], "invested": ["lunokhod"]},
              {"control": "technology_6", "hand": ["espionage", "moon_landing"]}],
    "shuffle_rest_into_deck": true})");
  CHECK(s.current_step() == step::invest);
  CHECK(s.must_act() == 0b10);
  CHECK(s.face_down().size == 1);
  srpb::View own, other;
  s.view(viewer::of_seat(0), own);
  s.view(viewer::of_seat(1), other);
  CHECK(own.seats(0).known_face_down_size() == 1);    // seat 0 put it there
  CHECK(other.seats(1).known_face_down_size() == 0);
  CHECK(other.face_down_size() == 0);
  play(s, pick_hand(s, 1, "espionage"));
  play(s, "1 done");
  // Unexplored Universe and True Visionaries follow; round 3 begins with Plan Development.
  CHECK(s.round() == 3);
  CHECK(s.current_step() == step::choose);
  CHECK(s.initiative() == 1);
}

// True Visionaries at three seats (two cards turn face up): seat 1 holds Carl Sagan and
// has turned one already; one more to choose from the three still face down.
const std::string sagan_choosing = R"({
  "round": 2, "phase": "PREPARE", "initiative": 0, "sagan_reveal": 1,
  "seats": [{"control": "propaganda_6", "hand": ["skylab"]},
            {"control": "technology_6", "agency": [{"code": "carl_sagan"}]},
            {"control": "space_program_6", "invested": ["espionage"]}],
  "universe": ["communication_satellite"],
  "face_down": ["lunokhod", "moon_landing"], "shuffle_rest_into_deck": true})";

TEST_CASE("Position: Carl Sagan's reveal in True Visionaries - his holder chooses, the others do not see") {
  auto s = start(3, sagan_choosing);
  CHECK(s.current_step() == step::reveal);
  CHECK(s.must_act() == 0b010);
  CHECK(s.face_down().size == 3);
  srpb::View holder, other;
  s.view(viewer::of_seat(1), holder);
  s.view(viewer::of_seat(0), other);
  CHECK(holder.face_down_size() == 3);   // he sees what he chooses from
  CHECK(holder.has_prompt());
  CHECK(other.face_down_size() == 0);
  CHECK(other.seats(2).known_face_down_size() == 0);
  s.view(viewer::of_seat(2), other);
  CHECK(other.face_down_size() == 0);
  CHECK(other.seats(2).known_face_down_size() == 1);   // seat 2 invested it
  play(s, "1 pick " + std::to_string(static_cast<int>(sr::pick_zone::face_down)) + " 0 " +
              std::to_string(index_in(s.face_down(), "moon_landing")));
  // His choice was the last: True Visionaries is over, the Initiative moves, round 3 begins.
  bool landed = false;
  for (int t = 0; t < 4; ++t) landed = landed || holds(codes(s.universe(static_cast<sr::stage>(t))), "moon_landing");
  CHECK(landed);
  CHECK(s.face_down().size == 2);   // the other two stay face down into the next round
  CHECK(s.round() == 3);
  CHECK(s.current_step() == step::choose);
  CHECK(s.initiative() == 1);
}

TEST_CASE("Position: in Plan Development a seat may have chosen already, hidden from the others") {
  auto s = start(2, R"({"round": 2, "phase": "MANAGE",
    "seats": [{"control": "technology_6"}, {}], "universe": ["espionage"], "shuffle_rest_into_deck": true})");
  CHECK(s.current_step() == step::choose);
  CHECK(s.must_act() == 0b10);
  srpb::View other;
  s.view(viewer::of_seat(1), other);
  CHECK_FALSE(other.seats(0).has_current_control());
  CHECK(other.seats(0).chosen());
  play(s, "1 choose " + std::to_string(P6));
  CHECK(s.current_step() == step::develop);
  CHECK(s.turn_seat() == 1);   // Propaganda first
}

TEST_CASE("Position: JFK's second and third opponent decks can be stated, top first") {
  srpb::Options o;
  o.set_variant(srpb::JFK);
  o.set_jfk_decks(3);
  auto s = start(1, R"({"seats": [{}], "shuffle_rest_into_deck": true,
    "opponent_deck": ["technology_3"], "opponent_deck_2": ["propaganda_6", "space_program_1"],
    "opponent_deck_3": ["breakthrough_1"]})", o);
  CHECK(s.opponent().deck_size_left[1] == 2);
  choose(s, {B6});
  CHECK(s.opponent().level[1] == 3);   // technology_3 from the first deck
  CHECK(s.opponent().level[0] == 6);   // propaganda_6, the top of the second
  CHECK(s.opponent().level[3] == 1);   // breakthrough_1 from the third
  CHECK(s.opponent().deck_size_left[1] == 1);
  CHECK(s.opponent().deck_size_left[2] == 0);
}

TEST_CASE("Position: Scoring after round 7 asks the Area 51 holder to declare") {
  auto s = start(2, R"({"round": 7, "phase": "SCORING",
    "seats": [{"agency": [{"code": "area_51"}, {"code": "moon_landing"}],
               "used_controls": ["propaganda_1", "propaganda_3", "propaganda_6", "technology_1", "technology_3", "technology_6", "space_program_1"]},
              {"used_controls": ["propaganda_1", "propaganda_3", "propaganda_6", "technology_1", "technology_3", "technology_6", "space_program_1"]}],
    "shuffle_rest_into_deck": true})");
  CHECK(s.current_step() == step::declare);
  CHECK(s.must_act() == 0b01);
}

TEST_CASE("Position: every kind of inconsistency past Plan Development is refused with its reason") {
  const auto found = [](const std::string& why, const char* part) {
    INFO(why);
    return why.find(part) != std::string::npos;
  };
  CHECK(refusal(2, mid_propaganda) == "");
  const std::string two = R"("seats": [{"control": "propaganda_3"}, {"control": "technology_6"}])";
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "GAME_OVER"})"), "over"));
  CHECK(found(refusal(2, R"({"seats": [{}, {}], "phase": "DEVELOP"})"), "Control Card"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "DEVELOP", "stage": "SPACE_PROGRAM"})"), "no seat takes part"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "DEVELOP", "turn_seat": 1})"), "does not take part"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "DEVELOP", "passed": [0]})"), "already passed"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "DEVELOP", "passed": [1]})"), "take part in the Stage"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "DEVELOP", "turn_seat": 5})"), "no such seat"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "control_used_left": true, "control_used_right": true}, {"control": "technology_6"}],
      "phase": "DEVELOP"})"), "no ability left"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "MANAGE", "turn_seat": 1})"), "turn_seat"));
  CHECK(refusal(3, sagan_choosing) == "");
  CHECK(found(refusal(2, "{" + two + R"(, "sagan_reveal": 1})"), "belongs to PREPARE"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "PREPARE", "sagan_reveal": 1, "face_down": ["skylab", "lunokhod"]})"),
              "Carl Sagan"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "agency": [{"code": "carl_sagan"}]}, {"control": "technology_6"}],
      "phase": "PREPARE", "sagan_reveal": 2, "face_down": ["skylab", "lunokhod", "espionage"]})"), "more than True Visionaries"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "agency": [{"code": "carl_sagan"}]}, {"control": "technology_6"}],
      "phase": "PREPARE", "sagan_reveal": 1, "face_down": ["skylab"]})"), "no choice"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "agency": [{"code": "carl_sagan"}]}, {"control": "technology_6"}],
      "phase": "PREPARE", "sagan_reveal": 1, "turn_seat": 1, "face_down": ["skylab", "lunokhod"]})"), "after Clever Investments"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "PREPARE", "passed": [1]})"), "`passed`"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "PREPARE"})"), "empty Hand"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "PREPARE", "invested": true})"), "JFK"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "nobody_9"}, {}]})"), "unknown Control Card"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "used_controls": ["propaganda_3"]}, {}]})"), "earlier round"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "control_used_left": true}, {}]})"), "DEVELOP"));
  CHECK(found(refusal(2, R"({"seats": [{"agency": [{"code": "press_conference", "used_right": true, "covered": true}]}, {}]})"), "DEVELOP"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "agency": [{"code": "press_conference", "used_right": true}]}, {"control": "technology_6"}],
      "phase": "DEVELOP"})"), "covered"));
  CHECK(found(refusal(2, R"({"seats": [{"invested": ["skylab"]}, {}]})"), "PREPARE"));
  CHECK(found(refusal(2, R"({"seats": [{"control": "propaganda_3", "hand": ["skylab"], "invested": ["skylab", "skylab", "skylab"]}, {"control": "technology_6"}],
      "phase": "PREPARE"})"), "copies"));
  CHECK(found(refusal(2, "{" + two + R"(, "phase": "SCORING"})"), "round 7"));
  CHECK(found(refusal(2, "{" + two + R"(, "round": 7, "phase": "SCORING"})"), "used_controls"));
  CHECK(found(refusal(2, R"({"seats": [{}, {}], "opponent_deck_2": ["propaganda_1"]})"), "JFK"));
  srpb::Options jfk2;
  jfk2.set_variant(srpb::JFK);
  jfk2.set_jfk_decks(2);
  CHECK(refusal(1, R"({"seats": [{}], "opponent_deck_2": ["propaganda_1"]})", jfk2) == "");
  CHECK(found(refusal(1, R"({"seats": [{}], "opponent_deck_3": ["propaganda_1"]})", jfk2), "jfk_decks"));
  CHECK(found(refusal(1, R"({"seats": [{}], "opponent_deck_2": ["propaganda_1", "propaganda_1"]})", jfk2), "once"));
  CHECK(found(refusal(1, R"({"seats": [{}], "opponent_deck_2": ["propaganda_9"]})", jfk2), "unknown Control Card"));
}

TEST_CASE("Position: an ability half resolved, its prompt open, plays on") {
  std::string json = mid_propaganda;
  // Seat 0 has started Press Conference's draw (up to 2): 1 card still to draw.
  json.replace(json.find(R"({"code": "press_conference", "used_left": true})"), 47, R"({"code": "press_conference"})");
  json.replace(json.find(R"("turn_seat": 0,)"), 15, R"("turn_seat": 0, "ability": {"source": 0, "slot": 0, "remaining": 1},)");
  auto s = start(2, json);
  REQUIRE(s.pending().size() == 1);
  CHECK(s.pending()[0].remaining == 1);
  CHECK(s.seat(0).agency.cards[0].used == sr::used_left);
  srpb::View v;
  s.view(viewer::of_seat(0), v);
  CHECK(v.has_prompt());
  CHECK(v.prompt().remaining() == 1);
  CHECK_FALSE(legal(s, "0 draw 2"));
  play(s, "0 draw 1");
  CHECK(holds(codes(s.seat(0).hand), "moon_landing"));
  CHECK(s.turn_seat() == 1);   // the ability is over: the next seat's turn
}

TEST_CASE("Position: the Control Card's acquire started, the Universe card still to pick") {
  std::string json = mid_propaganda;
  json.replace(json.find(R"("turn_seat": 0,)"), 15, R"("turn_seat": 0, "ability": {"source": -1, "slot": 0},)");
  auto s = start(2, json);
  CHECK(s.must_act() == 0b01);
  CHECK(s.seat(0).control_used == sr::used_left);
  CHECK_FALSE(legal(s, "0 use -1 0"));
  play(s, pick_universe(s, 0, "espionage"));
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"press_conference", "espionage"});
  CHECK(s.turn_seat() == 1);
}

TEST_CASE("Position: a declaration already made in Scoring ends the game at once") {
  auto s = start(2, R"({"round": 7, "phase": "SCORING",
    "seats": [{"agency": [{"code": "area_51"}, {"code": "moon_landing"}], "area51_declared": true, "area51": "MAN_IN_SPACE",
               "used_controls": ["propaganda_1", "propaganda_3", "propaganda_6", "technology_1", "technology_3", "technology_6", "space_program_1"]},
              {"used_controls": ["propaganda_1", "propaganda_3", "propaganda_6", "technology_1", "technology_3", "technology_6", "space_program_1"]}],
    "shuffle_rest_into_deck": true})");
  CHECK(s.result().over);
  CHECK(s.seat(0).area51 == 1);
}

TEST_CASE("Position: an ability in progress or a declaration that could not be is refused") {
  const auto found = [](const std::string& why, const char* part) {
    INFO(why);
    return why.find(part) != std::string::npos;
  };
  const auto with_ability = [](const std::string& ability) {
    std::string json = mid_propaganda;
    json.replace(json.find(R"("turn_seat": 0,)"), 15, R"("turn_seat": 0, "ability": )" + ability + ",");
    return json;
  };
  CHECK(refusal(2, with_ability(R"({"source": -1, "slot": 0})")) == "");
  CHECK(found(refusal(2, with_ability(R"({"source": 0, "slot": 0})")), "could use now"));   // drew already
  CHECK(found(refusal(2, with_ability(R"({"source": 7, "slot": 0})")), "could use now"));
  CHECK(found(refusal(2, with_ability(R"({"source": -1, "slot": 5})")), "slot 0"));
  CHECK(found(refusal(2, with_ability(R"({"source": -1, "slot": 0, "remaining": 4})")), "more of the ability"));
  CHECK(found(refusal(2, R"({"seats": [{}, {}], "ability": {"source": -1}})"), "DEVELOP"));
  CHECK(found(refusal(2, R"({"seats": [{"area51_declared": true}, {}]})"), "SCORING"));
  CHECK(found(refusal(2, R"({"round": 7, "phase": "SCORING", "seats": [{"area51_declared": true}, {}]})"), "Area 51 in its Agency"));
}

TEST_CASE("Position: a scenario file poses a turn mid-Stage and replays its actions") {
  starport::engine::scenario sc;
  std::string error;
  const std::string file = R"({"game": "space_race", "seats": 2, "seed": 9, "position": )" + mid_propaganda +
                           R"(, "actions": ["0 use -1 0", "0 pick 1 0 0", "1 pass"]})";
  REQUIRE_MESSAGE(starport::engine::parse_scenario(file, sc, error), error);
  auto m = sc.start();
  for (const auto& a : sc.actions) CHECK(m->play(a));
}

TEST_CASE("Position: random edits of mid-round positions are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sr::state>();
  int accepted = position_mutator::check(game, 2, srpb::Options(), json_position(mid_propaganda), 150, 3);
  std::string acquiring = mid_propaganda;
  acquiring.replace(acquiring.find(R"("turn_seat": 0,)"), 15, R"("turn_seat": 0, "ability": {"source": -1, "slot": 0},)");
  accepted += position_mutator::check(game, 2, srpb::Options(), json_position(acquiring), 100, 8);
  srpb::Options jfk;
  jfk.set_variant(srpb::JFK);
  jfk.set_jfk_decks(3);
  accepted += position_mutator::check(game, 1, jfk, json_position(R"({"round": 2, "phase": "PREPARE", "invested": true,
    "seats": [{"control": "technology_6", "hand": ["skylab", "espionage"], "invested": ["lunokhod"]}],
    "opponent_controls": ["technology_3", "propaganda_6"], "opponent_deck_2": ["space_program_1"],
    "shuffle_rest_into_deck": true})"), 150, 4);
  CHECK(accepted > 0);
}

namespace {

// Seat 0 acquired Yuri Gagarin with its Control Card (its only card): Carl Sagan is in its
// Agency already, so the one-Leader choice is open, and Gagarin's Immediate draw waits
// under it (nested under the acquire).
std::string nested(const std::string& placed, const std::string& agency = R"([{"code": "carl_sagan"}, {"code": "yuri_gagarin"}])",
                   const std::string& control = "propaganda_6") {
  return R"({"round": 2, "phase": "DEVELOP", "stage": "PROPAGANDA", "turn_seat": 0,
    "seats": [{"control": ")" + control + R"(", "agency": )" + agency + R"(, "lab": [], "used_controls": ["technology_3"]},
              {"control": "technology_6", "used_controls": ["space_program_3"]}],
    "universe": ["communication_satellite"], "deck": ["skylab", "moon_landing"], "shuffle_rest_into_deck": true,
    "ability": {"source": -1, "slot": 0, "placed": )" + placed + "}}";
}

}  // namespace

TEST_CASE("Position: a Leader choice nested under the acquire that placed the Leader, then its Immediate draw") {
  auto s = start(2, nested(R"({"agency": 1, "last": true})"));
  CHECK(s.must_act() == 0b01);
  CHECK(legal(s, "0 pick 3 0 0"));
  CHECK(legal(s, "0 pick 3 0 1"));
  CHECK_FALSE(legal(s, "0 draw 2"));   // the Leader rule comes before Gagarin's Immediate draw
  CHECK_FALSE(legal(s, "0 done"));
  play(s, "0 pick 3 0 0");             // Carl Sagan goes to the Lab
  CHECK(agency_codes(s, 0) == std::vector<std::string>{"yuri_gagarin"});
  CHECK(codes(s.seat(0).lab) == std::vector<std::string>{"carl_sagan"});
  CHECK(legal(s, "0 draw 2"));
  play(s, "0 draw 2");
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"skylab", "moon_landing"});
  CHECK(s.pending().empty());   // the acquire had nothing left: the turn is over
  // The drawn cards are in seat 0's Hand: seat 1 and spectators see a count only.
  for (viewer who : {viewer::of_seat(1), viewer::spectator()}) {
    srpb::View v;
    s.view(who, v);
    const std::string json = starport::engine::to_json(v, false);
    CHECK(json.find("skylab") == std::string::npos);
    CHECK(json.find("moon_landing") == std::string::npos);
  }
}

TEST_CASE("Position: the Leader choice made, a nested Immediate ability half left") {
  auto s = start(2, nested(R"({"agency": 0, "leader_chosen": true, "remaining": 1, "last": true})",
                           R"([{"code": "yuri_gagarin"}])"));
  CHECK(s.must_act() == 0b01);
  CHECK(legal(s, "0 draw 1"));
  CHECK_FALSE(legal(s, "0 draw 2"));
  play(s, "0 draw 1");
  CHECK(codes(s.seat(0).hand) == std::vector<std::string>{"skylab"});
}

TEST_CASE("Position: a nested prompt that could not be open is refused with its reason") {
  std::string drawing = nested(R"({"agency": 1, "last": true})");   // Carl Sagan's draw: into the Hand
  drawing.replace(drawing.find(R"("source": -1)"), 12, R"("source": 0)");
  CHECK(refusal(2, drawing) == "ability.placed: the ability in progress places no card in the Agency");
  CHECK(refusal(2, nested(R"({"agency": 5})")) == "ability.placed.agency names no card of turn_seat's Agency");
  CHECK(refusal(2, nested(R"({"agency": 0})", R"([{"code": "espionage"}])")) ==
        "ability.placed: that card sets off no prompt (no Immediate ability, no second Leader)");
  CHECK(refusal(2, nested(R"({"agency": 1, "leader_chosen": true})")) == "an Agency holds at most one Leader");
  CHECK(refusal(2, nested(R"({"agency": 0, "leader_chosen": true, "remaining": 3})", R"([{"code": "yuri_gagarin"}])")) ==
        "ability.placed.remaining: more than the Immediate ability gives");
  // Without the nested prompt, two Leaders in one Agency stay refused.
  std::string two = nested("{}");
  two.replace(two.find(R"(, "placed": {})"), 14, "");
  CHECK(refusal(2, two) == "an Agency holds at most one Leader");
}

TEST_CASE("Position: random edits of a nested prompt are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sr::state>();
  const int accepted = position_mutator::check(game, 2, srpb::Options(), json_position(nested(R"({"agency": 1, "last": true})")), 100, 9);
  CHECK(accepted > 0);
}

namespace {

// Seat 0 used Public Outreach (draw, then move Hand cards to the Lab: 2 in all) and split it
// 1 + 1; the draw is still to make, then one Hand card goes to its Lab.
std::string split_outreach(const std::string& ability) {
  return R"({
  "round": 3, "phase": "DEVELOP", "stage": "PROPAGANDA", "turn_seat": 0,
  "seats": [{"control": "propaganda_3", "hand": ["skylab"],
             "agency": [{"code": "public_outreach"}],
             "used_controls": ["technology_6", "breakthrough_6"]},
            {"control": "propaganda_6", "control_used_left": true,
             "agency": [{"code": "space_race_rally"}],
             "used_controls": ["space_program_6", "technology_3"]}],
  "universe": ["communication_satellite"],
  "deck": ["moon_landing"], "shuffle_rest_into_deck": true,
  "ability": )" + ability + "}";
}

}  // namespace

TEST_CASE("Position: a combined ability after its split, the first row's move open, the second row under it") {
  auto s = start(2, split_outreach(R"({"source": 0, "slot": 0, "split": true, "remaining": 1, "split_rest": 1})"));
  REQUIRE(s.pending().size() == 2);
  CHECK(s.pending()[1].remaining == 1);
  CHECK(s.pending()[0].remaining == 1);
  CHECK(legal(s, "0 draw 1"));
  CHECK_FALSE(legal(s, "0 split 1"));
  srpb::View other;
  s.view(viewer::of_seat(1), other);
  CHECK(starport::engine::to_json(other, false).find("skylab") == std::string::npos);
  play(s, "0 draw 1");
  CHECK(holds(codes(s.seat(0).hand), "moon_landing"));
  REQUIRE(s.pending().size() == 1);   // the second row: one Hand card to the Lab
  CHECK(s.pending()[0].what.to == sr::zone::lab);

  // The first row done: only the second row is open.
  s = start(2, split_outreach(R"({"source": 0, "slot": 0, "split": true, "split_rest": 2})"));
  REQUIRE(s.pending().size() >= 1);
  CHECK(s.pending().back().what.to == sr::zone::lab);
  CHECK(s.pending().back().remaining == 2);

  CHECK(refusal(2, split_outreach(R"({"source": 0, "slot": 0, "split": true, "remaining": 2, "split_rest": 1})")) ==
        "ability.split: `remaining` and `split_rest` leave something of the ability, at most what it gives");
  CHECK(refusal(2, split_outreach(R"({"source": 0, "slot": 0, "split": true})")) ==
        "ability.split: `remaining` and `split_rest` leave something of the ability, at most what it gives");
  CHECK(refusal(2, split_outreach(R"({"source": 0, "slot": 0, "split_rest": 1})")) ==
        "ability.split: only a combined ability is split, and `split_rest` goes with `split`");
  CHECK(refusal(2, mid_propaganda.substr(0, mid_propaganda.size() - 1) +
                       R"(, "ability": {"source": -1, "slot": 0, "split": true, "remaining": 1}})") ==
        "ability.split: only a combined ability is split, and `split_rest` goes with `split`");
}

TEST_CASE("Position: random edits of a split combined ability are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sr::state>();
  CHECK(position_mutator::check(game, 2, srpb::Options(),
                                json_position(split_outreach(R"({"source": 0, "slot": 0, "split": true, "remaining": 1, "split_rest": 1})")),
                                100, 21) > 0);
}

TEST_CASE("Position: ability.placed is as deep as a prompt nests - no Immediate ability places a card in the Agency") {
  // A prompt two deep would need an Immediate ability that places a card (with its own
  // prompt) in the Agency; the card rules forbid it (validate_cards), so none exists.
  int immediate = 0;
  for (const sr::card_def& d : sr::all_cards()) {
    if (d.bottom_timing != sr::timing::immediate) continue;
    ++immediate;
    CHECK_MESSAGE(d.bottom.top.to != sr::zone::agency, d.code);
    CHECK_MESSAGE(d.bottom.bottom.to != sr::zone::agency, d.code);
    CHECK_MESSAGE(d.bottom.kind != sr::effect::acquire, d.code);
  }
  CHECK(immediate > 0);
}
