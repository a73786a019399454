// Space War rule scenarios: Faction Powers, their windows, leaders and captured leaders.
#include "space_war_table.hpp"

using swpb::ACTIVE;
using swpb::DWARVES;
using swpb::ELVES;
using swpb::GOBLINS;
using swpb::HUMANS;
using swpb::ROBOTS;
using swpb::TROLLS;
using sw::phase;
using sw::power_state;

TEST_CASE("Dwarven Armor: revealing the Thane activates it, triggering adds 1 Strength and flips it back") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  CHECK(s.power_of(0) == power_state::inactive);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.power_of(0) == power_state::active);
  CHECK(s.current_phase() == phase::before_battle);   // "Before battle begins": revealed, not yet compared
  CHECK(s.must_act() == 0b01);
  play(s, "0 trigger");
  CHECK(s.power_of(0) == power_state::inactive);
  CHECK(s.last_contest().winner == 0);               // 9 beats 8: no War
  CHECK_FALSE(s.last_contest().war);
}

TEST_CASE("Dwarven Armor: declining keeps it Active and the tie goes to War") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2", "dwarves:3", "dwarves:9"}},
                  {ELVES, {"elves:8", "elves:2", "elves:3", "elves:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 decline");
  CHECK(s.power_of(0) == power_state::active);
  CHECK(s.war_step() == 1);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.current_phase() == phase::before_battle);   // offered again in the War step
  play(s, "0 decline");
  CHECK(s.last_contest().winner == 0);
}

