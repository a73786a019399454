// Writes the fuzzers' seed corpora from real messages: `fuzz_seeds <dir>` fills
// <dir>/request (client frames of every kind, frames.hpp), <dir>/view_diff (views of real
// matches before and after a move), <dir>/scenario (each game's recorded playouts) and
// <dir>/deck_text (deck lists).
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"
#include "server/protocol/view_diff.hpp"
#include "starport/v1/protocol.pb.h"
#include "tests/engine/scenario_doc_examples.hpp"
#include "tests/fuzz/frames.hpp"

namespace fs = std::filesystem;
namespace v1 = starport::v1;
namespace engine = starport::engine;

namespace {

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

std::string frame_of(const v1::ClientMessage& m) {
  std::string out;
  starport::fuzz::append_frame(out, m.SerializeAsString());
  return out;
}

// FuzzedDataProvider's ConsumeRandomLengthString: a backslash is escaped by doubling, and
// a backslash followed by any other byte ends the string.
std::string provider_string(const std::string& s) {
  std::string out;
  for (char ch : s) {
    out += ch;
    if (ch == '\\') out += '\\';
  }
  return out + "\\ ";
}

void request_seeds(const fs::path& dir) {
  std::vector<v1::ClientMessage> one;
  auto add = [&one](auto fill) {
    v1::ClientMessage m;
    m.set_request_id(static_cast<std::uint32_t>(one.size() + 2));
    fill(m);
    one.push_back(m);
  };
  add([](v1::ClientMessage& m) { m.mutable_ping()->set_client_time_ms(12345); });
  add([](v1::ClientMessage& m) { m.mutable_list_lobbies(); });
  add([](v1::ClientMessage& m) { m.mutable_list_replays()->set_mine(true); });
  add([](v1::ClientMessage& m) { m.mutable_open_replay()->set_match_id("M"); });
  add([](v1::ClientMessage& m) { m.mutable_hello()->set_protocol_version(v1::PROTOCOL_V3); });
  for (const engine::game_info* g : engine::games()) {
    const std::string options = g->new_options()->SerializeAsString();
    add([&](v1::ClientMessage& m) {
      auto& s = *m.mutable_create_lobby()->mutable_settings();
      s.set_game(std::string(g->id));
      s.set_seats(static_cast<std::uint32_t>(g->default_seats));
      s.set_options(options);
      s.set_allow_spectators(true);
    });
    add([&](v1::ClientMessage& m) {
      m.mutable_play_computer()->set_game(std::string(g->id));
      m.mutable_play_computer()->set_options(options);
    });
    add([&](v1::ClientMessage& m) { m.mutable_list_lobbies()->set_game(std::string(g->id)); });
  }
  add([](v1::ClientMessage& m) { m.mutable_join_lobby()->set_lobby_id("L"); });
  add([](v1::ClientMessage& m) { m.mutable_join_lobby()->set_invite_code("ABCDEF"); });
  add([](v1::ClientMessage& m) { m.mutable_set_ready()->set_lobby_id("L"); m.mutable_set_ready()->set_ready(true); });
  add([](v1::ClientMessage& m) { m.mutable_add_bot()->set_lobby_id("L"); m.mutable_add_bot()->set_bot("random"); m.mutable_add_bot()->set_seat(1); });
  add([](v1::ClientMessage& m) { m.mutable_remove_seat()->set_lobby_id("L"); m.mutable_remove_seat()->set_seat(1); });
  add([](v1::ClientMessage& m) { m.mutable_start_match()->set_lobby_id("L"); });
  add([](v1::ClientMessage& m) { m.mutable_send_chat()->set_lobby_id("L"); m.mutable_send_chat()->set_text("gl hf"); });
  add([](v1::ClientMessage& m) { m.mutable_leave_lobby()->set_lobby_id("L"); });
  add([](v1::ClientMessage& m) { m.mutable_resync()->set_match_id("M"); });
  add([](v1::ClientMessage& m) { m.mutable_watch()->set_match_id("M"); });
  add([](v1::ClientMessage& m) { m.mutable_set_preferences()->set_match_id("M"); m.mutable_set_preferences()->add_choices(1); });
  add([](v1::ClientMessage& m) {
    auto& p = *m.mutable_play();
    p.set_match_id("M");
    p.set_view_number(1);
    p.mutable_action()->set_seat(0);
  });
  for (std::size_t i = 0; i < one.size(); ++i) write(dir, "one-" + std::to_string(i), frame_of(one[i]));
  // Sequences a person makes: a table with a bot, started; a game against the computer.
  for (const engine::game_info* g : engine::games()) {
    const std::string options = g->new_options()->SerializeAsString();
    v1::ClientMessage create, bot, start, resync, chat;
    auto& s = *create.mutable_create_lobby()->mutable_settings();
    s.set_game(std::string(g->id));
    s.set_seats(2);
    s.set_options(options);
    create.set_request_id(2);
    bot.set_request_id(3);
    bot.mutable_add_bot()->set_lobby_id("L");
    bot.mutable_add_bot()->set_seat(1);
    start.set_request_id(4);
    start.mutable_start_match()->set_lobby_id("L");
    resync.set_request_id(5);
    resync.mutable_resync()->set_match_id("M");
    chat.set_request_id(6);
    chat.mutable_send_chat()->set_lobby_id("L");
    chat.mutable_send_chat()->set_text("well played");
    write(dir, std::string("table-") + std::string(g->id),
          frame_of(create) + frame_of(bot) + frame_of(chat) + frame_of(start) + frame_of(resync));
    v1::ClientMessage computer;
    computer.set_request_id(2);
    computer.mutable_play_computer()->set_game(std::string(g->id));
    write(dir, std::string("computer-") + std::string(g->id), frame_of(computer) + frame_of(resync));
  }
  std::string garbage;
  starport::fuzz::append_frame(garbage, "not a message", false);
  starport::fuzz::append_frame(garbage, std::string("\x08\xff\xff", 3));
  write(dir, "garbage", garbage);
}

// Random playouts of each game: their scenario files, and their views before and after
// each move with the diff between them.
void playout_seeds(const fs::path& diff_dir, const fs::path& scenario_dir) {
  std::mt19937_64 rng(7);
  const auto& games = engine::games();
  for (std::size_t game = 0; game < games.size(); ++game) {
    const engine::game_info* g = games[game];
    for (int seats = g->min_seats; seats <= g->max_seats; ++seats) {
      auto options = g->new_options();
      if (!g->validate(seats, *options)) continue;
      const std::uint64_t seed = rng();
      auto m = g->create(seats, *options, seed);
      std::vector<engine::action> played, legal;
      std::string before = m->view(engine::viewer::of_seat(0))->SerializeAsString();
      for (int step = 0; step < 40 && !m->result().over; ++step) {
        legal.clear();
        for (int seat = 0; seat < seats && legal.empty(); ++seat)
          if (engine::has_seat(m->must_act(), seat)) m->legal_actions(seat, legal);
        if (legal.empty()) break;
        const engine::action a = legal[rng() % legal.size()];
        if (!m->play(a)) break;
        played.push_back(a);
        const std::string after = m->view(engine::viewer::of_seat(0))->SerializeAsString();
        if (step % 8 == 0) {
          // The fuzzer reads the game (its View type) from the last byte.
          const auto patch = starport::server::diff_encoded(before, after, *m->view(engine::viewer::of_seat(0))->GetDescriptor());
          write(diff_dir, std::string(g->id) + "-" + std::to_string(seats) + "-" + std::to_string(step),
                provider_string(before) + provider_string(after) + *patch + static_cast<char>(game));
        }
        before = after;
      }
      write(scenario_dir, std::string(g->id) + "-" + std::to_string(seats) + ".json",
            engine::scenario_json(*g, seats, seed, *options, played));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_seeds <dir>\n";
    return 2;
  }
  const fs::path dir = argv[1];
  request_seeds(dir / "request");
  playout_seeds(dir / "view_diff", dir / "scenario");
  // Positions: every example file of docs/scenarios.md (each game's phases, steps and
  // pending choices), not only seeds.
  const std::vector<std::string> examples = scenario_doc_examples(STARPORT_SOURCE_DIR "/docs/scenarios.md");
  if (examples.empty()) {
    std::cerr << "fuzz_seeds: no example in " STARPORT_SOURCE_DIR "/docs/scenarios.md\n";
    return 1;
  }
  for (std::size_t i = 0; i < examples.size(); ++i)
    write(dir / "scenario", "doc-example-" + std::to_string(i) + ".json", examples[i]);
  // Deck lists in the plain-text format (deck.hpp), naming deck_text_fuzzer's own pool.
  write(dir / "deck_text", "export", "# Module (7)\n3 Warp Coil\n4 Station 9\n# Action (2)\n2 ion lance\n");
  write(dir / "deck_text", "pasted", "Pathfinder's Map\n  2   Dock Crane Mk II  \n\n# a comment\n1 A\n60 Quasar\n");
  write(dir / "deck_text", "broken", "3 Warp Coils\nx Ion Lance\n-1 Quasar\n99999999999 A\n\xc3\n");
  std::cout << "seeds written to " << dir.string() << "\n";
  return 0;
}
