#pragma once
// An action's arguments as stored: argc little-endian int32s, so argc is the blob's length / 4.
#include <string>
#include <string_view>

#include "engine/core/action.hpp"

namespace starport::storage {

// Throws std::runtime_error if the move's argc exceeds engine::max_action_args.
void check_argc(const engine::action& move);

// Throws std::runtime_error if argc exceeds engine::max_action_args.
std::string encode_args(const engine::action& move);
// Sets move.argc and move.args; throws std::runtime_error on a malformed blob.
void decode_args(std::string_view bytes, engine::action& move);

}  // namespace starport::storage
