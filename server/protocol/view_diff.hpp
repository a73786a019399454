#pragma once
// Diffs between two *filtered* views of the same game (never raw state, so a diff cannot
// carry what the view hides). Generic over every game's View message: the diff works on
// the serialized bytes, top-level record by record, and never needs the schema.
//
// Format (ViewUpdate in proto/starport/v1/protocol.proto): `cleared` lists the top-level
// field numbers whose value changed; `changed` is a serialized View holding only those
// fields' new values. Applying = clear every listed field, then merge `changed`. The
// TypeScript client implements the same two steps (web-client/src/view_diff.ts).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/message.h>

namespace starport::server {

struct view_diff {
  std::string changed;
  std::vector<std::uint32_t> cleared;
  bool empty() const { return cleared.empty(); }
};

// Two serializations of the same message type. A field counts as changed when the bytes
// of its records differ, which for protobuf's serializer (fields in number order,
// repeated elements in order) means its value differs. Nothing when either input is not
// well-formed protobuf wire data.
std::optional<view_diff> diff_encoded(std::string_view before, std::string_view after);

// Precondition: both messages have the same descriptor.
view_diff diff_views(const google::protobuf::Message& before, const google::protobuf::Message& after);

// Applies a diff to a serialized view: drops the records of every cleared field, merges
// in `changed`. False (and `view` untouched) when either is not well-formed wire data.
bool apply_encoded(std::string& view, std::string_view changed, std::span<const std::uint32_t> cleared);

// The same on a message. False (and `view` untouched) when `cleared` names a field the
// message lacks or `changed` does not parse as this message.
bool apply_diff(google::protobuf::Message& view, const std::string& changed,
                std::span<const std::uint32_t> cleared);

}  // namespace starport::server
