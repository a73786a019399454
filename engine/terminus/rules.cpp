// The flow of a match: the Drafts, the Opening, Rounds of Turmoil, Turn Phases and Tidy, the
// Complication Cascade and its response windows. One step after another until a seat must
// decide (docs/rules/terminus.md says why each step is where it is).
#include <algorithm>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::has_seat;
using engine::seat_bit;

// ------------------------------------------------------------------ small queries

int state::players_left() const {
  int n = 0;
  for (int s = 0; s < seats_; ++s) n += !players_[s].out;
  return n;
}

int state::next_in_initiative(int from) const {
  for (int k = 1; k <= seats_; ++k) {
    const int s = (from + k) % seats_;
    if (!players_[s].out) return s;
  }
  return from;
}

int state::hand_complications(int s) const {
  int n = 0;
  for (copy_id c : players_[s].hand.items()) n += card_of(c).type == card_type::complication;
  return n;
}

int state::hand_actions(int s) const {
  int n = 0;
  for (copy_id c : players_[s].hand.items()) n += card_of(c).type == card_type::action;
  return n;
}

int state::active_modules(int s, int sh) const {
  int n = 0;
  for (const module_slot& m : players_[s].ships[sh].module_list()) n += m.face_up;
  return n;
}

int state::total_modules(int s) const {
  int n = 0;
  for (const ship& sh : players_[s].ships)
    if (sh.present) n += sh.module_count;
  return n;
}

int state::best_proximity(int s) const {
  int best = 0;
  for (const ship& sh : players_[s].ships)
    if (sh.present) best = std::max<int>(best, sh.proximity);
  return best;
}

bool state::module_is(copy_id c, subtype t) const { return card_of(c).is(t); }

// A Ship is Crewed with one face-up Member that is not Feral, or (Neural) when every Module
// is Organic and a Neural Module is Active. Face-down cards have no subtypes (Ruling 8).
bool state::crewed(int s, int sh) const {
  const ship& x = players_[s].ships[sh];
  for (const member& m : x.crew_list())
    if (m.face_up && !card_of(m.card).has(keyword::feral)) return true;
  if (x.module_count == 0) return false;
  bool neural = false;
  for (const module_slot& m : x.module_list()) {
    if (!m.face_up || !card_of(m.card).is(subtype::organic)) return false;
    neural = neural || card_of(m.card).has(keyword::neural);
  }
  return neural;
}

// The System a Ship is in: its Starting System at Proximity 0, else the Star Chart's.
copy_id state::system_of(int s, int sh) const {
  const ship& x = players_[s].ships[sh];
  if (x.proximity <= 0) return players_[s].starting_system;
  return x.proximity < terminus ? chart_[x.proximity] : no_card;
}

bool state::system_has(int s, int sh, keyword k) const {
  const copy_id sys = system_of(s, sh);
  return sys != no_card && !system_down(sys) && card_of(sys).has(k);
}

// Brtpb: while Brtpb is your only face-up Member, Certainty Requirements count 1 less.
int state::certainty_for_requirements(int s) const {
  const ship& x = players_[s].ships[0];
  int face_up = 0;
  bool brtpb = false;
  for (const member& m : x.crew_list()) {
    if (!m.face_up) continue;
    ++face_up;
    for (const effect& e : card_of(m.card).effects)
      if (e.kind == op::special && e.named == special::brtpb) brtpb = true;
  }
  return players_[s].certainty + (brtpb && face_up == 1 ? 1 : 0);
}

