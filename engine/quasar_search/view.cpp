// What each viewer may see, the log's words, and the hidden-information test hook.
//
// Hidden: each Hand (its owner only), each Deck's order, a Rank or Confrontation pick until
// every seat has picked. Everything else is face up: the Mission Zone, Sensors, Personal
// Zones, Warp Zones, Discard Zones, Glory, Energy, Morale.
#include <algorithm>

#include "engine/core/words.hpp"
#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

using engine::plural;

namespace {

void fill_effect(pb::Effect& out, const effect& e) {
  out.set_style(static_cast<pb::EffectStyle>(e.kind));
  out.set_phase(static_cast<pb::Step>(e.at));
  out.set_cost(static_cast<std::uint32_t>(e.pay));
  out.set_cost_amount(e.cost_amount);
  out.set_op(static_cast<std::uint32_t>(e.what));
  out.set_amount(e.amount);
  out.set_who(static_cast<std::uint32_t>(e.target));
  out.set_condition(static_cast<std::uint32_t>(e.only));
  out.set_text(effect_text_once(e));
}

}  // namespace

void state::fill_card(pb::PlayerCard& out, copy_id c) const {
  const engine::card_index i = index_of(c);
  const player_card& card = content_->pool[i];
  const int s = owner_of(c);
  out.set_id(wire_id(c));
  out.set_index(i);
  out.set_name(std::string(card.name));
  out.set_owner(static_cast<std::uint32_t>(s));
  out.set_lost_in_space(card.kind == card_kind::lost_in_space);
  out.set_has_value(card.has_value && card.kind != card_kind::lost_in_space);
  out.set_value(card.value);
  out.set_project(card.kind == card_kind::project);
  for (std::string& k : card_keywords(card)) out.add_keywords(std::move(k));
  if (players_[s].confronting == c && revealed_) {
    out.set_shift(players_[s].shift);
    int v = 0;
    if (current_value(s, v)) out.set_current(v);
  } else {
    out.set_current(card.value);
  }
  for (const effect& e : card.effects)
    if (e.present()) {
      pb::Effect* pe = out.add_effects();
      fill_effect(*pe, e);
      if (e.kind == style::triggered) {
        const player& p = players_[s];
        const std::uint16_t key = static_cast<std::uint16_t>(c << 2 | (&e - card.effects.data()));
        for (int k = 0; k < p.used_count; ++k) pe->set_used(pe->used() || p.used[static_cast<std::size_t>(k)] == key);
      }
    }
}

void state::fill_challenge(pb::Challenge& out, int index) const {
  const challenge_def& ch = content_->challenges[static_cast<std::size_t>(index)];
  out.set_index(static_cast<std::uint32_t>(index));
  out.set_id(static_cast<std::uint32_t>(index) + 1);
  out.set_name(std::string(ch.name));
  out.set_act(ch.act);
  out.set_target(static_cast<pb::TargetKind>(ch.target));
  out.set_number(ch.per_player ? ch.number * seats_ : ch.number);
  out.set_target_text(target_text(ch, seats_));
  for (const effect& e : ch.success)
    if (e.present()) fill_effect(*out.add_success(), e);
  for (const effect& e : ch.failure)
    if (e.present()) fill_effect(*out.add_failure(), e);
  out.set_success_text(results_text(ch.success));
  out.set_failure_text(results_text(ch.failure, true));
  for (const effect& e : ch.effects)
    if (e.present()) fill_effect(*out.add_effects(), e);
  out.set_flavor(std::string(ch.flavor));
}

std::string state::source_words(const pending& p) const {
  switch (p.from) {
    case source_kind::challenge: return std::string(content_->challenges[challenge_ == no_challenge ? 0 : challenge_].name);
    case source_kind::act: return std::string(act().name);
    // A player's card says whose it is: the seat named with the effect is the one it acts for.
    case source_kind::adrenaline: return engine::seat_ref(owner_of(p.card)) + "'s " + std::string(card_of(p.card).name) + " (Adrenaline)";
    case source_kind::card: return engine::seat_ref(owner_of(p.card)) + "'s " + std::string(card_of(p.card).name);
  }
  return "";
}

