// Explicit positions (docs/scenarios.md, "Quasar Search"): every zone of every seat, the
// Mission Zone, and where play stands — any phase from Act Setup to Act Cleanup, inside a
// phase its waiting Required effects, its Trigger window, the Ship Phase's Boons and Warps,
// and the prompt an effect has open. Each refusal names the field and says why.
#include <algorithm>
#include <bit>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

using engine::refuse;
using engine::rule_error;

namespace {

verdict no(const char* why) { return refuse(rule_error::bad_options, why); }

// The Rank cards a seat may pick at Act Setup: those not used this cycle (all, once every
// one was used).
std::uint8_t rank_used_mask(const faction_def& f, const pb::SeatPosition& s) {
  std::uint8_t used = 0;
  for (std::uint32_t v : s.ranks_used())
    for (int r = 0; r < rank_cards; ++r)
      if (f.ranks[static_cast<std::size_t>(r)] == v && !(used >> r & 1u)) {
        used = static_cast<std::uint8_t>(used | 1u << r);
        break;
      }
  return used == (1u << rank_cards) - 1u ? 0 : used;
}

int rank_choices(const faction_def& f, const pb::SeatPosition& s) {
  return rank_cards - std::popcount(static_cast<unsigned>(rank_used_mask(f, s)));
}

// The Rank card index `value` names among those still to pick, or -1.
int rank_slot(const faction_def& f, const pb::SeatPosition& s, int value) {
  const std::uint8_t used = rank_used_mask(f, s);
  for (int r = 0; r < rank_cards; ++r)
    if (f.ranks[static_cast<std::size_t>(r)] == value && !(used >> r & 1u)) return r;
  return -1;
}

bool position_step_ok(pb::Step s) {
  return s == pb::STEP_UNSPECIFIED || (s >= pb::ACT_SETUP && s <= pb::ACT_CLEANUP);
}

// The Confrontation is face up (each seat's confronting card is stated).
bool revealed_step(pb::Step s) { return s >= pb::PRE_RESOLUTION && s <= pb::CLEANUP; }

// A Challenge is in the Challenge Zone (CHALLENGE_SETUP: when `challenge` is stated).
bool challenge_step(pb::Step s) { return s >= pb::CHALLENGE_START && s <= pb::CLEANUP; }

// Phases whose Required effects are gathered at their start and which then open a Trigger
// window (rules.cpp, phase_effects).
bool effects_step(pb::Step s) {
  switch (s) {
    case pb::ACT_START:
    case pb::CHALLENGE_SETUP:
    case pb::CHALLENGE_START:
    case pb::PRE_CONFRONTATION:
    case pb::PRE_RESOLUTION:
    case pb::PRE_CLEANUP:
    case pb::CLEANUP:
    case pb::SHIP_PHASE:
      return true;
    default:
      return false;
  }
}

bool judged_position(const pb::Position& pos) {
  return pos.step() == pb::PRE_CLEANUP || pos.step() == pb::CLEANUP ||
         (pos.step() == pb::RESOLUTION && pos.judged());
}

task task_of(pb::OpenKind k) {
  switch (k) {
    case pb::OPEN_BOON: return task::boon;
    case pb::OPEN_PROJECT: return task::project;
    case pb::OPEN_SHIFT: return task::shift;
    case pb::OPEN_DRAW: return task::draw;
    case pb::OPEN_STOCKPILE: return task::stockpile;
    case pb::OPEN_WARP: return task::warp;
    case pb::OPEN_DISCARD: return task::discard;
    case pb::OPEN_DEMAND: return task::demand;
    default: return task::run;
  }
}

// A seat confronts with its Deck's top while an Overcommit card of its is in play: one
// waiting in the Personal Zone, or one learned as a Lesson.
bool overcommitted(const content_set& c, const pb::SeatPosition& s) {
  if (s.overcommit_size() > 0) return true;
  for (const std::string& n : s.lessons()) {
    const int i = find_card(c, n);
    if (i >= 0 && c.pool[static_cast<std::size_t>(i)].has(keyword::overcommit)) return true;
  }
  return false;
}

bool branch_of(const act_def& a, int sequence) {
  return sequence != 0 && (a.on_success.sequence == sequence || a.on_failure.sequence == sequence ||
                           a.on_broken.sequence == sequence);
}

}  // namespace

