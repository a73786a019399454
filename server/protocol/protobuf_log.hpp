// Protobuf's own log lines, kept from flooding the operator's log.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace starport::server {

// Protobuf logs an ERROR line for every message whose string field is not UTF-8, and any
// client can send such messages (each is already refused with MALFORMED_MESSAGE). From
// here on at most `per_window` of its lines per `window` reach `sink` (stderr by
// default); the rest are counted, and the count is written before the first line of a later
// window.
// Fatal lines always pass. Process-wide, like protobuf's handler itself.
void limit_protobuf_log(int per_window = 10, std::chrono::seconds window = std::chrono::seconds(60),
                        std::function<void(const std::string&)> sink = {});

// Protobuf's default handler again (for tests).
void restore_protobuf_log();

}  // namespace starport::server
