#include "server/protocol/messages.hpp"
#include "server/protocol/frames.hpp"

#include <chrono>

namespace starport::server {

frame_ptr encode(const v1::ServerMessage& message) {
  auto out = std::make_shared<std::string>();
  message.SerializeToString(out.get());
  return out;
}

frame_ptr with_request_id(const std::string& plain, std::uint32_t request_id) {
  static_assert(v1::ServerMessage::kRequestIdFieldNumber == 1);
  auto out = std::make_shared<std::string>();
  out->reserve(plain.size() + 6);
  out->push_back(static_cast<char>(0x08));   // field 1, varint
  for (std::uint32_t v = request_id; ; v >>= 7) {
    if (v < 0x80) {
      out->push_back(static_cast<char>(v));
      break;
    }
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
  }
  out->append(plain);
  return out;
}

v1::ServerMessage error_message(std::uint32_t request_id, v1::ErrorCode code, std::string detail) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  m.mutable_error()->set_code(code);
  m.mutable_error()->set_detail(std::move(detail));
  return m;
}

frame_ptr encode_error(std::uint32_t request_id, v1::ErrorCode code, std::string detail) {
  return encode(error_message(request_id, code, std::move(detail)));
}

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace starport::server
