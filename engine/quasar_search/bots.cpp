// Quasar Search bots: the generic random bot, and a heuristic teammate that plays for the
// team's shared outcome. Like a client, it reads only its own seat's view (its Hand, the
// public table: the Challenge, Sensors, revealed Confrontation cards, Personal and Warp
// Zones, Energy, Morale, Glory) and its legal actions; it never sees a teammate's Hand or
// any Deck's order. The card data (player_pool()) is public: every card is printed.
//
// Confronting is a secret simultaneous pick, so teammates cannot react to each other's
// cards; the heuristic follows conventions every heuristic seat follows, the way a table
// agrees on a plan in its chat (docs/rules/quasar_search_cards.md, "Bots"):
//   All-Out N           each seat brings its share, ceil(N / seats): the smallest card that
//                       reaches it (the highest card when none does but one comes close)
//   Low Profile N       each seat stays under floor(N / seats): the largest card that does
//   Thread the Needle   each seat aims at its share of N; Shifts fix the rest once revealed
//   Nobody Left Behind  the smallest card at or over N
//   Spearhead N         the smallest card at or over N; without one, dump
//   Stand Together      the card nearest 5, the focal value
//   All Different       seat s aims at its own band of values (1..10 split among the seats)
//   Split Decision N    the first N seats (all, "per player") bring an odd card
// "Dump" is giving the card the team needs least (the lowest value, plain cards before
// cards with effects) to a Challenge that is lost anyway or asks nothing of this seat.
//
// Once the Confrontation is revealed, Pre-Resolution Triggers are judged exactly: a Shift is
// performed when it makes the Challenge succeed (or, when it is free, brings it closer), and
// the Shift amount is the one that succeeds with the smallest change.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {
namespace {

// One card of the Confrontation: no value (Lost in Space) or a value.
struct slot {
  bool has = false;
  int value = 0;
};

bool is_odd(int v) { return v % 2 != 0; }

// The Target against a Confrontation (cards.hpp target_kind; docs/rules/quasar_search.md).
bool meets(pb::TargetKind t, int n, const std::vector<slot>& cs) {
  int sum = 0, odd = 0;
  bool all_have = true;
  int lo = std::numeric_limits<int>::max(), hi = std::numeric_limits<int>::min();
  for (const slot& c : cs) {
    if (!c.has) {
      all_have = false;
      continue;
    }
    sum += c.value;
    odd += is_odd(c.value);
    lo = std::min(lo, c.value);
    hi = std::max(hi, c.value);
  }
  switch (t) {
    case pb::ALL_OUT: return sum >= n;
    case pb::NOBODY_LEFT_BEHIND: return all_have && !cs.empty() && lo >= n;
    case pb::THREAD_THE_NEEDLE: return sum == n;
    case pb::STAND_TOGETHER: return all_have && !cs.empty() && lo == hi;
    case pb::SPEARHEAD: return hi != std::numeric_limits<int>::min() && hi >= n;
    case pb::ALL_DIFFERENT: {
      for (std::size_t i = 0; i < cs.size(); ++i)
        for (std::size_t k = i + 1; k < cs.size(); ++k)
          if (cs[i].has && cs[k].has && cs[i].value == cs[k].value) return false;
      return true;
    }
    case pb::LOW_PROFILE: return sum <= n;
    case pb::SPLIT_DECISION: return odd >= n;
    default: return false;
  }
}

// How far a Confrontation is from meeting the Target (0: it does); a Shift that lowers it
// helps even when it does not finish the job.
int distance(pb::TargetKind t, int n, const std::vector<slot>& cs) {
  if (meets(t, n, cs)) return 0;
  constexpr int lost = 20;
  int sum = 0, odd = 0, hi = -100, lo = 100, missing = 0;
  for (const slot& c : cs) {
    if (!c.has) {
      ++missing;
      continue;
    }
    sum += c.value;
    odd += is_odd(c.value);
    hi = std::max(hi, c.value);
    lo = std::min(lo, c.value);
  }
  switch (t) {
    case pb::ALL_OUT: return n - sum;
    case pb::NOBODY_LEFT_BEHIND: {
      int d = missing * lost;
      for (const slot& c : cs)
        if (c.has && c.value < n) d += n - c.value;
      return d;
    }
    case pb::THREAD_THE_NEEDLE: return std::abs(sum - n);
    case pb::STAND_TOGETHER: return missing * lost + (hi >= lo ? hi - lo : 0);
    case pb::SPEARHEAD: return hi == -100 ? lost : n - hi;
    case pb::ALL_DIFFERENT: {
      int pairs = 0;
      for (std::size_t i = 0; i < cs.size(); ++i)
        for (std::size_t k = i + 1; k < cs.size(); ++k) pairs += cs[i].has && cs[k].has && cs[i].value == cs[k].value;
      return pairs;
    }
    case pb::LOW_PROFILE: return sum - n;
    case pb::SPLIT_DECISION: return n - odd;
    default: return lost;
  }
}

const player_card* def_of(const pb::PlayerCard& c) {
  const auto pool = player_pool();
  return c.index() < pool.size() ? &pool[c.index()] : nullptr;
}

bool has_effects(const player_card& d) {
  return d.keywords != 0 || std::any_of(d.effects.begin(), d.effects.end(), [](const effect& e) { return e.present(); });
}

// What this seat may read of the table.
struct table {
  const pb::View& v;
  int me = 0;
  const pb::Seat* mine = nullptr;
  std::unordered_map<std::uint32_t, const pb::PlayerCard*> cards;   // by copy id, every card it may see

