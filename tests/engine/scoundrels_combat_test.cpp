// S.P.A.C.E. ship combat, escapes, boarding, ambushes and intercepts, on hand-made content.
#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

namespace {

// Seat 1 (Laser Cannon, ATTACKER_EXTRA) attacks seat 0 (hyperdrive, Deflector) in Drift.
std::string combat(std::string_view attacker_extra, std::string_view dice) {
  std::string p = R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "+1 Hyperdrive"}, {"card": "Deflector"}]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"} EXTRA]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 1},
    "dice": [DICE]
  })";
  p.replace(p.find("EXTRA"), 5, attacker_extra);
  p.replace(p.find("DICE"), 4, dice);
  return p;
}

}  // namespace

TEST_CASE("scoundrels rule Ship combat: attack less defence, both sides at once, the defender places its damage") {
  state g = game(2, combat("", "6"));
  // Laser 2 less Deflector 1: one point on seat 0; seat 0 has no attack.
  REQUIRE(g.fight().note_count == 1);
  CHECK(g.fight().notes[0].attacker_attack == 2);
  CHECK(g.fight().notes[0].to_defender == 1);
  CHECK(g.fight().notes[0].to_attacker == 0);
  CHECK(g.must_act() == engine::seat_bit(0));
  {
    pb::View v;
    g.view(engine::viewer::of_seat(0), v);
    CHECK(v.prompt().text() == "Place 1 point of damage from {seat:1}'s attack on your ship systems or cargo");
  }
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  CHECK(damage_of(g, 0, "Deflector") == 1);
  // The attacker decides: press on, then the defender rolls (a 6 escapes).
  CHECK(g.fight().step == fight_step::attacker_decides);
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::escape, {0, 0}));
  CHECK(g.fight().kind == fight_kind::none);
  CHECK(g.dice().last()->result == static_cast<std::uint8_t>(roll_result::escaped));
  CHECK(g.active_seat() == 1);   // the player whose turn it is continues
}

TEST_CASE("scoundrels rule Ship combat: a defence takes its amount off the round's total, not off each weapon kind") {
  // Rulebook "Ship Combat": the attack bonuses are added up and the defensive bonuses
  // accounted for. Laser 2 and missile 2 against the Deflector (1, every kind): 3, not 2.
  // (Rules version 3; before, 1 came off each kind.)
  state g = game(2, combat(R"(, {"card": "Missile Rack"})", "6"));
  CHECK(g.fight().attack_a == 3);
  REQUIRE(g.fight().note_count == 1);
  CHECK(g.fight().notes[0].attacker_attack == 4);   // before defences
  CHECK(g.fight().notes[0].to_defender == 2);       // all its working systems
}

TEST_CASE("scoundrels rule Escape: 6 or more with modifiers, each hyperdrive burnt adds 2 for that roll") {
  state g = game(2, combat("", "4, 4"));
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  play(g, act(1, kind::press, {1}));
  const std::int32_t hyper = held(g, 0, "+1 Hyperdrive");
  play(g, act(0, kind::escape, {hyper, 0}));
  CHECK(g.dice().last()->faces[0] == 4);
  CHECK(g.dice().last()->modifier == 2);
  CHECK(g.fight().kind == fight_kind::none);   // 4 + 2: escaped
  CHECK(damage_of(g, 0, "+1 Hyperdrive") == 1);
  CHECK(g.movement(0) == 3);                   // the burnt hyperdrive no longer adds
}

TEST_CASE("scoundrels rule Escape: a failed roll against working systems and no forced boarding starts another round") {
  state g = game(2, combat("", "5"));
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::escape, {0, 0}));
  CHECK(g.fight().kind == fight_kind::combat);
  CHECK(g.fight().round == 2);
  // Round 2: the Deflector is disabled, so the full 2 points, on the one working system left.
  CHECK(g.fight().notes[1].attacker_attack == 2);
  CHECK(g.fight().notes[1].to_defender == 1);
}

