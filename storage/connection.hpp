#pragma once
// The SQLite connection itself: open, configure (WAL, synchronous, foreign keys, busy timeout), close.
#include <string>
#include <string_view>

struct sqlite3;

namespace starport::storage {

class connection {
 public:
  // Throws std::runtime_error naming the step that failed. A non-empty `image` (bytes of
  // database::serialize) becomes the main database, in memory: `path` must be ":memory:".
  explicit connection(const std::string& path, std::string_view image = {});
  ~connection();
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;

  sqlite3* get() const { return db_; }

  // How long a statement waits for another process's write lock before SQLITE_BUSY.
  static constexpr int busy_timeout_ms = 5000;

 private:
  void load(std::string_view image);
  void configure();
  sqlite3* db_ = nullptr;
};

}  // namespace starport::storage
