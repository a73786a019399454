// S.P.A.C.E. content (issue 16 "Board" and "Content"): the map and every card hold together,
// the colours follow lawlessness as the rulebook describes them, the texts are generated from
// the data and docs/rules/scoundrels_cards.md lists all of it; the validator refuses every
// kind of broken field, one at a time, so its pass cannot be an accident.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/scoundrels/cards.hpp"
#include "engine/scoundrels/state.hpp"

namespace sc = starport::scoundrels;
using sc::card_kind;
using sc::colour;
using sc::event_kind;
using sc::prim;

namespace {

// Every piece of content as editable copies; `check()` validates them together.
struct content {
  std::vector<sc::location> locations{sc::board().locations.begin(), sc::board().locations.end()};
  std::vector<sc::connection> connections{sc::board().connections.begin(), sc::board().connections.end()};
  std::vector<sc::contract> contracts{sc::contracts().begin(), sc::contracts().end()};
  std::vector<sc::card> green{sc::cantina(colour::green).begin(), sc::cantina(colour::green).end()};
  std::vector<sc::card> purple{sc::cantina(colour::purple).begin(), sc::cantina(colour::purple).end()};
  std::vector<sc::card> red{sc::cantina(colour::red).begin(), sc::cantina(colour::red).end()};
  std::vector<sc::card> bribes{sc::bribes().begin(), sc::bribes().end()};
  std::vector<sc::encounter> encounters{sc::encounters().begin(), sc::encounters().end()};

  std::string check() const {
    const sc::board_data b{locations, connections};
    return sc::validate_content(b, contracts, green, purple, red, bribes, encounters);
  }
  int location(std::string_view name) const {
    for (std::size_t i = 0; i < locations.size(); ++i)
      if (locations[i].name == name) return static_cast<int>(i);
    FAIL("no location " << name);
    return -1;
  }
  sc::card& card_named(std::vector<sc::card>& deck, std::string_view name) {
    for (sc::card& c : deck)
      if (c.name == name) return c;
    FAIL("no card " << name);
    return deck.front();
  }
  sc::contract& contract_named(std::string_view name) {
    for (sc::contract& c : contracts)
      if (c.name == name) return c;
    FAIL("no contract " << name);
    return contracts.front();
  }
};

// A change to valid content must make the validator name the problem.
void refuses(const std::function<void(content&)>& change, std::string_view says) {
  content c;
  REQUIRE(c.check() == "");
  change(c);
  const std::string problems = c.check();
  CAPTURE(problems);
  CHECK(problems.find(says) != std::string::npos);
}

std::vector<std::vector<int>> all_distances() {
  const auto& b = sc::board();
  const std::size_t n = b.locations.size();
  std::vector<std::vector<int>> d(n, std::vector<int>(n, -1));
  for (std::size_t s = 0; s < n; ++s) {
    std::deque<std::size_t> q{s};
    d[s][s] = 0;
    while (!q.empty()) {
      const std::size_t u = q.front();
      q.pop_front();
      for (const sc::connection& c : b.connections) {
        const std::size_t v = c.a == u ? c.b : c.b == u ? c.a : n;
        if (v < n && d[s][v] < 0) {
          d[s][v] = d[s][u] + 1;
          q.push_back(v);
        }
      }
    }
  }
  return d;
}

// The regions a location is connected to (a destination's sectors).
std::vector<std::size_t> regions_of(std::size_t i) {
  const auto& b = sc::board();
  std::vector<std::size_t> out;
  for (const sc::connection& c : b.connections) {
    const std::size_t other = c.a == i ? c.b : c.b == i ? c.a : b.locations.size();
    if (other < b.locations.size() && b.locations[other].kind == sc::loc_kind::deep_space) out.push_back(other);
  }
  return out;
}

int sum_of(std::span<const sc::card> deck, std::initializer_list<prim> kinds) {
  int total = 0;
  for (const sc::card& c : deck)
    for (const sc::ability& a : c.abilities)
      if (std::find(kinds.begin(), kinds.end(), a.kind) != kinds.end()) total += a.amount;
  return total;
}

int events_at(sc::site s, event_kind k, bool weighted) {
  int n = 0;
  for (const sc::encounter& e : sc::encounters()) {
    const sc::event& x = e.events[static_cast<std::size_t>(s)];
    if (x.kind == k) n += weighted ? x.amount : 1;
  }
  return n;
}

}  // namespace

TEST_CASE("Scoundrels content, the map and every card validate (issue 16 Content)") {
  CHECK(sc::validate_content() == "");
}

