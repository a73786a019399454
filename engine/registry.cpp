#include "engine/registry.hpp"

#include "engine/quasar_search/state.hpp"
#include "engine/scoundrels/state.hpp"
#include "engine/space_race/state.hpp"
#include "engine/space_war/state.hpp"
#include "engine/terminus/state.hpp"

namespace starport::engine {

std::span<const game_info* const> games() {
  static const game_info* const table[] = {
      &info_of<space_war::state>(),
      &info_of<space_race::state>(),
      &info_of<terminus::state>(),
      &info_of<scoundrels::state>(),
      &info_of<quasar_search::state>(),
  };
  return table;
}

const game_info* find_game(std::string_view id) {
  for (const game_info* g : games())
    if (g->id == id) return g;
  return nullptr;
}

}  // namespace starport::engine
