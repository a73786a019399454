#include "server/net/listener.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <iostream>

#include <boost/asio/strand.hpp>

#include "server/net/http_session.hpp"
#include "server/shared_state.hpp"

namespace starport::server {

listener::listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<shared_state> state)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), retry_(acceptor_.get_executor()), state_(std::move(state)) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
}

void listener::run() { do_accept(); }

void listener::stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::beast::error_code ec;
    self->acceptor_.close(ec);
    self->retry_.cancel();
  });
}

void listener::do_accept() {
  // The new connection gets its own strand.
  acceptor_.async_accept(net::make_strand(ioc_),
                         [self = shared_from_this()](boost::beast::error_code ec, tcp::socket socket) {
                           self->on_accept(ec, std::move(socket));
                         });
}

void listener::on_accept(boost::beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space || ec == net::error::no_memory ||
      ec.value() == ENFILE)
    return back_off(ec);   // out of descriptors: retrying at once would only spin
  backoff_ = std::chrono::milliseconds{0};
  if (!ec && leaves_too_few(socket.native_handle())) {
    state_->stats().refused(metrics::refusal::descriptors);
    boost::beast::error_code ignored;
    socket.close(ignored);
  } else if (!ec) {
    boost::beast::error_code ignored;
    const tcp::endpoint peer = socket.remote_endpoint(ignored);
    address_quota::refusal why{};
    auto slot = ignored ? nullptr : state_->quotas().admit(peer.address(), why);
    if (!slot) {
      // Over the quota (or the peer is already gone): close before reading anything.
      if (why == address_quota::refusal::address_full) state_->stats().refused(metrics::refusal::address_connections);
      if (why == address_quota::refusal::server_full) state_->stats().refused(metrics::refusal::server_connections);
      socket.close(ignored);
    } else {
      // Small frames must leave at once: Nagle plus delayed ACKs would add 40 ms.
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<http_session>(std::move(socket), state_, std::move(slot))->run();
    }
  }
  // Other errors (a peer that reset before we took it) concern one connection only.
  do_accept();
}

// Descriptors are handed out lowest first, so every one below `descriptor` is in use: fewer
// than the reserve are free when it is that close to the limit (read each time: an operator
// may change it with prlimit).
bool listener::leaves_too_few(int descriptor) const {
  const int reserve =
      std::max(min_descriptor_reserve(state_->settings().threads), state_->settings().descriptor_reserve);
  if (reserve == 0) return false;
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return false;
  return static_cast<rlim_t>(descriptor) + static_cast<rlim_t>(reserve) >= limit.rlim_cur;
}

void listener::back_off(const boost::beast::error_code& ec) {
  state_->stats().refused(metrics::refusal::descriptors);
  backoff_ = std::min(max_backoff, backoff_ == std::chrono::milliseconds{0} ? first_backoff : backoff_ * 2);
  const auto now = std::chrono::steady_clock::now();
  if (last_log_ == std::chrono::steady_clock::time_point{} || now - last_log_ >= log_every) {
    std::cerr << "accept: " << ec.message() << "; pausing accepts " << backoff_.count() << " ms";
    if (unlogged_ > 0) std::cerr << " (" << unlogged_ << " more such failures since the last report)";
    std::cerr << "\n";
    last_log_ = now;
    unlogged_ = 0;
  } else {
    ++unlogged_;
  }
  retry_.expires_after(backoff_);
  retry_.async_wait([self = shared_from_this()](boost::beast::error_code e) {
    if (!e && self->acceptor_.is_open()) self->do_accept();
  });
}

}  // namespace starport::server
