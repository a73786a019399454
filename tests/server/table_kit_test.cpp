// Issue 12, server side, over real connections: the log comes back after a reload and a
// restart; bots have distinct names; Start, Ready, the lobby limit and the public list
// follow the lobby flow; PlayComputer starts a match in one request; every refusal is a
// sentence. (Preferences: preferences_test.cpp; anonymous viewers: viewer_test.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <thread>

#include "match_driver.hpp"
#include "replies.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {


v1::ServerMessage resync(test_client& c, const std::string& match_id) {
  v1::ClientMessage m;
  m.mutable_resync()->set_match_id(match_id);
  const v1::ServerMessage info = c.request(m);
  REQUIRE(info.has_match());
  return c.read_until([&](const v1::ServerMessage& x) {
    return x.has_view() && x.view().match_id() == match_id && x.view().snapshot();
  });
}

v1::ClientMessage play_computer(const std::string& game, const std::string& bot = {}, std::uint32_t seats = 0,
                                const std::string& options = {}) {
  v1::ClientMessage m;
  m.mutable_play_computer()->set_game(game);
  m.mutable_play_computer()->set_bot(bot);
  m.mutable_play_computer()->set_seats(seats);
  m.mutable_play_computer()->set_options(options);
  return m;
}


// A star name from the server's list: not "Bot (…)", not empty.
bool star_name(const std::string& name) {
  static const std::set<std::string> names{"Vega", "Orion",   "Lyra",    "Altair",  "Rigel", "Deneb",
                                           "Nova", "Sirius",  "Castor",  "Pollux",  "Antares", "Capella",
                                           "Electra", "Mira", "Polaris", "Spica"};
  return names.count(name) == 1;
}

// The Lobby that frees the table after `match_id` ended (test_client::await_lobby: the hub
// may push it before the match's last MatchInfo arrives).
v1::Lobby await_table_free(test_client& c, const std::string& lobby_id, const std::string& match_id) {
  return c.await_lobby(lobby_id, [&](const v1::Lobby& l) { return l.match_id().empty() && l.last_match_id() == match_id; });
}

// Plays Ada's side of a PlayComputer match until it ends (as a person would).
std::string play_computer_to_end(test_client& c, const std::string& options) {
  const v1::ServerMessage lobby = c.request(play_computer("space_war", "", 2, options));
  REQUIRE(lobby.has_lobby());
  const std::string match_id = lobby.lobby().match_id();
  REQUIRE_FALSE(match_id.empty());
  play_against_bots(c, match_id);
  await_over(c, match_id);
  // The hub has heard the match ended once the lobby says so.
  await_table_free(c, lobby.lobby().lobby_id(), match_id);
  return match_id;
}

}  // namespace

// ---- the log -------------------------------------------------------------------------

TEST_CASE("log history: a reloaded page and a new spectator get the lines so far, the same a connected player saw") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), watcher(f.port());
  a.hello("Ada");
  b.hello("Bea");
  watcher.hello("Wes");
  const table t = start_match(a, {&b}, space_war_lobby(2, 40));
  for (int i = 0; i < 12; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));
  const std::vector<std::string> seen = a.matches[t.match_id].log;
  REQUIRE(seen.size() >= 12);   // one line or more per action
  CHECK(b.matches[t.match_id].log == seen);   // public: every seat reads the same lines

  // Ada reloads: a new connection, a Resync, a snapshot carrying the log so far.
  test_client again(f.port());
  again.resume(a.token);
  const v1::ServerMessage snapshot = resync(again, t.match_id);
  CHECK(std::vector<std::string>(snapshot.view().log_history().begin(), snapshot.view().log_history().end()) == seen);
  CHECK(snapshot.view().log_line().empty());

  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  REQUIRE(watcher.request(watch).has_match());
  const v1::ServerMessage watched = watcher.read_until([](const v1::ServerMessage& m) { return m.has_view(); });
  CHECK(watched.view().snapshot());
  CHECK(std::vector<std::string>(watched.view().log_history().begin(), watched.view().log_history().end()) == seen);

  // Diffs never carry the history again.
  REQUIRE(play_one(t));
  const v1::ServerMessage next = watcher.read_until([](const v1::ServerMessage& m) { return m.has_view(); });
  CHECK_FALSE(next.view().snapshot());
  CHECK(next.view().log_history_size() == 0);
  CHECK_FALSE(next.view().log_line().empty());
}

