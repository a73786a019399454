// Using abilities ("How to Read Abilities", "Available Abilities") and resolving them one
// choice at a time: each pending choice is a frame on a small stack.
#include <algorithm>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::make_action;

namespace {

action act(int seat, kind k, std::initializer_list<std::int32_t> args) {
  action a = make_action(seat, static_cast<std::uint16_t>(k));
  for (std::int32_t v : args) a.args[a.argc++] = v;
  return a;
}

bool on_stripe(const ability& a, int st) {
  return a.present() && static_cast<int>(a.stripe) == st;
}

}  // namespace

bool state::matches(copy_id c, const filter& f) const {
  const card_def& d = card_of(c);
  if (!(f.types >> static_cast<int>(d.type) & 1u)) return false;
  return f.symbol < 0 || d.symbol[f.symbol] > 0;
}

// Every card a frame could pick, as (zone, owner or type, index).
template <class F>
void state::for_each_candidate(const frame& f, F&& fn) const {
  const player& p = players_[f.seat];
  auto from_lab = [&](int owner, const pile& lab) {
    for (int i = 0; i < lab.size; ++i)
      if (matches(lab.cards[i], f.what.only)) fn(pick_zone::lab, owner, i);
  };
  switch (f.kind) {
    case task::move:
    case task::fallback:
      switch (f.what.from) {
        case zone::universe:
          for (int t = 0; t < stage_count; ++t)
            for (int i = 0; i < universe_[t].size; ++i)
              if (matches(universe_[t].cards[i], f.what.only)) fn(pick_zone::universe, t, i);
          break;
        case zone::hand:
          for (int i = 0; i < p.hand.size; ++i)
            if (matches(p.hand.cards[i], f.what.only)) fn(pick_zone::hand, static_cast<int>(f.seat), i);
          break;
        case zone::lab: from_lab(f.seat, p.lab); break;
        case zone::any_lab:
          from_lab(f.seat, p.lab);
          [[fallthrough]];
        case zone::rival_lab:
          for (int o = 0; o < seats_; ++o)
            if (o != f.seat) from_lab(o, players_[o].lab);
          // JFK: the opponent's taken cards count as its Laboratory.
          if (variant_ == variant::jfk) from_lab(opponent_lab, opponent_.taken);
          break;
        default: break;
      }
      break;
    case task::uncover:
      for (int i = 0; i < p.agency.size; ++i)
        if (p.agency.cards[i].covered && i != f.source) fn(pick_zone::agency, static_cast<int>(f.seat), i);
      break;
    case task::leader:
      for (int i = 0; i < p.agency.size; ++i)
        if (card_of(p.agency.cards[i].card).leader) fn(pick_zone::agency, static_cast<int>(f.seat), i);
      break;
    case task::return_control:
      for (int i = 0; i < p.played_count; ++i) fn(pick_zone::control, static_cast<int>(f.seat), p.played[i]);
      break;
    case task::reveal:
      for (int i = 0; i < face_down_.size; ++i) fn(pick_zone::face_down, 0, i);
      break;
    case task::split: break;
  }
}

bool state::frame_open(const frame& f) const {
  if (f.remaining == 0) return f.kind == task::split;
  if (f.kind == task::move && f.what.from == zone::deck) return true;
  if (f.kind == task::split || f.kind == task::fallback) return true;
  bool any = false;
  for_each_candidate(f, [&](pick_zone, int, int) { any = true; });
  return any;
}

void state::frame_actions(const frame& f, std::vector<action>& out) const {
  const int seat = f.seat;
  if (f.kind == task::split) {
    for (int k = 0; k <= f.remaining; ++k) out.push_back(act(seat, kind::split, {k}));
    return;
  }
  if (f.kind == task::move && f.what.from == zone::deck) {
    for (int k = 0; k <= f.remaining; ++k) out.push_back(act(seat, kind::draw, {k}));
    return;
  }
  bool any = false;
  for_each_candidate(f, [&](pick_zone z, int owner, int index) {
    any = true;
    out.push_back(act(seat, kind::pick, {static_cast<int>(z), owner, index}));
  });
  switch (f.kind) {
    case task::fallback:   // "No Appropriate Card in the Universe?": or draw 3 cards
      for (int k = 0; k <= 3; ++k) out.push_back(act(seat, kind::draw, {k}));
      break;
    case task::move:
      if (!(f.exact && any)) out.push_back(act(seat, kind::done, {}));
      break;
    case task::uncover:
    case task::return_control: out.push_back(act(seat, kind::done, {})); break;
    default: break;   // a Leader must go; Carl Sagan turns the full number
  }
}

