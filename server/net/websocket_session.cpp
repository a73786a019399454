#include "server/net/websocket_session.hpp"

#include <array>

#include <algorithm>
#include <climits>
#include <iostream>

#include <boost/beast/websocket/error.hpp>

#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/protocol/frames.hpp"
#include "server/session/request_router.hpp"
#include "server/shared_state.hpp"

namespace starport::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {
// A message may come in several frames, and a few pings and pongs come with a connection's
// life: a client may send this many frames for each message it may send.
constexpr double frames_per_message = 4;

void fail(beast::error_code ec, const char* what) {
  // Ends of connections are routine: the peer left, we closed, or a timeout fired.
  if (ec == net::error::operation_aborted || ec == websocket::error::closed ||
      ec == net::error::eof || ec == net::error::connection_reset || ec == beast::error::timeout ||
      ec == websocket::error::message_too_big || ec == net::error::broken_pipe ||
      ec == net::error::bad_descriptor || ec == net::error::connection_aborted)
    return;
  std::cerr << "websocket " << what << ": " << ec.message() << "\n";
}
}  // namespace

websocket_session::websocket_session(tcp::socket&& socket, std::shared_ptr<shared_state> state,
                                     std::shared_ptr<void> slot)
    : ws_(std::move(socket)),
      state_(std::move(state)),
      id_(state_->next_session_id()),
      limiter_(state_->settings().rate_per_second, state_->settings().rate_burst,
               state_->settings().abuse_limit),
      frame_limiter_(state_->settings().rate_per_second * frames_per_message,
                     state_->settings().rate_burst * frames_per_message, state_->settings().abuse_limit),
      slot_(std::move(slot)) {
  beast::error_code ec;
  peer_ = ws_.next_layer().socket().remote_endpoint(ec).address();
  // Frames past their budget, again and again, end the connection: no message is refused
  // for them (a ping has no request id to answer), so there is no gentler signal.
  ws_.next_layer().idle_clock = &state_->idle().clock();
  ws_.next_layer().frame_budget = [this](std::size_t frames) {
    if (closing_) return true;   // the close handshake drains on its own terms (ws_transport)
    const auto now = rate_limiter::clock::now();
    for (std::size_t i = 0; i < frames; ++i)
      if (frame_limiter_.take(now) == rate_limiter::verdict::abuse) {
        state_->stats().refused(metrics::refusal::flood_closed);
        return false;
      }
    return true;
  };
}

session_services& websocket_session::services() { return state_->session_room(); }

websocket_session::~websocket_session() {
  if (joined_) state_->leave(id_);
}

void websocket_session::run(beast::http::request<beast::http::string_body> upgrade) {
  // Beast times the opening and closing handshakes (30 s each). Silence in between is the
  // idle sweep's (idle_sweep.hpp): Beast's idle timer is re-armed at every message read.
  auto handshakes = websocket::stream_base::timeout::suggested(beast::role_type::server);
  handshakes.idle_timeout = websocket::stream_base::none();
  handshakes.keep_alive_pings = false;
  ws_.set_option(handshakes);
  // The decorator sees the response after Beast has answered the client's extension offer:
  // whether this connection compresses is read there.
  ws_.set_option(websocket::stream_base::decorator([this](websocket::response_type& res) {
    res.set(beast::http::field::server, "starport");
    deflating_ = res[beast::http::field::sec_websocket_extensions].starts_with("permessage-deflate");
  }));
  if (state_->settings().ws_compress.enabled) ws_.set_option(to_beast(state_->settings().ws_compress));
  ws_.read_message_max(state_->settings().max_frame_bytes);
  ws_.binary(true);
  // One frame per message: Beast's default cuts messages into 4 KiB frames, a header and a
  // write each (snapshots and replay frames are bigger than that).
  ws_.auto_fragment(false);
  ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
}

void websocket_session::on_accept(beast::error_code ec) {
  if (ec) return fail(ec, "accept");
  // Frames are written straight into the socket when it has room (do_write): a full socket
  // must answer "would block", not wait. Asio's own operations do not mind.
  ws_.next_layer().socket().non_blocking(true, ec);
  if (ec) return fail(ec, "non-blocking");
  ws_.next_layer().last_heard = state_->idle().now();   // the silence starts now, not at tick 0
  joined_ = state_->join(id_, weak_from_this());
  if (!joined_) {
    state_->stats().refused(metrics::refusal::server_busy);
    return do_close(websocket::close_code::try_again_later);
  }
  do_read();
}

