// `starport diff-fixtures`: recorded view-diff streams for the TypeScript client's own
// diff test (web-client), so both implementations are checked against the same bytes.
// One JSON line per viewer stream: the snapshot, then each patch with the full view the
// client must hold after applying it. Every binary field is base64 (RFC 4648, padded).
// Without --game: every registered game, each match at another table size (min to max
// seats, so Space Race's 1-seat JFK too); --list-games prints the ids the server knows.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/tools/cli/commands.hpp"
#include "server/protocol/view_diff.hpp"

namespace starport::cli {
namespace {

struct fixture_args {
  std::string game;          // empty: every registered game
  bool list_games = false;
  int matches = 3;
  int players = 0;           // 0: each match of a game at the next table size
  std::uint64_t seed = 1;
  int max_updates = 200;
};

std::string base64(std::string_view bytes) {
  static constexpr char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16 |
                      std::uint32_t(std::uint8_t(bytes[i + 1])) << 8 | std::uint8_t(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += alphabet[(v >> shift) & 63];
  }
  if (std::size_t rest = bytes.size() - i; rest > 0) {
    std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16;
    if (rest == 2) v |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += rest == 2 ? alphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// SplitMix64: a well-spread seed per match and per bot from the one base seed.
std::uint64_t mix(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::string bytes_of(const google::protobuf::Message& m) {
  std::string out;
  m.SerializeToString(&out);
  return out;
}

// One viewer's stream as it builds up: the JSON line so far and the last view "sent".
struct fixture_stream {
  engine::viewer who;
  engine::message_ptr sent;
  std::string line;
  int updates = 0;
};

void add_update(fixture_stream& s, const google::protobuf::Message& now) {
  const std::string patch = server::diff_views(*s.sent, now);
  s.line += s.updates ? ",{" : "{";
  s.line += "\"patch\":\"" + base64(patch) + "\",\"expected\":\"" + base64(bytes_of(now)) + "\"}";
  s.sent->CopyFrom(now);
  ++s.updates;
}

void run_match(const engine::game_info& game, const google::protobuf::Message& options,
               const fixture_args& args, int players, std::uint64_t seed) {
  auto m = game.create(players, options, seed);
  std::vector<std::unique_ptr<engine::bot>> bots;
  for (int s = 0; s < players; ++s)
    bots.push_back(engine::random_bot_entry.make(mix(seed + static_cast<std::uint64_t>(s))));
  std::vector<fixture_stream> streams;
  for (int v = 0; v <= players; ++v) {
    bool spectator = v == players;
    engine::viewer who = spectator ? engine::viewer::spectator() : engine::viewer::of_seat(v);
    fixture_stream s{who, m->view(who), {}, 0};
    s.line = "{\"game\":\"" + std::string(game.id) + "\",\"viewer\":\"" +
             (spectator ? std::string("spectator") : "seat" + std::to_string(v)) +
             "\",\"snapshot\":\"" + base64(bytes_of(*s.sent)) + "\",\"updates\":[";
    streams.push_back(std::move(s));
  }
  engine::message_ptr now = game.new_view();
  std::vector<engine::action> scratch;
  for (int step = 0; step < args.max_updates; ++step) {
    int seat = engine::next_seat(*m);
    if (seat < 0) break;
    if (!m->play(engine::bot_move(*m, seat, *bots[seat], scratch))) break;
    for (fixture_stream& s : streams) {
      now->Clear();
      m->view_into(s.who, *now);
      add_update(s, *now);
    }
  }
  for (fixture_stream& s : streams) std::printf("%s]}\n", s.line.c_str());
}

void run_game(const engine::game_info& game, const fixture_args& args) {
  engine::message_ptr options = game.new_options();
  if (args.players != 0)
    if (engine::verdict v = game.validate(args.players, *options); !v)
      throw CLI::ValidationError("--players", std::string(game.id) + ": " + v.detail);
  const int sizes = game.max_seats - game.min_seats + 1;
  for (int i = 0, played = 0; played < args.matches && i < args.matches * sizes; ++i) {
    const int players = args.players ? args.players : game.min_seats + i % sizes;
    if (!game.validate(players, *options)) continue;   // default options may not fit every size
    run_match(game, *options, args, players, mix(args.seed * 1'000'003u + static_cast<std::uint64_t>(i)));
    ++played;
  }
}

int run(const fixture_args& args) {
  if (args.list_games) {
    for (const engine::game_info* g : engine::games()) std::printf("%s\n", std::string(g->id).c_str());
    return 0;
  }
  if (!args.game.empty()) {
    const engine::game_info* game = engine::find_game(args.game);
    if (!game) throw CLI::ValidationError("--game", "unknown game " + args.game);
    run_game(*game, args);
    return 0;
  }
  for (const engine::game_info* g : engine::games()) run_game(*g, args);
  return 0;
}

}  // namespace

void add_diff_fixtures(CLI::App& app) {
  auto args = std::make_shared<fixture_args>();
  CLI::App* cmd = app.add_subcommand(
      "diff-fixtures", "print recorded view-diff streams (JSON lines) for the web client's diff test");
  cmd->add_option("--game", args->game, "game id (default: every registered game)");
  cmd->add_flag("--list-games", args->list_games, "print the registered game ids, one a line, and exit");
  cmd->add_option("-n,--matches", args->matches, "how many matches")
      ->capture_default_str()->check(CLI::Range(1, 1000));
  cmd->add_option("-p,--players", args->players, "seats per match (0: every table size in turn)")
      ->capture_default_str()->check(CLI::Range(0, 8));
  cmd->add_option("--seed", args->seed, "base seed")->capture_default_str();
  cmd->add_option("--max-updates", args->max_updates, "diffs per viewer stream")
      ->capture_default_str()->check(CLI::Range(1, 200));
  cmd->callback([args] { std::exit(run(*args)); });
}

}  // namespace starport::cli
