#pragma once
// Plays a match forward with one bot per seat: the loop shared by `simulate`, tests and
// the server's bot seats. Pure: no clocks, no I/O.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/core/match.hpp"

namespace starport::engine {

// Which seat moves next when several must: the lowest-numbered one. Fixed so that
// recorded playouts replay identically.
int next_seat(const match& m);

// One bot's move for `seat`, asking the bot only when it has a real choice.
action bot_move(const match& m, int seat, bot& b, std::vector<action>& scratch);

struct playout {
  std::uint64_t actions = 0;
  bool finished = false;          // false: stopped at max_actions
  std::vector<action> log;        // filled when recording
};

playout play_out(match& m, std::span<const std::unique_ptr<bot>> bots, std::uint64_t max_actions,
                 bool record);

}  // namespace starport::engine
