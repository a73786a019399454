// The pieces of issue 12's log that need no socket: an action's words (the move, its cause,
// then its effects) and the bounded history a snapshot carries.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/match/match_log.hpp"
#include "server/match/move_words.hpp"
#include "server/match/recovery.hpp"
#include "server/protocol/view_dictionaries.hpp"

using namespace starport;
using namespace starport::server;

TEST_CASE("log entry: the move's words, the server's reason, then what it set off on the next line") {
  CHECK(log_entry("{seat:0} flips.", storage::move_cause::chosen, "") == "{seat:0} flips.");
  CHECK(log_entry("{seat:0} flips.", storage::move_cause::preference, "") == "{seat:0} flips. (by preference)");
  CHECK(log_entry("{seat:1} flips.", storage::move_cause::time_ran_out, "{seat:0} wins the Battle.") ==
        "{seat:1} flips. (time ran out)\n{seat:0} wins the Battle.");
  CHECK(log_entry("{seat:1} flips.", storage::move_cause::stand_in_bot, "") ==
        "{seat:1} flips. (a bot, while the player is away)");
  // Effects that say the move again (S.P.A.C.E.'s deliveries, burials, keeps) carry the
  // reason on that line, not the move's words twice.
  CHECK(log_entry("{seat:0} delivers the Spice cargo.", storage::move_cause::stand_in_bot,
                  "{seat:0} delivers the Spice cargo.\n{seat:0}'s reputation is 1.") ==
        "{seat:0} delivers the Spice cargo. (a bot, while the player is away)\n{seat:0}'s reputation is 1.");
  // A move the game says nothing of: only its effects, and no reason hanging alone.
  CHECK(log_entry("", storage::move_cause::preference, "{seat:0} wins.") == "{seat:0} wins.");
  CHECK(log_entry("", storage::move_cause::time_ran_out, "").empty());
}

TEST_CASE("match log: one entry a line, oldest first, the latest 500 kept") {
  match_log log;
  log.add("");
  CHECK(log.lines() == 0);
  log.add("a\nb");
  log.add("c\n\nd\n");   // empty lines are not kept
  REQUIRE(log.lines() == 4);
  v1::ViewUpdate u;
  log.copy_to(u);
  REQUIRE(u.log_history_size() == 4);
  CHECK(u.log_history(0) == "a");
  CHECK(u.log_history(3) == "d");
  for (int i = 0; i < 600; ++i) log.add("line " + std::to_string(i));
  CHECK(log.lines() == match_log::max_lines);
  CHECK(log.all().front() == "line 100");
  CHECK(log.all().back() == "line 599");
  v1::ViewUpdate full;
  log.copy_to(full);
  CHECK(full.log_history_size() == 500);
}

TEST_CASE("match log: long lines are bounded by bytes as well, so a match's memory has a ceiling") {
  match_log log;
  const std::string long_line(1000, 'x');
  for (int i = 0; i < 200; ++i) log.add(long_line);
  CHECK(log.bytes() <= match_log::max_bytes);
  CHECK(log.lines() == match_log::max_bytes / 1000);
  // One line longer than the whole budget is still kept (the latest line is never dropped).
  log.add(std::string(match_log::max_bytes + 10, 'y'));
  CHECK(log.lines() == 1);
}

TEST_CASE("match log: lines of every length stay whole and in order while the oldest are dropped") {
  // Plain, and packed in blocks (the oldest dropped from inside a packed block).
  const view_dictionary* packed = find_view_dictionary("space_war");
  REQUIRE(packed);
  const view_dictionary* dictionary = nullptr;
  SUBCASE("plain") {}
  SUBCASE("packed") { dictionary = packed; }
  match_log log(dictionary);
  std::vector<std::string> all;
  for (int i = 0; i < 5000; ++i) {
    // 1 to ~300 characters, a few of them two lines in one action's words.
    std::string line = "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i * 37 % 300), static_cast<char>('a' + i % 26));
    if (i % 7 == 0) {
      log.add(line + "\nand " + std::to_string(i));
      all.push_back(line);
      all.push_back("and " + std::to_string(i));
    } else {
      log.add(line);
      all.push_back(line);
    }
    REQUIRE(log.lines() <= match_log::max_lines);
    REQUIRE(log.bytes() <= match_log::max_bytes);
    if (i % 97 == 0 || i == 4999) {
      const std::size_t n = log.lines();
      const std::vector<std::string> kept = log.all();
      REQUIRE(kept.size() == n);
      std::size_t bytes = 0;
      for (std::size_t k = 0; k < n; ++k) {
        REQUIRE(kept[k] == all[all.size() - n + k]);
        bytes += kept[k].size();
      }
      CHECK(bytes == log.bytes());
      v1::ViewUpdate u;
      log.copy_to(u);
      REQUIRE(u.log_history_size() == static_cast<int>(n));
      CHECK(u.log_history(0) == all[all.size() - n]);
    }
  }
  // Kept as the newest lines that fit both bounds: one more would break one of them.
  const std::size_t n = log.lines();
  CHECK((n == match_log::max_lines || log.bytes() + all[all.size() - n - 1].size() > match_log::max_bytes));
}

TEST_CASE("match log: a long match of every game is kept packed, a fraction of its text, and comes back whole") {
  namespace eng = starport::engine;
  for (const eng::game_info* g : eng::games()) {
    CAPTURE(g->id);
    const view_dictionary* dictionary = find_view_dictionary(g->id);
    REQUIRE(dictionary);   // packed_view_test holds every game to having one
    auto options = g->new_options();
    auto m = g->create(g->min_seats, *options, 5);
    std::vector<std::unique_ptr<eng::bot>> bots;
    for (int s = 0; s < g->min_seats; ++s) bots.push_back(std::make_unique<eng::random_bot>(s + 3u));
    const eng::playout p = eng::play_out(*m, bots, 3000, true);
    // The words the server logs for each action, as recovery re-builds them.
    auto replayed = g->create(g->min_seats, *options, 5);
    match_log plain;
    match_log packed(dictionary);
    std::string words;
    for (std::uint32_t i = 0; i < p.log.size(); ++i) {
      REQUIRE(replay_action(*replayed, storage::logged_action{i, p.log[i]}, i, &words));
      plain.add(words);
      packed.add(words);
    }
    REQUIRE(packed.lines() == plain.lines());
    CHECK(packed.bytes() == plain.bytes());
    CHECK(packed.all() == plain.all());
    v1::ViewUpdate u;
    packed.copy_to(u);
    CHECK(u.log_history_size() == static_cast<int>(plain.lines()));
    if (plain.lines() >= 4 * match_log::block_lines) {
      MESSAGE(g->id << ": " << plain.lines() << " lines, " << plain.bytes() << " bytes of text, held in "
                    << packed.held() << " packed (" << plain.held() << " plain)");
      CHECK(packed.held() * 2 < plain.held());
    }
  }
}
