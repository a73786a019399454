// The Delivery phase: a ship's step, the brawl window later ships may open on a delivery or
// burial, a held (stolen) cargo, delivering, burying, affiliation and the rewards' views.
#include <algorithm>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::has_seat;
using engine::seat_bit;

namespace {

constexpr std::string_view end_delivery_choices[] = {"Ask me", "End it for me"};
constexpr engine::preference_info preference_table[] = {
    {"end_empty_delivery", "End my Delivery when I have nothing to deliver",
     "end your Delivery step for you when your ship has no cargo it may deliver or bury where it is",
     end_delivery_choices},
};

}  // namespace

std::span<const engine::preference_info> state::preferences() { return preference_table; }

// Decided from public information only: on the seat's own Delivery step, whether PASS is
// all it may do (its bays' and held cargo, its location, crew and affiliation are public).
std::optional<action> state::preferred_action(int seat, engine::preference_choices choices) const {
  if (engine::choice_of(choices, 0) != 1 || over_ || frame_count_ || fight_.kind != fight_kind::none) return std::nullopt;
  if (phase_ != phase::delivery || seat != active_ || !has_seat(must_act(), seat)) return std::nullopt;
  std::vector<action> legal;
  legal_actions(seat, legal);
  const action pass = engine::make_action(seat, static_cast<std::uint16_t>(kind::pass));
  if (legal.size() == 1 && legal.front() == pass) return pass;
  return std::nullopt;
}

void state::begin_delivery(int s) {
  active_ = static_cast<std::uint8_t>(s);
  delivery_stopped_ = false;
}

void state::end_delivery() {
  stow_held_cargo(active_);
  done_ = static_cast<std::uint8_t>(done_ | seat_bit(active_));
  delivery_stopped_ = false;
}

// A held cargo not delivered or buried by the end of its thief's Delivery step (stopped, no
// conscious crew, a grudge) is returned to the ship: into a bay if one is open now, else
// under the contract deck, as a cargo received with no open bay.
void state::stow_held_cargo(int s) {
  ship& sh = ships_[s];
  const card_no c = sh.held_cargo;
  if (c == no_card) return;
  sh.held_cargo = no_card;
  for (int b = 0; b < bay_count(s); ++b)
    if (sh.bays[b].empty()) {
      sh.bays[b] = bay{c, 0, false};
      return;
    }
  to_bottom(c);
  note_(note_kind::cargo_to_deck, s, c);
}

// Later players at the same location are asked first, in player order: a brawl needs a
// conscious crew, a bribe that stops it does not (so a crewless ship is asked too; who
// holds a bribe is hidden).
seat_mask state::delivery_window(int s) const {
  seat_mask m = 0;
  for (int o = 0; o < seats_; ++o)
    if (o != s && !ships_[o].out && ships_[o].location == ships_[s].location && order_index(o) > order_index(s))
      m = static_cast<seat_mask>(m | seat_bit(o));
  return m;
}

void state::open_brawl_window(int s, card_no c, bool bury_it) {
  attempt_ = c;
  attempt_bury_ = bury_it;
  const seat_mask m = delivery_window(s);
  if (!m) {
    complete_delivery_attempt();
    return;
  }
  frame f;
  f.kind = task::brawl_ask;
  f.target = static_cast<std::uint8_t>(s);
  f.asked = m;
  ask_next(f, m);
  push(f);
}

void state::complete_delivery_attempt() {
  const card_no c = attempt_;
  attempt_ = no_card;
  const int s = active_;
  if (c == no_card || !holds(s, c)) return;
  // Rulebook "Delivery": it takes at least one conscious crew member; a brawl nobody won
  // can leave none.
  if (!conscious_crew(s)) {
    note_(note_kind::no_crew_left, s, c, ships_[s].held_cargo == c ? 1 : 0);   // 1: held, not aboard
    return;
  }
  if (attempt_bury_) bury(s, c);
  else deliver(s, c);
}