bool state::requirement_met(int s, const requirement& r, int target_seat, bool action) const {
  if (!r.present()) return true;
  auto cmp = [&](int have) { return r.cmp == compare::at_least ? have >= r.value : have <= r.value; };
  switch (r.on) {
    case resource::certainty: {
      // Brtpb eases an Action's Certainty Requirement either way: >= counts one more
      // Certainty, <= one less. Other conditions on Certainty (a System's, a Member's) as is.
      const int have = players_[s].certainty;
      if (!action) return cmp(have);
      const int eased = certainty_for_requirements(s);
      return r.cmp == compare::at_least ? eased >= r.value : have - (eased - have) <= r.value;
    }
    case resource::reputation: return cmp(players_[s].reputation);
    case resource::intel:
      if (target_seat >= 0 && target_seat < seats_) return cmp(players_[s].intel[target_seat]);
      for (int o = 0; o < seats_; ++o)
        if (o != s && !players_[o].out && cmp(players_[s].intel[o])) return true;
      return false;
    case resource::none: return true;
  }
  return true;
}

bool state::meets_requirement(int s, copy_id c) const {
  return requirement_met(s, card_of(c).needs, -1, card_of(c).type == card_type::action);
}

bool state::needs_opponent(copy_id c) const {
  for (const effect& e : card_of(c).effects)
    if (e.present() && e.who == target::opponent && (e.at == when::play || e.at == when::override ||
                                                     e.at == when::ambush || e.at == when::exhaust))
      return true;
  return false;
}

// The ships an Action or Complication of `s` may target: every Ship of another seat still in
// the game, where the Intel Requirements of the card are met.
bool state::target_allowed(int s, copy_id c, int ts, int tsh) const {
  if (ts < 0 || ts >= seats_ || ts == s || players_[ts].out) return false;
  if (tsh < 0 || tsh >= max_ships || !players_[ts].ships[tsh].present) return false;
  const card_def& d = card_of(c);
  if (d.needs.on == resource::intel && !requirement_met(s, d.needs, ts)) return false;
  for (const effect& e : d.effects)
    if (e.present() && e.only_if.on == resource::intel && !requirement_met(s, e.only_if, ts)) return false;
  return true;
}

bool state::has_target(int s, copy_id c) const {
  for (int o = 0; o < seats_; ++o)
    for (int k = 0; k < max_ships; ++k)
      if (target_allowed(s, c, o, k)) return true;
  return false;
}

bool state::playable_action(int s, copy_id c) const {
  if (card_of(c).type != card_type::action || !meets_requirement(s, c)) return false;
  return !needs_opponent(c) || has_target(s, c);
}

// Ships that play an Action this Turn: present, not in Backslide, not skipping.
int state::ships_to_play(int s) const {
  int n = 0;
  for (const ship& x : players_[s].ships) n += x.present && !x.backslide && !x.skip_play;
  return n;
}

bool state::can_play_action(int s) const {
  int playable = 0;
  for (copy_id c : players_[s].hand.items()) playable += playable_action(s, c);
  return playable >= ships_to_play(s);
}

// ------------------------------------------------------------------ whose move

seat_mask state::must_act() const {
  if (over_) return 0;
  if (frame_count_) {
    const frame& f = frames_[frame_count_ - 1];
    return f.kind == task::run || f.kind == task::after_complication ? 0 : seat_bit(f.seat);
  }
  if (window_ != window::none) return priority_ >= 0 ? seat_bit(priority_) : 0;
  seat_mask m = 0;
  switch (step_) {
    case step::module_draft: case step::recruit_draft: case step::starting_system:
    case step::mulligan: case step::entropy:
      for (int s = 0; s < seats_; ++s)
        if (!players_[s].out && !players_[s].decided) m |= seat_bit(s);
      return m;
    case step::play: return play_ship() >= 0 ? seat_bit(active_) : 0;
    default: return 0;
  }
}

// The Play Step's next Ship to play for (-1: none left).
int state::play_ship() const {
  const player& p = players_[active_];
  if (p.deadlocked || p.bustled) return -1;
  for (int k = turn_ship_; k < max_ships; ++k) {
    const ship& x = p.ships[k];
    if (!x.present || x.backslide || x.skip_play) continue;
    std::vector<action> scratch;
    play_step_actions(active_, k, scratch);
    if (!scratch.empty()) return k;
  }
  return -1;
}

// ------------------------------------------------------------------ the flow

