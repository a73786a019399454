#pragma once
// A game's card ids on the wire (Card.id, and the argument that names a card in an action).
// A copy's id is its number as dealt (copy + 1) until the game renews it: the next fresh
// number, given when the copy comes out of a pile where nobody else can follow one copy
// among others of its kind (a Hand, a face-down locker or Pile). A kept id would tell which
// copy came out (the one the table saw go in, or another) and so what the pile still holds;
// a number given on the way out says nothing about when the copy went in either.
#include <array>
#include <cstddef>
#include <cstdint>

namespace starport::engine {

template <std::size_t Copies>
class card_ids {
 public:
  // The id of `copy` now (a copy past the table keeps copy + 1: size the table for the game).
  std::int32_t of(std::size_t copy) const {
    return copy < Copies ? ids_[copy] : static_cast<std::int32_t>(copy) + 1;
  }

  // The copy `id` names now among the first `count` copies; -1 when none (never, or no longer).
  int copy_of(std::int32_t id, std::size_t count) const {
    if (id <= 0) return -1;
    const auto dealt = static_cast<std::size_t>(id - 1);
    if (dealt < count && of(dealt) == id) return static_cast<int>(dealt);   // most cards: as dealt
    for (std::size_t c = 0; c < count && c < Copies; ++c)
      if (ids_[c] == id) return static_cast<int>(c);
    return -1;
  }

  // `copy` comes out where others may see it: the next fresh id (past the last one, the old
  // one stays; no match comes near 65,000 renewals).
  void renew(std::size_t copy) {
    if (copy < Copies && next_ < 0xffff) ids_[copy] = next_++;
  }

  friend bool operator==(const card_ids&, const card_ids&) = default;

 private:
  static constexpr std::array<std::uint16_t, Copies> as_dealt() {
    std::array<std::uint16_t, Copies> ids{};
    for (std::size_t c = 0; c < Copies; ++c) ids[c] = static_cast<std::uint16_t>(c + 1);
    return ids;
  }
  static_assert(Copies < 0xffff, "fresh ids start past the copies");

  std::array<std::uint16_t, Copies> ids_ = as_dealt();
  std::uint16_t next_ = static_cast<std::uint16_t>(Copies + 1);
};

}  // namespace starport::engine
