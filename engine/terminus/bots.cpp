// Race to the Terminus bots: the generic random bot, and a heuristic bot that gives every
// offered action a value from the cards' data and takes the best. Like a client, it reads
// only its own seat's view (its Hand, the public table, its own prompts) and its legal
// actions; face-down cards of others and the Piles' order are unknown to it.
//
// The values, in "points" (one Proximity is 10):
//   Proximity 10 per step (reaching 10: the game), Certainty 3 (1 once plentiful),
//   Reputation and Intel 1.5–2.5 (more when the Hand needs them), a drawn Action 2.5,
//   a Module 5–7 (everything when it is the last one), a Member 4–5, a skipped Play Step 7.
// Drafting ranks cards by what they give over a game; Complications are played when their
// value beats the card (and the draw it hands the others); negation only answers an
// opponent's Complication or ability aimed at this seat.
#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include "engine/terminus/state.hpp"

namespace starport::terminus {
namespace {

enum class where : std::uint8_t { hand, module, crew, prompt, draft, other };

struct seen_card {
  const pb::Card* card = nullptr;
  int seat = 0;
  int ship = 0;
  where zone = where::other;
};

// What this seat can read of the table.
struct table {
  const pb::View& v;
  int me = 0;
  const pb::Seat* mine = nullptr;
  std::unordered_map<std::uint32_t, seen_card> by_id;
  mutable int target_ship = -1;   // the opponent Ship an effect is aimed at (-1: its nearest)
  mutable int acting_ship = -1;   // the Ship an Action is being valued for (-1: the nearest to the Terminus)

  explicit table(const pb::View& view) : v(view), me(static_cast<int>(view.viewer_seat())) {
    for (const pb::Seat& s : v.seats()) {
      const int seat = static_cast<int>(s.seat());
      if (seat == me) mine = &s;
      for (const pb::Card& c : s.hand()) note(c, seat, 0, where::hand);
      for (const pb::Card& c : s.draft_pool()) note(c, seat, 0, where::draft);
      for (const pb::Ship& x : s.ships()) {
        for (const pb::Card& c : x.modules()) note(c, seat, static_cast<int>(x.number()), where::module);
        for (const pb::Card& c : x.crew()) note(c, seat, static_cast<int>(x.number()), where::crew);
      }
    }
    if (v.has_prompt())
      for (const pb::Card& c : v.prompt().cards()) note(c, static_cast<int>(c.owner()), 0, where::prompt);
  }
  void note(const pb::Card& c, int seat, int ship, where z) {
    if (c.id() == 0) return;
    auto [it, fresh] = by_id.try_emplace(c.id(), seen_card{&c, seat, ship, z});
    if (!fresh && z == where::prompt) return;   // a prompt repeats a card seen elsewhere
    (void)it;
  }
  const seen_card* find(std::int32_t id) const {
    auto it = by_id.find(static_cast<std::uint32_t>(id));
    return it == by_id.end() ? nullptr : &it->second;
  }
  static const card_def* def(const pb::Card& c) {
    if (!c.known() || c.index() >= all_cards().size()) return nullptr;
    return &card(static_cast<card_id>(c.index()));
  }
  const card_def* def_of(std::int32_t id) const {
    const seen_card* s = find(id);
    return s ? def(*s->card) : nullptr;
  }

