#pragma once
// Space War: in Space! (rules/space_war.md) as a pure value type.
//
// Each Contest: every player still in it FLIPs (adds cards from the top of their deck;
// the cards stay hidden until everyone in the step has flipped), the cards are revealed,
// Powers may trigger "before battle begins" in seat order, then the highest Strength
// captures every card on the Battlefield. Ties at the top go to War among the tied
// players: 2 face-down + 1 face-up, then 1 + 1, then 0 + 1 for every further step; a
// player short of cards sets how many everyone adds; one with none is Conquered.
// Last player standing wins; a contest limit (option) ends long games by card count.
//
// Parameters (Options in proto/starport/v1/space_war.proto):
//   factions       one per seat, distinct; empty: drawn from the seed
//   contest_limit  default 1000 (0 means the default)
//   auto_flip      flip for seats with nothing to decide
#include <algorithm>
#include <array>
#include <optional>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"
#include "engine/core/pile.hpp"
#include "engine/core/bot.hpp"
#include "engine/core/preferences.hpp"
#include "engine/space_war/cards.hpp"
#include "starport/v1/space_war.pb.h"

namespace starport::space_war {

namespace pb = starport::space_war::v1;
using engine::action;
using engine::outcome;
using engine::seat_mask;
using engine::verdict;
using engine::viewer;

inline constexpr int max_players = 6;
inline constexpr int max_cards = 128;       // every card of every deck in a game fits in one pile
inline constexpr std::uint32_t default_contest_limit = 1000;

enum class kind : std::uint16_t { resign = 0, flip = 1, trigger = 2, decline = 3 };
enum class phase : std::uint8_t { flip, before_battle, after_battle, over };
enum class end_reason : std::uint8_t { none, last_standing, contest_limit, all_conquered };

// A physical card: an index into the match's table of copies (`state::type_of` gives its
// card type). Numbered once, at the deal, so a copy keeps its number in every zone for the
// whole match; the view's Card.id is this number + 1, shown only while the card is face up
// to that viewer (docs/engine.md, "Card ids").
using copy_id = std::uint8_t;
using pile = engine::pile<max_cards>;   // of copy_id

struct battlefield_card {
  copy_id card = 0;
  std::uint8_t owner = 0;   // the seat that added it
  std::uint8_t step = 0;    // 0: the first reveal, n: the n-th War step
  bool face_up = false;
  friend bool operator==(const battlefield_card&, const battlefield_card&) = default;
};

// A card turned face up in a Contest: whose, in which step, its effective Strength then.
struct shown_card {
  copy_id card = 0;
  std::uint8_t owner = 0;
  std::uint8_t step = 0;
  std::int8_t strength = 0;
  friend bool operator==(const shown_card&, const shown_card&) = default;
};
inline constexpr int max_shown = 32;   // a longer chain of Wars keeps its first 32 reveals

// What happened in the last finished Contest, for the view's log.
struct contest_summary {
  std::uint32_t number = 0;
  bool war = false;
  bool peace = false;
  bool has_winner = false;
  std::uint8_t winner = 0;
  std::uint8_t cards = 0;
  seat_mask conquered = 0;
  std::uint8_t shown_count = 0;
  std::array<shown_card, max_shown> shown{};   // every face-up card, in order of reveal
  std::span<const shown_card> reveals() const { return {shown.data(), shown_count}; }
  // Playouts start and end a contest thousands of times: touch only the entries in use.
  void restart(std::uint32_t n) {
    number = n;
    war = peace = has_winner = false;
    winner = cards = 0;
    conquered = 0;
    shown_count = 0;
  }
  void copy_from(const contest_summary& o) {
    number = o.number;
    war = o.war;
    peace = o.peace;
    has_winner = o.has_winner;
    winner = o.winner;
    cards = o.cards;
    conquered = o.conquered;
    shown_count = o.shown_count;
    std::copy_n(o.shown.begin(), o.shown_count, shown.begin());
  }
  friend bool operator==(const contest_summary& a, const contest_summary& b) {
    if (a.number != b.number || a.war != b.war || a.peace != b.peace ||
        a.has_winner != b.has_winner || a.winner != b.winner || a.cards != b.cards ||
        a.conquered != b.conquered || a.shown_count != b.shown_count)
      return false;
    for (int i = 0; i < a.shown_count; ++i)
      if (!(a.shown[i] == b.shown[i])) return false;
    return true;
  }
};

class state {
 public:
  using options_type = pb::Options;
  using position_type = pb::Position;
  using view_type = pb::View;

  static constexpr std::string_view id = "space_war";
  static constexpr std::string_view title = "Space War: in Space!";
  static constexpr int min_seats = 2;
  static constexpr int max_seats = max_players;
  static constexpr int default_seats = 3;
  static constexpr int rules_version = 1;
  static constexpr std::array<std::string_view, 4> action_names = {"resign", "flip", "trigger",
                                                                   "decline"};
  static std::span<const engine::bot_entry> bots();
  static constexpr std::string_view progress_name = "contests";
  std::uint32_t progress() const { return contest_; }
  std::string seat_label(int seat) const { return std::string(info(factions_[seat]).name); }

  static verdict validate(int seats, const pb::Options& options);
  static verdict validate(int seats, const pb::Options& options, const pb::Position& position);
  state(int seats, const pb::Options& options, std::uint64_t seed);
  state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed);

