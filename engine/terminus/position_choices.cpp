// Explicit positions, the stated choices (docs/scenarios.md, "Race to the Terminus"):
// whether a `resolving` (a choice of any source, nested ones) fits the rest of the position,
// and placing it on the stack as the flow would have left it, with what was partly made
// (whose fit is checked in position_partial.cpp). The rest of a Position is read in
// position.cpp.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/terminus/position_choices.hpp"
#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::refuse;
using engine::rule_error;

namespace positions {

// Cascade entry `i` of the position's window is an ability (`ability`): its card is an
// Ambush card face up, or an Exhaust card face down, in Ship `ship` of its seat (a Module or
// Member as listed there, each copy once on the Cascade), or the face-down Exhaust System
// that Ship is in. `at` is set to its timing.
verdict cascade_ability(const pb::Position& position, int i, when& at) {
  const pb::CascadePosition& e = position.window().cascade(i);
  const pb::SeatPosition& sp = position.seats(static_cast<int>(e.seat()));
  card_id id = 0;
  if (!find_card(e.card(), id))
    return refuse(rule_error::bad_options, "window.cascade: an ability's card is a card of the pool");
  const card_def& d = card(id);
  if (d.has(keyword::ambush) && d.type != card_type::system) at = when::ambush;
  else if (d.has(keyword::exhaust)) at = when::exhaust;
  else at = when::none;
  bool has = false;
  for (const effect& fx : d.effects) has = has || (fx.present() && fx.at == at);
  if (at == when::none || !has)
    return refuse(rule_error::bad_options, "window.cascade: an ability is an Ambush or Exhaust ability of its card");
  const bool want_down = at == when::exhaust;
  // How many copies of it the Ship holds in that state, and how many entries use one.
  int held = 0, used = 0;
  for (int j = 0; j <= i; ++j) {
    const pb::CascadePosition& o = position.window().cascade(j);
    card_id other = 0;
    used += o.ability() && o.seat() == e.seat() && o.ship() == e.ship() && find_card(o.card(), other) && other == id;
  }
  if (d.type == card_type::system) {
    const std::uint32_t prox = e.ship() < static_cast<std::uint32_t>(sp.ships_size()) ? sp.ships(static_cast<int>(e.ship())).proximity() : 0;
    card_id sys = 0;
    if (prox == 0) {
      held = find_card(sp.starting_system(), sys) && sys == id && sp.starting_system_face_down();
    } else {
      for (const pb::ChartPosition& cp : position.star_chart())
        held += cp.proximity() == prox && find_card(cp.system(), sys) && sys == id && cp.face_down();
    }
  } else if (e.ship() < static_cast<std::uint32_t>(sp.ships_size())) {
    const pb::ShipPosition& sh = sp.ships(static_cast<int>(e.ship()));
    card_id c = 0;
    for (const pb::CardPosition& m : d.type == card_type::module ? sh.modules() : sh.crew())
      held += find_card(m.name(), c) && c == id && m.face_down() == want_down;
  }
  if (used > held)
    return refuse(rule_error::bad_options,
                  "window.cascade: an ability's card is in its Ship `ship` (a Module or Member, face up after Ambush, face "
                  "down after Exhaust; or the face-down Exhaust System that Ship is in), each copy once");
  return engine::ok();
}

// The timing of card `id`'s abilities that a `resolving` of this source and step runs.
when resolving_timing(const pb::ResolvingPosition& r, pb::Step st) {
  using R = pb::ResolvingPosition;
  if (r.source() == R::OVERRIDE) return when::override;
  if (r.source() != R::STEP) return when::play;
  switch (st) {
    case pb::START_STEP: return when::start_turn;
    case pb::REGROUP_STEP: return when::regroup;
    case pb::AFTERMATH_STEP: return when::aftermath;
    case pb::END_STEP: return when::end_turn;
    default: return when::none;
  }
}

bool has_part(card_id id, std::uint32_t part, when at) {
  return part < static_cast<std::uint32_t>(max_effects) && card(id).effects[part].present() && card(id).effects[part].at == at;
}

// With a nested choice or a Chaotic offer over it, `effect` may be just past the last part
// (nothing left after it).
bool resumes_at(const pb::ResolvingPosition& r, card_id id, when at) {
  if (has_part(id, r.effect(), at)) return true;
  std::uint32_t past_last = 0;
  for (std::uint32_t k = 0; k < static_cast<std::uint32_t>(max_effects); ++k)
    if (card(id).effects[k].present() && card(id).effects[k].at == at) past_last = k + 1;
  return (r.has_nested() || r.chaotic_size() > 0) && past_last != 0 && r.effect() == past_last;
}

const pb::ResolvingPosition& innermost(const pb::ResolvingPosition& r) {
  const pb::ResolvingPosition* n = &r;
  while (n->has_nested()) n = &n->nested();
  return *n;
}

bool partly_made(const pb::ResolvingPosition& r) {
  return r.picks_left() != 0 || r.looked_size() > 0 || r.put_back_size() > 0 || r.chaotic_size() > 0;
}

// A Start Step Farsight look partly made: STEP with the Farsight card and `looked`.
bool farsight_look(const pb::Position& position) {
  const pb::ResolvingPosition& r = position.resolving();
  card_id id = 0;
  return r.source() == pb::ResolvingPosition::STEP && position.step() == pb::START_STEP && !r.has_nested() &&
         (r.looked_size() > 0 || r.put_back_size() > 0) && find_card(r.card(), id) && card(id).has(keyword::farsight);
}

// The seat whose choice the innermost `resolving` is: the top of the Cascade's player for
// CASCADE, else the active seat.
int chooser(const pb::Position& position) {
  const auto& cascade = position.window().cascade();
  if (position.resolving().source() == pb::ResolvingPosition::CASCADE && !cascade.empty())
    return static_cast<int>(cascade[cascade.size() - 1].seat());
  return static_cast<int>(position.active_seat());
}

bool innermost_card(const pb::Position& position, card_id& id, when& at) {
  using R = pb::ResolvingPosition;
  const R& r = position.resolving();
  if (r.has_nested()) {
    const R& in = innermost(r);
    at = in.source() == R::REVEAL ? when::reveal : when::flip_up;
    return find_card(in.card(), id);
  }
  switch (r.source()) {
    case R::ACTION: {
      const pb::SeatPosition& act = position.seats(static_cast<int>(position.active_seat()));
      if (r.ship() >= static_cast<std::uint32_t>(act.ships_size())) return false;
      const pb::ShipPosition& sh = act.ships(static_cast<int>(r.ship()));
      at = when::play;
      return sh.actions_size() > 0 && find_card(sh.actions(sh.actions_size() - 1), id);
    }
    case R::CASCADE: {
      const auto& cascade = position.window().cascade();
      if (cascade.empty()) return false;
      const pb::CascadePosition& top = cascade[cascade.size() - 1];
      if (!find_card(top.card(), id)) return false;
      at = !top.ability() ? when::play
           : card(id).has(keyword::ambush) && card(id).type != card_type::system ? when::ambush : when::exhaust;
      return true;
    }
    case R::STEP:
    case R::OVERRIDE:
      at = resolving_timing(r, position.step());
      return find_card(r.card(), id);
    default: return false;
  }
}

// `resolving` fits the rest of the position (the probe in validate checks its choice is open).
verdict resolving_fits(int seats, const pb::Position& position) {
  using R = pb::ResolvingPosition;
  const R& r = position.resolving();
  const pb::Step st = position.step();
  const pb::SeatPosition& act = position.seats(static_cast<int>(position.active_seat()));
  // DISCARD: with the window, the Play Step's end; without, Shady's extra Action.
  const bool windowed = r.source() == R::CASCADE || r.source() == R::WEAPON ||
                        (r.source() == R::DISCARD && position.has_window());
  const bool from_card = r.source() == R::STEP || r.source() == R::OVERRIDE;
  if (!R::Source_IsValid(r.source()) || r.source() == R::REVEAL || r.source() == R::FLIP_UP)
    return refuse(rule_error::bad_options,
                  "resolving.source: ACTION, CASCADE, STEP, OVERRIDE, WEAPON, DETACH, BUSTLE, REATTACH, DISCARD, BACKSLIDE "
                  "or OPENING");
  if (r.has_nested()) {
    if (r.source() > R::OVERRIDE)
      return refuse(rule_error::bad_options, "resolving.nested: only an ACTION, CASCADE, STEP or OVERRIDE has parts to nest a choice under");
    for (const R* n = &r.nested(); n; n = n->has_nested() ? &n->nested() : nullptr) {
      card_id nid = 0;
      if (n->source() != R::REVEAL && n->source() != R::FLIP_UP)
        return refuse(rule_error::bad_options, "resolving.nested.source: REVEAL or FLIP_UP");
      if (n->targets() || n->target_seat() || n->target_ship())
        return refuse(rule_error::bad_options, "resolving.nested: a triggered ability chooses its target as it resolves");
      if (!find_card(n->card(), nid) || !resumes_at(*n, nid, n->source() == R::REVEAL ? when::reveal : when::flip_up))
        return refuse(rule_error::bad_options, "resolving.nested.effect: `card` has no such part of that ability");
      if (n->ship() >= static_cast<std::uint32_t>(max_ships))
        return refuse(rule_error::bad_options, "resolving.nested.ship: a seat has at most 3 Ships");
    }
  }
  if (windowed != position.has_window())
    return refuse(rule_error::bad_options, windowed ? "resolving: CASCADE and WEAPON need the window they resolve in"
                                                    : "resolving: only CASCADE, WEAPON and DISCARD resolve in a response window");
  if (r.targets() && r.source() != R::ACTION)
    return refuse(rule_error::bad_options, "resolving: `targets` belongs to an Action (other sources choose as they resolve)");
  if (r.card().empty() ? from_card : !from_card && r.source() != R::BACKSLIDE)
    return refuse(rule_error::bad_options,
                  "resolving.card: the card of a STEP or OVERRIDE ability (BACKSLIDE: the Gig whose ability waits), and only for those");
  if (r.effect() != 0 && r.source() >= R::WEAPON)
    return refuse(rule_error::bad_options, "resolving.effect: WEAPON, DETACH, BUSTLE, REATTACH, DISCARD and BACKSLIDE have no parts");
  if ((r.source() != R::ACTION && r.ship() >= static_cast<std::uint32_t>(std::max(1, act.ships_size()))) ||
      (r.ship() != 0 && (windowed || (r.source() >= R::DETACH && r.source() != R::BACKSLIDE))))
    return refuse(rule_error::bad_options, "resolving.ship: one of the active seat's Ships (0 for CASCADE, WEAPON, DETACH, BUSTLE, REATTACH, DISCARD)");
  card_id id = 0;
  switch (r.source()) {
    case R::ACTION: {
      if (st != pb::PLAY_STEP) return refuse(rule_error::bad_options, "resolving belongs to PLAY_STEP, without a response window");
      if (r.ship() >= static_cast<std::uint32_t>(act.ships_size()) || act.ships(static_cast<int>(r.ship())).actions_size() == 0)
        return refuse(rule_error::bad_options, "resolving.ship: the active seat's Ship with the resolving Action last in its `actions`");
      const pb::ShipPosition& sh = act.ships(static_cast<int>(r.ship()));
      find_card(sh.actions(sh.actions_size() - 1), id);
      bool needs = false;
      for (const effect& fx : card(id).effects) needs = needs || (fx.present() && fx.at == when::play && fx.who == target::opponent);
      if (!resumes_at(r, id, when::play))
        return refuse(rule_error::bad_options, "resolving.effect: the Action has no such part");
      if (needs != r.targets())
        return refuse(rule_error::bad_options, "resolving: `targets` is set exactly when the Action targets an opponent Ship");
      if (r.targets() && (r.target_seat() >= static_cast<std::uint32_t>(seats) || r.target_seat() == position.active_seat() ||
                          position.seats(static_cast<int>(r.target_seat())).out() ||
                          r.target_ship() >= static_cast<std::uint32_t>(std::max(1, position.seats(static_cast<int>(r.target_seat())).ships_size()))))
        return refuse(rule_error::bad_options, "resolving: the target is a Ship of another seat still in the game");
      return engine::ok();
    }
    case R::CASCADE:
    case R::WEAPON: {
      const auto& cascade = position.window().cascade();
      if (cascade.empty()) return refuse(rule_error::bad_options, "resolving: CASCADE and WEAPON need a card on window.cascade");
      const pb::CascadePosition& top = cascade[cascade.size() - 1];
      if (!find_card(top.card(), id)) return engine::ok();   // the window's checks name it
      if (r.source() == R::WEAPON) {
        if (top.ability() || !top.targets() || top.negated())
          return refuse(rule_error::bad_options, "resolving: a Weapon answers the top of the Cascade: a Complication, not negated, aimed at a Ship");
        return engine::ok();
      }
      if (top.negated()) return refuse(rule_error::bad_options, "resolving: a negated card has nothing to resolve");
      const when at = !top.ability() ? when::play
                      : card(id).has(keyword::ambush) && card(id).type != card_type::system ? when::ambush : when::exhaust;
      if (!resumes_at(r, id, at))
        return refuse(rule_error::bad_options, "resolving.effect: the top of the Cascade has no such part");
      return engine::ok();
    }
    case R::STEP:
    case R::OVERRIDE: {
      const when at = resolving_timing(r, st);
      if (farsight_look(position)) {
        if (r.effect() != 0) return refuse(rule_error::bad_options, "resolving.effect: a Farsight look has no parts (0)");
        return engine::ok();
      }
      if (r.source() == R::OVERRIDE ? st != pb::PLAY_STEP : at == when::none)
        return refuse(rule_error::bad_options,
                      "resolving: a STEP ability resolves in START_, REGROUP_, AFTERMATH_ or END_STEP, an OVERRIDE in PLAY_STEP");
      if (!find_card(r.card(), id) || !resumes_at(r, id, at) ||
          (r.source() == R::OVERRIDE && !card(id).has(keyword::override)))
        return refuse(rule_error::bad_options, "resolving.effect: `card` has no such part of that ability");
      if (st == pb::AFTERMATH_STEP)
        for (const pb::ShipPosition& sh : act.ships())
          if (sh.actions_size())
            return refuse(rule_error::bad_options,
                          "resolving: the Aftermath Step's abilities come after its Actions are discarded (list them in `discard`)");
      return engine::ok();
    }
    case R::DETACH:
    case R::BUSTLE:
      if (st != pb::START_STEP) return refuse(rule_error::bad_options, "resolving: DETACH and BUSTLE are decided in START_STEP");
      return engine::ok();
    case R::REATTACH:
      if (st != pb::END_STEP) return refuse(rule_error::bad_options, "resolving: REATTACH is decided in END_STEP");
      return engine::ok();
    case R::BACKSLIDE: return backslide_fits(position);
    case R::OPENING: {
      // The Starting Systems shown (every seat still in chose one); the active seat's is
      // Chaotic and its offers are open (its "when revealed" ability, if any, resolved).
      if (st != pb::STARTING_SYSTEM)
        return refuse(rule_error::bad_options, "resolving: OPENING is the Starting Systems' reveal, at STARTING_SYSTEM");
      for (const pb::SeatPosition& sp : position.seats())
        if (!sp.out() && sp.starting_system().empty() && sp.system_pile_size() > 0)
          return refuse(rule_error::bad_options, "resolving: OPENING comes once every seat still in has its Starting System");
      if (act.out() || !find_card(act.starting_system(), id) || !card(id).has(keyword::chaotic))
        return refuse(rule_error::bad_options,
                      "resolving: OPENING reveals the Chaotic Starting System of `active_seat`, a seat still in");
      if (r.chaotic_size() == 0)
        return refuse(rule_error::bad_options, "resolving.chaotic: OPENING states the seats still to decide its offers");
      return engine::ok();
    }
    case R::DISCARD: {
      int actions = 0;
      for (const std::string& n : act.hand()) actions += find_card(n, id) && card(id).type == card_type::action;
      if (!position.has_window()) {
        bool in_play = false;
        for (const pb::ShipPosition& sh : act.ships()) in_play = in_play || sh.actions_size() > 0;
        if (st != pb::AFTERMATH_STEP || in_play || actions == 0)
          return refuse(rule_error::bad_options,
                        "resolving: DISCARD without a window is Shady's extra Action at AFTERMATH_STEP (its Actions "
                        "discarded already, an Action in the Hand)");
        return engine::ok();
      }
      if (st != pb::AFTERMATH_STEP || position.window().cascade_size() || position.window().answered_size() ||
          actions - (act.shady_extra() ? 1 : 0) <= opening_hand)
        return refuse(rule_error::bad_options,
                      "resolving: DISCARD is the Play Step's end (AFTERMATH_STEP, its `window` with nothing on it yet) "
                      "with more than 4 Actions in the Hand (5 with `shady_extra`)");
      return engine::ok();
    }
    default: return engine::ok();
  }
}

const char* resolving_closed(pb::ResolvingPosition::Source source) {
  using R = pb::ResolvingPosition;
  switch (source) {
    case R::ACTION: return "resolving: the Action's effects from that part need no choice; play it with `actions`";
    case R::CASCADE: return "resolving: the top of the Cascade needs no choice from that part; let it resolve with `actions`";
    case R::STEP:
    case R::OVERRIDE:
      return "resolving.card: no face-up card of that name with that ability on the active seat's Ship `ship`, or its "
             "effects from that part need no choice";
    case R::WEAPON: return "resolving: the target Ship has no Weapon to answer with, or nothing of the attacker's to disable";
    case R::DETACH: return "resolving: the active seat has no Runabout it may detach now";
    case R::DISCARD: return "resolving: Shady's extra discard needs the primary Ship in a Shady System with Reputation 0 or less";
    case R::BUSTLE: return "resolving: the active seat's primary Ship cannot Bustle now (Crewed, a Bustling System, an Upgrade, room)";
    case R::REATTACH: return "resolving: no detached Runabout shares the primary Ship's Proximity";
    case R::BACKSLIDE: return "resolving: the Backslide's Discovery has no Chaotic offers open there";
    case R::OPENING: return "resolving: the Starting System's Chaotic offers are not open there";
    default: return "resolving: nothing of that source is open there";
  }
}

}  // namespace positions

