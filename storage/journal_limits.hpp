#pragma once
// How short the action journal is kept (docs/storage.md, "The action journal").
#include <cstdint>

namespace starport::storage {

struct journal_limits {
  // The most archived rows one upkeep deletes from the journal's front; it waits until this
  // many are due. 64 per 16 appends is four times what arrives, so the front keeps up.
  std::int64_t delete_chunk = 64;
  // A running match whose first journal row is more than this many rows old has its rows
  // archived early, so that one long match cannot keep the whole journal alive.
  std::int64_t pin_limit = 200000;
  // Upkeep runs once per this many appends and does a bounded amount (one early archival,
  // one chunk deleted): matches that started together pass the pin limit together, and a
  // whole catch-up in one commit held up every match waiting on it.
  std::int64_t upkeep_every = 16;
};

}  // namespace starport::storage