verdict state::validate(const content_set& c, int seats, const pb::Options& options,
                        const pb::Position& pos) {
  if (verdict v = validate(seats, options); !v) return v;
  if (pos.seats_size() != seats) return no("the position lists one entry per seat");
  if (!position_step_ok(pos.step()))
    return no("a position starts at a step from ACT_SETUP to ACT_CLEANUP (step)");
  const int act_index = find_act(c, pos.act() ? static_cast<int>(pos.act()) : 1);
  if (act_index < 0) return no("no Act with that sequence number");
  for (const std::string& n : pos.challenge_deck())
    if (find_challenge(c, n) < 0) return no("unknown Challenge in the Challenge Deck");
  for (const std::string& n : pos.sensors())
    if (find_challenge(c, n) < 0) return no("unknown Challenge in Sensors");
  if (pos.challenge_deck_size() + pos.sensors_size() > max_challenge_deck) return no("too many Challenges");
  const pb::Step step = pos.step();
  const bool needs_challenge = challenge_step(step) || step == pb::CONFRONTATION;
  if (needs_challenge && find_challenge(c, pos.challenge()) < 0)
    return no("this step needs the Challenge in play");
  if (!needs_challenge && step != pb::CHALLENGE_SETUP && !pos.challenge().empty())
    return no("no Challenge is in play at this step (challenge)");
  if (step == pb::CHALLENGE_SETUP && !pos.challenge().empty() && find_challenge(c, pos.challenge()) < 0)
    return no("unknown Challenge (challenge)");
  if (pos.rank_picks() && step != pb::ACT_SETUP && step != pb::STEP_UNSPECIFIED)
    return no("rank_picks is an ACT_SETUP field");
  if (pos.energy() > 999 || pos.morale() > 200) return no("Energy or Morale out of range");
  for (const pb::SeatPosition& s : pos.seats()) {
    const int f = find_faction(c, s.faction());
    if (f < 0) return no("unknown faction");
    int cards = 1;
    auto zone = [&](const auto& names) -> bool {
      for (const std::string& n : names) {
        const int i = find_card(c, n);
        if (i < 0) return false;
        const card_kind k = c.pool[static_cast<std::size_t>(i)].kind;
        if (k == card_kind::faction || k == card_kind::lost_in_space) return false;
        ++cards;
      }
      return true;
    };
    if (!zone(s.hand()) || !zone(s.deck()) || !zone(s.discard()) || !zone(s.warp()) ||
        !zone(s.projects()) || !zone(s.lessons()) || !zone(s.overcommit()))
      return no("unknown card, or a Faction / Lost in Space card in a zone");
    for (const std::string& n : s.projects())
      if (c.pool[static_cast<std::size_t>(find_card(c, n))].kind != card_kind::project)
        return no("only Projects go in the Projects zone");
    if (s.projects_size() > max_personal || s.lessons_size() > max_personal || s.overcommit_size() > 4)
      return no("too many cards in the Personal Zone");
    if ((s.next_act_projects() > 0 || s.next_act_lessons() > 0) && step != pb::SHIP_PHASE)
      return no("next_act_projects and next_act_lessons are SHIP_PHASE fields");
    if (s.next_act_projects() > static_cast<std::uint32_t>(s.projects_size()) ||
        s.next_act_lessons() > static_cast<std::uint32_t>(s.lessons_size()))
      return no("next_act_projects / next_act_lessons count cards of projects / lessons");
    if (!s.confronting().empty() && step != pb::CONFRONTATION && !revealed_step(step))
      return no("confronting is a field of CONFRONTATION and the steps after the reveal (PRE_RESOLUTION to CLEANUP)");
    if (s.shift() != 0 && step != pb::PRE_RESOLUTION && step != pb::RESOLUTION)
      return no("shift is a PRE_RESOLUTION or RESOLUTION field (Shifts end after Resolution)");
    if (step == pb::CONFRONTATION && !s.confronting().empty()) {
      // A secret pick made already: the card stays in the Hand or Projects until the reveal.
      const bool held = std::find(s.hand().begin(), s.hand().end(), s.confronting()) != s.hand().end() ||
                        std::find(s.projects().begin(), s.projects().end(), s.confronting()) != s.projects().end();
      if (!held) return no("a CONFRONTATION pick (confronting) is a card of that seat's Hand or Projects");
      if (overcommitted(c, s))
        return no("a seat under Overcommit confronts with its Deck's top card, not a pick (confronting)");
    }
    if (revealed_step(step)) {
      const int i = find_card(c, s.confronting());
      if (i < 0 || c.pool[static_cast<std::size_t>(i)].kind == card_kind::faction)
        return no("the steps after the reveal need each seat's confronting card (confronting)");
      if (c.pool[static_cast<std::size_t>(i)].kind != card_kind::lost_in_space) ++cards;
      if (s.shift() < -20 || s.shift() > 20) return no("Shift out of range");
    }
    if (cards > max_deck_cards) return no("too many cards for one seat");
    const faction_def& fd = c.factions[static_cast<std::size_t>(f)];
    if (s.rank() != 0 && std::find(fd.ranks.begin(), fd.ranks.end(), s.rank()) == fd.ranks.end())
      return no("that faction has no Rank card of that value");
    if (step != pb::ACT_SETUP && step != pb::STEP_UNSPECIFIED && s.rank() == 0)
      return no("a Rank card is in play after Act Setup");
    if (s.glory() > 999) return no("Glory out of range");
    if (s.rank_pick() != 0 && !pos.rank_picks())
      return no("rank_pick is a pick made while Rank picks are open (rank_picks)");
    if (pos.rank_picks()) {
      if (s.rank() != 0) return no("no Rank card is in play while Rank picks are open (rank)");
      if (s.rank_pick() != 0 && rank_slot(fd, s, static_cast<int>(s.rank_pick())) < 0)
        return no("rank_pick names a Rank card that faction has and has not used this cycle");
    }
    if (s.triggered_size() > 0 && !pos.has_trigger_window())
      return no("triggered lists the Triggers performed in an open Trigger window (trigger_window)");
    if (s.triggered_size() > 8) return no("at most 8 Triggers per seat per phase (triggered)");
  }
  if (pos.rank_picks()) {
    if (pos.successes() != 0 || pos.failures() != 0)
      return no("an Act that has just begun has no successes or failures");
    bool open = false;
    for (const pb::SeatPosition& s : pos.seats())
      if (s.rank_pick() == 0 && rank_choices(c.factions[static_cast<std::size_t>(find_faction(c, s.faction()))], s) > 1) open = true;
    if (!open) return no("every seat has picked its Rank (rank_pick): the picks would be revealed");
  }
  if (step == pb::CONFRONTATION) {
    bool open = false;
    for (const pb::SeatPosition& s : pos.seats())
      if (s.confronting().empty() && !overcommitted(c, s) && (s.hand_size() > 0 || s.projects_size() > 0)) open = true;
    if (!open) return no("every seat has picked its confronting card: the Confrontation would be revealed");
  }

  // The judged Challenge, the Act's end, the Act that follows.
  if (pos.judged() && step != pb::RESOLUTION)
    return no("judged is a RESOLUTION field (the Challenge is judged at Resolution)");
  if (pos.success() && !judged_position(pos))
    return no("success is a field of a judged Challenge (RESOLUTION with judged, PRE_CLEANUP, CLEANUP)");
  if (judged_position(pos) && (pos.success() ? pos.successes() == 0 : pos.failures() == 0))
    return no("a judged Challenge is counted already: successes (success) or failures is at least 1");
  if (pos.broken() && step != pb::ACT_RESOLUTION) return no("broken is an ACT_RESOLUTION field");
  if (pos.broken() && pos.morale() != 0) return no("broken means Morale ran out: morale is 0");
  if (step == pb::ACT_RESOLUTION && !pos.broken() && (pos.challenge_deck_size() > 0 || pos.sensors_size() > 0))
    return no("an Act is resolved once its Challenge Deck and Sensors are empty, or when Morale broke (challenge_deck, sensors, broken)");
  const bool ship_or_cleanup = step == pb::SHIP_PHASE || step == pb::ACT_CLEANUP;
  if (ship_or_cleanup && !branch_of(c.mission->acts[static_cast<std::size_t>(act_index)], static_cast<int>(pos.next_act())))
    return no("SHIP_PHASE and ACT_CLEANUP need next_act, an Act the current Act's back names");
  if (!ship_or_cleanup && pos.next_act() != 0) return no("next_act is a SHIP_PHASE or ACT_CLEANUP field");

  // Inside a phase: waiting Required effects, the Trigger window, the Ship Phase's turns, a prompt.
  const bool results = step == pb::RESOLUTION && pos.judged();
  const bool inside = effects_step(step) || results;
  const bool act_setup = step == pb::ACT_SETUP || step == pb::STEP_UNSPECIFIED;
  if (pos.pending_size() > 0) {
    if (!inside) return no("pending effects wait in a phase with effects (pending)");
    if (pos.pending_size() > max_pending) return no("too many pending effects");
    if (pos.has_trigger_window() || pos.has_ship_turn())
      return no("Required effects happen before the Trigger window and the Ship Phase's Boons (pending)");
  }
  if (step == pb::CHALLENGE_SETUP && pos.challenge().empty() &&
      (pos.pending_size() > 0 || pos.has_trigger_window() || pos.has_prompt()))
    return no("inside CHALLENGE_SETUP the Challenge is set up already (challenge)");
  for (const pb::PendingEffect& e : pos.pending()) {
    if (!pb::PendingSource_IsValid(e.from())) return no("unknown pending source (pending.from)");
    if (e.seat() >= static_cast<std::uint32_t>(seats) || e.owner() >= static_cast<std::uint32_t>(seats))
      return no("no such seat (pending.seat, pending.owner)");
    if ((e.from() == pb::FROM_RESULT) != results)
      return no("a Challenge's result effects wait at RESOLUTION once judged, and nothing else does (pending.from)");
    const int ch = find_challenge(c, pos.challenge());
    const effect* fx = nullptr;
    switch (e.from()) {
      case pb::FROM_CHALLENGE:
        if (ch < 0 || e.effect() >= 2) return no("no such effect of the Challenge (pending.effect)");
        fx = &c.challenges[static_cast<std::size_t>(ch)].effects[e.effect()];
        break;
      case pb::FROM_ACT:
        if (step != pb::ACT_START || e.effect() >= 2) return no("the Act's effects wait at ACT_START (pending.effect)");
        fx = &c.mission->acts[static_cast<std::size_t>(act_index)].start[e.effect()];
        break;
      case pb::FROM_RESULT: {
        if (e.effect() >= static_cast<std::uint32_t>(max_results)) return no("no such result effect (pending.effect)");
        const challenge_def& d = c.challenges[static_cast<std::size_t>(ch)];
        fx = &(pos.success() ? d.success : d.failure)[e.effect()];
        if (!fx->present()) return no("no such result effect (pending.effect)");
        break;
      }
      case pb::FROM_ADRENALINE:
        if (step != pb::PRE_CLEANUP || !pos.success())
          return no("Adrenaline draws wait at PRE_CLEANUP of a success (pending.from)");
        break;
      default: {
        const int i = find_card(c, e.card());
        if (i < 0 || e.effect() >= static_cast<std::uint32_t>(max_card_effects))
          return no("no such card or effect (pending.card, pending.effect)");
        fx = &c.pool[static_cast<std::size_t>(i)].effects[e.effect()];
        break;
      }
    }
    if (fx && e.from() != pb::FROM_RESULT && e.from() != pb::FROM_ACT &&
        (fx->kind != style::required || fx->at != static_cast<phase>(step)))
      return no("a pending effect is a Required effect of this phase (pending.effect)");
    if (fx && !fx->present()) return no("no such effect (pending.effect)");
    if (fx && fx->only != condition::always &&
        (!judged_position(pos) || (fx->only == condition::on_success) != pos.success()))
      return no("a pending effect's condition holds (pending.effect: on success / on failure)");
  }
  if (pos.has_trigger_window()) {
    if (!effects_step(step) || pos.has_ship_turn()) return no("a Trigger window opens in a phase with effects (trigger_window)");
    if (pos.trigger_window().seat() >= static_cast<std::uint32_t>(seats)) return no("no such seat (trigger_window.seat)");
  }
  if (pos.has_ship_turn()) {
    if (step != pb::SHIP_PHASE) return no("ship_turn is a SHIP_PHASE field");
    if (pos.ship_turn().seat() >= static_cast<std::uint32_t>(seats)) return no("no such seat (ship_turn.seat)");
    if (pos.prompt().kind() == pb::OPEN_NONE)
      return no("ship_turn needs the prompt open on it: OPEN_BOON, OPEN_WARP or what the Boon set off (prompt)");
  }
  if (pos.has_prompt()) {
    const pb::OpenPrompt& pr = pos.prompt();
    if (pr.kind() <= pb::OPEN_NONE || pr.kind() > pb::OPEN_DEMAND) return no("unknown prompt kind (prompt.kind)");
    if (act_setup) {
      if (pr.kind() != pb::OPEN_DRAW || pos.rank_picks())
        return no("the prompt open at ACT_SETUP is a seat's draw up to its Hand Size, before the Rank picks (prompt.kind)");
      if (pos.successes() != 0 || pos.failures() != 0)
        return no("an Act that has just begun has no successes or failures");
    } else if (!inside) {
      return no("a prompt is open inside a phase with effects or Resolution's results (prompt)");
    }
    if (pr.seat() >= static_cast<std::uint32_t>(seats)) return no("no such seat (prompt.seat)");
    if (pr.count() < 1 || pr.count() > max_deck_cards) return no("prompt.count is 1 to 40");
    if (pr.put_back() != 0 && pr.kind() != pb::OPEN_STOCKPILE) return no("put_back is an OPEN_STOCKPILE field (prompt)");
    if (pr.put_back() > max_deck_cards) return no("prompt.put_back out of range");
    if (pr.kind() == pb::OPEN_SHIFT && !revealed_step(step))
      return no("a Shift needs the Confrontation revealed (prompt.kind)");
    if (pr.kind() == pb::OPEN_DEMAND && pr.count() > pos.energy())
      return no("a Demand the Energy cannot pay is not asked: the team loses 1 Morale (prompt.count)");
    if (pos.has_ship_turn() && pr.kind() == pb::OPEN_WARP && pr.count() > static_cast<std::uint32_t>(ship_warp))
      return no("the Ship Phase Warps up to 2 (prompt.count)");
    if (pr.boons_after() != 0 &&
        (pr.kind() == pb::OPEN_BOON || pr.kind() == pb::OPEN_DEMAND || pos.has_ship_turn() || pr.boons_after() > 10))
      return no("boons_after: 1 to 10 Boons of the seat's own effect under a prompt a Boon set off (not a Boon, a Demand or the Ship Phase's single Boon)");
    if (pr.has_pays_for() && (pr.kind() != pb::OPEN_DISCARD || !pos.has_trigger_window() ||
                              pos.trigger_window().seat() != pr.seat() || pr.boons_after() != 0))
      return no("pays_for is the Trigger an OPEN_DISCARD pays for, in that seat's Trigger window (prompt.pays_for)");
    if (pos.has_ship_turn() && pr.kind() != pb::OPEN_DEMAND && pr.seat() != pos.ship_turn().seat())
      return no("the prompt of a Ship Phase turn is that seat's (prompt.seat)");
  }

  // What only the posed state can tell: cards in play, Rank order, who an effect names, and
  // whether the stated prompt is really asked.
  state probe(c, seats, options, pos, 0, posing{});
  if (verdict v = probe.check_posed(pos); !v) return v;
  probe.start(pos);
  if (pos.has_prompt() || pos.has_trigger_window()) {
    const bool asked = probe.frame_count_ > 0 && !probe.over_ &&
                       probe.step_ == (act_setup ? phase::act_setup : static_cast<phase>(step));
    const frame& top = probe.frames_[asked ? probe.frame_count_ - 1u : 0u];
    if (pos.has_prompt() &&
        (!asked || top.kind != task_of(pos.prompt().kind()) || top.seat != pos.prompt().seat() ||
         top.count != static_cast<std::int8_t>(pos.prompt().count())))
      return no("the prompt would resolve by itself (one possible answer or none), so it is never open (prompt)");
    if (!pos.has_prompt() && (!asked || top.kind != task::triggers || top.seat != pos.trigger_window().seat()))
      return no("trigger_window names a seat with no Triggered effect ready: the window would pass it by");
  }
  return engine::ok();
}

