// `starport loadgen` end to end, small: it starts the real server binary itself, plays a
// few 2-player Space War matches over loopback WebSockets, and its figures add up.
#include <doctest/doctest.h>

#include <string>

#include "server/tools/loadgen/loadgen.hpp"

using namespace starport;

TEST_CASE("loadgen: a few matches against a server it starts, then stops") {
  loadgen::config cfg;
  cfg.matches = 3;
  cfg.moves = 30;
  cfg.seconds = 60;
  cfg.threads = 1;
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  auto report = loadgen::measure(cfg, error);
  REQUIRE_MESSAGE(report, error);
  INFO(report->summary());
  CHECK(report->healthy());
  CHECK(report->started() == 3);
  // Some actions are refused as stale (both seats flip at once); well over a third land.
  CHECK(report->accepted() >= 30);
  CHECK(report->accepted() <= 90);
  CHECK(report->p50_ms() > 0);
  CHECK(report->p99_ms() >= report->p50_ms());
  CHECK(report->moves_per_s() > 0);
  CHECK(report->server_cpu_s() >= 0);   // clock ticks are 10 ms: a short run may read 0
  CHECK(report->server_cpu_s() < 60);
  CHECK(report->server_peak_rss_mb() > 1);
  CHECK(report->bytes_per_move() > 10);
  const std::string json = report->json();
  // Turn timers are on by default, as at every real table.
  for (const char* key : {"\"peer\":\"starport\"", "\"version\":", "\"matches\":3,", "\"moves_per_s\":",
                          "\"p50_ms\":", "\"p99_ms\":", "\"server_cpu_s\":", "\"server_cpu_us_per_move\":",
                          "\"server_peak_rss_mb\":", "\"bytes_per_move\":", "\"accepted\":", "\"refused\":",
                          "\"turn_seconds\":60"})
    CHECK_MESSAGE(json.find(key) != std::string::npos, key);
}

TEST_CASE("loadgen: a paced run with jitter and a ramp, no turn timer") {
  loadgen::config cfg;
  cfg.matches = 4;
  cfg.moves = 12;
  cfg.seconds = 60;
  cfg.think_ms = 20;
  cfg.jitter = 0.5;
  cfg.ramp_seconds = 0.5;
  cfg.turn_seconds = 0;
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  auto report = loadgen::measure(cfg, error);
  REQUIRE_MESSAGE(report, error);
  INFO(report->summary());
  CHECK(report->healthy());
  CHECK(report->started() == 4);
  CHECK(report->accepted() >= 12);
  CHECK(report->failed_plays() == 0);
  CHECK(report->json().find("\"turn_seconds\":0") != std::string::npos);
  CHECK(report->json().find("\"think_ms\":20.000") != std::string::npos);
}

TEST_CASE("loadgen: idle connections say Hello and are held, and the server's memory with them open is reported") {
  loadgen::config cfg;
  cfg.matches = 5;   // ten connections
  cfg.seconds = 2;
  cfg.idle = true;
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  auto report = loadgen::measure(cfg, error);
  REQUIRE_MESSAGE(report, error);
  INFO(report->summary());
  CHECK(report->healthy());
  CHECK(report->welcomed() == 10);
  CHECK(report->started() == 0);     // no lobby, no match
  CHECK(report->accepted() == 0);
  CHECK(report->held_rss_mb() > 1);
  CHECK(report->held_rss_mb() <= report->server_peak_rss_mb() + 0.5);
  const std::string json = report->json();
  CHECK(json.find("\"idle\":true") != std::string::npos);
  CHECK(json.find("\"connections\":10,\"welcomed\":10") != std::string::npos);
}

TEST_CASE("loadgen: more connections than the machine allows descriptors is refused up front, saying so") {
  loadgen::config cfg;
  cfg.matches = 1100000000;   // 2.2 billion descriptors: past any hard limit and any fs.nr_open
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  CHECK_FALSE(loadgen::measure(cfg, error));
  CHECK(error.find("file descriptors") != std::string::npos);
  CHECK(error.find("1100000000 matches") != std::string::npos);
}

TEST_CASE("loadgen: refuses a server address off the loopback") {
  loadgen::config cfg;
  cfg.url = "ws://192.0.2.1:8080/ws";
  std::string error;
  CHECK_FALSE(loadgen::measure(cfg, error));
  CHECK(error.find("loopback") != std::string::npos);
}
