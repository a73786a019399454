#include "engine/space_war/state.hpp"

#include <algorithm>
#include <bit>

namespace starport::space_war {

using engine::has_seat;
using engine::refuse;
using engine::rule_error;
using engine::seat_bit;
using engine::seat_total;

namespace {

int lowest_seat(seat_mask m) { return std::countr_zero(static_cast<unsigned>(m)); }

bool known_faction(int f) { return f >= 0 && f <= faction_count; }

verdict check_power(faction f, int requested) {
  power_state start = starting_power(f);
  if (requested == pb::NO_POWER) return engine::ok();   // 0 also means "the starting side"
  if (start == power_state::permanent && requested != pb::PERMANENT)
    return refuse(rule_error::bad_options, "a Permanent power has no other side");
  if (start == power_state::inactive && requested != pb::INACTIVE && requested != pb::ACTIVE)
    return refuse(rule_error::bad_options, "this power is Inactive or Active");
  if (start == power_state::none)
    return refuse(rule_error::bad_options, "this faction has no Power Card");
  return engine::ok();
}


// A position inside a contest (phase set): the Battlefield, the step and who is to act
// must be one the rules could reach (docs/scenarios.md). Seat entries are already checked.
verdict check_contest(int seats, std::uint32_t limit, const pb::Position& position) {
  const auto bad = [](const char* why) { return refuse(rule_error::bad_options, why); };
  const int ph = position.phase();
  if (ph == pb::GAME_OVER) return bad("a position cannot start after the match is over");
  if (ph != pb::FLIP_PHASE && ph != pb::BEFORE_BATTLE && ph != pb::AFTER_BATTLE)
    return bad("unknown phase");
  if (position.contest() == 0) return bad("inside a contest, `contest` is its number, 1 and up");
  if (position.contest() > limit) return bad("the contest in progress is past the contest limit");
  const int war_step = static_cast<int>(position.war_step());
  if (war_step > 64) return bad("war_step is at most 64");
  std::array<faction, max_players> fac{};
  std::array<power_state, max_players> pow{};
  std::array<int, max_players> held{};
  seat_mask conquered = 0;
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    fac[s] = static_cast<faction>(sp.faction());
    pow[s] = sp.power() == pb::NO_POWER ? starting_power(fac[s]) : static_cast<power_state>(sp.power());
    if (sp.conquered()) conquered |= seat_bit(s);
    else held[s] = sp.deck_size() + sp.discard_size();
    if (sp.armored() && ph != pb::BEFORE_BATTLE) return bad("`armored` belongs to BEFORE_BATTLE");
  }
  // A list of distinct seats; `unknown` and `twice` are the reasons to refuse it.
  const auto seat_list = [&](const google::protobuf::RepeatedField<std::uint32_t>& list, seat_mask& out,
                             const char* unknown, const char* twice) -> verdict {
    out = 0;
    for (std::uint32_t s : list) {
      if (s >= static_cast<std::uint32_t>(seats)) return bad(unknown);
      if (has_seat(out, static_cast<int>(s))) return bad(twice);
      out |= seat_bit(static_cast<int>(s));
    }
    return engine::ok();
  };
  seat_mask participants = 0, flipped = 0, deciding = 0;
  if (verdict v = seat_list(position.participants(), participants, "participants names no such seat",
                            "participants names a seat twice"); !v)
    return v;
  if (verdict v = seat_list(position.flipped(), flipped, "flipped names no such seat", "flipped names a seat twice"); !v)
    return v;
  if (verdict v = seat_list(position.deciding(), deciding, "deciding names no such seat", "deciding names a seat twice"); !v)
    return v;
  if (ph != pb::FLIP_PHASE && flipped) return bad("`flipped` belongs to FLIP_PHASE");
  if (ph != pb::BEFORE_BATTLE && deciding) return bad("`deciding` belongs to BEFORE_BATTLE");
  if (ph != pb::AFTER_BATTLE && position.battle_winner() != 0) return bad("`battle_winner` belongs to AFTER_BATTLE");
  // Cards on the Battlefield: per seat and step, how many and whether the last is face up.
  std::array<std::array<int, 65>, max_players> count{};
  std::array<std::array<int, 65>, max_players> up{};
  std::array<std::array<bool, 65>, max_players> last_up{};
  for (const pb::BattlefieldPosition& b : position.battlefield()) {
    card_id c = 0;
    if (!find_card(b.code(), c)) return bad("unknown card code on the Battlefield");
    if (b.owner() >= static_cast<std::uint32_t>(seats)) return bad("a Battlefield card's owner is no such seat");
    if (b.step() > static_cast<std::uint32_t>(war_step)) return bad("a Battlefield card is from a later step than war_step");
    const int o = static_cast<int>(b.owner()), st = static_cast<int>(b.step());
    ++count[o][st];
    up[o][st] += b.face_up();
    last_up[o][st] = b.face_up();
  }
  if (ph == pb::AFTER_BATTLE) {
    // The winner has just captured the Battle's cards: nothing is left on the Battlefield.
    if (war_step != 0) return bad("Salvage follows a Battle, not a War (war_step must be 0)");
    if (position.battlefield_size() != 0) return bad("after a Battle its winner has captured the Battlefield");
    if (!position.participants().empty()) return bad("`participants` does not belong to AFTER_BATTLE");
    const int w = static_cast<int>(position.battle_winner());
    if (w >= seats) return bad("battle_winner is no such seat");
    if (has_seat(conquered, w)) return bad("a conquered seat cannot have won the Battle");
    if (info(fac[w]).faction_power != power::salvage || pow[w] != power_state::active)
      return bad("AFTER_BATTLE needs a battle_winner whose Salvage is Active");
    bool target = false;
    for (int t = 0; t < seats; ++t)
      target |= t != w && !has_seat(conquered, t) && position.seats(t).discard_size() > 0;
    if (!target) return bad("Salvage needs an opponent with a discard pile");
    return engine::ok();
  }
  if (participants == 0) {
    if (war_step != 0) return bad("in a War, list its participants");
    participants = static_cast<seat_mask>(((1u << seats) - 1u) & ~conquered);
  }
  if (participants & conquered) return bad("a conquered seat cannot be a participant");
  if (seat_total(participants) < 2) return bad("a contest step needs at least two participants");
  const auto alive = static_cast<seat_mask>(((1u << seats) - 1u) & ~conquered);
  if (war_step == 0 && participants != alive) return bad("every seat not conquered takes part in the Battle");
  for (int s = 0; s < seats; ++s)
    if (war_step > 0 && has_seat(alive, s) && up[s][0] != 1)
      return bad("in a War, every seat not conquered has its Battle card on the Battlefield");
  // Earlier steps: every participant of this step took part in each, with one face-up card
  // last; anyone else added at most one face-up card per step.
  for (int st = 0; st <= war_step; ++st)
    for (int s = 0; s < seats; ++s) {
      if (up[s][st] > 1) return bad("a seat has two face-up cards in one step");
      if (count[s][st] && !last_up[s][st]) return bad("the last card a seat adds in a step is face up");
      if (st < war_step && has_seat(participants, s) && up[s][st] != 1)
        return bad("a participant of a War has a face-up card in every earlier step");
      if (st == 0 && count[s][st] > 1) return bad("in the Battle each seat adds one card");
      if (st == war_step && count[s][st] && !has_seat(participants, s))
        return bad("only participants have cards in the current step");
    }
  const int wanted = war_step == 0 ? 1 : (war_step >= 3 ? 0 : 3 - war_step) + 1;
  if (ph == pb::FLIP_PHASE) {
    if (flipped & ~participants) return bad("only participants can have flipped");
    if (flipped == participants) return bad("when every participant has flipped the cards are revealed: use BEFORE_BATTLE or fewer flipped");
    int contribution = -1;
    for (int s = 0; s < seats; ++s) {
      if (!has_seat(participants, s)) continue;
      const int n = count[s][war_step];
      if (has_seat(flipped, s)) {
        if (n == 0) return bad("a seat that has flipped has cards in the current step");
        if (contribution >= 0 && n != contribution) return bad("every participant adds the same number of cards in a step");
        contribution = n;
      } else if (n != 0) {
        return bad("a seat that has not flipped has no cards in the current step");
      }
    }
    if (contribution > wanted) return bad("more cards in this step than the War asks for");
    for (int s = 0; s < seats; ++s)
      if (has_seat(participants, s) && !has_seat(flipped, s)) {
        if (held[s] == 0) return bad("a participant with no cards left would have been conquered");
        if (contribution >= 0 && held[s] < contribution) return bad("a participant cannot add as many cards as the others did");
      }
    return engine::ok();
  }
  // BEFORE_BATTLE: every participant has flipped and its card is face up.
  int contribution = -1;
  for (int s = 0; s < seats; ++s) {
    if (!has_seat(participants, s)) continue;
    const int n = count[s][war_step];
    if (n == 0) return bad("before battle every participant has its cards in the current step");
    if (contribution >= 0 && n != contribution) return bad("every participant adds the same number of cards in a step");
    contribution = n;
  }
  if (contribution > wanted) return bad("more cards in this step than the War asks for");
  if (deciding == 0) return bad("BEFORE_BATTLE needs a seat still deciding (otherwise the Battle is resolved)");
  if (deciding & ~participants) return bad("only participants decide before battle");
  for (int s = 0; s < seats; ++s) {
    const power p = info(fac[s]).faction_power;
    if (position.seats(s).armored()) {
      if (p != power::dwarven_armor || !has_seat(participants, s)) return bad("only a participating Dwarves seat can be armored");
      if (has_seat(deciding, s) || pow[s] == power_state::active) return bad("an armored seat has triggered its power (INACTIVE, not deciding)");
    }
    if (!has_seat(deciding, s)) continue;
    const bool offers = pow[s] == power_state::active &&
                        (p == power::dwarven_armor || p == power::peace ||
                         (p == power::regeneration && held[s] > 0));
    if (!offers) return bad("a deciding seat needs an Active power that triggers before battle");
  }
  return engine::ok();
}

}  // namespace

