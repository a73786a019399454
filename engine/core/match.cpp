#include "engine/core/match.hpp"

#include <charconv>

#include "starport/v1/common.pb.h"

namespace starport::engine {

// rule_error's numbers are the wire's ErrorCode numbers; keep them in step.
static_assert(int(rule_error::not_your_turn) == v1::NOT_YOUR_TURN);
static_assert(int(rule_error::unknown_action) == v1::UNKNOWN_ACTION);
static_assert(int(rule_error::illegal_action) == v1::ILLEGAL_ACTION);
static_assert(int(rule_error::bad_argument) == v1::BAD_ARGUMENT);
static_assert(int(rule_error::game_over) == v1::GAME_OVER);
static_assert(int(rule_error::bad_options) == v1::BAD_OPTIONS);
static_assert(int(rule_error::no_such_seat) == v1::NO_SUCH_SEAT);

const bot_entry* game_info::find_bot(std::string_view name) const {
  for (const bot_entry& b : bots)
    if (b.name == name) return &b;
  return nullptr;
}

std::string game_info::action_text(const action& a) const {
  std::string out = std::to_string(a.seat) + ' ';
  if (a.kind < action_names.size())
    out += action_names[a.kind];
  else
    out += "kind" + std::to_string(a.kind);
  for (int i = 0; i < a.argc; ++i) out += ' ' + std::to_string(a.args[i]);
  return out;
}

namespace {
std::string_view next_word(std::string_view& text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  std::size_t end = text.find(' ');
  std::string_view word = text.substr(0, end);
  text.remove_prefix(end == std::string_view::npos ? text.size() : end);
  return word;
}

bool parse_int(std::string_view word, long long& out) {
  auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), out);
  return ec == std::errc() && ptr == word.data() + word.size();
}
}  // namespace

bool game_info::parse_action(std::string_view text, action& out, std::string& error) const {
  out = action{};
  long long seat = 0;
  std::string_view word = next_word(text);
  if (!parse_int(word, seat) || seat < 0 || seat >= max_seats) {
    error = "expected a seat number, got '" + std::string(word) + "'";
    return false;
  }
  out.seat = static_cast<std::uint8_t>(seat);
  word = next_word(text);
  bool known = false;
  for (std::size_t k = 0; k < action_names.size(); ++k)
    if (action_names[k] == word) {
      out.kind = static_cast<std::uint16_t>(k);
      known = true;
    }
  if (!known) {
    error = "unknown action '" + std::string(word) + "' for " + std::string(id);
    return false;
  }
  for (word = next_word(text); !word.empty(); word = next_word(text)) {
    long long arg = 0;
    if (out.argc == max_action_args || !parse_int(word, arg) || arg < INT32_MIN || arg > INT32_MAX) {
      error = "bad argument '" + std::string(word) + "'";
      return false;
    }
    out.args[out.argc++] = static_cast<std::int32_t>(arg);
  }
  return true;
}

}  // namespace starport::engine
