// The round's flow: Manage, the Stages of Develop, Prepare, Scoring (rules/space_race.md
// "Gameplay"). Each step runs until a seat must decide; `advance` resumes after an action.
#include <algorithm>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::has_seat;
using engine::seat_bit;

int state::active_players() const {
  int n = 0;
  for (int s = 0; s < seats_; ++s) n += !players_[s].resigned;
  return n;
}

int state::turn_seat() const {
  if (step_ == step::develop && turn_ < order_count_ && !has_seat(passed_, order_[turn_]))
    return order_[turn_];
  if (step_ == step::invest) return investor();
  return -1;
}

seat_mask state::must_act() const {
  if (step_ == step::over) return 0;
  if (frame_count_) return seat_bit(frames_[frame_count_ - 1].seat);
  seat_mask m = 0;
  switch (step_) {
    case step::choose:
      for (int s = 0; s < seats_; ++s)
        if (!players_[s].resigned && players_[s].current < 0) m |= seat_bit(s);
      return m;
    case step::declare:
      for (int s = 0; s < seats_; ++s)
        if (area51_pending(s)) m |= seat_bit(s);
      return m;
    default: {
      int s = turn_seat();
      return s >= 0 ? seat_bit(s) : 0;
    }
  }
}

// Steps with nothing to decide run on; every entry point ends here.
void state::advance() {
  while (step_ != step::over) {
    while (frame_count_ && !frame_open(frames_[frame_count_ - 1])) --frame_count_;
    if (frame_count_) return;
    if (ability_underway_) {
      ability_underway_ = false;
      finish_turn();
      continue;
    }
    switch (step_) {
      case step::choose:
        if (must_act()) return;
        reveal_choices();
        break;
      case step::develop:
        if (turn_seat() >= 0) return;
        end_stage();
        break;
      case step::invest:
        if (investor() >= 0) return;
        true_visionaries();
        break;
      case step::reveal:   // True Visionaries is over (Carl Sagan's choices included)
        // Prepare 4: the Initiative Marker moves clockwise (past seats that resigned).
        do {
          initiative_ = static_cast<std::uint8_t>((initiative_ + 1) % seats_);
        } while (players_[initiative_].resigned);
        if (seats_ > 1) note(event_kind::initiative, initiative_, 0);
        ++round_;
        note(event_kind::new_round, 0, round_);
        begin_round();
        break;
      case step::declare:
        if (must_act()) return;
        finish();
        break;
      case step::over: return;
    }
  }
}

// Phase 1, Plan Development: the last round's Control Card joins the used ones; every
// ability is fresh for the new round.
void state::begin_round() {
  step_ = step::choose;
  for (int s = 0; s < seats_; ++s) {
    player& p = players_[s];
    if (p.current >= 0) p.played[p.played_count++] = p.current;
    p.current = -1;
    p.control_used = 0;
    for (int i = 0; i < p.agency.size; ++i) p.agency.cards[i].used = 0;
  }
}

// Phase 1, Unexpected Opportunities: face-down Universe cards and the chosen Control Cards
// turn face up (JFK: a type that received cards is shuffled; then the opponent plays).
void state::reveal_choices() {
  std::array<bool, stage_count> grew{};
  while (!face_down_.empty()) {
    copy_id c = face_down_.pop();
    int t = static_cast<int>(card_of(c).type);
    universe_[t].push(c);
    turned_face_up(c);
    grew[t] = true;
  }
  face_down_placer_.fill(0xff);
  for (int s = 0; s < seats_; ++s)
    if (!players_[s].resigned && players_[s].current >= 0) note(event_kind::controls_revealed, s, players_[s].current);
  if (variant_ == variant::jfk) {
    for (int t = 0; t < stage_count; ++t)
      if (grew[t]) random_.shuffle(universe_[t].cards.data(), universe_[t].size);
    opponent_plays_controls();
  }
  step_ = step::develop;
  begin_stage(0);
}

