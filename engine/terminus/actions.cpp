// Legal actions, check and apply: every decision of a seat is one action.
#include <algorithm>
#include <tuple>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::has_seat;
using engine::make_action;
using engine::refuse;
using engine::rule_error;
using engine::seat_bit;

namespace {

action act(int seat, kind k, std::initializer_list<std::int32_t> args) {
  action a = make_action(seat, static_cast<std::uint16_t>(k));
  for (std::int32_t v : args) a.args[a.argc++] = v;
  return a;
}

constexpr std::string_view pass_choices[] = {"Ask me", "Pass for me"};
constexpr engine::preference_info preference_table[] = {
    {"pass_windows", "Pass Complication windows",
     "pass every chance to play a Complication or an \"at any time\" ability for me", pass_choices},
};

}  // namespace

std::span<const engine::preference_info> state::preferences() { return preference_table; }

// Decided from public information only: whether a window asks this seat now.
std::optional<action> state::preferred_action(int seat, engine::preference_choices choices) const {
  if (engine::choice_of(choices, 0) != 1 || over_ || frame_count_) return std::nullopt;
  if (window_ != window::none && priority_ == seat) return make_action(seat, static_cast<std::uint16_t>(kind::pass));
  return std::nullopt;
}

bool state::needs_opponent_at(copy_id c, when at) const {
  for (const effect& e : card_of(c).effects)
    if (e.present() && e.at == at && e.who == target::opponent) return true;
  return false;
}

// One action per allowed target Ship (or one untargeted when the card needs none).
void state::with_targets(int seat, copy_id c, when at, action base, std::vector<action>& out) const {
  if (!needs_opponent_at(c, at)) {
    base.args[base.argc++] = -1;
    base.args[base.argc++] = 0;
    out.push_back(base);
    return;
  }
  for (int o = 0; o < seats_; ++o)
    for (int k = 0; k < max_ships; ++k)
      if (target_allowed(seat, c, o, k)) {
        action a = base;
        a.args[a.argc++] = o;
        a.args[a.argc++] = k;
        out.push_back(a);
      }
}

bool state::has_override(copy_id c) const {
  return card_of(c).has(keyword::override) && has_effect_at(c, when::override);
}

// The Play Step for Ship k: an Action for it, or an Override.
void state::play_step_actions(int seat, int k, std::vector<action>& out) const {
  const player& p = players_[seat];
  for (copy_id c : p.hand.items())
    if (playable_action(seat, c)) with_targets(seat, c, when::play, act(seat, kind::play, {wire(c), k}), out);
  // Override: discard an Action and use an Override ability of the Ship, its Crew, its System.
  std::array<copy_id, max_modules + max_crew + 1> sources{};
  int n = 0;
  const ship& x = p.ships[k];
  for (const module_slot& m : x.module_list())
    if (m.face_up && has_override(m.card)) sources[n++] = m.card;
  for (const member& m : x.crew_list())
    if (m.face_up && has_override(m.card)) sources[n++] = m.card;
  const copy_id sys = system_of(seat, k);
  if (sys != no_card && !system_down(sys) && has_override(sys)) sources[n++] = sys;
  if (n == 0) return;
  for (copy_id d : p.hand.items()) {
    if (card_of(d).type != card_type::action) continue;
    for (int i = 0; i < n; ++i) out.push_back(act(seat, kind::override_, {wire(d), wire(sources[i])}));
  }
}

