// Issue 12, item 10: "a public replay link opens without asking for a name". Hello with
// neither token nor name makes an anonymous viewer: no account, and only ListReplays,
// OpenReplay (not as a seat), Watch (public tables that allow spectators) and Ping.
#include <doctest/doctest.h>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

v1::Welcome anonymous_hello(test_client& c) {
  const v1::ServerMessage m = c.request(hello_message(""));
  REQUIRE(m.has_welcome());
  return m.welcome();
}

}  // namespace

TEST_CASE("anonymous viewer: Welcome without an account or token, with the game catalog") {
  server_fixture f;
  test_client v(f.port());
  const v1::Welcome w = anonymous_hello(v);
  CHECK(w.account_id().empty());
  CHECK(w.token().empty());
  CHECK(w.display_name().empty());
  CHECK(w.games_size() >= 1);
  CHECK(w.active_matches_size() == 0);
  // One Hello per connection: choosing a name later means a new connection.
  const v1::ServerMessage again = v.request(hello_message("Ada"));
  CHECK(error_of(again) == v1::BAD_REQUEST);
  test_client named(f.port());
  CHECK_FALSE(named.hello("Ada").account_id().empty());
}

TEST_CASE("anonymous viewer: may ping, list and open replays, and watch a public match") {
  server_fixture f;
  test_client a(f.port()), v(f.port());
  a.hello("Ada");
  const table finished = start_match(a, {}, space_war_lobby(2, 2), {"random"});
  play_against_bots(a, finished.match_id);
  const table running = start_match(a, {}, space_war_lobby(2, 400, false, true), {"random"});
  anonymous_hello(v);

  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(5);
  CHECK(v.request(ping).pong().client_time_ms() == 5);

  v1::ClientMessage list;
  list.mutable_list_replays()->set_game("space_war");
  const v1::ServerMessage replays = v.request(list);
  REQUIRE(replays.has_replay_list());

  const v1::ServerMessage frame = v.request(open_replay(finished.match_id, 1, false));
  REQUIRE(frame.has_replay_frame());
  CHECK(frame.replay_frame().match_id() == finished.match_id);

  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(running.match_id);
  const v1::ServerMessage info = v.request(watch);
  REQUIRE(info.has_match());
  CHECK(info.match().spectator());
  const v1::ServerMessage view = v.read_until([](const v1::ServerMessage& m) { return m.has_view(); });
  CHECK(view.view().snapshot());
}

TEST_CASE("anonymous viewer: everything else is NOT_AUTHENTICATED with 'Pick a display name first.'") {
  server_fixture f;
  test_client a(f.port()), v(f.port());
  a.hello("Ada");
  const table finished = start_match(a, {}, space_war_lobby(2, 2), {"random"});
  play_against_bots(a, finished.match_id);
  const v1::ServerMessage created = a.request(create_lobby(space_war_lobby(2, 10)));
  anonymous_hello(v);

  std::vector<v1::ClientMessage> refused;
  refused.push_back(list_lobbies());
  refused.push_back(create_lobby(space_war_lobby(2, 10)));
  refused.push_back(join_lobby(created.lobby().lobby_id()));
  refused.push_back(open_replay(finished.match_id, 1, true));   // as a seat: it has none
  v1::ClientMessage computer;
  computer.mutable_play_computer()->set_game("space_war");
  refused.push_back(computer);
  v1::ClientMessage prefs;
  prefs.mutable_set_preferences()->set_match_id(finished.match_id);
  refused.push_back(prefs);
  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_lobby_id(created.lobby().lobby_id());
  chat.mutable_send_chat()->set_text("hi");
  refused.push_back(chat);
  v1::ClientMessage play;
  play.mutable_play()->set_match_id(finished.match_id);
  refused.push_back(play);
  for (const v1::ClientMessage& m : refused) {
    const v1::ServerMessage answer = v.request(m);
    CHECK_MESSAGE(error_of(answer) == v1::NOT_AUTHENTICATED, m.ShortDebugString());
    CHECK(answer.error().detail() == "Pick a display name first.");
  }
  // Nothing was made: Ada's lobby is still the only one listed.
  CHECK(a.request(list_lobbies()).lobby_list().lobbies_size() == 1);
}

TEST_CASE("anonymous viewer: a private table's match is not watchable, even when it allows spectators") {
  server_fixture f;
  test_client a(f.port()), v(f.port()), named(f.port());
  a.hello("Ada");
  named.hello("Ned");
  const table t = start_match(a, {}, space_war_lobby(2, 400, true, true), {"random"});
  anonymous_hello(v);
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  const v1::ServerMessage refused = v.request(watch);
  CHECK(error_of(refused) == v1::FORBIDDEN);
  CHECK(refused.error().detail().find("private") != std::string::npos);
  // Nor is its replay before the end (the live public view by another door).
  const v1::ServerMessage early = v.request(open_replay(t.match_id, 1, false));
  CHECK(error_of(early) == v1::FORBIDDEN);
  CHECK(early.error().detail() == refused.error().detail());
  // (A named account with the match id still may, as before.)
  CHECK(named.request(watch).has_match());
  CHECK(named.request(open_replay(t.match_id, 1, false)).has_replay_frame());
}