// ---- setup ---------------------------------------------------------------------------

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats)
    return refuse(rule_error::bad_options, "Space War is for 2 to 6 players");
  if (options.factions_size() != 0 && options.factions_size() != seats)
    return refuse(rule_error::bad_options, "give one faction per seat, or none");
  unsigned seen = 0;
  for (int f : options.factions()) {
    if (!known_faction(f)) return refuse(rule_error::bad_options, "unknown faction");
    if (f != 0 && (seen >> f & 1u))
      return refuse(rule_error::bad_options, "two seats chose the same faction");
    seen |= 1u << f;
  }
  if (options.contest_limit() > 100000)
    return refuse(rule_error::bad_options, "the contest limit is at most 100000");
  return engine::ok();
}

verdict state::validate(int seats, const pb::Options& options, const pb::Position& position) {
  if (verdict v = validate(seats, options); !v) return v;
  if (position.seats_size() != seats)
    return refuse(rule_error::bad_options, "the position needs one entry per seat");
  unsigned seen = 0;
  int total = 0;
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    int f = sp.faction();
    if (f == 0 || !known_faction(f))
      return refuse(rule_error::bad_options, "every seat of a position names its faction");
    if (seen >> f & 1u) return refuse(rule_error::bad_options, "two seats have the same faction");
    seen |= 1u << f;
    if (options.factions_size() != 0 && options.factions(s) != 0 && options.factions(s) != f)
      return refuse(rule_error::bad_options, "the options and the position disagree on a faction");
    if (verdict v = check_power(static_cast<faction>(f), sp.power()); !v) return v;
    for (const auto* zone : {&sp.deck(), &sp.discard()})
      for (const std::string& code : *zone) {
        card_id c = 0;
        if (!find_card(code, c)) return refuse(rule_error::bad_options, "unknown card code");
        ++total;
      }
  }
  if (total > max_cards) return refuse(rule_error::bad_options, "too many cards in the position");
  std::uint32_t limit = options.contest_limit() ? options.contest_limit() : default_contest_limit;
  if (position.phase() != pb::PHASE_UNSPECIFIED) {
    total += position.battlefield_size();
    if (total > max_cards) return refuse(rule_error::bad_options, "too many cards in the position");
    return check_contest(seats, limit, position);
  }
  if (position.war_step() != 0 || position.battlefield_size() != 0 || !position.participants().empty() ||
      !position.flipped().empty() || !position.deciding().empty() || position.battle_winner() != 0)
    return refuse(rule_error::bad_options, "contest fields (war_step, battlefield, …) need a phase");
  for (const pb::SeatPosition& sp : position.seats())
    if (sp.armored()) return refuse(rule_error::bad_options, "`armored` belongs to BEFORE_BATTLE");
  if (position.contest() >= limit)
    return refuse(rule_error::bad_options, "the position is already past the contest limit");
  return engine::ok();
}

