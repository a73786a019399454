// A match's one timer (server/match/match_clock.cpp): a wait already pending for the next
// moment, or an earlier one, is kept rather than re-armed on every settle; it still fires
// on time, a wait that comes early fires nothing, and an earlier moment re-arms it.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "engine/registry.hpp"
#include "game_streams.hpp"
#include "match_driver.hpp"
#include "server_fixture.hpp"
#include "starport/v1/scoundrels.pb.h"

using namespace starport::server::testing;

namespace {

using steady = std::chrono::steady_clock;

double seconds_since(steady::time_point t) { return std::chrono::duration<double>(steady::now() - t).count(); }

double timer_waits(const server_fixture& f) { return metric(f.port(), "starport_match_timer_waits_total"); }

bool timed_out(const v1::ServerMessage& m) {
  return m.has_view() && m.view().log_line().find("(time ran out)") != std::string::npos;
}

}  // namespace

TEST_CASE("match timers: a turn deadline another seat's move leaves as it was is not re-armed, and runs out on time") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  const steady::time_point before_start = steady::now();   // both deadlines are set after this
  const table t = seat_two(a, b, 1);
  const steady::time_point started = steady::now();        // and before this
  const double waits = timer_waits(f);
  REQUIRE(waits >= 1);
  REQUIRE(play_one(t));   // Ada flips; Bea's deadline stays where it was
  CHECK(timer_waits(f) == waits);   // the settle kept the pending wait (it re-armed twice before)
  const v1::ServerMessage out = a.read_until(timed_out);
  CHECK(out.view().log_line().find("{seat:1} flips. (time ran out)") != std::string::npos);
  const double since_start = seconds_since(before_start);
  CHECK(since_start >= 1.0);                   // not before her deadline
  CHECK(seconds_since(started) < 1.0 + 4.0);   // and soon after it, not a turn later (CI runs it under ASan, two at once)
}

TEST_CASE("match timers: a wait pending for an earlier deadline than the new turn's fires nothing") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  const table t = seat_two(a, b, 1);
  const double waits = timer_waits(f);
  // Both flip half-way through the first turn: the next turn's deadlines are later than the
  // wait still pending for the first one's.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  REQUIRE(play_one(t));
  const steady::time_point second_flip = steady::now();   // the next turn's deadlines come after this
  REQUIRE(play_one(t));
  a.read_until(timed_out);
  CHECK(seconds_since(second_flip) >= 1.0);   // the early wait timed nobody out
  CHECK(timer_waits(f) >= waits + 1);         // it fired, and armed for the real deadline
}

TEST_CASE("match timers: an earlier moment re-arms the pending wait - a held seat's stand-in plays long before the turn timer") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "0.3"});
  test_client a(f.port());
  auto b = std::make_unique<test_client>(f.port());
  const table t = seat_two(a, *b, 60);   // a wait 60 s away
  REQUIRE(play_one(t));   // Ada flips
  const steady::time_point left = steady::now();
  b->close();
  b.reset();
  a.read_until([](const v1::ServerMessage& m) {
    return m.has_view() && m.view().log_line().find("(a bot, while the player is away)") != std::string::npos;
  });
  CHECK(seconds_since(left) < 10.0);   // the hold's 0.3 s, not the turn's 60
}

TEST_CASE("match timers: a seat a stand-in takes over shows no countdown while the bot thinks") {
  server_fixture f({"--bot-delay-ms", "1500", "--seat-hold-seconds", "0.3"});
  test_client a(f.port());
  auto b = std::make_unique<test_client>(f.port());
  const table t = seat_two(a, *b, 60);
  REQUIRE(play_one(t));   // Ada flips; Bea's 60 s turn runs
  const test_client::match_state& seen = a.matches[t.match_id];
  REQUIRE(seen.ms_left(1) > 0);
  b->close();
  b.reset();
  const auto stand_in_moved = [](const v1::ServerMessage& m) {
    return m.has_view() && m.view().log_line().find("(a bot, while the player is away)") != std::string::npos;
  };
  const v1::ServerMessage m = a.read_until([&](const v1::ServerMessage& x) { return stand_in_moved(x) || seen.ms_left(1) == 0; });
  CHECK_FALSE(stand_in_moved(m));   // Bea's countdown went when the stand-in took over, before its move
  CHECK(seen.ms_left(1) == 0);
  a.read_until(stand_in_moved);
  CHECK(seen.ms_left(1) == 0);      // and no timer runs for the bot's next turn
}

