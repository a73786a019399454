// `starport loadgen` end to end, small: it starts the real server binary itself, plays a
// few 2-player matches (Space War, and each game once) over loopback WebSockets, and its
// figures add up.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/registry.hpp"
#include "server/tools/loadgen/load_report.hpp"
#include "server/tools/loadgen/loadgen.hpp"
#include "server/tools/loadgen/play_window.hpp"
#include "server/tools/loadgen/server_latency.hpp"
#include "serve_process.hpp"

using namespace starport;

namespace {

// The end-to-end cases: loadgen starts the server binary this build made, and the run must
// produce a report (else the error says why).
loadgen::load_report run_against_own_server(loadgen::config cfg) {
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  std::optional<loadgen::load_report> report = loadgen::measure(cfg, error);
  REQUIRE_MESSAGE(report, error);
  return std::move(*report);
}

}  // namespace

TEST_CASE("loadgen: a few matches against a server it starts, then stops") {
  loadgen::config cfg;
  cfg.matches = 3;
  cfg.moves = 30;
  cfg.seconds = 60;
  cfg.threads = 1;
  const loadgen::load_report report = run_against_own_server(cfg);
  INFO(report.summary());
  CHECK(report.healthy());
  CHECK(report.started() == 3);
  // Some actions are refused as stale (both seats flip at once); well over a third land.
  CHECK(report.accepted() >= 30);
  CHECK(report.accepted() <= 90);
  CHECK(report.p50_ms() > 0);
  CHECK(report.p99_ms() >= report.p50_ms());
  CHECK(report.moves_per_s() > 0);
  CHECK(report.server_cpu_s() >= 0);   // clock ticks are 10 ms: a short run may read 0
  CHECK(report.server_cpu_s() < 60);
  CHECK(report.server_peak_rss_mb() > 1);
  CHECK(report.bytes_per_move() > 10);
  // The kernel stamps every answer's arrival, and an answer arrives before it is read.
  CHECK(report.arrivals() == report.accepted());
  CHECK(report.arrival_p50_ms() > 0);
  CHECK(report.arrival_p50_ms() <= report.p50_ms() + 0.5);
  CHECK(report.arrival_p99_ms() <= report.p99_ms() + 0.5);
  const std::string json = report.json();
  // Turn timers are on by default, as at every real table.
  for (const char* key : {"\"peer\":\"starport\"", "\"version\":", "\"matches\":3,", "\"moves_per_s\":",
                          "\"p50_ms\":", "\"p99_ms\":", "\"server_cpu_s\":", "\"server_cpu_us_per_move\":",
                          "\"server_peak_rss_mb\":", "\"bytes_per_move\":", "\"accepted\":", "\"refused\":",
                          "\"turn_seconds\":60", "\"arrival_p50_ms\":", "\"arrival_p99_ms\":"})
    CHECK_MESSAGE(json.find(key) != std::string::npos, key);
}

TEST_CASE("loadgen: every 2-seat game plays under it, starter decks taken, every diff applied") {
  for (const engine::game_info* game : engine::games()) {
    if (game->min_seats > 2 || game->max_seats < 2) continue;
    for (const bool packed : {true, false}) {   // as pages ask (the game's dictionary), then plain
      CAPTURE(game->id);
      CAPTURE(packed);
      loadgen::config cfg;
      cfg.game = std::string(game->id);
      cfg.matches = 2;
      cfg.moves = 40;
      cfg.seconds = 60;
      cfg.packed = packed;
      const loadgen::load_report report = run_against_own_server(cfg);
      INFO(report.summary());
      CHECK(report.healthy());
      CHECK(report.started() == 2);
      CHECK(report.failed_plays() == 0);
      CHECK(report.resyncs() == 0);   // each diff applied to the game's View, each log line decoded
      CHECK(report.accepted() >= 20);
      CHECK(report.json().find("\"game\":\"" + cfg.game + "\"") != std::string::npos);
      if (packed) continue;
      // Plain, the breakdown names each patch's fields by the game's own View.
      const google::protobuf::Descriptor& view = *game->new_view()->GetDescriptor();
      int named = 0;
      for (int i = 0; i < view.field_count(); ++i)
        named += report.summary().find("view.patch: " + view.field(i)->name() + " ") != std::string::npos;
      CHECK(named >= 3);
    }
  }
}

