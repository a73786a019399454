// What each viewer sees, the log words, and the hidden-information scramble.
#include <algorithm>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/core/words.hpp"
#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::has_seat;
using engine::plural;
using engine::seat_ref;
using engine::card_ref;

namespace {

pb::CardType wire_type(card_type t) {
  switch (t) {
    case card_type::module: return pb::MODULE;
    case card_type::recruit: return pb::RECRUIT;
    case card_type::complication: return pb::COMPLICATION;
    case card_type::system: return pb::SYSTEM;
    case card_type::action: return pb::ACTION;
  }
  return pb::CARD_TYPE_UNSPECIFIED;
}

pb::Step wire_step(step s) {
  switch (s) {
    case step::module_draft: return pb::MODULE_DRAFT;
    case step::recruit_draft: return pb::RECRUIT_DRAFT;
    case step::starting_system: return pb::STARTING_SYSTEM;
    case step::mulligan: return pb::MULLIGAN_STEP;
    case step::entropy: return pb::ENTROPY_STEP;
    case step::destiny: return pb::DESTINY_STEP;
    case step::start: return pb::START_STEP;
    case step::regroup: return pb::REGROUP_STEP;
    case step::play: return pb::PLAY_STEP;
    case step::aftermath: return pb::AFTERMATH_STEP;
    case step::end: return pb::END_STEP;
    case step::cleanup: return pb::CLEANUP_STEP;
    case step::initiative: return pb::INITIATIVE_STEP;
    case step::over: return pb::GAME_OVER;
    case step::none: return pb::STEP_UNSPECIFIED;
  }
  return pb::STEP_UNSPECIFIED;
}

std::string name_of(const state& g, copy_id c) { return std::string(g.card_of(c).name); }

// "{seat:1}'s Ship", "{seat:1}'s Runabout 2": a Ship of a seat, in the log's words.
std::string ship_words(int seat, int ship) {
  return seat_ref(seat) + "'s " + (ship == 0 ? std::string("Ship") : "Runabout " + std::to_string(ship));
}

}  // namespace

// A card as the viewer may see it: `known` false → no index, id 0.
void state::fill_card(pb::Card& out, copy_id c, bool known) const {
  out.set_owner(static_cast<std::uint32_t>(owner_of(c)));
  if (!known) return;
  out.set_id(wire(c));
  out.set_index(index_of(c));
  out.set_known(true);
  out.set_type(wire_type(card_of(c).type));
}

