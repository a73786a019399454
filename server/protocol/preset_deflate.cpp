#include "server/protocol/preset_deflate.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

namespace starport::server {
namespace {

constexpr int hash_bits = 12;
constexpr std::size_t hash_size = std::size_t{1} << hash_bits;
constexpr int min_match = 3, max_match = 258;
constexpr std::size_t max_distance = 32768;
constexpr int max_chain = 16;   // candidates tried per position, in the dictionary and in the frame

std::uint32_t hash3(const unsigned char* p) {
  const std::uint32_t v = std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16;
  return (v * 2654435761u) >> (32 - hash_bits);
}

// RFC 1951 3.2.5: the length codes 257–285 and distance codes 0–29, with their extra bits.
constexpr std::array<int, 29> length_base{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
                                          31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<int, 29> length_extra{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<int, 30> distance_base{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                            193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                                            6145, 8193, 12289, 16385, 24577};
constexpr std::array<int, 30> distance_extra{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

// Bits LSB first, as deflate packs them; Huffman codes go in reversed (3.1.1).
class bit_writer {
 public:
  explicit bit_writer(std::string& out) : out_(out) {}
  void bits(std::uint32_t value, int count) {
    acc_ |= std::uint64_t(value) << used_;
    used_ += count;
    while (used_ >= 8) {
      out_.push_back(static_cast<char>(acc_ & 0xff));
      acc_ >>= 8;
      used_ -= 8;
    }
  }
  void finish() {
    if (used_ > 0) out_.push_back(static_cast<char>(acc_ & 0xff));
  }

 private:
  std::string& out_;
  std::uint64_t acc_ = 0;
  int used_ = 0;
};

// A Huffman code as it goes into the stream: most significant bit first, so reversed.
struct code {
  std::uint16_t bits = 0;
  std::uint8_t length = 0;
};

constexpr code reversed(std::uint32_t value, int length) {
  std::uint32_t out = 0;
  for (int i = 0; i < length; ++i) out |= ((value >> i) & 1u) << (length - 1 - i);
  return {static_cast<std::uint16_t>(out), static_cast<std::uint8_t>(length)};
}

// The fixed literal/length code (3.2.6), every symbol's reversed once.
constexpr std::array<code, 288> fixed_codes = [] {
  std::array<code, 288> out{};
  for (std::uint32_t s = 0; s < 288; ++s)
    out[s] = s < 144 ? reversed(0x30 + s, 8) : s < 256 ? reversed(0x190 + (s - 144), 9)
           : s < 280 ? reversed(s - 256, 7) : reversed(0xc0 + (s - 280), 8);
  return out;
}();
constexpr std::array<code, 30> distance_codes = [] {   // fixed: five bits each
  std::array<code, 30> out{};
  for (std::uint32_t d = 0; d < 30; ++d) out[d] = reversed(d, 5);
  return out;
}();

void literal_or_length(bit_writer& w, int symbol) {
  const code c = fixed_codes[static_cast<std::size_t>(symbol)];
  w.bits(c.bits, c.length);
}

void match(bit_writer& w, int length, std::size_t distance) {
  int l = 28;
  while (length_base[l] > length) --l;
  literal_or_length(w, 257 + l);
  w.bits(static_cast<std::uint32_t>(length - length_base[l]), length_extra[l]);
  int d = 29;
  while (distance_base[d] > static_cast<int>(distance)) --d;
  w.bits(distance_codes[static_cast<std::size_t>(d)].bits, 5);
  w.bits(static_cast<std::uint32_t>(distance - distance_base[d]), distance_extra[d]);
}

// How many bytes from `a` and `b` on are equal, up to `limit`: eight at a time, then one at a
// time (both may be read `limit` bytes on).
int common_length(const unsigned char* a, const unsigned char* b, int limit) {
  int len = 0;
  for (; len + 8 <= limit; len += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + len, 8);
    std::memcpy(&y, b + len, 8);
    if (x != y) {   // the first byte that differs: the lowest on a little-endian machine
      const int bits = std::endian::native == std::endian::little ? std::countr_zero(x ^ y) : std::countl_zero(x ^ y);
      return len + bits / 8;
    }
  }
  while (len < limit && a[len] == b[len]) ++len;
  return len;
}

}  // namespace

preset_deflate::preset_deflate(std::string_view dictionary)
    : dictionary_(dictionary), head_(hash_size, -1), prev_(dictionary.size(), -1) {
  if (dictionary.size() > max_dictionary) throw std::logic_error("preset_deflate: dictionary too long");
  const auto* d = reinterpret_cast<const unsigned char*>(dictionary_.data());
  for (std::size_t i = 0; i + min_match <= dictionary_.size(); ++i) {
    const std::uint32_t h = hash3(d + i);
    prev_[i] = head_[h];
    head_[h] = static_cast<std::int32_t>(i);
  }
}

void preset_deflate::deflate(std::string_view input, std::string& out) const {
  const auto* in = reinterpret_cast<const unsigned char*>(input.data());
  const auto* dict = reinterpret_cast<const unsigned char*>(dictionary_.data());
  const std::size_t n = input.size(), dict_size = dictionary_.size();
  // The frame's own hash chains, reused between calls: a stamp per slot tells this call's
  // entries from older ones, so nothing is cleared.
  thread_local std::vector<std::uint32_t> stamps(hash_size, 0);
  thread_local std::vector<std::int32_t> heads(hash_size, -1);
  thread_local std::vector<std::int32_t> prevs;
  thread_local std::uint32_t calls = 0;
  // Plain references for the loops below: each use of a thread_local itself goes through
  // its initialisation check.
  std::vector<std::uint32_t>& stamp = stamps;
  std::vector<std::int32_t>& head = heads;
  std::vector<std::int32_t>& prev = prevs;
  if (++calls == 0) {   // wrapped: start the stamps afresh
    std::fill(stamp.begin(), stamp.end(), 0);
    calls = 1;
  }
  const std::uint32_t call = calls;
  prev.resize(n);
  std::size_t inserted = 0;   // frame positions hashed so far
  auto insert_up_to = [&](std::size_t end) {
    for (; inserted < end && inserted + min_match <= n; ++inserted) {
      const std::uint32_t h = hash3(in + inserted);
      prev[inserted] = stamp[h] == call ? head[h] : -1;
      stamp[h] = call;
      head[h] = static_cast<std::int32_t>(inserted);
    }
  };
  // The longest match for the frame's position `i`: its length (0: none) and distance.
  auto longest = [&](std::size_t i, std::size_t& distance) {
    if (i + min_match > n) return 0;
    const int limit = static_cast<int>(std::min<std::size_t>(max_match, n - i));
    const std::uint32_t h = hash3(in + i);
    int best = 0;
    // Earlier in the frame (the chain holds positions before i: i itself is not inserted yet).
    std::int32_t p = stamp[h] == call ? head[h] : -1;
    for (int tries = 0; p >= 0 && tries < max_chain && i - static_cast<std::size_t>(p) <= max_distance;
         ++tries, p = prev[static_cast<std::size_t>(p)]) {
      const unsigned char* c = in + p;
      if (best > 0 && c[best] != in[i + static_cast<std::size_t>(best)]) continue;   // cannot be longer
      const int len = common_length(c, in + i, limit);
      if (len > best) {
        best = len;
        distance = i - static_cast<std::size_t>(p);
        if (len == limit) return best;
      }
    }
    // In the dictionary: a match may run from its end on into the frame's first bytes.
    p = head_[h];
    for (int tries = 0; p >= 0 && tries < max_chain; ++tries, p = prev_[static_cast<std::size_t>(p)]) {
      const std::size_t from = static_cast<std::size_t>(p);
      const std::size_t dist = dict_size - from + i;
      if (dist > max_distance) break;   // chains go from the end back: the rest are farther
      auto at = [&](std::size_t k) { return from + k < dict_size ? dict[from + k] : in[from + k - dict_size]; };
      if (best > 0 && at(static_cast<std::size_t>(best)) != in[i + static_cast<std::size_t>(best)]) continue;
      // Within the dictionary, then on into the frame.
      const int in_dict = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(limit), dict_size - from));
      int len = common_length(dict + from, in + i, in_dict);
      if (len == in_dict) len += common_length(in, in + i + static_cast<std::size_t>(in_dict), limit - in_dict);
      if (len > best) {
        best = len;
        distance = dist;
        if (len == limit) return best;
      }
    }
    return best >= min_match ? best : 0;
  };

  bit_writer w(out);
  w.bits(1, 1);   // BFINAL: the only block
  w.bits(1, 2);   // BTYPE 01: fixed Huffman codes
  std::size_t i = 0;
  // The lazy step's look at i + 1 when it won: the next round would find the same again.
  int ahead = -1;
  std::size_t ahead_distance = 0;
  while (i < n) {
    insert_up_to(i);
    std::size_t distance = 0;
    int length = 0;
    if (ahead >= 0) {
      length = ahead;
      distance = ahead_distance;
      ahead = -1;
    } else {
      length = longest(i, distance);
    }
    if (length > 0 && length < max_match) {
      // One step of lazy matching: a longer match from the next byte wins over this one.
      insert_up_to(i + 1);
      std::size_t next_distance = 0;
      const int next = longest(i + 1, next_distance);
      if (next > length) {
        length = 0;
        ahead = next;
        ahead_distance = next_distance;
      }
    }
    if (length == 0) {
      literal_or_length(w, in[i]);
      ++i;
    } else {
      match(w, length, distance);
      i += static_cast<std::size_t>(length);
    }
  }
  literal_or_length(w, 256);   // end of block
  w.finish();
}

}  // namespace starport::server
