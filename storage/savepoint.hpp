#pragma once
// Makes a multi-statement write all-or-nothing, inside a caller's transaction or outside any.
#include <string_view>

#include "storage/statement.hpp"

namespace starport::storage {

class savepoint {
 public:
  explicit savepoint(sqlite3* db);

  // Runs `body`; if it throws, undoes whatever it wrote and rethrows.
  template <class Body>
  void run(std::string_view operation, Body&& body) {
    open_.start(operation).run();
    try {
      body();
    } catch (...) {
      undo();
      throw;
    }
    release_.start(operation).run();
  }

 private:
  void undo() noexcept;
  statement open_;
  statement undo_;
  statement release_;
};

}  // namespace starport::storage
