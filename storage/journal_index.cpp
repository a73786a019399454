#include "storage/journal_index.hpp"

#include <algorithm>
#include <stdexcept>

#include "storage/action_run.hpp"

namespace starport::storage {

void journal_index::clear() {
  matches_.clear();
  firsts_.clear();
}

void journal_index::set_bounds(std::int64_t lowest_seq, std::int64_t next_seq) {
  deleted_below_ = lowest_seq;
  next_seq_ = next_seq;
}

const journal_index::match* journal_index::find(const std::string& id) const {
  const auto it = matches_.find(id);
  return it == matches_.end() ? nullptr : &it->second;
}

void journal_index::add_match(const std::string& id, std::uint32_t archived) {
  match& m = matches_[id] = match{};
  m.archived = archived;
}

void journal_index::add_row(const std::string& id, std::int64_t seq, const logged_action& a) {
  match& m = matches_.at(id);
  // Seqs only grow (SQLite numbers a row max(seq) + 1 and we never insert below).
  if (m.rows > 0 && seq <= m.last)
    throw std::logic_error("journal index: a row's seq is not above the match's last");
  append_to_run(m.run, a, m.rows == 0 ? 0 : m.last_at_ms);
  if (m.rows == 0) {
    firsts_.emplace(seq, id);
    m.first = seq;
  }
  m.last = seq;
  m.last_at_ms = a.at_ms;
  ++m.rows;
  // SQLite numbers a row max(seq) + 1, so an emptied journal starts again at 1.
  next_seq_ = seq + 1;
  deleted_below_ = std::min(deleted_below_, seq);
}

void journal_index::archived(const std::string& id) {
  match& m = matches_.at(id);
  if (m.rows == 0) return;
  firsts_.erase(m.first);
  m.archived += m.rows;
  m.rows = 0;
  m.run = std::string();   // its memory back, not just its length
}

void journal_index::forget(const std::string& id) {
  const auto it = matches_.find(id);
  if (it == matches_.end()) return;
  if (it->second.rows > 0) firsts_.erase(it->second.first);
  matches_.erase(it);
}

}  // namespace starport::storage
