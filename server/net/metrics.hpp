#pragma once
// Counters for GET /metrics (Prometheus text format). Lock-free: any thread may count.
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/net/open_fds.hpp"

namespace starport::server {

class metrics {
 public:
  // Upper bounds of the action latency histogram, in seconds.
  static constexpr std::array<double, 10> latency_bounds = {0.001, 0.002, 0.005, 0.01, 0.02,
                                                            0.05,  0.1,   0.25,  0.5,  1.0};
  // Durations counted in latency_bounds' buckets (rendered cumulative, as Prometheus reads them).
  struct histogram {
    std::array<std::atomic<std::uint64_t>, latency_bounds.size() + 1> buckets{};
    std::atomic<std::uint64_t> sum_us{0};
    void add(std::chrono::steady_clock::duration d);
  };

  // What the server refused, by reason: `starport_refusals_total{reason="…"}` (docs/server.md,
  // "Hostile clients and exhaustion"). Keep `refusal_names` in the same order.
  enum class refusal {
    address_connections,   // a socket over --connections-per-address, closed at once
    server_connections,    // a socket over --max-connections, closed at once
    descriptors,           // accept failed for want of descriptors or memory (the listener paused)
    origin,                // a WebSocket upgrade from an origin not allowed (403)
    rate_limited,          // a message over its connection's rate (RATE_LIMITED)
    flood_closed,          // a connection cut for flooding messages or frames (close 1008)
    server_busy,           // SERVER_BUSY answers, and upgrades refused with the session table full
    guests_per_address,    // a guest over --guests-per-hour (RATE_LIMITED)
    lobbies_per_address,   // a table over --lobbies-per-address (LIMIT_REACHED)
    chat_rate,             // a chat line over its person's --chat-burst and --chat-rate (RATE_LIMITED)
    count_
  };
  static constexpr std::array<const char*, static_cast<std::size_t>(refusal::count_)> refusal_names = {
      "address_connections", "server_connections", "descriptors",        "origin",            "rate_limited",
      "flood_closed",        "server_busy",        "guests_per_address", "lobbies_per_address",
      "chat_rate"};
  void refused(refusal why) {
    refusals_[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed);
  }
  std::uint64_t refusals(refusal why) const {
    return refusals_[static_cast<std::size_t>(why)].load(std::memory_order_relaxed);
  }

  void connection_opened() { connections_.fetch_add(1, std::memory_order_relaxed); }
  void connection_closed() { connections_.fetch_sub(1, std::memory_order_relaxed); }
  std::int64_t connections() const { return connections_.load(std::memory_order_relaxed); }
  void lobbies(std::int64_t n) { lobbies_.store(n, std::memory_order_relaxed); }
  void matches_changed(std::int64_t delta) { matches_.fetch_add(delta, std::memory_order_relaxed); }
  std::int64_t matches() const { return matches_.load(std::memory_order_relaxed); }
  // One accepted action, from its arrival to the views that show it leaving.
  void action_done(std::chrono::steady_clock::duration latency);
  // How late a network thread ran a timer due at a moment (loop_lag.hpp).
  void network_lag(std::chrono::steady_clock::duration late) { lag_.add(late); }
  // A match's timer started a new wait (docs/capacity-measurements.md, "What a paced move costs").
  void timer_armed() { timer_waits_.fetch_add(1, std::memory_order_relaxed); }
  // A WebSocket dropped by the idle sweep: silent through its keep-alive ping for the whole
  // --ws-idle-seconds (a peer gone without a FIN, or one holding a socket).
  void idle_closed() { idle_closed_.fetch_add(1, std::memory_order_relaxed); }
  // A connection dropped because a handler of its session threw (docs/server.md, "A handler
  // that throws"): the fault ends that connection, not the server.
  void session_faulted() { session_faults_.fetch_add(1, std::memory_order_relaxed); }
  std::uint64_t session_faults() const { return session_faults_.load(std::memory_order_relaxed); }
  // A match the server ended without a result (docs/server.md, "A match that cannot go
  // on"): `starport_matches_stopped_total{reason="…"}`. Keep `stop_names` in this order.
  enum class stop {
    nobody_can_move,   // no seat had a move the rules allow: a fault in a game's rules
    fault,             // a handler of the match threw: a fault in the rules or the server
    count_
  };
  static constexpr std::array<const char*, static_cast<std::size_t>(stop::count_)> stop_names = {"nobody_can_move",
                                                                                               "fault"};
  void match_stopped(stop why) { stopped_[static_cast<std::size_t>(why)].fetch_add(1, std::memory_order_relaxed); }
  // A view update sent to one connection, packed (docs/protocol.md, "Packed views") or plain:
  // `starport_view_frames_total` and `starport_view_bytes_total`, by form.
  void view_sent(bool packed, std::size_t bytes) {
    view_frames_[packed].fetch_add(1, std::memory_order_relaxed);
    view_bytes_[packed].fetch_add(bytes, std::memory_order_relaxed);
  }

  // Each thread that runs the io_context says so as it starts (at most 64 count): their CPU
  // is `starport_network_cpu_seconds_total`. The latency histogram starts when a move is
  // read, so a network thread near a full core makes moves wait in their sockets where the
  // histogram cannot see it (docs/capacity-measurements.md, "Latency at the client's socket").
  void network_thread_started();

  std::string render(std::size_t storage_queue_depth) const;

 private:
  std::atomic<std::int64_t> connections_{0};
  std::atomic<std::int64_t> lobbies_{0};
  std::atomic<std::int64_t> matches_{0};
  std::atomic<std::uint64_t> actions_{0};
  std::atomic<std::uint64_t> timer_waits_{0};
  std::atomic<std::uint64_t> idle_closed_{0};
  std::atomic<std::uint64_t> session_faults_{0};
  std::array<std::atomic<std::uint64_t>, 2> view_frames_{}, view_bytes_{};   // [0] plain, [1] packed
  histogram latency_, lag_;
  std::array<std::atomic<std::uint64_t>, refusal_names.size()> refusals_{};
  std::array<std::atomic<std::uint64_t>, stop_names.size()> stopped_{};
  std::array<std::atomic<int>, 64> network_threads_{};   // their thread ids (0: none yet)
  std::atomic<std::size_t> network_thread_count_{0};
  mutable open_fds open_fds_;   // process_open_fds: not always one call (open_fds.hpp)
};

}  // namespace starport::server
