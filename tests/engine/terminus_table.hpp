#pragma once
// A Race to the Terminus table from an explicit position, for rule scenarios. Cards are
// found in the pool by what they are (a type, a keyword, a subtype, an effect), so the
// scenarios keep testing the rule when the pool's names change.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/terminus/state.hpp"
#include "tests/engine/card_names.hpp"

namespace tr = starport::terminus;
namespace trpb = starport::terminus::v1;

// Its own namespace: other games' test helpers use the same short names (one definition rule).
namespace terminus_test {

using starport::engine::action;
using starport::engine::make_action;

// Log words with the pool's names for "{card:K}", as players read them.
inline std::string filled(std::string_view words) {
  return starport::engine::testing::with_card_names<tr::state>(words);
}

// The name of the n-th pool card (0 first) that satisfies `pred`; fails the test if none.
inline std::string pool_card(const std::function<bool(const tr::card_def&)>& pred, int n = 0) {
  for (const tr::card_def& c : tr::all_cards())
    if (pred(c) && n-- == 0) return std::string(c.name);
  FAIL("no pool card fits the scenario");
  return {};
}

inline std::function<bool(const tr::card_def&)> of_type(tr::card_type t) {
  return [t](const tr::card_def& c) { return c.type == t; };
}

// A plain card of a type: no keyword, no effect, no subtype but natures (a filler).
inline std::string plain(tr::card_type t, int n = 0) {
  return pool_card(
      [t](const tr::card_def& c) {
        if (c.type != t || c.keywords) return false;
        if (c.is(tr::subtype::destiny) || c.is(tr::subtype::digital) || c.is(tr::subtype::legacy) ||
            c.is(tr::subtype::runabout))
          return false;
        if (t == tr::card_type::action && c.needs.present()) return false;
        for (const tr::effect& e : c.effects)
          if (e.present()) return false;
        return true;
      },
      n);
}

inline std::string with_keyword(tr::card_type t, tr::keyword k, int n = 0) {
  return pool_card([t, k](const tr::card_def& c) { return c.type == t && c.has(k); }, n);
}

inline std::string with_subtype(tr::card_type t, tr::subtype s, int n = 0) {
  return pool_card([t, s](const tr::card_def& c) { return c.type == t && c.is(s); }, n);
}

inline tr::card_id id_of(const std::string& name) {
  tr::card_id id = 0;
  REQUIRE_MESSAGE(tr::find_card(name, id), name);
  return id;
}

struct card_at {
  std::string name;
  bool face_down = false;
  int morale = 0;
  bool known = false;   // face down after everyone saw it face up (Ruling 4)
};

struct ship_setup {
  std::vector<card_at> modules;
  std::vector<card_at> crew;
  unsigned proximity = 0;
  std::string runabout = {};
  bool backslide = false;
};

struct seat_setup {
  std::vector<ship_setup> ships;
  std::vector<std::string> hand = {};
  std::vector<std::string> action_pile = {};   // top first
  std::vector<std::string> discard = {};
  std::vector<std::string> complication_pile = {};
  std::vector<std::string> system_pile = {};
  std::vector<std::string> upgrade_pile = {};
  std::vector<std::string> gig_pile = {};
  std::vector<std::string> module_pile = {};
  std::vector<std::string> recruit_pile = {};
  std::string starting_system = {};
  std::vector<std::string> destiny = {};
  std::vector<std::string> legacies = {};
  unsigned certainty = 0;
  int reputation = 0;
  std::vector<unsigned> intel = {};
  bool shady_extra = false;   // PLAY_STEP: the primary Ship drew Shady's extra Action this Turn
};

struct setup {
  std::vector<seat_setup> seats;
  trpb::Step step = trpb::START_STEP;
  unsigned round = 1;
  unsigned initiative = 0;
  unsigned active = 0;
  std::vector<unsigned> turn_order = {};   // START_STEP: empty → active first, then the others
  std::vector<std::pair<unsigned, std::string>> chart = {};   // (Proximity, System), owner seat 0
  std::vector<unsigned> face_down_chart = {};                 // Proximities whose System is face down
  unsigned round_limit = 0;
};

inline trpb::Position position_of(const setup& s) {
  trpb::Position p;
  auto names = [](auto* field, const std::vector<std::string>& v) {
    for (const auto& n : v) field->Add(std::string(n));
  };
  for (const seat_setup& st : s.seats) {
    auto* sp = p.add_seats();
    for (const ship_setup& sh : st.ships) {
      auto* x = sp->add_ships();
      for (const card_at& m : sh.modules) {
        auto* c = x->add_modules();
        c->set_name(m.name);
        c->set_face_down(m.face_down);
        c->set_known(m.known);
      }
      for (const card_at& m : sh.crew) {
        auto* c = x->add_crew();
        c->set_name(m.name);
        c->set_face_down(m.face_down);
        c->set_morale(m.morale);
        c->set_known(m.known);
      }
      x->set_proximity(sh.proximity);
      x->set_runabout(sh.runabout);
      x->set_backslide(sh.backslide);
    }
    names(sp->mutable_hand(), st.hand);
    names(sp->mutable_action_pile(), st.action_pile);
    names(sp->mutable_discard(), st.discard);
    names(sp->mutable_complication_pile(), st.complication_pile);
    names(sp->mutable_system_pile(), st.system_pile);
    names(sp->mutable_upgrade_pile(), st.upgrade_pile);
    names(sp->mutable_gig_pile(), st.gig_pile);
    names(sp->mutable_module_pile(), st.module_pile);
    names(sp->mutable_recruit_pile(), st.recruit_pile);
    sp->set_starting_system(st.starting_system);
    names(sp->mutable_destiny(), st.destiny);
    names(sp->mutable_legacies(), st.legacies);
    sp->set_certainty(st.certainty);
    sp->set_reputation(st.reputation);
    for (unsigned v : st.intel) sp->add_intel(v);
    sp->set_shady_extra(st.shady_extra);
  }
  p.set_step(s.step);
  p.set_round(s.round);
  p.set_initiative(s.initiative);
  p.set_active_seat(s.active);
  if (s.step == trpb::START_STEP || s.step == trpb::PLAY_STEP) {
    if (s.turn_order.empty()) {
      p.add_turn_order(s.active);
      for (unsigned k = 0; k < s.seats.size(); ++k)
        if (k != s.active) p.add_turn_order(k);
    } else {
      for (unsigned t : s.turn_order) p.add_turn_order(t);
    }
  }
  for (const auto& [prox, name] : s.chart) {
    auto* c = p.add_star_chart();
    c->set_proximity(prox);
    c->set_system(name);
    c->set_face_down(std::find(s.face_down_chart.begin(), s.face_down_chart.end(), prox) != s.face_down_chart.end());
  }
  return p;
}

inline tr::state table(const setup& s, std::uint64_t seed = 1) {
  trpb::Options o;
  o.set_round_limit(s.round_limit);
  const trpb::Position p = position_of(s);
  const int seats = static_cast<int>(s.seats.size());
  auto v = tr::state::validate(seats, o, p);
  REQUIRE_MESSAGE(v, v.detail);
  return tr::state(seats, o, p, seed);
}

inline action act(int seat, tr::kind k, std::initializer_list<std::int32_t> args = {}) {
  action a = make_action(seat, static_cast<std::uint16_t>(k));
  for (std::int32_t v : args) a.args[a.argc++] = v;
  return a;
}

inline void play(tr::state& g, const action& a) {
  auto v = g.check(a);
  REQUIRE_MESSAGE(v, v.detail);
  g.apply(a);
}

// The wire id of the first card named `name` that seat `s` holds in its hand.
inline std::int32_t in_hand(const tr::state& g, int s, const std::string& name) {
  for (tr::copy_id c : g.seat(s).hand.items())
    if (g.card_of(c).name == name) return g.wire(c);
  FAIL("not in hand: " << name);
  return 0;
}

inline bool has_legal(const tr::state& g, const action& a) {
  std::vector<action> legal;
  g.legal_actions(a.seat, legal);
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// Every seat that is asked passes until the flow needs something else.
inline void pass_windows(tr::state& g) {
  for (int guard = 0; guard < 64 && g.open_window() != tr::window::none && g.priority() >= 0 &&
                      g.pending().empty();
       ++guard)
    play(g, act(g.priority(), tr::kind::pass));
}

// A seat with one Module (Crew Lounge, Synthetic, Social: joins only) and one Member (Vent
// Dweller, Organic, Extremophile) in its Starting System (Sol Relay Station, Comfortable),
// Press Conferences to draw: the plain table most rule scenarios start from.
inline const char* const hull = "Crew Lounge";
inline const char* const hand_crew = "Vent Dweller";
inline const char* const home = "Sol Relay Station";

inline seat_setup crewed_seat() {
  seat_setup s;
  s.ships = {ship_setup{{{hull}}, {{hand_crew}}}};
  s.starting_system = home;
  s.action_pile = {"Press Conference", "Press Conference", "Press Conference", "Press Conference",
                   "Press Conference", "Press Conference"};
  s.system_pile = {"Whispering Pulsar", "Quiet Expanse"};
  s.gig_pile = {"Rock Eater"};
  return s;
}

// The crewed seat, with Complications to draw.
inline seat_setup crewed_seat_drawing() {
  seat_setup s = crewed_seat();
  s.complication_pile = {"Lucky Break", "Bad Press", "Sensor Ghost"};
  return s;
}

// Seat 0 plays Press Conference; the end of its Play Step opens a window.
inline tr::state after_seat0_plays(setup s) {
  tr::state g = table(s);
  REQUIRE(g.current_step() == tr::step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  return g;
}

// Seat 1 plays Short Circuit at seat 0, who holds Jump: seat 0 is asked which card of its
// hand burns.
inline tr::state short_circuit_burning() {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].hand = {"Jump"};
  s.seats[1].hand = {"Short Circuit"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Short Circuit"), 0, 0, 0}));
  pass_windows(g);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::burn);
  return g;
}

// Seat 0's Ship holds a face-up hull and a face-down Stealth Plating; seat 1 plays Hull
// Breach on it, whose effect asks seat 1 to pick one of the two (the face-down one by its place).
inline tr::state hull_breach_picking() {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[0].ships[0].modules = {{hull}, {"Stealth Plating", true}};
  s.seats[1].hand = {"Hull Breach"};
  tr::state g = after_seat0_plays(s);
  // Seat 0 is asked too (its face-down card); it passes, seat 1 plays.
  if (g.priority() == 0) play(g, act(0, tr::kind::pass));
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Hull Breach"), 0, 0, 0}));
  pass_windows(g);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::pick_card);
  return g;
}

// Plays the timeout action for whoever must act until `done` or the match ends.
template <class F>
void run_until(tr::state& g, F done, int limit = 500) {
  for (int i = 0; i < limit && !g.result().over && !done(); ++i) {
    const auto must = g.must_act();
    REQUIRE(must != 0);
    const int seat = std::countr_zero(static_cast<unsigned>(must));
    play(g, g.timeout_action(seat));
  }
}

}  // namespace terminus_test
