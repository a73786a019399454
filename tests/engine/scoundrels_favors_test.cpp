// S.P.A.C.E.'s shipped cards do what they print (docs/rules/scoundrels_cards.md): favors and
// bribes with two abilities, encounter draws and injuries, repair abilities.
#include "tests/engine/scoundrels_positions.hpp"
#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

TEST_CASE("scoundrels favors: every ability a favor prints happens, and it may be played when any of them would do something") {
  // Shipyard Debt: "Repair every disabled ship system; every crew member recovers fully."
  // Dockmaster's Key and Stolen Codes: "...; +1 movement this turn."
  state g = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 3, "activeSeat": 0, "ships": [
    {"location": "Metis Prime", "reputation": 2, "bays": [{"card": "Vex Marlowe", "captain": true, "damage": 1},
      {"card": "Deckhand", "damage": 1}, {"card": "+1 Hyperdrive", "damage": 1}],
     "captainsLog": ["Shipyard Debt", "Dockmaster's Key", "Stolen Codes"]},
    {"location": "Metis Prime", "bays": [{"card": "Rook Adeyemi", "captain": true}], "storageLocker": ["Medkit"]}]})");
  const int movement = g.movement(0);
  play(g, act(0, kind::play, {held(g, 0, "Shipyard Debt"), -1, 0}));
  CHECK(damage_of(g, 0, "+1 Hyperdrive") == 0);
  CHECK(damage_of(g, 0, "Vex Marlowe") == 0);   // before, the crew stayed hurt
  CHECK(damage_of(g, 0, "Deckhand") == 0);
  const int repaired = g.movement(0);            // the hyperdrive works again
  CHECK(repaired >= movement);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  action key{};
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(kind::play) && a.args[0] == held(g, 0, "Dockmaster's Key")) key = a;
  REQUIRE(key.argc == 3);
  play(g, key);
  CHECK(g.movement(0) == repaired + 1);
  play(g, act(0, kind::play, {held(g, 0, "Stolen Codes"), 1, 0}));
  CHECK(g.movement(0) == repaired + 2);
  CHECK(g.ship_of(0).storage.size + g.ship_of(0).weapons.size == 1);   // the Medkit, taken

  // Shipyard Debt with only a crew member hurt is playable, for its second ability.
  state h = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 3, "activeSeat": 0, "ships": [
    {"location": "Metis Prime", "bays": [{"card": "Vex Marlowe", "captain": true, "damage": 1}], "captainsLog": ["Shipyard Debt"]},
    {"location": "Metis Prime", "bays": [{"card": "Rook Adeyemi", "captain": true}]}]})");
  CHECK(listed(h, act(0, kind::play, {held(h, 0, "Shipyard Debt"), -1, 0})));
}

namespace {
int cards_aboard(const state& g, int s) {
  int n = g.ship_of(s).log.size + g.ship_of(s).weapons.size + g.ship_of(s).storage.size;
  for (const auto& b : g.ship_of(s).bays) n += !b.empty();
  return n;
}
}  // namespace

TEST_CASE("scoundrels encounters: a windfall is an encounter draw, so a Quartermaster's +1 counts") {
  // Quartermaster and Juno Reyes: "+1 cantina card when an encounter draws"; Black Market and
  // Market Day draw from a richer deck.
  state g = scoundrels_positions::start(R"({"turn": 3, "firstPlayer": 0, "activeSeat": 0, "ships": [
    {"location": "Pandora", "bays": [{"card": "Rook Adeyemi", "captain": true}, {"card": "Quartermaster"}]},
    {"location": "Pandora", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "Juno Reyes"}]}],
    "encounterDeck": ["Black Market", "Market Day"]})");
  // At Pandora Black Market is a windfall of 1 red card, Market Day a plain draw of 1: each
  // one more with the extra-draw crew (before, the windfall gave 1).
  CHECK(cards_aboard(g, 0) == 2 + 2);
  CHECK(cards_aboard(g, 1) == 2 + 2);
}

