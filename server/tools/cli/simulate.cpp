// `starport simulate`: many bot-vs-bot matches, win rates and throughput.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"
#include "server/tools/cli/commands.hpp"

namespace starport::cli {
namespace {

struct simulate_args {
  std::string game = "space_war";
  int games = 100;
  int players = 2;
  std::string options_json = "{}";
  std::vector<std::string> bots = {"heuristic"};
  std::uint64_t seed = 1;
  std::uint64_t max_actions = 1'000'000;
  std::string record;
};

// Independent, well-spread seeds per game from one base seed (SplitMix64).
std::uint64_t game_seed(std::uint64_t base, std::uint64_t index) {
  std::uint64_t z = base + 0x9e3779b97f4a7c15ull * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int run(const simulate_args& args) {
  const engine::game_info* game = engine::find_game(args.game);
  if (!game) throw CLI::ValidationError("--game", "unknown game " + args.game);
  engine::message_ptr options = game->new_options();
  std::string error;
  if (!engine::from_json(args.options_json, *options, error))
    throw CLI::ValidationError("--options", error);
  if (engine::verdict v = game->validate(args.players, *options); !v)
    throw CLI::ValidationError("--options", v.detail);
  std::vector<const engine::bot_entry*> seat_bots;
  for (int s = 0; s < args.players; ++s) {
    const std::string& name = args.bots[std::min<std::size_t>(s, args.bots.size() - 1)];
    const engine::bot_entry* b = game->find_bot(name);
    if (!b) throw CLI::ValidationError("--bots", "no bot named " + name);
    seat_bots.push_back(b);
  }

  std::vector<double> seat_wins(args.players, 0.0);
  std::map<std::string, std::pair<double, int>> label_wins;   // label → (wins, seats played)
  std::map<std::string, std::pair<double, int>> bot_wins;
  std::uint64_t total_actions = 0, total_progress = 0;
  int finished = 0, team_wins = 0;
  auto started = std::chrono::steady_clock::now();
  for (int g = 0; g < args.games; ++g) {
    std::uint64_t seed = game_seed(args.seed, static_cast<std::uint64_t>(g));
    auto m = game->create(args.players, *options, seed);
    std::vector<std::unique_ptr<engine::bot>> bots;
    for (int s = 0; s < args.players; ++s) bots.push_back(seat_bots[s]->make(game_seed(seed, s)));
    bool record = g == 0 && !args.record.empty();
    engine::playout p = engine::play_out(*m, bots, args.max_actions, record);
    if (record) {
      std::ofstream(args.record) << engine::scenario_json(*game, args.players, seed, *options, p.log);
    }
    total_actions += p.actions;
    total_progress += game->progress(*m);
    engine::outcome o = m->result();
    finished += o.over;
    int winners = engine::seat_total(o.winners);
    team_wins += winners > 0;
    for (int s = 0; s < args.players; ++s) {
      // A cooperative win is every seat's whole win; a shared competitive one is split.
      double share = !engine::has_seat(o.winners, s) ? 0.0 : game->cooperative ? 1.0 : 1.0 / winners;
      seat_wins[s] += share;
      auto& lw = label_wins[game->seat_label(*m, s)];
      lw.first += share;
      lw.second += 1;
      auto& bw = bot_wins[std::string(seat_bots[s]->name)];
      bw.first += share;
      bw.second += 1;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::printf("%s: %d games, %d players, seed %llu\n", args.game.c_str(), args.games, args.players,
              static_cast<unsigned long long>(args.seed));
  std::printf("finished %d/%d; mean %s %.1f; mean actions %.1f\n", finished, args.games,
              std::string(game->progress_name).c_str(),
              double(total_progress) / args.games, double(total_actions) / args.games);
  std::printf("%.0f actions/s, %.1f games/s (%.2f s, one thread, bots included)\n",
              double(total_actions) / seconds, args.games / seconds, seconds);
  if (game->cooperative)
    std::printf("team win rate: %.1f%% (%d of %d; cooperative: every seat wins or none)\n",
                100.0 * team_wins / args.games, team_wins, args.games);
  std::printf("win rate by seat:");
  for (int s = 0; s < args.players; ++s) std::printf("  %d: %.1f%%", s, 100.0 * seat_wins[s] / args.games);
  std::printf("\nwin rate by side (wins / games played):\n");
  for (auto& [label, w] : label_wins)
    std::printf("  %-12s %5.1f%%  (%d)\n", label.c_str(), 100.0 * w.first / w.second, w.second);
  std::printf("win rate by bot:\n");
  for (auto& [label, w] : bot_wins)
    std::printf("  %-12s %5.1f%%  (%d)\n", label.c_str(), 100.0 * w.first / w.second, w.second);
  return 0;
}

}  // namespace

void add_simulate(CLI::App& app) {
  auto args = std::make_shared<simulate_args>();
  CLI::App* cmd = app.add_subcommand("simulate", "play bot-vs-bot matches and report win rates");
  cmd->add_option("--game", args->game, "game id")->capture_default_str();
  cmd->add_option("-n,--games", args->games, "how many matches")->capture_default_str()->check(CLI::Range(1, 10'000'000));
  cmd->add_option("-p,--players", args->players, "seats per match")->capture_default_str()->check(CLI::Range(1, 8));
  cmd->add_option("--options", args->options_json,
                  R"(game options as JSON, e.g. '{"factions":["DWARVES","ELVES"]}')")->capture_default_str();
  cmd->add_option("--bots", args->bots, "bot per seat (the last repeats), e.g. heuristic,random")
      ->delimiter(',')->capture_default_str();
  cmd->add_option("--seed", args->seed, "base seed")->capture_default_str();
  cmd->add_option("--max-actions", args->max_actions, "stop a match after this many actions")->capture_default_str();
  cmd->add_option("--record", args->record, "write the first match as a replay file (JSON)");
  cmd->callback([args] { std::exit(run(*args)); });
}

}  // namespace starport::cli
