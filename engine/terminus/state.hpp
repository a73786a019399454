#pragma once
// Race to the Terminus (rules/terminus.md; decisions in docs/rules/terminus.md) as a pure,
// flat value type.
//
// Each seat brings a constructed deck of 60 cards (5 Piles). Setup: the Module and Recruit
// Drafts (three secret simultaneous picks each, flipped together), the Opening (Starting
// System from the top 3, 4 Actions with one mulligan, 2 players draw 2 Complications).
// Rounds: Turmoil (Entropy, Destiny), one Turn Phase per player in Turn Order (Start,
// Regroup, Play, Aftermath, End), Tidy (Cleanup, Initiative). Complications and "at any
// time" abilities go on the Complication Cascade, a LIFO stack answered in Initiative order.
// Multi-step effects are a stack of pending choices (`frame`s), one action each.
//
// Cards: every physical copy is a `copy_id` = seat << 6 | slot, the slot being its place in
// the seat's deck list (sorted by type); the deck list maps it to the pool (cards.hpp).
//
// Parameters (Options in proto/starport/v1/terminus.proto):
//   first_player  who holds the Initiative first
//   round_limit   the safeguard: after so many Rounds the nearest Ship wins (0: 40)
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/card_ids.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"
#include "engine/core/pile.hpp"
#include "engine/core/preferences.hpp"
#include "engine/terminus/cards.hpp"
#include "starport/v1/terminus.pb.h"

