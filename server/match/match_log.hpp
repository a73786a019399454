#pragma once
// A match's public log as the server keeps it for reloads: the latest lines, oldest first,
// exactly as they went out in ViewUpdate.log_line (one entry per line). Bounded by lines and
// by bytes, so a match costs at most about max_bytes whatever its games write.
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

#include "server/protocol/messages.hpp"

namespace starport::server {

class match_log {
 public:
  static constexpr std::size_t max_lines = 500;          // ViewUpdate.log_history's promise
  static constexpr std::size_t max_bytes = 64 * 1024;    // ~130 bytes a line on average

  // One accepted action's words; a "\n" inside starts a new line. Empty adds nothing.
  void add(std::string_view words);
  // Into a snapshot's log_history, oldest first.
  void copy_to(v1::ViewUpdate& update) const;

  std::size_t lines() const { return lines_.size(); }
  std::size_t bytes() const { return bytes_; }
  const std::deque<std::string>& all() const { return lines_; }

 private:
  std::deque<std::string> lines_;
  std::size_t bytes_ = 0;
};

}  // namespace starport::server