namespace {

// A choice is left out when the action already names its card (a CONFRONT, TRIGGER or PICK
// by its first argument, a DRAW_FROM by its second) and the view shows that card in a zone
// every reader indexes (a Hand, a Personal or Warp Zone, a Faction card, a discard top, the
// Confrontation): the web client's `actionCard` and the bots' table find it there. A
// Confrontation prompt otherwise sent the whole Hand twice, once per update.
bool named_elsewhere(const pb::View& out, const action& a, std::uint32_t id) {
  const auto by_first = {pb::CONFRONT, pb::TRIGGER, pb::PICK};
  const bool named = a.kind == pb::DRAW_FROM ? static_cast<std::uint32_t>(a.args[1]) == id
                     : std::find(by_first.begin(), by_first.end(), static_cast<pb::ActionKind>(a.kind)) != by_first.end()
                         ? static_cast<std::uint32_t>(a.args[0]) == id
                         : false;
  if (!named || id == 0) return false;
  auto has = [id](const pb::PlayerCard& c) { return c.id() == id; };
  for (const pb::Confronting& c : out.confrontation())
    if (c.has_card() && has(c.card())) return true;
  for (const pb::Seat& s : out.seats()) {
    if ((s.has_faction_card() && has(s.faction_card())) || (s.has_discard_top() && has(s.discard_top()))) return true;
    if (std::any_of(s.hand().begin(), s.hand().end(), has) || std::any_of(s.warp().begin(), s.warp().end(), has))
      return true;
    for (const pb::PersonalCard& p : s.personal())
      if (has(p.card())) return true;
  }
  return false;
}

}  // namespace

