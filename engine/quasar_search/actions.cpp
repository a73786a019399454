// Legal actions, check and apply: every decision of a frame, one action each.
#include <algorithm>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

using engine::refuse;
using engine::rule_error;

namespace {

action make(int seat, kind k, int argc, std::int32_t a0 = 0, std::int32_t a1 = 0) {
  action a{};
  a.seat = static_cast<std::uint8_t>(seat);
  a.kind = static_cast<std::uint16_t>(k);
  a.argc = static_cast<std::uint8_t>(argc);
  a.args[0] = a0;
  a.args[1] = a1;
  return a;
}

bool action_less(const action& a, const action& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  for (int i = 0; i < engine::max_action_args; ++i)
    if (a.args[static_cast<std::size_t>(i)] != b.args[static_cast<std::size_t>(i)])
      return a.args[static_cast<std::size_t>(i)] < b.args[static_cast<std::size_t>(i)];
  return false;
}

}  // namespace

// An Overcommit card binds its owner while it is in play: waiting in the Personal Zone, or
// learned as a Lesson (almanac "Overcommit": "only active while the card is in play").
bool state::under_overcommit(int s) const {
  const player& p = players_[s];
  if (!p.overcommit.empty()) return true;
  for (copy_id c : p.lessons.items())
    if (card_of(c).has(keyword::overcommit)) return true;
  return false;
}

void state::confront_choices(int s, std::vector<copy_id>& out) const {
  out.clear();
  const player& p = players_[s];
  for (copy_id c : p.hand.items()) out.push_back(c);
  for (copy_id c : p.projects.items()) out.push_back(c);
}

copy_id state::from_wire(std::int32_t w) const {
  if (w < 1 || w > 255) return no_card;
  return static_cast<copy_id>(w - 1);
}

bool state::holds(const pile<max_deck_cards>& p, copy_id c) const {
  for (copy_id x : p.items())
    if (x == c) return true;
  return false;
}

void state::remove(pile<max_deck_cards>& p, copy_id c) {
  for (int i = 0; i < p.size; ++i)
    if (p.cards[static_cast<std::size_t>(i)] == c) {
      p.take(i);
      return;
    }
}

seat_mask state::must_act() const {
  if (over_ || frame_count_ == 0) return 0;
  const frame& f = frames_[frame_count_ - 1u];
  if (f.kind == task::rank || f.kind == task::confront) {
    seat_mask m = 0;
    for (int s = 0; s < seats_; ++s)
      if (!players_[s].chose) m = static_cast<seat_mask>(m | engine::seat_bit(s));
    return m;
  }
  if (f.kind == task::run) return 0;
  return engine::seat_bit(f.seat);
}