  const pb::Seat* seat(int s) const {
    for (const pb::Seat& x : v.seats())
      if (static_cast<int>(x.seat()) == s) return &x;
    return nullptr;
  }
  static int proximity(const pb::Seat& s) {
    int best = 0;
    for (const pb::Ship& x : s.ships()) best = std::max(best, static_cast<int>(x.proximity()));
    return best;
  }
  static int active_modules(const pb::Seat& s) {
    int n = 0;
    for (const pb::Ship& x : s.ships())
      for (const pb::Card& c : x.modules()) n += c.face_up();
    return n;
  }
  static int modules(const pb::Seat& s) {
    int n = 0;
    for (const pb::Ship& x : s.ships()) n += x.modules_size();
    return n;
  }
  static int crew_up(const pb::Seat& s) {
    int n = 0;
    for (const pb::Ship& x : s.ships())
      for (const pb::Card& c : x.crew()) n += c.face_up();
    return n;
  }
  // Face-up Members that Crew a Ship (Feral ones do not): at 0 the Ship Backslides.
  static int crewing(const pb::Ship& x) {
    int n = 0;
    for (const pb::Card& c : x.crew()) {
      const card_def* d = def(c);
      n += c.face_up() && !(d && d->has(keyword::feral));
    }
    return n;
  }
  int my_crewing() const { return mine && mine->ships_size() > 0 ? crewing(mine->ships(0)) : 0; }
  int my_certainty() const { return mine ? static_cast<int>(mine->certainty()) : 0; }
  int my_reputation() const { return mine ? mine->reputation() : 0; }
  int intel_on(int s) const {
    return mine && s >= 0 && s < mine->intel_size() ? static_cast<int>(mine->intel(s)) : 0;
  }
  // The opponent nearest the Terminus: the one to slow down.
  int leader() const {
    int best = -1, prox = -1;
    for (const pb::Seat& s : v.seats())
      if (static_cast<int>(s.seat()) != me && !s.out() && proximity(s) > prox) {
        prox = proximity(s);
        best = static_cast<int>(s.seat());
      }
    return best;
  }
  // What the Hand wants: Actions asking for a high / a low value of each resource.
  int hand_wants(resource r, compare c) const {
    int n = 0;
    if (!mine) return 0;
    for (const pb::Card& h : mine->hand())
      if (const card_def* d = def(h); d && d->needs.on == r && d->needs.cmp == c) ++n;
    return n;
  }
};

int signed_amount(const effect& e) { return e.amount == 0 ? 1 : e.amount; }

bool meets(const table& t, const requirement& r, int target_seat) {
  int have = 0;
  switch (r.on) {
    case resource::none: return true;
    case resource::certainty: have = t.my_certainty(); break;
    case resource::reputation: have = t.my_reputation(); break;
    case resource::intel: have = t.intel_on(target_seat); break;
  }
  return r.cmp == compare::at_least ? have >= r.value : have <= r.value;
}

// What one effect is worth to this seat, aimed at `target_seat` (-1: none chosen). `now`:
// as it would happen at once; otherwise as a card kept for later (a Ship without an Active
// Module gains no Proximity now, but its Modules come back).
double effect_value_for(const table& t, const effect& e, int target_seat, bool now) {
  if (e.only_if.present() && !meets(t, e.only_if, target_seat)) return 0;
  const int n = signed_amount(e);
  const int opp = target_seat >= 0 ? target_seat : t.leader();
  const pb::Seat* them = opp >= 0 ? t.seat(opp) : nullptr;
  const pb::Seat* me = t.mine;
  if (!me) return 0;
  int opponents = 0;
  for (const pb::Seat& s : t.v.seats()) opponents += static_cast<int>(s.seat()) != t.me && !s.out();
  // "you", one opponent, or several: the same effect, signed for this seat.
  const bool on_me = e.who == target::you || e.who == target::this_card;
  const double spread = e.who == target::each_opponent ? opponents
                        : e.who == target::each_ship   ? opponents   // mine counted below
                                                       : 1.0;
  auto both = [&](double mine, double theirs) {
    if (e.who == target::each_ship) return mine - theirs * spread;
    return on_me ? mine : -theirs * spread;
  };
  switch (e.kind) {
    case op::proximity: {
      int prox = table::proximity(*me);
      for (const pb::Ship& x : me->ships())
        if (static_cast<int>(x.number()) == t.acting_ship) prox = static_cast<int>(x.proximity());
      double mine = n > 0 ? (prox + n >= terminus ? 1000.0 : 10.0 * n) : 10.0 * n;
      if (now && n > 0 && table::active_modules(*me) == 0) mine = 0;   // no Active Module: no gain
      double theirs = 0;
      if (them) {
        int tp = table::proximity(*them);
        for (const pb::Ship& x : them->ships())
          if (static_cast<int>(x.number()) == t.target_ship) tp = static_cast<int>(x.proximity());
        // Slowing a rival pays most when it is close: keep those cards until then.
        theirs = n > 0 ? (tp + n >= terminus ? 1000.0 : 8.0 * n) : n * (tp >= 6 ? 14.0 + 2.0 * (tp - 6) : 2.0);
        if (n < 0 && tp == 0) theirs = 0;
      }
      return both(mine, theirs);
    }
    case op::certainty: {
      const int c = t.my_certainty();
      const double mine = n > 0 ? n * (c < 6 ? 3.0 : 1.0) : (c + n < 0 ? -2.0 * c : 2.0 * n);
      return both(mine, them ? (n > 0 ? 2.0 * n : 2.0 * n) : 0);
    }
    case op::reputation: {
      const double want = 1.5 + 0.7 * t.hand_wants(resource::reputation, compare::at_least) -
                          0.7 * t.hand_wants(resource::reputation, compare::at_most);
      return both(n * want, n * 1.0);
    }
    case op::intel: {
      const double want = 1.5 + 0.7 * t.hand_wants(resource::intel, compare::at_least);
      return n > 0 ? n * want * spread : n * 1.0 * spread;
    }
    case op::draw_actions: return both(2.5 * n, 2.0 * n);
    case op::draw_complications: return both(2.0 * n, 2.0 * n);
    case op::discard: return both(-2.0 * n, -2.0 * n);
    case op::burn: return both(-2.5 * n, -2.5 * n);
    case op::look_actions: return 1.0;
    case op::peek_hand: return 0.3;
    case op::morale: {
      if (e.who == target::this_card) return n;
      const double members = (e.flags & flag_each) ? 3.0 : 1.0;
      if (on_me && n < 0 && (e.flags & flag_each) && now) {
        // Every Member loses Morale: those at the edge leave; the last one leaving is a Backslide.
        int leave = 0, stay = 0;
        for (const pb::Card& c : me->ships(0).crew())
          if (c.face_up()) (c.morale() + n <= 0 ? leave : stay)++;
        return 1.5 * n * stay - 6.0 * leave - (stay == 0 && leave > 0 ? 30.0 : 0.0);
      }
      if (on_me) return n > 0 ? 1.2 * n * members : 1.5 * n * members;
      return them ? -1.2 * n * members * (table::crew_up(*them) <= 1 ? 2.0 : 1.0) : 0;
    }
    case op::disable_module: {
      if (e.who == target::this_card) {
        const int active = table::active_modules(*me);
        return active <= 1 ? -30.0 : active == 2 ? -10.0 : -3.0;
      }
      if (on_me) {
        const int active = table::active_modules(*me);
        return active <= n ? -30.0 : active <= n + 1 ? -12.0 : -4.0 * n;
      }
      if (!them || table::active_modules(*them) == 0) return 0;
      return (table::active_modules(*them) <= n ? 12.0 : 4.0 * n) * spread;
    }
    case op::enable_module: {
      int disabled = 0;
      for (const pb::Ship& x : me->ships())
        for (const pb::Card& c : x.modules()) disabled += !c.face_up();
      // Without an Active Module a Ship gains no Proximity: the first one back is worth most.
      const double each_one = table::active_modules(*me) == 0 ? 15.0 : 4.0;
      return on_me ? each_one * std::min(n, disabled) : -4.0 * n;
    }
    case op::destroy_module: {
      if (on_me) return table::modules(*me) <= n ? -1000.0 : table::modules(*me) <= 3 ? -30.0 : -12.0 * n;
      if (!them || table::modules(*them) == 0) return 0;
      return (table::modules(*them) <= n ? 60.0 : 7.0 * n) * spread;
    }
    case op::kill_recruit:
      if (on_me) return -5.0 * n;
      return them && table::crew_up(*them) > 0 ? (table::crew_up(*them) <= n ? 25.0 : 5.0 * n) * spread : 0;
    case op::flip_recruit:
      if (on_me) return -3.0 * n;
      return them && table::crew_up(*them) > 0 ? (table::crew_up(*them) <= n ? 22.0 : 3.0 * n) * spread : 0;
    case op::rally_recruit: {
      int down = 0;
      for (const pb::Ship& x : me->ships())
        for (const pb::Card& c : x.crew()) down += !c.face_up();
      const double each_one = t.my_crewing() == 0 ? 15.0 : t.my_crewing() == 1 ? 8.0 : 3.0;
      return on_me ? each_one * std::min(n, down) : -3.0;
    }
    case op::add_module: {
      // A new Module comes in Active: worth most to a Ship with none.
      const double gain = table::active_modules(*me) == 0 || table::modules(*me) <= 2 ? 15.0 : 6.0;
      return both(me->upgrade_pile() > 0 && table::modules(*me) < max_modules ? gain : 0, 6.0);
    }
    case op::add_recruit: {
      // A Member keeps the Ship Crewed: worth most when one more loss means a Backslide.
      const double gain = t.my_crewing() <= 1 ? 12.0 : 4.5;
      return both(me->gig_pile() > 0 ? gain : 0, 4.5);
    }
    case op::bury_system: return 0.2;
    case op::negate: {
      // Worth what the entry below would do to this seat; never against its own.
      if (t.v.cascade_size() == 0) return -5;
      const pb::CascadeEntry& top = t.v.cascade(t.v.cascade_size() - 1);
      if (static_cast<int>(top.seat()) == t.me) return -20;
      const card_def* d = table::def(top.card());
      if (!d) return static_cast<int>(top.target_seat()) == t.me ? 4.0 : -2.0;
      double harm = 0;
      for (const effect& x : d->effects) {
        if (!x.present() || (top.ability() ? x.at == when::play : x.at != when::play)) continue;
        // Seen from its owner: what it gains them is what it costs here.
        if (x.who == target::opponent || x.who == target::each_opponent) {
          if (static_cast<int>(top.target_seat()) == t.me || x.who == target::each_opponent) harm += 6;
        } else if (x.kind == op::proximity && x.amount > 0) {
          harm += 8;
        }
      }
      return harm - 3.0;
    }
    case op::skip_play: {
      const int tp = them ? table::proximity(*them) : 0;
      return on_me ? -7.0 : (tp >= 6 ? 12.0 : 3.0) * spread;
    }
    case op::silence: return 1.0;
    case op::untargetable: return 2.0;
    case op::special:
      switch (e.named) {
        case special::maintenance_inspection:
          return them ? 2.0 * them->hand_complications() : 0;
        case special::local_coup: return 1.0;
        case special::brtpb: return 1.0;
        case special::none: return 0;
      }
      return 0;
    case op::none: return 0;
  }
  return 0;
}

// Hurting a rival near the Terminus is worth twice as much: these may be its last Turns.
double effect_value(const table& t, const effect& e, int target_seat, bool now = true) {
  const double v = effect_value_for(t, e, target_seat, now);
  if (v <= 0 || (e.who != target::opponent && e.who != target::each_opponent)) return v;
  const int opp = target_seat >= 0 ? target_seat : t.leader();
  const pb::Seat* them = opp >= 0 ? t.seat(opp) : nullptr;
  return them && table::proximity(*them) >= 7 ? 2.0 * v : v;
}

double effects_at(const table& t, const card_def& d, when at, int target_seat, bool now = true) {
  double sum = 0;
  for (const effect& e : d.effects)
    if (e.present() && e.at == at) sum += effect_value(t, e, target_seat, now);
  return sum;
}

// What a card gives over a game: for the Drafts, the Starting System, Bustling.
double lasting_worth(const table& t, const card_def& d) {
  double w = 0;
  for (const effect& e : d.effects) {
    if (!e.present()) continue;
    double times = 1;
    switch (e.at) {
      case when::start_turn: case when::regroup: case when::aftermath: case when::end_turn: times = 4; break;
      case when::override: times = 1.5; break;
      case when::constant: times = 2; break;
      case when::ambush: case when::exhaust: times = 1.5; break;
      default: times = 1; break;
    }
    double v = effect_value(t, e, t.leader(), false);
    if ((e.flags & flag_petty) != 0) v *= 0.3;
    w += std::clamp(v, -15.0, 15.0) * times;
  }
  if (d.has(keyword::research)) w += 8;
  if (d.has(keyword::farsight)) w += 2.0 * d.farsight;
  if (d.has(keyword::neural)) w += 3;
  if (d.has(keyword::social)) w += 2;
  if (d.has(keyword::weapon)) w += 2;
  if (d.type == card_type::recruit) {
    w += 1.5 * d.morale;
    if (d.has(keyword::feral)) w -= 6;                 // never Crews the Ship
    if (d.is(subtype::digital)) w += 2;                // cannot be Killed
    if (d.has(keyword::ambush)) w -= 4;                // starts face down: no Crew at first
  }
  if (d.type == card_type::module && d.has(keyword::ambush)) w -= 3;
  if (d.is(subtype::runabout)) w += 6;   // a second Ship plays a second Action each Turn
  if (d.type == card_type::system) {
    if (d.has(keyword::hazardous)) w -= 4;
    if (d.has(keyword::comfortable)) w += 3;
  }
  return w;
}

// What an Action or Complication in Hand is worth keeping: its value now if it can be
// played, less the further its Requirement is.
double keep_value(const table& t, const card_def& d) {
  const int target = t.leader();
  double v = effects_at(t, d, when::play, target, false);
  if (d.type == card_type::action && d.needs.present() && !meets(t, d.needs, target)) {
    int have = d.needs.on == resource::certainty   ? t.my_certainty()
               : d.needs.on == resource::reputation ? t.my_reputation()
                                                     : t.intel_on(target);
    const int gap = std::abs(have - d.needs.value);
    v = v * 0.6 - 2.0 * gap;
  }
  return v;
}

class heuristic_bot final : public engine::bot {
 public:
  action choose(const google::protobuf::Message& message, std::span<const action> legal) override {
    if (legal.size() == 1) return legal[0];
    const auto& view = static_cast<const pb::View&>(message);
    const table t(view);
    double best = -1e18;
    std::size_t pick = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const double v = value_of(t, legal[i]);
      if (v > best) {
        best = v;
        pick = i;
      }
    }
    return legal[pick];
  }

