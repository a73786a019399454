// What each viewer sees of a Space War table. Decks and discard piles are face down
// (counts only); cards on the Battlefield show once revealed. Only the omniscient viewer
// (a finished match's replay, scenarios) sees deck and discard contents.
#include <string>

#include "engine/core/match.hpp"
#include "engine/space_war/state.hpp"

namespace starport::space_war {
namespace {

void fill_card(card_id c, pb::Card& out) {
  const card_type& t = card(c);
  out.set_code(std::string(t.code));
  out.set_name(std::string(t.name));
  out.set_faction(static_cast<pb::Faction>(t.owner));
  out.set_strength(t.strength);
  out.set_leader(t.leader != leader_effect::blank);
  out.set_text(std::string(t.text));
}

std::string seat_name(const state& s, int seat) {
  return std::string(info(s.faction_of(seat)).name) + " (seat " + std::to_string(seat + 1) + ")";
}

pb::Phase wire_phase(phase p) {
  switch (p) {
    case phase::flip: return pb::FLIP_PHASE;
    case phase::before_battle: return pb::BEFORE_BATTLE;
    case phase::after_battle: return pb::AFTER_BATTLE;
    case phase::over: return pb::GAME_OVER;
  }
  return pb::PHASE_UNSPECIFIED;
}

void fill_last_contest(const state& s, pb::LastContest& out) {
  const contest_summary& last = s.last_contest();
  if (last.number == 0) return;
  out.set_number(last.number);
  out.set_war(last.war);
  out.set_peace(last.peace);
  out.set_has_winner(last.has_winner);
  out.set_winner(last.winner);
  out.set_cards(last.cards);
  std::string line = "Contest " + std::to_string(last.number) + ": ";
  if (last.peace)
    line += "Peace — every card went home.";
  else if (last.has_winner)
    line += seat_name(s, last.winner) + (last.war ? " won the War" : " won the Battle") +
            " and captured " + std::to_string(last.cards) + " cards.";
  else
    line += "no winner; the cards were lost.";
  out.add_events(line);
  for (int seat = 0; seat < s.seat_count(); ++seat)
    if (engine::has_seat(last.conquered, seat)) {
      out.add_conquered(static_cast<std::uint32_t>(seat));
      out.add_events(seat_name(s, seat) + " was Conquered.");
    }
}

}  // namespace

std::string state::describe(const action& a) const {
  // Every Space War action is public; only the cards it moves are hidden, never named here.
  if (a.seat >= seats_) return "an unknown seat acts.";
  const std::string who = seat_name(*this, a.seat);
  const std::string power(info(factions_[a.seat]).power_name);
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: return who + " resigns.";
    case kind::flip:
      return contribution_ > 1 ? who + " adds " + std::to_string(contribution_) + " cards to the War."
                               : who + " flips.";
    case kind::trigger:
      if (a.argc == 1 && a.args[0] >= 0 && a.args[0] < seats_)
        return who + " triggers " + power + " on " + seat_name(*this, a.args[0]) + ".";
      return who + " triggers " + power + ".";
    case kind::decline: return who + " declines " + power + ".";
  }
  return who + " acts.";
}

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  engine::fill_legal_actions(*this, who, *out.mutable_legal_actions());
  out.set_spectator(who.who == viewer::kind::spectator);
  if (who.who == viewer::kind::seat) out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
  out.set_contest(contest_);
  out.set_contest_limit(contest_limit_);
  out.set_phase(wire_phase(phase_));
  out.set_war_step(war_step_);
  const seat_mask acting = must_act();
  for (int s = 0; s < seats_; ++s) {
    pb::Seat& seat = *out.add_seats();
    const faction_info& fi = info(factions_[s]);
    seat.set_seat(static_cast<std::uint32_t>(s));
    seat.set_faction(static_cast<pb::Faction>(factions_[s]));
    seat.set_deck_count(decks_[s].size);
    seat.set_discard_count(discards_[s].size);
    seat.set_power(static_cast<pb::PowerState>(powers_[s]));
    seat.set_power_name(std::string(fi.power_name));
    seat.set_conquered(conquered(s));
    seat.set_to_act(engine::has_seat(acting, s));
    seat.set_in_contest(engine::has_seat(participants_, s) && phase_ != phase::over);
    seat.set_flipped(engine::has_seat(flipped_, s));
    if (who.sees_all()) {
      for (int i = decks_[s].size - 1; i >= 0; --i) fill_card(decks_[s].cards[i], *seat.add_deck());
      for (int i = discards_[s].size - 1; i >= 0; --i)
        fill_card(discards_[s].cards[i], *seat.add_discard());
    }
  }
  for (const battlefield_card& b : battlefield()) {
    pb::BattlefieldCard& bc = *out.add_battlefield();
    bc.set_owner(b.owner);
    bc.set_step(b.step);
    const bool shown = revealed(b) || who.sees_all();
    bc.set_face_up(revealed(b));
    if (!shown) continue;
    fill_card(b.card, *bc.mutable_card());
    bool current = revealed(b) && b.step == war_step_ && phase_ != phase::over;
    bc.set_strength(current ? strength_[b.owner] : card(b.card).strength);
  }
  fill_last_contest(*this, *out.mutable_last_contest());
  const outcome o = result();
  out.mutable_outcome()->set_over(o.over);
  out.mutable_outcome()->set_reason(o.reason);
  for (int s = 0; s < seats_; ++s)
    if (engine::has_seat(o.winners, s)) out.mutable_outcome()->add_winners(static_cast<std::uint32_t>(s));
  if (int d = deciding_seat(); d >= 0) {
    out.set_deciding_seat(static_cast<std::uint32_t>(d));
    out.set_offered_power(std::string(info(factions_[d]).power_name));
  }
}

}  // namespace starport::space_war
