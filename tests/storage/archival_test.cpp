// Requirement: archived actions reach the file only as runs checked in the schema (migration
// 9): for an existing, running match, one run from its action_count on, with action_count
// moved to the run's end; match_actions (archived before migration 9) takes no new row; stored
// rows and runs are never updated or deleted. The file enforces this on its own, against raw
// SQL as a sqlite3 shell would send it (no foreign keys); a run the file holds but that does
// not decode to its range is refused when read.
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

// A run of `actions` (hex), by default one well-formed action per index: seat 0, kind 1, chosen,
// no argument, at_ms 0.
std::string run(const std::string& match_id, int first, int end, std::string actions = "") {
  if (actions.empty())
    for (int i = first; i < end; ++i) actions += "0001000000";
  return "INSERT INTO match_action_runs VALUES ('" + match_id + "', " + std::to_string(first) + ", " +
         std::to_string(end) + ", X'" + actions + "')";
}

std::int64_t count_of(sqlite3* raw, const std::string& match_id) {
  return query_int(raw, "SELECT action_count FROM matches WHERE id = '" + match_id + "'");
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

TEST_CASE("archival: a run is taken only for a running match, from its action_count, and moves the count to its end") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  REQUIRE(count_of(raw.get(), id_of(1)) == 3);   // archived early, still running
  REQUIRE(query_int(raw.get(), "SELECT finished FROM matches WHERE id = 'm1'") == 0);
  CHECK(refusal(raw.get(), run("m404", 0, 1)).find("no such match") != std::string::npos);
  CHECK(refusal(raw.get(), run(id_of(2), 2, 3)).find("the match is finished") != std::string::npos);
  // m1 has 3 archived actions: a run from 2 would repeat one, from 4 would leave a gap.
  CHECK(refusal(raw.get(), run(id_of(1), 2, 5)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), run(id_of(1), 4, 5)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), run(id_of(1), 0, 5)).find("not the next one") != std::string::npos);
  // An empty range, and bytes too few for the range's actions.
  CHECK(refusal(raw.get(), run(id_of(1), 3, 3, "00")).find("CHECK constraint") != std::string::npos);
  CHECK(refusal(raw.get(), run(id_of(1), 3, 5, "0001000000")).find("CHECK constraint") != std::string::npos);
  CHECK(archived_in_file(raw.get(), id_of(1)) == 3);
  CHECK(count_of(raw.get(), id_of(1)) == 3);

  CHECK(refusal(raw.get(), run(id_of(1), 3, 5)).empty());
  CHECK(count_of(raw.get(), id_of(1)) == 5);
  CHECK(refusal(raw.get(), run(id_of(1), 3, 6)).find("not the next one") != std::string::npos);
  CHECK(refusal(raw.get(), run(id_of(1), 5, 6)).empty());
  CHECK(count_of(raw.get(), id_of(1)) == 6);
  CHECK(inexact_counts(raw.get()) == 0);
  // Another connection's runs: the storage API reads them back after them, and goes on.
  database db(path, tight);
  CHECK(db.actions(id_of(1)).size() == 6);
  db.append_action(id_of(1), nth_action(6));
  db.finish_match(id_of(1), {0}, "won", 500);
  CHECK(count_of(raw.get(), id_of(1)) == 7);
  CHECK(db.actions(id_of(1)).size() == 7);
  CHECK(inexact_counts(raw.get()) == 0);
}

TEST_CASE("archival: match_actions takes no new row, whatever its match and index") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  for (const std::string& sql : {row("m404", 0), row(id_of(2), 2), row(id_of(1), 3), row(id_of(1), 2), row(id_of(1), 0)})
    CHECK_MESSAGE(refusal(raw.get(), sql).find("archived as runs") != std::string::npos, sql);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_actions") == 0);
  CHECK(inexact_counts(raw.get()) == 0);
}

TEST_CASE("archival: a run that does not hold exactly its range's actions is refused when read") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  {
    auto raw = open_raw(path);
    // Two actions' bytes for a range of one (the CHECK sees only a lower bound on the length).
    REQUIRE(refusal(raw.get(), run(id_of(1), 3, 4, "00010000000001000000")).empty());
  }
  database db(path, tight);
  CHECK_THROWS_WITH_AS(db.actions(id_of(1)), doctest::Contains("more than 1"), std::runtime_error);
  {
    auto raw = open_raw(path);
    REQUIRE(refusal(raw.get(), run(id_of(1), 4, 5, "FFFFFFFFFF")).empty());   // a varint that never ends
  }
  CHECK_THROWS_WITH_AS(db.actions(id_of(1)), doctest::Contains("run"), std::runtime_error);
}

TEST_CASE("archival: archived runs cannot be updated or deleted, those of a running match included") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  seed(path);
  auto raw = open_raw(path);
  const std::int64_t bytes = query_int(raw.get(), "SELECT sum(length(actions)) FROM match_action_runs");
  for (const char* sql : {"UPDATE match_action_runs SET actions = X'0009000000' WHERE match_id = 'm1'",
                          "UPDATE match_action_runs SET end_idx = 7 WHERE match_id = 'm2'",
                          "DELETE FROM match_action_runs WHERE match_id = 'm1'",
                          "DELETE FROM match_action_runs",
                          "INSERT OR REPLACE INTO match_action_runs VALUES ('m2', 0, 1, X'0009000000')"})
    CHECK_MESSAGE(exec_raw(raw.get(), sql) != SQLITE_OK, sql);
  CHECK(archived_in_file(raw.get(), id_of(1)) == 3);
  CHECK(archived_in_file(raw.get(), id_of(2)) == 2);
  CHECK(query_int(raw.get(), "SELECT sum(length(actions)) FROM match_action_runs") == bytes);
  CHECK(inexact_counts(raw.get()) == 0);
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
        CHECK(inexact_counts(raw.get()) == 0);
      }
    db.finish_match(id_of(5), {0}, "won", 500);
    CHECK(inexact_counts(raw.get()) == 0);
    CHECK(count_of(raw.get(), id_of(5)) == 9);
    // Running matches were archived early, and the journal still holds some of their actions.
    CHECK(query_int(raw.get(), "SELECT count(*) FROM matches WHERE finished = 0 AND action_count > 0") > 0);
    CHECK(query_int(raw.get(), "SELECT sum(action_count) FROM matches WHERE finished = 0") < 5 * 12);
    for (int m = 0; m < 6; ++m) CHECK(db.match(id_of(m))->action_count == counts[m]);
  }
  // Reopened: the counts in the file still agree, archival goes on from them, and stays exact.
  database db(path, tight);
  CHECK(inexact_counts(raw.get()) == 0);
  for (int m = 0; m < 5; ++m) CHECK(db.match(id_of(m))->action_count == counts[m]);
  for (std::uint32_t i = 0; i < 6; ++i)
    for (int m = 0; m < 5; ++m) db.append_action(id_of(m), nth_action(counts[m]++));
  CHECK(inexact_counts(raw.get()) == 0);
  for (int m = 0; m < 5; ++m) {
    db.finish_match(id_of(m), {0}, "won", 600);
    CHECK(inexact_counts(raw.get()) == 0);
    CHECK(count_of(raw.get(), id_of(m)) == counts[m]);
    CHECK(archived_in_file(raw.get(), id_of(m)) == counts[m]);
    CHECK(db.actions(id_of(m)).size() == counts[m]);
  }
}
