// INTERIM, until term-cards commits bots.cpp: the random bot only. Deleted on that merge.
#include "engine/terminus/state.hpp"

namespace starport::terminus {

std::span<const engine::bot_entry> state::bots() {
  static const engine::bot_entry table[] = {engine::random_bot_entry};
  return table;
}

}  // namespace starport::terminus