 private:
  static double value_of(const table& t, const action& a) {
    switch (static_cast<kind>(a.kind)) {
      case kind::resign: return -1e12;
      case kind::draft: {
        const card_def* d = t.def_of(a.args[0]);
        return d ? lasting_worth(t, *d) : 0;
      }
      case kind::start_system: {
        const card_def* d = t.def_of(a.args[0]);
        const card_def* under = t.def_of(a.args[1]);
        return (d ? lasting_worth(t, *d) : 0) - (under ? 0.01 * lasting_worth(t, *under) : 0);
      }
      case kind::mulligan: return mulligan_value(t, a.args[0]);
      case kind::entropy: {
        const card_def* d = t.def_of(a.args[0]);
        return d ? -keep_value(t, *d) : 0;
      }
      case kind::play: return play_value(t, a);
      case kind::pass: return pass_value(t);
      case kind::override_: {
        const card_def* spent = t.def_of(a.args[0]);
        const card_def* source = t.def_of(a.args[1]);
        if (!source) return -1;
        return effects_at(t, *source, when::override, t.leader()) - 1.0 -
               (spent ? std::max(0.0, 0.5 * keep_value(t, *spent)) : 0);
      }
      case kind::activate: return activate_value(t, a);
      case kind::choose: return choose_value(t, a);
      case kind::detach: return detach_value(t, a);
      case kind::reattach: return -1;   // a detached Runabout plays its own Action each Turn
      case kind::bustle: {
        // Bustling costs the whole Turn: worth it while the Ship is short of (Active) Modules.
        const bool low = t.mine && (table::active_modules(*t.mine) <= 2 || table::modules(*t.mine) <= 3) &&
                         table::proximity(*t.mine) < 8;
        return a.args[0] == 1 ? (low ? 1 : -1) : 0;
      }
    }
    return -1;
  }

