#pragma once
// Log words name players by seat, as "{seat:N}" (N from 0), never by a name the engine
// cannot know: the server's clients and the CLI each put their own names there.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/deck.hpp"

namespace starport::engine {

inline std::string seat_ref(int seat) { return "{seat:" + std::to_string(seat) + "}"; }
// A card kind, as "{card:K}" (K its index in the game's `game_info::cards()`, public): the
// clients put the kind's name there, as they do seats' names, so a line's shape does not
// change with the card it names (docs/protocol.md, "Log lines").
inline std::string card_ref(std::size_t kind) { return "{card:" + std::to_string(kind) + "}"; }

// "1 card", "2 cards": a count and the noun it agrees with.
inline std::string plural(int n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "A", "A and B", "A, B and C": names in a sentence.
inline std::string listing(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

// A game's log events that follow one another and say one thing ("draws 1 Action." for each
// of two Ships): from events[i], the run of those `joins` links to it, told as one line with
// their `amount`s summed. Leaves `i` on the run's last event.
template <class Event, class Joins, class Amount>
int sum_of_run(const Event* events, int count, int& i, Joins joins, Amount amount) {
  const Event& first = events[i];
  int n = amount(first);
  while (i + 1 < count && joins(first, events[i + 1])) n += amount(events[++i]);
  return n;
}

// Appends a line to "\n"-joined words (a move's effects, a card's text).
inline void add_line(std::string& out, std::string_view line) {
  if (!out.empty()) out += '\n';
  out += line;
}

// One log entry for a move: its words (describe, before it applied) and what it set off
// (describe_effects, after), "\n"-joined when both say something. The live log and the
// replay log both build entries with it. The move's words are left out when an effect's
// line says them already ("X delivers the cargo." twice) or says more ("X affiliates."
// before "X affiliates with Semyorka."). `why`, the server's reason when it moved for the
// seat (" (time ran out)"), follows the move's words, or the effect line that says them, so
// it is never lost and never makes the line twice; it is dropped with words that are empty.
std::string join_words(std::string before, std::string_view effects, std::string_view why = {});

// Replaces every "{seat:N}" with names[N] ("Seat N+1" when N has no name) and every
// "{card:K}" with cards[K].name ("card K" when K is not in `cards`).
std::string fill_seat_names(std::string_view words, std::span<const std::string> names,
                            std::span<const pool_card> cards = {});

}  // namespace starport::engine
