// Options, Game Setup and explicit positions.
#include <algorithm>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::has_seat;
using engine::refuse;
using engine::rule_error;
using engine::seat_bit;

namespace {

constexpr std::string_view faction_names[max_players] = {"NASA", "ESA", "Russia", "Private Sector"};

variant resolve_variant(int seats, const pb::Options& options) {
  switch (options.variant()) {
    case pb::STANDARD: return variant::standard;
    case pb::COLD_WAR: return variant::cold_war;
    case pb::JFK: return variant::jfk;
    default: return seats == 1 ? variant::jfk : variant::standard;
  }
}

}  // namespace

// Counts uses of each card code; false when a code is unknown or used too often.
struct card_budget {
  std::array<int, 128> used{};
  const char* error = nullptr;
  bool add(const std::string& code) {
    card_id c = 0;
    if (!find_card(code, c)) {
      error = "unknown card code in the position";
      return false;
    }
    if (++used[c] > card(c).copies) {
      error = "the position uses more copies of a card than the deck holds";
      return false;
    }
    return true;
  }
};

std::string state::seat_label(int seat) const { return std::string(faction_names[seat]); }

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats)
    return refuse(rule_error::bad_options, "Space Race is for 1 to 4 players");
  if (!pb::Variant_IsValid(options.variant()))
    return refuse(rule_error::bad_options, "unknown variant");
  variant v = resolve_variant(seats, options);
  // Game Setup / JFK Game Setup: the standard game and the Cold War are for 2–4, JFK is solo.
  if (v == variant::jfk && seats != 1)
    return refuse(rule_error::bad_options, "the JFK solo variant is for exactly 1 player");
  if (v != variant::jfk && seats < 2)
    return refuse(rule_error::bad_options, "the standard game and the Cold War need 2 to 4 players");
  if (options.jfk_decks() > 3)
    return refuse(rule_error::bad_options, "the JFK opponent plays 1, 2 or 3 decks");
  if (options.first_player() >= static_cast<std::uint32_t>(seats))
    return refuse(rule_error::bad_options, "the first player must be one of the seats");
  return engine::ok();
}

