// Space War rule scenarios: Contest, Battle, War, reshuffles, conquest, the end.
// Each test names the rulebook paragraph (rules/space_war.md) it checks.
#include "space_war_table.hpp"

using swpb::DWARVES;
using swpb::ELVES;
using swpb::GOBLINS;
using swpb::HUMANS;
using swpb::ROBOTS;
using swpb::TROLLS;

TEST_CASE("Gameplay: a Battle's highest Strength captures every card into its discard pile") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.discard(0).size == 2);
  CHECK(codes(s, s.discard(0)) == std::vector<std::string>{"elves:3", "humans:9"});
  CHECK(s.deck(1).size == 1);
  CHECK(s.last_contest().has_winner);
  CHECK(s.last_contest().winner == 0);
  CHECK_FALSE(s.last_contest().war);
  CHECK(s.contest() == 2);
}

TEST_CASE("Gameplay: cards are played simultaneously, hidden until every participant has flipped") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  play(s, "0 flip");
  swpb::View v;
  s.view(starport::engine::viewer::of_seat(1), v);
  CHECK(v.battlefield_size() == 0);   // no face this seat may see: only a back
  REQUIRE(v.face_down_owners_size() == 1);
  CHECK(v.face_down_owners(0) == 0);
  s.view(starport::engine::viewer::spectator(), v);
  CHECK(v.battlefield_size() == 0);
  CHECK(v.face_down_owners_size() == 1);
  CHECK(attempt(s, "0 flip").code == starport::engine::rule_error::not_your_turn);
}

