#pragma once
// A Space War table from an explicit position, for rule scenarios.
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/space_war/state.hpp"

namespace sw = starport::space_war;
namespace swpb = starport::space_war::v1;

// Test helpers live in their own namespace: every game's table header is included into
// the same test binary, and same-named inline helpers would break the one-definition rule.
namespace space_war_test {

struct seat_setup {
  swpb::Faction faction;
  std::vector<std::string> deck;             // top first
  std::vector<std::string> discard = {};
  swpb::PowerState power = swpb::NO_POWER;   // NO_POWER: the faction's starting side
};

inline swpb::Position position_of(std::initializer_list<seat_setup> seats, unsigned contest = 0) {
  swpb::Position p;
  for (const seat_setup& s : seats) {
    auto* sp = p.add_seats();
    sp->set_faction(s.faction);
    for (const auto& c : s.deck) sp->add_deck(c);
    for (const auto& c : s.discard) sp->add_discard(c);
    sp->set_power(s.power);
  }
  p.set_contest(contest);
  return p;
}

inline sw::state table(std::initializer_list<seat_setup> seats, swpb::Options options = {},
                       unsigned contest = 0) {
  swpb::Position p = position_of(seats, contest);
  int n = static_cast<int>(seats.size());
  REQUIRE_MESSAGE(sw::state::validate(n, options, p), sw::state::validate(n, options, p).detail);
  return sw::state(n, options, p, 7);
}

// Plays "<seat> <action> [args]"; the action must be legal.
inline void play(sw::state& s, const std::string& text) {
  starport::engine::action a;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::info_of<sw::state>().parse_action(text, a, error), error);
  starport::engine::verdict v = s.check(a);
  REQUIRE_MESSAGE(v, text << " refused: " << v.detail);
  s.apply(a);
}

inline starport::engine::verdict attempt(const sw::state& s, const std::string& text) {
  starport::engine::action a;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::info_of<sw::state>().parse_action(text, a, error), error);
  return s.check(a);
}

// Card codes of a pile of `s`, top first (piles hold copies; the state knows their types).
inline std::vector<std::string> codes(const sw::state& s, const sw::pile& p) {
  std::vector<std::string> out;
  for (int i = p.size - 1; i >= 0; --i) out.emplace_back(s.card_of(p.cards[i]).code);
  return out;
}

inline int count_of(const sw::pile& p) { return p.size; }

}  // namespace space_war_test

using namespace space_war_test;
