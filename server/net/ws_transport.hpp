#pragma once
// A WebSocket's transport: the TCP socket, with a teardown that reads what the peer
// still sends before closing. Closing a socket with unread bytes makes the kernel answer
// with a reset, and the reset can cost the peer the close frame we just sent (1009 for a
// frame too big, 1008 for a flood) while it is still writing. Beast 1.81's own teardown
// stops after its first read (the byte count it tests is never set), so it resets them.
//
// It also counts the frames the peer sends, by reading their headers as bytes arrive:
// Beast answers pings itself and skips empty continuation frames inside one read, so a
// flood of either never reaches the session's message count, and kept a network thread
// busy (issue 13). `frame_budget`, when set, is told every frame; when it
// returns false the read fails with connection_aborted and the session drops the peer.
//
// And it lets the session write several whole server frames in one gathered write
// (`async_write_frames`): Beast writes one message per write. Beast still writes its own
// frames (pongs, close) through `async_write_some`; the two never interleave, as each
// waits for the other's frame to be written whole.
//
// A plain socket rather than Beast's tcp_stream: a tcp_stream carries three timers and their
// state in every connection (docs/capacity-measurements.md, "Where the memory goes") for timeouts this
// server does not set on a WebSocket (Beast times the handshakes itself, the idle sweep the
// silence), and only the teardown's drain has a deadline, which it keeps for its own few
// seconds.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/associated_allocator.hpp>
#include <boost/asio/associated_executor.hpp>
#include <boost/asio/buffers_iterator.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/compose.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

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

// A server frame as a session queues it: a payload shared by every connection it goes to,
// and up to 6 bytes of this connection's own written in front of it (a stream handle,
// docs/server.md), so that sharing a frame never costs a copy per connection.
struct outgoing_frame {
  std::shared_ptr<const std::string> payload;
  std::array<unsigned char, 6> prefix{};
  std::uint8_t prefix_size = 0;

  std::size_t size() const { return prefix_size + payload->size(); }
};

// The header of one unmasked, final, binary server frame (RFC 6455 5.2): 2, 4 or 10 bytes,
// then the frame's prefix (outgoing_frame), so the two go out as one buffer. `payload`
// counts both the prefix and what follows it.
struct frame_header {
  std::array<unsigned char, 16> bytes{};
  std::size_t size = 0;

  explicit frame_header(std::uint64_t payload, const unsigned char* prefix = nullptr, std::size_t prefix_size = 0) {
    bytes[0] = 0x82;   // FIN, opcode 2 (binary)
    if (payload < 126) {
      bytes[1] = static_cast<unsigned char>(payload);
      size = 2;
    } else if (payload <= 0xffff) {
      bytes[1] = 126;
      bytes[2] = static_cast<unsigned char>(payload >> 8);
      bytes[3] = static_cast<unsigned char>(payload);
      size = 4;
    } else {
      bytes[1] = 127;
      for (int i = 0; i < 8; ++i) bytes[2 + i] = static_cast<unsigned char>(payload >> (56 - 8 * i));
      size = 10;
    }
    for (std::size_t i = 0; i < prefix_size && size < bytes.size(); ++i) bytes[size++] = prefix[i];
  }
  boost::asio::const_buffer buffer() const { return {bytes.data(), size}; }
};

class ws_transport {
 public:
  using socket_type = boost::asio::ip::tcp::socket;
  using executor_type = socket_type::executor_type;
  // Beast's lowest layer: the socket (its close on a timeout, get_lowest_layer).
  using next_layer_type = socket_type;

  // As the socket is made: from a socket, an executor or an execution context.
  template <class Arg>
  explicit ws_transport(Arg&& arg) : socket_(std::forward<Arg>(arg)) {}

  executor_type get_executor() noexcept { return socket_.get_executor(); }
  socket_type& socket() noexcept { return socket_; }
  socket_type& next_layer() noexcept { return socket_; }
  const socket_type& next_layer() const noexcept { return socket_; }
  void close() {
    boost::beast::error_code ignored;
    socket_.close(ignored);
  }

  // Blocking reads and writes, as Beast's synchronous calls make them (tests): the socket's.
  template <class... Args>
  std::size_t read_some(Args&&... args) {
    return socket_.read_some(std::forward<Args>(args)...);
  }
  template <class... Args>
  std::size_t write_some(Args&&... args) {
    return socket_.write_some(std::forward<Args>(args)...);
  }

  std::function<bool(std::size_t frames)> frame_budget;
  // When set, every read that brings bytes stamps `last_heard` with this clock's tick (the
  // idle sweep's, server/net/idle_sweep.hpp): a peer that sends anything, a pong
  // included, is not idle. Read from any thread.
  const std::atomic<std::uint32_t>* idle_clock = nullptr;
  std::atomic<std::uint32_t> last_heard{0};

  // Beast's websocket stream writes its frames through this one. While a batch of ours is
  // being written, Beast's write waits for it.
  template <class ConstBufferSequence, class WriteHandler>
  void async_write_some(const ConstBufferSequence& buffers, WriteHandler&& handler) {
    using op = beast_write<ConstBufferSequence, std::decay_t<WriteHandler>>;
    if (batch_writing_) {
      beast_waiting_ = std::make_unique<deferred<op>>(op{this, buffers, std::forward<WriteHandler>(handler)});
      return;
    }
    op{this, buffers, std::forward<WriteHandler>(handler)}.start();
  }

