// What a request asks of the server, against the message rate (request_cost in
// server/session/request_router.cpp): the snapshot requests, Resync and Watch, of a long
// match of every game, each answered as documented every time; the server's CPU and the
// bytes a request takes are printed beside a Ping's (figures, never timed assertions:
// docs/server.md, "What a request costs"). The deck list's figures: decks_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "engine/registry.hpp"
#include "game_streams.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;
namespace engine = starport::engine;

namespace {

struct cost {
  double cpu_us = 0;
  std::size_t bytes = 0;   // as they came on the wire, every frame of the answer
};

// A long match: random legal moves, never resigning, until it ends or 400 moves, so its
// snapshots and replays carry a long log. The moves sent.
int play_long_match(const engine::game_info& game, const std::string& match_id, test_client& a, test_client& b) {
  streams live[2];
  test_client* players[2] = {&a, &b};
  for (streams& s : live) {
    s.game = &game;
    s.match_id = match_id;
  }
  std::mt19937 random(11);
  int played = 0;
  for (int round = 0; round < 3000 && played < 400 && !live[0].info.over(); ++round) {
    for (int i = 0; i < 2; ++i) {
      players[i]->fence();
      sync(*players[i], live[i]);
    }
    const to_move next = next_to_move(live);
    if (next.person < 0) continue;
    players[next.person]->request(play_action(match_id, next.view_number, pick(game, next.legal, random)));
    ++played;
  }
  CHECK(played > 20);
  return played;
}

}  // namespace

TEST_CASE("request cost: Resync and Watch of a long match of every game - each a MatchInfo and a snapshot - priced against a Ping") {
  for (const engine::game_info* game : engine::games()) {
    CAPTURE(game->id);
    // The rate raised: the loops below would pass it, which is the point of pricing them.
    server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
    test_client a(f.port()), b(f.port()), c(f.port());
    a.packed = b.packed = c.packed = true;   // as the web client reads them
    a.hello("Ada");
    b.hello("Bea");
    c.hello("Cid");
    const auto [lobby_id, match_id] = start_two_seats(*game, a, b);

    const int played = play_long_match(*game, match_id, a, b);

    v1::ClientMessage ping, resync, watch;
    ping.mutable_ping();
    resync.mutable_resync()->set_match_id(match_id);
    watch.mutable_watch()->set_match_id(match_id);
    // `n` requests in turn, each read whole; a snapshot request's answer is checked each time.
    const std::string asked = match_id;   // a lambda may not name a structured binding (clang)
    const auto price = [&](test_client& who, const v1::ClientMessage& m, int n) {
      cost out;
      const double before = cpu_seconds(f.server->pid());
      for (int i = 0; i < n; ++i) {
        const std::size_t from = who.frames.size();
        const v1::ServerMessage first = who.request(m);
        if (!m.has_ping()) {
          REQUIRE(first.has_match());
          REQUIRE(first.match().match_id() == asked);
          const v1::ServerMessage snapshot = who.read();
          REQUIRE(snapshot.has_view());
          REQUIRE(snapshot.view().snapshot());
        }
        for (std::size_t k = from; k < who.frames.size(); ++k) out.bytes += who.frames[k].wire_size;
      }
      out.cpu_us = (cpu_seconds(f.server->pid()) - before) / n * 1e6;
      out.bytes /= static_cast<std::size_t>(n);
      return out;
    };
    const cost p = price(b, ping, 1000), r = price(b, resync, 1000), w = price(c, watch, 1000);
    // A replay of the running match, by one of its players, at seeded steps all over it: each
    // answer is that step's frame. First as a reader new to the match (the whole log in every
    // answer), then as the replay page steps (OpenReplay.log_known: the log lines it holds).
    const auto price_replay = [&](bool log_held) {
      cost o;
      std::mt19937 steps(5);
      const int n = 1000;
      std::uint32_t held = 0;
      const double before = cpu_seconds(f.server->pid());
      for (int i = 0; i < n; ++i) {
        const auto step = static_cast<std::uint32_t>(steps() % static_cast<unsigned>(played + 1));
        const std::size_t from = b.frames.size();
        const v1::ServerMessage frame = b.request(open_replay(asked, step, true, log_held ? held : 0));
        REQUIRE(frame.has_replay_frame());
        // `played` counts moves sent; a refused one is no step, so the last steps may be past the end.
        REQUIRE(frame.replay_frame().step() == std::min(step, frame.replay_frame().total_steps()));
        REQUIRE(frame.replay_frame().log_from() == (log_held ? held : 0));
        held = frame.replay_frame().log_from() + static_cast<std::uint32_t>(frame.replay_frame().action_log_size());
        for (std::size_t k = from; k < b.frames.size(); ++k) o.bytes += b.frames[k].wire_size;
      }
      o.cpu_us = (cpu_seconds(f.server->pid()) - before) / n * 1e6;
      o.bytes /= static_cast<std::size_t>(n);
      return o;
    };
    const cost o = price_replay(false), s = price_replay(true);
    MESSAGE(game->id << " after " << played << " moves (" << b.matches[match_id].log.size()
                     << " log lines): server CPU a Ping " << p.cpu_us << " us; a Resync " << r.cpu_us << " us, "
                     << r.bytes << " B; a Watch " << w.cpu_us << " us, " << w.bytes << " B; an OpenReplay at a random step "
                     << o.cpu_us << " us, " << o.bytes << " B (" << s.cpu_us << " us, " << s.bytes
                     << " B with the log held)");
  }
}

