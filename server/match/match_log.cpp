#include "server/match/match_log.hpp"

#include <cstdint>

namespace starport::server {

namespace {

// Reads the varint at `it` and moves past it.
std::size_t read_length(std::deque<char>::const_iterator& it) {
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
  for (std::size_t n = line.size();; n >>= 7) {
    if (n < 0x80) {
      text_.push_back(static_cast<char>(n));
      break;
    }
    text_.push_back(static_cast<char>(0x80 | (n & 0x7F)));
  }
  text_.insert(text_.end(), line.begin(), line.end());
  ++lines_;
  bytes_ += line.size();
}

void match_log::drop_oldest() {
  auto it = text_.cbegin();
  const std::size_t n = read_length(it);
  text_.erase(text_.cbegin(), it + static_cast<std::ptrdiff_t>(n));
  --lines_;
  bytes_ -= n;
}

template <class Each>
void match_log::for_each(Each each) const {
  for (auto it = text_.cbegin(); it != text_.cend();) {
    const auto n = static_cast<std::ptrdiff_t>(read_length(it));
    each(it, it + n);
    it += n;
  }
}

std::vector<std::string> match_log::all() const {
  std::vector<std::string> out;
  out.reserve(lines_);
  for_each([&](auto from, auto to) { out.emplace_back(from, to); });
  return out;
}

void match_log::copy_to(v1::ViewUpdate& update) const {
  auto& out = *update.mutable_log_history();
  out.Reserve(static_cast<int>(lines_));
  for_each([&](auto from, auto to) { out.Add()->assign(from, to); });
}

}  // namespace starport::server
