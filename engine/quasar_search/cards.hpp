#pragma once
// Quasar Search's content schema: the Mission (Acts, Endings), the Challenge cards, the
// factions (Faction card, Morale Number, Rankbreaker, Rank cards) and the pool of player
// cards, as constexpr data written on the qs-content side (cards.cpp, mission.cpp,
// deck_rules.cpp), built from a small vocabulary of effect primitives the rules engine
// (state.hpp) understands. The almanac (shared/rules/quasar_search.md) ships no cards: the
// rules decisions are in docs/rules/quasar_search.md.
//
// Small and flat on purpose: uint8/int8 fields, fixed arrays, no heap. A state holds only
// card numbers; everything printed on a card is read from here.
//
// Who "you" is (almanac "You", "Ownership"): the owner of the card: the seat whose Hand,
// Deck, Personal Zone, Warp Zone or Faction the card is in, or who put it in the
// Confrontation. A Challenge, Act or Mission card is unowned: its effects never say "you";
// they name the players (each player, the Team Leader, the players with the highest value …).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/deck.hpp"

namespace starport::quasar_search {

// ---- The effect vocabulary -----------------------------------------------------------------

// The phases an effect may name (numbers equal the proto's Step).
enum class phase : std::uint8_t {
  none = 0,
  mission_setup = 1,
  player_setup = 2,
  act_setup = 3,
  act_start = 4,
  challenge_setup = 5,
  challenge_start = 6,
  pre_confrontation = 7,
  confrontation = 8,
  pre_resolution = 9,
  resolution = 10,
  pre_cleanup = 11,
  cleanup = 12,
  act_resolution = 13,
  ship = 14,
  act_cleanup = 15,
  mission_resolution = 16,
};
inline constexpr int phase_count = 17;

// How an effect applies (almanac "Game Effects and Triggers"; numbers equal EffectStyle).
enum class style : std::uint8_t {
  constant,        // always, while the card is in play (op: a rules change below)
  required,        // must happen when `at` begins
  triggered,       // may happen once during `at`, paying `pay` first
  result,          // a Challenge's Success / Failure box (or an Act's, a Boon's action)
  boon_outcome,    // declares an extra Boon outcome while in play: its op is what it does
};

// The Trigger of a Triggered effect: paid in full first, or the effect cannot be performed.
enum class cost : std::uint8_t {
  none,
  spend_glory,     // you spend `cost_amount` Glory
  consume_energy,  // the team consumes `cost_amount` Energy
  discard_card,    // you discard `cost_amount` cards from your Hand (chosen: PICK)
  lose_morale,     // the team loses `cost_amount` Morale (never the last one)
};

// The actions. `amount` is signed where it says so. Every one is checked by validate_content().
enum class op : std::uint8_t {
  none,
  draw,            // the target Draws `amount` (from the zones its Constant effects allow)
  shift,           // the target Shifts its confronting card by up to ±`amount`
  stockpile,       // the target Stockpiles `amount`
  warp,            // the target Warps up to `amount`
  sensors,         // Sensors `amount` (unowned: the Challenge Deck's top to the Sensors Zone)
  produce_energy,  // the team produces `amount` Energy
  consume_energy,  // the team consumes `amount` Energy (as much as there is)
  gain_glory,      // the target gains `amount` Glory
  spend_glory,     // the target spends `amount` Glory (as much as it has)
  boon,            // the target is granted a Boon (`amount` times; 0 is read as 1)
  demand,          // Demand `amount`: the Team Leader decides: consume `amount` Energy, or lose 1 Morale
  morale,          // the team gains (negative: loses) `amount` Morale
  damage,          // the target takes `amount` Crew Damage: the top `amount` cards of its Deck go to its Discard Zone
  learn_lesson,    // the target Learns `amount` Lessons (no Boon choice)
  discard,         // the target discards `amount` cards of its choice from Hand (PICK)
  // Constant rules changes (style::constant), while the card is in play:
  boost,           // your confronting card's value is `amount` more (negative: less); bounded
  hand_size,       // your Hand Size is `amount` more
  draw_discard,    // you may Draw from your Discard Zone as well (top first)
  no_deck_draw,    // (Challenge cards) players may not Draw from their Decks
};
inline constexpr int op_count = 20;

// Who an effect acts on (almanac "You", "Each Player", "Singling Out a Player").
enum class who : std::uint8_t {
  you,             // the card's owner (unowned cards: never)
  each_player,     // every player, one personal effect each, Team Leader first
  team_leader,
  highest_value,   // the players whose confronting card has the highest value (ties: all)
  lowest_value,    // the players whose confronting card has the lowest value (Lost in Space: always)
  lowest_rank,     // the lowest-ranked player
  team,            // nobody in particular: Energy, Morale, Sensors, Demand
};
inline constexpr int who_count = 7;

// When a Result / Required effect happens at all.
enum class condition : std::uint8_t {
  always,
  on_success,      // the current Challenge succeeded (Pre-Cleanup, Cleanup)
  on_failure,
};

struct effect {
  style kind = style::result;
  phase at = phase::none;          // required / triggered: the phase
  cost pay = cost::none;           // triggered: the Trigger
  std::int8_t cost_amount = 0;
  op what = op::none;
  std::int8_t amount = 0;
  who target = who::you;
  condition only = condition::always;
  constexpr bool present() const { return what != op::none; }
  friend constexpr bool operator==(const effect&, const effect&) = default;
};
inline constexpr int max_card_effects = 4;
inline constexpr int max_results = 4;

// ---- Player cards --------------------------------------------------------------------------

enum class card_kind : std::uint8_t {
  crew,            // a plain card with a value: confronts from the Hand
  project,         // may be Started (Boon) into the Personal Zone, where its effects apply and
                   //   it may confront like a Hand card
  faction,         // the Faction card (one per deck; never in a Hand); `faction` says which
  lost_in_space,   // no value; never in a deck; the box supplies them
};

// Keywords, one bit each in player_card::keywords (bit = 1u << value).
enum class keyword : std::uint8_t {
  overcommit,      // almanac "Overcommit": to the Personal Zone at Cleanup; your next
                   //   confrontation is the top card of your Deck; discarded the Cleanup after
  adrenaline,      // Adrenaline X (player_card::adrenaline): Pre-Cleanup, on success, Draw X
};
inline constexpr int keyword_count = 2;

inline constexpr std::uint8_t neutral = 0xff;   // player_card::faction of a neutral card

struct player_card {
  std::string_view name;           // unique in the pool; what deck lists and the log name
  card_kind kind = card_kind::crew;
  bool has_value = true;           // false: no value (Lost in Space)
  std::int8_t value = 0;           // -10..10
  std::uint8_t faction = neutral;  // index in factions(), or neutral
  std::uint32_t keywords = 0;      // bits of `keyword`
  std::uint8_t adrenaline = 0;     // X of Adrenaline X
  std::array<effect, max_card_effects> effects{};
  std::string_view flavor;         // one line for people; no rules in it

