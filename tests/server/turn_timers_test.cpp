// The turn timers in the view stream (docs/protocol.md, "Turn timers"): a seat whose turn
// starts afresh is a bit of ViewUpdate.full_turns, anything else its ms in deadlines_ms; a
// page that reads only what it was sent counts down the right time, for a seat, a
// spectator and after a reconnect.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>
#include <vector>

#include "match_driver.hpp"
#include "server/protocol/turn_timers.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;
namespace server = starport::server;

namespace {

struct written {
  std::vector<std::uint32_t> deadlines_ms;
  std::uint32_t full_turns = 0;
  std::uint32_t stopped_turns = 0;
};

written write(const std::vector<std::int64_t>& sent, const std::vector<std::int64_t>& now_deadlines, std::int64_t now,
              bool snapshot) {
  google::protobuf::RepeatedField<std::uint32_t> list;
  written w;
  server::write_turn_timers(sent, now_deadlines, now, 30000, snapshot, list, w.full_turns, w.stopped_turns);
  w.deadlines_ms.assign(list.begin(), list.end());
  return w;
}

std::vector<std::int64_t> read(const written& w, bool snapshot, std::int64_t received, std::vector<std::int64_t> had = {}) {
  REQUIRE(server::read_turn_timers(snapshot, w.deadlines_ms, w.full_turns, w.stopped_turns, 30000, received, had));
  return had;
}

// The last view update of `match_id` that `c` received, as it came on the wire.
v1::ViewUpdate last_update(const test_client& c) {
  for (auto it = c.frames.rbegin(); it != c.frames.rend(); ++it) {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(it->bytes));
    if (m.has_view()) return m.view();
  }
  FAIL("no view update");
  return {};
}

}  // namespace

TEST_CASE("turn timers: a timer longer than a whole turn (a computer waiting for an answer) keeps its milliseconds") {
  // A S.P.A.C.E. bot waits 12 s for the answer to its offer; in a match with shorter turns
  // that wait, told as a whole turn, read as the turn's length and ran out on the page early.
  const std::int64_t now = 1'000'000;
  const written w = write({0, 0}, {now + 30000 + 12000, now + 30000}, now, false);
  CHECK(w.full_turns == 0b10);   // seat 1's turn is still a bit; seat 0's wait is not one
  CHECK(w.deadlines_ms == std::vector<std::uint32_t>{42000, 0});
  CHECK(read(w, false, 500) == std::vector<std::int64_t>{42500, 30500});
  // Alone, the whole turn is still a bit.
  CHECK(write({0, 0}, {0, now + 30000}, now, false).full_turns == 0b10);
}

TEST_CASE("turn timers: both seats' turns starting afresh are one bit each, no milliseconds") {
  const std::int64_t now = 1'000'000;
  const written w = write({0, 0}, {now + 30000, now + 30000}, now, false);
  CHECK(w.full_turns == 0b11);
  CHECK(w.deadlines_ms.empty());
  CHECK(read(w, false, 500) == std::vector<std::int64_t>{30500, 30500});
  // Started a few ms before the update went out: still a whole turn (within the slack).
  CHECK(write({0, 0}, {now + 30000 - server::full_turn_slack_ms, 0}, now, false).full_turns == 0b01);
  CHECK(write({0, 0}, {now + 30000 - server::full_turn_slack_ms - 1, 0}, now, false).full_turns == 0);
}

TEST_CASE("turn timers: a timer that stops is a bit of stopped_turns, the others as they were - one that runs part-way keeps every seat's milliseconds") {
  const std::int64_t now = 1'000'000;
  // Seat 0 moved: its timer stops; seat 1's runs on, 12 s left, as the reader has it.
  const written stopped = write({now + 5000, now + 12000}, {0, now + 12000}, now, false);
  CHECK(stopped.full_turns == 0);
  CHECK(stopped.stopped_turns == 0b01);
  CHECK(stopped.deadlines_ms.empty());   // it was {0, 12000}: 6 bytes, now 3
  CHECK(read(stopped, false, 100, {7, 8}) == std::vector<std::int64_t>{0, 8});
  // Seat 0's turn starts afresh while seat 1's stops: two bits, no list.
  const written both = write({0, now + 12000}, {now + 30000, 0}, now, false);
  CHECK(both.full_turns == 0b01);
  CHECK(both.stopped_turns == 0b10);
  CHECK(both.deadlines_ms.empty());
  CHECK(read(both, false, 100, {0, 12100}) == std::vector<std::int64_t>{30100, 0});
  // Every seat stopped: bits, where it was a list of zeros.
  const written all = write({now + 5000, now + 12000}, {0, 0}, now, false);
  CHECK(all.stopped_turns == 0b11);
  CHECK(read(all, false, 100, {5, 6}) == std::vector<std::int64_t>{0, 0});
  // Seat 1's timer moved without starting afresh (a stand-in's shorter turn): the list, no bits.
  const written moved = write({now + 5000, now + 12000}, {0, now + 4000}, now, false);
  CHECK(moved.stopped_turns == 0);
  CHECK(moved.deadlines_ms == std::vector<std::uint32_t>{0, 4000});
  CHECK(read(moved, false, 100, {7, 8}) == std::vector<std::int64_t>{0, 4100});
  // Nothing changed: nothing sent, and the reader keeps what it had.
  const written same = write({now + 9000, 0}, {now + 9000, 0}, now, false);
  CHECK(same.full_turns == 0);
  CHECK(same.deadlines_ms.empty());
  CHECK(read(same, false, 100, {9000, 0}) == std::vector<std::int64_t>{9000, 0});
}

