// Bad input over a real connection: each gets its error (or its close code) and changes
// nothing. The rule checked is in each test's name.
#include <doctest/doctest.h>

#include "match_driver.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

TEST_CASE("protocol: everything before Hello is NOT_AUTHENTICATED") {
  server_fixture f;
  test_client c(f.port());
  CHECK(error_of(c.request(list_lobbies())) == v1::NOT_AUTHENTICATED);
  v1::ClientMessage play;
  play.mutable_play()->set_match_id("0123");
  play.mutable_play()->mutable_action()->set_kind(1);
  CHECK(error_of(c.request(play)) == v1::NOT_AUTHENTICATED);
  v1::ClientMessage ping;
  ping.mutable_ping();
  CHECK(error_of(c.request(ping)) == v1::NOT_AUTHENTICATED);
  c.hello("Ada");
  CHECK(c.request(list_lobbies()).has_lobby_list());
}

TEST_CASE("protocol: another protocol version is refused with PROTOCOL_VERSION") {
  server_fixture f;
  test_client c(f.port());
  CHECK(error_of(c.request(hello_message("Ada", "", v1::PROTOCOL_V1))) == v1::PROTOCOL_VERSION);   // a page from before V2
  CHECK(error_of(c.request(hello_message("Ada", "", v1::PROTOCOL_V2))) == v1::PROTOCOL_VERSION);   // a page from before V3
  CHECK(error_of(c.request(hello_message("Ada", "", 4))) == v1::PROTOCOL_VERSION);
  CHECK(error_of(c.request(hello_message("Ada", "", 0))) == v1::PROTOCOL_VERSION);
  CHECK(c.request(hello_message("Ada")).has_welcome());
}

TEST_CASE("protocol: Hello needs a valid name or a known token") {
  server_fixture f;
  test_client c(f.port());
  // (Neither name nor token is an anonymous viewer: viewer_test.cpp.)
  CHECK(error_of(c.request(hello_message(std::string(25, 'n')))) == v1::BAD_REQUEST);
  CHECK(error_of(c.request(hello_message("bell\a"))) == v1::BAD_REQUEST);
  CHECK(error_of(c.request(hello_message("", std::string(32, 'a')))) == v1::NOT_AUTHENTICATED);
  CHECK(error_of(c.request(hello_message("", "not-a-token"))) == v1::NOT_AUTHENTICATED);
  const v1::Welcome w = c.hello("Ada");
  CHECK(w.token().size() == 32);
  CHECK(error_of(c.request(hello_message("Ada"))) == v1::BAD_REQUEST);   // once per connection

  // The token resumes the same account, and is not sent again.
  test_client again(f.port());
  const v1::Welcome back = again.resume(w.token());
  CHECK(back.account_id() == w.account_id());
  CHECK(back.display_name() == "Ada");
  CHECK(back.token().empty());
}

TEST_CASE("protocol: a malformed frame gets MALFORMED_MESSAGE and the connection carries on") {
  server_fixture f;
  test_client c(f.port());
  c.send_bytes(std::string("\xff\xff\xff\xff\xff", 5));
  CHECK(error_of(c.read()) == v1::MALFORMED_MESSAGE);
  c.send_bytes("hello as text", false);
  CHECK(error_of(c.read()) == v1::MALFORMED_MESSAGE);
  c.send_bytes(std::string());   // parses, but has no body
  CHECK(error_of(c.read()) == v1::MALFORMED_MESSAGE);
  c.hello("Ada");
  c.send_bytes(std::string("\x0a\x05\x01", 3));   // a length running past the end
  CHECK(error_of(c.read()) == v1::MALFORMED_MESSAGE);
  c.send_bytes(std::string("\x52\x03\x1a\x01\xff", 5));   // Hello.display_name not UTF-8
  CHECK(error_of(c.read()) == v1::MALFORMED_MESSAGE);
  CHECK(c.request(list_lobbies()).has_lobby_list());
}

