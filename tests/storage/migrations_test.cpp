// Requirement: ordered migrations tracked by PRAGMA user_version, applied at open in one
// transaction, never re-applied on reopen.
#include <doctest/doctest.h>

#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "storage/migrations.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
namespace engine = starport::engine;

TEST_CASE("migrations: a new database gets every migration and the schema's tables") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  auto raw = open_raw(path);
  for (const char* table : {"accounts", "lobbies", "lobby_seats", "matches", "match_seats", "match_actions",
                            "match_action_runs", "action_journal", "decks", "match_decks"})
    CHECK_MESSAGE(query_int(raw.get(), std::string("SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
                                                   " AND name = '") + table + "'") == 1,
                  table);
  // WAL is a property of the file: a second connection sees it.
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw.get(), "PRAGMA journal_mode", -1, &stmt, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))) == "wal");
  sqlite3_finalize(stmt);
}

TEST_CASE("migrations: reopening keeps the data and does not re-apply any migration") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    db.create_account(make_account("a1"), "hash-a1");
  }
  // A re-applied CREATE TABLE would throw here; a re-created table would lose the account.
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  REQUIRE(db.account_by_token("hash-a1").has_value());
  CHECK(db.account_by_token("hash-a1")->id == "a1");
}

TEST_CASE("migrations: a database from a newer build is refused") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  { database db(path); }
  {
    auto raw = open_raw(path);
    REQUIRE(exec_raw(raw.get(), "PRAGMA user_version = " + std::to_string(migrations().size() + 1)) ==
            SQLITE_OK);
  }
  CHECK_THROWS_AS(database{path}, std::runtime_error);
}

TEST_CASE("migrations: scripts apply in order, and a failing one leaves the database unchanged") {
  temp_dir dir;
  auto raw = open_raw(dir.file("m.db"));
  // Script 2 needs script 1's table: running them out of order would fail.
  constexpr std::array<std::string_view, 4> scripts{
      "CREATE TABLE one (x INTEGER)",
      "INSERT INTO one VALUES (2)",
      "CREATE TABLE three (y INTEGER); INSERT INTO one VALUES (3)",
      "INSERT INTO no_such_table VALUES (4)",
  };
  CHECK(apply_migrations(raw.get(), std::span(scripts).first(2)) == 2);
  CHECK(user_version(raw.get()) == 2);

  CHECK_THROWS_AS(apply_migrations(raw.get(), scripts), std::runtime_error);
  CHECK(user_version(raw.get()) == 2);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM sqlite_schema WHERE name = 'three'") == 0);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM one") == 1);

  // Only script 3 runs now: re-running script 2 would insert a second row of 2.
  CHECK(apply_migrations(raw.get(), std::span(scripts).first(3)) == 3);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM one WHERE x = 2") == 1);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM one") == 2);
  CHECK(apply_migrations(raw.get(), std::span(scripts).first(3)) == 3);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM one") == 2);
}

TEST_CASE("migrations: a version 2 file keeps its running match's log, and the match goes on through the journal") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    auto raw = open_raw(path);
    REQUIRE(apply_migrations(raw.get(), migrations().first(2)) == 2);
    // What a version 2 server wrote: a running match with three actions, counted by the triggers.
    REQUIRE(exec_raw(raw.get(), old_match_sql("m1", 7, true) + R"sql(
      INSERT INTO match_actions VALUES ('m1', 0, 0, 1, X'05000000', 5000);
      INSERT INTO match_actions VALUES ('m1', 1, 1, 1, X'', 5001);
      INSERT INTO match_actions VALUES ('m1', 2, 0, 2, X'FFFFFFFF07000000', 5002);
    )sql") == SQLITE_OK);
  }
  const logged_action old_log[] = {make_logged(0, engine::make_action(0, 1, 5), 5000),
                                   make_logged(1, engine::make_action(1, 1), 5001),
                                   make_logged(2, engine::action{0, 2, 2, {-1, 7, 0, 0}}, 5002)};
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  REQUIRE(db.running_matches().size() == 1);
  CHECK(db.running_matches()[0].action_count == 3);
  auto log = db.actions("m1");
  REQUIRE(log.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(log[i].index == old_log[i].index);
    CHECK(log[i].move == old_log[i].move);
    CHECK(log[i].at_ms == old_log[i].at_ms);
    CHECK(log[i].cause == move_cause::chosen);   // migration 5: older moves were the players' own
  }
  CHECK_THROWS_AS(db.append_action("m1", nth_action(2)), std::runtime_error);
  db.append_action("m1", nth_action(3));
  db.append_action("m1", nth_action(4));
  auto raw = open_raw(path);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM action_journal") == 2);
  CHECK(db.match("m1")->action_count == 5);
  db.finish_match("m1", {0}, "won", 9000);
  // The old rows stay where they were; the journal's two are archived as one run after them.
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_actions WHERE match_id = 'm1'") == 3);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_action_runs"
                             " WHERE match_id = 'm1' AND first_idx = 3 AND end_idx = 5") == 1);
  CHECK(inexact_counts(raw.get()) == 0);
  log = db.actions("m1");
  REQUIRE(log.size() == 5);
  CHECK(log[2].move == old_log[2].move);
  CHECK(log[4].move == nth_action(4).move);
  CHECK(db.match("m1")->action_count == 5);
}

