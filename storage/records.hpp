#pragma once
// What Starport keeps: plain records, no SQL. docs/storage.md has the schema.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/core/deck.hpp"

namespace starport::storage {

struct account {
  std::string id;            // random, 32 hex chars
  std::string display_name;
  std::int64_t created_ms = 0;
};

struct seat_record {
  std::uint32_t seat = 0;
  std::string account_id;    // empty for a bot seat
  std::string name;
  std::string bot;           // bot kind for a bot seat, empty for a person
  // Deck games (docs/storage.md, "Decks"): the deck the seat brings. A lobby seat's choice
  // (`deck_id` "starter:<id>" or one of its account's decks); a match seat's list, fixed
  // when the match was created. Empty `deck`: no deck (and every seat of other games).
  std::string deck_id{};
  std::string deck_name{};
  engine::deck_list deck{};
};

struct lobby_record {
  std::string id;
  std::string host_account;
  std::string settings;      // serialized starport.v1.LobbySettings
  std::string invite_code;   // empty for public lobbies
  std::string match_id;      // the latest match started from it, running or ended ("": none)
  std::int64_t created_ms = 0;
  std::vector<seat_record> seats;   // taken seats only, by seat number
  std::vector<std::string> removed; // accounts the host removed, who may not join again
};


struct match_record {
  std::string id;
  std::string lobby_id;
  std::string game;
  int rules_version = 0;
  std::string options;       // the game's Options message, serialized
  std::uint64_t seed = 0;
  std::string salt;          // fairness commitment salt, hex
  std::string settings;      // serialized starport.v1.LobbySettings (turn timer, spectators …)
  std::vector<seat_record> seats;
  bool finished = false;
  std::vector<std::uint32_t> winners;
  std::string end_reason;
  std::uint32_t action_count = 0;
  std::int64_t started_ms = 0;
  std::int64_t ended_ms = 0;
};

// Who made a move: the seat's player (a person or the lobby's bot) or the server for them.
enum class move_cause : std::uint8_t {
  chosen = 0,         // the seat's own choice
  time_ran_out = 1,   // the turn timer ran out: the game's default action
  stand_in_bot = 2,   // a bot playing for a player who is away
  preference = 3,     // the seat's preferences (SetPreferences) answered for it
};

// A seat's preferences in one match: one choice per preference of the game, in its order.
struct seat_preferences {
  std::uint32_t seat = 0;
  std::vector<std::uint8_t> choices;
};

struct logged_action {
  std::uint32_t index = 0;   // 0-based position in the match's log
  engine::action move;
  std::int64_t at_ms = 0;
  move_cause cause = move_cause::chosen;
};

// An account's saved deck. Its card indices mean the cards of `rules_version`'s pool.
struct deck_record {
  std::string id;            // unique per account
  std::string account_id;
  std::string game;
  std::string name;          // unique per account and game, ASCII case ignored
  int rules_version = 0;
  engine::deck_list cards{};
  std::int64_t created_ms = 0;
  std::int64_t updated_ms = 0;
};

// What became of a save_deck: only `saved` wrote anything.
enum class deck_save : std::uint8_t {
  saved,
  name_taken,   // another of the account's decks of that game has the name
  too_many,     // a new deck, and the account already keeps the most it may
  not_found,    // a replacement, and the account has no deck of that game with that id
};

}  // namespace starport::storage