TEST_CASE("loadgen: a game it cannot seat two in is refused up front") {
  loadgen::config cfg;
  cfg.game = "no_such_game";
  cfg.server_exe = STARPORT_BINARY;
  std::string error;
  CHECK_FALSE(loadgen::measure(cfg, error));
  CHECK(error.find("no such game") != std::string::npos);
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
  const loadgen::load_report report = run_against_own_server(cfg);
  INFO(report.summary());
  CHECK(report.healthy());
  CHECK(report.started() == 4);
  CHECK(report.accepted() >= 12);
  CHECK(report.failed_plays() == 0);
  CHECK(report.json().find("\"turn_seconds\":0") != std::string::npos);
  CHECK(report.json().find("\"think_ms\":20.000") != std::string::npos);
}

TEST_CASE("loadgen: a run whose matches all start before any ends reports its play window") {
  loadgen::config cfg;
  cfg.matches = 3;
  cfg.moves = 60;
  cfg.seconds = 60;
  cfg.think_ms = 10;   // the matches keep playing well after the last has started
  const loadgen::load_report report = run_against_own_server(cfg);
  INFO(report.summary());
  CHECK(report.healthy());
  CHECK(report.window_moves() > 0);
  CHECK(report.window_moves() <= report.accepted());
  CHECK(report.json().find("\"playing_moves\":") != std::string::npos);
  CHECK(report.json().find("\"playing_server_rss_mb\":0.0") == std::string::npos);   // the server's, measured
  // The server's own histogram, read at the window's two ends: the moves it counted there
  // are about the window's (the readings are a few ms off its edges).
  CHECK(report.server_latency_moves() > 0);
  CHECK(report.server_latency_moves() <= report.accepted());
  CHECK(report.json().find("\"playing_server_p99_le_ms\":") != std::string::npos);
}

TEST_CASE("loadgen: the server's latency histogram is read from /metrics - and the window's share taken from two readings") {
  const std::string before =
      "# TYPE starport_action_latency_seconds histogram\n"
      "starport_action_latency_seconds_bucket{le=\"0.001\"} 10\n"
      "starport_action_latency_seconds_bucket{le=\"0.02\"} 20\n"
      "starport_action_latency_seconds_bucket{le=\"+Inf\"} 20\n"
      "starport_action_latency_seconds_sum 0.1\n";
  const std::string after =
      "starport_actions_total 1000\n"
      "starport_action_latency_seconds_bucket{le=\"0.001\"} 510\n"
      "starport_action_latency_seconds_bucket{le=\"0.02\"} 1010\n"
      "starport_action_latency_seconds_bucket{le=\"+Inf\"} 1020\n";
  const auto first = loadgen::parse_latency(before), last = loadgen::parse_latency(after);
  REQUIRE(first);
  REQUIRE(last);
  const loadgen::latency_histogram window = last->since(*first);
  CHECK(window.total() == 1000);
  CHECK(window.bound_ms_of(0.5) == doctest::Approx(1.0));    // 500 of 1,000 at or under 1 ms
  CHECK(window.bound_ms_of(0.99) == doctest::Approx(20.0));  // 990 at or under 20 ms
  CHECK(window.bound_ms_of(0.995) == std::numeric_limits<double>::infinity());
  CHECK(window.share_over(0.02) == doctest::Approx(0.010));
  CHECK(window.share_over(0.001) == doctest::Approx(0.500));
  // Not the histogram, or a broken one: nothing.
  CHECK_FALSE(loadgen::parse_latency("starport_actions_total 3\n"));
  CHECK_FALSE(loadgen::parse_latency("starport_action_latency_seconds_bucket{le=\"0.02\"} 5\n"));   // no +Inf
  CHECK_FALSE(loadgen::parse_latency("starport_action_latency_seconds_bucket{le=\"x\"} 5\n"
                                     "starport_action_latency_seconds_bucket{le=\"+Inf\"} 5\n"));
  CHECK(loadgen::latency_histogram{}.bound_ms_of(0.99) == 0);   // no moves
}

