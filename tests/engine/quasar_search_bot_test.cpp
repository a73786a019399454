// Quasar Search bots (issue 17 "Bots"): a team of heuristic teammates wins the Mission more
// often than a team of random bots, no bot ever plays an illegal action, and the heuristic
// makes the choices its conventions promise in posed situations. Bots are asked exactly as
// a client is: their own seat's view and legal actions. docs/rules/quasar_search_cards.md,
// "Bots", has the figures over 1,000 games; STARPORT_QUASAR_BOT_GAMES plays more games here.
#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/quasar_search/state.hpp"

namespace qs = starport::quasar_search;
namespace eng = starport::engine;
namespace qpb = starport::quasar_search::v1;

namespace {

struct tally {
  int games = 0, wins = 0;
  std::map<char, int> endings;
};

int games_from_env(int fallback) {
  const char* s = std::getenv("STARPORT_QUASAR_BOT_GAMES");
  return s ? std::max(1, std::atoi(s)) : fallback;
}

// A team of `bot` in every seat plays `games` Missions (starters dealt from the seed).
tally team(std::string_view bot, int seats, int games, std::uint64_t first_seed,
           qpb::Options::Difficulty difficulty = qpb::Options::STANDARD) {
  const auto& info = eng::info_of<qs::state>();
  qpb::Options options;
  options.set_difficulty(difficulty);
  tally t;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    auto m = info.create(seats, options, seed);
    std::vector<std::unique_ptr<eng::bot>> bots;
    for (int s = 0; s < seats; ++s) bots.push_back(info.find_bot(bot)->make(seed * 8 + static_cast<std::uint64_t>(s)));
    const auto p = eng::play_out(*m, bots, 100000, false);
    // Finished: no bot offered an action the rules refused (play_out stops at the first).
    REQUIRE_MESSAGE(p.finished, "seed " << seed);
    const auto o = m->result();
    const int winners = eng::seat_total(o.winners);
    // Cooperative: everybody wins or nobody does.
    CHECK((winners == 0 || winners == seats));
    ++t.games;
    t.wins += winners == seats;
    const auto* st = &static_cast<const eng::match_of<qs::state>&>(*m).state();
    t.endings[st->ending() ? st->ending() : '-']++;
  }
  return t;
}

std::string describe(const tally& t) {
  std::string s = std::to_string(t.wins) + "/" + std::to_string(t.games) + " endings";
  for (const auto& [letter, n] : t.endings) s += std::string(" ") + letter + ":" + std::to_string(n);
  return s;
}

}  // namespace

TEST_CASE("Quasar Search bots, the bot list: random first, then the heuristic teammate") {
  const auto bots = qs::state::bots();
  REQUIRE(bots.size() == 2);
  CHECK(bots[0].name == "random");
  CHECK(bots[1].name == "heuristic");
  CHECK(!bots[1].summary.empty());
}

TEST_CASE("Quasar Search bots, random and heuristic teams of 1 to 4 finish every Mission with legal actions") {
  for (int seats = 1; seats <= 4; ++seats)
    for (std::string_view bot : {"random", "heuristic"}) {
      CAPTURE(seats);
      CAPTURE(bot);
      const tally t = team(bot, seats, 15, 900 + static_cast<std::uint64_t>(seats) * 31);
      CHECK(t.games == 15);
    }
}

TEST_CASE("Quasar Search bots, a team of heuristic teammates wins more Missions than a team of random bots") {
  // Fixed seeds: the figures are the same on every run (1,000 games each: the docs).
  const int games = games_from_env(150);
  const tally heuristic = team("heuristic", 2, games, 1);
  const tally random = team("random", 2, games, 1);
  MESSAGE("2 seats, standard: heuristic " << describe(heuristic) << ", random " << describe(random));
  CHECK(heuristic.wins > random.wins + games / 10);
}