  explicit table(const pb::View& view) : v(view), me(static_cast<int>(view.viewer_seat())) {
    for (const pb::Seat& s : v.seats()) {
      if (static_cast<int>(s.seat()) == me) mine = &s;
      note(s.faction_card());
      for (const pb::PersonalCard& p : s.personal()) note(p.card());
      for (const pb::PlayerCard& c : s.warp()) note(c);
      for (const pb::PlayerCard& c : s.hand()) note(c);
      if (s.has_discard_top()) note(s.discard_top());
    }
    for (const pb::Confronting& c : v.confrontation())
      if (c.has_card()) note(c.card());
    if (v.has_prompt())
      for (const pb::Choice& c : v.prompt().choices())
        if (c.has_card()) note(c.card());
  }
  void note(const pb::PlayerCard& c) {
    if (c.id() != 0) cards.try_emplace(c.id(), &c);
  }
  const pb::PlayerCard* card(std::int32_t id) const {
    auto it = cards.find(static_cast<std::uint32_t>(id));
    return it == cards.end() ? nullptr : it->second;
  }
  int seats() const { return std::max(1, v.seats_size()); }
  pb::TargetKind target() const { return v.has_challenge() ? v.challenge().target() : pb::TARGET_NONE; }
  int number() const { return v.has_challenge() ? v.challenge().number() : 0; }
  int glory() const { return mine ? static_cast<int>(mine->glory()) : 0; }
  int energy() const { return static_cast<int>(v.energy()); }
  int morale() const { return static_cast<int>(v.morale()); }
  int hand_count() const { return mine ? static_cast<int>(mine->hand_count()) : 0; }
  bool team_leader() const { return mine && mine->team_leader(); }

