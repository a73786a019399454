// Server pieces that need no socket: static file paths, text rules, the rate limiter,
// the fairness commitment and replay seeking.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>

#include "engine/core/playout.hpp"
#include "engine/registry.hpp"
#include "server/match/fairness.hpp"
#include "server/crypto.hpp"
#include "server/net/http_handler.hpp"
#include "server/protocol/protobuf_log.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/replay/replay_cursor.hpp"
#include "server/session/text_rules.hpp"
#include "serve_process.hpp"
#include "starport/v1/protocol.pb.h"
#include "starport/v1/space_war.pb.h"

using namespace starport;
using namespace starport::server;

TEST_CASE("http: static paths stay inside the web root and client routes get index.html") {
  testing::scratch_dir dir;
  std::filesystem::create_directories(dir.path() / "web" / "assets");
  std::ofstream(dir.file("web/index.html")) << "index";
  std::ofstream(dir.file("web/assets/app.js")) << "js";
  std::ofstream(dir.file("secret.txt")) << "secret";
  std::filesystem::create_symlink(dir.file("secret.txt"), dir.file("web/link.txt"));
  const std::string root = dir.file("web");
  const std::string index = std::filesystem::canonical(dir.file("web/index.html")).string();

  CHECK(resolve_static(root, "/") == index);
  CHECK(resolve_static(root, "/assets/app.js") == std::filesystem::canonical(dir.file("web/assets/app.js")).string());
  CHECK(resolve_static(root, "/lobby/abc123") == index);          // a client route
  CHECK(resolve_static(root, "/replay/xyz?step=4") == index);
  CHECK_FALSE(resolve_static(root, "/assets/missing.js"));        // a missing file is not a route
  CHECK_FALSE(resolve_static(root, "/../secret.txt"));
  CHECK_FALSE(resolve_static(root, "/assets/../../secret.txt"));
  CHECK_FALSE(resolve_static(root, "/%2e%2e/secret.txt"));
  CHECK_FALSE(resolve_static(root, "/..%2fsecret.txt"));
  CHECK_FALSE(resolve_static(root, "/a%00b"));
  CHECK_FALSE(resolve_static(root, "/x%zz"));
  CHECK_FALSE(resolve_static(root, "relative"));
  CHECK_FALSE(resolve_static(root, "/link.txt"));                 // a symlink out of the root
}

TEST_CASE("text: display names are 1-24 printable characters and chat lines UTF-8 without controls") {
  CHECK(clean_display_name("  Ada  ") == "Ada");
  CHECK(clean_display_name("Zoë") == "Zoë");
  CHECK(clean_display_name(std::string(24, 'x')));
  CHECK_FALSE(clean_display_name(std::string(25, 'x')));
  CHECK_FALSE(clean_display_name(""));
  CHECK_FALSE(clean_display_name("   "));
  CHECK_FALSE(clean_display_name("a\nb"));
  CHECK_FALSE(clean_display_name("a\x7f"));
  CHECK_FALSE(clean_display_name("\xc3"));             // cut short
  CHECK_FALSE(clean_display_name("\xc0\xaf"));         // overlong
  CHECK_FALSE(clean_display_name("\xed\xa0\x80"));     // a surrogate
  CHECK(printable_length("日本語") == 3u);
}

TEST_CASE("text: chat lines follow the display-name rule, 500 characters long") {
  // What one player shows others: nothing blank, nothing that turns the text around.
  CHECK(clean_line("gl  hf ", max_chat_chars) == "gl hf");
  CHECK(clean_line(std::string(500, 'x'), max_chat_chars));
  CHECK_FALSE(clean_line(std::string(501, 'x'), max_chat_chars));
  CHECK_FALSE(clean_line("\u200b\u200b", max_chat_chars));           // only zero-width spaces
  CHECK_FALSE(clean_line("\u3000", max_chat_chars));                  // only an ideographic space
  CHECK_FALSE(clean_line("gg \u202eyrros", max_chat_chars));          // a right-to-left override
  CHECK_FALSE(clean_line("\u2067Bea\u2069", max_chat_chars));         // an isolate
  CHECK(clean_line("\u05e9\u05dc\u05d5\u05dd!", max_chat_chars));      // right-to-left letters are fine
}

