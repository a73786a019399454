#pragma once
// A small hand-made S.P.A.C.E. content set and helpers for the rule tests: six locations,
// a few contracts and cards with plain numbers, so each test can state its position and
// dice and check one rule. The game's own content is tested in scoundrels_cards_test.cpp.
//
//   Metis Prime (green, Dockyard) — Drift (patrolled) — Pandora (purple) — Maw (unpatrolled) — Niska (red)
//                                     |
//                                  Surya II (green, Dockyard)
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/scoundrels/state.hpp"
#include "tests/engine/card_names.hpp"
#include "tests/engine/scoundrels_positions.hpp"

namespace scoundrels_test {

using namespace starport;
using namespace starport::scoundrels;
using engine::action;

// Log words with the names of `g`'s own content for "{card:K}", as players read them.
inline std::string filled(const state& g, std::string_view words) {
  return engine::testing::with_card_names(words, catalog_of(g.data()).kinds);
}

inline constexpr location test_locations[] = {
    {"Metis Prime", loc_kind::destination, colour::green, false, true, 100, 100},
    {"Drift", loc_kind::deep_space, colour::green, true, false, 300, 100},
    {"Pandora", loc_kind::destination, colour::purple, false, false, 500, 100},
    {"Maw", loc_kind::deep_space, colour::green, false, false, 700, 100},
    {"Niska", loc_kind::destination, colour::red, false, false, 900, 100},
    {"Surya II", loc_kind::destination, colour::green, false, true, 300, 300},
};
inline constexpr int metis = 0, drift = 1, pandora = 2, maw = 3, niska = 4, surya = 5;
inline constexpr connection test_connections[] = {{0, 1}, {1, 2}, {1, 5}, {2, 3}, {3, 4}};

inline constexpr std::uint8_t nl = no_location;
inline constexpr contract test_contracts[] = {
    {"Spice", 0, syndicate::fidanza, {2, nl, nl}, colour::green, "spice"},
    {"Guns", 2, syndicate::semyorka, {4, nl, nl}, colour::purple, "guns"},
    {"Chips", 4, syndicate::allmacht, {0, nl, nl}, colour::red, "chips"},
    {"Idols", 5, syndicate::anubis, {4, 2, nl}, colour::green, "idols"},
    {"Spice Two", 0, syndicate::fidanza, {2, nl, nl}, colour::green, "spice"},
    {"Spice Three", 0, syndicate::fidanza, {2, nl, nl}, colour::green, "spice"},
    {"Guns Two", 2, syndicate::semyorka, {4, nl, nl}, colour::purple, "guns"},
    {"Chips Two", 4, syndicate::allmacht, {0, nl, nl}, colour::red, "chips"},
};

inline constexpr ability ab(prim p, int amount, weapon w = weapon::none, std::uint8_t flags = 0) {
  return ability{p, static_cast<std::int8_t>(amount), w, 0, colour::green, flags};
}
inline constexpr card sys(std::string_view n, ability a, ability b = {}) { return card{n, card_kind::ship_system, {a, b, {}}, ""}; }
inline constexpr card crew(std::string_view n, ability a = {}, ability b = {}) { return card{n, card_kind::crew, {a, b, {}}, ""}; }
inline constexpr card item(std::string_view n, card_kind k, ability a) { return card{n, k, {a, {}, {}}, ""}; }

inline constexpr card test_green[] = {
    sys("+1 Hyperdrive", ab(prim::hyperdrive, 1)), sys("+1 Hyperdrive", ab(prim::hyperdrive, 1)),
    sys("+1 Hyperdrive", ab(prim::hyperdrive, 1)), sys("+1 Hyperdrive", ab(prim::hyperdrive, 1)),
    item("Blaster Pistol", card_kind::firearm, ab(prim::melee, 1, weapon::firearm)),
    item("Blaster Pistol", card_kind::firearm, ab(prim::melee, 1, weapon::firearm)),
    item("Blaster Pistol", card_kind::firearm, ab(prim::melee, 1, weapon::firearm)),
    item("Blaster Pistol", card_kind::firearm, ab(prim::melee, 1, weapon::firearm)),
    sys("Laser Cannon", ab(prim::attack, 2, weapon::laser)),
    sys("Laser Cannon", ab(prim::attack, 2, weapon::laser)),
    sys("Deflector", ab(prim::defence, 1)),
    sys("Grappler", ab(prim::forced_boarding, 1)),
    sys("Cargo Pod", ab(prim::bays, 1)),
    item("Medkit", card_kind::medkit, ab(prim::heal, 1)),
    item("Tool Kit", card_kind::item, ab(prim::repair, 1, weapon::none, flag_once)),
    item("Lucky Charm", card_kind::item, ab(prim::rep_check, 1)),
    card{"Fuel Favor", card_kind::favor, {ab(prim::gain_movement, 2, weapon::none, flag_once), {}, {}}, ""},
    sys("Thrusters", ab(prim::escape, 1)),
    card{"Forged Papers", card_kind::favor, {ab(prim::cancel_encounter, 1, weapon::none, flag_once), {}, {}}, ""},
    // A second copy of a green card, for the tests of copies of one kind.
    item("Tool Kit", card_kind::item, ab(prim::repair, 1, weapon::none, flag_once)),
};
inline constexpr card test_purple[] = {
    crew("Captain Vega", ab(prim::melee, 1, weapon::fists)), crew("Captain Orr", ab(prim::melee, 1, weapon::fists)),
    crew("Captain Lux"), crew("Captain Quill"),
    crew("Gunner", ab(prim::attack, 1, weapon::cannon)),
    crew("Medic", ab(prim::heal, 1)),
    crew("Mechanic", ab(prim::repair, 1)),
    crew("Brute", ab(prim::melee, 2, weapon::fists)),
};
inline constexpr card test_red[] = {
    item("Frag Grenade", card_kind::explosive, ab(prim::melee, 2, weapon::blast)),
    item("Flak Armour", card_kind::armour, ab(prim::melee_defence, 1)),
    sys("Missile Rack", ab(prim::attack, 2, weapon::missile)),
    item("Frag Grenade", card_kind::explosive, ab(prim::melee, 2, weapon::blast)),
    card{"Breacher", card_kind::firearm, {ab(prim::melee, 1, weapon::firearm), ab(prim::boarding, 2, weapon::none, flag_boarding_only), {}}, ""},
    card{"Bullet Vest", card_kind::armour, {ability{prim::melee_defence, 2, weapon::none, weapon_bit(weapon::firearm), colour::green, 0}, {}, {}}, ""},
    item("Trauma Kit", card_kind::medkit, ab(prim::heal, 2)),
};
inline constexpr card test_bribes[] = {
    card{"Hush Money", card_kind::favor, {ab(prim::stop_delivery, 1, weapon::none, flag_once), {}, {}}, ""},
    card{"Escape Pod", card_kind::favor, {ab(prim::auto_escape, 1, weapon::none, flag_once), {}, {}}, ""},
    card{"Fame", card_kind::favor, {ab(prim::reputation, 1, weapon::none, flag_once), {}, {}}, ""},
};
inline constexpr event ev(event_kind k, int amount = 0, int check = 0) {
  return event{k, static_cast<std::int8_t>(amount), static_cast<std::int8_t>(check), colour::green, 0};
}
inline constexpr encounter test_encounters[] = {
    {"Quiet", {ev(event_kind::nothing), ev(event_kind::nothing), ev(event_kind::nothing), ev(event_kind::nothing), ev(event_kind::nothing)}, ""},
    {"Patrol", {ev(event_kind::patrol, 1), ev(event_kind::patrol, 1), ev(event_kind::patrol, 1), ev(event_kind::patrol, 1), ev(event_kind::patrol, 1)}, ""},
    {"Pirates", {ev(event_kind::pirates, 3), ev(event_kind::pirates, 3), ev(event_kind::pirates, 3), ev(event_kind::pirates, 3), ev(event_kind::pirates, 3)}, ""},
    {"Cantina", {ev(event_kind::draw_cantina, 1), ev(event_kind::draw_cantina, 1), ev(event_kind::draw_cantina, 1), ev(event_kind::draw_cantina, 1), ev(event_kind::draw_cantina, 1)}, ""},
    {"Breakdown", {ev(event_kind::breakdown, 1), ev(event_kind::breakdown, 1), ev(event_kind::breakdown, 1), ev(event_kind::breakdown, 1), ev(event_kind::breakdown, 1)}, ""},
};

inline const content& test_content() {
  static const content c{board_data{test_locations, test_connections}, test_contracts,
                         {std::span<const card>(test_green), std::span<const card>(test_purple), std::span<const card>(test_red)},
                         test_bribes, test_encounters};
  return c;
}

inline pb::Options options(std::string_view json = "{}") {
  pb::Options o;
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(json, o, error), error);
  return o;
}

