#pragma once
// A run of a match's actions as one blob: what an archival writes to match_action_runs, and
// what the journal index keeps in memory for the rows it has not archived yet
// (docs/storage.md, "Archived runs"). Per action, in index order, each a varint: seat, kind,
// cause, argc, each argument zigzagged, and at_ms zigzagged as its step from the action
// before (from 0 for a run's first).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/records.hpp"

namespace starport::storage {

// Appends `a` to `run`; `previous_at_ms` is the at_ms of the run's action before it, 0 if none.
// Throws std::runtime_error if its argc exceeds engine::max_action_args.
void append_to_run(std::string& run, const logged_action& a, std::int64_t previous_at_ms);

// Appends the `count` actions of `run`, numbered from `first_index`, to `out`. Throws
// std::runtime_error on bytes that are not exactly `count` well-formed actions.
void read_run(std::string_view run, std::uint32_t first_index, std::uint32_t count,
              std::vector<logged_action>& out);

}  // namespace starport::storage