TEST_CASE("protobuf log: a flood of bad UTF-8 lets a few lines through, then counts the rest") {
  std::vector<std::string> lines;
  limit_protobuf_log(3, std::chrono::seconds(3600), [&](const std::string& line) { lines.push_back(line); });
  v1::ClientMessage bad;
  bad.mutable_send_chat()->set_text("ok");
  std::string bytes = bad.SerializeAsString();
  bytes[bytes.size() - 1] = '\xff';   // the chat text's last byte: no longer UTF-8
  for (int i = 0; i < 100; ++i) CHECK_FALSE(v1::ClientMessage().ParseFromString(bytes));
  REQUIRE(lines.size() == 3u);
  CHECK(lines[0].find("UTF-8") != std::string::npos);
  // After the window, the count comes first, then the line.
  lines.clear();
  limit_protobuf_log(1, std::chrono::seconds(1), [&](const std::string& line) { lines.push_back(line); });
  for (int i = 0; i < 5; ++i) CHECK_FALSE(v1::ClientMessage().ParseFromString(bytes));
  CHECK(lines.size() == 1u);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  CHECK_FALSE(v1::ClientMessage().ParseFromString(bytes));
  REQUIRE(lines.size() == 3u);
  CHECK(lines[1].find("4 more lines held back") != std::string::npos);
  CHECK(lines[2].find("UTF-8") != std::string::npos);
  restore_protobuf_log();
}

TEST_CASE("rate limiter: a burst passes then the sustained rate - persistent flooding is abuse") {
  rate_limiter limiter(10, 5, 3);
  const auto t0 = rate_limiter::clock::now();
  for (int i = 0; i < 5; ++i) CHECK(limiter.take(t0) == rate_limiter::verdict::allow);
  CHECK(limiter.take(t0) == rate_limiter::verdict::refuse);
  CHECK(limiter.take(t0 + std::chrono::milliseconds(100)) == rate_limiter::verdict::allow);   // 10/s refills one
  CHECK(limiter.take(t0 + std::chrono::milliseconds(100)) == rate_limiter::verdict::refuse);
  CHECK(limiter.take(t0 + std::chrono::milliseconds(100)) == rate_limiter::verdict::refuse);
  CHECK(limiter.take(t0 + std::chrono::milliseconds(100)) == rate_limiter::verdict::abuse);   // the 4th refusal
  // Ten quiet seconds later the count starts over.
  CHECK(limiter.take(t0 + std::chrono::seconds(11)) == rate_limiter::verdict::allow);
}

TEST_CASE("rate limiter: a message may cost several tokens - never more than the burst") {
  rate_limiter limiter(10, 50, 3);
  const auto t0 = rate_limiter::clock::now();
  CHECK(limiter.take(t0, 25) == rate_limiter::verdict::allow);
  CHECK(limiter.take(t0, 25) == rate_limiter::verdict::allow);
  CHECK(limiter.take(t0, 25) == rate_limiter::verdict::refuse);   // the burst is spent
  CHECK(limiter.take(t0) == rate_limiter::verdict::refuse);       // for every message
  CHECK(limiter.take(t0 + std::chrono::seconds(1)) == rate_limiter::verdict::allow);          // 10 back, 9 left
  CHECK(limiter.take(t0 + std::chrono::seconds(1), 25) == rate_limiter::verdict::refuse);
  CHECK(limiter.take(t0 + std::chrono::seconds(4), 25) == rate_limiter::verdict::allow);      // 39 back
  // A cost above the burst is the whole burst: it still passes once the bucket is full.
  rate_limiter small(10, 5, 3);
  CHECK(small.take(t0, 1000) == rate_limiter::verdict::allow);
  CHECK(small.take(t0) == rate_limiter::verdict::refuse);
}