void state::frame_actions(const frame& f, int s, std::vector<action>& out) const {
  const player& p = players_[s];
  switch (f.kind) {
    case task::run: return;
    case task::rank:
      for (int r = 0; r < rank_cards; ++r)
        if (!(p.ranks_used >> r & 1u)) out.push_back(make(s, kind::choose_rank, 1, r));
      return;
    case task::confront:
      for (copy_id c : p.hand.items()) out.push_back(make(s, kind::confront, 1, static_cast<std::int32_t>(wire_id(c))));
      for (copy_id c : p.projects.items()) out.push_back(make(s, kind::confront, 1, static_cast<std::int32_t>(wire_id(c))));
      return;
    case task::triggers:
      for_each_in_play(s, [&](copy_id c) {
        for (int i = 0; i < max_card_effects; ++i)
          if (trigger_ready(s, c, i)) out.push_back(make(s, kind::trigger, 2, static_cast<std::int32_t>(wire_id(c)), i));
      });
      out.push_back(make(s, kind::pass, 0));
      return;
    case task::order:
      for (int i = 0; i < pending_count_; ++i) out.push_back(make(s, kind::order, 1, i));
      return;
    case task::boon: {
      if (p.lessons.size < max_personal && (!p.discard.empty() || !p.deck.empty()))
        out.push_back(make(s, kind::boon, 1, boon_lesson));
      bool project = false;
      for (copy_id c : p.hand.items()) project = project || card_of(c).kind == card_kind::project;
      if (project && p.projects.size < max_personal) out.push_back(make(s, kind::boon, 1, boon_project));
      out.push_back(make(s, kind::boon, 1, boon_glory));
      const int n = declared_boons(s, nullptr);
      for (int i = 0; i < n; ++i) out.push_back(make(s, kind::boon, 1, declared_boon + i));
      return;
    }
    case task::project:
      for (copy_id c : p.hand.items())
        if (card_of(c).kind == card_kind::project) out.push_back(make(s, kind::pick, 1, static_cast<std::int32_t>(wire_id(c))));
      return;
    case task::shift: {
      int v = 0;
      if (!current_value(s, v)) return;
      for (int d = -f.count; d <= f.count; ++d)
        if (v + d >= min_value && v + d <= max_value) out.push_back(make(s, kind::shift, 1, d));
      return;
    }
    case task::draw: {
      const int z = draw_zones(s);
      if (z & 1) out.push_back(make(s, kind::draw_from, 2, pb::DRAW_DECK, 0));
      if (z & 2)
        for (copy_id c : p.warp.items()) out.push_back(make(s, kind::draw_from, 2, pb::DRAW_WARP, static_cast<std::int32_t>(wire_id(c))));
      if (z & 4) out.push_back(make(s, kind::draw_from, 2, pb::DRAW_DISCARD, 0));
      return;
    }
    case task::stockpile:
    case task::discard:
    case task::warp:
      for (copy_id c : p.hand.items()) out.push_back(make(s, kind::pick, 1, static_cast<std::int32_t>(wire_id(c))));
      if (f.kind == task::warp) out.push_back(make(s, kind::pass, 0));
      return;
    case task::demand:
      if (energy_ >= f.count) out.push_back(make(s, kind::decide, 1, 0));
      out.push_back(make(s, kind::decide, 1, 1));
      return;
  }
}

void state::legal_actions(int seat, std::vector<action>& out) const {
  out.clear();
  if (over_ || seat < 0 || seat >= seats_ || !engine::has_seat(must_act(), seat)) return;
  frame_actions(frames_[frame_count_ - 1u], seat, out);
  std::sort(out.begin(), out.end(), action_less);
}

verdict state::check(const action& a) const {
  if (over_) return refuse(rule_error::game_over, "the Mission is over");
  if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat");
  if (a.kind == engine::resign_kind) {
    if (a.argc != 0) return refuse(rule_error::bad_argument, "resign takes no arguments");
    return engine::ok();
  }
  if (a.kind >= action_names.size()) return refuse(rule_error::unknown_action, "unknown action");
  if (!engine::has_seat(must_act(), a.seat)) return refuse(rule_error::not_your_turn, "nothing to decide now");
  thread_local std::vector<action> legal;
  legal.clear();
  frame_actions(frames_[frame_count_ - 1u], a.seat, legal);
  bool kind_ok = false;
  for (const action& l : legal) {
    if (l == a) return engine::ok();
    kind_ok = kind_ok || l.kind == a.kind;
  }
  if (!kind_ok) return refuse(rule_error::illegal_action, "that is not the decision asked now");
  return refuse(rule_error::bad_argument, "not one of the choices");
}

action state::timeout_action(int seat) const {
  thread_local std::vector<action> legal;
  legal_actions(seat, legal);
  if (legal.empty()) return engine::make_action(seat, engine::resign_kind);
  // Decline what may be declined, keep a card's value, take Glory from a Boon.
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(kind::pass)) return a;
  for (const action& a : legal) {
    if (a.kind == static_cast<std::uint16_t>(kind::shift) && a.args[0] == 0) return a;
    if (a.kind == static_cast<std::uint16_t>(kind::boon) && a.args[0] == boon_glory) return a;
  }
  return legal.front();
}

void state::apply(const action& a) {
  event_count_ = 0;
  events_cut_ = false;
  source_open_ = false;
  if (a.kind == engine::resign_kind) {
    // A seat abandons the Mission: the whole team loses (decision).
    over_ = true;
    victory_ = false;
    ending_ = 0;
    reason_ = "resigned";
    frame_count_ = 0;
    pending_count_ = 0;
    step_ = phase::mission_resolution;
    return;
  }
  apply_frame(a);
  advance();
}