// Answers in a response window: PASS, a Complication, an "at any time" ability.
void state::response_actions(int seat, std::vector<action>& out) const {
  const player& p = players_[seat];
  out.push_back(act(seat, kind::pass, {}));
  if (!p.destiny_locked)
    for (copy_id c : p.hand.items()) {
      const card_def& d = card_of(c);
      if (d.type != card_type::complication) continue;
      if (d.is(subtype::destiny) && window_ != window::destiny) continue;
      // "Your Ship" for it: any Ship of the player (the primary one, or a detached Runabout),
      // offered for a Runabout only where that changes what the card does.
      const bool per_ship = acts_on_your_ship(c, when::play);
      for (int k = 0; k < max_ships; ++k)
        if (p.ships[k].present && (k == 0 || per_ship))
          with_targets(seat, c, when::play, act(seat, kind::play, {wire(c), k}), out);
    }
  for (int k = 0; k < max_ships; ++k) {
    const ship& x = p.ships[k];
    if (!x.present) continue;
    auto offer = [&](copy_id c, bool face_up) {
      const card_def& d = card_of(c);
      if (!face_up && d.has(keyword::ambush) && has_effect_at(c, when::ambush))
        with_targets(seat, c, when::ambush, act(seat, kind::activate, {wire(c)}), out);
      if (face_up && d.has(keyword::exhaust) && has_effect_at(c, when::exhaust))
        with_targets(seat, c, when::exhaust, act(seat, kind::activate, {wire(c)}), out);
    };
    for (const module_slot& m : x.module_list()) offer(m.card, m.face_up);
    for (const member& m : x.crew_list()) offer(m.card, m.face_up);
    // Exhaust on a System: the face-up System this Ship is in (the Star Chart's, shared
    // with every Ship there, or its Starting System).
    const copy_id sys = system_of(seat, k);
    if (sys != no_card && !system_down(sys)) offer(sys, true);
  }
}

void state::frame_actions(const frame& f, std::vector<action>& out) const {
  const int seat = f.seat;
  const player& p = players_[seat];
  switch (f.kind) {
    case task::pick_card: {
      const effect& e = card_of(f.source).effects[f.effect];
      std::vector<copy_id> cands;
      card_candidates(seat, e, f.target_seat, f.target_ship, f.source, cands);
      if (cands.empty()) return;
      // "Disable 1 Active Module of your Ship" is a cost, not an option: a pick that harms
      // the controller's own Ship cannot be declined (an attack on another's, or a benefit,
      // stays "up to").
      const bool harm = e.kind == op::disable_module || e.kind == op::destroy_module || e.kind == op::kill_recruit ||
                        e.kind == op::flip_recruit || (e.kind == op::morale && e.amount < 0);
      if (f.target_seat != seat || !harm) out.push_back(act(seat, kind::pass, {}));
      for (copy_id c : cands) out.push_back(act(seat, kind::choose, {pick_arg(seat, f, c)}));
      return;
    }
    case task::pick_ship: {
      const effect& e = card_of(f.source).effects[f.effect];
      for (int o = 0; o < seats_; ++o)
        for (int k = 0; k < max_ships; ++k)
          if (effect_target_ok(seat, e, o, k)) out.push_back(act(seat, kind::choose, {o * 4 + k}));
      return;
    }
    case task::optional:
      out.push_back(act(seat, kind::pass, {}));
      out.push_back(act(seat, kind::choose, {1}));
      return;
    case task::discard:
      for (copy_id c : p.hand.items())
        if (card_of(c).type == card_type::action) out.push_back(act(seat, kind::choose, {wire(c)}));
      return;
    case task::burn:
      for (copy_id c : p.hand.items()) out.push_back(act(seat, kind::choose, {wire(c)}));
      return;
    case task::look:
      out.push_back(act(seat, kind::pass, {}));
      for (int i = 0; i < f.look_count; ++i) out.push_back(act(seat, kind::choose, {wire(f.looked[i])}));
      return;
    case task::look_order:
      for (int i = f.count; i < f.look_count; ++i) out.push_back(act(seat, kind::choose, {wire(f.looked[i])}));
      return;
    case task::bustle_pick:
      for (int i = 0; i < f.look_count; ++i) out.push_back(act(seat, kind::choose, {wire(f.looked[i])}));
      return;
    case task::chaotic:
      out.push_back(act(seat, kind::pass, {}));
      out.push_back(act(seat, kind::choose, {1}));
      return;
    case task::weapon: {
      out.push_back(act(seat, kind::pass, {}));
      const player& a = players_[f.target_seat];
      const int reach = weapon_count(seat, f.ship);
      const int here = p.ships[f.ship].proximity;
      for (const ship& x : a.ships) {
        if (!x.present || std::abs(x.proximity - here) >= reach) continue;
        for (const module_slot& m : x.module_list())
          if (m.face_up && !untargetable(m.card)) out.push_back(act(seat, kind::choose, {wire(m.card)}));
      }
      return;
    }
    case task::detach: {
      out.push_back(act(seat, kind::pass, {}));
      const ship& x = p.ships[0];
      for (const module_slot& m : x.module_list()) {
        if (!m.face_up || !card_of(m.card).is(subtype::runabout)) continue;
        out.push_back(act(seat, kind::detach, {wire(m.card), 0, 0}));
        for (int i = 0; i < x.crew_count; ++i) {
          out.push_back(act(seat, kind::detach, {wire(m.card), wire(x.crew[i].card), 0}));
          for (int j = i + 1; j < x.crew_count; ++j) {
            const copy_id a = std::min(x.crew[i].card, x.crew[j].card);
            const copy_id b = std::max(x.crew[i].card, x.crew[j].card);
            out.push_back(act(seat, kind::detach, {wire(m.card), wire(a), wire(b)}));
          }
        }
      }
      return;
    }
    case task::bustle:
      out.push_back(act(seat, kind::bustle, {0}));
      out.push_back(act(seat, kind::bustle, {1}));
      return;
    case task::reattach:
      out.push_back(act(seat, kind::pass, {}));
      for (int k = 1; k < max_ships; ++k)
        if (can_reattach(seat, k)) out.push_back(act(seat, kind::reattach, {k}));
      return;
    case task::run:
    case task::after_complication: return;
  }
}

