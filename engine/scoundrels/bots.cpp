// S.P.A.C.E. bots: the generic random bot, and a heuristic smuggler. Like a client, the
// heuristic bot reads only its own seat's view (its face-down cards, the public table, its
// prompts) and its legal actions, and gives every legal action a value; it takes the best
// (the first listed among equals, so it is deterministic).
//
// Its plan, in order (docs/rules/scoundrels_cards.md, "Bots", has it in words and figures):
//   * Win by deliveries: carry a cargo it may deliver to the nearest of its delivery
//     locations (shortest route over the board's connections), deliver it, and affiliate
//     with that syndicate at once, then work only for that syndicate — its deliveries are
//     what push the syndicate to the end (or ahead at the turn limit), and it is its rep.
//     It changes affiliation only when the other syndicate would then lead its own.
//   * No cargo: head for the open contract whose pick-up plus delivery route is shortest;
//     none open: go to the Dockyard and reveal one. Another syndicate's cargo is buried at a
//     delivery location for a fresh contract, and another syndicate's open contracts are
//     picked up for that when nothing of its own is open (they block the Dockyard's reveal).
//   * Free bays: drawn crew and systems fill open bays by themselves, and bays carry cargo;
//     with none free it visits the Dockyard and returns its least useful crew or system.
//   * Fight rarely: intercept or ambush only a ship carrying cargo it could use, when its
//     attack clearly beats the other's; always try to escape when attacked; keep pressing
//     only while a round went its way. Damage goes on the least useful system, never on
//     cargo while a system can take it; melee hits on fresh crew, the captain last. In
//     melee it equips one weapon and armour of each kind per crew first, heals the
//     injured, then fights; it pillages cargo first.
//   * Trades: it proposes a swap when the other ship carries a cargo it can deliver, for
//     its own unwanted cargo (one the other side can use, first) or a small item of little
//     use to it; never a gift or a bare request, nothing more that Movement once one was
//     declined or withdrawn, and never the same offer again once refused, so it cannot
//     flood anyone. It then gives the other player time to answer (waits_for_others_ms).
//     It accepts an offer only when what it gets is worth more to it than what it gives
//     (cargo for its syndicate is worth most; its hyperdrive is not for sale).
//   * Favors and bribes: an escape when caught, repairs and heals when several are down, a
//     contract reveal when none is open, extra movement when the target is just out of
//     reach, the Dockyard moved nearer, a stop-delivery bribe on another syndicate's
//     game-ending delivery.
// Nothing here can stall: PASS is always worth 0 and is taken when nothing is better.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {
namespace {

// What the data says a card is, by its name (every copy of a name is the same card).
const card* content_card(const std::string& name) {
  static const std::unordered_map<std::string, const card*> by_name = [] {
    std::unordered_map<std::string, const card*> m;
    for (colour c : {colour::green, colour::purple, colour::red})
      for (const card& k : cantina(c)) m.emplace(std::string(k.name), &k);
    for (const card& k : bribes()) m.emplace(std::string(k.name), &k);
    return m;
  }();
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : it->second;
}

int ability_sum(const card* c, prim p) {
  if (!c) return 0;
  int n = 0;
  for (const ability& a : c->abilities)
    if (a.kind == p) n += a.amount == 0 ? 1 : a.amount;
  return n;
}
bool has_ability(const card* c, prim p) {
  return c && std::any_of(c->abilities.begin(), c->abilities.end(), [&](const ability& a) { return a.kind == p; });
}

// How much a card is worth keeping, in rough "points".
double worth(const card* c) {
  if (!c) return 1.0;
  double v = 0.5;
  for (const ability& a : c->abilities) {
    const int n = a.amount == 0 ? 1 : std::abs(a.amount);
    switch (a.kind) {
      case prim::hyperdrive: v += 6.0 * n; break;
      case prim::movement: v += 5.0 * n; break;
      case prim::bays: v += 4.0 * n; break;
      case prim::attack: v += 3.0 * n; break;
      case prim::defence: v += 2.5 * n; break;
      case prim::escape: v += a.amount > 0 ? 3.0 * n : 1.0; break;
      case prim::forced_boarding: v += 2.0; break;
      case prim::repair: v += 2.5 * n; break;
      case prim::melee: v += 2.0 * n; break;
      case prim::melee_defence: v += 1.5 * n; break;
      case prim::boarding: v += 1.0 * n; break;
      case prim::heal: v += 1.5 * n; break;
      case prim::patrol_dodge: v += 2.0; break;
      case prim::rep_check: v += 1.0; break;
      case prim::extra_draw: case prim::extra_view: v += 1.0 * n; break;
      case prim::auto_escape: v += 3.0; break;
      case prim::stop_delivery: v += 3.0; break;
      case prim::reputation: v += 4.0; break;
      case prim::gain_movement: v += 1.5 * n; break;
      case prim::none: break;
      default: v += 1.5; break;
    }
  }
  return v;
}

// All-pairs route lengths over the board in the view (29 locations: a small BFS each).
struct routes {
  int n = 0;
  std::vector<int> d;
  void build(const pb::Board& b) {
    n = b.locations_size();
    d.assign(static_cast<std::size_t>(n * n), std::numeric_limits<int>::max() / 4);
    std::vector<std::vector<int>> adj(static_cast<std::size_t>(n));
    for (const pb::Connection& c : b.connections()) {
      if (static_cast<int>(c.a()) >= n || static_cast<int>(c.b()) >= n) continue;
      adj[c.a()].push_back(static_cast<int>(c.b()));
      adj[c.b()].push_back(static_cast<int>(c.a()));
    }
    for (int s = 0; s < n; ++s) {
      std::deque<int> q{s};
      at(s, s) = 0;
      while (!q.empty()) {
        const int u = q.front();
        q.pop_front();
        for (int w : adj[static_cast<std::size_t>(u)])
          if (at(s, w) > at(s, u) + 1) {
            at(s, w) = at(s, u) + 1;
            q.push_back(w);
          }
      }
    }
  }
  int& at(int a, int b) { return d[static_cast<std::size_t>(a * n + b)]; }
  int operator()(int a, int b) const {
    if (a < 0 || b < 0 || a >= n || b >= n) return std::numeric_limits<int>::max() / 4;
    return d[static_cast<std::size_t>(a * n + b)];
  }
};

// What this seat can read of the table.
struct table {
  const pb::View& v;
  const routes& route;
  int me = 0;
  const pb::Ship* mine = nullptr;