// "How to Resolve Stages": the order by Stage level, ties to the Initiative holder and then
// clockwise, fixed once before the Stage starts. Bureaucracy starts with the Initiative holder.
void state::begin_stage(int st) {
  stage_ = static_cast<std::uint8_t>(st);
  order_count_ = 0;
  passed_ = 0;
  turn_ = 0;
  std::array<int, max_players> level{};
  for (int k = 0; k < seats_; ++k) {
    int s = (initiative_ + k) % seats_;
    if (players_[s].resigned) continue;
    if (st < bureaucracy_stage) {
      if (players_[s].current < 0 || static_cast<int>(control(players_[s].current).type) != st) continue;
      level[s] = stage_level(s, static_cast<stage>(st));
    } else if (!mandatory_left(s) && !can_still_act(s)) {
      continue;
    }
    order_[order_count_++] = static_cast<std::uint8_t>(s);
  }
  if (st < bureaucracy_stage)
    std::stable_sort(order_.begin(), order_.begin() + order_count_,
                     [&](std::uint8_t a, std::uint8_t b) { return level[a] > level[b]; });
  opponent_after_ = false;
  if (variant_ == variant::jfk && st < bureaucracy_stage && opponent_.level[st] > 0) {
    // JFK, Special Rules: the opponent moves first only with the higher level.
    if (opponent_.level[st] > stage_level(0, static_cast<stage>(st)))
      opponent_turn(st);
    else
      opponent_after_ = true;
  }
  land_turn();
}

// Moves turn_ forward (from where it stands) to a seat still in the Stage; a seat with
// nothing left to use passes by itself.
void state::land_turn() {
  for (int tries = 0; tries < 2 * max_players && order_count_; ++tries) {
    int s = order_[turn_];
    if (!has_seat(passed_, s)) {
      if (can_still_act(s) || mandatory_left(s)) return;
      passed_ |= seat_bit(s);
      note(event_kind::passed_itself, s, 0);   // its "passed" mark appears: the log says why
    }
    turn_ = static_cast<std::uint8_t>((turn_ + 1) % order_count_);
  }
}

void state::finish_turn() {
  if (step_ != step::develop || order_count_ == 0) return;
  turn_ = static_cast<std::uint8_t>((turn_ + 1) % order_count_);
  land_turn();
}

void state::end_stage() {
  if (opponent_after_) {
    opponent_after_ = false;
    opponent_turn(stage_);
  }
  if (stage_ < bureaucracy_stage) return begin_stage(stage_ + 1);
  end_develop();
}

// Phase 2, steps 6–7 (and JFK's Eastern Bloc Pushes Forward).
void state::end_develop() {
  for (int k = 0; k < seats_; ++k) {
    int s = (initiative_ + k) % seats_;
    if (!players_[s].resigned && players_[s].hand.empty()) {
      draw_into(s, 1, zone::hand);   // Emergency Financing
      note(event_kind::drew_hidden, s, 1);
    }
  }
  if (variant_ == variant::jfk) eastern_bloc_pushes();
  order_count_ = 0;
  if (round_ >= last_round) return begin_scoring();
  begin_prepare();
}

// Phase 3, Clever Investments: from the Initiative holder, clockwise.
void state::begin_prepare() {
  step_ = step::invest;
  invest_turn_ = 0;
  invested_ = false;
  next_investor();
}

int state::investor() const {
  if (step_ != step::invest || invest_turn_ >= seats_) return -1;
  return (initiative_ + invest_turn_) % seats_;
}

// Skips seats with an empty Hand (nothing to invest).
void state::next_investor() {
  while (invest_turn_ < seats_) {
    const player& p = players_[investor()];
    if (!p.resigned && !p.hand.empty()) return;
    ++invest_turn_;
  }
}