namespace starport::terminus {

namespace pb = starport::terminus::v1;
using engine::action;
using engine::outcome;
using engine::seat_mask;
using engine::verdict;
using engine::viewer;

inline constexpr int max_players = 4;
inline constexpr int deck_size = 60;
inline constexpr int pile_size = 10;        // Modules, Recruits, Complications, Systems
inline constexpr int action_count = 20;
inline constexpr int max_modules = 10;      // Ship Zone limit
inline constexpr int max_crew = 10;         // Crew Zone limit
inline constexpr int max_ships = 3;         // the primary Ship and two detached Runabouts
inline constexpr int terminus = 10;         // Proximity that wins
inline constexpr int draft_picks = 3;
inline constexpr int opening_hand = 4;
inline constexpr int default_round_limit = 40;
inline constexpr int max_ship_actions = 4;

using copy_id = std::uint8_t;               // seat << 6 | slot
inline constexpr copy_id no_card = 0xff;
inline constexpr int owner_of(copy_id c) { return c >> 6; }
inline constexpr int slot_of(copy_id c) { return c & 63; }
inline constexpr copy_id make_copy(int seat, int slot) { return static_cast<copy_id>(seat << 6 | slot); }
// A copy's id as dealt (Card.id, action arguments). A card coming out of a Hand or the Gig
// Pile gets a fresh one: state::wire gives the id now.
inline constexpr std::uint32_t wire_id(copy_id c) { return static_cast<std::uint32_t>(c) + 1; }
inline constexpr std::size_t copy_count = std::size_t{max_players} << 6;

enum class kind : std::uint16_t {
  resign = 0, draft, start_system, mulligan, entropy, play, pass, override_, activate, choose,
  detach, reattach, bustle
};

// The proto's Step, in the order play meets them.
enum class step : std::uint8_t {
  none = 0, module_draft, recruit_draft, starting_system, mulligan, entropy, destiny,
  start, regroup, play, aftermath, end, cleanup, initiative, over
};

template <std::size_t N>
using pile = engine::pile<N, copy_id>;

struct module_slot {
  copy_id card = no_card;
  bool face_up = true;
  std::uint8_t counters = 0;
  bool known = true;   // seen face up since it came into play: face down, everyone still knows it (Ruling 4)
  friend bool operator==(const module_slot&, const module_slot&) = default;
};

struct member {
  copy_id card = no_card;
  bool face_up = true;
  std::int8_t morale = 0;
  std::uint8_t counters = 0;
  bool known = true;   // as module_slot::known
  friend bool operator==(const member&, const member&) = default;
};

struct ship {
  bool present = false;                    // primary: always; a Runabout: while detached
  copy_id runabout = no_card;              // a detached Runabout's Module
  std::uint8_t module_count = 0;
  std::uint8_t crew_count = 0;
  std::array<module_slot, max_modules> modules{};
  std::array<member, max_crew> crew{};
  std::int8_t proximity = 0;
  bool backslide = false;                  // in Backslide until its Aftermath Step
  bool gained = false;                     // Research: gained Certainty or Proximity since its last Turn began
  bool had_turn = false;                   // Research: "after the first Turn"
  bool research_due = false;               // Research: due this Start Step (after the Special Objects)
  bool skip_play = false;                  // skips its next Play Step
  std::uint8_t target_seat = 0xff;         // the last Action's target Ship (0xff: none)
  std::uint8_t target_ship = 0;
  std::uint8_t action_count = 0;           // Actions played for it, until an Aftermath Step (Ruling 7d)
  std::array<copy_id, 4> actions{no_card, no_card, no_card, no_card};
  std::span<const module_slot> module_list() const { return {modules.data(), module_count}; }
  std::span<const member> crew_list() const { return {crew.data(), crew_count}; }
  friend bool operator==(const ship&, const ship&) = default;
};

struct player {
  std::array<engine::card_index, deck_size> list{};   // slot → pool index
  pile<deck_size> hand;                     // Actions and Complications
  pile<deck_size> action_pile;              // top at the back
  pile<deck_size> discard;
  pile<pile_size> complications;
  pile<pile_size> systems;
  pile<pile_size> upgrades;
  pile<pile_size> gigs;
  pile<pile_size> module_pool;              // before and during the Module Draft
  pile<pile_size> recruit_pool;
  pile<pile_size> destiny;                  // Destiny Complications beside the Ship
  pile<2> legacies;
  std::array<ship, max_ships> ships{};
  copy_id starting_system = no_card;
  copy_id pick = no_card;                   // a Draft pick, secret until every seat has picked
  std::int8_t certainty = 0;
  std::int8_t reputation = 0;
  std::array<std::uint8_t, max_players> intel{};
  bool out = false;                         // lost or resigned
  bool destiny_locked = false;
  bool decided = false;                     // the current simultaneous choice is made
  bool deadlocked = false;                  // this Turn
  bool shady_extra = false;                 // drew an extra Action through Shady this Turn
  bool bustled = false;                     // Bustled this Turn
  std::uint8_t detached_this_turn = 0;
  // By seat: the slots of that seat's Hand this seat saw in a peek (peek_hand), kept until
  // the end of this seat's next Turn. A snapshot: cards drawn since the peek stay hidden.
  std::array<std::uint64_t, max_players> seen_hand{};
  // By seat: bit set when that peek was made in this seat's own Turn, which it outlasts (it
  // ends with the next one).
  std::uint8_t peeks_in_own_turn = 0;
  std::uint8_t turn_place = 0;              // 1-based on this Round's Turn Tracker; 0: done
  // The Opening's mulligan (a mask of the 4 Actions drawn, as MULLIGAN), chosen in secret and
  // made once every seat has chosen.
  std::uint8_t mulligan = 0;
  friend bool operator==(const player&, const player&) = default;
};

// One entry of the Complication Cascade.
struct cascade_entry {
  std::uint8_t seat = 0;
  copy_id card = no_card;
  bool ability = false;                     // an Ambush / Exhaust ability rather than a Complication
  when ability_when = when::play;           // ability: when::ambush or when::exhaust
  std::uint8_t target_seat = 0xff;          // 0xff: no target Ship
  std::uint8_t target_ship = 0;
  bool negated = false;
  std::uint8_t ship = 0;                    // a Complication's "your Ship" (the player chose it)
  friend bool operator==(const cascade_entry&, const cascade_entry&) = default;
};
inline constexpr int max_cascade = 16;

// What a response window was opened for.
enum class window : std::uint8_t { none, destiny, step_end, cascade };

// A pending step of an effect. `run` and `after_complication` happen by themselves (the
// flow steps them); every other task waits for `seat`'s action.
enum class task : std::uint8_t {
  run,                 // the effects of `source` at timing `at`, from effect index `effect` on
  after_complication,  // the Complication `source` has resolved: the others draw, it leaves the Cascade
  pick_card,           // CHOOSE [card id] for effect `effect` of `source`, `count` left; PASS: "up to"
  pick_ship,           // CHOOSE [seat * 4 + ship]: the opponent Ship effect `effect` of `source` targets
  optional,            // CHOOSE [1]: effect `effect` of `source` happens; PASS declines it
  discard,             // CHOOSE [Action id] to discard, `count` left
  burn,                // CHOOSE [card id] of the hand to burn, `count` left
  look,                // looked[]: CHOOSE [id] discards one; PASS puts the rest back on top
  bustle_pick,         // looked[]: CHOOSE [id] the Module to add
  chaotic,             // CHOOSE [1] puts the top Complication under its Pile; PASS keeps it
  weapon,              // CHOOSE [Module id] of `target_seat` to disable; PASS
  detach,              // DETACH or PASS
  bustle,              // BUSTLE [0 or 1]
  reattach,            // REATTACH [ship] or PASS
  look_order,          // looked[0..count) already put back (top first): CHOOSE [id] the next one
};
struct frame {
  task kind = task::run;
  std::uint8_t seat = 0;
  std::uint8_t ship = 0;                    // the controller's Ship ("your Ship")
  std::uint8_t count = 0;
  std::uint8_t effect = 0;
  when at = when::none;
  copy_id source = no_card;
  std::uint8_t target_seat = 0xff;          // 0xff: no target Ship
  std::uint8_t target_ship = 0;
  std::uint8_t look_count = 0;
  std::array<copy_id, 4> looked{no_card, no_card, no_card, no_card};
  friend bool operator==(const frame&, const frame&) = default;
};
inline constexpr int max_frames = 24;

// What an apply set off that every viewer may read (describe_effects).
enum class event_kind : std::uint8_t {
  flipped,           // seat, card: a Draft pick or a card turns face up
  starting_system,   // seat, card
  drew_actions,      // seat, count
  drew_complication, // seat, count
  discarded,         // seat, card: an Action to the Discard Pile (public)
  proximity,         // seat, other = ship (0: the Ship, k: Runabout k), extra = value
  no_gain,           // seat, other = ship: it has no Active Module, so a gain of Proximity does nothing
  discovery,         // card (the System), extra = Proximity
  not_chosen,        // seat, card: a System a Discovery revealed and did not pick, to the bottom
  backslide,         // seat
  deadlock,          // seat
  dead_space,        // card: a card to Dead Space
  eliminated,        // seat
  initiative,        // seat
  new_round,         // count
  resolved,          // card: a Complication resolves
  negated,           // card
  joined,            // seat, card: a Member joins a Crew face up
  left_crew,         // seat, card: Morale 0, back to the Gig Pile
  module_added,      // seat, card
  detached,          // seat, card (the Runabout Module), extra = ship
  reattached,        // seat, card, extra = ship
  won,               // seat
  certainty,         // seat, extra = its Certainty now
  reputation,        // seat, extra = its Reputation now
  intel,             // seat, other = on whom, extra = its Intel there now
  disabled,          // seat, card: a face-up Module turns face down
  turned_down,       // seat, card: a face-up Member, or a Module paying an Exhaust, turns face down
  morale,            // seat, card, extra = the Member's Morale now
  peeked,            // seat, other = whose Hand it looks at
  mulligan,          // seat, extra = how many Actions its mulligan replaces (0: it keeps its hand)
  system_down,       // seat (whose Ship paid), card: a Star Chart System paying an Exhaust turns face down
};
struct event {
  event_kind kind = event_kind::flipped;
  std::uint8_t seat = 0;
  copy_id card = no_card;
  std::int8_t extra = 0;
  std::uint8_t other = 0;   // a second seat (intel, peeked)
  friend bool operator==(const event&, const event&) = default;
};
inline constexpr int max_events = 32;

class state {
 public:
  using options_type = pb::Options;
  using position_type = pb::Position;
  using view_type = pb::View;

