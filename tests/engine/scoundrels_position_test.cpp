// S.P.A.C.E. positions on the shipped content (docs/scenarios.md): a choice open at the start
// (the active seat viewing cards to keep one) plays on by the rules with the viewed cards
// hidden from every other seat, and refusals name the field and the reason.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/scenario.hpp"
#include "engine/scoundrels/state.hpp"
#include "tests/engine/position_mutator.hpp"
#include "tests/engine/scoundrels_positions.hpp"

namespace sc = starport::scoundrels;
using starport::engine::viewer;

using scoundrels_positions::position;
using scoundrels_positions::refusal;
using scoundrels_positions::start;
using scoundrels_positions::view_json;

namespace {

// Seat 0 in the middle of its Movement views two green cards to keep one.
std::string viewing(const std::string& phase, const std::string& extra = "") {
  return R"({"phase": ")" + phase + R"(", "activeSeat": 0, "turn": 3,
    "ships": [{"location": "Vesper Drift", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "+1 Hyperdrive"}]},
              {"location": "Metis Prime", "bays": [{"card": "Rook Adeyemi", "captain": true}]}],
    "viewing": {"cards": ["Deflector Shield", "Afterburners"]}, "encounterDeck": ["Quiet Night", "Market Day"])" +
         extra + "}";
}

}  // namespace

TEST_CASE("scoundrels Position: a seat viewing cards to keep one, hidden from the others, keeps one and plays on") {
  sc::state g = start(viewing("MOVEMENT"));
  CHECK(g.current_phase() == sc::phase::movement);
  CHECK(g.must_act() == 1);
  REQUIRE(g.pending().size() == 1);
  const int green = g.deck_size(0);
  std::vector<starport::engine::action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);   // keep one of the two
  const std::string own = view_json(g, viewer::of_seat(0));
  CHECK(own.find("Deflector Shield") != std::string::npos);
  CHECK(own.find("Afterburners") != std::string::npos);
  for (viewer who : {viewer::of_seat(1), viewer::spectator()}) {
    const std::string json = view_json(g, who);
    CHECK(json.find("Deflector Shield") == std::string::npos);
    CHECK(json.find("Afterburners") == std::string::npos);
  }
  REQUIRE(g.check(legal[0]));
  g.apply(legal[0]);
  CHECK(g.pending().empty());
  CHECK(g.deck_size(0) == green + 1);   // the other went to the bottom of the green deck
  // Seat 0's Movement goes on: it may still move.
  CHECK(g.current_phase() == sc::phase::movement);
  CHECK(g.must_act() == 1);
  g.legal_actions(0, legal);
  bool moves = false;
  for (const starport::engine::action& a : legal) moves = moves || a.kind == static_cast<std::uint16_t>(sc::kind::move);
  CHECK(moves);
  for (viewer who : {viewer::of_seat(1), viewer::spectator()}) {
    const std::string json = view_json(g, who);
    CHECK(json.find("Deflector Shield") == std::string::npos);
    CHECK(json.find("Afterburners") == std::string::npos);
  }
}

TEST_CASE("scoundrels Position: viewing in the Encounter phase is the active seat's encounter, the next seat's follows") {
  sc::state g = start(viewing("ENCOUNTER"));
  CHECK(g.current_phase() == sc::phase::encounter);
  CHECK(g.must_act() == 1);
  std::vector<starport::engine::action> legal;
  g.legal_actions(0, legal);
  REQUIRE(!legal.empty());
  g.apply(legal[0]);
  // Seat 1 drew the top encounter (Quiet Night at a green destination: nothing happens), and
  // seat 0 drew no second one: Movement begins with the 1st Player.
  CHECK(g.current_phase() == sc::phase::movement);
  CHECK(g.active_seat() == 0);
  sc::pb::View v;
  g.view(viewer::spectator(), v);
  REQUIRE(v.encounter_size() > 0);
  CHECK(v.encounter(0) == "Quiet Night");
  CHECK(v.decks().encounters() == 1);   // Market Day is left
}

TEST_CASE("scoundrels Position: refusals name the field and the reason") {
  CHECK(refusal(viewing("DOCKYARD_ROLL")) ==
        std::string("the position: viewing is a choice of the active seat in ENCOUNTER, MOVEMENT or DELIVERY, outside a fight"));
  CHECK(refusal(viewing("MOVEMENT", R"(, "fight": {"kind": "SHIP_COMBAT", "attacker": 0, "defender": 1})")) ==
        std::string("the position: viewing is a choice of the active seat in ENCOUNTER, MOVEMENT or DELIVERY, outside a fight"));
  std::string nine = viewing("MOVEMENT");
  nine.replace(nine.find(R"("Afterburners"])"), 15,
               R"("Afterburners", "Navigator", "Navigator", "Laser Turret", "Laser Turret", "Laser Turret", "Laser Turret", "Cargo Pod"])");
  CHECK(refusal(nine) == std::string("the position: viewing lists 1 to 8 cards"));
  std::string unknown = viewing("MOVEMENT");
  unknown.replace(unknown.find("Afterburners"), 12, "Afterburner");
  CHECK(refusal(unknown) == std::string("the position: unknown or repeated card: Afterburner"));
  std::string nowhere = viewing("MOVEMENT");
  nowhere.replace(nowhere.find("Metis Prime"), 11, "Nowhere");
  CHECK(refusal(nowhere) == std::string("the position: unknown location: Nowhere"));
}

TEST_CASE("scoundrels Position: random edits of a viewing position are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<sc::state>();
  const int accepted = position_mutator::check(game, 2, sc::pb::Options(), position(viewing("MOVEMENT")), 100, 8);
  CHECK(accepted > 0);
}