// Phase 3, steps 2–3: Unexplored Universe, then True Visionaries.
void state::true_visionaries() {
  if (variant_ == variant::jfk) {
    // JFK Phase 3: a Deck card if nothing was invested, one more per Stage the opponent plays.
    int extra = invested_ ? 0 : 1;
    for (int t = 0; t < stage_count; ++t) extra += opponent_.level[t] > 0;
    for (int i = 0; i < extra && !deck_.empty(); ++i) face_down_.push(deck_.pop());
  } else {
    while (face_down_.size < seats_ && !deck_.empty()) face_down_.push(deck_.pop());
  }
  // Shuffle the face-down cards (with who placed them).
  std::array<std::uint16_t, deck_size> both{};
  for (int i = 0; i < face_down_.size; ++i)
    both[i] = static_cast<std::uint16_t>(static_cast<unsigned>(face_down_.cards[i]) | face_down_placer_[i] << 8);
  random_.shuffle(both.data(), face_down_.size);
  for (int i = 0; i < face_down_.size; ++i) {
    face_down_.cards[i] = static_cast<copy_id>(both[i] & 0xff);
    face_down_placer_[i] = static_cast<std::uint8_t>(both[i] >> 8);
  }
  const int reveal = std::min<int>(reveal_count(), face_down_.size);
  // Carl Sagan: his holder (the first from the Initiative holder) chooses which cards.
  const int sagan = sagan_holder();
  step_ = step::reveal;
  if (sagan >= 0 && reveal > 0 && reveal < face_down_.size) {
    frame f;
    f.kind = task::reveal;
    f.seat = static_cast<std::uint8_t>(sagan);
    f.remaining = static_cast<std::uint8_t>(reveal);
    push(f);
    return;
  }
  for (int i = 0; i < reveal; ++i) reveal_face_down(face_down_.size - 1);
}

int state::reveal_count() const { return seats_ == 2 ? 1 : 2; }

int state::sagan_holder() const {
  card_id sagan_id = 0;
  find_card("carl_sagan", sagan_id);
  for (int k = 0; k < seats_; ++k) {
    int s = (initiative_ + k) % seats_;
    if (players_[s].resigned) continue;
    for (const agency_card& a : players_[s].agency.items())
      if (type_of(a.card) == sagan_id) return s;
  }
  return -1;
}

void state::reveal_face_down(int index) {
  copy_id c = face_down_.cards[index];
  for (int k = index; k + 1 < face_down_.size; ++k) face_down_placer_[k] = face_down_placer_[k + 1];
  face_down_placer_[face_down_.size - 1] = 0xff;
  face_down_.take(index);
  universe_[static_cast<int>(card_of(c).type)].push(c);
  turned_face_up(c);
}

// A face-down Universe card turns face up: named in the log, and a fresh id (card_number).
void state::turned_face_up(copy_id c) {
  ids_.renew(static_cast<std::size_t>(c));
  note(event_kind::face_up, 0, static_cast<int>(c));
}

bool state::area51_in_agency(int s) const {
  card_id area51 = 0;
  find_card("area_51", area51);
  for (const agency_card& a : players_[s].agency.items())
    if (type_of(a.card) == area51) return true;
  return false;
}

bool state::area51_pending(int s) const {
  return step_ == step::declare && !players_[s].resigned && players_[s].area51 < 0 &&
         area51_in_agency(s) && best_area51(s) >= 0;
}

// After round 7: Area 51's holder declares its symbol, then the count.
void state::begin_scoring() {
  step_ = step::declare;
  order_count_ = 0;
}

void state::resign(int s) {
  player& p = players_[s];
  p.resigned = true;
  if (frame_count_ && frames_[frame_count_ - 1].seat == s) {
    // Carl Sagan's holder leaves: the cards still to turn are taken as they lie (shuffled).
    const frame& top = frames_[frame_count_ - 1];
    int still = top.kind == task::reveal ? top.remaining : 0;
    frame_count_ = 0;
    for (int i = 0; i < still && !face_down_.empty(); ++i) reveal_face_down(face_down_.size - 1);
  }
  if (active_players() <= (variant_ == variant::jfk ? 0 : 1)) {
    resigned_end_ = true;
    step_ = step::over;
    winners_ = 0;
    for (int o = 0; o < seats_; ++o)
      if (!players_[o].resigned) winners_ |= seat_bit(o);
    return;
  }
  passed_ |= seat_bit(s);
  if (step_ == step::develop && order_count_ && order_[turn_] == s) {
    ability_underway_ = false;
    finish_turn();
  }
  if (step_ == step::invest && investor() == s) {
    ++invest_turn_;
    next_investor();
  }
}

}  // namespace starport::space_race