bool state::sees_hand(viewer who, int s) const { return who.sees_all() || who.is_seat(s); }

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  engine::fill_legal_actions(*this, who, *out.mutable_legal_actions());
  out.set_spectator(who.who != viewer::kind::seat);
  if (who.who == viewer::kind::seat) out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
  out.set_round(round_);
  out.set_step(wire_step(step_));
  out.set_draft_round(step_ == step::module_draft || step_ == step::recruit_draft ? draft_round_ : 0);
  out.set_initiative(initiative_);
  const bool in_turn = turn_under_way();
  out.set_has_active(in_turn);
  if (in_turn) out.set_active_seat(active_);
  for (int i = 0; i < order_count_; ++i) out.add_turn_order(order_[i]);
  const engine::seat_mask must = must_act();
  for (int s = 0; s < seats_; ++s) {
    const player& p = players_[s];
    const bool own = who.sees_all() || who.is_seat(s);
    pb::Seat& ps = *out.add_seats();
    ps.set_seat(static_cast<std::uint32_t>(s));
    ps.set_to_act(has_seat(must, s));
    ps.set_may_act(window_ != window::none && priority_ == s);
    ps.set_initiative(initiative_ == s);
    ps.set_out(p.out);
    for (int k = 0; k < max_ships; ++k) {
      const ship& x = p.ships[k];
      if (!x.present) continue;
      pb::Ship& sh = *ps.add_ships();
      sh.set_number(static_cast<std::uint32_t>(k));
      if (x.runabout != no_card) fill_card(*sh.mutable_runabout(), x.runabout, true);
      for (const module_slot& m : x.module_list()) {
        pb::Card& c = *sh.add_modules();
        fill_card(c, m.card, m.face_up || m.known || own);
        c.set_face_up(m.face_up);
        c.set_counters(m.counters);
      }
      for (const member& m : x.crew_list()) {
        pb::Card& c = *sh.add_crew();
        const bool shown = m.face_up || m.known || own;
        fill_card(c, m.card, shown);
        c.set_face_up(m.face_up);
        // A face-down Member's printed Morale would tell which card it is.
        if (shown) c.set_morale(m.morale);
        c.set_counters(m.counters);
      }
      sh.set_proximity(static_cast<std::uint32_t>(x.proximity));
      sh.set_crewed(crewed(s, k));
      sh.set_backslide(x.backslide);
      if (x.action_count) {
        fill_card(*sh.mutable_action(), x.actions[x.action_count - 1], true);
        if (x.target_seat != 0xff) {
          sh.set_action_targets(true);
          sh.set_action_target_seat(x.target_seat);
          sh.set_action_target_ship(x.target_ship);
        }
      }
    }
    ps.set_certainty(static_cast<std::uint32_t>(p.certainty));
    ps.set_reputation(p.reputation);
    for (int o = 0; o < seats_; ++o) ps.add_intel(p.intel[o]);
    ps.set_hand_count(p.hand.size);
    ps.set_hand_complications(static_cast<std::uint32_t>(hand_complications(s)));
    if (sees_hand(who, s)) {
      for (copy_id c : p.hand.items()) fill_card(*ps.add_hand(), c, true);
    } else if (who.who == viewer::kind::seat) {
      // A peek shows the cards that were in the Hand then and are still there.
      const std::uint64_t seen = players_[who.seat].seen_hand[s];
      for (copy_id c : p.hand.items())
        if ((seen >> slot_of(c)) & 1u) fill_card(*ps.add_hand(), c, true);
    }
    ps.set_action_pile(p.action_pile.size);
    for (copy_id c : p.discard.items()) {
      pb::Card& d = *ps.add_discard();
      fill_card(d, c, true);
      d.set_face_up(true);
    }
    ps.set_complication_pile(p.complications.size);
    ps.set_system_pile(p.systems.size);
    ps.set_upgrade_pile(p.upgrades.size);
    ps.set_gig_pile(p.gigs.size);
    if (p.starting_system != no_card) {
      // Chosen in secret with the others; everyone sees it once the Opening goes on.
      const bool shown = own || starting_systems_shown();
      fill_card(*ps.mutable_starting_system(), p.starting_system, shown);
      ps.mutable_starting_system()->set_face_up(shown && !system_down(p.starting_system));
    }
    for (copy_id c : p.destiny.items()) fill_card(*ps.add_destiny(), c, true);
    for (copy_id c : p.legacies.items()) fill_card(*ps.add_legacies(), c, true);
    ps.set_turn_order(p.turn_place);
    const bool drafting = step_ == step::module_draft || step_ == step::recruit_draft;
    const bool simultaneous = drafting || step_ == step::starting_system || step_ == step::mulligan ||
                              step_ == step::entropy;
    ps.set_drafted(simultaneous && p.decided);
    ps.set_opening_done((step_ == step::starting_system || step_ == step::mulligan) && p.decided);
    if (drafting && own) {
      const auto& pool = step_ == step::module_draft ? p.module_pool : p.recruit_pool;
      for (copy_id c : pool.items()) fill_card(*ps.add_draft_pool(), c, true);
      // Your own pick waits face down on your Ship until the flip; only you see which.
    }
    ps.set_destiny_locked(p.destiny_locked);
    ps.set_deadlocked(p.deadlocked && in_turn && active_ == s);
  }
  for (int prox = 1; prox < terminus; ++prox) {
    pb::ChartSpace& sp = *out.add_star_chart();
    sp.set_proximity(static_cast<std::uint32_t>(prox));
    if (chart_[prox] != no_card) {
      fill_card(*sp.mutable_system(), chart_[prox], true);
      sp.mutable_system()->set_face_up(!system_down(chart_[prox]));
    }
  }
  for (copy_id c : dead_.items()) fill_card(*out.add_dead_space(), c, true);
  for (int i = 0; i < cascade_count_; ++i) {
    const cascade_entry& e = cascade_[i];
    pb::CascadeEntry& ce = *out.add_cascade();
    ce.set_seat(e.seat);
    // The card as everyone sees it on the Cascade: face up, a Member with its Morale now.
    pb::Card& shown = *ce.mutable_card();
    fill_card(shown, e.card, true);
    shown.set_face_up(true);
    for (const ship& x : players_[owner_of(e.card)].ships)
      for (const member& m : x.crew_list())
        if (m.card == e.card) shown.set_morale(m.morale);
    ce.set_ability(e.ability);
    if (e.target_seat != 0xff) {
      ce.set_targets(true);
      ce.set_target_seat(e.target_seat);
      ce.set_target(e.target_ship);
    }
    ce.set_negated(e.negated);
    if (!e.ability) ce.set_ship(e.ship);
  }
  if (window_ != window::none) {
    for (int s = 0; s < seats_; ++s)
      if (has_seat(asked_, s)) out.add_asked(static_cast<std::uint32_t>(s));
    if (priority_ >= 0) out.set_priority(static_cast<std::uint32_t>(priority_));
  }
  if (frame_count_) fill_prompt(who, out);
  if (last_seat_ != 0xff && last_kind_ != pb::LastMove::KIND_UNSPECIFIED) {
    pb::LastMove& lm = *out.mutable_last_move();
    lm.set_seat(last_seat_);
    lm.set_kind(last_kind_);
    if (last_card_ != no_card) fill_card(*lm.mutable_card(), last_card_, true);
    if (last_source_ != no_card) fill_card(*lm.mutable_source(), last_source_, true);
    if (last_target_seat_ != 0xff) {
      lm.set_targets(true);
      lm.set_target_seat(last_target_seat_);
      lm.set_target_ship(last_target_ship_);
    }
  }
  const outcome o = result();
  if (o.over) {
    auto* oc = out.mutable_outcome();
    oc->set_over(true);
    for (int s = 0; s < seats_; ++s)
      if (has_seat(o.winners, s)) oc->add_winners(static_cast<std::uint32_t>(s));
    oc->set_reason(o.reason);
  }
  if (step_ == step::starting_system && who.who == viewer::kind::seat && !players_[who.seat].decided) {
    // The Opening: the top three Systems, to their owner only.
    const player& p = players_[who.seat];
    pb::Prompt& pr = *out.mutable_prompt();
    pr.set_seat(static_cast<std::uint32_t>(who.seat));
    pr.set_kind(pb::PICK_CARD);
    pr.set_text("Choose your Starting System; the others go to the bottom of your System Pile");
    for (int i = 0; i < std::min<int>(3, p.systems.size); ++i)
      fill_card(*pr.add_cards(), p.systems.cards[p.systems.size - 1 - i], true);
  }
  if (step_ == step::mulligan && who.who == viewer::kind::seat && !players_[who.seat].decided) {
    const player& p = players_[who.seat];
    pb::Prompt& pr = *out.mutable_prompt();
    pr.set_seat(static_cast<std::uint32_t>(who.seat));
    pr.set_kind(pb::DISCARD);
    pr.set_text("Mulligan: choose any of your 4 Actions to discard and replace, or keep them");
    const int n = std::min<int>(p.hand.size, opening_hand);
    for (int i = 0; i < n; ++i) fill_card(*pr.add_cards(), p.hand.cards[p.hand.size - n + i], true);
  }
}