  // Writes these whole binary frames (outgoing_frame), one after another, in as few writes
  // as the kernel takes; `handler(ec)` once all are written or the write failed. One batch
  // at a time, on the stream's executor (the session's strand). `frames` must outlive the
  // write. Two buffers a frame: its header with its prefix, and its shared payload.
  // `written`: bytes of these frames that `write_frames_now` already wrote; the rest follow.
  template <class Frames, class Handler>
  void async_write_frames(const Frames& frames, std::size_t count, Handler&& handler, std::size_t written = 0) {
    gather(frames, count);
    skip(written);
    auto start = [this, h = std::forward<Handler>(handler)]() mutable {
      batch_writing_ = true;
      boost::asio::async_write(socket_, batch_,
                               batch_done<std::decay_t<Handler>>{this, std::move(h)});
    };
    if (beast_mid_frame_) {
      batch_waiting_ = std::make_unique<deferred<decltype(start)>>(std::move(start));
      return;
    }
    start();
  }

  // What `write_frames_now` wrote: how many bytes, and whether that was every frame whole.
  struct written_now {
    std::size_t bytes = 0;
    bool whole = false;
  };
  // Writes as much of these whole binary frames as the socket takes now, without waiting
  // (one `sendmsg`, and no operation, completion or hand-off queued in Asio): all of them,
  // a first part, or nothing when the socket is full or a frame of Beast's is part written.
  // A first part leaves the stream mid-frame: the caller goes on at once with
  // `async_write_frames(frames, count, handler, bytes)`. The socket must be non-blocking
  // (`socket().non_blocking(true)`); on the stream's executor, with no batch in flight.
  template <class Frames>
  written_now write_frames_now(const Frames& frames, std::size_t count, boost::beast::error_code& ec) {
    ec = {};
    if (beast_mid_frame_ || batch_writing_) return {};
    gather(frames, count);
    const std::size_t bytes = socket_.write_some(batch_, ec);
    if (ec == boost::asio::error::would_block || ec == boost::asio::error::try_again) ec = {};
    if (ec) return {};
    return {bytes, bytes == boost::asio::buffer_size(batch_)};
  }