TEST_CASE("Faction Powers: an Active power ignores its activation conditions (no second use)") {
  // The rulebook's Elves example: Peace already Active, the Spirit wins another Battle.
  auto s = table({{ELVES, {"elves:spirit", "elves:3", "elves:4"}, {}, ACTIVE}, {HUMANS, {"humans:2", "humans:9", "humans:8"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 decline");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.power_of(0) == power_state::active);
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 trigger");                               // the one use
  CHECK(s.power_of(0) == power_state::inactive);
}

TEST_CASE("Peace: winning a Battle with The Spirit of the Forest activates it") {
  auto s = table({{ELVES, {"elves:spirit", "elves:3"}}, {HUMANS, {"humans:2", "humans:9"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.power_of(0) == power_state::active);
}

TEST_CASE("Peace: winning a War (not a Battle) with the Spirit does not activate it") {
  auto s = table({{ELVES, {"elves:5", "elves:2", "elves:3", "elves:spirit"}},
                  {HUMANS, {"humans:5", "humans:2", "humans:3", "humans:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.power_of(0) == power_state::inactive);
}

TEST_CASE("Peace: the contest ends with no winner and every card goes home, War steps included") {
  auto s = table({{ELVES, {"elves:5", "elves:2", "elves:3", "elves:4"}, {}, ACTIVE},
                  {HUMANS, {"humans:5", "humans:7", "humans:8", "humans:9"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 decline");   // 5 = 5: War
  play(s, "0 flip");
  play(s, "1 flip");      // 4 against 9: about to lose six cards
  play(s, "0 trigger");
  CHECK(s.last_contest().peace);
  CHECK_FALSE(s.last_contest().has_winner);
  CHECK(s.discard(0).size == 4);
  CHECK(s.discard(1).size == 4);
  CHECK(s.power_of(0) == power_state::inactive);
}

TEST_CASE("Regeneration: the Chieftain winning a Contest activates it") {
  auto s = table({{TROLLS, {"trolls:chieftain", "trolls:3"}}, {HUMANS, {"humans:2", "humans:9"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.power_of(0) == power_state::active);
}

TEST_CASE("Regeneration: the face-up card goes to the discard pile and the next card replaces it") {
  auto s = table({{TROLLS, {"trolls:2", "trolls:10", "trolls:3"}, {}, ACTIVE}, {HUMANS, {"humans:8", "humans:4", "humans:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.strength_of(0) == 2);
  play(s, "0 trigger");
  CHECK(s.power_of(0) == power_state::inactive);
  CHECK(s.last_contest().winner == 0);               // the 10 beat the 8
  CHECK(codes(s, s.discard(0)) == std::vector<std::string>{"humans:8", "trolls:10", "trolls:2"});
}

TEST_CASE("Regeneration: not offered when the Trolls have no card to reveal instead") {
  auto s = table({{TROLLS, {"trolls:2"}, {}, ACTIVE}, {HUMANS, {"humans:8", "humans:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.result().over);   // no window opened; the Trolls lost their last card
}

TEST_CASE("Swarm (Permanent): a Goblin Sapper facing a lone 10 counts as 11, with no decision") {
  auto s = table({{GOBLINS, {"goblins:1", "goblins:2"}}, {HUMANS, {"humans:10", "humans:3"}}});
  CHECK(s.power_of(0) == power_state::permanent);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.power_of(0) == power_state::permanent);
}

TEST_CASE("Swarm: against two opposing cards, or anything but a 10, the Sapper is a 1") {
  auto s = table({{GOBLINS, {"goblins:1", "goblins:2"}}, {HUMANS, {"humans:10", "humans:3"}}, {ELVES, {"elves:2", "elves:3"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK(s.last_contest().winner == 1);
  auto t = table({{GOBLINS, {"goblins:1", "goblins:2"}}, {HUMANS, {"humans:9", "humans:3"}}});
  play(t, "0 flip");
  play(t, "1 flip");
  CHECK(t.last_contest().winner == 1);
}

TEST_CASE("Captured leaders: a captured Sapper is a plain 1 for its captor") {
  auto s = table({{HUMANS, {"goblins:1", "humans:3"}}, {GOBLINS, {"goblins:10", "goblins:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 1);
}

TEST_CASE("Salvage: the Core Mind losing a Battle activates it") {
  auto s = table({{ROBOTS, {"robots:core", "robots:3"}}, {GOBLINS, {"goblins:1", "goblins:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");   // the Sapper topples the lone 10
  CHECK(s.last_contest().winner == 1);
  CHECK(s.power_of(0) == power_state::active);
}

TEST_CASE("Salvage: after winning a Battle, take the top card of an opponent's discard pile") {
  auto s = table({{ROBOTS, {"robots:9", "robots:3"}, {}, ACTIVE},
                  {HUMANS, {"humans:2", "humans:4"}, {"humans:10"}},
                  {ELVES, {"elves:2", "elves:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK(s.current_phase() == phase::after_battle);
  std::vector<starport::engine::action> legal;
  s.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);   // trigger on seat 1 (the only discard pile), decline
  CHECK(attempt(s, "0 trigger 2").code == starport::engine::rule_error::bad_argument);
  CHECK(attempt(s, "0 trigger 0").code == starport::engine::rule_error::bad_argument);
  play(s, "0 trigger 1");
  CHECK(s.discard(1).size == 0);
  CHECK(codes(s, s.discard(0)).front() == "humans:10");
  CHECK(s.power_of(0) == power_state::inactive);
  CHECK(s.current_phase() == phase::flip);
}

TEST_CASE("Salvage: not offered after winning a War (\"after winning a Battle\" only)") {
  auto s = table({{ROBOTS, {"robots:5", "robots:2", "robots:3", "robots:9"}, {}, ACTIVE},
                  {HUMANS, {"humans:5", "humans:2", "humans:3", "humans:4"}, {"humans:10"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.current_phase() == phase::flip);
  CHECK(s.power_of(0) == power_state::active);
}

TEST_CASE("Faction Powers can be removed by another card: the Grand Admiral disarms Active powers") {
  auto s = table({{HUMANS, {"humans:admiral", "humans:2"}},
                  {DWARVES, {"dwarves:3", "dwarves:2"}, {}, ACTIVE},
                  {GOBLINS, {"goblins:2", "goblins:3"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  play(s, "1 decline");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.power_of(1) == power_state::inactive);
  CHECK(s.power_of(2) == power_state::permanent);   // Permanent has no Inactive side
}

TEST_CASE("Captured leaders act as blank: the Elves win with a captured Chieftain and nothing activates") {
  auto s = table({{ELVES, {"trolls:chieftain", "elves:2"}}, {TROLLS, {"trolls:3", "trolls:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.power_of(0) == power_state::inactive);
  CHECK(s.power_of(1) == power_state::inactive);
}

TEST_CASE("Captured leaders act as blank: the Trolls win a Battle with the Spirit of the Forest and get nothing") {
  auto s = table({{TROLLS, {"elves:spirit", "trolls:2"}}, {ELVES, {"elves:3", "elves:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.power_of(0) == power_state::inactive);
  CHECK(s.power_of(1) == power_state::inactive);
}

TEST_CASE("Faction Powers are only usable by the controlling player: others are never offered them") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  std::vector<starport::engine::action> legal;
  s.legal_actions(1, legal);
  CHECK(legal.empty());
  CHECK(attempt(s, "1 trigger").code == starport::engine::rule_error::not_your_turn);
}

TEST_CASE("Timing (our rule): several Powers before battle begins are decided in seat order") {
  auto s = table({{ELVES, {"elves:5", "elves:2"}, {}, ACTIVE}, {DWARVES, {"dwarves:5", "dwarves:2"}, {}, ACTIVE}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.must_act() == 0b01);
  play(s, "0 decline");
  CHECK(s.must_act() == 0b10);
  play(s, "1 trigger");
  CHECK(s.last_contest().winner == 1);
}