void state::init_common(int seats, const pb::Options& options) {
  seats_ = static_cast<std::uint8_t>(seats);
  auto_flip_ = options.auto_flip();
  contest_limit_ = options.contest_limit() ? options.contest_limit() : default_contest_limit;
}

state::state(int seats, const pb::Options& options, std::uint64_t seed) : random_(seed) {
  init_common(seats, options);
  // Seats without a chosen faction draw one of the factions nobody chose.
  std::array<faction, faction_count> free{};
  int free_count = 0;
  for (int f = 1; f <= faction_count; ++f) {
    bool taken = false;
    for (int given : options.factions()) taken |= given == f;
    if (!taken) free[free_count++] = static_cast<faction>(f);
  }
  for (int s = 0; s < seats; ++s) {
    int given = options.factions_size() ? options.factions(s) : 0;
    if (given != 0) {
      factions_[s] = static_cast<faction>(given);
    } else {
      int pick = static_cast<int>(random_.below(static_cast<std::uint32_t>(free_count)));
      factions_[s] = free[pick];
      free[pick] = free[--free_count];
    }
  }
  for (int s = 0; s < seats; ++s) {
    for (card_id c : starting_deck(factions_[s])) decks_[s].push(new_copy(c));
    random_.shuffle(decks_[s].cards.data(), decks_[s].size);
    powers_[s] = starting_power(factions_[s]);
  }
  next_contest_or_finish();
  auto_advance();
}

