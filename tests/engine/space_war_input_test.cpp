// Space War: bad input changes nothing, options and positions are validated, the card
// data holds what the rules notes promise, and views hide what they must.
#include "space_war_table.hpp"

#include <set>

#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"

using starport::engine::rule_error;
using starport::engine::viewer;
using swpb::DWARVES;
using swpb::ELVES;
using swpb::HUMANS;

TEST_CASE("Bad input: out-of-turn, illegal, malformed and unknown actions get their code and change nothing") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(s, "0 flip");
  const sw::state before = s;
  CHECK(attempt(s, "0 flip").code == rule_error::not_your_turn);   // already flipped
  CHECK(attempt(s, "1 trigger").code == rule_error::illegal_action);   // nothing to trigger in a flip step
  CHECK(attempt(s, "1 decline").code == rule_error::illegal_action);
  CHECK(attempt(s, "1 flip 3").code == rule_error::bad_argument);
  CHECK(attempt(s, "5 flip").code == rule_error::no_such_seat);
  starport::engine::action unknown{1, 0, 9, {}};
  CHECK(s.check(unknown).code == rule_error::unknown_action);
  CHECK(attempt(s, "1 resign 1").code == rule_error::bad_argument);
  CHECK(s == before);
  play(s, "1 flip");
  CHECK(attempt(s, "0 flip").code == rule_error::illegal_action);   // the Armor decision comes first
  CHECK(attempt(s, "0 trigger 1").code == rule_error::bad_argument);
}

TEST_CASE("Bad input: the type-erased match refuses without applying") {
  const auto* g = starport::engine::find_game("space_war");
  REQUIRE(g);
  swpb::Options o;
  auto m = g->create(2, o, 5);
  auto copy = m->clone();
  starport::engine::action a{1, 0, 3, {}};   // decline with nothing to decline
  CHECK_FALSE(m->play(a));
  CHECK(m->same_state(*copy));
}

TEST_CASE("Options: seat counts, faction lists and limits are validated") {
  swpb::Options o;
  CHECK(sw::state::validate(2, o));
  CHECK(sw::state::validate(6, o));
  CHECK(sw::state::validate(1, o).code == rule_error::bad_options);
  CHECK(sw::state::validate(7, o).code == rule_error::bad_options);
  o.add_factions(DWARVES);
  CHECK(sw::state::validate(2, o).code == rule_error::bad_options);   // one per seat
  o.add_factions(DWARVES);
  CHECK(sw::state::validate(2, o).code == rule_error::bad_options);   // distinct
  o.set_factions(1, static_cast<swpb::Faction>(42));
  CHECK(sw::state::validate(2, o).code == rule_error::bad_options);
  o.set_factions(1, swpb::FACTION_UNSPECIFIED);
  CHECK(sw::state::validate(2, o));                                  // the seed picks the rest
  o.set_contest_limit(1'000'000);
  CHECK(sw::state::validate(2, o).code == rule_error::bad_options);
}

TEST_CASE("Positions: unknown cards, missing factions, wrong power sides and too many cards are refused") {
  swpb::Options o;
  auto p = position_of({{DWARVES, {"dwarves:99"}}, {ELVES, {"elves:2"}}});
  CHECK(sw::state::validate(2, o, p).code == rule_error::bad_options);
  p = position_of({{DWARVES, {"dwarves:2"}}, {DWARVES, {"dwarves:3"}}});
  CHECK(sw::state::validate(2, o, p).code == rule_error::bad_options);
  p = position_of({{HUMANS, {"humans:2"}, {}, swpb::ACTIVE}, {ELVES, {"elves:2"}}});
  CHECK(sw::state::validate(2, o, p).code == rule_error::bad_options);   // Humans have no Power
  p = position_of({{swpb::GOBLINS, {"goblins:2"}, {}, swpb::INACTIVE}, {ELVES, {"elves:2"}}});
  CHECK(sw::state::validate(2, o, p).code == rule_error::bad_options);   // Swarm is Permanent
  std::vector<std::string> many(130, "elves:2");
  swpb::Position big = position_of({{DWARVES, {"dwarves:2"}}, {ELVES, {}}});
  for (const auto& c : many) big.mutable_seats(1)->add_deck(c);
  CHECK(sw::state::validate(2, o, big).code == rule_error::bad_options);
  CHECK(sw::state::validate(3, o, position_of({{DWARVES, {"dwarves:2"}}, {ELVES, {"elves:2"}}})).code ==
        rule_error::bad_options);
}

