// Effects: the primitives of cards.hpp performed for one seat, and the choices they open.
#include <algorithm>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

void state::note(event_kind k, int seat, copy_id card, int extra) {
  if (event_count_ >= max_events) {
    events_cut_ = true;
    return;
  }
  const std::uint16_t total = k == event_kind::morale || k == event_kind::failure_cost ? morale_
                              : k == event_kind::energy                                 ? energy_
                              : k == event_kind::safeguard                              ? std::uint16_t{limit_}
                                                                                        : std::uint16_t{0};
  events_[event_count_++] = event{k, static_cast<std::uint8_t>(seat), card, static_cast<std::int8_t>(extra), total};
}

void state::open_source(const pending& p, bool noted) {
  if (source_open_ && p.from == source_.from && p.e == source_.e &&
      (p.card == no_card) == (source_.card == no_card) &&
      (p.card == no_card || index_of(p.card) == index_of(source_.card)))
    return;
  close_source();
  source_ = p;
  source_open_ = true;
  source_noted_ = noted;
  if (!noted) return;
  note(event_kind::resolves, p.seat, p.card, static_cast<int>(p.from));
  if (event_count_ && events_[event_count_ - 1u].kind == event_kind::resolves)
    events_[event_count_ - 1u].total = p.from == source_kind::act ? act_ : challenge_;
}

void state::close_source() {
  if (!source_open_) return;
  source_open_ = false;
  if (!source_noted_) return;
  // Nothing to tell (a Shift with no value, a Demand already paid): no name either.
  if (event_count_ && events_[event_count_ - 1u].kind == event_kind::resolves) --event_count_;
  else note(event_kind::resolved, source_.seat);
}

void state::push(const frame& f) {
  if (frame_count_ < max_frames) frames_[frame_count_++] = f;
}

int state::boost_of(int s) const {
  int b = 0;
  for_each_in_play(s, [&](copy_id c) {
    for (const effect& e : card_of(c).effects)
      if (e.kind == style::constant && e.what == op::boost) b += e.amount;
  });
  if (challenge_ != no_challenge)
    for (const effect& e : content_->challenges[challenge_].effects)
      if (e.kind == style::constant && e.what == op::boost) b += e.amount;
  return b;
}

// Constant effects take precedence over everything (almanac): a Challenge saying "players may
// not Draw from their Decks" closes the Deck to every Draw while it is in play.
bool state::may_draw_deck(int s) const {
  if (challenge_ != no_challenge)
    for (const effect& e : content_->challenges[challenge_].effects)
      if (e.kind == style::constant && e.what == op::no_deck_draw) return false;
  bool closed = false;
  for_each_in_play(s, [&](copy_id c) {
    for (const effect& e : card_of(c).effects)
      closed = closed || (e.kind == style::constant && e.what == op::no_deck_draw);
  });
  return !closed;
}

bool state::may_draw_discard(int s) const {
  bool open = false;
  for_each_in_play(s, [&](copy_id c) {
    for (const effect& e : card_of(c).effects)
      open = open || (e.kind == style::constant && e.what == op::draw_discard);
  });
  if (challenge_ != no_challenge)
    for (const effect& e : content_->challenges[challenge_].effects)
      open = open || (e.kind == style::constant && e.what == op::draw_discard);
  return open;
}

int state::draw_zones(int s) const {
  const player& p = players_[s];
  int z = 0;
  if (!p.deck.empty() && may_draw_deck(s)) z |= 1;
  if (!p.warp.empty()) z |= 2;
  if (!p.discard.empty() && may_draw_discard(s)) z |= 4;
  return z;
}

void state::do_draw_deck(int s, int n) {
  player& p = players_[s];
  int drawn = 0;
  while (drawn < n && !p.deck.empty() && p.hand.size < max_deck_cards) {
    p.hand.push(p.deck.pop());
    ++drawn;
  }
  if (drawn) note(event_kind::drew, s, no_card, drawn);
}

void state::draw_one(int s, int zone, copy_id warp_card) {
  player& p = players_[s];
  copy_id c = no_card;
  if (zone == pb::DRAW_DECK) {
    c = p.deck.pop();
    note(event_kind::drew, s, no_card, 1);
  } else if (zone == pb::DRAW_WARP) {
    c = warp_card;
    remove(p.warp, c);
    note(event_kind::drew_card, s, c, pb::DRAW_WARP);
  } else {
    c = p.discard.pop();
    note(event_kind::drew_card, s, c, pb::DRAW_DISCARD);
  }
  p.hand.push(c);
}

