#pragma once
// Direct SQLite access for tests that must look past (or around) the storage API.
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>

namespace starport::storage::testing {

struct raw_closer {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using raw_db = std::unique_ptr<sqlite3, raw_closer>;

raw_db open_raw(const std::string& path);
// The result code of running `sql` (SQLITE_OK on success).
int exec_raw(sqlite3* db, const std::string& sql);
// The first column of the first row, or -1 if there is no row.
std::int64_t query_int(sqlite3* db, const std::string& sql);

// SQL for account a1 (`with_account`) and a running Space War match `id` with a1 in seat 0,
// in the columns every schema version has: the migration tests write old files by hand.
std::string old_match_sql(const std::string& id, int seed, bool with_account = false);

// The actions the file holds archived for a match ("" for every match): its match_actions rows
// (archived before migration 9) and the lengths of its runs.
std::int64_t archived_in_file(sqlite3* db, const std::string& match_id = "");
// How many matches' action_count is not exactly what the file archived for them (rows
// 0 … n − 1, then runs each starting where the one before ended): 0 in a consistent file.
std::int64_t inexact_counts(sqlite3* db);

}  // namespace starport::storage::testing
