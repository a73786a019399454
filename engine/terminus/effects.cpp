// Cards doing things: triggered abilities, the effect primitives of cards.hpp, the zones.
#include <algorithm>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::seat_bit;

void state::push(const frame& f) {
  if (frame_count_ < max_frames) frames_[frame_count_++] = f;
}

void state::note(event_kind k, int seat, copy_id card, int extra, int other) {
  if (event_count_ >= max_events) {
    events_cut_ = true;
    return;
  }
  events_[event_count_++] = event{k, static_cast<std::uint8_t>(seat), card, static_cast<std::int8_t>(extra),
                                  static_cast<std::uint8_t>(other)};
}

bool state::has_effect_at(copy_id c, when at) const {
  for (const effect& e : card_of(c).effects)
    if (e.present() && e.at == at) return true;
  return false;
}

void state::push_run(int seat, int sh, copy_id source, when at, int target_seat, int target_ship) {
  if (!has_effect_at(source, at)) return;
  frame f;
  f.kind = task::run;
  f.seat = static_cast<std::uint8_t>(seat);
  f.ship = static_cast<std::uint8_t>(sh);
  f.source = source;
  f.at = at;
  f.effect = 0;
  f.target_seat = target_seat < 0 ? 0xff : static_cast<std::uint8_t>(target_seat);
  f.target_ship = static_cast<std::uint8_t>(std::max(0, target_ship));
  push(f);
}

void state::push_triggers_of(int seat, int sh, copy_id c, when at) { push_run(seat, sh, c, at, -1, 0); }

// A Ship's triggered abilities of one timing, in the order of Ruling 2: Special Objects in
// the Ship Zone (Legacies, Destinies) first, then Modules, Recruits, the System. Frames are
// a stack, so they are pushed last first.
void state::push_triggers(int seat, int sh, when at, bool special) {
  const player& p = players_[seat];
  const ship& x = p.ships[sh];
  const copy_id sys = system_of(seat, sh);
  if (sys != no_card && !system_down(sys)) push_run(seat, sh, sys, at, -1, 0);
  for (int i = x.crew_count - 1; i >= 0; --i)
    if (x.crew[i].face_up) push_run(seat, sh, x.crew[i].card, at, -1, 0);
  for (int i = x.module_count - 1; i >= 0; --i)
    if (x.modules[i].face_up) push_run(seat, sh, x.modules[i].card, at, -1, 0);
  if (sh == 0 && special) push_special_triggers(seat, at);
}

// The Special Objects beside the primary Ship (Legacies, then Destinies): before every other
// triggered ability of the Step (Ruling 2a).
void state::push_special_triggers(int seat, when at) {
  const player& p = players_[seat];
  for (int i = p.destiny.size - 1; i >= 0; --i) push_run(seat, 0, p.destiny.cards[i], at, -1, 0);
  for (int i = p.legacies.size - 1; i >= 0; --i) push_run(seat, 0, p.legacies.cards[i], at, -1, 0);
}

// The top frame is a `run`: the next effect of its source at its timing happens (or asks).
void state::step_run() {
  frame& f = frames_[frame_count_ - 1];
  const card_def& d = card_of(f.source);
  while (f.effect < max_effects) {
    const int i = f.effect++;
    const effect& e = d.effects[static_cast<std::size_t>(i)];
    if (!e.present() || e.at != f.at) continue;
    const frame run = f;   // `f` may move when frames are pushed
    if ((e.flags & flag_petty) && !petty_active(run.seat, run.source)) continue;
    const int ts = run.target_seat == 0xff ? -1 : run.target_seat;
    if (!requirement_met(run.seat, e.only_if, ts)) continue;
    if (e.flags & flag_optional) {
      frame o = run;
      o.kind = task::optional;
      o.effect = static_cast<std::uint8_t>(i);
      push(o);
      return;
    }
    start_effect(run, i);
    return;   // the flow comes back for the next effect once any choice is made
  }
  --frame_count_;
}

