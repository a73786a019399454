// Dice (engine/core/dice.hpp): faces come from the match's generator, so the same seed rolls
// the same faces; the record keeps the latest rolls in order and numbers every roll.
#include <doctest/doctest.h>

#include "engine/core/dice.hpp"

namespace eng = starport::engine;

TEST_CASE("dice: the same seed rolls the same faces, every face in range, all six seen") {
  eng::rng a(42), b(42);
  int seen[7] = {};
  for (int i = 0; i < 600; ++i) {
    const int fa = eng::roll_die(a), fb = eng::roll_die(b);
    CHECK(fa == fb);
    REQUIRE(fa >= 1);
    REQUIRE(fa <= 6);
    ++seen[fa];
  }
  for (int f = 1; f <= 6; ++f) CHECK(seen[f] > 50);
}

TEST_CASE("dice: the record numbers every roll and keeps the latest, oldest first") {
  eng::rng r(7);
  eng::roll_record<3> rec;
  CHECK(rec.size() == 0);
  CHECK(rec.last() == nullptr);
  for (int i = 0; i < 5; ++i) rec.roll(r, i % 2, static_cast<std::uint8_t>(i), 2).modifier = static_cast<std::int8_t>(i);
  CHECK(rec.rolled() == 5);
  REQUIRE(rec.size() == 3);
  CHECK(rec.recent(0).number == 3);
  CHECK(rec.recent(2).number == 5);
  CHECK(rec.last()->purpose == 4);
  CHECK(rec.last()->modifier == 4);
  CHECK(rec.last()->count == 2);
  CHECK(rec.last()->total() == rec.last()->faces[0] + rec.last()->faces[1] + 4);

  starport::v1::DiceRoll wire;
  eng::to_proto(*rec.last(), "escape", "escaped", &wire);
  CHECK(wire.number() == 5);
  CHECK(wire.faces_size() == 2);
  CHECK(wire.purpose() == "escape");
  CHECK(wire.result() == "escaped");
}

TEST_CASE("dice: faces a scenario fixes come first, then the generator's") {
  eng::rng r(3), same(3);
  eng::roll_record<4> rec;
  const std::uint8_t fixed[] = {6, 1};
  rec.fix(fixed);
  CHECK(rec.roll(r, 0, 0).faces[0] == 6);
  CHECK(rec.roll(r, 0, 0).faces[0] == 1);
  CHECK(rec.roll(r, 0, 0).faces[0] == eng::roll_die(same));   // the generator was not touched before
}
