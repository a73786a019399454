#pragma once
// Dice are part of a match's recorded randomness: every face comes from the state's own
// generator (rng.hpp), so the seed the fairness commitment covers fixes every roll exactly
// as it fixes every shuffle, and a replay rolls the same faces. A game keeps its latest
// rolls in its state (`roll_record`) and shows them to everyone — dice are never hidden —
// as starport.v1.DiceRoll (common.proto); the web kit draws them (kit/dice.tsx).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/core/rng.hpp"
#include "starport/v1/common.pb.h"

namespace starport::engine {

inline int roll_die(rng& r, int sides = 6) { return 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(sides))); }

// One roll of one or more dice of the same kind, as everyone saw it.
struct die_roll {
  std::uint32_t number = 0;            // 1, 2, … within the match
  std::int8_t seat = -1;               // who rolled; -1: the table
  std::uint8_t purpose = 0;            // the game's own enum of reasons to roll
  std::uint8_t sides = 6;
  std::uint8_t count = 0;              // dice in this roll, ≤ max_dice
  static constexpr int max_dice = 4;
  std::array<std::uint8_t, max_dice> faces{};
  std::int8_t modifier = 0;            // added to the faces' total
  std::uint8_t result = 0;             // the game's own enum of outcomes (0: none)

  int total() const {
    int t = modifier;
    for (int i = 0; i < count; ++i) t += faces[static_cast<std::size_t>(i)];
    return t;
  }
  friend bool operator==(const die_roll&, const die_roll&) = default;
};

// The latest rolls of a match, oldest first, in a fixed ring so the state stays flat.
template <std::size_t Keep>
class roll_record {
 public:
  // Rolls `count` dice for `seat` and remembers them; the caller sets modifier/result on the
  // returned roll when it knows them.
  // Faces set by a scenario (`fix`) are used first, in order, then the generator's.
  die_roll& roll(rng& r, int seat, std::uint8_t purpose, int count = 1, int sides = 6) {
    die_roll d;
    d.number = ++rolled_;
    d.seat = static_cast<std::int8_t>(seat);
    d.purpose = purpose;
    d.sides = static_cast<std::uint8_t>(sides);
    d.count = static_cast<std::uint8_t>(count < 1 ? 1 : count > die_roll::max_dice ? die_roll::max_dice : count);
    for (int i = 0; i < d.count; ++i)
      d.faces[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(
          fixed_used_ < fixed_count_ ? fixed_[fixed_used_++] : roll_die(r, sides));
    die_roll& slot = ring_[(rolled_ - 1) % Keep];
    slot = d;
    return slot;
  }
  // A scenario position states the next faces (tests: "the escape roll is a 6"); at most
  // max_fixed, each 1..6 (validated by the game's position check).
  static constexpr int max_fixed = 16;
  void fix(std::span<const std::uint8_t> faces) {
    fixed_count_ = static_cast<std::uint8_t>(faces.size() < max_fixed ? faces.size() : max_fixed);
    fixed_used_ = 0;
    for (int i = 0; i < fixed_count_; ++i) fixed_[static_cast<std::size_t>(i)] = faces[static_cast<std::size_t>(i)];
  }
  std::uint32_t rolled() const { return rolled_; }                  // rolls in the whole match
  std::size_t size() const { return rolled_ < Keep ? rolled_ : Keep; }
  // i = 0 the oldest kept roll.
  const die_roll& recent(std::size_t i) const { return ring_[(rolled_ - size() + i) % Keep]; }
  const die_roll* last() const { return rolled_ ? &recent(size() - 1) : nullptr; }

  friend bool operator==(const roll_record&, const roll_record&) = default;

 private:
  std::uint32_t rolled_ = 0;
  std::array<die_roll, Keep> ring_{};
  std::uint8_t fixed_count_ = 0, fixed_used_ = 0;
  std::array<std::uint8_t, max_fixed> fixed_{};
};

// The wire form; `purpose` and `result` in players' words ("escape", "escaped").
inline void to_proto(const die_roll& d, std::string_view purpose, std::string_view result, starport::v1::DiceRoll* out) {
  out->set_number(d.number);
  out->set_seat(d.seat);
  out->set_purpose(std::string(purpose));
  out->set_sides(d.sides);
  for (int i = 0; i < d.count; ++i) out->add_faces(d.faces[static_cast<std::size_t>(i)]);
  out->set_modifier(d.modifier);
  out->set_result(std::string(result));
}

}  // namespace starport::engine
