#pragma once
// The one explicit table of the games Starport hosts. Adding a game: one line in registry.cpp.
#include <span>
#include <string_view>

#include "engine/core/match.hpp"

namespace starport::engine {

std::span<const game_info* const> games();
const game_info* find_game(std::string_view id);

}  // namespace starport::engine
