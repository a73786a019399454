#pragma once
// The schema's history. Script i takes a database from version i to version i + 1;
// PRAGMA user_version records how many have been applied. Append new scripts, never
// edit a shipped one (docs/storage.md).
#include <span>
#include <string_view>

struct sqlite3;

namespace starport::storage {

// Every migration this build knows, in order.
std::span<const std::string_view> migrations();

// Applies the scripts the database has not seen, all in one transaction, and returns the
// new version. Throws (changing nothing) if a script fails or the database is newer.
int apply_migrations(sqlite3* db, std::span<const std::string_view> scripts);

// PRAGMA user_version: how many migrations the database has.
int user_version(sqlite3* db);

}  // namespace starport::storage
