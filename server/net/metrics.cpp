#include "server/net/metrics.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <sys/syscall.h>

#include <cstdio>
#include <cstring>

namespace starport::server {
namespace {

// This process's resident memory, from /proc/self/statm (its second field, in pages).
double resident_bytes() {
  unsigned long long size = 0, resident = 0;
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  const int n = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  return n == 2 ? double(resident) * double(sysconf(_SC_PAGESIZE)) : 0;
}

// The CPU this process has used, user and system.
double cpu_seconds() {
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// One thread's CPU, user and system, from /proc/self/task/<id>/stat (fields 14 and 15, in
// clock ticks; the name in field 2 may hold spaces, so count from its closing parenthesis).
double thread_cpu_seconds(int tid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
  FILE* f = std::fopen(path, "r");
  if (!f) return 0;
  char buf[1024];
  const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[n] = '\0';
  const char* p = std::strrchr(buf, ')');
  unsigned long long user = 0, system = 0;
  // After ")": state, then fields 4 to 13, then utime and stime.
  if (!p || std::sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &user, &system) != 2)
    return 0;
  return double(user + system) / double(sysconf(_SC_CLK_TCK));
}

double max_fds() {
  rlimit limit{};
  return getrlimit(RLIMIT_NOFILE, &limit) == 0 ? double(limit.rlim_cur) : 0;
}

}  // namespace

void metrics::histogram::add(std::chrono::steady_clock::duration d) {
  const double seconds = std::chrono::duration<double>(d).count();
  std::size_t i = 0;
  while (i < latency_bounds.size() && seconds > latency_bounds[i]) ++i;
  buckets[i].fetch_add(1, std::memory_order_relaxed);
  const auto us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
  sum_us.fetch_add(static_cast<std::uint64_t>(us < 0 ? 0 : us), std::memory_order_relaxed);
}

void metrics::action_done(std::chrono::steady_clock::duration latency) {
  latency_.add(latency);
  actions_.fetch_add(1, std::memory_order_relaxed);
}

void metrics::network_thread_started() {
  const std::size_t i = network_thread_count_.fetch_add(1, std::memory_order_relaxed);
  if (i < network_threads_.size())
    network_threads_[i].store(static_cast<int>(::syscall(SYS_gettid)), std::memory_order_relaxed);
}

std::string metrics::render(std::size_t storage_queue_depth) const {
  std::string out;
  auto line = [&out](const char* text) { out += text; out += '\n'; };
  auto value = [&out](const std::string& name, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, " %.17g\n", v);
    out += name;
    out += buf;
  };
  auto load = [](const auto& a) { return static_cast<double>(a.load(std::memory_order_relaxed)); };