// "Target opponent" said twice in one ability is one opponent ("look at target opponent's
// Hand, then gain 1 Intel on target opponent"): the first choice holds for the ability's
// later parts. The ability's `run` is the top frame when its part's target is settled.
void state::keep_target(const frame& run, int ts, int tsh) {
  if (!frame_count_) return;
  frame& top = frames_[frame_count_ - 1];
  if (top.kind != task::run || top.source != run.source || top.seat != run.seat || top.at != run.at ||
      top.target_seat != 0xff)
    return;
  top.target_seat = static_cast<std::uint8_t>(ts);
  top.target_ship = static_cast<std::uint8_t>(tsh);
}

bool state::petty_active(int seat, copy_id c) const {
  for (const ship& x : players_[seat].ships)
    for (const member& m : x.crew_list())
      if (m.card == c) return m.morale <= 0;
  return false;
}

// Where an effect goes: the Ships it acts on, then the effect on each.
void state::start_effect(const frame& run, int i) {
  const effect& e = card_of(run.source).effects[static_cast<std::size_t>(i)];
  switch (e.who) {
    case target::none:
    case target::you:
    case target::this_card:
      do_effect(run, i, run.seat, run.ship);
      return;
    case target::opponent: {
      if (run.target_seat != 0xff) {
        do_effect(run, i, run.target_seat, run.target_ship);
        return;
      }
      // A triggered effect chooses its opponent Ship as it happens.
      int n = 0, only_seat = -1, only_ship = 0;
      for (int o = 0; o < seats_; ++o)
        for (int k = 0; k < max_ships; ++k)
          if (effect_target_ok(run.seat, e, o, k)) ++n, only_seat = o, only_ship = k;
      if (n == 0) return;
      if (n == 1) {
        keep_target(run, only_seat, only_ship);
        do_effect(run, i, only_seat, only_ship);
        return;
      }
      frame pick = run;
      pick.kind = task::pick_ship;
      pick.effect = static_cast<std::uint8_t>(i);
      push(pick);
      return;
    }
    case target::each_opponent:
    case target::each_ship: {
      // In turn order from the controller; pushed last first where choices are needed.
      // "Each opponent" is each player: what is the player's (Certainty, Reputation, Intel,
      // the hand and piles) happens once to them, however many Ships they have; what is a
      // Ship's (Proximity, its cards, its System) happens to each of their Ships.
      const bool players = e.who == target::each_opponent && player_level(e.kind);
      for (int k = seats_ - 1; k >= 0; --k) {
        const int o = (run.seat + k) % seats_;
        if (players_[o].out) continue;
        if (o == run.seat && e.who == target::each_opponent) continue;
        if (players) {   // once, on the player's first Ship present
          int first = 0;
          while (first < max_ships && !players_[o].ships[first].present) ++first;
          if (first < max_ships) do_effect(run, i, o, first);
          continue;
        }
        for (int sh = max_ships - 1; sh >= 0; --sh)
          if (players_[o].ships[sh].present) do_effect(run, i, o, sh);
      }
      return;
    }
  }
}

// An effect on what belongs to the player rather than to one of their Ships.
bool state::player_level(op k) {
  switch (k) {
    case op::certainty: case op::reputation: case op::intel: case op::draw_actions: case op::draw_complications:
    case op::discard: case op::burn: case op::look_actions: case op::peek_hand: return true;
    default: return false;
  }
}

bool state::effect_target_ok(int seat, const effect& e, int o, int k) const {
  if (o == seat || o < 0 || o >= seats_ || players_[o].out || !players_[o].ships[k].present) return false;
  return requirement_met(seat, e.only_if, o);
}

bool state::untargetable(copy_id c) const {
  for (const effect& e : card_of(c).effects)
    if (e.kind == op::untargetable) return true;
  return false;
}