// Another seat's face-down card is named by its place instead of its id in a choice: -(1 +
// its index among the target Ship's Modules, or Members). Rules version 1 encodes choices
// so, known or not (an unknown one may not be named by id). `unseen_only`: only a card
// nobody but its owner has seen face up (hidden_in_ship: what words and views may not name).
bool state::face_down_in_ship(copy_id c, bool unseen_only) const {
  auto down = [&](const auto& slot) { return !slot.face_up && !(unseen_only && slot.known); };
  for (const ship& x : players_[owner_of(c)].ships) {
    for (const module_slot& m : x.module_list())
      if (m.card == c) return down(m);
    for (const member& m : x.crew_list())
      if (m.card == c) return down(m);
  }
  return false;
}

std::int32_t state::pick_arg(int seat, const frame& f, copy_id c) const {
  if (owner_of(c) == seat || !face_down_in_ship(c)) return wire(c);
  const ship& x = players_[f.target_seat].ships[f.target_ship];
  for (int i = 0; i < x.module_count; ++i)
    if (x.modules[i].card == c) return -(i + 1);
  for (int i = 0; i < x.crew_count; ++i)
    if (x.crew[i].card == c) return -(i + 1);
  return wire(c);
}

copy_id state::picked(const frame& f, std::int32_t arg) const {
  if (arg > 0) return from_wire(arg);
  const ship& x = players_[f.target_seat].ships[f.target_ship];
  const effect& e = card_of(f.source).effects[f.effect];
  const bool modules = e.kind == op::disable_module || e.kind == op::enable_module || e.kind == op::destroy_module;
  const int i = -arg - 1;
  if (modules) return i < x.module_count ? x.modules[i].card : no_card;
  return i < x.crew_count ? x.crew[i].card : no_card;
}

bool state::can_reattach(int seat, int k) const {
  const player& p = players_[seat];
  const ship& x = p.ships[k];
  return x.present && x.proximity == p.ships[0].proximity &&
         p.ships[0].module_count + x.module_count <= max_modules &&
         p.ships[0].crew_count + x.crew_count <= max_crew;
}

int state::weapon_count(int seat, int sh) const {
  int n = 0;
  for (const module_slot& m : players_[seat].ships[sh].module_list())
    n += m.face_up && card_of(m.card).has(keyword::weapon);
  return n;
}