void websocket_session::do_read() {
  // Into the session's own bytes, not a dynamic buffer: Beast prepares a dynamic buffer
  // before it waits, so every idle socket held one (docs/capacity-measurements.md, "Where the memory goes").
  ws_.async_read_some(net::buffer(read_space_), [self = shared_from_this()](beast::error_code ec, std::size_t bytes) {
    self->on_read(ec, bytes);
  });
}

void websocket_session::on_read(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    leave();
    return fail(ec, "read");
  }
  if (closing_) return;
  // Beast's read_message_max bounds a message across its reads, so `partial_` too.
  if (!ws_.is_message_done() || !partial_.empty()) {
    partial_.append(read_space_.data(), bytes);
    if (!ws_.is_message_done()) return do_read();
  }
  bool keep = true;
  auto handle = [&] {
    keep = partial_.empty() ? receive(std::string_view(read_space_.data(), bytes), ws_.got_binary())
                            : receive(partial_, ws_.got_binary());
  };
  guarded(handle);
  std::string().swap(partial_);   // a long message's bytes are not kept for the next one
  if (left_) return;   // a fault dropped the connection
  if (!keep) return do_close(websocket::close_code::policy_error);
  do_read();
}

bool websocket_session::receive(std::string_view frame, bool binary) {
  v1::ClientMessage message;
  const bool parsed = binary && frame.size() <= INT_MAX &&
                      message.ParseFromArray(frame.data(), static_cast<int>(frame.size()));
  switch (limiter_.take(rate_limiter::clock::now(), parsed ? request_cost(message) : 1.0)) {
    case rate_limiter::verdict::allow: break;
    case rate_limiter::verdict::refuse:
      state_->stats().refused(metrics::refusal::rate_limited);
      send(encode_error(parsed ? message.request_id() : 0, v1::RATE_LIMITED,
                        "Too many messages at once; wait a moment before trying again."));
      return true;
    case rate_limiter::verdict::abuse:
      state_->stats().refused(metrics::refusal::flood_closed);
      return false;
  }
  if (!parsed) {
    send(encode_error(0, v1::MALFORMED_MESSAGE, "The server did not understand this message; reload the page."));
    return true;
  }
  route(shared_from_this(), std::move(message));
  return true;
}

void websocket_session::send(frame_ptr frame, std::uint32_t match) {
  post([this, frame = std::move(frame), match]() mutable { on_send(std::move(frame), match); });
}

void websocket_session::send_answer(frame_ptr frame) {
  post([this, frame = std::move(frame)]() mutable {
    limiter_.charge(rate_limiter::clock::now(), answer_cost(frame->size()));
    on_send(std::move(frame), 0);
  });
}

void websocket_session::on_send(frame_ptr frame, std::uint32_t match) {
  if (closing_ || left_) return;
  outgoing_frame out{std::move(frame)};
  if (match != 0) {
    // The match's frame is its audience's; which match it is, in this connection's words.
    const auto handle = client_.streams.handle_for(match, [this](std::uint32_t m) { return following(m); });
    if (!handle) return;   // a closed match's late frame, its handle gone (connection_streams.hpp)
    out.prefix_size = static_cast<std::uint8_t>(stream_prefix(*handle, out.prefix));
  }
  if (tap_) {
    if (out.prefix_size == 0) return tap_(out.payload);
    auto whole = std::make_shared<std::string>(reinterpret_cast<const char*>(out.prefix.data()), out.prefix_size);
    whole->append(*out.payload);
    return tap_(whole);
  }
  const auto& s = state_->settings();
  if (queue_.size() >= s.write_queue_messages || queued_bytes_ + out.size() > s.write_queue_bytes) {
    // A reader this slow would make us buffer without bound: drop it instead.
    return drop();
  }
  queued_bytes_ += out.size();
  queue_.push_back(std::move(out));
  // At once when the socket is idle (waiting for more frames would delay every view: a
  // posted flush runs behind every ready handler of the server); frames that arrive while
  // a write is in flight all go out together in the next.
  if (writing_ == 0) do_write();
}

