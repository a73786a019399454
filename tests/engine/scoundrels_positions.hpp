#pragma once
// What the S.P.A.C.E. position tests share: a position from JSON, the match it starts at 2
// seats (the test stops if it is refused), the refusal's words, a seat's view as JSON.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/core/scenario.hpp"
#include "engine/scoundrels/state.hpp"
#include "tests/engine/position_json.hpp"

namespace scoundrels_positions {

namespace sc = starport::scoundrels;

inline sc::pb::Position position(std::string_view json) { return position_from_json<sc::pb::Position>(json); }

inline sc::state start(const std::string& json) {
  const sc::pb::Position p = position(json);
  const starport::engine::verdict v = sc::state::validate(2, sc::pb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  return sc::state(2, sc::pb::Options(), p, 3);
}

// The refusal's words ("accepted" when the position was not refused, which fails the test).
inline std::string refusal(const std::string& json) {
  const starport::engine::verdict v = sc::state::validate(2, sc::pb::Options(), position(json));
  CHECK_FALSE(v);
  return v ? std::string("accepted") : std::string(v.detail);
}

inline std::string view_json(const sc::state& g, starport::engine::viewer who) {
  sc::pb::View v;
  g.view(who, v);
  return starport::engine::to_json(v, false);
}

}  // namespace scoundrels_positions
