// Race to the Terminus bots (issue 15 "Bots"): the heuristic bot beats the random bot, and
// it makes the choices its values promise in posed situations. Bots are asked exactly as a
// client is: their own seat's view and legal actions.
#include <map>

#include "engine/core/playout.hpp"
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::viewer;

namespace {

struct tally {
  int games = 0, heuristic_wins = 0;
  std::map<std::string, int> reasons_won, reasons_lost;
};

// Heuristic against random, seats alternating so neither holds the first Initiative always.
tally heuristic_against_random(int games, std::uint64_t first_seed) {
  const auto& info = starport::engine::info_of<tr::state>();
  auto options = info.new_options();
  tally t;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    const int heuristic_seat = g % 2;
    auto m = info.create(2, *options, seed);
    std::vector<std::unique_ptr<starport::engine::bot>> bots;
    for (int s = 0; s < 2; ++s) bots.push_back(info.find_bot(s == heuristic_seat ? "heuristic" : "random")->make(seed * 2 + s));
    REQUIRE(starport::engine::play_out(*m, bots, 200000, false).finished);
    const auto o = m->result();
    ++t.games;
    const bool won = starport::engine::has_seat(o.winners, heuristic_seat) && starport::engine::seat_total(o.winners) == 1;
    t.heuristic_wins += won;
    (won ? t.reasons_won : t.reasons_lost)[o.reason]++;
  }
  return t;
}

}  // namespace

TEST_CASE("Terminus bots, the heuristic bot beats the random bot in at least 85 of 100 games") {
  const tally t = heuristic_against_random(100, 1);
  for (auto& [r, n] : t.reasons_won) MESSAGE("won: " << r << " " << n);
  for (auto& [r, n] : t.reasons_lost) MESSAGE("lost: " << r << " " << n);
  MESSAGE("heuristic won " << t.heuristic_wins << " of " << t.games);
  CHECK(t.heuristic_wins >= 85);
}