  constexpr bool has(keyword k) const { return (keywords >> static_cast<int>(k)) & 1u; }
};

// ---- Factions ------------------------------------------------------------------------------

inline constexpr int rank_cards = 3;

struct faction_def {
  std::string_view name;           // unique; also the Faction card's name in the pool
  std::uint8_t morale = 0;         // Morale Number: tokens this faction adds at Act Setup
  std::uint8_t rankbreaker = 0;    // unique among factions: breaks Rank Value ties
  std::array<std::uint8_t, rank_cards> ranks{};   // Rank values, 1..5
  std::string_view summary;        // for people: how it plays
};

// ---- Challenges, Acts, the Mission --------------------------------------------------------

// Numbers equal the proto's TargetKind.
enum class target_kind : std::uint8_t {
  none,
  all_out,             // total >= number
  nobody_left_behind,  // lowest >= number; a card without value fails
  thread_the_needle,   // total == number
  stand_together,      // every value equal; a card without value fails
  spearhead,           // highest >= number (Lost in Space is never highest)
  all_different,       // no two values equal (Lost in Space equals nothing)
  low_profile,         // total <= number
  split_decision,      // at least `number` cards with an odd value
};
inline constexpr int target_kind_count = 9;

struct challenge_def {
  std::string_view name;           // unique among Challenges
  std::uint8_t act = 1;            // the Act sequence it is drawn for
  target_kind target = target_kind::all_out;
  std::int8_t number = 0;          // the Target's number (per player: see per_player)
  bool per_player = false;         // the number is multiplied by the seat count (All-Out, Low Profile)
  std::array<effect, max_results> success{};   // style::result
  std::array<effect, max_results> failure{};
  std::array<effect, 2> effects{};             // its own effects while in the Challenge Zone
  std::string_view flavor;
};

// What follows an Act: another Act (sequence) or an Ending (letter).
struct next_step {
  std::uint8_t sequence = 0;       // 0: none
  char letter = 0;                 // 0: none
};

inline constexpr std::uint8_t no_limit = 0xff;   // act_def::failures_at_most: any number

struct act_def {
  std::uint8_t sequence = 1;       // 1 is the first Act
  std::string_view name;
  std::string_view text;           // the front
  // The back: Act Resolution counts the Act's successful and failed Challenges.
  std::uint8_t success_at_least = 0;   // successes >= this (0: any number) and failures <=
                                       //   failures_at_most: `on_success`, else `on_failure`
  next_step on_success{};
  next_step on_failure{};
  next_step on_broken{};           // Morale ran out: the Act ends at once and goes here
  std::array<effect, 2> start{};   // Required effects at Act Start (unowned)
  std::uint8_t failures_at_most = no_limit;   // (last, so older positional data still reads)
};

struct ending_def {
  char letter = 'A';
  std::string_view title;
  std::string_view text;
  bool victory = false;            // the team wins on this letter
};

struct mission_def {
  std::string_view name;
  std::string_view text;
  std::span<const act_def> acts;
  std::span<const ending_def> endings;
  char safeguard_letter = 0;       // the (losing) letter the challenge_limit safeguard ends on
};

// ---- What qs-content implements (cards.cpp, mission.cpp, deck_rules.cpp) -----------------

const mission_def& mission();
std::span<const challenge_def> challenges();
std::span<const faction_def> factions();
// Every player card, Faction cards and Lost in Space included; the index is the
// engine::card_index a deck lists (stable within a rules_version).
std::span<const player_card> player_pool();

// The whole content as one value, so the engine and tests can run on another set.
struct content_set {
  const mission_def* mission = nullptr;
  std::span<const challenge_def> challenges;
  std::span<const faction_def> factions;
  std::span<const player_card> pool;
  friend bool operator==(const content_set& a, const content_set& b) {
    return a.mission == b.mission && a.challenges.data() == b.challenges.data() &&
           a.pool.data() == b.pool.data() && a.factions.data() == b.factions.data();
  }
};
// The shipped content: {&mission(), challenges(), factions(), player_pool()} (content.cpp).
const content_set& standard_content();

// Empty when the content holds together (names unique, every effect well formed for its
// style, Acts reachable and every branch ending on a letter, factions with unique
// Rankbreakers, Lost in Space present); otherwise one line per problem.
std::string validate_content(const content_set& c);
std::string validate_effect(const effect& e);   // one effect (tests feed broken data)

// Rules text generated from the data, so text and behaviour never disagree (text.cpp).
std::string effect_text(const effect& e);        // "PRE-RESOLUTION | Spend 1 Glory: Shift 2"
// effect_text, worded once per thread for each distinct effect: views show dozens after
// every move (every card's, the Challenge's), and the words depend on the effect alone.
const std::string& effect_text_once(const effect& e);
// The same as the log quotes it once played: no phase marker, no "You may" ("Spend 1 Glory: You Shift 2").
std::string effect_words(const effect& e);
std::string card_text(const player_card& c);
// The rules the card carries besides its kind and effects, one line each ("Overcommit",
// "Adrenaline 1"), as card_text lists them.
std::vector<std::string> card_keywords(const player_card& c);
std::string target_text(const challenge_def& c, int seats);   // "All-Out 14"
std::string results_text(std::span<const effect> results, bool failure = false);
std::string next_text(const act_def& a);          // the Act's back in words
std::string_view phase_name(phase p);             // "Pre-Resolution"
std::string_view target_name(target_kind t);      // "All-Out"

// Lookups by name (case-insensitive); -1 when none.
int find_card(const content_set& c, std::string_view name);
int find_challenge(const content_set& c, std::string_view name);
int find_faction(const content_set& c, std::string_view name);
int find_act(const content_set& c, int sequence);   // index in mission->acts

// ---- Deck building (deck_rules.cpp, qs-content) -------------------------------------------
// A deck lists exactly one Faction card and its player cards; the seat plays that faction.
inline constexpr int max_deck_cards = 40;          // Faction card included

const engine::deck_rules& deck_building();
std::vector<std::string> deck_problems(std::span<const engine::card_index> deck);
std::span<const engine::starter_deck> starter_decks();

}  // namespace starport::quasar_search