// A game on the test content from a JSON position (dice and decks stated there).
inline state game(int seats, std::string_view position_json, std::string_view options_json = "{}") {
  pb::Position p;
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(position_json, p, error), error);
  const verdict v = state::validate(test_content(), seats, options(options_json), p);
  REQUIRE_MESSAGE(v, std::string(v.detail));
  return state(test_content(), seats, options(options_json), p, 7);
}

inline action act(int seat, kind k, std::vector<std::int32_t> args = {}) {
  action a;
  a.seat = static_cast<std::uint8_t>(seat);
  a.kind = static_cast<std::uint16_t>(k);
  a.argc = static_cast<std::uint8_t>(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) a.args[i] = args[i];
  return a;
}

// Checks the action is legal, then plays it.
inline void play(state& g, const action& a) {
  const verdict v = g.check(a);
  REQUIRE_MESSAGE(v, v.detail << " (" << g.describe(a) << ")");
  g.apply(a);
}

// The wire id of the card named `name` that seat `s` holds (bays and face-down zones).
inline std::int32_t held(const state& g, int s, std::string_view name) {
  const ship& sh = g.ship_of(s);
  for (const bay& b : sh.bays)
    if (b.card != no_card && g.card_name(b.card) == name) return g.wire(b.card);
  for (const locker* l : {&sh.weapons, &sh.storage, &sh.log})
    for (card_no c : l->items())
      if (g.card_name(c) == name) return g.wire(c);
  FAIL("seat " << s << " holds no " << name);
  return 0;
}

