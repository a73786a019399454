#pragma once
// A game's Position from the JSON a scenario file holds (proto field names), in a test: the
// test stops with the parser's reason when the JSON does not parse.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/core/scenario.hpp"

template <class Position>
Position position_from_json(std::string_view json) {
  Position p;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::from_json(json, p, error), error);
  return p;
}
