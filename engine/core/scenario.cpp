#include "engine/core/scenario.hpp"

#include <unordered_map>

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
  if (!decks.empty()) return game->create_with_decks(seats, *options, decks, seed);
  return position ? game->create_at(seats, *options, *position, seed)
                  : game->create(seats, *options, seed);
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// "decks": [["card name", …], …], one list per seat, each legal (docs/scenarios.md).
bool parse_decks(const google::protobuf::ListValue& lists, const game_info& game, int seats,
                 std::vector<deck_list>& out, std::string& error) {
  if (game.decks == nullptr || game.create_with_decks == nullptr) {
    error = "scenario: " + std::string(game.id) + " has no decks";
    return false;
  }
  if (lists.values_size() != seats) {
    error = "scenario: decks lists " + std::to_string(lists.values_size()) + " decks for " +
            std::to_string(seats) + " seats";
    return false;
  }
  std::unordered_map<std::string, card_index> by_name;
  for (const pool_card& c : game.decks->pool()) by_name.emplace(lower(c.name), c.index);
  out.clear();
  for (int seat = 0; seat < seats; ++seat) {
    const std::string where = "scenario deck " + std::to_string(seat) + ": ";
    const auto& list = lists.values(seat);
    if (!list.has_list_value()) {
      error = where + "a list of card names";
      return false;
    }
    deck_list deck;
    for (const auto& name : list.list_value().values()) {
      auto found = name.has_string_value() ? by_name.find(lower(name.string_value())) : by_name.end();
      if (found == by_name.end()) {
        error = where + (name.has_string_value() ? "no card named '" + name.string_value() + "'"
                                                 : std::string("card names are strings"));
        return false;
      }
      deck.push_back(found->second);
    }
    if (auto problems = game.decks->problems(deck); !problems.empty()) {
      error = where + problems.front();
      return false;
    }
    out.push_back(std::move(deck));
  }
  return true;
}

}  // namespace

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
  out.decks.clear();
  if (file.has_decks()) {
    if (file.has_position()) {
      error = "scenario: give decks or a position, not both (a position lists its own cards)";
      return false;
    }
    if (!parse_decks(file.decks(), *out.game, out.seats, out.decks, error)) return false;
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
                          const std::vector<action>& actions,
                          std::span<const deck_list> decks) {
  v1::Scenario file;
  file.set_game(std::string(game.id));
  file.set_seats(static_cast<std::uint32_t>(seats));
  file.set_seed(seed);
  file.set_rules_version(static_cast<std::uint32_t>(game.rules_version));
  std::string error;
  (void)from_json(to_json(options, false), *file.mutable_options(), error);
  for (const action& a : actions) file.add_actions(game.action_text(a));
  if (!decks.empty() && game.decks != nullptr) {
    const auto pool = game.decks->pool();
    for (const deck_list& deck : decks) {
      auto* names = file.mutable_decks()->add_values()->mutable_list_value();
      for (card_index c : deck)
        if (c < pool.size()) names->add_values()->set_string_value(pool[c].name);
    }
  }
  return to_json(file);
}

}  // namespace starport::engine