TEST_CASE("log history: after kill -9 and a restart the lines are re-built from the action log, word for word") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "60"});
  std::string a_token, match_id;
  std::vector<std::string> seen;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 40));
    match_id = t.match_id;
    for (int i = 0; i < 15; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));
    seen = a.matches[match_id].log;
    a_token = a.token;
    f.server->kill9();
  }
  REQUIRE(seen.size() >= 15);
  f.start();
  test_client a(f.port());
  a.resume(a_token);
  const v1::ServerMessage snapshot = resync(a, match_id);
  CHECK(std::vector<std::string>(snapshot.view().log_history().begin(), snapshot.view().log_history().end()) == seen);
}

TEST_CASE("log history: what the deal set off opens the log, live, after a restart and in the replay") {
  // S.P.A.C.E.'s first Turn begins with each ship's encounter, before anyone moves: players
  // saw its results on the table and found no word of them anywhere.
  server_fixture f({"--bot-delay-ms", "60000", "--seat-hold-seconds", "60"});
  std::string token, match_id;
  std::vector<std::string> opening;
  {
    test_client a(f.port());
    a.hello("Ada");
    const v1::ServerMessage lobby = a.request(play_computer("scoundrels", "", 2));
    REQUIRE(lobby.has_lobby());
    match_id = lobby.lobby().match_id();
    const v1::ServerMessage first =
        a.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().match_id() == match_id; });
    REQUIRE(first.view().snapshot());
    opening.assign(first.view().log_history().begin(), first.view().log_history().end());
    // The first ship's encounter at least: a harmful one waits for its captain's answer
    // (a favor may cancel it), and the other ships' follow that move.
    REQUIRE_FALSE(opening.empty());
    CHECK(opening[0].find("meets the encounter") != std::string::npos);
    token = a.token;
    f.server->kill9();
  }
  f.start();
  test_client a(f.port());
  a.resume(token);
  const v1::ServerMessage snapshot = resync(a, match_id);
  CHECK(std::vector<std::string>(snapshot.view().log_history().begin(), snapshot.view().log_history().end()) == opening);
  const v1::ServerMessage frame = a.request(open_replay(match_id, 0, false));
  REQUIRE(frame.has_replay_frame());
  std::string joined;
  for (const std::string& line : opening) joined += (joined.empty() ? "" : "\n") + line;
  CHECK(frame.replay_frame().opening_log() == joined);
  CHECK(frame.replay_frame().action_log_size() == 0);
}

TEST_CASE("log history: a long match keeps only the latest 500 lines, oldest first") {
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  test_client a(f.port());
  a.hello("Ada");
  const table t = start_match(a, {}, space_war_lobby(6, 400), {"random", "random", "random", "random", "random"});
  // Six seats: every contest is at least six lines (six flips).
  // Plays until 620 lines or more, then stops at a flip of hers (the table waits for her),
  // or to the end (a finished match still answers Resync for a while): either way nothing
  // moves between what Ada saw and the snapshot.
  std::uint64_t acted_on = UINT64_MAX;
  for (;;) {
    test_client::match_state& s = a.matches[t.match_id];
    if (s.info.over()) break;
    if (s.view.legal_actions_size() > 0 && acted_on != s.number) {
      if (s.log.size() >= 620) break;
      acted_on = s.number;
      a.send(play_action(t.match_id, s.number, s.view.legal_actions(0)));
    }
    const v1::ServerMessage m = a.read();
    if (m.has_error()) REQUIRE_MESSAGE(m.error().code() == v1::STALE_VIEW, m.ShortDebugString());
  }
  // The bots' last moves of this step may still be on their way (they move at once).
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  a.fence();
  test_client again(f.port());
  again.resume(a.token);
  const v1::ServerMessage snapshot = resync(again, t.match_id);
  a.fence();
  const std::vector<std::string> seen = a.matches[t.match_id].log;
  REQUIRE(seen.size() > 500);
  REQUIRE(snapshot.view().log_history_size() == 500);
  const std::vector<std::string> history(snapshot.view().log_history().begin(), snapshot.view().log_history().end());
  CHECK(history == std::vector<std::string>(seen.end() - 500, seen.end()));   // the latest 500, oldest first
}

// ---- bots and names --------------------------------------------------------------------

