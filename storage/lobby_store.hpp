#pragma once
// Lobbies that have not closed yet, with their seats and removed accounts; closing one
// deletes its rows.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/savepoint.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class lobby_store {
 public:
  explicit lobby_store(sqlite3* db);

  void save(const lobby_record& l);   // insert or replace
  void remove(const std::string& id);
  std::vector<lobby_record> all();    // oldest first

 private:
  savepoint savepoint_;   // a lobby and its seats are saved all or nothing
  statement upsert_;
  statement delete_;
  statement all_;
  statement clear_seats_;
  statement insert_seat_;
  statement seats_;
  statement clear_removed_;
  statement insert_removed_;
  statement removed_;
};

}  // namespace starport::storage
