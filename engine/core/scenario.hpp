#pragma once
// Scenario and replay files (docs/scenarios.md): JSON text → a match at its starting
// position plus the actions to apply. Pure: the caller reads the file.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/match.hpp"

namespace starport::engine {

struct scenario {
  const game_info* game = nullptr;
  int seats = 0;
  std::uint64_t seed = 0;
  message_ptr options;
  message_ptr position;            // null: dealt from the seed
  std::vector<deck_list> decks;    // deck games: one legal list per seat; empty: the seed deals starters
  std::vector<action> actions;
  std::unique_ptr<match> start() const;   // a fresh match at the starting position
};

// Parses and validates; on failure returns false with a readable error.
bool parse_scenario(std::string_view json, scenario& out, std::string& error);

// Renders (game, seats, seed, options, actions, decks) back to the same JSON format; `decks`
// (deck games) is written as card names when given.
std::string scenario_json(const game_info& game, int seats, std::uint64_t seed,
                          const google::protobuf::Message& options,
                          const std::vector<action>& actions,
                          std::span<const deck_list> decks = {});

// A message as JSON with the proto field names, e.g. for views and options.
std::string to_json(const google::protobuf::Message& m, bool pretty = true);
bool from_json(std::string_view json, google::protobuf::Message& out, std::string& error);

}  // namespace starport::engine