bool state::find_in_play(int s, std::string_view name, int skip, copy_id& out) const {
  const int want = find_card(*content_, name);
  bool found = false;
  for_each_in_play(s, [&](copy_id c) {
    if (found || index_of(c) != want) return;
    if (skip-- == 0) {
      out = c;
      found = true;
    }
  });
  return found;
}

verdict state::check_posed(const pb::Position& pos) const {
  for (const pb::PendingEffect& e : pos.pending()) {
    int owner = -1;
    effect fx{};
    if (e.from() == pb::FROM_CARD || e.from() == pb::FROM_ADRENALINE) {
      owner = static_cast<int>(e.owner());
      copy_id c = no_card;
      if (!find_in_play(owner, e.card(), 0, c)) return no("a pending effect's card is in play for its owner (pending.card)");
      if (e.from() == pb::FROM_ADRENALINE) {
        if (c != players_[owner].confronting || !card_of(c).has(keyword::adrenaline))
          return no("an Adrenaline draw comes from its owner's confronting card with Adrenaline (pending.card)");
        fx = effect{style::required, phase::pre_cleanup, cost::none, 0, op::draw,
                    static_cast<std::int8_t>(card_of(c).adrenaline), who::you, condition::on_success};
      } else {
        fx = card_of(c).effects[e.effect()];
      }
    } else if (e.from() == pb::FROM_CHALLENGE) {
      fx = content_->challenges[challenge_].effects[e.effect()];
    } else if (e.from() == pb::FROM_ACT) {
      fx = act().start[e.effect()];
    } else {
      const challenge_def& d = content_->challenges[challenge_];
      fx = (success_ ? d.success : d.failure)[e.effect()];
    }
    std::array<std::uint8_t, max_players> named{};
    int n = 0;
    seats_in(fx.target, owner, named, n);
    if (std::find(named.begin(), named.begin() + n, static_cast<std::uint8_t>(e.seat())) == named.begin() + n)
      return no("a pending effect happens for a seat it names (pending.seat)");
  }
  for (int s = 0; s < seats_; ++s)
    for (const pb::UsedTrigger& u : pos.seats(s).triggered()) {
      copy_id c = no_card;
      if (!find_in_play(s, u.card(), 0, c) || u.effect() >= static_cast<std::uint32_t>(max_card_effects))
        return no("triggered names a card of that seat in play and an effect on it (triggered)");
      const effect& e = card_of(c).effects[u.effect()];
      if (e.kind != style::triggered || e.at != step_)
        return no("triggered names a Triggered effect of this phase (triggered.effect)");
    }
  if (pos.has_prompt() && step_ == phase::act_setup) {
    const int s = static_cast<int>(pos.prompt().seat());
    if (hand_size(s) - players_[s].hand.size != static_cast<int>(pos.prompt().count()))
      return no("at Act Setup a seat draws up to its Hand Size: prompt.count is its Hand Size less its Hand");
  }
  if (pos.prompt().has_pays_for()) {
    const pb::UsedTrigger& u = pos.prompt().pays_for();
    const int s = static_cast<int>(pos.prompt().seat());
    copy_id c = no_card;
    if (!find_in_play(s, u.card(), 0, c) || u.effect() >= static_cast<std::uint32_t>(max_card_effects))
      return no("pays_for names a card of that seat in play and an effect on it (prompt.pays_for)");
    const effect& e = card_of(c).effects[u.effect()];
    if (e.kind != style::triggered || e.at != step_ || e.pay != cost::discard_card)
      return no("pays_for names a Triggered effect of this phase whose cost is a discard (prompt.pays_for)");
    bool listed = false;
    for (const pb::UsedTrigger& t : pos.seats(s).triggered()) listed = listed || (t.card() == u.card() && t.effect() == u.effect());
    if (!listed) return no("the Trigger a discard pays for is performed already: list it in triggered (prompt.pays_for)");
  }
  if (pos.has_prompt() && pos.prompt().kind() == pb::OPEN_DEMAND &&
      static_cast<int>(pos.prompt().seat()) != team_leader())
    return no("the Team Leader decides a Demand (prompt.seat)");
  return engine::ok();
}