// Cards of Ship (ts, tsh) that a card primitive of `seat` may act on.
void state::card_candidates(int seat, const effect& e, int ts, int tsh, copy_id source,
                            std::vector<copy_id>& out) const {
  out.clear();
  const ship& x = players_[ts].ships[tsh];
  const bool foreign = ts != seat;
  // "Cannot be targeted" is an ability, and a face-down card has none (Ruling 8), except
  // to an effect that flips it face up, which may look at its abilities.
  const bool flips_up = e.kind == op::enable_module || e.kind == op::rally_recruit;
  auto ok_as = [&](copy_id c, bool face_up) { return !(foreign && (face_up || flips_up) && untargetable(c)); };
  switch (e.kind) {
    case op::disable_module:
      for (const module_slot& m : x.module_list())
        if (m.face_up && ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    case op::enable_module:
      for (const module_slot& m : x.module_list())
        if (!m.face_up && ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    case op::destroy_module:
      for (const module_slot& m : x.module_list())
        if (ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    case op::morale:
    case op::flip_recruit:
      for (const member& m : x.crew_list())
        if (m.face_up && ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    case op::kill_recruit:
      for (const member& m : x.crew_list())
        if (ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    case op::rally_recruit:
      for (const member& m : x.crew_list())
        if (!m.face_up && ok_as(m.card, m.face_up)) out.push_back(m.card);
      break;
    default: break;
  }
  if (e.who == target::this_card) {
    const bool there = std::find(out.begin(), out.end(), source) != out.end();
    out.clear();
    if (there) out.push_back(source);
  }
}

bool state::card_primitive(op k) {
  switch (k) {
    case op::morale: case op::disable_module: case op::enable_module: case op::destroy_module:
    case op::kill_recruit: case op::flip_recruit: case op::rally_recruit: return true;
    default: return false;
  }
}

// One effect on one target Ship (ts, tsh); card primitives may ask which cards.
void state::do_effect(const frame& run, int i, int ts, int tsh) {
  const effect& e = card_of(run.source).effects[static_cast<std::size_t>(i)];
  const int seat = run.seat;
  const int amount = e.amount;
  const int n = amount == 0 ? 1 : std::abs(amount);
  player& t = players_[ts];
  if (t.out && e.kind != op::negate && e.kind != op::special) return;
  if (card_primitive(e.kind)) {
    std::vector<copy_id> cands;
    card_candidates(seat, e, ts, tsh, run.source, cands);
    const bool all = (e.flags & flag_each) || e.who == target::this_card;
    const int count = picks(e);   // not `n`: Morale's amount is how much, not how many Members
    if (all || static_cast<int>(cands.size()) <= count) {
      for (copy_id c : cands) card_op(seat, e, ts, tsh, c);
      return;
    }
    frame pick = run;
    pick.kind = task::pick_card;
    pick.effect = static_cast<std::uint8_t>(i);
    pick.target_seat = static_cast<std::uint8_t>(ts);
    pick.target_ship = static_cast<std::uint8_t>(tsh);
    pick.count = static_cast<std::uint8_t>(count);
    push(pick);
    return;
  }
  switch (e.kind) {
    case op::proximity: gain_proximity(ts, tsh, amount); break;
    case op::certainty: gain_certainty(ts, tsh, amount); break;
    case op::reputation: {
      const int before = t.reputation;
      t.reputation = static_cast<std::int8_t>(std::clamp(t.reputation + amount, -100, 100));
      if (t.reputation != before) note(event_kind::reputation, ts, no_card, t.reputation);
      break;
    }
    case op::intel: {
      if (ts == seat) break;
      player& me = players_[seat];
      if (amount < 0 && me.intel[ts] < 1) break;   // Expending needs at least 1 Intel there
      const int before = me.intel[ts];
      me.intel[ts] = static_cast<std::uint8_t>(std::clamp(me.intel[ts] + amount, 0, 100));
      if (me.intel[ts] != before) note(event_kind::intel, seat, no_card, me.intel[ts], ts);
      break;
    }
    case op::draw_actions: draw_actions(ts, n); break;
    case op::draw_complications:
      for (int k = 0; k < n; ++k) draw_complication(ts);
      break;
    case op::discard:
    case op::burn: {
      frame f;
      f.kind = e.kind == op::discard ? task::discard : task::burn;
      f.seat = static_cast<std::uint8_t>(ts);
      f.count = static_cast<std::uint8_t>(n);
      f.source = run.source;
      if (e.kind == op::discard ? hand_actions(ts) > 0 : !t.hand.empty()) push(f);
      break;
    }
    case op::look_actions: look_at_actions(seat, run.ship, std::min(n, 4), run.source); break;
    case op::peek_hand:
      if (ts != seat) {
        std::uint64_t slots = 0;
        for (copy_id c : players_[ts].hand.items()) slots |= std::uint64_t{1} << slot_of(c);
        players_[seat].seen_hand[ts] = slots;
        const std::uint8_t bit = static_cast<std::uint8_t>(1u << ts);
        const bool own_turn = turn_under_way() && active_ == seat;
        players_[seat].peeks_in_own_turn = own_turn ? players_[seat].peeks_in_own_turn | bit
                                                    : players_[seat].peeks_in_own_turn & ~bit;
        note(event_kind::peeked, seat, no_card, 0, ts);
      }
      break;
    case op::add_module:
      if (!t.upgrades.empty() && t.ships[0].module_count < max_modules) {
        const copy_id c = t.upgrades.pop();
        if (put_module(ts, 0, c, true)) {
          note(event_kind::module_added, ts, c);
          push_triggers_of(ts, 0, c, when::reveal);
        } else {
          note(event_kind::module_added, ts);
        }
      }
      break;
    case op::add_recruit:
      if (!t.gigs.empty() && t.ships[tsh].crew_count < max_crew) {
        const copy_id c = t.gigs.pop();
        renew_id(c);
        if (put_member(ts, tsh, c, true)) {
          note(event_kind::joined, ts, c, 0, tsh);
          push_triggers_of(ts, tsh, c, when::reveal);
        } else {
          note(event_kind::joined, ts, no_card, 0, tsh);
        }
      }
      break;
    case op::bury_system: replace_system(ts, tsh, -1); break;
    case op::negate:
      if (cascade_count_) cascade_[cascade_count_ - 1].negated = true;
      break;
    case op::skip_play: t.ships[tsh].skip_play = true; break;
    case op::special:
      switch (e.named) {
        case special::maintenance_inspection: {
          for (int k = t.hand.size - 1; k >= 0; --k)
            if (card_of(t.hand.cards[k]).type == card_type::complication && t.complications.size < pile_size)
              t.complications.push(t.hand.take(k));
          random_.shuffle(t.complications.cards.data(), t.complications.size);
          break;
        }
        case special::local_coup: replace_system(ts, tsh, seat); break;
        default: break;   // brtpb is constant (requirement_met)
      }
      break;
    default: break;   // silence, untargetable: read where they matter
  }
}

// A card primitive on one card.
void state::card_op(int seat, const effect& e, int ts, int tsh, copy_id c) {
  (void)seat;
  ship& x = players_[ts].ships[tsh];
  for (int i = 0; i < x.module_count; ++i) {
    module_slot& m = x.modules[i];
    if (m.card != c) continue;
    switch (e.kind) {
      case op::disable_module:
        if (m.face_up) note(event_kind::disabled, ts, c);
        m.face_up = false;
        return;
      case op::enable_module:
        m.face_up = true;
        m.known = true;
        note(event_kind::flipped, ts, c);
        push_triggers_of(ts, tsh, c, when::flip_up);
        return;
      case op::destroy_module:
        remove_module(ts, tsh, i);
        to_dead_space(c);
        return;
      default: return;
    }
  }
  for (int i = 0; i < x.crew_count; ++i) {
    member& m = x.crew[i];
    if (m.card != c) continue;
    switch (e.kind) {
      case op::morale:
        if (m.face_up && e.amount != 0) {
          m.morale = static_cast<std::int8_t>(std::clamp(m.morale + e.amount, -100, 100));
          note(event_kind::morale, ts, c, m.morale);
        }
        return;
      case op::kill_recruit:
        // Ruling 6a: resolved, nothing happens; face down it has no subtype (Ruling 8).
        if (m.face_up && card_of(c).is(subtype::digital)) return;
        remove_member(ts, tsh, i);
        to_dead_space(c);
        return;
      case op::flip_recruit:
        if (m.face_up) note(event_kind::turned_down, ts, c);
        m.face_up = false;
        return;
      case op::rally_recruit:
        m.face_up = true;
        m.known = true;
        note(event_kind::flipped, ts, c);
        push_triggers_of(ts, tsh, c, when::flip_up);
        return;
      default: return;
    }
  }
}

// Bury (by = -1) or Local Coup (by = the seat whose System Pile gives the new one) the System
// the Ship is in. At Proximity 0 the Ship's own System Pile gives a new Starting System.
void state::replace_system(int ts, int tsh, int by) {
  const int prox = players_[ts].ships[tsh].proximity;
  if (prox <= 0) {
    player& t = players_[ts];
    if (t.starting_system == no_card || t.systems.empty()) return;
    set_system_down(t.starting_system, false);
    insert_bottom(t.systems, t.starting_system);
    t.starting_system = t.systems.pop();
    note(event_kind::starting_system, ts, t.starting_system);
    // The System Pile's top goes from unknown to known: a reveal (Ruling 4), as a Discovery's.
    system_revealed(ts, tsh, t.starting_system);
    return;
  }
  const copy_id old = chart_[prox];
  if (old == no_card) return;
  set_system_down(old, false);
  insert_bottom(players_[owner_of(old)].systems, old);
  chart_[prox] = no_card;
  if (by >= 0 && !players_[by].systems.empty()) {
    const copy_id c = players_[by].systems.pop();
    place_system(prox, c, ts, tsh);
  } else {
    discovery(prox, ts, tsh);
  }
}

void state::insert_bottom(pile<pile_size>& p, copy_id c) {
  if (p.size >= pile_size) return;
  for (int i = p.size; i > 0; --i) p.cards[i] = p.cards[i - 1];
  p.cards[0] = c;
  ++p.size;
}

// Discovery: every player reveals the top of their System Pile; one at random is placed,
// the others go to the bottom.
void state::discovery(int prox, int by_seat, int by_ship) {
  if (prox <= 0 || prox >= terminus || chart_[prox] != no_card) return;
  std::array<copy_id, max_players> shown{};
  int n = 0;
  for (int k = 0; k < seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    if (!players_[s].out && !players_[s].systems.empty()) shown[n++] = players_[s].systems.pop();
  }
  if (n == 0) return;
  const int pick = static_cast<int>(random_.below(static_cast<std::uint32_t>(n)));
  place_system(prox, shown[pick], by_seat, by_ship);
  // Every revealed System was seen by all (rulebook "Discovery"); the others go to the bottom.
  for (int i = 0; i < n; ++i)
    if (i != pick) {
      insert_bottom(players_[owner_of(shown[i])].systems, shown[i]);
      note(event_kind::not_chosen, owner_of(shown[i]), shown[i]);
    }
}

void state::offer_chaotic(int seat) {
  if (players_[seat].out || players_[seat].complications.empty()) return;
  frame f;
  f.kind = task::chaotic;
  f.seat = static_cast<std::uint8_t>(seat);
  // No card is kept: an earlier offer's choice may bottom the top card before this one is
  // decided, so the prompt and the choice read the top of the Complication Pile then.
  push(f);
}

void state::place_system(int prox, copy_id c, int by_seat, int by_ship) {
  chart_[prox] = c;
  note(event_kind::discovery, by_seat, c, prox);
  system_revealed(by_seat, by_ship, c);
}

// A System goes from unknown to known (Ruling 4: a Discovery, the Starting Systems shown at
// the Opening, or a new Starting System after a bury or a Local Coup): its Chaotic offers, then its "when revealed" ability on top of them, so
// the ability resolves first.
void state::system_revealed(int by_seat, int by_ship, copy_id c) {
  if (card_of(c).has(keyword::chaotic)) {
    // Chaotic: each player looks at their top Complication and may put it at the bottom.
    for (int k = seats_ - 1; k >= 0; --k) offer_chaotic((initiative_ + k) % seats_);
  }
  push_triggers_of(by_seat, by_ship, c, when::reveal);
}

void state::gain_proximity(int s, int sh, int amount) {
  ship& x = players_[s].ships[sh];
  if (!x.present) return;
  // While a Ship has 0 Active Modules it cannot gain Proximity.
  if (amount > 0 && active_modules(s, sh) == 0) {
    note(event_kind::no_gain, s, no_card, 0, sh);   // the card was played for nothing: say why
    return;
  }
  const int before = x.proximity;
  x.proximity = static_cast<std::int8_t>(std::clamp(x.proximity + amount, 0, terminus));
  if (x.proximity == before) return;
  if (amount > 0) x.gained = true;
  note(event_kind::proximity, s, no_card, x.proximity, sh);
  if (x.proximity >= terminus) {
    finish(seat_bit(s), "terminus");
    return;
  }
  // Ruling 5: a Ship where no System is yet: a Discovery.
  discovery(x.proximity, s, sh);
}

// A Complication played "for" a Runabout differs from one played for the primary Ship only
// when an effect lands on that Ship: a Ship-level primitive on "you" (not an added Module,
// which always goes to the primary Ship), or Certainty, whose gain counts for the Ship's
// Research (gain_certainty). Everything else is the player's.
bool state::acts_on_your_ship(copy_id c, when at) const {
  for (const effect& e : card_of(c).effects)
    if (e.present() && e.at == at && (e.who == target::you || e.who == target::this_card) &&
        ((!player_level(e.kind) && e.kind != op::add_module) || e.kind == op::certainty))
      return true;
  return false;
}

void state::gain_certainty(int s, int sh, int amount) {
  player& p = players_[s];
  const int before = p.certainty;
  p.certainty = static_cast<std::int8_t>(std::clamp(p.certainty + amount, 0, 100));
  if (p.certainty > before) p.ships[sh].gained = true;
  if (p.certainty != before) note(event_kind::certainty, s, no_card, p.certainty);
}

// Draws from the Action Pile, refilling it from the Discard Pile when it runs short.
void state::draw_actions(int s, int n) {
  player& p = players_[s];
  if (p.action_pile.size < n && !p.discard.empty()) {
    while (!p.discard.empty()) p.action_pile.push(p.discard.pop());
    random_.shuffle(p.action_pile.cards.data(), p.action_pile.size);
  }
  int drawn = 0;
  for (int i = 0; i < n && !p.action_pile.empty(); ++i, ++drawn) {
    p.hand.push(p.action_pile.pop());
    forget_seen(s, p.hand.top());
  }
  if (drawn) note(event_kind::drew_actions, s, no_card, drawn);
}

// A card drawn into `s`'s Hand is new to every earlier peek (a peek is a snapshot).
void state::forget_seen(int s, copy_id c) {
  for (int o = 0; o < seats_; ++o) players_[o].seen_hand[s] &= ~(std::uint64_t{1} << slot_of(c));
}

// An empty Complication Pile draws nothing.
void state::draw_complication(int s) {
  player& p = players_[s];
  if (p.complications.empty()) return;
  p.hand.push(p.complications.pop());
  forget_seen(s, p.hand.top());
  note(event_kind::drew_complication, s, no_card, 1);
}

void state::to_dead_space(copy_id c) {
  if (dead_.size < dead_.cards.size()) dead_.push(c);
  note(event_kind::dead_space, owner_of(c), c);
}

// Ambush cards enter play face down (cards.hpp): a drafted one stays down at the flip.
bool state::put_module(int s, int sh, copy_id c, bool face_up) {
  ship& x = players_[s].ships[sh];
  if (x.module_count >= max_modules) return false;
  face_up = face_up && !card_of(c).has(keyword::ambush);
  x.modules[x.module_count++] = module_slot{c, face_up, 0, face_up};
  return face_up;
}

// Social: one extra Morale for each Social Module of the Ship.
bool state::put_member(int s, int sh, copy_id c, bool face_up) {
  ship& x = players_[s].ships[sh];
  if (x.crew_count >= max_crew) return false;
  face_up = face_up && !card_of(c).has(keyword::ambush);
  int morale = card_of(c).morale;
  for (const module_slot& m : x.module_list()) morale += m.face_up && card_of(m.card).has(keyword::social);
  x.crew[x.crew_count++] = member{c, face_up, static_cast<std::int8_t>(morale), 0, face_up};
  return face_up;
}

// Ruling 1a: a card leaving a zone loses its counters (the slot goes with it).
void state::remove_module(int s, int sh, int i) {
  ship& x = players_[s].ships[sh];
  for (int k = i; k + 1 < x.module_count; ++k) x.modules[k] = x.modules[k + 1];
  --x.module_count;
}

void state::remove_member(int s, int sh, int i) {
  ship& x = players_[s].ships[sh];
  for (int k = i; k + 1 < x.crew_count; ++k) x.crew[k] = x.crew[k + 1];
  --x.crew_count;
}

// Farsight X: the largest X among the Ship's face-up Farsight cards (one source a Turn).
void state::farsight(int s, int sh) {
  const copy_id source = farsight_card(s, sh);
  if (source != no_card) look_at_actions(s, sh, std::min<int>(card_of(source).farsight, 4), source);
}

// The Ship's face-up Farsight card with the largest X, the first of them (no_card: none).
copy_id state::farsight_card(int s, int sh) const {
  int best = 0;
  copy_id source = no_card;
  const ship& x = players_[s].ships[sh];
  for (const module_slot& m : x.module_list())
    if (m.face_up && card_of(m.card).has(keyword::farsight) && card_of(m.card).farsight > best)
      best = card_of(m.card).farsight, source = m.card;
  for (const member& m : x.crew_list())
    if (m.face_up && card_of(m.card).has(keyword::farsight) && card_of(m.card).farsight > best)
      best = card_of(m.card).farsight, source = m.card;
  return source;
}

// Look at the top n Actions: they wait in the frame; CHOOSE discards, PASS puts the rest back.
void state::look_at_actions(int s, int sh, int n, copy_id source) {
  player& p = players_[s];
  frame f;
  f.kind = task::look;
  f.seat = static_cast<std::uint8_t>(s);
  f.ship = static_cast<std::uint8_t>(sh);
  f.source = source;
  while (f.look_count < n && !p.action_pile.empty()) f.looked[f.look_count++] = p.action_pile.pop();
  if (f.look_count) push(f);
}

bool state::can_detach(int s) const {
  const player& p = players_[s];
  if (p.ships[1].present && p.ships[2].present) return false;
  for (const module_slot& m : p.ships[0].module_list())
    if (m.face_up && card_of(m.card).is(subtype::runabout)) return true;
  return false;
}

}  // namespace starport::terminus

namespace starport::terminus {

// A card enters a Ship face up (revealed: its "when revealed" effects) or, Ambush, face down
// (nobody else learns which card it is).
void state::enter_with_reveal(int s, int sh, copy_id c, bool module, event_kind k) {
  const bool up = module ? put_module(s, sh, c, true) : put_member(s, sh, c, true);
  if (up) {
    note(k, s, c, 0, sh);
    push_triggers_of(s, sh, c, when::reveal);
  } else {
    note(k, s, no_card, 0, sh);
  }
}

}  // namespace starport::terminus