void state::fill_prompt(viewer who, pb::View& out) const {
  if (over_ || frame_count_ == 0) return;
  const frame& f = frames_[frame_count_ - 1u];
  pb::Prompt& pr = *out.mutable_prompt();
  pr.set_seat(f.seat);
  pr.set_count(static_cast<std::uint32_t>(std::max<int>(0, f.count)));
  // The choices go to the deciding seat (and omniscient viewers) only.
  const bool all_decide = f.kind == task::rank || f.kind == task::confront;
  const int chooser = who.who == viewer::kind::seat ? who.seat : (who.sees_all() ? f.seat : -1);
  const bool sees = chooser >= 0 && (all_decide ? (who.sees_all() || !players_[chooser].chose) : (who.sees_all() || who.is_seat(f.seat)));
  thread_local std::vector<action> legal;
  legal.clear();
  if (sees && !(all_decide && who.sees_all())) frame_actions(f, chooser, legal);
  auto choice = [&](const action& a, std::string label, copy_id card) {
    // A choice about a card the view shows elsewhere would say no more than its legal action:
    // a reader words it from the card it finds (web-client quasar_search/words.ts, actionLabel).
    if (card != no_card && named_elsewhere(out, a, wire_id(card))) return;
    pb::Choice* c = pr.add_choices();
    c->set_kind(a.kind);
    c->set_value(a.args[0]);
    c->set_arg2(a.args[1]);
    c->set_label(std::move(label));
    if (card != no_card) fill_card(*c->mutable_card(), card);
  };
  switch (f.kind) {
    case task::run: break;
    case task::rank:
      pr.set_kind(pb::PROMPT_RANK);
      pr.set_text("Choose your Rank card for this Act (secret until everyone has chosen)");
      for (const action& a : legal)
        choice(a, "Rank " + std::to_string(content_->factions[players_[chooser].faction].ranks[static_cast<std::size_t>(a.args[0])]), no_card);
      break;
    case task::confront:
      pr.set_kind(pb::PROMPT_CONFRONT);
      pr.set_text("Confront the Challenge with one card (secret until everyone has chosen)");
      for (const action& a : legal) choice(a, std::string(card_of(from_wire(a.args[0])).name), from_wire(a.args[0]));
      break;
    case task::triggers:
      pr.set_kind(pb::PROMPT_TRIGGERS);
      pr.set_optional(true);
      pr.set_text(std::string(phase_name(step_)) + ": perform a Triggered effect, or pass");
      for (const action& a : legal) {
        if (a.kind == static_cast<std::uint16_t>(kind::pass)) continue;
        const copy_id c = from_wire(a.args[0]);
        choice(a, std::string(card_of(c).name) + ": " + effect_text(card_of(c).effects[static_cast<std::size_t>(a.args[1])]), c);
      }
      break;
    case task::order:
      pr.set_kind(pb::PROMPT_ORDER);
      pr.set_text("Team Leader: which effect happens next?");
      // The effects are public: everyone sees what the Team Leader is ordering.
      for (int i = 0; i < pending_count_; ++i) {
        const pending& p = pending_[static_cast<std::size_t>(i)];
        pb::Choice* c = pr.add_choices();
        c->set_kind(static_cast<std::uint32_t>(kind::order));
        c->set_value(i);
        c->set_label(source_words(p) + ": " + engine::seat_ref(p.seat) + " — " + effect_text(p.e));
      }
      break;
    case task::boon: {
      pr.set_kind(pb::PROMPT_BOON);
      pr.set_text("Choose your Boon");
      std::array<effect, 8> declared{};
      declared_boons(f.seat, &declared);
      for (const action& a : legal) {
        const int v = a.args[0];
        std::string label = v == boon_lesson    ? "Learn 1 Lesson"
                            : v == boon_project ? "Start a Project"
                            : v == boon_glory   ? "Gain 1 Glory"
                                                : effect_text(declared[static_cast<std::size_t>(v - declared_boon)]);
        choice(a, label, no_card);
      }
      break;
    }
    case task::project:
      pr.set_kind(pb::PROMPT_STOCKPILE);
      pr.set_text("Start which Project?");
      for (const action& a : legal) choice(a, std::string(card_of(from_wire(a.args[0])).name), from_wire(a.args[0]));
      break;
    case task::shift:
      pr.set_kind(pb::PROMPT_SHIFT);
      pr.set_text("Shift your confronting card by up to " + std::to_string(f.count));
      // No choices: a SHIFT's amount is its words ("+2"), and the prompt's count bounds them.
      break;
    case task::draw:
      pr.set_kind(pb::PROMPT_DRAW);
      pr.set_text("Draw " + plural(f.count, "card", "cards") + ": from where?");   // the count left
      for (const action& a : legal) {
        if (a.args[0] == pb::DRAW_DECK) choice(a, "Your Deck", no_card);
        else if (a.args[0] == pb::DRAW_DISCARD) choice(a, "Your Discard Zone", players_[f.seat].discard.top());
        else choice(a, "Warp Zone: " + std::string(card_of(from_wire(a.args[1])).name), from_wire(a.args[1]));
      }
      break;
    case task::stockpile:
    case task::discard:
    case task::warp:
      pr.set_kind(f.kind == task::warp ? pb::PROMPT_WARP : pb::PROMPT_STOCKPILE);
      pr.set_optional(f.kind == task::warp);
      // Counts are what is left to do: "more" would read wrong before the first card.
      pr.set_text(f.kind == task::warp      ? "Warp up to " + plural(f.count, "card", "cards")
                  : f.kind == task::discard ? "Discard " + plural(f.count, "card", "cards")
                                            : "Stockpile: put " + plural(f.count, "card", "cards") + " under your Deck");
      for (const action& a : legal) {
        if (a.kind == static_cast<std::uint16_t>(kind::pass)) continue;
        choice(a, std::string(card_of(from_wire(a.args[0])).name), from_wire(a.args[0]));
      }
      break;
    case task::demand:
      pr.set_kind(pb::PROMPT_DECIDE);
      pr.set_text("Team Leader: Demand " + std::to_string(f.count) + " — pay the Energy or lose 1 Morale?");
      for (int v = 0; v < 2; ++v) {
        if (v == 0 && energy_ < f.count) continue;
        pb::Choice* c = pr.add_choices();
        c->set_kind(static_cast<std::uint32_t>(kind::decide));
        c->set_value(v);
        c->set_label(v == 0 ? "Consume " + std::to_string(f.count) + " Energy" : "Lose 1 Morale");
      }
      break;
  }
}

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  out.set_spectator(who.who == viewer::kind::spectator);
  if (who.who == viewer::kind::seat) {
    out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
    thread_local std::vector<action> legal;
    legal_actions(who.seat, legal);
    for (const action& a : legal) {
      auto* pa = out.add_legal_actions();
      pa->set_seat(a.seat);
      pa->set_kind(a.kind);
      for (int i = 0; i < a.argc; ++i) pa->add_args(a.args[static_cast<std::size_t>(i)]);
    }
  }
  out.set_step(static_cast<pb::Step>(step_));
  out.mutable_mission()->set_name(std::string(content_->mission->name));
  out.mutable_mission()->set_text(std::string(content_->mission->text));
  pb::Act& a = *out.mutable_act();
  a.set_sequence(act().sequence);
  a.set_name(std::string(act().name));
  a.set_text(std::string(act().text));
  a.set_back(next_text(act()));
  out.set_acts_played(acts_played_);
  out.set_challenge_deck(challenge_deck_.size);
  if (!challenge_deck_.empty()) fill_challenge(*out.mutable_challenge_deck_top(), challenge_deck_.items().back());
  if (challenge_ != no_challenge) fill_challenge(*out.mutable_challenge(), challenge_);
  if (last_judged_.challenge != no_challenge) {
    // Public: every card in it was revealed when the Challenge was judged.
    pb::Judged& j = *out.mutable_last_judged();
    const challenge_def& ch = content_->challenges[last_judged_.challenge];
    j.set_challenge(last_judged_.challenge);
    j.set_name(std::string(ch.name));
    j.set_target_text(target_text(ch, seats_));
    j.set_target(static_cast<pb::TargetKind>(ch.target));
    j.set_success(last_judged_.success);
    j.set_result_text(last_judged_.success ? results_text(ch.success) : results_text(ch.failure, true));
    for (int s = 0; s < seats_; ++s) {
      if (!(last_judged_.confronted >> s & 1u)) continue;
      pb::JudgedCard& jc = *j.add_cards();
      jc.set_seat(static_cast<std::uint32_t>(s));
      jc.set_name(std::string(card_of(last_judged_.cards[static_cast<std::size_t>(s)]).name));
      jc.set_has_value(last_judged_.valued >> s & 1u);
      jc.set_value(last_judged_.values[static_cast<std::size_t>(s)]);
    }
  }
  for (std::uint8_t c : sensors_.items()) fill_challenge(*out.add_sensors(), c);
  const seat_mask must = must_act();
  for (int s = 0; s < seats_; ++s) {
    const player& p = players_[s];
    if (p.confronting != no_card || (step_ == phase::confrontation && frame_count_ > 0)) {
      pb::Confronting& cf = *out.add_confrontation();
      cf.set_seat(static_cast<std::uint32_t>(s));
      cf.set_committed(p.confronting != no_card);
      // An Overcommit's forced card goes in face up (almanac "Overcommit"): nobody chose it.
      const bool forced = p.confronting != no_card && under_overcommit(s);
      const bool face_up = revealed_ || who.sees_all() || forced;
      cf.set_revealed(revealed_);
      cf.set_forced(forced);
      if (p.confronting != no_card && (face_up || who.is_seat(s))) fill_card(*cf.mutable_card(), p.confronting);
    }
  }
  for (int s = 0; s < seats_; ++s) {
    const player& p = players_[s];
    pb::Seat& ps = *out.add_seats();
    ps.set_seat(static_cast<std::uint32_t>(s));
    ps.set_to_act(engine::has_seat(must, s));
    const faction_def& f = faction_of(s);
    ps.set_faction(p.faction);
    ps.set_faction_name(std::string(f.name));
    if (p.faction_card != no_card) fill_card(*ps.mutable_faction_card(), p.faction_card);
    ps.set_morale_number(f.morale);
    ps.set_rankbreaker(f.rankbreaker);
    for (int r = 0; r < rank_cards; ++r)
      if (!(p.ranks_used >> r & 1u)) ps.add_ranks(f.ranks[static_cast<std::size_t>(r)]);
    ps.set_rank(p.rank);
    ps.set_chose(p.chose);
    ps.set_team_leader(s == team_leader());
    auto personal = [&](const auto& pile, pb::PersonalCard::Role role) {
      for (copy_id c : pile.items()) {
        pb::PersonalCard& pc = *ps.add_personal();
        pc.set_role(role);
        fill_card(*pc.mutable_card(), c);
      }
    };
    personal(p.projects, pb::PersonalCard::PROJECT);
    personal(p.lessons, pb::PersonalCard::LESSON);
    personal(p.overcommit, pb::PersonalCard::OVERCOMMIT);
    for (copy_id c : p.warp.items()) fill_card(*ps.add_warp(), c);
    ps.set_hand_count(p.hand.size);
    if (who.sees_all() || who.is_seat(s))
      for (copy_id c : p.hand.items()) fill_card(*ps.add_hand(), c);
    ps.set_deck_count(p.deck.size);
    ps.set_discard_count(p.discard.size);
    if (!p.discard.empty()) fill_card(*ps.mutable_discard_top(), p.discard.top());
    // Face up and public (a Crew Damage or a discard names its cards in the log): all of it.
    for (copy_id c : p.discard.items()) fill_card(*ps.add_discard(), c);
    ps.set_glory(p.glory);
    ps.set_lessons(p.lessons.size);
    ps.set_projects(p.projects.size);
  }
  out.set_energy(energy_);
  out.set_morale(morale_);
  out.set_team_leader(static_cast<std::uint32_t>(team_leader()));
  out.set_successes(successes_);
  out.set_failures(failures_);
  out.set_challenges_played(challenges_played_);
  out.set_resolved(resolved_);
  out.set_success(resolved_ && success_);
  out.set_challenges_per_act(per_act_);
  out.set_challenge_limit(limit_);
  fill_prompt(who, out);
  if (over_) {
    if (ending_) {
      out.set_ending_letter(std::string(1, ending_));
      for (const ending_def& e : content_->mission->endings)
        if (e.letter == ending_) {
          out.set_ending_title(std::string(e.title));
          out.set_ending_text(std::string(e.text));
        }
    }
    out.set_victory(victory_);
    pb::View& v = out;
    v.mutable_outcome()->set_over(true);
    if (victory_)
      for (int s = 0; s < seats_; ++s) v.mutable_outcome()->add_winners(static_cast<std::uint32_t>(s));
    v.mutable_outcome()->set_reason(reason_);
  }
}

