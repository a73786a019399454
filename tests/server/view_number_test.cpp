// A diff leaves out its number when it is its stream's previous + 1 (docs/protocol.md,
// "Views, numbers, diffs and snapshots"; server/protocol/view_number.hpp): what goes on the
// wire, and that every reader — a page, a second page of the same seat joining later, a
// reconnect, a spectator — counts the same numbers the server checks PlayAction against.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "match_driver.hpp"
#include "server/protocol/view_number.hpp"
#include "server_fixture.hpp"

using namespace starport;
using namespace starport::server;
using namespace starport::server::testing;

TEST_CASE("view numbers: a snapshot carries its number, a diff without one is the previous + 1, one with one says it") {
  CHECK(view_number(true, 7, 41) == 7);    // a snapshot: its own number, whatever came before
  CHECK(view_number(false, 0, 41) == 42);  // a diff left out: the next
  CHECK(view_number(false, 45, 41) == 45); // a diff that says its number: the reader checks it (here a gap)
  CHECK(view_number(false, 0, 0) == 1);
}

TEST_CASE("view numbers: diffs go without a number, and every page of a stream counts what the server counts") {
  server_fixture f;
  test_client a(f.port()), b(f.port()), watcher(f.port());
  a.hello("Ada");
  b.hello("Bea");
  watcher.hello("Wes");
  const table t = start_match(a, {&b}, space_war_lobby(2, 60));
  for (int i = 0; i < 12; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));   // play_one checks each answer is number + 1

  // On the wire: every snapshot says its number, no diff does (it was ~2 bytes a frame).
  int diffs = 0;
  for (const v1::ViewUpdate& u : wire_updates(b)) {
    if (u.snapshot()) {
      CHECK(u.number() >= 1);
    } else {
      CHECK(u.number() == 0);
      ++diffs;
    }
  }
  CHECK(diffs >= 12);

  // Ada opens a second page later (a reconnect: a new connection with her token), and Wes
  // watches: each starts from a snapshot that says the stream's number.
  test_client again(f.port());
  again.resume(a.token);
  v1::ClientMessage resync;
  resync.mutable_resync()->set_match_id(t.match_id);
  REQUIRE(again.request(resync).has_match());
  const v1::ServerMessage joined = again.read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });
  CHECK(joined.view().number() == a.matches[t.match_id].number);   // the same view again
  v1::ClientMessage watch;
  watch.mutable_watch()->set_match_id(t.match_id);
  REQUIRE(watcher.request(watch).has_match());
  watcher.read_until([](const v1::ServerMessage& m) { return m.has_view() && m.view().snapshot(); });

  const std::size_t again_from = again.frames.size();
  for (int i = 0; i < 12; ++i) REQUIRE(play_one(t, {&again, &watcher}, static_cast<unsigned>(i)));
  CHECK(again.matches[t.match_id].number == a.matches[t.match_id].number);
  CHECK(again.matches[t.match_id].gaps == 0);
  CHECK(watcher.matches[t.match_id].gaps == 0);
  for (const v1::ViewUpdate& u : wire_updates(again, again_from)) CHECK(u.number() == 0);

  // The number the second page counted is the one the server takes: its move is accepted.
  test_client* seat0 = t.players[0];
  test_client* mover = seat0->matches[t.match_id].view.legal_actions_size() > 0 ? &again : t.players[1];
  REQUIRE(mover->matches[t.match_id].view.legal_actions_size() > 0);
  const std::uint64_t held = mover->matches[t.match_id].number;
  // A wrong number — ahead, far ahead, 0 — changes nothing: STALE_VIEW, and the right one still plays.
  for (std::uint64_t wrong : {held + 1, std::uint64_t{1} << 63, std::uint64_t{0}}) {
    const v1::ServerMessage refused =
        mover->request(play_action(t.match_id, wrong, mover->matches[t.match_id].view.legal_actions(0)));
    REQUIRE(refused.has_error());
    CHECK(refused.error().code() == v1::STALE_VIEW);
  }
  const v1::ServerMessage played =
      mover->request(play_action(t.match_id, held, mover->matches[t.match_id].view.legal_actions(0)));
  REQUIRE(played.has_view());
  CHECK(played.view().number() == held + 1);
  CHECK(mover->matches[t.match_id].gaps == 0);
}
