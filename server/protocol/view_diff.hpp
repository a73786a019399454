#pragma once
// Field-level diffs between two *filtered* views of the same game (never raw state, so a
// diff cannot carry what the view hides). Generic over every game's View message: the diff
// walks the two serializations record by record, with the message's descriptor saying
// which records are nested messages (diffed in turn), which are lists (diffed element by
// element) and which are plain values.
//
// The patch format (docs/protocol.md, "Views and diffs"; ViewUpdate.patch): a sequence of
// entries in increasing field number, each a varint key `field << 2 | op`:
//   op 0 SET    the field's new value in its wire encoding (varint, 4 or 8 bytes, or
//               length-prefixed; a packed list is one length-prefixed value)
//   op 1 CLEAR  no payload: the field goes back to its default (a list to empty)
//   op 2 PATCH  a length-prefixed patch of the nested message (an absent one starts empty)
//   op 3 LIST   a length-prefixed list patch of a repeated string, bytes or message field:
//               varint new length, then element entries in increasing index, each a
//               varint key `index << 2 | op`:
//                 0 SET    the element, length-prefixed
//                 1 PATCH  a length-prefixed patch of the element that was at `index`
//                 2 COPY   varint from, varint count: elements [index, index+count) are
//                          the old [from, from+count) (an insertion does not resend the tail)
//                 3 MOVE   varint from, then a length-prefixed patch of the old element
//                          `from` (a card that moved and changed, matched by its `id`)
//               Elements not named keep the old element at their index; an index past the
//               old length must be named (a PATCH there starts from an empty element).
// BASE: a message's patch may begin with key 0 (no field is numbered 0), then a varint id:
// it then starts from the old view's message of the same type whose stable `id` that is
// (the first in serialization order), not from the message at its place, so a card that
// moved from one list or field to another is not resent whole.
// Applying a patch reproduces the serialization of `after` byte for byte. The TypeScript
// client implements the same steps (web-client/src/view_diff.ts).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "engine/core/varint.hpp"

namespace starport::server {

// Reads one protobuf varint of `bytes` at `at` (advanced past it). False when it runs off the
// end or past 64 bits. Shared with whatever else reads patches (loadgen's byte breakdown).
using engine::read_varint;

// The patch from `before` to `after`, two serializations of `type` as protobuf's serializer
// writes them (fields in number order, one record per singular field, numeric lists
// packed). Empty when nothing changed. Nothing when either input is not such data (then
// send a snapshot instead).
std::optional<std::string> diff_encoded(std::string_view before, std::string_view after,
                                        const google::protobuf::Descriptor& type);

// Precondition: both messages have the same descriptor.
std::string diff_views(const google::protobuf::Message& before, const google::protobuf::Message& after);

// Applies a patch to a serialization of `type`. False (and `view` untouched) when the
// patch is malformed, names a field the type lacks, uses an op the field's kind does not
// take, or leaves a list with a gap.
bool apply_encoded(std::string& view, std::string_view patch, const google::protobuf::Descriptor& type);

// The same on a message. False (and `view` untouched) also when the result does not parse.
bool apply_diff(google::protobuf::Message& view, std::string_view patch);

}  // namespace starport::server
