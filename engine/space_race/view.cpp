// What each viewer sees of a Space Race table. Hidden: Hands (but their size), the Deck,
// face-down Universe cards (their placer knows its own; Carl Sagan's holder sees them while
// choosing), and a Control Card chosen this round until every seat has chosen.
#include <algorithm>
#include <string>

#include "engine/core/match.hpp"
#include "engine/space_race/state.hpp"

namespace starport::space_race {
namespace {

std::string bottom_text(const card_def& d) {
  std::string out;
  if (d.bottom_timing == timing::immediate) out = "Immediate: " + describe(d.bottom);
  if (d.bottom_timing == timing::bureaucracy) out = "Bureaucracy: " + describe(d.bottom);
  if (!d.text.empty()) out += (out.empty() ? "" : " ") + std::string(d.text);
  return out;
}

void fill_card(card_id c, pb::Card& out) {
  const card_def& d = card(c);
  out.set_code(std::string(d.code));
  out.set_name(std::string(d.name));
  out.set_type(static_cast<pb::Stage>(d.type));
  out.set_leader(d.leader);
  for (auto l : d.level) out.add_levels(l);
  for (auto s : d.symbol) out.add_symbols(s);
  out.set_left(describe(d.left));
  out.set_right(describe(d.right));
  out.set_bottom(bottom_text(d));
  out.set_left_stripe(static_cast<pb::Stage>(d.left.stripe));
  out.set_right_stripe(static_cast<pb::Stage>(d.right.stripe));
}

void fill_control(int k, pb::ControlCard& out) {
  const control_def& c = control(k);
  out.set_index(static_cast<std::uint32_t>(k));
  out.set_code(std::string(c.code));
  out.set_name(std::string(c.name));
  out.set_type(static_cast<pb::Stage>(c.type));
  out.set_level(c.level);
  out.set_acquire(describe(acquire_of(c)));
  out.set_extra(describe(c.extra));
  out.set_extra_is_bureaucracy(c.extra_is_bureaucracy);
}

pb::Zone wire_zone(zone z) {
  switch (z) {
    case zone::deck: return pb::DECK;
    case zone::universe: return pb::FACE_DOWN;   // as a destination; as a source see below
    case zone::hand: return pb::HAND;
    case zone::agency: return pb::AGENCY;
    case zone::lab:
    case zone::rival_lab:
    case zone::any_lab: return pb::LAB;
    case zone::none: break;
  }
  return pb::ZONE_UNSPECIFIED;
}

pb::Zone wire_source(zone z) { return z == zone::universe ? pb::UNIVERSE : wire_zone(z); }

pb::PromptKind wire_task(task t) {
  switch (t) {
    case task::move: return pb::MOVE;
    case task::split: return pb::SPLIT_POWER;
    case task::uncover: return pb::UNCOVER;
    case task::leader: return pb::LEADER;
    case task::fallback: return pb::FALLBACK;
    case task::return_control: return pb::RETURN_CONTROL;
    case task::reveal: return pb::REVEAL;
  }
  return pb::MOVE;
}

pb::Phase wire_phase(step s) {
  switch (s) {
    case step::choose: return pb::MANAGE;
    case step::develop: return pb::DEVELOP;
    case step::invest:
    case step::reveal: return pb::PREPARE;
    case step::declare: return pb::SCORING;
    case step::over: return pb::GAME_OVER;
  }
  return pb::PHASE_UNSPECIFIED;
}

std::string transfer_text(const transfer& t, int n) {
  ability a;
  a.kind = effect::move;
  a.power = static_cast<std::uint8_t>(n);
  a.top = t;
  return describe(a);
}

std::string prompt_text(const state& g, const frame& f) {
  const std::string n = std::to_string(f.remaining);
  switch (f.kind) {
    case task::move: return transfer_text(f.what, f.remaining);
    case task::split: {
      ability a;
      a.kind = effect::combined;
      a.power = f.remaining;
      a.top = f.what;
      a.bottom = f.second;
      return "Announce the split: " + describe(a);
    }
    case task::uncover: return "Uncover up to " + n + " covered cards in your Agency.";
    case task::leader: return "One Leader only: choose the Leader that moves to your Laboratory.";
    case task::fallback:
      return "No " + std::string(stage_name(static_cast<stage>(g.current_stage()))) +
             " card in the Universe: take a card of a finished Stage into your Agency, or draw up to 3.";
    case task::return_control: return "You may return another used Control Card to your supply.";
    case task::reveal: return "True Visionaries: choose " + n + " face-down card(s) to turn face up.";
  }
  return {};
}

}  // namespace

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  engine::fill_legal_actions(*this, who, *out.mutable_legal_actions());
  out.set_spectator(who.who == viewer::kind::spectator);
  if (who.who == viewer::kind::seat) out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
  out.set_variant(variant_ == variant::jfk ? pb::JFK : variant_ == variant::cold_war ? pb::COLD_WAR : pb::STANDARD);
  out.set_round(round_);
  out.set_phase(wire_phase(step_));
  out.set_stage(static_cast<pb::Stage>(stage_));
  if (step_ == step::develop)
    for (int i = 0; i < order_count_; ++i) out.add_stage_order(order_[i]);
  if (int t = turn_seat(); t >= 0) {
    out.set_turn_seat(static_cast<std::uint32_t>(t));
    out.set_has_turn(true);
  }
  out.set_initiative(initiative_);
  out.set_deck_count(deck_.size);
  for (int t = 0; t < stage_count; ++t) {
    pb::UniversePile& pile_out = *out.add_universe();
    pile_out.set_type(static_cast<pb::Stage>(t));
    for (card_id c : universe_[t].items()) fill_card(c, *pile_out.add_cards());
  }
  out.set_face_down_count(face_down_.size);
  const frame* top = frame_count_ ? &frames_[frame_count_ - 1] : nullptr;
  const bool sagan_sees = top && top->kind == task::reveal && who.is_seat(top->seat);
  if (who.sees_all() || sagan_sees)
    for (card_id c : face_down_.items()) fill_card(c, *out.add_face_down());

