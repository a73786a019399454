// Deck building for Race to the Terminus (rulebook "Building a Deck", glossary Unique and
// Legacy): the pool as people see it, and one sentence per rule a deck list breaks.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/core/words.hpp"
#include "engine/terminus/cards.hpp"

namespace starport::terminus {
namespace {

using engine::listing;

std::string_view pile_name(card_type t) {
  switch (t) {
    case card_type::module: return "Modules";
    case card_type::recruit: return "Recruits";
    case card_type::action: return "Actions";
    case card_type::complication: return "Complications";
    case card_type::system: return "Systems";
  }
  return "?";
}

std::string requirement_stat(const requirement& r) {
  std::string_view what = r.on == resource::certainty ? "Certainty" : r.on == resource::reputation ? "Reputation" : "Intel";
  return "Requires " + std::string(what) + (r.cmp == compare::at_most ? " at most" : "");
}

std::vector<engine::pool_card> build_pool() {
  std::vector<engine::pool_card> out;
  const auto cards = all_cards();
  out.reserve(cards.size());
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const card_def& c = cards[i];
    engine::pool_card p;
    p.index = static_cast<engine::card_index>(i);
    p.name = std::string(c.name);
    p.kind = std::string(type_name(c.type));
    for (int k = 0; k < keyword_count; ++k)
      if (c.has(static_cast<keyword>(k))) p.tags.emplace_back(keyword_name(static_cast<keyword>(k)));
    for (int s = 0; s < subtype_count; ++s)
      if (c.is(static_cast<subtype>(s))) p.tags.emplace_back(subtype_name(static_cast<subtype>(s)));
    p.text = card_text(c);
    if (c.type == card_type::complication) p.stats.emplace_back("Power", c.power);
    if (c.type == card_type::recruit) p.stats.emplace_back("Morale", c.morale);
    if (c.has(keyword::farsight)) p.stats.emplace_back("Farsight", c.farsight);
    if (c.needs.present()) p.stats.emplace_back(requirement_stat(c.needs), c.needs.value);
    out.push_back(std::move(p));
  }
  return out;
}

std::span<const engine::pool_card> pool_cards() {
  static const std::vector<engine::pool_card> pool = build_pool();
  return pool;
}

}  // namespace

std::vector<std::string> deck_problems(std::span<const engine::card_index> deck) {
  std::vector<std::string> problems;
  const auto cards = all_cards();
  std::vector<std::string> unknown;
  int unknown_count = 0;
  int per_pile[card_type_count] = {};
  std::map<card_id, int> copies;   // ordered: messages list cards in pool order
  for (engine::card_index i : deck) {
    if (i >= cards.size()) {
      if (++unknown_count <= 5) unknown.push_back(std::to_string(i));
      continue;
    }
    ++per_pile[static_cast<int>(cards[i].type)];
    ++copies[static_cast<card_id>(i)];
  }
  // Cards that are not in the pool at all (a list from another rules_version, bad input).
  if (!unknown.empty())
    problems.push_back("The deck names " + std::to_string(unknown_count) + " card" + (unknown_count == 1 ? " that is" : "s that are") +
                       " not in the pool (number " + listing(unknown) + (unknown_count > 5 ? " …" : "") + ").");
  // 5 Piles: 10 Modules, 10 Recruits, 10 Complications, 10 Systems, 20 Actions (= 60 cards).
  for (card_type t : {card_type::module, card_type::recruit, card_type::complication, card_type::system,
                      card_type::action}) {
    const int have = per_pile[static_cast<int>(t)], want = pile_cards[static_cast<int>(t)];
    if (have != want)
      problems.push_back("The deck needs exactly " + std::to_string(want) + " " + std::string(pile_name(t)) +
                         "; it has " + std::to_string(have) + ".");
  }
  // No two cards may share a name unless they are Actions.
  std::vector<std::string> shared;
  for (auto [id, n] : copies)
    if (n > 1 && cards[id].type != card_type::action) shared.push_back(std::string(cards[id].name));
  if (!shared.empty())
    problems.push_back("Only Actions may share a name, but the deck has more than one " + listing(shared) + ".");
  // The sum of the Complications' Power may not exceed 10.
  int power = 0;
  for (auto [id, n] : copies)
    if (cards[id].type == card_type::complication) power += cards[id].power * n;
  if (power > max_power)
    problems.push_back("The Complications' Power adds up to " + std::to_string(power) + "; it may be at most " +
                       std::to_string(max_power) + ".");
  // At most 2 Actions with the same name.
  std::vector<std::string> many;
  for (auto [id, n] : copies)
    if (n > max_action_copies && cards[id].type == card_type::action)
      many.push_back(std::to_string(n) + " " + std::string(cards[id].name));
  if (!many.empty())
    problems.push_back("A deck may hold at most 2 Actions of one name, but this one has " + listing(many) + ".");
  // Unique: one card of that name (only Actions can break it without breaking the rule above).
  std::vector<std::string> unique_broken;
  for (auto [id, n] : copies)
    if (n > 1 && cards[id].has(keyword::unique) && cards[id].type == card_type::action)
      unique_broken.push_back(std::string(cards[id].name));
  if (!unique_broken.empty())
    problems.push_back(listing(unique_broken) + (unique_broken.size() == 1 ? " is" : " are") +
                       " Unique: the deck may hold only one of each.");
  // Legacy: at most 1.
  std::vector<std::string> legacies;
  for (auto [id, n] : copies)
    if (cards[id].is(subtype::legacy))
      for (int k = 0; k < n; ++k) legacies.push_back(std::string(cards[id].name));
  if (static_cast<int>(legacies.size()) > max_legacy)
    problems.push_back("A deck may hold at most 1 Legacy, but this one has " + std::to_string(legacies.size()) +
                       " (" + listing(legacies) + ").");
  return problems;
}

const engine::deck_rules& deck_building() {
  static const engine::deck_rules rules{
      .pool = pool_cards,
      .starters = starter_decks,
      .problems = deck_problems,
      .max_cards = static_cast<std::size_t>(deck_cards),
      .pool_since = 1,   // the pool has not changed since the first rules version
  };
  return rules;
}

}  // namespace starport::terminus
