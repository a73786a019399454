// The flow of a turn (Encounter, Movement, Delivery, the Dockyard roll), the ship sheet's
// arithmetic and cards moving between zones; the Delivery phase's own rules (deliveries,
// burials, affiliation) are in delivery.cpp.
#include <algorithm>
#include <bit>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::has_seat;
using engine::seat_bit;

// ---- Cards and the ship sheet ----------------------------------------------------------------

const card& state::card_of(card_no n) const {
  if (n >= bribe_base_) return c_->bribes[n - bribe_base_];
  for (int k = colour_count - 1; k >= 0; --k)
    if (n >= deck_base_[k]) return c_->cantina[k][n - deck_base_[k]];
  return c_->cantina[0][0];   // never: contracts are not cards
}

int state::deck_of(card_no n) const {
  if (is_contract(n)) return -1;
  if (n >= bribe_base_) return colour_count;
  for (int k = colour_count - 1; k >= 0; --k)
    if (n >= deck_base_[k]) return k;
  return -1;
}

std::string state::card_name(card_no n) const {
  if (n == no_card) return "nothing";
  if (is_contract(n)) return std::string(contract_of(n).name);
  return std::string(card_of(n).name);
}

int state::site_of(int location) const {
  const struct location& l = c_->board.locations[location];
  if (l.kind == loc_kind::deep_space) return l.patrolled ? static_cast<int>(site::patrolled) : static_cast<int>(site::unpatrolled);
  return static_cast<int>(l.col);
}

bool state::working(int s, int b) const {
  const bay& x = ships_[s].bays[b];
  if (x.empty() || is_contract(x.card)) return false;
  const card& c = card_of(x.card);
  if (c.kind == card_kind::crew) return x.damage < 2;
  return x.damage == 0;
}

int state::bay_count(int s) const {
  int n = base_bays;
  for (int b = 0; b < max_bays; ++b)
    if (working(s, b))
      for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
        if (a.kind == prim::bays) n += a.amount;
  return std::clamp(n, 1, max_bays);
}

int state::open_bays(int s) const {
  int n = 0;
  const int count = bay_count(s);
  for (int b = 0; b < count; ++b)
    if (ships_[s].bays[b].empty()) ++n;
  return n;
}

// The sum of an ability over the working systems and conscious crew in bays.
int state::ability_sum(int s, prim p, std::uint8_t flags_any) const {
  int n = 0;
  for (int b = 0; b < max_bays; ++b)
    if (working(s, b))
      for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
        if (a.kind == p && (flags_any == 0 || (a.flags & flags_any))) n += a.amount;
  return n;
}

bool state::has_ability(int s, prim p) const {
  for (int b = 0; b < max_bays; ++b)
    if (working(s, b))
      for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
        if (a.kind == p) return true;
  return false;
}

// Small items count while they are in a locker (rep checks, draws, patrol dodges).
int state::item_sum(int s, prim p) const {
  int n = 0;
  for (const locker* l : {&ships_[s].weapons, &ships_[s].storage})
    for (card_no c : l->items())
      for (const ability& a : card_of(c).abilities)
        if (a.kind == p && !(a.flags & flag_once)) n += a.amount;
  return n;
}

int state::movement(int s) const {
  int n = base_movement + ability_sum(s, prim::movement) + ability_sum(s, prim::hyperdrive) + ships_[s].bonus;
  if (ships_[s].affiliation == static_cast<int>(syndicate::anubis)) ++n;
  return std::max(0, n);
}

int state::movement_left(int s) const { return std::max(0, movement(s) - ships_[s].spent); }

bool state::conscious_crew(int s) const {
  for (int b = 0; b < max_bays; ++b)
    if (!ships_[s].bays[b].empty() && !is_contract(ships_[s].bays[b].card) &&
        card_of(ships_[s].bays[b].card).kind == card_kind::crew && ships_[s].bays[b].damage < 2)
      return true;
  return false;
}