TEST_CASE("test client: a server that says nothing fails the read instead of hanging the test") {
  server_fixture f;
  test_client c(f.port());
  c.hello("Ada");
  c.read_timeout = std::chrono::milliseconds(300);
  CHECK_THROWS_WITH(c.read(), "the server sent nothing for 300 ms");
}

TEST_CASE("protocol: a message in several frames, or longer than one read, arrives whole") {
  server_fixture f;
  test_client c(f.port());
  c.hello("Ada");
  auto ping = [](std::uint64_t t, std::size_t padding) {
    v1::ClientMessage m;
    m.set_request_id(static_cast<std::uint32_t>(t));
    m.mutable_ping()->set_client_time_ms(t);
    std::string bytes = m.SerializeAsString();
    if (padding > 0) {   // an unknown field (number 9000, bytes): parsed and ignored
      bytes += std::string("\xc2\xb2\x04", 3);
      for (std::size_t n = padding; ; n >>= 7) {
        if (n < 0x80) { bytes += static_cast<char>(n); break; }
        bytes += static_cast<char>(0x80 | (n & 0x7f));
      }
      bytes += std::string(padding, 'p');
    }
    return bytes;
  };
  auto pong_for = [&](std::uint64_t t) {
    const v1::ServerMessage m = c.reply_to(static_cast<std::uint32_t>(t));
    REQUIRE(m.has_pong());
    CHECK(m.pong().client_time_ms() == t);
  };
  c.send_in_frames(ping(11, 0), 3);   // short, in three frames
  pong_for(11);
  c.send_bytes(ping(12, 5000));       // one frame, many reads
  pong_for(12);
  c.send_in_frames(ping(13, 5000), 7);
  c.send_bytes(ping(14, 0));          // right behind it: nothing of the long one is left over
  pong_for(13);
  pong_for(14);
}

TEST_CASE("protocol: a frame over 64 KiB closes the connection with 1009") {
  server_fixture f;
  test_client c(f.port());
  c.hello("Ada");
  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_text(std::string(70 * 1024, 'x'));
  // The server answers at the frame's header, while we still write the rest: it must read
  // our leftovers before closing, or the kernel's reset could cost us its close frame.
  c.send_bytes(chat.SerializeAsString());
  CHECK(c.read_close_code() == 1009);
  test_client other(f.port());   // the server itself carries on
  other.hello("Bea");
}

TEST_CASE("protocol: a flood gets RATE_LIMITED and persisting in it closes with 1008") {
  server_fixture f;
  test_client c(f.port());
  c.hello("Ada");
  v1::ClientMessage ping;
  ping.mutable_ping()->set_client_time_ms(7);
  const std::string frame = ping.SerializeAsString();
  for (int i = 0; i < 260; ++i) c.send_bytes(frame);   // the burst is 200
  c.read_until([](const v1::ServerMessage& m) { return m.has_error() && m.error().code() == v1::RATE_LIMITED; });
  for (int i = 0; i < 3000; ++i) c.send_bytes(frame);
  CHECK(c.read_close_code() == 1008);
}

TEST_CASE("lobby: an unknown invite code and a private lobby's id are NOT_FOUND") {
  server_fixture f;
  test_client host(f.port()), guest(f.port());
  host.hello("Host");
  guest.hello("Guest");
  v1::ClientMessage create = create_lobby(space_war_lobby(2, 10, true));
  const v1::ServerMessage created = host.request(create);
  REQUIRE(created.has_lobby());
  const std::string code = created.lobby().invite_code();
  CHECK(code.size() >= 20);   // at least 80 random bits

  v1::ClientMessage join = join_by_invite("0123456789abcdef01234567");
  CHECK(error_of(guest.request(join)) == v1::NOT_FOUND);
  join.mutable_join_lobby()->set_invite_code("");
  join.mutable_join_lobby()->set_lobby_id(created.lobby().lobby_id());
  CHECK(error_of(guest.request(join)) == v1::NOT_FOUND);
  const v1::ServerMessage listed = guest.request(list_lobbies());
  CHECK(listed.lobby_list().lobbies_size() == 0);   // private lobbies are never listed

  join.mutable_join_lobby()->set_lobby_id("");
  join.mutable_join_lobby()->set_invite_code(code);
  const v1::ServerMessage joined = guest.request(join);
  REQUIRE(joined.has_lobby());
  CHECK(joined.lobby().your_seat() == 1);
}