TEST_CASE("match timers: a bot waiting for the answer to its offer shows when it plays on, and only then") {
  // The S.P.A.C.E. bot gives the others about 12 s to answer its trade offer (its pause grows
  // by engine::bot::waits_for_others_ms); every page counts that down from the turn timers
  // rather than guessing. Its ordinary pauses show no timer.
  namespace sc = starport::scoundrels::v1;
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  const starport::engine::game_info* game = starport::engine::find_game("scoundrels");
  REQUIRE(game);
  bool seen_offer = false;
  int offer_to_me_from = -1;
  int bot_moves_without_offer = 0;
  // A match may end with no bot offering to Ada (about 1 in 4 has one): 40 at most, each
  // bounded, so that all 40 go without one about once in 100,000 runs.
  int match = 0;
  for (; match < 40 && offer_to_me_from < 0; ++match) {
    test_client a(f.port());
    a.hello("Ada");
    // Ada and three computers, as "Play against the computer" seats them, at a table that
    // lets spectators in (that one does not).
    v1::LobbySettings settings;
    settings.set_game("scoundrels");
    settings.set_seats(4);
    settings.set_allow_spectators(true);
    const table t = start_match(a, {}, settings, {"heuristic", "heuristic", "heuristic"});
    streams st;
    st.game = game;
    st.match_id = t.match_id;
    const test_client::match_state& seen = a.matches[st.match_id];
    std::set<std::uint32_t> offers_before;
    for (int i = 0; i < 20000 && offer_to_me_from < 0 && !st.info.over(); ++i) {
      // The first pass reads the snapshot start_match stopped at (Ada may have to act on it).
      v1::ServerMessage frame;
      if (i == 0) {
        sync(a, st);
        REQUIRE(frame.ParseFromString(a.frames.back().bytes));
      } else {
        frame = read_into(a, st);
      }
      if (!frame.has_view() || frame.view().match_id() != st.match_id || !st.seats[0].have) continue;
      const auto& view = static_cast<const sc::View&>(*st.seats[0].view);
      const std::uint32_t me = st.info.your_seat();
      std::set<std::uint32_t> offers_now;
      for (const sc::Offer& o : view.offers()) {
        offers_now.insert(o.id());
        if (o.from() == me || offers_before.count(o.id())) continue;
        // A bot's new offer: the update showing it counts down its wait, 12 s from now.
        INFO(frame.view().log_line());
        CHECK(seen.ms_left(o.from()) > 10000);
        CHECK(seen.ms_left(o.from()) <= 12000 + 50);
        seen_offer = true;
        if (o.to() == me) offer_to_me_from = static_cast<int>(o.from());
      }
      offers_before = std::move(offers_now);
      if (offer_to_me_from >= 0) {
        // The bot waits for Ada, who does not answer. A spectator who comes in now sees the
        // same wait, part-way, in its snapshot: the offer is public (who offers whom; the
        // face-down items only to the two seats), and so is when its proposer plays on.
        const auto from = static_cast<std::uint32_t>(offer_to_me_from);
        test_client c(f.port());
        c.hello("Cid");
        v1::ClientMessage watch;
        watch.mutable_watch()->set_match_id(st.match_id);
        REQUIRE(c.request(watch).has_match());
        if (!c.matches[st.match_id].have_view)
          c.read_until([&](const v1::ServerMessage& msg) { return msg.has_view() && msg.view().snapshot(); });
        const std::int64_t left = c.matches[st.match_id].ms_left(from);
        CHECK(left > 0);
        CHECK(left <= 12000 + 50);
        CHECK(std::abs(left - seen.ms_left(from)) < 1000);   // the seat's page and the spectator's agree
        break;
      }
      for (std::uint32_t bot = 0; bot < 4; ++bot)
        if (bot == me) continue;
        else if (seen.ms_left(bot) == 0) ++bot_moves_without_offer;
        else if (std::none_of(view.offers().begin(), view.offers().end(), [&](const sc::Offer& o) { return o.from() == bot; }))
          FAIL_CHECK("seat " << bot << " shows a timer with no offer of its own open");
      // Ada plays on, never offering: the first legal move that is not a proposal.
      streams::one& mine = st.seats[0];
      if (mine.acted_on == mine.number) continue;
      for (const v1::Action& act : legal_in(view)) {
        if (act.kind() == sc::PROPOSE || act.kind() == sc::RESIGN) continue;
        mine.acted_on = mine.number;
        a.send(play_action(st.match_id, mine.number, act));
        break;
      }
    }
  }
  MESSAGE("matches played until a bot offered Ada a trade: " << match);
  CHECK(seen_offer);
  CHECK(offer_to_me_from >= 0);
  CHECK(bot_moves_without_offer > 0);
}

namespace {

namespace sc = starport::scoundrels::v1;

// Moves from `from` that bring a ship nearer `to` on the board (breadth-first distances).
int steps_between(const sc::Board& board, std::uint32_t from, std::uint32_t to) {
  std::vector<int> dist(static_cast<std::size_t>(board.locations_size()), -1);
  std::vector<std::uint32_t> queue{to};
  dist[to] = 0;
  for (std::size_t at = 0; at < queue.size(); ++at)
    for (std::uint32_t n : board.locations(static_cast<int>(queue[at])).neighbours())
      if (dist[n] < 0) {
        dist[n] = dist[queue[at]] + 1;
        queue.push_back(n);
      }
  return dist[from];
}

// A move for a seat that wants to meet the other ship and offer it a trade: the offer when
// there is one, else a step towards the other ship, else anything but a fight.
v1::Action towards_a_trade(const sc::View& view, std::uint32_t me) {
  const std::vector<v1::Action> legal = legal_in(view);
  const std::uint32_t here = view.ships(static_cast<int>(me)).location();
  const std::uint32_t there = view.ships(static_cast<int>(1 - me)).location();
  for (const v1::Action& a : legal)
    if (a.kind() == sc::PROPOSE) return a;
  for (const v1::Action& a : legal)
    if (a.kind() == sc::MOVE && steps_between(view.board(), a.args(0), there) < steps_between(view.board(), here, there))
      return a;
  for (const v1::Action& a : legal)
    if (a.kind() != sc::MOVE && a.kind() != sc::BRAWL && a.kind() != sc::RESIGN) return a;
  return legal.front();
}

}  // namespace

