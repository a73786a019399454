#include "server/protocol/view_diff.hpp"

#include <algorithm>
#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

namespace starport::server {

namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

enum op : std::uint32_t { op_set = 0, op_clear = 1, op_patch = 2, op_list = 3 };
enum element_op : std::uint32_t { el_set = 0, el_patch = 1, el_copy = 2, el_move = 3 };

// Nesting deeper than any view: a patch that claims more is refused, not followed.
constexpr int max_depth = 64;
// A list patch may name at most this many elements (far more than any view holds).
constexpr std::uint64_t max_list = 1u << 20;

using engine::put_varint;

std::size_t varint_size(std::uint64_t value) {
  std::size_t n = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++n;
  }
  return n;
}

void put_bytes(std::string& out, std::string_view bytes) {
  put_varint(out, bytes.size());
  out += bytes;
}

// Reads a length-prefixed run of bytes at `at`.
bool read_bytes(std::string_view in, std::size_t& at, std::string_view& out) {
  std::uint64_t size = 0;
  if (!read_varint(in, at, size) || size > in.size() - at) return false;
  out = in.substr(at, static_cast<std::size_t>(size));
  at += static_cast<std::size_t>(size);
  return true;
}

// The wire type protobuf's serializer uses for one value of the field; -1 for groups.
int wire_type_of(const FieldDescriptor& f) {
  switch (f.type()) {
    case FieldDescriptor::TYPE_FIXED64:
    case FieldDescriptor::TYPE_SFIXED64:
    case FieldDescriptor::TYPE_DOUBLE: return 1;
    case FieldDescriptor::TYPE_STRING:
    case FieldDescriptor::TYPE_BYTES:
    case FieldDescriptor::TYPE_MESSAGE: return 2;
    case FieldDescriptor::TYPE_FIXED32:
    case FieldDescriptor::TYPE_SFIXED32:
    case FieldDescriptor::TYPE_FLOAT: return 5;
    case FieldDescriptor::TYPE_GROUP: return -1;
    default: return 0;
  }
}

// A list of numbers: one packed record, set and cleared as one value.
bool is_packed_list(const FieldDescriptor& f) { return f.is_repeated() && wire_type_of(f) != 2; }

// One record of a serialized message: [begin, end) with the tag, the value from `value`
// (for length-delimited records, the bytes after the length prefix from `payload`).
struct record {
  std::uint32_t number;
  std::uint32_t wire;
  std::uint32_t begin;
  std::uint32_t value;
  std::uint32_t payload;
  std::uint32_t end;
};

// Splits wire data into its records, in field-number order (stable, so the elements of a
// repeated field keep theirs). False on anything but well-formed data.
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
    const std::size_t value = at;
    std::uint64_t skip = 0;
    switch (tag & 7) {
      case 0: {
        std::uint64_t ignored = 0;
        if (!read_varint(bytes, at, ignored)) return false;
        break;
      }
      case 1: skip = 8; break;
      case 2:
        if (!read_varint(bytes, at, skip)) return false;
        break;
      case 5: skip = 4; break;
      default: return false;   // groups (3, 4) are deprecated and no view uses them
    }
    if (skip > bytes.size() - at) return false;
    const std::size_t payload = at;
    at += static_cast<std::size_t>(skip);
    out.push_back({static_cast<std::uint32_t>(number), static_cast<std::uint32_t>(tag & 7),
                   static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(value),
                   static_cast<std::uint32_t>(payload), static_cast<std::uint32_t>(at)});
  }
  auto by_number = [](const record& a, const record& b) { return a.number < b.number; };
  if (!std::is_sorted(out.begin(), out.end(), by_number)) std::stable_sort(out.begin(), out.end(), by_number);
  return true;
}

// The records of one field: [first, last) of a sorted record list.
struct run {
  std::size_t first;
  std::size_t last;
  std::size_t size() const { return last - first; }
};

