#include "storage/action_run.hpp"

#include <limits>

#include "engine/core/varint.hpp"
#include "storage/action_codec.hpp"
#include "storage/sqlite_error.hpp"

namespace starport::storage {

namespace {

std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

std::int64_t unzigzag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

// Reads one varint no larger than `max`, or refuses the run.
std::uint64_t field(std::string_view run, std::size_t& at, std::uint64_t max) {
  std::uint64_t v = 0;
  if (!engine::read_varint(run, at, v) || v > max)
    reject("read actions", "malformed action run at byte " + std::to_string(at));
  return v;
}

}  // namespace

void append_to_run(std::string& run, const logged_action& a, std::int64_t previous_at_ms) {
  check_argc(a.move);
  engine::put_varint(run, a.move.seat);
  engine::put_varint(run, a.move.kind);
  engine::put_varint(run, static_cast<std::uint8_t>(a.cause));
  engine::put_varint(run, a.move.argc);
  for (int i = 0; i < a.move.argc; ++i) engine::put_varint(run, zigzag(a.move.args[static_cast<std::size_t>(i)]));
  // Wrapping arithmetic: any two int64 times have a step that unzigzags back exactly.
  engine::put_varint(run, zigzag(static_cast<std::int64_t>(static_cast<std::uint64_t>(a.at_ms) -
                                                           static_cast<std::uint64_t>(previous_at_ms))));
}

void read_run(std::string_view run, std::uint32_t first_index, std::uint32_t count,
              std::vector<logged_action>& out) {
  constexpr std::uint64_t any = std::numeric_limits<std::uint64_t>::max();
  std::size_t at = 0;
  std::int64_t at_ms = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (at == run.size())
      reject("read actions", "an action run holds " + std::to_string(i) + " actions, not " + std::to_string(count));
    logged_action a;
    a.index = first_index + i;
    a.move.seat = static_cast<std::uint8_t>(field(run, at, std::numeric_limits<std::uint8_t>::max()));
    a.move.kind = static_cast<std::uint16_t>(field(run, at, std::numeric_limits<std::uint16_t>::max()));
    a.cause = static_cast<move_cause>(field(run, at, static_cast<std::uint64_t>(move_cause::preference)));
    a.move.argc = static_cast<std::uint8_t>(field(run, at, engine::max_action_args));
    for (int k = 0; k < a.move.argc; ++k) {
      const std::int64_t v = unzigzag(field(run, at, any));
      if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
        reject("read actions", "an action argument out of range in an action run");
      a.move.args[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(v);
    }
    at_ms = static_cast<std::int64_t>(static_cast<std::uint64_t>(at_ms) +
                                      static_cast<std::uint64_t>(unzigzag(field(run, at, any))));
    a.at_ms = at_ms;
    out.push_back(a);
  }
  if (at != run.size()) reject("read actions", "an action run holds more than " + std::to_string(count) + " actions");
}

}  // namespace starport::storage
