// Replays through the server: lists, perspectives, and how fast a long match seeks over
// the wire (a figure, not a timed assertion).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

v1::ClientMessage list_replays(bool mine) {
  v1::ClientMessage m;
  m.mutable_list_replays()->set_mine(mine);
  return m;
}

}  // namespace

TEST_CASE("replay: lists and perspectives of a long finished match and its seek time over the wire") {
  // One person against five instant bots acts far faster than the default message rate.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port()), stranger(f.port());
  a.hello("Ada");
  stranger.hello("Sam");
  const table t = start_match(a, {}, space_war_lobby(6, 1000), {"random", "random", "random", "random", "random"});
  play_against_bots(a, t.match_id, 2000000);
  await_over(a, t.match_id);

  const v1::ServerMessage mine = a.request(list_replays(true));
  REQUIRE(mine.replay_list().replays_size() == 1);
  const v1::ReplaySummary& summary = mine.replay_list().replays(0);
  CHECK(summary.finished());
  CHECK(summary.players_size() == 6);
  const std::uint32_t total = summary.actions();
  CHECK(stranger.request(list_replays(false)).replay_list().replays_size() == 1);
  CHECK(stranger.request(list_replays(true)).replay_list().replays_size() == 0);

  const v1::ServerMessage own = a.request(open_replay(t.match_id, total / 2, true));
  CHECK(own.replay_frame().perspective() == "seat 0");
  const v1::ServerMessage all = stranger.request(open_replay(t.match_id, total / 2, false));
  REQUIRE(all.has_replay_frame());
  CHECK(all.replay_frame().perspective() == "everything");
  CHECK(all.replay_frame().total_steps() == total);
  CHECK(all.replay_frame().action_log_size() == static_cast<int>(total));
  CHECK(all.replay_frame().match().revealed_salt().size() == 32);
  CHECK(stranger.request(open_replay(std::string(32, 'f'), 0, false)).error().code() == v1::NOT_FOUND);

  std::uint64_t x = 99;
  double worst = 0, sum = 0;
  const int jumps = 200;
  for (int i = 0; i < jumps; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const auto step = static_cast<std::uint32_t>((x >> 33) % (total + 1));
    const auto t0 = std::chrono::steady_clock::now();
    const v1::ServerMessage frame = stranger.request(open_replay(t.match_id, step, false));
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CHECK(frame.replay_frame().step() == step);
    worst = std::max(worst, ms);
    sum += ms;
  }
  std::printf("replay over the wire: %u actions, %d random OpenReplay round trips, mean %.2f ms, worst %.2f ms\n",
              total, jumps, sum / jumps, worst);
}