// Learn a Lesson (decision): the top card of your Discard Zone (the last thing you learned
// the hard way), else the top of your Deck, goes face up into your Personal Zone; its effects
// apply until Act Cleanup. At most 6 Lessons.
void state::learn(int s) {
  player& p = players_[s];
  if (p.lessons.size >= max_personal) return;
  copy_id c = no_card;
  if (!p.discard.empty()) c = p.discard.pop();
  else if (!p.deck.empty()) c = p.deck.pop();
  if (c == no_card) return;
  p.lessons.push(c);
  if (step_ == phase::ship) ++p.next_act_lessons;
  note(event_kind::lesson, s, c);
}

void state::start_project(int s, copy_id c) {
  player& p = players_[s];
  remove(p.hand, c);
  p.projects.push(c);
  if (step_ == phase::ship) ++p.next_act_projects;
  note(event_kind::project, s, c);
}

// Boon outcomes cards declare (almanac "Boons"): your own cards in play, the cards the
// others confront with (the Confrontation Zone is unowned, so theirs are "available to all
// players"), and the Challenge.
int state::declared_boons(int s, std::array<effect, 8>* out) const {
  int n = 0;
  const auto take = [&](copy_id c) {
    for (const effect& e : card_of(c).effects)
      if (e.kind == style::boon_outcome && n < 8) {
        if (out) (*out)[static_cast<std::size_t>(n)] = e;
        ++n;
      }
  };
  for_each_in_play(s, take);
  if (revealed_)
    for (int o = 0; o < seats_; ++o)
      if (o != s && players_[o].confronting != no_card) take(players_[o].confronting);
  if (challenge_ != no_challenge)
    for (const effect& e : content_->challenges[challenge_].effects)
      if (e.kind == style::boon_outcome && n < 8) {
        if (out) (*out)[static_cast<std::size_t>(n)] = e;
        ++n;
      }
  return n;
}

void state::run(const frame& f) {
  const effect& e = f.e;
  const int s = f.seat;
  player& p = players_[s];
  const int n = e.amount;
  const auto count = [](int x) { return static_cast<std::int8_t>(std::clamp(x, 0, 100)); };
  switch (e.what) {
    case op::none:
    case op::boost:
    case op::hand_size:
    case op::draw_discard:
    case op::no_deck_draw:
      return;
    case op::draw:
      push(frame{task::draw, f.seat, count(n), 0, {}});
      return;
    case op::shift: {
      int v = 0;
      if (current_value(s, v)) push(frame{task::shift, f.seat, count(n), 0, {}});
      return;
    }
    case op::stockpile:
      if (!p.hand.empty()) push(frame{task::stockpile, f.seat, count(std::min<int>(n, p.hand.size)), 0, {}});
      return;
    case op::warp:
      if (!p.hand.empty()) push(frame{task::warp, f.seat, count(std::min<int>(n, p.hand.size)), 0, {}});
      return;
    case op::discard:
      if (!p.hand.empty()) push(frame{task::discard, f.seat, count(std::min<int>(n, p.hand.size)), 0, {}});
      return;
    case op::sensors:
      for (int i = 0; i < n && !challenge_deck_.empty() && sensors_.size < max_challenge_deck; ++i) {
        const std::uint8_t c = challenge_deck_.pop();
        sensors_.push(c);
        note(event_kind::sensors, 0, no_card, c);
      }
      return;
    case op::produce_energy:
      energy_ = static_cast<std::uint16_t>(std::min(energy_ + n, 999));
      note(event_kind::energy, 0, no_card, n);
      return;
    case op::consume_energy: {
      const int used = std::min<int>(n, energy_);
      energy_ = static_cast<std::uint16_t>(energy_ - used);
      if (used) note(event_kind::energy, 0, no_card, -used);
      return;
    }
    case op::gain_glory:
      p.glory = static_cast<std::uint16_t>(std::min(p.glory + n, 999));
      note(event_kind::glory, s, no_card, n);
      return;
    case op::spend_glory: {
      const int used = std::min<int>(n, p.glory);
      p.glory = static_cast<std::uint16_t>(p.glory - used);
      if (used) note(event_kind::glory, s, no_card, -used);
      return;
    }
    case op::boon:
      // Noted so the log says which card or Challenge grants it; the choice is a later move.
      note(event_kind::boon_granted, f.seat, no_card, std::max(1, n));
      push(frame{task::boon, f.seat, count(std::max(1, n)), 0, {}});
      return;
    case op::demand:
      // Demand N (decision): the Team Leader pays N Energy or the team loses 1 Morale.
      if (energy_ >= n) push(frame{task::demand, static_cast<std::uint8_t>(team_leader()), count(n), 0, {}});
      else lose_morale(1);
      return;
    case op::morale:
      if (n >= 0) {
        morale_ = static_cast<std::uint8_t>(std::min(morale_ + n, 200));
        if (n) note(event_kind::morale, 0, no_card, n);
      } else {
        lose_morale(-n);
      }
      return;
    case op::damage:
      // Crew Damage N (decision): the top N cards of the Deck go to the Discard Zone, face up.
      for (int i = 0; i < n && !p.deck.empty(); ++i) {
        const copy_id c = p.deck.pop();
        p.discard.push(c);
        note(event_kind::damage, s, c);
      }
      return;
    case op::learn_lesson:
      for (int i = 0; i < std::max(1, n); ++i) learn(s);
      return;
  }
}

