#include "engine/core/words.hpp"

#include <algorithm>

namespace starport::engine {

namespace {

// `line` says `words` ("X buries the cargo.") or begins with them ("X buries the cargo and …").
bool says_again(std::string_view line, std::string_view words) {
  if (!words.empty() && words.back() == '.') words.remove_suffix(1);
  if (words.empty() || !line.starts_with(words)) return false;
  return line.size() == words.size() || line[words.size()] == '.' || line[words.size()] == ' ';
}

}  // namespace

std::string join_words(std::string before, std::string_view effects, std::string_view why) {
  if (before.empty()) return std::string(effects);   // no reason hanging alone
  for (std::size_t at = 0; at <= effects.size() && !effects.empty();) {
    const std::size_t end = std::min(effects.find('\n', at), effects.size());
    if (says_again(effects.substr(at, end - at), before)) {
      std::string out(effects);
      out.insert(end, why);
      return out;
    }
    at = end + 1;
  }
  before.append(why);
  if (!effects.empty()) before += '\n';
  before.append(effects);
  return before;
}

namespace {

// The number in "{seat:N}" or "{card:K}" between `from` and `to`, or false when it is none.
bool ref_number(std::string_view words, std::size_t from, std::size_t to, std::size_t& out) {
  out = 0;
  if (to <= from || to - from > 6) return false;
  for (std::size_t i = from; i < to; ++i) {
    if (words[i] < '0' || words[i] > '9') return false;
    out = out * 10 + static_cast<std::size_t>(words[i] - '0');
  }
  return true;
}

}  // namespace

std::string fill_seat_names(std::string_view words, std::span<const std::string> names,
                            std::span<const pool_card> cards) {
  static constexpr std::string_view seat_open = "{seat:";
  static constexpr std::string_view card_open = "{card:";
  std::string out;
  out.reserve(words.size() + 16);
  std::size_t at = 0;
  while (at < words.size()) {
    const std::size_t ref = words.find('{', at);
    if (ref == std::string_view::npos) break;
    const std::string_view rest = words.substr(ref);
    const bool seat = rest.starts_with(seat_open), card = rest.starts_with(card_open);
    const std::size_t close = seat || card ? words.find('}', ref) : std::string_view::npos;
    std::size_t n = 0;
    if (close == std::string_view::npos || !ref_number(words, ref + seat_open.size(), close, n)) {
      out.append(words.substr(at, ref + 1 - at));   // not a reference: keep the brace as text
      at = ref + 1;
      continue;
    }
    out.append(words.substr(at, ref - at));
    if (card) out.append(n < cards.size() ? cards[n].name : "card " + std::to_string(n));
    else if (n < names.size() && !names[n].empty()) out.append(names[n]);
    else out.append("Seat " + std::to_string(n + 1));
    at = close + 1;
  }
  out.append(words.substr(at));
  return out;
}

}  // namespace starport::engine
