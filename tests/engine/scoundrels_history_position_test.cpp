// S.P.A.C.E. positions that state what play leaves behind (docs/scenarios.md, "S.P.A.C.E.
// Scoundrels"): the bribe view stacked on the reward view, a fight's earlier rounds, the
// latest finished fight, the dice history. Each is checked against the same situation
// reached by play: every seat's and the spectators' views are equal, and stay equal as both
// play on.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/scenario.hpp"
#include "engine/scoundrels/state.hpp"
#include "tests/engine/position_mutator.hpp"
#include "tests/engine/scoundrels_positions.hpp"

namespace sc = starport::scoundrels;
using starport::engine::action;
using starport::engine::viewer;

using scoundrels_positions::position;
using scoundrels_positions::refusal;
using scoundrels_positions::start;
using scoundrels_positions::view_json;

namespace {

std::vector<action> legal(const sc::state& g, int seat) {
  std::vector<action> out;
  g.legal_actions(seat, out);
  return out;
}

action make(int seat, sc::kind k, std::initializer_list<std::int32_t> args) {
  action a = starport::engine::make_action(seat, static_cast<std::uint16_t>(k));
  a.argc = static_cast<std::uint8_t>(args.size());
  int i = 0;
  for (std::int32_t x : args) a.args[i++] = x;
  return a;
}

void play(sc::state& g, const action& a) {
  const starport::engine::verdict v = g.check(a);
  REQUIRE_MESSAGE(v, g.describe(a) << ": " << v.detail);
  g.apply(a);
}

std::int32_t id_of(const sc::state& g, int seat, const std::string& name) {
  const sc::ship& sh = g.ship_of(seat);
  for (const sc::bay& b : sh.bays)
    if (!b.empty() && g.card_name(b.card) == name) return g.wire(b.card);
  for (const sc::locker* l : {&sh.weapons, &sh.storage, &sh.log})
    for (sc::card_no c : l->items())
      if (g.card_name(c) == name) return g.wire(c);
  FAIL("no such card held: " << name);
  return 0;
}

// Every seat's and the spectators' views are the same (`shown`, the cards the last action
// showed, cleared when `last_action` differs: a position has no last action).
void same_views(const sc::state& played, const sc::state& posed, bool last_action = false) {
  for (viewer who : {viewer::of_seat(0), viewer::of_seat(1), viewer::spectator()}) {
    sc::pb::View a, b;
    played.view(who, a);
    posed.view(who, b);
    if (last_action) a.clear_shown();
    CHECK(starport::engine::to_json(a, false) == starport::engine::to_json(b, false));
  }
  for (int s = 0; s < 2; ++s) {
    const std::vector<action> x = legal(played, s), y = legal(posed, s);
    CHECK(x == y);
  }
}

// Plays the same action on both (ids as the views show them: the same cards are the same
// numbers in both, named in the positions).
void both(sc::state& played, sc::state& posed, const action& a) {
  play(played, a);
  play(posed, a);
  same_views(played, posed);
}

// The played game's dice as a position's `rolls` (the engine's record: a melee die's
// modifier is its side's hits before the die, which the view does not show as a modifier),
// and its fight's rounds (all but `skip_last`).
std::string rolls_json(const sc::state& g) {
  using sc::roll_for, sc::roll_result;
  std::string out = "[";
  for (std::size_t i = 0; i < g.dice().size(); ++i) {
    const starport::engine::die_roll& d = g.dice().recent(i);
    const auto why = static_cast<roll_for>(d.purpose);
    const char* purpose = why == roll_for::escape      ? "ESCAPE"
                          : why == roll_for::rep_check ? "REP_CHECK"
                          : why == roll_for::dockyard  ? "DOCKYARD"
                          : why == roll_for::melee     ? "MELEE"
                                                       : "PIRATES";
    const auto r = static_cast<roll_result>(d.result);
    const bool ok = r == roll_result::escaped || r == roll_result::passed || r == roll_result::hit || r == roll_result::moves;
    if (out.size() > 1) out += ", ";
    out += R"({"seat": )" + std::to_string(d.seat) + R"(, "purpose": ")" + purpose + R"(", "face": )" +
           std::to_string(d.faces[0]) + R"(, "modifier": )" + std::to_string(d.modifier) + R"(, "success": )" +
           (ok ? "true" : "false") + "}";
  }
  return out + "]";
}

std::string rounds_json(const sc::pb::Fight& f, int skip_last) {
  std::string out = "[";
  // The cards that took the damage, by name, in the order placed.
  auto names = [](const auto& cards) {
    std::string list = "[";
    for (const sc::pb::Card& c : cards) list += (list.size() > 1 ? ", \"" : "\"") + c.name() + "\"";
    return list + "]";
  };
  for (int i = 0; i + skip_last < f.rounds_size(); ++i) {
    const sc::pb::FightRound& r = f.rounds(i);
    REQUIRE_MESSAGE(r.cargo_destroyed_size() == 0, "a destroyed cargo's side is not in the view: state it by hand");
    if (out.size() > 1) out += ", ";
    out += R"({"number": )" + std::to_string(r.number()) + R"(, "attackerAttack": )" + std::to_string(r.attacker_attack()) +
           R"(, "defenderAttack": )" + std::to_string(r.defender_attack()) + R"(, "damageToAttacker": )" +
           std::to_string(r.damage_to_attacker()) + R"(, "damageToDefender": )" + std::to_string(r.damage_to_defender()) +
           R"(, "escapeRoll": )" + std::to_string(r.has_escape() ? r.escape().number() : 0) + R"(, "escaped": )" +
           (r.escaped() ? "true" : "false") + R"(, "attackerDamaged": )" + names(r.attacker_damaged()) +
           R"(, "defenderDamaged": )" + names(r.defender_damaged()) + "}";
  }
  return out + "]";
}

// The names that must not reach `seat`'s view nor the spectators'.
void hidden_from(const sc::state& g, int seat, std::initializer_list<const char*> names) {
  for (viewer who : {viewer::of_seat(seat), viewer::spectator()}) {
    const std::string json = view_json(g, who);
    for (const char* n : names) {
      CAPTURE(n);
      CHECK(json.find(n) == std::string::npos);
    }
  }
}

int mutated(const std::string& json) {
  const auto& game = starport::engine::info_of<sc::state>();
  return position_mutator::check(game, 2, sc::pb::Options(), position(json), 60, 11);
}

// Two ships in Kessler Belt: seat 1's Laser Turret against seat 0, whose Blaster Pistol is
// face down. BAYS0 are seat 0's bays after its captain; REST the position's other fields.
std::string kessler(const std::string& bays0, const std::string& rest) {
  return R"({"phase": "MOVEMENT", "turn": 4, "activeSeat": 1,
    "ships": [{"location": "Kessler Belt", "bays": [{"card": "Vex Marlowe", "captain": true})" + bays0 +
         R"(], "weaponsLocker": ["Blaster Pistol"]},
              {"location": "Kessler Belt", "bays": [{"card": "Rook Adeyemi", "captain": true}, {"card": "Laser Turret"}]}], )" +
         rest + "}";
}

}  // namespace

