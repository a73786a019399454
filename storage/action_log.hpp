#pragma once
// Matches' action logs: match_action_runs holds what is archived (match_actions what was
// archived before migration 9), the action_journal table the rest of each running match's
// log, in arrival order; an index of the journal, with those rows' actions, is kept in memory
// (docs/storage.md, "The action journal").
#include <cstdint>
#include <string>
#include <vector>

#include "storage/journal_index.hpp"
#include "storage/journal_limits.hpp"
#include "storage/records.hpp"
#include "storage/savepoint.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

class action_log {
 public:
  action_log(sqlite3* db, journal_limits limits);   // reads the index from the file

  // Rebuilds the index if it is stale or, with `others_may_have_written`, if another
  // connection has committed since it was read. Call before each use.
  void sync(bool others_may_have_written);
  // Memory may hold a write the file does not (failure, rollback): rebuild before next use.
  void mark_stale() { stale_ = true; }

  const journal_index::match* running(const std::string& match_id) const {
    return index_.find(match_id);
  }
  void started(const std::string& match_id) { index_.add_match(match_id, 0); }
  // Upkeep, then one insert. The caller has checked the match and the index.
  void append(const std::string& match_id, const logged_action& a, const std::string& args);
  // Archives the match's journal rows as one run (from memory) and adds them to
  // matches.action_count, inside the caller's savepoint; memory is unchanged until finished()
  // or upkeep says that write succeeded.
  void copy_to_log(const std::string& match_id);
  void finished(const std::string& match_id) { index_.forget(match_id); }
  std::vector<logged_action> actions(const std::string& match_id);
  // Archives the matches that pin the journal's front and deletes its archived prefix, when due.
  void upkeep();

 private:
  void rebuild();
  std::int64_t data_version();

  sqlite3* db_;
  journal_limits limits_;
  journal_index index_;
  bool stale_ = true;
  std::int64_t since_upkeep_ = 0;   // appends and finishes since upkeep last ran
  std::int64_t version_ = 0;   // PRAGMA data_version when the index was read
  savepoint savepoint_;
  statement insert_;
  statement insert_run_;
  statement delete_;
  statement archived_;
  statement runs_;
  statement running_;
  statement scan_;
  statement version_query_;
};

}  // namespace starport::storage