  table(const pb::View& view, const routes& r) : v(view), route(r), me(static_cast<int>(view.viewer_seat())) {
    for (const pb::Ship& s : v.ships())
      if (static_cast<int>(s.seat()) == me) mine = &s;
  }

  int here() const { return mine ? static_cast<int>(mine->location()) : 0; }
  int affiliation() const { return mine ? static_cast<int>(mine->affiliation()) : 0; }
  bool grudge(int syndicate) const {
    if (!mine) return false;
    for (int g : mine->grudges())
      if (g == syndicate) return true;
    return false;
  }
  // A cargo of this syndicate is one this seat wants to deliver.
  bool wanted(int syndicate) const {
    const int a = affiliation();
    if (a != pb::SYNDICATE_NONE) return syndicate == a;
    return !grudge(syndicate);
  }
  int free_bays() const {
    if (!mine) return 0;
    int n = 0;
    for (const pb::Bay& b : mine->bays()) n += !b.has_card() && !b.has_cargo();
    return n;
  }
  int disabled_systems() const {
    if (!mine) return 0;
    int n = 0;
    for (const pb::Bay& b : mine->bays())
      n += b.has_card() && b.card().kind() == pb::SHIP_SYSTEM && b.card().damage() > 0;
    return n;
  }
  int hurt_crew() const {
    if (!mine) return 0;
    int n = 0;
    for (const pb::Bay& b : mine->bays()) n += b.has_card() && b.card().kind() == pb::CREW && b.card().damage() > 0;
    return n;
  }
  int nearest_delivery(const pb::Contract& c, int from) const {
    int best = std::numeric_limits<int>::max() / 4;
    for (std::uint32_t to : c.deliver_to()) best = std::min(best, route(from, static_cast<int>(to)));
    return best;
  }
  int nearest_delivery_place(const pb::Contract& c, int from) const {
    int best = -1, dist = std::numeric_limits<int>::max() / 4;
    for (std::uint32_t to : c.deliver_to())
      if (route(from, static_cast<int>(to)) < dist) {
        dist = route(from, static_cast<int>(to));
        best = static_cast<int>(to);
      }
    return best;
  }
  const pb::Contract* cargo_by_id(std::int32_t id) const {
    for (const pb::Ship& s : v.ships()) {
      for (const pb::Bay& b : s.bays())
        if (b.has_cargo() && static_cast<std::int32_t>(b.cargo().id()) == id) return &b.cargo();
      if (s.has_held_cargo() && static_cast<std::int32_t>(s.held_cargo().id()) == id) return &s.held_cargo();
    }
    for (const pb::Contract& c : v.open_contracts())
      if (static_cast<std::int32_t>(c.id()) == id) return &c;
    for (const pb::Offer& o : v.offers()) {
      for (const pb::Contract& c : o.give_cargo())
        if (static_cast<std::int32_t>(c.id()) == id) return &c;
      for (const pb::Contract& c : o.take_cargo())
        if (static_cast<std::int32_t>(c.id()) == id) return &c;
    }
    return nullptr;
  }
  // A card this seat can identify, anywhere it can see it.
  const pb::Card* card_by_id(std::int32_t id) const {
    if (id <= 0) return nullptr;
    auto match = [&](const pb::Card& c) { return c.known() && static_cast<std::int32_t>(c.id()) == id; };
    if (v.has_prompt())
      for (const pb::Card& c : v.prompt().cards())
        if (match(c)) return &c;
    for (const pb::Ship& s : v.ships()) {
      for (const pb::Bay& b : s.bays())
        if (b.has_card() && match(b.card())) return &b.card();
      for (const auto* zone : {&s.captains_log(), &s.weapons_locker(), &s.storage_locker()})
        for (const pb::Card& c : *zone)
          if (match(c)) return &c;
    }
    for (const pb::Offer& o : v.offers()) {
      for (const pb::Card& c : o.give())
        if (match(c)) return &c;
      for (const pb::Card& c : o.take())
        if (match(c)) return &c;
    }
    return nullptr;
  }
  const pb::Ship* ship_of(int seat) const {
    for (const pb::Ship& s : v.ships())
      if (static_cast<int>(s.seat()) == seat) return &s;
    return nullptr;
  }
  // Deliveries so far for a syndicate (enum value 1..4).
  int track(int syndicate) const {
    for (const pb::Track& k : v.scoreboard().tracks())
      if (static_cast<int>(k.syndicate()) == syndicate) return static_cast<int>(k.deliveries());
    return 0;
  }
  // Delivering another syndicate's cargo changes affiliation (rep kept, a grudge taken):
  // worth it only when that syndicate then leads this seat's own.
  bool worth_switching(int syndicate) const {
    const int a = affiliation();
    return a != pb::SYNDICATE_NONE && syndicate != a && !grudge(syndicate) && track(syndicate) + 1 > track(a);
  }
  bool carrying_wanted() const {
    if (!mine) return false;
    for (const pb::Bay& b : mine->bays())
      if (b.has_cargo() && t_wanted(b.cargo())) return true;
    return false;
  }
  bool t_wanted(const pb::Contract& c) const { return wanted(c.syndicate()) || worth_switching(c.syndicate()); }
  bool wanted_open() const {
    for (const pb::Contract& c : v.open_contracts())
      if (wanted(c.syndicate())) return true;
    return false;
  }
  // Where to head now (-1: nowhere). In order: deliver a wanted cargo (or pick up a wanted
  // contract on a shorter round trip), bury an unwanted cargo at a delivery location for a
  // fresh contract, pick up an unwanted contract to bury it (it blocks the Dockyard's
  // reveal), and with nothing open, the Dockyard.
  int target() const {
    if (!mine) return -1;
    if (needs_dockyard()) return static_cast<int>(v.dockyard());
    const int at = here();
    constexpr int far = std::numeric_limits<int>::max() / 4;
    int best = -1, dist = far;
    for (const pb::Bay& b : mine->bays()) {
      if (!b.has_cargo() || !t_wanted(b.cargo())) continue;
      const int place = nearest_delivery_place(b.cargo(), at);
      if (place >= 0 && route(at, place) < dist) {
        dist = route(at, place);
        best = place;
      }
    }
    const bool can_pick = free_bays() > 0;
    if (can_pick)
      for (const pb::Contract& c : v.open_contracts()) {
        if (!wanted(c.syndicate())) continue;
        const int origin = static_cast<int>(c.origin());
        const int d = route(at, origin) + nearest_delivery(c, origin) / 2 + 2;
        if (best < 0 || d < dist) {
          dist = d;
          best = origin;
        }
      }
    if (best >= 0) return best;
    for (const pb::Bay& b : mine->bays()) {
      if (!b.has_cargo()) continue;
      const int place = nearest_delivery_place(b.cargo(), at);
      if (place >= 0 && route(at, place) < dist) {
        dist = route(at, place);
        best = place;
      }
    }
    if (best >= 0) return best;
    if (can_pick)
      for (const pb::Contract& c : v.open_contracts()) {
        const int origin = static_cast<int>(c.origin());
        if (route(at, origin) < dist) {
          dist = route(at, origin);
          best = origin;
        }
      }
    if (best >= 0) return best;
    return static_cast<int>(v.dockyard());
  }
  // Drawn crew and systems fill open bays by themselves; a ship needs free bays for cargo,
  // so with fewer than this it heads for the Dockyard to return the least useful ones.
  static constexpr int bays_kept_free = 2;
  bool needs_dockyard() const {
    if (!mine || free_bays() >= 1) return false;
    for (const pb::Bay& b : mine->bays())
      if (b.has_cargo() && t_wanted(b.cargo())) return false;   // deliver first
    return true;
  }
  bool in_bay(std::int32_t id) const {
    if (!mine) return false;
    for (const pb::Bay& b : mine->bays())
      if (b.has_card() && static_cast<std::int32_t>(b.card().id()) == id) return true;
    return false;
  }
  // Ship-combat strength, from what is face up.
  static int attack_of(const pb::Ship& s) { return static_cast<int>(s.attack()); }
  static int working_systems(const pb::Ship& s) {
    int n = 0;
    for (const pb::Bay& b : s.bays()) n += b.has_card() && b.card().kind() == pb::SHIP_SYSTEM && b.card().damage() == 0;
    return n;
  }
  static int cargo_count(const pb::Ship& s) {
    int n = 0;
    for (const pb::Bay& b : s.bays()) n += b.has_cargo();
    return n;
  }
  // Melee strength: conscious crew, plus what each is known to carry (own items only).
  int melee_of(const pb::Ship& s) const {
    int n = 0;
    for (const pb::Bay& b : s.bays())
      if (b.has_card() && b.card().kind() == pb::CREW && b.card().damage() < 2) {
        n += 2;
        n += ability_sum(content_card(b.card().name()), prim::melee);
      }
    if (static_cast<int>(s.seat()) == me) {
      for (const pb::Card& c : s.weapons_locker()) n += ability_sum(content_card(c.name()), prim::melee);
    } else {
      n += static_cast<int>(s.weapons_locker_count());   // a guess: one hit per unseen weapon
    }
    return n;
  }
};

class heuristic_bot final : public engine::bot {
 public:
  action choose(const google::protobuf::Message& message, std::span<const action> legal) override {
    const auto& v = static_cast<const pb::View&>(message);
    if (route_.n != v.board().locations_size()) route_.build(v.board());
    const table t(v, route_);
    remember_refusals(t);
    const action* best = &legal[0];
    double best_value = -std::numeric_limits<double>::infinity();
    for (const action& a : legal) {
      const double value = refused_before(a) ? -50 : value_of(t, a);
      if (value > best_value) {
        best_value = value;
        best = &a;
      }
    }
    waits_ms_ = static_cast<kind>(best->kind) == kind::propose ? offer_patience_ms : 0;
    return *best;
  }
  std::uint32_t waits_for_others_ms() const override { return waits_ms_; }

