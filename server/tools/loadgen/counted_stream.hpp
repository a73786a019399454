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
#include <boost/asio/post.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace starport::loadgen {

using wall_clock = std::chrono::system_clock;   // the kernel's receive timestamps are wall time

// Server frames (RFC 6455 5.2), fed as read, summed per data message: control frames
// (ping, pong, close) are left out, continuation frames join their message.
class message_sizes {
 public:
  struct message {
    std::uint64_t wire_bytes = 0;
    // When the read that completed it found the newest segment it read at the socket:
    // never before the message's own last byte arrived. Zero when reads are not stamped.
    wall_clock::time_point arrived{};
  };
  // `arrived`: the stamp of the read these bytes came in.
  void feed(const unsigned char* p, std::size_t n, wall_clock::time_point arrived = {});
  // The oldest message not yet taken (wire_bytes 0 if none is complete).
  message take();

 private:
  std::array<unsigned char, 14> header_{};
  std::size_t have_ = 0;           // header bytes of the frame being read
  std::uint64_t payload_left_ = 0;
  std::uint64_t message_ = 0;      // the message's bytes so far
  bool final_ = false;
  bool control_ = false;
  std::deque<message> complete_;
};

class counted_stream : public boost::beast::tcp_stream {
 public:
  using boost::beast::tcp_stream::tcp_stream;

  message_sizes& messages() { return messages_; }
  // From the end of the opening handshake on: its HTTP response is not frames. (The server
  // sends nothing before the client's Hello, so no frame comes in the handshake's reads.)
  void count_frames() { counting_ = true; }
  // Once connected: the kernel stamps what the socket receives (SO_TIMESTAMPNS), and every
  // read from then on is a recvmsg of our own that takes the stamp (Asio's drops it).
  void stamp_arrivals(boost::beast::error_code& ec);

  // Hides tcp_stream's: Beast's websocket stream reads through this one. The handler keeps
  // its executor (the client's strand).
  template <class MutableBufferSequence, class ReadHandler>
  void async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    auto executor = boost::asio::get_associated_executor(handler, get_executor());
    if (stamping_) {
      stamped_read<MutableBufferSequence, std::decay_t<ReadHandler>, decltype(executor)>{
          this, buffers, std::forward<ReadHandler>(handler), executor}
          .start();
      return;
    }
    boost::beast::tcp_stream::async_read_some(
        buffers, boost::asio::bind_executor(executor, [this, buffers, h = std::forward<ReadHandler>(handler)](
                                                          boost::beast::error_code ec, std::size_t bytes) mutable {
          count(buffers, bytes, {});
          std::move(h)(ec, bytes);
        }));
  }

 private:
  // The bytes a read put into `buffers`, to the frame counter (from the handshake's end on).
  template <class Buffers>
  void count(const Buffers& buffers, std::size_t bytes, wall_clock::time_point arrived) {
    std::size_t left = counting_ ? bytes : 0;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         left > 0 && it != boost::asio::buffer_sequence_end(buffers); ++it) {
      const boost::asio::const_buffer b(*it);
      const std::size_t n = std::min(left, b.size());
      messages_.feed(static_cast<const unsigned char*>(b.data()), n, arrived);
      left -= n;
    }
  }

  // A read as Asio does it (a try at once, else a wait for the socket to be readable), by
  // a recvmsg that keeps the receive timestamp.
  template <class Buffers, class Handler, class Executor>
  struct stamped_read {
    counted_stream* stream;
    Buffers buffers;
    Handler handler;
    Executor executor;

    void start() {
      boost::beast::error_code ec;
      std::size_t bytes = 0;
      // Done at once: the handler must still not run inside the initiating call.
      if (stream->receive(buffers, ec, bytes))
        return boost::asio::post(executor, [h = std::move(handler), ec, bytes]() mutable { std::move(h)(ec, bytes); });
      wait();
    }
    void wait() {
      counted_stream* s = stream;
      Executor ex = executor;   // copied before *this is moved into the wait's handler
      s->socket().async_wait(boost::asio::socket_base::wait_read, boost::asio::bind_executor(ex, std::move(*this)));
    }
    void operator()(boost::beast::error_code ec) {
      std::size_t bytes = 0;
      if (!ec && !stream->receive(buffers, ec, bytes)) return wait();   // woken, but nothing yet
      std::move(handler)(ec, bytes);
    }
  };

  // One non-blocking recvmsg into `buffers`; false when nothing was there to read.
  template <class Buffers>
  bool receive(const Buffers& buffers, boost::beast::error_code& ec, std::size_t& bytes) {
    std::array<iovec, 16> parts{};
    std::size_t used = 0;
    for (auto it = boost::asio::buffer_sequence_begin(buffers);
         it != boost::asio::buffer_sequence_end(buffers) && used < parts.size(); ++it) {
      const boost::asio::mutable_buffer b(*it);
      if (b.size() > 0) parts[used++] = iovec{b.data(), b.size()};
    }
    wall_clock::time_point arrived{};
    if (!receive(parts.data(), used, ec, bytes, arrived)) return false;
    count(buffers, bytes, arrived);
    return true;
  }
  // `arrived`: the kernel's stamp of the newest segment read (zero if it gave none).
  bool receive(iovec* parts, std::size_t count, boost::beast::error_code& ec, std::size_t& bytes,
               wall_clock::time_point& arrived);

  message_sizes messages_;
  bool counting_ = false;
  bool stamping_ = false;
};

// Found by argument-dependent lookup from Beast's websocket stream, which would otherwise
// take its catch-all overload (a static assertion): the close as tcp_stream does it.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, counted_stream& stream, TeardownHandler&& handler) {
  boost::beast::async_teardown(role, static_cast<boost::beast::tcp_stream&>(stream),
                               std::forward<TeardownHandler>(handler));
}

}  // namespace starport::loadgen