TEST_CASE("scoundrels rule Escape: a ship with no working system that stays has lost the ship combat - it may be boarded") {
  // "An attacker who wins ship combat … may initiate a boarding action": staying put used to
  // start another round, and a ship with no systems left could never be boarded.
  state g = game(2, combat("", "1"));
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::stay));   // a working hyperdrive left: another round
  REQUIRE(g.fight().kind == fight_kind::combat);
  CHECK(g.fight().round == 2);
  play(g, act(0, kind::allocate, {held(g, 0, "+1 Hyperdrive")}));
  play(g, act(1, kind::press, {1}));
  const action stay = act(0, kind::stay);
  CHECK(filled(g, g.describe(stay)) == "{seat:0} does not try to escape: with no working system, it has lost the ship combat.");
  play(g, stay);
  CHECK(g.fight().step == fight_step::after_escape);
  REQUIRE(listed(g, act(1, kind::press, {2})));
  play(g, act(1, kind::press, {2}));
  CHECK(g.fight().kind == fight_kind::boarding);
}

TEST_CASE("scoundrels rule Forced boarding: a failed escape lets the attacker board at once") {
  state g = game(2, combat(R"(, {"card": "Grappler"})", "6, 1, 1"));
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::escape, {0, 0}));   // 6 − 1 (Grappler) = 5: caught
  CHECK(g.dice().last()->modifier == -1);
  CHECK(g.fight().step == fight_step::after_escape);
  CHECK(listed(g, act(1, kind::press, {2})));
  CHECK_FALSE(listed(g, act(1, kind::press, {3})));   // not an ambush
  play(g, act(1, kind::press, {2}));
  CHECK(g.fight().kind == fight_kind::boarding);
  CHECK(g.fight().step == fight_step::equip_attacker);
}

TEST_CASE("scoundrels rule Ship combat: the attacker may end it, without attack or forced boarding it must") {
  state g = game(2, combat("", "6"));
  play(g, act(0, kind::allocate, {held(g, 0, "Deflector")}));
  play(g, act(1, kind::press, {0}));
  CHECK(g.fight().kind == fight_kind::none);
  CHECK(g.must_act() == engine::seat_bit(1));
}

TEST_CASE("scoundrels rule Ambush: asked in turn order from the player after the mover, only the attacker hits in round 1") {
  state g = game(3, R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Laser Cannon"}, {"card": "+1 Hyperdrive"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Lux", "captain": true}, {"card": "Missile Rack"}]}
    ],
    "encounterDeck": ["Quiet"]
  })");
  play(g, act(0, kind::move, {pandora}));
  CHECK(g.ship_of(0).location == pandora);
  REQUIRE(g.pending().size() == 1);
  CHECK(g.pending().back().kind == task::ambush_ask);
  CHECK(g.must_act() == engine::seat_bit(1));   // seat 1 first, then seat 2
  play(g, act(1, kind::ambush, {0}));
  CHECK(g.must_act() == engine::seat_bit(2));
  play(g, act(2, kind::ambush, {1}));
  CHECK(g.fight().kind == fight_kind::combat);
  CHECK(g.fight().notes[0].attacker_attack == 2);
  CHECK(g.fight().notes[0].defender_attack == 0);   // seat 0's laser waits for round 2
}

TEST_CASE("scoundrels rule Ambush: a ship with no working systems that fails its escape may be held back") {
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "+1 Hyperdrive"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"}]}
    ],
    "encounterDeck": ["Quiet"],
    "dice": [2]
  })");
  // Orr may ambush there: the move is said as begun, not as done (it may be held back);
  // green Surya II has nobody to ambush, and the move is done at once.
  CHECK(g.describe(act(0, kind::move, {pandora})) == "{seat:0} heads for Pandora.");
  CHECK(g.describe(act(0, kind::move, {surya})) == "{seat:0} moves to Surya II.");
  play(g, act(0, kind::move, {pandora}));
  play(g, act(1, kind::ambush, {1}));
  play(g, act(0, kind::allocate, {held(g, 0, "+1 Hyperdrive")}));
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::escape, {0, 0}));
  CHECK(g.fight().step == fight_step::after_escape);
  play(g, act(1, kind::press, {3}));
  CHECK(g.fight().kind == fight_kind::none);
  CHECK(g.ship_of(0).location == drift);   // the arrival failed: back in deep space
  CHECK(filled(g, g.describe_effects()).find("held back") != std::string::npos);
}