  static constexpr std::string_view id = "terminus";
  static constexpr std::string_view title = "Race to the Terminus";
  static constexpr int min_seats = 2;
  static constexpr int max_seats = max_players;
  static constexpr int default_seats = 2;
  static constexpr int rules_version = 7;
  static constexpr std::array<std::string_view, 13> action_names = {
      "resign", "draft", "start_system", "mulligan", "entropy", "play", "pass",
      "override", "activate", "choose", "detach", "reattach", "bustle"};
  static std::span<const engine::bot_entry> bots();
  static std::span<const engine::preference_info> preferences();
  static const engine::deck_rules& deck_rules();
  static constexpr std::string_view progress_name = "rounds";
  std::uint32_t progress() const { return round_; }
  std::string seat_label(int seat) const;
  std::string describe(const action& a) const;
  std::string describe_effects() const;
  std::optional<action> preferred_action(int seat, engine::preference_choices choices) const;

  static verdict validate(int seats, const pb::Options& options);
  static verdict validate(int seats, const pb::Options& options, const pb::Position& position);
  state(int seats, const pb::Options& options, std::uint64_t seed);
  state(int seats, const pb::Options& options, std::span<const engine::deck_list> decks,
        std::uint64_t seed);
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

  // Read access for tests, views and bots.
  step current_step() const { return step_; }
  int round() const { return round_; }
  int initiative() const { return initiative_; }
  int active_seat() const { return active_; }
  // The Starting Systems chosen in secret have been shown (their reveal, then the Mulligan).
  bool starting_systems_shown() const { return step_ > step::starting_system || (step_ == step::starting_system && sub_ > 0); }
  bool turn_under_way() const { return step_ >= step::start && step_ <= step::end; }   // active_ is taking its Turn
  const player& seat(int s) const { return players_[s]; }
  engine::card_index index_of(copy_id c) const { return players_[owner_of(c)].list[slot_of(c)]; }
  const card_def& card_of(copy_id c) const { return terminus::card(static_cast<card_id>(index_of(c))); }
  copy_id chart(int proximity) const { return chart_[proximity]; }
  std::span<const copy_id> dead_space() const { return dead_.items(); }
  std::span<const cascade_entry> cascade() const { return {cascade_.data(), cascade_count_}; }
  std::span<const frame> pending() const { return {frames_.data(), frame_count_}; }
  window open_window() const { return window_; }
  seat_mask asked() const { return asked_; }
  int priority() const { return priority_; }
  int hand_complications(int s) const;
  bool crewed(int s, int sh) const;
  int active_modules(int s, int sh) const;
  int total_modules(int s) const;            // every Ship of the seat
  copy_id system_of(int s, int sh) const;    // the System a Ship is in (no_card: none)
  // A System flipped face down by its Exhaust ability: no abilities, no keywords, until it
  // leaves the Star Chart (or stops being a Starting System).
  bool system_down(copy_id c) const { return systems_down_[c >> 6] >> (c & 63) & 1; }
  // A copy's id on the wire now, and the copy an id names (no_card: none, or no longer).
  std::int32_t wire(copy_id c) const { return c == no_card ? 0 : ids_.of(c); }
  copy_id from_wire(std::int32_t w) const;
  bool meets_requirement(int s, copy_id action_card) const;
  bool can_play_action(int s) const;         // one playable Action for each Ship
  std::span<const std::uint8_t> turn_order() const { return {order_.data(), order_count_}; }

