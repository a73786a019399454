#pragma once
// Log words as a test reads them: each "{card:K}" filled with the name of the game's card
// kind K (as every client fills it), each "{seat:N}" left as it is, so a scenario can say
// "{seat:0} plays Jump." and check that a face-down card's name is not there.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/words.hpp"

namespace starport::engine::testing {

inline std::string with_card_names(std::string_view words, std::span<const pool_card> cards) {
  static const std::vector<std::string> seats = [] {
    std::vector<std::string> out;
    for (int s = 0; s < 8; ++s) out.push_back(seat_ref(s));
    return out;
  }();
  return fill_seat_names(words, seats, cards);
}

// The same for game G's own catalog (`game_info::cards()`).
template <class G>
std::string with_card_names(std::string_view words) {
  return with_card_names(words, info_of<G>().cards());
}

}  // namespace starport::engine::testing