TEST_CASE("scoundrels encounters: a favor that ignores the encounter just drawn may stop Loose Lips") {
  state g = scoundrels_positions::start(R"({"turn": 3, "firstPlayer": 0, "activeSeat": 0, "ships": [
    {"location": "Hedone", "reputation": 3, "deliveries": 3, "affiliation": "FIDANZA",
     "bays": [{"card": "Rook Adeyemi", "captain": true}], "captainsLog": ["Port Authority Pass"]},
    {"location": "Metis Prime", "bays": [{"card": "Vex Marlowe", "captain": true}]}],
    "tracks": [{"syndicate": "FIDANZA", "delivered": ["Dreamdust", "Glowcaps", "Moonsugar"]}],
    "encounterDeck": ["Loose Lips", "Quiet Night"], "dice": [1]})");
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == task::encounter_ask);
  play(g, act(0, kind::play, {held(g, 0, "Port Authority Pass"), -1, 0}));
  CHECK(g.ship_of(0).rep == 3);   // ignored: no check, no loss
}

TEST_CASE("scoundrels encounters: Riot's '2 crew members take 1 damage' hurts a lone captain once, not twice") {
  state g = scoundrels_positions::start(R"({"turn": 3, "firstPlayer": 0, "activeSeat": 0, "ships": [
    {"location": "Pandora", "bays": [{"card": "Rook Adeyemi", "captain": true}, {"card": "+1 Hyperdrive"}]},
    {"location": "Metis Prime", "bays": [{"card": "Vex Marlowe", "captain": true}]}],
    "encounterDeck": ["Riot", "Quiet Night"]})");
  play(g, act(0, kind::pass));   // let it happen
  play(g, act(0, kind::allocate, {held(g, 0, "Rook Adeyemi")}));
  CHECK(damage_of(g, 0, "Rook Adeyemi") == 1);   // injured, still conscious (before: disabled)
  CHECK_FALSE(listed(g, act(0, kind::allocate, {held(g, 0, "Rook Adeyemi")})));
}

TEST_CASE("scoundrels cards: each repair ability repairs once a Movement, not one repair for the whole ship") {
  // Ship's Mechanic and Repair Drones: "Repairs 1 disabled ship system per combat round and per Movement."
  state g = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 3, "activeSeat": 0, "ships": [
    {"location": "Metis Prime", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "Ship's Mechanic"},
      {"card": "Repair Drones"}, {"card": "+1 Hyperdrive", "damage": 1}, {"card": "Laser Turret", "damage": 1}]},
    {"location": "Pandora", "bays": [{"card": "Rook Adeyemi", "captain": true}]}]})");
  play(g, act(0, kind::repair, {held(g, 0, "Ship's Mechanic"), held(g, 0, "+1 Hyperdrive")}));
  CHECK_FALSE(listed(g, act(0, kind::repair, {held(g, 0, "Ship's Mechanic"), held(g, 0, "Laser Turret")})));   // used
  REQUIRE(listed(g, act(0, kind::repair, {held(g, 0, "Repair Drones"), held(g, 0, "Laser Turret")})));   // before: no
  play(g, act(0, kind::repair, {held(g, 0, "Repair Drones"), held(g, 0, "Laser Turret")}));
  CHECK(damage_of(g, 0, "Laser Turret") == 0);
}

TEST_CASE("scoundrels favors: Maintenance Credit may be played at a ship combat's repair step") {
  // "Repair every disabled ship system", with no time set; rulebook "Ship Combat": "After
  // allocating damage, ship systems may be repaired using suitable abilities/items." (Rules
  // version 3; before, it could only be played outside a fight.)
  // Rook Adeyemi's 1 and the turret's 1: both the defender's systems are disabled.
  state g = at_combat_repair(R"(, "captainsLog": ["Maintenance Credit"])");
  REQUIRE(g.fight().step == fight_step::repair_defender);
  const action credit = act(0, kind::play, {held(g, 0, "Maintenance Credit"), -1, 0});
  REQUIRE(listed(g, credit));
  play(g, credit);
  CHECK(damage_of(g, 0, "Afterburners") == 0);
  CHECK(damage_of(g, 0, "+1 Hyperdrive") == 0);
  CHECK(g.ship_of(0).log.size == 0);
  // Nothing else to do for either side: the attacker decides.
  CHECK(g.fight().step == fight_step::attacker_decides);
}

