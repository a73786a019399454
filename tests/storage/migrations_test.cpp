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

TEST_CASE("migrations: a new database gets every migration and the schema's tables") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  auto raw = open_raw(path);
  for (const char* table : {"accounts", "lobbies", "matches", "match_seats", "match_actions", "decks"})
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
