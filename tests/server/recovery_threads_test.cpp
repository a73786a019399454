// Start-up recovery with its replays on several threads (recovery.hpp: the storage thread
// reads the next matches' actions while the replayers re-play the ones read): the same
// matches come back as on one thread, in the records' order, each in the state its log
// left and with the same log lines; a match that cannot resume is ended either way.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/match/recovery.hpp"
#include "serve_process.hpp"
#include "storage/worker.hpp"

using namespace starport;
using namespace starport::server;

namespace {

constexpr int matches = 150;     // past two of recovery's chunks of reads
constexpr int old_rules = 97;    // recorded under another rules version: not resumed

struct played {
  storage::match_record record;
  std::unique_ptr<engine::match> game;   // where its logged actions leave it
};

std::vector<played> store_matches(const std::string& db_file) {
  std::vector<played> out;
  const std::span<const engine::game_info* const> games = engine::games();
  storage::worker w(db_file);
  for (int i = 0; i < matches; ++i) {
    const engine::game_info& g = *games[static_cast<std::size_t>(i) % games.size()];
    played p;
    storage::match_record& r = p.record;
    r.id = "m" + std::to_string(1000 + i);
    r.lobby_id = "lobby-" + r.id;
    r.game = g.id;
    r.rules_version = g.rules_version + (i == old_rules ? 1 : 0);
    engine::message_ptr options = g.new_options();
    r.options = options->SerializeAsString();
    r.seed = 7u + static_cast<std::uint64_t>(i);
    r.salt = "00";
    r.started_ms = 1000 + i;
    std::vector<engine::deck_list> decks;
    for (int s = 0; s < g.min_seats; ++s) {
      storage::seat_record seat{static_cast<std::uint32_t>(s), "", "bot", "random"};
      if (g.decks) seat.deck = g.decks->starters()[0].cards;
      decks.push_back(seat.deck);
      r.seats.push_back(seat);
    }
    p.game = g.decks ? g.create_with_decks(g.min_seats, *options, decks, r.seed) : g.create(g.min_seats, *options, r.seed);
    std::vector<std::unique_ptr<engine::bot>> bots;
    for (int s = 0; s < g.min_seats; ++s) bots.push_back(std::make_unique<engine::random_bot>(31u * i + s));
    // Some matches a few moves in, some long enough for their log lines to fill packed blocks.
    const engine::playout log = engine::play_out(*p.game, bots, 5 + (i * 37) % 180, true);
    w.submit([r, actions = log.log](storage::database& db) {
      db.create_match(r);
      for (std::uint32_t k = 0; k < actions.size(); ++k) db.append_action(r.id, storage::logged_action{k, actions[k], 2000 + k});
    });
    out.push_back(std::move(p));
  }
  w.flush();
  return out;
}

}  // namespace

TEST_CASE("recovery: matches re-played on several threads come back as on one - in order, in the same states, with the same logs") {
  testing::scratch_dir dir;
  std::filesystem::create_directories(dir.path() / "one");
  const std::vector<played> stored = store_matches(dir.file("one/starport.db"));
  std::filesystem::copy(dir.path() / "one", dir.path() / "four", std::filesystem::copy_options::recursive);

  storage::worker one_storage(dir.file("one/starport.db"));
  storage::worker four_storage(dir.file("four/starport.db"));
  const recovered one = recover(one_storage, 1);
  const recovered four = recover(four_storage, 4);

  for (const recovered* r : {&one, &four}) {
    REQUIRE(r->matches.size() == matches - 1);
    REQUIRE(r->running.size() == matches - 1);
    REQUIRE(r->ended.size() == 1);
    CHECK(r->ended[0].record.id == stored[old_rules].record.id);
    CHECK(r->ended[0].reason.find("another version of the rules") != std::string::npos);
    REQUIRE(r->problems.size() == 1);
    CHECK(r->problems[0].find(stored[old_rules].record.id) != std::string::npos);
  }
  // In the records' order (running_matches()), the same on both.
  for (std::size_t k = 0; k < one.matches.size(); ++k) {
    CAPTURE(k);
    const recovered_match& a = one.matches[k];
    const recovered_match& b = four.matches[k];
    REQUIRE(a.record.id == b.record.id);
    CHECK(one.running[k].id == a.record.id);
    CHECK(four.running[k].id == b.record.id);
    const played& p = stored[static_cast<std::size_t>(std::stoi(a.record.id.substr(1)) - 1000)];
    CHECK(a.game->same_state(*p.game));
    CHECK(b.game->same_state(*p.game));
    CHECK(a.log_size == b.log_size);
    CHECK(a.log.lines() > 0);
    CHECK(a.log.all() == b.log.all());
  }
  // Both ended the old-rules match in storage: a later start resumes the rest and ends nothing.
  const recovered again = recover(four_storage, 4);
  CHECK(again.matches.size() == matches - 1);
  CHECK(again.ended.empty());
}

TEST_CASE("recovery: a read of the matches' actions that fails stops the start - on one thread and on several, without waiting forever") {
  testing::scratch_dir dir;
  store_matches(dir.file("starport.db"));
  for (const unsigned replayers : {1u, 4u}) {
    CAPTURE(replayers);
    {
      storage::worker w(dir.file("starport.db"));
      w.inject_failures(0, 2);   // the second chunk's read fails too, whatever the first did
      CHECK_THROWS_WITH_AS(recover(w, replayers), doctest::Contains("could not read"), std::runtime_error);
    }
    // Nothing was written: the next start resumes every match it can and ends the old-rules one.
    storage::worker again(dir.file("starport.db"));
    const recovered r = recover(again, replayers);
    CHECK(r.matches.size() == matches - 1);
    CHECK(r.ended.size() == (replayers == 1 ? 1u : 0u));   // the first round's start ended it
  }
}