  int seat_count() const { return seats_; }
  seat_mask must_act() const;
  seat_mask may_act() const { return 0; }   // Space War has no optional responses
  verdict check(const action& a) const;
  void apply(const action& a);
  void legal_actions(int seat, std::vector<action>& out) const;
  action timeout_action(int seat) const;
  std::string describe(const action& a) const;
  std::string describe_effects() const;
  static std::span<const engine::preference_info> preferences();
  // Every card kind, public, indexed by card_id: the view's Card.kind and "{card:K}" in log
  // words name kinds by this index (the client gets it once with ListCards).
  static std::span<const engine::pool_card> catalog();
  std::optional<action> preferred_action(int seat, engine::preference_choices choices) const;
  void view(viewer who, pb::View& out) const;
  outcome result() const;
  void scramble_hidden(int seat, engine::rng& r);
  friend bool operator==(const state&, const state&) = default;

  // Read access for tests and the view builder.
  faction faction_of(int seat) const { return factions_[seat]; }
  const pile& deck(int seat) const { return decks_[seat]; }
  const pile& discard(int seat) const { return discards_[seat]; }
  power_state power_of(int seat) const { return powers_[seat]; }
  bool conquered(int seat) const { return engine::has_seat(conquered_, seat); }
  phase current_phase() const { return phase_; }
  std::uint32_t contest() const { return contest_; }
  std::uint32_t contest_limit() const { return contest_limit_; }
  int war_step() const { return war_step_; }
  int deciding_seat() const;
  std::span<const battlefield_card> battlefield() const { return {battlefield_.data(), field_size_}; }
  int strength_of(int seat) const { return strength_[seat]; }   // current step, once revealed
  const contest_summary& last_contest() const { return last_; }
  const contest_summary& current_contest() const { return current_; }
  card_id type_of(copy_id c) const { return types_[c]; }
  const card_type& card_of(copy_id c) const { return card(types_[c]); }
  seat_mask participants() const { return participants_; }
  seat_mask flipped() const { return flipped_; }
  int cards_held(int seat) const { return decks_[seat].size + discards_[seat].size; }

 private:
  void init_common(int seats, const pb::Options& options);
  void enter_contest(const pb::Position& position);   // a position inside a contest
  void mark_conquered();
  void next_contest_or_finish();
  void start_contest();
  void flip(int seat);
  bool draw(int seat, copy_id& out);
  void reveal();
  void resolve();
  void begin_war(seat_mask tied);
  void capture(int winner);
  void end_contest();
  void finish(end_reason why);
  void trigger_before(int seat);
  void trigger_salvage(int seat, int target);
  void resign(int seat);
  void auto_advance();
  bool offers_before(int seat) const;
  // Before battle: whether triggering the seat's Power could change this Battle for it, from
  // the Strengths now face up (Dwarven Armor's +1 reaching a tie or a win; Peace and
  // Regeneration when it is not ahead). A decline that could not is no news to the log.
  bool power_matters(int seat) const;
  bool salvage_target(int seat, int target) const;
  bool controls(int seat, copy_id c) const { return card_of(c).owner == factions_[seat]; }
  int face_up_index(int seat) const;
  int base_strength(int seat, copy_id c) const;
  copy_id new_copy(card_id type);
  void record_shown(int seat, int index);
 public:
  bool revealed(const battlefield_card& b) const;   // may every viewer see this card?
 private:
  seat_mask alive() const;

  engine::rng random_;
  std::uint8_t seats_ = 0;
  bool auto_flip_ = false;
  phase phase_ = phase::flip;
  end_reason end_ = end_reason::none;
  std::uint32_t contest_limit_ = default_contest_limit;
  std::uint32_t contest_ = 0;       // the number of the current (or last) Contest, from 1
  std::uint8_t war_step_ = 0;
  std::uint8_t contribution_ = 1;   // cards each participant adds in this step
  seat_mask conquered_ = 0;
  seat_mask participants_ = 0;      // in the current step
  seat_mask flipped_ = 0;           // participants that have added their cards
  seat_mask pending_ = 0;           // before battle: seats still to decide, lowest first
  seat_mask winners_ = 0;
  std::uint8_t battle_winner_ = 0;  // after battle: whose decision it is
  std::array<faction, max_players> factions_{};
  std::array<power_state, max_players> powers_{};
  std::array<std::int8_t, max_players> strength_{};   // effective Strength in the current step
  std::array<pile, max_players> decks_{};
  std::array<pile, max_players> discards_{};
  std::uint8_t field_size_ = 0;
  std::array<battlefield_card, max_cards> battlefield_{};
  contest_summary last_{};
  contest_summary current_{};
  // The copies of this match, by copy_id: their card types.
  std::uint8_t copy_count_ = 0;
  std::array<card_id, max_cards> types_{};
  // The last apply, for describe_effects: the contest and reveal count it started from.
  std::uint32_t effects_contest_ = 0;
  std::uint8_t effects_shown_ = 0;
  bool effects_over_ = false;
  // The Powers before it, and the seat whose Trigger it was (-1: none): a Power a leader
  // Activated or a Grand Admiral turned Inactive is told; a Trigger says its own words.
  std::array<power_state, max_players> effects_powers_{};
  std::int8_t effects_triggered_ = -1;
};

static_assert(engine::game<state>);

// The number of the last finished contest a view shows (0: none yet). The view writes it
// only when it is not the contest before View.contest (a match that ended inside one).
std::uint32_t last_contest_number(const pb::View& v);

// One card of a view's Reveals columns, as a reader takes it (missing steps and bonuses 0).
struct revealed_card {
  std::uint32_t owner = 0;
  std::uint32_t step = 0;
  std::uint32_t id = 0;
  std::uint32_t kind = 0;
  std::int32_t strength_bonus = 0;
};
std::vector<revealed_card> revealed_cards(const pb::Reveals& r);

}  // namespace starport::space_war