run run_of(const std::vector<record>& records, std::size_t at, std::uint32_t number) {
  std::size_t last = at;
  while (last < records.size() && records[last].number == number) ++last;
  return {at, last};
}

std::string_view whole(std::string_view data, const record& r) { return data.substr(r.begin, r.end - r.begin); }
std::string_view value_of(std::string_view data, const record& r) { return data.substr(r.value, r.end - r.value); }
std::string_view payload_of(std::string_view data, const record& r) {
  return data.substr(r.payload, r.end - r.payload);
}

bool same_run(std::string_view a, const std::vector<record>& ra, run x, std::string_view b,
              const std::vector<record>& rb, run y) {
  if (x.size() != y.size()) return false;
  for (std::size_t k = 0; k < x.size(); ++k)
    if (whole(a, ra[x.first + k]) != whole(b, rb[y.first + k])) return false;
  return true;
}

bool wire_types_fit(const std::vector<record>& records, run r, std::uint32_t wire) {
  for (std::size_t k = r.first; k < r.last; ++k)
    if (records[k].wire != wire) return false;
  return true;
}

void put_key(std::string& out, std::uint64_t number, std::uint32_t o) { put_varint(out, number << 2 | o); }

// ---- diff -------------------------------------------------------------------------------

class id_index;
bool diff_message(std::string& out, std::string_view before, std::string_view after, const Descriptor& type,
                  int depth, id_index& old_ids);

// The element's stable id: a message element's own integer field named `id`, when nonzero
// (the table kit's card ids). 0 when it has none.
const FieldDescriptor* find_id_field(const Descriptor& type) {
  const FieldDescriptor* f = type.FindFieldByName("id");
  if (!f || f->is_repeated() || wire_type_of(*f) != 0 || f->type() == FieldDescriptor::TYPE_BOOL ||
      f->type() == FieldDescriptor::TYPE_ENUM)
    return nullptr;
  return f;
}

// Looked up once per type and thread: a lookup by name hashes it, for every element diffed.
const FieldDescriptor* id_field(const Descriptor* type) {
  if (!type) return nullptr;
  thread_local std::unordered_map<const Descriptor*, const FieldDescriptor*> known;
  const auto [at, added] = known.try_emplace(type, nullptr);
  if (added) at->second = find_id_field(*type);
  return at->second;
}

// A message type's fields by number, each with its message type and that type's id field,
// built once per type and thread: FindFieldByNumber hashed for every record of every diff
// and of the old view's index walk (a tenth of a Terminus diff).
struct field_entry {
  const FieldDescriptor* field = nullptr;
  const Descriptor* message = nullptr;   // for a message field
  const FieldDescriptor* id = nullptr;   // the message's id_field
};
constexpr int max_tabled_number = 4096;   // fields numbered higher are looked up each time
field_entry entry_for(const FieldDescriptor* f) {
  const Descriptor* m = f && f->type() == FieldDescriptor::TYPE_MESSAGE ? f->message_type() : nullptr;
  return {f, m, id_field(m)};
}
struct field_table {
  const Descriptor* type = nullptr;
  std::vector<field_entry> by_number;
};
const field_table& fields_of(const Descriptor& type) {
  thread_local std::unordered_map<const Descriptor*, field_table> known;
  const auto [at, added] = known.try_emplace(&type);
  if (added) {
    at->second.type = &type;
    int top = 0;
    for (int k = 0; k < type.field_count(); ++k)
      if (type.field(k)->number() <= max_tabled_number) top = std::max(top, type.field(k)->number());
    at->second.by_number.resize(static_cast<std::size_t>(top) + 1);
    for (int k = 0; k < type.field_count(); ++k)
      if (const FieldDescriptor* f = type.field(k); f->number() <= max_tabled_number)
        at->second.by_number[static_cast<std::size_t>(f->number())] = entry_for(f);
  }
  return at->second;
}
const field_entry* entry_of(const field_table& fields, std::uint32_t number) {
  if (number < fields.by_number.size()) return fields.by_number[number].field ? &fields.by_number[number] : nullptr;
  if (number <= static_cast<std::uint32_t>(max_tabled_number)) return nullptr;
  thread_local field_entry looked_up;
  looked_up = entry_for(fields.type->FindFieldByNumber(static_cast<int>(number)));
  return looked_up.field ? &looked_up : nullptr;
}

