// libFuzzer target: scenario and replay files (engine::parse_scenario, docs/scenarios.md),
// the JSON a person or `starport replay` hands the engine. Oracles: nothing crashes; a
// refusal carries a readable error; an accepted scenario starts a match, its actions are
// played until the first the rules refuse (as `starport replay` does), and one without a
// position re-renders to JSON that parses again to the same scenario.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "engine/core/scenario.hpp"

namespace engine = starport::engine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  engine::scenario s;
  std::string error;
  if (!engine::parse_scenario(json, s, error)) {
    if (error.empty()) {
      std::cerr << "parse_scenario refused without saying why\n";
      std::abort();
    }
    return 0;
  }
  auto m = s.start();
  if (!m) {
    std::cerr << "an accepted scenario did not start\n";
    std::abort();
  }
  for (const auto& a : s.actions)
    if (!m->play(a)) break;
  if (!s.position) {
    const std::string again = engine::scenario_json(*s.game, s.seats, s.seed, *s.options, s.actions);
    engine::scenario t;
    if (!engine::parse_scenario(again, t, error) || t.actions.size() != s.actions.size() || t.seed != s.seed) {
      std::cerr << "a scenario's own JSON did not parse back: " << error << "\n";
      std::abort();
    }
  }
  return 0;
}
