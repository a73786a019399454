// Engine throughput per game on one core: random playouts (check + apply, actions/s and
// games/s), the cost of copying a state, and its size. Run: build/engine_bench
#include <benchmark/benchmark.h>

#include <bit>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/quasar_search/state.hpp"
#include "engine/scoundrels/state.hpp"
#include "engine/space_race/state.hpp"
#include "engine/space_war/state.hpp"
#include "engine/terminus/state.hpp"

namespace {

using namespace starport;

template <engine::game G>
G fresh(int seats, std::uint64_t seed) {
  typename G::options_type options;
  return G(seats, options, seed);
}

// Plays one match to its end with uniformly random legal actions; returns the action count.
template <engine::game G>
std::uint64_t random_playout(G& g, engine::rng& r, std::vector<engine::action>& legal) {
  std::uint64_t actions = 0;
  while (engine::seat_mask must = g.must_act()) {
    int seat = std::countr_zero(static_cast<unsigned>(must));
    g.legal_actions(seat, legal);
    const engine::action& a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    if (!g.check(a)) break;
    g.apply(a);
    ++actions;
  }
  return actions;
}

template <engine::game G>
void playouts(benchmark::State& st) {
  const int seats = static_cast<int>(st.range(0));
  engine::rng r(1);
  std::vector<engine::action> legal;
  std::uint64_t actions = 0, games = 0, seed = 0;
  for (auto _ : st) {
    G g = fresh<G>(seats, ++seed);
    actions += random_playout(g, r, legal);
    ++games;
  }
  st.counters["actions/s"] = benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.counters["actions/game"] = static_cast<double>(actions) / static_cast<double>(games);
}

template <engine::game G>
void state_copy(benchmark::State& st) {
  const int seats = static_cast<int>(st.range(0));
  // A mid-game state: a few hundred random actions in.
  G g = fresh<G>(seats, 7);
  engine::rng r(2);
  std::vector<engine::action> legal;
  for (int i = 0; i < 300 && g.must_act(); ++i) {
    int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
    g.legal_actions(seat, legal);
    g.apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  for (auto _ : st) {
    G copy = g;
    benchmark::DoNotOptimize(copy);
    benchmark::ClobberMemory();
  }
  st.counters["state_bytes"] = static_cast<double>(sizeof(G));
}

// One line per game; a new game adds its own pair here.
BENCHMARK_TEMPLATE(playouts, space_war::state)->Name("space_war/playout")->Arg(2)->Arg(4)->Arg(6);
BENCHMARK_TEMPLATE(state_copy, space_war::state)->Name("space_war/state_copy")->Arg(4);
BENCHMARK_TEMPLATE(playouts, space_race::state)->Name("space_race/playout")->Arg(2)->Arg(4);
BENCHMARK_TEMPLATE(state_copy, space_race::state)->Name("space_race/state_copy")->Arg(4);
BENCHMARK_TEMPLATE(playouts, terminus::state)->Name("terminus/playout")->Arg(2)->Arg(4);
BENCHMARK_TEMPLATE(state_copy, terminus::state)->Name("terminus/state_copy")->Arg(4);
BENCHMARK_TEMPLATE(playouts, scoundrels::state)->Name("scoundrels/playout")->Arg(2)->Arg(4)->Arg(6);
BENCHMARK_TEMPLATE(state_copy, scoundrels::state)->Name("scoundrels/state_copy")->Arg(4);
BENCHMARK_TEMPLATE(playouts, quasar_search::state)->Name("quasar_search/playout")->Arg(1)->Arg(2)->Arg(4);
BENCHMARK_TEMPLATE(state_copy, quasar_search::state)->Name("quasar_search/state_copy")->Arg(4);

}  // namespace

BENCHMARK_MAIN();