TEST_CASE("War: a tie adds two face-down cards and one face-up, the winner takes the whole pile") {
  auto s = table({{HUMANS, {"humans:7", "humans:2", "humans:3", "humans:9", "humans:5"}},
                  {ELVES, {"elves:7", "elves:4", "elves:5", "elves:6", "elves:8"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.war_step() == 1);
  CHECK(s.current_phase() == sw::phase::flip);
  CHECK(s.must_act() == 0b11);
  play(s, "0 flip");
  CHECK(s.battlefield().size() == 5);   // 2 + 3 of seat 0
  int face_down = 0;
  for (const auto& b : s.battlefield()) face_down += b.owner == 0 && !b.face_up;
  CHECK(face_down == 2);
  play(s, "1 flip");
  CHECK(s.last_contest().war);
  CHECK(s.last_contest().winner == 0);   // 9 beats 6
  CHECK(s.discard(0).size == 8);
  CHECK(s.deck(0).size == 1);
  CHECK(s.deck(1).size == 1);
}

TEST_CASE("War: further ties repeat with one fewer face-down card each time") {
  auto s = table({{HUMANS, {"humans:7", "humans:1", "humans:1", "humans:5", "humans:2", "humans:6", "humans:9", "humans:3"}},
                  {ELVES, {"elves:7", "elves:2", "elves:2", "elves:5", "elves:3", "elves:6", "elves:4", "elves:1"}}});
  play(s, "0 flip");
  play(s, "1 flip");   // 7 = 7: War step 1, 2 down + 1 up
  play(s, "0 flip");
  play(s, "1 flip");   // 5 = 5: War step 2, 1 down + 1 up
  CHECK(s.war_step() == 2);
  auto before = s.battlefield().size();
  play(s, "0 flip");
  CHECK(s.battlefield().size() == before + 2);
  play(s, "1 flip");   // 6 = 6: War step 3, 0 down + 1 up
  CHECK(s.war_step() == 3);
  before = s.battlefield().size();
  play(s, "0 flip");
  CHECK(s.battlefield().size() == before + 1);
  play(s, "1 flip");   // 9 beats 4
  CHECK(s.last_contest().winner == 0);
  CHECK(s.discard(0).size == 14);   // 2 + 6 + 4 + 2
}

TEST_CASE("War: a player short of cards adds what it can and the others match that contribution") {
  auto s = table({{HUMANS, {"humans:7", "humans:2", "humans:9", "humans:3", "humans:4"}},
                  {ELVES, {"elves:7", "elves:3", "elves:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");   // tie; seat 1 has 2 cards left, so everyone adds 2 (1 down, 1 up)
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);   // 9 beats 5
  CHECK(s.discard(0).size == 6);
  CHECK(s.deck(0).size == 2);            // humans:3 and humans:4 were never added
  CHECK(s.conquered(1));
  CHECK(s.result().over);
}

TEST_CASE("War: a participant who cannot add any card is Conquered, the other takes the contest") {
  auto s = table({{HUMANS, {"humans:7", "humans:2"}}, {ELVES, {"elves:7"}}, {TROLLS, {"trolls:1", "trolls:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");   // 7 = 7 > 1: War between seats 0 and 1; seat 1 has nothing left
  CHECK(s.conquered(1));
  CHECK(s.last_contest().winner == 0);
  CHECK(s.last_contest().cards == 3);
  CHECK(s.discard(0).size == 3);
  CHECK_FALSE(s.result().over);        // seat 2 still stands
}

TEST_CASE("War with 3+ Players: a higher third card wins outright, no War happens") {
  auto s = table({{HUMANS, {"humans:5", "humans:2"}}, {ELVES, {"elves:5", "elves:2"}}, {TROLLS, {"trolls:9", "trolls:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK_FALSE(s.last_contest().war);
  CHECK(s.last_contest().winner == 2);
  CHECK(s.discard(2).size == 3);
}

TEST_CASE("War with 3+ Players: only the tied highest go to War, and its winner takes every card") {
  auto s = table({{HUMANS, {"humans:9", "humans:2", "humans:3", "humans:10"}},
                  {ELVES, {"elves:9", "elves:2", "elves:3", "elves:4"}},
                  {TROLLS, {"trolls:3", "trolls:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK(s.war_step() == 1);
  CHECK(s.participants() == 0b011);
  CHECK(s.must_act() == 0b011);
  CHECK(attempt(s, "2 flip").code == starport::engine::rule_error::not_your_turn);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.last_contest().winner == 0);
  CHECK(s.last_contest().cards == 9);   // includes the Trolls' 3
  CHECK(s.deck(2).size == 1);
}

TEST_CASE("Gameplay: an empty deck is rebuilt by shuffling the discard pile") {
  auto s = table({{HUMANS, {"humans:9"}, {"humans:2", "humans:3"}}, {ELVES, {"elves:3", "elves:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");   // seat 0's deck is empty; its discard holds 4 cards
  CHECK(s.deck(0).size == 0);
  CHECK(s.discard(0).size == 4);
  play(s, "0 flip");   // draws from the reshuffled discard pile
  CHECK(s.deck(0).size == 3);
  CHECK(s.discard(0).size == 0);
}

TEST_CASE("Winning & Losing: deck and discard both empty means Conquered, the last one standing wins") {
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.conquered(1));
  CHECK(s.result().over);
  CHECK(s.result().winners == 0b01);
  CHECK(std::string(s.result().reason) == "last_standing");
  CHECK(attempt(s, "0 flip").code == starport::engine::rule_error::game_over);
}

// The seat panel's "flipped" mark: a finished match (and its replay's last step) showed the
// last contest's seats as flipped, though that contest was resolved.
TEST_CASE("Gameplay: a seat shows flipped only while its cards of the step are on the Battlefield") {
  auto flipped_seats = [](const sw::state& s) {
    swpb::View v;
    s.view(starport::engine::viewer::spectator(), v);
    std::vector<bool> out;
    for (int seat = 0; seat < v.seats_size(); ++seat) out.push_back((v.seats_flipped() >> seat & 1) != 0);
    return out;
  };
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3"}}, {TROLLS, {"trolls:2", "trolls:6"}}});
  play(s, "0 flip");
  CHECK(flipped_seats(s) == std::vector<bool>{true, false, false});   // waiting for the others
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK(flipped_seats(s) == std::vector<bool>{false, false, false});   // a new contest
  play(s, "0 flip");
  play(s, "2 flip");
  REQUIRE(s.result().over);
  CHECK(flipped_seats(s) == std::vector<bool>{false, false, false});   // the end: nothing on the Battlefield

  // Salvage's decision comes after the Battle is won: no card of the step is left out.
  auto r = table({{ROBOTS, {"robots:9", "robots:3"}, {}, swpb::ACTIVE},
                  {HUMANS, {"humans:2", "humans:4"}, {"humans:10"}}});
  play(r, "0 flip");
  play(r, "1 flip");
  REQUIRE(r.current_phase() == sw::phase::after_battle);
  CHECK(flipped_seats(r) == std::vector<bool>{false, false});
}

TEST_CASE("Winning & Losing: a 3-player game goes on after one player is Conquered") {
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3"}}, {TROLLS, {"trolls:2", "trolls:6"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  CHECK(s.conquered(1));
  CHECK_FALSE(s.result().over);
  CHECK(s.participants() == 0b101);
  CHECK(s.must_act() == 0b101);
}

TEST_CASE("Match end (our rule): at the contest limit the most cards held wins") {
  swpb::Options o;
  o.set_contest_limit(1);
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3", "elves:4"}}}, o);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.result().over);
  CHECK(std::string(s.result().reason) == "contest_limit");
  CHECK(s.result().winners == 0b01);
}

TEST_CASE("Match end (our rule): equal cards at the contest limit is a shared victory") {
  swpb::Options o;
  o.set_contest_limit(1);
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3", "elves:4", "elves:5", "elves:6"}}}, o);
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(s.result().winners == 0b11);
}

TEST_CASE("Auto flip (lobby option): seats with nothing to decide are flipped for") {
  swpb::Options o;
  o.set_auto_flip(true);
  auto s = table({{HUMANS, {"humans:9", "humans:8", "humans:7"}}, {ELVES, {"elves:3", "elves:2", "elves:1"}}}, o);
  CHECK(s.result().over);   // no Power decisions at all: the match plays itself out
  CHECK(s.result().winners == 0b01);
  auto d = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}}, o);
  CHECK(d.current_phase() == sw::phase::before_battle);   // stops at the Armor decision
  CHECK(d.must_act() == 0b01);
}

TEST_CASE("Resign (our rule): the resigning player is Conquered at once") {
  auto s = table({{HUMANS, {"humans:9", "humans:8"}}, {ELVES, {"elves:3", "elves:4"}}, {TROLLS, {"trolls:3", "trolls:4"}}});
  play(s, "0 flip");
  play(s, "1 resign");
  CHECK(s.conquered(1));
  CHECK(s.deck(1).size == 0);
  CHECK(s.must_act() == 0b100);
  play(s, "2 flip");
  CHECK(s.last_contest().winner == 0);
  play(s, "2 resign");
  CHECK(s.result().over);
  CHECK(s.result().winners == 0b001);
}