 private:
  // How long a proposer gives the other player to answer before it plays on (moving away
  // ends the offer): long enough to read the offer and press a button. The server shows the
  // wait as this seat's timer, so pages count it down from there.
  static constexpr std::uint32_t offer_patience_ms = 12000;
  routes route_;
  std::uint32_t waits_ms_ = 0;
  // Its own offers declined or withdrawn in this match (target, give, take): a player who
  // said no is not asked the same again in a later Movement. At most this many kept.
  static constexpr std::size_t refusals_kept = 32;
  std::vector<std::array<std::int32_t, 3>> refused_;

  void remember_refusals(const table& t) {
    for (const pb::Offer& o : t.v.declined_offers()) {
      if (static_cast<int>(o.from()) != t.me) continue;
      auto first = [](const auto& cards, const auto& cargo) -> std::int32_t {
        if (!cards.empty()) return static_cast<std::int32_t>(cards[0].id());
        return cargo.empty() ? 0 : static_cast<std::int32_t>(cargo[0].id());
      };
      const std::array<std::int32_t, 3> key{static_cast<std::int32_t>(o.to()), first(o.give(), o.give_cargo()),
                                            first(o.take(), o.take_cargo())};
      if (std::find(refused_.begin(), refused_.end(), key) == refused_.end() && refused_.size() < refusals_kept)
        refused_.push_back(key);
    }
  }
  bool refused_before(const action& a) const {
    if (static_cast<kind>(a.kind) != kind::propose || a.argc < 3) return false;
    const std::array<std::int32_t, 3> key{a.args[0], a.args[1], a.args[2]};
    return std::find(refused_.begin(), refused_.end(), key) != refused_.end();
  }

