#include "server/protocol/turn_timers.hpp"

#include <algorithm>
#include <limits>

namespace starport::server {
namespace {

std::int64_t at(std::span<const std::int64_t> list, std::size_t i) { return i < list.size() ? list[i] : 0; }

}  // namespace

void write_turn_timers(std::span<const std::int64_t> sent, std::span<const std::int64_t> deadlines,
                       std::int64_t now_ms, std::int64_t turn_ms, bool snapshot,
                       google::protobuf::RepeatedField<std::uint32_t>& deadlines_ms, std::uint32_t& full_turns,
                       std::uint32_t& stopped_turns) {
  deadlines_ms.Clear();
  full_turns = 0;
  stopped_turns = 0;
  bool in_ms = false;   // a change the bits cannot tell: the whole list goes
  for (std::size_t i = 0; i < deadlines.size(); ++i) {
    const std::int64_t was = snapshot ? 0 : at(sent, i);
    const std::int64_t is = deadlines[i];
    if (is == was) continue;
    // A whole turn from now, no more: a computer's wait for an answer (docs/protocol.md) may
    // outlast a short turn, and told as one it would be cut to the turn's length.
    const std::int64_t left = is - now_ms;
    const bool whole_turn = is != 0 && turn_ms > 0 && i < full_turn_seats && left >= turn_ms - full_turn_slack_ms && left <= turn_ms;
    if (whole_turn)
      full_turns |= std::uint32_t{1} << i;
    else if (is == 0 && i < full_turn_seats)   // (a snapshot's reader starts from none: never here)
      stopped_turns |= std::uint32_t{1} << i;
    else
      in_ms = true;
  }
  // A snapshot's reader starts from no timers, so it needs the list only for a timer part-way.
  if (!in_ms) return;
  stopped_turns = 0;   // the list's 0s say it
  for (std::size_t i = 0; i < deadlines.size(); ++i) {
    const std::int64_t d = deadlines[i];
    const bool told = i < full_turn_seats && (full_turns >> i & 1) != 0;
    deadlines_ms.Add(d == 0 || told ? 0u
                                    : static_cast<std::uint32_t>(std::clamp<std::int64_t>(
                                          d - now_ms, 1, std::numeric_limits<std::uint32_t>::max())));
  }
}

bool read_turn_timers(bool snapshot, std::span<const std::uint32_t> deadlines_ms, std::uint32_t full_turns,
                      std::uint32_t stopped_turns, std::int64_t turn_ms, std::int64_t received_ms,
                      std::vector<std::int64_t>& deadlines) {
  if (full_turns != 0 && turn_ms <= 0) return false;   // a whole turn of no length
  if (snapshot) deadlines.clear();
  if (snapshot || !deadlines_ms.empty()) {
    deadlines.assign(deadlines_ms.size(), 0);
    for (std::size_t i = 0; i < deadlines_ms.size(); ++i)
      if (deadlines_ms[i] != 0) deadlines[i] = received_ms + deadlines_ms[i];
  }
  for (std::size_t i = 0; i < full_turn_seats && i < deadlines.size(); ++i)
    if ((stopped_turns >> i & 1) != 0) deadlines[i] = 0;
  for (std::size_t i = 0; i < full_turn_seats; ++i) {
    if ((full_turns >> i & 1) == 0) continue;
    if (deadlines.size() <= i) deadlines.resize(i + 1, 0);
    deadlines[i] = received_ms + turn_ms;
  }
  return true;
}

}  // namespace starport::server
