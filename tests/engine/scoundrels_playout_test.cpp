// S.P.A.C.E. whole games between heuristic bots (which deliver, affiliate, fight and trade,
// unlike random play that rarely gets a cargo home): every listed action legal, no view
// moves when another seat's face-down cards are shuffled, and the game replays exactly.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/registry.hpp"

using namespace starport::engine;

TEST_CASE("scoundrels playouts: heuristic games end by a delivery, stay legal, hide face-down cards and replay") {
  const game_info* g = find_game("scoundrels");
  REQUIRE(g != nullptr);
  const bot_entry* heuristic = nullptr;
  for (const bot_entry& b : g->bots)
    if (b.name == "heuristic") heuristic = &b;
  REQUIRE(heuristic != nullptr);
  int by_delivery = 0;
  for (int game = 0; game < 8; ++game) {
    const int seats = 2 + game % 5;
    auto options = g->new_options();
    auto m = g->create(seats, *options, 500 + static_cast<std::uint64_t>(game));
    std::vector<std::unique_ptr<bot>> bots;
    for (int s = 0; s < seats; ++s) bots.push_back(heuristic->make(static_cast<std::uint64_t>(game * 10 + s)));
    std::vector<action> legal, log;
    rng r(static_cast<std::uint64_t>(game), 3);
    int step = 0;
    while (!m->result().over && step < 20000) {
      if (step % 15 == 0) {
        for (int s = 0; s < seats; ++s) {
          m->legal_actions(s, legal);
          for (const action& a : legal) REQUIRE_MESSAGE(m->check(a), g->action_text(a));
        }
        for (int v = -1; v < seats; ++v) {
          const viewer who = v < 0 ? viewer::spectator() : viewer::of_seat(v);
          const std::string before = m->view(who)->SerializeAsString();
          for (int other = 0; other < seats; ++other) {
            if (other == v) continue;
            auto scrambled = m->clone();
            scrambled->scramble_hidden(other, r);
            CHECK_MESSAGE(scrambled->view(who)->SerializeAsString() == before,
                          "viewer " << v << " saw seat " << other << "'s face-down cards move at step " << step);
          }
        }
      }
      const int seat = next_seat(*m);
      REQUIRE(seat >= 0);
      const action a = bot_move(*m, seat, *bots[static_cast<std::size_t>(seat)], legal);
      REQUIRE(m->play(a));
      log.push_back(a);
      ++step;
    }
    REQUIRE(m->result().over);
    if (std::string(m->result().reason) == "delivery") ++by_delivery;
    auto replayed = g->create(seats, *options, 500 + static_cast<std::uint64_t>(game));
    for (const action& a : log) REQUIRE(replayed->play(a));
    CHECK(replayed->same_state(*m));
  }
  CHECK(by_delivery >= 6);
}
