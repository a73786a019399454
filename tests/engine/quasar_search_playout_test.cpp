// Quasar Search random playouts on the shipped content: every Mission ends (on a letter, or
// the safeguard), every listed action passes check, and a seat that must act always has one.
#include <doctest/doctest.h>

#include <vector>

#include "engine/quasar_search/state.hpp"

using namespace starport;
using namespace starport::quasar_search;

namespace {

struct tally {
  int games = 0, wins = 0, actions = 0, safeguard = 0;
};

tally playouts(int seats, pb::Options::Difficulty d, int games, std::uint64_t seed0) {
  tally t;
  pb::Options o;
  o.set_difficulty(d);
  std::vector<engine::action> legal;
  for (int g = 0; g < games; ++g) {
    state s(seats, o, seed0 + static_cast<std::uint64_t>(g));
    engine::rng r(seed0 * 31 + static_cast<std::uint64_t>(g));
    int steps = 0;
    while (!s.result().over && steps < 20000) {
      const engine::seat_mask m = s.must_act();
      REQUIRE(m != 0);
      int seat = 0;
      while (!engine::has_seat(m, seat)) ++seat;
      s.legal_actions(seat, legal);
      REQUIRE(!legal.empty());
      const engine::action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
      const engine::verdict v = s.check(a);
      REQUIRE_MESSAGE(v, v.detail);
      s.apply(a);
      ++steps;
    }
    REQUIRE(s.result().over);
    ++t.games;
    t.actions += steps;
    if (s.result().winners) ++t.wins;
    if (std::string_view(s.result().reason) == "challenge_limit") ++t.safeguard;
  }
  return t;
}

}  // namespace

TEST_CASE("quasar_search playouts: every Mission ends, every listed action is legal") {
  for (int seats = 1; seats <= 4; ++seats)
    for (auto d : {pb::Options::EASY, pb::Options::STANDARD, pb::Options::HARD}) {
      const tally t = playouts(seats, d, 10, 100 + static_cast<std::uint64_t>(seats) * 7);
      CAPTURE(seats);
      CHECK(t.games == 10);
      CHECK(t.safeguard == 0);
    }
}