int state::conscious_count(int s) const {
  int n = 0;
  for (int b = 0; b < max_bays; ++b)
    if (!ships_[s].bays[b].empty() && !is_contract(ships_[s].bays[b].card) &&
        card_of(ships_[s].bays[b].card).kind == card_kind::crew && ships_[s].bays[b].damage < 2)
      ++n;
  return n;
}

int state::working_systems(int s) const {
  int n = 0;
  for (int b = 0; b < max_bays; ++b)
    if (working(s, b) && card_of(ships_[s].bays[b].card).kind == card_kind::ship_system) ++n;
  return n;
}

int state::ship_attack(int s) const {
  int n = 0;
  for (int b = 0; b < max_bays; ++b)
    if (working(s, b))
      for (const ability& a : card_of(ships_[s].bays[b].card).abilities)
        if (a.kind == prim::attack && !(a.flags & flag_ambush_only)) n += a.amount;
  return n;
}

bool state::forced_boarding(int s) const { return has_ability(s, prim::forced_boarding); }

int state::bay_of(int s, card_no n) const {
  for (int b = 0; b < max_bays; ++b)
    if (ships_[s].bays[b].card == n) return b;
  return -1;
}

bool state::in_locker(int s, card_no n) const {
  for (const locker* l : {&ships_[s].log, &ships_[s].weapons, &ships_[s].storage})
    for (card_no c : l->items())
      if (c == n) return true;
  return false;
}

bool state::pays_as_card(int s, card_no c, card_no kept) const {
  if (c == no_card || c == kept || is_contract(c) || is_bribe(c)) return false;
  const int b = bay_of(s, c);
  if (b >= 0) return !ships_[s].bays[b].captain;
  const card_kind k = card_of(c).kind;
  return (k == card_kind::crew || k == card_kind::ship_system) && in_locker(s, c);
}

state::dock_payers state::dock_payers_of(int s, card_no kept) const {
  const ship& sh = ships_[s];
  dock_payers out;
  for (const bay& b : sh.bays) out.cards += pays_as_card(s, b.card, kept) ? 1 : 0;
  for (card_no c : sh.log.items()) out.cards += pays_as_card(s, c, kept) ? 1 : 0;
  for (const locker* l : {&sh.weapons, &sh.storage})
    for (card_no c : l->items()) out.items += c != kept ? 1 : 0;
  return out;
}

bool state::holds(int s, card_no n) const {
  return n != no_card && (bay_of(s, n) >= 0 || in_locker(s, n) || ships_[s].held_cargo == n);
}

void state::remove_card(int s, card_no n) {
  ship& sh = ships_[s];
  if (int b = bay_of(s, n); b >= 0) {
    sh.bays[b] = bay{};
    return;
  }
  if (n != no_card && sh.held_cargo == n) {
    sh.held_cargo = no_card;
    return;
  }
  for (locker* l : {&sh.log, &sh.weapons, &sh.storage})
    for (int i = 0; i < l->size; ++i)
      if (l->cards[i] == n) {
        l->take(i);
        reveal(n);   // wherever it goes next, someone else may see it
        return;
      }
}

// A card the seat plays or discards: off the ship, under its deck, shown to everyone, and
// its line in the log (`why`: played or discarded).
void state::give_up(int s, card_no c, note_kind why) {
  remove_card(s, c);
  to_bottom(c);
  show(c);
  note_(why, s, c);
}

// A card goes back under its own deck (contracts under the contract deck).
void state::to_bottom(card_no n) {
  auto under = [](auto& p, card_no c) {
    if (p.size >= p.cards.size()) return;
    for (int i = p.size; i > 0; --i) p.cards[i] = p.cards[i - 1];
    p.cards[0] = c;
    ++p.size;
  };
  const int d = deck_of(n);
  if (d < 0) under(contract_deck_, n);
  else if (d == colour_count) under(bribes_, n);
  else under(cantina_[d], n);
}

