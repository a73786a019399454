#include "server/match/move_words.hpp"

#include "engine/core/words.hpp"

namespace starport::server {

namespace {

// Why the server moved for the seat, as the log says it after the move's words.
std::string_view reason(storage::move_cause cause) {
  switch (cause) {
    case storage::move_cause::chosen: break;
    case storage::move_cause::time_ran_out: return " (time ran out)";
    case storage::move_cause::stand_in_bot: return " (a bot, while the player is away)";
    case storage::move_cause::preference: return " (by preference)";
  }
  return {};
}

}  // namespace

std::string log_entry(std::string game_words, storage::move_cause cause, std::string effects) {
  return engine::join_words(std::move(game_words), effects, reason(cause));
}

}  // namespace starport::server
