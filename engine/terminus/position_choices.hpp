#pragma once
// What validating a Position (position.cpp) asks of its stated choices
// (position_choices.cpp, position_partial.cpp, position_backslide.cpp): whether a `resolving`, a Cascade ability or a partly made choice
// fits the rest of the position, and whose choice it is.
#include "engine/terminus/state.hpp"

namespace starport::terminus::positions {

// Cascade entry `i` of the position's window is an ability; `at` is set to its timing.
verdict cascade_ability(const pb::Position& position, int i, when& at);
const pb::ResolvingPosition& innermost(const pb::ResolvingPosition& r);
bool partly_made(const pb::ResolvingPosition& r);   // picks_left, looked, put_back or chaotic
// The seat whose choice the innermost `resolving` is.
int chooser(const pb::Position& position);
// A Start Step Farsight look partly made: STEP with a Farsight card and `looked`.
bool farsight_look(const pb::Position& position);
// The card and timing of the innermost choice's ability (false when it has no parts).
bool innermost_card(const pb::Position& position, card_id& id, when& at);
// The fields of a choice partly made fit the part they name (position_partial.cpp).
verdict partial_fits(int seats, const pb::Position& position);
// BACKSLIDE fits the rest of the position, with the Backslides waiting under it
// (position_backslide.cpp).
verdict backslide_fits(const pb::Position& position);
// `resolving` fits the rest of the position.
verdict resolving_fits(int seats, const pb::Position& position);
// The refusal when a `resolving` of this source turns out not to be open where stated.
const char* resolving_closed(pb::ResolvingPosition::Source source);

}  // namespace starport::terminus::positions