// A card a seat gains: systems and crew into an open bay when `to_bay` and there is one,
// otherwise the captain's log; small items into their locker; favors into the log.
void state::gain_card(int s, card_no n, bool to_bay) {
  ship& sh = ships_[s];
  if (is_bribe(n)) {
    sh.log.push(n);
    return;
  }
  const card& c = card_of(n);
  switch (c.kind) {
    case card_kind::crew:
    case card_kind::ship_system: {
      if (to_bay) {
        const int count = bay_count(s);
        for (int b = 0; b < count; ++b)
          if (sh.bays[b].empty()) {
            sh.bays[b] = bay{n, 0, false};
            note_(note_kind::installed, s, n);
            return;
          }
      }
      if (sh.log.size < locker_size) sh.log.push(n); else to_bottom(n);
      return;
    }
    case card_kind::firearm:
    case card_kind::explosive:
      if (sh.weapons.size < locker_size) sh.weapons.push(n); else to_bottom(n);
      return;
    case card_kind::favor:
      if (sh.log.size < locker_size) sh.log.push(n); else to_bottom(n);
      return;
    default:
      if (sh.storage.size < locker_size) sh.storage.push(n); else to_bottom(n);
      return;
  }
}

void state::draw_cantina(int s, int colour, int count) {
  int drew = 0;
  for (int i = 0; i < count && !cantina_[colour].empty(); ++i) {
    gain_card(s, cantina_[colour].pop(), true);
    ++drew;
  }
  note_(note_kind::drew, s, no_card, drew);
}

void state::reveal_contract() {
  if (contract_deck_.empty() || open_.size >= open_.cards.size()) return;
  const card_no c = contract_deck_.pop();
  open_.push(c);
  note_(note_kind::revealed, 0, c);
}

void state::rep_change(int s, int delta) {
  ship& sh = ships_[s];
  if (sh.rep == 0) return;
  sh.rep = static_cast<std::uint8_t>(std::clamp(sh.rep + delta, 1, max_rep));
  note_(note_kind::reputation, s, no_card, sh.rep);
}

// A rep check fails on a roll (plus modifiers) equal to or lower than the reputation.
bool state::rep_check(int s, int modifier) {
  // A face-down item counts only once shown, as at a table: a public roll's modifier would
  // otherwise tell everyone what the locker hides (Forged Manifest).
  for (const locker* l : {&ships_[s].weapons, &ships_[s].storage})
    for (card_no c : l->items())
      for (const ability& a : card_of(c).abilities)
        if (a.kind == prim::rep_check && !(a.flags & flag_once)) {
          reveal(c);
          show(c);
          note_(note_kind::item_shown, s, c);
          break;
        }
  engine::die_roll& d = dice_.roll(random_, s, static_cast<std::uint8_t>(roll_for::rep_check));
  d.modifier = static_cast<std::int8_t>(modifier + ability_sum(s, prim::rep_check) + item_sum(s, prim::rep_check));
  const bool passed = d.total() > ships_[s].rep;
  d.result = static_cast<std::uint8_t>(passed ? roll_result::passed : roll_result::failed);
  roll_note();
  return passed;
}

bool state::may_affiliate(int s, int syn) const { return !((ships_[s].grudges >> syn) & 1u); }

// Feuds: being affiliated with one of two feuding syndicates earns a grudge from the other.
void state::apply_feuds(int s) {
  ship& sh = ships_[s];
  if (sh.affiliation < 0) return;
  for (int o = 0; o < syndicate_count; ++o) {
    if (o == sh.affiliation) continue;
    const int a = std::min<int>(o, sh.affiliation), b = std::max<int>(o, sh.affiliation);
    if (((feuds_ >> (a * 4 + b)) & 1u) && !((sh.grudges >> o) & 1u)) {
      sh.grudges = static_cast<std::uint8_t>(sh.grudges | (1u << o));
      note_(note_kind::grudge, s, no_card, o);
    }
  }
}

