#include "server/match/match_log.hpp"

namespace starport::server {

void match_log::add(std::string_view words) {
  while (!words.empty()) {
    const std::size_t end = words.find('\n');
    const std::string_view line = words.substr(0, end);
    if (!line.empty()) {
      text_.append(line);
      ends_.push_back(static_cast<std::uint32_t>(text_.size()));
    }
    if (end == std::string_view::npos) break;
    words.remove_prefix(end + 1);
  }
  while (lines() > max_lines || (bytes() > max_bytes && lines() > 1)) drop_oldest();
}

void match_log::drop_oldest() {
  start_ = ends_[first_++];
  if (start_ < bytes() / 2 + 256) return;
  // Cut the gap once it is half what is kept: each kept byte is moved about twice in all,
  // and the buffer holds at most 1.5 times the kept lines.
  text_.erase(0, start_);
  ends_.erase(ends_.begin(), ends_.begin() + static_cast<std::ptrdiff_t>(first_));
  for (std::uint32_t& e : ends_) e -= static_cast<std::uint32_t>(start_);
  first_ = 0;
  start_ = 0;
}

std::string_view match_log::line(std::size_t i) const {
  const std::size_t k = first_ + i;
  const std::size_t from = k == first_ ? start_ : ends_[k - 1];
  return std::string_view(text_).substr(from, ends_[k] - from);
}

void match_log::copy_to(v1::ViewUpdate& update) const {
  auto& out = *update.mutable_log_history();
  out.Reserve(static_cast<int>(lines()));
  for (std::size_t i = 0; i < lines(); ++i) out.Add()->assign(line(i));
}

}  // namespace starport::server
