// Requirement: match_actions takes rows only through an archival checked in the schema
// (migration 4): for an existing, running match, exactly the indexes from its action_count on,
// with action_count moved past them; stored rows are never updated or deleted. The file
// enforces this on its own, against raw SQL as a sqlite3 shell would send it (no foreign keys).
#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <string>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

namespace {

// Small limits, so that a few dozen actions archive early and delete journal prefixes.
constexpr journal_limits tight{4, 10, 1};

std::string id_of(int match) { return "m" + std::to_string(match); }

void create(database& db, int match) {
  db.create_match(make_match(id_of(match), "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100 + match));
}

// SQLite's message for `sql`, or "" if it succeeded.
std::string refusal(sqlite3* raw, const std::string& sql) {
  return exec_raw(raw, sql) == SQLITE_OK ? std::string() : std::string(sqlite3_errmsg(raw));
}

std::string row(const std::string& match_id, int idx) {
  return "INSERT INTO match_actions (match_id, idx, seat, kind, args, at_ms) VALUES ('" + match_id + "', " + std::to_string(idx) + ", 0, 1, X'', 0)";
}

std::string open_archival(const std::string& match_id, int first, int end) {
  return "INSERT INTO action_archival VALUES ('" + match_id + "', " + std::to_string(first) + ", " +
         std::to_string(end) + ")";
}

std::int64_t count_of(sqlite3* raw, const std::string& match_id) {
  return query_int(raw, "SELECT action_count FROM matches WHERE id = '" + match_id + "'");
}

std::int64_t rows_of(sqlite3* raw, const std::string& match_id) {
  return query_int(raw, "SELECT count(*) FROM match_actions WHERE match_id = '" + match_id + "'");
}

// Every match's action_count is exactly its rows in match_actions, and they are 0 … count - 1;
// no archival is left open.
void check_counts_exact(sqlite3* raw) {
  CHECK(query_int(raw, "SELECT count(*) FROM matches AS m WHERE action_count <>"
                       " (SELECT count(*) FROM match_actions WHERE match_id = m.id)"
                       " OR action_count <> (SELECT coalesce(max(idx) + 1, 0) FROM match_actions"
                       " WHERE match_id = m.id)") == 0);
  CHECK(query_int(raw, "SELECT count(*) FROM action_archival") == 0);
}

// m1 running with 3 archived actions (archived early, so it still runs) and none in the
// journal's unarchived part; m2 finished with 2; through the API, then closed.
void seed(const std::string& path) {
  database db(path, tight);
  db.create_account(make_account("a1"), "h1");
  create(db, 1);
  create(db, 2);
  for (std::uint32_t i = 0; i < 2; ++i) db.append_action(id_of(2), nth_action(i));
  db.finish_match(id_of(2), {0}, "won", 300);
  for (std::uint32_t i = 0; i < 3; ++i) db.append_action(id_of(1), nth_action(i));
  // Other matches' appends push m1 past the pin limit: upkeep archives its 3 rows early.
  create(db, 3);
  for (std::uint32_t i = 0; i < 12; ++i) db.append_action(id_of(3), nth_action(i));
  db.finish_match(id_of(3), {0}, "won", 400);
}

}  // namespace

TEST_CASE("archival: the file refuses any insert into match_actions made outside an archival") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  REQUIRE(count_of(raw.get(), id_of(1)) == 3);   // archived early, still running
  REQUIRE(query_int(raw.get(), "SELECT finished FROM matches WHERE id = 'm1'") == 0);
  // Unknown match, finished match, and a running match at every index: the next one too.
  for (const std::string& sql : {row("m404", 0), row(id_of(2), 2), row(id_of(1), 3), row(id_of(1), 2),
                                 row(id_of(1), 4), row(id_of(1), 0)})
    CHECK_MESSAGE(refusal(raw.get(), sql).find("only by an open archival") != std::string::npos, sql);
  CHECK(rows_of(raw.get(), "m404") == 0);
  CHECK(rows_of(raw.get(), id_of(1)) == 3);
  CHECK(rows_of(raw.get(), id_of(2)) == 2);
  check_counts_exact(raw.get());
}

TEST_CASE("archival: opening one is refused for an unknown match, a finished match, and any range but the next") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  CHECK(refusal(raw.get(), open_archival("m404", 0, 1)).find("no such match") != std::string::npos);
  CHECK(refusal(raw.get(), open_archival(id_of(2), 2, 3)).find("the match is finished") != std::string::npos);
  // m1 has 3 archived actions: a range from 2 would duplicate one, from 4 would leave a gap.
  CHECK(refusal(raw.get(), open_archival(id_of(1), 2, 5)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), open_archival(id_of(1), 4, 5)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), open_archival(id_of(1), 0, 5)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), open_archival(id_of(1), 3, 3)).find("CHECK constraint") != std::string::npos);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM action_archival") == 0);
  check_counts_exact(raw.get());
}

