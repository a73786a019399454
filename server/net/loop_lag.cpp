#include "server/net/loop_lag.hpp"

#include <atomic>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/net/metrics.hpp"

namespace starport::server {

struct loop_lag::probe : std::enable_shared_from_this<probe> {
  probe(net::io_context& ioc, metrics& s) : timer(ioc), stats(s) {}
  net::steady_timer timer;
  metrics& stats;
  std::atomic<bool> stopping{false};

  void arm(std::chrono::steady_clock::time_point due) {
    timer.expires_at(due);
    timer.async_wait([self = shared_from_this(), due](boost::system::error_code ec) {
      if (ec || self->stopping) return;
      const auto now = std::chrono::steady_clock::now();
      self->stats.network_lag(now - due);
      // The next moment a period after this one ran: a late run does not bunch the next ones.
      self->arm(now + period);
    });
  }
};

void loop_lag::start(net::io_context& ioc, metrics& stats) {
  probe_ = std::make_shared<probe>(ioc, stats);
  probe_->arm(std::chrono::steady_clock::now() + period);
}

void loop_lag::stop() {
  if (!probe_) return;
  probe_->stopping = true;
  net::post(probe_->timer.get_executor(), [p = probe_] { p->timer.cancel(); });
}

}  // namespace starport::server