TEST_CASE("scoundrels Position stack: the bribe view over the reward view, as a delivery at reputation 4 builds it") {
  // Seat 0 delivers Dreamdust (Fidanza's, a purple reward) at reputation 3: now 4, it must
  // affiliate, and views four bribes, then four purple cards.
  // The decks' tops are stated so both matches hold the same copies.
  sc::state played = start(R"({"phase": "DELIVERY", "turn": 5, "activeSeat": 0,
    "ships": [{"location": "Eurybia", "reputation": 3, "bays": [{"card": "Vex Marlowe", "captain": true}, {"cargo": "Dreamdust"}]},
              {"location": "Vesper Drift", "bays": [{"card": "Rook Adeyemi", "captain": true}]}],
    "bribeDeck": ["Judge's Ruling", "Ghost Protocol", "Insider Ledger", "Stolen Codes", "Black Vault"],
    "purpleDeck": ["Ilse Brandt", "Oro Tanaka", "Boarding Marine", "Combat Medic", "Juno Reyes"]})");
  play(played, make(0, sc::kind::deliver, {id_of(played, 0, "Dreamdust")}));
  REQUIRE(played.pending().size() == 2);
  auto names = [&](const sc::frame& f) {
    std::string out;
    for (int i = 0; i < f.look_count; ++i) out += (i ? ", \"" : "\"") + played.card_name(f.looked[i]) + "\"";
    return out;
  };
  const std::string bribes = names(played.pending()[1]), purples = names(played.pending()[0]);
  const std::string json = R"({"phase": "DELIVERY", "turn": 5, "activeSeat": 0,
    "ships": [{"location": "Eurybia", "reputation": 4, "affiliation": "FIDANZA", "deliveries": 1,
               "bays": [{"card": "Vex Marlowe", "captain": true}]},
              {"location": "Vesper Drift", "bays": [{"card": "Rook Adeyemi", "captain": true}]}],
    "tracks": [{"syndicate": "FIDANZA", "delivered": ["Dreamdust"]}],
    "bribeDeck": ["Black Vault"], "purpleDeck": ["Juno Reyes"],
    "viewing": {"cards": [)" + bribes + R"(], "under": {"cards": [)" + purples + "]}}}";
  sc::state posed = start(json);
  REQUIRE(posed.pending().size() == 2);
  CHECK(posed.pending()[0] == played.pending()[0]);
  CHECK(posed.pending()[1] == played.pending()[1]);
  same_views(played, posed);
  // The purple cards under are nobody's to see yet, not even seat 0's; the bribes are seat 0's.
  for (viewer who : {viewer::of_seat(0), viewer::of_seat(1), viewer::spectator()}) {
    const std::string v = view_json(posed, who);
    for (int i = 0; i < posed.pending()[0].look_count; ++i) CHECK(v.find(posed.card_name(posed.pending()[0].looked[i])) == std::string::npos);
  }
  for (viewer who : {viewer::of_seat(1), viewer::spectator()})
    CHECK(view_json(posed, who).find(posed.card_name(posed.pending()[1].looked[0])) == std::string::npos);
  // Keep a bribe, then a purple card; seat 0's Delivery goes on.
  both(played, posed, legal(posed, 0).front());
  REQUIRE(posed.pending().size() == 1);
  for (viewer who : {viewer::of_seat(1), viewer::spectator()})
    CHECK(view_json(posed, who).find(posed.card_name(posed.pending()[0].looked[0])) == std::string::npos);
  both(played, posed, legal(posed, 0).back());
  CHECK(posed.pending().empty());
  CHECK(posed.must_act() == 1);
  CHECK(mutated(json) > 0);
}

