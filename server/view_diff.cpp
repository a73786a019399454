#include "server/view_diff.hpp"

#include <cstring>
#include <memory>
#include <unordered_map>

#include <google/protobuf/descriptor.h>

namespace starport::server {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

bool equal_messages(const Message& a, const Message& b);

// Floating point compares by bit pattern: a diff must reproduce -0.0 and NaN payloads
// exactly, and "equal" here means "serializes the same".
template <class T>
bool same_bits(T x, T y) {
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

bool equal_singular(const Message& a, const Message& b, const Reflection& ra,
                    const Reflection& rb, const FieldDescriptor* f) {
  // Presence first: an absent submessage differs from an empty one, and a oneof member
  // that moved to another case differs even when both read as the default.
  if (f->has_presence() && ra.HasField(a, f) != rb.HasField(b, f)) return false;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: return ra.GetInt32(a, f) == rb.GetInt32(b, f);
    case FieldDescriptor::CPPTYPE_INT64: return ra.GetInt64(a, f) == rb.GetInt64(b, f);
    case FieldDescriptor::CPPTYPE_UINT32: return ra.GetUInt32(a, f) == rb.GetUInt32(b, f);
    case FieldDescriptor::CPPTYPE_UINT64: return ra.GetUInt64(a, f) == rb.GetUInt64(b, f);
    case FieldDescriptor::CPPTYPE_DOUBLE: return same_bits(ra.GetDouble(a, f), rb.GetDouble(b, f));
    case FieldDescriptor::CPPTYPE_FLOAT: return same_bits(ra.GetFloat(a, f), rb.GetFloat(b, f));
    case FieldDescriptor::CPPTYPE_BOOL: return ra.GetBool(a, f) == rb.GetBool(b, f);
    case FieldDescriptor::CPPTYPE_ENUM: return ra.GetEnumValue(a, f) == rb.GetEnumValue(b, f);
    case FieldDescriptor::CPPTYPE_STRING: {
      std::string sa, sb;   // scratch only used for non-string_view-backed ctypes (Cord)
      return ra.GetStringReference(a, f, &sa) == rb.GetStringReference(b, f, &sb);
    }
    case FieldDescriptor::CPPTYPE_MESSAGE:
      return equal_messages(ra.GetMessage(a, f), rb.GetMessage(b, f));
  }
  return false;
}

bool equal_element(const Message& a, const Message& b, const Reflection& ra,
                   const Reflection& rb, const FieldDescriptor* f, int i) {
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      return ra.GetRepeatedInt32(a, f, i) == rb.GetRepeatedInt32(b, f, i);
    case FieldDescriptor::CPPTYPE_INT64:
      return ra.GetRepeatedInt64(a, f, i) == rb.GetRepeatedInt64(b, f, i);
    case FieldDescriptor::CPPTYPE_UINT32:
      return ra.GetRepeatedUInt32(a, f, i) == rb.GetRepeatedUInt32(b, f, i);
    case FieldDescriptor::CPPTYPE_UINT64:
      return ra.GetRepeatedUInt64(a, f, i) == rb.GetRepeatedUInt64(b, f, i);
    case FieldDescriptor::CPPTYPE_DOUBLE:
      return same_bits(ra.GetRepeatedDouble(a, f, i), rb.GetRepeatedDouble(b, f, i));
    case FieldDescriptor::CPPTYPE_FLOAT:
      return same_bits(ra.GetRepeatedFloat(a, f, i), rb.GetRepeatedFloat(b, f, i));
    case FieldDescriptor::CPPTYPE_BOOL:
      return ra.GetRepeatedBool(a, f, i) == rb.GetRepeatedBool(b, f, i);
    case FieldDescriptor::CPPTYPE_ENUM:
      return ra.GetRepeatedEnumValue(a, f, i) == rb.GetRepeatedEnumValue(b, f, i);
    case FieldDescriptor::CPPTYPE_STRING: {
      std::string sa, sb;
      return ra.GetRepeatedStringReference(a, f, i, &sa) ==
             rb.GetRepeatedStringReference(b, f, i, &sb);
    }
    case FieldDescriptor::CPPTYPE_MESSAGE:
      return equal_messages(ra.GetRepeatedMessage(a, f, i), rb.GetRepeatedMessage(b, f, i));
  }
  return false;
}

bool equal_fields(const Message& a, const Message& b, const FieldDescriptor* f) {
  const Reflection& ra = *a.GetReflection();
  const Reflection& rb = *b.GetReflection();
  if (!f->is_repeated()) return equal_singular(a, b, ra, rb, f);
  // Maps are repeated entry messages too; views carry none, and the element-wise order
  // comparison is exact (if stricter than needed) for them.
  int n = ra.FieldSize(a, f);
  if (n != rb.FieldSize(b, f)) return false;
  for (int i = 0; i < n; ++i)
    if (!equal_element(a, b, ra, rb, f, i)) return false;
  return true;
}

// Walks every declared field instead of ListFields(): no vector per call, and proto3
// scalars compare by value whether or not they are set.
bool equal_messages(const Message& a, const Message& b) {
  const Descriptor* d = a.GetDescriptor();
  for (int i = 0, n = d->field_count(); i < n; ++i)
    if (!equal_fields(a, b, d->field(i))) return false;
  return true;
}

