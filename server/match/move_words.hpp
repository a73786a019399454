#pragma once
// A move as the match log shows it, live and in replays alike.
#include <string>

#include "storage/records.hpp"

namespace starport::server {

// The game's public words for a move and, when the server moved for the seat, why.
std::string move_words(std::string game_words, storage::move_cause cause);

// One accepted action's log text: move_words of what the game said before it applied,
// then ("\n" between, when both say something) what the game said it set off
// (match::describe_effects after it applied). Seats are "{seat:N}": clients fill names.
std::string log_entry(std::string game_words, storage::move_cause cause, std::string effects);

}  // namespace starport::server
