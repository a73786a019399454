#pragma once
// Players' constructed decks, owned by an account; deck ids are unique per account.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class deck_store {
 public:
  explicit deck_store(sqlite3* db);

  void save(const deck_record& d);   // insert or replace the owner's deck with that id
  std::vector<deck_record> of(const std::string& account_id, const std::string& game);
  void remove(const std::string& account_id, const std::string& deck_id);

 private:
  statement upsert_;
  statement of_;
  statement delete_;
};

}  // namespace starport::storage