state::state(const content_set& c, int seats, const pb::Options& options, const pb::Position& pos,
             std::uint64_t seed)
    : state(c, seats, options, pos, seed, posing{}) {
  start(pos);
}

state::state(const content_set& c, int seats, const pb::Options& options, const pb::Position& pos,
             std::uint64_t seed, posing)
    : random_(seed) {
  content_ = &c;
  seats_ = static_cast<std::uint8_t>(seats);
  set_options(options);
  act_ = static_cast<std::uint8_t>(find_act(c, pos.act() ? static_cast<int>(pos.act()) : 1));
  acts_played_ = static_cast<std::uint8_t>(pos.acts_played() ? pos.acts_played() : 1);
  challenges_played_ = static_cast<std::uint16_t>(pos.challenges_played());
  energy_ = static_cast<std::uint16_t>(pos.energy());
  morale_ = static_cast<std::uint8_t>(pos.morale());
  successes_ = static_cast<std::uint8_t>(pos.successes());
  failures_ = static_cast<std::uint8_t>(pos.failures());
  // Listed top first; the pile keeps the top at the back.
  for (int i = pos.challenge_deck_size() - 1; i >= 0; --i)
    challenge_deck_.push(static_cast<std::uint8_t>(find_challenge(c, pos.challenge_deck(i))));
  for (const std::string& n : pos.sensors()) sensors_.push(static_cast<std::uint8_t>(find_challenge(c, n)));
  const pb::Step step = pos.step();
  if (!pos.challenge().empty() && step != pb::STEP_UNSPECIFIED && step != pb::ACT_SETUP)
    challenge_ = static_cast<std::uint8_t>(find_challenge(c, pos.challenge()));
  revealed_ = revealed_step(step);
  resolved_ = judged_position(pos);
  success_ = resolved_ && pos.success();
  broken_ = pos.broken();
  if (pos.next_act()) next_act_ = static_cast<std::uint8_t>(find_act(c, static_cast<int>(pos.next_act())));
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = pos.seats(s);
    player& p = players_[s];
    const int f = find_faction(c, sp.faction());
    p.faction = static_cast<std::uint8_t>(f);
    auto add = [&](const std::string& name) -> copy_id {
      const copy_id copy = make_copy(s, p.list_size);
      p.list[p.list_size++] = static_cast<engine::card_index>(find_card(c, name));
      return copy;
    };
    p.faction_card = add(std::string(c.factions[static_cast<std::size_t>(f)].name));
    for (const std::string& n : sp.hand()) p.hand.push(add(n));
    for (int i = sp.deck_size() - 1; i >= 0; --i) p.deck.push(add(sp.deck(i)));
    for (const std::string& n : sp.discard()) p.discard.push(add(n));
    for (const std::string& n : sp.warp()) p.warp.push(add(n));
    for (const std::string& n : sp.projects()) p.projects.push(add(n));
    for (const std::string& n : sp.lessons()) p.lessons.push(add(n));
    for (const std::string& n : sp.overcommit()) p.overcommit.push(add(n));
    p.next_act_projects = static_cast<std::uint8_t>(sp.next_act_projects());
    p.next_act_lessons = static_cast<std::uint8_t>(sp.next_act_lessons());
    p.glory = static_cast<std::uint16_t>(sp.glory());
    const faction_def& fd = c.factions[static_cast<std::size_t>(f)];
    for (int r = 0; r < rank_cards; ++r) {
      if (fd.ranks[static_cast<std::size_t>(r)] == sp.rank() && p.rank == 0) {
        p.rank = static_cast<std::uint8_t>(sp.rank());
        p.ranks_used |= static_cast<std::uint8_t>(1u << r);
      }
    }
    for (std::uint32_t used : sp.ranks_used())
      for (int r = 0; r < rank_cards; ++r)
        if (fd.ranks[static_cast<std::size_t>(r)] == used && !(p.ranks_used >> r & 1u)) {
          p.ranks_used |= static_cast<std::uint8_t>(1u << r);
          break;
        }
    if (revealed_step(step)) {
      const int i = find_card(c, sp.confronting());
      if (c.pool[static_cast<std::size_t>(i)].kind == card_kind::lost_in_space) {
        p.confronting = make_copy(s, lost_slot);
      } else {
        p.confronting = add(sp.confronting());
      }
      p.shift = static_cast<std::int8_t>(sp.shift());
    }
  }
  // Triggers performed this phase (validate checked each names a card in play).
  for (int s = 0; s < seats; ++s) {
    player& p = players_[s];
    for (const pb::UsedTrigger& u : pos.seats(s).triggered()) {
      copy_id used = no_card;
      int skip = 0;
      for (const pb::UsedTrigger& before : pos.seats(s).triggered()) {
        if (&before == &u) break;
        if (before.card() == u.card() && before.effect() == u.effect()) ++skip;
      }
      if (!find_in_play(s, u.card(), skip, used) && !find_in_play(s, u.card(), 0, used)) continue;
      if (p.used_count < p.used.size())
        p.used[p.used_count++] = static_cast<std::uint16_t>(used << 2 | (u.effect() & 3u));
    }
  }
  // Required effects still waiting, in the order listed.
  for (const pb::PendingEffect& e : pos.pending()) {
    if (pending_count_ >= max_pending) break;
    pending w{};
    w.seat = static_cast<std::uint8_t>(e.seat());
    switch (e.from()) {
      case pb::FROM_CHALLENGE:
        w.from = source_kind::challenge;
        if (challenge_ != no_challenge) w.e = c.challenges[challenge_].effects[e.effect() % 2];
        break;
      case pb::FROM_ACT:
        w.from = source_kind::act;
        w.e = act().start[e.effect() % 2];
        break;
      case pb::FROM_RESULT:
        w.from = source_kind::challenge;
        if (challenge_ != no_challenge)
          w.e = (success_ ? c.challenges[challenge_].success : c.challenges[challenge_].failure)[e.effect() % max_results];
        break;
      default: {
        copy_id card = no_card;
        const int owner = static_cast<int>(e.owner()) % seats;
        if (!find_in_play(owner, e.card(), 0, card)) continue;
        w.card = card;
        if (e.from() == pb::FROM_ADRENALINE) {
          w.from = source_kind::adrenaline;
          w.e = effect{style::required, phase::pre_cleanup, cost::none, 0, op::draw,
                       static_cast<std::int8_t>(card_of(card).adrenaline), who::you, condition::on_success};
        } else {
          w.from = source_kind::card;
          w.e = card_of(card).effects[e.effect() % max_card_effects];
        }
        break;
      }
    }
    pending_[pending_count_++] = w;
  }
  printed_order_ = step == pb::RESOLUTION && pos.judged();
  step_ = step == pb::STEP_UNSPECIFIED ? phase::act_setup : static_cast<phase>(step);
  // Where inside the phase: 0 its start, 1 its Required effects under way, 2 its Trigger
  // window (rules.cpp, phase_effects), 3 the Ship Phase's Boons and Warps.
  if (pos.has_ship_turn()) sub_ = 3;
  else if (pos.has_trigger_window()) sub_ = 2;
  else if (pos.pending_size() > 0 || pos.has_prompt() || printed_order_) sub_ = 1;
  else sub_ = 0;
}

