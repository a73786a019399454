#pragma once
// A fixed-capacity stack of small card ids, the top at the back. Shared by every game so
// states stay flat, trivially copyable values (a copy is one memcpy).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace starport::engine {

template <std::size_t Capacity, class Card = std::uint8_t>
struct pile {
  static_assert(Capacity <= 255, "size is a byte");
  std::uint8_t size = 0;
  std::array<Card, Capacity> cards{};

  bool empty() const { return size == 0; }
  Card top() const { return cards[size - 1]; }
  Card pop() { return cards[--size]; }
  void push(Card c) { cards[size++] = c; }
  // Removes card i, keeping the order of the rest.
  Card take(int i) {
    Card c = cards[i];
    for (int k = i; k + 1 < size; ++k) cards[k] = cards[k + 1];
    --size;
    return c;
  }
  std::span<const Card> items() const { return {cards.data(), size}; }
  // Only the cards in the pile count; slots past `size` are leftovers.
  friend bool operator==(const pile& a, const pile& b) {
    if (a.size != b.size) return false;
    for (int i = 0; i < a.size; ++i)
      if (a.cards[i] != b.cards[i]) return false;
    return true;
  }
};

}  // namespace starport::engine
