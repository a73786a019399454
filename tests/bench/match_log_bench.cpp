// What a running match pays to keep its log (server/match/match_log.hpp): a line added, plain
// or packed in blocks against the game's dictionary, a snapshot's copy of the whole log, and
// that snapshot packed for the wire (pack_view: what every join, reload and reconnect costs).
// Space War's own lines, from a random playout. Run: build/match_log_bench
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/match/match_log.hpp"
#include "server/match/recovery.hpp"
#include "server/protocol/view_dictionaries.hpp"

namespace {

using namespace starport;

// Each action's words, as the server logs them.
const std::vector<std::string>& space_war_words() {
  static const std::vector<std::string> words = [] {
    const engine::game_info* g = engine::find_game("space_war");
    auto options = g->new_options();
    auto m = g->create(2, *options, 5);
    std::vector<std::unique_ptr<engine::bot>> bots;
    for (int s = 0; s < 2; ++s) bots.push_back(std::make_unique<engine::random_bot>(s + 3u));
    const engine::playout p = engine::play_out(*m, bots, 3000, true);
    auto replayed = g->create(2, *options, 5);
    std::vector<std::string> out(p.log.size());
    for (std::uint32_t i = 0; i < p.log.size(); ++i)
      server::replay_action(*replayed, storage::logged_action{i, p.log[i]}, i, &out[i]);
    return out;
  }();
  return words;
}

const server::view_dictionary* dictionary(bool packed) {
  return packed ? server::find_view_dictionary("space_war") : nullptr;
}

// One action's words added to a log already at its bounds (a long match).
void BM_add(benchmark::State& state) {
  const auto& words = space_war_words();
  server::match_log log(dictionary(state.range(0) != 0));
  std::size_t i = 0;
  for (const std::string& w : words) log.add(w);
  for (auto _ : state) {
    log.add(words[i]);
    i = (i + 1) % words.size();
  }
  state.counters["held_bytes"] = static_cast<double>(log.held());
  state.counters["text_bytes"] = static_cast<double>(log.bytes());
}
BENCHMARK(BM_add)->ArgName("packed")->Arg(0)->Arg(1);

// The whole log into a snapshot (a join, a reload, a resync).
void BM_copy_to(benchmark::State& state) {
  server::match_log log(dictionary(state.range(0) != 0));
  for (const std::string& w : space_war_words()) log.add(w);
  for (auto _ : state) {
    v1::ViewUpdate update;
    log.copy_to(update);
    benchmark::DoNotOptimize(update);
  }
  state.counters["lines"] = static_cast<double>(log.lines());
  state.counters["held_bytes"] = static_cast<double>(log.held());
}
BENCHMARK(BM_copy_to)->ArgName("packed")->Arg(0)->Arg(1);

// A snapshot with the whole log (500 lines), serialized and packed against the game's
// dictionary, as the server sends it to a page that joins, reloads or reconnects.
void BM_pack_snapshot(benchmark::State& state) {
  server::match_log log(dictionary(true));
  for (const std::string& w : space_war_words()) log.add(w);
  v1::ViewUpdate update;
  update.set_snapshot(true);
  log.copy_to(update);
  const std::string plain = update.SerializeAsString();
  std::string packed;
  for (auto _ : state) {
    server::pack_view(*dictionary(true), plain, packed);
    benchmark::DoNotOptimize(packed);
  }
  state.counters["plain_bytes"] = static_cast<double>(plain.size());
  state.counters["packed_bytes"] = static_cast<double>(packed.size());
}
BENCHMARK(BM_pack_snapshot);

}  // namespace

BENCHMARK_MAIN();
