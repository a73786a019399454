#pragma once
// Building and encoding ServerMessages: every byte toward a client passes through here.
#include <cstdint>
#include <memory>
#include <string>

#include "starport/v1/protocol.pb.h"

namespace starport::server {

namespace v1 = starport::v1;
using frame_ptr = std::shared_ptr<const std::string>;

inline constexpr const char* server_version = "0.1.0";   // Welcome.server_version
// The protocol this server speaks (Hello, Welcome): raised whenever an older page would
// misread what the server now sends.
inline constexpr v1::ProtocolVersion protocol_version = v1::PROTOCOL_V3;

frame_ptr encode(const v1::ServerMessage& message);
v1::ServerMessage error_message(std::uint32_t request_id, v1::ErrorCode code, std::string detail);
frame_ptr encode_error(std::uint32_t request_id, v1::ErrorCode code, std::string detail);

std::int64_t wall_ms();   // milliseconds since the epoch, for clients (chat, deadlines)

}  // namespace starport::server