// Buffers for one depth of a diff, kept by each thread: a view diff reuses them instead of
// allocating its record lists, element lists and maps for every nested message. Each kind
// is used at a depth by one call at a time: diff_fields at depth d, the diff_list it calls
// (also at d), and the old view's index walk, which has its own.
struct fields_scratch {
  std::vector<record> was, now;
  std::vector<std::string_view> old_elements, new_elements;
  std::string nested;
};
struct list_scratch {
  std::unordered_map<std::string_view, std::size_t> by_bytes;   // first old index of each value
  std::unordered_map<std::uint64_t, std::size_t> by_id;
  std::string nested;
};
struct walk_scratch {
  std::vector<record> records;
};
template <class T>
T& scratch_at(int depth) {
  thread_local std::vector<T> each(max_depth + 2);
  return each[static_cast<std::size_t>(depth)];
}

std::uint64_t id_of(std::string_view element, const FieldDescriptor& f) {
  std::size_t at = 0;
  std::uint64_t found = 0;
  while (at < element.size()) {
    std::uint64_t tag = 0, v = 0;
    if (!read_varint(element, at, tag)) return 0;
    switch (tag & 7) {
      case 0:
        if (!read_varint(element, at, v)) return 0;
        if ((tag >> 3) == static_cast<std::uint64_t>(f.number())) found = v;
        break;
      case 1: at += 8; break;
      case 2:
        if (!read_varint(element, at, v) || v > element.size() - at) return 0;
        at += static_cast<std::size_t>(v);
        break;
      case 5: at += 4; break;
      default: return 0;
    }
  }
  return found;
}

// The old view's messages that have a stable id, for BASE (a patch that starts from a
// message found elsewhere in the old view: a card that moved from one list, or one field,
// to another). Indexed on first use; the first in serialization order (fields by number,
// a message before the messages inside it) wins.
class id_index {
 public:
  id_index(std::string_view root, const Descriptor& type) : root_(root), type_(type) {}

  std::optional<std::string_view> find(const Descriptor& type, std::uint64_t id) {
    if (!built_) {
      built_ = true;
      walk(root_, type_, 0);
    }
    const auto hit = by_id_.find(key{&type, id});
    if (hit == by_id_.end()) return std::nullopt;
    return hit->second;
  }

 private:
  struct key {
    const Descriptor* type;
    std::uint64_t id;
    bool operator==(const key&) const = default;
  };
  struct hash {
    std::size_t operator()(const key& k) const {
      return std::hash<const void*>()(k.type) ^ (std::hash<std::uint64_t>()(k.id) * 0x9e3779b97f4a7c15ull);
    }
  };

  void walk(std::string_view data, const Descriptor& type, int depth) {
    if (depth > max_depth) return;
    std::vector<record>& records = scratch_at<walk_scratch>(depth).records;
    if (!split_records(data, records)) return;
    const field_table& fields = fields_of(type);
    for (const record& r : records) {
      const field_entry* e = entry_of(fields, r.number);
      if (!e || !e->message || r.wire != 2) continue;
      const std::string_view payload = payload_of(data, r);
      if (e->id)
        if (std::uint64_t v = id_of(payload, *e->id)) by_id_.emplace(key{e->message, v}, payload);
      walk(payload, *e->message, depth + 1);
    }
  }

  std::string_view root_;
  const Descriptor& type_;
  bool built_ = false;
  std::unordered_map<key, std::string_view, hash> by_id_;
};

