#pragma once
// Lobbies that have not closed yet; closing one deletes its row.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class lobby_store {
 public:
  explicit lobby_store(sqlite3* db);

  void save(const lobby_record& l);   // insert or replace
  void remove(const std::string& id);
  std::vector<lobby_record> all();    // oldest first

 private:
  statement upsert_;
  statement delete_;
  statement all_;
};

}  // namespace starport::storage
