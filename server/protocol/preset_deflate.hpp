#pragma once
// Raw deflate (RFC 1951) of small inputs against a fixed preset dictionary, for packed views
// (view_dictionaries.hpp). zlib would copy or rebuild its whole primed state for every frame,
// which costs more than coding a small update (docs/capacity-measurements.md, "A preset
// dictionary per game"); here the dictionary's hash chains are built once and shared
// read-only by every thread, and a frame costs only its own bytes. One block of the fixed
// Huffman codes, which is what a frame of tens of bytes is best coded with anyway (a block's
// own code tables would cost more than they save). Any inflater reads it, given the
// dictionary: zlib's inflateSetDictionary, fflate's `dictionary` option.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace starport::server {

class preset_deflate {
 public:
  static constexpr std::size_t max_dictionary = 32768 - 258;   // every byte within reach
  explicit preset_deflate(std::string_view dictionary);
  // Appends `in`, deflated as one final block, to `out`.
  void deflate(std::string_view in, std::string& out) const;

 private:
  std::string dictionary_;
  std::vector<std::int32_t> head_;   // per hash, the dictionary's last position with it, or -1
  std::vector<std::int32_t> prev_;   // per dictionary position, the one before with its hash, or -1
};

}  // namespace starport::server
