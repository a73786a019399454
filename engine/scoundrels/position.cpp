// Explicit positions (docs/scenarios.md, "S.P.A.C.E. Scoundrels"; docs/rules/scoundrels.md,
// "Scenario positions"): every zone and counter of every ship, the decks, where play stands,
// the choices open at the start (the bribe view over the reward view), a delivery stopped
// this phase. A fight, the dice history and the latest finished fight are read in
// position_fight.cpp. Every refusal names the field and says why.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::has_seat;
using engine::seat_bit;

namespace {

int syndicate_index(pb::Syndicate s) { return static_cast<int>(s) - 1; }

// The events a captain may cancel with a favor (rules.cpp, start_encounter).
bool harmful(event_kind k) {
  return k == event_kind::patrol || k == event_kind::pirates || k == event_kind::breakdown || k == event_kind::injury ||
         k == event_kind::lose_item || k == event_kind::lose_movement;
}

}  // namespace

// Names to card numbers: each physical card once, a repeated name takes the next copy.
struct state::position_names {
  const state& g;
  std::string& error;
  std::vector<bool> used;

  bool card(const std::string& name, card_no& out) {
    const int total = static_cast<int>(used.size());
    for (card_no n = g.deck_base_[0]; n < total; ++n)
      if (!used[n] && g.card_of(n).name == name) {
        used[n] = true;
        out = n;
        return true;
      }
    error = "unknown or repeated card: " + name;
    return false;
  }
  bool contract(const std::string& name, card_no& out) {
    for (card_no n = 0; n < g.deck_base_[0]; ++n)
      if (!used[n] && g.c_->contracts[n].name == name) {
        used[n] = true;
        out = n;
        return true;
      }
    error = "unknown or repeated contract: " + name;
    return false;
  }
  bool location(const std::string& name, std::uint8_t& out) {
    for (std::size_t l = 0; l < g.c_->board.locations.size(); ++l)
      if (g.c_->board.locations[l].name == name) {
        out = static_cast<std::uint8_t>(l);
        return true;
      }
    error = "unknown location: " + name;
    return false;
  }
};

// A card ship `s` holds (bays, then weapons, storage, the captain's log) by name, other than `skip`.
card_no state::held_named(int s, const std::string& name, card_no skip) const {
  if (name.empty()) return no_card;
  const ship& sh = ships_[s];
  for (const bay& b : sh.bays)
    if (!b.empty() && b.card != skip && card_name(b.card) == name) return b.card;
  for (const locker* l : {&sh.weapons, &sh.storage, &sh.log})
    for (card_no c : l->items())
      if (c != skip && card_name(c) == name) return c;
  if (sh.held_cargo != no_card && sh.held_cargo != skip && card_name(sh.held_cargo) == name) return sh.held_cargo;
  return no_card;
}