  static double value_of(const table& t, const action& a) {
    const std::int32_t x = a.argc > 0 ? a.args[0] : 0;
    switch (static_cast<kind>(a.kind)) {
      case kind::resign: return -1e9;
      case kind::move: return move_value(t, x);
      case kind::pick_up: {
        const pb::Contract* c = t.cargo_by_id(x);
        if (!c) return -1;
        if (t.wanted(c->syndicate())) return 60;
        // Another syndicate's: only to bury it for a fresh one, when nothing better is open.
        return !t.carrying_wanted() && !t.wanted_open() ? 20 : -3;
      }
      case kind::dockyard: {
        if (!t.mine) return -1;
        const bool carrying = t.carrying_wanted();
        if (t.needs_dockyard()) return 35;
        if (t.v.open_contracts_size() == 0 && !carrying) return 30;
        if (t.disabled_systems() > 0 && !carrying && t.mine->movement_left() <= 1) return 5;
        return -5;
      }
      case kind::reveal: return 40;
      case kind::install: return t.free_bays() > table::bays_kept_free ? 20 : -2;
      case kind::dismiss: {
        // Make room for cargo: the least useful crew or system in a bay goes back.
        if (!t.in_bay(x) || t.free_bays() >= table::bays_kept_free) return -10;
        const pb::Card* c = t.card_by_id(x);
        return c ? 15 - worth(content_card(c->name())) : -10;
      }
      case kind::view_cantina: return -1;
      case kind::intercept: case kind::ambush: return attack_value(t, a);
      case kind::allocate: {
        if (t.cargo_by_id(x)) return -40;
        const pb::Card* c = t.card_by_id(x);
        if (!c) return -5;
        // Crew hits: a fresh crew member first (a second hit disables), the captain last.
        const double crew_cost = c->kind() == pb::CREW ? 10.0 * c->damage() + (c->captain() ? 3.0 : 0.0) : 0.0;
        return -worth(content_card(c->name())) - crew_cost;
      }
      case kind::repair: return 30;
      case kind::press: return press_value(t, x);
      case kind::escape: {
        const bool sacrifice = a.argc > 0 && a.args[0] != 0;
        const bool both = a.argc > 1 && a.args[1] != 0;
        // Burn a hyperdrive only when the ship carries cargo worth saving (one is enough).
        const bool cargo = t.mine && table::cargo_count(*t.mine) > 0;
        return sacrifice ? (cargo ? 12 : 2) - (both ? 3 : 0) : 10;
      }
      case kind::stay: return -5;
      case kind::equip: return equip_value(t, a);
      case kind::fight: return 5;
      case kind::heal: {
        const pb::Card* crew = t.card_by_id(a.argc > 1 ? a.args[1] : 0);
        return crew && crew->damage() > 0 ? 20 : -2;
      }
      case kind::pillage: {
        if (x == 0) return 0;
        if (const pb::Contract* c = t.cargo_by_id(x)) return t.wanted(c->syndicate()) ? 40 : 8;
        const pb::Card* c = t.card_by_id(x);
        return c ? 5 + worth(content_card(c->name())) : 6;   // a face-down item: worth a look
      }
      case kind::propose: return propose_value(t, a);
      case kind::accept: return offer_value(t, x) - (a.argc > 1 && a.args[1] == 1 ? 20.0 : 0.0);   // then a brawl
      case kind::decline: return 0;
      case kind::withdraw: return -1;
      case kind::brawl: return brawl_value(t, x);
      case kind::deliver: {
        const pb::Contract* c = t.cargo_by_id(x);
        return c && t.t_wanted(*c) ? 100 : 10;
      }
      case kind::bury: {
        const pb::Contract* c = t.cargo_by_id(x);
        return c && !t.t_wanted(*c) ? 25 : -5;
      }
      case kind::affiliate: return affiliate_value(t, x);
      case kind::choose: return choose_value(t, x) - (a.argc > 1 && a.args[1] < 0 ? 0.5 : 0.0);   // installs a reward
      case kind::play: return play_value(t, a);
      case kind::pass: return 0;
    }
    return 0;
  }

