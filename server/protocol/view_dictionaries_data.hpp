#pragma once
// The dictionary files of proto/dictionaries/, as bytes in the binary: generated at build
// time by protocol/embed_dictionaries.cmake (view_dictionaries_data.cpp in the build tree).
#include <cstddef>
#include <span>

namespace starport::server::generated {

struct embedded_dictionary {
  const char* game;              // the file's name without .dict
  const char* hash;              // first 16 hex digits of the file's SHA-256
  const unsigned char* bytes;
  std::size_t size;
};

std::span<const embedded_dictionary> embedded_dictionaries();

}  // namespace starport::server::generated