TEST_CASE("lobby: bad settings are BAD_OPTIONS and a fourth lobby is LIMIT_REACHED") {
  server_fixture f;
  test_client c(f.port());
  c.hello("Ada");
  v1::ClientMessage create = create_lobby(space_war_lobby(9, 10));
  CHECK(error_of(c.request(create)) == v1::BAD_OPTIONS);
  create.mutable_create_lobby()->mutable_settings()->set_seats(2);
  create.mutable_create_lobby()->mutable_settings()->set_options(std::string("\xff\xff", 2));
  CHECK(error_of(c.request(create)) == v1::BAD_OPTIONS);
  create.mutable_create_lobby()->mutable_settings()->set_game("chess");
  CHECK(error_of(c.request(create)) == v1::BAD_REQUEST);
  *create.mutable_create_lobby()->mutable_settings() = space_war_lobby(2, 10);
  for (int i = 0; i < 3; ++i) CHECK(c.request(create).has_lobby());
  CHECK(error_of(c.request(create)) == v1::LIMIT_REACHED);
  CHECK(c.request(list_lobbies()).lobby_list().lobbies_size() == 3);
}

TEST_CASE("lobby: a server holding --max-lobbies open lobbies answers CreateLobby with SERVER_BUSY") {
  server_fixture f({"--max-lobbies", "2"});
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  v1::ClientMessage create = create_lobby(space_war_lobby(2, 10));
  const std::string first = a.request(create).lobby().lobby_id();
  REQUIRE(b.request(create).has_lobby());
  // Bea is in one lobby of her 3: the server's total refuses her, not her own share.
  CHECK(error_of(b.request(create)) == v1::SERVER_BUSY);
  v1::ClientMessage leave;
  leave.mutable_leave_lobby()->set_lobby_id(first);
  REQUIRE(a.request(leave).has_lobby_closed());
  CHECK(b.request(create).has_lobby());   // a closed lobby makes room
}

TEST_CASE("lobby: chat reaches every member - over 500 characters is BAD_REQUEST - only the host starts") {
  server_fixture f;
  test_client host(f.port()), guest(f.port());
  host.hello("Host");
  guest.hello("Guest");
  v1::ClientMessage create = create_lobby(space_war_lobby(2, 10));
  const std::string lobby_id = host.request(create).lobby().lobby_id();
  v1::ClientMessage join = join_lobby(lobby_id);
  REQUIRE(guest.request(join).has_lobby());

  v1::ClientMessage chat;
  chat.mutable_send_chat()->set_lobby_id(lobby_id);
  chat.mutable_send_chat()->set_text("good luck");
  CHECK(guest.request(chat).chat().text() == "good luck");
  const v1::ServerMessage heard = host.read_until([](const v1::ServerMessage& m) { return m.has_chat(); });
  CHECK(heard.chat().from() == "Guest");
  chat.mutable_send_chat()->set_text(std::string(501, 'x'));
  CHECK(error_of(guest.request(chat)) == v1::BAD_REQUEST);
  chat.mutable_send_chat()->set_text("\u200b\u200b");   // nothing to see
  CHECK(error_of(guest.request(chat)) == v1::BAD_REQUEST);
  chat.mutable_send_chat()->set_text("gg \u202eyrros");   // shown reversed
  CHECK(error_of(guest.request(chat)) == v1::BAD_REQUEST);

  v1::ClientMessage start;
  start.mutable_start_match()->set_lobby_id(lobby_id);
  CHECK(error_of(guest.request(start)) == v1::FORBIDDEN);
  const v1::ServerMessage not_ready = host.request(start);
  CHECK(error_of(not_ready) == v1::BAD_REQUEST);
  CHECK(not_ready.error().detail() == "Waiting for Guest (seat 2) to be ready.");   // numbered as the page shows
}