// ---- Words ----------------------------------------------------------------------------------

// A card in the log, by its kind ("{card:K}", its pool index): every reader fills its name, so
// a line's shape does not change with the card it names (docs/protocol.md, "Log lines").
std::string state::card_words(copy_id c) const { return engine::card_ref(index_of(c)); }

std::string state::describe(const action& a) const {
  const std::string who = engine::seat_ref(a.seat);
  const kind k = static_cast<kind>(a.kind);
  const frame* f = frame_count_ ? &frames_[frame_count_ - 1u] : nullptr;
  switch (k) {
    case kind::resign: return who + " abandons the Mission.";
    case kind::choose_rank: return who + " chooses a Rank card.";
    case kind::confront: return who + " chooses a card to confront with.";
    case kind::trigger: {
      const copy_id c = from_wire(a.args[0]);
      if (c == no_card || a.args[1] < 0 || a.args[1] >= max_card_effects) return who + " triggers an effect.";
      // The card's words, quoted (its "You" is the trigger's player), without the phase marker
      // the card shows: "{seat:0} triggers Shifter: "Spend 1 Glory: You Shift 2"."
      return who + " triggers " + card_words(c) + ": \"" +
             effect_words(card_of(c).effects[static_cast<std::size_t>(a.args[1])]) + "\".";
    }
    case kind::pass:
      // True whether or not it Warped any ("no more cards" read oddly after none).
      if (f && f->kind == task::warp) return who + " is done Warping.";
      if (f && f->kind == task::triggers) return who + " triggers nothing more.";
      return who + " passes.";
    case kind::order: {
      if (a.args[0] < 0 || a.args[0] >= pending_count_) return who + " orders the effects.";
      const pending& p = pending_[static_cast<std::size_t>(a.args[0])];
      return who + " (Team Leader) resolves " + source_words(p) + " next: " + engine::seat_ref(p.seat) + " — \"" +
             effect_words(p.e) + "\".";
    }
    case kind::boon:
      switch (a.args[0]) {
        case boon_lesson: return who + " takes the Boon: Learn 1 Lesson.";
        case boon_project: return who + " takes the Boon: Start a Project.";
        case boon_glory: return who + " takes the Boon: Gain 1 Glory.";
        default: return who + " takes a card's Boon outcome.";
      }
    case kind::shift:
      if (a.args[0] == 0) return who + " does not Shift.";
      return who + " Shifts " + (a.args[0] > 0 ? "+" : "") + std::to_string(a.args[0]) + ".";
    case kind::draw_from:
      if (a.args[0] == pb::DRAW_DECK) return who + " draws a card from their Deck.";
      if (a.args[0] == pb::DRAW_DISCARD) {
        // The Discard Zone is face up: its top card is named, as the effect's line names it.
        if (a.seat < seats_ && !players_[a.seat].discard.empty())
          return who + " draws " + card_words(players_[a.seat].discard.top()) + " from their Discard Zone.";
        return who + " draws a card from their Discard Zone.";
      }
      if (const copy_id c = from_wire(a.args[1]); c != no_card && owner_of(c) < seats_ && slot_of(c) < players_[owner_of(c)].list_size)
        return who + " draws " + card_words(c) + " from their Warp Zone.";
      return who + " draws from their Warp Zone.";
    case kind::pick: {
      const copy_id c = from_wire(a.args[0]);
      const bool known = c != no_card && owner_of(c) < seats_ && slot_of(c) < players_[owner_of(c)].list_size;
      if (f && f->kind == task::stockpile) return who + " puts a card under their Deck.";
      if (f && f->kind == task::project && known) return who + " starts the Project " + card_words(c) + ".";
      if (f && f->kind == task::warp && known) return who + " Warps " + card_words(c) + ".";
      if (f && f->kind == task::discard && known) return who + " discards " + card_words(c) + ".";
      return who + " picks a card.";
    }
    case kind::decide:
      return a.args[0] == 0 ? who + " (Team Leader) pays the Demand with Energy." : who + " (Team Leader) lets the team lose 1 Morale.";
  }
  return who + " acts.";
}