  static double move_value(const table& t, int to) {
    const int target = t.target();
    if (target < 0 || !t.mine) return -1;
    const int now = t.route(t.here(), target), then = t.route(to, target);
    double v = 10.0 * (now - then);
    if (v <= 0) return -1;
    // Avoid ending up next to a stronger ship in deep space (interceptions) when carrying.
    for (const pb::Ship& s : t.v.ships()) {
      if (static_cast<int>(s.seat()) == t.me || s.out()) continue;
      if (static_cast<int>(s.location()) == to && table::attack_of(s) > table::attack_of(*t.mine) + 1) v -= 4;
    }
    return v;
  }

  // Intercept [seat] / ambush [1 or 0].
  static double attack_value(const table& t, const action& a) {
    if (!t.mine) return -10;
    int seat = a.args[0];
    if (static_cast<kind>(a.kind) == kind::ambush) {
      if (a.args[0] == 0) return 0;
      // The ship passing by: the prompt names it (else the one whose step it is).
      seat = t.v.has_prompt() && t.v.prompt().options_size() > 0 ? t.v.prompt().options(0)
                                                                  : static_cast<int>(t.v.active_seat());
    }
    const pb::Ship* s = t.ship_of(seat);
    if (!s || seat == t.me) return -10;
    // Not while its own offer to that ship waits for an answer: a fight would end the offer
    // it has just made (and read as bad faith).
    for (const pb::Offer& o : t.v.offers())
      if (static_cast<int>(o.from()) == t.me && static_cast<int>(o.to()) == seat) return -10;
    bool wanted_cargo = false;
    for (const pb::Bay& b : s->bays()) wanted_cargo |= b.has_cargo() && t.wanted(b.cargo().syndicate());
    const int mine = table::attack_of(*t.mine), theirs = table::attack_of(*s);
    if (wanted_cargo && t.free_bays() > 0 && mine >= theirs + 2 && mine >= 2) return 15;
    return -10;
  }

