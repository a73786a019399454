#pragma once
// A match's public log as the server keeps it for reloads: the latest lines, oldest first,
// exactly as they went out in ViewUpdate.log_line (one entry per line). Bounded by lines and
// by bytes, so a match costs at most about max_bytes whatever its games write.
#include <cstddef>
#include <deque>
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

  std::size_t lines() const { return lines_; }
  std::size_t bytes() const { return bytes_; }   // the lines' text
  std::vector<std::string> all() const;           // oldest first

 private:
  void push(std::string_view line);
  void drop_oldest();
  template <class Each>
  void for_each(Each each) const;

  // Each line as its length (a varint) then its text, end to end in the deque's fixed
  // 512-byte blocks: a match writes about a line a move and every running match keeps its
  // log, so the overhead of a string a line (its header, the allocator's rounding, a slot
  // in a deque of strings: about the text again) mattered, and a growing contiguous buffer
  // held up to half of itself empty and fragmented the allocator with its doublings.
  std::deque<char> text_;
  std::size_t lines_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace starport::server
