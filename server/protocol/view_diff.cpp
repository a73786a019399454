#include "server/protocol/view_diff.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include <google/protobuf/descriptor.h>

namespace starport::server {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

// One top-level record of a serialized message: its field number and its bytes, tag
// included. A repeated field has one record per element (or one, packed).
struct record {
  std::uint32_t number;
  std::uint32_t begin;
  std::uint32_t end;
};

bool read_varint(std::string_view bytes, std::size_t& at, std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64 && at < bytes.size(); shift += 7) {
    const auto byte = static_cast<std::uint8_t>(bytes[at++]);
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

// Splits wire data into its top-level records, in field-number order (stable, so the
// elements of a repeated field keep theirs). False on anything but well-formed data.
bool split_records(std::string_view bytes, std::vector<record>& out) {
  out.clear();
  if (bytes.size() > UINT32_MAX) return false;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t begin = at;
    std::uint64_t tag = 0;
    if (!read_varint(bytes, at, tag)) return false;
    const std::uint64_t number = tag >> 3;
    if (number == 0 || number > static_cast<std::uint64_t>(FieldDescriptor::kMaxNumber)) return false;
    std::uint64_t skip = 0;
    switch (tag & 7) {
      case 0: {   // varint
        std::uint64_t ignored = 0;
        if (!read_varint(bytes, at, ignored)) return false;
        break;
      }
      case 1: skip = 8; break;   // fixed64, double
      case 2:                    // length-delimited: strings, bytes, messages, packed
        if (!read_varint(bytes, at, skip)) return false;
        break;
      case 5: skip = 4; break;   // fixed32, float
      default: return false;     // groups (3, 4) are deprecated and no view uses them
    }
    if (skip > bytes.size() - at) return false;
    at += skip;
    out.push_back({static_cast<std::uint32_t>(number), static_cast<std::uint32_t>(begin),
                   static_cast<std::uint32_t>(at)});
  }
  // The serializer writes fields in number order; sort only what came otherwise.
  auto by_number = [](const record& a, const record& b) { return a.number < b.number; };
  if (!std::is_sorted(out.begin(), out.end(), by_number))
    std::stable_sort(out.begin(), out.end(), by_number);
  return true;
}

// The records of one field: [first, last) of a sorted record list.
struct field_run {
  std::size_t first;
  std::size_t last;
};

field_run run_at(const std::vector<record>& records, std::size_t first) {
  std::size_t last = first;
  while (last < records.size() && records[last].number == records[first].number) ++last;
  return {first, last};
}

std::string_view bytes_of(std::string_view data, const record& r) {
  return data.substr(r.begin, r.end - r.begin);
}

bool same_run(std::string_view a, const std::vector<record>& ra, field_run x, std::string_view b,
              const std::vector<record>& rb, field_run y) {
  if (x.last - x.first != y.last - y.first) return false;
  for (std::size_t i = 0; i < x.last - x.first; ++i)
    if (bytes_of(a, ra[x.first + i]) != bytes_of(b, rb[y.first + i])) return false;
  return true;
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

std::optional<view_diff> diff_encoded(std::string_view before, std::string_view after) {
  // Scratch per thread: the hot path (every published view) stops allocating.
  thread_local std::vector<record> was, now;
  if (!split_records(before, was) || !split_records(after, now)) return std::nullopt;
  view_diff diff;
  std::size_t i = 0, j = 0;
  while (i < was.size() || j < now.size()) {
    const std::uint32_t number = j == now.size()   ? was[i].number
                                 : i == was.size() ? now[j].number
                                                   : std::min(was[i].number, now[j].number);
    const field_run old_run = i < was.size() && was[i].number == number ? run_at(was, i) : field_run{i, i};
    const field_run new_run = j < now.size() && now[j].number == number ? run_at(now, j) : field_run{j, j};
    if (!same_run(before, was, old_run, after, now, new_run)) {
      diff.cleared.push_back(number);
      // The field's records as `after` has them: together, a serialized View of the changes.
      for (std::size_t k = new_run.first; k < new_run.last; ++k) diff.changed += bytes_of(after, now[k]);
    }
    i = old_run.last;
    j = new_run.last;
  }
  return diff;
}

view_diff diff_views(const Message& before, const Message& after) {
  std::string a, b;
  before.SerializeToString(&a);
  after.SerializeToString(&b);
  return *diff_encoded(a, b);   // our own serializer's output is always well formed
}

bool apply_encoded(std::string& view, std::string_view changed, std::span<const std::uint32_t> cleared) {
  thread_local std::vector<record> kept, added;
  thread_local std::string out;
  if (!split_records(view, kept) || !split_records(changed, added)) return false;
  auto is_cleared = [&](std::uint32_t number) {
    return std::find(cleared.begin(), cleared.end(), number) != cleared.end();
  };
  // Merge by field number; on a tie the view's records come first, which is what parsing
  // the concatenation (protobuf's MergeFrom) would make of them.
  out.clear();
  std::size_t i = 0, j = 0;
  while (i < kept.size() || j < added.size()) {
    if (j == added.size() || (i < kept.size() && kept[i].number <= added[j].number)) {
      if (!is_cleared(kept[i].number)) out += bytes_of(view, kept[i]);
      ++i;
    } else {
      out += bytes_of(changed, added[j++]);
    }
  }
  view.swap(out);
  return true;
}

bool apply_diff(Message& view, const std::string& changed, std::span<const std::uint32_t> cleared) {
  const Descriptor* d = view.GetDescriptor();
  for (std::uint32_t number : cleared)
    if (number > static_cast<std::uint32_t>(FieldDescriptor::kMaxNumber) ||
        !d->FindFieldByNumber(static_cast<int>(number)))
      return false;
  std::string bytes;
  view.SerializeToString(&bytes);
  if (!apply_encoded(bytes, changed, cleared)) return false;
  // Parse aside first, so data that is wire-valid but not this View leaves the view alone.
  Message& parsed = scratch_for(view);
  if (!parsed.ParseFromString(bytes)) return false;
  view.CopyFrom(parsed);
  return true;
}

}  // namespace starport::server