TEST_CASE("Scoundrels content, Components: 48 contracts, cantina 76/84/60, 20 bribes, 54 encounters") {
  CHECK(sc::contracts().size() == 48);
  CHECK(sc::cantina(colour::green).size() == 76);
  CHECK(sc::cantina(colour::purple).size() == 84);
  CHECK(sc::cantina(colour::red).size() == 60);
  CHECK(sc::bribes().size() == 20);
  CHECK(sc::encounters().size() == 54);
  for (int s = 0; s < sc::syndicate_count; ++s)
    CHECK(std::count_if(sc::contracts().begin(), sc::contracts().end(),
                        [&](const sc::contract& c) { return static_cast<int>(c.owner) == s; }) == 12);
}

TEST_CASE("Scoundrels content, Board: 18 named destinations, 11 regions, each sector with a destination") {
  const auto& b = sc::board();
  REQUIRE(b.locations.size() == 29);
  int by_colour[3] = {}, patrolled = 0, unpatrolled = 0;
  for (std::size_t i = 0; i < b.locations.size(); ++i) {
    const sc::location& l = b.locations[i];
    if (l.kind == sc::loc_kind::destination) {
      ++by_colour[static_cast<int>(l.col)];
      CHECK(i < 18);   // destinations first: contracts and positions name them by index
    } else {
      (l.patrolled ? patrolled : unpatrolled)++;
      bool has_destination = false;
      for (std::size_t d = 0; d < 18; ++d) {
        const auto r = regions_of(d);
        has_destination |= std::find(r.begin(), r.end(), i) != r.end();
      }
      CHECK_MESSAGE(has_destination, l.name);
    }
  }
  CHECK(by_colour[0] == 6);
  CHECK(by_colour[1] == 6);
  CHECK(by_colour[2] == 6);
  CHECK(patrolled == 5);
  CHECK(unpatrolled == 6);
}

TEST_CASE("Scoundrels content, Board: green planets lie in patrolled sectors, red ones in unpatrolled") {
  const auto& b = sc::board();
  for (std::size_t i = 0; i < 18; ++i) {
    const sc::location& l = b.locations[i];
    CAPTURE(l.name);
    const auto r = regions_of(i);
    REQUIRE_FALSE(r.empty());
    for (std::size_t region : r) {
      if (l.col == colour::green) CHECK(b.locations[region].patrolled);
      if (l.col == colour::red) CHECK_FALSE(b.locations[region].patrolled);
    }
  }
}

TEST_CASE("Scoundrels content, Turn End: the Dockyard roll's five planets are green and hold the Dockyard") {
  const auto& b = sc::board();
  int dockyards = 0;
  for (const sc::location& l : b.locations) {
    if (!l.dockyard) continue;
    ++dockyards;
    CHECK(l.col == colour::green);
    CHECK(l.kind == sc::loc_kind::destination);
    CHECK(std::find(sc::dockyard_roll.begin(), sc::dockyard_roll.end(), l.name) != sc::dockyard_roll.end());
  }
  CHECK(dockyards == 5);
}

TEST_CASE("Scoundrels content, Board: connected, and every contract's route takes two to four turns") {
  const auto d = all_distances();
  for (std::size_t i = 0; i < d.size(); ++i)
    for (std::size_t j = 0; j < d.size(); ++j) CHECK(d[i][j] >= 0);
  // Movement is 3, 4 with the +1 hyperdrive Setup deals: 4–7 steps is one or two
  // Movements of carrying; with the trip to the origin, two to four turns.
  int longest = 0;
  for (const sc::contract& c : sc::contracts()) {
    for (std::uint8_t to : c.deliver_to) {
      if (to == sc::no_location) continue;
      CAPTURE(c.name);
      CHECK(d[c.origin][to] >= 4);
      CHECK(d[c.origin][to] <= 7);
      longest = std::max(longest, d[c.origin][to]);
    }
  }
  CHECK(longest == 7);
  // From a green starting planet a contract's origin is 0–7 steps: with the delivery, 2 to 4 turns.
  for (std::size_t i = 0; i < 18; ++i)
    for (std::size_t j = 0; j < 18; ++j) CHECK(d[i][j] <= 7);
}

TEST_CASE("Scoundrels content, Contracts: the reward is the colour of the safest delivery location") {
  const auto& b = sc::board();
  int rewards[3] = {};
  for (const sc::contract& c : sc::contracts()) {
    CAPTURE(c.name);
    int safest = 2;
    for (std::uint8_t to : c.deliver_to)
      if (to != sc::no_location) safest = std::min(safest, static_cast<int>(b.locations[to].col));
    CHECK(static_cast<int>(c.reward) == safest);
    ++rewards[static_cast<int>(c.reward)];
  }
  // Origins are spread over every destination, two or three contracts each.
  std::array<int, 18> origins{};
  for (const sc::contract& c : sc::contracts()) ++origins[c.origin];
  for (int n : origins) CHECK((n == 2 || n == 3));
  CHECK(rewards[0] >= 12);
  CHECK(rewards[1] >= 12);
  CHECK(rewards[2] >= 10);
}