void state::advance() {
  for (int guard = 0; guard < 100000 && !over_; ++guard) {
    state_checks();
    if (over_) return;
    if (frame_count_) {
      const frame& f = frames_[frame_count_ - 1];
      if (f.kind == task::run) {
        step_run();
        continue;
      }
      if (f.kind == task::after_complication) {
        finish_complication();
        continue;
      }
      // A choice left with nothing to choose (its cards went meanwhile), or asked of a
      // player who is out of the race, is over.
      std::vector<action> options;
      if (!players_[f.seat].out) frame_actions(f, options);
      if (options.empty()) {
        --frame_count_;
        continue;
      }
      return;   // a seat decides
    }
    if (window_ != window::none) {
      if (priority_ >= 0) return;
      if (cascade_count_) {
        resolve_top();
        continue;
      }
      close_window();
      continue;
    }
    switch (step_) {
      case step::module_draft:
      case step::recruit_draft:
        if (must_act()) return;
        flip_picks();
        break;
      case step::starting_system:
        if (must_act()) return;
        // Every seat has chosen: the choices are shown, a reveal whose abilities resolve
        // (frames) before the Opening's hands are drawn.
        if (sub_ == 0) show_starting_systems();
        else begin_mulligan();
        break;
      case step::mulligan:
        if (must_act()) return;
        make_mulligans();
        // Opening: with exactly 2 players both draw 2 Complications.
        if (seats_ == 2)
          for (int s = 0; s < seats_; ++s) {
            draw_complication(s);
            draw_complication(s);
          }
        begin_round();
        break;
      case step::entropy:
        if (must_act()) return;
        // Entropy: then all players draw one Complication.
        for (int k = 0; k < seats_; ++k) {
          const int s = (initiative_ + k) % seats_;
          if (!players_[s].out) draw_complication(s);
        }
        step_ = step::destiny;
        open_window(window::destiny);
        break;
      case step::destiny:
        // The Destiny window closed with nothing played: the Turn Tracker is filled.
        compute_turn_order();
        begin_turn(order_[0]);
        break;
      case step::start: start_step(); break;
      case step::regroup: regroup_step(); break;
      case step::play:
        if (play_ship() >= 0) return;
        end_play_step();
        break;
      case step::aftermath: aftermath_step(); break;
      case step::end: end_step(); break;
      case step::cleanup: tidy(); break;
      case step::none: case step::initiative: case step::over: return;
    }
  }
}

// ---------------------------------------------------------------- the Drafts

// Every pick turns face up together; their reveal effects resolve in Initiative order.
void state::flip_picks() {
  const bool modules = step_ == step::module_draft;
  // Frames are a stack: push the last seat in Initiative order first.
  for (int k = seats_ - 1; k >= 0; --k) {
    const int s = (initiative_ + k) % seats_;
    player& p = players_[s];
    if (p.out || p.pick == no_card) continue;
    const copy_id c = p.pick;
    p.pick = no_card;
    enter_with_reveal(s, 0, c, modules, event_kind::flipped);
  }
  for (int s = 0; s < seats_; ++s) players_[s].decided = false;
  ++draft_round_;
  bool more = draft_round_ <= draft_picks;
  if (more) {
    more = false;
    for (int s = 0; s < seats_; ++s) {
      const auto& pool = modules ? players_[s].module_pool : players_[s].recruit_pool;
      if (pool.empty() || players_[s].out) players_[s].decided = true;
      else more = true;
    }
  }
  if (more) return;
  // The Draft is over: unselected cards are shuffled into the Upgrade (Gig) Pile.
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    auto& pool = modules ? p.module_pool : p.recruit_pool;
    auto& to = modules ? p.upgrades : p.gigs;
    while (!pool.empty()) to.push(pool.pop());
    random_.shuffle(to.cards.data(), to.size);
    p.decided = false;
  }
  draft_round_ = 1;
  if (modules) {
    step_ = step::recruit_draft;
    for (int s = 0; s < seats_; ++s) players_[s].decided = players_[s].recruit_pool.empty();
  } else {
    step_ = step::starting_system;
    for (int s = 0; s < seats_; ++s) players_[s].decided = players_[s].systems.empty();
  }
}