void state::affiliate(int s, int syn) {
  ship& sh = ships_[s];
  const int old = sh.affiliation;
  sh.affiliation = static_cast<std::int8_t>(syn);
  note_(note_kind::affiliated, s, no_card, syn);
  if (old >= 0 && old != syn) {
    // Decision: leaving a syndicate for another earns its grudge and sets the two feuding.
    sh.grudges = static_cast<std::uint8_t>(sh.grudges | (1u << old));
    note_(note_kind::grudge, s, no_card, old);
    const int a = std::min(old, syn), b = std::max(old, syn);
    if (!((feuds_ >> (a * 4 + b)) & 1u)) {
      feuds_ = static_cast<std::uint16_t>(feuds_ | (1u << (a * 4 + b)));
      note_(note_kind::feud, s, no_card, a * 4 + b);
      for (int o = 0; o < seats_; ++o) apply_feuds(o);
    }
  }
  apply_feuds(s);
}

bool state::can_deliver(int s, card_no c) const {
  const ship& sh = ships_[s];
  const contract& k = contract_of(c);
  const int syn = static_cast<int>(k.owner);
  if ((sh.grudges >> syn) & 1u) return false;
  bool here = false;
  for (std::uint8_t l : k.deliver_to)
    if (l == sh.location) here = true;
  return here;
}

// ---- Frames and notes ----------------------------------------------------------------------

void state::push(const frame& f) {
  if (frame_count_ < max_frames) frames_[frame_count_++] = f;
}

void state::note_(note_kind k, int seat, card_no c, int value) {
  if (note_count_ < max_notes)
    notes_[note_count_++] = note{k, static_cast<std::uint8_t>(seat), c, static_cast<std::int16_t>(value)};
}

void state::roll_note() { note_(note_kind::dice, dice_.last()->seat < 0 ? 0 : dice_.last()->seat, no_card, 0); }

// ---- Turn order ------------------------------------------------------------------------------

int state::next_seat(int s) const { return (s + 1) % seats_; }
int state::order_index(int s) const { return (s - first_ + seats_) % seats_; }

void state::begin_turn() {
  phase_ = phase::encounter;
  last_fight_ = fight_state{};
  done_ = 0;
  for (int s = 0; s < seats_; ++s) {
    ship& sh = ships_[s];
    sh.spent = 0;
    sh.bonus = 0;
    sh.picked = 0;
    sh.docked = false;
    sh.repaired_bays = 0;
    sh.free_repaired = false;
    sh.attacked = 0;
    sh.traded = 0;
    // Encounter: disabled crew recover to injured.
    for (bay& b : sh.bays)
      if (!b.empty() && !is_contract(b.card) && card_of(b.card).kind == card_kind::crew && b.damage == 2) b.damage = 1;
  }
}

void state::finish(seat_mask winners, const char* reason) {
  over_ = true;
  phase_ = phase::over;
  winners_ = winners;
  reason_ = reason;
  frame_count_ = 0;
  offer_count_ = 0;
  fight_ = fight_state{};
  for (int s = 0; s < seats_; ++s)
    if (has_seat(winners, s)) note_(note_kind::won, s);
}

// The safeguard: the syndicate with the most deliveries counts as the winning one; among the
// seats affiliated with it the highest reputation wins (ties share); nobody affiliated with
// it: the highest reputation at the table.
void state::end_by_limit() {
  note_(note_kind::turn_limit, 0);
  int best = 0;
  for (int k = 0; k < syndicate_count; ++k) best = std::max<int>(best, track_[k].size);
  seat_mask win = 0;
  int top = -1;
  for (int s = 0; s < seats_; ++s) {
    const ship& sh = ships_[s];
    if (sh.out || sh.affiliation < 0 || track_[sh.affiliation].size != best || best == 0) continue;
    if (sh.rep > top) { top = sh.rep; win = 0; }
    if (sh.rep == top) win = static_cast<seat_mask>(win | seat_bit(s));
  }
  if (win) note_(note_kind::limit_most, 0, no_card, top * 16 + best);
  if (!win) {
    for (int s = 0; s < seats_; ++s) {
      if (ships_[s].out) continue;
      if (ships_[s].rep > top) { top = ships_[s].rep; win = 0; }
      if (ships_[s].rep == top) win = static_cast<seat_mask>(win | seat_bit(s));
    }
    if (win) note_(note_kind::limit_table, 0, no_card, top);
  }
  finish(win, "turn_limit");
}

// ---- Encounter -------------------------------------------------------------------------------