verdict state::validate(int seats, const pb::Options& options, const pb::Position& position) {
  if (verdict v = validate(seats, options); !v) return v;
  if (position.seats_size() != seats)
    return refuse(rule_error::bad_options, "the position needs one entry per seat");
  if (position.round() > last_round)
    return refuse(rule_error::bad_options, "the round is 1 to 7");
  const int round = position.round() == 0 ? 1 : static_cast<int>(position.round());
  if (position.initiative() >= static_cast<std::uint32_t>(seats))
    return refuse(rule_error::bad_options, "the Initiative holder must be one of the seats");
  card_budget budget;
  auto add_all = [&](const auto& codes) {
    for (const std::string& code : codes)
      if (!budget.add(code)) return false;
    return true;
  };
  // A Leader just placed (`ability.placed`) may share the Agency until its choice is made.
  const bool placed_leader = position.phase() == pb::DEVELOP && position.has_ability() &&
                             position.ability().has_placed() && !position.ability().placed().leader_chosen();
  for (int si = 0; si < position.seats_size(); ++si) {
    const pb::SeatPosition& sp = position.seats(si);
    if (!add_all(sp.hand()) || !add_all(sp.lab())) return refuse(rule_error::bad_options, budget.error);
    int leaders = 0;
    for (const pb::AgencyPosition& ap : sp.agency()) {
      if (!budget.add(ap.code())) return refuse(rule_error::bad_options, budget.error);
      card_id c = 0;
      find_card(ap.code(), c);
      leaders += card(c).leader;
    }
    const bool choosing = placed_leader && static_cast<std::uint32_t>(si) == position.turn_seat();
    if (leaders > (choosing ? 2 : 1)) return refuse(rule_error::bad_options, "an Agency holds at most one Leader");
    unsigned seen = 0;
    for (const std::string& code : sp.used_controls()) {
      int k = 0;
      if (!find_control(code, k)) return refuse(rule_error::bad_options, "unknown Control Card code");
      if (seen >> k & 1u) return refuse(rule_error::bad_options, "a Control Card is used only once");
      seen |= 1u << k;
    }
    if (!sp.resigned() && control_count - sp.used_controls_size() < last_round - round + 1)
      return refuse(rule_error::bad_options, "too few unused Control Cards for the rounds left");
  }
  int playing = 0;
  for (const pb::SeatPosition& sp : position.seats()) playing += !sp.resigned();
  if (playing < (resolve_variant(seats, options) == variant::jfk ? 1 : 2))
    return refuse(rule_error::bad_options,
                  "resigned: the match needs two seats still playing (JFK: its one seat); with fewer it is over");
  if (!add_all(position.deck()) || !add_all(position.universe()) || !add_all(position.face_down()) ||
      !add_all(position.opponent_taken()))
    return refuse(rule_error::bad_options, budget.error);
  const bool solo = resolve_variant(seats, options) == variant::jfk;
  if (!solo && (position.opponent_controls_size() || position.opponent_taken_size() ||
                position.opponent_deck_size()))
    return refuse(rule_error::bad_options, "only the JFK variant has an opponent");
  for (const auto* list : {&position.opponent_controls(), &position.opponent_deck()})
    for (const std::string& code : *list) {
      int k = 0;
      if (!find_control(code, k)) return refuse(rule_error::bad_options, "unknown Control Card code");
    }
  if (position.opponent_deck_size() > control_count)
    return refuse(rule_error::bad_options, "an opponent deck holds at most 12 Control Cards");
  if (position.opponent_controls_size() > 3 * last_round)
    return refuse(rule_error::bad_options, "too many opponent Control Cards");
  // JFK's second and third decks: each a set of Control Cards, top first.
  const int decks = options.jfk_decks() == 0 ? 1 : static_cast<int>(options.jfk_decks());
  if ((position.opponent_deck_2_size() && (!solo || decks < 2)) || (position.opponent_deck_3_size() && (!solo || decks < 3)))
    return refuse(rule_error::bad_options, "opponent_deck_2 and _3 need the JFK variant with that many jfk_decks");
  for (const auto* list : {&position.opponent_deck(), &position.opponent_deck_2(), &position.opponent_deck_3()}) {
    if (list->size() > control_count)
      return refuse(rule_error::bad_options, "an opponent deck holds at most 12 Control Cards");
    unsigned seen = 0;
    for (const std::string& code : *list) {
      int k = 0;
      if (!find_control(code, k)) return refuse(rule_error::bad_options, "unknown Control Card code");
      if (seen >> k & 1u) return refuse(rule_error::bad_options, "an opponent deck holds each Control Card once");
      seen |= 1u << k;
    }
  }
  return check_round_step(seats, options, position, budget);
}