// The Starting Systems, chosen in secret, are shown together: going from unknown to known,
// they are revealed (Ruling 4), so each one's Chaotic offers and "when revealed" ability
// happen now, as a Discovery's do, in Initiative order (frames are a stack: the last seat's
// are pushed first). The Complication Piles are full then (the first Complications are drawn
// after the Mulligan), so a Chaotic look always finds a card.
void state::show_starting_systems() {
  sub_ = 1;
  for (int s = 0; s < seats_; ++s)
    if (players_[s].starting_system != no_card) note(event_kind::starting_system, s, players_[s].starting_system);
  for (int k = seats_ - 1; k >= 0; --k) {
    const int s = (initiative_ + k) % seats_;
    if (!players_[s].out && players_[s].starting_system != no_card) system_revealed(s, 0, players_[s].starting_system);
  }
}

void state::begin_mulligan() {
  step_ = step::mulligan;
  sub_ = 0;
  for (int s = 0; s < seats_; ++s) {
    draw_actions(s, opening_hand);
    players_[s].decided = players_[s].out;
  }
}

// Every seat has chosen its mulligan in secret (as the Draft picks and the Starting
// Systems): the choices are made together, in Initiative order. The Actions go to the
// Discard Pile (public), and as many are drawn.
void state::make_mulligans() {
  for (int k = 0; k < seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    player& p = players_[s];
    const int mask = p.mulligan;
    p.mulligan = 0;
    if (p.out) continue;
    // The 4 Actions drawn: the last ones of the hand (Prompt.cards).
    std::array<copy_id, opening_hand> hand{};
    const int n = std::min<int>(p.hand.size, opening_hand);
    for (int i = 0; i < n; ++i) hand[i] = p.hand.cards[p.hand.size - n + i];
    int discarded = 0;
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) ++discarded;
    note(event_kind::mulligan, s, no_card, discarded);
    for (int i = 0; i < n; ++i)
      if (mask >> i & 1) {
        remove_from_hand(s, hand[i]);
        p.discard.push(hand[i]);
        note(event_kind::discarded, s, hand[i]);
      }
    if (discarded) draw_actions(s, discarded);
  }
}

// ---------------------------------------------------------------- Rounds

void state::begin_round() {
  ++round_;
  note(event_kind::new_round, 0, no_card, static_cast<int>(std::min<int>(round_, 127)));
  if (round_ > round_limit_) {
    // The safeguard: the Ship nearest the Terminus wins; ties share.
    int best = -1;
    seat_mask w = 0;
    for (int s = 0; s < seats_; ++s) {
      if (players_[s].out) continue;
      const int b = best_proximity(s);
      if (b > best) best = b, w = 0;
      if (b == best) w |= seat_bit(s);
    }
    finish(w, "round_limit");
    return;
  }
  step_ = step::entropy;
  order_count_ = 0;
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    p.turn_place = 0;
    // Entropy: each player with a Complication in hand puts one under their Pile.
    p.decided = p.out || hand_complications(s) == 0;
  }
}

// Turn Order: the Initiative holder first, then the others in ascending Proximity (a
// player's Proximity is their nearest Ship's), ties to the one nearest clockwise from the
// Initiative holder.
void state::compute_turn_order() {
  order_count_ = 0;
  std::array<std::uint8_t, max_players> rest{};
  int n = 0;
  for (int k = 1; k < seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    if (!players_[s].out) rest[n++] = static_cast<std::uint8_t>(s);
  }
  std::stable_sort(rest.begin(), rest.begin() + n,
                   [&](std::uint8_t a, std::uint8_t b) { return best_proximity(a) < best_proximity(b); });
  if (!players_[initiative_].out) order_[order_count_++] = initiative_;
  for (int i = 0; i < n; ++i) order_[order_count_++] = rest[i];
  for (int i = 0; i < order_count_; ++i) players_[order_[i]].turn_place = static_cast<std::uint8_t>(i + 1);
}

