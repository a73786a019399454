#include "engine/core/words.hpp"

namespace starport::engine {

std::string join_words(std::string before, std::string_view effects) {
  if (effects.empty()) return before;
  if (!before.empty()) before += '\n';
  before.append(effects);
  return before;
}

std::string fill_seat_names(std::string_view words, std::span<const std::string> names) {
  static constexpr std::string_view open = "{seat:";
  std::string out;
  out.reserve(words.size() + 16);
  std::size_t at = 0;
  while (at < words.size()) {
    const std::size_t ref = words.find(open, at);
    const std::size_t close = ref == std::string_view::npos ? ref : words.find('}', ref);
    if (close == std::string_view::npos) break;
    std::size_t seat = 0;
    bool digits = close > ref + open.size();
    for (std::size_t i = ref + open.size(); i < close && digits; ++i) {
      digits = words[i] >= '0' && words[i] <= '9' && seat < 100;
      seat = seat * 10 + static_cast<std::size_t>(words[i] - '0');
    }
    out.append(words.substr(at, ref - at));
    if (!digits) out.append(words.substr(ref, close + 1 - ref));
    else if (seat < names.size() && !names[seat].empty()) out.append(names[seat]);
    else out.append("Seat " + std::to_string(seat + 1));
    at = close + 1;
  }
  out.append(words.substr(at));
  return out;
}

}  // namespace starport::engine
