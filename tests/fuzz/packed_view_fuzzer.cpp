// libFuzzer target: packed views (server/protocol/view_dictionaries.hpp, preset_deflate.hpp).
// The input, whatever it is, is packed against a dictionary (chosen by its first byte) and
// must unpack to itself; and the input read as a packed frame must never crash the reader
// (a client's), whatever it says.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/protocol/view_dictionaries.hpp"

namespace server = starport::server;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string out;
  server::unpack_view(in, out, 1 << 16);   // any bytes: refused or read, never a crash
  const auto dictionaries = server::view_dictionaries();
  if (dictionaries.empty() || size == 0) return 0;
  const server::view_dictionary& dict = dictionaries[data[0] % dictionaries.size()];
  std::string packed, back;
  server::pack_view(dict, in.substr(1), packed);
  if (!server::unpack_view(packed, back, 1 << 20) || back != in.substr(1)) std::abort();
  return 0;
}