  line("# HELP starport_connections Open WebSocket connections.");
  line("# TYPE starport_connections gauge");
  value("starport_connections", load(connections_));
  line("# HELP starport_lobbies Open lobbies.");
  line("# TYPE starport_lobbies gauge");
  value("starport_lobbies", load(lobbies_));
  line("# HELP starport_matches Matches in progress.");
  line("# TYPE starport_matches gauge");
  value("starport_matches", load(matches_));
  line("# HELP starport_matches_stopped_total Matches the server ended without a result, by reason: nobody could move, or a fault.");
  line("# TYPE starport_matches_stopped_total counter");
  for (std::size_t i = 0; i < stop_names.size(); ++i)
    value(std::string("starport_matches_stopped_total{reason=\"") + stop_names[i] + "\"}", load(stopped_[i]));
  line("# HELP starport_actions_total Actions accepted and made durable.");
  line("# TYPE starport_actions_total counter");
  value("starport_actions_total", load(actions_));
  auto buckets = [&](const std::string& name, const histogram& h) {
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i <= latency_bounds.size(); ++i) {
      cumulative += h.buckets[i].load(std::memory_order_relaxed);
      char le[32];
      if (i < latency_bounds.size())
        std::snprintf(le, sizeof le, "%g", latency_bounds[i]);
      else
        std::snprintf(le, sizeof le, "+Inf");
      value(name + "_bucket{le=\"" + le + "\"}", static_cast<double>(cumulative));
    }
    value(name + "_sum", load(h.sum_us) / 1e6);
    value(name + "_count", static_cast<double>(cumulative));
  };
  line("# HELP starport_action_latency_seconds From an action's arrival to the views showing it.");
  line("# TYPE starport_action_latency_seconds histogram");
  buckets("starport_action_latency_seconds", latency_);
  line("# HELP starport_match_timer_waits_total Waits started by the matches' timers (turn deadlines, bots, held seats).");
  line("# TYPE starport_match_timer_waits_total counter");
  value("starport_match_timer_waits_total", load(timer_waits_));
  line("# HELP starport_ws_idle_closed_total WebSockets dropped for silence through --ws-idle-seconds.");
  line("# TYPE starport_ws_idle_closed_total counter");
  value("starport_ws_idle_closed_total", load(idle_closed_));
  line("# HELP starport_session_faults_total WebSockets dropped because handling one of their messages failed (a fault in the server: see its log).");
  line("# TYPE starport_session_faults_total counter");
  value("starport_session_faults_total", load(session_faults_));
  line("# HELP starport_view_frames_total View updates sent, one per connection: packed or plain.");
  line("# TYPE starport_view_frames_total counter");
  value("starport_view_frames_total{form=\"plain\"}", load(view_frames_[0]));
  value("starport_view_frames_total{form=\"packed\"}", load(view_frames_[1]));
  line("# HELP starport_view_bytes_total Bytes of the view updates sent (the messages, without WebSocket headers).");
  line("# TYPE starport_view_bytes_total counter");
  value("starport_view_bytes_total{form=\"plain\"}", load(view_bytes_[0]));
  value("starport_view_bytes_total{form=\"packed\"}", load(view_bytes_[1]));
  line("# HELP starport_storage_queue_depth Storage jobs waiting for their commit.");
  line("# TYPE starport_storage_queue_depth gauge");
  value("starport_storage_queue_depth", static_cast<double>(storage_queue_depth));
  line("# HELP starport_refusals_total Connections, upgrades and requests refused, by reason.");
  line("# TYPE starport_refusals_total counter");
  for (std::size_t i = 0; i < refusal_names.size(); ++i)
    value(std::string("starport_refusals_total{reason=\"") + refusal_names[i] + "\"}", load(refusals_[i]));
  // The process, under the names Prometheus' own clients use: what capacity runs out of
  // first on a busy host (docs/capacity.md).
  line("# HELP process_resident_memory_bytes Resident memory size in bytes.");
  line("# TYPE process_resident_memory_bytes gauge");
  value("process_resident_memory_bytes", resident_bytes());
  line("# HELP process_open_fds Number of open file descriptors.");
  line("# TYPE process_open_fds gauge");
  value("process_open_fds", open_fds_.read());
  line("# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.");
  line("# TYPE process_cpu_seconds_total counter");
  value("process_cpu_seconds_total", cpu_seconds());
  double network = 0;
  for (const auto& tid : network_threads_)
    if (const int t = tid.load(std::memory_order_relaxed)) network += thread_cpu_seconds(t);
  line("# HELP starport_network_lag_seconds How late the network threads ran a timer due every 100 ms: the wait a message meets before it is read.");
  line("# TYPE starport_network_lag_seconds histogram");
  buckets("starport_network_lag_seconds", lag_);
  line("# HELP starport_network_cpu_seconds_total CPU time of the threads that run the network and the matches (watch its rate against one core a thread).");
  line("# TYPE starport_network_cpu_seconds_total counter");
  value("starport_network_cpu_seconds_total", network);
  line("# HELP process_max_fds Maximum number of open file descriptors.");
  line("# TYPE process_max_fds gauge");
  value("process_max_fds", max_fds());
  return out;
}

}  // namespace starport::server