bool state::place(const pb::Position& p, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  const int total = bribe_base_ + static_cast<int>(c_->bribes.size());
  position_names names{*this, error, std::vector<bool>(static_cast<std::size_t>(total), false)};
  open_.size = 0;
  for (auto& t : track_) t.size = 0;
  feuds_ = 0;
  frame_count_ = 0;
  offer_count_ = 0;
  fight_ = fight_state{};
  if (p.ships_size() != seats_) return fail("ships: one ship per seat");
  if (p.first_player() >= seats_) return fail("first_player names no seat");
  if (p.active_seat() >= seats_) return fail("active_seat names no seat");
  std::array<std::uint8_t, max_players> traded{};
  for (int s = 0; s < seats_; ++s) {
    const pb::ShipPosition& sp = p.ships(s);
    ship& sh = ships_[s];
    sh = ship{};
    if (!names.location(sp.location(), sh.location)) return false;
    if (sp.bays_size() > max_bays) return fail("ships[].bays: at most 9 bays");
    for (int b = 0; b < sp.bays_size(); ++b) {
      const pb::BayPosition& bp = sp.bays(b);
      card_no n = no_card;
      if (!bp.card().empty()) {
        if (!names.card(bp.card(), n)) return false;
        const card_kind k = card_of(n).kind;
        if (k != card_kind::crew && k != card_kind::ship_system) return fail("ships[].bays: bays hold systems, crew or cargo");
      } else if (!bp.cargo().empty()) {
        if (!names.contract(bp.cargo(), n)) return false;
      }
      if (bp.damage() > 2) return fail("ships[].bays: damage is 0, 1 or 2");
      sh.bays[b] = bay{n, static_cast<std::uint8_t>(bp.damage()), bp.captain()};
    }
    const std::pair<const google::protobuf::RepeatedPtrField<std::string>*, locker*> zones[] = {
        {&sp.captains_log(), &sh.log}, {&sp.weapons_locker(), &sh.weapons}, {&sp.storage_locker(), &sh.storage}};
    for (const auto& [list, into] : zones) {
      if (list->size() > locker_size) return fail("ships[]: a locker or the captain's log holds at most 48 cards");
      for (const std::string& name : *list) {
        card_no n;
        if (!names.card(name, n)) return false;
        into->push(n);
      }
    }
    if (sp.reputation() > max_rep) return fail("ships[].reputation is 0 to 6");
    sh.rep = static_cast<std::uint8_t>(sp.reputation());
    sh.affiliation = static_cast<std::int8_t>(std::clamp(syndicate_index(sp.affiliation()), -1, syndicate_count - 1));
    for (int g : sp.grudges())
      if (g >= 1 && g <= syndicate_count) sh.grudges = static_cast<std::uint8_t>(sh.grudges | (1u << (g - 1)));
    sh.picked = static_cast<std::uint8_t>(std::min<std::uint32_t>(sp.contracts_picked(), 255));
    sh.docked = sp.dockyard_visited();
    sh.out = sp.out();
    if (sp.movement_bonus() < -8 || sp.movement_bonus() > 8) return fail("ships[].movement_bonus is -8 to 8");
    sh.bonus = static_cast<std::int8_t>(sp.movement_bonus());
    sh.repaired_bays = sp.repaired() ? 0xffff : 0;   // every repair ability used
    sh.free_repaired = sp.free_repaired();
    if (!sp.held_cargo().empty()) {
      if (p.phase() != pb::DELIVERY) return fail("ships[].held_cargo: a stolen cargo is held only in the DELIVERY phase");
      if (!names.contract(sp.held_cargo(), sh.held_cargo)) return false;
    }
    for (std::uint32_t o : sp.attacked()) {
      if (o >= seats_ || static_cast<int>(o) == s) return fail("ships[].attacked names another seat");
      sh.attacked = static_cast<std::uint8_t>(sh.attacked | seat_bit(static_cast<int>(o)));
    }
    if (sp.deliveries() > 0 && sh.rep == 0) return fail("ships[].deliveries: a delivery places the reputation die (reputation 1 or more)");
    sh.deliveries = static_cast<std::uint8_t>(std::min<std::uint32_t>(sp.deliveries(), 255));
    for (std::uint32_t o : sp.traded_with()) {
      if (o >= seats_ || static_cast<int>(o) == s) return fail("ships[].traded_with names another seat");
      traded[s] = static_cast<std::uint8_t>(traded[s] | seat_bit(static_cast<int>(o)));
    }
  }
  std::uint8_t yard = 0;
  if (!p.dockyard().empty()) {
    if (!names.location(p.dockyard(), yard)) return false;
  } else {
    for (std::size_t l = 0; l < c_->board.locations.size(); ++l)
      if (c_->board.locations[l].dockyard) { yard = static_cast<std::uint8_t>(l); break; }
  }
  dockyard_ = yard;
  for (const std::string& name : p.open_contracts()) {
    card_no n;
    if (!names.contract(name, n)) return false;
    open_.push(n);
  }
  for (const pb::TrackPosition& t : p.tracks()) {
    const int syn = syndicate_index(t.syndicate());
    if (syn < 0 || syn >= syndicate_count || t.delivered_size() >= to_win_)
      return fail("tracks: a track names a syndicate and fewer deliveries than end the game");
    for (const std::string& name : t.delivered()) {
      card_no n;
      if (!names.contract(name, n)) return false;
      track_[syn].push(n);
    }
  }
  int made = 0, tracked = 0;
  for (int s = 0; s < seats_; ++s) made += ships_[s].deliveries;
  for (const auto& t : track_) tracked += t.size;
  if (made > tracked) return fail("ships[].deliveries: more than the tracks hold");
  for (const pb::Feud& f : p.feuds()) {
    const int a = syndicate_index(f.a()), b = syndicate_index(f.b());
    if (a < 0 || b < 0 || a >= syndicate_count || b >= syndicate_count || a == b) return fail("feuds: a feud names two syndicates");
    feuds_ = static_cast<std::uint16_t>(feuds_ | (1u << (std::min(a, b) * 4 + std::max(a, b))));
  }
  // Cards out of every deck (viewed, equipped) are named before the decks take the rest.
  frame viewing;
  viewing.kind = task::keep_one;
  if (p.has_viewing()) {
    if (p.viewing().cards_size() < 1 || p.viewing().cards_size() > 8) return fail("viewing lists 1 to 8 cards");
    for (const std::string& name : p.viewing().cards()) {
      card_no n;
      if (!names.card(name, n)) return false;
      viewing.looked[viewing.look_count++] = n;
    }
    viewing.flags = p.viewing().reward() ? frame_reward : 0;
  }
  frame under;
  under.kind = task::keep_one;
  if (p.viewing().has_under()) {
    const pb::ViewingPosition& u = p.viewing().under();
    if (u.cards_size() < 1 || u.cards_size() > 8) return fail("viewing.under lists 1 to 8 cards");
    if (u.has_under() || u.dockyard()) return fail("viewing.under: one reward view under the bribe view (changing affiliation)");
    for (const std::string& name : u.cards()) {
      card_no n;
      if (!names.card(name, n)) return false;
      under.looked[under.look_count++] = n;
    }
    under.flags = frame_reward;
  }
  if (p.has_fight()) {
    const pb::FightSidePosition* sides[] = {&p.fight().attacker_side(), &p.fight().defender_side()};
    for (int side = 0; side < 2; ++side) {
      if (sides[side]->kit_size() > max_kit) return fail("fight: at most 12 items equipped a side");
      for (const pb::EquippedPosition& e : sides[side]->kit()) {
        card_no n;
        if (!names.card(e.item(), n)) return false;
        fight_.kit[side][fight_.kit_count[side]++] =
            kit_entry{n, static_cast<std::uint8_t>(std::min<std::uint32_t>(e.crew_bay(), 255)), e.thrown()};
      }
    }
  }
  // Decks: listed (top first) or every card not named elsewhere, shuffled.
  auto fill = [&](auto& d, const auto& names_list, card_no from, card_no to, bool contracts, const char* field) {
    d.size = 0;
    if (names_list.size() > 0 || p.state_decks()) {
      if (names_list.size() > static_cast<int>(d.cards.size())) return fail(std::string(field) + ": more cards than the deck holds");
      for (int i = names_list.size() - 1; i >= 0; --i) {
        card_no n;
        if (!(contracts ? names.contract(names_list[i], n) : names.card(names_list[i], n))) return false;
        if (n < from || n >= to) return fail(std::string(field) + ": " + names_list[i] + " belongs to another deck");
        d.push(n);
      }
      return true;
    }
    for (card_no n = from; n < to; ++n)
      if (!names.used[n]) {
        names.used[n] = true;
        d.push(n);
      }
    random_.shuffle(d.cards.data(), d.size);
    return true;
  };
  if (!fill(contract_deck_, p.contract_deck(), 0, deck_base_[0], true, "contract_deck")) return false;
  const google::protobuf::RepeatedPtrField<std::string>* lists[] = {&p.green_deck(), &p.purple_deck(), &p.red_deck()};
  const char* list_names[] = {"green_deck", "purple_deck", "red_deck"};
  for (int k = 0; k < colour_count; ++k)
    if (!fill(cantina_[k], *lists[k], deck_base_[k], deck_base_[k + 1], false, list_names[k])) return false;
  if (!fill(bribes_, p.bribe_deck(), bribe_base_, static_cast<card_no>(total), false, "bribe_deck")) return false;
  // Encounters: the deck, the discards and the one striking now (a name may repeat: tests
  // list the same quiet one again and again); an unlisted deck is the ones not named.
  std::vector<bool> drawn(c_->encounters.size(), false);
  auto find_encounter = [&](const std::string& name, card_no& out) {
    for (std::size_t e = 0; e < c_->encounters.size(); ++e)
      if (c_->encounters[e].name == name) {
        drawn[e] = true;
        out = static_cast<card_no>(e);
        return true;
      }
    return fail("unknown encounter: " + name);
  };
  encounter_discard_.size = 0;
  last_encounter_ = 0xff;
  last_encounter_seat_ = 0xff;
  last_encounter_site_ = 0xff;
  if (p.encounter_discard_size() + (p.encounter_choice().empty() ? 0 : 1) > static_cast<int>(encounter_discard_.cards.size()))
    return fail("encounter_discard: more encounters than there are");
  for (const std::string& name : p.encounter_discard()) {
    card_no e;
    if (!find_encounter(name, e)) return false;
    encounter_discard_.push(e);
  }
  if (!p.encounter_choice().empty()) {
    card_no e;
    if (!find_encounter(p.encounter_choice(), e)) return false;
    encounter_discard_.push(e);
  }
  if (!encounter_discard_.empty()) last_encounter_ = static_cast<std::uint8_t>(encounter_discard_.top());
  encounters_.size = 0;
  if (p.encounter_deck_size() > 0) {
    if (p.encounter_deck_size() > static_cast<int>(encounters_.cards.size())) return fail("encounter_deck: more encounters than there are");
    for (int i = p.encounter_deck_size() - 1; i >= 0; --i) {
      card_no e;
      if (!find_encounter(p.encounter_deck(i), e)) return false;
      encounters_.push(e);
    }
  } else if (!p.state_decks()) {
    for (std::size_t e = 0; e < c_->encounters.size(); ++e)
      if (!drawn[e]) encounters_.push(static_cast<card_no>(e));
    random_.shuffle(encounters_.cards.data(), encounters_.size);
  }
  if (p.dice_size() > engine::roll_record<8>::max_fixed) return fail("dice: at most 16 fixed dice");
  std::vector<std::uint8_t> faces;
  for (std::uint32_t d : p.dice()) {
    if (d < 1 || d > 6) return fail("dice show 1 to 6");
    faces.push_back(static_cast<std::uint8_t>(d));
  }
  if (!place_rolls(p, error)) return false;
  dice_.fix(faces);
  if (p.turn() > 1000) return fail("turn is at most 1000");
  turn_ = static_cast<std::uint16_t>(p.turn() ? p.turn() : 1);
  first_ = static_cast<std::uint8_t>(p.first_player());
  // The phase: seats before the active one (from the 1st Player) have played it.
  phase_ = phase::encounter;
  switch (p.phase()) {
    case pb::PHASE_UNSPECIFIED:
    case pb::ENCOUNTER: break;
    case pb::MOVEMENT: phase_ = phase::movement; break;
    case pb::DELIVERY: phase_ = phase::delivery; break;
    case pb::DOCKYARD_ROLL: phase_ = phase::dock_roll; break;
    case pb::GAME_OVER: return fail("phase: a position starts an unfinished game (not GAME_OVER)");
    default: return fail("phase: ENCOUNTER, MOVEMENT, DELIVERY or DOCKYARD_ROLL");
  }
  done_ = 0;
  const int act = static_cast<int>(p.active_seat());
  for (int k = 0; k < seats_; ++k) {
    const int s = (first_ + k) % seats_;
    if (s == act) break;
    done_ = static_cast<std::uint8_t>(done_ | (1u << s));
  }
  for (int s = 0; s < seats_; ++s)
    if (ships_[s].out) done_ = static_cast<std::uint8_t>(done_ | (1u << s));
  for (int s = 0; s < seats_; ++s)
    if (ships_[s].held_cargo != no_card && has_seat(done_, s))
      return fail("ships[].held_cargo: only a ship whose Delivery step is now or to come holds a stolen cargo");
  active_ = 0xff;
  if (phase_ == phase::movement || phase_ == phase::delivery) {
    active_ = static_cast<std::uint8_t>(act);
    if (phase_ == phase::movement) {
      begin_movement(act);
      const int mv = movement(act);
      const int left = p.ships(act).movement_left() ? static_cast<int>(p.ships(act).movement_left()) : mv;
      ships_[act].spent = static_cast<std::uint8_t>(std::clamp(mv - left, 0, 255));
    }
  }
  for (int s = 0; s < seats_; ++s) ships_[s].traded = traded[s];
  for (int s = 0; s < seats_; ++s)
    for (const pb::ExchangePosition& e : p.ships(s).exchanges()) {
      if (phase_ != phase::movement || s != act) return fail("ships[].exchanges: the active seat's, in MOVEMENT");
      if (e.with() >= static_cast<std::uint32_t>(seats_) || static_cast<int>(e.with()) == s)
        return fail("ships[].exchanges.with names another seat");
      const int o = static_cast<int>(e.with());
      if (exchanged_[o] != trade_cards{}) return fail("ships[].exchanges: one exchange per other seat");
      if (e.gave().empty() && !e.gave2().empty()) return fail("ships[].exchanges: name the first item given first (gave)");
      // What a trade may move (tradable: cargo, small items, systems at the Dockyard), where it went.
      const bool at_yard = ships_[s].location == dockyard_;
      trade_cards& x = exchanged_[o];
      x.give = held_named(o, e.gave());
      x.give2 = held_named(o, e.gave2(), x.give);
      x.take = held_named(s, e.got());
      if ((!e.gave().empty() && !tradable(o, x.give, at_yard)) || (!e.gave2().empty() && !tradable(o, x.give2, at_yard)))
        return fail("ships[].exchanges.gave: an item or cargo a trade may move, now on the other ship");
      if (!e.got().empty() && !tradable(s, x.take, at_yard))
        return fail("ships[].exchanges.got: an item or cargo a trade may move, now aboard this ship");
      if (x == trade_cards{}) return fail("ships[].exchanges: an exchange gives or gets something");
    }
  if (!place_fight(p, error)) return false;
  if (!place_choice(p, viewing, under, error)) return false;
  if (!place_last_fight(p, error)) return false;
  note_count_ = 0;
  return true;
}

