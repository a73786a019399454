#include "storage/journal_index.hpp"

#include <algorithm>

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
  matches_[id] = match{archived, {}};
}

void journal_index::add_row(const std::string& id, std::int64_t seq) {
  match& m = matches_.at(id);
  if (m.seqs.empty()) firsts_.emplace(seq, id);
  m.seqs.push_back(seq);
  // SQLite numbers a row max(seq) + 1, so an emptied journal starts again at 1.
  next_seq_ = seq + 1;
  deleted_below_ = std::min(deleted_below_, seq);
}

void journal_index::archived(const std::string& id) {
  match& m = matches_.at(id);
  if (m.seqs.empty()) return;
  firsts_.erase(m.seqs.front());
  m.archived += static_cast<std::uint32_t>(m.seqs.size());
  m.seqs.clear();
}

void journal_index::forget(const std::string& id) {
  const auto it = matches_.find(id);
  if (it == matches_.end()) return;
  if (!it->second.seqs.empty()) firsts_.erase(it->second.seqs.front());
  matches_.erase(it);
}

}  // namespace starport::storage