void state::apply_frame(const action& a) {
  frame& f = frames_[frame_count_ - 1u];
  const int s = a.seat;
  player& p = players_[s];
  const std::int32_t arg = a.args[0];
  switch (f.kind) {
    case task::run: return;
    case task::rank:
      p.rank_pick = static_cast<std::int8_t>(arg);
      p.chose = true;
      for (int t = 0; t < seats_; ++t)
        if (!players_[t].chose) return;
      --frame_count_;
      reveal_ranks();
      return;
    case task::confront:
      // The card stays where it is (Hand or Projects) until the reveal, so nothing public
      // changes before every seat has chosen.
      p.confronting = from_wire(arg);
      p.chose = true;
      for (int t = 0; t < seats_; ++t)
        if (!players_[t].chose) return;
      --frame_count_;
      return;
    case task::triggers:
      if (a.kind == static_cast<std::uint16_t>(kind::pass)) {
        next_trigger_seat();
        return;
      }
      perform_trigger(s, from_wire(arg), a.args[1]);
      return;
    case task::order: {
      const pending picked = pending_[static_cast<std::size_t>(arg)];
      std::copy(pending_.begin() + arg + 1, pending_.begin() + pending_count_, pending_.begin() + arg);
      --pending_count_;
      --frame_count_;
      open_source(picked, false);   // describe() names it
      push(frame{task::run, picked.seat, 0, 0, picked.e});
      return;
    }
    case task::boon: {
      --f.count;
      if (f.count <= 0) --frame_count_;
      if (arg == boon_lesson) {
        learn(s);
      } else if (arg == boon_project) {
        push(frame{task::project, static_cast<std::uint8_t>(s), 1, 0, {}});
      } else if (arg == boon_glory) {
        p.glory = static_cast<std::uint16_t>(std::min(p.glory + 1, 999));
        note(event_kind::glory, s, no_card, 1);
      } else {
        std::array<effect, 8> declared{};
        declared_boons(s, &declared);
        effect e = declared[static_cast<std::size_t>(arg - declared_boon)];
        push(frame{task::run, static_cast<std::uint8_t>(s), 0, 0, e});
      }
      return;
    }
    case task::project: {
      --frame_count_;
      start_project(s, from_wire(arg));
      return;
    }
    case task::shift: {
      // From the value as it stands, 10 at most: a boosted 10 Shifted by -3 is 7, not 8
      // (the boost past the bound is lost, as the almanac's "maximum value" says).
      if (int v = 0; current_value(s, v))
        p.shift = static_cast<std::int8_t>(v + arg - card_of(p.confronting).value - boost_of(s));
      --frame_count_;
      if (arg != 0) note(event_kind::shifted, s, no_card, arg);
      return;
    }
    case task::draw: {
      draw_one(s, arg, arg == pb::DRAW_WARP ? from_wire(a.args[1]) : no_card);
      if (--f.count <= 0) --frame_count_;
      return;
    }
    case task::stockpile: {
      const copy_id c = from_wire(arg);
      remove(p.hand, c);
      for (int k = p.deck.size; k > 0; --k) p.deck.cards[static_cast<std::size_t>(k)] = p.deck.cards[static_cast<std::size_t>(k - 1)];
      p.deck.cards[0] = c;
      ++p.deck.size;
      ++f.extra;
      --f.count;   // at 0, auto_step draws the replacements
      return;
    }
    case task::warp:
      if (a.kind == static_cast<std::uint16_t>(kind::pass)) {
        --frame_count_;
        return;
      }
      {
        const copy_id c = from_wire(arg);
        remove(p.hand, c);
        p.warp.push(c);
        note(event_kind::warped, s, c);
        if (--f.count <= 0) --frame_count_;
      }
      return;
    case task::discard: {
      const copy_id c = from_wire(arg);
      remove(p.hand, c);
      p.discard.push(c);
      note(event_kind::discarded, s, c);
      if (--f.count <= 0) --frame_count_;
      return;
    }
    case task::demand: {
      const int n = f.count;
      --frame_count_;
      if (arg == 0) {
        energy_ = static_cast<std::uint16_t>(energy_ - n);
        note(event_kind::energy, 0, no_card, -n);
      } else {
        lose_morale(1);
      }
      return;
    }
  }
}

}  // namespace starport::quasar_search
