// Checking, listing and applying actions. An action is legal exactly when the seat's
// legal list holds it, so the two can never disagree.
#include <algorithm>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::has_seat;
using engine::refuse;
using engine::rule_error;
using engine::seat_bit;

namespace {

bool before(const action& a, const action& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  if (a.argc != b.argc) return a.argc < b.argc;
  for (int i = 0; i < a.argc; ++i)
    if (a.args[i] != b.args[i]) return a.args[i] < b.args[i];
  return false;
}

}  // namespace

void state::legal_actions(int seat, std::vector<action>& out) const {
  out.clear();
  if (seat < 0 || seat >= seats_ || !has_seat(must_act(), seat)) return;
  if (frame_count_) {
    frame_actions(frames_[frame_count_ - 1], out);
  } else {
    const player& p = players_[seat];
    switch (step_) {
      case step::choose:   // Plan Development: one of the remaining Control Cards
        for (int k = 0; k < control_count; ++k)
          if (p.unused >> k & 1u) out.push_back(engine::make_action(seat, static_cast<std::uint16_t>(kind::choose), k));
        break;
      case step::develop: turn_actions(seat, out); break;
      case step::invest: {   // Clever Investments: any number, down to the Hand limit
        for (int i = 0; i < p.hand.size; ++i) {
          action a = engine::make_action(seat, static_cast<std::uint16_t>(kind::pick));
          a.argc = 3;
          a.args = {static_cast<int>(pick_zone::hand), seat, i, 0};
          out.push_back(a);
        }
        if (p.hand.size <= hand_limit(seat))
          out.push_back(engine::make_action(seat, static_cast<std::uint16_t>(kind::done)));
        break;
      }
      case step::declare: {
        const auto base = symbols_of(seat, -1);
        for (int c = 0; c < category_count; ++c)
          if (base[c] > 0) out.push_back(engine::make_action(seat, static_cast<std::uint16_t>(kind::declare), c));
        break;
      }
      default: break;
    }
  }
  std::sort(out.begin(), out.end(), before);
}

verdict state::check(const action& a) const {
  if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat at this table");
  if (step_ == step::over) return refuse(rule_error::game_over, "the match is over");
  if (a.kind > static_cast<std::uint16_t>(kind::declare))
    return refuse(rule_error::unknown_action, "Space Race has no such action");
  if (a.kind == static_cast<std::uint16_t>(kind::resign)) {
    if (a.argc != 0) return refuse(rule_error::bad_argument, "resign takes no arguments");
    if (players_[a.seat].resigned) return refuse(rule_error::illegal_action, "this seat has resigned");
    return engine::ok();
  }
  if (!has_seat(must_act(), a.seat)) return refuse(rule_error::not_your_turn, "nothing for this seat to do now");
  std::vector<action> legal;
  legal_actions(a.seat, legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return engine::ok();
  bool same_kind = std::any_of(legal.begin(), legal.end(), [&](const action& l) { return l.kind == a.kind; });
  if (same_kind) return refuse(rule_error::bad_argument, "not one of the choices open now");
  return refuse(rule_error::illegal_action, "the rules do not allow this action now");
}

void state::note(event_kind k, int seat, int card_or_count, int extra) {
  if (event_count_ >= max_events) {
    events_cut_ = true;
    return;
  }
  events_[event_count_++] = {k, static_cast<std::uint8_t>(seat), static_cast<std::uint8_t>(card_or_count),
                             static_cast<std::uint8_t>(extra)};
}

void state::apply(const action& a) {
  const int seat = a.seat;
  player& p = players_[seat];
  event_count_ = 0;
  events_cut_ = false;
  was_over_ = step_ == step::over;
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: resign(seat); break;
    case kind::choose:   // the choice stays hidden until every seat has chosen
      p.current = static_cast<std::int8_t>(a.args[0]);
      p.unused = static_cast<std::uint16_t>(p.unused & ~(1u << a.args[0]));
      break;
    case kind::use: use(seat, a.args[0], a.args[1]); break;
    case kind::pass:   // "he cannot participate in that Stage anymore"
      passed_ |= seat_bit(seat);
      finish_turn();
      break;
    case kind::declare: p.area51 = static_cast<std::int8_t>(a.args[0]); break;
    default:
      if (frame_count_) {
        apply_frame(a);
      } else if (step_ == step::invest) {
        if (a.kind == static_cast<std::uint16_t>(kind::pick)) {
          deliver(seat, p.hand.take(a.args[2]), zone::universe);
          invested_ = true;
        }
        if (a.kind == static_cast<std::uint16_t>(kind::done) || p.hand.empty()) {
          ++invest_turn_;
          next_investor();
        }
      }
      break;
  }
  advance();
}

action state::timeout_action(int seat) const {
  // Out of time: pass or stop where the rules allow it, otherwise the first open choice.
  std::vector<action> legal;
  legal_actions(seat, legal);
  for (kind k : {kind::pass, kind::done})
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(k)) return a;
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(kind::draw) && a.args[0] == 0) return a;
  if (!legal.empty()) return legal.front();
  return engine::make_action(seat, static_cast<std::uint16_t>(kind::pass));
}

int state::hand_limit(int s) const {
  for (const agency_card& a : players_[s].agency.items())
    if (card_of(a.card).named == special::bigger_hand) return 9;
  return 7;
}

// Hidden from other seats: the Hand (here swapped with the equally hidden Deck) and, until
// everyone has chosen, this round's Control Card.
void state::scramble_hidden(int seat, engine::rng& r) {
  player& p = players_[seat];
  std::array<copy_id, 2 * deck_size> pool{};
  int n = 0;
  for (copy_id c : p.hand.items()) pool[n++] = c;
  for (copy_id c : deck_.items()) pool[n++] = c;
  r.shuffle(pool.data(), n);
  for (int i = 0; i < p.hand.size; ++i) p.hand.cards[i] = pool[i];
  for (int i = 0; i < deck_.size; ++i) deck_.cards[i] = pool[p.hand.size + i];
  if (step_ == step::choose && p.current >= 0) {
    std::array<int, control_count> options{};
    int k = 0;
    const unsigned open = p.unused | 1u << p.current;
    for (int c = 0; c < control_count; ++c)
      if (open >> c & 1u) options[k++] = c;
    int chosen = options[r.below(static_cast<std::uint32_t>(k))];
    p.unused = static_cast<std::uint16_t>(open & ~(1u << chosen));
    p.current = static_cast<std::int8_t>(chosen);
  }
}

}  // namespace starport::space_race