  // A detached Runabout plays an extra Action every Turn: worth it with one Member aboard
  // while the primary Ship keeps a face-up Member (no Backslide for either).
  static double detach_value(const table& t, const action& a) {
    if (!t.mine) return -1;
    const int members = (a.args[1] != 0) + (a.args[2] != 0);
    if (members != 1) return -1;
    const seen_card* m = t.find(a.args[1]);
    if (!m || !m->card->face_up()) return -1;
    const card_def* d = table::def(*m->card);
    if (d && d->has(keyword::feral)) return -1;
    const int crew = t.my_crewing();
    // The primary Ship must keep Modules (without any, its owner loses) and an Active one.
    const pb::Ship& primary = t.mine->ships(0);
    int active = 0;
    for (const pb::Card& c : primary.modules()) active += c.face_up() && c.id() != static_cast<std::uint32_t>(a.args[0]);
    if (primary.modules_size() < 3 || active < 1) return -1;
    return crew >= 2 ? 3.0 - 0.1 * m->card->morale() : -1;
  }

  static double pass_value(const table& t) {
    // In a window PASS is the baseline; in a prompt it declines ("up to", optional).
    if (t.v.has_prompt() && static_cast<int>(t.v.prompt().seat()) == t.me) {
      if (t.v.prompt().kind() == pb::FARSIGHT) return 0;
      return -0.5;
    }
    return 0;
  }