TEST_CASE("Decks (rules notes): six factions of 20 cards, unique codes, one leader per faction") {
  std::set<std::string> seen;
  for (const auto& c : sw::all_cards()) CHECK(seen.insert(std::string(c.code)).second);
  for (int f = 1; f <= sw::faction_count; ++f) {
    auto deck = sw::starting_deck(static_cast<sw::faction>(f));
    CHECK(deck.size() == 20);
    int leaders = 0;
    for (auto id : deck) {
      CHECK(sw::card(id).owner == static_cast<sw::faction>(f));
      leaders += sw::card(id).leader != sw::leader_effect::blank;
    }
    CHECK(leaders == (f == static_cast<int>(sw::faction::goblins) ? 0 : 1));
  }
  int with_power = 0, permanent = 0, without = 0;
  for (int f = 1; f <= sw::faction_count; ++f) {
    const auto& fi = sw::info(static_cast<sw::faction>(f));
    with_power += fi.faction_power != sw::power::none;
    permanent += fi.permanent;
    without += fi.faction_power == sw::power::none;
  }
  CHECK(with_power >= 4);
  CHECK(permanent >= 1);
  CHECK(without >= 1);
}

TEST_CASE("Views: decks and discard piles are counts only, the omniscient view lists them") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}, {"dwarves:9"}}, {ELVES, {"elves:8", "elves:2"}}});
  swpb::View v;
  s.view(viewer::of_seat(0), v);
  CHECK(v.deck_counts(0) == 2);
  CHECK(v.discard_counts(0) == 1);
  CHECK(v.seats(0).deck_size() == 0);
  CHECK(v.seats(0).discard_size() == 0);
  CHECK(v.legal_actions_size() == 1);
  s.view(viewer::spectator(), v);
  CHECK(v.spectator());
  CHECK(v.legal_actions_size() == 0);
  s.view(viewer::omniscient(), v);
  REQUIRE(v.seats(0).deck_size() == 2);
  CHECK(sw::all_cards()[v.seats(0).deck(0).kind()].code == "dwarves:thane");
}

TEST_CASE("Views: face-down War cards never show, even to their owner, the omniscient view has them") {
  // An Active Armor holds the War step open in its "before battle begins" window.
  auto s = table({{DWARVES, {"dwarves:5", "dwarves:2", "dwarves:3", "dwarves:9"}, {}, swpb::ACTIVE},
                  {ELVES, {"elves:5", "elves:4", "elves:6", "elves:7"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 decline");
  play(s, "0 flip");
  play(s, "1 flip");
  REQUIRE(s.current_phase() == sw::phase::before_battle);
  for (viewer who : {viewer::of_seat(0), viewer::of_seat(1), viewer::spectator()}) {
    swpb::View v;
    s.view(who, v);
    // A card this viewer sees only the back of is a column entry (owner, step), never a
    // BattlefieldCard: nothing in the view could carry its id or kind.
    for (const auto& b : v.battlefield()) CHECK((b.face_up() && b.has_card()));
    CHECK(v.face_down_owners_size() == 4);
    CHECK(v.battlefield_size() == 4);
  }
  swpb::View all;
  s.view(viewer::omniscient(), all);
  for (const auto& b : all.battlefield()) CHECK(b.has_card());
}

TEST_CASE("Scenario files: a position, options and actions in JSON, with readable errors") {
  const char* json = R"({
    "game": "space_war", "seats": 2, "seed": "3",
    "options": {"contest_limit": 10},
    "position": {"seats": [{"faction": "HUMANS", "deck": ["humans:9", "humans:2"]},
                           {"faction": "ELVES", "deck": ["elves:3", "elves:4"]}]},
    "actions": ["0 flip", "1 flip"]})";
  starport::engine::scenario sc;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::parse_scenario(json, sc, error), error);
  auto m = sc.start();
  for (const auto& a : sc.actions) REQUIRE(m->play(a));
  auto v = m->view(viewer::omniscient());
  CHECK(static_cast<const swpb::View&>(*v).discard_counts(0) == 2);

  CHECK_FALSE(starport::engine::parse_scenario(R"({"game": "chess"})", sc, error));
  CHECK(error.find("unknown game") != std::string::npos);
  CHECK_FALSE(starport::engine::parse_scenario(R"({"game": "space_war", "seats": 9})", sc, error));
  CHECK_FALSE(starport::engine::parse_scenario(R"({"game": "space_war", "seats": 2, "actions": ["0 dance"]})", sc, error));
  CHECK(error.find("unknown action") != std::string::npos);
  CHECK_FALSE(starport::engine::parse_scenario(R"({"game": "space_war", "seats": 2, "rules_version": 99})", sc, error));
  CHECK_FALSE(starport::engine::parse_scenario("not json", sc, error));
}
