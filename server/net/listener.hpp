#pragma once
// Accepts TCP connections; each new connection gets its own strand and an http_session.
// Every accepted socket takes a slot of the connection quotas (address_quota) or is closed
// at once. So is one that leaves fewer than `descriptor_reserve` descriptors free: the
// process's last descriptors are kept for storage, the log, the health probe — and, in the
// sanitizer build, for UBSan, whose vptr check opens a pipe and reports every virtual call
// it cannot check as an "invalid vptr" when none is left (issue 13). When accept fails for
// want of descriptors or memory all the same (something else took them), accepting pauses
// on a timer (growing to a second) instead of spinning, and the log says so at most once
// per log_every, with how many failures it did not print.
#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>

#include "server/net/net.hpp"

namespace starport::server {

class shared_state;

class listener : public std::enable_shared_from_this<listener> {
 public:
  // Throws boost::system::system_error when the address cannot be bound.
  listener(net::io_context& ioc, tcp::endpoint endpoint, std::shared_ptr<shared_state> state);
  void run();
  void stop();   // any thread: close the acceptor, accept no more
  tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }

  static constexpr std::chrono::milliseconds first_backoff{50};
  static constexpr std::chrono::milliseconds max_backoff{1000};
  static constexpr std::chrono::seconds log_every{10};
  // The fewest descriptors kept free with this many network threads. In the sanitizer build,
  // every thread may be in UBSan's check at once, each holding a pipe (network threads, the
  // storage thread, the thread that counts open descriptors), while the accept holds one.
  static constexpr int min_descriptor_reserve(int network_threads) {
#if defined(STARPORT_SANITIZED)
    return 2 * (network_threads + 2) + 1;
#else
    (void)network_threads;
    return 0;
#endif
  }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, tcp::socket socket);
  void back_off(const boost::beast::error_code& ec);
  bool leaves_too_few(int descriptor) const;

  net::io_context& ioc_;
  tcp::acceptor acceptor_;
  net::steady_timer retry_;
  std::shared_ptr<shared_state> state_;
  std::chrono::milliseconds backoff_{0};
  std::chrono::steady_clock::time_point last_log_{};
  std::uint64_t unlogged_ = 0;
};

}  // namespace starport::server
