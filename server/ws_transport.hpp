#pragma once
// A WebSocket's transport: Beast's tcp_stream, with a teardown that reads what the peer
// still sends before closing. Closing a socket with unread bytes makes the kernel answer
// with a reset, and the reset can cost the peer the close frame we just sent (1009 for a
// frame too big, 1008 for a flood) while it is still writing. Beast 1.81's own teardown
// stops after its first read (the byte count it tests is never set), so it resets them.
#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <utility>

#include <boost/asio/compose.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace starport::server {

class ws_transport : public boost::beast::tcp_stream {
 public:
  using boost::beast::tcp_stream::tcp_stream;
};

// A peer's leftovers are read for at most this long and this much, then we close anyway.
inline constexpr std::chrono::seconds teardown_drain_time{5};
inline constexpr std::size_t teardown_drain_bytes = std::size_t{1} << 20;

namespace detail {

struct drain_then_close {
  ws_transport& stream;
  boost::beast::role_type role;
  std::unique_ptr<std::array<char, 4096>> sink = std::make_unique<std::array<char, 4096>>();
  std::size_t drained = 0;
  bool started = false;

  template <class Self>
  void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t bytes = 0) {
    namespace net = boost::asio;
    boost::beast::error_code ignored;
    if (!started) {
      started = true;
      // The server says it is done sending first; the peer's EOF then ends the drain.
      if (role == boost::beast::role_type::server)
        stream.socket().shutdown(net::socket_base::shutdown_send, ignored);
      stream.expires_after(teardown_drain_time);
      return stream.async_read_some(net::buffer(*sink), std::move(self));
    }
    drained += bytes;
    if (!ec && drained < teardown_drain_bytes)
      return stream.async_read_some(net::buffer(*sink), std::move(self));
    if (role == boost::beast::role_type::client)
      stream.socket().shutdown(net::socket_base::shutdown_send, ignored);
    stream.close();
    // The peer's EOF, or enough read: a clean end. A reset or the timeout is reported.
    self.complete(ec == net::error::eof ? boost::beast::error_code{} : ec);
  }
};

}  // namespace detail

// Found by argument-dependent lookup from Beast's websocket stream (its customisation
// point); preferred over Beast's overload for tcp_stream as the more specific match.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, ws_transport& stream, TeardownHandler&& handler) {
  boost::asio::async_compose<TeardownHandler, void(boost::beast::error_code)>(
      detail::drain_then_close{stream, role}, handler, stream);
}

}  // namespace starport::server