// The abilities a seat may use on its turn in the current Stage, then PASS.
void state::turn_actions(int seat, std::vector<action>& out) const {
  const player& p = players_[seat];
  const int st = stage_;
  if (st < bureaucracy_stage) {
    const control_def& c = control(p.current);
    if (!(p.control_used & used_left)) out.push_back(act(seat, kind::use, {control_slot, 0}));
    if (!c.extra_is_bureaucracy && on_stripe(c.extra, st) && !(p.control_used & used_right))
      out.push_back(act(seat, kind::use, {control_slot, 1}));
    for (int i = 0; i < p.agency.size; ++i) {
      const agency_card& a = p.agency.cards[i];
      const card_def& d = card_of(a.card);
      if (on_stripe(d.left, st) && !(a.used & used_left)) out.push_back(act(seat, kind::use, {i, 0}));
      if (on_stripe(d.right, st) && !a.covered && !(a.used & used_right))
        out.push_back(act(seat, kind::use, {i, 1}));
    }
    out.push_back(act(seat, kind::pass, {}));
    return;
  }
  if (p.current >= 0 && control(p.current).extra_is_bureaucracy && !(p.control_used & used_bottom))
    out.push_back(act(seat, kind::use, {control_slot, 2}));
  for (int i = 0; i < p.agency.size; ++i) {
    const agency_card& a = p.agency.cards[i];
    if (card_of(a.card).bottom_timing == timing::bureaucracy && !(a.used & used_bottom))
      out.push_back(act(seat, kind::use, {i, 2}));
  }
  // "Nobody can escape the bureaucracy!": no passing while a mandatory one is unresolved.
  if (!mandatory_left(seat)) out.push_back(act(seat, kind::pass, {}));
}

bool state::can_still_act(int s) const {
  std::vector<action> mine;
  turn_actions(s, mine);
  return std::any_of(mine.begin(), mine.end(),
                     [](const action& a) { return a.kind == static_cast<std::uint16_t>(kind::use); });
}

bool state::mandatory_left(int s) const {
  if (stage_ != bureaucracy_stage) return false;
  const player& p = players_[s];
  if (p.current >= 0) {
    const control_def& c = control(p.current);
    if (c.extra_is_bureaucracy && !c.extra.optional && !(p.control_used & used_bottom)) return true;
  }
  for (const agency_card& a : p.agency.items()) {
    const card_def& d = card_of(a.card);
    if (d.bottom_timing == timing::bureaucracy && !d.bottom.optional && !(a.used & used_bottom)) return true;
  }
  return false;
}

// USE: marks the ability used this round (a single-use one is covered at once) and starts it.
void state::use(int seat, int source, int slot) {
  player& p = players_[seat];
  const std::uint8_t bit = slot == 0 ? used_left : slot == 1 ? used_right : used_bottom;
  ability_underway_ = true;
  if (source == control_slot) {
    p.control_used |= bit;
    const control_def& c = control(p.current);
    start_ability(seat, slot == 0 ? acquire_of(c) : c.extra, -1);
    return;
  }
  agency_card& a = p.agency.cards[source];
  a.used |= bit;
  const card_def& d = card_of(a.card);
  if (slot == 1) a.covered = true;   // "Single-Use Abilities": cover the whole right side
  start_ability(seat, slot == 0 ? d.left : slot == 1 ? d.right : d.bottom, source);
}

void state::push(const frame& f) {
  if (frame_count_ < max_frames) frames_[frame_count_++] = f;
}

void state::start_ability(int seat, const ability& a, int source) {
  frame f;
  f.seat = static_cast<std::uint8_t>(seat);
  f.source = static_cast<std::uint8_t>(source < 0 ? 0xff : source);
  f.remaining = a.power;
  f.exact = a.exact;
  f.what = a.top;
  switch (a.kind) {
    case effect::none: return;
    case effect::move: break;
    case effect::combined:   // "combined" abilities: the split is announced first
      f.kind = task::split;
      f.second = a.bottom;
      break;
    case effect::per_card: {   // FAQ: the count includes the card itself
      int n = 0;
      for (const agency_card& c : players_[seat].agency.items()) n += card_of(c.card).type == a.counted;
      f.remaining = static_cast<std::uint8_t>(n);
      break;
    }
    case effect::uncover: f.kind = task::uncover; break;
    case effect::acquire: {
      bool any = false;
      for_each_candidate(f, [&](pick_zone, int, int) { any = true; });
      if (!any) {
        // "No Appropriate Card in the Universe?": a card of a finished Stage, or draw 3.
        f.kind = task::fallback;
        f.what.only = filter{static_cast<std::uint8_t>((1u << stage_) - 1u), -1};
      }
      break;
    }
    case effect::return_control: f.kind = task::return_control; break;
  }
  push(f);
}

