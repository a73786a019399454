// S.P.A.C.E. rule scenarios on hand-made content: each test names the rule it checks, its
// position states every zone that matters, and its dice are fixed by the position.
#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

namespace {

const char* two_ships_moving = R"({
  "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
  "ships": [
    {"location": "Metis Prime", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "+1 Hyperdrive"}]},
    {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "+1 Hyperdrive"}]}
  ],
  "openContracts": ["Spice", "Spice Two"],
  "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"]
})";

}  // namespace

TEST_CASE("scoundrels rule Setup: captain, hyperdrive and pistol, a contract per player, ships on green planets") {
  const state g(test_content(), 3, options(), 11);
  CHECK(g.open_contracts().size() == 3);
  for (int s = 0; s < 3; ++s) {
    const ship& sh = g.ship_of(s);
    CHECK(sh.bays[0].captain);
    CHECK(g.card_of(sh.bays[0].card).kind == card_kind::crew);
    CHECK(g.card_name(sh.bays[1].card) == "+1 Hyperdrive");
    REQUIRE(sh.weapons.size == 1);
    CHECK(g.card_name(sh.weapons.cards[0]) == "Blaster Pistol");
    const location& l = test_locations[sh.location];
    CHECK(l.kind == loc_kind::destination);
    CHECK(l.col == colour::green);
  }
  CHECK(test_locations[g.dockyard()].dockyard);
}

TEST_CASE("scoundrels rule Movement: one point per connection, adjacent locations only, base 3 plus hyperdrive") {
  state g = game(2, two_ships_moving);
  CHECK(g.current_phase() == phase::movement);
  CHECK(g.movement(0) == 4);
  CHECK(listed(g, act(0, kind::move, {drift})));
  CHECK_FALSE(g.check(act(0, kind::move, {pandora})));   // not adjacent
  play(g, act(0, kind::move, {drift}));
  CHECK(g.ship_of(0).location == drift);
  CHECK(g.movement_left(0) == 3);
  play(g, act(0, kind::move, {pandora}));
  play(g, act(0, kind::move, {maw}));
  play(g, act(0, kind::move, {niska}));
  CHECK(g.movement_left(0) == 0);
  CHECK_FALSE(g.check(act(0, kind::move, {maw})));
}

TEST_CASE("scoundrels rule Movement: a ship with no conscious crew does not move or pick up") {
  std::string pos = two_ships_moving;
  pos.replace(pos.find(R"({"card": "Captain Vega", "captain": true})"), 41, R"({"card": "Captain Vega", "captain": true, "damage": 2})");
  state g = game(2, pos);
  CHECK_FALSE(g.conscious_crew(0));
  CHECK_FALSE(g.check(act(0, kind::move, {drift})));
  CHECK_FALSE(g.check(act(0, kind::pick_up, {contract_id(g, "Spice")})));
  CHECK(g.check(act(0, kind::pass)));
}

TEST_CASE("scoundrels rule Pick-up: one contract a turn into an open bay, Fidanza picks up any number") {
  state g = game(2, two_ships_moving);
  play(g, act(0, kind::pick_up, {contract_id(g, "Spice")}));
  CHECK(g.ship_of(0).bays[2].card == contract_id(g, "Spice") - 1);
  CHECK_FALSE(g.check(act(0, kind::pick_up, {contract_id(g, "Spice Two")})));

  std::string pos = two_ships_moving;
  pos.replace(pos.find(R"("location": "Metis Prime",)"), 26, R"("location": "Metis Prime", "affiliation": "FIDANZA", "reputation": 1,)");
  state f = game(2, pos);
  play(f, act(0, kind::pick_up, {contract_id(f, "Spice")}));
  play(f, act(0, kind::pick_up, {contract_id(f, "Spice Two")}));
  CHECK(f.open_contracts().empty());
}

