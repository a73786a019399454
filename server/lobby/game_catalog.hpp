#pragma once
// The games this server hosts, as every Welcome lists them (protocol.proto, GameInfo):
// built from the engine's registry, so a client offers exactly the seat counts and bots
// the server accepts.
#include <string>
#include <string_view>

#include "starport/v1/protocol.pb.h"

namespace starport::server {

namespace v1 = starport::v1;

// Sets `welcome.games` to every registered game, in the registry's order.
void add_game_catalog(v1::Welcome& welcome);

// A bot's name in players' words: "heuristic" → "Heuristic bot", "look_ahead" → "Look ahead bot".
std::string bot_label(std::string_view bot_name);

}  // namespace starport::server