// Into the Agency: the one-Leader rule first, then the card's Immediate ability.
void state::place(int seat, copy_id c) {
  player& p = players_[seat];
  int index = p.agency.size;
  p.agency.cards[p.agency.size++] = agency_card{c, false, 0};
  const card_def& d = card_of(c);
  if (d.bottom_timing == timing::immediate) start_ability(seat, d.bottom, index);
  if (d.leader) {
    int leaders = 0;
    for (const agency_card& a : p.agency.items()) leaders += card_of(a.card).leader;
    if (leaders > 1) {
      frame f;
      f.kind = task::leader;
      f.seat = static_cast<std::uint8_t>(seat);
      f.remaining = 1;
      push(f);
    }
  }
}

// Draws from the Deck; FAQ "no more cards in the Deck": 0.5 points per card not drawn.
void state::draw_into(int seat, int count, zone to) {
  int missing = 0;
  for (int i = 0; i < count; ++i) {
    if (deck_.empty()) {
      ++players_[seat].empty_deck_halves;
      ++missing;
    } else {
      const copy_id c = deck_.pop();
      // Into the Agency or a Laboratory the card lands face up: name it.
      if (to == zone::agency || to == zone::lab) note(event_kind::drew_public, seat, static_cast<int>(c), static_cast<int>(to));
      deliver(seat, c, to);
    }
  }
  if (missing) note(event_kind::deck_empty, seat, missing);
}

void state::deliver(int seat, copy_id c, zone to) {
  player& p = players_[seat];
  switch (to) {
    case zone::hand: p.hand.push(c); break;
    case zone::lab: p.lab.push(c); break;
    case zone::agency: place(seat, c); break;
    case zone::universe:
      face_down_placer_[face_down_.size] = static_cast<std::uint8_t>(seat);
      face_down_.push(c);
      break;
    default: break;
  }
}

copy_id state::take_from(const frame& f, const action& a) {
  const int owner = a.args[1], index = a.args[2];
  switch (static_cast<pick_zone>(a.args[0])) {
    case pick_zone::universe: return universe_[owner].take(index);
    case pick_zone::hand: {
      // Out of a Hand: a fresh id, so the others cannot tell which copy it was (one they saw
      // go in from the Universe, or one drawn unseen) — that would say what the Hand still holds.
      const copy_id c = players_[f.seat].hand.take(index);
      ids_.renew(static_cast<std::size_t>(c));
      return c;
    }
    case pick_zone::lab:
      return owner == opponent_lab ? opponent_.taken.take(index) : players_[owner].lab.take(index);
    default: return copy_id{};
  }
}

void state::apply_frame(const action& a) {
  frame& f = frames_[frame_count_ - 1];
  const int seat = f.seat;
  switch (static_cast<kind>(a.kind)) {
    case kind::split: {
      frame top = f, bottom = f;
      top.kind = bottom.kind = task::move;
      top.remaining = static_cast<std::uint8_t>(a.args[0]);
      bottom.remaining = static_cast<std::uint8_t>(f.remaining - a.args[0]);
      bottom.what = f.second;
      --frame_count_;
      push(bottom);   // resolved after the top row
      push(top);
      return;
    }
    case kind::draw: {
      zone to = f.kind == task::fallback ? zone::hand : f.what.to;
      f.remaining = 0;
      draw_into(seat, a.args[0], to);
      return;
    }
    case kind::done: f.remaining = 0; return;
    case kind::pick: break;
    default: return;
  }
  const int index = a.args[2];
  player& p = players_[seat];
  switch (f.kind) {
    case task::move:
    case task::fallback: {
      zone to = f.kind == task::fallback ? zone::agency : f.what.to;
      f.remaining = f.kind == task::fallback ? 0 : static_cast<std::uint8_t>(f.remaining - 1);
      copy_id c = take_from(f, a);
      deliver(seat, c, to);   // may push frames above this one
      return;
    }
    case task::uncover:
      p.agency.cards[index].covered = false;
      --f.remaining;
      return;
    case task::leader: {   // "only one leader": the chosen one moves to the Laboratory
      f.remaining = 0;
      copy_id c = p.agency.cards[index].card;
      for (int k = index; k + 1 < p.agency.size; ++k) p.agency.cards[k] = p.agency.cards[k + 1];
      --p.agency.size;
      p.lab.push(c);
      return;
    }
    case task::return_control: {
      f.remaining = 0;
      int at = 0;
      while (at < p.played_count && p.played[at] != index) ++at;
      for (int k = at; k + 1 < p.played_count; ++k) p.played[k] = p.played[k + 1];
      --p.played_count;
      p.unused = static_cast<std::uint16_t>(p.unused | 1u << index);
      return;
    }
    case task::reveal:
      --f.remaining;
      reveal_face_down(index);
      return;
    case task::split: return;
  }
}

}  // namespace starport::space_race