using positions::farsight_look;
using positions::innermost;
using positions::resolving_timing;

// A `resolving` as the flow would have left it: its source's frame on the stack, running
// from the stated part (the sources of a window once the window is open).
void state::place_resolving(const pb::Position& position, bool in_window, std::span<const copy_id> looked,
                            std::span<const copy_id> waiting) {
  using R = pb::ResolvingPosition;
  const R& r = position.resolving();
  if ((r.source() == R::CASCADE || r.source() == R::WEAPON || (r.source() == R::DISCARD && position.has_window())) !=
      in_window)
    return;
  const int sh = static_cast<int>(r.ship());
  if (sh >= max_ships || !players_[active_].ships[sh].present) return;
  const R& inner = innermost(r);
  // A Chaotic System's offers still to decide, the first listed on top (as place_system leaves them).
  auto offers = [&] {
    for (int k = inner.chaotic_size() - 1; k >= 0; --k)
      if (inner.chaotic(k) < static_cast<std::uint32_t>(seats_)) offer_chaotic(static_cast<int>(inner.chaotic(k)));
  };
  // The innermost choice partly made, on top of its ability's frame (running from `effect`):
  // the rest of a pick, a look, then any Chaotic offers over it.
  auto partial = [&] {
    if (!frame_count_ || frames_[frame_count_ - 1u].kind != task::run) return;
    frame& run = frames_[frame_count_ - 1u];
    const std::uint32_t i = inner.effect();
    if (inner.picks_left() || !looked.empty()) {
      if (i >= static_cast<std::uint32_t>(max_effects)) return;
      const effect& e = card_of(run.source).effects[i];
      if (!e.present() || e.at != run.at) return;
      run.effect = static_cast<std::uint8_t>(i + 1);
      const frame base = run;
      frame f = base;
      f.effect = static_cast<std::uint8_t>(i);
      if (inner.picks_left()) {
        if (!card_primitive(e.kind) || (e.who == target::opponent && base.target_seat == 0xff)) return;
        f.kind = task::pick_card;
        if (e.who != target::opponent) f.target_seat = base.seat, f.target_ship = base.ship;
        f.count = static_cast<std::uint8_t>(std::min<std::uint32_t>(inner.picks_left(), 255));
      } else {
        if (e.kind != op::look_actions) return;
        f.kind = inner.put_back_size() ? task::look_order : task::look;
        f.count = static_cast<std::uint8_t>(inner.put_back_size());
        f.look_count = static_cast<std::uint8_t>(looked.size());
        for (std::size_t k = 0; k < looked.size(); ++k) f.looked[k] = looked[k];
      }
      push(f);
      return;
    }
    offers();
  };
  auto from_part = [&] {
    if (!frame_count_ || frames_[frame_count_ - 1u].kind != task::run) return;
    frames_[frame_count_ - 1u].effect = static_cast<std::uint8_t>(r.effect());
    // Nested choices: each card triggered on its seat's Ship, above the part that set it off.
    const int seat = frames_[frame_count_ - 1u].seat;
    for (const R* n = r.has_nested() ? &r.nested() : nullptr; n; n = n->has_nested() ? &n->nested() : nullptr) {
      card_id nid = 0;
      const when at = n->source() == R::REVEAL ? when::reveal : when::flip_up;
      const int k = static_cast<int>(n->ship());
      if (!find_card(n->card(), nid) || k >= max_ships || !players_[seat].ships[k].present) return;
      const copy_id c = in_play(seat, k, nid, at);
      if (c == no_card) return;
      const int before = frame_count_;
      push_triggers_of(seat, k, c, at);
      if (frame_count_ == before) return;
      frames_[frame_count_ - 1u].effect = static_cast<std::uint8_t>(n->effect());
    }
    partial();
  };
  card_id cid = 0;
  switch (r.source()) {
    case R::ACTION: {
      // The Action as `play` left it: on its Ship, its effects running from the stated part.
      ship& x = players_[active_].ships[sh];
      if (step_ != step::play || x.action_count == 0) return;
      x.target_seat = static_cast<std::uint8_t>(r.targets() ? r.target_seat() : 0xff);
      x.target_ship = static_cast<std::uint8_t>(r.target_ship());
      turn_ship_ = static_cast<std::uint8_t>(sh + 1);
      push_run(active_, sh, x.actions[x.action_count - 1u], when::play,
               r.targets() ? static_cast<int>(r.target_seat()) : -1, static_cast<int>(r.target_ship()));
      from_part();
      return;
    }
    case R::CASCADE:
      // Everyone passed: the top leaves the Cascade and resolves; the rest waits under it.
      if (!cascade_count_) return;
      answered_ |= asked_;
      priority_ = -1;
      resolve_top();
      from_part();
      return;
    case R::WEAPON:
      // As `play` left it: the Complication joined the Cascade, its target answers first.
      if (cascade_count_ && !cascade_[cascade_count_ - 1u].ability && cascade_[cascade_count_ - 1u].target_seat != 0xff)
        weapon_answer(cascade_[cascade_count_ - 1u].seat, cascade_[cascade_count_ - 1u].target_seat,
                      cascade_[cascade_count_ - 1u].target_ship);
      return;
    case R::STEP:
    case R::OVERRIDE: {
      const when at = resolving_timing(r, position.step());
      if (!find_card(r.card(), cid)) return;
      if (farsight_look(position)) {
        // The Start Step's Farsight look, its cards out of the Action Pile (as farsight() leaves it).
        if (step_ != step::start) return;
        copy_id c = no_card;
        for (const module_slot& m : players_[active_].ships[sh].module_list())
          if (m.face_up && index_of(m.card) == cid) c = m.card;
        for (const member& m : players_[active_].ships[sh].crew_list())
          if (m.face_up && index_of(m.card) == cid) c = m.card;
        if (c == no_card) return;
        sub_ = 3;
        // The later Ships' looks first (the Start Step made them from the last Ship on), the
        // last listed lowest, each from its Ship's largest Farsight card.
        std::size_t taken = waiting.size();
        for (int w = r.waiting_looks_size() - 1; w >= 0; --w) {
          const pb::WaitingLook& later = r.waiting_looks(w);
          const std::size_t n = static_cast<std::size_t>(later.looked_size());
          const std::uint32_t k = later.ship();
          if (k >= static_cast<std::uint32_t>(max_ships) || !players_[active_].ships[k].present || n > taken || n > 4) return;
          taken -= n;
          frame f;
          f.kind = task::look;
          f.seat = active_;
          f.ship = static_cast<std::uint8_t>(k);
          f.source = farsight_card(active_, static_cast<int>(k));
          if (f.source == no_card) return;
          f.look_count = static_cast<std::uint8_t>(n);
          for (std::size_t i = 0; i < n; ++i) f.looked[i] = waiting[taken + i];
          push(f);
        }
        frame f;
        f.kind = r.put_back_size() ? task::look_order : task::look;
        f.seat = active_;
        f.ship = static_cast<std::uint8_t>(sh);
        f.source = c;
        f.count = static_cast<std::uint8_t>(r.put_back_size());
        f.look_count = static_cast<std::uint8_t>(looked.size());
        for (std::size_t k = 0; k < looked.size(); ++k) f.looked[k] = looked[k];
        push(f);
        return;
      }
      const copy_id c = in_play(active_, sh, cid, at);
      if (c == no_card) return;
      if (r.source() == R::OVERRIDE) {
        if (step_ != step::play) return;
        turn_ship_ = static_cast<std::uint8_t>(sh + 1);
      } else {
        // The step goes on after its triggered abilities.
        sub_ = step_ == step::start || step_ == step::regroup || step_ == step::aftermath ? 2 : 1;
      }
      push_run(active_, sh, c, at, -1, 0);
      from_part();
      return;
    }
    case R::DISCARD: {
      if (!in_window) {
        // Shady (Ruling 7c): the primary Ship drew its extra Action; the Aftermath Step
        // discarded the Actions in play and asks for one more.
        const player& p = players_[active_];
        if (step_ != step::aftermath || p.reputation > 0 || !system_has(active_, 0, keyword::shady) ||
            hand_actions(active_) == 0)
          return;
        sub_ = 1;
        frame f;
        f.kind = task::discard;
        f.seat = active_;
        f.count = 1;
        push(f);
        return;
      }
      // The Play Step's end pushes it before its window asks anyone (leaving a Shady draw's
      // extra Action to the Aftermath, as end_play_step does).
      const int extra = hand_actions(active_) - opening_hand - (players_[active_].shady_extra ? 1 : 0);
      if (step_ != step::aftermath || extra <= 0) return;
      frame f;
      f.kind = task::discard;
      f.seat = active_;
      f.count = static_cast<std::uint8_t>(extra);
      push(f);
      return;
    }
    case R::OPENING: {
      // Every Starting System shown (show_starting_systems): the ones after the active seat's
      // in Initiative order wait, not begun (pushed last first); its offers are open on top.
      if (step_ != step::starting_system) return;
      sub_ = 1;
      const int open = static_cast<int>(position.active_seat());
      const int place = (open - initiative_ + seats_) % seats_;
      for (int k = seats_ - 1; k > place; --k) {
        const int s = (initiative_ + k) % seats_;
        if (!players_[s].out && players_[s].starting_system != no_card) system_revealed(s, 0, players_[s].starting_system);
      }
      offers();
      return;
    }
    case R::BACKSLIDE:
      // The Aftermath Step is over (the End Step runs from its start): what the Backslides
      // left waits under the Discovery's offers (position_backslide.cpp).
      if (step_ == step::end && place_backslides(position)) offers();
      return;
    case R::DETACH:
    case R::BUSTLE:
    case R::REATTACH: {
      if (step_ != (r.source() == R::REATTACH ? step::end : step::start)) return;
      frame f;
      f.kind = r.source() == R::DETACH ? task::detach : r.source() == R::BUSTLE ? task::bustle : task::reattach;
      f.seat = active_;
      sub_ = r.source() == R::DETACH ? 4 : r.source() == R::BUSTLE ? 5 : 3;
      if (r.source() == R::BUSTLE && !looked.empty()) {
        // It Bustled: the Upgrades it looked at wait for the one to add (as BUSTLE 1 leaves it).
        if (!crewed(active_, 0) || !system_has(active_, 0, keyword::bustling) ||
            players_[active_].ships[0].module_count >= max_modules || players_[active_].reputation < 0)
          return;
        players_[active_].bustled = true;
        f.kind = task::bustle_pick;
        f.look_count = static_cast<std::uint8_t>(std::min<std::size_t>(looked.size(), 3));
        for (int k = 0; k < f.look_count; ++k) f.looked[k] = looked[k];
      }
      push(f);
      return;
    }
    default: return;
  }
}