void state::fill_prompt(viewer who, pb::View& out) const {
  const frame& f = frames_[frame_count_ - 1];
  if (f.kind == task::run || f.kind == task::after_complication) return;
  pb::Prompt& pr = *out.mutable_prompt();
  pr.set_seat(f.seat);
  const bool mine = who.sees_all() || who.is_seat(f.seat);
  const std::string src = f.source != no_card ? name_of(*this, f.source) : std::string();
  switch (f.kind) {
    case task::pick_card:
      pr.set_kind(pb::PICK_CARD);
      pr.set_text(src + " (" + terminus::describe(card_of(f.source).effects[f.effect]) + "): choose a card (" +
                  std::to_string(f.count) + " more), or stop");
      pr.set_optional(true);
      break;
    case task::pick_ship:
      pr.set_kind(pb::PICK_SEAT);
      pr.set_text(src + ": choose the opponent Ship (seat * 4 + ship)");
      break;
    case task::optional:
      pr.set_kind(pb::PICK_NUMBER);
      pr.set_text(src + ": use this effect? (1 yes, pass no)");
      pr.set_optional(true);
      pr.add_options(1);
      break;
    case task::discard:
      pr.set_kind(pb::DISCARD);
      // The rules' own discards say which rule asks (the 4-Action hand rule is the notes').
      if (f.source != no_card || step_ != step::aftermath)
        pr.set_text("Discard " + plural(f.count, "Action", "Actions"));
      else if (sub_ == 0)
        pr.set_text("Hand limit: discard " + plural(f.count, "Action", "Actions") + ", down to " +
                    std::to_string(hand_actions(f.seat) - f.count) + " in hand");
      else
        pr.set_text("Shady: discard " + plural(f.count, "Action", "Actions") + " (the extra one Shady drew this Turn)");
      break;
    case task::burn:
      pr.set_kind(pb::DISCARD);
      pr.set_text("Burn " + plural(f.count, "card", "cards") + " of your hand");
      break;
    case task::look:
      pr.set_kind(pb::FARSIGHT);
      pr.set_text("The top of your Action Pile: discard any of them, pass to put the rest back");
      pr.set_optional(true);
      break;
    case task::look_order:
      pr.set_kind(pb::ORDER);
      pr.set_text("Put the rest back: choose the card to lie next from the top");
      break;
    case task::bustle_pick:
      pr.set_kind(pb::PICK_CARD);
      pr.set_text("Bustle: choose the Module to add to your Ship");
      break;
    case task::chaotic:
      pr.set_kind(pb::PICK_NUMBER);
      pr.set_text("Chaotic: put the top card of your Complication Pile at the bottom (1) or keep it (pass)");
      pr.set_optional(true);
      pr.add_options(1);
      break;
    case task::weapon:
      pr.set_kind(pb::PICK_CARD);
      pr.set_text("Weapon: disable a Module of the attacker's Ships, or pass");
      pr.set_optional(true);
      break;
    case task::detach:
      pr.set_kind(pb::PICK_CARD);
      pr.set_text("Detach a Runabout with up to 2 Members of your Crew, or pass");
      pr.set_optional(true);
      break;
    case task::bustle:
      pr.set_kind(pb::PICK_NUMBER);
      pr.set_text("Bustle: add a Module and skip your Regroup, Play and Aftermath Steps?");
      pr.add_options(0);
      pr.add_options(1);
      break;
    case task::reattach:
      pr.set_kind(pb::PICK_NUMBER);
      pr.set_text("Re-attach a Runabout to your primary Ship, or pass");
      pr.set_optional(true);
      break;
    default: break;
  }
  if (mine && f.kind == task::chaotic) {
    // The top Complication as it is now: an offer decided since this one was made (another
    // Discovery's) may have sent the card on top then to the bottom.
    if (!players_[f.seat].complications.empty()) fill_card(*pr.add_cards(), players_[f.seat].complications.top(), true);
  } else if (mine) {
    for (int i = f.kind == task::look_order ? f.count : 0; i < f.look_count; ++i)
      fill_card(*pr.add_cards(), f.looked[i], true);
  }
}