  static double press_value(const table& t, int choice) {
    const pb::Fight& f = t.v.fight();
    // Fight on only while the last round hurt the defender more than this ship, and never
    // past a few rounds (combat with nothing left to hit would go on for ever).
    const pb::FightRound* last = f.rounds_size() > 0 ? &f.rounds(f.rounds_size() - 1) : nullptr;
    const bool winning = last && last->damage_to_defender() > 0 && last->damage_to_defender() > last->damage_to_attacker();
    const pb::Ship* them = t.ship_of(static_cast<int>(f.defender()));
    switch (choice) {
      case 0: return 0;
      case 1: return winning && f.round() < 6 ? 3 : -3;
      case 2: {
        if (!them || !t.mine) return -3;
        return t.melee_of(*t.mine) > t.melee_of(*them) + 1 ? 8 : -3;
      }
      case 3: return -1;
      default: return -1;
    }
  }

  static double equip_value(const table& t, const action& a) {
    const pb::Card* item = t.card_by_id(a.args[0]);
    const std::int32_t crew = a.argc > 1 ? a.args[1] : 0;
    if (!item || !t.mine) return 1;
    // How many items of this kind the crew already carries.
    int same = 0;
    const pb::Fight& f = t.v.fight();
    for (const auto* zone : {&t.mine->weapons_locker(), &t.mine->storage_locker(), &f.attacker_kit(), &f.defender_kit()})
      for (const pb::Card& c : *zone)
        same += static_cast<std::int32_t>(c.equipped_to()) == crew && c.kind() == item->kind();
    if (item->kind() == pb::MEDKIT) return same ? 1 : 4;
    return same ? 2 : 10;
  }

