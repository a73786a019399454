#pragma once
// Matches, their seats and their append-only action logs (kept by action_log).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/action_log.hpp"
#include "storage/journal_limits.hpp"
#include "storage/records.hpp"
#include "storage/savepoint.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class match_store {
 public:
  match_store(sqlite3* db, journal_limits limits);

  // Brings the journal's index up to date with the file (database::begin).
  void sync() { log_.sync(true); }
  // After a rollback or a failed commit: memory may hold what the file does not.
  void mark_stale() { log_.mark_stale(); }

  void create(const match_record& m);
  void append(const std::string& match_id, const logged_action& a);
  void finish(const std::string& match_id, const std::vector<std::uint32_t>& winners,
              const std::string& reason, std::int64_t ended_ms);
  std::optional<match_record> by_id(const std::string& id);
  std::vector<match_record> running();
  std::vector<match_record> finished(const std::string& game, int limit);
  std::vector<match_record> of_account(const std::string& account_id, int limit);
  std::vector<logged_action> actions(const std::string& match_id);

 private:
  template <class Body>
  auto consistent(std::string_view operation, Body&& body);
  template <class Body>
  void guarded(Body&& body);
  [[noreturn]] void refuse_append(const std::string& match_id);
  std::vector<match_record> read_all(statement::use& q);
  void read_seats(match_record& m);

  sqlite3* db_;
  savepoint savepoint_;
  action_log log_;
  statement insert_match_;
  statement insert_seat_;
  statement finish_;
  statement set_winner_;
  statement by_id_;
  statement running_;
  statement finished_all_;
  statement finished_in_game_;
  statement of_account_;
  statement insert_deck_;
  statement seats_;
};

}  // namespace starport::storage
