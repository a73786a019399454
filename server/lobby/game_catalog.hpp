#pragma once
// The games this server hosts, as every Welcome lists them (protocol.proto, GameInfo):
// built from the engine's registry, so a client offers exactly the seat counts and bots
// the server accepts.
#include <string>
#include <string_view>

#include "server/protocol/messages.hpp"
#include "starport/v1/protocol.pb.h"

namespace starport::server {

namespace v1 = starport::v1;

// `message` (a ServerMessage holding a Welcome) encoded with `Welcome.games` set to every
// registered game, in the registry's order. The catalog's bytes are encoded once for the
// life of the process (the registry is fixed) and added to each Welcome's bytes.
frame_ptr encode_welcome(v1::ServerMessage message);

// A bot's name in players' words: "heuristic" → "Heuristic bot", "look_ahead" → "Look ahead bot".
std::string bot_label(std::string_view bot_name);

}  // namespace starport::server