// After the constructor's advance: the stated source's choice is the one open.
bool state::resolving_open(const pb::Position& position) const {
  using R = pb::ResolvingPosition;
  const R* inner = &position.resolving();
  while (inner->has_nested()) inner = &inner->nested();
  const R& r = position.resolving();
  if (frame_count_ == 0) return false;
  const frame& f = frames_[frame_count_ - 1u];
  card_id cid = 0;
  if (inner->chaotic_size()) {
    // Every stated offer waits, the first on top.
    int n = 0;
    while (n < frame_count_ && frames_[frame_count_ - 1 - n].kind == task::chaotic) ++n;
    return n == inner->chaotic_size() + offers_just_under(position) && f.seat == inner->chaotic(0);
  }
  if (inner->picks_left()) {
    std::vector<action> options;
    frame_actions(f, options);   // PASS, then one per card it may pick
    return f.kind == task::pick_card && f.count == inner->picks_left() &&
           options.size() > static_cast<std::size_t>(inner->picks_left()) + 1;
  }
  if (inner->looked_size())
    return f.kind == (r.source() == R::BUSTLE ? task::bustle_pick : inner->put_back_size() ? task::look_order : task::look) &&
           f.look_count == inner->looked_size() + inner->put_back_size() &&
           (r.waiting_looks_size() == 0 || frame_count_ == 1 + r.waiting_looks_size());
  if (inner != &r) return find_card(inner->card(), cid) && f.source != no_card && index_of(f.source) == cid;
  switch (r.source()) {
    case R::ACTION: {
      const pb::ShipPosition& sh = position.seats(static_cast<int>(position.active_seat())).ships(static_cast<int>(r.ship()));
      return find_card(sh.actions(sh.actions_size() - 1), cid) && f.source != no_card && index_of(f.source) == cid;
    }
    case R::CASCADE: {
      const auto& cascade = position.window().cascade();
      return find_card(cascade[cascade.size() - 1].card(), cid) && f.source != no_card && index_of(f.source) == cid;
    }
    case R::STEP:
    case R::OVERRIDE: return find_card(r.card(), cid) && f.source != no_card && index_of(f.source) == cid;
    case R::WEAPON: return f.kind == task::weapon;
    case R::DETACH: return f.kind == task::detach;
    case R::BUSTLE: return f.kind == task::bustle;
    case R::REATTACH: return f.kind == task::reattach;
    case R::DISCARD: return f.kind == task::discard;
    default: return false;
  }
}

}  // namespace starport::terminus
