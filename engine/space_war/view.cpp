// What each viewer sees of a Space War table. Decks and discard piles are face down
// (counts only); cards on the Battlefield show once revealed. Only the omniscient viewer
// (a finished match's replay, scenarios) sees deck and discard contents.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "engine/core/words.hpp"

#include "engine/core/match.hpp"
#include "engine/space_war/state.hpp"

namespace starport::space_war {
namespace {

// A card this viewer sees face up: its kind (an index in state::catalog(), which says its
// name, faction, Strength and text) and its copy's number.
void fill_card(const state& s, copy_id c, pb::Card& out) {
  out.set_kind(s.type_of(c));
  out.set_id(static_cast<std::uint32_t>(c) + 1);
}

// A contest's face-up cards as the view's columns (Reveals): the Strength only as far as
// it differs from the printed one (the catalog has that); trailing 0s of steps and bonuses
// left out.
void fill_reveals(const state& s, std::span<const shown_card> shown, pb::Reveals& out) {
  int steps = 0, bonuses = 0;   // how many entries the trimmed columns keep
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    const shown_card& r = shown[i];
    const int bonus = r.strength - s.card_of(r.card).strength;
    out.add_owners(r.owner);
    out.add_ids(static_cast<std::uint32_t>(r.card) + 1);
    out.add_kinds(s.type_of(r.card));
    if (r.step != 0) steps = i + 1;
    if (bonus != 0) bonuses = i + 1;
  }
  for (int i = 0; i < steps; ++i) out.add_steps(shown[i].step);
  for (int i = 0; i < bonuses; ++i)
    out.add_strength_bonuses(shown[i].strength - s.card_of(shown[i].card).strength);
}

std::string seat_name(int seat) { return engine::seat_ref(seat); }

// "{card:17} (8)": the card's kind (the client fills its name) and its effective Strength.
std::string card_words(const state& s, const shown_card& r) {
  return engine::card_ref(s.type_of(r.card)) + " (" + std::to_string(r.strength) + ")";
}

// One line per step from `from` on: "{seat:0} reveals X (7); {seat:2} reveals Y (8)."
// A War step opens with who is at War.
void reveal_lines(const state& s, const contest_summary& c, int from, std::vector<std::string>& out) {
  int i = from;
  const auto shown = c.reveals();
  while (i < static_cast<int>(shown.size())) {
    const int step = shown[i].step;
    std::string line;
    if (step > 0 && (i == 0 || shown[i - 1].step != step)) {
      std::string who;
      seat_mask at_war = 0;
      for (int k = i; k < static_cast<int>(shown.size()) && shown[k].step == step; ++k)
        at_war = static_cast<seat_mask>(at_war | engine::seat_bit(shown[k].owner));
      for (int seat = 0; seat < s.seat_count(); ++seat)
        if (engine::has_seat(at_war, seat)) who += (who.empty() ? "" : " and ") + seat_name(seat);
      line = "War " + std::to_string(step) + " (" + who + "): ";
    }
    bool first = true;
    for (; i < static_cast<int>(shown.size()) && shown[i].step == step; ++i) {
      line += (first ? "" : "; ") + seat_name(shown[i].owner) + " reveals " + card_words(s, shown[i]);
      first = false;
    }
    out.push_back(line + ".");
  }
}

// "Goblins won the Battle …": how a finished contest ended, and who fell in it.
void result_lines(const state& s, const contest_summary& last, std::vector<std::string>& out) {
  if (last.peace)
    out.push_back("Peace: Contest " + std::to_string(last.number) +
                  " ends with no winner; every card returns to the discard pile of the player who added it.");
  else if (last.has_winner)
    out.push_back(seat_name(last.winner) + (last.war ? " wins the War" : " wins the Battle") +
                  " and captures " + std::to_string(last.cards) + (last.cards == 1 ? " card." : " cards."));
  else
    out.push_back("Contest " + std::to_string(last.number) + " has no winner; its cards are lost.");
  for (int seat = 0; seat < s.seat_count(); ++seat)
    if (engine::has_seat(last.conquered, seat)) out.push_back(seat_name(seat) + " is Conquered.");
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
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

// Absent until a contest has ended. Its number is almost always the contest before
// View.contest, which every update sends anyway: it is written only when it is not.
void fill_last_contest(const state& s, pb::View& view) {
  const contest_summary& last = s.last_contest();
  if (last.number == 0) return;
  pb::LastContest& out = *view.mutable_last_contest();
  if (last.number + 1 != s.contest()) out.set_number(last.number);
  out.set_war(last.war);
  out.set_peace(last.peace);
  out.set_has_winner(last.has_winner);
  out.set_winner(last.winner);
  out.set_cards(last.cards);
  // (no events: describe_effects gave the same lines to the match log)
  for (int seat = 0; seat < s.seat_count(); ++seat)
    if (engine::has_seat(last.conquered, seat)) out.add_conquered(static_cast<std::uint32_t>(seat));
  if (last.shown_count) fill_reveals(s, last.reveals(), *out.mutable_revealed());
}

}  // namespace

std::vector<revealed_card> revealed_cards(const pb::Reveals& r) {
  std::vector<revealed_card> out;
  const int n = std::min({r.owners_size(), r.ids_size(), r.kinds_size()});
  for (int i = 0; i < n; ++i)
    out.push_back({r.owners(i), i < r.steps_size() ? r.steps(i) : 0, r.ids(i), r.kinds(i),
                   i < r.strength_bonuses_size() ? r.strength_bonuses(i) : 0});
  return out;
}

std::uint32_t last_contest_number(const pb::View& v) {
  if (!v.has_last_contest()) return 0;
  return v.last_contest().number() != 0 ? v.last_contest().number() : v.contest() - 1;
}

std::span<const engine::pool_card> state::catalog() {
  static const std::vector<engine::pool_card> cards = [] {
    std::vector<engine::pool_card> out;
    for (const card_type& t : all_cards()) {
      engine::pool_card c;
      c.index = static_cast<engine::card_index>(out.size());
      c.name = std::string(t.name);
      c.kind = t.leader != leader_effect::blank ? "Leader" : "Card";
      c.tags = {std::string(info(t.owner).name), std::string(t.code)};
      c.text = std::string(t.text);
      c.stats = {{"Strength", t.strength}, {"Faction", static_cast<int>(t.owner)}};
      out.push_back(std::move(c));
    }
    return out;
  }();
  return cards;
}

std::string state::describe(const action& a) const {
  // Every Space War action is public; only the cards it moves are hidden, never named here.
  if (a.seat >= seats_) return "an unknown seat acts.";
  const std::string who = seat_name(a.seat);
  const std::string power(info(factions_[a.seat]).power_name);
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: return who + " resigns.";
    case kind::flip:
      return contribution_ > 1 ? who + " adds " + std::to_string(contribution_) + " cards to the War."
                               : who + " flips.";
    case kind::trigger:
      if (a.argc == 1 && a.args[0] >= 0 && a.args[0] < seats_)
        return who + " triggers " + power + " on " + seat_name(a.args[0]) + ".";
      return who + " triggers " + power + ".";
    case kind::decline:
      // Kept for a Battle it could not change: nothing happened (the Power stays Active), and a
      // line each contest would bury the ones that matter.
      if (phase_ == phase::before_battle && !power_matters(a.seat)) return {};
      return who + " declines " + power + ".";
  }
  return who + " acts.";
}