void state::start_encounter(int s) {
  done_ = static_cast<std::uint8_t>(done_ | seat_bit(s));
  active_ = static_cast<std::uint8_t>(s);
  if (ships_[s].out) return;
  if (encounters_.empty()) {
    encounters_ = encounter_discard_;
    encounter_discard_.size = 0;
    random_.shuffle(encounters_.cards.data(), encounters_.size);
  }
  if (encounters_.empty()) return;
  const card_no e = encounters_.pop();
  encounter_discard_.push(e);
  last_encounter_ = static_cast<std::uint8_t>(e);
  const int where = site_of(ships_[s].location);
  last_encounter_seat_ = static_cast<std::uint8_t>(s);
  last_encounter_site_ = static_cast<std::uint8_t>(where);
  note_(note_kind::encounter, s, e, where);
  const event& ev = c_->encounters[e].events[where];
  // Before harm befalls the ship its captain may wave a favor; whether to ask depends on
  // the event only (public), never on what the captain holds.
  switch (ev.kind) {
    case event_kind::reputation:   // Loose Lips: harm only when it takes reputation away
      if (ev.amount >= 0) break;
      [[fallthrough]];
    case event_kind::patrol:
    case event_kind::pirates:
    case event_kind::breakdown:
    case event_kind::injury:
    case event_kind::lose_item:
    case event_kind::lose_movement: {
      frame f;
      f.kind = task::encounter_ask;
      f.seat = static_cast<std::uint8_t>(s);
      f.value = static_cast<std::int8_t>(e);
      f.mask = static_cast<std::uint8_t>(where);
      push(f);
      return;
    }
    default: break;
  }
  resolve_event(s, ev);
}