  // The revealed Confrontation, this seat's card Shifted by `delta`.
  std::vector<slot> confrontation(int delta) const {
    std::vector<slot> out;
    for (const pb::Confronting& c : v.confrontation()) {
      if (!c.has_card()) continue;
      slot s;
      s.has = c.card().has_value() && !c.card().lost_in_space();
      s.value = c.card().current();
      if (s.has && static_cast<int>(c.seat()) == me) s.value = std::clamp(s.value + delta, min_value, max_value);
      out.push_back(s);
    }
    return out;
  }
  bool revealed() const {
    if (v.confrontation_size() == 0) return false;
    for (const pb::Confronting& c : v.confrontation())
      if (!c.revealed() || !c.has_card()) return false;
    return true;
  }
  // Seat order by seat number: this seat's place among the table (for the conventions).
  int place() const {
    int n = 0;
    for (const pb::Seat& s : v.seats()) n += static_cast<int>(s.seat()) < me;
    return n;
  }
};

// What a card is worth keeping: its value, a little more with effects.
int keep(const pb::PlayerCard& c) {
  const player_card* d = def_of(c);
  return c.value() * 2 + (d && has_effects(*d) ? 1 : 0);
}

// Free Shift this card gives itself in Pre-Resolution (Trim Jets, Navigator Prime).
int own_shift(const pb::PlayerCard& c) {
  const player_card* d = def_of(c);
  if (!d) return 0;
  int n = 0;
  for (const effect& e : d->effects)
    if (e.present() && e.what == op::shift && e.target == who::you && e.kind == style::triggered && e.pay == cost::none)
      n = std::max(n, static_cast<int>(e.amount));
  return n;
}

struct candidate {
  action a{};
  const pb::PlayerCard* card = nullptr;
};

const candidate* smallest_at_least(const std::vector<candidate>& cs, int need) {
  const candidate* best = nullptr;
  for (const candidate& c : cs)
    if (c.card->value() >= need &&
        (!best || c.card->value() < best->card->value() ||
         (c.card->value() == best->card->value() && keep(*c.card) < keep(*best->card))))
      best = &c;
  return best;
}
const candidate* largest_at_most(const std::vector<candidate>& cs, int cap) {
  const candidate* best = nullptr;
  for (const candidate& c : cs)
    if (c.card->value() <= cap && (!best || c.card->value() > best->card->value())) best = &c;
  return best;
}
const candidate* nearest(const std::vector<candidate>& cs, int want) {
  const candidate* best = nullptr;
  int best_d = 0;
  for (const candidate& c : cs) {
    const int d = std::max(0, std::abs(c.card->value() - want) - own_shift(*c.card)) * 4 + (c.card->value() > want);
    if (!best || d < best_d) {
      best = &c;
      best_d = d;
    }
  }
  return best;
}
const candidate* highest(const std::vector<candidate>& cs) {
  const candidate* best = nullptr;
  for (const candidate& c : cs)
    if (!best || c.card->value() > best->card->value()) best = &c;
  return best;
}
const candidate* dump(const std::vector<candidate>& cs) {
  const candidate* best = nullptr;
  for (const candidate& c : cs)
    if (!best || keep(*c.card) < keep(*best->card)) best = &c;
  return best;
}

class heuristic_bot final : public engine::bot {
 public:
  action choose(const google::protobuf::Message& view, std::span<const action> legal) override {
    const table t(static_cast<const pb::View&>(view));
    // The decision asked: the kind of the legal actions other than PASS (PASS alone: pass).
    auto k = kind::pass;
    for (const action& a : legal)
      if (a.kind != static_cast<std::uint16_t>(kind::pass) && a.kind != engine::resign_kind) k = static_cast<kind>(a.kind);
    switch (k) {
      case kind::choose_rank: return rank(t, legal);
      case kind::confront: return confront(t, legal);
      case kind::trigger:
      case kind::pass: return trigger(t, legal);
      case kind::shift: return shift(t, legal);
      case kind::boon: return boon(t, legal);
      case kind::draw_from: return draw(t, legal);
      case kind::pick: return pick(t, legal);
      case kind::decide: return decide(t, legal);
      default: return legal.front();
    }
  }

 private:
  // The lowest Rank card while Acts remain; the highest for the finale (Act 4).
  static action rank(const table& t, std::span<const action> legal) {
    const bool finale = t.v.has_act() && t.v.act().sequence() == 4;
    const faction_def* f = nullptr;
    if (t.mine && t.mine->faction() < factions().size()) f = &factions()[t.mine->faction()];
    const action* best = &legal.front();
    for (const action& a : legal) {
      if (a.kind != static_cast<std::uint16_t>(kind::choose_rank) || !f) continue;
      const int r = f->ranks[static_cast<std::size_t>(std::clamp(a.args[0], 0, rank_cards - 1))];
      const int b = f->ranks[static_cast<std::size_t>(std::clamp(best->args[0], 0, rank_cards - 1))];
      if (finale ? r > b : r < b) best = &a;
    }
    return *best;
  }

