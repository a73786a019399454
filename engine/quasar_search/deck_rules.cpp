// Deck building for Quasar Search (docs/rules/quasar_search_cards.md, "Deck building"): the
// pool as people see it, the four starter decks, and one sentence per rule a list breaks.
//
// The rules, in the order their sentences come:
//   1. every card is in the pool;
//   2. exactly one Faction card (the seat plays that faction);
//   3. no Lost in Space (the box supplies them during play);
//   4. 30 to 39 player cards besides the Faction card (a Mission of three Acts of 10
//      Challenges confronts 30 times; more cards are slack against Crew Damage and draws);
//   5. at most 3 copies of a card, at most 2 of a Project or an Overcommit card;
//   6. a faction's own cards only in a deck with that Faction card.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/words.hpp"
#include "engine/quasar_search/cards.hpp"

namespace starport::quasar_search {
namespace {

using engine::listing;

constexpr int min_player_cards = 30;
constexpr int max_player_cards = max_deck_cards - 1;
constexpr int max_copies = 3;
constexpr int max_special_copies = 2;   // Projects and Overcommit cards

std::string_view kind_name(card_kind k) {
  switch (k) {
    case card_kind::crew: return "Crew";
    case card_kind::project: return "Project";
    case card_kind::faction: return "Faction";
    case card_kind::lost_in_space: return "Lost in Space";
  }
  return "?";
}

bool special(const player_card& c) { return c.kind == card_kind::project || c.has(keyword::overcommit); }

std::vector<engine::pool_card> build_pool() {
  std::vector<engine::pool_card> out;
  const auto cards = player_pool();
  const auto fs = factions();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const player_card& c = cards[i];
    engine::pool_card p;
    p.index = static_cast<engine::card_index>(i);
    p.name = std::string(c.name);
    p.kind = std::string(kind_name(c.kind));
    if (c.faction != neutral && c.faction < fs.size() && c.kind != card_kind::faction)
      p.tags.emplace_back(fs[c.faction].name);
    if (c.has(keyword::overcommit)) p.tags.emplace_back("Overcommit");
    if (c.has(keyword::adrenaline)) p.tags.emplace_back("Adrenaline " + std::to_string(c.adrenaline));
    p.text = card_text(c);
    if (c.has_value) p.stats.emplace_back("Value", c.value);
    if (c.kind == card_kind::faction && c.faction < fs.size()) {
      const faction_def& f = fs[c.faction];
      p.stats.emplace_back("Morale Number", f.morale);
      p.stats.emplace_back("Rankbreaker", f.rankbreaker);
      for (std::uint8_t r : f.ranks) p.stats.emplace_back("Rank", r);
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::span<const engine::pool_card> pool_cards() {
  static const std::vector<engine::pool_card> pool = build_pool();
  return pool;
}

// ---- Starter decks -------------------------------------------------------------------------

// clang-format off
const std::vector<engine::starter_recipe>& recipes() {
  static const std::vector<engine::starter_recipe> list = {
      {"cartographers", "Helix Cartographers",
       "See the Challenges coming (Sensors), keep the right card for them (Stockpile, Warp) and Shift onto the exact number.",
       {
           {1, "Helix Cartographers"},
           {2, "Star Chartist"}, {2, "Navigator Prime"}, {2, "Deep Surveyor"}, {2, "Survey Beacon"},
           {3, "Trim Jets"}, {2, "Quartermaster"}, {2, "Scout Drone"}, {1, "Long-Range Scanner"}, {2, "Fold Courier"},
           {1, "Cold Sleeper"}, {2, "Rigger"}, {2, "Comms Specialist"}, {2, "Shuttle Pilot"}, {2, "Gunnery Chief"},
           {2, "Veteran Engineer"}, {1, "Commendation"},
       }},
      {"salvagers", "Ironbound Salvagers",
       "Make Energy from everything, spend it on Shifts, and Overcommit the big engines when it counts.",
       {
           {1, "Ironbound Salvagers"},
           {2, "Scrap Golem"}, {3, "Welding Crew"}, {3, "Jury Rigger"}, {2, "Reclaimer Rig"},
           {2, "Reactor Tender"}, {2, "Capacitor Tech"}, {1, "Fusion Reactor"}, {1, "All Hands"}, {2, "Overclocked Core"},
           {2, "Scrap Diver"}, {2, "Deckhand"}, {2, "Gunnery Chief"}, {2, "Veteran Engineer"}, {2, "Void Marine"},
           {2, "Commendation"},
       }},
      {"choir", "Lumen Choir",
       "Keep the team's Morale up, turn successes into Glory and Boons, and learn from every failure.",
       {
           {1, "Lumen Choir"},
           {3, "Cantor"}, {2, "Lantern Bearer"}, {3, "Choir Elder"}, {2, "Hymn of Return"},
           {2, "Glory Seeker"}, {2, "Showrunner"}, {2, "Vector Analyst"}, {2, "Morale Officer"}, {1, "Rallying Banner"},
           {1, "Field Workshop"}, {1, "Hard Lesson"}, {1, "Flight Simulator"}, {2, "Shuttle Pilot"},
           {2, "Comms Specialist"}, {2, "Veteran Engineer"}, {1, "Gunnery Chief"}, {1, "Cabin Steward"},
       }},
      {"vanguard", "Vanguard Wing",
       "High Ranks and high values: lead from the front, ride the Adrenaline and let the Team Leader Shift.",
       {
           {1, "Vanguard Wing"},
           {3, "Strike Leader"}, {3, "Honour Guard"}, {2, "Vanguard Ace"}, {2, "Battle Standard"},
           {2, "Adrenal Rush"}, {2, "Firebrand"}, {2, "Chain of Command"}, {1, "Wingmate"}, {2, "Desperate Gambit"},
           {1, "Last-Ditch Burn"}, {1, "Reckless Burn"}, {1, "Officer Training"}, {1, "Targeting Array"},
           {2, "Void Marine"}, {2, "Gunnery Chief"}, {2, "Shuttle Pilot"}, {1, "Trim Jets"},
       }},
  };
  return list;
}
// clang-format on

std::vector<engine::starter_deck> build_starters() {
  const content_set& content = standard_content();
  return engine::resolve_starters(recipes(), [&](std::string_view name) { return find_card(content, name); });
}

}  // namespace

std::vector<std::string> deck_problems(std::span<const engine::card_index> deck) {
  std::vector<std::string> problems;
  const auto cards = player_pool();
  const auto fs = factions();
  std::vector<std::string> unknown;
  int unknown_count = 0;
  std::map<engine::card_index, int> copies;   // ordered: messages list cards in pool order
  for (engine::card_index i : deck) {
    if (i >= cards.size()) {
      if (++unknown_count <= 5) unknown.push_back(std::to_string(i));
      continue;
    }
    ++copies[i];
  }
  // 1. Cards that are not in the pool (a list from another rules_version, bad input).
  if (unknown_count > 0)
    problems.push_back("The deck names " + std::to_string(unknown_count) +
                       (unknown_count == 1 ? " card that is" : " cards that are") + " not in the pool (number " +
                       listing(unknown) + (unknown_count > 5 ? " …" : "") + ").");
  // 2. Exactly one Faction card.
  std::vector<std::string> faction_names;
  int faction = -1;
  for (auto [id, n] : copies)
    if (cards[id].kind == card_kind::faction)
      for (int k = 0; k < n; ++k) {
        faction_names.emplace_back(cards[id].name);
        faction = cards[id].faction;
      }
  if (faction_names.empty())
    problems.push_back("The deck needs exactly one Faction card; it has none.");
  else if (faction_names.size() > 1)
    problems.push_back("The deck needs exactly one Faction card; it has " + std::to_string(faction_names.size()) +
                       " (" + listing(faction_names) + ").");
  // 3. No Lost in Space.
  int lost = 0;
  for (auto [id, n] : copies)
    if (cards[id].kind == card_kind::lost_in_space) lost += n;
  if (lost > 0) problems.push_back("Lost in Space may not be brought in a deck; the box supplies it.");
  // 4. 30 to 39 player cards besides the Faction card.
  int player_cards = 0;
  for (auto [id, n] : copies)
    if (cards[id].kind == card_kind::crew || cards[id].kind == card_kind::project) player_cards += n;
  if (player_cards < min_player_cards || player_cards > max_player_cards)
    problems.push_back("The deck needs " + std::to_string(min_player_cards) + " to " +
                       std::to_string(max_player_cards) + " player cards besides its Faction card; it has " +
                       std::to_string(player_cards) + ".");
  // 5. Copies of one card.
  std::vector<std::string> many;
  for (auto [id, n] : copies) {
    const player_card& c = cards[id];
    if (c.kind != card_kind::crew && c.kind != card_kind::project) continue;
    if (n > (special(c) ? max_special_copies : max_copies)) many.push_back(std::to_string(n) + " " + std::string(c.name));
  }
  if (!many.empty())
    problems.push_back("A deck may hold at most 3 copies of a card, and 2 of a Project or an Overcommit card, but this one has " +
                       listing(many) + ".");
  // 6. Another faction's cards.
  std::vector<std::string> foreign;
  for (auto [id, n] : copies) {
    const player_card& c = cards[id];
    if (c.kind == card_kind::faction || c.faction == neutral) continue;
    if (faction_names.size() == 1 && c.faction == faction) continue;
    foreign.emplace_back(c.name);
  }
  if (!foreign.empty()) {
    std::string whose;
    if (faction_names.size() == 1 && faction >= 0 && static_cast<std::size_t>(faction) < fs.size())
      whose = "a " + std::string(fs[static_cast<std::size_t>(faction)].name) + " deck";
    else
      whose = "a deck without exactly one Faction card";
    problems.push_back(listing(foreign) + (foreign.size() == 1 ? " belongs" : " belong") +
                       " to another faction and may not be in " + whose + ".");
  }
  return problems;
}

std::span<const engine::starter_deck> starter_decks() {
  static const std::vector<engine::starter_deck> decks = build_starters();
  return decks;
}

const engine::deck_rules& deck_building() {
  static const engine::deck_rules rules{
      .pool = pool_cards,
      .starters = starter_decks,
      .problems = deck_problems,
      .max_cards = static_cast<std::size_t>(max_deck_cards),
      .pool_since = 1,   // the pool has not changed since the first rules version
  };
  return rules;
}

}  // namespace starport::quasar_search