void state::resolve_event(int s, const event& e) {
  ship& sh = ships_[s];
  if ((e.flags & flag_on_fail) && e.kind != event_kind::patrol && rep_check(s, e.check)) return;
  const int amount = std::max<int>(0, e.amount);
  switch (e.kind) {
    case event_kind::nothing: break;
    case event_kind::draw_cantina: {
      const int n = amount + ability_sum(s, prim::extra_draw) + item_sum(s, prim::extra_draw);
      const struct location& here = c_->board.locations[sh.location];
      if (here.kind == loc_kind::destination) {
        draw_cantina(s, static_cast<int>(here.col), n);
        break;
      }
      std::uint8_t mask = 0;
      for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l)
        if (adjacent(sh.location, l) && c_->board.locations[l].kind == loc_kind::destination)
          mask = static_cast<std::uint8_t>(mask | (1u << static_cast<int>(c_->board.locations[l].col)));
      if (std::popcount(static_cast<unsigned>(mask)) == 1) draw_cantina(s, std::countr_zero(static_cast<unsigned>(mask)), n);
      else if (mask) {
        frame f;
        f.kind = task::pick_deck;
        f.seat = static_cast<std::uint8_t>(s);
        f.mask = mask;
        f.count = static_cast<std::uint8_t>(n);
        push(f);
      }
      break;
    }
    case event_kind::windfall:   // an encounter draw too: Quartermaster's +1 counts
      draw_cantina(s, static_cast<int>(e.deck), amount + ability_sum(s, prim::extra_draw) + item_sum(s, prim::extra_draw));
      break;
    case event_kind::patrol: {
      if (has_ability(s, prim::patrol_dodge) || item_sum(s, prim::patrol_dodge) > 0) break;
      if (rep_check(s, e.check)) break;
      int lost = 0;
      for (int b = 0; b < max_bays && lost < amount; ++b)
        if (!sh.bays[b].empty() && is_contract(sh.bays[b].card)) {
          const card_no c = sh.bays[b].card;
          sh.bays[b] = bay{};
          to_bottom(c);
          note_(note_kind::cargo_lost, s, c);
          ++lost;
          void_offers();
        }
      if (lost == 0 && sh.weapons.size + sh.storage.size > 0) {
        frame f;
        f.kind = task::lose_item;
        f.seat = static_cast<std::uint8_t>(s);
        f.count = static_cast<std::uint8_t>(std::min(amount, sh.weapons.size + sh.storage.size));
        push(f);
      }
      break;
    }
    case event_kind::pirates: {
      engine::die_roll& d = dice_.roll(random_, s, static_cast<std::uint8_t>(roll_for::pirates));
      d.modifier = static_cast<std::int8_t>(ability_sum(s, prim::escape, 0) < 0 ? 0 : ability_sum(s, prim::escape));
      const bool escaped = d.total() >= 6;
      d.result = static_cast<std::uint8_t>(escaped ? roll_result::escaped : roll_result::caught);
      roll_note();
      if (escaped) break;
      const int damage = std::max(0, amount - ability_sum(s, prim::defence));
      const int count = std::min(damage, working_systems(s));
      ask_to_allocate(s, count, frame_cargo);
      break;
    }
    case event_kind::breakdown: {
      const int count = std::min(amount, working_systems(s));
      ask_to_allocate(s, count, 0);
      break;
    }
    case event_kind::injury: {
      const int count = std::min(amount, conscious_count(s));   // distinct crew members, one point each
      ask_to_allocate(s, count, frame_crew);
      break;
    }
    case event_kind::bribe: {
      frame f;
      f.kind = task::keep_one;
      f.seat = static_cast<std::uint8_t>(s);
      for (int i = 0; i < amount + ability_sum(s, prim::extra_view) && i < 8 && !bribes_.empty(); ++i)
        f.looked[f.look_count++] = bribes_.pop();
      if (f.look_count) push(f);
      break;
    }
    case event_kind::reveal_contract:
      for (int i = 0; i < amount; ++i) reveal_contract();
      break;
    case event_kind::lose_movement: sh.bonus = static_cast<std::int8_t>(sh.bonus - amount); break;
    case event_kind::gain_movement: sh.bonus = static_cast<std::int8_t>(sh.bonus + amount); break;
    case event_kind::repair: {
      int left = amount;
      for (int b = 0; b < max_bays && left > 0; ++b)
        if (!sh.bays[b].empty() && !is_contract(sh.bays[b].card) &&
            card_of(sh.bays[b].card).kind == card_kind::ship_system && sh.bays[b].damage) {
          sh.bays[b].damage = 0;
          note_(note_kind::repaired, s, sh.bays[b].card);
          --left;
        }
      break;
    }
    case event_kind::heal: {
      int left = amount;
      for (int want = 2; want >= 1; --want)
        for (int b = 0; b < max_bays && left > 0; ++b)
          if (!sh.bays[b].empty() && !is_contract(sh.bays[b].card) &&
              card_of(sh.bays[b].card).kind == card_kind::crew && sh.bays[b].damage == want) {
            --sh.bays[b].damage;
            --left;
          }
      break;
    }
    case event_kind::lose_item: {
      const int have = sh.weapons.size + sh.storage.size;
      if (have > 0) {
        frame f;
        f.kind = task::lose_item;
        f.seat = static_cast<std::uint8_t>(s);
        f.count = static_cast<std::uint8_t>(std::min(amount, have));
        push(f);
      }
      break;
    }
    case event_kind::reputation: rep_change(s, e.amount); break;
  }
}

// ---- Movement --------------------------------------------------------------------------------

void state::begin_movement(int s) {
  active_ = static_cast<std::uint8_t>(s);
  ships_[s].spent = 0;
  ships_[s].traded = 0;
  in_dockyard_ = false;
  dock_step_ = 0;
  dock_viewed_ = false;
  arrived_ = false;
  declined_count_ = 0;
  traded_count_ = 0;
  proposals_ = 0;
  exchanged_ = {};
}

void state::end_movement() {
  done_ = static_cast<std::uint8_t>(done_ | seat_bit(active_));
  in_dockyard_ = false;
  dock_step_ = 0;
  arrived_ = false;
  offer_count_ = 0;
  declined_count_ = 0;
  traded_count_ = 0;
}

