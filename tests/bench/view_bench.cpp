// What one view update costs the server per game, apart from the network: a seat's view of
// the match built into a reused message, serialized, diffed against its view one action
// before (view_diff.hpp) and the patch packed against the game's dictionary (pack_view),
// as the server's publish does for each audience after each settle. Each game's states
// come from one random 2-seat playout, replayed and kept, so the engine's own moves are not
// timed. Run: build/view_bench (per update: time; counters: plain and packed patch bytes).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/protocol/view_diff.hpp"

namespace {

using namespace starport;

struct states {
  std::vector<std::unique_ptr<engine::match>> at;   // after each action of the playout
  std::vector<std::string> views;                   // seat 0's view of each, serialized
};

const states& playout_of(std::string_view id) {
  static std::vector<std::pair<std::string, std::unique_ptr<states>>> cache;
  for (auto& [name, s] : cache)
    if (name == id) return *s;
  const engine::game_info* g = engine::find_game(id);
  auto options = g->new_options();
  auto m = g->create(2, *options, 7);
  std::vector<std::unique_ptr<engine::bot>> bots;
  for (int s = 0; s < 2; ++s) bots.push_back(std::make_unique<engine::random_bot>(s + 11u));
  const engine::playout p = engine::play_out(*m, bots, 600, true);
  auto out = std::make_unique<states>();
  auto replayed = g->create(2, *options, 7);
  auto view = g->new_view();
  for (const engine::action& a : p.log) {
    replayed->apply_checked(a);
    out->at.push_back(replayed->clone());
    replayed->view_into(engine::viewer::of_seat(0), *view);
    out->views.push_back(view->SerializeAsString());
  }
  cache.emplace_back(std::string(id), std::move(out));
  return *cache.back().second;
}

void BM_update(benchmark::State& state, std::string_view id) {
  const states& s = playout_of(id);
  const engine::game_info* g = engine::find_game(id);
  const server::view_dictionary* dict = server::find_view_dictionary(id);
  auto view = g->new_view();
  std::string bytes, packed;
  std::size_t i = 1, updates = 0, plain_bytes = 0, packed_bytes = 0;
  for (auto _ : state) {
    s.at[i]->view_into(engine::viewer::of_seat(0), *view);
    view->SerializeToString(&bytes);
    const std::optional<std::string> patch = server::diff_encoded(s.views[i - 1], bytes, *view->GetDescriptor());
    if (patch && dict) server::pack_view(*dict, *patch, packed);
    benchmark::DoNotOptimize(packed);
    ++updates;
    plain_bytes += patch ? patch->size() : 0;
    packed_bytes += packed.size();
    if (++i == s.at.size()) i = 1;
  }
  state.counters["actions"] = static_cast<double>(s.at.size());
  state.counters["plain_B"] = static_cast<double>(plain_bytes) / static_cast<double>(updates);
  state.counters["packed_B"] = static_cast<double>(packed_bytes) / static_cast<double>(updates);
}

// Its parts: the view built and serialized; the diff of two serializations; the packing.
void BM_view(benchmark::State& state, std::string_view id) {
  const states& s = playout_of(id);
  auto view = engine::find_game(id)->new_view();
  std::string bytes;
  std::size_t i = 1;
  for (auto _ : state) {
    s.at[i]->view_into(engine::viewer::of_seat(0), *view);
    view->SerializeToString(&bytes);
    benchmark::DoNotOptimize(bytes);
    if (++i == s.at.size()) i = 1;
  }
  state.counters["view_B"] = static_cast<double>(bytes.size());
}

void BM_diff(benchmark::State& state, std::string_view id) {
  const states& s = playout_of(id);
  const google::protobuf::Descriptor& type = *engine::find_game(id)->new_view()->GetDescriptor();
  std::size_t i = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(server::diff_encoded(s.views[i - 1], s.views[i], type));
    if (++i == s.at.size()) i = 1;
  }
}

void BM_pack(benchmark::State& state, std::string_view id) {
  const states& s = playout_of(id);
  const google::protobuf::Descriptor& type = *engine::find_game(id)->new_view()->GetDescriptor();
  const server::view_dictionary* dict = server::find_view_dictionary(id);
  std::vector<std::string> patches;
  for (std::size_t i = 1; i < s.views.size(); ++i) patches.push_back(server::diff_encoded(s.views[i - 1], s.views[i], type).value_or(""));
  std::string packed;
  std::size_t i = 0;
  for (auto _ : state) {
    if (dict) server::pack_view(*dict, patches[i], packed);
    benchmark::DoNotOptimize(packed);
    if (++i == patches.size()) i = 0;
  }
}

#define EACH_GAME(bm)                                  \
  BENCHMARK_CAPTURE(bm, space_war, "space_war");       \
  BENCHMARK_CAPTURE(bm, space_race, "space_race");     \
  BENCHMARK_CAPTURE(bm, terminus, "terminus");         \
  BENCHMARK_CAPTURE(bm, scoundrels, "scoundrels");     \
  BENCHMARK_CAPTURE(bm, quasar_search, "quasar_search")
EACH_GAME(BM_update);
EACH_GAME(BM_view);
EACH_GAME(BM_diff);
EACH_GAME(BM_pack);

}  // namespace

BENCHMARK_MAIN();