// The move an ambush window is open for, or the delivery a brawl window is open for: the
// window frame, under the fight when `attacker` (the seat that answered yes) is a seat.
bool state::place_window(const pb::Position& p, int attacker, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  const int act = static_cast<int>(p.active_seat());
  frame f;
  seat_mask may = 0;
  int asking = -1;
  if (p.has_ambush()) {
    const pb::AmbushPosition& a = p.ambush();
    if (phase_ != phase::movement) return fail("ambush: a move, in MOVEMENT");
    const int where = ships_[act].location;
    std::uint8_t other = 0;
    position_names names{*this, error, {}};
    if (!names.location(a.other(), other)) return fail("ambush.other: " + error);
    if (!adjacent(where, other)) return fail("ambush.other: not next to the moving ship's location");
    moving_ = true;
    move_arrival_ = a.arrival();
    move_from_ = a.arrival() ? other : static_cast<std::uint8_t>(where);
    move_to_ = a.arrival() ? static_cast<std::uint8_t>(where) : other;
    may = ambushers(act, where);
    f.kind = task::ambush_ask;
    f.value = a.arrival() ? 1 : 0;
    if (a.asking() >= seats_) return fail("ambush.asking names no seat");
    asking = static_cast<int>(a.asking());
    if (attacker >= 0 && asking != attacker) return fail("ambush.asking: under an ambush fight, the attacker");
    if (attacker < 0 && !has_seat(may, asking))
      return fail("ambush.asking: a ship here that may ambush (crewed, with attack or forced boarding in its bays, not having attacked the mover this turn)");
  } else {
    const pb::DeliveringPosition& d = p.delivering();
    if (phase_ != phase::delivery) return fail("delivering: a delivery, in DELIVERY");
    const card_no c = held_named(act, d.cargo());
    if (c == no_card || !is_contract(c) || (bay_of(act, c) < 0 && ships_[act].held_cargo != c))
      return fail("delivering.cargo: a cargo in the active ship's bays (or the one it holds)");
    if (ships_[act].held_cargo != no_card && c != ships_[act].held_cargo)
      return fail("delivering.cargo: the active ship holds a stolen cargo, which comes first");
    if (!conscious_crew(act)) return fail("delivering: the active ship has no conscious crew to deliver");
    bool here = false;
    for (std::uint8_t l : contract_of(c).deliver_to)
      if (l == ships_[act].location) here = true;
    if (!here || !(d.bury() ? can_deliver(act, c) || ships_[act].affiliation >= 0 : can_deliver(act, c)))
      return fail(d.bury() ? "delivering.cargo: not one the active ship may bury here" : "delivering.cargo: not deliverable here by the active ship");
    attempt_ = c;
    attempt_bury_ = d.bury();
    may = delivery_window(act);
    f.kind = task::brawl_ask;
    if (d.asking() >= seats_) return fail("delivering.asking names no seat");
    asking = static_cast<int>(d.asking());
    if (attacker >= 0 && asking != attacker) return fail("delivering.asking: under the brawl, the attacker");
    if (attacker < 0 && !has_seat(may, asking))
      return fail("delivering.asking: a later player at the location (the brawl window asks only those)");
  }
  f.target = static_cast<std::uint8_t>(act);
  // The seats after `asking`, in turn order after the active seat, are still to be asked;
  // under a fight the next of them is named.
  bool after = false;
  for (int k = 1; k < seats_; ++k) {
    const int o = (act + k) % seats_;
    if (after && o != asking && has_seat(may, o)) f.asked = static_cast<std::uint8_t>(f.asked | seat_bit(o));
    if (o == asking) after = true;
  }
  f.seat = static_cast<std::uint8_t>(asking);
  if (attacker >= 0) ask_next(f, f.asked);
  push(f);
  return true;
}