std::string state::describe_effects() const {
  std::string out;
  // The source of the effect these lines come from ("Reclaimer Rig: the team produces 1
  // Energy"), so a result after "Success!" says which card or Challenge gave it.
  std::string from;
  auto line = [&](std::string_view s) {
    if (from.empty()) return engine::add_line(out, s);
    std::string told(s);
    if (told.starts_with("The ")) told[0] = 't';
    engine::add_line(out, from + ": " + told);
  };
  // Events of one kind one after another (two effects' Draws, each player's Glory from two
  // copies of a card), told as one line a seat, in the order the seats first appear, with
  // their amounts summed; gains and spendings are not mixed. Leaves `i` on the run's last.
  auto by_seat = [&](int& i, auto tell) {
    const event& first = events_[static_cast<std::size_t>(i)];
    int end = i;
    while (end + 1 < event_count_ && events_[static_cast<std::size_t>(end + 1)].kind == first.kind &&
           (events_[static_cast<std::size_t>(end + 1)].extra >= 0) == (first.extra >= 0))
      ++end;
    std::array<int, max_players> sum{};
    std::array<std::uint8_t, max_players> order{};
    int seats = 0;
    for (; i <= end; ++i) {
      const event& x = events_[static_cast<std::size_t>(i)];
      if (x.seat >= max_players) continue;
      if (std::find(order.begin(), order.begin() + seats, x.seat) == order.begin() + seats) order[static_cast<std::size_t>(seats++)] = x.seat;
      sum[x.seat] += x.extra;
    }
    i = end;
    for (int k = 0; k < seats; ++k) tell(engine::seat_ref(order[static_cast<std::size_t>(k)]), sum[order[static_cast<std::size_t>(k)]]);
  };
  for (int i = 0; i < event_count_; ++i) {
    const event& e = events_[static_cast<std::size_t>(i)];
    const std::string who = engine::seat_ref(e.seat);
    switch (e.kind) {
      case event_kind::act_begins:
      case event_kind::ranks_revealed:
      case event_kind::challenge:
      case event_kind::revealed:
      case event_kind::judged:
      case event_kind::failure_cost:
      case event_kind::broken:
      case event_kind::act_ends:
      case event_kind::safeguard:
      case event_kind::ending:
        from.clear();   // the game's own steps, not an effect's
        break;
      default: break;
    }
    switch (e.kind) {
      case event_kind::resolves:
        from = static_cast<source_kind>(e.extra) == source_kind::challenge
                   ? std::string(content_->challenges[static_cast<std::size_t>(e.total) % content_->challenges.size()].name)
               : static_cast<source_kind>(e.extra) == source_kind::act
                   ? std::string(content_->mission->acts[static_cast<std::size_t>(e.total) % content_->mission->acts.size()].name)
               : e.card == no_card ? std::string()
               : static_cast<source_kind>(e.extra) == source_kind::adrenaline ? card_words(e.card) + " (Adrenaline)"
                                                                               : card_words(e.card);
        break;
      case event_kind::resolved: from.clear(); break;
      case event_kind::act_begins:
        line("Act " + std::to_string(content_->mission->acts[static_cast<std::uint8_t>(e.extra)].sequence) + " begins: " +
             std::string(content_->mission->acts[static_cast<std::uint8_t>(e.extra)].name) + ".");
        break;
      case event_kind::ranks_revealed: {
        std::string s = "Ranks revealed:";
        for (int t = 0; t < seats_; ++t) s += " " + engine::seat_ref(t) + " " + std::to_string(players_[t].rank) + (t + 1 < seats_ ? "," : ".");
        line(s + " " + who + " is the Team Leader.");
        break;
      }
      case event_kind::challenge: {
        const challenge_def& ch = content_->challenges[static_cast<std::uint8_t>(e.extra)];
        line("Challenge: " + std::string(ch.name) + " (" + target_text(ch, seats_) + ").");
        break;
      }
      case event_kind::revealed:
        // extra: the card was the Deck's top, put in by Overcommit rather than picked.
        line(who + " confronts with " + card_words(e.card) +
             (e.extra ? ", the top card of their Deck (Overcommit)." : "."));
        break;
      case event_kind::lost_in_space: line(who + " is Lost in Space."); break;
      case event_kind::judged: line(e.extra ? std::string("Success!") : std::string("Failure.")); break;
      case event_kind::morale:
        line((e.extra >= 0 ? "The team gains " + std::to_string(e.extra) : "The team loses " + std::to_string(-e.extra)) +
             " Morale (Morale " + std::to_string(e.total) + ").");
        break;
      case event_kind::failure_cost:
        // Its own words: after a Failure box's "Lose 1 Morale", a second plain loss read as a wrong count.
        line("The failure costs the team " + std::to_string(-e.extra) + " Morale (Morale " + std::to_string(e.total) + ").");
        break;
      case event_kind::energy:
        line((e.extra >= 0 ? "The team produces " + std::to_string(e.extra) : "The team consumes " + std::to_string(-e.extra)) +
             " Energy (Energy " + std::to_string(e.total) + ").");
        break;
      case event_kind::glory:
        by_seat(i, [&](const std::string& seat, int n) {
          line(n >= 0 ? seat + " gains " + std::to_string(n) + " Glory." : seat + " spends " + std::to_string(-n) + " Glory.");
        });
        break;
      case event_kind::sensors: {
        const std::string challenge(content_->challenges[static_cast<std::uint8_t>(e.extra)].name);
        line(from.empty() ? "Sensors: " + challenge + "." : challenge + " goes to Sensors.");
        break;
      }
      case event_kind::drew:
        // One card reads as the move that draws it says it, so join_words keeps one line.
        by_seat(i, [&](const std::string& seat, int n) {
          line(n == 1 ? seat + " draws a card from their Deck." : seat + " draws " + plural(n, "card", "cards") + ".");
        });
        break;
      case event_kind::drew_card:   // the words of the move that drew it, which join_words then says once
        line(who + " draws " + card_words(e.card) +
             (e.extra == pb::DRAW_WARP ? " from their Warp Zone." : " from their Discard Zone."));
        break;
      case event_kind::lesson: line(who + " learns a Lesson: " + card_words(e.card) + "."); break;
      case event_kind::project: line(who + " starts the Project " + card_words(e.card) + "."); break;
      case event_kind::damage: line(who + " takes Crew Damage: " + card_words(e.card) + " is discarded."); break;
      case event_kind::discarded: line(who + " discards " + card_words(e.card) + "."); break;
      case event_kind::warped: break;   // describe() named it
      case event_kind::stockpiled: line(who + " Stockpiles " + plural(e.extra, "card", "cards") + "."); break;
      case event_kind::boon_granted:
        line(who + " is granted " + (e.extra == 1 ? std::string("a Boon") : plural(e.extra, "Boon", "Boons")) + ".");
        break;
      case event_kind::shifted: break;  // describe() said it
      case event_kind::broken: line("Morale is broken: the Act ends."); break;
      case event_kind::act_ends: line("The Act ends with " + plural(e.extra, "success", "successes") + "."); break;
      case event_kind::safeguard:
        line(std::to_string(e.total) + " Challenges played, the Mission's limit: the safeguard ends it.");
        break;
      case event_kind::ending: {
        const char letter = static_cast<char>(e.extra);
        std::string s = std::string("Ending ") + letter;
        for (const ending_def& d : content_->mission->endings)
          if (d.letter == letter) s += ": " + std::string(d.title) + (d.victory ? " — the Mission succeeds." : " — the Mission fails.");
        line(s);
        break;
      }
    }
  }
  if (events_cut_) line("…");
  return out;
}

