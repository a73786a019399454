#pragma once
// Race to the Terminus's card schema: every card of the pool as constexpr data (cards.cpp),
// built from a small set of effect primitives plus a few named specials. The rulebook
// (shared/rules/terminus.md) ships no card list: the pool, its design and every card in
// words are in docs/rules/terminus_cards.md.
//
// Small and flat on purpose: uint8/int8 fields, fixed arrays, no heap. States hold only
// card ids; everything printed on a card is read from here.
//
// Who is who in an effect:
//   "the card's controller"  the player whose Ship, Crew, Hand or Star Chart System the card
//                            is on (for a System: each Ship in it, see `when`);
//   "your Ship"              the Ship the effect belongs to: the Ship the Action was played
//                            for (Runabouts), the Ship the Module / Recruit / Legacy /
//                            Destiny is on, the Ship the Complication's owner chose to
//                            play it for (their primary Ship unless they say otherwise), or
//                            for a System the Ship in that System whose event triggered it.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/deck.hpp"

namespace starport::terminus {

// The card's type, which is also the Pile it is built into (5 Piles). Legacy is not a type:
// it is a Module subtype (decision, docs/rules/terminus_cards.md "Legacy"), so a deck is
// always exactly 10/10/10/10/20 = 60 cards.
enum class card_type : std::uint8_t { module, recruit, action, complication, system };
inline constexpr int card_type_count = 5;

// The Keyword Glossary, one bit each in card_def::keywords (bit = 1u << value).
enum class keyword : std::uint8_t {
  ambush,        // Module/Recruit: enters play face down (a drafted one stays down at the flip); may flip face up at any time -> its `ambush` effects
  bustling,      // System: a Crewed Ship starting its Turn here may Bustle
  chaotic,       // System: when revealed, each player may bottom their top Complication
  comfortable,   // System: Organic Recruits gain 1 Morale each Turn they end here
  exhaust,       // Module/Recruit/System: face up, may flip face down at any time -> `exhaust` effects
  extremophile,  // Recruit: Hazardous gives Morale instead; no Comfortable gain
  farsight,      // Module/Recruit: Farsight X, X in card_def::farsight
  feral,         // Recruit: loses 1 Morale at the end of each of its Ship's Turns; does not Crew
  hazardous,     // System: Organic Recruits in it lose 1 Morale at the end of each Ship's Turn
  neural,        // Module: an all-Organic-Module Ship with this Active counts as Crewed
  override,      // Module/Recruit/System: has `override` effects (an Override ability)
  petty,         // Recruit: stays at 0 or less Morale; its flag_petty effects then apply
  research,      // Module: Research (Certainty when the Ship gained no Certainty/Proximity)
  shady,         // System: Ships with Reputation <= 0 here draw 2 in Regroup, discard 1 in Aftermath
  social,        // Module: Recruits join this Ship with +1 Morale per Social Module
  unique,        // any: at most one card of this name in a deck (only meaningful for Actions)
  weapon,        // Module: Weapon (disable back when targeted by another player's Complication)
};
inline constexpr int keyword_count = 17;

// The Subtype Glossary plus the three natures, one bit each in card_def::subtypes.
enum class subtype : std::uint8_t {
  destiny,    // Complication: only in the Destiny Step; stays next to its owner's Ship; owner plays no more Complications
  digital,    // Recruit: cannot be Killed; to Dead Space when its Ship has 0 Active Synthetic Modules
  legacy,     // Module: at Turn 0 (before the Module Draft) leaves the Module Pile and stays next to the primary Ship, always active
  runabout,   // Module: may detach as a separate Ship
  organic,    // Module/Recruit nature
  synthetic,  // Module/Recruit nature
  arcane,     // Module/Recruit nature
};
inline constexpr int subtype_count = 7;

// What an Action's Requirement (or an effect's `only_if`) looks at on your Ship.
// Intel: your Intel on the targeted opponent Ship; an effect that needs N Intel may only
// target Ships where you have it (rulebook, Intel); with no opponent target, on at least one.
enum class resource : std::uint8_t { none, certainty, reputation, intel };
enum class compare : std::uint8_t { at_least, at_most };   // >= value, <= value

struct requirement {
  resource on = resource::none;
  compare cmp = compare::at_least;
  std::int8_t value = 0;
  constexpr bool present() const { return on != resource::none; }
  friend constexpr bool operator==(const requirement&, const requirement&) = default;
};

// WHEN an effect happens. Triggered effects of a face-down Module or Recruit never happen
// (Ruling 8). For a System on the Star Chart (or a Starting System) the Turn-based timings
// mean "the Turn of each Ship in this System", and "your Ship" is that Ship.
enum class when : std::uint8_t {
  none,
  play,        // Action: when it resolves in the Play Step. Complication: when it resolves on the Cascade (Destiny: when played, then it stays)
  reveal,      // when this card is revealed (Ruling 4): a drafted card flipped face up, a card joining/added face up, a System placed by Discovery
  flip_up,     // when this card is flipped face up after being face down and known (Ruling 4b), e.g. a Module enabled again
  start_turn,  // Start Step of your Ship's Turn
  regroup,     // Regroup Step, after the Action draw
  aftermath,   // Aftermath Step, after the Actions are discarded
  end_turn,    // End Step of your Ship's Turn
  override,    // the Override ability: in the Play Step, instead of an Action, discard an Action and activate it
  ambush,      // Ambush ability: its controller flips it face up at any time (on the Cascade) and this happens
  exhaust,     // Exhaust ability: its controller flips it face down at any time (on the Cascade) and this happens
  constant,    // while the card is Active (face up in play; Legacy / Destiny: always once placed)
};
inline constexpr int when_count = 12;

// WHO an effect acts on. For card primitives (Modules, Recruits) the card is chosen by the
// effect's controller among the target Ship's cards, unless flag_each is set.
enum class target : std::uint8_t {
  none,           // needs no target (negate, silence, specials that say their own)
  you,            // your Ship (its resource, its Hand/Piles, one of its Modules/Members)
  opponent,       // one opponent Ship the controller chooses (Intel requirements limit the choice)
  each_opponent,  // every opponent Ship, in turn order from the controller
  each_ship,      // every Ship in the game, yours included, in turn order from the controller
  this_card,      // this card itself (a Recruit's own Morale, a Module disabling itself)
};
inline constexpr int target_count = 6;

// The primitives. `amount` is signed where it says so; card primitives act on up to
// `amount` cards (0 is read as 1). Every one is checked by validate_cards().
enum class op : std::uint8_t {
  none,
  proximity,         // target Ship gains `amount` Proximity (negative: loses; never below 0; no gain with 0 Active Modules; 10 wins)
  certainty,         // target Ship gains `amount` Certainty (negative: loses; never below 0)
  reputation,        // target Ship's Reputation changes by `amount` (may go negative)
  intel,             // you gain `amount` Intel on the target opponent Ship(s) (negative: you expend it; needs >= 1 there; never below 0)
  draw_actions,      // target player draws `amount` Actions (refilling from the Discard Pile as the rulebook says)
  draw_complications,// target player draws `amount` Complications (an empty Complication Pile draws nothing)
  discard,           // target player discards `amount` Actions of their own choice from Hand
  burn,              // target player burns `amount` cards of their own choice from Hand to Dead Space (Ruling 10)
  look_actions,      // you look at the top `amount` cards of your Action Pile, discard any number, put the rest back in any order
  peek_hand,         // you (only) see the target opponent's Hand
  morale,            // `amount` Morale to one face-up Member of the target Ship's Crew (flag_each: every one; this_card: itself)
  disable_module,    // flip `amount` Active Modules of the target Ship face down (this_card: itself)
  enable_module,     // flip `amount` Disabled Modules of the target Ship face up (a flip: Complications may answer)
  destroy_module,    // move `amount` Modules of the target Ship to Dead Space
  kill_recruit,      // move `amount` Members of the target Ship's Crew to Dead Space (Digital: nothing happens, Ruling 6a)
  flip_recruit,      // flip `amount` face-up Members of the target Ship's Crew face down (they keep their Morale, Ruling 8)
  rally_recruit,     // flip `amount` face-down Members of the target Ship's Crew face up
  add_module,        // the top card of the target Ship's Upgrade Pile is added to it, face up (not a detached Runabout)
  add_recruit,       // the top card of the target Ship's Gig Pile joins its Crew, face up
  bury_system,       // the System at the target Ship's Proximity goes to the bottom of its owner's System Pile; a Discovery refills the space (Proximity 0: the top of that Ship's own System Pile becomes its Starting System)
  negate,            // negate the entry just below this one on the Cascade (Ruling 9; a negated Complication still makes the others draw)
  skip_play,         // the target Ship skips its next Play Step (Ruling 7c)
  silence,           // when this Complication resolves, other players do not draw a Complication for it (they do if it is negated, Ruling 9a.i)
  untargetable,      // constant: effects controlled by other players cannot target this card
  special,           // the named special in effect::named does what its comment says
};
inline constexpr int op_count = 26;

// Named specials: cards the rulebook names, and effects no primitive covers.
enum class special : std::uint8_t {
  none,
  maintenance_inspection,  // target opponent shuffles every Complication in their Hand into their Complication Pile
  local_coup,              // the System at the target Ship's Proximity goes to the bottom of its owner's System Pile and the top card of YOUR System Pile replaces it (revealed)
  brtpb,                   // Brtpb (pronounced James, Ruling 11): constant — while Brtpb is your only face-up Member, your Actions' Certainty Requirements count 1 less (<=: 1 more)
};
inline constexpr int special_count = 4;

// Effect flags.
inline constexpr std::uint8_t flag_each = 1;     // card primitives: every matching card, not `amount` chosen ones
inline constexpr std::uint8_t flag_optional = 2;      // "you may": the controller may decline it as it happens
inline constexpr std::uint8_t flag_petty = 4;   // happens only while this Recruit has 0 or less Morale (Petty)

struct effect {
  op kind = op::none;
  when at = when::none;
  target who = target::none;
  std::int8_t amount = 0;
  std::uint8_t flags = 0;
  requirement only_if{};         // checked on your Ship as it would happen; not met: it does nothing
  special named = special::none; // kind == op::special
  constexpr bool present() const { return kind != op::none; }
  friend constexpr bool operator==(const effect&, const effect&) = default;
};
inline constexpr int max_effects = 4;

// A card of the pool. Effects happen in the order listed (rulebook, Play Step).
struct card_def {
  std::string_view name;         // unique in the pool; what deck lists and the log name
  card_type type = card_type::module;
  std::uint32_t keywords = 0;    // bits of `keyword`
  std::uint8_t subtypes = 0;     // bits of `subtype`
  std::uint8_t farsight = 0;     // X of Farsight X (keyword::farsight set)
  std::int8_t power = 0;         // Complications: Power (deck building only)
  std::int8_t morale = 0;        // Recruits: Morale on joining
  requirement needs{};           // Actions: the Requirement to play it
  std::array<effect, max_effects> effects{};
  std::string_view flavor;       // one line for people; no rules in it