void copy_element(const Message& from, Message& to, const Reflection& rf, const Reflection& rt,
                  const FieldDescriptor* f, int i) {
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: rt.AddInt32(&to, f, rf.GetRepeatedInt32(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_INT64: rt.AddInt64(&to, f, rf.GetRepeatedInt64(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_UINT32: rt.AddUInt32(&to, f, rf.GetRepeatedUInt32(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_UINT64: rt.AddUInt64(&to, f, rf.GetRepeatedUInt64(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_DOUBLE: rt.AddDouble(&to, f, rf.GetRepeatedDouble(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_FLOAT: rt.AddFloat(&to, f, rf.GetRepeatedFloat(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_BOOL: rt.AddBool(&to, f, rf.GetRepeatedBool(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_ENUM: rt.AddEnumValue(&to, f, rf.GetRepeatedEnumValue(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_STRING: rt.AddString(&to, f, rf.GetRepeatedString(from, f, i)); return;
    case FieldDescriptor::CPPTYPE_MESSAGE:
      rt.AddMessage(&to, f)->CopyFrom(rf.GetRepeatedMessage(from, f, i));
      return;
  }
}

void copy_singular(const Message& from, Message& to, const Reflection& rf, const Reflection& rt,
                   const FieldDescriptor* f) {
  // An absent field with presence stays absent: clearing it is the whole change.
  if (f->has_presence() && !rf.HasField(from, f)) return;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32: rt.SetInt32(&to, f, rf.GetInt32(from, f)); return;
    case FieldDescriptor::CPPTYPE_INT64: rt.SetInt64(&to, f, rf.GetInt64(from, f)); return;
    case FieldDescriptor::CPPTYPE_UINT32: rt.SetUInt32(&to, f, rf.GetUInt32(from, f)); return;
    case FieldDescriptor::CPPTYPE_UINT64: rt.SetUInt64(&to, f, rf.GetUInt64(from, f)); return;
    case FieldDescriptor::CPPTYPE_DOUBLE: rt.SetDouble(&to, f, rf.GetDouble(from, f)); return;
    case FieldDescriptor::CPPTYPE_FLOAT: rt.SetFloat(&to, f, rf.GetFloat(from, f)); return;
    case FieldDescriptor::CPPTYPE_BOOL: rt.SetBool(&to, f, rf.GetBool(from, f)); return;
    case FieldDescriptor::CPPTYPE_ENUM: rt.SetEnumValue(&to, f, rf.GetEnumValue(from, f)); return;
    case FieldDescriptor::CPPTYPE_STRING: rt.SetString(&to, f, rf.GetString(from, f)); return;
    case FieldDescriptor::CPPTYPE_MESSAGE:
      // MutableMessage marks the field present, so an empty submessage survives the trip.
      rt.MutableMessage(&to, f)->CopyFrom(rf.GetMessage(from, f));
      return;
  }
}

void copy_field(const Message& from, Message& to, const FieldDescriptor* f) {
  const Reflection& rf = *from.GetReflection();
  const Reflection& rt = *to.GetReflection();
  if (!f->is_repeated()) return copy_singular(from, to, rf, rt, f);
  for (int i = 0, n = rf.FieldSize(from, f); i < n; ++i) copy_element(from, to, rf, rt, f, i);
}

// One reusable message per View type and thread: Clear() keeps the capacity of strings
// and repeated fields, so the hot path stops allocating once a view has been seen.
Message& scratch_for(const Message& prototype) {
  thread_local std::unordered_map<const Descriptor*, std::unique_ptr<Message>> scratch;
  std::unique_ptr<Message>& slot = scratch[prototype.GetDescriptor()];
  if (!slot) slot.reset(prototype.New());
  slot->Clear();
  return *slot;
}

}  // namespace

view_diff diff_views(const Message& before, const Message& after) {
  view_diff diff;
  const Descriptor* d = after.GetDescriptor();
  Message* changed = nullptr;
  for (int i = 0, n = d->field_count(); i < n; ++i) {
    const FieldDescriptor* f = d->field(i);
    if (equal_fields(before, after, f)) continue;
    if (!changed) changed = &scratch_for(after);
    diff.cleared.push_back(static_cast<std::uint32_t>(f->number()));
    copy_field(after, *changed, f);
  }
  if (changed) changed->SerializeToString(&diff.changed);
  return diff;
}

bool apply_diff(Message& view, const std::string& changed, std::span<const std::uint32_t> cleared) {
  const Descriptor* d = view.GetDescriptor();
  for (std::uint32_t number : cleared)
    if (number > static_cast<std::uint32_t>(FieldDescriptor::kMaxNumber) ||
        !d->FindFieldByNumber(static_cast<int>(number)))
      return false;
  // Parse aside first, so a bad `changed` leaves the view exactly as it was.
  Message& parsed = scratch_for(view);
  if (!parsed.ParseFromString(changed)) return false;
  const Reflection& r = *view.GetReflection();
  for (std::uint32_t number : cleared) r.ClearField(&view, d->FindFieldByNumber(static_cast<int>(number)));
  view.MergeFrom(parsed);
  return true;
}

}  // namespace starport::server
