// Requirement (issue 12, item 2): a seat's preferences in a match are kept durably per
// (match, seat), so a reload, a timeout or a restart keeps them.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "storage/migrations.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

TEST_CASE("preferences: set per seat, replaced whole, read back by seat after reopening") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    db.create_account(make_account("a1"), "h1");
    db.create_account(make_account("a2"), "h2");
    db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), person_seat(1, "a2")}, 100));
    db.create_match(make_match("m2", "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
    CHECK(db.preferences("m1").empty());
    db.set_preferences("m1", {1, {2, 0, 1}}, 10);
    db.set_preferences("m1", {0, {1}}, 11);
    db.set_preferences("m2", {0, {0, 3}}, 12);
    db.set_preferences("m1", {1, {0, 1}}, 13);   // replaces seat 1's, keeps seat 0's
  }
  database db(path);
  const auto m1 = db.preferences("m1");
  REQUIRE(m1.size() == 2);
  CHECK(m1[0].seat == 0);
  CHECK(m1[0].choices == std::vector<std::uint8_t>{1});
  CHECK(m1[1].seat == 1);
  CHECK(m1[1].choices == std::vector<std::uint8_t>{0, 1});
  const auto m2 = db.preferences("m2");
  REQUIRE(m2.size() == 1);
  CHECK(m2[0].choices == std::vector<std::uint8_t>{0, 3});
  CHECK(db.preferences("no-such-match").empty());
}

TEST_CASE("preferences: the schema refuses them for an unknown match, a negative seat or more than 64 choices") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  db.create_account(make_account("a1"), "h1");
  db.create_match(make_match("m1", "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
  CHECK_THROWS_AS(db.set_preferences("m9", {0, {1}}, 1), std::runtime_error);   // foreign key
  CHECK_THROWS_AS(db.set_preferences("m1", {0, std::vector<std::uint8_t>(65, 1)}, 1), std::runtime_error);
  auto raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "INSERT INTO match_preferences VALUES ('m1', -1, x'01', 0)") != SQLITE_OK);
  CHECK(db.preferences("m1").empty());
}

TEST_CASE("migrations: a version 6 file keeps every action (journal and archive) with its cause through migration 7") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    auto raw = open_raw(path);
    REQUIRE(apply_migrations(raw.get(), migrations().first(6)) == 6);
    // What a version 6 server wrote: one finished match archived, one running in the journal.
    REQUIRE(exec_raw(raw.get(), old_match_sql("done", 7, true) + old_match_sql("live", 8) + R"sql(
      INSERT INTO action_archival VALUES ('done', 0, 2);
      INSERT INTO match_actions VALUES ('done', 0, 0, 1, X'05000000', 5000, 1);
      INSERT INTO match_actions VALUES ('done', 1, 1, 1, X'', 5001, 2);
      DELETE FROM action_archival;
      UPDATE matches SET finished = 1 WHERE id = 'done';
      INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause) VALUES ('live', 0, 0, 1, X'', 6000, 1);
      INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause) VALUES ('live', 1, 0, 1, X'', 6001, 0);
    )sql") == SQLITE_OK);
    REQUIRE(exec_raw(raw.get(), "INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause)"
                                " VALUES ('live', 2, 0, 1, x'', 0, 3)") != SQLITE_OK);   // not yet a cause
  }
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  const auto done = db.actions("done");
  REQUIRE(done.size() == 2);
  CHECK(done[0].cause == move_cause::time_ran_out);
  CHECK(done[1].cause == move_cause::stand_in_bot);
  CHECK(done[0].move.args[0] == 5);
  auto live = db.actions("live");
  REQUIRE(live.size() == 2);
  CHECK(live[0].cause == move_cause::time_ran_out);
  // The running match goes on, now with the new cause, and archives with it.
  logged_action next = nth_action(2);
  next.cause = move_cause::preference;
  db.append_action("live", next);
  db.finish_match("live", {0}, "won", 9000);
  live = db.actions("live");
  REQUIRE(live.size() == 3);
  CHECK(live[2].cause == move_cause::preference);
  // The rebuilt tables keep their guards: archived rows stay append-only.
  auto raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "DELETE FROM match_actions WHERE match_id = 'done'") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "UPDATE match_actions SET cause = 0") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "INSERT INTO match_actions VALUES ('done', 2, 0, 1, X'', 1, 0)") != SQLITE_OK);
  CHECK(archived_in_file(raw.get()) == 5);   // two rows, and "live" as a run of three
}