// ------------------------------------------------------------------ words

// A card in the log, by its kind ("{card:K}", the pool's index): every reader fills its name,
// so a line's shape does not change with the card it names (docs/protocol.md, "Log lines").
std::string state::card_words(copy_id c) const { return card_ref(index_of(c)); }

std::string state::describe(const action& a) const {
  const std::string who = seat_ref(a.seat);
  const kind k = static_cast<kind>(a.kind);
  auto card_arg = [&](int i) { return from_wire(a.args[i]); };
  switch (k) {
    case kind::resign: return who + " resigns.";
    case kind::draft: return who + " picks a " + (step_ == step::module_draft ? "Module." : "Recruit.");
    case kind::start_system: return who + " chooses a Starting System.";
    // Secret until every seat has chosen: the words say nothing of the choice.
    case kind::mulligan: return who + " chooses whether to mulligan.";
    case kind::entropy: return who + " puts a Complication under the Complication Pile.";
    case kind::pass:
      if (frame_count_) {
        const task t = frames_[frame_count_ - 1].kind;
        if (t == task::look) return who + " puts the rest back.";
        return who + " passes.";
      }
      // With a Cascade waiting, a pass lets it resolve; else the seat is done with the Step.
      if (window_ == window::destiny && cascade_count_ == 0) return who + " has nothing more to play in the Destiny Step.";
      return who + " passes.";
    case kind::play: {
      const copy_id c = card_arg(0);
      std::string s = who + " plays " + card_words(c);
      if (a.args[1] > 0) s += " for Runabout " + std::to_string(a.args[1]);
      if (a.args[2] >= 0) s += ", targeting " + ship_words(a.args[2], a.args[3]);
      return s + ".";
    }
    case kind::override_:
      return who + " discards " + card_words(card_arg(0)) + " to Override with " + card_words(card_arg(1)) + ".";
    case kind::activate: {
      std::string s = who + " activates " + card_words(card_arg(0));
      if (a.args[1] >= 0) s += ", targeting " + ship_words(a.args[1], a.args[2]);
      return s + ".";
    }
    case kind::choose: {
      if (!frame_count_) return who + " chooses.";
      const frame& f = frames_[frame_count_ - 1];
      switch (f.kind) {
        case task::pick_card: {
          const copy_id c = picked(f, a.args[0]);
          const effect& e = card_of(f.source).effects[f.effect];
          const std::string for_what = " for " + card_words(f.source);
          // A face-down card's fate would say what it is (a Digital one is not killed).
          if (c == no_card || hidden_in_ship(c)) return who + " chooses a face-down card" + for_what + ".";
          if (e.kind == op::kill_recruit && card_of(c).is(subtype::digital) && !face_down_in_ship(c, false))
            return who + " chooses " + card_words(c) + for_what + ": Digital, it is not killed.";
          return who + " chooses " + card_words(c) + for_what + ": it " + pick_words(e) + ".";
        }
        case task::weapon: return who + " chooses " + card_words(card_arg(0)) + ".";
        case task::pick_ship: return who + " targets " + ship_words(a.args[0] / 4, a.args[0] % 4) + ".";
        case task::optional: return who + " uses " + card_words(f.source) + ".";
        case task::discard: case task::look: return who + " discards " + card_words(card_arg(0)) + ".";
        case task::burn: return who + " burns " + card_words(card_arg(0)) + ".";
        case task::bustle_pick:
          // An Ambush Module enters face down: its name would tell the others what it is.
          if (card_of(card_arg(0)).has(keyword::ambush)) return who + " adds a face-down Module to the Ship.";
          return who + " adds " + card_words(card_arg(0)) + " to the Ship.";
        case task::chaotic: return who + " puts the top Complication at the bottom.";
        case task::look_order: return who + " puts a card back on the Action Pile.";
        default: return who + " chooses.";
      }
    }
    case kind::detach: {
      int crew = (a.args[1] > 0) + (a.args[2] > 0);
      return who + " detaches " + card_words(card_arg(0)) + " with " + plural(crew, "Member", "Members") + ".";
    }
    case kind::reattach: return who + " re-attaches Runabout " + std::to_string(a.args[0]) + ".";
    case kind::bustle: return a.args[0] ? who + " Bustles." : who + " does not Bustle.";
  }
  return who + " acts.";
}