TEST_CASE("bots: each bot seat gets a distinct star name, never a player's, and the match shows name and kind") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Vega");   // the first name on the list: the bots must pick others
  const table t = start_match(a, {}, space_war_lobby(5, 10), {"random", "heuristic", "heuristic", "random"});
  const v1::MatchInfo& info = a.matches[t.match_id].info;
  REQUIRE(info.seats_size() == 5);
  std::set<std::string> names;
  for (const v1::MatchSeat& s : info.seats()) names.insert(s.name());
  CHECK(names.size() == 5);
  CHECK(info.seats(0).name() == "Vega");
  CHECK(info.seats(0).bot_kind().empty());
  const char* const kinds[] = {"", "random", "heuristic", "heuristic", "random"};
  for (int i = 1; i < 5; ++i) {
    CHECK(star_name(info.seats(i).name()));
    CHECK(info.seats(i).name() != "Vega");
    CHECK(info.seats(i).bot());
    CHECK(info.seats(i).bot_kind() == kinds[i]);
  }
}

TEST_CASE("bots: a person who joins with a bot's name makes that bot take another") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  const v1::ServerMessage created = a.request(create_lobby(space_war_lobby(3, 10)));
  const std::string lobby_id = created.lobby().lobby_id();
  const v1::ServerMessage with_bot = a.request(add_bot(lobby_id, "random", 2));
  REQUIRE(with_bot.has_lobby());
  const std::string bot = with_bot.lobby().seats(2).name();
  CHECK(star_name(bot));
  CHECK(with_bot.lobby().seats(2).bot_kind() == "random");
  b.hello(bot);
  const v1::ServerMessage joined = b.request(join_lobby(lobby_id));
  REQUIRE(joined.has_lobby());
  CHECK(joined.lobby().seats(1).name() == bot);
  CHECK(joined.lobby().seats(2).name() != bot);
  CHECK(star_name(joined.lobby().seats(2).name()));
}

// ---- the lobby flow --------------------------------------------------------------------

TEST_CASE("lobby flow: Start is refused with a sentence until every seat is taken and every guest is ready") {
  server_fixture f;
  test_client host(f.port()), guest(f.port());
  host.hello("Host");
  guest.hello("Guest");
  const std::string three = guest.request(create_lobby(space_war_lobby(3, 3))).lobby().lobby_id();
  v1::ServerMessage refused = guest.request(start_message(three));
  CHECK(refused.error().detail() == "Seats 2 and 3 are still open: add bots or wait for players to join.");

  const std::string lobby_id = host.request(create_lobby(space_war_lobby(2, 3))).lobby().lobby_id();
  refused = host.request(start_message(lobby_id));
  CHECK(error_of(refused) == v1::BAD_REQUEST);
  CHECK(refused.error().detail() == "Seat 2 is still open: add a bot or wait for someone to join.");
  REQUIRE(guest.request(join_lobby(lobby_id)).has_lobby());
  refused = host.request(start_message(lobby_id));
  CHECK(error_of(refused) == v1::BAD_REQUEST);
  CHECK(refused.error().detail() == "Waiting for Guest (seat 2) to be ready.");

  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_lobby_id(lobby_id);
  ready.mutable_set_ready()->set_ready(true);
  REQUIRE(guest.request(ready).has_lobby());
  const v1::ServerMessage started = host.request(start_message(lobby_id));
  REQUIRE(started.has_lobby());
  const std::string match_id = started.lobby().match_id();
  REQUIRE_FALSE(match_id.empty());
  CHECK(started.lobby().seats(1).ready());

  // To the end; then the table asks everyone again before a rematch.
  for (test_client* c : {&host, &guest})
    c->read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().match_id() == match_id; });
  table t{lobby_id, match_id, {&host, &guest}};
  CHECK(play_to_end(t) > 0);
  const v1::Lobby after = await_table_free(host, lobby_id, match_id);
  CHECK_FALSE(after.seats(1).ready());
  refused = host.request(start_message(lobby_id));
  CHECK(error_of(refused) == v1::BAD_REQUEST);
  CHECK(refused.error().detail() == "Waiting for Guest (seat 2) to be ready.");
}

TEST_CASE("lobby flow: tables after their match do not count toward the 3-table limit") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  const std::string options = space_war_options(2);
  for (int i = 0; i < 3; ++i) play_computer_to_end(a, options);
  // Three finished tables: a fourth (and a fifth, sixth) still starts.
  const std::string waiting1 = a.request(create_lobby(space_war_lobby(2, 10))).lobby().lobby_id();
  const std::string waiting2 = a.request(create_lobby(space_war_lobby(2, 10))).lobby().lobby_id();
  const v1::ServerMessage running = a.request(play_computer("space_war", "random", 2, options));
  REQUIRE(running.has_lobby());
  CHECK_FALSE(waiting1.empty());
  CHECK_FALSE(waiting2.empty());
  // Three that have not finished: the next is refused, with a sentence.
  const v1::ServerMessage refused = a.request(create_lobby(space_war_lobby(2, 10)));
  CHECK(error_of(refused) == v1::LIMIT_REACHED);
  CHECK(is_sentence(refused.error().detail()));
  CHECK(error_of(a.request(play_computer("space_war"))) == v1::LIMIT_REACHED);
}

