#include "server/websocket_session.hpp"

#include <climits>
#include <iostream>

#include <boost/beast/websocket/error.hpp>

#include "server/lobby_hub.hpp"
#include "server/match_actor.hpp"
#include "server/request_router.hpp"
#include "server/shared_state.hpp"

namespace starport::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {
void fail(beast::error_code ec, const char* what) {
  // Ends of connections are routine: the peer left, we closed, or a timeout fired.
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == net::error::eof || ec == net::error::connection_reset || ec == beast::error::timeout ||
      ec == websocket::error::message_too_big || ec == net::error::broken_pipe ||
      ec == net::error::bad_descriptor)
    return;
  std::cerr << "websocket " << what << ": " << ec.message() << "\n";
}
}  // namespace

websocket_session::websocket_session(tcp::socket&& socket, std::shared_ptr<shared_state> state)
    : ws_(std::move(socket)),
      state_(std::move(state)),
      id_(state_->next_session_id()),
      limiter_(state_->settings().rate_per_second, state_->settings().rate_burst,
               state_->settings().abuse_limit) {}

websocket_session::~websocket_session() {
  if (joined_) state_->leave(id_);
}

void websocket_session::run(beast::http::request<beast::http::string_body> upgrade) {
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "starport"); }));
  ws_.read_message_max(state_->settings().max_frame_bytes);
  ws_.binary(true);
  ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  joined_ = state_->join(id_, weak_from_this());
  if (!joined_) return do_close(websocket::close_code::try_again_later);
  do_read();
}

void websocket_session::do_read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void websocket_session::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    leave();
    return fail(ec, "read");
  }
  if (closing_) return;
  v1::ClientMessage message;
  // A flat_buffer is one contiguous block: parse the frame where it lies.
  const auto frame = buffer_.cdata();
  const bool parsed = ws_.got_binary() && frame.size() <= INT_MAX &&
                      message.ParseFromArray(frame.data(), static_cast<int>(frame.size()));
  buffer_.consume(buffer_.size());
  switch (limiter_.take(rate_limiter::clock::now())) {
    case rate_limiter::verdict::allow: break;
    case rate_limiter::verdict::refuse:
      send(encode_error(parsed ? message.request_id() : 0, v1::RATE_LIMITED,
                        "Too many messages at once; wait a moment before trying again."));
      return do_read();
    case rate_limiter::verdict::abuse: return do_close(websocket::close_code::policy_error);
  }
  if (!parsed) {
    send(encode_error(0, v1::MALFORMED_MESSAGE, "The server did not understand this message; reload the page."));
    return do_read();
  }
  route(shared_from_this(), std::move(message));
  do_read();
}

void websocket_session::send(frame_ptr frame) {
  post([self = shared_from_this(), frame = std::move(frame)]() mutable { self->on_send(std::move(frame)); });
}

void websocket_session::on_send(frame_ptr frame) {
  if (closing_ || left_) return;
  const auto& s = state_->settings();
  if (queue_.size() >= s.write_queue_messages || queued_bytes_ + frame->size() > s.write_queue_bytes) {
    // A reader this slow would make us buffer without bound: drop it instead.
    return drop();
  }
  queued_bytes_ += frame->size();
  queue_.push_back(std::move(frame));
  if (queue_.size() == 1) do_write();
}

void websocket_session::do_write() {
  ws_.async_write(net::buffer(*queue_.front()),
                  [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
                    self->on_write(ec, bytes);
                  });
}

void websocket_session::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    fail(ec, "write");
    return drop();
  }
  queued_bytes_ -= queue_.front()->size();
  queue_.pop_front();
  if (!queue_.empty() && !closing_) do_write();
}

void websocket_session::close(websocket::close_code code) {
  post([self = shared_from_this(), code] { self->do_close(code); });
}

void websocket_session::do_close(websocket::close_code code) {
  if (closing_ || left_) return;
  closing_ = true;
  // Frames still queued are dropped: the close frame goes out after the write in flight.
  while (queue_.size() > 1) {
    queued_bytes_ -= queue_.back()->size();
    queue_.pop_back();
  }
  ws_.async_close(code, [self = shared_from_this()](beast::error_code e) {
    if (e) fail(e, "close");
    self->leave();
  });
}

void websocket_session::drop() {
  closing_ = true;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(ws_).close();
  leave();
}

void websocket_session::track(std::weak_ptr<match_actor> match) {
  post([self = shared_from_this(), match = std::move(match)]() mutable {
    if (self->left_) {
      if (auto m = match.lock()) m->detach(self->id_);
      return;
    }
    self->client_.matches.push_back(std::move(match));
  });
}

void websocket_session::leave() {
  if (left_) return;
  left_ = true;
  if (joined_) state_->leave(id_);
  joined_ = false;
  if (client_.authenticated()) state_->lobbies().session_closed(client_.account_id, id_);
  for (auto& weak : client_.matches)
    if (auto m = weak.lock()) m->detach(id_);
  client_.matches.clear();
  client_.replay.reset();
  client_.replay_record.reset();
}

}  // namespace starport::server
