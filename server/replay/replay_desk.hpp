#pragma once
// Replay requests, answered on the session's strand from storage: lists of matches and
// frames of one match at any step, from the perspective the requester may have.
#include <memory>

#include "server/session/request.hpp"

namespace starport::server {

class websocket_session;

void list_replays(const std::shared_ptr<websocket_session>& s, request r, const v1::ListReplays& m);
void open_replay(const std::shared_ptr<websocket_session>& s, request r, const v1::OpenReplay& m);

}  // namespace starport::server
