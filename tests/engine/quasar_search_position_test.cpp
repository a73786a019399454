// Quasar Search positions on the shipped content: a scenario position starts where it says,
// and random edits of valid positions are refused with a reason or play on.
#include <doctest/doctest.h>

#include "engine/core/match.hpp"
#include "engine/core/scenario.hpp"
#include "engine/quasar_search/state.hpp"
#include "tests/engine/position_json.hpp"
#include "tests/engine/position_mutator.hpp"

namespace qs = starport::quasar_search;

namespace {

qs::pb::Position position(std::string_view json) { return position_from_json<qs::pb::Position>(json); }

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

namespace {

// Every seat's and the spectator's view, as JSON (what each would be sent).
std::string view_json(const qs::state& g, starport::engine::viewer who) {
  qs::pb::View v;
  g.view(who, v);
  return starport::engine::to_json(v, false);
}

std::string refusal_of(const std::string& json) {
  const starport::engine::verdict v = qs::state::validate(2, qs::pb::Options(), position(json));
  CHECK_FALSE(v);
  return v.detail;
}

// Seat 0 (Helix Cartographers, Ranks 2 3 4) picked Rigger already; seat 1 has not.
const char* half_confronted = R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam", "morale": 6,
  "challengeDeck": ["Customs Inspection"],
  "seats": [
    {"faction": "Helix Cartographers", "rank": 3, "hand": ["Ballast Officer", "Rigger"],
     "deck": ["Cold Sleeper"], "confronting": "Rigger"},
    {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief", "Comms Specialist"],
     "deck": ["Deckhand"]}]})";

}  // namespace

TEST_CASE("quasar_search Position: a Confrontation with one secret pick made waits for the other seat, and the pick stays hidden") {
  const qs::pb::Position p = position(half_confronted);
  const qs::pb::Options o;
  const starport::engine::verdict v = qs::state::validate(2, o, p);
  REQUIRE_MESSAGE(v, v.detail);
  qs::state g(2, o, p, 3);
  CHECK(g.current_step() == qs::phase::confrontation);
  CHECK(g.must_act() == 2);   // only seat 1 still picks
  CHECK(g.seat(0).chose);
  CHECK(g.seat(0).hand.size == 2);   // the pick stays in the Hand until the reveal
  std::vector<starport::engine::action> legal;
  g.legal_actions(0, legal);
  CHECK(legal.empty());
  g.legal_actions(1, legal);
  CHECK(legal.size() == 2);
  // Seat 0 sees its pick; seat 1 and spectators see only that it is made.
  CHECK(view_json(g, starport::engine::viewer::of_seat(0)).find("Rigger") != std::string::npos);
  for (starport::engine::viewer who : {starport::engine::viewer::of_seat(1), starport::engine::viewer::spectator()}) {
    const std::string json = view_json(g, who);
    CHECK(json.find("Rigger") == std::string::npos);
    CHECK(json.find("\"committed\":true") != std::string::npos);
  }
  // Seat 1 picks: both cards are revealed together and play goes on.
  REQUIRE(g.check(legal[0]));
  g.apply(legal[0]);
  CHECK(g.revealed());
  CHECK(g.seat(0).hand.size == 1);
  CHECK(view_json(g, starport::engine::viewer::of_seat(1)).find("Rigger") != std::string::npos);
  CHECK(view_json(g, starport::engine::viewer::spectator()).find("Rigger") != std::string::npos);
}

TEST_CASE("quasar_search Position: Rank picks half made at Act Setup, the made pick hidden until both are revealed") {
  const char* json = R"({"step": "ACT_SETUP", "rankPicks": true, "challengeDeck": ["Customs Inspection"],
    "seats": [
      {"faction": "Helix Cartographers", "hand": ["Rigger", "Deckhand"], "rankPick": 4, "ranksUsed": [2]},
      {"faction": "Vanguard Wing", "hand": ["Gunnery Chief"]}]})";
  const qs::pb::Position p = position(json);
  const qs::pb::Options o;
  const starport::engine::verdict v = qs::state::validate(2, o, p);
  REQUIRE_MESSAGE(v, v.detail);
  qs::state g(2, o, p, 3);
  CHECK(g.current_step() == qs::phase::act_setup);
  CHECK(g.must_act() == 2);
  CHECK(g.seat(0).hand.size == 2);   // nothing drawn: hands as listed
  std::vector<starport::engine::action> legal;
  g.legal_actions(1, legal);
  CHECK(legal.size() == 3);   // Vanguard Wing has all three Rank cards
  // Nobody else can tell seat 0 picked the 4 (a Helix Rank view lists its choices to itself).
  for (starport::engine::viewer who : {starport::engine::viewer::of_seat(1), starport::engine::viewer::spectator()}) {
    qs::pb::View view;
    g.view(who, view);
    CHECK(view.seats(0).rank() == 0);
    CHECK(view.seats(0).chose());
  }
  g.apply(legal[2]);   // Rank 5
  CHECK(g.seat(0).rank == 4);
  CHECK(g.seat(1).rank == 5);
  CHECK(g.team_leader() == 1);
  CHECK(g.current_step() != qs::phase::act_setup);
}