// Where the round stands (Position.phase): the fields each step needs, and a turn the
// rules could reach (checked on the position built without running on).
verdict state::check_round_step(int seats, const pb::Options& options, const pb::Position& position,
                                card_budget& budget) {
  const auto bad = [](const char* why) { return refuse(rule_error::bad_options, why); };
  const int ph = position.phase() == pb::PHASE_UNSPECIFIED ? pb::MANAGE : position.phase();
  if (ph == pb::GAME_OVER) return bad("a position cannot start after the game is over");
  if (!pb::Phase_IsValid(ph)) return bad("unknown phase");
  if (ph == pb::SCORING && position.round() != last_round) return bad("Scoring follows round 7: give round 7");
  if (ph != pb::DEVELOP && (position.stage() != 0 || position.passed_size() != 0))
    return bad("`stage` and `passed` belong to DEVELOP");
  if (!pb::Stage_IsValid(position.stage())) return bad("unknown stage");
  if (ph != pb::DEVELOP && ph != pb::PREPARE && position.turn_seat() != 0)
    return bad("`turn_seat` belongs to DEVELOP and PREPARE");
  if (position.turn_seat() >= static_cast<std::uint32_t>(seats)) return bad("turn_seat is no such seat");
  if (ph != pb::PREPARE && position.invested()) return bad("`invested` belongs to PREPARE");
  if (ph != pb::PREPARE && position.sagan_reveal() != 0) return bad("`sagan_reveal` belongs to PREPARE");
  if (position.invested() && resolve_variant(seats, options) != variant::jfk)
    return bad("`invested` belongs to the JFK variant");
  for (const pb::SeatPosition& sp : position.seats()) {
    const bool has_control = !sp.control().empty();
    if (has_control) {
      int k = 0;
      if (!find_control(sp.control(), k)) return bad("unknown Control Card code");
      for (const std::string& used : sp.used_controls())
        if (used == sp.control()) return bad("this round's Control Card was already used in an earlier round");
    }
    if (ph == pb::SCORING && has_control) return bad("Scoring has no Control Card in play: list it in used_controls");
    if ((ph == pb::DEVELOP || ph == pb::PREPARE) && !has_control && !sp.resigned())
      return bad("from DEVELOP on every seat still playing has this round's Control Card");
    const bool any_used = sp.control_used_left() || sp.control_used_right() || sp.control_used_bureaucracy();
    bool agency_used = false;
    for (const pb::AgencyPosition& ap : sp.agency()) {
      agency_used |= ap.used_left() || ap.used_right() || ap.used_bureaucracy();
      if (ap.used_right() && !ap.covered()) return bad("a card whose single-use ability was used is covered");
    }
    if ((any_used || agency_used) && ph != pb::DEVELOP && ph != pb::PREPARE)
      return bad("abilities are used this round only in DEVELOP (and stay used in PREPARE)");
    if (ph != pb::PREPARE && sp.invested_size() != 0) return bad("`invested` cards belong to PREPARE");
    for (const std::string& code : sp.invested())
      if (!budget.add(code)) return bad(budget.error);
  }
  for (const pb::SeatPosition& sp : position.seats()) {
    if (!sp.area51_declared()) continue;
    if (ph != pb::SCORING) return bad("an Area 51 declaration belongs to SCORING");
    if (sp.resigned()) return bad("area51_declared: a seat that resigned declares nothing");
    if (!pb::Category_IsValid(sp.area51())) return bad("unknown category");
    bool holds = false;
    for (const pb::AgencyPosition& ap : sp.agency()) holds |= ap.code() == "area_51";
    if (!holds) return bad("only the seat with Area 51 in its Agency declares");
  }
  if (ph != pb::DEVELOP && position.has_ability()) return bad("`ability` belongs to DEVELOP");
  if (ph != pb::DEVELOP && ph != pb::PREPARE) return engine::ok();
  // Build the position without running on, and check whose turn it is.
  pb::Position bare = position;   // the ability in progress is checked as the USE it was
  bare.clear_ability();
  const state st(seats, options, bare, 0, placed_only{});
  const int turn = static_cast<int>(position.turn_seat());
  if (position.seats(turn).resigned() && position.sagan_reveal() == 0)
    return bad("turn_seat: a seat that resigned takes no more turns");
  if (ph == pb::DEVELOP) {
    if (st.order_count_ == 0) return bad("no seat takes part in this Stage");
    for (std::uint32_t p : position.passed()) {
      if (p >= static_cast<std::uint32_t>(seats)) return bad("`passed` names no such seat");
      if (std::find(st.order_.begin(), st.order_.begin() + st.order_count_, p) == st.order_.begin() + st.order_count_)
        return bad("a seat that passed must take part in the Stage");
    }
    if (std::find(st.order_.begin(), st.order_.begin() + st.order_count_, turn) == st.order_.begin() + st.order_count_)
      return bad("turn_seat does not take part in this Stage");
    if (has_seat(st.passed_, turn)) return bad("turn_seat has already passed");
    if (!st.can_still_act(turn) && !st.mandatory_left(turn))
      return bad("turn_seat has no ability left to use in this Stage");
    if (position.has_ability()) {
      const pb::AbilityPosition& ab = position.ability();
      if (ab.source() < -1 || ab.source() >= 32 || ab.slot() > 2)
        return bad("the ability in progress is an Agency index (or -1) and a slot 0–2");
      action a = engine::make_action(turn, static_cast<std::uint16_t>(kind::use));
      a.argc = 2;
      a.args[0] = ab.source();
      a.args[1] = static_cast<std::int32_t>(ab.slot());
      if (!st.check(a)) return bad("the ability in progress is not one turn_seat could use now");
      state t = st;
      t.use(turn, ab.source(), static_cast<int>(ab.slot()));
      if (t.frame_count_ == 0) return bad("that ability has no prompt to leave open: put its USE in the actions");
      if (ab.remaining() > t.frames_[t.frame_count_ - 1].remaining)
        return bad("more of the ability remaining than it gives");
      if (ab.split() || ab.split_rest()) {
        const frame& combined = t.frames_[t.frame_count_ - 1];
        if (combined.kind != task::split || !ab.split())
          return bad("ability.split: only a combined ability is split, and `split_rest` goes with `split`");
        if (ab.remaining() + ab.split_rest() > combined.remaining || ab.remaining() + ab.split_rest() == 0)
          return bad("ability.split: `remaining` and `split_rest` leave something of the ability, at most what it gives");
        if (ab.has_placed()) return bad("ability.placed: the split leaves a move to make first; state it before the PICK");
        const state full(seats, options, position, 0, placed_only{});
        bool open = false;
        for (int i = 0; i < full.frame_count_; ++i) open = open || full.frame_open(full.frames_[i]);
        if (!open) return bad("ability.split: no card can move in either row; put the SPLIT in the actions");
      }
      if (ab.has_placed()) {
        const frame& outer = t.frames_[t.frame_count_ - 1];
        if (!(outer.kind == task::fallback || (outer.kind == task::move && outer.what.to == zone::agency)))
          return bad("ability.placed: the ability in progress places no card in the Agency");
        if (ab.placed().agency() >= static_cast<std::uint32_t>(st.players_[turn].agency.size))
          return bad("ability.placed.agency names no card of turn_seat's Agency");
        const card_def& d = card_of(st.players_[turn].agency.cards[ab.placed().agency()].card);
        int leaders = 0;
        for (const agency_card& ac : st.players_[turn].agency.items()) leaders += card_of(ac.card).leader;
        const bool immediate = d.bottom_timing == timing::immediate && d.bottom.kind != effect::none;
        const bool leader_choice = d.leader && leaders == 2 && !ab.placed().leader_chosen();
        if (!d.leader && leaders > 1) return bad("an Agency holds at most one Leader");
        if (ab.placed().leader_chosen() && (!immediate || !d.leader))
          return bad("ability.placed.leader_chosen: a Leader with an Immediate ability is left to resolve");
        if (!immediate && !leader_choice)
          return bad("ability.placed: that card sets off no prompt (no Immediate ability, no second Leader)");
        const state full(seats, options, position, 0, placed_only{});
        if (full.frame_count_ < 2 || !full.frame_open(full.frames_[full.frame_count_ - 1]))
          return bad("ability.placed: the card's prompt resolves at once; put the placing PICK in the actions");
        if (immediate && ab.placed().remaining() > static_cast<std::uint32_t>(d.bottom.power) && d.bottom.kind != effect::per_card)
          return bad("ability.placed.remaining: more than the Immediate ability gives");
      }
    }
    return engine::ok();
  }
  if (position.sagan_reveal() != 0) {
    // True Visionaries under way: Carl Sagan's holder chooses, investing is over.
    if (turn != 0 || position.invested()) return bad("`sagan_reveal` comes after Clever Investments: no turn_seat or `invested`");
    if (st.sagan_holder() < 0) return bad("`sagan_reveal` needs Carl Sagan in an Agency");
    const int cards = st.face_down_.size;
    if (position.sagan_reveal() > static_cast<std::uint32_t>(st.reveal_count()) ||
        position.sagan_reveal() >= static_cast<std::uint32_t>(cards))
      return bad("`sagan_reveal` is more than True Visionaries turns face up, or leaves Carl Sagan no choice");
    return engine::ok();
  }
  if (st.players_[turn].hand.empty()) return bad("the investor (turn_seat) has an empty Hand");
  return engine::ok();
}

