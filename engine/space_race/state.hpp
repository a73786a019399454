#pragma once
// Space Race: The Card Game (rules/space_race.md) as a pure value type.
//
// Seven rounds (decades), each: Manage (every seat secretly chooses a Control Card, one
// commit at a time, hidden until all have chosen; then face-down Universe cards and the
// choices turn up), Develop (Propaganda, Technology, Space Program and Breakthrough Stages
// for the seats whose Control Card matches, in order of Stage level with the Initiative
// tiebreak, one ability per turn until all pass; then Bureaucracy in Initiative order and
// Emergency Financing), Prepare (Clever Investments to a Hand limit of 7, Unexplored
// Universe, True Visionaries, the Initiative Marker moves). After round 7: Scoring.
// Multi-step abilities are a stack of pending choices (`frame`s), one action each.
//
// Parameters (Options in proto/starport/v1/space_race.proto):
//   variant       standard (2–4 seats), cold_war (2–4), jfk (1 seat, against the automaton)
//   jfk_decks     1–3 opponent Control-Card decks (standard, challenging, unbeatable)
//   first_player  who holds the Initiative Marker first
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/card_ids.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"
#include "engine/core/pile.hpp"
#include "engine/space_race/cards.hpp"
#include "starport/v1/space_race.pb.h"

namespace starport::space_race {

namespace pb = starport::space_race::v1;
using engine::action;
using engine::outcome;
using engine::seat_mask;
using engine::verdict;
using engine::viewer;

inline constexpr int max_players = 4;
inline constexpr int last_round = 7;
inline constexpr int bureaucracy_stage = 4;   // the fifth Stage, after the four card Stages
inline constexpr int opponent_lab = 4;         // PICK's owner for the JFK opponent's taken cards
inline constexpr int control_slot = -1;        // USE's source for the current Control Card

enum class kind : std::uint16_t { resign = 0, choose, use, pass, split, pick, draw, done, declare };
enum class variant : std::uint8_t { standard, cold_war, jfk };
enum class step : std::uint8_t { choose, develop, invest, reveal, declare, over };
enum class pick_zone : std::uint8_t { none = 0, universe, hand, agency, lab, face_down, control };

using pile = engine::pile<deck_size, copy_id>;

// Bits of agency_card::used and player::control_used: abilities used this round.
inline constexpr std::uint8_t used_left = 1, used_right = 2, used_bottom = 4;

struct agency_card {
  copy_id card{};
  bool covered = false;      // the right side, after its single-use ability
  std::uint8_t used = 0;
  friend bool operator==(const agency_card&, const agency_card&) = default;
};

struct agency_pile {
  std::uint8_t size = 0;
  std::array<agency_card, deck_size> cards{};
  std::span<const agency_card> items() const { return {cards.data(), size}; }
  friend bool operator==(const agency_pile& a, const agency_pile& b) {
    if (a.size != b.size) return false;
    for (int i = 0; i < a.size; ++i)
      if (!(a.cards[i] == b.cards[i])) return false;
    return true;
  }
};

struct player {
  pile hand;
  pile lab;
  agency_pile agency;
  std::uint16_t unused = (1u << control_count) - 1;   // Control Cards in the supply
  std::array<std::int8_t, control_count> played{};     // revealed, earlier rounds, in order
  std::uint8_t played_count = 0;
  std::int8_t current = -1;          // this round's Control Card; hidden from others while choosing
  std::uint8_t control_used = 0;     // bits: acquire (left), extra (right), bureaucracy (bottom)
  std::uint16_t empty_deck_halves = 0;
  std::int8_t area51 = -1;           // the declared category
  bool resigned = false;
  friend bool operator==(const player&, const player&) = default;
};

// One pending choice of a multi-step ability; the top of the stack is being decided.
enum class task : std::uint8_t { move, split, uncover, leader, fallback, return_control, reveal };
struct frame {
  task kind = task::move;
  std::uint8_t seat = 0;
  std::uint8_t remaining = 0;
  std::uint8_t source = 0xff;   // uncover: the Agency card using the ability (not itself)
  bool exact = false;
  transfer what{};      // move; split: the top row
  transfer second{};    // split: the bottom row
  friend bool operator==(const frame&, const frame&) = default;
};
inline constexpr int max_frames = 12;

// The JFK opponent: Control-Card decks, levels by Stage, and its taken cards (its Lab).
struct automaton {
  std::uint8_t decks = 0;
  std::array<std::array<std::int8_t, control_count>, 3> deck{};
  std::array<std::uint8_t, 3> deck_size_left{};
  std::array<std::uint8_t, stage_count> level{};
  std::array<std::int8_t, 3 * last_round> played{};
  std::uint8_t played_count = 0;
  pile taken;
  friend bool operator==(const automaton&, const automaton&) = default;
};

// What an apply set off that every viewer may read (describe_effects): one small record
// per event, kept for the last apply only.
enum class event_kind : std::uint8_t {
  controls_revealed,   // seat, control: a chosen Control Card turns face up
  face_up,             // card: a face-down Universe card turns face up
  opponent_control,    // control: the JFK opponent plays a Control Card
  opponent_takes,      // card, from (a stage, or 0xff: the Deck)
  drew_hidden,         // seat, count: cards drawn into the Hand (or face down)
  drew_public,         // seat, card, to (a zone): a drawn card lands face up
  deck_empty,          // seat, count: cards not drawn, half a point each
  initiative,          // seat: the Initiative Marker moves to it
  new_round,           // count: the round that begins
  passed_itself,       // seat: it had nothing left to use in the Stage and passed by itself
};
struct event {
  event_kind kind = event_kind::face_up;
  std::uint8_t seat = 0;
  std::uint8_t card = 0;    // a card_id, a Control Card index or a count
  std::uint8_t extra = 0;   // a stage or a zone
  friend bool operator==(const event&, const event&) = default;
};
inline constexpr int max_events = 24;

// Development Points, counted in halves (the empty-Deck rule scores 0.5 a card).
struct score_sheet {
  int halves = 0;
  int agency_level = 0;
  int laboratory = 0;
  int categories = 0;
  int empty_deck_halves = 0;
  std::array<int, 5> tiebreak{};   // standard: Stage levels and Lab power, highest first
  int tiebreak_size = 0;
};

struct card_budget;

class state {
 public:
  using options_type = pb::Options;
  using position_type = pb::Position;
  using view_type = pb::View;

