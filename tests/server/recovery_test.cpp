// Non-negotiable 2: an action a client saw accepted survives kill -9; the match resumes
// after a restart on the same data directory and the players reconnect into their seats.
#include <doctest/doctest.h>

#include <algorithm>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

void rejoin(test_client& c, const std::string& token, const std::string& match_id) {
  const v1::Welcome w = c.resume(token);
  REQUIRE(std::count(w.active_matches().begin(), w.active_matches().end(), match_id) == 1);
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(match_id);
  REQUIRE(c.request(resync).has_match());
  c.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
}

}  // namespace

TEST_CASE("recovery: kill -9 mid-match then restart - both players resume from snapshots of the same state") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "60"});
  std::string a_token, b_token, a_view, b_view, match_id;
  int played = 0;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 40));
    match_id = t.match_id;
    for (; played < 17; ++played) REQUIRE(play_one(t, {}, static_cast<unsigned>(played)));
    // The last action's answer has arrived: the crash comes right after an acceptance.
    a_token = a.token;
    b_token = b.token;
    a_view = a.matches[match_id].view.SerializeAsString();
    b_view = b.matches[match_id].view.SerializeAsString();
    f.server->kill9();
  }
  f.start();
  test_client a(f.port()), b(f.port());
  rejoin(a, a_token, match_id);
  rejoin(b, b_token, match_id);
  CHECK(a.matches[match_id].view.SerializeAsString() == a_view);
  CHECK(b.matches[match_id].view.SerializeAsString() == b_view);
  CHECK(a.matches[match_id].info.seats(0).name() == "Ada");

  // The match goes on to its end from there.
  table t{"", match_id, {&a, &b}};
  a.step = b.step = static_cast<std::uint32_t>(played);
  CHECK(play_to_end(t) > 0);
  CHECK(a.matches[match_id].view.outcome().over());
  await_over(a, match_id);
}

TEST_CASE("recovery: a lobby survives a restart and its host finds it again") {
  server_fixture f;
  std::string token, lobby_id;
  {
    test_client host(f.port());
    host.hello("Host");
    token = host.token;
    v1::ClientMessage create = create_lobby(space_war_lobby(3, 10));
    lobby_id = host.request(create).lobby().lobby_id();
    f.server->kill9();
  }
  f.start();
  test_client host(f.port());
  const v1::Welcome w = host.resume(token);
  REQUIRE(std::count(w.lobbies().begin(), w.lobbies().end(), lobby_id) == 1);
  const v1::ServerMessage lobby = host.read_until([](const v1::ServerMessage& m) { return m.has_lobby(); });
  CHECK(lobby.lobby().you_are_host());
  CHECK(lobby.lobby().seats(0).name() == "Host");
}

TEST_CASE("recovery: a lobby names the match it last ran across kill -9 and a restart") {
  server_fixture f;
  std::string token;
  table t;
  {
    test_client host(f.port());
    host.hello("Host");
    token = host.token;
    t = start_match(host, {}, space_war_lobby(2, 30), {"random"});
    play_against_bots(host, t.match_id);
    // (Its push races the match's last MatchInfo, so it may already have been read.)
    const v1::Lobby freed = host.await_lobby(t.lobby_id, [](const v1::Lobby& l) { return l.match_id().empty(); });
    CHECK(freed.last_match_id() == t.match_id);
    // Storage runs jobs in order: once this lobby is answered, the freed one is on disk.
    v1::ClientMessage own = create_lobby(space_war_lobby(2, 10));
    REQUIRE(host.request(own).has_lobby());
    f.server->kill9();
  }
  f.start();
  test_client host(f.port());
  host.resume(token);
  v1::ClientMessage look = join_lobby(t.lobby_id);
  const v1::ServerMessage lobby = host.request(look);
  REQUIRE(lobby.has_lobby());
  CHECK(lobby.lobby().match_id().empty());
  CHECK(lobby.lobby().last_match_id() == t.match_id);
  // The name leads to the replay, whole: the match is over.
  v1::ClientMessage open;
  open.mutable_open_replay()->set_match_id(t.match_id);
  const v1::ServerMessage frame = host.request(open);
  REQUIRE(frame.has_replay_frame());
  CHECK(frame.replay_frame().perspective() == "everything");
  CHECK(frame.replay_frame().total_steps() > 0);
}

TEST_CASE("recovery: a lobby's members and bots keep their seats across kill -9 and a restart") {
  server_fixture f;
  std::string guest_token, lobby_id;
  {
    test_client host(f.port()), guest(f.port());
    host.hello("Host");
    guest.hello("Guest");
    guest_token = guest.token;
    v1::ClientMessage create = create_lobby(space_war_lobby(3, 10));
    lobby_id = host.request(create).lobby().lobby_id();
    v1::ClientMessage join = join_lobby(lobby_id);
    REQUIRE(guest.request(join).has_lobby());
    v1::ClientMessage bot = add_bot(lobby_id, "heuristic", 2);
    REQUIRE(host.request(bot).has_lobby());
    // A new lobby is answered only once stored, and storage runs jobs in order: the seats
    // saved before it are on disk when this answer arrives.
    v1::ClientMessage own = create_lobby(space_war_lobby(2, 10));
    REQUIRE(guest.request(own).has_lobby());
    f.server->kill9();
  }
  f.start();
  test_client guest(f.port());
  const v1::Welcome w = guest.resume(guest_token);
  REQUIRE(std::count(w.lobbies().begin(), w.lobbies().end(), lobby_id) == 1);
  v1::ClientMessage look;
  look.mutable_join_lobby()->set_lobby_id(lobby_id);   // a member asking again gets the lobby
  const v1::ServerMessage lobby = guest.request(look);
  REQUIRE(lobby.has_lobby());
  REQUIRE(lobby.lobby().seats_size() == 3);
  CHECK(lobby.lobby().you_are_seated());
  CHECK(lobby.lobby().your_seat() == 1);
  CHECK(lobby.lobby().seats(0).name() == "Host");
  CHECK(lobby.lobby().seats(1).name() == "Guest");
  CHECK(lobby.lobby().seats(2).bot());
  CHECK_FALSE(lobby.lobby().seats(1).ready());   // everyone confirms again after a restart
}

TEST_CASE("recovery: a player the host removed still cannot join by the invite link after kill -9 and a restart") {
  server_fixture f;
  std::string guest_token, code;
  {
    test_client host(f.port()), guest(f.port());
    host.hello("Host");
    guest.hello("Guest");
    guest_token = guest.token;
    v1::ClientMessage create = create_lobby(space_war_lobby(3, 10, true));
    code = host.request(create).lobby().invite_code();
    v1::ClientMessage join = join_by_invite(code);
    const v1::ServerMessage joined = guest.request(join);
    REQUIRE(joined.has_lobby());
    v1::ClientMessage kick = remove_seat(joined.lobby().lobby_id(), 1);
    REQUIRE(host.request(kick).has_lobby());
    // Storage runs jobs in order: once this new lobby is answered, the kick is on disk.
    v1::ClientMessage own = create_lobby(space_war_lobby(2, 10));
    REQUIRE(host.request(own).has_lobby());
    f.server->kill9();
  }
  f.start();
  test_client guest(f.port()), other(f.port());
  guest.resume(guest_token);
  other.hello("Other");
  v1::ClientMessage join = join_by_invite(code);
  CHECK(error_of(guest.request(join)) == v1::FORBIDDEN);
  const v1::ServerMessage seated = other.request(join);   // the link itself still works
  REQUIRE(seated.has_lobby());
  CHECK(seated.lobby().your_seat() == 1);
}
