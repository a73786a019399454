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

 private:
  static constexpr std::chrono::seconds abuse_window{10};
  double per_second_;
  double burst_;
  int abuse_limit_;
  double tokens_;
  clock::time_point last_{};
  int refusals_ = 0;
  clock::time_point window_start_{};
};

}  // namespace starport::server
