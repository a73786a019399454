#pragma once
// The turn timers in a view stream (ViewUpdate.deadlines_ms and full_turns, docs/protocol.md,
// "Turn timers"), shared by the server, the load generator's client and the tests; the
// TypeScript client reads them the same way (web-client/src/turn_timers.ts).
//
// Most changes of a seat's timer are "its turn starts now, a whole turn long": such a seat is
// a bit in full_turns (one byte for the table) instead of its milliseconds in deadlines_ms
// (three bytes each, and every seat's whenever one changed); most others are "its timer
// stopped, the rest as before", a bit in stopped_turns. Anything else — a timer a
// reconnect's snapshot shows part-way, one that moved otherwise — keeps the milliseconds.
#include <cstdint>
#include <span>
#include <vector>

#include <google/protobuf/repeated_field.h>

namespace starport::server {

// A timer that started at most this long before the update showing it is told as a whole
// turn from that update: the reader's countdown is then at most this much too generous,
// which a clock showing seconds never shows. (The settle starts timers and sends them in
// the same strand turn, microseconds apart.)
inline constexpr std::int64_t full_turn_slack_ms = 20;

// The most seats full_turns can name (one bit each); higher seats are always in ms.
inline constexpr std::size_t full_turn_seats = 32;

// What a stream is sent about the timers: from `sent` (per seat, the deadlines it was last
// sent, wall ms, 0: none; empty or ignored for a snapshot, whose reader starts from none) to
// `deadlines` (the same, now), at wall time `now_ms`, in a match whose turn lasts `turn_ms`
// (0: no turn timers). Leaves all three empty when the reader has nothing to change.
void write_turn_timers(std::span<const std::int64_t> sent, std::span<const std::int64_t> deadlines,
                       std::int64_t now_ms, std::int64_t turn_ms, bool snapshot,
                       google::protobuf::RepeatedField<std::uint32_t>& deadlines_ms, std::uint32_t& full_turns,
                       std::uint32_t& stopped_turns);

// A reader's side: `deadlines` (per seat, when its timer runs out on the reader's clock, 0:
// none) after an update received at `received_ms` on that clock. False (and `deadlines`
// unchanged) when the update names a whole turn of a match without turn timers.
bool read_turn_timers(bool snapshot, std::span<const std::uint32_t> deadlines_ms, std::uint32_t full_turns,
                      std::uint32_t stopped_turns, std::int64_t turn_ms, std::int64_t received_ms,
                      std::vector<std::int64_t>& deadlines);

}  // namespace starport::server
