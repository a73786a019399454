#pragma once
// The running matches and their rows in the action journal, in memory (docs/storage.md).
// No SQL here: action_log changes it only after the write it mirrors has succeeded.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

#include "storage/records.hpp"

namespace starport::storage {

class journal_index {
 public:
  struct match {
    std::uint32_t archived = 0;   // its archived actions (= matches.action_count)
    std::uint32_t rows = 0;       // its journal rows not yet archived
    std::int64_t first = 0;       // the first of those rows' seqs (when rows > 0)
    std::int64_t last = 0;        // the last
    // Those rows' actions, encoded as the run their archival writes (storage/action_run.hpp):
    // archival inserts it as it is, without reading the journal back.
    std::string run;
    std::int64_t last_at_ms = 0;  // the at_ms of the run's last action
    std::uint32_t total() const { return archived + rows; }
  };

  void clear();
  // After a scan of the journal: its lowest seq, and the seq its next row will get.
  void set_bounds(std::int64_t lowest_seq, std::int64_t next_seq);
  const match* find(const std::string& id) const;
  void add_match(const std::string& id, std::uint32_t archived);
  // Its next action, in journal row `seq`; throws std::logic_error if seq is not above its last.
  void add_row(const std::string& id, std::int64_t seq, const logged_action& a);
  void archived(const std::string& id);   // its journal rows are now archived as a run too
  void forget(const std::string& id);     // it finished

  // Running matches by their first journal row, oldest first.
  const std::map<std::int64_t, std::string>& firsts() const { return firsts_; }
  // The smallest seq a running match still needs: every row below it is archived.
  std::int64_t low_water() const { return firsts_.empty() ? next_seq_ : firsts_.begin()->first; }
  std::int64_t next_seq() const { return next_seq_; }
  std::int64_t deleted_below() const { return deleted_below_; }
  void set_deleted_below(std::int64_t seq) { deleted_below_ = seq; }

 private:
  std::unordered_map<std::string, match> matches_;
  std::map<std::int64_t, std::string> firsts_;
  std::int64_t next_seq_ = 1;
  std::int64_t deleted_below_ = 1;   // no journal row has a smaller seq
};

}  // namespace starport::storage
