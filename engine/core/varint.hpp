#pragma once
// Base-128 varints, as protobuf writes them (7 bits a byte, low bits first, the high bit set
// on every byte but the last), for the formats of our own that are not protobuf messages:
// view patches and frame envelopes, the match log's lengths, the journal index's steps.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace starport::engine {

// Appends `value` to `out` (any container of char with push_back).
template <class Out>
void put_varint(Out& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

// Reads the varint at `at` and moves past it; false (at moved, value partial) when the
// bytes end first or it runs past 64 bits.
inline bool read_varint(std::string_view bytes, std::size_t& at, std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64 && at < bytes.size(); shift += 7) {
    const auto byte = static_cast<std::uint8_t>(bytes[at++]);
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

}  // namespace starport::engine
