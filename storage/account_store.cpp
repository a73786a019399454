#include "storage/account_store.hpp"

#include "storage/sqlite_error.hpp"

namespace starport::storage {

account_store::account_store(sqlite3* db)
    : insert_(db,
              "INSERT INTO accounts (id, display_name, token_hash, created_ms)"
              " VALUES (?1, ?2, ?3, ?4)"),
      by_token_(db, "SELECT id, display_name, created_ms FROM accounts WHERE token_hash = ?1"),
      rename_(db, "UPDATE accounts SET display_name = ?2 WHERE id = ?1") {}

void account_store::create(const account& a, const std::string& token_hash) {
  auto q = insert_.start("create_account");
  q.bind_text(1, a.id).bind_text(2, a.display_name).bind_text(3, token_hash).bind(4, a.created_ms);
  q.run();
}

std::optional<account> account_store::by_token(const std::string& token_hash) {
  auto q = by_token_.start("account_by_token");
  q.bind_text(1, token_hash);
  if (!q.step()) return std::nullopt;
  return account{q.text(0), q.text(1), q.integer(2)};
}

void account_store::rename(const std::string& id, const std::string& display_name) {
  auto q = rename_.start("rename_account");
  q.bind_text(1, id).bind_text(2, display_name);
  q.run();
  if (q.changes() == 0) reject("rename_account", "no account " + id);
}

}  // namespace starport::storage