TEST_CASE("lobby: reopening a lobby brings back the chat said since you sat down - the latest 50 lines") {
  server_fixture f({"--chat-burst", "1000"});   // more lines at once than a person's chat budget
  test_client host(f.port()), guest(f.port());
  host.hello("Host");
  guest.hello("Guest");
  v1::ClientMessage create = create_lobby(space_war_lobby(2, 10));
  const std::string lobby_id = host.request(create).lobby().lobby_id();
  auto say = [&](test_client& who, const std::string& text) {
    v1::ClientMessage chat;
    chat.mutable_send_chat()->set_lobby_id(lobby_id);
    chat.mutable_send_chat()->set_text(text);
    REQUIRE(who.request(chat).has_chat());
  };
  v1::ClientMessage join = join_lobby(lobby_id);
  auto lines_of = [](const v1::ServerMessage& m) {
    REQUIRE(m.lobby().has_recent_chat());
    std::vector<std::string> out;
    for (const v1::ChatLine& l : m.lobby().recent_chat().lines()) out.push_back(l.from() + ": " + l.text());
    return out;
  };
  say(host, "before you came");
  const v1::ServerMessage joined = guest.request(join);
  REQUIRE(joined.has_lobby());
  CHECK_FALSE(joined.lobby().has_recent_chat());   // only a member's reopening carries it
  say(guest, "hello");
  say(host, "welcome");
  // The host reopens (a reload): everything; the guest: only what was said since joining.
  CHECK(lines_of(host.request(join)) == std::vector<std::string>{"Host: before you came", "Guest: hello", "Host: welcome"});
  CHECK(lines_of(guest.request(join)) == std::vector<std::string>{"Guest: hello", "Host: welcome"});
  // Kept: the latest 50.
  for (int i = 0; i < 60; ++i) say(host, "line " + std::to_string(i));
  const std::vector<std::string> kept = lines_of(guest.request(join));
  REQUIRE(kept.size() == 50u);
  CHECK(kept.front() == "Host: line 10");
  CHECK(kept.back() == "Host: line 59");
  // And at most 16 KiB of text, whatever is said.
  for (int i = 0; i < 40; ++i) say(host, std::to_string(i) + std::string(498, 'x'));
  std::size_t bytes = 0;
  const std::vector<std::string> long_lines = lines_of(guest.request(join));
  for (const std::string& l : long_lines) bytes += l.size() - 2;   // less the ": "
  CHECK(bytes <= 16u * 1024);
  CHECK(long_lines.size() >= 30u);
  CHECK(long_lines.back().starts_with("Host: 39x"));
  // Chat pushed to others never carries the history; a Lobby push neither.
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_lobby_id(lobby_id);
  ready.mutable_set_ready()->set_ready(true);
  CHECK_FALSE(guest.request(ready).lobby().has_recent_chat());
}

TEST_CASE("lobby: a player the host removed cannot join that lobby again") {
  server_fixture f;
  test_client host(f.port()), guest(f.port()), other(f.port());
  host.hello("Host");
  guest.hello("Guest");
  other.hello("Other");
  v1::ClientMessage create = create_lobby(space_war_lobby(3, 10));
  const std::string lobby_id = host.request(create).lobby().lobby_id();
  v1::ClientMessage join = join_lobby(lobby_id);
  REQUIRE(guest.request(join).has_lobby());
  v1::ClientMessage kick = remove_seat(lobby_id, 1);
  REQUIRE(host.request(kick).has_lobby());
  CHECK(guest.read_until([](const v1::ServerMessage& m) { return m.has_lobby_closed(); }).lobby_closed().reason() == "removed by the host");
  // Back to the lobby's page (it sends JoinLobby by id): refused, and the seat stays open.
  CHECK(error_of(guest.request(join)) == v1::FORBIDDEN);
  const v1::ServerMessage seated = other.request(join);
  REQUIRE(seated.has_lobby());
  CHECK(seated.lobby().your_seat() == 1);
}