TEST_CASE("scoundrels rule Intercept: free on moving in, two movement points for a ship already there, once per defender") {
  const char* pos = R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "LOC", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Laser Cannon"}]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "+1 Hyperdrive"}]}
    ],
    "encounterDeck": ["Quiet"]
  })";
  std::string moving = pos;
  moving.replace(moving.find("LOC"), 3, "Metis Prime");
  state g = game(2, moving);
  play(g, act(0, kind::move, {drift}));
  CHECK(g.movement_left(0) == 2);
  play(g, act(0, kind::intercept, {1}));
  CHECK(g.movement_left(0) == 2);   // free
  play(g, act(1, kind::allocate, {held(g, 1, "+1 Hyperdrive")}));
  play(g, act(0, kind::press, {0}));
  CHECK_FALSE(g.check(act(0, kind::intercept, {1})));   // not twice in a turn

  std::string waiting = pos;
  waiting.replace(waiting.find("LOC"), 3, "Drift");
  state h = game(2, waiting);
  play(h, act(0, kind::intercept, {1}));
  CHECK(h.movement_left(0) == 1);
}

TEST_CASE("scoundrels view: a fight is shown where it was fought, after the defender has moved on") {
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Laser Cannon"}]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "+1 Hyperdrive"}, {"card": "Thrusters"}]}
    ],
    "encounterDeck": ["Quiet"]
  })");
  play(g, act(0, kind::intercept, {1}));
  for (int i = 0; i < 4 && !g.check(act(0, kind::press, {0})); ++i) {   // seat 1 places the hits
    std::vector<action> legal;
    g.legal_actions(1, legal);
    REQUIRE_FALSE(legal.empty());
    play(g, legal.front());
  }
  play(g, act(0, kind::press, {0}));
  const auto fought_at = [&g] {
    pb::View v;
    g.view(engine::viewer::spectator(), v);
    return static_cast<int>(v.fight().location());
  };
  CHECK(fought_at() == drift);
  // Seat 0 ends its turn; seat 1 moves away in its own Movement.
  for (int i = 0; i < 8 && !(g.active_seat() == 1 && g.current_phase() == phase::movement); ++i) play(g, act(0, kind::pass));
  REQUIRE(g.active_seat() == 1);
  REQUIRE(g.check(act(1, kind::move, {metis})));
  play(g, act(1, kind::move, {metis}));
  CHECK(g.ship_of(1).location == metis);
  CHECK(fought_at() == drift);
}