  static double play_value(const table& t, const action& a) {
    const card_def* d = t.def_of(a.args[0]);
    if (!d) return -1;
    const int target = a.argc >= 3 ? a.args[2] : -1;
    t.acting_ship = d->type == card_type::action && a.argc >= 2 ? a.args[1] : -1;
    t.target_ship = target >= 0 && a.argc >= 4 ? a.args[3] : -1;
    double v = effects_at(t, *d, when::play, target);
    t.acting_ship = t.target_ship = -1;
    if (d->type == card_type::complication) {
      // A Complication spends a card and hands every other player a Complication.
      v -= 2.5;
      if (d->is(subtype::destiny)) {
        for (when w : {when::start_turn, when::regroup, when::aftermath, when::end_turn})
          v += 4.0 * effects_at(t, *d, w, target);
        v -= 6.0;   // no more Complications for the rest of the game
      }
      return v;
    }
    // An Action: the best of the Hand now; prefer the leader as target.
    if (target >= 0 && target == t.leader()) v += 0.1;
    return v + 0.01 * d->needs.value;   // spend the hard-to-play one when both are equal
  }

  static double activate_value(const table& t, const action& a) {
    const seen_card* s = t.find(a.args[0]);
    const card_def* d = s ? table::def(*s->card) : nullptr;
    if (!d) return -1;
    const int target = a.argc >= 2 ? a.args[1] : -1;
    const bool face_up = s->card->face_up();
    double v = effects_at(t, *d, face_up ? when::exhaust : when::ambush, target);
    if (face_up) {
      // Exhaust turns it face down: a Module stops counting, a Member stops Crewing.
      if (s->zone == where::module) {
        const int active = t.mine ? table::active_modules(*t.mine) : 0;
        v -= active <= 1 ? 40.0 : active == 2 ? 12.0 : 3.0;
      }
      if (s->zone == where::crew) {
        const int crew = t.my_crewing();
        v -= crew <= 1 ? 30.0 : crew == 2 ? 10.0 : 3.0;
      }
    } else {
      v += 2.0;   // Ambush brings it face up
    }
    return v - 1.0;
  }