void websocket_session::do_write() {
  if (deflating_) {
    // Compressed frames are Beast's to write (a frame a write): the batch below writes the
    // payloads as they are.
    if (queue_.empty()) return;
    writing_ = 1;
    const outgoing_frame& f = queue_.front();
    // The prefix (this connection's stream handle) and the shared payload are one message.
    // Beast keeps a copy of the sequence, not of the bytes: the prefix is copied out of the
    // queue, which may grow (and move) while the write is in flight; the payload is shared.
    deflate_prefix_ = f.prefix;
    const std::array<net::const_buffer, 2> message = {net::const_buffer(deflate_prefix_.data(), f.prefix_size),
                                                      net::buffer(*f.payload)};
    ws_.async_write(message,
                    [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
    return;
  }
  // At most this many frames a write: Asio gathers up to 64 buffers a call (header, payload).
  constexpr std::size_t max_frames_per_write = 32;
  auto& transport = ws_.next_layer();
  while (!queue_.empty()) {
    const std::size_t count = std::min(queue_.size(), max_frames_per_write);
    // Straight into the socket when it has room: no write operation, completion or strand
    // hand-off per frame. What it does not take goes on asynchronously, in order.
    beast::error_code ec;
    const auto now = transport.write_frames_now(queue_, count, ec);
    if (ec) {
      fail(ec, "write");
      return drop();
    }
    if (!now.whole) {
      writing_ = count;
      return transport.async_write_frames(
          queue_, count, [self = shared_from_this()](beast::error_code e) { self->on_write(e); }, now.bytes);
    }
    written(count);
  }
}

void websocket_session::on_write(beast::error_code ec) {
  auto finish = [&] { wrote(ec); };
  guarded(finish);
}

void websocket_session::wrote(beast::error_code ec) {
  const std::size_t count = writing_;
  writing_ = 0;
  if (ec) {
    fail(ec, "write");
    return drop();
  }
  written(count);
  if (!closing_) do_write();
}

void websocket_session::written(std::size_t count) {
  // The frames just written leave the front (a vector: a few frames at most, but for a
  // slow reader).
  for (std::size_t i = 0; i < count; ++i) queued_bytes_ -= queue_[i].size();
  queue_.erase(queue_.begin(), queue_.begin() + static_cast<std::ptrdiff_t>(count));
}

void websocket_session::close(websocket::close_code code) {
  post([this, code] { do_close(code); });
}

void websocket_session::do_close(websocket::close_code code) {
  if (closing_ || left_) return;
  closing_ = true;
  // Frames still queued are dropped: the close frame goes out after the write in flight.
  while (queue_.size() > writing_) {
    queued_bytes_ -= queue_.back().size();
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
  ws_.next_layer().socket().shutdown(tcp::socket::shutdown_both, ignored);
  ws_.next_layer().close();
  leave();
}

void websocket_session::track(std::weak_ptr<match_actor> match) {
  post([this, match = std::move(match)]() mutable {
    if (left_) {
      if (auto m = match.lock()) m->detach(id_);
      return;
    }
    // Matches that have closed since are dropped here, so the list a PlayAction looks a
    // match up in holds only live ones (and each once).
    auto& mine = client_.matches;
    std::erase_if(mine, [&](const std::weak_ptr<match_actor>& m) {
      return m.expired() || (!m.owner_before(match) && !match.owner_before(m));
    });
    mine.push_back(std::move(match));
  });
}

bool websocket_session::following(std::uint32_t match) const {
  return std::any_of(client_.matches.begin(), client_.matches.end(), [match](const std::weak_ptr<match_actor>& w) {
    const auto m = w.lock();
    return m && m->stream() == match;
  });
}

void websocket_session::idle(std::uint32_t at) {
  post([this, at] { on_idle(at); });
}

void websocket_session::on_idle(std::uint32_t at) {
  if (closing_ || left_) return;
  const std::uint32_t heard = last_heard();
  switch (state_->idle().judge(heard, at)) {
    case idle_sweep::verdict::none: return;   // it spoke since the sweep looked
    case idle_sweep::verdict::close:
      // Silent through the ping: a peer gone without a FIN, or one holding a socket.
      state_->stats().idle_closed();
      return drop();
    case idle_sweep::verdict::ping:
      if (pinged_ && pinged_at_heard_ == heard) return;   // once per silence
      pinged_ = true;
      pinged_at_heard_ = heard;
      ws_.async_ping({}, [self = shared_from_this()](beast::error_code ec) {
        if (ec) fail(ec, "ping");   // the read fails too, and ends the session
      });
      return;
  }
}

void websocket_session::fault(const char* what) noexcept {
  state_->stats().session_faulted();
  try {
    std::cerr << "websocket session " << id_ << ": a fault in handling it (" << what << "); connection dropped\n";
  } catch (...) {
  }
  if (left_) return;
  try {
    drop();
  } catch (...) {
    left_ = true;   // nothing more of it runs: its handlers see it gone
  }
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
  client_.replay_waiting.clear();   // they hold this session
}

}  // namespace starport::server
