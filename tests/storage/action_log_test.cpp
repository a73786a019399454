// Requirement: a match's action log is append-only. Only the next index is accepted; a
// refused append changes nothing; stored actions round-trip exactly.
#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
namespace engine = starport::engine;

namespace {

// A database with match m1 holding actions 0, 1 and 2.
void seed_match(database& db) {
  db.create_account(make_account("a1"), "h1");
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
  for (std::uint32_t i = 0; i < 3; ++i) db.append_action("m1", nth_action(i));
}

void check_unchanged(database& db) {
  const auto log = db.actions("m1");
  REQUIRE(log.size() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) CHECK(log[i].move == nth_action(i).move);
  CHECK(db.match("m1")->action_count == 3);
}

}  // namespace

TEST_CASE("action log: a duplicate index is rejected and changes nothing") {
  temp_dir dir;
  database db(dir.file("s.db"));
  seed_match(db);
  CHECK_THROWS_AS(db.append_action("m1", make_logged(1, engine::make_action(1, 7, 99))), std::runtime_error);
  CHECK_THROWS_AS(db.append_action("m1", make_logged(0, engine::make_action(0, 7))), std::runtime_error);
  check_unchanged(db);
  db.append_action("m1", nth_action(3));   // the next index still goes in
  CHECK(db.actions("m1").size() == 4);
}

TEST_CASE("action log: a gapped index is rejected and changes nothing") {
  temp_dir dir;
  database db(dir.file("s.db"));
  seed_match(db);
  CHECK_THROWS_AS(db.append_action("m1", nth_action(4)), std::runtime_error);
  CHECK_THROWS_AS(db.append_action("m1", nth_action(1000)), std::runtime_error);
  check_unchanged(db);
}

TEST_CASE("action log: appending to a finished or unknown match is rejected") {
  temp_dir dir;
  database db(dir.file("s.db"));
  seed_match(db);
  CHECK_THROWS_AS(db.append_action("m404", nth_action(0)), std::runtime_error);
  CHECK(db.actions("m404").empty());
  db.finish_match("m1", {0}, "resigned", 200);
  CHECK_THROWS_AS(db.append_action("m1", nth_action(3)), std::runtime_error);
  check_unchanged(db);
}

TEST_CASE("action log: stored actions cannot be updated or deleted, even with raw SQL") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    seed_match(db);
  }
  auto raw = open_raw(path);
  // A running match's actions wait in the journal: not changed, and not deleted before archival.
  CHECK(exec_raw(raw.get(), "UPDATE action_journal SET kind = 42 WHERE idx = 1") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "DELETE FROM action_journal WHERE idx = 2") != SQLITE_OK);
  raw.reset();
  {
    database db(path);
    check_unchanged(db);
    db.finish_match("m1", {0}, "resigned", 200);   // archives them as a run
  }
  raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "UPDATE match_action_runs SET actions = X'0001000000' WHERE first_idx = 0") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "UPDATE match_action_runs SET end_idx = 2") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "DELETE FROM match_action_runs") != SQLITE_OK);
  raw.reset();
  database db(path);
  check_unchanged(db);
}

TEST_CASE("action log: seat, kind, 0 to 4 arguments and extreme values round-trip exactly") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_match(make_match("m1", "scoundrels", {person_seat(0, "a1")}, 100));
  constexpr auto lo = std::numeric_limits<std::int32_t>::min();
  constexpr auto hi = std::numeric_limits<std::int32_t>::max();
  const engine::action moves[] = {
      engine::action{0, 0, 0, {}},
      engine::action{7, 1, 65535, {lo, 0, 0, 0}},
      engine::action{3, 2, 12, {-1, hi, 0, 0}},
      engine::action{5, 3, 13, {256, -256, 1, 0}},
      engine::action{1, 4, 14, {lo, hi, -2, 0x01020304}},
  };
  for (std::uint32_t i = 0; i < 5; ++i) db.append_action("m1", make_logged(i, moves[i], -5));
  const auto log = db.actions("m1");
  REQUIRE(log.size() == 5);
  for (std::uint32_t i = 0; i < 5; ++i) {
    CHECK(log[i].move == moves[i]);
    CHECK(log[i].move.argc == moves[i].argc);
    CHECK(log[i].at_ms == -5);
  }
}

TEST_CASE("action log: who made each move (player, turn timer, stand-in bot, preference) reads back while running and once archived") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  db.create_account(make_account("a1"), "h1");
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
  const move_cause causes[] = {move_cause::chosen, move_cause::time_ran_out, move_cause::stand_in_bot,
                               move_cause::preference};
  for (std::uint32_t i = 0; i < 4; ++i) {
    logged_action a = nth_action(i);
    a.cause = causes[i];
    db.append_action("m1", a);
  }
  auto check_causes = [&] {
    const auto log = db.actions("m1");
    REQUIRE(log.size() == 4);
    for (std::uint32_t i = 0; i < 4; ++i) CHECK(log[i].cause == causes[i]);
  };
  check_causes();                                  // from the journal
  db.finish_match("m1", {0}, "won", 900);
  check_causes();                                  // archived into match_actions
  auto raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause)"
                            " VALUES ('m9', 0, 0, 0, x'', 0, 4)") != SQLITE_OK);   // no such cause
}

TEST_CASE("action log: more arguments than engine::max_action_args are refused") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_match(make_match("m1", "scoundrels", {person_seat(0, "a1")}, 100));
  engine::action too_many{0, engine::max_action_args + 1, 1, {}};
  CHECK_THROWS_AS(db.append_action("m1", make_logged(0, too_many)), std::runtime_error);
  CHECK(db.actions("m1").empty());
  CHECK(db.match("m1")->action_count == 0);
}
