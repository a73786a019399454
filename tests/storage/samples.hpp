#pragma once
// Small record builders shared by the storage tests and benchmark.
#include <cstdint>
#include <string>
#include <vector>

#include "storage/records.hpp"

namespace starport::storage::testing {

account make_account(const std::string& id, std::int64_t created_ms = 1000);
seat_record person_seat(std::uint32_t seat, const std::string& account_id);
seat_record bot_seat(std::uint32_t seat, const std::string& bot);
match_record make_match(const std::string& id, const std::string& game,
                        std::vector<seat_record> seats, std::int64_t started_ms);
logged_action make_logged(std::uint32_t index, engine::action move, std::int64_t at_ms = 0);
// The action logged at `index` by the append-heavy tests: seat and args vary with the index.
logged_action nth_action(std::uint32_t index);

}  // namespace starport::storage::testing
