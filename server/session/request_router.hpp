#pragma once
// Where each ClientMessage goes: Hello and Ping are answered here, lobby requests go to
// the lobby actor, match requests to the match's actor, replay requests to replay_desk.
// Runs on the session's strand.
#include <memory>

#include "starport/v1/protocol.pb.h"

namespace starport::server {

class websocket_session;

void route(const std::shared_ptr<websocket_session>& session, starport::v1::ClientMessage&& message);

}  // namespace starport::server