  static const pb::Contract* cargo_in(const pb::Ship& ship, std::int32_t id) {
    for (const pb::Bay& b : ship.bays())
      if (b.has_cargo() && static_cast<std::int32_t>(b.cargo().id()) == id) return &b.cargo();
    return nullptr;
  }

  // A swap worth proposing: the other ship's cargo this seat can deliver, for its own
  // unwanted cargo or a small item of little use to it. Ranked below picking up an open
  // contract of its own (60), above moving on.
  static double propose_value(const table& t, const action& a) {
    constexpr double no = -50;
    if (!t.mine || a.argc < 4 || a.args[3] != 0) return no;
    const std::int32_t give = a.args[1], take = a.args[2];
    if (give == 0 || take <= 0) return no;   // no gifts, no bare requests, no blind takes
    for (const pb::Offer& o : t.v.declined_offers())
      if (static_cast<int>(o.from()) == t.me) return no;   // one refusal a Movement is enough
    const pb::Ship* them = t.ship_of(a.args[0]);
    if (!them) return no;
    const pb::Contract* got = cargo_in(*them, take);
    if (!got || !t.t_wanted(*got)) return no;
    constexpr double swap = 45;
    if (const pb::Contract* gave = cargo_in(*t.mine, give)) {
      if (t.t_wanted(*gave)) return no;
      // Offer what the other side can use: its syndicate's cargo (any, unaffiliated).
      const bool theirs = them->affiliation() == pb::SYNDICATE_NONE || them->affiliation() == gave->syndicate();
      return swap + (theirs ? 3 : 0);
    }
    const pb::Card* item = t.card_by_id(give);
    if (!item || t.free_bays() == 0) return no;   // the cargo needs an open bay
    const double w = worth(content_card(item->name()));
    return w > 4 ? no : swap - w;
  }

  static double offer_value(const table& t, std::int32_t id) {
    const pb::Offer* offer = nullptr;
    for (const pb::Offer& o : t.v.offers())
      if (static_cast<std::int32_t>(o.id()) == id) offer = &o;
    if (!offer) return -1;
    // This seat is the offer's target: it gets `give`, it gives `take`.
    double got = 0, gave = 0;
    for (const pb::Card& c : offer->give()) got += worth(content_card(c.name()));
    for (const pb::Contract& c : offer->give_cargo()) got += t.wanted(c.syndicate()) && t.free_bays() > 0 ? 15 : -2;
    for (const pb::Card& c : offer->take()) {
      const card* k = content_card(c.name());
      gave += worth(k);
      if (has_ability(k, prim::hyperdrive)) gave += 20;   // its speed is how it wins
    }
    for (const pb::Contract& c : offer->take_cargo()) gave += t.wanted(c.syndicate()) ? 30 : 1;
    return got > gave + 0.5 ? 5 : -1;
  }

  static double brawl_value(const table& t, int seat) {
    if (seat < 0) return 0;
    const pb::Ship* them = t.ship_of(seat);
    if (!them || !t.mine) return -10;
    // Only to stop a delivery that would help another syndicate end the game, and only
    // when clearly stronger.
    const bool delivery = t.v.has_prompt() && t.v.prompt().kind() == pb::BRAWL_WINDOW;
    if (!delivery) return -10;
    return t.melee_of(*t.mine) > t.melee_of(*them) + 3 ? 4 : -10;
  }

  static double affiliate_value(const table& t, int yes) {
    if (!t.mine) return 0;
    // Affiliate as soon as it may: its deliveries are what make that syndicate win.
    if (t.affiliation() == pb::SYNDICATE_NONE) return yes ? 10 : 0;
    return yes ? -5 : 0;
  }