TEST_CASE("scoundrels favors: a repair step waits alike for a face-down repair favor and for any other face-down card") {
  // Whether the fight waits for the defender at its repair step must not tell the attacker
  // what its face-down cards are: with a system disabled and a card in the captain's log or
  // the storage locker, it waits (PASS at least) whatever the card is.
  const state credit = at_combat_repair(R"(, "captainsLog": ["Maintenance Credit"])");
  const state other_favor = at_combat_repair(R"(, "captainsLog": ["Ghost Protocol"])");
  const state medkit = at_combat_repair(R"(, "storageLocker": ["Medkit"])");
  const state nothing = at_combat_repair("");
  CHECK(credit.fight().step == fight_step::repair_defender);
  CHECK(other_favor.fight().step == fight_step::repair_defender);
  CHECK(medkit.fight().step == fight_step::repair_defender);
  CHECK(other_favor.must_act() == credit.must_act());
  std::vector<action> answers;
  other_favor.legal_actions(0, answers);
  CHECK(answers == std::vector<action>{act(0, kind::pass)});
  // Nothing face down and nothing to repair with: on to the attacker's decision.
  CHECK(nothing.fight().step == fight_step::attacker_decides);
}

TEST_CASE("scoundrels favors: Shipyard Debt may be played at a melee's heal step, and the step waits alike for any face-down card") {
  // "Every crew member recovers fully", with no time set; rulebook "Melee": crew may be healed
  // "the same round damage is taken". (Rules version 3; before, only outside a fight.) Whether
  // the step waits must not tell what the captain's log holds.
  const auto hit = [](const std::string& log) {
    state g = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 4, "activeSeat": 1, "ships": [
      {"location": "Kessler Belt", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "Deckhand"}])" + log + R"(},
      {"location": "Kessler Belt", "bays": [{"card": "Rook Adeyemi", "captain": true}], "weaponsLocker": ["Blaster Pistol"]}],
      "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1}, "dice": [1, 1]})");
    play(g, act(1, kind::equip, {held(g, 1, "Blaster Pistol"), held(g, 1, "Rook Adeyemi")}));
    play(g, act(1, kind::fight));
    play(g, act(0, kind::fight));
    // Rook's fists and the pistol: each hit on another of the defender's crew; the
    // defender's hits on Rook.
    const std::int32_t order[] = {held(g, 0, "Vex Marlowe"), held(g, 0, "Deckhand")};
    int next = 0;
    while (g.fight().step == fight_step::allocate) {
      if (g.must_act() == engine::seat_bit(0)) play(g, act(0, kind::allocate, {order[next++ % 2]}));
      else play(g, act(1, kind::allocate, {held(g, 1, "Rook Adeyemi")}));
    }
    REQUIRE(damage_of(g, 0, "Vex Marlowe") + damage_of(g, 0, "Deckhand") > 0);
    return g;
  };
  state debt = hit(R"(, "captainsLog": ["Shipyard Debt"])");
  REQUIRE(debt.fight().step == fight_step::repair_defender);
  const action play_debt = act(0, kind::play, {held(debt, 0, "Shipyard Debt"), -1, 0});
  REQUIRE(listed(debt, play_debt));
  play(debt, play_debt);
  CHECK(damage_of(debt, 0, "Vex Marlowe") + damage_of(debt, 0, "Deckhand") == 0);
  CHECK(debt.fight().step != fight_step::repair_defender);
  // Another favor face down: the step still waits, with only "Done healing".
  const state other = hit(R"(, "captainsLog": ["Ghost Protocol"])");
  CHECK(other.fight().step == fight_step::repair_defender);
  std::vector<action> answers;
  other.legal_actions(0, answers);
  CHECK(answers == std::vector<action>{act(0, kind::pass)});
  CHECK(other.describe(act(0, kind::pass)) == "{seat:0} is done healing.");
  // Nothing face down: on without stopping.
  CHECK(hit("").fight().step != fight_step::repair_defender);
}
