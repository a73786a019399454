#include "server/tools/loadgen/ws_client.hpp"

#include <netinet/in.h>
#include <sys/socket.h>

#include <chrono>
#include <utility>

namespace starport::loadgen {

namespace websocket = beast::websocket;

namespace {
const int one = 1;
}  // namespace

ws_client::ws_client(strand executor, ws_events& events, int side, bool compress, bool stamp_arrivals)
    : ws_(std::move(executor)), events_(events), side_(side), stamp_arrivals_(stamp_arrivals) {
  if (compress) {
    // As a browser offers it: both windows 15 bits, context takeover, and every message
    // compressed, small ones included.
    websocket::permessage_deflate pmd;
    pmd.client_enable = true;
    ws_.set_option(pmd);
  }
}

void ws_client::start(const tcp::endpoint& server, std::string host, std::string path,
                      std::optional<net::ip::address_v4> source) {
  host_ = std::move(host);
  path_ = std::move(path);
  if (source && server.address().is_v4()) {
    beast::error_code ec;
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(tcp::v4(), ec);
    // The port is chosen at connect, for the whole 4-tuple: no port range per address to run out of.
    if (!ec) ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    if (!ec) socket.bind(tcp::endpoint(*source, 0), ec);
    if (ec) return net::post(ws_.get_executor(), [self = shared_from_this(), ec] { self->finish(ec); });
  }
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(15));
  beast::get_lowest_layer(ws_).async_connect(
      server, beast::bind_front_handler(&ws_client::on_connect, shared_from_this()));
}

void ws_client::on_connect(beast::error_code ec) {
  if (ec) return finish(ec);
  // Without this, Nagle's algorithm and delayed ACKs add up to 40 ms to small frames.
  beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
  // Latency to an answer's arrival, apart from this process's own delay in reading it.
  if (stamp_arrivals_) ws_.next_layer().stamp_arrivals(ec);
  // The websocket stream has its own timeouts; the TCP one would cut idle seats.
  beast::get_lowest_layer(ws_).expires_never();
  ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws_.read_message_max(1 << 20);
  // Client frames are masked (RFC 6455); a mask only has to be unpredictable to browsers'
  // scripts, so a load generator on loopback can use Beast's fast generator.
  ws_.secure_prng(false);
  ws_.async_handshake(host_, path_,
                      beast::bind_front_handler(&ws_client::on_handshake, shared_from_this()));
}

void ws_client::on_handshake(beast::error_code ec) {
  if (ec) return finish(ec);
  ws_.next_layer().count_frames();
  ws_.binary(true);
  open_ = true;
  // Frames queued before the handshake go first; on_open may send() more, which then
  // queue behind this write instead of starting a second one (one write in flight).
  if (!queue_.empty()) do_write();
  events_.on_open(side_);
  do_read();
}

void ws_client::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&ws_client::on_read, shared_from_this()));
}

void ws_client::on_read(beast::error_code ec, std::size_t bytes) {
  if (finished_) return;
  if (ec) return finish(ec);
  auto data = buffer_.cdata();
  const message_sizes::message m = ws_.next_layer().messages().take();
  frame_wire_bytes_ = m.wire_bytes;
  frame_arrived_ = m.arrived;
  events_.on_frame(side_, std::string_view(static_cast<const char*>(data.data()), bytes));
  buffer_.consume(bytes);
  do_read();
}

void ws_client::send(std::string frame) {
  if (closing_ || finished_) return;
  queue_.push_back(std::move(frame));
  if (open_ && queue_.size() == 1) do_write();
}

void ws_client::do_write() {
  ws_.async_write(net::buffer(queue_.front()),
                  beast::bind_front_handler(&ws_client::on_write, shared_from_this()));
}

void ws_client::on_write(beast::error_code ec, std::size_t) {
  if (finished_) return;   // the queue may be mid-write; it dies with the client
  if (ec) return finish(ec);
  queue_.pop_front();
  if (!queue_.empty()) return do_write();
  if (closing_) do_close();
}

void ws_client::close() {
  if (closing_ || finished_) return;
  closing_ = true;
  if (!open_) {
    // Still connecting: cancelling the connect or handshake ends it through finish().
    beast::get_lowest_layer(ws_).cancel();
    return;
  }
  if (queue_.empty()) do_close();
}

void ws_client::do_close() {
  ws_.async_close(websocket::close_code::normal,
                  beast::bind_front_handler(&ws_client::on_close, shared_from_this()));
}

void ws_client::on_close(beast::error_code ec) {
  // The read loop sees `closed` once the server answers; this only reports a failure.
  if (ec) finish(ec);
}

void ws_client::finish(beast::error_code ec) {
  if (finished_) return;
  finished_ = true;
  open_ = false;
  beast::error_code ignored;
  beast::get_lowest_layer(ws_).socket().close(ignored);
  events_.on_closed(side_, ec);
}

}  // namespace starport::loadgen
