#pragma once
// How short the action journal is kept (docs/storage.md, "The action journal").
#include <cstdint>

namespace starport::storage {

struct journal_limits {
  // Archived rows at the front of the journal are deleted once this many have piled up.
  std::int64_t delete_chunk = 4096;
  // A running match whose first journal row is more than this many rows old has its rows
  // archived early, so that one long match cannot keep the whole journal alive.
  std::int64_t pin_limit = 200000;
  // At most one such match is archived per this many appends: when many matches pass the
  // limit together (they all started together), the work is spread out instead of stalling
  // one commit, and every match waiting on it, for the whole catch-up.
  std::int64_t pin_spread = 16;
};

}  // namespace starport::storage
