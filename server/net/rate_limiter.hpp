#pragma once
// Per-connection message rate: a token bucket (burst, then a sustained rate) plus a count
// of recent refusals, so that a client which keeps flooding after being told is dropped.
// A message may cost more than one token: what it asks of the server (request_cost).
#include <chrono>

namespace starport::server {

class rate_limiter {
 public:
  using clock = std::chrono::steady_clock;
  enum class verdict { allow, refuse, abuse };

  rate_limiter(double per_second, double burst, int abuse_limit);
  // One message arriving at `now`, worth `cost` tokens (at most the burst: else it never passes).
  verdict take(clock::time_point now, double cost = 1.0);
  // What a message cost after it was answered (a large answer's bytes: send_answer), taken
  // even past empty: the debt, at most a burst, delays the next messages, never this one.
  void charge(clock::time_point now, double cost);

 private:
  static constexpr std::chrono::seconds abuse_window{10};
  double per_second_;
  double burst_;
  int abuse_limit_;
  double tokens_;
  clock::time_point last_{};
  int refusals_ = 0;
  clock::time_point window_start_{};

  void refill(clock::time_point now);
};

}  // namespace starport::server