  static constexpr std::string_view id = "space_race";
  static constexpr std::string_view title = "Space Race: The Card Game";
  static constexpr int min_seats = 1;
  static constexpr int max_seats = max_players;
  static constexpr int default_seats = 2;
  static constexpr int rules_version = 1;
  static constexpr std::array<std::string_view, 9> action_names = {
      "resign", "choose", "use", "pass", "split", "pick", "draw", "done", "declare"};
  static std::span<const engine::bot_entry> bots();
  static constexpr std::string_view progress_name = "rounds";
  std::uint32_t progress() const { return round_; }
  std::string seat_label(int seat) const;
  std::string describe(const action& a) const;
  std::string describe_effects() const;
  // Every card type, public, by card_id ("{card:K}" in the log; ListCards).
  static std::span<const engine::pool_card> catalog();

  static verdict validate(int seats, const pb::Options& options);
  static verdict validate(int seats, const pb::Options& options, const pb::Position& position);
  state(int seats, const pb::Options& options, std::uint64_t seed);
  state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed);

  int seat_count() const { return seats_; }
  seat_mask must_act() const;
  seat_mask may_act() const { return 0; }
  verdict check(const action& a) const;
  void apply(const action& a);
  void legal_actions(int seat, std::vector<action>& out) const;
  action timeout_action(int seat) const;
  void view(viewer who, pb::View& out) const;
  outcome result() const;
  void scramble_hidden(int seat, engine::rng& r);
  friend bool operator==(const state&, const state&) = default;

  // Read access for tests, the view builder and scoring.
  variant game_variant() const { return variant_; }
  step current_step() const { return step_; }
  int round() const { return round_; }
  int current_stage() const { return stage_; }   // 0–3 card Stages, 4 Bureaucracy
  int initiative() const { return initiative_; }
  int turn_seat() const;                          // -1 when nobody holds the turn
  const player& seat(int s) const { return players_[s]; }
  const pile& deck() const { return deck_; }
  const pile& universe(stage t) const { return universe_[static_cast<int>(t)]; }
  const pile& face_down() const { return face_down_; }
  const automaton& opponent() const { return opponent_; }
  bool has_opponent() const { return variant_ == variant::jfk; }
  // The card's id on the wire (Card.id): stable while the card stays in sight or goes
  // where everyone can follow it; a fresh one when it turns up from the face-down
  // Universe, so the id never tells whose Hand (or the Deck) a face-down card came from,
  // and when it leaves a Hand, so it never tells which of the Hand's cards it was.
  std::uint32_t card_number(copy_id c) const { return static_cast<std::uint32_t>(ids_.of(static_cast<std::size_t>(c))); }
  std::span<const frame> pending() const { return {frames_.data(), frame_count_}; }
  std::span<const std::uint8_t> stage_order() const { return {order_.data(), order_count_}; }
  bool passed(int s) const { return engine::has_seat(passed_, s); }
  int hand_limit(int s) const;
  int stage_level(int s, stage t) const;          // Agency + current Control Card
  int agency_level(int s, stage t) const;         // Agency only (what scores)
  std::array<int, category_count> symbols_of(int s, int area51_choice) const;
  std::array<int, category_count> opponent_symbols() const;
  score_sheet score_of(int s) const;              // as if the game ended now
  int opponent_score() const;                     // JFK, whole points
  int best_area51(int s) const;                   // the declaration that scores best for s, -1: none
  bool area51_in_agency(int s) const;

