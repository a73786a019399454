#pragma once
// A move as the match log shows it, live and in replays alike.
#include <string>

#include "storage/records.hpp"

namespace starport::server {

// One accepted action's log text: what the game said before it applied, with why the
// server moved for the seat when it did ("… (time ran out)"), then ("\n" between, when
// both say something) what the game said it set off (match::describe_effects after it
// applied), as engine::join_words puts them together. Seats are "{seat:N}": clients fill
// names.
std::string log_entry(std::string game_words, storage::move_cause cause, std::string effects);

}  // namespace starport::server
