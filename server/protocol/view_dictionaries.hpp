#pragma once
// Packed views (docs/protocol.md, "Packed views"): a view update compressed alone, as raw
// deflate with a preset dictionary of its game's, trained on that game's own updates
// (`starport train-dictionary`) and built into the binary from proto/dictionaries/.
// Alone, because a frame is shared by its whole audience and must not depend on what else
// one connection was sent; a dictionary gives it the context a stream would have had.
// Shared by the server (packing), and the load generator and the tests (unpacking).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <google/protobuf/repeated_ptr_field.h>

namespace starport::server {

struct view_dictionary {
  std::string_view game;        // registry id
  std::string_view hash;        // first 16 hex digits of the file's SHA-256: what Hello names
  std::uint32_t id = 0;         // 1–31: the file's first byte, and every packed frame's
  std::string_view bytes;       // the preset dictionary: the file after its first byte
  // "game:hash", as a client names it in Hello.dictionaries.
  std::string name() const { return std::string(game) + ":" + std::string(hash); }
};

// Every dictionary built into this binary, each game at most once.
std::span<const view_dictionary> view_dictionaries();
const view_dictionary* find_view_dictionary(std::string_view game);

// Hello.dictionaries → the set of dictionary IDs this server shares with the client, one
// bit per ID (IDs are 1–31). Entries naming another hash, an unknown game, or past the
// limits (16 entries, 64 bytes each) are ignored.
std::uint32_t accepted_dictionaries(const google::protobuf::RepeatedPtrField<std::string>& names);

// A dictionary's most bytes (proto/dictionaries/README.md): more found little more, and a
// frame's matches then stay within 4 KiB before it.
inline constexpr std::size_t max_dictionary_size = 4096;

// `update` (an encoded ViewUpdate) packed against `dict` (a built-in one, or any other
// whose bytes outlive the thread) into `out` (replacing it): the
// dictionary's ID, then the update as raw deflate (RFC 1951) with the dictionary preset
// (preset_deflate.hpp; zlib for an update of 8 KiB or more, a snapshot with its log).
void pack_view(const view_dictionary& dict, std::string_view update, std::string& out);

// The reverse, for clients: the dictionary is the one the frame names. False (and `out`
// unspecified) when the bytes are not such a frame, name no dictionary built in, or
// inflate to more than `max_size` bytes.
bool unpack_view(std::string_view packed, std::string& out, std::size_t max_size = 1 << 20);

}  // namespace starport::server
