#include "engine/space_war/cards.hpp"

#include <string>
#include <vector>

namespace starport::space_war {
namespace {

constexpr std::string_view thane_text =
    "When this card is revealed face up for the Dwarves, Dwarven Armor becomes Active.";
constexpr std::string_view spirit_text =
    "When this card wins a Battle for the Elves, Peace becomes Active.";
constexpr std::string_view chieftain_text =
    "When this card wins a Contest for the Trolls, Regeneration becomes Active.";
constexpr std::string_view core_text =
    "When this card loses a Battle for the Robots, Salvage becomes Active.";
constexpr std::string_view admiral_text =
    "When this card wins a Battle for the Humans, every opposing Active Power flips to Inactive.";

using enum faction;
using enum leader_effect;

// Card types; the decks below say how many copies each faction has.
constexpr card_type cards_table[] = {
    // Dwarves: a plain 1–10 spread with their leader at 8.
    {"dwarves:1", "Dwarven Tunneler", dwarves, 1, blank, {}},
    {"dwarves:2", "Dwarven Tunneler", dwarves, 2, blank, {}},
    {"dwarves:3", "Dwarven Miner", dwarves, 3, blank, {}},
    {"dwarves:4", "Dwarven Miner", dwarves, 4, blank, {}},
    {"dwarves:5", "Dwarven Shieldbearer", dwarves, 5, blank, {}},
    {"dwarves:6", "Dwarven Shieldbearer", dwarves, 6, blank, {}},
    {"dwarves:7", "Dwarven Hammerguard", dwarves, 7, blank, {}},
    {"dwarves:8", "Dwarven Hammerguard", dwarves, 8, blank, {}},
    {"dwarves:9", "Dwarven Forgelord", dwarves, 9, blank, {}},
    {"dwarves:10", "Dwarven Forgelord", dwarves, 10, blank, {}},
    {"dwarves:thane", "Thane of the Deep Belt", dwarves, 8, activate_on_reveal, thane_text},
    // Elves.
    {"elves:1", "Elven Scout", elves, 1, blank, {}},
    {"elves:2", "Elven Scout", elves, 2, blank, {}},
    {"elves:3", "Elven Ranger", elves, 3, blank, {}},
    {"elves:4", "Elven Ranger", elves, 4, blank, {}},
    {"elves:5", "Elven Starsinger", elves, 5, blank, {}},
    {"elves:6", "Elven Starsinger", elves, 6, blank, {}},
    {"elves:7", "Elven Warden", elves, 7, blank, {}},
    {"elves:8", "Elven Warden", elves, 8, blank, {}},
    {"elves:9", "Elven Highblade", elves, 9, blank, {}},
    {"elves:10", "Elven Highblade", elves, 10, blank, {}},
    {"elves:spirit", "The Spirit of the Forest", elves, 7, activate_on_battle_win, spirit_text},
    // Trolls.
    {"trolls:1", "Troll Whelp", trolls, 1, blank, {}},
    {"trolls:2", "Troll Whelp", trolls, 2, blank, {}},
    {"trolls:3", "Troll Brute", trolls, 3, blank, {}},
    {"trolls:4", "Troll Brute", trolls, 4, blank, {}},
    {"trolls:5", "Troll Crusher", trolls, 5, blank, {}},
    {"trolls:6", "Troll Crusher", trolls, 6, blank, {}},
    {"trolls:7", "Troll Ravager", trolls, 7, blank, {}},
    {"trolls:8", "Troll Ravager", trolls, 8, blank, {}},
    {"trolls:9", "Troll Warlord", trolls, 9, blank, {}},
    {"trolls:10", "Troll Warlord", trolls, 10, blank, {}},
    {"trolls:chieftain", "Chieftain", trolls, 9, activate_on_contest_win, chieftain_text},
    // Goblins: many weak cards, made dangerous by Swarm.
    {"goblins:1", "Goblin Sapper", goblins, 1, blank, {}},
    {"goblins:2", "Goblin Raider", goblins, 2, blank, {}},
    {"goblins:3", "Goblin Raider", goblins, 3, blank, {}},
    {"goblins:4", "Goblin Skirmisher", goblins, 4, blank, {}},
    {"goblins:5", "Goblin Skirmisher", goblins, 5, blank, {}},
    {"goblins:6", "Goblin Boarder", goblins, 6, blank, {}},
    {"goblins:7", "Goblin Boarder", goblins, 7, blank, {}},
    {"goblins:8", "Goblin Warboss", goblins, 8, blank, {}},
    {"goblins:9", "Goblin Warboss", goblins, 9, blank, {}},
    {"goblins:10", "Goblin Warboss", goblins, 10, blank, {}},
    // Robots.
    {"robots:1", "Maintenance Drone", robots, 1, blank, {}},
    {"robots:2", "Maintenance Drone", robots, 2, blank, {}},
    {"robots:3", "Sentry Drone", robots, 3, blank, {}},
    {"robots:4", "Sentry Drone", robots, 4, blank, {}},
    {"robots:5", "Assault Frame", robots, 5, blank, {}},
    {"robots:6", "Assault Frame", robots, 6, blank, {}},
    {"robots:7", "Siege Walker", robots, 7, blank, {}},
    {"robots:8", "Siege Walker", robots, 8, blank, {}},
    {"robots:9", "Dreadnought Core", robots, 9, blank, {}},
    {"robots:10", "Dreadnought Core", robots, 10, blank, {}},
    {"robots:core", "Core Mind", robots, 10, activate_on_battle_loss, core_text},
    // Humans: no Power Card, so a stronger deck.
    {"humans:1", "Marine Cadet", humans, 1, blank, {}},
    {"humans:2", "Marine Recruit", humans, 2, blank, {}},
    {"humans:3", "Marine Recruit", humans, 3, blank, {}},
    {"humans:4", "Marine", humans, 4, blank, {}},
    {"humans:5", "Marine", humans, 5, blank, {}},
    {"humans:6", "Marine Sergeant", humans, 6, blank, {}},
    {"humans:7", "Marine Sergeant", humans, 7, blank, {}},
    {"humans:8", "Starship Captain", humans, 8, blank, {}},
    {"humans:9", "Starship Captain", humans, 9, blank, {}},
    {"humans:10", "Fleet Commodore", humans, 10, blank, {}},
    {"humans:admiral", "Grand Admiral", humans, 10, disarm_on_battle_win, admiral_text},
};

constexpr faction_info factions_table[] = {
    {dwarves, "Dwarves", "dwarves", power::dwarven_armor, "Dwarven Armor", false,
     "Trigger before battle begins: add 1 to your Strength in this Contest."},
    {elves, "Elves", "elves", power::peace, "Peace", false,
     "Trigger before battle begins: the Contest ends with no winner and every card on the "
     "Battlefield returns to the discard pile of the player who added it."},
    {trolls, "Trolls", "trolls", power::regeneration, "Regeneration", false,
     "Trigger before battle begins: your face-up card goes to your discard pile and the next "
     "card of your deck is revealed in its place."},
    {goblins, "Goblins", "goblins", power::swarm, "Swarm", true,
     "Permanent: a Goblin Sapper (Strength 1) revealed face up for the Goblins counts as "
     "Strength 11 when it faces exactly one opposing face-up card and that card has Strength 10."},
    {robots, "Robots", "robots", power::salvage, "Salvage", false,
     "Trigger after winning a Battle: take the top card of one opponent's discard pile into "
     "your own discard pile."},
    {humans, "Humans", "humans", power::none, "", false, "No Power Card."},
};

// Copies of each card type per faction deck (20 cards each), by code.
struct deck_entry {
  std::string_view code;
  int copies;
};
constexpr deck_entry plain_spread[] = {{"1", 2}, {"2", 2}, {"3", 2}, {"4", 2}, {"5", 2},
                                       {"6", 2}, {"7", 2}, {"8", 2}, {"9", 2}, {"10", 2}};

std::vector<card_id> build_deck(faction f) {
  std::vector<deck_entry> entries;
  std::string_view key = info(f).key;
  switch (f) {
    case dwarves: entries.assign(std::begin(plain_spread), std::end(plain_spread));
      entries[7].copies = 1; entries.push_back({"thane", 1}); break;
    case elves: entries.assign(std::begin(plain_spread), std::end(plain_spread));
      entries[0].copies = 1; entries[9].copies = 3;   // a third 10 makes up for a weak Power
      entries[6].copies = 1; entries.push_back({"spirit", 1}); break;
    case trolls: entries.assign(std::begin(plain_spread), std::end(plain_spread));
      entries[0].copies = 1; entries[9].copies = 3;
      entries[8].copies = 1; entries.push_back({"chieftain", 1}); break;
    case robots: entries.assign(std::begin(plain_spread), std::end(plain_spread));
      entries[0].copies = 1; entries.push_back({"core", 1}); break;
    case goblins:
      entries = {{"1", 3}, {"2", 2}, {"3", 2}, {"4", 2}, {"5", 2}, {"6", 2}, {"7", 2},
                 {"8", 2}, {"9", 2}, {"10", 1}};
      break;
    case humans:
      entries = {{"1", 1}, {"2", 2}, {"3", 2}, {"4", 2}, {"5", 2}, {"6", 2}, {"7", 2}, {"8", 2},
                 {"9", 2}, {"10", 2}, {"admiral", 1}};
      break;
    case none: break;
  }
  std::vector<card_id> deck;
  for (const deck_entry& e : entries) {
    std::string code = std::string(key) + ":" + std::string(e.code);
    card_id id = 0;
    if (!find_card(code, id)) continue;   // a typo here fails the deck-size test
    for (int i = 0; i < e.copies; ++i) deck.push_back(id);
  }
  return deck;
}

}  // namespace

std::span<const card_type> all_cards() { return cards_table; }
const card_type& card(card_id id) { return cards_table[id]; }

const faction_info& info(faction f) {
  return factions_table[static_cast<int>(f) - 1];
}

std::span<const card_id> starting_deck(faction f) {
  static const std::array<std::vector<card_id>, faction_count> decks = [] {
    std::array<std::vector<card_id>, faction_count> d;
    for (int i = 0; i < faction_count; ++i) d[i] = build_deck(static_cast<faction>(i + 1));
    return d;
  }();
  return decks[static_cast<int>(f) - 1];
}

bool find_card(std::string_view code, card_id& out) {
  for (std::size_t i = 0; i < std::size(cards_table); ++i)
    if (cards_table[i].code == code) {
      out = static_cast<card_id>(i);
      return true;
    }
  return false;
}

power_state starting_power(faction f) {
  const faction_info& fi = info(f);
  if (fi.faction_power == power::none) return power_state::none;
  return fi.permanent ? power_state::permanent : power_state::inactive;
}

}  // namespace starport::space_war
