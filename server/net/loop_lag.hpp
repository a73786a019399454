#pragma once
// How late the network threads run what is due: a timer every `period` measures how long
// after its moment its handler ran. A network thread busy with a burst (many settles at
// once) makes every message and timer wait behind it; the action latency histogram starts
// only when a move is read, so this is the wait it cannot see (docs/capacity-measurements.md, "Latency
// at the client's socket"): `starport_network_lag_seconds`.
#include <chrono>
#include <memory>

#include "server/net/net.hpp"

namespace starport::server {

class metrics;

class loop_lag {
 public:
  static constexpr std::chrono::milliseconds period{100};
  // Measures on `ioc` until stop(); `stats` must outlive the io_context's handlers.
  void start(net::io_context& ioc, metrics& stats);
  void stop();

 private:
  struct probe;   // the timer and what its handler needs, shared with the pending wait
  std::shared_ptr<probe> probe_;
};

}  // namespace starport::server