void state::begin_turn(int seat) {
  active_ = static_cast<std::uint8_t>(seat);
  step_ = step::start;
  sub_ = 0;
  turn_ship_ = 0;
  player& p = players_[seat];
  p.deadlocked = false;
  p.shady_extra = false;
  p.bustled = false;
  p.detached_this_turn = 0;
}

// Start Step: the Legacies' and Destinies' Start effects (Ruling 2a), Research, then the
// other Start effects (Modules, Recruits, the System, Ship by Ship), Farsight, Runabouts
// detach, Bustling; then the Backslide check.
void state::start_step() {
  player& p = players_[active_];
  switch (sub_++) {
    case 0:
      for (int k = 0; k < max_ships; ++k) {
        ship& x = p.ships[k];
        if (!x.present) continue;
        // Research: after the Ship's first Turn, no Certainty or Proximity gained since its
        // last Turn began. Whether it is due is settled as the Turn starts, so every gain of
        // this Start Step counts for the next Turn, as does Research's own.
        x.research_due = x.had_turn && !x.gained;
        x.gained = false;
        x.had_turn = true;
      }
      // The Special Objects (Legacies, Destinies) first of all (Ruling 2a).
      if (p.ships[0].present) push_special_triggers(active_, when::start_turn);
      return;
    case 1:
      for (int k = 0; k < max_ships; ++k) {
        ship& x = p.ships[k];
        if (!x.present || !x.research_due) continue;
        x.research_due = false;
        // 1 Certainty per Research Module (one trigger, Ruling 2b). A Module ability, it
        // comes before any other Module's, a Recruit's or the System's (Ruling 2).
        int research = 0;
        for (const module_slot& m : x.module_list())
          research += m.face_up && card_of(m.card).has(keyword::research);
        if (research) gain_certainty(active_, k, research);
      }
      for (int k = max_ships - 1; k >= 0; --k)
        if (p.ships[k].present) push_triggers(active_, k, when::start_turn, false);
      return;
    case 2:
      for (int k = max_ships - 1; k >= 0; --k)
        if (p.ships[k].present) farsight(active_, k);
      return;
    case 3:
      if (can_detach(active_)) {
        frame f;
        f.kind = task::detach;
        f.seat = active_;
        push(f);
      }
      return;
    case 4:
      if (crewed(active_, 0) && system_has(active_, 0, keyword::bustling) && !p.upgrades.empty() &&
          p.ships[0].module_count < max_modules) {
        frame f;
        f.kind = task::bustle;
        f.seat = active_;
        push(f);
      }
      return;
    default:
      // After Start Step effects: an Uncrewed Ship begins a Backslide.
      for (int k = 0; k < max_ships; ++k) {
        ship& x = p.ships[k];
        if (x.present && !x.backslide && !crewed(active_, k)) {
          x.backslide = true;
          note(event_kind::backslide, active_, no_card, 0, k);
        }
      }
      step_ = p.bustled ? step::end : step::regroup;
      sub_ = 0;
      return;
  }
}

// Regroup Step: each Ship draws an Action (not in Backslide; Shady: a primary Ship with
// Reputation <= 0 draws two), Regroup effects, then the Deadlock check.
void state::regroup_step() {
  player& p = players_[active_];
  switch (sub_++) {
    case 0:
      for (int k = 0; k < max_ships; ++k) {
        const ship& x = p.ships[k];
        if (!x.present || x.backslide) continue;
        int n = 1;
        if (k == 0 && p.reputation <= 0 && system_has(active_, 0, keyword::shady)) {
          n = 2;
          p.shady_extra = true;
        }
        draw_actions(active_, n);
      }
      return;
    case 1:
      for (int k = max_ships - 1; k >= 0; --k)
        if (p.ships[k].present) push_triggers(active_, k, when::regroup);
      return;
    default:
      if (ships_to_play(active_) > 0 && !can_play_action(active_)) deadlock(active_);
      step_ = step::play;
      sub_ = 0;
      turn_ship_ = 0;
      return;
  }
}

