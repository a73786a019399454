#include "storage/connection.hpp"

#include <sqlite3.h>

#include <string>

#include "storage/sqlite_error.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

namespace {

void exec(sqlite3* db, const char* sql) {
  check(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), db, sql);
}

}  // namespace

connection::connection(const std::string& path, std::string_view image) {
  // NOMUTEX: one thread at a time uses the connection (the storage thread), so SQLite's
  // own per-call mutex would only cost time.
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  try {
    if (rc != SQLITE_OK) fail(db_, "open " + path);
    if (!image.empty()) load(image);
    configure();
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

connection::~connection() { sqlite3_close_v2(db_); }

void connection::load(std::string_view image) {
  if (sqlite3_db_filename(db_, "main")[0] != '\0') reject("load image", "only an in-memory database starts from an image");
  // The image is read in place (READONLY: no copy) by a second connection and its pages
  // are copied with the backup API, so that this one stays a plain ":memory:" database
  // (SQLite's pager and page cache, not the memdb VFS a deserialized database would run on).
  sqlite3* source = nullptr;
  if (sqlite3_open_v2(":memory:", &source, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    sqlite3_close_v2(source);
    reject("load image", "cannot open a connection to read it");
  }
  auto* bytes = reinterpret_cast<unsigned char*>(const_cast<char*>(image.data()));
  const auto size = static_cast<sqlite3_int64>(image.size());
  int rc = sqlite3_deserialize(source, "main", bytes, size, size, SQLITE_DESERIALIZE_READONLY);
  std::string why = rc == SQLITE_OK ? "" : sqlite3_errmsg(source);
  if (rc == SQLITE_OK) {
    sqlite3_backup* copy = sqlite3_backup_init(db_, "main", source, "main");
    if (copy != nullptr) {
      sqlite3_backup_step(copy, -1);
      rc = sqlite3_backup_finish(copy);   // the step's error, if it had one
    } else {
      rc = sqlite3_errcode(db_);
    }
    if (rc != SQLITE_OK) why = sqlite3_errmsg(db_);
  }
  sqlite3_close_v2(source);
  if (rc != SQLITE_OK) reject("load image", why);
}

void connection::configure() {
  check(sqlite3_extended_result_codes(db_, 1), db_, "extended_result_codes");
  check(sqlite3_busy_timeout(db_, busy_timeout_ms), db_, "busy_timeout");
  {
    statement wal(db_, "PRAGMA journal_mode=WAL");
    auto q = wal.start("journal_mode=WAL");
    const std::string mode = q.step() ? q.text(0) : std::string();
    // An in-memory database (tests) reports "memory"; a file that cannot do WAL is an error.
    const char* file = sqlite3_db_filename(db_, "main");
    const bool in_memory = file == nullptr || file[0] == '\0';
    if (mode != "wal" && !(in_memory && mode == "memory"))
      reject("journal_mode=WAL", "the database stayed in journal mode '" + mode + "'");
  }
  // FULL in WAL: each commit fsyncs the WAL before it returns, so a commit survives power
  // loss, not only a process crash. The worker's group commit makes that one fsync per
  // batch (docs/storage.md, "Durability", with its measured cost).
  exec(db_, "PRAGMA synchronous=FULL");
  exec(db_, "PRAGMA foreign_keys=ON");
}

}  // namespace starport::storage
