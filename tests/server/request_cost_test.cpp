// What a request asks of the server, against the message rate (request_cost in
// server/session/request_router.cpp): the snapshot requests, Resync and Watch, of a long
// match of every game, each answered as documented every time; the server's CPU and the
// bytes a request takes are printed beside a Ping's (figures, never timed assertions:
// docs/server.md, "What a request costs"). The deck list's figures: decks_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>
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

    // A long match: random legal moves, never resigning, until it ends or 400 moves, so the
    // snapshot carries a long log.
    streams live[2];
    test_client* players[2] = {&a, &b};
    for (streams& s : live) {
      s.game = game;
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
      players[next.person]->request(play_action(match_id, next.view_number, pick(*game, next.legal, random)));
      ++played;
    }
    CHECK(played > 20);

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
    // answer is that step's frame.
    cost o;
    {
      std::mt19937 steps(5);
      const int n = 1000;
      const double before = cpu_seconds(f.server->pid());
      for (int i = 0; i < n; ++i) {
        const auto step = static_cast<std::uint32_t>(steps() % static_cast<unsigned>(played + 1));
        const std::size_t from = b.frames.size();
        const v1::ServerMessage frame = b.request(open_replay(match_id, step, true));
        REQUIRE(frame.has_replay_frame());
        // `played` counts moves sent; a refused one is no step, so the last steps may be past the end.
        REQUIRE(frame.replay_frame().step() == std::min(step, frame.replay_frame().total_steps()));
        for (std::size_t k = from; k < b.frames.size(); ++k) o.bytes += b.frames[k].wire_size;
      }
      o.cpu_us = (cpu_seconds(f.server->pid()) - before) / n * 1e6;
      o.bytes /= static_cast<std::size_t>(n);
    }
    MESSAGE(game->id << " after " << played << " moves (" << b.matches[match_id].log.size()
                     << " log lines): server CPU a Ping " << p.cpu_us << " us; a Resync " << r.cpu_us << " us, "
                     << r.bytes << " B; a Watch " << w.cpu_us << " us, " << w.bytes << " B; an OpenReplay at a random step "
                     << o.cpu_us << " us, " << o.bytes << " B");
  }
}