TEST_CASE("match: acting for another seat is FORBIDDEN - an old view is STALE_VIEW - a bad action gets the engine's code - nothing changes") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 20));
  REQUIRE(play_one(t));
  REQUIRE(play_one(t));
  // Whoever has a decision now acts wrongly in every way; the other one too.
  test_client& actor = a.matches[t.match_id].view.legal_actions_size() > 0 ? a : b;
  test_client& other = &actor == &a ? b : a;
  const std::uint32_t actor_seat = &actor == &a ? 0 : 1;
  const std::string a_before = a.matches[t.match_id].view.SerializeAsString();
  const std::string b_before = b.matches[t.match_id].view.SerializeAsString();
  const std::uint64_t number = actor.matches[t.match_id].number;
  REQUIRE(actor.matches[t.match_id].view.legal_actions_size() > 0);
  const v1::Action legal = actor.matches[t.match_id].view.legal_actions(0);

  v1::ClientMessage play;
  play.mutable_play()->set_match_id(t.match_id);
  play.mutable_play()->set_view_number(number);
  *play.mutable_play()->mutable_action() = legal;
  play.mutable_play()->mutable_action()->set_seat(1 - actor_seat);
  CHECK(error_of(actor.request(play)) == v1::FORBIDDEN);
  play.mutable_play()->mutable_action()->set_seat(7);
  CHECK(error_of(actor.request(play)) == v1::FORBIDDEN);
  *play.mutable_play()->mutable_action() = legal;
  play.mutable_play()->set_view_number(number - 1);
  CHECK(error_of(actor.request(play)) == v1::STALE_VIEW);
  play.mutable_play()->set_view_number(number + 5);
  CHECK(error_of(actor.request(play)) == v1::STALE_VIEW);
  play.mutable_play()->set_view_number(number);
  play.mutable_play()->mutable_action()->set_kind(99);
  CHECK(error_of(actor.request(play)) == v1::UNKNOWN_ACTION);
  play.mutable_play()->mutable_action()->set_kind(legal.kind());
  for (int i = 0; i < 3; ++i) play.mutable_play()->mutable_action()->add_args(5);
  CHECK(error_of(actor.request(play)) == v1::BAD_ARGUMENT);
  play.mutable_play()->set_match_id("ffffffffffffffffffffffffffffffff");
  CHECK(error_of(actor.request(play)) == v1::NOT_FOUND);
  // The other player may not act for this seat either.
  play.mutable_play()->set_match_id(t.match_id);
  *play.mutable_play()->mutable_action() = legal;
  play.mutable_play()->set_view_number(other.matches[t.match_id].number);
  CHECK(error_of(other.request(play)) == v1::FORBIDDEN);

  // Nothing changed: a resync shows the very same views under the same numbers.
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(t.match_id);
  const v1::ServerMessage snap_a = a.request(resync);
  REQUIRE(snap_a.has_match());
  a.read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  CHECK(a.matches[t.match_id].view.SerializeAsString() == a_before);
  CHECK(actor.matches[t.match_id].number == number);
  b.request(resync);
  b.read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  CHECK(b.matches[t.match_id].view.SerializeAsString() == b_before);

  // And the legal action still goes through, once.
  play.mutable_play()->set_view_number(number);
  const v1::ServerMessage ok = actor.request(play);
  CHECK(ok.has_view());
  CHECK(error_of(actor.request(play)) == v1::STALE_VIEW);   // a double click is refused
}