// Deadlock: reveal the Actions of the hand, discard them all, draw 4; no Action this Turn.
void state::deadlock(int s) {
  player& p = players_[s];
  note(event_kind::deadlock, s);
  for (int i = p.hand.size - 1; i >= 0; --i)
    if (card_of(p.hand.cards[i]).type == card_type::action) {
      const copy_id c = p.hand.take(i);
      renew_id(c);
      p.discard.push(c);
      note(event_kind::discarded, s, c);
    }
  draw_actions(s, opening_hand);
  p.deadlocked = true;
}

// After the Play Step's Actions: the hand limit of 4 Actions (Rulings 7b, 7c), then the
// end of the Step, a response window.
void state::end_play_step() {
  player& p = players_[active_];
  step_ = step::aftermath;
  sub_ = 0;
  const bool played = !p.deadlocked && !p.bustled && ships_to_play(active_) > 0;
  // A Shady draw's extra Action is the Aftermath's to discard: the hand limit leaves it, or a
  // Shady Turn would end with one Action fewer than any other (docs/rules/terminus.md).
  const int extra = hand_actions(active_) - opening_hand - (p.shady_extra ? 1 : 0);
  if (played && extra > 0) {
    frame f;
    f.kind = task::discard;
    f.seat = active_;
    f.count = static_cast<std::uint8_t>(extra);
    push(f);
  }
  for (ship& x : p.ships) x.skip_play = false;
  open_window(window::step_end);
}

// Aftermath Step: the Actions go to the Discard Pile (Shady: discard the extra one),
// Aftermath effects, then a Backslide finishes: -3 Proximity, the top Gig joins the Crew.
void state::aftermath_step() {
  player& p = players_[active_];
  switch (sub_++) {
    case 0:
      for (ship& x : p.ships)
        if (x.present) {
          for (int i = 0; i < x.action_count; ++i) p.discard.push(x.actions[i]);
          x.action_count = 0;
        }
      if (p.shady_extra && hand_actions(active_) > 0) {
        frame f;
        f.kind = task::discard;
        f.seat = active_;
        f.count = 1;
        push(f);
      }
      p.shady_extra = false;
      return;
    case 1:
      for (int k = max_ships - 1; k >= 0; --k)
        if (p.ships[k].present) push_triggers(active_, k, when::aftermath);
      return;
    default:
      for (int k = 0; k < max_ships && !p.out; ++k) {
        ship& x = p.ships[k];
        if (!x.present || !x.backslide) continue;
        x.backslide = false;
        x.proximity = static_cast<std::int8_t>(std::max(0, x.proximity - 3));
        note(event_kind::proximity, active_, no_card, x.proximity, k);
        if (p.gigs.empty()) {
          eliminate(active_, "backslide");
          return;
        }
        if (x.crew_count < max_crew) {
          const copy_id gig = p.gigs.pop();
          renew_id(gig);
          enter_with_reveal(active_, k, gig, false, event_kind::joined);
        }
      }
      step_ = step::end;
      sub_ = 0;
      return;
  }
}

