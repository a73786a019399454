// Options, Game Setup and explicit positions.
#include <algorithm>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::refuse;
using engine::rule_error;

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

}  // namespace

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
  for (const pb::SeatPosition& sp : position.seats()) {
    if (!add_all(sp.hand()) || !add_all(sp.lab())) return refuse(rule_error::bad_options, budget.error);
    int leaders = 0;
    for (const pb::AgencyPosition& ap : sp.agency()) {
      if (!budget.add(ap.code())) return refuse(rule_error::bad_options, budget.error);
      card_id c = 0;
      find_card(ap.code(), c);
      leaders += card(c).leader;
    }
    if (leaders > 1) return refuse(rule_error::bad_options, "an Agency holds at most one Leader");
    unsigned seen = 0;
    for (const std::string& code : sp.used_controls()) {
      int k = 0;
      if (!find_control(code, k)) return refuse(rule_error::bad_options, "unknown Control Card code");
      if (seen >> k & 1u) return refuse(rule_error::bad_options, "a Control Card is used only once");
      seen |= 1u << k;
    }
    if (control_count - sp.used_controls_size() < last_round - round + 1)
      return refuse(rule_error::bad_options, "too few unused Control Cards for the rounds left");
  }
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
  return engine::ok();
}

void state::init_common(int seats, const pb::Options& options) {
  seats_ = static_cast<std::uint8_t>(seats);
  variant_ = resolve_variant(seats, options);
  initiative_ = static_cast<std::uint8_t>(options.first_player());
  face_down_placer_.fill(0xff);
  for (std::size_t i = 0; i < wire_id_.size(); ++i) wire_id_[i] = static_cast<std::uint16_t>(i + 1);
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
  begin_round();
  advance();
}

}  // namespace starport::space_race
