#pragma once
// Turning SQLite result codes into exceptions that name the failed operation.
#include <string_view>

struct sqlite3;

namespace starport::storage {

// Throws std::runtime_error("storage: <operation>: <sqlite3_errmsg>").
[[noreturn]] void fail(sqlite3* db, std::string_view operation);
// Throws like fail() unless `rc` is SQLITE_OK, SQLITE_ROW or SQLITE_DONE.
void check(int rc, sqlite3* db, std::string_view operation);
// Throws std::runtime_error("storage: <operation>: <reason>") for a refusal SQLite did not raise.
[[noreturn]] void reject(std::string_view operation, std::string_view reason);

}  // namespace starport::storage