// End Step: end-of-Turn effects, the Systems' Hazardous / Comfortable, Feral; Runabouts may
// re-attach; the Marker leaves the Turn Tracker.
void state::end_step() {
  player& p = players_[active_];
  switch (sub_++) {
    case 0:
      for (int k = max_ships - 1; k >= 0; --k)
        if (p.ships[k].present) push_triggers(active_, k, when::end_turn);
      return;
    case 1:
      for (int k = 0; k < max_ships; ++k) {
        ship& x = p.ships[k];
        if (!x.present) continue;
        const bool hazardous = system_has(active_, k, keyword::hazardous);
        const bool comfortable = system_has(active_, k, keyword::comfortable);
        for (int i = 0; i < x.crew_count; ++i) {
          member& m = x.crew[i];
          if (!m.face_up) continue;   // Ruling 8: face-down Morale never changes
          const card_def& d = card_of(m.card);
          int delta = 0;
          if (d.is(subtype::organic)) {
            if (hazardous) delta += d.has(keyword::extremophile) ? 1 : -1;
            if (comfortable && !d.has(keyword::extremophile)) delta += 1;
          }
          if (d.has(keyword::feral)) delta -= 1;
          if (delta == 0) continue;
          m.morale = static_cast<std::int8_t>(std::clamp(m.morale + delta, -100, 100));
          note(event_kind::morale, active_, m.card, m.morale);
        }
      }
      return;
    case 2:
      for (int k = 1; k < max_ships; ++k)
        if (p.ships[k].present && p.ships[k].proximity == p.ships[0].proximity) {
          frame f;
          f.kind = task::reattach;
          f.seat = active_;
          push(f);
          return;
        }
      return;
    default: end_turn(); return;
  }
}

void state::end_turn() {
  players_[active_].turn_place = 0;
  // A peek at a hand (peek_hand) lasts until the end of the peeker's next Turn: one made in
  // this Turn outlasts it.
  player& ending = players_[active_];
  for (int o = 0; o < seats_; ++o)
    if (!(ending.peeks_in_own_turn >> o & 1u)) ending.seen_hand[o] = 0;
  ending.peeks_in_own_turn = 0;
  for (int i = 0; i < order_count_; ++i) {
    const int s = order_[i];
    if (players_[s].turn_place && !players_[s].out) {
      begin_turn(s);
      return;
    }
  }
  step_ = step::cleanup;
  sub_ = 0;
}

// Tidy: Cleanup (Ships with no Modules lose), then the Initiative passes to the player at
// or tied for the lowest Proximity, next clockwise from the holder (the holder last).
void state::tidy() {
  // Every Ship with no Modules loses at once: when that is every player left, nobody wins
  // (one at a time, the last of them would have been left standing).
  seat_mask losing = 0, left = 0;
  for (int s = 0; s < seats_; ++s)
    if (!players_[s].out) {
      left |= seat_bit(s);
      if (total_modules(s) == 0) losing |= seat_bit(s);
    }
  if (losing != 0 && losing == left) {
    for (int s = 0; s < seats_; ++s)
      if (has_seat(losing, s)) {
        players_[s].out = true;
        note(event_kind::eliminated, s);
      }
    finish(0, "no_ship_left");
    return;
  }
  for (int s = 0; s < seats_ && !over_; ++s)
    if (has_seat(losing, s)) eliminate(s, "no_modules");
  if (over_) return;
  int lowest = terminus;
  for (int s = 0; s < seats_; ++s)
    if (!players_[s].out) lowest = std::min(lowest, best_proximity(s));
  for (int k = 1; k <= seats_; ++k) {
    const int s = (initiative_ + k) % seats_;
    if (!players_[s].out && best_proximity(s) == lowest) {
      if (s != initiative_) note(event_kind::initiative, s);
      initiative_ = static_cast<std::uint8_t>(s);
      break;
    }
  }
  begin_round();
}

// ---------------------------------------------------------------- the end

void state::finish(seat_mask winners, const char* reason) {
  if (over_) return;
  over_ = true;
  winners_ = winners;
  reason_ = reason;
  step_ = step::over;
  frame_count_ = 0;
  window_ = window::none;
  priority_ = -1;
  for (int s = 0; s < seats_; ++s)
    if (has_seat(winners, s)) note(event_kind::won, s);
}

