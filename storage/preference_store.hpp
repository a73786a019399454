#pragma once
// A seat's preferences per match (SetPreferences), replaced whole on each change.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class preference_store {
 public:
  explicit preference_store(sqlite3* db);

  void set(const std::string& match_id, const seat_preferences& p, std::int64_t at_ms);
  std::vector<seat_preferences> of_match(const std::string& match_id);   // by seat

 private:
  statement upsert_;
  statement of_match_;
};

}  // namespace starport::storage