TEST_CASE("archival: an open one takes only its match's rows in its range, and closes only when the range is full") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  REQUIRE(exec_raw(raw.get(), "BEGIN") == SQLITE_OK);
  REQUIRE(refusal(raw.get(), open_archival(id_of(1), 3, 6)).empty());
  CHECK(refusal(raw.get(), open_archival(id_of(1), 3, 4)).find("another archival is open") != std::string::npos);
  CHECK(refusal(raw.get(), "UPDATE action_archival SET end_idx = 9").find("never changed") != std::string::npos);
  // Outside the range, or another match's row: refused, as without an archival.
  for (const std::string& sql : {row(id_of(1), 6), row(id_of(1), 2), row("m404", 3), row(id_of(2), 2)})
    CHECK_MESSAGE(refusal(raw.get(), sql).find("only by an open archival") != std::string::npos, sql);
  CHECK(refusal(raw.get(), row(id_of(1), 4)).empty());
  CHECK(refusal(raw.get(), row(id_of(1), 4)).find("UNIQUE") != std::string::npos);   // a duplicate
  // Index 3 and 5 are missing: closing now would leave a gap below the count.
  CHECK(refusal(raw.get(), "DELETE FROM action_archival").find("exactly the actions of its range") != std::string::npos);
  CHECK(count_of(raw.get(), id_of(1)) == 3);
  CHECK(refusal(raw.get(), row(id_of(1), 5)).empty());
  CHECK(refusal(raw.get(), row(id_of(1), 3)).empty());   // order within the range is free
  CHECK(refusal(raw.get(), "DELETE FROM action_archival").empty());
  CHECK(count_of(raw.get(), id_of(1)) == 6);
  check_counts_exact(raw.get());
  // Closed, the next index is refused again.
  CHECK(refusal(raw.get(), row(id_of(1), 6)).find("only by an open archival") != std::string::npos);
  REQUIRE(exec_raw(raw.get(), "ROLLBACK") == SQLITE_OK);
  CHECK(count_of(raw.get(), id_of(1)) == 3);
}

TEST_CASE("archival: closing is refused when the match finished while its archival was open") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  REQUIRE(exec_raw(raw.get(), "BEGIN") == SQLITE_OK);
  REQUIRE(refusal(raw.get(), open_archival(id_of(1), 3, 4)).empty());
  REQUIRE(refusal(raw.get(), row(id_of(1), 3)).empty());
  REQUIRE(exec_raw(raw.get(), "UPDATE matches SET finished = 1 WHERE id = 'm1'") == SQLITE_OK);
  CHECK(refusal(raw.get(), "DELETE FROM action_archival").find("the match changed") != std::string::npos);
  REQUIRE(exec_raw(raw.get(), "ROLLBACK") == SQLITE_OK);
  check_counts_exact(raw.get());
}

TEST_CASE("archival: archived rows cannot be updated or deleted, those of a running match included") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  for (const char* sql : {"UPDATE match_actions SET kind = 42 WHERE match_id = 'm1' AND idx = 1",
                          "UPDATE match_actions SET idx = 7 WHERE match_id = 'm2' AND idx = 1",
                          "DELETE FROM match_actions WHERE match_id = 'm1' AND idx = 2",
                          "DELETE FROM match_actions WHERE match_id = 'm2'",
                          "INSERT OR REPLACE INTO match_actions (match_id, idx, seat, kind, args, at_ms) VALUES ('m2', 1, 0, 9, X'', 0)"})
    CHECK_MESSAGE(exec_raw(raw.get(), sql) != SQLITE_OK, sql);
  CHECK(rows_of(raw.get(), id_of(1)) == 3);
  CHECK(rows_of(raw.get(), id_of(2)) == 2);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_actions WHERE kind <> 1") == 0);
  check_counts_exact(raw.get());
}

TEST_CASE("archival: action_count stays exact at finish, after early archival and after reopening") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  raw_db raw;
  std::uint32_t counts[6] = {};
  {
    database db(path, tight);
    raw = open_raw(path);
    db.create_account(make_account("a1"), "h1");
    for (int m = 0; m < 6; ++m) create(db, m);
    // m0 … m5 interleave; m5 finishes at 9 actions, the rest keep running and pin the journal.
    for (std::uint32_t i = 0; i < 12; ++i)
      for (int m = 0; m < 6; ++m) {
        if (m == 5 && i >= 9) continue;
        db.append_action(id_of(m), nth_action(counts[m]++));
        check_counts_exact(raw.get());
      }
    db.finish_match(id_of(5), {0}, "won", 500);
    check_counts_exact(raw.get());
    CHECK(count_of(raw.get(), id_of(5)) == 9);
    // Running matches were archived early, and the journal still holds some of their actions.
    CHECK(query_int(raw.get(), "SELECT count(*) FROM matches WHERE finished = 0 AND action_count > 0") > 0);
    CHECK(query_int(raw.get(), "SELECT sum(action_count) FROM matches WHERE finished = 0") < 5 * 12);
    for (int m = 0; m < 6; ++m) CHECK(db.match(id_of(m))->action_count == counts[m]);
  }
  // Reopened: the counts in the file still agree, archival goes on from them, and stays exact.
  database db(path, tight);
  check_counts_exact(raw.get());
  for (int m = 0; m < 5; ++m) CHECK(db.match(id_of(m))->action_count == counts[m]);
  for (std::uint32_t i = 0; i < 6; ++i)
    for (int m = 0; m < 5; ++m) db.append_action(id_of(m), nth_action(counts[m]++));
  check_counts_exact(raw.get());
  for (int m = 0; m < 5; ++m) {
    db.finish_match(id_of(m), {0}, "won", 600);
    check_counts_exact(raw.get());
    CHECK(count_of(raw.get(), id_of(m)) == counts[m]);
    CHECK(rows_of(raw.get(), id_of(m)) == counts[m]);
    CHECK(db.actions(id_of(m)).size() == counts[m]);
  }
}

TEST_CASE("archival: a file holding an open archival is refused at open") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  {
    auto raw = open_raw(path);
    // Only hand-written SQL can commit one (the storage code opens and closes it in one savepoint).
    REQUIRE(refusal(raw.get(), open_archival(id_of(1), 3, 4)).empty());
  }
  CHECK_THROWS_WITH_AS(database(path, tight), doctest::Contains("left open"), std::runtime_error);
}
