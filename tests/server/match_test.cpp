// Whole matches through the real server: two people to the end, a bot seat, reconnects,
// held seats, turn timers, spectators and resignation.
#include <doctest/doctest.h>

#include <algorithm>
#include <thread>

#include "match_driver.hpp"
#include "server/crypto.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;

namespace {

v1::ClientMessage resync_message(const std::string& match_id) {
  v1::ClientMessage m;
  m.mutable_resync()->set_match_id(match_id);
  return m;
}

void await_snapshot(test_client& c, const std::string& match_id) {
  c.read_until([&](const v1::ServerMessage& m) {
    return m.has_view() && m.view().match_id() == match_id && m.view().snapshot();
  });
}

}  // namespace

TEST_CASE("match: two players play a whole Space War match to the end and the seed is revealed") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 40));
  const std::string commitment = a.matches[t.match_id].info.seed_commitment();
  CHECK(commitment.size() == 64);
  CHECK(a.matches[t.match_id].info.revealed_salt().empty());
  const int played = play_to_end(t);
  CHECK(played > 40);
  for (test_client* c : {&a, &b}) {
    const test_client::match_state& s = c->matches[t.match_id];
    CHECK(s.view.outcome().over());
    CHECK(s.gaps == 0);
    CHECK(s.snapshots == 1);
    await_over(*c, t.match_id);
    const v1::MatchInfo& info = c->matches[t.match_id].info;
    CHECK(info.seed_commitment() == commitment);
    CHECK(starport::server::sha256_hex(info.revealed_salt() + ":" + std::to_string(info.revealed_seed())) == commitment);
  }
  CHECK(a.matches[t.match_id].view.outcome().SerializeAsString() == b.matches[t.match_id].view.outcome().SerializeAsString());
  // The lobby is free again for a rematch, and names the match that ended for its replay.
  // (Its push races the match's last MatchInfo, so it may already have been read.)
  const v1::Lobby lobby = a.await_lobby(t.lobby_id, [](const v1::Lobby& l) { return l.match_id().empty(); });
  CHECK(lobby.last_match_id() == t.match_id);
}

TEST_CASE("match: a bot holds a seat and plays its own moves") {
  server_fixture f;
  test_client a(f.port());
  a.hello("Ada");
  const table t = start_match(a, {}, space_war_lobby(3, 30), {"heuristic", "random"});
  const v1::MatchInfo& info = a.matches[t.match_id].info;
  REQUIRE(info.seats_size() == 3);
  CHECK_FALSE(info.seats(0).bot());
  CHECK(info.seats(1).bot());
  CHECK(info.seats(2).bot_kind() == "random");
  CHECK(info.seats(1).bot_kind() == "heuristic");
  CHECK(info.seats(1).name() != info.seats(2).name());   // each bot has its own name (table_kit_test.cpp)
  const int mine = play_against_bots(a, t.match_id);
  CHECK(mine > 0);
  CHECK(a.matches[t.match_id].view.outcome().over());
}

TEST_CASE("match: a player who reconnects mid-match gets a snapshot of the same state") {
  server_fixture f;
  test_client a(f.port());
  auto b = std::make_unique<test_client>(f.port());
  a.hello("Ada");
  b->hello("Bea");
  table t = start_match(a, {b.get()}, space_war_lobby(2, 30));
  for (int i = 0; i < 9; ++i) REQUIRE(play_one(t));
  const std::string b_view = b->matches[t.match_id].view.SerializeAsString();
  const std::string token = b->token;
  b->close();
  b.reset();

  test_client b2(f.port());
  const v1::Welcome w = b2.resume(token);
  REQUIRE(std::count(w.active_matches().begin(), w.active_matches().end(), t.match_id) == 1);
  // Each named with its game, so a page can say which game it is before it opens the match.
  REQUIRE(w.active_match_games_size() == w.active_matches_size());
  for (int i = 0; i < w.active_matches_size(); ++i)
    if (w.active_matches(i) == t.match_id) CHECK(w.active_match_games(i) == "space_war");
  CHECK(std::count(w.lobbies().begin(), w.lobbies().end(), t.lobby_id) == 1);
  const v1::ServerMessage info = b2.request(resync_message(t.match_id));
  REQUIRE(info.has_match());
  CHECK(info.match().your_seat() == 1);
  await_snapshot(b2, t.match_id);
  CHECK(b2.matches[t.match_id].view.SerializeAsString() == b_view);
  b2.step = a.step;
  t.players[1] = &b2;
  play_to_end(t);
  CHECK(b2.matches[t.match_id].view.outcome().over());
}

