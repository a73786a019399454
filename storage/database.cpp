#include "storage/database.hpp"

#include <sqlite3.h>

#include <string>

#include "storage/account_store.hpp"
#include "storage/connection.hpp"
#include "storage/deck_store.hpp"
#include "storage/lobby_store.hpp"
#include "storage/match_store.hpp"
#include "storage/migrations.hpp"
#include "storage/preference_store.hpp"
#include "storage/sqlite_error.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

// Members are built in this order: the connection, then the schema, then the statements
// that need it; they are destroyed in reverse, so every statement is finalized before close.
struct database::impl {
  connection conn;
  int migrated_to;
  statement begin;
  statement begin_deferred;
  statement commit;
  statement rollback;
  statement version;
  statement probe;
  account_store accounts;
  lobby_store lobbies;
  match_store matches;
  deck_store decks;
  preference_store preferences;

  impl(const std::string& path, journal_limits limits, std::string_view image)
      : conn(path, image),
        migrated_to(apply_migrations(conn.get(), migrations())),
        // IMMEDIATE takes the write lock up front, so a commit never fails to upgrade a read lock.
        begin(conn.get(), "BEGIN IMMEDIATE"),
        begin_deferred(conn.get(), "BEGIN DEFERRED"),
        commit(conn.get(), "COMMIT"),
        rollback(conn.get(), "ROLLBACK"),
        version(conn.get(), "PRAGMA user_version"),
        probe(conn.get(), ("PRAGMA user_version = " + std::to_string(migrated_to)).c_str()),
        accounts(conn.get()),
        lobbies(conn.get()),
        matches(conn.get(), limits),
        decks(conn.get()),
        preferences(conn.get()) {}
};

database::database(const std::string& path, journal_limits limits)
    : database(path, limits, std::string_view()) {}

database::database(const std::string& path, journal_limits limits, std::string_view image)
    : impl_(std::make_unique<impl>(path, limits, image)) {}

std::unique_ptr<database> database::copy_of(std::string_view image, journal_limits limits) {
  if (image.empty()) reject("copy_of", "the image is empty");
  return std::unique_ptr<database>(new database(":memory:", limits, image));
}

std::string database::serialize() const {
  sqlite3_int64 size = 0;
  unsigned char* bytes = sqlite3_serialize(impl_->conn.get(), "main", &size, 0);
  if (bytes == nullptr) fail(impl_->conn.get(), "serialize");
  std::string image(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
  sqlite3_free(bytes);
  return image;
}

database::~database() = default;

int database::schema_version() const {
  auto q = impl_->version.start("schema_version");
  return q.step() ? static_cast<int>(q.integer(0)) : 0;
}

int database::synchronous() const {
  statement pragma(impl_->conn.get(), "PRAGMA synchronous");
  auto q = pragma.start("synchronous");
  return q.step() ? static_cast<int>(q.integer(0)) : -1;
}

void database::probe_write() { impl_->probe.start("probe_write").run(); }

void database::begin() {
  impl_->begin.start("begin").run();
  // Another connection may have committed since the journal's index was read.
  impl_->matches.sync();
}

void database::begin_read() {
  impl_->begin_deferred.start("begin_read").run();
  impl_->matches.sync();
}

void database::commit() {
  try {
    impl_->commit.start("commit").run();
  } catch (...) {
    impl_->matches.mark_stale();   // the transaction may be gone, and memory with it
    throw;
  }
}

void database::rollback() {
  // Memory may hold what is being undone: the journal's index is rebuilt before its next use.
  impl_->matches.mark_stale();
  // Some errors (disk full, I/O) make SQLite roll back on its own; then there is nothing left to undo.
  if (sqlite3_get_autocommit(impl_->conn.get())) return;
  impl_->rollback.start("rollback").run();
}

void database::create_account(const account& a, const std::string& token_hash) {
  impl_->accounts.create(a, token_hash);
}

std::optional<account> database::account_by_token(const std::string& token_hash) {
  return impl_->accounts.by_token(token_hash);
}

void database::rename_account(const std::string& id, const std::string& display_name) {
  impl_->accounts.rename(id, display_name);
}

void database::save_lobby(const lobby_record& l) { impl_->lobbies.save(l); }

void database::delete_lobby(const std::string& id) { impl_->lobbies.remove(id); }

std::vector<lobby_record> database::lobbies() { return impl_->lobbies.all(); }

void database::create_match(const match_record& m) { impl_->matches.create(m); }

void database::append_action(const std::string& match_id, const logged_action& a) {
  impl_->matches.append(match_id, a);
}

void database::finish_match(const std::string& match_id, const std::vector<std::uint32_t>& winners,
                            const std::string& reason, std::int64_t ended_ms) {
  impl_->matches.finish(match_id, winners, reason, ended_ms);
}

std::optional<match_record> database::match(const std::string& id) {
  return impl_->matches.by_id(id);
}

std::vector<match_record> database::running_matches() { return impl_->matches.running(); }

std::vector<match_record> database::finished_matches(const std::string& game, int limit) {
  return impl_->matches.finished(game, limit);
}

std::vector<match_record> database::matches_of(const std::string& account_id, int limit) {
  return impl_->matches.of_account(account_id, limit);
}

std::vector<logged_action> database::actions(const std::string& match_id) {
  return impl_->matches.actions(match_id);
}

void database::set_preferences(const std::string& match_id, const seat_preferences& p, std::int64_t at_ms) {
  impl_->preferences.set(match_id, p, at_ms);
}

std::vector<seat_preferences> database::preferences(const std::string& match_id) {
  return impl_->preferences.of_match(match_id);
}

deck_save database::save_deck(deck_record& d, bool create, std::size_t max_decks) {
  return impl_->decks.save(d, create, max_decks);
}

std::optional<deck_record> database::deck(const std::string& account_id, const std::string& deck_id) {
  return impl_->decks.by_id(account_id, deck_id);
}

std::vector<deck_record> database::decks(const std::string& account_id, const std::string& game) {
  return impl_->decks.of(account_id, game);
}

std::optional<deck_record> database::delete_deck(const std::string& account_id, const std::string& deck_id) {
  return impl_->decks.remove(account_id, deck_id);
}

}  // namespace starport::storage
