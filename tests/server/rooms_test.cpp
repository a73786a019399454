// The rooms of server/ (docs/server.md, "What each room reaches"): each room's services
// object keeps the server's state alive while the room holds it, and a match comes to
// exist one way (open_match), entered in the directory and counted.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>

#include "engine/registry.hpp"
#include "server/config.hpp"
#include "server/lobby/lobby_services.hpp"
#include "server/match/match_actor.hpp"
#include "server/match/match_services.hpp"
#include "server/shared_state.hpp"
#include "storage/records.hpp"
#include "storage/worker.hpp"

namespace server = starport::server;

TEST_CASE("rooms: a room's services keep the server's state alive for as long as the room holds them") {
  server::config settings;
  boost::asio::io_context ioc{1};
  starport::storage::worker storage(":memory:");
  auto state = std::make_shared<server::shared_state>(settings, ioc, storage);
  std::weak_ptr<server::shared_state> alive = state;

  std::shared_ptr<server::lobby_services> lobby = lobby_room(state);
  std::shared_ptr<server::match_services> from_lobby = match_room(lobby);
  state.reset();
  CHECK_FALSE(alive.expired());
  CHECK(&from_lobby->settings() == &lobby->settings());   // one state behind both
  lobby.reset();
  CHECK_FALSE(alive.expired());   // a match the lobby opened outlives the lobby's hold
  from_lobby.reset();
  CHECK(alive.expired());
}

TEST_CASE("rooms: open_match enters the match in the directory, counts it, and makes it an account's active match") {
  server::config settings;
  boost::asio::io_context ioc{1};
  starport::storage::worker storage(":memory:");
  auto state = std::make_shared<server::shared_state>(settings, ioc, storage);
  auto lobby = lobby_room(state);

  const starport::engine::game_info* game = starport::engine::find_game("space_war");
  REQUIRE(game != nullptr);
  auto options = game->new_options();
  starport::storage::match_record record;
  record.id = "m-rooms";
  record.lobby_id = "l-rooms";
  record.game = "space_war";
  record.seats = {{0, "acct-a", "Ann", ""}, {1, "", "Bot", "random"}};
  CHECK(lobby->active_matches("acct-a").empty());
  CHECK(state->stats().matches() == 0);

  auto actor = open_match(match_room(lobby), record, game->create(2, *options, 7), 0);
  REQUIRE(actor != nullptr);
  CHECK(state->matches().find("m-rooms") == actor);
  CHECK(lobby->active_matches("acct-a") == std::vector<server::active_match>{{"m-rooms", "space_war"}});
  CHECK(lobby->active_matches("nobody").empty());
  CHECK(state->session_room().find_match("m-rooms") == actor);
  CHECK(state->stats().matches() == 1);

  actor->stop();
  state->matches().clear();
}