std::string state::describe_effects() const {
  // What the last apply turned face up and decided, from the public record of the
  // contests (contest_summary): never a card still face down.
  std::vector<std::string> lines;
  if (effects_over_) return {};
  // last_ is always a finished contest: numbered from the action's own contest on, it ended
  // in this apply (and, with the table's auto_flip option, perhaps several more did).
  if (last_.number != 0 && last_.number >= effects_contest_) {
    if (last_.number == effects_contest_) {
      reveal_lines(*this, last_, effects_shown_, lines);
    } else {
      const std::uint32_t to = last_.number - 1;
      // Only the last one's cards are on record (new tables flip through preferences,
      // one logged action per flip, so every contest gets its own lines).
      lines.push_back(to == effects_contest_
                          ? "Contest " + std::to_string(to) + " is played out by the table's auto-flip."
                          : "Contests " + std::to_string(effects_contest_) + " to " +
                                std::to_string(to) + " are played out by the table's auto-flip.");
      reveal_lines(*this, last_, 0, lines);
    }
    result_lines(*this, last_, lines);
  }
  if (phase_ != phase::over && current_.number == contest_ && last_.number != contest_)
    reveal_lines(*this, current_, contest_ == effects_contest_ ? effects_shown_ : 0, lines);
  // Powers a leader card turned Active (a reveal, a Battle won or lost) or a Grand
  // Admiral's win turned Inactive: the seat panels change, so the log says why.
  for (int s = 0; s < seats_; ++s) {
    const power_state was = effects_powers_[s], now = powers_[s];
    if (was == now || (s == effects_triggered_ && now == power_state::inactive)) continue;
    const std::string power(info(factions_[s]).power_name);
    if (now == power_state::active)
      lines.push_back(seat_name(s) + "'s " + power + " is now Active.");
    else if (now == power_state::inactive)
      lines.push_back(seat_name(s) + "'s " + power + " is now Inactive.");
  }
  if (phase_ == phase::over) {
    const outcome o = result();
    std::string who;
    for (int s = 0; s < seats_; ++s)
      if (engine::has_seat(o.winners, s)) who += (who.empty() ? "" : " and ") + seat_name(s);
    lines.push_back(who.empty() ? "The match is over: nobody wins."
                                : "The match is over: " + who + (engine::seat_total(o.winners) > 1 ? " win." : " wins."));
  }
  return joined(lines);
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
  out.set_seats_to_act(must_act());
  if (phase_ != phase::over) out.set_seats_in_contest(participants_);
  // Flipped only while the step's cards are on the Battlefield: `flipped_` keeps the last
  // step's seats after the Battle is won and at the end, when no one has flipped anything.
  if (phase_ == phase::flip || phase_ == phase::before_battle) out.set_seats_flipped(flipped_);
  for (int s = 0; s < seats_; ++s) {
    pb::Seat& seat = *out.add_seats();
    const faction_info& fi = info(factions_[s]);
    seat.set_seat(static_cast<std::uint32_t>(s));
    seat.set_faction(static_cast<pb::Faction>(factions_[s]));
    seat.set_power(static_cast<pb::PowerState>(powers_[s]));
    seat.set_power_name(std::string(fi.power_name));
    seat.set_conquered(conquered(s));
    if (who.sees_all()) {
      for (int i = decks_[s].size - 1; i >= 0; --i) fill_card(*this, decks_[s].cards[i], *seat.add_deck());
      for (int i = discards_[s].size - 1; i >= 0; --i)
        fill_card(*this, discards_[s].cards[i], *seat.add_discard());
    }
  }
  for (int s = 0; s < seats_; ++s) {
    out.add_deck_counts(decks_[s].size);
    out.add_discard_counts(discards_[s].size);
  }
  int face_down_steps = 0;   // how many entries the trimmed steps column keeps
  for (const battlefield_card& b : battlefield()) {
    if (!revealed(b) && !who.sees_all()) {   // only its back: the owner and step say it all
      out.add_face_down_owners(b.owner);
      if (b.step != 0) face_down_steps = out.face_down_owners_size();
      continue;
    }
    pb::BattlefieldCard& bc = *out.add_battlefield();
    bc.set_owner(b.owner);
    bc.set_step(b.step);
    bc.set_face_up(revealed(b));
    fill_card(*this, b.card, *bc.mutable_card());
    bool current = revealed(b) && b.step == war_step_ && phase_ != phase::over;
    bc.set_strength(current ? strength_[b.owner] : card_of(b.card).strength);
  }
  if (face_down_steps > 0)
    for (const battlefield_card& b : battlefield())
      if (!revealed(b) && out.face_down_steps_size() < face_down_steps) out.add_face_down_steps(b.step);
  if (phase_ != phase::over && current_.number == contest_ && current_.shown_count)
    fill_reveals(*this, current_.reveals(), *out.mutable_revealed());
  fill_last_contest(*this, out);
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
