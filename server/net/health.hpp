#pragma once
// What /healthz and /readyz report (docs/deploy.md): whether storage can still be written
// (a write probe every `probe_every`, and the result of every probe), and whether the
// server takes new players (healthy, not shutting down, storage not far behind).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "server/net/net.hpp"

namespace starport::storage {
class worker;
}

namespace starport::server {

class health_check {
 public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::seconds probe_every{5};
  // No probe answer for this long: the storage thread is stuck (a lock, a hung disk).
  static constexpr std::chrono::seconds probe_stale{30};
  // Storage jobs waiting past this: not ready (new players would only wait).
  static constexpr std::size_t busy_queue = 20000;

  struct report {
    bool healthy = false;
    bool ready = false;
    std::string text;   // one line per finding, for the response body
  };

  // Starts probing at once and then every probe_every on `ioc` until stop().
  void start(net::io_context& ioc, storage::worker& storage);
  void stop();                              // shutting down: not ready, no more probes
  void record(bool ok, clock::time_point at);   // a probe's result (tests feed this)
  report now(std::size_t queue_depth, clock::time_point at) const;

 private:
  void probe();
  struct timer_box;
  std::shared_ptr<timer_box> timer_;
  storage::worker* storage_ = nullptr;
  std::atomic<bool> ok_{true};                 // the last probe's result (none yet: ok)
  std::atomic<std::int64_t> last_answer_ns_{0};   // when the last probe answered
  std::atomic<std::int64_t> started_ns_{0};
  std::atomic<bool> stopping_{false};
};

}  // namespace starport::server
