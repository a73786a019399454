#pragma once
// Space War's card data: six factions, their decks, leaders and Power Cards.
// Every number here is a design decision recorded in docs/rules/space_war.md.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace starport::space_war {

enum class faction : std::uint8_t { none = 0, dwarves, elves, trolls, goblins, robots, humans };
inline constexpr int faction_count = 6;

enum class power_state : std::uint8_t { none = 0, inactive = 1, active = 2, permanent = 3 };

// The Power each faction controls ("Faction Powers", rules/space_war.md).
enum class power : std::uint8_t {
  none,
  dwarven_armor,   // Dwarves: trigger before battle begins, +1 Strength
  peace,           // Elves: trigger before battle begins, the contest ends, cards go home
  regeneration,    // Trolls: trigger before battle begins, replace your face-up card
  swarm,           // Goblins, Permanent: a face-up Sapper counts as 11 against a lone 10
  salvage,         // Robots: trigger after winning a Battle, take an opponent's top discard
};

// What a leader does for the faction that controls it; blank for a captor.
enum class leader_effect : std::uint8_t {
  blank,
  activate_on_reveal,        // Thane of the Deep Belt: revealed face up → Dwarven Armor Active
  activate_on_battle_win,    // The Spirit of the Forest: wins a Battle → Peace Active
  activate_on_contest_win,   // Chieftain: wins a Contest → Regeneration Active
  activate_on_battle_loss,   // Core Mind: loses a Battle → Salvage Active
  disarm_on_battle_win,      // Grand Admiral: wins a Battle → opposing Active powers go Inactive
};

using card_id = std::uint8_t;

struct card_type {
  std::string_view code;     // "dwarves:7", "elves:spirit"; stable, used in scenarios
  std::string_view name;
  faction owner;
  std::uint8_t strength;
  leader_effect leader;      // blank for ordinary cards
  std::string_view text;
};

struct faction_info {
  faction id;
  std::string_view name;      // "Dwarves"
  std::string_view key;       // "dwarves"
  power faction_power;
  std::string_view power_name;
  bool permanent;
  std::string_view power_text;
};

std::span<const card_type> all_cards();
const card_type& card(card_id id);
const faction_info& info(faction f);
// The faction's starting deck, one entry per physical card.
std::span<const card_id> starting_deck(faction f);
// A card code to its id; false when unknown.
bool find_card(std::string_view code, card_id& out);
power_state starting_power(faction f);

}  // namespace starport::space_war
