#pragma once
// A match's public log as the server keeps it for reloads: the latest lines, oldest first,
// exactly as they went out in ViewUpdate.log_line (one entry per line). Bounded by lines and
// by bytes, so a match's log costs at most about twice max_bytes whatever its games write.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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

  std::size_t lines() const { return ends_.size() - first_; }
  std::size_t bytes() const { return text_.size() - start_; }
  std::string_view line(std::size_t i) const;   // 0: the oldest kept

 private:
  void drop_oldest();

  // The kept lines end to end in one buffer, where a string per line cost about twice the
  // text in headers, allocator rounding and deque blocks (a match writes about a line a
  // move, and every running match keeps its log). ends_[i]: where line i ends in text_.
  // Lines dropped from the front leave a gap, cut once it is most of the buffer.
  std::string text_;
  std::vector<std::uint32_t> ends_;
  std::size_t first_ = 0;   // the oldest kept line's index in ends_
  std::size_t start_ = 0;   // where it starts in text_
};

}  // namespace starport::server
