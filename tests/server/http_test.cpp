// One port for everything: the web client's files (index.html for client routes, nothing
// outside the root), /healthz, /metrics; and a graceful shutdown on SIGTERM.
#include <doctest/doctest.h>

#include <chrono>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "match_driver.hpp"
#include "server/net/loop_lag.hpp"
#include "server/net/metrics.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

TEST_CASE("http: the one port serves the web client and /healthz and /metrics") {
  server_fixture f;
  std::string body;
  CHECK(http_get(f.port(), "/healthz", body) == 200);
  CHECK(body == "ok\n");
  CHECK(http_get(f.port(), "/", body) == 200);
  CHECK(body.find("<title>starport</title>") != std::string::npos);
  CHECK(http_get(f.port(), "/assets/app.js", body) == 200);
  CHECK(body.find("console.log") != std::string::npos);
  CHECK(http_get(f.port(), "/lobby/0123abcd", body) == 200);   // the app routes this itself
  CHECK(body.find("<title>starport</title>") != std::string::npos);
  CHECK(http_get(f.port(), "/assets/nope.js", body) == 404);
  CHECK(http_get(f.port(), "/../secret.txt", body) == 404);
  CHECK(http_get(f.port(), "/%2e%2e/secret.txt", body) == 404);
  CHECK(http_get(f.port(), "/ws", body) == 426);

  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 30));
  for (int i = 0; i < 4; ++i) REQUIRE(play_one(t));
  CHECK(http_get(f.port(), "/metrics", body) == 200);
  for (const char* name : {"starport_connections 2", "starport_lobbies 1", "starport_matches 1",
                           "starport_actions_total 4", "starport_action_latency_seconds_bucket{le=\"+Inf\"} 4",
                           "starport_storage_queue_depth", "process_resident_memory_bytes ", "process_open_fds ",
                           "process_max_fds ", "process_cpu_seconds_total ", "starport_network_cpu_seconds_total ",
                           "starport_network_lag_seconds_bucket{le=\"+Inf\"} "})
    CHECK_MESSAGE(body.find(name) != std::string::npos, std::string(name));
  // The server holds at least its listener, its database and these two connections.
  const std::size_t at = body.find("\nprocess_open_fds ");
  REQUIRE(at != std::string::npos);
  CHECK(std::stod(body.substr(at + 18)) >= 4);
  const std::size_t rss = body.find("\nprocess_resident_memory_bytes ");
  REQUIRE(rss != std::string::npos);
  CHECK(std::stod(body.substr(rss + 31)) > 1e6);
  // The network threads are a part of the process's CPU.
  const std::size_t cpu = body.find("\nprocess_cpu_seconds_total ");
  const std::size_t network = body.find("\nstarport_network_cpu_seconds_total ");
  REQUIRE(cpu != std::string::npos);
  REQUIRE(network != std::string::npos);
  CHECK(std::stod(body.substr(network + 36)) >= 0);
  CHECK(std::stod(body.substr(network + 36)) <= std::stod(body.substr(cpu + 27)) + 0.02);
}

TEST_CASE("shutdown: SIGTERM closes every session with 1001 (going away) and exits 0") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  CHECK(f.server->stop() == 0);
  CHECK(a.read_close_code() == 1001);
}

TEST_CASE("metrics: the network threads' CPU is that of the threads that said they run the network") {
  starport::server::metrics m;
  auto network_cpu = [](const std::string& body) {
    const std::size_t at = body.find("\nstarport_network_cpu_seconds_total ");
    REQUIRE(at != std::string::npos);
    return std::stod(body.substr(at + 36));
  };
  CHECK(network_cpu(m.render(0)) == 0);   // no network thread yet
  double seen = 0;
  std::thread t([&] {
    m.network_thread_started();
    // 60 ms of this thread's own CPU (the kernel counts it in 10 ms ticks).
    timespec start{}, now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 60000000L);
    seen = network_cpu(m.render(0));   // while the thread lives: its /proc entry goes with it
  });
  t.join();
  CHECK(seen >= 0.04);
  CHECK(seen < 5);
}

TEST_CASE("metrics: the network lag is how late the network thread ran what was due - a handler that holds it shows") {
  namespace net = boost::asio;
  starport::server::metrics m;
  auto bucket = [&m](const char* le) {   // the cumulative count of lags up to `le` seconds
    const std::string body = m.render(0);
    const std::string name = std::string("\nstarport_network_lag_seconds_bucket{le=\"") + le + "\"} ";
    const std::size_t at = body.find(name);
    REQUIRE(at != std::string::npos);
    return std::stod(body.substr(at + name.size()));
  };
  net::io_context ioc;
  starport::server::loop_lag lag;
  lag.start(ioc, m);
  // Half-way to the first probe, a handler holds the only network thread for 300 ms: the
  // probe due meanwhile runs ~250 ms late.
  net::steady_timer hold(ioc);
  hold.expires_after(std::chrono::milliseconds(50));
  hold.async_wait([](boost::system::error_code) { std::this_thread::sleep_for(std::chrono::milliseconds(300)); });
  net::steady_timer end(ioc);
  end.expires_after(std::chrono::milliseconds(700));
  end.async_wait([&](boost::system::error_code) { lag.stop(); });
  ioc.run();   // returns once the probe is stopped and nothing else waits
  CHECK(bucket("+Inf") >= 3);            // ~4 probes in 700 ms with one late
  CHECK(bucket("+Inf") - bucket("0.1") >= 1);   // the late one
  CHECK(bucket("+Inf") - bucket("0.5") == 0);
}

TEST_CASE("metrics: open descriptors are counted as they open and close") {
  // The kernel's count (the size of /proc/self/fd, Linux 6.2 on) at once; before it, the
  // listing thread's, a scrape later (open_fds.hpp): so ask until it shows, within a bound.
  starport::server::metrics m;
  auto open_fds = [&m] {
    const std::string body = m.render(0);
    const std::size_t at = body.find("\nprocess_open_fds ");
    REQUIRE(at != std::string::npos);
    return std::stod(body.substr(at + 18));
  };
  auto becomes = [&open_fds](double want) {
    for (int i = 0; i < 500; ++i) {
      if (open_fds() == want) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  };
  const double before = open_fds();
  CHECK(before >= 3);
  std::vector<int> pipes;
  for (int i = 0; i < 50; ++i) {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    pipes.insert(pipes.end(), {ends[0], ends[1]});
  }
  CHECK(becomes(before + 100));
  for (const int fd : pipes) ::close(fd);
  CHECK(becomes(before));
}

TEST_CASE("metrics: where the kernel only lists descriptors, a scrape is answered from the listing thread's count") {
  // Listing 20,000 descriptors takes ~20 ms, which a scrape must not hold the network thread
  // for: after the first, each answer is the count the scrape before asked for.
  starport::server::open_fds fds(starport::server::open_fds::way::listing_only);
  const double first = fds.read();   // the first lists at once
  CHECK(first == starport::server::open_fds::by_listing());
  std::vector<int> pipes;
  for (int i = 0; i < 50; ++i) {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    pipes.insert(pipes.end(), {ends[0], ends[1]});
  }
  // Not counted on this thread: the answer is the count from before the pipes.
  CHECK(fds.read() == first);
  bool seen = false;
  for (int i = 0; i < 500 && !seen; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    seen = fds.read() == first + 100;
  }
  CHECK(seen);
  for (const int fd : pipes) ::close(fd);
}
