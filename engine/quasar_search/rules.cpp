// The flow: phase after phase until a seat must decide (almanac "Game Phases"; decisions in
// docs/rules/quasar_search.md).
#include <algorithm>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

// ---- Rank and the Team Leader ---------------------------------------------------------------

bool state::outranks(int a, int b) const {
  const player& pa = players_[a];
  const player& pb = players_[b];
  if (pa.rank != pb.rank) return pa.rank > pb.rank;
  const int ra = content_->factions[pa.faction].rankbreaker;
  const int rb = content_->factions[pb.faction].rankbreaker;
  if (ra != rb) return ra > rb;
  return a < b;   // two seats of one faction: the lower seat (decision)
}

int state::rank_order(std::array<std::uint8_t, max_players>& out) const {
  for (int s = 0; s < seats_; ++s) out[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(s);
  // Insertion sort: at most four seats.
  for (int i = 1; i < seats_; ++i)
    for (int k = i; k > 0 && outranks(out[static_cast<std::size_t>(k)], out[static_cast<std::size_t>(k - 1)]); --k)
      std::swap(out[static_cast<std::size_t>(k)], out[static_cast<std::size_t>(k - 1)]);
  return seats_;
}

int state::team_leader() const {
  int best = 0;
  for (int s = 1; s < seats_; ++s)
    if (outranks(s, best)) best = s;
  return best;
}

int state::hand_size(int s) const {
  int n = base_hand_size;
  for_each_in_play(s, [&](copy_id c) {
    for (const effect& e : card_of(c).effects)
      if (e.kind == style::constant && e.what == op::hand_size) n += e.amount;
  });
  return std::clamp(n, 0, max_deck_cards);
}

// ---- What is in play ------------------------------------------------------------------------

bool state::in_play_owned(int s, copy_id c) const {
  bool found = false;
  for_each_in_play(s, [&](copy_id x) { found = found || x == c; });
  return found;
}

bool state::condition_met(condition c) const {
  switch (c) {
    case condition::always: return true;
    case condition::on_success: return resolved_ && success_;
    case condition::on_failure: return resolved_ && !success_;
  }
  return false;
}

// The seats an effect names (almanac "You", "Each Player", "Singling Out a Player"), in Rank
// order. `owner` < 0: an unowned card.
void state::seats_in(who w, int owner, std::array<std::uint8_t, max_players>& out, int& n) const {
  n = 0;
  std::array<std::uint8_t, max_players> order{};
  rank_order(order);
  switch (w) {
    case who::you:
      if (owner >= 0) out[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(owner);
      return;
    case who::each_player:
      for (int i = 0; i < seats_; ++i) out[static_cast<std::size_t>(n++)] = order[static_cast<std::size_t>(i)];
      return;
    case who::team_leader:
    case who::team:
      out[static_cast<std::size_t>(n++)] = order[0];
      return;
    case who::lowest_rank:
      out[static_cast<std::size_t>(n++)] = order[static_cast<std::size_t>(seats_ - 1)];
      return;
    case who::highest_value:
    case who::lowest_value: {
      // Lost in Space is always the lowest and never the highest (almanac "Lost in Space").
      bool any_value = false, any_lost = false;
      int best = 0;
      for (int s = 0; s < seats_; ++s) {
        if (players_[s].confronting == no_card) continue;
        int v = 0;
        if (!current_value(s, v)) {
          any_lost = true;
          continue;
        }
        if (!any_value || (w == who::highest_value ? v > best : v < best)) best = v;
        any_value = true;
      }
      for (int i = 0; i < seats_; ++i) {
        const int s = order[static_cast<std::size_t>(i)];
        if (players_[s].confronting == no_card) continue;
        int v = 0;
        const bool has = current_value(s, v);
        const bool pick = w == who::highest_value ? (has && v == best)
                                                  : (any_lost ? !has : (has && v == best));
        if (pick) out[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(s);
      }
      return;
    }
  }
}

void state::add_pending(const effect& e, int owner, source_kind from, copy_id card) {
  std::array<std::uint8_t, max_players> who_list{};
  int n = 0;
  seats_in(e.target, owner, who_list, n);
  for (int i = 0; i < n && pending_count_ < max_pending; ++i)
    pending_[pending_count_++] = pending{e, who_list[static_cast<std::size_t>(i)], from, card};
}

void state::gather_required(phase p) {
  // The Challenge in the Challenge Zone (unowned), then the Act (Act Start), then each
  // seat's cards in play, Team Leader first. The Team Leader orders them when it matters.
  if (challenge_ != no_challenge)
    for (const effect& e : content_->challenges[challenge_].effects)
      if (e.kind == style::required && e.at == p && condition_met(e.only))
        add_pending(e, -1, source_kind::challenge, no_card);
  if (p == phase::act_start)
    for (const effect& e : act().start)
      if (e.present() && condition_met(e.only)) add_pending(e, -1, source_kind::act, no_card);
  std::array<std::uint8_t, max_players> order{};
  rank_order(order);
  for (int i = 0; i < seats_; ++i) {
    const int s = order[static_cast<std::size_t>(i)];
    for_each_in_play(s, [&](copy_id c) {
      const player_card& card = card_of(c);
      for (const effect& e : card.effects)
        if (e.kind == style::required && e.at == p && condition_met(e.only))
          add_pending(e, s, source_kind::card, c);
      // Adrenaline X: Pre-Cleanup, if the Challenge is successful, Draw X; like any effect,
      // while its card is in play (confronting, or a Lesson).
      if (p == phase::pre_cleanup && card.has(keyword::adrenaline) && resolved_ && success_) {
        effect draw{style::required, phase::pre_cleanup, cost::none, 0, op::draw,
                    static_cast<std::int8_t>(card.adrenaline), who::you, condition::on_success};
        add_pending(draw, s, source_kind::adrenaline, c);
      }
    });
  }
}

// Order matters unless the waiting effects commute (decision: the Team Leader is asked only
// when the order could change the outcome): each only adds to a counter or reveals Sensors,
// or acts on one player's own zones (Draw, Stockpile, Warp, Crew Damage, a Lesson, a
// discard) where no other waiting effect of that kind acts. Players asked to order a Draw of
// theirs against another player's Crew Damage could not see why.
bool state::order_matters() const {
  // The same effect on the same player every time (two Honour Guards: "The Team Leader
  // Shifts 2") comes out the same in any order: nothing to ask.
  const pending& first = pending_[0];
  bool identical = true;
  for (int i = 1; i < pending_count_ && identical; ++i) {
    const pending& p = pending_[static_cast<std::size_t>(i)];
    identical = p.e == first.e && (p.e.target != who::you || p.seat == first.seat);
  }
  if (identical) return false;
  seat_mask touched = 0;   // the players a personal effect acts on
  for (int i = 0; i < pending_count_; ++i) {
    const pending& p = pending_[static_cast<std::size_t>(i)];
    const effect& e = p.e;
    const bool free = e.what == op::produce_energy || e.what == op::gain_glory ||
                      e.what == op::sensors || (e.what == op::morale && e.amount > 0);
    if (free) continue;
    const bool personal = e.what == op::draw || e.what == op::stockpile || e.what == op::warp ||
                          e.what == op::damage || e.what == op::learn_lesson || e.what == op::discard;
    if (!personal) return true;
    seat_mask on = 0;
    if (e.target == who::you) on = engine::seat_bit(p.seat);
    else if (e.target == who::team_leader) on = engine::seat_bit(team_leader());
    else if (e.target == who::each_player) on = static_cast<seat_mask>((1u << seats_) - 1u);
    else return true;   // whose it is depends on the confronting values
    if (touched & on) return true;
    touched = static_cast<seat_mask>(touched | on);
  }
  return false;
}

void state::enter(phase p) {
  for (int s = 0; s < seats_; ++s) players_[s].used_count = 0;
  gather_required(p);
}

// ---- Triggers -------------------------------------------------------------------------------

bool state::trigger_ready(int s, copy_id c, int i) const {
  const effect& e = card_of(c).effects[static_cast<std::size_t>(i)];
  if (e.kind != style::triggered || e.at != step_ || !condition_met(e.only)) return false;
  const player& p = players_[s];
  const std::uint16_t key = static_cast<std::uint16_t>(c << 2 | i);
  for (int k = 0; k < p.used_count; ++k)
    if (p.used[static_cast<std::size_t>(k)] == key) return false;
  if (p.used_count >= p.used.size()) return false;
  // Once paid, its action must be performed (almanac "Triggered Effects"): not offered when it
  // cannot be — a Shift with no valued card to Shift, Sensors with the Challenge Deck empty.
  if (int v = 0; e.what == op::shift && (e.target == who::you || e.target == who::team_leader) &&
                 !current_value(e.target == who::you ? s : team_leader(), v))
    return false;
  if (e.what == op::sensors && challenge_deck_.empty()) return false;
  switch (e.pay) {
    case cost::none: return true;
    case cost::spend_glory: return p.glory >= e.cost_amount;
    case cost::consume_energy: return energy_ >= e.cost_amount;
    case cost::discard_card: return p.hand.size >= e.cost_amount;
    case cost::lose_morale: return morale_ > e.cost_amount;
  }
  return false;
}

bool state::has_trigger(int s) const {
  bool any = false;
  for_each_in_play(s, [&](copy_id c) {
    for (int i = 0; i < max_card_effects && !any; ++i) any = trigger_ready(s, c, i);
  });
  return any;
}

void state::open_triggers() {
  window_ = 0;
  std::array<std::uint8_t, max_players> order{};
  rank_order(order);
  for (; window_ < seats_; ++window_) {
    const int s = order[window_];
    if (has_trigger(s)) {
      push(frame{task::triggers, static_cast<std::uint8_t>(s), 0, 0, {}});
      return;
    }
  }
}

void state::next_trigger_seat() {
  --frame_count_;   // the triggers frame on top
  std::array<std::uint8_t, max_players> order{};
  rank_order(order);
  for (++window_; window_ < seats_; ++window_) {
    const int s = order[window_];
    if (has_trigger(s)) {
      push(frame{task::triggers, static_cast<std::uint8_t>(s), 0, 0, {}});
      return;
    }
  }
}

void state::perform_trigger(int s, copy_id c, int i) {
  player& p = players_[s];
  const effect& e = card_of(c).effects[static_cast<std::size_t>(i)];
  p.used[p.used_count++] = static_cast<std::uint16_t>(c << 2 | i);
  // The action waits under the cost; a cost paid at once goes first.
  push(frame{task::run, static_cast<std::uint8_t>(s), 0, 0, e});
  switch (e.pay) {
    case cost::none: break;
    case cost::spend_glory:
      p.glory = static_cast<std::uint16_t>(p.glory - e.cost_amount);
      note(event_kind::glory, s, no_card, -e.cost_amount);
      break;
    case cost::consume_energy:
      energy_ = static_cast<std::uint16_t>(energy_ - e.cost_amount);
      note(event_kind::energy, 0, no_card, -e.cost_amount);
      break;
    case cost::discard_card:
      push(frame{task::discard, static_cast<std::uint8_t>(s), e.cost_amount, 0, {}});
      break;
    case cost::lose_morale:
      morale_ = static_cast<std::uint8_t>(morale_ - e.cost_amount);
      note(event_kind::morale, 0, no_card, -e.cost_amount);
      break;
  }
}

// ---- The loop -------------------------------------------------------------------------------

void state::advance() {
  while (!over_) {
    if (frame_count_) {
      const frame& f = frames_[frame_count_ - 1u];
      if (f.kind == task::run) {
        const frame copy = f;
        --frame_count_;
        run(copy);
        continue;
      }
      if (auto_step()) continue;
      return;
    }
    if (pending_count_) {
      if (!printed_order_ && pending_count_ >= 2 && order_matters()) {
        close_source();
        push(frame{task::order, static_cast<std::uint8_t>(team_leader()), 0, 0, {}});
        return;
      }
      const pending p = pending_[0];
      std::copy(pending_.begin() + 1, pending_.begin() + pending_count_, pending_.begin());
      --pending_count_;
      open_source(p, true);
      push(frame{task::run, p.seat, 0, 0, p.e});
      continue;
    }
    close_source();
    next_stage();
  }
}

bool state::phase_effects() {
  if (sub_ == 0) {
    enter(step_);
    sub_ = 1;
    return false;
  }
  if (sub_ == 1) {
    open_triggers();
    sub_ = 2;
    return false;
  }
  return true;
}

void state::next_stage() {
  switch (step_) {
    case phase::mission_setup:
      step_ = phase::player_setup;
      sub_ = 0;
      return;
    case phase::player_setup:
      if (!phase_effects()) return;
      step_ = phase::act_setup;
      sub_ = 0;
      return;
    case phase::act_setup:
      if (sub_ == 0) {
        begin_act();
        sub_ = 1;
        return;
      }
      if (sub_ == 1) {
        // Each player chooses one of their available Rank cards, in secret.
        bool any = false;
        for (int s = 0; s < seats_; ++s) {
          player& p = players_[s];
          p.rank = 0;
          p.rank_pick = -1;
          p.chose = false;
          const int left = rank_cards - std::popcount(static_cast<unsigned>(p.ranks_used & 7u));
          if (left == 0) p.ranks_used = 0;   // every Rank card used: they all come back
          int only = -1, count = 0;
          for (int r = 0; r < rank_cards; ++r)
            if (!(p.ranks_used >> r & 1u)) {
              only = r;
              ++count;
            }
          if (count == 1) {
            p.rank_pick = static_cast<std::int8_t>(only);
            p.chose = true;
          } else {
            any = true;
          }
        }
        sub_ = 2;
        if (any) push(frame{task::rank, 0, 0, 0, {}});
        else reveal_ranks();
        return;
      }
      // Morale tokens: each player's Morale Number (EASY: one more each).
      {
        int m = 0;
        for (int s = 0; s < seats_; ++s) m += faction_of(s).morale + morale_bonus_;
        morale_ = static_cast<std::uint8_t>(std::min(m, 200));
      }
      broken_ = false;
      step_ = phase::act_start;
      sub_ = 0;
      return;
    case phase::act_start:
      if (!phase_effects()) return;
      step_ = phase::challenge_setup;
      sub_ = 0;
      return;
    case phase::challenge_setup:
      if (sub_ == 0 && !begin_challenge()) return;
      if (!phase_effects()) return;
      step_ = phase::challenge_start;
      sub_ = 0;
      return;
    case phase::challenge_start:
      if (!phase_effects()) return;
      step_ = phase::pre_confrontation;
      sub_ = 0;
      return;
    case phase::pre_confrontation:
      if (!phase_effects()) return;
      step_ = phase::confrontation;
      sub_ = 0;
      return;
    case phase::confrontation:
      if (sub_ == 0) {
        // Each player confronts with exactly one card, chosen in secret. Under Overcommit the
        // top card of the Deck goes in; with no valid card, a new Lost in Space.
        bool any = false;
        for (int s = 0; s < seats_; ++s) {
          player& p = players_[s];
          p.shift = 0;
          p.chose = false;
          p.confronting = no_card;
          if (under_overcommit(s)) {
            p.confronting = p.deck.empty() ? make_copy(s, lost_slot) : p.deck.pop();
            p.chose = true;
            continue;
          }
          if (p.hand.empty() && p.projects.empty()) {
            p.confronting = make_copy(s, lost_slot);
            p.chose = true;
            continue;
          }
          any = true;
        }
        sub_ = 1;
        if (any) push(frame{task::confront, 0, 0, 0, {}});
        return;
      }
      reveal();
      step_ = phase::pre_resolution;
      sub_ = 0;
      return;
    case phase::pre_resolution:
      if (!phase_effects()) return;
      step_ = phase::resolution;
      sub_ = 0;
      return;
    case phase::resolution:
      if (sub_ == 0) {
        resolve_challenge();
        sub_ = 1;
        return;
      }
      printed_order_ = false;
      // A Shift stops applying after Resolution.
      for (int s = 0; s < seats_; ++s) players_[s].shift = 0;
      step_ = phase::pre_cleanup;
      sub_ = 0;
      // Every failed Challenge costs the team 1 Morale (decision), after its Failure results.
      if (!success_) lose_morale(1, event_kind::failure_cost);
      return;
    case phase::pre_cleanup:
      if (!phase_effects()) return;
      step_ = phase::cleanup;
      sub_ = 0;
      return;
    case phase::cleanup:
      if (!phase_effects()) return;
      cleanup_challenge();
      step_ = phase::challenge_setup;
      sub_ = 0;
      return;
    case phase::act_resolution:
      act_resolution();
      return;
    case phase::ship:
      if (sub_ < 2) {
        phase_effects();
        return;
      }
      if (sub_ == 2) {
        // Ship Phase (decision): each player, lowest Rank pushed first so the Team Leader goes
        // first, is granted a Boon, then may Warp up to 2.
        std::array<std::uint8_t, max_players> order{};
        rank_order(order);
        for (int i = seats_ - 1; i >= 0; --i) {
          const std::uint8_t s = order[static_cast<std::size_t>(i)];
          push(frame{task::warp, s, static_cast<std::int8_t>(ship_warp), 0, {}});
          push(frame{task::boon, s, 1, 0, {}});
        }
        sub_ = 3;
        return;
      }
      step_ = phase::act_cleanup;
      sub_ = 0;
      return;
    case phase::act_cleanup:
      act_cleanup();
      act_ = next_act_;
      step_ = phase::act_setup;
      sub_ = 0;
      return;
    default:
      over_ = true;
      return;
  }
}

void state::reveal_ranks() {
  const faction_def* f = nullptr;
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    f = &faction_of(s);
    if (p.rank_pick < 0) continue;
    p.rank = f->ranks[static_cast<std::size_t>(p.rank_pick)];
    p.ranks_used |= static_cast<std::uint8_t>(1u << p.rank_pick);
    p.rank_pick = -1;
    p.chose = false;
  }
  note(event_kind::ranks_revealed, static_cast<std::uint8_t>(team_leader()));
}

void state::deal_challenge_deck() {
  // The Challenge Deck: `per_act_` of the Act's Challenges at random (a position may list it).
  if (challenge_deck_.empty()) {
    std::array<std::uint8_t, 256> all{};
    int n = 0;
    for (std::size_t i = 0; i < content_->challenges.size() && n < 256; ++i)
      if (content_->challenges[i].act == act().sequence) all[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(i);
    random_.shuffle(all.data(), n);
    const int take = std::min({n, static_cast<int>(per_act_), max_challenge_deck});
    for (int i = 0; i < take; ++i) challenge_deck_.push(all[static_cast<std::size_t>(i)]);
  }
}

void state::begin_act() {
  ++acts_played_;
  note(event_kind::act_begins, 0, no_card, static_cast<std::int8_t>(act_));
  successes_ = 0;
  failures_ = 0;
  deal_challenge_deck();
  // Each player Draws up to their Hand Size (a Draw: the Warp Zone is open to it). The
  // lowest seat is pushed last so it draws first.
  for (int s = seats_ - 1; s >= 0; --s) {
    const int want = hand_size(s) - players_[s].hand.size;
    if (want > 0) push(frame{task::draw, static_cast<std::uint8_t>(s), static_cast<std::int8_t>(want), 0, {}});
  }
}

bool state::begin_challenge() {
  // No Challenge left: the Act resolves, even when the safeguard's limit is reached too (the
  // Act's own Ending comes first; the limit stops only a Challenge that would be played).
  if (sensors_.empty() && challenge_deck_.empty()) {
    step_ = phase::act_resolution;
    sub_ = 0;
    return false;
  }
  if (challenges_played_ >= limit_) {
    note(event_kind::safeguard, 0);
    finish(content_->mission->safeguard_letter, "challenge_limit");
    return false;
  }
  // Challenge Setup: the first card of the Sensors Zone, else the top of the Challenge Deck.
  challenge_ = !sensors_.empty() ? sensors_.take(0) : challenge_deck_.pop();
  ++challenges_played_;
  resolved_ = false;
  success_ = false;
  revealed_ = false;
  for (int s = 0; s < seats_; ++s) {
    players_[s].confronting = no_card;
    players_[s].shift = 0;
  }
  note(event_kind::challenge, 0, no_card, static_cast<std::int8_t>(challenge_));
  return true;
}

void state::reveal() {
  revealed_ = true;
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    const copy_id c = p.confronting;
    p.chose = false;
    bool picked = false;   // from the Hand or a Project; else Overcommit took the Deck's top
    if (holds(p.hand, c)) {
      remove(p.hand, c);
      picked = true;
    }
    for (int i = 0; i < p.projects.size; ++i)
      if (p.projects.cards[static_cast<std::size_t>(i)] == c) {
        p.projects.take(i);
        picked = true;
        break;
      }
    if (slot_of(c) == lost_slot) note(event_kind::lost_in_space, static_cast<std::uint8_t>(s));
    else note(event_kind::revealed, static_cast<std::uint8_t>(s), c, picked ? 0 : 1);
  }
}

bool state::current_value(int s, int& out) const {
  const player& p = players_[s];
  if (p.confronting == no_card) return false;
  const player_card& c = card_of(p.confronting);
  if (!c.has_value || c.kind == card_kind::lost_in_space) return false;
  out = std::clamp(c.value + p.shift + boost_of(s), min_value, max_value);
  return true;
}

bool state::judge() const {
  const challenge_def& ch = content_->challenges[challenge_];
  const int number = ch.per_player ? ch.number * seats_ : ch.number;
  int total = 0, lowest = 0, highest = 0, odd = 0, cards = 0, valued = 0;
  bool lost = false, all_equal = true, all_different = true;
  std::array<int, max_players> values{};
  for (int s = 0; s < seats_; ++s) {
    if (players_[s].confronting == no_card) continue;
    ++cards;
    int v = 0;
    if (!current_value(s, v)) {
      lost = true;
      all_equal = false;   // no value is never equal to anything
      continue;
    }
    for (int k = 0; k < valued; ++k) {
      if (values[static_cast<std::size_t>(k)] == v) all_different = false;
      else all_equal = false;
    }
    values[static_cast<std::size_t>(valued++)] = v;
    total += v;
    if (valued == 1 || v < lowest) lowest = v;
    if (valued == 1 || v > highest) highest = v;
    if (v % 2 != 0) ++odd;
  }
  switch (ch.target) {
    case target_kind::all_out: return total >= number;
    case target_kind::nobody_left_behind: return !lost && valued > 0 && lowest >= number;
    case target_kind::thread_the_needle: return total == number;
    case target_kind::stand_together: return !lost && all_equal;
    case target_kind::spearhead: return valued > 0 && highest >= number;
    case target_kind::all_different: return all_different;
    case target_kind::low_profile: return total <= number;
    case target_kind::split_decision: return odd >= number;
    case target_kind::none: return false;
  }
  (void)cards;
  return false;
}

void state::resolve_challenge() {
  success_ = judge();
  resolved_ = true;
  last_judged_ = judged_record{};
  last_judged_.challenge = challenge_;
  last_judged_.success = success_;
  for (int s = 0; s < seats_; ++s) {
    const copy_id c = players_[s].confronting;
    if (c == no_card) continue;
    last_judged_.cards[static_cast<std::size_t>(s)] = c;
    last_judged_.confronted = static_cast<std::uint8_t>(last_judged_.confronted | 1u << s);
    int v = 0;
    if (current_value(s, v)) {
      last_judged_.values[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(std::clamp(v, -128, 127));
      last_judged_.valued = static_cast<std::uint8_t>(last_judged_.valued | 1u << s);
    }
  }
  if (success_) ++successes_;
  else ++failures_;
  note(event_kind::judged, 0, no_card, success_ ? 1 : 0);
  // The Result: the box's effects in printed order, each made personal in Rank order.
  const challenge_def& ch = content_->challenges[challenge_];
  printed_order_ = true;
  for (const effect& e : success_ ? ch.success : ch.failure)
    if (e.present()) add_pending(e, -1, source_kind::challenge, no_card);
}

void state::cleanup_challenge() {
  // Each confronting card to its owner's Discard Zone (Lost in Space back in the box; an
  // Overcommit card to the Personal Zone, the one already there to the Discard Zone).
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    while (!p.overcommit.empty()) p.discard.push(p.overcommit.take(0));
    // A Lesson with Overcommit is in the Personal Zone too: its Cleanup effect discards it.
    for (int i = p.lessons.size - 1; i >= 0; --i) {
      if (!card_of(p.lessons.cards[static_cast<std::size_t>(i)]).has(keyword::overcommit)) continue;
      if (i >= p.lessons.size - p.next_act_lessons) --p.next_act_lessons;
      p.discard.push(p.lessons.take(i));
    }
    const copy_id c = p.confronting;
    p.confronting = no_card;
    p.shift = 0;
    if (c == no_card || slot_of(c) == lost_slot) continue;
    if (card_of(c).has(keyword::overcommit)) p.overcommit.push(c);
    else p.discard.push(c);
  }
  // The Challenge card back in the box (the almanac's "Confrontation Zone" read as the
  // Challenge Zone).
  challenge_ = no_challenge;
  revealed_ = false;
  resolved_ = false;
}

void state::lose_morale(int n, event_kind why) {
  if (n <= 0) return;
  const int before = morale_;
  morale_ = static_cast<std::uint8_t>(std::max(0, before - n));
  if (morale_ != before) note(why, 0, no_card, static_cast<std::int8_t>(morale_ - before));
  const bool in_act = step_ >= phase::act_start && step_ <= phase::cleanup;
  if (morale_ == 0 && in_act && !broken_) break_morale();
}

// Morale at 0: the Act ends at once (decision). Whatever was waiting is dropped, the
// Confrontation is cleaned up, and Act Resolution takes the Act's "broken" branch.
void state::break_morale() {
  broken_ = true;
  note(event_kind::broken, 0);
  frame_count_ = 0;
  pending_count_ = 0;
  printed_order_ = false;
  if (challenge_ != no_challenge) {
    for (int s = 0; s < seats_; ++s) {
      player& p = players_[s];
      // Before the reveal a pick is still in its Hand or Projects; an Overcommit draw goes back on top.
      const bool placed = revealed_ || (p.confronting != no_card && !holds(p.hand, p.confronting) &&
                                        [&] { for (copy_id c : p.projects.items()) if (c == p.confronting) return false; return true; }());
      if (p.confronting != no_card && slot_of(p.confronting) != lost_slot && placed) {
        if (revealed_) p.discard.push(p.confronting);
        else p.deck.push(p.confronting);
      }
      p.confronting = no_card;
      p.chose = false;
      p.shift = 0;
    }
    challenge_ = no_challenge;
  }
  revealed_ = false;
  resolved_ = false;
  step_ = phase::act_resolution;
  sub_ = 0;
}

void state::act_resolution() {
  const act_def& a = act();
  const next_step n = broken_ ? a.on_broken
                              : (successes_ >= a.success_at_least && failures_ <= a.failures_at_most ? a.on_success
                                                                                                    : a.on_failure);
  note(event_kind::act_ends, 0, no_card, static_cast<std::int8_t>(successes_));
  if (n.letter || n.sequence == 0) {
    finish(n.letter ? n.letter : content_->mission->safeguard_letter, "ending");
    return;
  }
  const int next = find_act(*content_, n.sequence);
  if (next < 0) {
    finish(content_->mission->safeguard_letter, "ending");
    return;
  }
  next_act_ = static_cast<std::uint8_t>(next);
  step_ = phase::ship;
  sub_ = 0;
}

void state::act_cleanup() {
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    p.rank = 0;   // the Rank card back in the box
    // The Personal Zone's cards to the Discard Zone, but for those the Ship Phase just put
    // there for the next Act (docs/rules/quasar_search.md, "Ship Phase").
    auto clear = [&p](auto& zone, std::uint8_t& next_act) {
      const int keep = std::min<int>(next_act, zone.size);
      const int gone = zone.size - keep;
      for (int i = 0; i < gone; ++i) p.discard.push(zone.cards[static_cast<std::size_t>(i)]);
      for (int i = 0; i < keep; ++i) zone.cards[static_cast<std::size_t>(i)] = zone.cards[static_cast<std::size_t>(gone + i)];
      zone.size = static_cast<std::uint8_t>(keep);
      next_act = 0;
    };
    clear(p.projects, p.next_act_projects);
    clear(p.lessons, p.next_act_lessons);
    for (copy_id c : p.overcommit.items()) p.discard.push(c);
    p.overcommit.size = 0;
    // The Hand, shuffled, under the Deck.
    random_.shuffle(p.hand.cards.data(), p.hand.size);
    const int h = p.hand.size;
    if (h > 0) {
      for (int i = p.deck.size - 1; i >= 0; --i) p.deck.cards[static_cast<std::size_t>(i + h)] = p.deck.cards[static_cast<std::size_t>(i)];
      for (int i = 0; i < h; ++i) p.deck.cards[static_cast<std::size_t>(i)] = p.hand.cards[static_cast<std::size_t>(i)];
      p.deck.size = static_cast<std::uint8_t>(p.deck.size + h);
      p.hand.size = 0;
    }
  }
  // Challenges left in the deck or in Sensors go back in the box.
  challenge_deck_.size = 0;
  sensors_.size = 0;
}

void state::finish(char letter, const char* reason) {
  over_ = true;
  ending_ = letter;
  victory_ = false;
  for (const ending_def& e : content_->mission->endings)
    if (e.letter == letter) victory_ = e.victory;
  reason_ = victory_ ? "mission_accomplished" : reason;
  if (!victory_ && std::string_view(reason) == "ending") reason_ = "mission_failed";
  step_ = phase::mission_resolution;
  frame_count_ = 0;
  pending_count_ = 0;
  note(event_kind::ending, 0, no_card, letter);
}

outcome state::result() const {
  if (!over_) return {};
  const seat_mask all = static_cast<seat_mask>((1u << seats_) - 1u);
  return {true, victory_ ? all : seat_mask{0}, reason_};
}

}  // namespace starport::quasar_search
