#pragma once
// Where each ClientMessage goes: Hello and Ping are answered here, lobby requests go to
// the lobby actor, match requests to the match's actor, replay requests to replay_desk.
// Runs on the session's strand.
#include <cstddef>
#include <memory>

#include "starport/v1/protocol.pb.h"

namespace starport::server {

class websocket_session;

// What a request asks of the server, in messages of the per-connection rate (rate_limiter):
// most are one; a few answer a small request with much work or many bytes, and cost more,
// so a client asking for them in a loop is slowed before it takes a share of the server.
double request_cost(const starport::v1::ClientMessage& message);
// What an answer costs once it is sent, on top: a token for each whole 4 KiB of it, so a
// client asking again and again for a large answer (a replay with a long log) is slowed by
// the bytes it takes, whatever its request said (websocket_session::send_answer).
double answer_cost(std::size_t bytes);

void route(const std::shared_ptr<websocket_session>& session, starport::v1::ClientMessage&& message);

}  // namespace starport::server