// The list patch turning `was` into `now`; `type` is the element's message type (null for
// strings and bytes).
bool diff_list(std::string& out, const std::vector<std::string_view>& was, const std::vector<std::string_view>& now,
               const Descriptor* type, int depth, id_index& old_ids) {
  put_varint(out, now.size());
  list_scratch& scratch = scratch_at<list_scratch>(depth);
  auto& by_bytes = scratch.by_bytes;   // first old index of each value
  auto& by_id = scratch.by_id;
  by_bytes.clear();
  by_id.clear();
  bool indexed = false;
  const FieldDescriptor* id = id_field(type);
  std::string& nested = scratch.nested;
  for (std::size_t i = 0; i < now.size();) {
    if (i < was.size() && now[i] == was[i]) {
      ++i;
      continue;
    }
    if (!indexed) {
      indexed = true;
      for (std::size_t j = 0; j < was.size(); ++j) {
        by_bytes.emplace(was[j], j);
        if (id)
          if (std::uint64_t v = id_of(was[j], *id)) by_id.emplace(v, j);
      }
    }
    if (auto hit = by_bytes.find(now[i]); hit != by_bytes.end()) {
      // Copy the longest run of old elements that follows on from here.
      const std::size_t from = hit->second;
      std::size_t count = 1;
      while (i + count < now.size() && from + count < was.size() && now[i + count] == was[from + count]) ++count;
      put_key(out, i, el_copy);
      put_varint(out, from);
      put_varint(out, count);
      i += count;
      continue;
    }
    const std::size_t set_cost = varint_size(now[i].size()) + now[i].size();
    if (type) {
      // A changed element: patch the old one with the same id, else the one at its index,
      // else (past the old end) an empty one; its cards may come from elsewhere (BASE).
      std::size_t base = i < was.size() ? i : SIZE_MAX;
      if (id)
        if (std::uint64_t v = id_of(now[i], *id))
          if (auto hit = by_id.find(v); hit != by_id.end()) base = hit->second;
      {
        nested.clear();
        if (!diff_message(nested, base == SIZE_MAX ? std::string_view{} : was[base], now[i], *type, depth + 1, old_ids))
          return false;
        const bool move = base != SIZE_MAX && base != i;
        const std::size_t patch_cost = (move ? varint_size(base) : 0) + varint_size(nested.size()) + nested.size();
        if (patch_cost < set_cost) {
          put_key(out, i, move ? el_move : el_patch);
          if (move) put_varint(out, base);
          put_bytes(out, nested);
          ++i;
          continue;
        }
      }
    }
    put_key(out, i, el_set);
    put_bytes(out, now[i]);
    ++i;
  }
  return true;
}

bool diff_fields(std::string& out, std::string_view before, std::string_view after, const Descriptor& type,
                 int depth, id_index& old_ids);

// A message with a stable id that differs from the one it replaces may start from the old
// view's message with that id instead (BASE: key 0, the id), when that is shorter.
bool diff_message(std::string& out, std::string_view before, std::string_view after, const Descriptor& type,
                  int depth, id_index& old_ids) {
  if (depth > max_depth) return false;
  if (const FieldDescriptor* id = id_field(&type))
    if (const std::uint64_t v = id_of(after, *id); v != 0 && id_of(before, *id) != v)
      if (const std::optional<std::string_view> base = old_ids.find(type, v)) {
        std::string direct, based;
        if (!diff_fields(direct, before, after, type, depth, old_ids)) return false;
        put_varint(based, 0);
        put_varint(based, v);
        if (!diff_fields(based, *base, after, type, depth, old_ids)) return false;
        out += based.size() < direct.size() ? based : direct;
        return true;
      }
  return diff_fields(out, before, after, type, depth, old_ids);
}