state::state(int seats, const pb::Options& options, const pb::Position& position,
             std::uint64_t seed)
    : random_(seed) {
  init_common(seats, options);
  contest_ = position.contest();
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    factions_[s] = static_cast<faction>(sp.faction());
    card_id c = 0;
    for (int i = sp.deck_size() - 1; i >= 0; --i)   // listed top first; our top is the back
      if (find_card(sp.deck(i), c)) decks_[s].push(new_copy(c));
    for (const std::string& code : sp.discard())
      if (find_card(code, c)) discards_[s].push(new_copy(c));
    powers_[s] = sp.power() == pb::NO_POWER ? starting_power(factions_[s])
                                            : static_cast<power_state>(sp.power());
    if (sp.conquered()) {
      conquered_ |= seat_bit(s);
      decks_[s] = {};
      discards_[s] = {};
    }
  }
  if (position.phase() == pb::PHASE_UNSPECIFIED) {
    next_contest_or_finish();
  } else {
    enter_contest(position);
  }
  auto_advance();
}

void state::enter_contest(const pb::Position& position) {
  // Validated by check_contest: a step the rules could reach.
  current_.restart(contest_);
  war_step_ = static_cast<std::uint8_t>(position.war_step());
  current_.war = war_step_ > 0;
  for (const pb::BattlefieldPosition& b : position.battlefield()) {
    card_id c = 0;
    if (find_card(b.code(), c))
      battlefield_[field_size_++] = {new_copy(c), static_cast<std::uint8_t>(b.owner()),
                                     static_cast<std::uint8_t>(b.step()), b.face_up()};
  }
  participants_ = 0;
  for (std::uint32_t p : position.participants()) participants_ |= seat_bit(static_cast<int>(p));
  if (!participants_ && position.phase() != pb::AFTER_BATTLE) participants_ = alive();
  for (std::uint32_t f : position.flipped()) flipped_ |= seat_bit(static_cast<int>(f));
  for (std::uint32_t d : position.deciding()) pending_ |= seat_bit(static_cast<int>(d));
  // Earlier steps' face-up cards join the contest's reveal log at their printed Strength.
  for (int i = 0; i < field_size_; ++i) {
    const battlefield_card& b = battlefield_[i];
    if (b.face_up && b.step < war_step_ && current_.shown_count < max_shown)
      current_.shown[current_.shown_count++] = {b.card, b.owner, b.step,
                                                static_cast<std::int8_t>(card_of(b.card).strength)};
  }
  switch (position.phase()) {
    case pb::FLIP_PHASE: {
      phase_ = phase::flip;
      // The step's contribution: what the seats that flipped added, else what the War asks
      // of the shortest participant.
      int wanted = war_step_ == 0 ? 1 : (war_step_ >= 3 ? 0 : 3 - war_step_) + 1;
      int added = 0;
      for (int i = 0; i < field_size_; ++i) added += battlefield_[i].step == war_step_ && battlefield_[i].owner == lowest_seat(flipped_);
      if (flipped_) {
        wanted = added;
      } else {
        for (int s = 0; s < seats_; ++s)
          if (has_seat(participants_, s)) wanted = std::min(wanted, cards_held(s));
      }
      contribution_ = static_cast<std::uint8_t>(wanted);
      break;
    }
    case pb::BEFORE_BATTLE:
      phase_ = phase::before_battle;
      for (int s = 0; s < seats_; ++s)
        if (has_seat(participants_, s)) {
          const int at = face_up_index(s);
          strength_[s] = static_cast<std::int8_t>(base_strength(s, battlefield_[at].card) +
                                                  (position.seats(s).armored() ? 1 : 0));
        }
      for (int s = 0; s < seats_; ++s)
        if (has_seat(participants_, s)) record_shown(s, face_up_index(s));
      break;
    default:   // AFTER_BATTLE: the winner captured the Battle and may Salvage
      phase_ = phase::after_battle;
      battle_winner_ = static_cast<std::uint8_t>(position.battle_winner());
      current_.has_winner = true;
      current_.winner = battle_winner_;
      break;
  }
}