TEST_CASE("Scoundrels content, Setup: six +1 hyperdrives and blaster pistols in green, captains in purple") {
  auto named = [](colour deck, std::string_view name) {
    const auto cards = sc::cantina(deck);
    return std::count_if(cards.begin(), cards.end(), [&](const sc::card& c) { return c.name == name; });
  };
  CHECK(named(colour::green, sc::setup_hyperdrive) >= 6);
  CHECK(named(colour::green, sc::setup_pistol) >= 6);
  const auto purple = sc::cantina(colour::purple);
  CHECK(std::count_if(purple.begin(), purple.end(), [](const sc::card& c) { return c.kind == card_kind::crew; }) >= 12);
  // Every crew the shuffle may make a captain gives at least one ability.
  for (const sc::card& c : purple)
    if (c.kind == card_kind::crew) CHECK(c.abilities[0].present());
}

TEST_CASE("Scoundrels content, Setup: ships and the Dockyard start at green planets, never at Gemini Station") {
  // "Place each ship, and the Dockyard, at a random green planet": Gemini Station is green
  // but a station (ships started there before rules version 5).
  const sc::content& c = sc::standard_content();
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const sc::state g(c, 5, sc::pb::Options(), seed);
    for (int s = 0; s < 5; ++s) {
      const sc::location& l = c.board.locations[g.ship_of(s).location];
      CAPTURE(seed);
      CHECK(l.col == colour::green);
      CHECK(l.dockyard);
      CHECK(l.name != "Gemini Station");
    }
    CHECK(c.board.locations[g.dockyard()].dockyard);
  }
}

TEST_CASE("Scoundrels content, Cantina: every kind in every colour, and red hits harder than green") {
  for (colour deck : {colour::green, colour::purple, colour::red}) {
    const auto cards = sc::cantina(deck);
    for (card_kind k : {card_kind::crew, card_kind::ship_system, card_kind::firearm, card_kind::explosive,
                        card_kind::medkit, card_kind::armour, card_kind::favor}) {
      CAPTURE(sc::colour_name(deck));
      CAPTURE(sc::kind_name(k));
      CHECK(std::any_of(cards.begin(), cards.end(), [&](const sc::card& c) { return c.kind == k; }));
    }
  }
  // Per card: ship attack and melee hits rise with lawlessness; forced boarding only in red.
  auto per_card = [](colour deck, std::initializer_list<prim> kinds) {
    return static_cast<double>(sum_of(sc::cantina(deck), kinds)) / static_cast<double>(sc::cantina(deck).size());
  };
  CHECK(per_card(colour::green, {prim::attack}) < per_card(colour::purple, {prim::attack}));
  CHECK(per_card(colour::purple, {prim::attack}) < per_card(colour::red, {prim::attack}));
  CHECK(per_card(colour::green, {prim::melee}) < per_card(colour::purple, {prim::melee}));
  CHECK(per_card(colour::purple, {prim::melee}) < per_card(colour::red, {prim::melee}));
  auto has = [](colour deck, prim p) {
    const auto cards = sc::cantina(deck);
    return std::any_of(cards.begin(), cards.end(), [&](const sc::card& c) {
      return std::any_of(c.abilities.begin(), c.abilities.end(), [&](const sc::ability& a) { return a.kind == p; });
    });
  };
  CHECK(has(colour::red, prim::forced_boarding));
  CHECK_FALSE(has(colour::green, prim::forced_boarding));
  CHECK_FALSE(has(colour::purple, prim::forced_boarding));
}

TEST_CASE("Scoundrels content, every primitive and every event kind is on some card") {
  std::array<bool, sc::prim_count> used{};
  auto note = [&](std::span<const sc::card> cards) {
    for (const sc::card& c : cards)
      for (const sc::ability& a : c.abilities) used[static_cast<std::size_t>(a.kind)] = true;
  };
  note(sc::cantina(colour::green));
  note(sc::cantina(colour::purple));
  note(sc::cantina(colour::red));
  note(sc::bribes());
  for (int p = 1; p < sc::prim_count; ++p) CHECK_MESSAGE(used[static_cast<std::size_t>(p)], "primitive " << p);
  std::array<bool, sc::event_kind_count> events{};
  for (const sc::encounter& e : sc::encounters())
    for (const sc::event& x : e.events) events[static_cast<std::size_t>(x.kind)] = true;
  for (int k = 0; k < sc::event_kind_count; ++k) CHECK_MESSAGE(events[static_cast<std::size_t>(k)], "event kind " << k);
}

