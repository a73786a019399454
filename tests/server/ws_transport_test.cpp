// ws_transport's batched writes: several whole server frames in one gathered write, with
// Beast's own frames (here a pong) kept out of them. And its reads: every message whole and
// in order, every frame counted, whatever pieces the bytes arrive in.
#include <doctest/doctest.h>

#include <array>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>
#include <deque>
#include <functional>

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "server/net/ws_transport.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {
// A Beast client on a thread of its own, past the handshake with the server on `port`, runs
// `talk` and closes; what it threw lands in `error`.
std::thread client_on(std::uint16_t port, std::string& error, std::function<void(websocket::stream<tcp::socket>&)> talk) {
  return std::thread([port, &error, talk = std::move(talk)] {
    try {
      asio::io_context cio;
      websocket::stream<tcp::socket> ws(cio);
      ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
      ws.handshake("127.0.0.1", "/ws");
      talk(ws);
      ws.close(websocket::close_code::normal);
    } catch (const std::exception& e) {
      error = e.what();
    }
  });
}

// The server's side of the connection, accepted and past the handshake.
void accept_on(tcp::acceptor& acceptor, websocket::stream<starport::server::ws_transport>& ws) {
  acceptor.accept(ws.next_layer().socket());
  ws.accept();
}

// What a client that pings, then reads nothing for a while, then reads `count` messages saw.
struct late_reader {
  std::vector<std::string> got;
  int pongs = 0;
  std::size_t messages_before_pong = 0;
  std::string error;
};
// Its thread: the server's writes fill the socket while it sleeps.
std::thread read_late(std::uint16_t port, std::size_t count, late_reader& r) {
  return client_on(port, r.error, [count, &r](websocket::stream<tcp::socket>& ws) {
    ws.read_message_max(64u << 20);
    ws.control_callback([&r](websocket::frame_type kind, beast::string_view) {
      if (kind == websocket::frame_type::pong && r.pongs++ == 0) r.messages_before_pong = r.got.size();
    });
    ws.ping({});
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    for (std::size_t i = 0; i < count; ++i) {
      beast::flat_buffer b;
      ws.read(b);
      r.got.push_back(beast::buffers_to_string(b.data()));
    }
  });
}

// Reads on the server's side (Beast answers the client's ping meanwhile) until the client
// closes, then waits for the client: what the read ended with.
beast::error_code read_until_closed(asio::io_context& ioc, websocket::stream<starport::server::ws_transport>& ws,
                                    std::thread& client) {
  beast::flat_buffer in;
  beast::error_code read_error;
  ws.async_read(in, [&](beast::error_code e, std::size_t) { read_error = e; });
  ioc.run_for(std::chrono::seconds(20));
  client.join();
  return read_error;
}
}  // namespace

TEST_CASE("ws_transport: frames written in one batch arrive whole and in order - a pong Beast writes meanwhile waits for the batch") {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto port = acceptor.local_endpoint().port();

  // Every header length (7-bit, 16-bit, 64-bit) and an empty frame; more bytes in all than
  // loopback buffers hold, so the batch is still being written when the ping arrives.
  // Every other frame has a prefix of its own (1 to 6 bytes) in front of its shared payload,
  // and the prefix moves the 125/126 and 65535/65536 edges of the header's length.
  std::deque<starport::server::outgoing_frame> frames;
  std::vector<std::string> expected;
  const std::size_t sizes[] = {0, 1, 125, 126, 127, 65535, 65536, 70000, 3u << 20, 5, 4u << 20, 300, 6u << 20, 2, 124, 65534};
  for (std::size_t i = 0; i < std::size(sizes); ++i) {
    starport::server::outgoing_frame f{std::make_shared<const std::string>(sizes[i], static_cast<char>('a' + i))};
    f.prefix_size = static_cast<std::uint8_t>(i % 2 == 0 ? 0 : 1 + i % 6);
    for (std::size_t k = 0; k < f.prefix_size; ++k) f.prefix[k] = static_cast<unsigned char>('A' + k);
    expected.push_back(std::string(reinterpret_cast<const char*>(f.prefix.data()), f.prefix_size) + *f.payload);
    frames.push_back(std::move(f));
  }

  late_reader r;
  std::thread client = read_late(port, std::size(sizes) + 1, r);   // and "end", after the pong

  websocket::stream<starport::server::ws_transport> ws(ioc);
  accept_on(acceptor, ws);
  bool written = false;
  beast::error_code write_error;
  ws.next_layer().async_write_frames(frames, frames.size(), [&](beast::error_code ec) {
    written = true;
    write_error = ec;
    // Beast's own message write: after the pong, which waited for the whole batch.
    ws.async_write(asio::buffer(std::string_view("end")), [](beast::error_code, std::size_t) {});
  });
  // Reads the ping (Beast answers it with a pong while the batch is in flight), then the close.
  CHECK(read_until_closed(ioc, ws, client) == websocket::error::closed);
  CHECK(r.error == "");
  CHECK(written);
  CHECK(!write_error);
  CHECK(r.pongs == 1);
  CHECK(r.messages_before_pong == frames.size());   // not inside the batch
  REQUIRE(r.got.size() == frames.size() + 1);
  CHECK(r.got.back() == "end");
  for (std::size_t i = 0; i < frames.size(); ++i) {
    CAPTURE(i);
    CHECK(r.got[i] == expected[i]);
  }
}

