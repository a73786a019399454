#include "server/tools/loadgen/play_window.hpp"

#include <chrono>

#include "server/tools/loadgen/process_usage.hpp"

namespace starport::loadgen {

std::optional<play_window::sample> play_window::take() const {
  if (server_pid_ <= 0) return std::nullopt;
  const std::optional<process_usage> usage = read_process_usage(server_pid_);
  if (!usage) return std::nullopt;
  sample out{usage->cpu_seconds, moves_.load(std::memory_order_relaxed), clock_type::now(), usage->rss_mb, {}};
  if (read_latency_) out.latency = std::async(std::launch::async, read_latency_).share();
  return out;
}

void play_window::match_started() {
  std::lock_guard lock(mutex_);
  // Opens only if no match has ended yet: then every match is playing.
  if (++started_ == matches_ && !ended_) {
    begin_ = take();
    open_.store(true, std::memory_order_relaxed);
  }
}

void play_window::match_ended() {
  std::lock_guard lock(mutex_);
  if (ended_) return;
  ended_ = true;
  open_.store(false, std::memory_order_relaxed);
  if (begin_) end_ = take();
}

void play_window::close() {
  std::lock_guard lock(mutex_);
  if (begin_ && !end_) end_ = take();
  ended_ = true;
  open_.store(false, std::memory_order_relaxed);
}

std::optional<play_window::figures> play_window::result() const {
  std::lock_guard lock(mutex_);
  if (!begin_ || !end_) return std::nullopt;
  figures out{end_->server_cpu_s - begin_->server_cpu_s, end_->moves - begin_->moves,
              std::chrono::duration<double>(end_->at - begin_->at).count(), end_->server_rss_mb, std::nullopt};
  if (begin_->latency.valid() && end_->latency.valid()) {
    const std::optional<latency_histogram>& first = begin_->latency.get();
    const std::optional<latency_histogram>& last = end_->latency.get();
    if (first && last) out.server_latency = last->since(*first);
  }
  return out;
}

}  // namespace starport::loadgen
