#pragma once
// Idle WebSockets, found by one coarse sweep of the open sessions every `period` instead
// of a timer per connection. Beast's own idle timeout (`timeout::suggested`) re-arms the
// stream's timer at the start of every message read: a cancelled timer wait, and its
// handler through the strand, per move received. Here a read only stamps the sweep's
// current tick (ws_transport), and the sweep visits the few sessions heard from least
// recently: a keep-alive ping once a peer has been silent `ping_after`, and the connection
// dropped once it has been silent `close_after` (a peer that answers the ping has spoken).
// What the timeouts protect against is kept: Beast still times out the opening and closing
// handshakes (`handshake_timeout`), and a silent peer is closed within one period of
// `close_after`.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/steady_timer.hpp>

#include "server/net/net.hpp"

namespace starport::server {

class shared_state;

class idle_sweep {
 public:
  struct timing {
    std::chrono::milliseconds close_after;   // no byte from the peer this long: dropped
    std::chrono::milliseconds period;        // how often the sessions are visited
  };
  // What a session heard from this long ago, in sweeps, should get.
  enum class verdict { none, ping, close };

  explicit idle_sweep(timing t) : timing_(t) {}

  // The tick a read stamps its session with (sweeps so far): any thread.
  std::uint32_t now() const { return tick_.load(std::memory_order_relaxed); }
  const std::atomic<std::uint32_t>& clock() const { return tick_; }   // what ws_transport reads
  // For a session last heard at tick `heard`, now at tick `at` (pure: the tests use it).
  verdict judge(std::uint32_t heard, std::uint32_t at) const;

  // Sweeps every period on `ioc` until stop(); `state` is held weakly.
  void start(net::io_context& ioc, std::weak_ptr<shared_state> state);
  void stop();

 private:
  void arm(std::weak_ptr<shared_state> state);
  void sweep(const std::weak_ptr<shared_state>& state);
  struct timer_box;

  timing timing_;
  std::atomic<std::uint32_t> tick_{0};
  std::shared_ptr<timer_box> timer_;
  std::atomic<bool> stopping_{false};
};

}  // namespace starport::server
