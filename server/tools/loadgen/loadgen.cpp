#include "server/tools/loadgen/loadgen.hpp"

#include <sys/resource.h>
#include <unistd.h>
#include <sys/wait.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "engine/registry.hpp"
#include "server/tools/loadgen/duel.hpp"
#include "server/tools/loadgen/load_report.hpp"
#include "server/tools/loadgen/server_process.hpp"

#ifndef STARPORT_VERSION
#error "STARPORT_VERSION comes from CMake's project(VERSION)"
#endif

namespace starport::loadgen {
namespace {

struct target {
  tcp::endpoint endpoint;
  std::string host;   // for the Host header
  std::string path;
};

// ws://127.0.0.1:P/path or ws://[::1]:P/path. Anything off the loopback is refused: the
// load generator must never aim at another machine.
bool parse_url(const std::string& url, target& out, std::string& error) {
  const std::string scheme = "ws://";
  if (url.rfind(scheme, 0) != 0) return error = "the URL must start with ws://", false;
  std::string rest = url.substr(scheme.size());
  std::size_t slash = rest.find('/');
  std::string authority = rest.substr(0, slash);
  out.path = slash == std::string::npos ? "/" : rest.substr(slash);
  std::size_t colon = authority.rfind(':');
  if (colon == std::string::npos) return error = "the URL needs a port", false;
  std::string address = authority.substr(0, colon);
  if (address.size() > 2 && address.front() == '[' && address.back() == ']')
    address = address.substr(1, address.size() - 2);
  if (address == "localhost") address = "127.0.0.1";
  boost::system::error_code ec;
  auto ip = net::ip::make_address(address, ec);
  if (ec || !ip.is_loopback()) return error = "only loopback addresses are allowed", false;
  int port = std::atoi(authority.c_str() + colon + 1);
  if (port <= 0 || port > 65535) return error = "bad port in the URL", false;
  out.endpoint = tcp::endpoint(ip, static_cast<unsigned short>(port));
  out.host = authority;
  return true;
}

// Each match holds two sockets here and two in the server (which inherits this limit), and
// each process needs some more: the server 14 (the database and its WAL files, the
// listener, epoll, timers, pipes, stdio) and the 32 its --descriptor-reserve keeps free,
// the load generator 9, and one more each while the server's /metrics is read. Lift the
// soft limit to what the run needs, and the hard one too where allowed (root, up to
// fs.nr_open); when the machine's limit is too low, say so rather than fail with EMFILE
// mid-run (or have the server close the last connections to keep its reserve).
bool raise_descriptor_limit(int matches, std::string& error) {
  constexpr rlim_t own = 64;   // the server's 14 + 32 above, and room
  const rlim_t need = 2 * static_cast<rlim_t>(matches) + own;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return error = "getrlimit(RLIMIT_NOFILE) failed", false;
  if (limit.rlim_cur >= need) return true;
  if (limit.rlim_max < need) {
    rlimit raised{need, need};
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) return true;
    error = std::to_string(matches) + " matches need " + std::to_string(need) +
            " file descriptors per process, and this machine allows " +
            std::to_string(limit.rlim_max) +
            " (the hard limit; `ulimit -Hn`, or LimitNOFILE= for a service); raise it or run fewer matches";
    return false;
  }
  limit.rlim_cur = need;
  if (setrlimit(RLIMIT_NOFILE, &limit) != 0) return error = "setrlimit(RLIMIT_NOFILE) failed", false;
  return true;
}

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

}  // namespace

std::vector<std::string> server_flags(const config& cfg) {
  // The server's own bounds (20,000 sockets, 10,000 lobbies) are sized for one machine's
  // capacity; a run at that size needs a little room above them.
  std::vector<std::string> room = {
      "--max-connections", std::to_string(std::max(20000, 2 * cfg.matches + 100)),
      "--max-lobbies", std::to_string(std::max(10000, cfg.matches + 100))};
  if (cfg.compress) room.push_back("--ws-compress");
  // The closed loop's seats act the moment they may, and the last matches still running
  // go faster than any person could: past the 100 messages a second a connection is
  // allowed. Their moves are what the closed loop measures, so its server allows more.
  const auto asked = [&](std::string_view flag) {
    return std::find(cfg.server_args.begin(), cfg.server_args.end(), flag) != cfg.server_args.end();
  };
  if (cfg.think_ms <= 0 && !asked("--rate") && !asked("--burst"))
    room.insert(room.end(), {"--rate", "10000", "--burst", "20000"});
  room.insert(room.end(), cfg.server_args.begin(), cfg.server_args.end());
  return room;
}