TEST_CASE("Scoundrels content, Encounters: patrols where the law is, pirates where it is not") {
  using sc::site;
  const int pirates_green = events_at(site::green, event_kind::pirates, true);
  const int pirates_purple = events_at(site::purple, event_kind::pirates, true);
  const int pirates_red = events_at(site::red, event_kind::pirates, true);
  CHECK(pirates_green == 0);
  CHECK(pirates_green < pirates_purple);
  CHECK(pirates_purple < pirates_red);
  CHECK(events_at(site::patrolled, event_kind::pirates, true) < events_at(site::unpatrolled, event_kind::pirates, true));
  CHECK(events_at(site::green, event_kind::patrol, false) > events_at(site::red, event_kind::patrol, false));
  CHECK(events_at(site::patrolled, event_kind::patrol, false) > events_at(site::unpatrolled, event_kind::patrol, false));
  CHECK(events_at(site::red, event_kind::patrol, false) == 0);
  CHECK(events_at(site::unpatrolled, event_kind::patrol, false) == 0);
  // Riches too: red windfalls only where the law does not look.
  for (const sc::encounter& e : sc::encounters()) {
    CAPTURE(e.name);
    for (site s : {site::green, site::patrolled}) {
      const sc::event& x = e.events[static_cast<std::size_t>(s)];
      CHECK_FALSE((x.kind == event_kind::windfall && x.deck == colour::red));
      CHECK(x.kind != event_kind::bribe);   // no syndicate envoy where the police watch
    }
  }
}

TEST_CASE("Scoundrels content, texts are generated from the data") {
  content c;
  CHECK(sc::card_text(c.card_named(c.green, "+1 Hyperdrive")) ==
        "Ship system. +1 movement (a hyperdrive: may be damaged before an escape roll for a bonus to that roll).");
  CHECK(sc::card_text(c.card_named(c.green, "Blaster Pistol")) == "Firearm. +1 firearm hit per melee round.");
  CHECK(sc::card_text(c.card_named(c.red, "Reactive Armour")) ==
        "Ship system. Ignores up to 2 damage a round from missile and cannon ship attacks.");
  CHECK(sc::card_text(c.card_named(c.bribes, "Ghost Protocol")) ==
        "Favor. Play once: Escape the current ship combat, no roll; +1 movement this turn.");
  CHECK(sc::card_text(c.card_named(c.purple, "Needle Gun")) ==
        "Firearm. +1 firearm hit per melee round; +1 hit per round in boarding actions (boarding actions only).");
  CHECK(sc::contract_text(c.contract_named("Lotus Resin"), sc::board()) ==
        "Fidanza: from Dysnomia to Gemini Station, Erato or Metis Prime; reward: green cantina.");
  sc::event e{};
  e.kind = event_kind::patrol;
  e.amount = 1;
  e.check = 1;
  CHECK(sc::event_text(e) == "Patrol inspection: rep check (+1); if it fails, lose 1 cargo (none aboard: 1 small item).");
  e = {};
  e.kind = event_kind::injury;
  e.amount = 1;
  e.flags = sc::flag_on_fail;
  CHECK(sc::event_text(e) == "Rep check; if it fails: 1 crew member takes 1 damage (you choose).");
  // Every ability shows in its card's text: a text per distinct card, none empty.
  for (colour deck : {colour::green, colour::purple, colour::red})
    for (const sc::card& k : sc::cantina(deck)) CHECK(sc::card_text(k).size() > sc::kind_name(k.kind).size() + 2);
}

