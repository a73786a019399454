// The games catalog every Welcome carries (protocol.proto, GameInfo): the web client's
// create form and bot choice are built from it, so it must say exactly what the engine's
// registry holds, and so what CreateLobby and AddBot accept.
#include <doctest/doctest.h>

#include <string>

#include "engine/registry.hpp"
#include "server/lobby/game_catalog.hpp"
#include "server_fixture.hpp"
#include "test_client.hpp"

using namespace starport;
using namespace starport::server::testing;

namespace {

v1::ClientMessage create_lobby(const std::string& game, std::uint32_t seats) {
  v1::ClientMessage m;
  m.mutable_create_lobby()->mutable_settings()->set_game(game);
  m.mutable_create_lobby()->mutable_settings()->set_seats(seats);   // default options
  return m;
}

}  // namespace

TEST_CASE("catalog: Welcome lists every registered game with its seat range, default seats and bots") {
  server_fixture f;
  test_client c(f.port());
  const v1::Welcome w = c.hello("Ada");
  const auto registry = engine::games();
  REQUIRE(w.games_size() == static_cast<int>(registry.size()));
  for (int i = 0; i < w.games_size(); ++i) {
    const engine::game_info& g = *registry[static_cast<std::size_t>(i)];
    const v1::GameInfo& info = w.games(i);
    CAPTURE(g.id);
    CHECK(info.id() == g.id);
    CHECK(info.title() == g.title);
    CHECK(info.min_seats() == static_cast<std::uint32_t>(g.min_seats));
    CHECK(info.max_seats() == static_cast<std::uint32_t>(g.max_seats));
    CHECK(info.default_seats() == static_cast<std::uint32_t>(g.default_seats));
    CHECK(info.min_seats() <= info.default_seats());
    CHECK(info.default_seats() <= info.max_seats());
    REQUIRE(info.bots_size() == static_cast<int>(g.bots.size()));
    for (int b = 0; b < info.bots_size(); ++b) {
      const engine::bot_entry& bot = g.bots[static_cast<std::size_t>(b)];
      CAPTURE(bot.name);
      CHECK(info.bots(b).id() == bot.name);
      CHECK(info.bots(b).label() == server::bot_label(bot.name));
      CHECK(info.bots(b).summary() == bot.summary);
    }
  }

  // A returning browser's Welcome carries the same catalog.
  test_client again(f.port());
  const v1::Welcome back = again.resume(w.token());
  REQUIRE(back.games_size() == w.games_size());
  for (int i = 0; i < w.games_size(); ++i) CHECK(back.games(i).SerializeAsString() == w.games(i).SerializeAsString());
}

TEST_CASE("catalog: the advertised seat range, default seats and bots are what CreateLobby and AddBot accept") {
  server_fixture f;
  test_client probe(f.port());
  const v1::Welcome w = probe.hello("Probe");
  REQUIRE(w.games_size() > 0);
  for (const v1::GameInfo& info : w.games()) {
    CAPTURE(info.id());
    test_client host(f.port());   // one account per game: an account may hold only a few lobbies
    host.hello("Host");
    CHECK(error_of(host.request(create_lobby(info.id(), info.min_seats() - 1))) == v1::BAD_OPTIONS);
    CHECK(error_of(host.request(create_lobby(info.id(), info.max_seats() + 1))) == v1::BAD_OPTIONS);
    const v1::ServerMessage created = host.request(create_lobby(info.id(), info.default_seats()));
    REQUIRE_MESSAGE(created.has_lobby(), created.ShortDebugString());
    const std::string lobby_id = created.lobby().lobby_id();
    CHECK(created.lobby().seats_size() == static_cast<int>(info.default_seats()));
    REQUIRE(info.default_seats() >= 2);   // seat 1 takes each bot in turn below
    for (const v1::BotInfo& bot : info.bots()) {
      CAPTURE(bot.id());
      CHECK_FALSE(bot.label().empty());
      const v1::ServerMessage added = host.request(add_bot(lobby_id, bot.id(), 1));
      REQUIRE_MESSAGE(added.has_lobby(), added.ShortDebugString());
      CHECK(added.lobby().seats(1).bot());
      CHECK(added.lobby().seats(1).bot_kind() == bot.id());
      REQUIRE(host.request(remove_seat(lobby_id, 1)).has_lobby());
    }
    CHECK(error_of(host.request(add_bot(lobby_id, "no_such_bot", 1))) == v1::BAD_REQUEST);
  }
}

TEST_CASE("catalog: a bot's label is its name in players' words") {
  CHECK(server::bot_label("heuristic") == "Heuristic bot");
  CHECK(server::bot_label("random") == "Random bot");
  CHECK(server::bot_label("look_ahead") == "Look ahead bot");
}
