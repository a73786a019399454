// The JFK solo variant's opponent: the rulebook's automaton, not a bot. It plays Control
// Cards from its decks, takes cards in the Stages it has played, and pushes forward.
#include "engine/space_race/state.hpp"

namespace starport::space_race {

// JFK Phase 1, step 3: the top Control Card of each deck, face up, for the rest of the game.
void state::opponent_plays_controls() {
  for (int d = 0; d < opponent_.decks; ++d) {
    if (opponent_.deck_size_left[d] == 0) continue;
    int k = opponent_.deck[d][--opponent_.deck_size_left[d]];
    opponent_.level[static_cast<int>(control(k).type)] += control(k).level;
    if (opponent_.played_count < opponent_.played.size())
      opponent_.played[opponent_.played_count++] = static_cast<std::int8_t>(k);
    note(event_kind::opponent_control, 0, k);
  }
}

// JFK, Special Rules for the Opponent: the bottom card of the current Stage's type; else of
// the most recent earlier Stage with a card; else the top card of the Deck.
void state::opponent_turn(int st) {
  for (int t = st; t >= 0; --t)
    if (!universe_[t].empty()) {
      opponent_.taken.push(universe_[t].take(0));
      note(event_kind::opponent_takes, 0, static_cast<int>(opponent_.taken.top()), t);
      return;
    }
  if (!deck_.empty()) {
    opponent_.taken.push(deck_.pop());
    note(event_kind::opponent_takes, 0, static_cast<int>(opponent_.taken.top()), 0xff);
  }
}

// JFK Phase 2, step 4: Eastern Bloc Pushes Forward, for each Stage it has played, when its
// level is at least twice yours.
void state::eastern_bloc_pushes() {
  for (int t = 0; t < stage_count; ++t) {
    int theirs = opponent_.level[t];
    if (theirs > 0 && theirs >= 2 * stage_level(0, static_cast<stage>(t)) && !deck_.empty()) {
      opponent_.taken.push(deck_.pop());
      note(event_kind::opponent_takes, 0, static_cast<int>(opponent_.taken.top()), 0xff);
    }
  }
}

}  // namespace starport::space_race