TEST_CASE("loadgen: idle connections say Hello and are held, and the server's memory with them open is reported") {
  loadgen::config cfg;
  cfg.matches = 5;   // ten connections
  cfg.seconds = 2;
  cfg.idle = true;
  const loadgen::load_report report = run_against_own_server(cfg);
  INFO(report.summary());
  CHECK(report.healthy());
  CHECK(report.welcomed() == 10);
  CHECK(report.started() == 0);     // no lobby, no match
  CHECK(report.accepted() == 0);
  CHECK(report.held_rss_mb() > 1);
  CHECK(report.held_rss_mb() <= report.server_peak_rss_mb() + 0.5);
  const std::string json = report.json();
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

TEST_CASE("loadgen: the play window runs from the last match's start to the first match's end") {
  // Setup and teardown cost the server CPU too; spread over few moves a match they swell the
  // whole run's figure, so the window's figure leaves them out (docs/capacity-measurements.md).
  loadgen::play_window window(2, getpid());
  window.match_started();
  for (int i = 0; i < 5; ++i) window.move_accepted();   // one match is still in setup
  window.match_started();
  for (int i = 0; i < 10; ++i) window.move_accepted();
  // CPU in the window: this process stands in for the server. Spun until it has used 50 ms
  // of CPU (not of wall time: on a loaded machine 60 ms of wall time could be under one of
  // /proc's 10 ms ticks), with a wall-time bound so the test always ends.
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  volatile std::uint64_t spin = 0;
  while (std::clock() - cpu_start < CLOCKS_PER_SEC / 20 &&
         std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
    spin = spin + 1;
  window.match_ended();
  for (int i = 0; i < 7; ++i) window.move_accepted();   // teardown: after the window
  window.close();
  const auto figures = window.result();
  REQUIRE(figures);
  CHECK(figures->moves == 10);
  CHECK(figures->server_cpu_s > 0);
  CHECK(figures->seconds >= 0.05);
}

TEST_CASE("loadgen: no play window when a match ends before the last one starts") {
  loadgen::play_window window(2, getpid());
  window.match_started();
  window.match_ended();
  window.match_started();
  window.close();
  CHECK_FALSE(window.result());
  loadgen::play_window unknown_server(1, 0);
  unknown_server.match_started();
  unknown_server.close();
  CHECK_FALSE(unknown_server.result());
}

TEST_CASE("loadgen: the report gives the server's CPU per move and the latency while every match played") {
  loadgen::duel_stats one;
  one.latency_us = {1000, 2000, 9000};
  one.playing_latency_us = {2000, 1000};   // the third came after the window
  one.arrival_latency_us = {500, 1500, 3000};   // each reached the socket before it was read
  one.playing_arrival_latency_us = {1500, 500};
  const std::vector<const loadgen::duel_stats*> duels = {&one};
  loadgen::load_report report(duels, "test", loadgen::process_usage{1.0, 10, 10}, loadgen::process_usage{3.0, 10, 10},
                              5, 0.1);
  CHECK(report.json().find("playing_server_cpu_us_per_move") == std::string::npos);   // no window
  report.set_play_window(0.5, 1000, 10, 42.5);
  CHECK(report.window_server_cpu_us_per_move() == doctest::Approx(500));
  CHECK(report.json().find("\"server_cpu_us_per_move\":666666.7") != std::string::npos);   // the whole run: 2 s, 3 moves
  CHECK(report.json().find("\"playing_server_cpu_us_per_move\":500.0,\"playing_moves\":1000") != std::string::npos);
  CHECK(report.json().find("\"playing_p50_ms\":1.000,\"playing_p99_ms\":2.000,\"playing_server_rss_mb\":42.5") !=
        std::string::npos);
  CHECK(report.json().find("\"p99_ms\":9.000") != std::string::npos);   // the whole run's
  CHECK(report.json().find("\"arrival_p50_ms\":1.500,\"arrival_p99_ms\":3.000") != std::string::npos);
  CHECK(report.json().find("\"playing_arrival_p50_ms\":0.500,\"playing_arrival_p99_ms\":1.500") != std::string::npos);
  CHECK(report.summary().find("server 500.0 us per move, latency p50 1.000 ms, p99 2.000 ms, resident 42.5 MB at its "
                              "end; setup and teardown left out; to the answer's arrival at the socket: p50 0.500 ms, "
                              "p99 1.500 ms") != std::string::npos);
  CHECK(report.summary().find("kernel's receive stamps, 3 answers") != std::string::npos);
}

TEST_CASE("loadgen: bytes on the wire - frame headers over the messages, and fewer than the messages with --compress") {
  loadgen::config cfg;
  cfg.matches = 2;
  cfg.moves = 60;   // the default 60 s bounds the run
  const loadgen::load_report plain = run_against_own_server(cfg);
  INFO(plain.summary());
  REQUIRE(plain.healthy());
  // Each frame adds a header of 2–10 bytes to its message.
  CHECK(plain.wire_bytes_per_move() > plain.bytes_per_move());
  CHECK(plain.wire_bytes_per_move() < plain.bytes_per_move() * 1.1);
  CHECK(plain.json().find("\"wire_bytes_per_move\":") != std::string::npos);
  cfg.compress = true;   // the server it starts gets --ws-compress
  const loadgen::load_report deflated = run_against_own_server(cfg);
  INFO(deflated.summary());
  REQUIRE(deflated.healthy());
  // The same messages, deflated on the way: the frames say the same things in fewer bytes.
  CHECK(deflated.wire_bytes_per_move() < deflated.bytes_per_move());
}

TEST_CASE("loadgen: with --reconnect, matches come back and play on after the server is killed and restarted on its data") {
  using server::testing::metric;
  using server::testing::scratch_dir;
  using server::testing::serve_process;
  scratch_dir dir;
  auto server = std::make_unique<serve_process>(dir.file("data"), dir.file("web"));
  const std::uint16_t port = server->port();
  loadgen::config cfg;
  cfg.matches = 3;
  cfg.moves = 100000;      // bounded by time: a Space War match lasts longer than the run
  cfg.seconds = 15;        // the crash comes within ~5 s; the reconnects within ~4 s of it
  cfg.think_ms = 400;
  cfg.jitter = 0.5;
  cfg.reconnect = true;
  cfg.url = "ws://127.0.0.1:" + std::to_string(port) + "/ws";
  std::optional<loadgen::load_report> report;
  std::string error;
  std::thread run([&] { report = loadgen::measure(cfg, error); });
  // Every match plays before the crash (bounded).
  for (int i = 0; i < 100 && metric(port, "starport_actions_total") < 15; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const double before_crash = metric(port, "starport_actions_total");
  server->kill9();
  server = std::make_unique<serve_process>(dir.file("data"), dir.file("web"), std::vector<std::string>{}, port);
  run.join();
  REQUIRE_MESSAGE(report, error);
  INFO(report->summary());
  CHECK(before_crash >= 15);
  CHECK(report->started() == 3);
  CHECK(report->failed_plays() == 0);
  // Each of the six seats lost its connection once and saw the table again — all but those of
  // a match the rules ended before the crash (a Space War match seldom ends within the run,
  // but can: a sanitized run, slower, once saw one end).
  const int running = 3 - report->game_overs();
  CHECK(report->reconnects() >= static_cast<std::uint64_t>(2 * running));
  CHECK(report->outages() >= static_cast<std::uint64_t>(2 * running));
  CHECK(report->outages() <= 6);
  CHECK(report->still_out() == 0);
  CHECK(report->outage_max_ms() > 0);
  // And the matches played on against the restarted server.
  CHECK(metric(server->port(), "starport_actions_total") >= 3);
  CHECK(metric(server->port(), "starport_matches") == running);
}

TEST_CASE("loadgen: the server it starts for a closed loop allows its seats' pace - a paced run and a run's own --rate keep theirs") {
  const auto has = [](const std::vector<std::string>& flags, const std::string& flag, const std::string& value) {
    for (std::size_t i = 0; i + 1 < flags.size(); ++i)
      if (flags[i] == flag && flags[i + 1] == value) return true;
    return false;
  };
  loadgen::config closed;
  closed.matches = 10;
  const std::vector<std::string> fast = loadgen::server_flags(closed);
  CHECK(has(fast, "--rate", "10000"));
  CHECK(has(fast, "--burst", "20000"));
  CHECK(has(fast, "--max-connections", "20000"));

  loadgen::config paced = closed;
  paced.think_ms = 2000;
  const std::vector<std::string> people = loadgen::server_flags(paced);
  CHECK(std::find(people.begin(), people.end(), "--rate") == people.end());
  CHECK(std::find(people.begin(), people.end(), "--burst") == people.end());

  loadgen::config own = closed;
  own.server_args = {"--rate", "50"};
  const std::vector<std::string> theirs = loadgen::server_flags(own);
  CHECK(std::count(theirs.begin(), theirs.end(), "--rate") == 1);
  CHECK(has(theirs, "--rate", "50"));
  CHECK(std::find(theirs.begin(), theirs.end(), "--burst") == theirs.end());
}
