#include "server/request.hpp"

#include "server/websocket_session.hpp"

namespace starport::server {

void send_to(const session_ref& to, const frame_ptr& frame) {
  if (auto s = to.session.lock()) s->send(frame);
}

void reply(const request& r, v1::ServerMessage message) {
  message.set_request_id(r.request_id);
  send_to(r.from, encode(message));
}

void reply_error(const request& r, v1::ErrorCode code, std::string detail) {
  send_to(r.from, encode_error(r.request_id, code, std::move(detail)));
}

}  // namespace starport::server
