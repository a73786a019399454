// Every example file in docs/scenarios.md runs: each ```json block that names a game parses,
// its position is accepted, and every action in it is applied without a refusal. An example
// that drifts from the rules fails here, not in a reader's terminal.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "tests/engine/scenario_doc_examples.hpp"

TEST_CASE("docs/scenarios.md, every example file parses and plays all its actions") {
  const std::vector<std::string> examples = scenario_doc_examples(STARPORT_SOURCE_DIR "/docs/scenarios.md");
  // Space War 2, Space Race 3, Terminus 3, Scoundrels 2, Quasar Search 2 when this was written.
  CHECK(examples.size() >= 12);
  for (const std::string& json : examples) {
    CAPTURE(json);
    starport::engine::scenario sc;
    std::string error;
    REQUIRE_MESSAGE(starport::engine::parse_scenario(json, sc, error), error);
    std::unique_ptr<starport::engine::match> m = sc.start();
    REQUIRE(m);
    for (std::size_t i = 0; i < sc.actions.size(); ++i) {
      CAPTURE(i);
      const starport::engine::verdict v = m->play(sc.actions[i]);
      REQUIRE_MESSAGE(v, v.detail);
    }
  }
}