TEST_CASE("ws_transport: a frame written at once queues nothing in Asio - what the socket does not take follows in order - and a pong waits for it") {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto port = acceptor.local_endpoint().port();

  using starport::server::outgoing_frame;
  const std::vector<outgoing_frame> first{outgoing_frame{std::make_shared<const std::string>("hello")}};
  // More than loopback buffers hold while the client sleeps: the socket takes a first part.
  std::vector<outgoing_frame> big;
  for (const std::size_t size : {6u << 20, 5u, 4u << 20})
    big.push_back(outgoing_frame{std::make_shared<const std::string>(size, static_cast<char>('a' + big.size()))});

  late_reader r;
  std::thread client = read_late(port, 1 + 3 + 1, r);   // hello, the big ones, "end"

  websocket::stream<starport::server::ws_transport> ws(ioc);
  accept_on(acceptor, ws);
  auto& transport = ws.next_layer();
  transport.socket().non_blocking(true);

  beast::error_code ec;
  const auto hello = transport.write_frames_now(first, 1, ec);
  CHECK(!ec);
  CHECK(hello.whole);
  CHECK(hello.bytes == 2 + 5);
  CHECK(ioc.poll() == 0);   // no completion was queued: the write is done
  ioc.restart();

  const auto part = transport.write_frames_now(big, big.size(), ec);
  CHECK(!ec);
  CHECK(!part.whole);
  CHECK(part.bytes > 0);
  std::size_t big_bytes = 0;
  for (const auto& frame : big) big_bytes += starport::server::frame_header(frame.size()).size + frame.size();
  CHECK(part.bytes < big_bytes);
  bool written = false;
  beast::error_code write_error;
  transport.async_write_frames(big, big.size(), [&](beast::error_code e) {
    written = true;
    write_error = e;
    ws.async_write(asio::buffer(std::string_view("end")), [](beast::error_code, std::size_t) {});
  }, part.bytes);
  // While the rest is in flight nothing else may be written at once.
  const auto meanwhile = transport.write_frames_now(first, 1, ec);
  CHECK(!ec);
  CHECK(meanwhile.bytes == 0);
  CHECK(!meanwhile.whole);

  CHECK(read_until_closed(ioc, ws, client) == websocket::error::closed);
  CHECK(r.error == "");
  CHECK(written);
  CHECK(!write_error);
  CHECK(r.pongs == 1);
  CHECK(r.messages_before_pong == 1 + big.size());   // not inside the rest of the batch
  REQUIRE(r.got.size() == 1 + big.size() + 1);
  CHECK(r.got[0] == "hello");
  for (std::size_t i = 0; i < big.size(); ++i) {
    CAPTURE(i);
    CHECK(r.got[1 + i] == *big[i].payload);
  }
  CHECK(r.got.back() == "end");
}

TEST_CASE("ws_transport: a frame header says FIN - binary - and the length in 7 - 16 or 64 bits") {
  using starport::server::frame_header;
  const frame_header tiny(5), edge(125), mid(126), top(65535), big(65536);
  CHECK(tiny.size == 2);
  CHECK(tiny.bytes[0] == 0x82);
  CHECK(tiny.bytes[1] == 5);
  CHECK(edge.size == 2);
  CHECK(edge.bytes[1] == 125);
  CHECK(mid.size == 4);
  CHECK(mid.bytes[1] == 126);
  CHECK(mid.bytes[2] == 0);
  CHECK(mid.bytes[3] == 126);
  CHECK(top.size == 4);
  CHECK(top.bytes[2] == 0xff);
  CHECK(top.bytes[3] == 0xff);
  CHECK(big.size == 10);
  CHECK(big.bytes[1] == 127);
  CHECK(big.bytes[7] == 1);   // 65536 = 0x00000000'00010000
  CHECK(big.bytes[8] == 0);
  CHECK(big.bytes[9] == 0);
  // A frame's prefix follows its header in the same buffer; the length counts it.
  const unsigned char prefix[] = {0x10, 0x81, 0x01};
  const frame_header with_prefix(130, prefix, 3);
  CHECK(with_prefix.size == 7);
  CHECK(with_prefix.bytes[1] == 126);
  CHECK(with_prefix.bytes[3] == 130);
  CHECK(with_prefix.bytes[4] == 0x10);
  CHECK(with_prefix.bytes[6] == 0x01);
  CHECK(with_prefix.buffer().size() == 7);
}

