#pragma once
// One WebSocket client connection over loopback, as in Beast's async client examples:
// connect → handshake → read loop, and a write queue with exactly one write in flight.
// It only moves frames; what they mean is its owner's business (duel.hpp).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "server/tools/loadgen/counted_stream.hpp"

namespace starport::loadgen {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;
using strand = net::strand<net::io_context::executor_type>;

// Called on the client's strand.
class ws_events {
 public:
  virtual ~ws_events() = default;
  virtual void on_open(int side) = 0;
  virtual void on_frame(int side, std::string_view bytes) = 0;
  virtual void on_closed(int side, beast::error_code ec) = 0;
};

class ws_client : public std::enable_shared_from_this<ws_client> {
 public:
  // `events` must outlive every handler of this client (the run loop joins before).
  // `compress`: offer permessage-deflate, as browsers do.
  // `stamp_arrivals`: take the kernel's receive stamps (frame_arrived).
  ws_client(strand executor, ws_events& events, int side, bool compress = false, bool stamp_arrivals = false);

  // `source`: connect from this loopback address (127.0.x.y) instead of the kernel's
  // choice, so that clients look like different hosts (duel.cpp, --reconnect).
  void start(const tcp::endpoint& server, std::string host, std::string path,
             std::optional<net::ip::address_v4> source = std::nullopt);
  // On the strand. Frames sent after close() are dropped.
  void send(std::string frame);
  // On the strand: a normal close once queued frames are written.
  void close();
  // During on_frame: that message's size as it came over the wire, frame headers and
  // (compressed) payloads (counted_stream).
  std::uint64_t frame_wire_bytes() const { return frame_wire_bytes_; }
  // During on_frame: when that message reached this client's socket, by the kernel's
  // stamp (counted_stream); zero if the kernel gave none.
  wall_clock::time_point frame_arrived() const { return frame_arrived_; }

 private:
  void on_connect(beast::error_code ec);
  void on_handshake(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void do_close();
  void on_close(beast::error_code ec);
  void finish(beast::error_code ec);

  beast::websocket::stream<counted_stream> ws_;
  ws_events& events_;
  int side_;
  std::string host_;
  std::string path_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::uint64_t frame_wire_bytes_ = 0;
  wall_clock::time_point frame_arrived_{};
  bool stamp_arrivals_ = false;
  bool open_ = false;
  bool closing_ = false;
  bool finished_ = false;
};

}  // namespace starport::loadgen