void state::bury(int s, card_no c) {
  ship& sh = ships_[s];
  // The new contract takes the buried one's bay; a held cargo had none, so its replacement
  // needs an open bay (decision: with none open, none is drawn).
  int b = bay_of(s, c);
  remove_card(s, c);
  to_bottom(c);
  for (int i = 0; i < bay_count(s) && b < 0; ++i)
    if (sh.bays[i].empty()) b = i;
  const bool draws = b >= 0 && !contract_deck_.empty();
  if (draws) sh.bays[b] = bay{contract_deck_.pop(), 0, false};
  // The drawn contract is public (a bay's cargo is): the burial's line names it.
  note_(note_kind::buried, s, c, draws ? static_cast<std::int16_t>(sh.bays[b].card) : std::int16_t{-1});
}

void state::deliver(int s, card_no c) {
  ship& sh = ships_[s];
  const contract& k = contract_of(c);
  const int syn = static_cast<int>(k.owner);
  remove_card(s, c);
  track_[syn].push(c);
  last_deliverer_[syn] = static_cast<std::int8_t>(s);
  ++sh.deliveries;
  note_(note_kind::delivered, s, c);
  const int old = sh.affiliation;
  // Reputation: the first delivery places the die at 1; later ones add 1 (max 6), except a
  // delivery that changes the affiliation (the die moves, no gain).
  const bool changing = old >= 0 && old != syn;
  if (!changing) {
    sh.rep = static_cast<std::uint8_t>(std::min(max_rep, sh.rep + 1));
    note_(note_kind::reputation, s, no_card, sh.rep);
  }
  if (track_[syn].size >= to_win_) {
    // The game ends at once. Decision: the deliverer is affiliated with the syndicate they
    // completed (an unaffiliated or changing deliverer moves the die there).
    if (sh.affiliation != syn) affiliate(s, syn);
    int top = -1;
    seat_mask tied = 0;
    for (int o = 0; o < seats_; ++o) {
      if (ships_[o].out || ships_[o].affiliation != syn) continue;
      if (ships_[o].rep > top) { top = ships_[o].rep; tied = 0; }
      if (ships_[o].rep == top) tied = static_cast<seat_mask>(tied | seat_bit(o));
    }
    note_(note_kind::top_reputation, s, no_card, top * 4 + syn);
    // A tie goes to the tied player who made the syndicate's last delivery: the deliverer,
    // who is always affiliated with it now.
    if (has_seat(tied, s) && tied != seat_bit(s)) {
      note_(note_kind::tie_broken, s);
      tied = seat_bit(s);
    }
    finish(tied, "delivery");
    return;
  }
  const int reward = static_cast<int>(k.reward);
  const int views = sh.rep + ability_sum(s, prim::extra_view) + item_sum(s, prim::extra_view);
  if (changing) {
    affiliate(s, syn);
    push_keep(s, reward, views);
    push_keep(s, colour_count, views);
    return;
  }
  if (old == syn) {
    push_keep(s, reward, views);
    return;
  }
  // Unaffiliated: affiliate now (at rep 4 they must), or draw one reward.
  if (sh.rep >= 4) {
    affiliate(s, syn);
    push_keep(s, reward, views);
    push_keep(s, colour_count, views);
    return;
  }
  frame f;
  f.kind = task::affiliate;
  f.seat = static_cast<std::uint8_t>(s);
  f.value = static_cast<std::int8_t>(syn);
  f.mask = static_cast<std::uint8_t>(reward);
  push(f);
}

// Views `count` cards of a deck (colour_count: the bribes) to keep one.
void state::push_keep(int s, int deck_index, int count) {
  frame f;
  f.kind = task::keep_one;
  f.seat = static_cast<std::uint8_t>(s);
  f.flags = frame_reward;
  for (int i = 0; i < count && i < 8; ++i) {
    if (deck_index == colour_count) {
      if (bribes_.empty()) break;
      f.looked[f.look_count++] = bribes_.pop();
    } else {
      if (cantina_[deck_index].empty()) break;
      f.looked[f.look_count++] = cantina_[deck_index].pop();
    }
  }
  if (f.look_count) push(f);
}

}  // namespace starport::scoundrels
