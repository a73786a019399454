#pragma once
// Frames put together from frames already encoded, instead of encoding a message again.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "server/protocol/messages.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/session/request.hpp"

namespace starport::server {

// `plain` (an encoded ServerMessage without a request id) as the answer to `request_id`:
// request_id is field 1, and protobuf takes fields in any order, so the id's few bytes
// go in front of the bytes already encoded.
frame_ptr with_request_id(const std::string& plain, std::uint32_t request_id);

// ServerMessage.stream (a connection's handle for a match) as bytes to write in front of
// a match's frame, encoded once for its whole audience: protobuf takes fields in any
// order. Into `out`, its size returned: nothing for handle 0 (unsent), else 2 to 6 bytes.
std::size_t stream_prefix(std::uint32_t handle, std::array<unsigned char, 6>& out);

// One view update's frames for a match's audience, each built at most once and only if some
// connection takes it: as ServerMessage.view, and as packed_view for the connections that
// unpack the game's dictionary (docs/protocol.md, "Packed views").
class view_frames {
 public:
  // `dictionary`: the match's game's, or null (the game has none: every frame plain).
  view_frames(const v1::ViewUpdate& update, const view_dictionary* dictionary);
  const frame_ptr& for_session(const session_ref& to);
  // Whether `frame` (one for_session gave) is the packed one.
  bool is_packed(const frame_ptr& frame) const { return frame == packed_ && packed_ != plain_; }

 private:
  const frame_ptr& plain();
  std::string update_;   // the ViewUpdate, encoded once
  const view_dictionary* dictionary_;
  frame_ptr plain_, packed_;
};

// `message` (a Welcome) with `welcome_fields` (encoded Welcome fields, the same for every
// Welcome: the game catalog) added to its Welcome: a length-delimited field may hold its
// fields in any order, so the shared bytes are appended instead of copied in and encoded.
frame_ptr with_welcome_fields(v1::ServerMessage message, const std::string& welcome_fields);

}  // namespace starport::server