TEST_CASE("rate limiter: an answer charged after it was sent is a debt of at most a burst - it delays the next messages") {
  rate_limiter limiter(10, 20, 3);
  const auto t0 = rate_limiter::clock::now();
  CHECK(limiter.take(t0) == rate_limiter::verdict::allow);   // 19 left
  limiter.charge(t0, 15);                                     // 4 left
  for (int i = 0; i < 4; ++i) CHECK(limiter.take(t0) == rate_limiter::verdict::allow);
  CHECK(limiter.take(t0) == rate_limiter::verdict::refuse);
  limiter.charge(t0, 1000);   // far past empty: the debt stops at a burst (-20)
  CHECK(limiter.take(t0 + std::chrono::milliseconds(2000)) == rate_limiter::verdict::refuse);   // 20 back: 0
  CHECK(limiter.take(t0 + std::chrono::milliseconds(2100)) == rate_limiter::verdict::allow);    // 1 back
  // A charge of nothing (an answer under 4 KiB) changes nothing; a negative one gives nothing back.
  rate_limiter other(10, 2, 3);
  other.charge(t0, 0);
  other.charge(t0, -5);
  CHECK(other.take(t0) == rate_limiter::verdict::allow);
  CHECK(other.take(t0) == rate_limiter::verdict::allow);
  CHECK(other.take(t0) == rate_limiter::verdict::refuse);
}

TEST_CASE("fairness: the commitment is hex SHA-256 of salt ':' decimal seed") {
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(seed_commitment(42, "00ff") == sha256_hex("00ff:42"));
  const fair_seed a = draw_fair_seed();
  const fair_seed b = draw_fair_seed();
  CHECK(is_hex(a.salt, 32));
  CHECK(a.salt != b.salt);
  CHECK(is_hex(random_hex(128), 32));
}

TEST_CASE("replay: a 2000-action match seeks anywhere fast and exactly") {
  const engine::game_info* game = engine::find_game("space_war");
  REQUIRE(game);
  space_war::v1::Options options;   // the default contest limit: long matches
  std::unique_ptr<engine::match> m;
  engine::playout p;
  // Six random bots play long matches; take the first seed that gives 2,000 actions.
  for (std::uint64_t seed = 1; seed < 200 && p.log.size() < 2000; ++seed) {
    m = game->create(6, options, seed);
    std::vector<std::unique_ptr<engine::bot>> bots;
    for (int s = 0; s < 6; ++s) bots.push_back(game->bots[0].make(seed * 10 + static_cast<std::uint64_t>(s)));
    auto start = m->clone();
    p = engine::play_out(*m, bots, 5000, true);
    m = std::move(start);
  }
  REQUIRE(p.log.size() >= 2000);
  std::vector<storage::logged_action> log;
  for (const engine::action& a : p.log) log.push_back({static_cast<std::uint32_t>(log.size()), a, 0});
  log[1].cause = storage::move_cause::time_ran_out;
  log[2].cause = storage::move_cause::stand_in_bot;
  // Read in two parts, as a running match's replay is: the second picks up where it stopped.
  replay_cursor cursor(m->clone(), std::vector<storage::logged_action>(log.begin(), log.begin() + 1500));
  REQUIRE(cursor.catch_up(log));
  REQUIRE(cursor.valid());
  REQUIRE(cursor.total() == p.log.size());
  // The log's words say when the server moved for a seat, as the live log does.
  CHECK(cursor.words()[0] == m->describe(p.log[0]));
  CHECK(cursor.words()[1].ends_with(" (time ran out)"));
  CHECK(cursor.words()[2].ends_with(" (a bot, while the player is away)"));

  // Exact: the view at a step equals a straight re-play to that step.
  for (std::size_t step : {std::size_t{0}, std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{65},
                           std::size_t{1000}, p.log.size() - 1, p.log.size()}) {
    auto straight = m->clone();
    for (std::size_t i = 0; i < step; ++i) straight->play(p.log[i]);
    CHECK(cursor.at(step).same_state(*straight));
  }

  // Fast: random jumps, each one a seek plus the omniscient view a frame would carry.
  std::uint64_t x = 12345;
  double worst_ms = 0, total_ms = 0;
  const int jumps = 500;
  for (int i = 0; i < jumps; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const std::size_t step = static_cast<std::size_t>((x >> 33) % (cursor.total() + 1));
    const auto t0 = std::chrono::steady_clock::now();
    auto view = cursor.at(step).view(engine::viewer::omniscient());
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    worst_ms = std::max(worst_ms, ms);
    total_ms += ms;
    CHECK(view->ByteSizeLong() > 0);
  }
  std::printf("replay seek over %zu actions: %d random jumps, mean %.3f ms, worst %.3f ms (target < 50 ms)\n",
              cursor.total(), jumps, total_ms / jumps, worst_ms);
}
