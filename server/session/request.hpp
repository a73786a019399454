#pragma once
// Who asked for what: the part of a client request that actors need to answer it.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "server/protocol/messages.hpp"

namespace starport::server {

class websocket_session;

// A session as actors hold it: by id (to forget it) and weakly (it may be gone).
struct session_ref {
  std::uint64_t id = 0;
  std::weak_ptr<websocket_session> session;
  // The view dictionaries it can unpack (Hello.dictionaries), one bit per dictionary ID:
  // its match frames come packed for those games (server/protocol/view_dictionaries.hpp).
  std::uint32_t dictionaries = 0;
};

struct request {
  session_ref from;
  std::string account_id;
  std::string display_name;
  std::uint32_t request_id = 0;
  std::chrono::steady_clock::time_point received{};
};

// Sends to a session if it is still there (any thread).
void send_to(const session_ref& to, const frame_ptr& frame);
// A match's frame (MatchInfo, a view update), `match` its stream_handle: the session puts
// its own handle for the match in front (ServerMessage.stream).
void send_to(const session_ref& to, const frame_ptr& frame, std::uint32_t match);
// The answer to `r`, charged against the client's message rate by its size
// (websocket_session::send_answer); `frame` already carries the request id.
void reply(const request& r, v1::ServerMessage message);
void reply(const request& r, const frame_ptr& frame);
void reply_error(const request& r, v1::ErrorCode code, std::string detail);
// With Error.problems: every problem found (a deck list's broken lines), at most 50.
void reply_error(const request& r, v1::ErrorCode code, std::string detail, const std::vector<std::string>& problems);

}  // namespace starport::server
