#pragma once
// A move as the match log shows it, live and in replays alike.
#include <string>

#include "storage/records.hpp"

namespace starport::server {

// The game's public words for a move and, when the server moved for the seat, why.
std::string move_words(std::string game_words, storage::move_cause cause);

}  // namespace starport::server
