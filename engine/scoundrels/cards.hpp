#pragma once
// S.P.A.C.E.'s content schema: the map, the contracts, the cantina decks, the bribes and the
// encounters as constexpr data (board.cpp, cards.cpp), built from a small vocabulary of
// primitives the rules engine understands. The rulebook (shared/rules/scoundrels.md) ships
// no map and no card list: the design and every card in words are in
// docs/rules/scoundrels_cards.md; the rules decisions in docs/rules/scoundrels.md.
//
// Small and flat on purpose: uint8/int8 fields, fixed arrays, no heap. A game state holds
// only card numbers; everything printed on a card is read from here.
//
// Numbering: every list is one entry per PHYSICAL card (a family of identical cards is
// several entries with the same name). The engine numbers cards for a match as
//   contracts()            0 .. 47
//   cantina(green)         then 76, cantina(purple) 84, cantina(red) 60
//   bribes()               then 20
// (see `card_number` in state.hpp); encounters are never owned and keep their own index.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace starport::scoundrels {

// ---- The board -----------------------------------------------------------------------------

enum class colour : std::uint8_t { green, purple, red };
inline constexpr int colour_count = 3;
// Card ids on the wire (Card.id, action arguments): a card's number + 1 as dealt; a card
// coming out of a locker gets a fresh one (state::reveal). A content's cards fit in this many.
inline constexpr std::size_t max_wired_cards = 512;

enum class loc_kind : std::uint8_t { destination, deep_space };

inline constexpr std::uint8_t no_location = 0xff;
inline constexpr int max_locations = 32;

struct location {
  std::string_view name;       // unique; the 18 destinations carry the public names
  loc_kind kind = loc_kind::destination;
  colour col = colour::green;  // destinations only
  bool patrolled = false;      // deep space only: a blue (patrolled) or yellow (unpatrolled) sector
  bool dockyard = false;       // a green destination where the Dockyard may stand (setup and roll)
  std::uint16_t x = 0, y = 0;  // where the map draws it, in a 0..1000 square
};

// Movement is along connections (1 movement point each), both ways. A sector is a deep-space
// region and the destinations directly connected to it, so a destination connected to two
// regions lies in two sectors.
struct connection {
  std::uint8_t a = 0, b = 0;   // location indexes
};

struct board_data {
  std::span<const location> locations;   // 29: 18 destinations, 11 deep-space regions
  std::span<const connection> connections;
};

// The Dockyard roll (rulebook "Turn End"): faces 1–5 move it to these planets, 6 leaves it.
inline constexpr std::array<std::string_view, 5> dockyard_roll = {
    "Metis Prime", "Surya II", "Lambda III", "Aeron IV", "Lokasenna V"};

// ---- Syndicates and contracts ----------------------------------------------------------------

enum class syndicate : std::uint8_t { fidanza, semyorka, allmacht, anubis };
inline constexpr int syndicate_count = 4;

inline constexpr int max_delivery = 3;

struct contract {
  std::string_view name;       // unique among contracts (positions and the log name it)
  std::uint8_t origin = 0;     // location index where it is placed face up when revealed
  syndicate owner = syndicate::fidanza;
  std::array<std::uint8_t, max_delivery> deliver_to{no_location, no_location, no_location};
  colour reward = colour::green;   // the cantina deck the reward is drawn from
  std::string_view goods;      // one line for people ("Hallucinogens"); no rules in it
};

// ---- Cantina cards and bribes ----------------------------------------------------------------

enum class card_kind : std::uint8_t {
  crew,          // face up in a bay (or the captain's log); 2 health; fights in melee
  ship_system,   // face up in a bay (or the captain's log); absorbs 1 ship damage
  firearm,       // small item, weapons locker; used by one crew per melee round
  explosive,     // small item, weapons locker; thrown once per crew per round, then discarded
  medkit,        // small item, storage locker; once per crew per melee
  armour,        // small item, storage locker; worn by one crew in melee
  favor,         // captain's log, face down; played once (flag_once) then discarded
  item,          // another small item, storage locker
};
inline constexpr int card_kind_count = 8;
inline constexpr bool is_small_item(card_kind k) {
  return k == card_kind::firearm || k == card_kind::explosive || k == card_kind::medkit ||
         k == card_kind::armour || k == card_kind::item;
}

