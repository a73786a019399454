#include "server/lobby/seat_rules.hpp"

#include "server/crypto.hpp"
#include "server/lobby/decks.hpp"

namespace starport::server {
namespace {

// Bots are named like stars, each different from every other name at its table.
constexpr std::string_view bot_names[] = {"Vega",   "Orion",  "Lyra",    "Altair",  "Rigel",   "Deneb",
                                          "Nova",   "Sirius", "Castor",  "Pollux",  "Antares", "Capella",
                                          "Electra", "Mira",  "Polaris", "Spica"};

}  // namespace

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The first name of the list no other seat of `l` has (`except` is the seat being named).
std::string free_bot_name(const lobby& l, int except) {
  auto taken = [&](std::string_view name) {
    for (std::size_t i = 0; i < l.seats.size(); ++i)
      if (static_cast<int>(i) != except && !l.seats[i].open && same_name(l.seats[i].name, name)) return true;
    return false;
  };
  for (std::string_view name : bot_names)
    if (!taken(name)) return std::string(name);
  for (int n = 2;; ++n)   // more seats than names: never with today's games (at most 6 seats)
    if (std::string name = std::string(bot_names[0]) + " " + std::to_string(n); !taken(name)) return name;
}

// "Random, Heuristic": the kinds a player may ask for, as the create form shows them.
std::string bot_choices(const engine::game_info& game) {
  std::string names;
  for (const engine::bot_entry& b : game.bots) names += (names.empty() ? "" : ", ") + std::string(b.name);
  return names;
}

// "Alice (seat 2)", "Alice (seat 2) and Bob (seat 3)", "A, B and C".
std::string and_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

std::string limit_words(int limit) {
  return "You are already at " + std::to_string(limit) +
         " tables that have not finished; leave one before joining or starting another.";
}

// A starter for a seat nobody chose one for (a bot, PlayComputer's player): any of them.
const engine::starter_deck& any_starter(const engine::game_info& game) {
  const auto starters = game.decks->starters();
  return starters[random_u64() % starters.size()];
}

void take_starter(lobby_seat& seat, const engine::starter_deck& s) {
  seat.deck_id = starter_deck_id(s);
  seat.deck_name = s.name;
  seat.deck = s.cards;
}

// Whether `seat`'s deck may still be brought to `game` (a starter is taken as the game has
// it now); otherwise the choice is cleared. True: the seat's deck changed.
bool recheck_deck(const engine::game_info& game, lobby_seat& seat) {
  if (!seat.has_deck() && seat.deck_id.empty()) return false;
  if (game.decks && is_starter_id(seat.deck_id)) {
    if (const engine::starter_deck* s = find_starter(game, seat.deck_id)) {
      if (s->cards == seat.deck && s->name == seat.deck_name) return false;
      take_starter(seat, *s);
      return true;
    }
  } else if (game.decks && seat.has_deck() && game.decks->problems(seat.deck).empty()) {
    return false;
  }
  seat.clear_deck();
  return true;
}

}  // namespace starport::server