// ---- whose move ----------------------------------------------------------------------

seat_mask state::alive() const {
  return static_cast<seat_mask>(((1u << seats_) - 1u) & ~conquered_);
}

seat_mask state::must_act() const {
  switch (phase_) {
    case phase::flip: return static_cast<seat_mask>(participants_ & ~flipped_);
    case phase::before_battle: return pending_ ? seat_bit(lowest_seat(pending_)) : 0;
    case phase::after_battle: return seat_bit(battle_winner_);
    case phase::over: return 0;
  }
  return 0;
}

int state::deciding_seat() const {
  if (phase_ == phase::before_battle && pending_) return lowest_seat(pending_);
  if (phase_ == phase::after_battle) return battle_winner_;
  return -1;
}

bool state::offers_before(int seat) const {
  if (powers_[seat] != power_state::active) return false;
  switch (info(factions_[seat]).faction_power) {
    case power::dwarven_armor:
    case power::peace: return true;
    case power::regeneration: return cards_held(seat) > 0;   // something to reveal instead
    default: return false;
  }
}

bool state::power_matters(int seat) const {
  int others = -1;
  for (int s = 0; s < seats_; ++s)
    if (s != seat && has_seat(participants_, s)) others = std::max<int>(others, strength_[s]);
  const int mine = strength_[seat];
  switch (info(factions_[seat]).faction_power) {
    case power::dwarven_armor: return mine == others || mine + 1 == others;
    case power::peace:
    case power::regeneration: return mine <= others;
    default: return true;
  }
}

bool state::salvage_target(int seat, int target) const {
  return target >= 0 && target < seats_ && target != seat && !conquered(target) &&
         !discards_[target].empty();
}

// ---- checking and applying -----------------------------------------------------------

verdict state::check(const action& a) const {
  if (a.seat >= seats_) return refuse(rule_error::no_such_seat, "no such seat at this table");
  if (phase_ == phase::over) return refuse(rule_error::game_over, "the match is over");
  const int seat = a.seat;
  const auto k = static_cast<kind>(a.kind);
  if (a.kind > static_cast<std::uint16_t>(kind::decline))
    return refuse(rule_error::unknown_action, "Space War has no such action");
  if (k == kind::resign) {
    if (a.argc != 0) return refuse(rule_error::bad_argument, "resign takes no arguments");
    if (conquered(seat)) return refuse(rule_error::illegal_action, "a conquered player cannot resign");
    return engine::ok();
  }
  if (!has_seat(must_act(), seat)) return refuse(rule_error::not_your_turn, "nothing for this seat to do now");
  switch (k) {
    case kind::flip:
      if (phase_ != phase::flip) return refuse(rule_error::illegal_action, "a power decision comes first");
      if (a.argc != 0) return refuse(rule_error::bad_argument, "flip takes no arguments");
      return engine::ok();
    case kind::trigger:
      if (phase_ == phase::before_battle) {
        if (a.argc != 0) return refuse(rule_error::bad_argument, "this power takes no target");
        if (!offers_before(seat)) return refuse(rule_error::illegal_action, "the power cannot trigger now");
        return engine::ok();
      }
      if (phase_ == phase::after_battle) {
        if (a.argc != 1) return refuse(rule_error::bad_argument, "Salvage needs one target seat");
        if (!salvage_target(seat, a.args[0]))
          return refuse(rule_error::bad_argument, "Salvage needs an opponent with a discard pile");
        return engine::ok();
      }
      return refuse(rule_error::illegal_action, "no power can trigger now");
    case kind::decline:
      if (phase_ == phase::flip) return refuse(rule_error::illegal_action, "there is nothing to decline");
      if (a.argc != 0) return refuse(rule_error::bad_argument, "decline takes no arguments");
      return engine::ok();
    case kind::resign: break;
  }
  return refuse(rule_error::unknown_action, "Space War has no such action");
}

copy_id state::new_copy(card_id type) {
  types_[copy_count_] = type;
  return copy_count_++;
}

void state::apply(const action& a) {
  const int seat = a.seat;
  effects_contest_ = contest_;
  effects_shown_ = current_.shown_count;
  effects_over_ = phase_ == phase::over;
  effects_powers_ = powers_;
  effects_triggered_ = static_cast<kind>(a.kind) == kind::trigger ? static_cast<std::int8_t>(seat) : std::int8_t{-1};
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: resign(seat); break;
    case kind::flip: flip(seat); break;
    case kind::trigger:
      if (phase_ == phase::before_battle) {
        trigger_before(seat);
      } else {
        trigger_salvage(seat, a.args[0]);
      }
      break;
    case kind::decline:
      if (phase_ == phase::before_battle) {
        pending_ = static_cast<seat_mask>(pending_ & ~seat_bit(seat));
        if (!pending_) resolve();
      } else {
        end_contest();
      }
      break;
  }
  auto_advance();
}