TEST_CASE("scoundrels Position stack: refusals name viewing.under") {
  const std::string ships = R"("ships": [{"location": "Eurybia", "reputation": 2, "affiliation": "FIDANZA", "deliveries": 1,
               "bays": [{"card": "Vex Marlowe", "captain": true}]},
              {"location": "Vesper Drift", "bays": [{"card": "Rook Adeyemi", "captain": true}]}],
    "tracks": [{"syndicate": "FIDANZA", "delivered": ["Dreamdust"]}])";
  auto with = [&](const std::string& phase, const std::string& viewing) {
    return R"({"phase": ")" + phase + R"(", "turn": 5, "activeSeat": 0, )" + ships + R"(, "viewing": )" + viewing + "}";
  };
  CHECK(start(with("DELIVERY", R"({"cards": ["Judge's Ruling"], "under": {"cards": ["Mercenary", "Boarding Clamp"]}})")).pending().size() == 2);
  CHECK(refusal(with("MOVEMENT", R"({"cards": ["Judge's Ruling"], "under": {"cards": ["Mercenary"]}})")).find("viewing.under: the reward view under the bribe view follows a delivery") != std::string::npos);
  CHECK(refusal(with("DELIVERY", R"({"cards": ["Mercenary"], "under": {"cards": ["Boarding Clamp"]}})")).find("viewing.under: the view over the reward view is the bribe view") != std::string::npos);
  CHECK(refusal(with("DELIVERY", R"({"cards": ["Judge's Ruling"], "under": {"cards": ["Mercenary", "Deflector Shield"]}})")).find("of one colour") != std::string::npos);
  CHECK(refusal(with("DELIVERY", R"({"cards": ["Judge's Ruling"], "under": {"cards": ["Mercenary", "Mercenary", "Boarding Clamp"]}})")).find("at most the ship's reputation plus its extra views (2)") != std::string::npos);
  CHECK(refusal(with("DELIVERY", R"({"cards": ["Judge's Ruling"], "under": {"cards": []}})")).find("viewing.under lists 1 to 8 cards") != std::string::npos);
}

TEST_CASE("scoundrels Position rounds and rolls: a ship combat posed at round 2 and 3 shows the earlier rounds and escape rolls as play does") {
  // Seat 1's Laser Turret and Rook Adeyemi (2 laser) against seat 0's Deflector Shield (1).
  // Round 1: the damage on Afterburners, seat 1 fights on, seat 0 fails to escape (a 2);
  // round 2: the damage on the Deflector Shield.
  const std::string bays0 = R"(, {"card": "+1 Hyperdrive"}, {"card": "Afterburners"}, {"card": "Deflector Shield"})";
  sc::state played = start(kessler(bays0, R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0}, "dice": [2, 1, 1])"));
  play(played, make(0, sc::kind::allocate, {id_of(played, 0, "Afterburners")}));
  play(played, make(1, sc::kind::press, {1}));
  play(played, make(0, sc::kind::escape, {0, 0}));
  REQUIRE(played.fight().round == 2);
  play(played, make(0, sc::kind::allocate, {id_of(played, 0, "Deflector Shield")}));
  REQUIRE(played.fight().step == sc::fight_step::attacker_decides);
  sc::pb::View v;
  played.view(viewer::spectator(), v);
  REQUIRE(v.fight().rounds_size() == 2);
  REQUIRE(v.fight().rounds(0).has_escape());
  // Play-test L3: each round names what took its damage (the table said "1" and nobody).
  REQUIRE(v.fight().rounds(0).defender_damaged_size() == 1);
  CHECK(v.fight().rounds(0).defender_damaged(0).name() == "Afterburners");
  CHECK(v.fight().rounds(1).defender_damaged(0).name() == "Deflector Shield");
  CHECK(v.fight().rounds(1).attacker_damaged_size() == 0);
  const std::string damaged = R"(, {"card": "+1 Hyperdrive"}, {"card": "Afterburners", "damage": 1}, {"card": "Deflector Shield", "damage": 1})";
  const std::string json = kessler(damaged, R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                                                "rounds": )" + rounds_json(v.fight(), 0) + R"(},
                                      "rolls": )" + rolls_json(played) + R"(, "dice": [1, 1])");
  sc::state posed = start(json);
  same_views(played, posed);
  hidden_from(posed, 1, {"Blaster Pistol"});
  // Fighting on: seat 0 fails again (a 1), round 3 hits the hyperdrive, and the last escape
  // (a 1) fails with no working system left: the attacker may end it.
  both(played, posed, make(1, sc::kind::press, {1}));
  both(played, posed, make(0, sc::kind::escape, {0, 0}));
  REQUIRE(posed.fight().round == 3);
  both(played, posed, make(0, sc::kind::allocate, {id_of(posed, 0, "+1 Hyperdrive")}));
  both(played, posed, make(1, sc::kind::press, {1}));
  both(played, posed, make(0, sc::kind::escape, {0, 0}));
  REQUIRE(posed.fight().step == sc::fight_step::after_escape);
  // Posed at AFTER_ESCAPE: the latest roll is the failed escape, shown in round 3.
  played.view(viewer::spectator(), v);
  REQUIRE(v.fight().rounds_size() == 3);
  const std::string all_damaged = R"(, {"card": "+1 Hyperdrive", "damage": 1}, {"card": "Afterburners", "damage": 1}, {"card": "Deflector Shield", "damage": 1})";
  const std::string after = kessler(all_damaged, R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 3, "step": "AFTER_ESCAPE",
                                                 "rounds": )" + rounds_json(v.fight(), 0) + R"(},
                                       "rolls": )" + rolls_json(played));
  sc::state at_escape = start(after);
  same_views(played, at_escape);
  // The attacker ends it: the view keeps the finished fight until the turn ends.
  both(played, at_escape, make(1, sc::kind::press, {0}));
  play(posed, make(1, sc::kind::press, {0}));
  same_views(played, posed);
  CHECK(posed.fight().kind == sc::fight_kind::none);
  played.view(viewer::spectator(), v);
  REQUIRE(v.fight().step() == sc::pb::FIGHT_STEP_NONE);
  REQUIRE(v.fight().rounds_size() == 3);
  std::string fixed = kessler(all_damaged, R"("lastFight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 3,
                                               "rounds": )" + rounds_json(v.fight(), 0) + R"(},
                                 "rolls": )" + rolls_json(played));
  // Seat 1 attacked seat 0 this turn (it may not again).
  fixed.replace(fixed.find(R"({"card": "Laser Turret"}]})"), 26, R"({"card": "Laser Turret"}], "attacked": [0]})");
  sc::state finished = start(fixed);
  same_views(played, finished);
  hidden_from(finished, 1, {"Blaster Pistol"});
  both(played, finished, make(1, sc::kind::pass, {}));
  CHECK(mutated(json) > 0);
  CHECK(mutated(after) > 0);
  CHECK(mutated(fixed) > 0);
}

TEST_CASE("scoundrels Position rounds: a boarding action lists the ship combat's rounds before its own") {
  // Played: round 1 of the combat, a failed escape against the Boarding Clamp, seat 1 boards;
  // the boarding's round 1: both equip nothing and roll (4: a hit for seat 1, 1 for seat 0).
  const std::string bays0 = R"(, {"card": "+1 Hyperdrive"}, {"card": "Deckhand"})";
  std::string start_json = kessler(bays0, R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0}, "dice": [1, 4, 1, 1, 1])");
  start_json.replace(start_json.find(R"({"card": "Laser Turret"})"), 24, R"({"card": "Laser Turret"}, {"card": "Boarding Clamp"})");
  sc::state played = start(start_json);
  play(played, make(0, sc::kind::allocate, {id_of(played, 0, "+1 Hyperdrive")}));
  play(played, make(1, sc::kind::press, {1}));
  play(played, make(0, sc::kind::escape, {0, 0}));
  REQUIRE(played.fight().step == sc::fight_step::after_escape);
  play(played, make(1, sc::kind::press, {2}));
  REQUIRE(played.fight().kind == sc::fight_kind::boarding);
  play(played, make(1, sc::kind::fight, {}));
  play(played, make(0, sc::kind::fight, {}));
  sc::pb::View v;
  played.view(viewer::spectator(), v);
  REQUIRE(v.fight().rounds_size() == 2);
  const bool allocating = played.fight().step == sc::fight_step::allocate;
  REQUIRE(allocating);
  int to_place[2] = {0, 0};
  for (const sc::frame& f : played.pending())
    if (f.kind == sc::task::allocate) to_place[f.seat] = f.count;
  CHECK(to_place[0] > 0);
  std::string json = kessler(R"(, {"card": "+1 Hyperdrive", "damage": 1}, {"card": "Deckhand"})",
                             R"("fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1, "step": "ALLOCATING",
                                          "defenderSide": {"toPlace": )" + std::to_string(to_place[0]) + R"(},
                                          "attackerSide": {"toPlace": )" + std::to_string(to_place[1]) + R"(},
                                          "rounds": )" + rounds_json(v.fight(), 0) + R"(},
                                "rolls": )" + rolls_json(played) + R"(, "dice": [1, 1, 1])");
  json.replace(json.find(R"({"card": "Laser Turret"})"), 24, R"({"card": "Laser Turret"}, {"card": "Boarding Clamp"})");
  sc::state posed = start(json);
  same_views(played, posed);
  {
    // Without the round under way in `rounds`, its hits are worked out from its two dice.
    std::string derived = json;
    const std::string full = rounds_json(v.fight(), 0), earlier = rounds_json(v.fight(), 1);
    derived.replace(derived.find(full), full.size(), earlier);
    same_views(played, start(derived));
  }
  // The hits placed, both go on the same way.
  while (!posed.pending().empty() && posed.pending().back().kind == sc::task::allocate) {
    const int s = posed.pending().back().seat;
    both(played, posed, legal(posed, s).front());
  }
  CHECK(mutated(json) > 0);
}

TEST_CASE("scoundrels Position rounds, rolls and last_fight: refusals name the field") {
  const std::string bays0 = R"(, {"card": "+1 Hyperdrive"})";
  auto combat = [&](const std::string& fight, const std::string& rest = "") {
    return kessler(bays0, R"("fight": )" + fight + rest);
  };
  const std::string escape1 = R"(, "rolls": [{"seat": 0, "purpose": "ESCAPE", "face": 2, "modifier": 1}])";
  CHECK(start(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                         "rounds": [{"number": 1, "attackerAttack": 1, "damageToDefender": 1, "escapeRoll": 1}]})", escape1))
            .fight()
            .note_count == 2);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 1,
                           "rounds": [{"number": 1}]})")).find("fight.rounds: round 1 has none before it") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 3, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 2}]})")).find("fight.rounds: every round back to round 1") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 3, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 1}, {"number": 1}]})")).find("fight.rounds: one fight's rounds") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 1, "damageToDefender": 1}]})")).find("at most the other side's attack") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 1, "escapeRoll": 1}]})")).find("a roll made before the position") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 1, "escapeRoll": 1, "escaped": true}]})", R"(, "rolls": [{"seat": 0, "face": 6, "success": true}])"))
            .find("fight.rounds[0].escaped: an escape ends the fight") != std::string::npos);
  CHECK(refusal(combat(R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "ATTACKER_DECIDES",
                           "rounds": [{"number": 1, "escapeRoll": 1}]})", R"(, "rolls": [{"seat": 1, "face": 2}])"))
            .find("not the defender's escape with this outcome") != std::string::npos);
  CHECK(refusal(kessler(R"(, {"card": "+1 Hyperdrive", "damage": 1})", R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "AFTER_ESCAPE"},
                       "rolls": [{"seat": 0, "face": 6, "success": true}])"))
            .find("rolls: at AFTER_ESCAPE the latest roll is the defender's escape that failed") != std::string::npos);
  // A defender with no working system may have stayed instead (rules version 5): no escape rolled.
  CHECK(sc::state::validate(2, sc::pb::Options(), position(kessler(R"(, {"card": "+1 Hyperdrive", "damage": 1})", R"("fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "round": 2, "step": "AFTER_ESCAPE"},
                       "rolls": [{"seat": 0, "face": 2, "purpose": "MELEE"}])"))));
  // Rolls.
  auto rolled = [&](const std::string& rolls) { return kessler(bays0, R"("rolls": )" + rolls); };
  CHECK(refusal(rolled(R"([{"seat": 2, "face": 1}])")).find("rolls[0].seat names no seat") != std::string::npos);
  CHECK(refusal(rolled(R"([{"seat": 0, "face": 7}])")).find("rolls[0].face shows 1 to 6") != std::string::npos);
  CHECK(refusal(rolled(R"([{"seat": 0, "face": 5, "modifier": 1}])")).find("rolls[0].success: an escape succeeds on a total of 6") != std::string::npos);
  CHECK(refusal(rolled(R"([{"seat": 0, "face": 3, "purpose": "MELEE", "success": true}])")).find("extra hit on 4 or more") != std::string::npos);
  CHECK(refusal(rolled(R"([{"seat": 0, "face": 6, "purpose": "DOCKYARD", "success": true}])")).find("a 6 leaves the Dockyard") != std::string::npos);
  CHECK(refusal(kessler(bays0, R"("rolls": [{"seat": 0, "face": 1}], "rollsMade": 5)")).find("rolls: the latest 8, or every roll") != std::string::npos);
  CHECK(refusal(kessler(bays0, R"("rolls": [{"seat": 0, "face": 1}, {"seat": 0, "face": 1}], "rollsMade": 1)")).find("rolls_made: at least the rolls listed") != std::string::npos);
  {
    std::string eight = "[";
    for (int i = 0; i < 8; ++i) eight += std::string(i ? ", " : "") + R"({"seat": 1, "purpose": "REP_CHECK", "face": 3})";
    sc::state g = start(kessler(bays0, R"("rolls": )" + eight + R"(], "rollsMade": 40)"));
    sc::pb::View v;
    g.view(viewer::spectator(), v);
    REQUIRE(v.dice_size() == 8);
    CHECK(v.dice(0).number() == 33);
    CHECK(v.dice(7).number() == 40);
    CHECK(v.dice(7).result() == "failed");
  }
  // The latest fight.
  auto last = [&](const std::string& phase, const std::string& fight) {
    std::string j = kessler(bays0, R"("lastFight": )" + fight);
    j.replace(j.find(R"("MOVEMENT")"), 10, "\"" + phase + "\"");
    return j;
  };
  CHECK(refusal(last("ENCOUNTER", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0})")).find("last_fight: fights are in MOVEMENT and DELIVERY") != std::string::npos);
  CHECK(refusal(last("DELIVERY", R"({"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0, "won": true, "winner": 1})")).find("last_fight.won: a ship combat is won only by holding") != std::string::npos);
  CHECK(refusal(last("DELIVERY", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "winner": 1})")).find("last_fight.winner without last_fight.won") != std::string::npos);
  CHECK(refusal(last("DELIVERY", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 1})")).find("last_fight names two seats") != std::string::npos);
  CHECK(refusal(last("DELIVERY", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 2, "rounds": [{"number": 1}]})")).find("last_fight.rounds: the last one listed is round 2") != std::string::npos);
  // Who took the damage: a card in that side's bays (each once), a destroyed cargo no longer
  // aboard, at most the damage taken.
  auto damaged = [&](const std::string& list) {
    return last("DELIVERY", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 1, "won": true, "winner": 0,
      "rounds": [{"number": 1, "attackerAttack": 1, "defenderAttack": 2, "damageToAttacker": 2, )" + list + "}]}");
  };
  CHECK(refusal(damaged(R"("attackerDamaged": ["Vex Marlowe"])")).find("last_fight.rounds[0].attacker_damaged: a system or crew member in that ship's bays") != std::string::npos);
  CHECK(refusal(damaged(R"("attackerDamaged": ["Rook Adeyemi", "Rook Adeyemi"])")).find("each once (Rook Adeyemi)") != std::string::npos);
  CHECK(refusal(damaged(R"("defenderDamaged": ["Vex Marlowe"])")).find("last_fight.rounds[0].defender_damaged: at most the damage that side took") != std::string::npos);
  CHECK(refusal(damaged(R"("attackerDamaged": ["Laser Turret"])")).find("a ship combat damages systems and cargo, a melee crew (Laser Turret)") != std::string::npos);
  {
    sc::state named = start(damaged(R"("attackerDamaged": ["Rook Adeyemi"])"));
    sc::pb::View nv;
    named.view(viewer::spectator(), nv);
    REQUIRE(nv.fight().rounds(0).attacker_damaged_size() == 1);
    CHECK(nv.fight().rounds(0).attacker_damaged(0).name() == "Rook Adeyemi");
  }
  const std::string brawl = last("DELIVERY", R"({"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 2, "won": true, "winner": 0,
      "rounds": [{"number": 1, "attackerAttack": 1, "defenderAttack": 2, "damageToAttacker": 1}, {"number": 2, "attackerAttack": 0, "defenderAttack": 1, "damageToAttacker": 1}]})");
  sc::state g = start(brawl);
  sc::pb::View v;
  g.view(viewer::of_seat(1), v);
  CHECK(v.fight().decided());
  CHECK(v.fight().winner() == 0);
  CHECK(v.fight().rounds_size() == 2);
  CHECK(v.fight().step() == sc::pb::FIGHT_STEP_NONE);
  CHECK(mutated(brawl) > 0);
}

TEST_CASE("scoundrels Position: a delivery a stop-delivery bribe stopped is stated by delivery_stopped") {
  // Seat 1, asked, plays its Judge's Ruling (a bribe): the window closes at once, seat 0's
  // Dreamdust stays aboard and seat 0 delivers nothing more this phase. The same situation is
  // posed with delivery_stopped and no window.
  const std::string ships0 = R"({"location": "Eurybia", "reputation": 1, "bays": [{"card": "Vex Marlowe", "captain": true}, {"cargo": "Dreamdust"}]})";
  sc::state played = start(R"({"phase": "DELIVERY", "turn": 5, "activeSeat": 0,
    "ships": [)" + ships0 + R"(, {"location": "Eurybia", "bays": [{"card": "Rook Adeyemi", "captain": true}], "captainsLog": ["Judge's Ruling"]}],
    "delivering": {"cargo": "Dreamdust", "asking": 1}})");
  CHECK(legal(played, 1).size() == 3);   // no brawl, a brawl, the bribe
  const std::int32_t dreamdust = id_of(played, 0, "Dreamdust");
  play(played, make(1, sc::kind::play, {id_of(played, 1, "Judge's Ruling"), 0, 0}));
  CHECK(played.pending().empty());
  CHECK(played.delivery_stopped());
  // The ship may only end its step: the delivery (or a burial) is neither listed nor taken.
  const std::vector<action> left = legal(played, 0);
  REQUIRE(left.size() == 1);
  CHECK(left[0].kind == static_cast<std::uint16_t>(sc::kind::pass));
  for (sc::kind k : {sc::kind::deliver, sc::kind::bury}) {
    const starport::engine::verdict v = played.check(make(0, k, {dreamdust}));
    CHECK_FALSE(v);
    CHECK(std::string(v.detail).find("your delivery was stopped this phase") != std::string::npos);
  }
  sc::pb::View v0;
  played.view(viewer::spectator(), v0);
  CHECK(v0.ships(0).delivery_stopped());
  CHECK_FALSE(v0.ships(1).delivery_stopped());
  const std::string posed_json = R"({"phase": "DELIVERY", "turn": 5, "activeSeat": 0, "deliveryStopped": true,
    "ships": [)" + ships0 + R"(, {"location": "Eurybia", "bays": [{"card": "Rook Adeyemi", "captain": true}]}]})";
  sc::state posed = start(posed_json);
  same_views(played, posed, true);
  // Ending the step clears the stop: seat 1's Delivery is its own.
  both(played, posed, make(0, sc::kind::pass, {}));
  CHECK_FALSE(played.delivery_stopped());
  CHECK(played.active_seat() == 1);
  CHECK(mutated(posed_json) > 0);
  // Where a stop cannot be.
  const std::string plain = R"(, "ships": [)" + ships0 + R"(, {"location": "Eurybia", "bays": [{"card": "Rook Adeyemi", "captain": true}]}]})";
  CHECK(refusal(R"({"phase": "MOVEMENT", "activeSeat": 0, "deliveryStopped": true)" + plain) ==
        "the position: delivery_stopped: the active ship's, in DELIVERY");
  CHECK(refusal(R"({"phase": "DELIVERY", "activeSeat": 0, "deliveryStopped": true, "delivering": {"cargo": "Dreamdust", "asking": 1})" + plain) ==
        "the position: delivery_stopped: the stop closed the window (a stopped ship states no delivering or fight)");
  CHECK(refusal(R"({"phase": "DELIVERY", "activeSeat": 0, "deliveryStopped": true, "affiliationOffer": {"syndicate": "FIDANZA", "reward": "GREEN"},
    "tracks": [{"syndicate": "FIDANZA", "delivered": ["Nebula Wine"]}])" + plain) ==
        "the position: delivery_stopped: a stopped ship delivered nothing since (no viewing or affiliation_offer follows it)");
}