std::optional<load_report> measure(const config& cfg, std::string& error) {
  const engine::game_info* game = engine::find_game(cfg.game);
  if (!game) return error = "--game " + cfg.game + ": no such game", std::nullopt;
  if (game->min_seats > 2 || game->max_seats < 2) return error = "--game " + cfg.game + ": not a 2-seat game", std::nullopt;
  if (!raise_descriptor_limit(cfg.matches, error)) return std::nullopt;
  std::unique_ptr<server_process> server;
  target to;
  int pid = cfg.server_pid;
  if (cfg.url.empty()) {
    server = server_process::start(cfg.server_exe, 30, error, server_flags(cfg));
    if (!server) return std::nullopt;
    server->keep_data(cfg.keep_data);
    pid = server->pid();
    to = {tcp::endpoint(net::ip::address_v4::loopback(), server->port()),
          "127.0.0.1:" + std::to_string(server->port()), "/ws"};
  } else if (!parse_url(cfg.url, to, error)) {
    error = "--url " + cfg.url + ": " + error;
    return std::nullopt;
  }
  std::optional<process_usage> before;
  if (pid > 0) before = read_process_usage(pid);

  const std::optional<process_usage> own_before = read_process_usage(getpid());
  net::io_context ioc(cfg.threads);
  std::mutex mutex;
  std::condition_variable all_done;
  int remaining = cfg.matches;
  std::vector<std::unique_ptr<duel>> duels;
  play_window window(cfg.idle ? 0 : cfg.matches, pid, [to] { return read_latency(to.endpoint, to.host); });
  for (int i = 0; i < cfg.matches; ++i)
    duels.push_back(std::make_unique<duel>(ioc, cfg, *game, i, window, [&] {
      std::lock_guard lock(mutex);
      if (--remaining == 0) all_done.notify_all();
    }));

  auto work = net::make_work_guard(ioc);
  std::vector<std::thread> threads;
  for (int t = 0; t < cfg.threads; ++t) threads.emplace_back([&ioc] { ioc.run(); });
  auto started = clock_type::now();
  for (auto& d : duels) d->start(to.endpoint, to.host, to.path);

  auto wait_until = [&](clock_type::time_point deadline) {
    std::unique_lock lock(mutex);
    return all_done.wait_until(lock, deadline, [&] { return remaining == 0; });
  };
  auto deadline = started + std::chrono::duration_cast<clock_type::duration>(
                                std::chrono::duration<double>(cfg.seconds));
  // Idle connections are held to the end: nothing finishes them earlier.
  const bool all_finished = wait_until(deadline);
  window.close();
  // The server's memory while every connection is still open.
  std::optional<process_usage> held;
  if (pid > 0) held = read_process_usage(pid);
  if (!all_finished) {
    for (auto& d : duels) d->stop();
    // Closing handshakes get a few seconds; a server that never answers is cut off.
    if (!wait_until(clock_type::now() + std::chrono::seconds(5))) ioc.stop();
  }
  work.reset();
  for (std::thread& t : threads) t.join();
  double elapsed = seconds_since(started);
  const std::optional<process_usage> own_after = read_process_usage(getpid());
  const double client_cpu = own_before && own_after ? own_after->cpu_seconds - own_before->cpu_seconds : 0;

  std::optional<process_usage> after;
  if (pid > 0) after = read_process_usage(pid);
  std::vector<const duel_stats*> stats;
  for (auto& d : duels) stats.push_back(&d->stats());
  load_report report(stats, STARPORT_VERSION, before, after, elapsed, client_cpu);
  report.set_game(cfg.game, byte_breakdown(stats, report.accepted(), *game->new_view()->GetDescriptor()));
  report.set_think_ms(cfg.think_ms);
  report.set_turn_seconds(cfg.turn_seconds);
  report.set_idle(cfg.idle);
  if (const auto w = window.result()) {
    report.set_play_window(w->server_cpu_s, w->moves, w->seconds, w->server_rss_mb);
    if (w->server_latency) report.set_server_latency(*w->server_latency);
  }
  if (held) report.set_held_rss_mb(held->rss_mb);
  if (server) {
    int status = server->stop();
    if (WIFSIGNALED(status))
      std::fprintf(stderr, "loadgen: the server ended by signal %d\n", WTERMSIG(status));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
      std::fprintf(stderr, "loadgen: the server exited with status %d\n", WEXITSTATUS(status));
  }
  return report;
}

int run(const config& cfg) {
  std::string error;
  std::optional<load_report> report = measure(cfg, error);
  if (!report) {
    std::fprintf(stderr, "loadgen: %s\n", error.c_str());
    return 2;
  }
  std::printf("%s\n", report->json().c_str());
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", report->summary().c_str());
  return report->healthy() ? 0 : 1;
}

}  // namespace starport::loadgen