TEST_CASE("scoundrels rule Turn: Encounter, Movement, Delivery in turn from the 1st Player, then the Dockyard roll") {
  state g = game(2, R"({
    "phase": "ENCOUNTER", "activeSeat": 1, "firstPlayer": 1,
    "ships": [
      {"location": "Metis Prime", "bays": [{"card": "Captain Vega", "captain": true}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [6]
  })");
  // Both encounters are quiet: the Movement starts with the 1st Player.
  CHECK(g.current_phase() == phase::movement);
  {   // The table's banner: the latest encounter, the event that applied and whose ship met it.
    pb::View v;
    g.view(engine::viewer::spectator(), v);
    REQUIRE(v.encounter_size() == 2);
    CHECK(v.encounter(0) == "Quiet");
    CHECK(v.encounter(1).find(": nothing happens") != std::string::npos);
    REQUIRE(v.has_encounter_seat());
    CHECK(v.encounter_seat() == 0);   // seat 1 went first, then seat 0
  }
  CHECK(g.active_seat() == 1);
  play(g, act(1, kind::pass));
  CHECK(g.active_seat() == 0);
  play(g, act(0, kind::pass));
  CHECK(g.current_phase() == phase::delivery);
  CHECK(g.active_seat() == 1);
  play(g, act(1, kind::pass));
  const int yard = g.dockyard();
  play(g, act(0, kind::pass));
  // The Dockyard roll (a 6: it stays), the token passes to the right (seat 1 → seat 0).
  CHECK(g.turn() == 2);
  CHECK(g.dockyard() == yard);
  CHECK(g.first_player() == 0);
  REQUIRE(g.dice().last() != nullptr);
  CHECK(g.dice().last()->faces[0] == 6);
  CHECK(filled(g, g.describe_effects()).find("rolls 6 for Dockyard") != std::string::npos);
}

TEST_CASE("scoundrels rule Dockyard roll: faces 1 to 5 name its planet") {
  state g = game(2, R"({
    "phase": "DOCKYARD_ROLL", "firstPlayer": 0, "dockyard": "Metis Prime",
    "ships": [
      {"location": "Metis Prime", "bays": [{"card": "Captain Vega", "captain": true}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [2]
  })");
  CHECK(g.dockyard() == surya);   // 2: Surya II
  CHECK(g.first_player() == 1);   // to the right of seat 0 with 2 players
}

TEST_CASE("scoundrels rule Encounter: a failed patrol rep check loses a cargo, a passed one nothing") {
  const char* pos = R"({
    "phase": "ENCOUNTER", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "reputation": 3, "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Guns"}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Patrol", "Quiet"],
    "dice": [DIE]
  })";
  for (int die : {3, 4}) {
    std::string p = pos;
    p.replace(p.find("DIE"), 3, std::to_string(die));
    state g = game(2, p);
    // A harmful event: the captain is asked first (a favor could cancel it).
    REQUIRE(g.pending().size() == 1);
    CHECK(g.pending().back().kind == task::encounter_ask);
    play(g, act(0, kind::pass));
    const bool kept = g.ship_of(0).bays[1].card != no_card;
    CHECK(kept == (die == 4));   // fails on a roll equal to or lower than the reputation
    CHECK(g.dice().last()->result == static_cast<std::uint8_t>(die == 4 ? roll_result::passed : roll_result::failed));
  }
}

TEST_CASE("scoundrels rule Hidden information: a face-down item a rep check counts is shown to the table first") {
  // The roll's modifier is public (View.dice, the log): counting a locker's item without
  // showing it would tell everyone what the locker hides.
  state g = game(2, R"({
    "phase": "ENCOUNTER", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "reputation": 3, "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Guns"}],
       "storage_locker": ["Lucky Charm"], "weapons_locker": ["Blaster Pistol"]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Patrol", "Quiet"],
    "dice": [3]
  })");
  {   // Before the roll nobody else knows the locker's card.
    pb::View v;
    g.view(engine::viewer::of_seat(1), v);
    CHECK(v.shown_size() == 0);
  }
  play(g, act(0, kind::pass));
  REQUIRE(g.dice().last() != nullptr);
  CHECK(g.dice().last()->modifier == 1);
  CHECK(g.ship_of(0).bays[1].card != no_card);   // 3 + 1 beats reputation 3
  const std::string log = filled(g, g.describe_effects());
  const auto shows = log.find("shows Lucky Charm for the rep check.");
  REQUIRE(shows != std::string::npos);
  CHECK(shows < log.find("rolls 3 + 1 for rep check: passed."));
  CHECK(log.find("Blaster Pistol") == std::string::npos);   // the other locker's card stays hidden
  for (const engine::viewer who : {engine::viewer::of_seat(1), engine::viewer::spectator()}) {
    pb::View v;
    g.view(who, v);
    REQUIRE(v.shown_size() == 1);
    CHECK(v.shown(0).name() == "Lucky Charm");
  }
}

TEST_CASE("scoundrels rule Encounter: disabled crew recover to injured, a breakdown disables a system of the owner's choice") {
  state g = game(2, R"({
    "phase": "DOCKYARD_ROLL", "firstPlayer": 0,
    "ships": [
      {"location": "Metis Prime", "bays": [{"card": "Captain Vega", "captain": true, "damage": 2}, {"card": "+1 Hyperdrive"}, {"card": "Deflector"}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Breakdown"],
    "dice": [6]
  })");
  // The token passed to seat 1, who meets the top card (Quiet); seat 0 meets Breakdown.
  CHECK(g.first_player() == 1);
  CHECK(g.ship_of(0).bays[0].damage == 1);
  play(g, act(0, kind::pass));   // let the breakdown happen
  const auto pending = g.pending();
  REQUIRE(pending.size() == 1);
  CHECK(pending.back().kind == task::allocate);
  CHECK(pending.back().seat == 0);
  CHECK(listed(g, act(0, kind::allocate, {held(g, 0, "+1 Hyperdrive")})));
  CHECK_FALSE(g.check(act(0, kind::allocate, {held(g, 0, "Captain Vega")})));   // crew take no ship damage
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  CHECK(damage_of(g, 0, "Deflector") == 1);
  CHECK(g.current_phase() == phase::movement);
}

TEST_CASE("scoundrels rule Encounter: a cancel-encounter favor ignores a harmful event, and every captain is asked alike") {
  const char* pos = R"({
    "phase": "ENCOUNTER", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Metis Prime", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Deflector"}] LOG},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Breakdown", "Quiet"]
  })";
  std::string with = pos, without = pos;
  with.replace(with.find("LOG"), 3, R"(, "captainsLog": ["Forged Papers"])");
  without.replace(without.find("LOG"), 3, "");
  state g = game(2, with);
  state h = game(2, without);
  // Both are asked the same way: being asked tells nothing of the log.
  REQUIRE(g.pending().size() == 1);
  REQUIRE(h.pending().size() == 1);
  CHECK(h.pending().back().kind == task::encounter_ask);
  const std::int32_t papers = held(g, 0, "Forged Papers");
  play(g, act(0, kind::play, {papers, -1, 0}));
  CHECK(filled(g, g.describe_effects()).find("plays Forged Papers") != std::string::npos);
  CHECK(damage_of(g, 0, "Deflector") == 0);
  CHECK(g.ship_of(0).log.size == 0);
  CHECK(g.current_phase() == phase::movement);
}
