#include "storage/savepoint.hpp"

#include <exception>

namespace starport::storage {

savepoint::savepoint(sqlite3* db)
    : open_(db, "SAVEPOINT storage_write"),
      undo_(db, "ROLLBACK TO storage_write"),
      release_(db, "RELEASE storage_write") {}

void savepoint::undo() noexcept {
  try {
    undo_.start("rollback to savepoint").run();
    release_.start("release savepoint").run();
  } catch (const std::exception&) {
    // SQLite already rolled the whole transaction back (disk full, I/O error): nothing to undo.
  }
}

}  // namespace starport::storage
