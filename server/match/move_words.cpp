#include "server/match/move_words.hpp"

#include "engine/core/words.hpp"

namespace starport::server {

std::string move_words(std::string game_words, storage::move_cause cause) {
  if (game_words.empty()) return game_words;   // the game says nothing of it: neither do we
  switch (cause) {
    case storage::move_cause::chosen: break;
    case storage::move_cause::time_ran_out: game_words += " (time ran out)"; break;
    case storage::move_cause::stand_in_bot: game_words += " (a bot, while the player is away)"; break;
    case storage::move_cause::preference: game_words += " (by preference)"; break;
  }
  return game_words;
}

std::string log_entry(std::string game_words, storage::move_cause cause, std::string effects) {
  return engine::join_words(move_words(std::move(game_words), cause), effects);
}

}  // namespace starport::server