void state::init_common(int seats, const pb::Options& options) {
  seats_ = static_cast<std::uint8_t>(seats);
  variant_ = resolve_variant(seats, options);
  initiative_ = static_cast<std::uint8_t>(options.first_player());
  face_down_placer_.fill(0xff);
  if (variant_ == variant::jfk) {
    opponent_.decks = static_cast<std::uint8_t>(options.jfk_decks() == 0 ? 1 : options.jfk_decks());
    // JFK Setup 5: 1, 2 or 3 complete sets of Control Cards, each shuffled separately.
    for (int d = 0; d < opponent_.decks; ++d) {
      for (int k = 0; k < control_count; ++k) opponent_.deck[d][k] = static_cast<std::int8_t>(k);
      random_.shuffle(opponent_.deck[d].data(), control_count);
      opponent_.deck_size_left[d] = control_count;
    }
  }
}

void state::deal(int seats) {
  // Every physical copy, in full_deck() order (the same types in the same places as
  // before copies were numbered, so a seed deals what it always dealt).
  for (std::size_t i = 0; i < full_deck().size(); ++i) deck_.push(static_cast<copy_id>(i));
  random_.shuffle(deck_.cards.data(), deck_.size);
  // Game Setup 2: 4, 5 or 6 face-up cards by player count (JFK: 4), arranged by type, and
  // 2 face-down.
  const int face_up = variant_ == variant::jfk ? 4 : seats + 2;
  for (int i = 0; i < face_up; ++i) {
    copy_id c = deck_.pop();
    universe_[static_cast<int>(card_of(c).type)].push(c);
  }
  for (int i = 0; i < 2; ++i) face_down_.push(deck_.pop());
  // Game Setup 5: the first player draws 3, the second 4, others 5 (JFK: 4).
  for (int k = 0; k < seats; ++k) {
    int s = (initiative_ + k) % seats;
    int n = variant_ == variant::jfk ? 4 : k == 0 ? 3 : k == 1 ? 4 : 5;
    for (int i = 0; i < n; ++i) players_[s].hand.push(deck_.pop());
  }
}

