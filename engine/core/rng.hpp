#pragma once
// The one random generator every game state owns: PCG32 (PCG-XSH-RR, 64-bit state,
// 32-bit output, M.E. O'Neill 2014), with our own bounded draw and shuffle so that the
// same seed gives the same game on every compiler and standard library. The exact
// algorithms are written down in docs/engine.md; changing them changes every replay.
#include <cstdint>
#include <utility>

namespace starport::engine {

class rng {
 public:
  rng() : rng(0) {}
  explicit rng(std::uint64_t seed, std::uint64_t stream = 0x5eed5ba11ull) {
    inc_ = (stream << 1u) | 1u;
    state_ = 0;
    next();
    state_ += seed;
    next();
  }

  std::uint32_t next() {
    std::uint64_t old = state_;
    state_ = old * 6364136223846793005ull + inc_;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }

  // Uniform in [0, bound), bound >= 1: rejection of the biased low range, then modulo.
  std::uint32_t below(std::uint32_t bound) {
    std::uint32_t threshold = (0u - bound) % bound;   // 2^32 mod bound
    for (;;) {
      std::uint32_t r = next();
      if (r >= threshold) return r % bound;
    }
  }

  // Fisher–Yates from the back: for i = n-1 … 1 swap item i with item below(i+1).
  template <class T>
  void shuffle(T* items, int n) {
    for (int i = n - 1; i > 0; --i) {
      int j = static_cast<int>(below(static_cast<std::uint32_t>(i + 1)));
      std::swap(items[i], items[j]);
    }
  }

  friend bool operator==(const rng&, const rng&) = default;

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
};

}  // namespace starport::engine