std::string state::describe_effects() const {
  std::string out;
  auto line = [&](std::string_view s) { engine::add_line(out, s); };
  const auto same_draw = [](const event& a, const event& b) { return b.kind == a.kind && b.seat == a.seat; };
  for (int i = 0; i < event_count_; ++i) {
    const event& e = events_[i];
    const std::string who = seat_ref(e.seat);
    switch (e.kind) {
      case event_kind::flipped:
        line(e.card == no_card ? who + "'s pick stays face down." : card_words(e.card) + " of " + who + " turns face up.");
        break;
      case event_kind::starting_system:
        line(who + "'s Starting System is " + card_words(e.card) + ".");
        break;
      case event_kind::drew_actions: {
        // Draws one after another (a Regroup's, one per Ship) are told as one.
        const int n = engine::sum_of_run(events_.data(), event_count_, i, same_draw, [](const event& d) { return int{d.extra}; });
        line(who + " draws " + plural(n, "Action", "Actions") + ".");
        break;
      }
      case event_kind::drew_complication: {
        // Likewise the Complications of a deal or an effect that draws several.
        const int n = engine::sum_of_run(events_.data(), event_count_, i, same_draw, [](const event&) { return 1; });
        line(who + (n == 1 ? " draws a Complication." : " draws " + plural(n, "Complication", "Complications") + "."));
        break;
      }
      case event_kind::discarded: line(who + " discards " + card_words(e.card) + "."); break;
      case event_kind::proximity:
        // A Runabout is named: its Proximity is not its owner's Ship's.
        line((e.other == 0 ? who : who + "'s Runabout " + std::to_string(e.other)) + " is at Proximity " +
             std::to_string(e.extra) + ".");
        break;
      case event_kind::no_gain:
        line(ship_words(e.seat, e.other) + " has no Active Module: it gains no Proximity.");
        break;
      case event_kind::discovery:
        line("Discovery: " + card_words(e.card) + " at Proximity " + std::to_string(e.extra) + ".");
        break;
      case event_kind::not_chosen:
        line("The Discovery also revealed " + who + "'s " + card_words(e.card) + ": it goes to the bottom of their System Pile.");
        break;
      case event_kind::backslide: line((e.other == 0 ? who : ship_words(e.seat, e.other)) + " begins a Backslide."); break;
      case event_kind::deadlock: line(who + " Deadlocks and reveals their hand."); break;
      case event_kind::dead_space: line(card_words(e.card) + " goes to Dead Space."); break;
      case event_kind::eliminated: line(who + " is out of the race."); break;
      case event_kind::initiative: line(who + " takes the Initiative."); break;
      case event_kind::new_round: line("Round " + std::to_string(e.extra) + " begins."); break;
      case event_kind::resolved: line(card_words(e.card) + " resolves."); break;
      case event_kind::negated: line(card_words(e.card) + " is negated."); break;
      case event_kind::joined:
        // A Runabout's Crew is named as the Ship: "joins the Crew of Vega's Runabout 2".
        line((e.card == no_card ? "A face-down Member" : card_words(e.card)) + " joins " +
             (e.other == 0 ? who + "'s Crew." : "the Crew of " + ship_words(e.seat, e.other) + "."));
        break;
      case event_kind::left_crew: line(card_words(e.card) + " leaves " + who + "'s Crew for the Gig Pile."); break;
      case event_kind::module_added:
        line(e.card == no_card ? "A face-down Module is added to " + who + "'s Ship." : card_words(e.card) + " is added to " + who + "'s Ship.");
        break;
      case event_kind::detached: line(card_words(e.card) + " detaches from " + who + "'s Ship."); break;
      case event_kind::reattached: line(card_words(e.card) + " re-attaches to " + who + "'s Ship."); break;
      case event_kind::won: line(who + " wins the race."); break;
      case event_kind::certainty: line(who + " has " + std::to_string(e.extra) + " Certainty."); break;
      case event_kind::reputation: line(who + "'s Reputation is " + std::to_string(e.extra) + "."); break;
      case event_kind::intel:
        line(who + " has " + std::to_string(e.extra) + " Intel on " + seat_ref(e.other) + ".");
        break;
      case event_kind::disabled: line(card_words(e.card) + " of " + who + " is Disabled."); break;
      case event_kind::turned_down: line(card_words(e.card) + " of " + who + " turns face down."); break;
      case event_kind::system_down: line(card_words(e.card) + " turns face down on the Star Chart."); break;
      case event_kind::morale:
        line(card_words(e.card) + " of " + who + " is at Morale " + std::to_string(e.extra) + ".");
        break;
      case event_kind::peeked: line(who + " looks at " + seat_ref(e.other) + "'s Hand."); break;
      case event_kind::mulligan:
        line(e.extra ? who + " takes a mulligan of " + std::to_string(e.extra) + "." : who + " keeps the opening hand.");
        break;
    }
  }
  if (events_cut_) line("…");
  return out;
}