// Ship weapons come in kinds so that a defence may cover only some of them ("some armor only
// defends against certain weapons"). Melee damage comes in the two small-weapon kinds plus
// fists. `vs` fields are bit masks of these (bit = 1u << value; 0 = every kind).
enum class weapon : std::uint8_t {
  none,        // not a weapon
  laser,       // ship: beam weapons
  missile,     // ship: guided ordnance
  cannon,      // ship: kinetic
  firearm,     // melee: guns (a firearm card, or a crew's own shooting)
  blast,       // melee: explosives
  fists,       // melee: unarmed / blades
};
inline constexpr int weapon_count = 7;
inline constexpr std::uint8_t weapon_bit(weapon w) { return static_cast<std::uint8_t>(1u << static_cast<int>(w)); }

// The primitives. `amount` is signed where it says so. A card has up to max_abilities; each is
// active while the card is in play and working: a ship system in a bay and not disabled, a
// crew member in a bay and conscious (not disabled), a small item in a locker (melee: equipped
// on a crew), a favor or bribe when played. Every one is checked by the validator.
enum class prim : std::uint8_t {
  none,
  // Ship combat
  attack,           // +amount attack in ship combat, of weapon kind `kind`
  defence,          // −amount from each incoming ship attack of kinds `vs` (0 all), never below 0
  escape,           // +amount to this ship's escape rolls (negative on an attacker's
                    //   system: −amount to the DEFENDER's roll when this ship attacks)
  forced_boarding,  // a forced boarding weapon: the attacker may board after a failed escape
                    //   even if the defender has working systems; −amount to the escape roll
  repair,           // repair up to amount disabled ship systems once per combat round and once
                    //   per Movement phase (a crew with it, or a system)
  hyperdrive,       // +amount movement points; may be damaged by its owner before an escape
                    //   roll for +bonus (docs: +2 per hyperdrive) for that one roll
  // Ship sheet and movement
  movement,         // +amount movement points (not a hyperdrive: cannot be sacrificed)
  bays,             // +amount bays while this system works (a cargo pod)
  // Melee
  melee,            // +amount hits per melee round, of kind `kind` (firearm / blast / fists);
                    //   a firearm or explosive card: the hits it gives its carrier
  melee_defence,    // the carrier / crew ignores amount hits per round of kinds `vs`
  boarding,         // +amount hits per round in boarding actions only (either side)
  heal,             // restore amount health to a crew member (a medkit: once per crew per melee;
                    //   a crew ability: once per melee round, even while being disabled)
  // Draws and checks
  extra_draw,       // cantina draws from encounters: draw amount more
  extra_view,       // viewing rewards or bribes (per rep): view amount more
  rep_check,        // +amount to this ship's rep-check rolls (a check fails on roll <= rep)
  patrol_dodge,     // patrol inspections (event patrol) do nothing to this ship (amount ignored)
  // One-shot effects of favors and bribes (flag_once; played with PLAY)
  gain_movement,    // +amount movement points this turn
  repair_all,       // repair every disabled ship system
  heal_all,         // every crew member recovers fully
  auto_escape,      // the ship escapes the current combat (no roll)
  cancel_encounter, // ignore the encounter just drawn (play in your Encounter step)
  stop_delivery,    // preempt another ship's delivery at your location (the 8th included): it
                    //   does not happen this phase
  reputation,       // your reputation changes by amount (1..6 once you have a die)
  reveal_contract,  // reveal amount contracts onto the board
  move_dockyard,    // move the Dockyard to a dockyard-capable planet you choose
  draw_cantina,     // draw amount cantina cards from `deck`
  steal_item,       // take a random face-down small item from a ship at your location
};
inline constexpr int prim_count = 28;

inline constexpr std::uint8_t flag_once = 1;          // a one-use card: discarded when used
inline constexpr std::uint8_t flag_boarding_only = 2; // only in boarding actions
inline constexpr std::uint8_t flag_brawl_only = 4;    // only in brawls
inline constexpr std::uint8_t flag_ambush_only = 8;   // ship combat: only when this ship ambushes
inline constexpr std::uint8_t flag_defending = 16;    // ship combat: only when this ship defends

struct ability {
  prim kind = prim::none;
  std::int8_t amount = 0;
  weapon kind_of = weapon::none;   // attack / melee: the kind of damage dealt
  std::uint8_t vs = 0;             // defence / melee_defence: weapon_bit mask (0: all)
  colour deck = colour::green;     // draw_cantina: which deck
  std::uint8_t flags = 0;
  constexpr bool present() const { return kind != prim::none; }
};
inline constexpr int max_abilities = 3;

