// Space Race: the shared harness's properties for the option sets it does not try by itself
// (Cold War, JFK with 2 and 3 decks, another first player), and bots that finish every game.
#include <bit>

#include "engine/core/playout.hpp"
#include "engine/core/scenario.hpp"
#include "space_race_table.hpp"

using namespace starport::engine;

namespace {

const game_info& race() { return info_of<sr::state>(); }

std::string view_bytes(const match& m, viewer who) {
  std::string out;
  m.view(who)->SerializeToString(&out);
  return out;
}

// Random playouts: listed actions pass, a refused probe changes nothing, views ignore other
// seats' hidden cards, the game ends, and the log replays to the same state.
void random_playouts(const std::string& options_json, int seats, int games) {
  auto options = race().new_options();
  std::string error;
  REQUIRE_MESSAGE(from_json(options_json, *options, error), error);
  REQUIRE(race().validate(seats, *options));
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = 500 + static_cast<std::uint64_t>(g);
    auto m = race().create(seats, *options, seed);
    rng r(seed, 3);
    random_bot bot(seed);
    std::vector<action> legal, log;
    int steps = 0;
    while (!m->result().over && steps < 20000) {
      const int seat = next_seat(*m);
      REQUIRE(seat >= 0);
      m->legal_actions(seat, legal);
      for (const action& a : legal) REQUIRE(m->check(a));
      action probe = legal.front();
      probe.args[3] = 99;
      probe.argc = 4;
      auto before = m->clone();
      CHECK_FALSE(m->play(probe));
      CHECK(m->same_state(*before));
      if (steps % 7 == 0)
        for (int v = -1; v < seats; ++v) {
          viewer who = v < 0 ? viewer::spectator() : viewer::of_seat(v);
          const std::string seen = view_bytes(*m, who);
          for (int other = 0; other < seats; ++other) {
            if (other == v) continue;
            auto scrambled = m->clone();
            scrambled->scramble_hidden(other, r);
            CHECK(view_bytes(*scrambled, who) == seen);
          }
        }
      action a = bot_move(*m, seat, bot, legal);
      REQUIRE(m->play(a));
      log.push_back(a);
      ++steps;
    }
    REQUIRE(m->result().over);
    auto replayed = race().create(seats, *options, seed);
    for (const action& a : log) REQUIRE(replayed->play(a));
    CHECK(replayed->same_state(*m));
  }
}

}  // namespace

TEST_CASE("Properties: the Cold War with 2, 3 and 4 players") {
  for (int seats = 2; seats <= 4; ++seats) random_playouts(R"({"variant": "COLD_WAR"})", seats, 30);
}

TEST_CASE("Properties: JFK with 1, 2 and 3 opponent decks") {
  for (int decks = 1; decks <= 3; ++decks)
    random_playouts(R"({"variant": "JFK", "jfk_decks": )" + std::to_string(decks) + "}", 1, 30);
}

TEST_CASE("Properties: the standard game with another first player") {
  random_playouts(R"({"first_player": 2})", 3, 30);
}

TEST_CASE("Bots: the heuristic bot finishes every variant with legal moves only") {
  for (const auto& table : std::vector<std::pair<std::string, int>>{
           {"{}", 2}, {"{}", 4}, {R"({"variant": "COLD_WAR"})", 3}, {R"({"jfk_decks": 3})", 1}}) {
    // Not a structured binding: doctest's macros capture it in a lambda, which clang 14 refuses.
    const std::string& json = table.first;
    const int seats = table.second;
    auto options = race().new_options();
    std::string error;
    REQUIRE(from_json(json, *options, error));
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      auto m = race().create(seats, *options, seed);
      std::vector<std::unique_ptr<bot>> bots;
      for (int s = 0; s < seats; ++s) bots.push_back(race().find_bot(s % 2 ? "random" : "heuristic")->make(seed + s));
      playout p = play_out(*m, bots, 100000, false);
      CHECK_MESSAGE(p.finished, json << " seed " << seed);
    }
  }
}

TEST_CASE("Bots: the heuristic bot outscores the random bot") {
  auto options = race().new_options();
  int wins = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto m = race().create(2, *options, seed);
    std::vector<std::unique_ptr<bot>> bots;
    bots.push_back(race().find_bot("heuristic")->make(seed));
    bots.push_back(race().find_bot("random")->make(seed));
    play_out(*m, bots, 100000, false);
    wins += has_seat(m->result().winners, 0);
  }
  CHECK(wins >= 36);
}
