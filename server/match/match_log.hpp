#pragma once
// A match's public log as the server keeps it for reloads: the latest lines, oldest first,
// exactly as they went out in ViewUpdate.log_line (one entry per line). Bounded by lines and
// by bytes, so a match costs at most about max_bytes whatever its games write.
//
// Every running match keeps its log, and a long match's is most of what it holds, while a
// log is read back only for a snapshot (a join, a reload, a resync). So lines are packed
// in blocks of `block_lines` against the game's view dictionary (view_dictionaries.hpp:
// trained on that game's updates, log lines included), and only the newest block is plain.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "server/protocol/messages.hpp"

namespace starport::server {

struct view_dictionary;

class match_log {
 public:
  static constexpr std::size_t max_lines = 500;          // ViewUpdate.log_history's promise
  static constexpr std::size_t max_bytes = 64 * 1024;    // ~130 bytes a line on average
  static constexpr std::size_t block_lines = 32;         // lines packed together

  // `dictionary`: the game's; without one, lines stay plain.
  explicit match_log(const view_dictionary* dictionary = nullptr) : dictionary_(dictionary) {}

  // One accepted action's words; a "\n" inside starts a new line. Empty adds nothing.
  void add(std::string_view words);
  // Into a snapshot's log_history, oldest first.
  void copy_to(v1::ViewUpdate& update) const;

  std::size_t lines() const { return lines_; }
  std::size_t bytes() const { return bytes_; }   // the lines' text
  std::size_t held() const;                       // what it keeps them in: packed blocks, the plain ones
  std::vector<std::string> all() const;           // oldest first

 private:
  // `block_lines` lines: their lengths (varints), then their text end to end, packed.
  struct block {
    std::string bytes;
    std::uint32_t lengths_size = 0;   // bytes of `bytes` that are the lengths
    std::uint32_t lines = 0;
  };

  void push(std::string_view line);
  void seal();
  void drop_oldest();
  template <class Each>
  void for_each(Each each) const;

  const view_dictionary* dictionary_;
  // Oldest first. The first `dropped_` lines of the first block are past the bounds: gone.
  std::vector<block> blocks_;
  std::size_t dropped_ = 0;
  std::size_t dropped_at_ = 0;   // where the first kept line's length is, in the first block
  // The newest lines, plain: each as its length (a varint) then its text, end to end in the
  // deque's fixed 512-byte blocks (a string a line cost about its text again in headers and
  // rounding; one growing buffer held up to half of itself empty).
  std::deque<char> text_;
  std::size_t text_lines_ = 0;
  std::size_t lines_ = 0;
  std::size_t bytes_ = 0;
};

}  // namespace starport::server
