#pragma once
// One SQLite connection with prepared statements, WAL mode and ordered migrations.
// Not thread-safe: the server uses it only from the storage thread (worker.hpp);
// tests and start-up recovery may use it directly.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/journal_limits.hpp"
#include "storage/records.hpp"

namespace starport::storage {

class database {
 public:
  // Opens or creates the file, sets WAL and busy timeout, applies pending migrations and
  // reads the action journal's index. Throws std::runtime_error with SQLite's message on failure.
  explicit database(const std::string& path, journal_limits limits = {});
  // An in-memory database that starts as a copy of `image` (serialize() of another), so
  // that each of many short-lived servers (the request fuzzer's) need not run every
  // migration again. An image of an older schema is migrated; a newer one is refused.
  static std::unique_ptr<database> copy_of(std::string_view image, journal_limits limits = {});
  ~database();
  database(const database&) = delete;
  database& operator=(const database&) = delete;

  int schema_version() const;
  // The main database's bytes (sqlite3_serialize), for copy_of.
  std::string serialize() const;
  // PRAGMA synchronous as this connection runs it (2: FULL, docs/storage.md "Durability").
  int synchronous() const;

  // A real write that changes nothing (rewrites the schema version in the file header):
  // the server's storage health probe (server/net/health.hpp). Throws when storage cannot be written.
  void probe_write();
  void begin();
  void begin_read();   // a read transaction (BEGIN DEFERRED): takes no write lock
  void commit();
  void rollback();

  // Accounts (guests). Only a hash of the session token is stored.
  void create_account(const account& a, const std::string& token_hash);
  std::optional<account> account_by_token(const std::string& token_hash);
  void rename_account(const std::string& id, const std::string& display_name);

  // Lobbies that have not closed; a lobby row is removed when it closes.
  void save_lobby(const lobby_record& l);      // insert or replace
  void delete_lobby(const std::string& id);
  std::vector<lobby_record> lobbies();

  // Matches and their append-only action logs.
  void create_match(const match_record& m);
  void append_action(const std::string& match_id, const logged_action& a);
  void finish_match(const std::string& match_id, const std::vector<std::uint32_t>& winners,
                    const std::string& reason, std::int64_t ended_ms);
  std::optional<match_record> match(const std::string& id);
  std::vector<match_record> running_matches();
  std::vector<match_record> finished_matches(const std::string& game, int limit);
  std::vector<match_record> matches_of(const std::string& account_id, int limit);
  std::vector<logged_action> actions(const std::string& match_id);

  // A seat's preferences in a match (replaced whole), and all of a match's, by seat.
  void set_preferences(const std::string& match_id, const seat_preferences& p, std::int64_t at_ms);
  std::vector<seat_preferences> preferences(const std::string& match_id);

  // An account's decks (docs/storage.md, "Decks"). `create`: a new deck with a new id, if
  // the account keeps fewer than `max_decks`; else a replacement of its deck of that id
  // and game. Nothing is written unless the answer is `saved`; then `d.updated_ms` is the
  // time stored, later than every other deck of the account (deck_store.hpp).
  deck_save save_deck(deck_record& d, bool create, std::size_t max_decks);
  std::optional<deck_record> deck(const std::string& account_id, const std::string& deck_id);
  // Most recently changed first; `game` "" lists every game's.
  std::vector<deck_record> decks(const std::string& account_id, const std::string& game);
  // The deck deleted, or nothing when the account has no deck with that id.
  std::optional<deck_record> delete_deck(const std::string& account_id, const std::string& deck_id);

 private:
  database(const std::string& path, journal_limits limits, std::string_view image);
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace starport::storage
