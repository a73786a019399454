#pragma once
// Guest accounts, found by the hash of their session token.
#include <optional>
#include <string>

#include "storage/records.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class account_store {
 public:
  explicit account_store(sqlite3* db);

  void create(const account& a, const std::string& token_hash);
  std::optional<account> by_token(const std::string& token_hash);
  void rename(const std::string& id, const std::string& display_name);

 private:
  statement insert_;
  statement by_token_;
  statement rename_;
};

}  // namespace starport::storage
