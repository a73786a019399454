#include "server/move_words.hpp"

namespace starport::server {

std::string move_words(std::string game_words, storage::move_cause cause) {
  if (game_words.empty()) return game_words;   // the game says nothing of it: neither do we
  switch (cause) {
    case storage::move_cause::chosen: break;
    case storage::move_cause::time_ran_out: game_words += " (time ran out)"; break;
    case storage::move_cause::stand_in_bot: game_words += " (a bot, while the player is away)"; break;
  }
  return game_words;
}

}  // namespace starport::server
