#pragma once
// Log words name players by seat, as "{seat:N}" (N from 0), never by a name the engine
// cannot know: the server's clients and the CLI each put their own names there.
#include <span>
#include <string>
#include <string_view>

namespace starport::engine {

inline std::string seat_ref(int seat) { return "{seat:" + std::to_string(seat) + "}"; }

// One log entry for a move: its words (describe, before it applied, with the server's
// cause) and what it set off (describe_effects, after), "\n"-joined when both say
// something. The live log and the replay log both build entries with it.
std::string join_words(std::string before, std::string_view effects);

// Replaces every "{seat:N}" with names[N] ("Seat N+1" when N has no name).
std::string fill_seat_names(std::string_view words, std::span<const std::string> names);

}  // namespace starport::engine