// Ships that may ambush `mover` at `location` (a purple or red destination), from public facts
// only: there, crewed, with attack or a forced boarding weapon in their bays, and not having
// attacked the mover this turn.
seat_mask state::ambushers(int mover, int location) const {
  const struct location& l = c_->board.locations[location];
  if (l.kind != loc_kind::destination || l.col == colour::green) return 0;
  seat_mask m = 0;
  for (int o = 0; o < seats_; ++o) {
    if (o == mover || ships_[o].out || ships_[o].location != location) continue;
    if ((ships_[o].attacked >> mover) & 1u) continue;
    if (!conscious_crew(o)) continue;
    if (ship_attack(o) + ability_sum(o, prim::attack, flag_ambush_only) <= 0 && !forced_boarding(o)) continue;
    m = static_cast<seat_mask>(m | seat_bit(o));
  }
  return m;
}

// An ambush or a brawl window asks its seats one by one, in turn order after the mover or
// the deliverer (t.target): the next seat of t.asked still `able` to answer (0xff: none).
// The seats passed over, and that one, leave t.asked.
void state::ask_next(frame& t, seat_mask able) const {
  t.seat = 0xff;
  for (int k = 1; k < seats_; ++k) {
    const int o = (t.target + k) % seats_;
    if (!has_seat(t.asked, o)) continue;
    t.asked = static_cast<std::uint8_t>(t.asked & ~seat_bit(o));
    if (has_seat(able, o)) {
      t.seat = static_cast<std::uint8_t>(o);
      return;
    }
  }
}

void state::open_ambush(int mover, bool arrival) {
  move_arrival_ = arrival;
  const int where = arrival ? move_to_ : move_from_;
  const seat_mask m = ambushers(mover, where);
  if (!m) return;
  frame f;
  f.kind = task::ambush_ask;
  f.target = static_cast<std::uint8_t>(mover);
  f.asked = m;
  ask_next(f, m);
  f.value = arrival ? 1 : 0;
  push(f);
}

void state::begin_move(int s, int to) {
  void_offers();
  offer_count_ = 0;
  ++ships_[s].spent;
  move_from_ = ships_[s].location;
  move_to_ = static_cast<std::uint8_t>(to);
  moving_ = true;
  arrived_ = false;
  open_ambush(s, false);
  if (!frame_count_ || top().kind != task::ambush_ask) finish_move(s);
}

// The departure windows are over: the ship arrives, and the arrival windows open.
void state::finish_move(int s) {
  if (!moving_) return;
  if (!move_arrival_) {
    ships_[s].location = move_to_;
    move_arrival_ = true;
    open_ambush(s, true);
    if (frame_count_ && top().kind == task::ambush_ask) return;
  }
  moving_ = false;
  move_arrival_ = false;
  arrived_ = c_->board.locations[ships_[s].location].kind == loc_kind::deep_space;
}

// ---- Offers ----------------------------------------------------------------------------------

// An offer dies when anything it names changes hands or its seats part.
void state::void_offers() {
  int kept = 0;
  for (int i = 0; i < offer_count_; ++i) {
    const offer& o = offers_[i];
    bool alive = !ships_[o.from].out && !ships_[o.to].out && ships_[o.from].location == ships_[o.to].location;
    if (o.give != no_card && !holds(o.from, o.give)) alive = false;
    if (o.give2 != no_card && !holds(o.from, o.give2)) alive = false;
    if (o.take != no_card && !holds(o.to, o.take)) alive = false;
    if (alive) offers_[kept++] = o;
  }
  offer_count_ = static_cast<std::uint8_t>(kept);
}

// ---- The Dockyard roll -----------------------------------------------------------------------

void state::roll_for_dockyard() {
  engine::die_roll& d = dice_.roll(random_, first_, static_cast<std::uint8_t>(roll_for::dockyard));
  const int face = d.faces[0];
  bool moved = false;
  if (face <= 5) {
    for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l)
      if (c_->board.locations[l].name == dockyard_roll[static_cast<std::size_t>(face - 1)]) {
        moved = dockyard_ != l;
        dockyard_ = static_cast<std::uint8_t>(l);
      }
  }
  d.result = static_cast<std::uint8_t>(moved ? roll_result::moves : roll_result::stays);
  roll_note();
  note_(note_kind::dockyard, first_, no_card, dockyard_);
  // The 1st Player token passes to the right: play goes to the left (seat + 1), so the token
  // goes to the previous seat.
  first_ = static_cast<std::uint8_t>((first_ + seats_ - 1) % seats_);
  note_(note_kind::first_player, first_);
  if (turn_ >= turn_limit_) {
    end_by_limit();
    return;
  }
  ++turn_;
  begin_turn();
}

