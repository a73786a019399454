#include "server/protocol/messages.hpp"
#include "server/protocol/frames.hpp"

#include <algorithm>
#include <chrono>

#include "engine/core/varint.hpp"

namespace starport::server {

frame_ptr encode(const v1::ServerMessage& message) {
  auto out = std::make_shared<std::string>();
  message.SerializeToString(out.get());
  return out;
}

namespace {

using engine::put_varint;

// A ServerMessage with only `field` (length-delimited, key below 16): key, length, bytes.
frame_ptr encoded_field(int field, std::string_view bytes) {
  auto out = std::make_shared<std::string>();
  out->reserve(bytes.size() + 6);
  out->push_back(static_cast<char>(field << 3 | 2));
  put_varint(*out, bytes.size());
  out->append(bytes);
  return out;
}

}  // namespace

frame_ptr with_request_id(const std::string& plain, std::uint32_t request_id) {
  static_assert(v1::ServerMessage::kRequestIdFieldNumber == 1);
  auto out = std::make_shared<std::string>();
  out->reserve(plain.size() + 6);
  out->push_back(static_cast<char>(0x08));   // field 1, varint
  put_varint(*out, request_id);
  out->append(plain);
  return out;
}

std::size_t stream_prefix(std::uint32_t handle, std::array<unsigned char, 6>& out) {
  static_assert(v1::ServerMessage::kStreamFieldNumber < 16);   // its key is one byte
  if (handle == 0) return 0;   // proto3's default: unsent
  std::string bytes;
  bytes.push_back(static_cast<char>(v1::ServerMessage::kStreamFieldNumber << 3));   // varint
  put_varint(bytes, handle);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return bytes.size();
}

view_frames::view_frames(const v1::ViewUpdate& update, const view_dictionary* dictionary)
    : dictionary_(dictionary) {
  update.SerializeToString(&update_);
}

const frame_ptr& view_frames::for_session(const session_ref& to) {
  static_assert(v1::ServerMessage::kViewFieldNumber < 16 && v1::ServerMessage::kPackedViewFieldNumber < 16);
  if (dictionary_ && (to.dictionaries >> dictionary_->id & 1u)) {
    if (!packed_) {
      thread_local std::string packed;
      pack_view(*dictionary_, update_, packed);
      // A few bytes of update gain nothing from a dictionary and would grow by the frame's
      // header: those go plain, which every client reads too.
      if (packed.size() < update_.size()) packed_ = encoded_field(v1::ServerMessage::kPackedViewFieldNumber, packed);
      else packed_ = plain();
    }
    return packed_;
  }
  return plain();
}

const frame_ptr& view_frames::plain() {
  if (!plain_) plain_ = encoded_field(v1::ServerMessage::kViewFieldNumber, update_);
  return plain_;
}

frame_ptr with_welcome_fields(v1::ServerMessage message, const std::string& welcome_fields) {
  static_assert(v1::ServerMessage::kWelcomeFieldNumber < 16);   // its key is one byte
  const std::string welcome = message.welcome().SerializeAsString();
  message.clear_welcome();
  auto out = std::make_shared<std::string>();
  out->reserve(message.ByteSizeLong() + 6 + welcome.size() + welcome_fields.size());
  message.AppendToString(out.get());
  out->push_back(static_cast<char>(v1::ServerMessage::kWelcomeFieldNumber << 3 | 2));   // length-delimited
  put_varint(*out, welcome.size() + welcome_fields.size());
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
