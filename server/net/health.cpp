#include "server/net/health.hpp"

#include "storage/worker.hpp"

namespace starport::server {
namespace {
std::int64_t ns(health_check::clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}
}  // namespace

struct health_check::timer_box {
  explicit timer_box(net::io_context& ioc) : timer(ioc) {}
  net::steady_timer timer;
};

void health_check::start(net::io_context& ioc, storage::worker& storage) {
  storage_ = &storage;
  timer_ = std::make_shared<timer_box>(ioc);
  const auto t = clock::now();
  started_ns_ = ns(t);
  last_answer_ns_ = ns(t);
  probe();
}

void health_check::stop() {
  stopping_ = true;
  if (timer_) net::post(timer_->timer.get_executor(), [box = timer_] { box->timer.cancel(); });
}

void health_check::probe() {
  if (stopping_) return;
  // A real write (database::probe_write): a read-only file, a full disk or an I/O error
  // fails it as it fails every Hello and every move.
  storage_->submit([](storage::database& db) { db.probe_write(); },
                   [this](bool ok) { record(ok, clock::now()); });
  timer_->timer.expires_after(probe_every);
  timer_->timer.async_wait([this, box = timer_](boost::system::error_code ec) {
    if (!ec) probe();
  });
}

void health_check::record(bool ok, clock::time_point at) {
  ok_ = ok;
  last_answer_ns_ = ns(at);
}

health_check::report health_check::now(std::size_t queue_depth, clock::time_point at) const {
  report r;
  r.healthy = true;
  if (!ok_) {
    r.healthy = false;
    r.text += "storage: the last write failed (read-only file, full disk or I/O error)\n";
  }
  if (last_answer_ns_ != 0 && ns(at) - last_answer_ns_ > std::chrono::nanoseconds(probe_stale).count()) {
    r.healthy = false;
    r.text += "storage: no write has completed for " +
              std::to_string((ns(at) - last_answer_ns_) / 1'000'000'000) + " s\n";
  }
  r.ready = r.healthy;
  if (stopping_) {
    r.ready = false;
    r.text += "shutting down\n";
  }
  if (queue_depth > busy_queue) {
    r.ready = false;
    r.text += "storage: " + std::to_string(queue_depth) + " jobs waiting\n";
  }
  if (r.text.empty()) r.text = "ok\n";
  return r;
}

}  // namespace starport::server