TEST_CASE("request cost: an answer is charged by its size - a client asking again and again for a replay's whole log is slowed, one stepping with the log held is not") {
  const engine::game_info* game = engine::find_game("scoundrels");   // the longest log of the five
  REQUIRE(game);
  const double rate = 200, burst = 2000;   // fast enough for the match's moves and fences
  server_fixture f({"--bot-delay-ms", "0", "--rate", "200", "--burst", "2000"});
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const auto [lobby_id, match_id] = start_two_seats(*game, a, b);
  play_long_match(*game, match_id, a, b);

  // Bea's replay page, on connections of their own (a full bucket each), steps at seeded
  // places: first asking for the whole log every time, then holding it (OpenReplay.log_known).
  struct tally {
    int answered = 0, refused = 0;
    double charged = 0;     // tokens the answered ones took: one each, and one per whole 4 KiB
    std::size_t largest = 0;
    double seconds = 0;
  };
  const std::string asked = match_id;   // a lambda may not name a structured binding (clang)
  const auto replay_loop = [&](bool log_held) {
    test_client d(f.port());
    d.resume(b.token);
    tally t;
    std::mt19937 steps(5);
    std::uint32_t held = 0;
    const auto start = std::chrono::steady_clock::now();
    // Stops at the third refusal: a hundred in 10 s would close the connection as a flood.
    for (int i = 0; i < 400 && t.refused < 3; ++i) {
      const v1::ServerMessage m = d.request(open_replay(asked, static_cast<std::uint32_t>(steps() % 300), true, log_held ? held : 0));
      if (m.has_error()) {
        REQUIRE(m.error().code() == v1::RATE_LIMITED);
        ++t.refused;
        continue;
      }
      REQUIRE(m.has_replay_frame());
      ++t.answered;
      const std::size_t size = m.ByteSizeLong();
      t.charged += 1 + static_cast<double>(size / 4096);
      t.largest = std::max(t.largest, size);
      held = m.replay_frame().log_from() + static_cast<std::uint32_t>(m.replay_frame().action_log_size());
    }
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return t;
  };
  const tally whole = replay_loop(false), stepping = replay_loop(true);
  MESSAGE("400 OpenReplays of a " << game->id << " match at --rate 200 --burst 2000: the whole log each time "
          << whole.answered << " answered (" << whole.largest << " B at most, " << whole.charged << " tokens), "
          << whole.refused << " refused, in " << whole.seconds << " s; with the log held " << stepping.answered
          << " answered (" << stepping.largest << " B at most, " << stepping.charged << " tokens), "
          << stepping.refused << " refused, in " << stepping.seconds << " s");
  // Whole logs: each answer takes its size's tokens, so the bucket runs dry where 400
  // one-token requests would not. What they took is at most the bucket, what came back at the
  // rate meanwhile, and a debt of at most a burst (the last answer's charge past it is let go).
  CHECK(whole.largest >= 16384);
  CHECK(whole.refused > 0);
  CHECK(whole.answered < 400);
  CHECK(whole.charged <= 2 * burst + rate * whole.seconds + 1 + static_cast<double>(whole.largest / 4096));
  // Stepping with the log held: small answers, every one answered.
  CHECK(stepping.refused == 0);
  CHECK(stepping.answered == 400);
}
