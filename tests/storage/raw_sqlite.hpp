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

}  // namespace starport::storage::testing