// A frame with exactly one possible answer (or none) resolves by itself, so no seat is asked
// a question without a choice. Returns true when it did something.
bool state::auto_step() {
  frame& f = frames_[frame_count_ - 1u];
  const int s = f.seat;
  player& p = players_[s];
  switch (f.kind) {
    case task::run:
    case task::rank:
    case task::confront:
    case task::order:
      return false;
    case task::triggers:
      if (has_trigger(s)) return false;
      next_trigger_seat();
      return true;
    case task::boon: {
      if (f.count <= 0) {
        --frame_count_;
        return true;
      }
      const bool lesson = p.lessons.size < max_personal && (!p.discard.empty() || !p.deck.empty());
      bool project = false;
      for (copy_id c : p.hand.items()) project = project || card_of(c).kind == card_kind::project;
      project = project && p.projects.size < max_personal;
      if (lesson || project || declared_boons(s, nullptr) > 0) return false;
      // Only Glory is left.
      --f.count;
      if (f.count <= 0) --frame_count_;
      p.glory = static_cast<std::uint16_t>(std::min(p.glory + 1, 999));
      note(event_kind::glory, s, no_card, 1);
      return true;
    }
    case task::project: {
      int n = 0;
      copy_id only = no_card;
      for (copy_id c : p.hand.items())
        if (card_of(c).kind == card_kind::project) {
          ++n;
          only = c;
        }
      if (n > 1) return false;
      --frame_count_;
      if (n == 1) start_project(s, only);
      return true;
    }
    case task::shift: {
      int v = 0;
      if (f.count > 0 && current_value(s, v)) return false;
      --frame_count_;
      return true;
    }
    case task::draw: {
      const int z = f.count > 0 && p.hand.size < max_deck_cards ? draw_zones(s) : 0;
      if (z == 0) {
        --frame_count_;
        return true;
      }
      if (z == 1) {
        const int n = f.count;
        --frame_count_;
        do_draw_deck(s, n);
        return true;
      }
      // One possible answer (the Discard Zone alone, or a Warp Zone of one card alone): it
      // happens by itself, a card at a time, as the move would.
      const bool one = z == 4 || (z == 2 && p.warp.size == 1);
      if (!one) return false;
      draw_one(s, z == 4 ? pb::DRAW_DISCARD : pb::DRAW_WARP, z == 2 ? p.warp.top() : no_card);
      if (--f.count <= 0) --frame_count_;
      return true;
    }
    case task::stockpile:
      if (f.count > 0 && p.hand.size > f.count) return false;
      if (f.count > 0 && !p.hand.empty()) {
        // The whole Hand goes: no choice but the order, which nobody sees.
        const int n = std::min<int>(f.count, p.hand.size);
        for (int i = 0; i < n; ++i) {
          const copy_id c = p.hand.take(0);
          for (int k = p.deck.size; k > 0; --k) p.deck.cards[static_cast<std::size_t>(k)] = p.deck.cards[static_cast<std::size_t>(k - 1)];
          p.deck.cards[0] = c;
          ++p.deck.size;
        }
        f.extra = static_cast<std::uint8_t>(f.extra + n);
      }
      {
        const int back = f.extra;
        --frame_count_;
        if (back) note(event_kind::stockpiled, s, no_card, back);
        if (may_draw_deck(s)) do_draw_deck(s, back);
      }
      return true;
    case task::warp:
      if (f.count > 0 && !p.hand.empty()) return false;
      --frame_count_;
      return true;
    case task::discard:
      if (f.count > 0 && p.hand.size > f.count) return false;
      --frame_count_;
      if (f.count > 0)
        while (!p.hand.empty()) {
          const copy_id c = p.hand.take(0);
          p.discard.push(c);
          note(event_kind::discarded, s, c);
        }
      return true;
    case task::demand:
      if (energy_ >= f.count) return false;
      --frame_count_;
      lose_morale(1);
      return true;
  }
  return false;
}

}  // namespace starport::quasar_search