void state::legal_actions(int seat, std::vector<action>& out) const {
  out.clear();
  if (over_ || seat < 0 || seat >= seats_ || players_[seat].out) return;
  if (!has_seat(must_act(), seat)) return;
  const player& p = players_[seat];
  if (frame_count_) {
    frame_actions(frames_[frame_count_ - 1], out);
  } else if (window_ != window::none) {
    response_actions(seat, out);
  } else {
    switch (step_) {
      case step::module_draft:
        for (copy_id c : p.module_pool.items()) out.push_back(act(seat, kind::draft, {wire(c)}));
        break;
      case step::recruit_draft:
        for (copy_id c : p.recruit_pool.items()) out.push_back(act(seat, kind::draft, {wire(c)}));
        break;
      case step::starting_system: {
        const int n = std::min<int>(3, p.systems.size);
        for (int i = 0; i < n; ++i) {
          const copy_id c = p.systems.cards[p.systems.size - 1 - i];
          bool any = false;
          for (int j = 0; j < n; ++j) {
            if (j == i) continue;
            any = true;
            out.push_back(act(seat, kind::start_system, {wire(c), wire(p.systems.cards[p.systems.size - 1 - j])}));
          }
          if (!any) out.push_back(act(seat, kind::start_system, {wire(c), 0}));
        }
        break;
      }
      case step::mulligan:
        for (int mask = 0; mask < (1 << std::min<int>(p.hand.size, opening_hand)); ++mask)
          out.push_back(act(seat, kind::mulligan, {mask}));
        break;
      case step::entropy:
        for (copy_id c : p.hand.items())
          if (card_of(c).type == card_type::complication) out.push_back(act(seat, kind::entropy, {wire(c)}));
        break;
      case step::play: {
        const int k = play_ship();
        if (k >= 0) play_step_actions(seat, k, out);
        break;
      }
      default: break;
    }
  }
  std::sort(out.begin(), out.end(), [](const action& a, const action& b) {
    return std::tie(a.kind, a.argc, a.args) < std::tie(b.kind, b.argc, b.args);
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

verdict state::check(const action& a) const {
  if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat");
  if (over_) return refuse(rule_error::game_over, "the match is over");
  if (a.kind >= action_names.size()) return refuse(rule_error::unknown_action, "unknown action");
  if (players_[a.seat].out) return refuse(rule_error::not_your_turn, "this seat is out of the game");
  if (a.kind == static_cast<std::uint16_t>(kind::resign)) {
    if (a.argc != 0) return refuse(rule_error::bad_argument, "resign takes no arguments");
    return engine::ok();
  }
  if (!has_seat(must_act(), a.seat)) return refuse(rule_error::not_your_turn, "not your turn");
  std::vector<action> legal;
  legal_actions(a.seat, legal);
  if (std::find(legal.begin(), legal.end(), a) == legal.end())
    return refuse(rule_error::illegal_action, "that is not one of the moves open now");
  return engine::ok();
}

copy_id state::from_wire(std::int32_t w) const {
  const int c = ids_.copy_of(w, copy_count);
  return c < 0 ? no_card : static_cast<copy_id>(c);
}

void state::apply(const action& a) {
  event_count_ = 0;
  events_cut_ = false;
  last_seat_ = a.seat;
  last_card_ = last_source_ = no_card;
  last_target_seat_ = 0xff;
  last_target_ship_ = 0;
  last_kind_ = pb::LastMove::KIND_UNSPECIFIED;
  remember(a);
  const int seat = a.seat;
  player& p = players_[seat];
  const kind k = static_cast<kind>(a.kind);
  if (k == kind::resign) {
    eliminate(seat, "resigned");
    advance();
    return;
  }
  if (frame_count_) {
    apply_frame(a);
    advance();
    return;
  }
  if (window_ != window::none) {
    if (k == kind::pass) {
      answered_ |= seat_bit(seat);
      ask_next();
    } else if (k == kind::play) {
      const copy_id c = from_wire(a.args[0]);
      remove_from_hand(seat, c);
      if (card_of(c).is(subtype::destiny)) p.destiny_locked = true;
      cascade_entry e{static_cast<std::uint8_t>(seat), c, false, when::play,
                      static_cast<std::uint8_t>(a.args[2] < 0 ? 0xff : a.args[2]),
                      static_cast<std::uint8_t>(a.args[3]), false, static_cast<std::uint8_t>(a.args[1])};
      add_to_cascade(e);
      if (a.args[2] >= 0) weapon_answer(seat, a.args[2], a.args[3]);
    } else if (k == kind::activate) {
      const copy_id c = from_wire(a.args[0]);
      const bool up = flip_own(seat, c);
      cascade_entry e{static_cast<std::uint8_t>(seat), c, true, up ? when::ambush : when::exhaust,
                      static_cast<std::uint8_t>(a.args[1] < 0 ? 0xff : a.args[1]),
                      static_cast<std::uint8_t>(a.args[2]), false};
      add_to_cascade(e);
    }
    advance();
    return;
  }
  switch (k) {
    case kind::draft: {
      const copy_id c = from_wire(a.args[0]);
      auto& pool = step_ == step::module_draft ? p.module_pool : p.recruit_pool;
      for (int i = 0; i < pool.size; ++i)
        if (pool.cards[i] == c) {
          pool.take(i);
          break;
        }
      p.pick = c;
      p.decided = true;
      break;
    }
    case kind::start_system: {
      const copy_id chosen = from_wire(a.args[0]);
      const copy_id under = from_wire(a.args[1]);
      const int n = std::min<int>(3, p.systems.size);
      std::array<copy_id, 3> top{};
      for (int i = 0; i < n; ++i) top[i] = p.systems.pop();
      p.starting_system = chosen;
      // The rest go to the bottom, `under` the very last.
      for (int i = 0; i < n; ++i)
        if (top[i] != chosen && top[i] != under) insert_bottom(p.systems, top[i]);
      if (under != no_card) insert_bottom(p.systems, under);
      p.decided = true;
      break;
    }
    case kind::mulligan:
      // Chosen in secret: made when every seat has chosen (make_mulligans).
      p.mulligan = static_cast<std::uint8_t>(a.args[0]);
      p.decided = true;
      break;
    case kind::entropy: {
      const copy_id c = from_wire(a.args[0]);
      remove_from_hand(seat, c);
      insert_bottom(p.complications, c);
      p.decided = true;
      break;
    }
    case kind::play: {
      const copy_id c = from_wire(a.args[0]);
      const int sh = a.args[1];
      remove_from_hand(seat, c);
      ship& x = p.ships[sh];
      if (x.action_count < max_ship_actions) x.actions[x.action_count++] = c;
      x.target_seat = static_cast<std::uint8_t>(a.args[2] < 0 ? 0xff : a.args[2]);
      x.target_ship = static_cast<std::uint8_t>(a.args[3]);
      turn_ship_ = static_cast<std::uint8_t>(sh + 1);
      push_run(seat, sh, c, when::play, a.args[2], a.args[3]);
      break;
    }
    case kind::override_: {
      const copy_id d = from_wire(a.args[0]);
      const copy_id src = from_wire(a.args[1]);
      const int sh = play_ship();
      remove_from_hand(seat, d);
      p.discard.push(d);   // describe() has named it
      turn_ship_ = static_cast<std::uint8_t>(sh + 1);
      push_run(seat, sh, src, when::override, -1, 0);
      break;
    }
    default: break;
  }
  advance();
}

// The public part of an action, before it changes anything (View.last_move): what was done,
// with which cards, aimed at which Ship. A card that is face down once the move is made is
// not named (the view shows it as a back).
void state::remember(const action& a) {
  const kind k = static_cast<kind>(a.kind);
  switch (k) {
    case kind::play:
      last_kind_ = pb::LastMove::PLAYED;
      last_card_ = from_wire(a.args[0]);
      if (a.args[2] >= 0) last_target_seat_ = static_cast<std::uint8_t>(a.args[2]), last_target_ship_ = static_cast<std::uint8_t>(a.args[3]);
      break;
    case kind::activate:
      last_kind_ = pb::LastMove::ACTIVATED;
      last_card_ = from_wire(a.args[0]);
      if (a.args[1] >= 0) last_target_seat_ = static_cast<std::uint8_t>(a.args[1]), last_target_ship_ = static_cast<std::uint8_t>(a.args[2]);
      break;
    case kind::override_:
      last_kind_ = pb::LastMove::OVERRIDDEN;
      last_card_ = from_wire(a.args[0]);
      last_source_ = from_wire(a.args[1]);
      break;
    case kind::detach:
      last_kind_ = pb::LastMove::DETACHED;
      last_card_ = from_wire(a.args[0]);
      break;
    case kind::reattach: {
      if (a.args[0] < 1 || a.args[0] >= max_ships) break;
      const ship& x = players_[a.seat].ships[a.args[0]];
      if (x.runabout == no_card) break;
      last_kind_ = pb::LastMove::REATTACHED;
      last_card_ = x.runabout;
      break;
    }
    case kind::choose: {
      if (!frame_count_) break;
      const frame& f = frames_[frame_count_ - 1];
      switch (f.kind) {
        case task::pick_ship:
          last_kind_ = pb::LastMove::TARGETED;
          last_source_ = f.source;
          last_target_seat_ = static_cast<std::uint8_t>(a.args[0] / 4);
          last_target_ship_ = static_cast<std::uint8_t>(a.args[0] % 4);
          break;
        case task::pick_card: {
          // A face-down card is chosen by its place; which one it is stays hidden.
          last_kind_ = pb::LastMove::CHOSE;
          last_source_ = f.source;
          const copy_id c = picked(f, a.args[0]);
          if (c != no_card && !hidden_in_ship(c)) last_card_ = c;
          break;
        }
        case task::discard: case task::look:
          last_kind_ = pb::LastMove::DISCARDED;
          last_card_ = from_wire(a.args[0]);
          break;
        case task::burn:
          last_kind_ = pb::LastMove::BURNED;
          last_card_ = from_wire(a.args[0]);
          break;
        case task::weapon:
          last_kind_ = pb::LastMove::WEAPON;
          last_card_ = from_wire(a.args[0]);
          break;
        case task::bustle_pick: {
          // An Ambush Module enters face down (put_module): the others see only a back.
          last_kind_ = pb::LastMove::ADDED;
          const copy_id c = from_wire(a.args[0]);
          if (!card_of(c).has(keyword::ambush)) last_card_ = c;
          break;
        }
        default: break;
      }
      break;
    }
    default: break;
  }
}

void state::remove_from_hand(int seat, copy_id c) {
  pile<deck_size>& h = players_[seat].hand;
  for (int i = 0; i < h.size; ++i)
    if (h.cards[i] == c) {
      h.take(i);
      renew_id(c);
      return;
    }
}

// Ambush flips its card face up, Exhaust face down; true when it turned face up.
bool state::flip_own(int seat, copy_id c) {
  for (ship& x : players_[seat].ships) {
    for (int i = 0; i < x.module_count; ++i)
      if (x.modules[i].card == c) {
        x.modules[i].face_up = !x.modules[i].face_up;
        x.modules[i].known = x.modules[i].known || x.modules[i].face_up;
        note(x.modules[i].face_up ? event_kind::flipped : event_kind::turned_down, seat, c);
        return x.modules[i].face_up;
      }
    for (int i = 0; i < x.crew_count; ++i)
      if (x.crew[i].card == c) {
        x.crew[i].face_up = !x.crew[i].face_up;
        x.crew[i].known = x.crew[i].known || x.crew[i].face_up;
        note(x.crew[i].face_up ? event_kind::flipped : event_kind::turned_down, seat, c);
        return x.crew[i].face_up;
      }
  }
  // A System the seat's Ship is in: Exhaust flips it face down.
  if (ship_in_system(seat, c) >= 0) {
    set_system_down(c, true);
    note(event_kind::system_down, seat, c);
  }
  return false;
}

// The first of the seat's Ships (primary first) in System `sys`; -1 when none is.
int state::ship_in_system(int seat, copy_id sys) const {
  for (int k = 0; k < max_ships; ++k)
    if (players_[seat].ships[k].present && system_of(seat, k) == sys) return k;
  return -1;
}

// Weapon: a Ship (or its cards) targeted by another player's Complication may answer by
// disabling a Module of that player's Ships nearer than its Weapon count.
void state::weapon_answer(int attacker, int ts, int tsh) {
  if (ts == attacker || ts < 0 || ts >= seats_ || players_[ts].out) return;
  if (weapon_count(ts, tsh) == 0) return;
  frame f;
  f.kind = task::weapon;
  f.seat = static_cast<std::uint8_t>(ts);
  f.ship = static_cast<std::uint8_t>(tsh);
  f.target_seat = static_cast<std::uint8_t>(attacker);
  std::vector<action> opts;
  frame_actions(f, opts);
  if (opts.size() > 1) push(f);
}

void state::apply_frame(const action& a) {
  frame& top = frames_[frame_count_ - 1];
  const frame f = top;
  const int seat = a.seat;
  player& p = players_[seat];
  const kind k = static_cast<kind>(a.kind);
  switch (f.kind) {
    case task::pick_card: {
      if (k == kind::pass) {
        --frame_count_;
        return;
      }
      const effect& e = card_of(f.source).effects[f.effect];
      if (--top.count == 0) --frame_count_;
      card_op(seat, e, f.target_seat, f.target_ship, picked(f, a.args[0]));
      return;
    }
    case task::pick_ship:
      --frame_count_;
      keep_target(f, a.args[0] / 4, a.args[0] % 4);
      do_effect(f, f.effect, a.args[0] / 4, a.args[0] % 4);
      return;
    case task::optional:
      --frame_count_;
      if (k == kind::choose) start_effect(f, f.effect);
      return;
    case task::discard: {
      const copy_id c = from_wire(a.args[0]);
      remove_from_hand(seat, c);
      p.discard.push(c);   // describe() has named it
      if (--top.count == 0 || hand_actions(seat) == 0) --frame_count_;
      return;
    }
    case task::burn: {
      const copy_id c = from_wire(a.args[0]);
      remove_from_hand(seat, c);
      to_dead_space(c);
      if (--top.count == 0 || p.hand.empty()) --frame_count_;
      return;
    }
    case task::look: {
      if (k == kind::pass) {
        put_back_looked(top);
        return;
      }
      const copy_id c = from_wire(a.args[0]);
      p.discard.push(c);   // describe() has named it
      int n = 0;
      for (int i = 0; i < f.look_count; ++i)
        if (f.looked[i] != c) top.looked[n++] = f.looked[i];
      top.look_count = static_cast<std::uint8_t>(n);
      if (n == 0) --frame_count_;
      return;
    }
    case task::look_order: {
      // The chosen card is the next one down from the top.
      const copy_id c = from_wire(a.args[0]);
      for (int i = top.count; i < top.look_count; ++i)
        if (top.looked[i] == c) std::swap(top.looked[i], top.looked[top.count]);
      ++top.count;
      put_back_looked(top);
      return;
    }
    case task::bustle_pick: {
      --frame_count_;
      const copy_id c = from_wire(a.args[0]);
      std::array<copy_id, 4> rest{};
      int n = 0;
      for (int i = 0; i < f.look_count; ++i)
        if (f.looked[i] != c) rest[n++] = f.looked[i];
      random_.shuffle(rest.data(), n);
      for (int i = 0; i < n; ++i) insert_bottom(p.upgrades, rest[i]);
      enter_with_reveal(seat, 0, c, true, event_kind::module_added);
      return;
    }
    case task::chaotic:
      --frame_count_;
      if (k == kind::choose && !p.complications.empty()) insert_bottom(p.complications, p.complications.pop());
      return;
    case task::weapon: {
      --frame_count_;
      if (k == kind::pass) return;
      const copy_id c = from_wire(a.args[0]);
      for (ship& x : players_[f.target_seat].ships)
        for (int i = 0; i < x.module_count; ++i)
          if (x.modules[i].card == c && x.modules[i].face_up) {
            x.modules[i].face_up = false;
            note(event_kind::disabled, f.target_seat, c);
          }
      return;
    }
    case task::detach: {
      if (k == kind::pass) {
        --frame_count_;
        return;
      }
      detach(seat, from_wire(a.args[0]), from_wire(a.args[1]), from_wire(a.args[2]));
      if (!can_detach(seat)) --frame_count_;
      return;
    }
    case task::bustle: {
      --frame_count_;
      if (a.args[0] == 0) return;
      // Bustle: add a Module, skip Regroup, Play and Aftermath.
      p.bustled = true;
      if (p.reputation >= 0 && p.upgrades.size > 1) {
        frame pick;
        pick.kind = task::bustle_pick;
        pick.seat = static_cast<std::uint8_t>(seat);
        while (pick.look_count < 3 && !p.upgrades.empty()) pick.looked[pick.look_count++] = p.upgrades.pop();
        push(pick);
      } else if (!p.upgrades.empty()) {
        enter_with_reveal(seat, 0, p.upgrades.pop(), true, event_kind::module_added);
      }
      return;
    }
    case task::reattach: {
      if (k == kind::pass) {
        --frame_count_;
        return;
      }
      reattach(seat, a.args[0]);
      bool more = false;
      for (int s2 = 1; s2 < max_ships; ++s2) more = more || can_reattach(seat, s2);
      if (!more) --frame_count_;
      return;
    }
    case task::run:
    case task::after_complication: return;
  }
}

// "Put the rest back in any order": with two or more cards left to place the player
// chooses them top first (task::look_order); the last one needs no choice. `f` is the top frame.
void state::put_back_looked(frame& f) {
  if (f.kind == task::look) f.kind = task::look_order, f.count = 0;
  if (f.look_count - f.count >= 2) return;
  player& p = players_[f.seat];
  for (int i = f.look_count - 1; i >= 0; --i) p.action_pile.push(f.looked[i]);
  --frame_count_;
}

// A Runabout Module leaves the primary Ship as a Ship of its own, with up to two Members.
void state::detach(int seat, copy_id m, copy_id c1, copy_id c2) {
  player& p = players_[seat];
  const int k = p.ships[1].present ? 2 : 1;
  ship& x = p.ships[k];
  x = ship{};
  x.present = true;
  x.runabout = m;
  x.proximity = p.ships[0].proximity;
  ship& home = p.ships[0];
  for (int i = 0; i < home.module_count; ++i)
    if (home.modules[i].card == m) {
      x.modules[x.module_count++] = home.modules[i];
      remove_module(seat, 0, i);
      break;
    }
  for (copy_id c : {c1, c2}) {
    if (c == no_card) continue;
    for (int i = 0; i < home.crew_count; ++i)
      if (home.crew[i].card == c) {
        x.crew[x.crew_count++] = home.crew[i];
        remove_member(seat, 0, i);
        break;
      }
  }
  note(event_kind::detached, seat, m, k);
}

void state::reattach(int seat, int k) {
  player& p = players_[seat];
  ship& x = p.ships[k];
  ship& home = p.ships[0];
  for (const module_slot& m : x.module_list()) home.modules[home.module_count++] = m;
  for (const member& m : x.crew_list()) home.crew[home.crew_count++] = m;
  for (int i = 0; i < x.action_count && home.action_count < max_ship_actions; ++i)
    home.actions[home.action_count++] = x.actions[i];
  note(event_kind::reattached, seat, x.runabout, k);
  x = ship{};
}

action state::timeout_action(int seat) const {
  std::vector<action> legal;
  legal_actions(seat, legal);
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(kind::pass)) return a;
  for (const action& a : legal)
    if (a.kind == static_cast<std::uint16_t>(kind::bustle) && a.args[0] == 0) return a;
  if (!legal.empty()) return legal.front();
  return make_action(seat, static_cast<std::uint16_t>(kind::pass));
}

}  // namespace starport::terminus
