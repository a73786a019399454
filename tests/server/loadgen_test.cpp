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
  for (const char* key : {"\"peer\":\"starport\"", "\"version\":", "\"matches\":3,", "\"moves_per_s\":",
                          "\"p50_ms\":", "\"p99_ms\":", "\"server_cpu_s\":", "\"server_peak_rss_mb\":",
                          "\"bytes_per_move\":"})
    CHECK_MESSAGE(json.find(key) != std::string::npos, key);
}

TEST_CASE("loadgen: refuses a server address off the loopback") {
  loadgen::config cfg;
  cfg.url = "ws://192.0.2.1:8080/ws";
  std::string error;
  CHECK_FALSE(loadgen::measure(cfg, error));
  CHECK(error.find("loopback") != std::string::npos);
}
