// Bots for S.P.A.C.E. (sc-content replaces this file with the heuristic bot; until then the
// shared random bot serves).
#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

std::span<const engine::bot_entry> state::bots() {
  static const engine::bot_entry table[] = {engine::random_bot_entry};
  return table;
}

}  // namespace starport::scoundrels