bool diff_fields(std::string& out, std::string_view before, std::string_view after, const Descriptor& type,
                 int depth, id_index& old_ids) {
  if (depth > max_depth) return false;
  fields_scratch& scratch = scratch_at<fields_scratch>(depth);
  std::vector<record>& was = scratch.was;
  std::vector<record>& now = scratch.now;
  if (!split_records(before, was) || !split_records(after, now)) return false;
  std::string& nested = scratch.nested;
  std::vector<std::string_view>& old_elements = scratch.old_elements;
  std::vector<std::string_view>& new_elements = scratch.new_elements;
  const field_table& fields = fields_of(type);
  std::size_t i = 0, j = 0;
  while (i < was.size() || j < now.size()) {
    const std::uint32_t number = j == now.size()   ? was[i].number
                                 : i == was.size() ? now[j].number
                                                   : std::min(was[i].number, now[j].number);
    const run a = i < was.size() && was[i].number == number ? run_of(was, i, number) : run{i, i};
    const run b = j < now.size() && now[j].number == number ? run_of(now, j, number) : run{j, j};
    i = a.last;
    j = b.last;
    const field_entry* e = entry_of(fields, number);
    if (!e) return false;
    const FieldDescriptor* f = e->field;
    const int wire = wire_type_of(*f);
    if (wire < 0) return false;
    const std::uint32_t expected = is_packed_list(*f) ? 2u : static_cast<std::uint32_t>(wire);
    if (!wire_types_fit(was, a, expected) || !wire_types_fit(now, b, expected)) return false;
    if (same_run(before, was, a, after, now, b)) continue;
    if (!f->is_repeated() || is_packed_list(*f)) {
      // One value: the serializer writes a singular field, or a packed list, as one record.
      if (a.size() > 1 || b.size() > 1) return false;
      if (b.size() == 0) {
        put_key(out, number, op_clear);
        continue;
      }
      const record& n = now[b.first];
      if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
        // (an absent message is patched from empty)
        nested.clear();
        if (!diff_message(nested, a.size() == 1 ? payload_of(before, was[a.first]) : std::string_view{},
                          payload_of(after, n), *f->message_type(), depth + 1, old_ids))
          return false;
        if (varint_size(nested.size()) + nested.size() < value_of(after, n).size()) {
          put_key(out, number, op_patch);
          put_bytes(out, nested);
          continue;
        }
      }
      put_key(out, number, op_set);
      out += value_of(after, n);
      continue;
    }
    if (b.size() == 0) {
      put_key(out, number, op_clear);
      continue;
    }
    old_elements.clear();
    new_elements.clear();
    for (std::size_t k = a.first; k < a.last; ++k) old_elements.push_back(payload_of(before, was[k]));
    for (std::size_t k = b.first; k < b.last; ++k) new_elements.push_back(payload_of(after, now[k]));
    nested.clear();
    if (!diff_list(nested, old_elements, new_elements,
                   f->type() == FieldDescriptor::TYPE_MESSAGE ? f->message_type() : nullptr, depth, old_ids))
      return false;
    put_key(out, number, op_list);
    put_bytes(out, nested);
  }
  return true;
}

// ---- apply ------------------------------------------------------------------------------

bool apply_message(std::string& out, std::string_view view, std::string_view patch, const Descriptor& type,
                   int depth, id_index& old_ids);

void put_tag(std::string& out, std::uint32_t number, std::uint32_t wire) {
  put_varint(out, static_cast<std::uint64_t>(number) << 3 | wire);
}

// Reads one value of wire type `wire` at `at`; `out` is its bytes as the serializer writes
// them after the tag (a length-delimited value with its length prefix).
bool read_value(std::string_view in, std::size_t& at, int wire, std::string_view& out) {
  const std::size_t begin = at;
  switch (wire) {
    case 0: {
      std::uint64_t v = 0;
      if (!read_varint(in, at, v)) return false;
      break;
    }
    case 1:
    case 5: {
      const std::size_t n = wire == 1 ? 8 : 4;
      if (n > in.size() - at) return false;
      at += n;
      break;
    }
    case 2: {
      std::string_view ignored;
      if (!read_bytes(in, at, ignored)) return false;
      break;
    }
    default: return false;
  }
  out = in.substr(begin, at - begin);
  return true;
}