TEST_CASE("turn timers: a snapshot starts from no timers - a part-way turn in ms, a fresh one as a bit, none as nothing") {
  const std::int64_t now = 1'000'000;
  const written part_way = write({now + 30000, 0}, {now + 17000, 0}, now, true);
  CHECK(part_way.full_turns == 0);
  CHECK(part_way.deadlines_ms == std::vector<std::uint32_t>{17000, 0});
  CHECK(read(part_way, true, 0, {1, 2, 3}) == std::vector<std::int64_t>{17000, 0});
  const written fresh = write({now + 30000, 0}, {0, now + 30000}, now, true);
  CHECK(fresh.full_turns == 0b10);
  CHECK(fresh.deadlines_ms.empty());
  CHECK(read(fresh, true, 0, {5, 5}) == std::vector<std::int64_t>{0, 30000});
  const written none = write({now + 30000, 0}, {0, 0}, now, true);
  CHECK(none.full_turns == 0);
  CHECK(none.deadlines_ms.empty());
  CHECK(read(none, true, 0, {5, 5}).empty());
}

TEST_CASE("turn timers: seats beyond the bits, and a match without a turn length, keep the milliseconds") {
  const std::int64_t now = 1'000'000;
  std::vector<std::int64_t> many(server::full_turn_seats + 1, now + 30000);
  google::protobuf::RepeatedField<std::uint32_t> list;
  std::uint32_t full_turns = 0;
  std::uint32_t stopped_turns = 0;
  server::write_turn_timers({}, many, now, 30000, false, list, full_turns, stopped_turns);
  CHECK(full_turns == 0xFFFFFFFFu);
  REQUIRE(list.size() == static_cast<int>(many.size()));
  CHECK(list.Get(static_cast<int>(server::full_turn_seats)) == 30000);
  const std::vector<std::int64_t> one{now + 30000};
  server::write_turn_timers({}, one, now, 0, false, list, full_turns, stopped_turns);
  CHECK(full_turns == 0);
  CHECK(list.size() == 1);
  // A reader refuses a whole turn it cannot measure, and keeps its timers.
  std::vector<std::int64_t> had{42};
  const std::vector<std::uint32_t> no_list;
  CHECK_FALSE(server::read_turn_timers(false, no_list, 0b1, 0, 0, 100, had));
  CHECK(had == std::vector<std::int64_t>{42});
}

TEST_CASE("turn timers: a page reading only what it received counts a whole turn after a restart, as a seat, a spectator, and part-way after a reconnect") {
  using namespace std::chrono_literals;
  server_fixture f;
  auto a = std::make_unique<test_client>(f.port());
  auto b = std::make_unique<test_client>(f.port());
  test_client c(f.port());
  a->hello("Ada");
  b->hello("Bea");
  c.hello("Cid");
  table t = start_match(*a, {b.get()}, space_war_lobby(2, 30, false, true, 30));
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  const v1::ServerMessage info = c.request(watch);
  REQUIRE(info.has_match());
  CHECK(info.match().turn_seconds() == 30);   // a spectator learns the turn length too
  c.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  // The first turns' deadlines (a diff after the snapshots) have come by the first answer.
  std::this_thread::sleep_for(1500ms);   // the first turn runs down: a restart is told apart from it
  const std::vector<test_client*> everyone{a.get(), b.get(), &c};
  // Play until a move starts a seat's turn afresh (the contest's second flip, normally).
  bool restarted = false;
  for (int i = 0; i < 6 && !restarted; ++i) {
    REQUIRE(play_one(t, {&c}));
    restarted = last_update(c).full_turns() != 0;
  }
  REQUIRE(restarted);
  const std::uint32_t to_act = c.matches[t.match_id].view.seats_to_act();
  for (test_client* p : everyone) {
    const v1::ViewUpdate u = last_update(*p);
    CHECK(u.full_turns() == to_act);    // every seat to act starts a whole turn...
    CHECK(u.deadlines_ms_size() == 0);  // ...and no milliseconds travel for it
    for (std::size_t seat = 0; seat < 2; ++seat) {
      const std::int64_t left = p->matches[t.match_id].ms_left(seat);
      if ((to_act >> seat & 1) == 0) {
        CHECK(left == 0);
        continue;
      }
      CHECK(left <= 30000);
      CHECK(left > 29000);   // not the first turn's deadline, 1.5 s gone
    }
  }
  // Bea reloads a second later: her snapshot shows the turn part-way, in ms.
  std::this_thread::sleep_for(1000ms);
  const std::string token = b->token;
  b->close();
  b.reset();
  test_client b2(f.port());
  b2.resume(token);
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(t.match_id);
  REQUIRE(b2.request(resync).match().turn_seconds() == 30);
  b2.read_until([&](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  const v1::ViewUpdate snapshot = last_update(b2);
  CHECK(snapshot.full_turns() == 0);
  for (std::size_t seat = 0; seat < 2; ++seat) {
    const std::int64_t left = b2.matches[t.match_id].ms_left(seat);
    if ((to_act >> seat & 1) == 0) continue;
    CHECK(left < 29200);   // a second and more gone, counted by the server
    CHECK(left > 25000);
  }
  // A replay has no turn timers.
  v1::ClientMessage open;
  open.mutable_open_replay()->set_match_id(t.match_id);
  const v1::ServerMessage frame = a->request(open);
  REQUIRE(frame.has_replay_frame());
  CHECK(frame.replay_frame().match().turn_seconds() == 0);
}