struct card {
  std::string_view name;           // the same name on every copy of a family
  card_kind kind = card_kind::item;
  std::array<ability, max_abilities> abilities{};
  std::string_view flavor;         // one line for people; no rules in it
};

// Setup deals these by name from the green deck (rulebook "Setup"); the green deck holds at
// least 6 of each. The captain is the first crew card of the shuffled purple deck.
inline constexpr std::string_view setup_hyperdrive = "+1 Hyperdrive";
inline constexpr std::string_view setup_pistol = "Blaster Pistol";

// ---- Encounters ------------------------------------------------------------------------------

// Where an encounter event applies: the acting ship's location type.
enum class site : std::uint8_t { green, purple, red, patrolled, unpatrolled };
inline constexpr int site_count = 5;

enum class event_kind : std::uint8_t {
  nothing,          // a quiet turn
  draw_cantina,     // draw amount cantina cards from the location's deck (deep space: a
                    //   connected destination's deck, the player's choice)
  patrol,           // patrol inspection: a rep check (modifier `check`); failed: the ship loses
                    //   amount cargo (buried) or, with none, amount small items (discarded)
  pirates,          // pirates attack with attack amount: the ship may escape (roll 6 + mods)
                    //   or takes amount − its defence damage on its systems
  breakdown,        // amount of the ship's working systems (its owner chooses) are disabled
  injury,           // amount crew (owner chooses) take 1 damage each
  windfall,         // draw amount cantina cards from `deck` (a richer deck than the location's)
  bribe,            // view amount bribes, keep one
  reveal_contract,  // reveal amount contracts onto the board
  lose_movement,    // −amount movement points this turn
  gain_movement,    // +amount movement points this turn
  repair,           // repair amount disabled systems
  heal,             // amount crew recover 1 health each
  lose_item,        // discard amount small items (owner chooses; face-down, so unseen by others)
  reputation,       // reputation changes by amount (only with a die)
};
inline constexpr int event_kind_count = 15;

struct event {
  event_kind kind = event_kind::nothing;
  std::int8_t amount = 0;
  std::int8_t check = 0;           // patrol: modifier to the rep-check roll; other kinds with
                                   //   flag_on_fail: the event happens only on a failed check
  colour deck = colour::green;     // windfall: the deck drawn from
  std::uint8_t flags = 0;
};
inline constexpr std::uint8_t flag_on_fail = 1;   // roll a rep check first; the event happens if it fails

struct encounter {
  std::string_view name;           // unique
  std::array<event, site_count> events{};   // indexed by site
  std::string_view flavor;
};

// ---- The content -----------------------------------------------------------------------------

// Implemented in board.cpp / cards.cpp (sc-content).
const board_data& board();
std::span<const contract> contracts();      // 48
std::span<const card> cantina(colour c);    // green 76, purple 84, red 60
std::span<const card> bribes();             // 20 (kind favor, flag_once abilities)
std::span<const encounter> encounters();    // 54

// Empty when the content holds together (unique names, counts, a connected board with the
// sectors the rulebook asks for, every primitive's parameters in range, the setup cards
// present, every contract's origin and delivery a destination); otherwise one line per
// problem. The spans variant checks any content (tests feed it broken data).
std::string validate_content();
std::string validate_content(const board_data& b, std::span<const contract> cs,
                             std::span<const card> green, std::span<const card> purple,
                             std::span<const card> red, std::span<const card> bribe_cards,
                             std::span<const encounter> es);

// Rules text generated from the data, so text and behaviour never disagree.
std::string card_text(const card& c);
std::string contract_text(const contract& c, const board_data& b);
std::string event_text(const event& e);

// Names for people ("Fidanza", "green", "patrolled deep space").
inline constexpr std::string_view syndicate_name(syndicate s) {
  constexpr std::string_view n[] = {"Fidanza", "Semyorka", "Allmacht", "Anubis"};
  return n[static_cast<int>(s)];
}
inline constexpr std::string_view colour_name(colour c) {
  constexpr std::string_view n[] = {"green", "purple", "red"};
  return n[static_cast<int>(c)];
}
inline constexpr std::string_view site_name(site s) {
  constexpr std::string_view n[] = {"green destination", "purple destination", "red destination",
                                    "patrolled deep space", "unpatrolled deep space"};
  return n[static_cast<int>(s)];
}
inline constexpr std::string_view kind_name(card_kind k) {
  constexpr std::string_view n[] = {"crew", "ship system", "firearm", "explosive",
                                    "medkit", "armour", "favor", "item"};
  return n[static_cast<int>(k)];
}

}  // namespace starport::scoundrels
