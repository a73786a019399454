#include "server/protocol/messages.hpp"
#include "server/protocol/frames.hpp"

#include <algorithm>
#include <chrono>

namespace starport::server {

frame_ptr encode(const v1::ServerMessage& message) {
  auto out = std::make_shared<std::string>();
  message.SerializeToString(out.get());
  return out;
}

namespace {

void append_varint(std::string& out, std::uint64_t v) {
  for (;; v >>= 7) {
    if (v < 0x80) {
      out.push_back(static_cast<char>(v));
      return;
    }
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
  }
}

}  // namespace

frame_ptr with_request_id(const std::string& plain, std::uint32_t request_id) {
  static_assert(v1::ServerMessage::kRequestIdFieldNumber == 1);
  auto out = std::make_shared<std::string>();
  out->reserve(plain.size() + 6);
  out->push_back(static_cast<char>(0x08));   // field 1, varint
  append_varint(*out, request_id);
  out->append(plain);
  return out;
}

std::size_t stream_prefix(std::uint32_t handle, std::array<unsigned char, 6>& out) {
  static_assert(v1::ServerMessage::kStreamFieldNumber < 16);   // its key is one byte
  if (handle == 0) return 0;   // proto3's default: unsent
  std::string bytes;
  bytes.push_back(static_cast<char>(v1::ServerMessage::kStreamFieldNumber << 3));   // varint
  append_varint(bytes, handle);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return bytes.size();
}

frame_ptr with_welcome_fields(v1::ServerMessage message, const std::string& welcome_fields) {
  static_assert(v1::ServerMessage::kWelcomeFieldNumber < 16);   // its key is one byte
  const std::string welcome = message.welcome().SerializeAsString();
  message.clear_welcome();
  auto out = std::make_shared<std::string>();
  out->reserve(message.ByteSizeLong() + 6 + welcome.size() + welcome_fields.size());
  message.AppendToString(out.get());
  out->push_back(static_cast<char>(v1::ServerMessage::kWelcomeFieldNumber << 3 | 2));   // length-delimited
  append_varint(*out, welcome.size() + welcome_fields.size());
  out->append(welcome);
  out->append(welcome_fields);
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