  static action confront(const table& t, std::span<const action> legal) {
    std::vector<candidate> cs;
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(kind::confront))
        if (const pb::PlayerCard* c = t.card(a.args[0])) cs.push_back({a, c});
    if (cs.empty()) return legal.front();
    const int seats = t.seats(), n = t.number();
    const candidate* pick = nullptr;
    switch (t.target()) {
      case pb::ALL_OUT: {
        const int share = (n + seats - 1) / seats;
        pick = smallest_at_least(cs, share);
        if (!pick) {
          const candidate* h = highest(cs);
          pick = h && h->card->value() >= share - 3 ? h : nullptr;
        }
        break;
      }
      case pb::LOW_PROFILE: {
        const int share = n >= 0 ? n / seats : -((-n + seats - 1) / seats);
        pick = largest_at_most(cs, share);
        if (!pick) pick = nearest(cs, -10);
        break;
      }
      case pb::THREAD_THE_NEEDLE: {
        const int base = n / seats, extra = n % seats;
        pick = nearest(cs, base + (t.place() < extra ? 1 : 0));
        break;
      }
      case pb::NOBODY_LEFT_BEHIND:
        pick = smallest_at_least(cs, n);
        if (!pick) {
          const candidate* h = highest(cs);
          pick = h && h->card->value() >= n - 2 ? h : nullptr;
        }
        break;
      case pb::SPEARHEAD:
        pick = smallest_at_least(cs, n);
        if (!pick) {
          const candidate* h = highest(cs);
          pick = h && h->card->value() >= n - 2 && t.team_leader() ? h : nullptr;
        }
        break;
      case pb::STAND_TOGETHER: pick = nearest(cs, 5); break;
      case pb::ALL_DIFFERENT: {
        // Band centres spread over 1..10: two seats 3 and 8, four seats 1, 4, 6, 9.
        const int want = ((2 * t.place() + 1) * 10 + seats) / (2 * seats);
        pick = nearest(cs, want);
        break;
      }
      case pb::SPLIT_DECISION: {
        if (t.place() < n) {
          for (const candidate& c : cs)
            if (is_odd(c.card->value()) && (!pick || keep(*c.card) < keep(*pick->card))) pick = &c;
        }
        break;
      }
      default: break;
    }
    if (!pick) pick = dump(cs);
    return pick->a;
  }

  // The effect a TRIGGER action names (its card's printed effect).
  static const effect* effect_of(const table& t, const action& a) {
    const pb::PlayerCard* c = t.card(a.args[0]);
    if (!c) return nullptr;
    const player_card* d = def_of(*c);
    if (!d || a.args[1] < 0 || a.args[1] >= max_card_effects) return nullptr;
    return &d->effects[static_cast<std::size_t>(a.args[1])];
  }

  static bool can_pay(const table& t, const effect& e) {
    switch (e.pay) {
      case cost::none: return true;
      case cost::spend_glory: return t.glory() >= e.cost_amount;
      case cost::consume_energy: return t.energy() >= e.cost_amount;
      case cost::discard_card: return t.hand_count() >= e.cost_amount;
      case cost::lose_morale: return t.morale() > e.cost_amount + 1;
    }
    return false;
  }

  // How much this Trigger is worth now (<= 0: pass).
  static int worth(const table& t, const effect& e) {
    if (!can_pay(t, e)) return 0;
    const bool free = e.pay == cost::none;
    switch (e.what) {
      case op::shift: {
        if (!t.revealed() || !t.v.has_challenge()) return 0;
        const auto target = t.target();
        const int n = t.number();
        const int now = distance(target, n, t.confrontation(0));
        if (now == 0) return 0;
        int best = now;
        for (int d = -e.amount; d <= e.amount; ++d) best = std::min(best, distance(target, n, t.confrontation(d)));
        if (best == 0) return 10;                         // this Shift wins the Challenge
        if (best < now && free) return 3;                 // closer, for nothing
        if (best < now && e.pay == cost::spend_glory) return 2;
        return 0;
      }
      case op::stockpile: {
        // Swap the weak cards of the Hand for fresh ones.
        if (!t.mine) return 0;
        int weak = 0;
        for (const pb::PlayerCard& c : t.mine->hand()) weak += c.value() <= 2;
        return free && weak > 0 ? 2 : 0;
      }
      case op::warp: return 0;                             // a Warped card leaves the Hand short
      case op::sensors: return free || t.energy() >= e.cost_amount + 2 ? 2 : 0;
      case op::discard:
      case op::damage:
      case op::spend_glory:
      case op::consume_energy:
      case op::demand: return 0;
      case op::morale: return e.amount > 0 && free ? 2 : 0;
      default: return free ? 1 : 0;                        // draws, Energy, Glory, Boons, Lessons
    }
  }

