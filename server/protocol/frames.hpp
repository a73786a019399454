#pragma once
// Frames put together from frames already encoded, instead of encoding a message again.
#include <cstdint>
#include <string>

#include "server/protocol/messages.hpp"

namespace starport::server {

// `plain` (an encoded ServerMessage without a request id) as the answer to `request_id`:
// request_id is field 1, and protobuf takes fields in any order, so the id's few bytes
// go in front of the bytes already encoded.
frame_ptr with_request_id(const std::string& plain, std::uint32_t request_id);

}  // namespace starport::server
