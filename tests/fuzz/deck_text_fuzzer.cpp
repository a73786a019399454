// libFuzzer target: the plain-text deck list a person pastes (engine::parse_deck_text,
// deck.hpp). Rules of its own — a pool of names with spaces, apostrophes, digits and
// letters in other cases, a 60-card maximum — so the target does not wait for a game.
// Oracles: nothing crashes; a refusal gives at least one error and no deck; an accepted
// list has at most max_cards entries, every one a card of the pool, and exporting it with
// deck_text and parsing that again gives the same cards.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/deck.hpp"

namespace engine = starport::engine;

namespace {

std::span<const engine::pool_card> pool() {
  static const std::vector<engine::pool_card> cards = [] {
    std::vector<engine::pool_card> out;
    const std::array<const char*, 8> names = {"Warp Coil", "Ion Lance", "Pathfinder's Map", "Station 9",
                                              "Quasar", "Dock Crane Mk II", "A", "Éclair Drive"};
    const std::array<const char*, 3> kinds = {"Module", "Action", "Crew"};
    for (std::size_t i = 0; i < names.size(); ++i) {
      engine::pool_card c;
      c.index = static_cast<engine::card_index>(i);
      c.name = names[i];
      c.kind = kinds[i % kinds.size()];
      out.push_back(c);
    }
    return out;
  }();
  return cards;
}

std::span<const engine::starter_deck> starters() {
  static const std::vector<engine::starter_deck> decks = {{"basic", "Basic", "Every card.", {0, 1, 2, 3, 4, 5, 6, 7}}};
  return decks;
}

std::vector<std::string> problems(std::span<const engine::card_index>) { return {}; }

const engine::deck_rules rules{pool, starters, problems, 60};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  engine::deck_list deck;
  std::vector<std::string> errors;
  if (!engine::parse_deck_text(text, rules, deck, errors)) {
    if (errors.empty()) {
      std::cerr << "a refused deck list came with no error\n";
      std::abort();
    }
    return 0;
  }
  if (deck.size() > rules.max_cards ||
      std::any_of(deck.begin(), deck.end(), [](engine::card_index c) { return c >= pool().size(); })) {
    std::cerr << "an accepted deck list holds too many cards or a card outside the pool\n";
    std::abort();
  }
  const std::string again = engine::deck_text(rules, deck);
  engine::deck_list round;
  errors.clear();
  auto sorted = deck;
  std::sort(sorted.begin(), sorted.end());
  if (!engine::parse_deck_text(again, rules, round, errors) ||
      (std::sort(round.begin(), round.end()), round != sorted)) {
    std::cerr << "a deck's own text did not parse back to the same cards\n";
    std::abort();
  }
  return 0;
}