// A packed list's payload holds whole values of its wire type.
bool packed_fits(std::string_view payload, int wire) {
  if (wire == 1) return payload.size() % 8 == 0;
  if (wire == 5) return payload.size() % 4 == 0;
  std::size_t at = 0;
  std::uint64_t v = 0;
  while (at < payload.size())
    if (!read_varint(payload, at, v)) return false;
  return true;
}

bool apply_list(std::string& out, std::uint32_t number, const std::vector<std::string_view>& was,
                std::string_view body, const Descriptor* type, int depth, id_index& old_ids) {
  std::size_t at = 0;
  std::uint64_t length = 0;
  if (!read_varint(body, at, length) || length > max_list ||
      length > was.size() + static_cast<std::uint64_t>(body.size()) * (was.size() + 1))
    return false;
  const auto size = static_cast<std::size_t>(length);
  std::vector<std::string_view> slots(size);
  std::vector<bool> filled(size, false);
  for (std::size_t k = 0; k < std::min(size, was.size()); ++k) {
    slots[k] = was[k];
    filled[k] = true;
  }
  std::deque<std::string> made;   // patched elements; a deque keeps their addresses
  std::uint64_t next = 0;
  while (at < body.size()) {
    std::uint64_t key = 0;
    if (!read_varint(body, at, key)) return false;
    const std::uint64_t index = key >> 2;
    if (index < next || index >= size) return false;
    std::uint64_t from = index, count = 1;
    std::string_view bytes;
    switch (key & 3) {
      case el_set:
        if (!read_bytes(body, at, bytes)) return false;
        slots[index] = bytes;
        break;
      case el_copy:
        if (!read_varint(body, at, from) || !read_varint(body, at, count) || count == 0 || from > was.size() ||
            count > was.size() - from || count > size - index)
          return false;
        for (std::uint64_t k = 0; k < count; ++k) slots[index + k] = was[from + k];
        break;
      case el_move:
        if (!read_varint(body, at, from) || from >= was.size()) return false;
        [[fallthrough]];
      case el_patch: {
        // Past the old end, PATCH starts from an empty element.
        if (!type || !read_bytes(body, at, bytes)) return false;
        std::string& element = made.emplace_back();
        if (!apply_message(element, from < was.size() ? was[from] : std::string_view{}, bytes, *type, depth + 1,
                           old_ids))
          return false;
        slots[index] = element;
        break;
      }
    }
    for (std::uint64_t k = 0; k < count; ++k) filled[index + k] = true;
    next = index + count;
  }
  if (std::find(filled.begin(), filled.end(), false) != filled.end()) return false;   // a gap
  for (std::string_view element : slots) {
    put_tag(out, number, 2);
    put_bytes(out, element);
  }
  return true;
}

// Applies the entry for `f` (key op `o`, payload from `at` in `patch`) to the field's old
// records `old` of `view`, appending the field's new records to `out`.
bool apply_field(std::string& out, const FieldDescriptor& f, std::uint32_t o, std::string_view patch,
                 std::size_t& at, std::string_view view, const std::vector<record>& records, run old, int depth,
                 id_index& old_ids) {
  const int wire = wire_type_of(f);
  if (wire < 0) return false;
  const auto number = static_cast<std::uint32_t>(f.number());
  if (o == op_clear) return true;
  if (is_packed_list(f)) {
    std::string_view payload;
    if (o != op_set || !read_bytes(patch, at, payload) || !packed_fits(payload, wire)) return false;
    if (!payload.empty()) {
      put_tag(out, number, 2);
      put_bytes(out, payload);
    }
    return true;
  }
  if (f.is_repeated()) {
    std::string_view body;
    if (o != op_list || !read_bytes(patch, at, body)) return false;
    std::vector<std::string_view> was;
    for (std::size_t k = old.first; k < old.last; ++k) {
      if (records[k].wire != 2) return false;
      was.push_back(payload_of(view, records[k]));
    }
    return apply_list(out, number, was, body,
                      f.type() == FieldDescriptor::TYPE_MESSAGE ? f.message_type() : nullptr, depth, old_ids);
  }
  if (o == op_set) {
    std::string_view value;
    if (!read_value(patch, at, wire, value)) return false;
    put_tag(out, number, static_cast<std::uint32_t>(wire));
    out += value;
    return true;
  }
  if (o != op_patch || f.type() != FieldDescriptor::TYPE_MESSAGE) return false;
  std::string_view nested_patch, base;
  if (!read_bytes(patch, at, nested_patch) || old.size() > 1) return false;
  if (old.size() == 1) {
    if (records[old.first].wire != 2) return false;
    base = payload_of(view, records[old.first]);
  }
  std::string nested;
  if (!apply_message(nested, base, nested_patch, *f.message_type(), depth + 1, old_ids)) return false;
  put_tag(out, number, 2);
  put_bytes(out, nested);
  return true;
}