// The card (not its id, which a card leaving a locker changes) seat `s` holds by that name.
inline card_no held_card(const state& g, int s, std::string_view name) { return g.unwire(held(g, s, name)); }

// A face-down item as another seat names it: -(1 + its place among the weapons, then the
// storage locker's items).
inline std::int32_t blind(const state& g, int s, std::string_view name) {
  const ship& sh = g.ship_of(s);
  int i = 0;
  for (const locker* l : {&sh.weapons, &sh.storage})
    for (card_no c : l->items()) {
      if (g.card_name(c) == name) return -(1 + i);
      ++i;
    }
  FAIL("seat " << s << " has no face-down " << name);
  return 0;
}

// The wire id of a contract by name.
inline std::int32_t contract_id(const state& g, std::string_view name) {
  for (card_no n = 0; n < g.data().contracts.size(); ++n)
    if (g.data().contracts[n].name == name) return g.wire(n);
  FAIL("no contract " << name);
  return 0;
}

inline bool listed(const state& g, const action& a) {
  std::vector<action> legal;
  g.legal_actions(a.seat, legal);
  for (const action& x : legal)
    if (x == a) return true;
  return false;
}

inline int damage_of(const state& g, int s, std::string_view name) {
  for (const bay& b : g.ship_of(s).bays)
    if (b.card != no_card && g.card_name(b.card) == name) return b.damage;
  FAIL("seat " << s << " has no " << name << " in a bay");
  return -1;
}

// A ship combat at Kessler Belt (the shipped cards) whose dice let the attacker, Rook
// Adeyemi (seat 1), disable both of Vex Marlowe's systems (seat 0), allocated: the fight at
// the defender's repair step, or past it when the defender has nothing face down to wait
// for. `hidden` adds to seat 0's ship: R"(, "captainsLog": ["Maintenance Credit"])".
inline state at_combat_repair(const std::string& hidden) {
  state g = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 4, "activeSeat": 1, "ships": [
    {"location": "Kessler Belt", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "+1 Hyperdrive"}, {"card": "Afterburners"}])" +
                                        hidden + R"(},
    {"location": "Kessler Belt", "bays": [{"card": "Rook Adeyemi", "captain": true}, {"card": "Laser Turret"}]}],
    "fight": {"kind": "SHIP_COMBAT", "attacker": 1, "defender": 0}, "dice": [2, 1, 1]})");
  play(g, act(0, kind::allocate, {held(g, 0, "Afterburners")}));
  play(g, act(0, kind::allocate, {held(g, 0, "+1 Hyperdrive")}));
  return g;
}

}  // namespace scoundrels_test