TEST_CASE("Scoundrels content, the validator refuses a broken board, one field at a time") {
  refuses([](content& c) { c.locations[3].name = c.locations[4].name; }, "appears twice on the board");
  refuses([](content& c) { c.locations[c.location("Hedone")].name = "Hedonia"; }, "Hedone is not a destination");
  refuses([](content& c) { c.locations[c.location("Surya II")].dockyard = false; }, "Surya II is named by the Dockyard roll");
  refuses([](content& c) { c.locations[c.location("Pandora")].dockyard = true; }, "green planets only");
  refuses([](content& c) { c.locations[c.location("Pandora")].patrolled = true; }, "only deep space is patrolled");
  refuses([](content& c) { c.locations[c.location("Ion Shoals")].dockyard = true; }, "not in deep space");
  refuses([](content& c) { c.locations[c.location("Ion Shoals")].col = colour::red; }, "deep space has no colour");
  refuses([](content& c) { c.locations[0].x = 1001; }, "outside the 0..1000 square");
  refuses([](content& c) { c.locations[c.location("Ion Shoals")].kind = sc::loc_kind::destination; }, "19 destinations");
  refuses([](content& c) { c.connections.push_back({0, 1}); }, "two destinations connect only through deep space");
  refuses([](content& c) { c.connections.push_back(c.connections[0]); }, "listed twice");
  refuses([](content& c) { c.connections.push_back({5, 5}); }, "connected to itself");
  refuses([](content& c) { c.connections.push_back({5, 40}); }, "out of range");
  refuses([](content& c) { c.connections.push_back({1, 20}); }, "Gemini Station: a destination lies in one or two sectors");
  refuses([](content& c) {
    // Wraith Nebula loses its destinations (Niska and Cocytus move to Tarsis Expanse).
    const int wraith = c.location("Wraith Nebula"), tarsis = c.location("Tarsis Expanse");
    for (sc::connection& k : c.connections) {
      if (k.b == wraith && c.locations[k.a].kind == sc::loc_kind::destination) k.b = static_cast<std::uint8_t>(tarsis);
    }
    c.connections.erase(std::unique(c.connections.begin(), c.connections.end(),
                                    [](const sc::connection& x, const sc::connection& y) { return x.a == y.a && x.b == y.b; }),
                        c.connections.end());
  }, "Wraith Nebula: its sector has no destination");
  refuses([](content& c) {
    // Anubis Station cut off: its one connection goes.
    const int anubis = c.location("Anubis Station");
    std::erase_if(c.connections, [&](const sc::connection& k) { return k.a == anubis || k.b == anubis; });
  }, "Anubis Station");
  refuses([](content& c) {
    // Cut the ring twice and the lane: two halves.
    const int helion = c.location("Helion Reach"), ion = c.location("Ion Shoals");
    const int kessler = c.location("Kessler Belt"), orpheus = c.location("Orpheus Rift");
    const int vesper = c.location("Vesper Drift"), morrow = c.location("Morrow Deep");
    std::erase_if(c.connections, [&](const sc::connection& k) {
      auto is = [&](int a, int b) { return (k.a == a && k.b == b) || (k.a == b && k.b == a); };
      return is(helion, ion) || is(kessler, orpheus) || is(vesper, morrow);
    });
  }, "cannot be reached");
}

TEST_CASE("Scoundrels content, the validator refuses broken contracts, one field at a time") {
  refuses([](content& c) { c.contracts.pop_back(); }, "47 contracts");
  refuses([](content& c) { c.contracts[1].name = c.contracts[0].name; }, "appears twice among the contracts");
  refuses([](content& c) { c.contracts[0].name = ""; }, "no name");
  refuses([](content& c) { c.contracts[0].goods = ""; }, "no goods");
  refuses([](content& c) { c.contracts[0].owner = sc::syndicate::anubis; }, "Fidanza has 11 contracts");
  refuses([](content& c) { c.contracts[0].owner = static_cast<sc::syndicate>(7); }, "syndicate out of range");
  refuses([](content& c) { c.contracts[0].reward = static_cast<colour>(3); }, "reward colour out of range");
  refuses([](content& c) { c.contracts[0].origin = static_cast<std::uint8_t>(c.location("Helion Reach")); }, "origin is not a destination");
  refuses([](content& c) { c.contracts[0].deliver_to[0] = static_cast<std::uint8_t>(c.location("Cassini Gap")); }, "non-destination");
  refuses([](content& c) { c.contracts[0].deliver_to[1] = c.contracts[0].deliver_to[0]; }, "a delivery listed twice");
  refuses([](content& c) { c.contracts[0].deliver_to[1] = c.contracts[0].origin; }, "its own origin");
  refuses([](content& c) { c.contracts[0].deliver_to[1] = static_cast<std::uint8_t>(c.location("Gemini Station")); },
          "fewer than 4 steps");
  refuses([](content& c) { c.contracts[0].deliver_to = {sc::no_location, sc::no_location, sc::no_location}; },
          "no delivery location");
  refuses([](content& c) { c.contracts[0].deliver_to = {sc::no_location, 4, sc::no_location}; }, "after an empty slot");
}