void state::start(const pb::Position& pos) {
  const content_set& c = *content_;
  const int seats = seats_;
  if (pos.rank_picks()) {
    // The Act has begun (its Challenge Deck dealt, hands as listed); Rank picks are open.
    deal_challenge_deck();
    for (int s = 0; s < seats; ++s) {
      player& p = players_[s];
      const pb::SeatPosition& sp = pos.seats(s);
      const faction_def& fd = c.factions[p.faction];
      p.ranks_used = rank_used_mask(fd, sp);
      p.rank = 0;
      p.rank_pick = -1;
      p.chose = false;
      if (sp.rank_pick() != 0) {
        p.rank_pick = static_cast<std::int8_t>(rank_slot(fd, sp, static_cast<int>(sp.rank_pick())));
      } else if (rank_choices(fd, sp) == 1) {
        for (int r = 0; r < rank_cards; ++r)
          if (!(p.ranks_used >> r & 1u)) p.rank_pick = static_cast<std::int8_t>(r);
      }
      p.chose = p.rank_pick >= 0;
    }
    step_ = phase::act_setup;
    sub_ = 2;
    push(frame{task::rank, 0, 0, 0, {}});
    advance();
    return;
  }
  const pb::Step step = pos.step();
  if (step_ == phase::act_setup && pos.has_prompt()) {
    // The Act has begun (begin_act): its Challenge Deck dealt, the seats before `prompt.seat`
    // have drawn, the seats after it draw next.
    deal_challenge_deck();
    for (int s = seats - 1; s > static_cast<int>(pos.prompt().seat()); --s) {
      const int want = hand_size(s) - players_[s].hand.size;
      if (want > 0) push(frame{task::draw, static_cast<std::uint8_t>(s), static_cast<std::int8_t>(want), 0, {}});
    }
  } else if (step_ == phase::act_setup) {
    --acts_played_;   // begin_act counts it
  }
  if (step == pb::CHALLENGE_SETUP && challenge_ != no_challenge && sub_ == 0) {
    // The Challenge is set up already: its phase's Required effects are gathered now.
    enter(step_);
    sub_ = 1;
  }
  if (pos.has_trigger_window()) {
    std::array<std::uint8_t, max_players> order{};
    rank_order(order);
    window_ = 0;
    while (window_ + 1 < seats && order[window_] != pos.trigger_window().seat()) ++window_;
    push(frame{task::triggers, static_cast<std::uint8_t>(pos.trigger_window().seat()), 0, 0, {}});
  }
  const pb::OpenPrompt& pr = pos.prompt();
  const frame open{task_of(pr.kind()), static_cast<std::uint8_t>(pr.seat() % max_players),
                   static_cast<std::int8_t>(std::min<std::uint32_t>(pr.count(), 100)),
                   static_cast<std::uint8_t>(std::min<std::uint32_t>(pr.put_back(), 100)), {}};
  if (pos.has_ship_turn()) {
    // The seats after this one in Rank order still get their Boon and Warps (rules.cpp).
    std::array<std::uint8_t, max_players> order{};
    rank_order(order);
    const int me = static_cast<int>(pos.ship_turn().seat());
    for (int i = seats - 1; i >= 0 && order[static_cast<std::size_t>(i)] != me; --i) {
      const std::uint8_t s = order[static_cast<std::size_t>(i)];
      push(frame{task::warp, s, static_cast<std::int8_t>(ship_warp), 0, {}});
      push(frame{task::boon, s, 1, 0, {}});
    }
    if (pr.kind() == pb::OPEN_WARP) {
      push(open);
    } else {
      push(frame{task::warp, static_cast<std::uint8_t>(me), static_cast<std::int8_t>(ship_warp), 0, {}});
      if (open.kind != task::run) push(open);
    }
  } else if (open.kind != task::run) {
    // What waits under the prompt: the rest of its seat's Boons, or the Trigger it pays for.
    if (pr.boons_after() > 0)
      push(frame{task::boon, open.seat, static_cast<std::int8_t>(std::min<std::uint32_t>(pr.boons_after(), 10)), 0, {}});
    copy_id paid = no_card;
    if (pr.has_pays_for() && find_in_play(open.seat, pr.pays_for().card(), 0, paid))
      push(frame{task::run, open.seat, 0, 0, card_of(paid).effects[pr.pays_for().effect() % max_card_effects]});
    push(open);
  }
  advance();
  if (step == pb::CONFRONTATION) {
    // Secret picks made already; the open CONFRONT waits for the others.
    for (int s = 0; s < seats; ++s) {
      const std::string& name = pos.seats(s).confronting();
      player& p = players_[s];
      if (name.empty() || p.chose) continue;
      const int want = find_card(c, name);
      for (copy_id x : p.hand.items())
        if (p.confronting == no_card && index_of(x) == want) p.confronting = x;
      for (copy_id x : p.projects.items())
        if (p.confronting == no_card && index_of(x) == want) p.confronting = x;
      p.chose = p.confronting != no_card;
    }
  }
}

}  // namespace starport::quasar_search
