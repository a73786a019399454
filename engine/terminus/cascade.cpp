// The Complication Cascade and response windows (docs/rules/terminus.md, "Response windows").
//
// A window opens at the Destiny Step, at the end of every Play Step, and again each time a
// Complication or an "at any time" ability goes on the Cascade. Who is asked is decided from
// public information only: every seat still in the game that holds a Complication and has
// not played a Destiny, or has a face-down card in its Ships that may be an Ambush (one
// nobody has seen, or a known Ambush card), or a face-up Exhaust card. They are asked one
// at a time in Initiative order; each answers PASS, a Complication or an ability.
// Something added: everyone eligible is asked again.
// Everyone passed: the Cascade resolves from the top down, each Complication followed by
// the other players' draws.
#include <algorithm>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::has_seat;
using engine::seat_bit;

bool state::may_answer(int s) const {
  const player& p = players_[s];
  if (p.out) return false;
  if (!p.destiny_locked && hand_complications(s) > 0) return true;
  for (const ship& x : p.ships) {
    if (!x.present) continue;
    // Face down: a possible Ambush, unless everyone knows the card and it has none.
    auto may_act = [&](copy_id c, bool face_up, bool known) {
      const card_def& d = card_of(c);
      return face_up ? d.has(keyword::exhaust) : !known || d.has(keyword::ambush);
    };
    for (const module_slot& m : x.module_list())
      if (may_act(m.card, m.face_up, m.known)) return true;
    for (const member& m : x.crew_list())
      if (may_act(m.card, m.face_up, m.known)) return true;
  }
  for (int k = 0; k < max_ships; ++k) {
    if (!p.ships[k].present) continue;
    const copy_id sys = system_of(s, k);   // a face-up Exhaust System this Ship is in
    if (sys != no_card && !system_down(sys) && card_of(sys).has(keyword::exhaust)) return true;
  }
  return false;
}

void state::open_window(window w) {
  window_ = w;
  asked_ = 0;
  for (int s = 0; s < seats_; ++s)
    if (may_answer(s)) asked_ |= seat_bit(s);
  answered_ = 0;
  priority_ = -1;
  ask_next();
}

// The next asked seat that has not answered, in Initiative order; -1 when all have.
void state::ask_next() {
  priority_ = -1;
  for (int k = 0; k < seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    if (has_seat(asked_, s) && !has_seat(answered_, s) && !players_[s].out) {
      priority_ = static_cast<std::int8_t>(s);
      return;
    }
  }
}

void state::close_window() {
  const window w = window_;
  window_ = window::none;
  asked_ = answered_ = 0;
  priority_ = -1;
  if (w == window::destiny && window_played_) {
    // Something was played in the Destiny Step: everyone may still play (or activate).
    window_played_ = false;
    open_window(window::destiny);
    return;
  }
  window_played_ = false;
}

// A Complication or ability joins the Cascade; everyone eligible is asked again.
void state::add_to_cascade(const cascade_entry& e) {
  if (cascade_count_ < max_cascade) cascade_[cascade_count_++] = e;
  window_played_ = true;
  const window w = window_ == window::none ? window::step_end : window_;
  open_window(w);
}

// The top entry resolves: negated, nothing happens; else its effects run (frames).
void state::resolve_top() {
  const cascade_entry e = cascade_[--cascade_count_];
  // "Your Ship": the Ship holding the ability's card; a Complication's is the Ship its
  // player chose (the primary Ship if that Runabout is no longer out).
  int sh = !e.ability && players_[e.seat].ships[e.ship].present ? e.ship : 0;
  if (e.ability && card_of(e.card).type == card_type::system) {
    // An Exhaust System's "your Ship": the player's Ship in it (primary first).
    sh = std::max(0, ship_in_system(e.seat, e.card));
  } else if (e.ability) {
    for (int k = 0; k < max_ships; ++k) {
      const ship& x = players_[e.seat].ships[k];
      for (const module_slot& m : x.module_list()) sh = m.card == e.card ? k : sh;
      for (const member& m : x.crew_list()) sh = m.card == e.card ? k : sh;
    }
  }
  if (e.ability) {
    if (e.negated) {
      note(event_kind::negated, e.seat, e.card);
      return;
    }
    push_run(e.seat, sh, e.card, e.ability_when, e.target_seat, e.target_ship);
    return;
  }
  frame after;
  after.kind = task::after_complication;
  after.seat = e.seat;
  after.source = e.card;
  after.count = e.negated;
  push(after);
  if (e.negated) {
    note(event_kind::negated, e.seat, e.card);
    return;
  }
  note(event_kind::resolved, e.seat, e.card);
  push_run(e.seat, sh, e.card, when::play, e.target_seat, e.target_ship);
}

// After a Complication: a Destiny stays beside its owner's Ship, any other goes to Dead
// Space; every other player draws a Complication (not for a "silence" one, unless negated).
void state::finish_complication() {
  const frame f = frames_[--frame_count_];
  const copy_id c = f.source;
  const bool negated = f.count != 0;
  const card_def& d = card_of(c);
  player& owner = players_[f.seat];
  if (d.is(subtype::destiny) && !negated) owner.destiny.push(c);
  else to_dead_space(c);
  bool silenced = false;
  for (const effect& e : d.effects) silenced = silenced || e.kind == op::silence;
  if (silenced && !negated) return;
  for (int k = 0; k < seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    if (s != f.seat && !players_[s].out) draw_complication(s);
  }
}

}  // namespace starport::terminus