TEST_CASE("lobby flow: the public list shows only tables a visitor can join or watch") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), visitor(f.port());
  a.hello("Ada");
  b.hello("Bea");
  visitor.hello("Vic");
  // Joinable: an open seat, no match yet.
  const std::string open = a.request(create_lobby(space_war_lobby(3, 10))).lobby().lobby_id();
  // Full and waiting: nothing to do there.
  const std::string full = b.request(create_lobby(space_war_lobby(2, 10))).lobby().lobby_id();
  REQUIRE(b.request(add_bot(full, "random", 1)).has_lobby());
  // Running with spectators: watchable. Running without: nothing to do.
  test_client c(f.port()), d(f.port());
  c.hello("Cy");
  d.hello("Di");
  const table watchable = start_match(c, {}, space_war_lobby(2, 400, false, true), {"random"});
  const table closed = start_match(d, {}, space_war_lobby(2, 400, false, false), {"random"});
  // Finished: nothing to do (its replay is in the replay list).
  test_client e(f.port());
  e.hello("Eve");
  const table finished = start_match(e, {}, space_war_lobby(2, 2), {"random"});
  play_against_bots(e, finished.match_id);
  await_table_free(e, finished.lobby_id, finished.match_id);

  const v1::ServerMessage listed = visitor.request(list_lobbies());
  std::set<std::string> ids;
  for (const v1::LobbySummary& s : listed.lobby_list().lobbies()) {
    ids.insert(s.lobby_id());
    if (s.lobby_id() == watchable.lobby_id) CHECK(s.watch_match_id() == watchable.match_id);
  }
  CHECK(ids == std::set<std::string>{open, watchable.lobby_id});
  CHECK(ids.count(full) == 0);
  CHECK(ids.count(closed.lobby_id) == 0);
  CHECK(ids.count(finished.lobby_id) == 0);
}

// ---- PlayComputer -----------------------------------------------------------------------

TEST_CASE("play computer: one request makes a private table with named bots of the strongest kind and starts it") {
  server_fixture f;
  test_client a(f.port()), other(f.port());
  a.hello("Ada");
  other.hello("Otto");
  const v1::ServerMessage lobby = a.request(play_computer("space_war", "", 3, space_war_options(3)));
  REQUIRE(lobby.has_lobby());
  const v1::Lobby& l = lobby.lobby();
  CHECK_FALSE(l.match_id().empty());
  CHECK(l.settings().is_private());
  CHECK(l.settings().seats() == 3);
  CHECK(l.you_are_host());
  CHECK(l.your_seat() == 0);
  REQUIRE(l.seats_size() == 3);
  CHECK(l.seats(0).name() == "Ada");
  CHECK(l.seats(1).bot());
  CHECK(l.seats(1).bot_kind() == "heuristic");   // the game's last bot kind: its strongest
  CHECK(l.seats(2).bot_kind() == "heuristic");
  CHECK(star_name(l.seats(1).name()));
  CHECK(star_name(l.seats(2).name()));
  CHECK(l.seats(1).name() != l.seats(2).name());
  // The match runs: Ada gets its MatchInfo and snapshot, and can play it to the end.
  a.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().match_id() == l.match_id(); });
  CHECK(a.matches[l.match_id()].info.seats(1).bot_kind() == "heuristic");
  play_against_bots(a, l.match_id());
  CHECK(a.matches[l.match_id()].view.outcome().over());
  // Private: never listed.
  CHECK(other.request(list_lobbies()).lobby_list().lobbies_size() == 0);
}

TEST_CASE("play computer: the default seat count, and a bot kind asked for") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  const v1::ServerMessage lobby = a.request(play_computer("space_war", "random"));
  REQUIRE(lobby.has_lobby());
  CHECK(lobby.lobby().seats_size() >= 2);   // GameInfo.default_seats
  for (int i = 1; i < lobby.lobby().seats_size(); ++i) CHECK(lobby.lobby().seats(i).bot_kind() == "random");
}

