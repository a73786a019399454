#include "server/match/match_log.hpp"

#include <limits>
#include <stdexcept>

#include "engine/core/varint.hpp"
#include "server/protocol/view_dictionaries.hpp"

namespace starport::server {

namespace {

using engine::put_varint;

// Reads the varint at `it` and moves past it (the text is a deque: engine::read_varint
// takes contiguous bytes).
template <class It>
std::size_t read_length(It& it) {
  std::size_t n = 0;
  for (int shift = 0;; shift += 7) {
    const auto byte = static_cast<std::uint8_t>(*it++);
    n |= std::size_t{byte & 0x7Fu} << shift;
    if (byte < 0x80) return n;
  }
}

}  // namespace

void match_log::add(std::string_view words) {
  while (!words.empty()) {
    const std::size_t end = words.find('\n');
    const std::string_view line = words.substr(0, end);
    if (!line.empty()) push(line);
    if (end == std::string_view::npos) break;
    words.remove_prefix(end + 1);
  }
  while (lines_ > max_lines || (bytes_ > max_bytes && lines_ > 1)) drop_oldest();
}

void match_log::push(std::string_view line) {
  put_varint(text_, line.size());
  text_.insert(text_.end(), line.begin(), line.end());
  ++text_lines_;
  ++lines_;
  bytes_ += line.size();
  if (dictionary_ && text_lines_ == block_lines) seal();
}

void match_log::seal() {
  block b;
  std::string text;
  for (auto it = text_.cbegin(); it != text_.cend();) {
    const std::size_t n = read_length(it);
    put_varint(b.bytes, n);
    text.append(it, it + static_cast<std::ptrdiff_t>(n));
    it += static_cast<std::ptrdiff_t>(n);
  }
  b.lengths_size = static_cast<std::uint32_t>(b.bytes.size());
  b.lines = static_cast<std::uint32_t>(text_lines_);
  std::string packed;
  pack_view(*dictionary_, text, packed);
  b.bytes += packed;
  b.bytes.shrink_to_fit();
  // At most this many blocks are ever kept: a vector left to double would hold up to twice.
  if (blocks_.empty()) blocks_.reserve((max_lines + block_lines - 1) / block_lines + 1);
  blocks_.push_back(std::move(b));
  text_.clear();
  text_.shrink_to_fit();
  text_lines_ = 0;
}

void match_log::drop_oldest() {
  if (!blocks_.empty()) {
    const block& b = blocks_.front();
    auto it = b.bytes.cbegin() + static_cast<std::ptrdiff_t>(dropped_at_);
    bytes_ -= read_length(it);
    dropped_at_ = static_cast<std::size_t>(it - b.bytes.cbegin());
    --lines_;
    if (++dropped_ == b.lines) {
      blocks_.erase(blocks_.begin());
      dropped_ = dropped_at_ = 0;
    }
    return;
  }
  auto it = text_.cbegin();
  const std::size_t n = read_length(it);
  text_.erase(text_.cbegin(), it + static_cast<std::ptrdiff_t>(n));
  --text_lines_;
  --lines_;
  bytes_ -= n;
}

template <class Each>
void match_log::for_each(Each each) const {
  std::string text;
  for (std::size_t i = 0; i < blocks_.size(); ++i) {
    const block& b = blocks_[i];
    const std::string_view lengths(b.bytes.data(), b.lengths_size);
    // Only its own output, with its own dictionary: a block that does not unpack is a bug.
    if (!unpack_view(std::string_view(b.bytes).substr(b.lengths_size), text, std::numeric_limits<std::size_t>::max()))
      throw std::logic_error("match log: a packed block does not unpack");
    std::size_t at = 0;
    auto it = lengths.cbegin();
    for (std::uint32_t line = 0; line < b.lines; ++line) {
      const std::size_t n = read_length(it);
      if (i > 0 || line >= dropped_) each(std::string_view(text).substr(at, n));
      at += n;
    }
  }
  std::string line;
  for (auto it = text_.cbegin(); it != text_.cend();) {
    const auto n = static_cast<std::ptrdiff_t>(read_length(it));
    line.assign(it, it + n);
    each(std::string_view(line));
    it += n;
  }
}

std::size_t match_log::held() const {
  std::size_t n = text_.size();
  for (const block& b : blocks_) n += b.bytes.capacity();
  return n;
}

std::vector<std::string> match_log::all() const {
  std::vector<std::string> out;
  out.reserve(lines_);
  for_each([&](std::string_view line) { out.emplace_back(line); });
  return out;
}

void match_log::copy_to(v1::ViewUpdate& update) const {
  auto& out = *update.mutable_log_history();
  out.Reserve(static_cast<int>(lines_));
  for_each([&](std::string_view line) { out.Add()->assign(line); });
}

}  // namespace starport::server