  static double mulligan_value(const table& t, int mask) {
    // Discard the cards that will not be playable soon; keep the rest.
    const google::protobuf::RepeatedPtrField<pb::Card>* cards = nullptr;
    if (t.v.has_prompt() && t.v.prompt().cards_size() > 0) cards = &t.v.prompt().cards();
    else if (t.mine) cards = &t.mine->hand();
    if (!cards) return mask == 0 ? 1 : 0;
    double v = 0;
    for (int i = 0; i < std::min(cards->size(), opening_hand); ++i) {
      const card_def* d = table::def((*cards)[i]);
      const double keep = d ? keep_value(t, *d) : 0;
      v += (mask >> i & 1) ? 1.5 - keep : 0;   // a fresh card is worth about 1.5
    }
    return v;
  }

  static double choose_value(const table& t, const action& a) {
    if (!t.v.has_prompt()) return 0;
    const pb::Prompt& p = t.v.prompt();
    const std::int32_t arg = a.args[0];
    switch (p.kind()) {
      case pb::PICK_SEAT: {
        const pb::Seat* s = t.seat(arg / 4);
        return s ? (static_cast<int>(s->seat()) == t.me ? -10.0 : table::proximity(*s)) : 0;
      }
      case pb::PICK_NUMBER:
        if (p.text().rfind("Chaotic", 0) == 0) return -0.1;   // the top Complication is unknown
        return 1;
      case pb::DISCARD: {
        const card_def* d = t.def_of(arg);
        return d ? -keep_value(t, *d) : 0;
      }
      case pb::FARSIGHT: {
        const card_def* d = t.def_of(arg);
        return d ? 1.5 - keep_value(t, *d) : 0;
      }
      case pb::ORDER: {
        const card_def* d = t.def_of(arg);
        return d ? keep_value(t, *d) : 0;
      }
      case pb::PICK_CARD: return pick_card_value(t, arg);
      default: return 0;
    }
  }