 private:
  using dead_pile = engine::pile<max_players * deck_size, copy_id>;

  // setup.cpp
  void init(int seats, const pb::Options& options, std::span<const engine::deck_list> decks);
  copy_id in_play(int s, int sh, engine::card_index wanted, when at) const;
  // `looked`: the open look's cards (put_back first); `waiting`: the waiting looks' cards, in order.
  void place_resolving(const pb::Position& position, bool in_window, std::span<const copy_id> looked,
                       std::span<const copy_id> waiting);
  bool resolving_open(const pb::Position& position) const;
  // position_backslide.cpp: what BACKSLIDE's Backslides left under its offers, as the flow leaves it
  bool place_backslides(const pb::Position& position);
  int offers_just_under(const pb::Position& position) const;
  // rules.cpp: the flow, one step after another until a seat must decide
  void advance();
  void flip_picks();
  void show_starting_systems();
  void begin_mulligan();
  void make_mulligans();
  void begin_round();
  void compute_turn_order();
  void begin_turn(int seat);
  void start_step();
  void regroup_step();
  void deadlock(int s);
  void end_play_step();
  void aftermath_step();
  void end_step();
  void end_turn();
  void tidy();
  void finish(seat_mask winners, const char* reason);
  void eliminate(int seat, const char* reason);
  void state_checks();
  int players_left() const;
  int next_in_initiative(int from) const;
  int hand_actions(int s) const;
  int best_proximity(int s) const;
  bool module_is(copy_id c, subtype t) const;
  bool system_has(int s, int sh, keyword k) const;
  int certainty_for_requirements(int s) const;
  // `action`: an Action card's own Requirement (the one Brtpb eases).
  bool requirement_met(int s, const requirement& r, int target_seat, bool action = false) const;
  bool needs_opponent(copy_id c) const;
  bool needs_opponent_at(copy_id c, when at) const;
  bool target_allowed(int s, copy_id c, int ts, int tsh) const;
  bool has_target(int s, copy_id c) const;
  bool playable_action(int s, copy_id c) const;
  int ships_to_play(int s) const;
  int play_ship() const;
  // cascade.cpp
  bool may_answer(int s) const;
  void open_window(window w);
  void ask_next();
  void close_window();
  void add_to_cascade(const cascade_entry& e);
  void resolve_top();
  void finish_complication();
  // effects.cpp
  void push(const frame& f);
  // A Chaotic System's offer to `seat`: look at its top Complication, may put it at the
  // bottom. Nothing when the seat is out or has no Complication.
  void offer_chaotic(int seat);
  void note(event_kind k, int seat, copy_id card = no_card, int extra = 0, int other = 0);
  bool has_effect_at(copy_id c, when at) const;
  void push_run(int seat, int sh, copy_id source, when at, int target_seat, int target_ship);
  void push_triggers_of(int seat, int sh, copy_id c, when at);
  // `special`: with the Special Objects beside the primary Ship (sh 0), first.
  void push_triggers(int seat, int sh, when at, bool special = true);
  void push_special_triggers(int seat, when at);
  void step_run();
  bool petty_active(int seat, copy_id c) const;
  void start_effect(const frame& run, int i);
  bool effect_target_ok(int seat, const effect& e, int o, int k) const;
  bool untargetable(copy_id c) const;
  void card_candidates(int seat, const effect& e, int ts, int tsh, copy_id source,
                       std::vector<copy_id>& out) const;
  static bool card_primitive(op k);
  static bool player_level(op k);   // the player's, not a Ship's: once per player for "each opponent"
  bool acts_on_your_ship(copy_id c, when at) const;   // which of the player's Ships is "your Ship" changes what it does
  void do_effect(const frame& run, int i, int ts, int tsh);
  void card_op(int seat, const effect& e, int ts, int tsh, copy_id c);
  void replace_system(int ts, int tsh, int by);
  static void insert_bottom(pile<pile_size>& p, copy_id c);
  void discovery(int prox, int by_seat, int by_ship);
  void place_system(int prox, copy_id c, int by_seat, int by_ship);
  void system_revealed(int by_seat, int by_ship, copy_id c);
  void keep_target(const frame& run, int ts, int tsh);
  void gain_proximity(int s, int sh, int amount);
  void gain_certainty(int s, int sh, int amount);
  void draw_actions(int s, int n);
  void draw_complication(int s);
  void forget_seen(int s, copy_id c);
  void to_dead_space(copy_id c);
  bool put_module(int s, int sh, copy_id c, bool face_up);
  bool put_member(int s, int sh, copy_id c, bool face_up);
  void enter_with_reveal(int s, int sh, copy_id c, bool module, event_kind k);
  void remove_module(int s, int sh, int i);
  void remove_member(int s, int sh, int i);
  void farsight(int s, int sh);
  copy_id farsight_card(int s, int sh) const;
  void look_at_actions(int s, int sh, int n, copy_id source);
  void put_back_looked(frame& f);
  bool can_detach(int s) const;
  // actions.cpp
  void with_targets(int seat, copy_id c, when at, action base, std::vector<action>& out) const;
  bool has_override(copy_id c) const;
  void play_step_actions(int seat, int k, std::vector<action>& out) const;
  void response_actions(int seat, std::vector<action>& out) const;
  void frame_actions(const frame& f, std::vector<action>& out) const;
  bool can_reattach(int seat, int k) const;
  bool face_down_in_ship(copy_id c, bool unseen_only = false) const;
  bool hidden_in_ship(copy_id c) const { return face_down_in_ship(c, true); }
  std::int32_t pick_arg(int seat, const frame& f, copy_id c) const;
  copy_id picked(const frame& f, std::int32_t arg) const;
  int weapon_count(int seat, int sh) const;
  void remove_from_hand(int seat, copy_id c);
  // A card comes out of a Hand or the Gig Pile, where the others cannot follow one copy among
  // others of its kind: a fresh id, so it cannot be matched with a sighting from before it went
  // in (a discard reshuffled, a Member back to the Gig Pile) and tell what the rest still hold.
  void renew_id(copy_id c) { ids_.renew(c); }
  void remember(const action& a);
  bool flip_own(int seat, copy_id c);
  int ship_in_system(int seat, copy_id sys) const;
  void set_system_down(copy_id c, bool down) {
    const std::uint64_t bit = std::uint64_t{1} << (c & 63);
    systems_down_[c >> 6] = down ? systems_down_[c >> 6] | bit : systems_down_[c >> 6] & ~bit;
  }
  void weapon_answer(int attacker, int ts, int tsh);
  void apply_frame(const action& a);
  void detach(int seat, copy_id m, copy_id c1, copy_id c2);
  void reattach(int seat, int k);
  // view.cpp
  void fill_card(pb::Card& out, copy_id c, bool known) const;
  bool sees_hand(viewer who, int s) const;
  void fill_prompt(viewer who, pb::View& out) const;
  std::string card_words(copy_id c) const;

