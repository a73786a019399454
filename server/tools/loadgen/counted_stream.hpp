#pragma once
// A TCP stream that measures the server's messages as they came over the wire: each one's
// frame headers and payloads as sent (with permessage-deflate, compressed), as opposed to
// the message Beast hands back once it has unframed and inflated it. TCP/IP's own headers
// are not counted.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace starport::loadgen {

// Server frames (RFC 6455 5.2), fed as read, summed per data message: control frames
// (ping, pong, close) are left out, continuation frames join their message.
class message_sizes {
 public:
  void feed(const unsigned char* p, std::size_t n);
  // The wire size of the oldest message not yet taken (0 if none is complete).
  std::uint64_t take();

 private:
  std::array<unsigned char, 14> header_{};
  std::size_t have_ = 0;           // header bytes of the frame being read
  std::uint64_t payload_left_ = 0;
  std::uint64_t message_ = 0;      // the message's bytes so far
  bool final_ = false;
  bool control_ = false;
  std::deque<std::uint64_t> complete_;
};

class counted_stream : public boost::beast::tcp_stream {
 public:
  using boost::beast::tcp_stream::tcp_stream;

  message_sizes& messages() { return messages_; }
  // From the end of the opening handshake on: its HTTP response is not frames. (The server
  // sends nothing before the client's Hello, so no frame comes in the handshake's reads.)
  void count_frames() { counting_ = true; }

  // Hides tcp_stream's: Beast's websocket stream reads through this one. The handler keeps
  // its executor (the client's strand).
  template <class MutableBufferSequence, class ReadHandler>
  void async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    auto executor = boost::asio::get_associated_executor(handler, get_executor());
    boost::beast::tcp_stream::async_read_some(
        buffers, boost::asio::bind_executor(executor, [this, buffers, h = std::forward<ReadHandler>(handler)](
                                                          boost::beast::error_code ec, std::size_t bytes) mutable {
          std::size_t left = counting_ ? bytes : 0;
          for (auto it = boost::asio::buffer_sequence_begin(buffers);
               left > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
            const boost::asio::const_buffer b(*it);
            const std::size_t n = std::min(left, b.size());
            messages_.feed(static_cast<const unsigned char*>(b.data()), n);
            left -= n;
          }
          std::move(h)(ec, bytes);
        }));
  }

 private:
  message_sizes messages_;
  bool counting_ = false;
};

// Found by argument-dependent lookup from Beast's websocket stream, which would otherwise
// take its catch-all overload (a static assertion): the close as tcp_stream does it.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, counted_stream& stream, TeardownHandler&& handler) {
  boost::beast::async_teardown(role, static_cast<boost::beast::tcp_stream&>(stream),
                               std::forward<TeardownHandler>(handler));
}

}  // namespace starport::loadgen
