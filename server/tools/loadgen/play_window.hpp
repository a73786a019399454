#pragma once
// The part of a load run when every match is playing: from the moment the last match
// started to the moment the first one ended (or the deadline). The server's CPU per
// accepted move over it leaves out setup (connect, Hello, lobby, start) and teardown, which
// a run of few moves per match would otherwise spread over its moves (docs/capacity-measurements.md,
// "What a paced move costs", has the figures).
#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <optional>

#include "server/tools/loadgen/duel_stats.hpp"
#include "server/tools/loadgen/server_latency.hpp"

namespace starport::loadgen {

class play_window {
 public:
  struct sample {
    double server_cpu_s = 0;
    std::uint64_t moves = 0;   // accepted so far
    clock_type::time_point at{};
    double server_rss_mb = 0;
    // The server's histogram, read on a thread of its own (an HTTP request must not hold up
    // the clients' thread at the window's edges, which would add to the latencies measured).
    std::shared_future<std::optional<latency_histogram>> latency;
  };
  struct figures {
    double server_cpu_s = 0;
    std::uint64_t moves = 0;
    double seconds = 0;
    double server_rss_mb = 0;   // resident at the window's end, every match still playing
    // The moves the server's own histogram counted in the window; empty when unknown.
    std::optional<latency_histogram> server_latency;
  };

  // `server_pid` <= 0: the server's CPU is unknown and there is no window. `read_latency`,
  // when given, reads the server's latency histogram (server_latency.hpp).
  using latency_reader = std::function<std::optional<latency_histogram>()>;
  play_window(int matches, int server_pid, latency_reader read_latency = {})
      : matches_(matches), server_pid_(server_pid), read_latency_(std::move(read_latency)) {}

  // Any thread.
  void match_started();
  void move_accepted() { moves_.fetch_add(1, std::memory_order_relaxed); }
  void match_ended();
  // Whether every match is playing now (the window is open): for latencies of its own.
  bool open() const { return open_.load(std::memory_order_relaxed); }
  // At the deadline: a window still open closes now.
  void close();
  // Empty when no window opened and closed (a match ended before the last one started).
  std::optional<figures> result() const;

 private:
  std::optional<sample> take() const;

  const int matches_;
  const int server_pid_;
  const latency_reader read_latency_;
  std::atomic<std::uint64_t> moves_{0};
  std::atomic<bool> open_{false};
  mutable std::mutex mutex_;
  int started_ = 0;
  bool ended_ = false;
  std::optional<sample> begin_;
  std::optional<sample> end_;
};

}  // namespace starport::loadgen