 private:
  // setup.cpp
  struct placed_only {};   // a position built without running on (validation)
  state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed, placed_only);
  static verdict check_round_step(int seats, const pb::Options& options, const pb::Position& position,
                                  card_budget& budget);
  template <class CodeOf> void place_round_step(const pb::Position& position, CodeOf& code_of);
  static seat_mask passed_of(const pb::Position& position);
  void init_common(int seats, const pb::Options& options);
  void deal(int seats);
  // rules.cpp: the round's flow, one step after another until a seat must decide
  void advance();
  void begin_round();
  void reveal_choices();
  void begin_stage(int st);
  void land_turn();                    // from turn_: the next seat that can still act
  void finish_turn();                  // an ability resolved or a seat passed
  void end_stage();
  void end_develop();
  void begin_prepare();
  void next_investor();
  void true_visionaries();
  int reveal_count() const;            // True Visionaries: face-down cards turned face up
  int sagan_holder() const;            // the seat that chooses them (Carl Sagan), or -1
  void reveal_face_down(int index);
  void begin_scoring();
  void finish();
  void resign(int seat);
  int active_players() const;
  bool can_still_act(int s) const;     // any ability left in the current Stage
  bool mandatory_left(int s) const;    // Bureaucracy abilities that must still resolve
  int investor() const;
  bool area51_pending(int s) const;
  // abilities.cpp: using abilities and resolving their frames
  void use(int seat, int source, int slot);
  void start_ability(int seat, const ability& a, int source);
  void push(const frame& f);
  void place(int seat, copy_id c);
  void draw_into(int seat, int count, zone to);
  bool frame_open(const frame& f) const;
  void frame_actions(const frame& f, std::vector<action>& out) const;
  void turn_actions(int seat, std::vector<action>& out) const;
  void apply_frame(const action& a);
  copy_id take_from(const frame& f, const action& a);
  void deliver(int seat, copy_id c, zone to);
  bool matches(copy_id c, const filter& f) const;
  template <class F> void for_each_candidate(const frame& f, F&& fn) const;
  // solo.cpp: the JFK opponent
  void opponent_plays_controls();
  void opponent_turn(int st);
  void eastern_bloc_pushes();
  void note(event_kind k, int seat, int card, int extra = 0);
  void turned_face_up(copy_id c);

  engine::rng random_;
  std::uint8_t seats_ = 0;
  variant variant_ = variant::standard;
  step step_ = step::choose;
  std::uint8_t round_ = 1;
  std::uint8_t stage_ = 0;
  std::uint8_t initiative_ = 0;
  bool resigned_end_ = false;
  seat_mask winners_ = 0;

  pile deck_;
  std::array<pile, stage_count> universe_{};
  pile face_down_;
  std::array<std::uint8_t, deck_size> face_down_placer_{};   // seat that put it there; 0xff: the Deck
  std::array<player, max_players> players_{};

  // The Stage in progress: its fixed order, who has passed, whose turn, an ability underway.
  std::array<std::uint8_t, max_players> order_{};
  std::uint8_t order_count_ = 0;
  std::uint8_t turn_ = 0;
  seat_mask passed_ = 0;
  bool ability_underway_ = false;
  bool opponent_after_ = false;        // JFK: the opponent takes its turn when the Stage ends
  std::uint8_t invest_turn_ = 0;       // Clever Investments: offset from the Initiative holder
  bool invested_ = false;              // JFK: the player put a card in this Clever Investments
  std::uint8_t reveal_left_ = 0;       // True Visionaries with Carl Sagan: cards still to turn

  std::array<frame, max_frames> frames_{};
  std::uint8_t frame_count_ = 0;

  automaton opponent_{};

  engine::card_ids<deck_size> ids_;   // Card.id by copy (see card_number)

  // The last apply's public events (describe_effects); only the first max_events are kept.
  std::uint8_t event_count_ = 0;
  bool events_cut_ = false;
  bool was_over_ = false;
  std::array<event, max_events> events_{};
};

static_assert(engine::game<state>);

}  // namespace starport::space_race