TEST_CASE("play computer: every refusal is a sentence and makes no table") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  struct refusal {
    v1::ClientMessage ask;
    v1::ErrorCode code;
  };
  const refusal refusals[] = {
      {play_computer("chess"), v1::BAD_REQUEST},
      {play_computer("space_war", "grandmaster"), v1::BAD_REQUEST},
      {play_computer("space_war", "", 9), v1::BAD_OPTIONS},
      {play_computer("space_war", "", 1), v1::BAD_OPTIONS},
      {play_computer("space_war", "", 2, std::string("\xff\xff", 2)), v1::BAD_OPTIONS},
  };
  for (const refusal& r : refusals) {
    const v1::ServerMessage answer = a.request(r.ask);
    CHECK_MESSAGE(error_of(answer) == r.code, r.ask.ShortDebugString());
    CHECK_MESSAGE(is_sentence(answer.error().detail()), answer.error().detail());
  }
  const v1::ServerMessage no_bot = a.request(play_computer("space_war", "grandmaster"));
  CHECK(no_bot.error().detail().find("random") != std::string::npos);   // says what there is
  // Nothing was made: three tables may still be started.
  for (int i = 0; i < 3; ++i) CHECK(a.request(play_computer("space_war", "random", 2)).has_lobby());
  const v1::ServerMessage limit = a.request(play_computer("space_war"));
  CHECK(error_of(limit) == v1::LIMIT_REACHED);
  CHECK(is_sentence(limit.error().detail()));
}

TEST_CASE("errors: lobby refusals are sentences a player can act on") {
  server_fixture f;
  test_client host(f.port()), guest(f.port());
  host.hello("Host");
  guest.hello("Guest");
  const std::string lobby_id = host.request(create_lobby(space_war_lobby(2, 10))).lobby().lobby_id();
  std::vector<v1::ServerMessage> answers;
  answers.push_back(host.request(add_bot(lobby_id, "grandmaster", 1)));
  answers.push_back(host.request(remove_seat(lobby_id, 7)));
  answers.push_back(host.request(remove_seat(lobby_id, 1)));
  answers.push_back(host.request(remove_seat(lobby_id, 0)));
  answers.push_back(guest.request(start_message(lobby_id)));
  answers.push_back(guest.request(join_by_invite("0123456789abcdef01234567")));
  v1::ClientMessage bad = create_lobby(space_war_lobby(9, 10));
  answers.push_back(host.request(bad));
  for (const v1::ServerMessage& m : answers) {
    REQUIRE(m.has_error());
    CHECK_MESSAGE(is_sentence(m.error().detail()), m.error().detail());
    CHECK(m.error().detail().find("LobbyJoin") == std::string::npos);
  }
  CHECK(answers[1].error().detail() == "This table has no seat 8.");
  CHECK(answers[2].error().detail() == "Seat 2 is already open.");
}

TEST_CASE("lobby flow: past 20 tables in all, the server leaves the account's oldest finished one for it") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  const std::string options = space_war_options(2);
  std::vector<std::string> lobbies;
  for (int i = 0; i < 21; ++i) {
    const std::size_t before = a.frames.size();
    play_computer_to_end(a, options);
    a.fence();
    // The lobby of each match, in order (the first Lobby frame of this round).
    for (std::size_t k = before; k < a.frames.size(); ++k) {
      v1::ServerMessage m;
      m.ParseFromString(a.frames[k].bytes);
      if (m.has_lobby()) {
        lobbies.push_back(m.lobby().lobby_id());
        break;
      }
    }
  }
  REQUIRE(lobbies.size() == 21);
  // The 21st finished table left the first one: Ada was told, in a sentence. The lobby hub
  // does that when it hears the match ended, which may come after the fence's answer: read
  // on for it when it is not in yet (read_until fails the test after read_timeout).
  const auto first_closed = [&](const v1::ServerMessage& m) {
    return m.has_lobby_closed() && m.lobby_closed().lobby_id() == lobbies[0];
  };
  std::optional<v1::ServerMessage> told;
  for (const test_client::frame& fr : a.frames) {
    v1::ServerMessage m;
    m.ParseFromString(fr.bytes);
    if (first_closed(m)) told = m;
  }
  if (!told) told = a.read_until(first_closed);
  CHECK(told->lobby_closed().reason().find("oldest finished") != std::string::npos);
  test_client again(f.port());
  const v1::Welcome w = again.resume(a.token);
  CHECK(w.lobbies_size() == 20);
  CHECK(std::find(w.lobbies().begin(), w.lobbies().end(), lobbies[0]) == w.lobbies().end());
  CHECK(std::find(w.lobbies().begin(), w.lobbies().end(), lobbies[1]) != w.lobbies().end());
}