void state::legal_actions(int seat, std::vector<action>& out) const {
  out.clear();
  if (seat < 0 || seat >= seats_ || !has_seat(must_act(), seat)) return;
  const auto make = [seat](kind k) { return engine::make_action(seat, static_cast<std::uint16_t>(k)); };
  switch (phase_) {
    case phase::flip: out.push_back(make(kind::flip)); break;
    case phase::before_battle:
      if (offers_before(seat)) out.push_back(make(kind::trigger));
      out.push_back(make(kind::decline));
      break;
    case phase::after_battle:
      for (int t = 0; t < seats_; ++t)
        if (salvage_target(seat, t))
          out.push_back(engine::make_action(seat, static_cast<std::uint16_t>(kind::trigger), t));
      out.push_back(make(kind::decline));
      break;
    case phase::over: break;
  }
}

action state::timeout_action(int seat) const {
  // Out of time: flip when a flip is due, otherwise keep the power for later.
  kind k = phase_ == phase::flip ? kind::flip : kind::decline;
  return engine::make_action(seat, static_cast<std::uint16_t>(k));
}

// ---- the contest ---------------------------------------------------------------------

void state::auto_advance() {
  while (auto_flip_ && phase_ == phase::flip) flip(lowest_seat(must_act()));
}

void state::mark_conquered() {
  for (int s = 0; s < seats_; ++s)
    if (!conquered(s) && cards_held(s) == 0) {   // "Winning & Losing": no deck, no discard
      conquered_ |= seat_bit(s);
      current_.conquered |= seat_bit(s);
    }
}

void state::next_contest_or_finish() {
  mark_conquered();
  int standing = seat_total(alive());
  if (standing == 0) return finish(end_reason::all_conquered);
  if (standing == 1) return finish(end_reason::last_standing);
  if (contest_ >= contest_limit_) return finish(end_reason::contest_limit);
  start_contest();
}

void state::start_contest() {
  ++contest_;
  current_.restart(contest_);
  for (int i = 0; i < field_size_; ++i) battlefield_[i] = {};
  field_size_ = 0;
  participants_ = alive();
  flipped_ = 0;
  pending_ = 0;
  war_step_ = 0;
  contribution_ = 1;
  strength_ = {};
  phase_ = phase::flip;
}

void state::end_contest() {
  mark_conquered();
  last_.copy_from(current_);
  next_contest_or_finish();
}

void state::finish(end_reason why) {
  phase_ = phase::over;
  end_ = why;
  pending_ = 0;
  war_step_ = 0;   // the match is no longer in a War (the view's war_step says 0 once over)
  winners_ = 0;
  if (why == end_reason::last_standing) winners_ = alive();
  if (why == end_reason::contest_limit) {
    // Tiebreak: most cards held; still tied, a shared victory.
    int most = 0;
    for (int s = 0; s < seats_; ++s)
      if (!conquered(s)) most = std::max(most, cards_held(s));
    for (int s = 0; s < seats_; ++s)
      if (!conquered(s) && cards_held(s) == most) winners_ |= seat_bit(s);
  }
}

bool state::draw(int seat, copy_id& out) {
  pile& deck = decks_[seat];
  if (deck.empty()) {
    // Out of cards: the discard pile is shuffled into a new deck.
    pile& discard = discards_[seat];
    if (discard.empty()) return false;
    std::swap(deck, discard);
    random_.shuffle(deck.cards.data(), deck.size);
  }
  out = deck.pop();
  return true;
}

void state::flip(int seat) {
  for (int i = 0; i < contribution_; ++i) {
    copy_id c = 0;
    draw(seat, c);   // contribution_ never exceeds what any participant holds
    battlefield_[field_size_++] = {c, static_cast<std::uint8_t>(seat), war_step_,
                                   i == contribution_ - 1};
  }
  flipped_ |= seat_bit(seat);
  if (flipped_ == participants_) reveal();
}

int state::face_up_index(int seat) const {
  for (int i = field_size_ - 1; i >= 0; --i) {
    const battlefield_card& b = battlefield_[i];
    if (b.owner == seat && b.step == war_step_ && b.face_up) return i;
  }
  return -1;
}

