#include "storage/statement.hpp"

#include <sqlite3.h>

#include "storage/sqlite_error.hpp"

namespace starport::storage {

statement::statement(sqlite3* db, const char* sql) : db_(db) {
  const int rc = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) fail(db, std::string("prepare ") + sql);
}

statement::~statement() { sqlite3_finalize(stmt_); }

statement::use::use(statement& s, std::string_view operation)
    : stmt_(s.stmt_), db_(s.db_), operation_(operation) {}

statement::use::~use() {
  // reset() repeats the last step's error code, which was already thrown.
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

void statement::use::check_bind(int rc) {
  if (rc != SQLITE_OK) fail(db_, operation_);
}

statement::use& statement::use::bind(int index, std::int64_t value) {
  check_bind(sqlite3_bind_int64(stmt_, index, value));
  return *this;
}

statement::use& statement::use::bind_text(int index, std::string_view value) {
  check_bind(sqlite3_bind_text64(stmt_, index, value.data(), value.size(), SQLITE_TRANSIENT,
                                 SQLITE_UTF8));
  return *this;
}

statement::use& statement::use::bind_text_or_null(int index, std::string_view value) {
  if (!value.empty()) return bind_text(index, value);
  check_bind(sqlite3_bind_null(stmt_, index));
  return *this;
}

statement::use& statement::use::bind_blob(int index, std::string_view bytes) {
  // A null pointer would bind NULL, not an empty blob.
  const char* data = bytes.empty() ? "" : bytes.data();
  check_bind(sqlite3_bind_blob64(stmt_, index, data, bytes.size(), SQLITE_TRANSIENT));
  return *this;
}

bool statement::use::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, operation_);
}

void statement::use::run() {
  while (step()) {
  }
}

int statement::use::changes() const { return sqlite3_changes(db_); }

std::int64_t statement::use::integer(int column) const {
  return sqlite3_column_int64(stmt_, column);
}

std::string statement::use::text(int column) const {
  const auto* p = sqlite3_column_text(stmt_, column);
  if (!p) return {};
  const int n = sqlite3_column_bytes(stmt_, column);
  return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
}

std::string statement::use::blob(int column) const {
  const void* p = sqlite3_column_blob(stmt_, column);
  const int n = sqlite3_column_bytes(stmt_, column);
  if (!p || n == 0) return {};
  return std::string(static_cast<const char*>(p), static_cast<std::size_t>(n));
}

}  // namespace starport::storage