  constexpr bool has(keyword k) const { return (keywords >> static_cast<int>(k)) & 1u; }
  constexpr bool is(subtype s) const { return (subtypes >> static_cast<int>(s)) & 1u; }
};

// A card of the pool by its index (= engine::card_index, stable within a rules_version).
using card_id = std::uint8_t;

std::span<const card_def> all_cards();
const card_def& card(card_id id);
// Case-insensitive; false if no card has that name.
bool find_card(std::string_view name, card_id& out);

// Empty when the pool holds together (unique names, counts per type, every keyword and
// subtype on at least two cards, every effect well formed, the named cards present);
// otherwise one line per problem.
std::string validate_cards();
// The same checks on any list of cards (tests feed it broken pools).
std::string validate_pool(std::span<const card_def> cards);
// Checks one card (used by validate_cards and by tests on broken data).
std::string validate_card(const card_def& c);

// The rules text of a card, generated from its data so text and behaviour never disagree.
std::string card_text(const card_def& c);
std::string describe(const effect& e);
// How many cards a card primitive picks on one Ship (flag_each and this_card take every
// card that qualifies instead). Morale's amount is how much each Member gains or loses, so a
// Morale effect picks one Member; the others pick their amount (one when it states none).
int picks(const effect& e);
// What happens to one card a card primitive picked: "loses 2 Morale", "is disabled".
std::string pick_words(const effect& e);
std::string_view type_name(card_type t);        // "Module"
std::string_view keyword_name(keyword k);       // "Farsight"
std::string_view subtype_name(subtype s);       // "Runabout"

// ---- Deck building (deck_rules.cpp, starters.cpp; rulebook "Building a Deck") ---------------
// Five Piles of exact sizes, indexed by card_type: 10 Modules, 10 Recruits, 20 Actions,
// 10 Complications, 10 Systems. "Totalling up to 60" is read as "adding up to 60": every
// legal deck has exactly 60 cards (docs/rules/terminus_cards.md, "Deck building").
inline constexpr int pile_cards[card_type_count] = {10, 10, 20, 10, 10};
inline constexpr int deck_cards = 60;
inline constexpr int max_power = 10;           // sum of the Complications' Power
inline constexpr int max_action_copies = 2;    // Actions of one name
inline constexpr int max_legacy = 1;

// The rules the server, the deck builder and create_with_decks use (engine/core/deck.hpp).
const engine::deck_rules& deck_building();
// One sentence per broken rule, in the rulebook's order; empty: legal.
std::vector<std::string> deck_problems(std::span<const engine::card_index> deck);
// The preconstructed decks, each legal (starters.cpp).
std::span<const engine::starter_deck> starter_decks();

}  // namespace starport::terminus
