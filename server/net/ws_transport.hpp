#pragma once
// A WebSocket's transport: Beast's tcp_stream, with a teardown that reads what the peer
// still sends before closing. Closing a socket with unread bytes makes the kernel answer
// with a reset, and the reset can cost the peer the close frame we just sent (1009 for a
// frame too big, 1008 for a flood) while it is still writing. Beast 1.81's own teardown
// stops after its first read (the byte count it tests is never set), so it resets them.
//
// It also counts the frames the peer sends, by reading their headers as bytes arrive:
// Beast answers pings itself and skips empty continuation frames inside one read, so a
// flood of either never reaches the session's message count, and held a network thread
// at 90–99 % CPU (issue 13). `frame_budget`, when set, is told every frame; when it
// returns false the read fails with connection_aborted and the session drops the peer.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <chrono>
#include <cstddef>
#include <memory>
#include <utility>

#include <boost/asio/associated_allocator.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace starport::server {

// Frame headers in a client→server byte stream (RFC 6455 5.2), fed in any pieces.
class frame_counter {
 public:
  // How many frame headers end within these bytes.
  std::size_t feed(const unsigned char* p, std::size_t n) {
    std::size_t frames = 0;
    while (n > 0) {
      if (skip_ > 0) {
        const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(skip_, n));
        skip_ -= k;
        p += k;
        n -= k;
        continue;
      }
      header_[have_++] = *p++;
      --n;
      if (have_ < 2) continue;
      const unsigned length7 = header_[1] & 0x7fu;
      std::size_t need = 2 + (length7 == 126 ? 2 : length7 == 127 ? 8 : 0) + ((header_[1] & 0x80u) ? 4 : 0);
      if (have_ < need) continue;
      std::uint64_t length = length7;
      if (length7 >= 126) {
        length = 0;
        for (std::size_t i = 2; i < (length7 == 126 ? 4u : 10u); ++i) length = (length << 8) | header_[i];
      }
      skip_ = length;
      have_ = 0;
      ++frames;
    }
    return frames;
  }

 private:
  std::array<unsigned char, 14> header_{};
  std::size_t have_ = 0;
  std::uint64_t skip_ = 0;
};

class ws_transport : public boost::beast::tcp_stream {
 public:
  using boost::beast::tcp_stream::tcp_stream;

  std::function<bool(std::size_t frames)> frame_budget;

  // Hides tcp_stream's: Beast's websocket stream reads through this one.
  template <class MutableBufferSequence, class ReadHandler>
  void async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    boost::beast::tcp_stream::async_read_some(
        buffers, counted<MutableBufferSequence, std::decay_t<ReadHandler>>{this, buffers,
                                                                           std::forward<ReadHandler>(handler)});
  }

 private:
  template <class Buffers, class Handler>
  struct counted {
    ws_transport* self;
    Buffers buffers;
    Handler handler;

    using executor_type = boost::asio::associated_executor_t<Handler, boost::beast::tcp_stream::executor_type>;
    executor_type get_executor() const noexcept {
      return boost::asio::get_associated_executor(handler, self->get_executor());
    }
    using allocator_type = boost::asio::associated_allocator_t<Handler>;
    allocator_type get_allocator() const noexcept { return boost::asio::get_associated_allocator(handler); }

    void operator()(boost::beast::error_code ec, std::size_t bytes) {
      if (!ec && bytes > 0 && self->frame_budget) {
        std::size_t frames = 0, left = bytes;
        for (auto it = boost::asio::buffer_sequence_begin(buffers);
             left > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
          const boost::asio::const_buffer b(*it);
          const std::size_t n = std::min(left, b.size());
          frames += self->frames_.feed(static_cast<const unsigned char*>(b.data()), n);
          left -= n;
        }
        if (frames > 0 && !self->frame_budget(frames)) ec = boost::asio::error::connection_aborted;
      }
      std::move(handler)(ec, bytes);
    }
  };

  frame_counter frames_;
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
      return stream.boost::beast::tcp_stream::async_read_some(net::buffer(*sink), std::move(self));
    }
    drained += bytes;
    if (!ec && drained < teardown_drain_bytes)
      return stream.boost::beast::tcp_stream::async_read_some(net::buffer(*sink), std::move(self));
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
