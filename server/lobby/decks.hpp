#pragma once
// Constructed decks as the server shows and checks them (docs/protocol.md, "Decks"): which
// games have decks, deck names, starters by their Deck.id, a saved deck's problems, and the
// Deck and CardPool messages. Pure functions: no storage, no sockets, any thread.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/match.hpp"
#include "server/protocol/deck_ids.hpp"
#include "starport/v1/protocol.pb.h"
#include "storage/records.hpp"

namespace starport::server {

inline constexpr std::size_t max_deck_name_chars = 40;
inline constexpr std::size_t max_decks_per_account = 100;   // all games together
inline constexpr std::size_t max_deck_id_chars = 64;        // ours are 16 hex; a longer id is nobody's

// The game of a deck request: known and with decks. Null, with a sentence in `why`, otherwise.
const engine::game_info* deck_game(const std::string& game, std::string& why);

// A deck name trimmed of surrounding spaces, 1–40 printable characters (the display-name rule
// of text_rules, longer); nothing when invalid.
std::optional<std::string> clean_deck_name(std::string_view name);

// The starter whose Deck.id is `deck_id` ("starter:<id>"), or null.
const engine::starter_deck* find_starter(const engine::game_info& game, std::string_view deck_id);
// "Pathfinders, Iron Wall and …": the starters a seat may take, for refusals.
std::string starter_choices(const engine::game_info& game);

// Every deck-building rule `cards` breaks (the game's own sentences), or, for a list saved
// under another rules version (its indices may mean other cards now), one sentence asking
// for a fresh save. Empty: the deck may be brought to a seat.
std::vector<std::string> deck_problems(const engine::game_info& game, int rules_version,
                                       const engine::deck_list& cards);
// What is wrong with a list a client sent, before any deck rule: more cards than the game
// allows, or indices outside its pool. At most `max_listed` sentences (then one saying how
// many more). Empty: it may be saved.
std::vector<std::string> list_errors(const engine::game_info& game, const google::protobuf::RepeatedField<std::uint32_t>& cards);

v1::Deck deck_message(const engine::game_info& game, const storage::deck_record& d);
v1::Deck starter_message(const engine::game_info& game, const engine::starter_deck& s);
// Built once per game (the registry is fixed for the process): a public request that anyone,
// an anonymous viewer included, may repeat costs a copy, not a rebuild.
const v1::CardPool& card_pool(const engine::game_info& game);
// The same, as an encoded ServerMessage without a request id (frames.hpp with_request_id):
// ListCards answers with these bytes, so a repeat is not encoded again either.
const std::string& card_pool_message(const engine::game_info& game);

}  // namespace starport::server
