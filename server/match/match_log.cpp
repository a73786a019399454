#include "server/match/match_log.hpp"

namespace starport::server {

void match_log::add(std::string_view words) {
  while (!words.empty()) {
    const std::size_t end = words.find('\n');
    const std::string_view line = words.substr(0, end);
    if (!line.empty()) {
      lines_.emplace_back(line);
      bytes_ += line.size();
    }
    if (end == std::string_view::npos) break;
    words.remove_prefix(end + 1);
  }
  while (lines_.size() > max_lines || (bytes_ > max_bytes && lines_.size() > 1)) {
    bytes_ -= lines_.front().size();
    lines_.pop_front();
  }
}

void match_log::copy_to(v1::ViewUpdate& update) const {
  auto& out = *update.mutable_log_history();
  out.Reserve(static_cast<int>(lines_.size()));
  for (const std::string& line : lines_) *out.Add() = line;
}

}  // namespace starport::server
