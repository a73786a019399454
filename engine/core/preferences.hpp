#pragma once
// A seat's standing instructions ("flip for me", "always decline Peace"): the server plays
// what they decide instead of asking the player. A game lists its preferences; a seat's
// choices are one small number per preference, in that order (0 = the default, "Ask me").
#include <cstdint>
#include <span>
#include <string_view>

namespace starport::engine {

struct preference_info {
  std::string_view id;        // stable: "auto_flip"
  std::string_view label;     // for players: "Flip for me"
  std::string_view summary;   // for players, one line: what it does
  std::span<const std::string_view> choices;   // for players; [0] is the default
};

// One entry per preference_info, in order; missing entries read as 0.
using preference_choices = std::span<const std::uint8_t>;

inline std::uint8_t choice_of(preference_choices c, std::size_t i) { return i < c.size() ? c[i] : 0; }

}  // namespace starport::engine