state::state(int seats, const pb::Options& options, std::uint64_t seed) : random_(seed) {
  init_common(seats, options);
  deal(seats);
  begin_round();
  advance();
}

state::state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed)
    : state(seats, options, position, seed, placed_only{}) {
  advance();
}

state::state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed,
             placed_only)
    : random_(seed) {
  init_common(seats, options);
  round_ = static_cast<std::uint8_t>(position.round() == 0 ? 1 : position.round());
  initiative_ = static_cast<std::uint8_t>(position.initiative());
  std::array<int, 128> used{};
  // A code's next unused copy: the position's cards take the lowest copies of each type.
  auto code_of = [&](const std::string& code) {
    card_id c = 0;
    find_card(code, c);
    return static_cast<copy_id>(static_cast<int>(first_copy(c)) + used[c]++);
  };
  for (int s = 0; s < seats; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    player& p = players_[s];
    for (const std::string& code : sp.hand()) p.hand.push(code_of(code));
    for (const std::string& code : sp.lab()) p.lab.push(code_of(code));
    for (const pb::AgencyPosition& ap : sp.agency())
      p.agency.cards[p.agency.size++] = agency_card{code_of(ap.code()), ap.covered(), 0};
    for (const std::string& code : sp.used_controls()) {
      int k = 0;
      find_control(code, k);
      p.unused = static_cast<std::uint16_t>(p.unused & ~(1u << k));
      p.played[p.played_count++] = static_cast<std::int8_t>(k);
    }
    p.empty_deck_halves = static_cast<std::uint16_t>(sp.empty_deck_halves());
    p.resigned = sp.resigned();
  }
  for (const std::string& code : position.universe()) {
    copy_id c = code_of(code);
    universe_[static_cast<int>(card_of(c).type)].push(c);
  }
  for (const std::string& code : position.face_down()) face_down_.push(code_of(code));
  for (const std::string& code : position.opponent_taken()) opponent_.taken.push(code_of(code));
  std::array<copy_id, deck_size> listed{};
  int listed_count = 0;
  for (const std::string& code : position.deck()) listed[listed_count++] = code_of(code);
  if (position.shuffle_rest_into_deck()) {
    std::array<int, 128> left{}, next = used;
    for (card_id c : full_deck()) ++left[c];
    for (card_id c : full_deck())
      if (left[c]-- > used[c]) deck_.push(static_cast<copy_id>(static_cast<int>(first_copy(c)) + next[c]++));
    random_.shuffle(deck_.cards.data(), deck_.size);
  }
  for (int i = listed_count - 1; i >= 0; --i) deck_.push(listed[i]);   // listed top first
  if (variant_ == variant::jfk) {
    unsigned played_mask = 0;
    for (const std::string& code : position.opponent_controls()) {
      int k = 0;
      find_control(code, k);
      opponent_.played[opponent_.played_count++] = static_cast<std::int8_t>(k);
      opponent_.level[static_cast<int>(control(k).type)] += control(k).level;
      played_mask |= 1u << k;
    }
    if (position.opponent_deck_size() > 0) {
      int n = position.opponent_deck_size();
      for (int i = 0; i < n; ++i) {   // listed top first; our top is the back
        int k = 0;
        find_control(position.opponent_deck(i), k);
        opponent_.deck[0][n - 1 - i] = static_cast<std::int8_t>(k);
      }
      opponent_.deck_size_left[0] = static_cast<std::uint8_t>(n);
    } else if (played_mask) {
      // The first deck loses the cards already played; the others stay complete.
      int n = 0;
      for (int k = 0; k < control_count; ++k)
        if (!(played_mask >> k & 1u)) opponent_.deck[0][n++] = static_cast<std::int8_t>(k);
      random_.shuffle(opponent_.deck[0].data(), n);
      opponent_.deck_size_left[0] = static_cast<std::uint8_t>(n);
    }
  }
  // JFK's second and third decks, when listed (else shuffled complete sets).
  if (variant_ == variant::jfk)
    for (int d = 1; d < opponent_.decks; ++d) {
      const auto& list = d == 1 ? position.opponent_deck_2() : position.opponent_deck_3();
      if (list.empty()) continue;
      const int n = list.size();
      for (int i = 0; i < n; ++i) {
        int k = 0;
        find_control(list[i], k);
        opponent_.deck[d][n - 1 - i] = static_cast<std::int8_t>(k);
      }
      opponent_.deck_size_left[d] = static_cast<std::uint8_t>(n);
    }
  begin_round();
  place_round_step(position, code_of);
}

