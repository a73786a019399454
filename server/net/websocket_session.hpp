#pragma once
// One WebSocket client: binary ClientMessage frames in, ServerMessage frames out. Reads
// are limited (frame size, rate); writes go through a bounded queue with one write in
// flight. What a message means is request_router's business.
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "server/session/client.hpp"
#include "server/protocol/messages.hpp"
#include "server/net/net.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/ws_transport.hpp"

namespace starport::server {

class session_services;
class shared_state;

class websocket_session : public std::enable_shared_from_this<websocket_session> {
 public:
  // `slot`: this connection's place in the connection quotas (address_quota); freed with it.
  websocket_session(tcp::socket&& socket, std::shared_ptr<shared_state> state, std::shared_ptr<void> slot = {});
  ~websocket_session();

  void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

  // Without sockets (fuzzing, tests): every frame this session would write goes to `tap`
  // instead, and `receive` hands it a frame as if read. Set before any frame is sent.
  using frame_tap = std::function<void(const frame_ptr&)>;
  void tap(frame_tap t) { tap_ = std::move(t); }
  // On this session's strand: one whole frame read (what on_read does after reading).
  // False: the connection is to be closed (a flood).
  bool receive(std::string_view frame, bool binary);
  void end() { leave(); }   // on the strand: the connection is over (what a read error does)

  // Any thread. `match`: the frame is a match's (its stream_handle), and the session writes
  // its own handle for that match in front of it (ServerMessage.stream); 0: no match's.
  void send(frame_ptr frame, std::uint32_t match = 0);
  void send(const v1::ServerMessage& message) { send(encode(message)); }
  // Any thread: the answer to one of this client's requests; its size is charged against
  // the client's message rate (answer_cost), so large answers asked in a loop slow it.
  void send_answer(frame_ptr frame);
  void close(boost::beast::websocket::close_code code);
  void track(std::weak_ptr<match_actor> match);   // tell this match when the connection ends
  // The idle sweep's tick when the peer last sent a byte, and its visit at tick `at` to a
  // session that has been silent long enough for a ping or a close (idle_sweep.hpp).
  std::uint32_t last_heard() const { return ws_.next_layer().last_heard.load(std::memory_order_relaxed); }
  void idle(std::uint32_t at);
  std::uint64_t id() const { return id_; }
  // What this client's requests reach (session/, lobby/deck_desk, replay/).
  session_services& services();
  const net::ip::address& peer() const { return peer_; }   // the client's address (quotas)

  // Only on this session's strand (request_router runs there).
  client& client_data() { return client_; }
  bool gone() const { return left_; }   // the connection is over
  // Runs `f` on this session's strand, later, guarded: a handler that throws ends this
  // connection (fault), not the server. The posted handler holds the session.
  template <class F>
  void post(F&& f) {
    net::post(ws_.get_executor(), [self = shared_from_this(), f = std::forward<F>(f)]() mutable {
      self->guarded(f);
    });
  }

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, std::size_t bytes);
  void on_send(frame_ptr frame, std::uint32_t match);
  void on_idle(std::uint32_t at);
  void do_write();
  bool following(std::uint32_t match) const;   // a match this connection follows holds that stream_handle
  void on_write(boost::beast::error_code ec);
  void wrote(boost::beast::error_code ec);   // on_write's work, guarded
  void written(std::size_t count);   // the first `count` queued frames are on the wire
  void do_close(boost::beast::websocket::close_code code);
  void drop();    // close the socket outright (slow reader, failed write)
  // A fault in handling this connection (a bug: nothing a client sends should throw) ends
  // this connection alone: it is dropped, counted and logged. Its session state may be
  // half made, so it must not be used again; the lobby and the matches keep their own
  // guards (they are shared, docs/server.md "A handler that throws").
  template <class F>
  void guarded(F& f) noexcept {
    try {
      f();
    } catch (const std::exception& e) {
      fault(e.what());
    } catch (...) {
      fault("an exception that is not a std::exception");
    }
  }
  void fault(const char* what) noexcept;
  void leave();   // the connection is over: tell the lobby and matches, once

  boost::beast::websocket::stream<ws_transport> ws_;
  std::shared_ptr<shared_state> state_;
  std::uint64_t id_;
  // One read's bytes: a whole client message, as most are shorter. A longer one gathers in
  // `partial_`, which holds no memory between messages.
  std::array<char, 256> read_space_{};
  std::string partial_;
  // A vector, not a deque: a std::deque allocates a block as it is made, on every connection.
  std::vector<outgoing_frame> queue_;
  std::size_t queued_bytes_ = 0;
  std::size_t writing_ = 0;   // the frames at the queue's front being written
  rate_limiter limiter_;
  // Every frame, control and continuation frames included (ws_transport counts them).
  rate_limiter frame_limiter_;
  net::ip::address peer_;
  std::shared_ptr<void> slot_;
  client client_;
  frame_tap tap_;
  std::uint32_t pinged_at_heard_ = 0;   // last_heard() when the keep-alive ping went: one per silence
  bool pinged_ = false;
  std::array<unsigned char, 6> deflate_prefix_{};   // the prefix of the compressed message in flight
  bool deflating_ = false;   // permessage-deflate agreed in the handshake (config ws_compress)
  bool joined_ = false;
  bool closing_ = false;
  bool left_ = false;
};

}  // namespace starport::server