TEST_CASE("scoundrels rule Melee: equipped weapons add hits, one hit per crew per round, the winner pillages") {
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Medic"}], "storageLocker": ["Medkit"]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}], "weaponsLocker": ["Frag Grenade", "Blaster Pistol"]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1},
    "dice": [1, 1]
  })");
  CHECK(g.fight().step == fight_step::equip_attacker);
  const std::int32_t orr = held(g, 1, "Captain Orr");
  play(g, act(1, kind::equip, {held(g, 1, "Frag Grenade"), orr}));
  play(g, act(1, kind::equip, {held(g, 1, "Blaster Pistol"), orr}));
  CHECK(g.ship_of(1).weapons.size == 0);   // equipped: out of the locker, face up
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  // Attacker: Orr (1 fists) + pistol 1 + grenade 2 = 4, die 1: no extra; two defenders take one each.
  CHECK(g.fight().notes[0].attacker_attack == 4);
  CHECK(g.fight().notes[0].to_defender == 2);
  CHECK(g.fight().notes[0].defender_attack == 1);   // Vega's fists
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  CHECK(filled(g, g.describe_effects()).find("takes damage") == std::string::npos);   // said once, by the ALLOCATE's line
  CHECK_FALSE(g.check(act(0, kind::allocate, {held(g, 0, "Captain Vega")})));   // one hit per crew a round
  play(g, act(0, kind::allocate, {held(g, 0, "Medic")}));
  play(g, act(1, kind::allocate, {orr}));
  // The defender may use its medkit the same round, and its Medic's ability once a round.
  CHECK(listed(g, act(0, kind::heal, {held(g, 0, "Medkit"), held(g, 0, "Medic")})));
  const std::int32_t medic = held(g, 0, "Medic");
  // One line a heal, naming who is healed (it was "heals a crew member." and again "heals Captain Vega.").
  CHECK(filled(g, g.describe(act(0, kind::heal, {medic, held(g, 0, "Captain Vega")}))) == "{seat:0} heals Captain Vega.");
  play(g, act(0, kind::heal, {medic, held(g, 0, "Captain Vega")}));
  CHECK(damage_of(g, 0, "Captain Vega") == 0);
  CHECK(filled(g, g.describe_effects()).find("heals") == std::string::npos);
  CHECK_FALSE(g.check(act(0, kind::heal, {medic, medic})));   // used this round
  play(g, act(0, kind::heal, {held(g, 0, "Medkit"), medic}));
  CHECK(damage_of(g, 0, "Medic") == 0);
  CHECK(g.ship_of(0).storage.size == 0);   // the medkit is used up
}

TEST_CASE("scoundrels rule Melee: a crew all disabled this round may still heal in its heal step, extending the melee") {
  // The rulebook: crew may heal "the same round damage is taken (even if the crew member with
  // the ability is about to be disabled), thereby extending melee". Before, the melee ended
  // as the damage was placed.
  const auto board = [](const char* vega) {
    return std::string(R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true, "damage": 1}, )") + vega + R"(]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"}]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1},
    "dice": [1, 1]
  })";
  };
  // An injured Medic and Vega: both take their second hit, and the Medic heals herself.
  state g = game(2, board(R"({"card": "Medic", "damage": 1})"));
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  const std::int32_t medic = held(g, 0, "Medic");
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(0, kind::allocate, {medic}));
  play(g, act(1, kind::allocate, {held(g, 1, "Brute")}));
  REQUIRE(damage_of(g, 0, "Medic") == 2);
  CHECK(g.fight().kind == fight_kind::boarding);   // not over yet: the heal step
  REQUIRE(listed(g, act(0, kind::heal, {medic, medic})));
  play(g, act(0, kind::heal, {medic, medic}));
  CHECK(damage_of(g, 0, "Medic") == 1);
  CHECK(g.fight().kind == fight_kind::boarding);   // a conscious Medic: the melee goes on
  CHECK(g.fight().winner < 0);
  // Without a heal the same round ends it, once the heal step is passed.
  state h = game(2, board(R"({"card": "Gunner", "damage": 1})"));
  play(h, act(1, kind::fight));
  play(h, act(0, kind::fight));
  play(h, act(0, kind::allocate, {held(h, 0, "Captain Vega")}));
  play(h, act(0, kind::allocate, {held(h, 0, "Gunner")}));
  play(h, act(1, kind::allocate, {held(h, 1, "Brute")}));
  CHECK(h.fight().winner == 1);
}