  // A card named by a prompt. The prompt says what happens only in words, so the card's
  // side and state decide: an opponent's card is hurt (its best one), a card of this seat
  // is helped when it is down (enable, rally) and hurt when it is up (pick the least).
  static double pick_card_value(const table& t, std::int32_t id) {
    const seen_card* s = t.find(id);
    if (!s) return 0;
    const card_def* d = table::def(*s->card);
    const double worth = d ? lasting_worth(t, *d) : 3.0;
    if (s->zone == where::prompt || s->zone == where::hand || s->zone == where::draft) return worth;
    if (s->seat != t.me) return 5.0 + 0.1 * worth;
    if (s->zone == where::crew && s->card->face_up()) return 5.0 - s->card->morale();   // Morale to the lowest
    if (!s->card->face_up()) return 5.0 + 0.1 * worth;
    return -1.0 - 0.1 * worth;   // below PASS when PASS is offered
  }
};

constexpr engine::bot_entry bot_table[] = {
    engine::random_bot_entry,
    {"heuristic", "values every choice from the cards it can see (Proximity first) and takes the best",
     [](std::uint64_t) -> std::unique_ptr<engine::bot> { return std::make_unique<heuristic_bot>(); }},
};

}  // namespace

std::span<const engine::bot_entry> state::bots() { return bot_table; }

}  // namespace starport::terminus