TEST_CASE("Scoundrels content, the validator refuses broken cards, one field at a time") {
  refuses([](content& c) { c.green.pop_back(); }, "green deck has 75 cards");
  refuses([](content& c) { c.purple.push_back(c.purple.back()); }, "purple deck has 85 cards");
  refuses([](content& c) { c.red.pop_back(); }, "red deck has 59 cards");
  refuses([](content& c) { c.bribes.pop_back(); }, "bribe deck has 19 cards");
  refuses([](content& c) { c.card_named(c.red, "Mercenary").name = ""; }, "no name");
  refuses([](content& c) { c.card_named(c.red, "Mercenary").flavor = ""; }, "no flavour");
  refuses([](content& c) { c.card_named(c.red, "Crime Doctor").kind = static_cast<card_kind>(9); }, "kind out of range");
  refuses([](content& c) { c.card_named(c.red, "Crime Doctor").abilities[0] = {}; }, "a card does something");
  refuses([](content& c) {
    auto& k = c.card_named(c.purple, "Vex Marlowe");
    k.abilities[0] = {};
  }, "after an empty slot");
  refuses([](content& c) { c.card_named(c.red, "Crime Doctor").abilities[1].amount = 1; }, "empty ability slot with parameters");
  refuses([](content& c) { c.card_named(c.red, "Mass Driver").abilities[0].amount = 5; }, "attack 1 to 4");
  refuses([](content& c) { c.card_named(c.red, "Mass Driver").abilities[0].kind_of = sc::weapon::firearm; },
          "a ship attack needs a ship weapon kind");
  refuses([](content& c) { c.card_named(c.green, "Deflector Shield").abilities[0].vs = sc::weapon_bit(sc::weapon::blast); },
          "covers ship weapons only");
  refuses([](content& c) { c.card_named(c.green, "Flak Vest").abilities[0].vs = sc::weapon_bit(sc::weapon::laser); },
          "covers melee weapons only");
  refuses([](content& c) { c.card_named(c.green, "Afterburners").abilities[0].amount = 0; }, "escape -3 to 3");
  refuses([](content& c) { c.card_named(c.red, "Harpoon Launcher").abilities[0].amount = 4; }, "forced boarding 0 to 3");
  refuses([](content& c) { c.card_named(c.green, "Repair Drones").abilities[0].amount = 3; }, "repair 1 to 2");
  refuses([](content& c) { c.card_named(c.red, "Military Hyperdrive").abilities[0].amount = 3; }, "hyperdrive 1 to 2");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].kind = prim::hyperdrive; }, "a hyperdrive is a ship system");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].kind = prim::bays; }, "bays come from ship systems");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].amount = 3; }, "movement 1 to 2");
  refuses([](content& c) { c.card_named(c.green, "Cargo Pod").abilities[0].amount = 3; }, "bays 1 to 2");
  refuses([](content& c) { c.card_named(c.red, "Heavy Repeater").abilities[0].amount = 4; }, "melee 1 to 3");
  refuses([](content& c) { c.card_named(c.red, "Heavy Repeater").abilities[0].kind_of = sc::weapon::blast; },
          "a firearm hits as a firearm");
  refuses([](content& c) { c.card_named(c.red, "Thermal Detonator").abilities[0].kind_of = sc::weapon::fists; },
          "an explosive hits as an explosive");
  refuses([](content& c) { c.card_named(c.green, "Deckhand").abilities[0].kind_of = sc::weapon::laser; },
          "a melee hit needs a melee weapon kind");
  refuses([](content& c) { c.card_named(c.red, "Powered Armour").abilities[0].amount = 3; }, "melee defence 1 to 2");
  refuses([](content& c) { c.card_named(c.red, "Powered Armour").abilities[0].kind = prim::heal; }, "armour defends in melee");
  refuses([](content& c) { c.card_named(c.green, "Medkit").abilities[0].kind = prim::boarding; }, "a medkit heals");
  refuses([](content& c) { c.card_named(c.green, "Blaster Pistol").abilities[0] = {prim::boarding, 1}; },
          "a firearm gives firearm hits");
  refuses([](content& c) { c.card_named(c.green, "Flash Grenade").abilities[0] = {prim::boarding, 1}; },
          "an explosive gives explosive hits");
  refuses([](content& c) { c.card_named(c.purple, "Boarding Marine").abilities[1].amount = 3; }, "boarding 1 to 2");
  refuses([](content& c) { c.card_named(c.green, "Medkit").abilities[0].amount = 3; }, "heal 1 to 2");
  refuses([](content& c) { c.card_named(c.green, "Quartermaster").abilities[0].amount = 3; }, "extra draws and views 1 to 2");
  refuses([](content& c) { c.card_named(c.green, "Forged Manifest").abilities[0].amount = 3; }, "rep check -2 to 2");
  refuses([](content& c) { c.card_named(c.green, "Customs Broker").abilities[0].amount = 1; }, "takes no amount");
  refuses([](content& c) { c.card_named(c.bribes, "Full Throttle").abilities[0].amount = 4; }, "gained movement 1 to 3");
  refuses([](content& c) { c.card_named(c.red, "Syndicate Pull").abilities[0].amount = 2; }, "reputation +1 or -1");
  refuses([](content& c) { c.card_named(c.bribes, "Insider Ledger").abilities[0].amount = 3; }, "revealed contracts 1 to 2");
  refuses([](content& c) { c.card_named(c.bribes, "Black Vault").abilities[0].amount = 3; }, "cantina draws 1 to 2");
  refuses([](content& c) { c.card_named(c.red, "Cartel Favour").abilities[0].amount = 2; }, "steals one item");
  refuses([](content& c) { c.card_named(c.red, "Ghost Transponder").abilities[0].flags = 0; }, "only they, are played once");
  refuses([](content& c) { c.card_named(c.green, "Medkit").abilities[0].flags = sc::flag_once; }, "only they, are played once");
  refuses([](content& c) { c.card_named(c.red, "Ghost Transponder").kind = card_kind::item; }, "favors (and bribes)");
  refuses([](content& c) { c.card_named(c.green, "Laser Turret").abilities[0].flags = sc::flag_boarding_only; },
          "melee limit on a non-melee ability");
  refuses([](content& c) { c.card_named(c.green, "Deckhand").abilities[0].flags = sc::flag_ambush_only; },
          "ship-combat limit on a non-combat ability");
  refuses([](content& c) {
    c.card_named(c.green, "Deckhand").abilities[0].flags = sc::flag_boarding_only | sc::flag_brawl_only;
  }, "boarding-only and brawl-only at once");
  refuses([](content& c) {
    c.card_named(c.green, "Laser Turret").abilities[0].flags = sc::flag_ambush_only | sc::flag_defending;
  }, "ambush-only and defending-only at once");
  refuses([](content& c) { c.card_named(c.green, "Laser Turret").abilities[0].flags = 64; }, "an unknown flag");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].kind_of = sc::weapon::laser; },
          "a weapon kind on an ability that deals no damage");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].vs = 2; }, "a weapon mask on an ability");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].deck = colour::red; }, "a deck on an ability");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].kind = static_cast<prim>(60); }, "an ability out of range");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].kind_of = static_cast<sc::weapon>(9); },
          "a weapon kind out of range");
  refuses([](content& c) { c.card_named(c.green, "Navigator").abilities[0].deck = static_cast<colour>(5); }, "a deck out of range");
  refuses([](content& c) { c.card_named(c.green, "Medkit").abilities[0].amount = 2; }, "identical copies");
  refuses([](content& c) { c.bribes[0].kind = card_kind::item; }, "played once");
  refuses([](content& c) {
    for (sc::card& k : c.green)
      if (k.name == sc::setup_pistol) k.name = "Old Pistol";
  }, "6 Blaster Pistol");
  refuses([](content& c) {
    for (sc::card& k : c.green)
      if (k.name == sc::setup_hyperdrive) k.name = "Old Hyperdrive";
  }, "6 +1 Hyperdrive");
  refuses([](content& c) {
    for (sc::card& k : c.purple)
      if (k.kind == card_kind::crew) k = c.card_named(c.purple, "Trauma Kit");
  }, "6 crew to deal captains");
}