TEST_CASE("migrations: a version 3 file with a partly archived running match goes on archiving with exact counts") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    auto raw = open_raw(path);
    REQUIRE(apply_migrations(raw.get(), migrations().first(3)) == 3);
    // What a version 3 server wrote: m1 running, actions 0 and 1 archived early (counted by the
    // per-row triggers) and still in the journal, 2 and 3 only in the journal; m2 finished.
    REQUIRE(exec_raw(raw.get(), R"sql(
      INSERT INTO accounts VALUES ('a1', 'player a1', 'h1', 1000);
      INSERT INTO matches (id, lobby_id, game, rules_version, options, seed, salt, settings, started_ms)
        VALUES ('m1', 'l1', 'space_war', 3, X'', 7, '00', X'', 100),
               ('m2', 'l2', 'space_war', 3, X'', 8, '00', X'', 100);
      INSERT INTO match_seats (match_id, seat, account_id, name, bot) VALUES ('m1', 0, 'a1', 'p', '');
      INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms) VALUES
        ('m1', 0, 0, 1, X'05000000', 5000), ('m2', 0, 0, 1, X'', 5000), ('m1', 1, 1, 1, X'', 5001),
        ('m2', 1, 1, 1, X'', 5001), ('m1', 2, 0, 2, X'FFFFFFFF07000000', 5002), ('m1', 3, 1, 1, X'', 5003);
      INSERT INTO match_actions SELECT match_id, idx, seat, kind, args, at_ms FROM action_journal
        WHERE match_id = 'm2' OR idx < 2 ORDER BY seq;
      UPDATE matches SET finished = 1, ended_ms = 6000 WHERE id = 'm2';
    )sql") == SQLITE_OK);
    REQUIRE(query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm1'") == 2);
  }
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  auto raw = open_raw(path);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"
                             " AND name IN ('match_actions_append_only', 'match_actions_count')") == 0);
  // Memory reads the archived count and the journal's rest: the log reads as before.
  REQUIRE(db.running_matches().size() == 1);
  CHECK(db.running_matches()[0].action_count == 4);
  auto log = db.actions("m1");
  REQUIRE(log.size() == 4);
  CHECK(log[0].move == engine::make_action(0, 1, 5));
  CHECK(log[2].move == (engine::action{0, 2, 2, {-1, 7, 0, 0}}));
  // The version 3 triggers' work is now archival's: a raw insert is refused, and the API's
  // next index goes in and is archived with the journal's rest at finish, counted exactly.
  CHECK(exec_raw(raw.get(), "INSERT INTO match_actions (match_id, idx, seat, kind, args, at_ms)"
                            " VALUES ('m1', 2, 0, 1, X'', 0)") != SQLITE_OK);
  CHECK_THROWS_AS(db.append_action("m1", nth_action(3)), std::runtime_error);
  db.append_action("m1", nth_action(4));
  db.finish_match("m1", {0}, "won", 9000);
  CHECK(query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm1'") == 5);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_actions WHERE match_id = 'm1'") == 2);
  CHECK(archived_in_file(raw.get(), "m1") == 5);
  CHECK(inexact_counts(raw.get()) == 0);
  log = db.actions("m1");
  REQUIRE(log.size() == 5);
  CHECK(log[3].move == engine::make_action(1, 1));
  CHECK(log[4].move == nth_action(4).move);
  CHECK(db.match("m2")->action_count == 2);
  CHECK(db.actions("m2").size() == 2);
}

