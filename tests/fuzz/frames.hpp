#pragma once
// The request fuzzer's input format, shared with the seed writer: a sequence of frames,
// each a 2-byte little-endian header then that many bytes. The header's top bit marks a
// text frame (the server refuses those); the low 15 bits are the length. A header that
// claims more than is left takes what is left.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace starport::fuzz {

struct frame {
  std::string_view bytes;
  bool binary = true;
};

inline std::vector<frame> split_frames(const std::uint8_t* data, std::size_t size) {
  std::vector<frame> out;
  std::size_t at = 0;
  while (at + 2 <= size) {
    const unsigned header = data[at] | (unsigned{data[at + 1]} << 8);
    at += 2;
    std::size_t length = header & 0x7fffu;
    if (length > size - at) length = size - at;
    out.push_back({std::string_view(reinterpret_cast<const char*>(data) + at, length), (header & 0x8000u) == 0});
    at += length;
  }
  return out;
}

inline void append_frame(std::string& out, std::string_view bytes, bool binary = true) {
  const std::size_t length = bytes.size() & 0x7fffu;
  const unsigned header = static_cast<unsigned>(length) | (binary ? 0u : 0x8000u);
  out += static_cast<char>(header & 0xffu);
  out += static_cast<char>(header >> 8);
  out.append(bytes.substr(0, length));
}

}  // namespace starport::fuzz