TEST_CASE("Scoundrels content, the validator refuses broken encounters, one field at a time") {
  refuses([](content& c) { c.encounters.pop_back(); }, "53 encounters");
  refuses([](content& c) { c.encounters[1].name = c.encounters[0].name; }, "appears twice among the encounters");
  refuses([](content& c) { c.encounters[0].name = ""; }, "no name");
  refuses([](content& c) { c.encounters[0].flavor = ""; }, "no flavour");
  refuses([](content& c) { c.encounters[0].events[1].kind = static_cast<event_kind>(40); }, "a field out of range");
  refuses([](content& c) { c.encounters[0].events[1].flags = 4; }, "an unknown flag");
  refuses([](content& c) { c.encounters[0].events[1].check = 1; }, "a rep-check modifier without a rep check");
  refuses([](content& c) { c.encounters[2].events[0].check = 3; }, "beyond -2..2");
  refuses([](content& c) { c.encounters[0].events[1].deck = colour::red; }, "a deck on an event");
  refuses([](content& c) { c.encounters[2].events[0].flags = sc::flag_on_fail; }, "a patrol is already a rep check");
  refuses([](content& c) { c.encounters[0].events[0].flags = sc::flag_on_fail; }, "a rep check for nothing");
  refuses([](content& c) { c.encounters[0].events[0].amount = 1; }, "amount out of range");
  refuses([](content& c) { c.encounters[3].events[2].amount = 5; }, "amount out of range");      // pirates 1..4
  refuses([](content& c) { c.encounters[10].events[2].amount = 4; }, "amount out of range");     // bribes 1..3
  refuses([](content& c) { c.encounters[16].events[0].amount = 2; }, "amount out of range");     // reputation ±1
  refuses([](content& c) { c.encounters[1].events[0].amount = 3; }, "amount out of range");      // draws 1..2
}

