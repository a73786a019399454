#include "engine/core/scenario.hpp"

#include <google/protobuf/util/json_util.h>

#include "engine/registry.hpp"
#include "starport/v1/scenario.pb.h"

namespace starport::engine {

namespace pbu = google::protobuf::util;

std::string to_json(const google::protobuf::Message& m, bool pretty) {
  pbu::JsonPrintOptions o;
  o.add_whitespace = pretty;
  o.preserve_proto_field_names = true;
  std::string out;
  (void)pbu::MessageToJsonString(m, &out, o);
  return out;
}

bool from_json(std::string_view json, google::protobuf::Message& out, std::string& error) {
  pbu::JsonParseOptions o;
  o.ignore_unknown_fields = false;
  auto status = pbu::JsonStringToMessage(std::string(json), &out, o);
  if (!status.ok()) {
    error = std::string(status.message());
    return false;
  }
  return true;
}

std::unique_ptr<match> scenario::start() const {
  return position ? game->create_at(seats, *options, *position, seed)
                  : game->create(seats, *options, seed);
}

bool parse_scenario(std::string_view json, scenario& out, std::string& error) {
  v1::Scenario file;
  if (!from_json(json, file, error)) {
    error = "scenario: " + error;
    return false;
  }
  out.game = find_game(file.game());
  if (!out.game) {
    error = "scenario: unknown game '" + file.game() + "'";
    return false;
  }
  if (file.rules_version() != 0 && static_cast<int>(file.rules_version()) != out.game->rules_version) {
    error = "scenario: written for rules version " + std::to_string(file.rules_version()) +
            ", this build has " + std::to_string(out.game->rules_version);
    return false;
  }
  out.seats = static_cast<int>(file.seats());
  out.seed = file.seed();
  out.options = out.game->new_options();
  if (file.has_options() && !from_json(to_json(file.options(), false), *out.options, error)) {
    error = "scenario options: " + error;
    return false;
  }
  verdict v = out.game->validate(out.seats, *out.options);
  if (file.has_position()) {
    out.position = out.game->new_position();
    if (!from_json(to_json(file.position(), false), *out.position, error)) {
      error = "scenario position: " + error;
      return false;
    }
    if (v) v = out.game->validate_at(out.seats, *out.options, *out.position);
  }
  if (!v) {
    error = std::string("scenario: ") + v.detail;
    return false;
  }
  out.actions.clear();
  for (const std::string& text : file.actions()) {
    action a;
    if (!out.game->parse_action(text, a, error)) {
      error = "scenario action '" + text + "': " + error;
      return false;
    }
    out.actions.push_back(a);
  }
  return true;
}

std::string scenario_json(const game_info& game, int seats, std::uint64_t seed,
                          const google::protobuf::Message& options,
                          const std::vector<action>& actions) {
  v1::Scenario file;
  file.set_game(std::string(game.id));
  file.set_seats(static_cast<std::uint32_t>(seats));
  file.set_seed(seed);
  file.set_rules_version(static_cast<std::uint32_t>(game.rules_version));
  std::string error;
  (void)from_json(to_json(options, false), *file.mutable_options(), error);
  for (const action& a : actions) file.add_actions(game.action_text(a));
  return to_json(file);
}

}  // namespace starport::engine
