#pragma once
// Constructed decks: a player builds a deck from a game's card pool, keeps it in their
// account and brings it to a seat (terminus, quasar_search). A game that has decks gives
// `G::deck_rules()` and a constructor taking one deck per seat; the server, the deck
// builder and the replay reach them through `game_info::decks` (match.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace starport::engine {

// A card of a game's pool: its index in `deck_rules::pool()`. Stable from the rules version
// `deck_rules::pool_since` on.
using card_index = std::uint16_t;
// One entry per copy, in any order (a game sorts or shuffles as its rules say).
using deck_list = std::vector<card_index>;

// One card of the pool as people see it (deck builder, tooltips, the card kit). Public.
struct pool_card {
  card_index index = 0;
  std::string name;                 // unique in the pool; what a deck list names
  std::string kind;                 // the card type and the pile it goes to: "Module", "Action"
  std::vector<std::string> tags;    // keywords and subtypes: "Runabout", "Weapon", "Organic"
  std::string text;                 // the rules text, for people
  std::vector<std::pair<std::string, int>> stats;   // ("Power", 3), ("Requires Certainty", 2)
};

// A ready-made deck a seat (or a bot) may take instead of one of its own.
struct starter_deck {
  std::string id;                   // stable: "pathfinders"
  std::string name;                 // for people: "Pathfinders"
  std::string summary;              // for people, one line: how it plays
  deck_list cards;
};

// A starter deck as a game's source writes it: counts of cards by name, so a reader can
// check it against the pool.
struct starter_recipe {
  struct entry {
    int count;
    std::string_view name;
  };
  std::string_view id, name, summary;
  std::vector<entry> cards;
};
// The recipes with their names resolved to card indices by `find` (-1: no such card), once
// per game. A name `find` does not know is a misspelling in the game's source: it throws
// std::logic_error naming the deck and the card (each game's starter test reaches it).
std::vector<starter_deck> resolve_starters(std::span<const starter_recipe> recipes,
                                           const std::function<int(std::string_view)>& find);

struct deck_rules {
  std::span<const pool_card> (*pool)() = nullptr;
  std::span<const starter_deck> (*starters)() = nullptr;   // at least one; every one legal
  // One sentence per deck-building rule the list breaks, in the rulebook's order; empty:
  // the deck may be brought to a seat. Never throws; any card_index may come in.
  std::vector<std::string> (*problems)(std::span<const card_index> deck) = nullptr;
  std::size_t max_cards = 0;        // the longest list a deck may be (import refuses more)
  // The first rules version whose pool has today's indices: a deck saved under it or any
  // later one reads as it was saved. A rules fix that leaves the card tables alone keeps
  // it, so players' saved decks outlive the bump; a change to the pool's order or contents
  // sets it to the new rules version.
  int pool_since = 1;
  bool same_pool(int rules_version, int current) const { return rules_version >= pool_since && rules_version <= current; }
};

// The plain-text list a person can read and paste (deck_text.cpp, docs/engine.md "Decks"):
// one "<count> <card name>" per line ("<card name>" alone is one copy), grouped under
// "# <kind> (<count>)" headers on export; '#' starts a comment, blank lines are ignored,
// names match case-insensitively. On any error nothing is returned but the errors, one per
// broken line ("line 3: no card named 'Warp Coil'"), plus one for a list that is too long.
bool parse_deck_text(std::string_view text, const deck_rules& rules, deck_list& out,
                     std::vector<std::string>& errors);
std::string deck_text(const deck_rules& rules, std::span<const card_index> deck);

}  // namespace starport::engine