int state::base_strength(int seat, copy_id c) const {
  // Swarm (Goblins, Permanent): their Sapper topples a lone champion, counting as 11
  // when exactly one opposing face-up card faces it in this step and that card is a 10.
  if (controls(seat, c) && info(factions_[seat]).faction_power == power::swarm &&
      card_of(c).strength == 1) {
    int opposing = 0, tens = 0;
    for (int s = 0; s < seats_; ++s) {
      if (s == seat || !engine::has_seat(participants_, s)) continue;
      int i = face_up_index(s);
      ++opposing;
      tens += i >= 0 && card_of(battlefield_[i].card).strength == 10;
    }
    if (opposing == 1 && tens == 1) return 11;
  }
  return card_of(c).strength;
}

void state::record_shown(int seat, int index) {
  if (current_.shown_count >= max_shown) return;
  const battlefield_card& b = battlefield_[index];
  current_.shown[current_.shown_count++] = {b.card, b.owner, b.step, strength_[seat]};
}

void state::reveal() {
  pending_ = 0;
  std::array<int, max_players> at{};
  for (int s = 0; s < seats_; ++s) {
    if (!has_seat(participants_, s)) continue;
    at[s] = face_up_index(s);
    copy_id c = battlefield_[at[s]].card;
    strength_[s] = static_cast<std::int8_t>(base_strength(s, c));
    if (controls(s, c) && card_of(c).leader == leader_effect::activate_on_reveal &&
        powers_[s] == power_state::inactive)
      powers_[s] = power_state::active;
  }
  for (int s = 0; s < seats_; ++s)
    if (has_seat(participants_, s)) record_shown(s, at[s]);
  for (int s = 0; s < seats_; ++s)
    if (has_seat(participants_, s) && offers_before(s)) pending_ |= seat_bit(s);
  if (pending_) {
    phase_ = phase::before_battle;
  } else {
    resolve();
  }
}

void state::trigger_before(int seat) {
  powers_[seat] = power_state::inactive;   // "Faction Powers remain Active until they are Triggered"
  pending_ = static_cast<seat_mask>(pending_ & ~seat_bit(seat));
  switch (info(factions_[seat]).faction_power) {
    case power::dwarven_armor:
      strength_[seat] = static_cast<std::int8_t>(strength_[seat] + 1);
      for (int i = current_.shown_count - 1; i >= 0; --i)   // the log shows the new Strength
        if (current_.shown[i].owner == seat) {
          current_.shown[i].strength = strength_[seat];
          break;
        }
      break;
    case power::peace:
      // Every card goes home; cards of players conquered in this contest are lost.
      for (int i = 0; i < field_size_; ++i) {
        const battlefield_card& b = battlefield_[i];
        if (!conquered(b.owner)) discards_[b.owner].push(b.card);
      }
      current_.peace = true;
      return end_contest();
    case power::regeneration: {
      int index = face_up_index(seat);
      copy_id old = battlefield_[index].card, fresh = 0;
      draw(seat, fresh);   // before the old card joins the discard pile
      discards_[seat].push(old);
      battlefield_[index].card = fresh;
      strength_[seat] = static_cast<std::int8_t>(base_strength(seat, fresh));
      record_shown(seat, index);
      break;
    }
    default: break;
  }
  if (!pending_) resolve();
}

void state::resolve() {
  int best = -1;
  seat_mask top = 0;
  for (int s = 0; s < seats_; ++s) {
    if (!has_seat(participants_, s)) continue;
    if (strength_[s] > best) {
      best = strength_[s];
      top = seat_bit(s);
    } else if (strength_[s] == best) {
      top |= seat_bit(s);
    }
  }
  if (seat_total(top) > 1) return begin_war(top);

  const int winner = lowest_seat(top);
  const bool battle = war_step_ == 0;
  // Leader effects of the losing cards first, then the winner's ("after winning a Battle").
  if (battle)
    for (int s = 0; s < seats_; ++s) {
      if (s == winner || !has_seat(participants_, s)) continue;
      copy_id c = battlefield_[face_up_index(s)].card;
      if (controls(s, c) && card_of(c).leader == leader_effect::activate_on_battle_loss &&
          powers_[s] == power_state::inactive)
        powers_[s] = power_state::active;
    }
  copy_id won_with = battlefield_[face_up_index(winner)].card;
  if (controls(winner, won_with)) {
    leader_effect e = card_of(won_with).leader;
    bool activates = (e == leader_effect::activate_on_battle_win && battle) ||
                     e == leader_effect::activate_on_contest_win;
    if (activates && powers_[winner] == power_state::inactive) powers_[winner] = power_state::active;
    if (e == leader_effect::disarm_on_battle_win && battle)
      for (int s = 0; s < seats_; ++s)
        if (s != winner && powers_[s] == power_state::active) powers_[s] = power_state::inactive;
  }
  capture(winner);

  if (battle && powers_[winner] == power_state::active &&
      info(factions_[winner]).faction_power == power::salvage) {
    for (int t = 0; t < seats_; ++t)
      if (salvage_target(winner, t)) {
        phase_ = phase::after_battle;
        battle_winner_ = static_cast<std::uint8_t>(winner);
        return;
      }
  }
  end_contest();
}

