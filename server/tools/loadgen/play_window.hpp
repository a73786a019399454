#pragma once
// The part of a load run when every match is playing: from the moment the last match
// started to the moment the first one ended (or the deadline). The server's CPU per
// accepted move over it leaves out setup (connect, Hello, lobby, start) and teardown, which
// a run of few moves per match would otherwise spread over its moves: about 2.6 ms of
// server CPU per match on the development machine, 90 µs a move at 30 moves a match
// (docs/capacity.md, "What a paced move costs").
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

#include "server/tools/loadgen/duel_stats.hpp"

namespace starport::loadgen {

class play_window {
 public:
  struct sample {
    double server_cpu_s = 0;
    std::uint64_t moves = 0;   // accepted so far
    clock_type::time_point at{};
    double server_rss_mb = 0;
  };
  struct figures {
    double server_cpu_s = 0;
    std::uint64_t moves = 0;
    double seconds = 0;
    double server_rss_mb = 0;   // resident at the window's end, every match still playing
  };

  // `server_pid` <= 0: the server's CPU is unknown and there is no window.
  play_window(int matches, int server_pid) : matches_(matches), server_pid_(server_pid) {}

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
  std::atomic<std::uint64_t> moves_{0};
  std::atomic<bool> open_{false};
  mutable std::mutex mutex_;
  int started_ = 0;
  bool ended_ = false;
  std::optional<sample> begin_;
  std::optional<sample> end_;
};

}  // namespace starport::loadgen