void state::eliminate(int seat, const char* reason) {
  player& p = players_[seat];
  if (p.out || over_) return;
  p.out = true;
  note(event_kind::eliminated, seat);
  // Its pending choices go; a response it was asked for counts as a pass.
  int kept = 0;
  for (int i = 0; i < frame_count_; ++i)
    if (frames_[i].seat != seat) frames_[kept++] = frames_[i];
  frame_count_ = static_cast<std::uint8_t>(kept);
  // Its Complications and abilities still on the Cascade go unresolved (a Complication to
  // Dead Space, with no draws for the others): a player out of the race plays no more.
  kept = 0;
  for (int i = 0; i < cascade_count_; ++i) {
    if (cascade_[i].seat != seat) cascade_[kept++] = cascade_[i];
    else if (!cascade_[i].ability) to_dead_space(cascade_[i].card);
  }
  cascade_count_ = static_cast<std::uint8_t>(kept);
  asked_ &= static_cast<seat_mask>(~seat_bit(seat));
  if (priority_ == seat) ask_next();
  const int left = players_left();
  if (left <= 1) {
    seat_mask w = 0;
    for (int s = 0; s < seats_; ++s)
      if (!players_[s].out) w |= seat_bit(s);
    finish(w, left == 1 ? (std::string_view(reason) == "resigned" ? "resigned" : "last_standing") : "no_ship_left");
    return;
  }
  if (turn_under_way() && active_ == seat) {
    // Its Turn ends at once (any frames of other seats already left finish first).
    step_ = step::end;
    sub_ = 3;
  }
}

void state::state_checks() {
  for (int s = 0; s < seats_ && !over_; ++s) {
    player& p = players_[s];
    if (p.out) continue;
    for (int k = 0; k < max_ships; ++k) {
      ship& x = p.ships[k];
      if (!x.present) continue;
      if (x.proximity >= terminus) {
        finish(seat_bit(s), "terminus");
        return;
      }
      // A detached Runabout whose Runabout Module is gone goes to Dead Space whole.
      if (k > 0) {
        bool has = false;
        for (const module_slot& m : x.module_list()) has = has || m.card == x.runabout;
        if (!has) {
          for (const module_slot& m : x.module_list()) to_dead_space(m.card);
          for (const member& m : x.crew_list()) to_dead_space(m.card);
          for (int i = 0; i < x.action_count; ++i) p.discard.push(x.actions[i]);
          x = ship{};
          continue;
        }
      }
      int synthetic = 0;
      for (const module_slot& m : x.module_list())
        synthetic += m.face_up && card_of(m.card).is(subtype::synthetic);
      for (int i = x.crew_count - 1; i >= 0; --i) {
        const member m = x.crew[i];
        if (!m.face_up) continue;
        const card_def& d = card_of(m.card);
        if (d.is(subtype::digital) && synthetic == 0) {
          remove_member(s, k, i);
          to_dead_space(m.card);
        } else if (m.morale <= 0 && !d.has(keyword::petty)) {
          // Morale 0 or less: shuffled into the Gig Pile.
          remove_member(s, k, i);
          p.gigs.push(m.card);
          random_.shuffle(p.gigs.cards.data(), p.gigs.size);
          note(event_kind::left_crew, s, m.card);
        }
      }
    }
    // A player with a detached Runabout and no Module on the primary Ship loses.
    bool runabout = p.ships[1].present || p.ships[2].present;
    if (runabout && p.ships[0].module_count == 0) eliminate(s, "no_modules");
  }
  // Ruling 5: a Ship where the Star Chart has no System (after a Backslide, a buried
  // System…) makes a Discovery while any System Pile has cards.
  for (int s = 0; s < seats_ && !over_; ++s) {
    if (players_[s].out) continue;
    for (int k = 0; k < max_ships; ++k) {
      const ship& x = players_[s].ships[k];
      if (x.present && x.proximity > 0 && x.proximity < terminus && chart_[x.proximity] == no_card)
        discovery(x.proximity, s, k);
    }
  }
}

outcome state::result() const {
  outcome o;
  o.over = over_;
  o.winners = winners_;
  o.reason = reason_;
  return o;
}

}  // namespace starport::terminus
