// Requirement: players walk away without leaving, so a lobby with no member online and no
// match running closes by itself after the idle time (--lobby-idle-seconds); a lobby that
// someone is still in, or whose match runs, stays.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "match_driver.hpp"
#include "server_fixture.hpp"
#include "test_client.hpp"

using namespace starport::server::testing;
namespace v1 = starport::v1;
using namespace std::chrono_literals;

namespace {

const std::vector<std::string> idle_one_second = {"--bot-delay-ms", "0", "--lobby-idle-seconds", "1"};

// The server's own count of open lobbies, from /metrics.
int open_lobbies(std::uint16_t port) {
  std::string body;
  if (http_get(port, "/metrics", body) != 200) return -1;
  const std::string name = "\nstarport_lobbies ";
  const auto at = body.find(name);
  return at == std::string::npos ? -1 : std::stoi(body.substr(at + name.size()));
}

bool refused_as(const v1::ServerMessage& m, v1::ErrorCode code) { return m.has_error() && m.error().code() == code; }

}  // namespace

TEST_CASE("lobby: a lobby no member is online in closes after the idle time, for good") {
  server_fixture f(idle_one_second);
  std::string token, lobby_id;
  {
    test_client host(f.port());
    host.hello("Host");
    token = host.token;
    v1::ClientMessage create = create_lobby(space_war_lobby(3, 10));
    lobby_id = host.request(create).lobby().lobby_id();
    REQUIRE(open_lobbies(f.port()) == 1);
  }   // the host closes the tab without leaving
  int open = 1;
  for (int i = 0; i < 100 && open != 0; ++i) {   // ~1-1.5 s expected, 10 s at most
    std::this_thread::sleep_for(100ms);
    open = open_lobbies(f.port());
  }
  CHECK(open == 0);

  test_client back(f.port());
  CHECK(back.resume(token).lobbies_size() == 0);
  v1::ClientMessage join = join_lobby(lobby_id);
  CHECK(refused_as(back.request(join), v1::NOT_FOUND));

  // Closed in storage too: a restart does not bring it back.
  back.close();
  REQUIRE(f.server->stop() == 0);
  f.start();
  test_client after(f.port());
  CHECK(after.resume(token).lobbies_size() == 0);
  CHECK(open_lobbies(f.port()) == 0);
}

TEST_CASE("lobby: a member online, or a running match, keeps a lobby open past the idle time") {
  server_fixture f(idle_one_second);
  test_client host(f.port());   // stays connected throughout
  host.hello("Host");
  v1::ClientMessage create = create_lobby(space_war_lobby(3, 10));
  const std::string waiting = host.request(create).lobby().lobby_id();
  {
    // A match against a bot whose player goes away: the seat is held (30 s by default),
    // the match runs on.
    test_client player(f.port());
    player.hello("Player");
    start_match(player, {}, space_war_lobby(2, 10), {"random"});
  }
  std::this_thread::sleep_for(3s);   // three idle times, twelve sweeps
  CHECK(open_lobbies(f.port()) == 2);
  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_lobby_id(waiting);
  chat.mutable_send_chat()->set_text("still here");
  host.send(chat);
  CHECK(host.read_until([](const v1::ServerMessage& m) { return m.has_chat() || m.has_error(); }).has_chat());
}