TEST_CASE("match: an absent player's seat is held and then played by a bot until they return") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "0.3"});
  test_client a(f.port());
  auto b = std::make_unique<test_client>(f.port());
  a.hello("Ada");
  b->hello("Bea");
  const table t = start_match(a, {b.get()}, space_war_lobby(2, 1000));
  const std::string token = b->token;
  b->close();
  b.reset();
  // Ada keeps playing; the stand-in answers for Bea.
  bool saw_stand_in = false, said_stand_in = false;
  int acted = 0;
  std::uint64_t acted_on = UINT64_MAX;
  while (acted < 12) {
    test_client::match_state& s = a.matches[t.match_id];
    if (s.info.seats_size() == 2 && s.info.seats(1).bot() && !s.info.seats(1).connected()) saw_stand_in = true;
    if (s.view.outcome().over()) break;
    if (s.view.legal_actions_size() > 0 && acted_on != s.number) {
      acted_on = s.number;
      a.send(play_action(t.match_id, s.number, s.view.legal_actions(0)));
      ++acted;
    }
    const v1::ServerMessage m = a.read();
    if (m.has_view() && m.view().log_line().find("(a bot, while the player is away)") != std::string::npos)
      said_stand_in = true;
  }
  CHECK(saw_stand_in);
  CHECK(said_stand_in);   // the log says who moved for her
  test_client b2(f.port());
  b2.resume(token);
  const v1::ServerMessage info = b2.request(resync_message(t.match_id));
  REQUIRE(info.has_match());
  CHECK_FALSE(info.match().seats(1).bot());   // back in their own hands
  CHECK(info.match().seats(1).connected());
}

TEST_CASE("match: when the turn timer runs out the game's timeout action is played") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 30, false, true, 1));
  REQUIRE(play_one(t));   // Ada flips; Bea does nothing
  const v1::ServerMessage timed_out = a.read_until([&](const v1::ServerMessage& m) {
    return m.has_view() && m.view().log_line().find("{seat:1} flips.") != std::string::npos;
  });
  CHECK(timed_out.view().number() > 0);
  // The log says the server moved for her, live and in the replay alike.
  CHECK(timed_out.view().log_line().find("{seat:1} flips. (time ran out)") != std::string::npos);
  v1::ClientMessage open;
  open.mutable_open_replay()->set_match_id(t.match_id);
  const v1::ServerMessage frame = a.request(open);
  REQUIRE(frame.has_replay_frame());
  REQUIRE(frame.replay_frame().action_log_size() >= 2);
  CHECK(frame.replay_frame().action_log(0).find("time ran out") == std::string::npos);   // Ada's own flip
  CHECK(frame.replay_frame().action_log(1).find("{seat:1} flips. (time ran out)") != std::string::npos);
  // Her next turn's deadline comes in the view stream with the move that ended the last
  // one, not in MatchInfo. Whether she acts next is the deal's: a power decision or the
  // battle's winner may act alone, and then she has no timer until the moves that follow
  // (nobody else plays here: each of them runs out of time too) give her a turn again.
  const test_client::match_state& seen = b.matches[t.match_id];
  for (int timeouts = 0;; ++timeouts) {
    REQUIRE(timeouts < 8);
    const v1::ServerMessage update = b.read_until([](const v1::ServerMessage& m) {
      return m.has_view() && m.view().log_line().find("(time ran out)") != std::string::npos;
    });
    const bool to_act = (seen.view.seats_to_act() >> 1 & 1) != 0;
    const bool told = (update.view().full_turns() >> 1 & 1) != 0 ||
                      (update.view().deadlines_ms_size() > 1 && update.view().deadlines_ms(1) != 0);
    CHECK(told == to_act);
    const std::int64_t left = seen.ms_left(1);
    if (!to_act) {
      CHECK(left == 0);
      continue;
    }
    CHECK(left > 500);     // this frame's fresh turn, not the one that ran out
    CHECK(left <= 1000);   // a 1 s timer, counted from when the page received it
    break;
  }
}

TEST_CASE("match: spectators get the public view and Watch is FORBIDDEN when spectators are not allowed") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), c(f.port());
  a.hello("Ada");
  b.hello("Bea");
  c.hello("Cid");
  const table open = start_match(a, {&b}, space_war_lobby(2, 30));
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(open.match_id);
  const v1::ServerMessage info = c.request(watch);
  REQUIRE(info.has_match());
  CHECK(info.match().spectator());
  await_snapshot(c, open.match_id);
  CHECK(c.matches[open.match_id].view.spectator());
  for (int i = 0; i < 6; ++i) REQUIRE(play_one(open, {&c}));
  CHECK(c.matches[open.match_id].view.legal_actions_size() == 0);
  CHECK(c.matches[open.match_id].gaps == 0);

  test_client d(f.port()), e(f.port());
  d.hello("Dee");
  e.hello("Eve");
  const table closed = start_match(d, {&e}, space_war_lobby(2, 30, true, false));
  watch.mutable_watch()->set_match_id(closed.match_id);
  const v1::ServerMessage refused = c.request(watch);
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == v1::FORBIDDEN);
}

TEST_CASE("match: resigning (action kind 0) ends a two-player match for the other player") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 30));
  v1::ClientMessage resign;
  resign.mutable_play()->set_match_id(t.match_id);
  resign.mutable_play()->set_view_number(a.matches[t.match_id].number);
  resign.mutable_play()->mutable_action()->set_seat(0);
  resign.mutable_play()->mutable_action()->set_kind(0);
  REQUIRE(a.request(resign).has_view());
  await_over(a, t.match_id);
  const v1::MatchInfo& info = a.matches[t.match_id].info;
  REQUIRE(info.outcome().winners_size() == 1);
  CHECK(info.outcome().winners(0) == 1);
}
