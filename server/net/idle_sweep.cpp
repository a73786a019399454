#include "server/net/idle_sweep.hpp"

#include <algorithm>

#include "server/net/websocket_session.hpp"
#include "server/shared_state.hpp"

namespace starport::server {

struct idle_sweep::timer_box {
  explicit timer_box(net::io_context& ioc) : timer(net::make_strand(ioc)) {}
  net::steady_timer timer;
};

idle_sweep::verdict idle_sweep::judge(std::uint32_t heard, std::uint32_t at) const {
  // A read stamped `heard` happened somewhere within that tick, so the silence is at least
  // one period less than the ticks between: a peer is never judged before its time.
  const auto ticks = [this](std::chrono::milliseconds span) {
    const auto period = std::max<std::chrono::milliseconds::rep>(1, timing_.period.count());
    return static_cast<std::uint32_t>((span.count() + period - 1) / period) + 1;
  };
  const std::uint32_t silent = at - heard;
  if (silent >= ticks(timing_.close_after)) return verdict::close;
  // The keep-alive ping at half the idle time, as Beast's: a live peer answers with a pong.
  if (silent >= ticks(timing_.close_after / 2)) return verdict::ping;
  return verdict::none;
}

void idle_sweep::start(net::io_context& ioc, std::weak_ptr<shared_state> state) {
  timer_ = std::make_shared<timer_box>(ioc);
  arm(std::move(state));
}

void idle_sweep::arm(std::weak_ptr<shared_state> state) {
  timer_->timer.expires_after(timing_.period);
  // The state (and this sweep in it) may be gone when the wait ends: reach it through it.
  timer_->timer.async_wait([box = timer_, state = std::move(state)](boost::system::error_code ec) {
    if (ec) return;
    if (auto s = state.lock()) s->idle().sweep(state);
  });
}

void idle_sweep::stop() {
  stopping_ = true;
  if (timer_) net::post(timer_->timer.get_executor(), [box = timer_] { box->timer.cancel(); });
}

void idle_sweep::sweep(const std::weak_ptr<shared_state>& state) {
  if (stopping_) return;
  auto s = state.lock();
  if (!s) return;
  const std::uint32_t at = tick_.fetch_add(1, std::memory_order_relaxed) + 1;
  // Only the sessions due for a ping or a close are posted to; the rest cost one load.
  for (auto& session : s->sessions())
    if (judge(session->last_heard(), at) != verdict::none) session->idle(at);
  arm(state);
}

}  // namespace starport::server
