#pragma once
// Space Race's card data: 98 Space Race cards and 12 Control Cards, each built from a small
// set of ability primitives (move up to N cards from one zone to another, combined moves,
// one card per card of a type, uncover, Control-Card acquire) plus a few named specials.
// The rulebook ships no card list: every card here is a design decision recorded, with
// the list itself, in docs/rules/space_race.md.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace starport::space_race {

// A card's type, and the coloured stripe an ability lies on.
enum class stage : std::uint8_t { propaganda, technology, space_program, breakthrough };
inline constexpr int stage_count = 4;

// The four Breakthrough categories.
enum class category : std::uint8_t { stars, man_in_space, planets, life };
inline constexpr int category_count = 4;

// Where an ability takes cards from and puts them. `rival_lab`: an opponent's Laboratory
// (the JFK opponent's taken cards count as its Lab); `any_lab`: yours or an opponent's.
// `universe` as a destination means face down (Clever Investments, taxes).
enum class zone : std::uint8_t { none, deck, universe, hand, agency, lab, rival_lab, any_lab };

// Which cards an ability may move: a mask of types and, optionally, a Breakthrough symbol.
struct filter {
  std::uint8_t types = 0xf;
  std::int8_t symbol = -1;
  friend bool operator==(const filter&, const filter&) = default;
};

struct transfer {
  zone from = zone::none;
  zone to = zone::none;
  filter only{};
  friend bool operator==(const transfer&, const transfer&) = default;
};

enum class effect : std::uint8_t {
  none,
  move,            // move up to `power` cards along `top`
  combined,        // announce a split of `power` between `top` and `bottom`, then move
  per_card,        // move up to one card along `top` per `counted` card in your Agency (itself included)
  uncover,         // uncover up to `power` covered right sides in your Agency
  acquire,         // a Control Card's: take a card of its type from the Universe, or the fallback
  return_control,  // Propaganda I: return another used Control Card to your supply
};

struct ability {
  effect kind = effect::none;
  stage stripe = stage::propaganda;
  std::uint8_t power = 0;
  transfer top{};
  transfer bottom{};
  stage counted = stage::propaganda;   // per_card: which type is counted
  bool optional = false;               // Bureaucracy "You may …": may be left unresolved
  bool exact = false;                  // the card says "exactly": no stopping early while you can
  bool present() const { return kind != effect::none; }
};

// When a bottom-section ability resolves.
enum class timing : std::uint8_t { none, immediate, bureaucracy };

// Named effects that are not moves (see each card's text).
enum class special : std::uint8_t {
  none,
  true_visionary,    // Carl Sagan: choose which face-down Universe cards turn face up
  bigger_hand,       // Wernher von Braun: hand limit 9
  duplicate_symbol,  // Area 51: one more symbol in a category you already have, declared at Scoring
  planet_nine,       // Planet Nine Confirmed: one symbol per category present in any Agency
  program_level,     // Project Mercury: Space Program level = Space Program cards in your Agency
};

using card_id = std::uint8_t;
using levels = std::array<std::uint8_t, stage_count>;
using symbols = std::array<std::uint8_t, category_count>;

struct card_def {
  std::string_view code;     // stable, used in scenarios: "titan_rocket"
  std::string_view name;
  stage type;
  bool leader;
  std::uint8_t copies;
  levels level;
  symbols symbol;            // printed Breakthrough symbols
  ability left;              // reusable: once per round
  ability right;             // single-use: covered after use
  timing bottom_timing;
  ability bottom;
  special named;
  std::string_view text;     // the bottom-section text of a named special
};

struct control_def {
  std::string_view code;     // "propaganda_1"
  std::string_view name;     // "Propaganda I"
  stage type;
  std::uint8_t level;
  ability extra;             // besides the acquire ability; none on the level-6 cards
  bool extra_is_bureaucracy;
};

inline constexpr int deck_size = 98;
inline constexpr int control_count = 12;

std::span<const card_def> all_cards();
const card_def& card(card_id id);
bool find_card(std::string_view code, card_id& out);
// One entry per physical card, 98 in all.
std::span<const card_id> full_deck();

// A physical card: its index in full_deck() (0–97), so every copy of a type is another
// number. States hold copies; the view's Card.id is the copy + 1 (docs/engine.md).
enum class copy_id : std::uint8_t {};
inline card_id type_of(copy_id c) { return full_deck()[static_cast<std::size_t>(c)]; }
inline const card_def& card_of(copy_id c) { return card(type_of(c)); }
// The lowest copy of a type (its copies follow it in full_deck()).
copy_id first_copy(card_id type);

std::span<const control_def> all_controls();
const control_def& control(int index);
bool find_control(std::string_view code, int& out);
// The acquire ability every Control Card carries on its own stripe.
ability acquire_of(const control_def& c);

// Empty when the data holds together (98 cards: 28/28/28/14, named cards present, …);
// otherwise what is wrong.
std::string validate_cards();

// Readable text of an ability, as a card would print it.
std::string describe(const ability& a);
std::string_view stage_name(stage s);
std::string_view category_name(category c);

}  // namespace starport::space_race