  const seat_mask acting = must_act();
  const bool choosing = step_ == step::choose;
  for (int s = 0; s < seats_; ++s) {
    const player& p = players_[s];
    const bool own = who.is_seat(s) || who.sees_all();
    pb::Seat& seat_out = *out.add_seats();
    seat_out.set_seat(static_cast<std::uint32_t>(s));
    seat_out.set_faction(seat_label(s));
    seat_out.set_to_act(engine::has_seat(acting, s));
    seat_out.set_initiative(s == initiative_);
    seat_out.set_hand_count(p.hand.size);
    if (own)
      for (card_id c : p.hand.items()) fill_card(c, *seat_out.add_hand());
    for (const agency_card& a : p.agency.items()) {
      pb::AgencyCard& ac = *seat_out.add_agency();
      fill_card(a.card, *ac.mutable_card());
      ac.set_covered(a.covered);
      ac.set_left_used(a.used & used_left);
      ac.set_right_used(a.used & used_right);
      ac.set_bottom_used(a.used & used_bottom);
    }
    for (card_id c : p.lab.items()) fill_card(c, *seat_out.add_lab());
    for (int i = 0; i < p.played_count; ++i) fill_control(p.played[i], *seat_out.add_played_controls());
    const bool hidden_choice = choosing && p.current >= 0 && !own;
    seat_out.set_chosen(p.current >= 0);
    if (p.current >= 0 && !hidden_choice) {
      fill_control(p.current, *seat_out.mutable_current_control());
    }
    const unsigned unused = hidden_choice ? (p.unused | 1u << p.current) : p.unused;
    for (int k = 0; k < control_count; ++k)
      if (unused >> k & 1u) fill_control(k, *seat_out.add_unused_controls());
    for (int t = 0; t < stage_count; ++t) seat_out.add_levels(static_cast<std::uint32_t>(agency_level(s, static_cast<stage>(t))));
    score_sheet sheet = score_of(s);
    for (int v : symbols_of(s, p.area51)) seat_out.add_symbols(static_cast<std::uint32_t>(v));
    if (hidden_choice && variant_ == variant::cold_war) sheet.tiebreak[0] += control(p.current).level;
    pb::Score& sc = *seat_out.mutable_score();
    sc.set_halves(static_cast<std::uint32_t>(sheet.halves));
    sc.set_agency_level(static_cast<std::uint32_t>(sheet.agency_level));
    sc.set_laboratory(static_cast<std::uint32_t>(sheet.laboratory));
    sc.set_categories(static_cast<std::uint32_t>(sheet.categories));
    sc.set_empty_deck_halves(static_cast<std::uint32_t>(sheet.empty_deck_halves));
    for (int i = 0; i < sheet.tiebreak_size; ++i) sc.add_tiebreak(static_cast<std::uint32_t>(sheet.tiebreak[i]));
    seat_out.set_passed(step_ == step::develop && passed(s));
    seat_out.set_resigned(p.resigned);
    seat_out.set_area51_category(p.area51);
    seat_out.set_hand_limit(static_cast<std::uint32_t>(hand_limit(s)));
    if (who.is_seat(s)) {
      std::vector<card_id> known;
      for (int i = 0; i < face_down_.size; ++i)
        if (face_down_placer_[i] == s) known.push_back(face_down_.cards[i]);
      std::sort(known.begin(), known.end());
      for (card_id c : known) fill_card(c, *seat_out.add_known_face_down());
    }
  }
  if (top) {
    pb::Prompt& pr = *out.mutable_prompt();
    pr.set_seat(top->seat);
    pr.set_text(prompt_text(*this, *top));
    pr.set_remaining(top->remaining);
    if (top->kind == task::split) pr.set_power(top->remaining);
    pr.set_kind(wire_task(top->kind));
    pr.set_exact(top->exact);
    if (top->kind == task::move || top->kind == task::split || top->kind == task::fallback) {
      pr.set_from(wire_source(top->what.from));
      pr.set_to(top->kind == task::fallback ? pb::AGENCY : wire_zone(top->what.to));
    }
    if (top->kind == task::split) {
      pr.set_second_from(wire_source(top->second.from));
      pr.set_second_to(wire_zone(top->second.to));
    }
  }
  if (variant_ == variant::jfk) {
    pb::Opponent& op = *out.mutable_opponent();
    for (int i = 0; i < opponent_.played_count; ++i) fill_control(opponent_.played[i], *op.add_played());
    for (auto l : opponent_.level) op.add_levels(l);
    for (card_id c : opponent_.taken.items()) fill_card(c, *op.add_taken());
    for (int v : opponent_symbols()) op.add_symbols(static_cast<std::uint32_t>(v));
    op.set_score(static_cast<std::uint32_t>(opponent_score()));
    for (int d = 0; d < opponent_.decks; ++d) op.add_decks_left(opponent_.deck_size_left[d]);
  }
  const outcome o = result();
  out.mutable_outcome()->set_over(o.over);
  out.mutable_outcome()->set_reason(o.reason);
  for (int s = 0; s < seats_; ++s)
    if (engine::has_seat(o.winners, s)) out.mutable_outcome()->add_winners(static_cast<std::uint32_t>(s));
}

}  // namespace starport::space_race

namespace starport::space_race {

std::string state::describe(const action& a) const {
  // Public words only: which Control Card was chosen, which Hand card was picked and what
  // a private draw revealed stay out of the log; the next view shows what became public.
  std::string who = "Seat " + std::to_string(a.seat + 1);
  if (a.seat < max_players) who += " (" + seat_label(a.seat) + ")";
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: return who + " resigns.";
    case kind::choose: return who + " chooses a Control Card.";
    case kind::use: return who + " uses an ability.";
    case kind::pass: return who + " passes.";
    case kind::split: return who + " announces how to split a combined ability.";
    case kind::pick: return who + " picks a card.";
    case kind::draw: return who + " draws.";
    case kind::done: return who + " is done.";
    case kind::declare: return who + " declares Area 51's symbol.";
  }
  return who + " acts.";
}

}  // namespace starport::space_race