TEST_CASE("scoundrels rule Melee: any conscious crew member may be equipped, and in a brawl a medkit must have been") {
  // Rulebook "Melee": "the players may equip any conscious crew members"; "In a brawl, crew
  // are equipped at the start of melee and may not retrieve additional items from their ship".
  for (const bool brawl : {false, true}) {
    CAPTURE(brawl);
    // A boarding action in deep space, a delivery brawl at Pandora.
    std::string ships = R"(
      {"location": "AT", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Medic"}, {"card": "Mechanic"},
                                  {"card": "Gunner"}, {"cargo": "Spice"}], "storageLocker": ["Medkit"]},
      {"location": "AT", "bays": [{"card": "Captain Orr", "captain": true}], "weaponsLocker": ["Blaster Pistol"]})";
    for (std::size_t at; (at = ships.find("AT")) != std::string::npos;) ships.replace(at, 2, brawl ? "Pandora" : "Drift");
    state g = game(2, brawl ? R"({"phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0, "ships": [)" + ships + R"(],
        "encounterDeck": ["Quiet"], "delivering": {"cargo": "Spice", "asking": 1},
        "fight": {"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 1}, "dice": [1, 1]})"
                            : R"({"phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0, "ships": [)" + ships + R"(],
        "encounterDeck": ["Quiet"], "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1}, "dice": [1, 1]})");
    play(g, act(1, kind::equip, {held(g, 1, "Blaster Pistol"), held(g, 1, "Captain Orr")}));
    play(g, act(1, kind::fight));
    // The defender's fourth crew member may be equipped too.
    CHECK(listed(g, act(0, kind::equip, {held(g, 0, "Medkit"), held(g, 0, "Gunner")})));
    play(g, act(0, kind::fight));   // the Medkit stays in the storage locker
    // Orr (fists 1) + pistol 1: two hits.
    play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
    play(g, act(0, kind::allocate, {held(g, 0, "Gunner")}));
    play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
    // A boarding action may equip every round, so its locker's medkit is at hand; a brawl's is not.
    CHECK(listed(g, act(0, kind::heal, {held(g, 0, "Medkit"), held(g, 0, "Gunner")})) == !brawl);
  }
}

TEST_CASE("scoundrels rule Affiliation: Allmacht's free repair comes on top of a repair ability, and at a ship combat's repair step") {
  // Rulebook "Affiliation": Allmacht "may repair one ship system per turn", a bonus.
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "affiliation": "ALLMACHT", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Mechanic"},
        {"card": "+1 Hyperdrive", "damage": 1}, {"card": "Laser Cannon", "damage": 1}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet"]
  })");
  play(g, act(0, kind::repair, {held(g, 0, "Mechanic"), held(g, 0, "+1 Hyperdrive")}));
  CHECK(damage_of(g, 0, "+1 Hyperdrive") == 0);
  CHECK(listed(g, act(0, kind::repair, {0, held(g, 0, "Laser Cannon")})));   // the free one is still there
  play(g, act(0, kind::repair, {0, held(g, 0, "Laser Cannon")}));
  CHECK(damage_of(g, 0, "Laser Cannon") == 0);

  // In a ship combat, at the defender's repair step (its own turn's free repair not used).
  std::string pos = combat("", "6");
  const std::string defender = R"({"location": "Drift", "bays": [{"card": "Captain Vega")";
  pos.replace(pos.find(defender), defender.size(), R"({"location": "Drift", "affiliation": "ALLMACHT", "bays": [{"card": "Captain Vega")");
  state c = game(2, pos);
  play(c, act(0, kind::allocate, {held(c, 0, "Deflector")}));
  CHECK(c.fight().step == fight_step::repair_defender);
  play(c, act(0, kind::repair, {0, held(c, 0, "Deflector")}));
  CHECK(damage_of(c, 0, "Deflector") == 0);
}

TEST_CASE("scoundrels rule Melee: a boarding-only ability counts in boarding actions, not in brawls") {
  const char* pos = R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Lux", "captain": true}]},
      {"location": "Drift", "bays": [{"card": "Captain Quill", "captain": true}], "weaponsLocker": ["Breacher"]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "KIND", "attacker": 1, "defender": 0, "round": 1},
    "dice": [1, 1]
  })";
  for (const char* kind_name : {"BOARDING", "BRAWL_FIGHT"}) {
    std::string p = pos;
    p.replace(p.find("KIND"), 4, kind_name);
    state g = game(2, p);
    play(g, act(1, kind::equip, {held(g, 1, "Breacher"), held(g, 1, "Captain Quill")}));
    play(g, act(1, kind::fight));
    play(g, act(0, kind::fight));
    CHECK(g.fight().notes[0].attacker_attack == (std::string(kind_name) == "BOARDING" ? 3 : 1));
  }
}