  static double choose_value(const table& t, std::int32_t option) {
    if (!t.v.has_prompt()) return 0;
    const pb::Prompt& p = t.v.prompt();
    switch (p.kind()) {
      case pb::PICK_CARD: {
        const pb::Card* c = t.card_by_id(option);
        if (c) return 1 + worth(content_card(c->name()));
        if (const pb::Contract* k = t.cargo_by_id(option)) return t.wanted(k->syndicate()) ? 20 : 1;
        return 1;
      }
      case pb::DISCARD: {
        const pb::Card* c = t.card_by_id(option);
        return c ? -worth(content_card(c->name())) : -1;
      }
      case pb::PLACE_CARD:
        // Bays also carry cargo: keep two free for it.
        if (option < 0) return 1;
        return t.free_bays() >= 3 ? 5 : 0;
      case pb::PICK_DECK:
        return option;   // 0 green, 1 purple, 2 red: the richer the better
      case pb::PICK_NUMBER:
        return -0.01 * option;   // the first
      default: return 0;
    }
  }

  static double play_value(const table& t, const action& a) {
    const pb::Card* c = t.card_by_id(a.args[0]);
    const card* k = c ? content_card(c->name()) : nullptr;
    if (!k) return -3;
    double v = -3;
    const bool defending = t.v.has_prompt() && t.v.prompt().kind() == pb::DEFENDER_CHOICE;
    if (has_ability(k, prim::auto_escape) && defending) v = std::max(v, 30.0);
    if (has_ability(k, prim::repair_all) && t.disabled_systems() >= 2) v = std::max(v, 15.0);
    if (has_ability(k, prim::heal_all) && t.hurt_crew() >= 2) v = std::max(v, 12.0);
    if (has_ability(k, prim::reveal_contract) && t.v.open_contracts_size() == 0 && t.free_bays() > 0) v = std::max(v, 35.0);
    if (has_ability(k, prim::reputation) && t.affiliation() != pb::SYNDICATE_NONE && t.mine && t.mine->reputation() > 0)
      v = std::max(v, 8.0);
    if (has_ability(k, prim::gain_movement) && t.mine && t.v.phase() == pb::MOVEMENT && t.mine->movement_left() == 0) {
      const int target = t.target();
      const int d = target >= 0 ? t.route(t.here(), target) : 0;
      if (d > 0 && d <= ability_sum(k, prim::gain_movement)) v = std::max(v, 9.0);
    }
    if (has_ability(k, prim::draw_cantina) || has_ability(k, prim::steal_item)) v = std::max(v, 2.0);
    // Stop a delivery that would end the game for another syndicate (rulebook "Game End":
    // bribes may answer a declared 8th delivery).
    if (has_ability(k, prim::stop_delivery) && t.v.has_prompt() && t.v.prompt().kind() == pb::BRAWL_WINDOW) {
      const pb::Ship* them = t.ship_of(a.args[1]);
      const int to_win = static_cast<int>(t.v.scoreboard().deliveries_to_win());
      if (them)
        for (const pb::Bay& b : them->bays()) {
          if (!b.has_cargo() || static_cast<int>(b.cargo().syndicate()) == t.affiliation()) continue;
          bool here = false;
          for (std::uint32_t l : b.cargo().deliver_to()) here |= static_cast<int>(l) == t.here();
          if (here && t.track(b.cargo().syndicate()) + 1 >= to_win) v = std::max(v, 50.0);
        }
    }
    // Bring the Dockyard closer when this ship needs it.
    if (has_ability(k, prim::move_dockyard) && a.argc > 2 && (t.needs_dockyard() || t.v.open_contracts_size() == 0)) {
      const int now = t.route(t.here(), static_cast<int>(t.v.dockyard()));
      const int then = t.route(t.here(), a.args[2]);
      if (then + 2 <= now) v = std::max(v, 4.0 + (now - then));
    }
    return v;
  }
};

constexpr engine::bot_entry bot_table[] = {
    engine::random_bot_entry,
    {"heuristic",
     "plans the shortest routes to pick up and deliver contracts, affiliates with its first syndicate and works "
     "for it, escapes fights and only attacks a weaker ship carrying cargo it wants",
     [](std::uint64_t) -> std::unique_ptr<engine::bot> { return std::make_unique<heuristic_bot>(); }},
};

}  // namespace

std::span<const engine::bot_entry> state::bots() { return bot_table; }

}  // namespace starport::scoundrels
