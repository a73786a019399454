// Quasar Search: the shipped content as one value (cards.hpp, content_set).
#include "engine/quasar_search/cards.hpp"

namespace starport::quasar_search {

const content_set& standard_content() {
  static const content_set c{&mission(), challenges(), factions(), player_pool()};
  return c;
}

}  // namespace starport::quasar_search