void state::capture(int winner) {
  for (int i = 0; i < field_size_; ++i) {
    discards_[winner].push(battlefield_[i].card);
    battlefield_[i] = {};
  }
  current_.has_winner = true;
  current_.winner = static_cast<std::uint8_t>(winner);
  current_.cards = field_size_;
  field_size_ = 0;
}

void state::begin_war(seat_mask tied) {
  current_.war = true;
  ++war_step_;
  participants_ = tied;
  flipped_ = 0;
  pending_ = 0;
  // A participant with no cards left to add is Conquered; its cards stay in the contest.
  for (int s = 0; s < seats_; ++s)
    if (has_seat(tied, s) && cards_held(s) == 0) {
      conquered_ |= seat_bit(s);
      current_.conquered |= seat_bit(s);
      participants_ = static_cast<seat_mask>(participants_ & ~seat_bit(s));
    }
  if (participants_ == 0) {   // every participant conquered: the cards are lost
    for (int i = 0; i < field_size_; ++i) battlefield_[i] = {};
    field_size_ = 0;
    return end_contest();
  }
  if (seat_total(participants_) == 1) {
    capture(lowest_seat(participants_));
    return end_contest();
  }
  // 2 face-down + 1 face-up, then one fewer face-down each further step; the shortest
  // participant sets the contribution for everyone.
  int wanted = (war_step_ >= 3 ? 0 : 3 - war_step_) + 1;
  for (int s = 0; s < seats_; ++s)
    if (has_seat(participants_, s)) wanted = std::min(wanted, cards_held(s));
  contribution_ = static_cast<std::uint8_t>(wanted);
  strength_ = {};
  phase_ = phase::flip;
}

void state::trigger_salvage(int seat, int target) {
  powers_[seat] = power_state::inactive;
  discards_[seat].push(discards_[target].pop());
  end_contest();
}

void state::resign(int seat) {
  // A resigning player is Conquered at once; its deck and discard leave the game, the
  // cards it already added stay in the contest.
  conquered_ |= seat_bit(seat);
  current_.conquered |= seat_bit(seat);
  decks_[seat] = {};
  discards_[seat] = {};
  participants_ = static_cast<seat_mask>(participants_ & ~seat_bit(seat));
  flipped_ = static_cast<seat_mask>(flipped_ & ~seat_bit(seat));
  pending_ = static_cast<seat_mask>(pending_ & ~seat_bit(seat));
  if (seat_total(alive()) <= 1) {
    if (alive() && field_size_) capture(lowest_seat(alive()));
    return end_contest();
  }
  switch (phase_) {
    case phase::flip:
    case phase::before_battle:
      if (seat_total(participants_) == 1) {
        capture(lowest_seat(participants_));
        return end_contest();
      }
      if (phase_ == phase::flip && flipped_ == participants_) return reveal();
      if (phase_ == phase::before_battle && !pending_) return resolve();
      break;
    case phase::after_battle:
      if (seat == battle_winner_) return end_contest();
      break;
    case phase::over: break;
  }
}

// ---- outcome and hidden information --------------------------------------------------

outcome state::result() const {
  static constexpr const char* reasons[] = {"", "last_standing", "contest_limit", "all_conquered"};
  return {phase_ == phase::over, winners_, reasons[static_cast<int>(end_)]};
}

void state::scramble_hidden(int seat, engine::rng& r) {
  r.shuffle(decks_[seat].cards.data(), decks_[seat].size);
  r.shuffle(discards_[seat].cards.data(), discards_[seat].size);
  std::array<int, max_cards> hidden{};
  int n = 0;
  for (int i = 0; i < field_size_; ++i) {
    const battlefield_card& b = battlefield_[i];
    if (b.owner == seat && !revealed(b)) hidden[n++] = i;
  }
  for (int i = n - 1; i > 0; --i) {
    int j = static_cast<int>(r.below(static_cast<std::uint32_t>(i + 1)));
    std::swap(battlefield_[hidden[i]].card, battlefield_[hidden[j]].card);
  }
}

bool state::revealed(const battlefield_card& b) const {
  // Cards of the step being flipped stay hidden until everyone in it has flipped.
  return b.face_up && !(phase_ == phase::flip && b.step == war_step_);
}

}  // namespace starport::space_war