// The active seat's choice open at the start (at most one), the Dockyard visit, trade offers.
bool state::place_choice(const pb::Position& p, frame viewing, frame under, std::string& error) {
  auto fail = [&](std::string why) {
    error = std::move(why);
    return false;
  };
  const int act = static_cast<int>(p.active_seat());
  const bool fighting = fight_.kind != fight_kind::none;
  const bool window = !fighting && (p.has_ambush() || p.has_delivering());
  const int choices = p.has_viewing() + !p.encounter_choice().empty() + p.has_draw_choice() + p.has_allocating() +
                      (p.losing_items() > 0) + p.has_affiliation_offer() + (p.has_ambush() && !fighting) +
                      (p.has_delivering() && !fighting) + (p.dockyard_visit().cost_left() > 0);
  if (p.has_ambush() && p.has_delivering()) return fail("ambush and delivering: one window at a time");
  if (choices > 1)
    return fail("the position states one open choice at most (viewing, encounter_choice, draw_choice, allocating, "
                "losing_items, affiliation_offer, ambush, delivering, dockyard_visit.cost_left)");
  if (p.has_viewing()) {
    if (phase_ == phase::dock_roll || fighting)
      return fail("viewing is a choice of the active seat in ENCOUNTER, MOVEMENT or DELIVERY, outside a fight");
  }
  if (choices && fighting) return fail("a choice open at the start is outside a fight (the fight states its own)");
  if (choices && ships_[act].out) {
    return fail(p.has_viewing() ? "viewing: the active seat is out" : "active_seat: the ship with the open choice is out");
  }
  const bool encounter_choices = !p.encounter_choice().empty() || p.has_draw_choice() || p.has_allocating() || p.losing_items() > 0;
  if (encounter_choices && phase_ != phase::encounter)
    return fail("encounter_choice, draw_choice, allocating and losing_items are the active seat's encounter, in ENCOUNTER");
  if (window && !place_window(p, -1, error)) return false;
  frame f;
  f.seat = static_cast<std::uint8_t>(act);
  ship& sh = ships_[act];
  if (!p.encounter_choice().empty()) {
    const card_no e = encounter_discard_.top();
    const int where = site_of(sh.location);
    if (!harmful(c_->encounters[e].events[where].kind))
      return fail("encounter_choice: " + p.encounter_choice() + " does no harm at the ship's location (nothing to cancel)");
    f.kind = task::encounter_ask;
    f.value = static_cast<std::int8_t>(e);
    f.mask = static_cast<std::uint8_t>(where);
    push(f);
  }
  if (p.has_draw_choice()) {
    if (c_->board.locations[sh.location].kind != loc_kind::deep_space)
      return fail("draw_choice: a ship in deep space chooses the deck (at a destination it draws its colour)");
    if (p.draw_choice().count() < 1 || p.draw_choice().count() > 8) return fail("draw_choice.count is 1 to 8");
    std::uint8_t mask = 0, near = 0;
    for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l)
      if (adjacent(sh.location, l) && c_->board.locations[l].kind == loc_kind::destination)
        near = static_cast<std::uint8_t>(near | (1u << static_cast<int>(c_->board.locations[l].col)));
    for (int c : p.draw_choice().colours()) {
      if (c < pb::GREEN || c > pb::RED || !((near >> (c - 1)) & 1u))
        return fail("draw_choice.colours: the colours of the destinations next to the ship");
      mask = static_cast<std::uint8_t>(mask | (1u << (c - 1)));
    }
    if (mask == 0 || (mask & (mask - 1)) == 0) return fail("draw_choice.colours: two or three colours (one is drawn at once)");
    f.kind = task::pick_deck;
    f.mask = mask;
    f.count = static_cast<std::uint8_t>(p.draw_choice().count());
    push(f);
  }
  if (p.has_allocating()) {
    const pb::AllocatingPosition& al = p.allocating();
    int targets = 0;
    for (const bay& x : sh.bays) {
      if (x.empty()) continue;
      const bool cargo = is_contract(x.card);
      switch (al.targets()) {
        case pb::AllocatingPosition::SYSTEMS_OR_CARGO:
          targets += cargo || (card_of(x.card).kind == card_kind::ship_system && x.damage == 0);
          break;
        case pb::AllocatingPosition::SYSTEMS: targets += !cargo && card_of(x.card).kind == card_kind::ship_system && x.damage == 0; break;
        case pb::AllocatingPosition::CREW:
          if (!cargo && card_of(x.card).kind == card_kind::crew && x.damage < 2) targets += 2 - x.damage;
          break;
        default: return fail("allocating.targets: SYSTEMS_OR_CARGO, SYSTEMS or CREW");
      }
    }
    if (al.points() < 1 || static_cast<int>(al.points()) > targets)
      return fail("allocating.points: 1 to what the ship can take (" + std::to_string(targets) + ")");
    f.kind = task::allocate;
    f.count = static_cast<std::uint8_t>(al.points());
    f.flags = al.targets() == pb::AllocatingPosition::SYSTEMS_OR_CARGO ? frame_cargo
              : al.targets() == pb::AllocatingPosition::CREW          ? frame_crew
                                                                       : 0;
    push(f);
  }
  if (p.losing_items() > 0) {
    if (static_cast<int>(p.losing_items()) > sh.weapons.size + sh.storage.size)
      return fail("losing_items: more than the small items the ship holds");
    f.kind = task::lose_item;
    f.count = static_cast<std::uint8_t>(p.losing_items());
    push(f);
  }
  if (p.has_affiliation_offer()) {
    const pb::AffiliationOfferPosition& o = p.affiliation_offer();
    const int syn = syndicate_index(o.syndicate());
    if (phase_ != phase::delivery) return fail("affiliation_offer: after a delivery, in DELIVERY");
    if (syn < 0 || syn >= syndicate_count) return fail("affiliation_offer.syndicate names a syndicate");
    if (o.reward() < pb::GREEN || o.reward() > pb::RED) return fail("affiliation_offer.reward: GREEN, PURPLE or RED");
    if (sh.affiliation >= 0) return fail("affiliation_offer: an affiliated ship is not asked (it stays or changes by delivering)");
    if (sh.rep < 1 || sh.rep > 3) return fail("affiliation_offer: reputation 1 to 3 (at 4 a ship must affiliate)");
    if (track_[syn].empty()) return fail("affiliation_offer: the syndicate's track holds the delivery just made");
    f.kind = task::affiliate;
    f.value = static_cast<std::int8_t>(syn);
    f.mask = static_cast<std::uint8_t>(o.reward() - 1);
    push(f);
  }
  // The Dockyard visit (and the view's cost, or the view itself).
  if (p.has_dockyard_visit()) {
    const pb::DockyardVisitPosition& v = p.dockyard_visit();
    if (phase_ != phase::movement || fighting || p.has_ambush()) return fail("dockyard_visit: in the active seat's Movement, outside a fight or a move");
    if (sh.location != dockyard_) return fail("dockyard_visit: the active ship is at the Dockyard");
    const std::uint32_t step = v.step() ? v.step() : 1;
    if (step > 5) return fail("dockyard_visit.step is 1 to 5");
    if (v.viewed() && step < 2) return fail("dockyard_visit: viewed the green cards, so step is 2 or later");
    if (v.cost_left() > 2) return fail("dockyard_visit.cost_left is 0, 1 or 2");
    if (v.cost_left() && (!v.viewed() || step != 2)) return fail("dockyard_visit.cost_left: right after the view (viewed, step 2)");
    sh.docked = true;
    in_dockyard_ = true;
    dock_step_ = static_cast<std::uint8_t>(step);
    dock_viewed_ = v.viewed();
    if (!v.kept().empty() && !v.cost_left()) return fail("dockyard_visit.kept: the card whose cost is left (cost_left)");
    if (v.cost_left()) {
      // The card kept, which may not pay for itself (unnamed: any card may pay).
      const card_no kept = held_named(act, v.kept());
      if (!v.kept().empty() && (kept == no_card || deck_of(kept) != 0))
        return fail("dockyard_visit.kept: a green cantina card the active ship holds");
      if (!dock_payers_of(act, kept).can_pay(static_cast<int>(v.cost_left())))
        return fail("dockyard_visit.cost_left: the ship cannot pay it (a system, a crew member but the captain, or the small items; not the kept card)");
      f.kind = task::dock_cost;
      f.count = static_cast<std::uint8_t>(v.cost_left());
      if (kept != no_card) {
        f.looked[0] = kept;
        f.look_count = 1;
      }
      push(f);
    }
  }
  if (p.has_viewing()) {
    if (p.viewing().dockyard()) {
      if (!in_dockyard_ || !dock_viewed_ || dock_step_ != 2 || frame_count_)
        return fail("viewing.dockyard: inside a Dockyard visit that has viewed (dockyard_visit.viewed, step 2)");
      if (p.viewing().cards_size() > 2 || p.viewing().reward()) return fail("viewing.dockyard: one or two green cards, not a reward");
      for (int i = 0; i < viewing.look_count; ++i)
        if (deck_of(viewing.looked[i]) != 0) return fail("viewing.dockyard: green cantina cards");
      viewing.flags = frame_optional | frame_dock;
    } else if (in_dockyard_) {
      return fail("viewing: inside a Dockyard visit, the Dockyard's view (viewing.dockyard)");
    }
    viewing.seat = static_cast<std::uint8_t>(act);
    if (under.look_count) {
      // The engine's one stack of views: delivering changes (or makes) the affiliation, the
      // bribes are viewed first, the contract's reward after (rules.cpp, deliver).
      if (phase_ != phase::delivery) return fail("viewing.under: the reward view under the bribe view follows a delivery, in DELIVERY");
      for (int i = 0; i < viewing.look_count; ++i)
        if (!is_bribe(viewing.looked[i])) return fail("viewing.under: the view over the reward view is the bribe view (viewing.cards are bribes)");
      for (int i = 0; i < under.look_count; ++i)
        if (is_bribe(under.looked[i]) || deck_of(under.looked[i]) != deck_of(under.looked[0]))
          return fail("viewing.under: the reward view is cantina cards of one colour (the contract's reward)");
      if (sh.affiliation < 0 || track_[sh.affiliation].empty())
        return fail("viewing.under: the delivery affiliated the active ship (affiliation, and its syndicate's track holds the delivery)");
      const int views = std::min(8, sh.rep + ability_sum(act, prim::extra_view) + item_sum(act, prim::extra_view));
      if (viewing.look_count > views || under.look_count > views)
        return fail("viewing.under: each view holds at most the ship's reputation plus its extra views (" + std::to_string(views) + ")");
      viewing.flags = frame_reward;
      under.seat = static_cast<std::uint8_t>(act);
      push(under);
    }
    push(viewing);
  }
  // ENCOUNTER: the active seat's encounter is the one under way.
  if (frame_count_ && phase_ == phase::encounter) done_ = static_cast<std::uint8_t>(done_ | seat_bit(act));
  if (p.arrived()) {
    if (phase_ != phase::movement || fighting || moving_ || in_dockyard_ || c_->board.locations[sh.location].kind != loc_kind::deep_space)
      return fail("arrived: the active ship just moved into deep space in its Movement");
    arrived_ = true;
  }
  if (p.delivery_stopped()) {
    // Play leaves the stop behind only once the window has closed, and a stopped ship
    // delivers nothing more, so no choice of a delivery follows it.
    if (phase_ != phase::delivery || sh.out) return fail("delivery_stopped: the active ship's, in DELIVERY");
    if (fighting || p.has_delivering())
      return fail("delivery_stopped: the stop closed the window (a stopped ship states no delivering or fight)");
    if (frame_count_) return fail("delivery_stopped: a stopped ship delivered nothing since (no viewing or affiliation_offer follows it)");
    delivery_stopped_ = true;
  }
  // Trade offers: the active seat's open one, and those declined or withdrawn this Movement.
  if (p.has_offer() || p.declined_offers_size() || p.offers_made()) {
    if (phase_ != phase::movement || fighting || frame_count_ || in_dockyard_ || moving_)
      return fail("offer, declined_offers, offers_made: the active seat's Movement, outside a fight, a move, the Dockyard or a choice");
    if (p.declined_offers_size() > max_declined) return fail("declined_offers: at most 6 a Movement");
    const int listed = p.declined_offers_size() + (p.has_offer() ? 1 : 0);
    if (p.offers_made() > max_proposals || (p.offers_made() && static_cast<int>(p.offers_made()) < listed))
      return fail("offers_made: at least the offers listed, at most 8");
    const bool dock = sh.location == dockyard_;
    std::uint8_t next_id = 1;
    auto make = [&](const pb::OfferPosition& o, const std::string& field, offer& out) {
      if (o.to() >= seats_ || static_cast<int>(o.to()) == act || ships_[o.to()].out || ships_[o.to()].location != sh.location)
        return fail(field + ".to: another ship at the active ship's location");
      out = offer{};
      out.id = next_id++;
      out.from = static_cast<std::uint8_t>(act);
      out.to = static_cast<std::uint8_t>(o.to());
      out.give = held_named(act, o.give());
      out.give2 = held_named(act, o.give2(), out.give);
      out.take = held_named(static_cast<int>(o.to()), o.take());
      if ((!o.give().empty() && !tradable(act, out.give, dock)) || (!o.give2().empty() && !tradable(act, out.give2, dock)))
        return fail(field + ".give: cargo or a small item of the active ship (ship systems at the Dockyard)");
      if (!o.take().empty() && !tradable(static_cast<int>(o.to()), out.take, dock))
        return fail(field + ".take: cargo or a small item of the other ship (ship systems at the Dockyard)");
      if (o.give().empty() && o.take().empty()) return fail(field + ": an offer gives or asks for something");
      if (o.give().empty() && !o.give2().empty()) return fail(field + ".give2: name the first item given first");
      // As the proposer names it: a face-down item by its place in the hidden list.
      out.take_arg = out.take == no_card ? 0 : blind_wire(out.to, out.take);
      return true;
    };
    declined_count_ = 0;
    for (int i = 0; i < p.declined_offers_size(); ++i)
      if (!make(p.declined_offers(i), "declined_offers[" + std::to_string(i) + "]", declined_[declined_count_++])) return false;
    if (p.has_offer() && !make(p.offer(), "offer", offers_[offer_count_++])) return false;
    next_offer_ = next_id;
    proposals_ = static_cast<std::uint8_t>(p.offers_made() ? p.offers_made() : static_cast<std::uint32_t>(listed));
  }
  return true;
}

}  // namespace starport::scoundrels