// After begin_round: this round's Control Cards and used abilities, and the step.
template <class CodeOf>
void state::place_round_step(const pb::Position& position, CodeOf& code_of) {
  const int ph = position.phase() == pb::PHASE_UNSPECIFIED ? pb::MANAGE : position.phase();
  for (int s = 0; s < seats_; ++s) {
    const pb::SeatPosition& sp = position.seats(s);
    player& p = players_[s];
    int k = 0;
    if (!sp.control().empty() && find_control(sp.control(), k)) {
      p.current = static_cast<std::int8_t>(k);
      p.unused = static_cast<std::uint16_t>(p.unused & ~(1u << k));
    }
    p.control_used = static_cast<std::uint8_t>((sp.control_used_left() ? used_left : 0) |
                                               (sp.control_used_right() ? used_right : 0) |
                                               (sp.control_used_bureaucracy() ? used_bottom : 0));
    for (int i = 0; i < sp.agency_size() && i < p.agency.size; ++i) {
      const pb::AgencyPosition& ap = sp.agency(i);
      p.agency.cards[i].used = static_cast<std::uint8_t>((ap.used_left() ? used_left : 0) |
                                                         (ap.used_right() ? used_right : 0) |
                                                         (ap.used_bureaucracy() ? used_bottom : 0));
    }
    for (const std::string& code : sp.invested()) {
      face_down_placer_[face_down_.size] = static_cast<std::uint8_t>(s);
      face_down_.push(code_of(code));
    }
  }
  switch (ph) {
    case pb::DEVELOP: {
      step_ = step::develop;
      // The Stage's order as begin_stage fixes it, without the opponent's opening turn
      // (a JFK opponent with the higher level has taken its card already).
      const int st = static_cast<int>(position.stage());
      stage_ = static_cast<std::uint8_t>(st);
      order_count_ = 0;
      std::array<int, max_players> level{};
      for (int k = 0; k < seats_; ++k) {
        int s = (initiative_ + k) % seats_;
        // A seat that resigned is out of the Stage, unless it resigned during it (`passed`).
        if (players_[s].resigned && !has_seat(passed_of(position), s)) continue;
        if (st < bureaucracy_stage) {
          if (players_[s].current < 0 || static_cast<int>(control(players_[s].current).type) != st) continue;
          level[s] = stage_level(s, static_cast<stage>(st));
        } else if (!mandatory_left(s) && !can_still_act(s) && !has_seat(passed_of(position), s)) {
          continue;
        }
        order_[order_count_++] = static_cast<std::uint8_t>(s);
      }
      if (st < bureaucracy_stage)
        std::stable_sort(order_.begin(), order_.begin() + order_count_,
                         [&](std::uint8_t a, std::uint8_t b) { return level[a] > level[b]; });
      opponent_after_ = variant_ == variant::jfk && st < bureaucracy_stage && opponent_.level[st] > 0 &&
                        opponent_.level[st] <= stage_level(0, static_cast<stage>(st));
      passed_ = passed_of(position);
      turn_ = 0;
      for (int i = 0; i < order_count_; ++i)
        if (order_[i] == position.turn_seat()) turn_ = static_cast<std::uint8_t>(i);
      if (position.has_ability()) {
        // The USE that started it, then what is left of its prompt.
        const pb::AbilityPosition& ab = position.ability();
        use(static_cast<int>(position.turn_seat()), ab.source(), static_cast<int>(ab.slot()));
        if (frame_count_ && ab.split() && frames_[frame_count_ - 1].kind == task::split) {
          // As the SPLIT leaves it: the second row under the first.
          frame top = frames_[--frame_count_];
          frame bottom = top;
          top.kind = bottom.kind = task::move;
          top.remaining = static_cast<std::uint8_t>(std::min<std::uint32_t>(ab.remaining(), 255));
          bottom.remaining = static_cast<std::uint8_t>(std::min<std::uint32_t>(ab.split_rest(), 255));
          bottom.what = top.second;
          push(bottom);
          push(top);
        } else if (frame_count_ && ab.remaining() > 0 && ab.remaining() <= frames_[frame_count_ - 1].remaining) {
          frames_[frame_count_ - 1].remaining = static_cast<std::uint8_t>(ab.remaining());
        }
        if (ab.has_placed() && frame_count_) {
          // As place() leaves it: the Immediate ability, then the Leader choice above it.
          const pb::PlacedPosition& pl = ab.placed();
          const int seat = static_cast<int>(position.turn_seat());
          player& p = players_[seat];
          if (pl.last()) frames_[frame_count_ - 1].remaining = 0;
          if (pl.agency() < static_cast<std::uint32_t>(p.agency.size)) {
            const int k = static_cast<int>(pl.agency());
            const card_def& d = card_of(p.agency.cards[k].card);
            const int before = frame_count_;
            if (d.bottom_timing == timing::immediate) start_ability(seat, d.bottom, k);
            if (frame_count_ > before && pl.remaining() > 0 && pl.remaining() <= frames_[frame_count_ - 1].remaining)
              frames_[frame_count_ - 1].remaining = static_cast<std::uint8_t>(pl.remaining());
            int leaders = 0;
            for (const agency_card& a : p.agency.items()) leaders += card_of(a.card).leader;
            if (d.leader && leaders > 1 && !pl.leader_chosen()) {
              frame f;
              f.kind = task::leader;
              f.seat = static_cast<std::uint8_t>(seat);
              f.remaining = 1;
              push(f);
            }
          }
        }
      }
      break;
    }
    case pb::PREPARE:
      if (position.sagan_reveal() != 0 && sagan_holder() >= 0) {
        // True Visionaries: the face-down cards as listed; Carl Sagan's holder chooses.
        step_ = step::reveal;
        invest_turn_ = seats_;
        frame f;
        f.kind = task::reveal;
        f.seat = static_cast<std::uint8_t>(sagan_holder());
        f.remaining = static_cast<std::uint8_t>(position.sagan_reveal());
        push(f);
        break;
      }
      step_ = step::invest;
      invest_turn_ = static_cast<std::uint8_t>((static_cast<int>(position.turn_seat()) - initiative_ + seats_) % seats_);
      invested_ = position.invested();
      break;
    case pb::SCORING:
      for (int s = 0; s < seats_; ++s) {   // round 7's Control Card is among the used ones
        players_[s].current = -1;
        if (position.seats(s).area51_declared())
          players_[s].area51 = static_cast<std::int8_t>(position.seats(s).area51());
      }
      step_ = step::declare;
      break;
    default: break;   // MANAGE: seats with a `control` have chosen
  }
}

seat_mask state::passed_of(const pb::Position& position) {
  seat_mask m = 0;
  for (std::uint32_t s : position.passed())
    if (s < max_players) m |= seat_bit(static_cast<int>(s));
  return m;
}

}  // namespace starport::space_race