// A version 8 file as an archival between its opening and its closing left it (only hand-written
// SQL commits that): m1 running with 2 actions archived as rows, its range 2..4 open.
void version_8_with_open_archival(const std::string& path, bool range_full) {
  auto raw = open_raw(path);
  REQUIRE(apply_migrations(raw.get(), migrations().first(8)) == 8);
  REQUIRE(exec_raw(raw.get(), old_match_sql("m1", 7, true) + R"sql(
    INSERT INTO action_archival VALUES ('m1', 0, 2);
    INSERT INTO match_actions VALUES ('m1', 0, 0, 1, X'05000000', 5000, 0), ('m1', 1, 1, 1, X'', 5001, 1);
    DELETE FROM action_archival;
    INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause)
      VALUES ('m1', 2, 0, 1, X'', 5002, 0), ('m1', 3, 1, 1, X'', 5003, 2);
    INSERT INTO action_archival VALUES ('m1', 2, 4);
    INSERT INTO match_actions VALUES ('m1', 2, 0, 1, X'', 5002, 0);
  )sql") == SQLITE_OK);
  if (range_full)
    REQUIRE(exec_raw(raw.get(), "INSERT INTO match_actions VALUES ('m1', 3, 1, 1, X'', 5003, 2)") == SQLITE_OK);
}

TEST_CASE("migrations: migration 9 closes an archival left open only when its range is full, and archives runs after the old rows") {
  temp_dir dir;
  SUBCASE("the range is missing an action: the file is refused, unchanged") {
    const auto path = dir.file("partial.db");
    version_8_with_open_archival(path, false);
    CHECK_THROWS_WITH_AS(database{path}, doctest::Contains("exactly the actions of its range"), std::runtime_error);
    auto raw = open_raw(path);
    CHECK(query_int(raw.get(), "PRAGMA user_version") == 8);
    CHECK(query_int(raw.get(), "SELECT count(*) FROM action_archival") == 1);
  }
  SUBCASE("the range is full: closed and counted, and the match goes on") {
    const auto path = dir.file("full.db");
    version_8_with_open_archival(path, true);
    database db(path);
    CHECK(db.schema_version() == 9);
    auto raw = open_raw(path);
    CHECK(query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm1'") == 4);
    CHECK(query_int(raw.get(), "SELECT count(*) FROM sqlite_schema WHERE name = 'action_archival'") == 0);
    db.append_action("m1", nth_action(4));
    db.finish_match("m1", {0}, "won", 9000);
    CHECK(query_int(raw.get(), "SELECT count(*) FROM match_action_runs"
                               " WHERE match_id = 'm1' AND first_idx = 4 AND end_idx = 5") == 1);
    CHECK(inexact_counts(raw.get()) == 0);
    const auto log = db.actions("m1");
    REQUIRE(log.size() == 5);
    CHECK(log[0].move == engine::make_action(0, 1, 5));
    CHECK(log[3].cause == move_cause::stand_in_bot);
    CHECK(log[4].move == nth_action(4).move);
    CHECK(log[4].at_ms == nth_action(4).at_ms);
  }
}

TEST_CASE("migrations: a copy of a migrated image has the schema and its own data, and a bad image is refused") {
  database original(":memory:");
  original.create_account(make_account("a1"), "hash-a1");
  const std::string image = original.serialize();
  auto copy = database::copy_of(image);
  CHECK(copy->schema_version() == static_cast<int>(migrations().size()));
  REQUIRE(copy->account_by_token("hash-a1").has_value());
  // The copy is its own database: what it writes never reaches the original or the image.
  copy->create_account(make_account("a2"), "hash-a2");
  CHECK(copy->account_by_token("hash-a2").has_value());
  CHECK_FALSE(original.account_by_token("hash-a2").has_value());
  CHECK_FALSE(database::copy_of(image)->account_by_token("hash-a2").has_value());
  CHECK_THROWS_AS(database::copy_of(""), std::runtime_error);
  CHECK_THROWS_AS(database::copy_of("not a database"), std::runtime_error);
}
