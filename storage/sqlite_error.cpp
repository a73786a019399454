#include "storage/sqlite_error.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <string>

namespace starport::storage {

void fail(sqlite3* db, std::string_view operation) {
  std::string message = "storage: ";
  message += operation;
  message += ": ";
  message += db ? sqlite3_errmsg(db) : "out of memory";
  throw std::runtime_error(message);
}

void reject(std::string_view operation, std::string_view reason) {
  std::string message = "storage: ";
  message += operation;
  message += ": ";
  message += reason;
  throw std::runtime_error(message);
}

void check(int rc, sqlite3* db, std::string_view operation) {
  if (rc != SQLITE_OK && rc != SQLITE_ROW && rc != SQLITE_DONE) fail(db, operation);
}

}  // namespace starport::storage
