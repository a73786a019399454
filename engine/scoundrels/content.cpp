// The game's own content (board.cpp, cards.cpp), gathered for the rules.
#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

const content& standard_content() {
  static const content c{board(), contracts(), {cantina(colour::green), cantina(colour::purple), cantina(colour::red)},
                         bribes(), encounters()};
  return c;
}

}  // namespace starport::scoundrels