bool apply_message(std::string& out, std::string_view view, std::string_view patch, const Descriptor& type,
                   int depth, id_index& old_ids) {
  if (depth > max_depth) return false;
  std::size_t i = 0, at = 0;
  if (!patch.empty() && patch[0] == 0) {
    // BASE: start from the old view's message of this type with that id.
    std::uint64_t id = 0;
    ++at;
    if (!id_field(&type) || !read_varint(patch, at, id) || id == 0) return false;
    const std::optional<std::string_view> base = old_ids.find(type, id);
    if (!base) return false;
    view = *base;
  }
  std::vector<record> records;
  if (!split_records(view, records)) return false;
  std::uint64_t last_number = 0;
  while (at < patch.size()) {
    std::uint64_t key = 0;
    if (!read_varint(patch, at, key)) return false;
    const std::uint64_t number = key >> 2;
    if (number <= last_number || number > static_cast<std::uint64_t>(FieldDescriptor::kMaxNumber)) return false;
    last_number = number;
    const FieldDescriptor* f = type.FindFieldByNumber(static_cast<int>(number));
    if (!f) return false;
    // The view's fields before this one stay as they are.
    while (i < records.size() && records[i].number < number) out += whole(view, records[i++]);
    const run old = i < records.size() && records[i].number == number ? run_of(records, i, static_cast<std::uint32_t>(number))
                                                                       : run{i, i};
    i = old.last;
    if (!apply_field(out, *f, static_cast<std::uint32_t>(key & 3), patch, at, view, records, old, depth, old_ids))
      return false;
  }
  while (i < records.size()) out += whole(view, records[i++]);
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

std::optional<std::string> diff_encoded(std::string_view before, std::string_view after, const Descriptor& type) {
  std::string out;
  id_index old_ids(before, type);
  if (!diff_message(out, before, after, type, 0, old_ids)) return std::nullopt;
  return out;
}

std::string diff_views(const Message& before, const Message& after) {
  std::string a, b;
  before.SerializeToString(&a);
  after.SerializeToString(&b);
  return *diff_encoded(a, b, *after.GetDescriptor());   // our own serializer's output always diffs
}

bool apply_encoded(std::string& view, std::string_view patch, const Descriptor& type) {
  thread_local std::string out;
  out.clear();
  id_index old_ids(view, type);
  if (!apply_message(out, view, patch, type, 0, old_ids)) return false;
  view.swap(out);
  return true;
}

bool apply_diff(Message& view, std::string_view patch) {
  std::string bytes;
  view.SerializeToString(&bytes);
  if (!apply_encoded(bytes, patch, *view.GetDescriptor())) return false;
  // Parse aside first, so data that is wire-valid but not this View leaves the view alone.
  Message& parsed = scratch_for(view);
  if (!parsed.ParseFromString(bytes)) return false;
  view.CopyFrom(parsed);
  return true;
}

}  // namespace starport::server
