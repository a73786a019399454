#pragma once
// A prepared statement compiled once at open and reused for the connection's lifetime.
#include <cstdint>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace starport::storage {

class statement {
 public:
  statement(sqlite3* db, const char* sql);   // throws if the SQL does not compile
  ~statement();
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;

  // One execution: bind, step, read columns. Resets on destruction, so a SELECT
  // never holds its read transaction (and blocks WAL checkpoints) after the caller is done.
  class use {
   public:
    use(statement& s, std::string_view operation);
    ~use();
    use(const use&) = delete;
    use& operator=(const use&) = delete;

    use& bind(int index, std::int64_t value);
    use& bind_text(int index, std::string_view value);
    use& bind_text_or_null(int index, std::string_view value);   // empty → NULL
    use& bind_blob(int index, std::string_view bytes);

    bool step();   // true: a row is ready to read
    void run();    // executes a statement that returns no rows
    int changes() const;   // rows the last run() inserted, updated or deleted

    std::int64_t integer(int column) const;
    std::string text(int column) const;   // NULL reads as ""
    std::string blob(int column) const;

   private:
    void check_bind(int rc);
    sqlite3_stmt* stmt_;
    sqlite3* db_;
    std::string_view operation_;
  };

  use start(std::string_view operation) { return use(*this, operation); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace starport::storage