TEST_CASE("quasar_search Position: impossible half-made picks are refused with the field and the reason") {
  CHECK(refusal_of(R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam",
    "seats": [{"faction": "Helix Cartographers", "rank": 3, "hand": ["Rigger"], "confronting": "Deckhand"},
              {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief"]}]})") ==
        std::string("a CONFRONTATION pick (confronting) is a card of that seat's Hand or Projects"));
  CHECK(refusal_of(R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam",
    "seats": [{"faction": "Helix Cartographers", "rank": 3, "hand": ["Rigger"], "confronting": "Rigger"},
              {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief"], "confronting": "Gunnery Chief"}]})") ==
        std::string("every seat has picked its confronting card: the Confrontation would be revealed"));
  CHECK(refusal_of(R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam",
    "seats": [{"faction": "Helix Cartographers", "rank": 3, "hand": ["Rigger"], "confronting": "Rigger", "overcommit": ["Deckhand"]},
              {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief"]}]})") ==
        std::string("a seat under Overcommit confronts with its Deck's top card, not a pick (confronting)"));
  // An Overcommit card learned as a Lesson is in play too (rules version 5).
  CHECK(refusal_of(R"({"step": "CONFRONTATION", "challenge": "Dock Traffic Jam",
    "seats": [{"faction": "Helix Cartographers", "rank": 3, "hand": ["Rigger"], "confronting": "Rigger", "lessons": ["Scrap Golem"]},
              {"faction": "Vanguard Wing", "rank": 5, "hand": ["Gunnery Chief"]}]})") ==
        std::string("a seat under Overcommit confronts with its Deck's top card, not a pick (confronting)"));
  CHECK(refusal_of(R"({"step": "CHALLENGE_SETUP",
    "seats": [{"faction": "Helix Cartographers", "rank": 3, "hand": ["Rigger"], "confronting": "Rigger"},
              {"faction": "Vanguard Wing", "rank": 5}]})") ==
        std::string("confronting is a field of CONFRONTATION and the steps after the reveal (PRE_RESOLUTION to CLEANUP)"));
  CHECK(refusal_of(R"({"step": "ACT_SETUP", "seats": [{"faction": "Helix Cartographers", "rankPick": 2},
              {"faction": "Vanguard Wing"}]})") ==
        std::string("rank_pick is a pick made while Rank picks are open (rank_picks)"));
  CHECK(refusal_of(R"({"step": "ACT_SETUP", "rankPicks": true,
    "seats": [{"faction": "Helix Cartographers", "rankPick": 2, "ranksUsed": [2]}, {"faction": "Vanguard Wing"}]})") ==
        std::string("rank_pick names a Rank card that faction has and has not used this cycle"));
  CHECK(refusal_of(R"({"step": "ACT_SETUP", "rankPicks": true,
    "seats": [{"faction": "Helix Cartographers", "rankPick": 2}, {"faction": "Vanguard Wing", "rankPick": 5}]})") ==
        std::string("every seat has picked its Rank (rank_pick): the picks would be revealed"));
  CHECK(refusal_of(R"({"step": "CHALLENGE_SETUP", "rankPicks": true,
    "seats": [{"faction": "Helix Cartographers", "rank": 3}, {"faction": "Vanguard Wing", "rank": 5}]})") ==
        std::string("rank_picks is an ACT_SETUP field"));
}

TEST_CASE("quasar_search Position: random edits of half-made picks are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<qs::state>();
  int accepted = position_mutator::check(game, 2, qs::pb::Options(), position(half_confronted), 100, 7);
  CHECK(accepted > 0);
}