TEST_CASE("scoundrels rule Melee: armour stops only the kinds of hits it names, and a Trauma Kit heals two") {
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Brute", "damage": 1}, {"card": "Gunner"}],
       "storageLocker": ["Bullet Vest", "Trauma Kit"]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}], "weaponsLocker": ["Frag Grenade", "Blaster Pistol"]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1},
    "dice": [1, 1]
  })");
  const std::int32_t orr = held(g, 1, "Captain Orr");
  play(g, act(1, kind::equip, {held(g, 1, "Frag Grenade"), orr}));
  play(g, act(1, kind::equip, {held(g, 1, "Blaster Pistol"), orr}));
  play(g, act(1, kind::fight));
  // The vest (2 against firearms) is worn by Vega: it stops the pistol's 1 hit, not Orr's fists
  // (1) nor the grenade's blast (2).
  play(g, act(0, kind::equip, {held(g, 0, "Bullet Vest"), held(g, 0, "Captain Vega")}));
  play(g, act(0, kind::fight));
  CHECK(g.fight().notes[0].attacker_attack == 4);
  CHECK(g.fight().notes[0].to_defender == 3);   // 4 less the pistol's 1 (a vest against all kinds would stop 2)
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(0, kind::allocate, {held(g, 0, "Brute")}));
  play(g, act(0, kind::allocate, {held(g, 0, "Gunner")}));
  play(g, act(1, kind::allocate, {orr}));
  // The Brute was injured before the round, so it is disabled now; the Trauma Kit restores 2.
  REQUIRE(damage_of(g, 0, "Brute") == 2);
  play(g, act(0, kind::heal, {held(g, 0, "Trauma Kit"), held(g, 0, "Brute")}));
  CHECK(damage_of(g, 0, "Brute") == 0);
}

TEST_CASE("scoundrels rule Melee: heals that match the hits cannot keep a fight going - the attacker fights on to an 8th round at most") {
  // Seat 1's captain lands one punch a round and seat 0's Medic heals it; the dice (all 1s:
  // two a round, as many as a position may fix, for the 8 rounds) give no extra hit.
  // Fighting on would never end.
  std::string dice = "1";
  for (int i = 1; i < 16; ++i) dice += ", 1";
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Lux", "captain": true}, {"card": "Medic"}]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 1},
    "dice": [)" + dice + R"(]
  })");
  const action fight_on = act(1, kind::press, {1});
  std::vector<engine::action> legal;
  int heals = 0;
  for (int guard = 0; guard < 200 && g.fight().kind != fight_kind::none; ++guard) {
    const int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
    g.legal_actions(seat, legal);
    REQUIRE(!legal.empty());
    if (g.fight().step == fight_step::attacker_decides && !listed(g, fight_on)) break;
    action a = legal.front();
    for (const action& x : legal)
      if (x == fight_on || x.kind == static_cast<std::uint16_t>(kind::heal)) a = x;
    heals += a.kind == static_cast<std::uint16_t>(kind::heal);
    play(g, a);
  }
  REQUIRE(g.fight().kind == fight_kind::brawl);
  CHECK(g.fight().round == max_fight_rounds);
  CHECK(heals == max_fight_rounds);   // every round's punch was healed
  g.legal_actions(1, legal);
  REQUIRE(legal.size() == 1);
  CHECK(legal[0] == act(1, kind::press, {0}));   // only ending it
  CHECK_FALSE(g.check(fight_on));
  pb::View v;
  g.view(engine::viewer::of_seat(1), v);
  CHECK(v.fight().last_round() == max_fight_rounds);   // the table can say why
  play(g, legal[0]);
  CHECK(g.fight().kind == fight_kind::none);
  g.view(engine::viewer::of_seat(1), v);
  CHECK(v.fight().round() == max_fight_rounds);   // the fight just ended, still shown
  CHECK(v.fight().last_round() == 0);             // but no longer fought
}