// ------------------------------------------------------------------ hidden information

// Permutes what `seat` holds hidden from others: its hand (unless someone peeks at it), its
// Piles' order, its secret Draft pick; and which card each face-down card on its Ships is
// that nobody has seen, among those of its type and, for Modules, the Upgrade Pile's (cards
// nobody else has seen either: the pile only ever gives). Moving copies alone would not
// move a line or a view that names a hidden copy's card: the kind must change under it (an
// Ambush Module's name once leaked so). The other piles also take back cards everyone saw
// (a reshuffled discard, a dead Member), so their kinds stay.
void state::scramble_hidden(int seat, engine::rng& r) {
  player& p = players_[seat];
  bool peeked = false;
  for (int s = 0; s < seats_; ++s) peeked = peeked || players_[s].seen_hand[seat] != 0;
  {
    std::vector<copy_id> modules(p.upgrades.cards.begin(), p.upgrades.cards.begin() + p.upgrades.size);
    std::vector<member*> members;
    for (ship& x : p.ships) {
      for (const module_slot& m : x.module_list())
        if (!m.face_up && !m.known) modules.push_back(m.card);
      for (int i = 0; i < x.crew_count; ++i)
        if (!x.crew[i].face_up && !x.crew[i].known) members.push_back(&x.crew[i]);
    }
    std::vector<engine::card_index> kinds;
    for (copy_id c : modules) kinds.push_back(index_of(c));
    r.shuffle(kinds.data(), static_cast<int>(kinds.size()));
    for (std::size_t i = 0; i < modules.size(); ++i) players_[owner_of(modules[i])].list[slot_of(modules[i])] = kinds[i];
    // A Member's Morale moves with its kind: the printed Morale tells kinds apart.
    std::vector<std::pair<engine::card_index, std::int8_t>> crew;
    for (const member* m : members) crew.emplace_back(index_of(m->card), m->morale);
    r.shuffle(crew.data(), static_cast<int>(crew.size()));
    for (std::size_t i = 0; i < members.size(); ++i) {
      players_[owner_of(members[i]->card)].list[slot_of(members[i]->card)] = crew[i].first;
      members[i]->morale = crew[i].second;
    }
  }
  if (!peeked) r.shuffle(p.hand.cards.data(), p.hand.size);
  r.shuffle(p.action_pile.cards.data(), p.action_pile.size);
  r.shuffle(p.complications.cards.data(), p.complications.size);
  r.shuffle(p.upgrades.cards.data(), p.upgrades.size);
  r.shuffle(p.gigs.cards.data(), p.gigs.size);
  if (step_ != step::starting_system) r.shuffle(p.systems.cards.data(), p.systems.size);
  if (p.pick != no_card) {
    auto& pool = step_ == step::module_draft ? p.module_pool : p.recruit_pool;
    if (!pool.empty()) {
      const int i = static_cast<int>(r.below(pool.size));
      std::swap(p.pick, pool.cards[i]);
      std::sort(pool.cards.begin(), pool.cards.begin() + pool.size);
    }
  }
}

}  // namespace starport::terminus