// ---- Hidden information -----------------------------------------------------------------------

void state::scramble_hidden(int seat, engine::rng& r) {
  player& p = players_[seat];
  // A Hand, the Deck and a secret Confrontation pick hide which copy is where; a secret Rank
  // pick hides which Rank card it is.
  std::array<copy_id, 2 * max_deck_cards + 1> all{};
  int n = 0;
  for (copy_id c : p.hand.items()) all[static_cast<std::size_t>(n++)] = c;
  for (copy_id c : p.deck.items()) all[static_cast<std::size_t>(n++)] = c;
  // A secret pick from the Hand stays in the Hand until the reveal: after the shuffle it is
  // whichever Hand card sits where it sat.
  int pick_at = -1;
  if (!revealed_ && p.confronting != no_card)
    for (int i = 0; i < p.hand.size; ++i)
      if (p.hand.cards[static_cast<std::size_t>(i)] == p.confronting) pick_at = i;
  r.shuffle(all.data(), n);
  int k = 0;
  for (int i = 0; i < p.hand.size; ++i) p.hand.cards[static_cast<std::size_t>(i)] = all[static_cast<std::size_t>(k++)];
  for (int i = 0; i < p.deck.size; ++i) p.deck.cards[static_cast<std::size_t>(i)] = all[static_cast<std::size_t>(k++)];
  if (pick_at >= 0) p.confronting = p.hand.cards[static_cast<std::size_t>(pick_at)];
  if (p.rank_pick >= 0) {
    int avail[rank_cards], m = 0;
    for (int q = 0; q < rank_cards; ++q)
      if (!(p.ranks_used >> q & 1u)) avail[m++] = q;
    if (m) p.rank_pick = static_cast<std::int8_t>(avail[r.below(static_cast<std::uint32_t>(m))]);
  }
}

}  // namespace starport::quasar_search
