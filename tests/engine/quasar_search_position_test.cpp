// Quasar Search positions on the shipped content: a scenario position starts where it says,
// and random edits of valid positions are refused with a reason or play on.
#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "engine/core/scenario.hpp"
#include "engine/quasar_search/state.hpp"
#include "tests/engine/position_mutator.hpp"

namespace qs = starport::quasar_search;

namespace {

qs::pb::Position position(std::string_view json) {
  qs::pb::Position p;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::from_json(json, p, error), error);
  return p;
}

const char* at_confrontation = R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam", "morale": 6,
  "challengeDeck": ["Customs Inspection", "Loading the Cargo Bay"], "sensors": ["Pre-Flight Checklist"],
  "seats": [
    {"faction": "Helix Cartographers", "rank": 3, "hand": ["Ballast Officer", "Deckhand", "Rigger"],
     "deck": ["Cold Sleeper", "Cabin Steward"], "discard": ["Shuttle Pilot"], "glory": 1},
    {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief", "Comms Specialist"],
     "deck": ["Deckhand"], "warp": ["Rigger"]}]})";

}  // namespace

TEST_CASE("quasar_search Position: a scenario starts at the stated Confrontation with every zone as listed") {
  const qs::pb::Position p = position(at_confrontation);
  const qs::pb::Options o;
  REQUIRE(qs::state::validate(2, o, p));
  const qs::state g(2, o, p, 3);
  CHECK(g.current_step() == qs::phase::confrontation);
  CHECK(g.challenge() == qs::find_challenge(g.content(), "Dock Traffic Jam"));
  CHECK(g.must_act() == 3);
  CHECK(g.team_leader() == 1);   // Rank 5
  CHECK(g.seat(0).hand.size == 3);
  CHECK(g.seat(0).deck.size == 2);
  CHECK(g.seat(1).warp.size == 1);
  CHECK(g.sensors().size() == 1);
  CHECK(g.challenge_deck().size() == 2);
  CHECK(g.morale() == 6);
}

TEST_CASE("quasar_search Position: random edits of positions are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<qs::state>();
  int accepted = position_mutator::check(game, 2, qs::pb::Options(), position(at_confrontation), 150, 5);
  qs::pb::Position setup = position(at_confrontation);
  setup.set_step(qs::pb::ACT_SETUP);
  setup.clear_challenge();
  accepted += position_mutator::check(game, 2, qs::pb::Options(), setup, 150, 6);
  CHECK(accepted > 0);
}