  static action trigger(const table& t, std::span<const action> legal) {
    const action* best = nullptr;
    int best_worth = 0;
    for (const action& a : legal) {
      if (a.kind != static_cast<std::uint16_t>(kind::trigger)) continue;
      const effect* e = effect_of(t, a);
      if (!e) continue;
      const int w = worth(t, *e);
      if (w > best_worth) {
        best = &a;
        best_worth = w;
      }
    }
    if (best) return *best;
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(kind::pass)) return a;
    return legal.front();
  }

  // The Shift that meets the Target with the smallest change, else the closest.
  static action shift(const table& t, std::span<const action> legal) {
    const action* best = nullptr;
    int best_d = 0;
    for (const action& a : legal) {
      if (a.kind != static_cast<std::uint16_t>(kind::shift)) continue;
      const int d = t.v.has_challenge() ? distance(t.target(), t.number(), t.confrontation(a.args[0])) : 0;
      if (!best || d < best_d || (d == best_d && std::abs(a.args[0]) < std::abs(best->args[0]))) {
        best = &a;
        best_d = d;
      }
    }
    return best ? *best : legal.front();
  }

  // Start a Project when there is one; Morale when it runs low; a Lesson from a card with
  // effects; else Glory (it pays for Shifts).
  static action boon(const table& t, std::span<const action> legal) {
    auto find = [&](int outcome) -> const action* {
      for (const action& a : legal)
        if (a.kind == static_cast<std::uint16_t>(kind::boon) && a.args[0] == outcome) return &a;
      return nullptr;
    };
    if (const action* a = find(boon_project)) return *a;
    // Declared outcomes: read them from the prompt's words is not needed; their effects are
    // on cards in play. Take one when Morale is low (Hymn of Return) or the Hand is thin.
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(kind::boon) && a.args[0] >= declared_boon &&
          (t.morale() <= 3 || t.hand_count() <= 3))
        return a;
    if (t.mine && t.mine->has_discard_top()) {
      const player_card* d = def_of(t.mine->discard_top());
      if (d && has_effects(*d))
        if (const action* a = find(boon_lesson)) return *a;
    }
    if (const action* a = find(boon_glory)) return *a;
    return legal.front();
  }

  // A Draw's next card: a strong face-up card from the Warp or Discard Zone, else the Deck.
  static action draw(const table& t, std::span<const action> legal) {
    const action* best = nullptr;
    int best_value = 5;   // what a card off the Deck is worth on average
    for (const action& a : legal) {
      if (a.kind != static_cast<std::uint16_t>(kind::draw_from)) continue;
      int value = -100;
      if (a.args[0] == pb::DRAW_DECK) value = 5;
      if (a.args[0] == pb::DRAW_WARP)
        if (const pb::PlayerCard* c = t.card(a.args[1])) value = c->value();
      if (a.args[0] == pb::DRAW_DISCARD && t.mine && t.mine->has_discard_top()) value = t.mine->discard_top().value();
      if (!best || value > best_value || (value == best_value && a.args[0] == pb::DRAW_DECK)) {
        best = &a;
        best_value = value;
      }
    }
    return best ? *best : legal.front();
  }

  // Stockpile, discard, Warp, Start a Project: give up the weakest card (Warp: pass).
  static action pick(const table& t, std::span<const action> legal) {
    const bool warp = t.v.has_prompt() && t.v.prompt().kind() == pb::PROMPT_WARP;
    if (warp)
      for (const action& a : legal)
        if (a.kind == static_cast<std::uint16_t>(kind::pass)) return a;
    const action* best = nullptr;
    int best_keep = 0;
    for (const action& a : legal) {
      if (a.kind != static_cast<std::uint16_t>(kind::pick)) continue;
      const pb::PlayerCard* c = t.card(a.args[0]);
      const int k = c ? keep(*c) : 0;
      if (!best || k < best_keep) {
        best = &a;
        best_keep = k;
      }
    }
    return best ? *best : legal.front();
  }

  // Demand: Energy is easier to spare than Morale, unless Morale is plentiful.
  static action decide(const table& t, std::span<const action> legal) {
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(kind::decide) && a.args[0] == 0 && t.morale() <= 6) return a;
    for (const action& a : legal)
      if (a.kind == static_cast<std::uint16_t>(kind::decide) && a.args[0] == 1 && t.morale() > 2) return a;
    return legal.front();
  }
};

}  // namespace

std::span<const engine::bot_entry> state::bots() {
  static const engine::bot_entry list[] = {
      engine::random_bot_entry,
      {"heuristic", "a teammate: plays toward the Challenge's Target by the team's conventions, Shifts to finish it",
       [](std::uint64_t) -> std::unique_ptr<engine::bot> { return std::make_unique<heuristic_bot>(); }},
  };
  return list;
}

}  // namespace starport::quasar_search
