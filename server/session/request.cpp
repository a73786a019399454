#include "server/session/request.hpp"

#include "server/net/websocket_session.hpp"

namespace starport::server {

void send_to(const session_ref& to, const frame_ptr& frame) {
  if (auto s = to.session.lock()) s->send(frame);
}

void send_to(const session_ref& to, const frame_ptr& frame, std::uint32_t match) {
  if (auto s = to.session.lock()) s->send(frame, match);
}

void reply(const request& r, v1::ServerMessage message) {
  message.set_request_id(r.request_id);
  reply(r, encode(message));
}

void reply(const request& r, const frame_ptr& frame) {
  if (auto s = r.from.session.lock()) s->send_answer(frame);
}

void reply_error(const request& r, v1::ErrorCode code, std::string detail) {
  send_to(r.from, encode_error(r.request_id, code, std::move(detail)));
}

void reply_error(const request& r, v1::ErrorCode code, std::string detail, const std::vector<std::string>& problems) {
  constexpr std::size_t max_problems = 50;   // a frame stays small whatever was pasted
  v1::ServerMessage m = error_message(r.request_id, code, std::move(detail));
  for (std::size_t i = 0; i < problems.size() && i < max_problems; ++i) m.mutable_error()->add_problems(problems[i]);
  send_to(r.from, encode(m));
}

}  // namespace starport::server