// ---- The flow --------------------------------------------------------------------------------

// Steps play forward until a seat must decide (or the game is over).
void state::advance() {
  for (int guard = 0; guard < 1000 && !over_; ++guard) {
    int alive = 0, last = 0;
    for (int s = 0; s < seats_; ++s)
      if (!ships_[s].out) { ++alive; last = s; }
    if (alive <= 1) {
      finish(alive ? seat_bit(last) : 0, "last_standing");
      return;
    }
    if (frame_count_) {
      frame& f = top();
      const bool window = f.kind == task::ambush_ask || f.kind == task::brawl_ask;
      if (!(window && fight_.kind != fight_kind::none)) {
        if (window && f.seat == 0xff) {
          // Nobody left to ask.
          const task k = f.kind;
          const int target = f.target;
          const bool stopped = f.value == 2;
          pop();
          if (k == task::ambush_ask) {
            if (stopped) moving_ = false;
            else finish_move(target);
          } else if (!stopped) {
            complete_delivery_attempt();
          } else {
            // Stopped (a bribe, or the brawl the deliverer lost): rulebook "Delivery", the
            // defender does not deliver or bury any cargo, so nothing more this phase.
            attempt_ = no_card;
            delivery_stopped_ = true;
          }
          continue;
        }
        if (f.kind == task::allocate && f.count == 0) { pop(); continue; }
        if (f.kind == task::pillage && f.count == 0 && !pillage_extra_open(f)) { pop(); continue; }
        return;
      }
    }
    if (fight_.kind != fight_kind::none) {
      if (fight_.step == fight_step::allocate) {
        after_allocation();
        continue;
      }
      if (fight_.step == fight_step::pillage) {   // the pillage is over
        resume_after_fight();
        continue;
      }
      return;
    }
    if (frame_count_) return;   // a window waits (no fight)
    if (moving_) { finish_move(active_); continue; }
    if (attempt_ != no_card) { complete_delivery_attempt(); continue; }
    switch (phase_) {
      case phase::encounter: {
        int next = -1;
        for (int k = 0; k < seats_; ++k) {
          const int s = (first_ + k) % seats_;
          if (!has_seat(done_, s)) { next = s; break; }
        }
        if (next < 0) {
          phase_ = phase::movement;
          done_ = 0;
          for (int s = 0; s < seats_; ++s)
            if (ships_[s].out) done_ = static_cast<std::uint8_t>(done_ | seat_bit(s));
          active_ = 0xff;
          continue;
        }
        start_encounter(next);
        continue;
      }
      case phase::movement:
      case phase::delivery: {
        if (active_ != 0xff && !has_seat(done_, active_)) {
          if (ships_[active_].out) { done_ = static_cast<std::uint8_t>(done_ | seat_bit(active_)); continue; }
          return;   // the active seat plays its step
        }
        int next = -1;
        for (int k = 0; k < seats_; ++k) {
          const int s = (first_ + k) % seats_;
          if (!has_seat(done_, s) && !ships_[s].out) { next = s; break; }
        }
        if (next < 0) {
          if (phase_ == phase::movement) {
            phase_ = phase::delivery;
            done_ = 0;
            active_ = 0xff;
          } else {
            phase_ = phase::dock_roll;
            delivery_stopped_ = false;
          }
          continue;
        }
        if (phase_ == phase::movement) begin_movement(next);
        else begin_delivery(next);
        return;
      }
      case phase::dock_roll:
        roll_for_dockyard();
        active_ = 0xff;
        continue;
      case phase::over: return;
    }
  }
}

}  // namespace starport::scoundrels
