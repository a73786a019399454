// One port for everything: the web client's files (index.html for client routes, nothing
// outside the root), /healthz, /metrics; and a graceful shutdown on SIGTERM.
#include <doctest/doctest.h>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

TEST_CASE("http: the one port serves the web client and /healthz and /metrics") {
  server_fixture f;
  std::string body;
  CHECK(http_get(f.port(), "/healthz", body) == 200);
  CHECK(body == "ok\n");
  CHECK(http_get(f.port(), "/", body) == 200);
  CHECK(body.find("<title>starport</title>") != std::string::npos);
  CHECK(http_get(f.port(), "/assets/app.js", body) == 200);
  CHECK(body.find("console.log") != std::string::npos);
  CHECK(http_get(f.port(), "/lobby/0123abcd", body) == 200);   // the app routes this itself
  CHECK(body.find("<title>starport</title>") != std::string::npos);
  CHECK(http_get(f.port(), "/assets/nope.js", body) == 404);
  CHECK(http_get(f.port(), "/../secret.txt", body) == 404);
  CHECK(http_get(f.port(), "/%2e%2e/secret.txt", body) == 404);
  CHECK(http_get(f.port(), "/ws", body) == 426);

  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 30));
  for (int i = 0; i < 4; ++i) REQUIRE(play_one(t));
  CHECK(http_get(f.port(), "/metrics", body) == 200);
  for (const char* name : {"starport_connections 2", "starport_lobbies 1", "starport_matches 1",
                           "starport_actions_total 4", "starport_action_latency_seconds_bucket{le=\"+Inf\"} 4",
                           "starport_storage_queue_depth", "process_resident_memory_bytes ", "process_open_fds ",
                           "process_max_fds "})
    CHECK_MESSAGE(body.find(name) != std::string::npos, std::string(name));
  // The server holds at least its listener, its database and these two connections.
  const std::size_t at = body.find("\nprocess_open_fds ");
  REQUIRE(at != std::string::npos);
  CHECK(std::stod(body.substr(at + 18)) >= 4);
  const std::size_t rss = body.find("\nprocess_resident_memory_bytes ");
  REQUIRE(rss != std::string::npos);
  CHECK(std::stod(body.substr(rss + 31)) > 1e6);
}

TEST_CASE("shutdown: SIGTERM closes every session with 1001 (going away) and exits 0") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  CHECK(f.server->stop() == 0);
  CHECK(a.read_close_code() == 1001);
}