TEST_CASE("ws_transport: messages read one at a time and back to back arrive whole and in order - and every frame is counted") {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto port = acceptor.local_endpoint().port();
  constexpr std::size_t paced = 30, burst = 300;
  const auto message = [](std::size_t i) {
    // Small ones, several to a TCP segment; and a last one larger than Beast's read buffer.
    const std::size_t size = i == paced + burst ? 300000 : 1 + (i * 37) % 3000;
    return std::string(size, static_cast<char>('a' + i % 26));
  };

  std::string client_error;
  std::thread client = client_on(port, client_error, [&](websocket::stream<tcp::socket>& ws) {
      ws.auto_fragment(false);   // one frame a message
      // One at a time, each after the server's echo of the last: the server's read always
      // finds the socket empty first and must be woken for the next.
      for (std::size_t i = 0; i < paced; ++i) {
        ws.write(asio::buffer(message(i)));
        beast::flat_buffer b;
        ws.read(b);
      }
      // Then back to back: bytes arrive while the server is busy with the ones before.
      for (std::size_t i = paced; i <= paced + burst; ++i) ws.write(asio::buffer(message(i)));
  });

  websocket::stream<starport::server::ws_transport> ws(ioc);
  accept_on(acceptor, ws);
  std::size_t frames = 0;
  ws.next_layer().frame_budget = [&](std::size_t n) {
    frames += n;
    return true;
  };
  std::vector<std::string> got;
  beast::error_code read_error;
  beast::flat_buffer in;
  std::function<void()> read_next = [&] {
    ws.async_read(in, [&](beast::error_code ec, std::size_t) {
      if (ec) {
        read_error = ec;
        return;
      }
      got.push_back(beast::buffers_to_string(in.data()));
      in.consume(in.size());
      if (got.size() <= paced) {
        ws.async_write(asio::buffer(got.back()), [&](beast::error_code, std::size_t) { read_next(); });
        return;
      }
      read_next();
    });
  };
  read_next();
  ioc.run_for(std::chrono::seconds(20));
  client.join();

  CHECK(client_error == "");
  CHECK(read_error == websocket::error::closed);
  REQUIRE(got.size() == paced + burst + 1);
  for (std::size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    CHECK(got[i] == message(i));
  }
  CHECK(frames == got.size() + 1);   // and the close frame
}

TEST_CASE("ws_transport: a closing connection reads the peer's leftovers - and one that never ends its side is closed at the drain's deadline") {
  asio::io_context ioc;
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  const auto port = acceptor.local_endpoint().port();
  // A peer that answers the close frame and sends a few bytes more, but never its EOF.
  std::string client_error;
  unsigned close_opcode = 0;
  std::thread client([&] {
    try {
      asio::io_context cio;
      websocket::stream<tcp::socket> ws(cio);
      ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
      ws.handshake("127.0.0.1", "/ws");
      // Past the handshake, and said so: the server's close frame comes only now, so Beast's
      // handshake read cannot have taken it in with the answer.
      ws.write(asio::buffer(std::string_view("ready")));
      tcp::socket& raw = ws.next_layer();
      // The reads below end within seconds whatever the server does.
      const timeval limit{10, 0};
      setsockopt(raw.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
      std::array<unsigned char, 4> close_frame{};
      asio::read(raw, asio::buffer(close_frame));   // the server's: 0x88, 2, then code 1000
      close_opcode = close_frame[0];
      // Ours, masked with a zero key, then leftovers; the socket stays open past the deadline.
      const std::array<unsigned char, 8> reply{0x88, 0x82, 0, 0, 0, 0, 0x03, 0xe8};
      asio::write(raw, asio::buffer(reply));
      asio::write(raw, asio::buffer(std::string(1000, 'x')));
      std::this_thread::sleep_for(starport::server::teardown_drain_time + std::chrono::seconds(2));
    } catch (const std::exception& e) {
      client_error = e.what();
    }
  });

  websocket::stream<starport::server::ws_transport> ws(ioc);
  accept_on(acceptor, ws);
  beast::flat_buffer ready;
  std::chrono::steady_clock::time_point started{};
  std::chrono::steady_clock::duration took{};
  bool closed = false;
  beast::error_code close_error;
  ws.async_read(ready, [&](beast::error_code, std::size_t) {
    started = std::chrono::steady_clock::now();
    ws.async_close(websocket::close_code::normal, [&](beast::error_code ec) {
      closed = true;
      close_error = ec;
      took = std::chrono::steady_clock::now() - started;
    });
  });
  ioc.run_for(starport::server::teardown_drain_time + std::chrono::seconds(5));
  client.join();

  CHECK(client_error == "");
  CHECK(close_opcode == 0x88);
  REQUIRE(closed);
  CHECK(close_error == beast::error::timeout);
  CHECK_FALSE(ws.next_layer().socket().is_open());
  CHECK(took >= starport::server::teardown_drain_time - std::chrono::milliseconds(100));
}
