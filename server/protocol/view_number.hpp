#pragma once
// A view update's number as its reader counts it (docs/protocol.md, "Views, numbers, diffs
// and snapshots"). A snapshot always carries its number (the first is 1). A diff leaves it
// out (0, unsent) when it is its stream's previous number + 1 — every diff the server sends
// today, since a connection gets all of its streams' frames in order or is dropped — and
// carries it otherwise; the reader then checks it like any other number (a gap: Resync).
// Shared by the load generator's client and the tests' client; web-client/src/view_store.ts
// reads the same way.
#include <cstdint>

namespace starport::server {

// `previous`: the number of the view the reader holds on that stream.
inline std::uint64_t view_number(bool snapshot, std::uint64_t sent, std::uint64_t previous) {
  return snapshot || sent != 0 ? sent : previous + 1;
}

}  // namespace starport::server
