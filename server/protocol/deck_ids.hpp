#pragma once
// A starter deck's Deck.id on the wire, "starter:<id>" (protocol.proto, Deck): what the lobby
// hands out and takes back, and what every client names in ChooseDeck.
#include <string>
#include <string_view>

#include "engine/core/deck.hpp"

namespace starport::server {

inline constexpr std::string_view starter_prefix = "starter:";

inline bool is_starter_id(std::string_view deck_id) { return deck_id.starts_with(starter_prefix); }
inline std::string starter_deck_id(const engine::starter_deck& s) { return std::string(starter_prefix) + s.id; }

}  // namespace starport::server