  // Beast's websocket stream reads through this one.
  template <class MutableBufferSequence, class ReadHandler>
  void async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
    socket_.async_read_some(
        buffers, counted<MutableBufferSequence, std::decay_t<ReadHandler>>{this, buffers,
                                                                           std::forward<ReadHandler>(handler)});
  }

 private:
  template <class Buffers, class Handler>
  struct counted {
    ws_transport* self;
    Buffers buffers;
    Handler handler;

    using executor_type = boost::asio::associated_executor_t<Handler, ws_transport::socket_type::executor_type>;
    executor_type get_executor() const noexcept {
      return boost::asio::get_associated_executor(handler, self->get_executor());
    }
    using allocator_type = boost::asio::associated_allocator_t<Handler>;
    allocator_type get_allocator() const noexcept { return boost::asio::get_associated_allocator(handler); }

    void operator()(boost::beast::error_code ec, std::size_t bytes) {
      if (!ec && bytes > 0 && self->idle_clock)
        self->last_heard.store(self->idle_clock->load(std::memory_order_relaxed), std::memory_order_relaxed);
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

  // The batch's buffers: a frame's header with its prefix, then its shared payload.
  template <class Frames>
  void gather(const Frames& frames, std::size_t count) {
    headers_.clear();
    batch_.clear();
    headers_.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
      headers_.emplace_back(frames[i].size(), frames[i].prefix.data(), frames[i].prefix_size);
    for (std::size_t i = 0; i < count; ++i) {
      batch_.push_back(headers_[i].buffer());
      batch_.push_back(boost::asio::buffer(*frames[i].payload));
    }
  }
  // Leaves out the batch's first `bytes` (already written).
  void skip(std::size_t bytes) {
    std::size_t whole = 0;
    while (whole < batch_.size() && bytes >= batch_[whole].size()) bytes -= batch_[whole++].size();
    batch_.erase(batch_.begin(), batch_.begin() + static_cast<std::ptrdiff_t>(whole));
    if (bytes > 0) batch_.front() += bytes;
  }

  struct pending {
    virtual ~pending() = default;
    virtual void run() = 0;
  };
  template <class F>
  struct deferred final : pending {
    F f;
    explicit deferred(F x) : f(std::move(x)) {}
    void run() override { std::move(f)(); }
  };
  static void run(std::unique_ptr<pending>& p) {
    if (auto q = std::move(p)) q->run();
  }

  // One of Beast's write_some calls. A frame written in part is continued by Beast's own
  // write loop at once, so a batch waits until Beast's frame is whole.
  template <class Buffers, class Handler>
  struct beast_write {
    ws_transport* self;
    Buffers buffers;
    Handler handler;

    void start() {
      self->beast_mid_frame_ = true;
      const std::size_t size = boost::asio::buffer_size(buffers);
      auto b = buffers;
      self->socket_.async_write_some(b, written{self, size, std::move(handler)});
    }
    void operator()() { start(); }

    struct written {
      ws_transport* self;
      std::size_t size;
      Handler handler;

      using executor_type = boost::asio::associated_executor_t<Handler, ws_transport::socket_type::executor_type>;
      executor_type get_executor() const noexcept {
        return boost::asio::get_associated_executor(handler, self->get_executor());
      }
      using allocator_type = boost::asio::associated_allocator_t<Handler>;
      allocator_type get_allocator() const noexcept { return boost::asio::get_associated_allocator(handler); }

      void operator()(boost::beast::error_code ec, std::size_t bytes) {
        self->beast_mid_frame_ = !ec && bytes < size;
        if (!self->beast_mid_frame_) run(self->batch_waiting_);
        std::move(handler)(ec, bytes);
      }
    };
  };

  template <class Handler>
  struct batch_done {
    ws_transport* self;
    Handler handler;

    using executor_type = boost::asio::associated_executor_t<Handler, ws_transport::socket_type::executor_type>;
    executor_type get_executor() const noexcept {
      return boost::asio::get_associated_executor(handler, self->get_executor());
    }
    using allocator_type = boost::asio::associated_allocator_t<Handler>;
    allocator_type get_allocator() const noexcept { return boost::asio::get_associated_allocator(handler); }

    void operator()(boost::beast::error_code ec, std::size_t) {
      self->batch_writing_ = false;
      run(self->beast_waiting_);
      std::move(handler)(ec);
    }
  };

  socket_type socket_;
  frame_counter frames_;
  // Writes: the batch of ours in flight (headers, and buffers over them and the payloads),
  // and whichever side waits for the other.
  std::vector<frame_header> headers_;
  std::vector<boost::asio::const_buffer> batch_;
  bool batch_writing_ = false;
  bool beast_mid_frame_ = false;
  std::unique_ptr<pending> beast_waiting_;
  std::unique_ptr<pending> batch_waiting_;
};

// A peer's leftovers are read for at most this long and this much, then we close anyway.
inline constexpr std::chrono::seconds teardown_drain_time{5};
inline constexpr std::size_t teardown_drain_bytes = std::size_t{1} << 20;

namespace detail {

struct drain_then_close {
  ws_transport& stream;
  boost::beast::role_type role;
  // What lives only while the connection closes: the sink the peer's leftovers are read
  // into, and the drain's deadline. Small: every closing connection holds one for up to
  // teardown_drain_time (a mass disconnect holds one per connection at once), and a peer
  // rarely sends anything after its close frame but the EOF (docs/capacity-measurements.md, "Memory
  // while matches play"). Shared with the deadline's handler, which may run after the
  // drain ended (an expiry already queued when it was cancelled).
  struct closing {
    explicit closing(ws_transport::executor_type ex) : deadline(std::move(ex)) {}
    std::array<char, 256> sink{};
    boost::asio::steady_timer deadline;
    bool ended = false;
    bool timed_out = false;
  };
  std::shared_ptr<closing> state;
  std::size_t drained = 0;

  template <class Self>
  void operator()(Self& self, boost::beast::error_code ec = {}, std::size_t bytes = 0) {
    namespace net = boost::asio;
    boost::beast::error_code ignored;
    if (!state) {
      state = std::make_shared<closing>(stream.get_executor());
      // The server says it is done sending first; the peer's EOF then ends the drain.
      if (role == boost::beast::role_type::server)
        stream.socket().shutdown(net::socket_base::shutdown_send, ignored);
      // At the deadline the socket closes, which ends the read below. The drain's own
      // handler keeps the connection alive until it ends, and `ended` says when it has.
      state->deadline.expires_after(teardown_drain_time);
      state->deadline.async_wait([state = state, socket = &stream.socket()](boost::beast::error_code e) {
        if (e || state->ended) return;
        state->timed_out = true;
        boost::beast::error_code closed;
        socket->close(closed);
      });
      return stream.socket().async_read_some(net::buffer(state->sink), std::move(self));
    }
    drained += bytes;
    if (!ec && drained < teardown_drain_bytes)
      return stream.socket().async_read_some(net::buffer(state->sink), std::move(self));
    state->ended = true;
    state->deadline.cancel();
    if (role == boost::beast::role_type::client)
      stream.socket().shutdown(net::socket_base::shutdown_send, ignored);
    stream.close();
    // The peer's EOF, or enough read: a clean end. A reset or the timeout is reported.
    if (state->timed_out) ec = boost::beast::error::timeout;
    self.complete(ec == net::error::eof ? boost::beast::error_code{} : ec);
  }
};

}  // namespace detail

// Found by argument-dependent lookup from Beast's websocket stream (its customisation
// point for its next layer).
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, ws_transport& stream, TeardownHandler&& handler) {
  boost::asio::async_compose<TeardownHandler, void(boost::beast::error_code)>(
      detail::drain_then_close{stream, role, nullptr, 0}, handler, stream);
}

}  // namespace starport::server
