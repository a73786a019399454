// Starter decks from their recipes (engine/core/deck.hpp), for every deck game.
#include <stdexcept>
#include <string>

#include "engine/core/deck.hpp"

namespace starport::engine {

std::vector<starter_deck> resolve_starters(std::span<const starter_recipe> recipes,
                                           const std::function<int(std::string_view)>& find) {
  std::vector<starter_deck> out;
  for (const starter_recipe& r : recipes) {
    starter_deck d{std::string(r.id), std::string(r.name), std::string(r.summary), {}};
    for (const starter_recipe::entry& e : r.cards) {
      const int id = find(e.name);
      if (id < 0) throw std::logic_error("starter deck " + d.id + ": no card named " + std::string(e.name));
      for (int k = 0; k < e.count; ++k) d.cards.push_back(static_cast<card_index>(id));
    }
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace starport::engine
