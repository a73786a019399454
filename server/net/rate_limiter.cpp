#include "server/net/rate_limiter.hpp"

#include <algorithm>

namespace starport::server {

rate_limiter::rate_limiter(double per_second, double burst, int abuse_limit)
    : per_second_(per_second), burst_(burst), abuse_limit_(abuse_limit), tokens_(burst) {}

void rate_limiter::refill(clock::time_point now) {
  if (last_ != clock::time_point{}) {
    const double elapsed = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, elapsed) * per_second_);
  }
  last_ = now;
}

void rate_limiter::charge(clock::time_point now, double cost) {
  refill(now);
  tokens_ = std::max(-burst_, tokens_ - std::max(0.0, cost));
}

rate_limiter::verdict rate_limiter::take(clock::time_point now, double cost) {
  refill(now);
  cost = std::min(cost, burst_);
  if (tokens_ >= cost) {
    tokens_ -= cost;
    return verdict::allow;
  }
  // Refusals are counted per window: a client that slows down after being told is forgiven.
  if (now - window_start_ > abuse_window) {
    window_start_ = now;
    refusals_ = 0;
  }
  return ++refusals_ > abuse_limit_ ? verdict::abuse : verdict::refuse;
}

}  // namespace starport::server