TEST_CASE("match timers: a player's clock stops while their trade offer awaits its answer, and a whole turn starts when it comes") {
  // The target may take most of its own turn to answer; the proposer, who usually wants to
  // play on with what the answer gave, then has a whole turn, not what was left of its own.
  server_fixture f({"--bot-delay-ms", "0", "--rate", "100000", "--burst", "100000"});
  const starport::engine::game_info* game = starport::engine::find_game("scoundrels");
  REQUIRE(game);
  constexpr std::int64_t turn_ms = 60000;
  bool answered = false;
  int match = 0;
  // The two ships meet with something to trade in most matches; 10 at most.
  for (; match < 10 && !answered; ++match) {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    v1::LobbySettings settings;
    settings.set_game("scoundrels");
    settings.set_seats(2);
    settings.set_turn_seconds(turn_ms / 1000);
    const table t = start_match(a, {&b}, settings);
    std::array<streams, 2> st;
    for (std::uint32_t seat = 0; seat < 2; ++seat) {
      st[seat].game = game;
      st[seat].match_id = t.match_id;
      sync(*t.players[seat], st[seat]);
    }
    // A connection holding one seat has one stream, unnamed (ViewUpdate.seat 0).
    const auto view_of = [&](std::uint32_t seat) -> const sc::View& {
      REQUIRE(st[seat].seats[0].have);
      return static_cast<const sc::View&>(*st[seat].seats[0].view);
    };
    // One seat plays, by a PlayAction answered with its next view; the other reads until the
    // same move's update (every move sends each seat one). A ping round trip would not do: the
    // match sends to the two connections one after the other, so the other's pong can come first.
    const auto play = [&](std::uint32_t seat, const v1::Action& act) {
      test_client& c = *t.players[seat];
      test_client& other = *t.players[1 - seat];
      sync(other, st[1 - seat]);
      const std::uint64_t before = st[1 - seat].seats[0].number;
      const v1::ServerMessage reply = c.request(play_action(t.match_id, st[seat].seats[0].number, act));
      REQUIRE_MESSAGE(reply.has_view(), reply.ShortDebugString());
      sync(c, st[seat]);
      while (st[1 - seat].seats[0].number == before) read_into(other, st[1 - seat]);
    };
    for (int step = 0; step < 3000 && !answered && !st[0].info.over(); ++step) {
      std::uint32_t seat = 2;
      for (std::uint32_t s = 0; s < 2 && seat == 2; ++s)
        if (!legal_in(view_of(s)).empty()) seat = s;
      if (seat == 2) break;   // the match is over (its MatchInfo may still be on its way)
      const v1::Action act = towards_a_trade(view_of(seat), seat);
      play(seat, act);
      if (act.kind() != sc::PROPOSE) continue;
      const std::uint32_t target = 1 - seat;
      test_client& proposer = *t.players[seat];
      test_client& answerer = *t.players[target];
      REQUIRE(view_of(seat).offers_size() == 1);
      // While the offer is open the target's clock runs, the proposer's does not, on both pages.
      CHECK(proposer.matches[t.match_id].ms_left(seat) == 0);
      CHECK(answerer.matches[t.match_id].ms_left(seat) == 0);
      CHECK(answerer.matches[t.match_id].ms_left(target) > turn_ms - 5000);
      // The target takes its time, then declines.
      std::this_thread::sleep_for(std::chrono::milliseconds(2500));
      v1::Action decline;
      for (const v1::Action& x : legal_in(view_of(target)))
        if (x.kind() == sc::DECLINE) decline = x;
      REQUIRE(decline.kind() == sc::DECLINE);
      play(target, decline);
      REQUIRE(view_of(seat).offers_size() == 0);
      // The proposer's turn goes on, with a whole turn on its clock (its old one had 2.5 s less).
      REQUIRE(!legal_in(view_of(seat)).empty());
      CHECK(proposer.matches[t.match_id].ms_left(seat) > turn_ms - 1000);
      CHECK(answerer.matches[t.match_id].ms_left(seat) > turn_ms - 1000);
      CHECK(answerer.matches[t.match_id].ms_left(target) == 0);
      answered = true;
    }
  }
  MESSAGE("matches played until one ship offered the other a trade: " << match);
  CHECK(answered);
}
