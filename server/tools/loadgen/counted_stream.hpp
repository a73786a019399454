#pragma once
// A TCP stream that counts the bytes it reads: what the server put on the wire for this
// client, WebSocket frame headers and (with permessage-deflate) compressed payloads, as
// opposed to the messages Beast hands back once it has unframed and inflated them. TCP/IP's
// own headers are not counted.
#include <cstddef>
#include <cstdint>
#include <utility>

#include <boost/asio/associated_executor.hpp>
#include <boost/asio/bind_executor.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace starport::loadgen {

class counted_stream : public boost::beast::tcp_stream {
 public:
  using boost::beast::tcp_stream::tcp_stream;

  std::uint64_t received() const { return received_; }

  // Hides tcp_stream's: Beast's websocket stream reads through this one. The handler keeps
  // its executor (the client's strand).
  template <class MutableBufferSequence, class ReadHandler>
  void async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    auto executor = boost::asio::get_associated_executor(handler, get_executor());
    boost::beast::tcp_stream::async_read_some(
        buffers, boost::asio::bind_executor(
                     executor, [this, h = std::forward<ReadHandler>(handler)](boost::beast::error_code ec,
                                                                              std::size_t bytes) mutable {
                       received_ += bytes;
                       std::move(h)(ec, bytes);
                     }));
  }

 private:
  std::uint64_t received_ = 0;
};

// Found by argument-dependent lookup from Beast's websocket stream, which would otherwise
// take its catch-all overload (a static assertion): the close as tcp_stream does it.
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, counted_stream& stream, TeardownHandler&& handler) {
  boost::beast::async_teardown(role, static_cast<boost::beast::tcp_stream&>(stream),
                               std::forward<TeardownHandler>(handler));
}

}  // namespace starport::loadgen
