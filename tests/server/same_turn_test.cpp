// A move chosen from an earlier view of its seat's stream (docs/protocol.md, "Acting"): taken
// when that view showed the same turn and the move is the seat's only legal one now (the
// table changed while it was on the wire, but there was nothing to choose: Space War's
// simultaneous flip), else STALE_VIEW: a choice among several, a view from before the turn
// began, a view the stream has not reached.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/registry.hpp"
#include "game_streams.hpp"
#include "match_driver.hpp"
#include "server_fixture.hpp"
#include "test_client.hpp"

using namespace starport::server::testing;

namespace {

bool says(const v1::ServerMessage& m, const std::string& words) {
  return m.has_view() && m.view().log_line().find(words) != std::string::npos;
}

}  // namespace

TEST_CASE("same turn: a flip chosen before the other seat's flip was shown is taken - once") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  const table t = seat_two(a, b);
  const test_client::match_state& bea = b.matches[t.match_id];
  REQUIRE(bea.view.legal_actions_size() == 1);   // a flip: nothing to choose
  const std::uint64_t chosen_on = bea.number;
  const v1::Action flip = bea.view.legal_actions(0);

  // Ada's flip is shown to Bea before Bea's, chosen on the view before it, arrives.
  REQUIRE(a.request(play_action(t.match_id, a.matches[t.match_id].number, a.matches[t.match_id].view.legal_actions(0))).has_view());
  b.read_until([](const v1::ServerMessage& m) { return says(m, "{seat:0} flips."); });
  REQUIRE(bea.number == chosen_on + 1);
  REQUIRE(bea.view.legal_actions_size() == 1);

  const v1::ServerMessage taken = b.request(play_action(t.match_id, chosen_on, flip));
  REQUIRE(taken.has_view());
  CHECK(says(taken, "{seat:1} flips."));
  // The same click again (from either view) answers a turn that is over.
  CHECK(error_of(b.request(play_action(t.match_id, chosen_on, flip))) == v1::STALE_VIEW);
  CHECK(error_of(b.request(play_action(t.match_id, chosen_on + 1, flip))) == v1::STALE_VIEW);
  // Nor does a view the stream has not reached count.
  if (bea.view.legal_actions_size() == 1)
    CHECK(error_of(b.request(play_action(t.match_id, bea.number + 1, bea.view.legal_actions(0)))) == v1::STALE_VIEW);
}

TEST_CASE("same turn: a flip chosen in a turn that is over is STALE_VIEW, though a flip is due again") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  const table t = seat_two(a, b);
  const test_client::match_state& ada = a.matches[t.match_id];
  const test_client::match_state& bea = b.matches[t.match_id];
  for (int i = 0; i < 40; ++i) {
    if (ada.view.legal_actions_size() != 1 || bea.view.legal_actions_size() != 1) {
      REQUIRE(play_one(t));   // a power decision, or one of the two has flipped
      continue;
    }
    // Both are to flip: Bea's turn shows from here. Ada flips, then Bea, and the contest is decided.
    const std::uint64_t turn_began = bea.number;
    const v1::Action flip = bea.view.legal_actions(0);
    REQUIRE(play_one(t));
    REQUIRE(play_one(t));
    if (bea.view.legal_actions_size() != 1 || bea.view.legal_actions(0).kind() != flip.kind()) continue;
    // A flip is due again, in a new turn: the view her last turn began with no longer counts.
    CHECK(error_of(b.request(play_action(t.match_id, turn_began, flip))) == v1::STALE_VIEW);
    CHECK(b.request(play_action(t.match_id, bea.number, bea.view.legal_actions(0))).has_view());
    return;
  }
  FAIL("no contest ended with Bea to flip again");
}

TEST_CASE("same turn: a choice among several, chosen before the other seat's move was shown, is STALE_VIEW") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  v1::LobbySettings race;
  race.set_game("space_race");
  race.set_seats(2);
  const table t = start_match(a, {&b}, race);
  const starport::engine::game_info* game = starport::engine::find_game("space_race");
  REQUIRE(game);
  streams ada, bea;
  ada.game = bea.game = game;
  ada.match_id = bea.match_id = t.match_id;
  sync(a, ada);
  sync(b, bea);
  // Both choose at once, each among several cards.
  const std::vector<v1::Action> ada_legal = legal_in(*ada.seats[0].view);
  const std::vector<v1::Action> bea_legal = legal_in(*bea.seats[0].view);
  REQUIRE(ada_legal.size() > 1);
  REQUIRE(bea_legal.size() > 1);
  const std::uint64_t chosen_on = bea.seats[0].number;

  REQUIRE(a.request(play_action(t.match_id, ada.seats[0].number, ada_legal.front())).has_view());
  while (bea.seats[0].number == chosen_on) read_into(b, bea);
  REQUIRE(legal_in(*bea.seats[0].view).size() > 1);   // still her turn, still a choice

  const v1::ServerMessage refused = b.request(play_action(t.match_id, chosen_on, bea_legal.front()));
  CHECK(error_of(refused) == v1::STALE_VIEW);
  sync(b, bea);
  const std::vector<v1::Action> now_legal = legal_in(*bea.seats[0].view);
  REQUIRE_FALSE(now_legal.empty());
  CHECK(b.request(play_action(t.match_id, bea.seats[0].number, now_legal.front())).has_view());
}
