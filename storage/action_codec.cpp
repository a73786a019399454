#include "storage/action_codec.hpp"

#include <cstdint>
#include <string>

#include "storage/sqlite_error.hpp"

namespace starport::storage {

void check_argc(const engine::action& move) {
  if (move.argc > engine::max_action_args)
    reject("append_action", "argc " + std::to_string(move.argc) + " exceeds " +
                                std::to_string(engine::max_action_args));
}

std::string encode_args(const engine::action& move) {
  check_argc(move);
  std::string bytes;
  bytes.reserve(std::size_t{4} * move.argc);
  for (int i = 0; i < move.argc; ++i) {
    const auto v = static_cast<std::uint32_t>(move.args[static_cast<std::size_t>(i)]);
    for (int shift = 0; shift < 32; shift += 8)
      bytes.push_back(static_cast<char>((v >> shift) & 0xffu));
  }
  return bytes;
}

void decode_args(std::string_view bytes, engine::action& move) {
  if (bytes.size() % 4 != 0 || bytes.size() / 4 > static_cast<std::size_t>(engine::max_action_args))
    reject("read actions", "malformed args blob of " + std::to_string(bytes.size()) + " bytes");
  move.argc = static_cast<std::uint8_t>(bytes.size() / 4);
  move.args = {};
  for (std::size_t i = 0; i < move.argc; ++i) {
    std::uint32_t v = 0;
    for (std::size_t b = 0; b < 4; ++b)
      v |= std::uint32_t{static_cast<unsigned char>(bytes[4 * i + b])} << (8 * b);
    move.args[i] = static_cast<std::int32_t>(v);
  }
}

}  // namespace starport::storage
