// `starport train-dictionary`: trains a game's view dictionary (proto/dictionaries/<id>.dict,
// docs/protocol.md "Packed views") on the view updates its matches send. Bots play matches
// at every table size; each viewer's stream (every seat, a spectator) is built as the server
// builds it (a snapshot, then field-level patches, log lines coded against the stream's
// table of shapes, the turn-timer bits), and zstd's dictionary builder picks what recurs.
// Deterministic for the same binary and arguments, so a dictionary can be made again.
#define ZDICT_STATIC_LINKING_ONLY
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <zdict.h>

#include "engine/core/playout.hpp"
#include "engine/core/words.hpp"
#include "engine/registry.hpp"
#include "server/protocol/log_table.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/tools/cli/commands.hpp"
#include "starport/v1/protocol.pb.h"

namespace starport::cli {
namespace {

struct train_args {
  std::string game;
  std::uint32_t id = 0;        // the dictionary's ID, 1-31, fixed per game (docs/protocol.md)
  std::string out;
  int matches = 400;
  int max_updates = 60;        // per viewer stream: early updates learn log shapes, as in a real match
  std::size_t size = server::max_dictionary_size;   // the dictionary's bytes
  std::uint64_t seed = 1;
  bool snapshots = true;       // learn from each stream's first snapshot too
  std::string samples_out;     // also write the samples there (for probes of other encodings)
};

// The updates one viewer's stream would carry, appended to `samples` (each one encoded
// ViewUpdate), as match_actor::publish builds them.
struct stream {
  engine::viewer who;
  engine::message_ptr sent;
  server::log_table log;
  std::uint64_t number = 1;
};

void play_match(const engine::game_info& game, int players, std::uint64_t seed, const train_args& args,
                std::string& samples, std::vector<std::size_t>& sizes) {
  engine::message_ptr options = game.new_options();
  if (!game.validate(players, *options)) return;
  auto m = game.create(players, *options, seed);
  std::vector<std::unique_ptr<engine::bot>> bots;
  for (int s = 0; s < players; ++s)   // the game's own bot and the random one, taking turns
    bots.push_back((s % 2 ? engine::random_bot_entry : game.bots.back()).make(seed + 31u * static_cast<std::uint64_t>(s)));
  std::vector<stream> streams;
  for (int v = 0; v <= players; ++v) {
    const engine::viewer who = v == players ? engine::viewer::spectator() : engine::viewer::of_seat(v);
    streams.push_back({who, m->view(who), {}, 1});
  }
  auto add = [&](const v1::ViewUpdate& u) {
    const std::size_t before = samples.size();
    u.AppendToString(&samples);
    sizes.push_back(samples.size() - before);
  };
  for (stream& s : streams) {   // the snapshot each stream starts with
    if (!args.snapshots) break;
    v1::ViewUpdate u;
    u.set_match_id("0123456789abcdef0123456789abcdef");
    u.set_number(1);
    u.set_snapshot(true);
    u.set_view(s.sent->SerializeAsString());
    add(u);
  }
  engine::message_ptr now = game.new_view();
  std::vector<engine::action> scratch;
  std::vector<server::coded_line> lines;
  engine::seat_mask acting = m->must_act();
  // Half the matches settle after every move, as when people act seconds apart; the other
  // half show every seat's move of a round together, as when seats act at once and their
  // moves are saved in one commit (the server shows what each commit brought).
  const bool together = seed % 2 == 1;
  for (int step = 0; step < args.max_updates; ++step) {
    std::string words;
    engine::seat_mask moved = 0;
    int seat = engine::next_seat(*m);
    while (seat >= 0 && !engine::has_seat(moved, seat)) {
      const engine::action a = engine::bot_move(*m, seat, *bots[static_cast<std::size_t>(seat)], scratch);
      std::string said = m->describe(a);
      if (!m->play(a)) break;
      said = engine::join_words(std::move(said), m->describe_effects());
      if (!said.empty()) words += (words.empty() ? "" : "\n") + said;
      moved = static_cast<engine::seat_mask>(moved | engine::seat_bit(seat));
      if (!together) break;
      seat = engine::next_seat(*m);
    }
    if (moved == 0) break;
    const std::size_t count = server::code_lines(words, lines, 0);
    const engine::seat_mask to_act = m->must_act();
    for (stream& s : streams) {
      now->Clear();
      m->view_into(s.who, *now);
      v1::ViewUpdate u;
      u.set_patch(server::diff_views(*s.sent, *now));
      s.sent->CopyFrom(*now);
      if (count > 0 && !s.log.write(std::span(lines.data(), count), *u.mutable_log_refs(), *u.mutable_log_line()))
        u.set_log_line(words);
      // The turn timers: the seats that moved stopped, the seats to act anew started afresh.
      u.set_stopped_turns(static_cast<std::uint32_t>(moved & ~to_act));
      u.set_full_turns(static_cast<std::uint32_t>(to_act & (~acting | moved)));
      add(u);
    }
    acting = to_act;
  }
}

int run(const train_args& args) {
  const engine::game_info* game = engine::find_game(args.game);
  if (!game) throw CLI::ValidationError("--game", "unknown game " + args.game);
  std::string samples;
  std::vector<std::size_t> sizes;
  // Half the matches at the smallest table of two or more (the most played), the rest at
  // every size in turn.
  const int table_sizes = game->max_seats - game->min_seats + 1;
  const int usual = std::min(std::max(2, game->min_seats), game->max_seats);
  for (int i = 0; i < args.matches; ++i)
    play_match(*game, i % 2 == 0 ? usual : game->min_seats + (i / 2) % table_sizes, args.seed * 1'000'003u + 7919u * static_cast<std::uint64_t>(i),
               args, samples, sizes);
  if (sizes.empty()) throw CLI::ValidationError("--game", args.game + ": no match could be played");
  if (!args.samples_out.empty()) {   // each sample as its length (4 bytes, little-endian), then its bytes
    std::ofstream file(args.samples_out, std::ios::binary);
    std::size_t offset = 0;
    for (std::size_t n : sizes) {
      const char length[4] = {static_cast<char>(n), static_cast<char>(n >> 8), static_cast<char>(n >> 16), static_cast<char>(n >> 24)};
      file.write(length, 4).write(samples.data() + offset, static_cast<std::streamsize>(n));
      offset += n;
    }
    if (!file.flush()) {
      std::fprintf(stderr, "train-dictionary: could not write %s\n", args.samples_out.c_str());
      return 1;
    }
  }
  // zstd's dictionary builder picks the segments that recur most (most used last, where
  // deflate reaches them cheapest); deflate takes its content, without zstd's header.
  ZDICT_fastCover_params_t params{};
  params.d = 8;   // the search below picks k
  params.steps = 40;
  params.nbThreads = 1;   // one thread: the same dictionary every time
  params.zParams.dictID = args.id;
  std::string trained(args.size + 2048, '\0');
  const std::size_t size = ZDICT_optimizeTrainFromBuffer_fastCover(trained.data(), trained.size(), samples.data(), sizes.data(),
                                                                   static_cast<unsigned>(sizes.size()), &params);
  if (ZDICT_isError(size)) {
    std::fprintf(stderr, "train-dictionary: %s (%zu samples)\n", ZDICT_getErrorName(size), sizes.size());
    return 1;
  }
  const std::size_t header = ZDICT_getDictHeaderSize(trained.data(), size);
  if (ZDICT_isError(header)) return 1;
  std::string content = trained.substr(header, size - header);
  if (content.size() > args.size) content.erase(0, content.size() - args.size);
  // The file: the ID, then the preset dictionary (proto/dictionaries/README.md).
  std::ofstream(args.out, std::ios::binary) << static_cast<char>(args.id) << content;
  // What it buys, on the samples themselves: each packed alone, as the server packs them
  // (and sends the smaller of packed and plain: server/protocol/frames.hpp).
  server::view_dictionary dict;
  dict.id = args.id;
  dict.bytes = content;
  std::string out;
  std::size_t raw = 0, packed = 0, offset = 0;
  for (std::size_t n : sizes) {
    server::pack_view(dict, std::string_view(samples).substr(offset, n), out);
    raw += n;
    packed += std::min(n, out.size());
    offset += n;
  }
  std::printf("%s: %zu-byte dictionary (ID %u, k=%u d=%u) from %zu updates; %.1f -> %.1f bytes an update\n",
              args.game.c_str(), content.size(), args.id, params.k, params.d, sizes.size(),
              double(raw) / double(sizes.size()), double(packed) / double(sizes.size()));
  return 0;
}

}  // namespace

void add_train_dictionary(CLI::App& app) {
  auto args = std::make_shared<train_args>();
  CLI::App* cmd = app.add_subcommand("train-dictionary",
                                     "train a game's view dictionary (proto/dictionaries/) on bot matches' view updates");
  cmd->add_option("--game", args->game, "game id")->required();
  cmd->add_option("--id", args->id, "the dictionary's ID (1-31, one per game: docs/protocol.md)")
      ->required()->check(CLI::Range(1, 31));
  cmd->add_option("-o,--out", args->out, "where to write it")->required();
  cmd->add_option("-n,--matches", args->matches, "matches to learn from")->capture_default_str()->check(CLI::Range(1, 10000));
  cmd->add_option("--max-updates", args->max_updates, "updates per viewer stream")
      ->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--size", args->size, "dictionary bytes")
      ->capture_default_str()->check(CLI::Range(std::size_t{256}, server::max_dictionary_size));
  cmd->add_option("--seed", args->seed, "base seed")->capture_default_str();
  cmd->add_option("--samples-out", args->samples_out,
                  "also write the updates learnt from (each: 4-byte little-endian length, bytes)");
  cmd->add_flag("--snapshots,!--no-snapshots", args->snapshots, "learn from each stream's first snapshot")
      ->capture_default_str();
  cmd->callback([args] { std::exit(run(*args)); });
}

}  // namespace starport::cli
