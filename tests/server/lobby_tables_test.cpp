// An account's tables as the lobby hub keeps them (its account → lobbies index): what
// Welcome lists and what the per-account limit counts follow every join, leave, removal
// and close.
#include <doctest/doctest.h>

#include <algorithm>

#include "match_driver.hpp"
#include "replies.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

std::vector<std::string> sorted(std::vector<std::string> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

std::vector<std::string> welcome_lobbies(const v1::Welcome& w) {
  return sorted({w.lobbies().begin(), w.lobbies().end()});
}

v1::ClientMessage leave_message(const std::string& lobby_id) {
  v1::ClientMessage m;
  m.mutable_leave_lobby()->set_lobby_id(lobby_id);
  return m;
}

}  // namespace

TEST_CASE("lobby: Welcome and the per-account limit follow an account through joining, leaving, removal and a close") {
  server_fixture f;
  test_client ada(f.port()), bea(f.port());
  ada.hello("Ada");
  bea.hello("Bea");
  const std::string shared = lobby_of(ada, create_lobby(space_war_lobby(3, 10))).lobby_id();
  REQUIRE(lobby_of(bea, join_lobby(shared)).your_seat() == 1);
  const std::string b = lobby_of(bea, create_lobby(space_war_lobby(2, 10))).lobby_id();
  const std::string c = lobby_of(bea, create_lobby(space_war_lobby(2, 10))).lobby_id();
  // Bea sits at three tables: the limit (3) refuses a fourth.
  refused(bea, create_lobby(space_war_lobby(2, 10)), v1::LIMIT_REACHED);

  // The host removes her from the shared table: one place is free again.
  REQUIRE(ada.request(remove_seat(shared, 1)).has_lobby());
  const std::string d = lobby_of(bea, create_lobby(space_war_lobby(2, 10))).lobby_id();
  refused(bea, create_lobby(space_war_lobby(2, 10)), v1::LIMIT_REACHED);

  // She leaves b (it closes: nobody is left there).
  REQUIRE(bea.request(leave_message(b)).has_lobby_closed());
  // Ada joins d; then Bea leaves it, so d stays open with Ada alone.
  REQUIRE(lobby_of(ada, join_lobby(d)).your_seat() == 1);
  REQUIRE(bea.request(leave_message(d)).has_lobby_closed());

  // Coming back, each is told exactly the tables they sit at.
  test_client bea_again(f.port()), ada_again(f.port());
  CHECK(welcome_lobbies(bea_again.resume(bea.token)) == sorted({c}));
  CHECK(welcome_lobbies(ada_again.resume(ada.token)) == sorted({shared, d}));
  // And Bea, at one table now, may open two more.
  CHECK(bea_again.request(create_lobby(space_war_lobby(2, 10))).has_lobby());
  CHECK(bea_again.request(create_lobby(space_war_lobby(2, 10))).has_lobby());
  refused(bea_again, create_lobby(space_war_lobby(2, 10)), v1::LIMIT_REACHED);
}

TEST_CASE("lobby: a rematch keeps everyone at the table within the limit on unfinished tables") {
  server_fixture f;
  test_client ada(f.port()), bea(f.port());
  ada.hello("Ada");
  bea.hello("Bea");
  const table t = start_match(ada, {&bea}, space_war_lobby(2, 3));
  play_to_end(t);
  ada.await_lobby(t.lobby_id, [](const v1::Lobby& l) { return l.match_id().empty(); });
  // The finished table does not count: Bea opens three more.
  std::vector<std::string> beas;
  for (int i = 0; i < 3; ++i) beas.push_back(lobby_of(bea, create_lobby(space_war_lobby(2, 10))).lobby_id());
  REQUIRE(bea.request(set_ready(t.lobby_id, true)).has_lobby());
  // A rematch would make it her fourth unfinished table.
  const v1::Error for_bea = refused(ada, start_message(t.lobby_id), v1::LIMIT_REACHED);
  CHECK(for_bea.detail().find("Bea is already at 3 tables that have not finished") == 0);
  REQUIRE(bea.request(leave_message(beas[0])).has_lobby_closed());
  // The host's own limit counts too.
  std::vector<std::string> adas;
  for (int i = 0; i < 3; ++i) adas.push_back(lobby_of(ada, create_lobby(space_war_lobby(2, 10))).lobby_id());
  const v1::Error for_ada = refused(ada, start_message(t.lobby_id), v1::LIMIT_REACHED);
  CHECK(for_ada.detail().find("You are already at 3 tables") == 0);
  REQUIRE(ada.request(leave_message(adas[0])).has_lobby_closed());
  CHECK(ada.request(start_message(t.lobby_id)).has_lobby());
}