TEST_CASE("Scoundrels content, docs list the map and every card with its text") {
  std::ifstream file(STARPORT_SOURCE_DIR "/docs/rules/scoundrels_cards.md");
  REQUIRE(file.good());
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string doc = buffer.str();
  auto row = [&](std::string_view name) -> std::string {
    const std::size_t at = doc.find("| **" + std::string(name) + "** |");
    if (at == std::string::npos) return {};
    return doc.substr(at, doc.find('\n', at) - at);
  };
  const auto& b = sc::board();
  for (std::size_t i = 0; i < b.locations.size(); ++i) {
    const sc::location& l = b.locations[i];
    CAPTURE(l.name);
    // The row names its colour or patrol, the Dockyard and its connections, in data order.
    std::string to;
    for (const sc::connection& c : b.connections) {
      const std::size_t other = c.a == i ? c.b : c.b == i ? c.a : b.locations.size();
      if (other < b.locations.size()) to += (to.empty() ? "" : ", ") + std::string(b.locations[other].name);
    }
    const std::string kind = l.kind == sc::loc_kind::destination ? std::string(sc::colour_name(l.col))
                                                                 : l.patrolled ? "patrolled" : "unpatrolled";
    CHECK(row(l.name).find("| " + kind + " | " + (l.dockyard ? "yes" : "") + " | " + to + " |") != std::string::npos);
  }
  for (const sc::contract& c : sc::contracts()) {
    CAPTURE(c.name);
    CHECK(row(c.name).find("| " + sc::contract_text(c, b) + " |") != std::string::npos);
  }
  for (auto deck : {sc::cantina(colour::green), sc::cantina(colour::purple), sc::cantina(colour::red), sc::bribes()}) {
    for (const sc::card& c : deck) {
      CAPTURE(c.name);
      const std::string line = row(c.name);
      CHECK(line.find("| " + sc::card_text(c) + " |") != std::string::npos);
      const auto copies = std::count_if(deck.begin(), deck.end(), [&](const sc::card& k) { return k.name == c.name; });
      CHECK(line.find("| " + std::to_string(copies) + " |") != std::string::npos);
    }
  }
  for (const sc::encounter& e : sc::encounters()) {
    CAPTURE(e.name);
    const std::string line = row(e.name);
    for (const sc::event& x : e.events) CHECK(line.find(sc::event_text(x)) != std::string::npos);
  }
}

TEST_CASE("S.P.A.C.E. catalog: one kind per contract and per family, every card number's kind bears its name") {
  const sc::content& c = sc::standard_content();
  const sc::card_catalog& cat = sc::catalog_of(c);
  CHECK(&sc::catalog_of(c) == &cat);   // built once
  CHECK(starport::engine::info_of<sc::state>().cards().data() == cat.kinds.data());   // what ListCards lists
  // Card numbers as the rules give them: contracts, then the cantina decks, then the bribes.
  std::vector<std::string_view> names;
  std::vector<const sc::card*> cards;
  for (const sc::contract& k : c.contracts) names.push_back(k.name), cards.push_back(nullptr);
  for (auto deck : {c.cantina[0], c.cantina[1], c.cantina[2], c.bribes})
    for (const sc::card& k : deck) names.push_back(k.name), cards.push_back(&k);
  REQUIRE(cat.kind_of.size() == names.size());
  for (std::size_t n = 0; n < names.size(); ++n) {
    CAPTURE(names[n]);
    REQUIRE(cat.kind_of[n] < cat.kinds.size());
    const starport::engine::pool_card& kind = cat.kinds[cat.kind_of[n]];
    CHECK(kind.index == cat.kind_of[n]);
    CHECK(kind.name == names[n]);
    // Copies that share a name are one kind: the same card, so the kind's text is each one's.
    if (cards[n] != nullptr) CHECK(kind.text == sc::card_text(*cards[n]));
    else CHECK(kind.text == sc::contract_text(c.contracts[n], c.board));
  }
  for (std::size_t k = 0; k < cat.kinds.size(); ++k)
    for (std::size_t j = k + 1; j < cat.kinds.size(); ++j)
      if (cat.kinds[k].name == cat.kinds[j].name) CHECK_MESSAGE(cat.kinds[k].kind != cat.kinds[j].kind, cat.kinds[k].name);
}
