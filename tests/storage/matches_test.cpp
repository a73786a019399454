// Requirement: matches keep every match_record field, their seats and results; running,
// finished and per-account listings find them.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
namespace engine = starport::engine;

namespace {

void add_accounts(database& db) {
  for (const char* id : {"a1", "a2", "a3"}) db.create_account(make_account(id), std::string("h-") + id);
}

std::vector<std::string> ids(const std::vector<match_record>& ms) {
  std::vector<std::string> out;
  for (const auto& m : ms) out.push_back(m.id);
  return out;
}

}  // namespace

TEST_CASE("matches: create, append, read the log in index order, finish, every field round-trips") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  const match_record created =
      make_match("m1", "space_war", {person_seat(0, "a1"), bot_seat(1, "greedy"), person_seat(2, "a2")}, 500);
  db.create_match(created);

  const std::vector<engine::action> moves{engine::make_action(0, 3, -7), engine::make_action(2, 4),
                                          engine::make_action(1, 9, 2147483647)};
  for (std::uint32_t i = 0; i < moves.size(); ++i) db.append_action("m1", make_logged(i, moves[i], 600 + i));

  const auto log = db.actions("m1");
  REQUIRE(log.size() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) {
    CHECK(log[i].index == i);
    CHECK(log[i].move == moves[i]);
    CHECK(log[i].at_ms == 600 + i);
  }

  db.finish_match("m1", {2, 0}, "fleet destroyed", 900);
  const auto m = db.match("m1");
  REQUIRE(m.has_value());
  CHECK(m->id == "m1");
  CHECK(m->lobby_id == created.lobby_id);
  CHECK(m->game == "space_war");
  CHECK(m->rules_version == 3);
  CHECK(m->options == created.options);
  CHECK(m->seed == created.seed);
  CHECK(m->salt == created.salt);
  CHECK(m->settings == created.settings);
  REQUIRE(m->seats.size() == 3);
  CHECK(m->seats[0].account_id == "a1");
  CHECK(m->seats[0].name == "name of a1");
  CHECK(m->seats[1].account_id.empty());
  CHECK(m->seats[1].bot == "greedy");
  CHECK(m->seats[2].seat == 2);
  CHECK(m->finished);
  CHECK(m->winners == std::vector<std::uint32_t>{0, 2});   // ascending seat order
  CHECK(m->end_reason == "fleet destroyed");
  CHECK(m->action_count == 3);
  CHECK(m->started_ms == 500);
  CHECK(m->ended_ms == 900);
  CHECK_FALSE(db.match("m404").has_value());
}

TEST_CASE("matches: running lists unfinished matches with seats and action counts") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), person_seat(1, "a2")}, 100));
  db.create_match(make_match("m2", "space_race", {person_seat(0, "a3")}, 200));
  db.create_match(make_match("m3", "space_war", {person_seat(0, "a2"), bot_seat(1, "easy")}, 300));
  for (std::uint32_t i = 0; i < 4; ++i) db.append_action("m3", nth_action(i));
  db.finish_match("m2", {0}, "landed on the moon", 250);

  const auto running = db.running_matches();
  REQUIRE(ids(running) == std::vector<std::string>{"m1", "m3"});
  CHECK(running[0].seats.size() == 2);
  CHECK(running[0].action_count == 0);
  CHECK(running[1].action_count == 4);
  CHECK(running[1].seats[1].bot == "easy");
  CHECK_FALSE(running[1].finished);
}

TEST_CASE("matches: finished lists newest first, filtered by game (empty = all), up to the limit") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  const char* games[] = {"space_war", "space_race", "space_war", "space_war", "space_race"};
  for (int i = 0; i < 5; ++i) {
    const std::string id = "m" + std::to_string(i);
    db.create_match(make_match(id, games[i], {person_seat(0, "a1")}, 100 + i));
    db.finish_match(id, {}, "draw", 1000 - 10 * i);   // later match, earlier end: order by end
  }
  db.create_match(make_match("running", "space_war", {person_seat(0, "a1")}, 50));

  CHECK(ids(db.finished_matches("", 10)) == std::vector<std::string>{"m0", "m1", "m2", "m3", "m4"});
  CHECK(ids(db.finished_matches("space_war", 10)) == std::vector<std::string>{"m0", "m2", "m3"});
  CHECK(ids(db.finished_matches("space_war", 2)) == std::vector<std::string>{"m0", "m2"});
  CHECK(ids(db.finished_matches("terminus", 10)).empty());
  CHECK(db.finished_matches("", 0).empty());
  CHECK(db.finished_matches("", 1)[0].seats.size() == 1);
}

TEST_CASE("matches: matches_of lists the account's matches, running or not, newest first, up to the limit") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), person_seat(1, "a2")}, 100));
  db.create_match(make_match("m2", "space_war", {person_seat(0, "a2"), bot_seat(1, "easy")}, 200));
  db.create_match(make_match("m3", "space_race", {person_seat(0, "a1")}, 300));
  // One account in two seats (hot-seat) is still one match.
  db.create_match(make_match("m4", "space_war", {person_seat(0, "a1"), person_seat(1, "a1")}, 400));
  db.finish_match("m1", {1}, "a2 won", 150);

  CHECK(ids(db.matches_of("a1", 10)) == std::vector<std::string>{"m4", "m3", "m1"});
  CHECK(ids(db.matches_of("a1", 2)) == std::vector<std::string>{"m4", "m3"});
  CHECK(ids(db.matches_of("a2", 10)) == std::vector<std::string>{"m2", "m1"});
  CHECK(ids(db.matches_of("a3", 10)).empty());
  CHECK(db.matches_of("a2", 10)[1].winners == std::vector<std::uint32_t>{1});
}

TEST_CASE("matches: finishing twice or naming a winner who is not a seat is refused and changes nothing") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), person_seat(1, "a2")}, 100));

  CHECK_THROWS_AS(db.finish_match("m1", {0, 5}, "bad", 200), std::runtime_error);
  auto m = db.match("m1");
  CHECK_FALSE(m->finished);
  CHECK(m->winners.empty());
  CHECK(m->ended_ms == 0);

  db.finish_match("m1", {1}, "resigned", 300);
  CHECK_THROWS_AS(db.finish_match("m1", {0}, "again", 400), std::runtime_error);
  m = db.match("m1");
  CHECK(m->winners == std::vector<std::uint32_t>{1});
  CHECK(m->end_reason == "resigned");
  CHECK(m->ended_ms == 300);
  CHECK_THROWS_AS(db.finish_match("m404", {}, "none", 1), std::runtime_error);
}

TEST_CASE("matches: a new match must be running with an empty log, and its seats' accounts must exist") {
  temp_dir dir;
  database db(dir.file("s.db"));
  add_accounts(db);
  auto done = make_match("m1", "space_war", {person_seat(0, "a1")}, 100);
  done.finished = true;
  CHECK_THROWS_AS(db.create_match(done), std::runtime_error);
  auto counted = make_match("m1", "space_war", {person_seat(0, "a1")}, 100);
  counted.action_count = 2;
  CHECK_THROWS_AS(db.create_match(counted), std::runtime_error);

  // The match row goes in before the bad seat: the savepoint must take it back out.
  CHECK_THROWS_AS(db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), person_seat(1, "ghost")}, 100)),
                  std::runtime_error);
  CHECK_FALSE(db.match("m1").has_value());
  CHECK(db.running_matches().empty());
}