  engine::rng random_;
  std::uint8_t seats_ = 0;
  step step_ = step::module_draft;
  std::uint16_t round_ = 0;
  std::uint16_t round_limit_ = default_round_limit;
  std::uint8_t draft_round_ = 0;
  std::uint8_t initiative_ = 0;
  std::uint8_t active_ = 0;
  std::uint8_t sub_ = 0;                    // progress within the current step
  std::uint8_t turn_ship_ = 0;              // the Play Step's next Ship
  seat_mask winners_ = 0;
  bool over_ = false;
  const char* reason_ = "";
  std::array<copy_id, terminus + 1> chart_{};        // index = Proximity 1–10; 0 unused
  std::array<std::uint64_t, max_players> systems_down_{};   // bit per copy: a face-down System
  engine::card_ids<copy_count> ids_;   // Card.id by copy (wire, renew_id)
  dead_pile dead_;
  std::array<player, max_players> players_{};
  std::array<std::uint8_t, max_players> order_{};
  std::uint8_t order_count_ = 0;

  // The Complication Cascade and the response window.
  std::array<cascade_entry, max_cascade> cascade_{};
  std::uint8_t cascade_count_ = 0;
  window window_ = window::none;
  seat_mask asked_ = 0;
  seat_mask answered_ = 0;
  std::int8_t priority_ = -1;
  bool window_played_ = false;              // something joined the Cascade in this window

  std::array<frame, max_frames> frames_{};
  std::uint8_t frame_count_ = 0;

  // The public part of the last action (View.last_move); reset by every apply.
  std::uint8_t last_seat_ = 0xff;
  copy_id last_card_ = no_card;
  copy_id last_source_ = no_card;
  std::uint8_t last_target_seat_ = 0xff;
  std::uint8_t last_target_ship_ = 0;
  pb::LastMove::Kind last_kind_ = pb::LastMove::KIND_UNSPECIFIED;   // what the move was

  std::uint8_t event_count_ = 0;
  bool events_cut_ = false;
  std::array<event, max_events> events_{};
};

static_assert(engine::game<state>);

}  // namespace starport::terminus
