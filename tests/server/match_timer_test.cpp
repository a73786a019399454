// A match's one timer (server/match/match_clock.cpp): a wait already pending for the next
// moment, or an earlier one, is kept rather than re-armed on every settle; it still fires
// on time, a wait that comes early fires nothing, and an earlier moment re-arms it.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <thread>

#include "match_driver.hpp"
#include "server_fixture.hpp"

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
