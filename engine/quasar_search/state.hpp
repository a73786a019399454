#pragma once
// Quasar Search (shared/rules/quasar_search.md, the "Space Game" almanac; every decision in
// docs/rules/quasar_search.md) as a pure, flat value type. The first cooperative game: 1–4
// players against a Mission; every seat wins or every seat loses.
//
// Flow: Mission Setup, Player Setup, then per Act: Act Setup (Challenge Deck, draw to Hand
// Size, secret Rank picks, Morale), Act Start, the Challenge loop (Setup, Start,
// Pre-Confrontation, Confrontation — secret simultaneous picks revealed together —,
// Pre-Resolution, Resolution, Pre-Cleanup, Cleanup), Act Resolution, Ship Phase, Act
// Cleanup; Mission Resolution on an Ending Letter.
//
// Effects: at each phase the Required effects of every card in play are gathered (the
// `pending_` list); when two or more would happen at once and their order can matter the
// Team Leader orders them (ORDER), then each seat may perform its Triggered effects, Team
// Leader first (TRIGGER / PASS). Effects that need a decision push a `frame` (a stack): one
// action each, so legal_actions stays small.
//
// Cards: every physical copy is a `copy_id` = seat << 6 | slot, the slot being its place in
// the seat's deck list; slot 63 is that seat's Lost in Space (the box never runs out).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bot.hpp"
#include "engine/core/deck.hpp"
#include "engine/core/game.hpp"
#include "engine/core/pile.hpp"
#include "engine/quasar_search/cards.hpp"
#include "starport/v1/quasar_search.pb.h"

namespace starport::quasar_search {

namespace pb = starport::quasar_search::v1;
using engine::action;
using engine::outcome;
using engine::seat_mask;
using engine::verdict;
using engine::viewer;

inline constexpr int max_players = 4;
inline constexpr int max_value = 10;
inline constexpr int min_value = -10;
inline constexpr int base_hand_size = 10;
inline constexpr int max_personal = 6;        // Projects, and Lessons, each (decision)
inline constexpr int max_challenge_deck = 32;
inline constexpr int default_challenge_limit = 60;
inline constexpr int ship_warp = 2;           // Ship Phase: Warp up to 2

using copy_id = std::uint8_t;                 // seat << 6 | slot
inline constexpr copy_id no_card = 0xff;
inline constexpr int lost_slot = 63;
inline constexpr int owner_of(copy_id c) { return c >> 6; }
inline constexpr int slot_of(copy_id c) { return c & 63; }
inline constexpr copy_id make_copy(int seat, int slot) { return static_cast<copy_id>(seat << 6 | slot); }
inline constexpr std::uint32_t wire_id(copy_id c) { return static_cast<std::uint32_t>(c) + 1; }
inline constexpr std::uint8_t no_challenge = 0xff;

enum class kind : std::uint16_t {
  resign = 0, choose_rank, confront, trigger, pass, order, boon, shift, draw_from, pick, decide
};

// Boon outcomes (the proto's BoonOutcome); a card-declared one is declared_boon + its place.
inline constexpr int boon_lesson = 1;
inline constexpr int boon_project = 2;
inline constexpr int boon_glory = 3;
inline constexpr int declared_boon = 100;

template <std::size_t N>
using pile = engine::pile<N, copy_id>;

struct player {
  std::array<engine::card_index, max_deck_cards> list{};   // slot → pool index
  std::uint8_t list_size = 0;
  std::uint8_t faction = 0;                 // index in factions()
  copy_id faction_card = no_card;           // in the Personal Zone from Player Setup
  pile<max_deck_cards> hand;
  pile<max_deck_cards> deck;                // top at the back
  pile<max_deck_cards> discard;             // top at the back
  pile<max_deck_cards> warp;                // face up, unordered (kept in arrival order)
  pile<max_personal> projects;              // Active Projects (Personal Zone)
  pile<max_personal> lessons;               // Lessons (Personal Zone)
  pile<4> overcommit;                       // Overcommit cards waiting (Personal Zone)
  std::uint8_t ranks_used = 0;              // bit i: Rank card i went back in the box
  std::int8_t rank_pick = -1;               // the secret pick (index), -1 none
  std::uint8_t rank = 0;                    // the Rank value in play; 0: none
  std::uint16_t glory = 0;
  // The last N `projects` / `lessons` came into play in the Ship Phase: they are for the next
  // Act, so its Act Cleanup leaves them in play.
  std::uint8_t next_act_projects = 0, next_act_lessons = 0;
  copy_id confronting = no_card;            // the secret pick, then the card in the Confrontation
  bool chose = false;                       // the current simultaneous choice is made
  std::int8_t shift = 0;                    // on the confronting card, this Challenge
  std::uint8_t used_count = 0;              // Triggered effects performed this phase
  std::array<std::uint16_t, 8> used{};      // source copy << 2 | effect
  friend bool operator==(const player&, const player&) = default;
};

// Where an effect comes from (for the ORDER prompt's words and Triggers' once-per-phase).
enum class source_kind : std::uint8_t { card, challenge, act, adrenaline };

// One Required / Result effect waiting to happen, already made personal (one seat).
struct pending {
  effect e{};
  std::uint8_t seat = 0;
  source_kind from = source_kind::card;
  copy_id card = no_card;                   // from == card / adrenaline
  friend bool operator==(const pending&, const pending&) = default;
};
inline constexpr int max_pending = 48;

// A step of an effect waiting on the stack. `run` happens by itself; the rest wait for a
// seat's action (rank and confront: every seat at once).
enum class task : std::uint8_t {
  run,        // perform `e` for `seat`
  rank,       // CHOOSE_RANK, every seat that has not chosen
  confront,   // CONFRONT, every seat that has not chosen
  triggers,   // TRIGGER / PASS for `seat`
  order,      // ORDER: the Team Leader picks the next pending effect
  boon,       // BOON for `seat`, `count` Boons left
  project,    // PICK the Project from `seat`'s Hand to Start
  shift,      // SHIFT ±`count`
  draw,       // DRAW_FROM, `count` cards left
  stockpile,  // PICK, `count` left; `extra` put back so far (drawn when done)
  warp,       // PICK or PASS, `count` left
  discard,    // PICK, `count` left
  demand,     // DECIDE: the Team Leader pays `count` Energy (0) or the team loses 1 Morale (1)
};
struct frame {
  task kind = task::run;
  std::uint8_t seat = 0;
  std::int8_t count = 0;
  std::uint8_t extra = 0;
  effect e{};
  friend bool operator==(const frame&, const frame&) = default;
};
inline constexpr int max_frames = 32;

// What an apply set off that every viewer may read (describe_effects).
enum class event_kind : std::uint8_t {
  act_begins,        // extra = Act index
  ranks_revealed,
  challenge,         // extra = Challenge index (enters the Challenge Zone)
  revealed,          // seat, card: a confronting card turns face up; extra 1: Overcommit put it in (the Deck's top)
  lost_in_space,     // seat
  judged,            // extra = 1 success, 0 failure
  morale,            // extra = change
  failure_cost,      // extra = change: the Morale every failed Challenge costs, after its Failure results
  energy,            // extra = change
  glory,             // seat, extra = change
  sensors,           // extra = Challenge index
  drew,              // seat, extra = count (from the Deck, hidden)
  drew_card,         // seat, card, extra = DRAW_WARP or DRAW_DISCARD (a face-up zone)
  lesson,            // seat, card
  project,           // seat, card
  damage,            // seat, card (to the Discard Zone, face up)
  discarded,         // seat, card
  warped,            // seat, card
  stockpiled,        // seat, extra = count
  boon_granted,      // seat, extra = count: an effect grants Boons, chosen by the seat's next moves
  shifted,           // seat, extra = amount
  broken,            // Morale ran out
  act_ends,          // extra = successes
  ending,            // extra = letter
  safeguard,         // total = the Challenge limit: it ends the Mission
  resolves,          // seat, card, extra = source_kind, total = Challenge or Act index: an effect resolves by itself
  resolved,          // the effect `resolves` named is done: its lines end
};
struct event {
  event_kind kind = event_kind::act_begins;
  std::uint8_t seat = 0;
  copy_id card = no_card;
  std::int8_t extra = 0;
  std::uint16_t total = 0;   // morale, energy: the team's count after the change
  friend bool operator==(const event&, const event&) = default;
};
inline constexpr int max_events = 40;

class state {
 public:
  using options_type = pb::Options;
  using position_type = pb::Position;
  using view_type = pb::View;

  static constexpr std::string_view id = "quasar_search";
  static constexpr std::string_view title = "Quasar Search";
  static constexpr int min_seats = 1;
  static constexpr int max_seats = max_players;
  static constexpr int default_seats = 2;
  static constexpr int rules_version = 7;
  static constexpr bool cooperative = true;   // one shared outcome (game_info::cooperative)
  static constexpr std::array<std::string_view, 11> action_names = {
      "resign", "choose_rank", "confront", "trigger", "pass", "order", "boon", "shift",
      "draw_from", "pick", "decide"};
  static std::span<const engine::bot_entry> bots();          // bots.cpp (qs-content)
  static const engine::deck_rules& deck_rules() { return deck_building(); }
  static constexpr std::string_view progress_name = "challenges";
  std::uint32_t progress() const { return challenges_played_; }
  std::string seat_label(int seat) const;
  std::string describe(const action& a) const;
  std::string describe_effects() const;

  static verdict validate(int seats, const pb::Options& options);
  static verdict validate(int seats, const pb::Options& options, const pb::Position& position);
  // The shipped content (standard_content()): starters dealt from the seed / the given decks.
  state(int seats, const pb::Options& options, std::uint64_t seed);
  state(int seats, const pb::Options& options, std::span<const engine::deck_list> decks,
        std::uint64_t seed);
  state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed);
  // Any content set (tests): the decks list pool indexes of `content`.
  state(const content_set& content, int seats, const pb::Options& options,
        std::span<const engine::deck_list> decks, std::uint64_t seed);
  state(const content_set& content, int seats, const pb::Options& options,
        const pb::Position& position, std::uint64_t seed);
  static verdict validate(const content_set& content, int seats, const pb::Options& options,
                          const pb::Position& position);

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
  const content_set& content() const { return *content_; }
  phase current_step() const { return step_; }
  const player& seat(int s) const { return players_[s]; }
  engine::card_index index_of(copy_id c) const;
  const player_card& card_of(copy_id c) const { return content_->pool[index_of(c)]; }
  const act_def& act() const { return content_->mission->acts[act_]; }
  const faction_def& faction_of(int s) const { return content_->factions[players_[s].faction]; }
  int challenge() const { return challenge_ == no_challenge ? -1 : challenge_; }
  std::span<const std::uint8_t> challenge_deck() const { return challenge_deck_.items(); }  // top last
  std::span<const std::uint8_t> sensors() const { return sensors_.items(); }                // first first
  int energy() const { return energy_; }
  int morale() const { return morale_; }
  int successes() const { return successes_; }
  int failures() const { return failures_; }
  int acts_played() const { return acts_played_; }
  bool resolved() const { return resolved_; }
  bool succeeded() const { return success_; }
  bool revealed() const { return revealed_; }
  char ending() const { return ending_; }
  bool victory() const { return victory_; }
  int team_leader() const;
  // Seats from the highest Rank to the lowest (Rank Value, then Rankbreaker, then seat).
  int rank_order(std::array<std::uint8_t, max_players>& out) const;
  bool outranks(int a, int b) const;
  int hand_size(int s) const;
  // The confronting card's current value (printed + Shift + Constant boosts, bounded);
  // false for Lost in Space (no value) or no card.
  bool current_value(int s, int& out) const;
  bool judge() const;                       // the Confrontation against the Target, now
  std::span<const frame> frames() const { return {frames_.data(), frame_count_}; }
  std::span<const pending> pending_effects() const { return {pending_.data(), pending_count_}; }
  int challenges_per_act() const { return per_act_; }

 private:
  // position.cpp: a Position posed (every zone and where play stands, nothing run yet),
  // checked against the posed state, then started (its prompts open, play advanced).
  struct posing {};
  state(const content_set& content, int seats, const pb::Options& options,
        const pb::Position& position, std::uint64_t seed, posing);
  verdict check_posed(const pb::Position& position) const;
  void start(const pb::Position& position);
  bool find_in_play(int s, std::string_view name, int skip, copy_id& out) const;
  // setup.cpp
  void set_options(const pb::Options& options);
  void init(const content_set& content, int seats, const pb::Options& options,
            std::span<const engine::deck_list> decks);
  void take_list(int s, std::span<const engine::card_index> list);
  // rules.cpp: the flow, one step after another until a seat must decide
  void advance();
  void next_stage();
  bool phase_effects();                     // Required effects, then Triggers; true when done
  void enter(phase p);
  void gather_required(phase p);
  void add_pending(const effect& e, int owner, source_kind from, copy_id card);
  bool order_matters() const;
  void open_triggers();
  void next_trigger_seat();
  void reveal_ranks();
  void seats_in(who w, int owner, std::array<std::uint8_t, max_players>& out, int& n) const;
  bool condition_met(condition c) const;
  bool has_trigger(int s) const;
  bool trigger_ready(int s, copy_id c, int i) const;
  bool in_play_owned(int s, copy_id c) const;
  // Every card `s` has in play: the Faction card, Projects, Lessons, Overcommit cards and
  // the revealed confronting card.
  template <class F>
  void for_each_in_play(int s, F&& f) const {
    const player& p = players_[s];
    if (p.faction_card != no_card) f(p.faction_card);
    for (copy_id c : p.projects.items()) f(c);
    for (copy_id c : p.lessons.items()) f(c);
    for (copy_id c : p.overcommit.items()) f(c);
    if (revealed_ && p.confronting != no_card) f(p.confronting);
  }
  void begin_act();
  void deal_challenge_deck();               // an Act's Challenge Deck, unless one is listed
  bool begin_challenge();
  void perform_trigger(int s, copy_id c, int i);
  void reveal();
  void resolve_challenge();
  void cleanup_challenge();
  void act_resolution();
  void act_cleanup();
  void finish(char letter, const char* reason);
  void lose_morale(int n, event_kind why = event_kind::morale);   // why: the log line it gets
  void break_morale();
  // effects.cpp
  void push(const frame& f);
  void run(const frame& f);
  void do_draw_deck(int s, int n);
  void draw_one(int s, int zone, copy_id warp_card);   // one card of a Draw, from pb::DrawZone `zone`
  void learn(int s);
  void start_project(int s, copy_id c);   // from the Hand into the Personal Zone
  bool may_draw_deck(int s) const;
  bool may_draw_discard(int s) const;
  int draw_zones(int s) const;              // bits: 1 deck, 2 warp, 4 discard
  int boost_of(int s) const;
  int declared_boons(int s, std::array<effect, 8>* out) const;
  bool auto_step();                         // resolves a frame with one possible answer
  void note(event_kind k, int seat, copy_id card = no_card, int extra = 0);
  // The log names the source of each effect that resolves by itself (describe_effects): one
  // `resolves` before its lines, `resolved` after; an ORDER's own words name its source.
  void open_source(const pending& p, bool noted);
  void close_source();
  // actions.cpp
  void frame_actions(const frame& f, int seat, std::vector<action>& out) const;
  void apply_frame(const action& a);
  void confront_choices(int s, std::vector<copy_id>& out) const;
  bool under_overcommit(int s) const;
  copy_id from_wire(std::int32_t w) const;
  bool holds(const pile<max_deck_cards>& p, copy_id c) const;
  static void remove(pile<max_deck_cards>& p, copy_id c);
  // view.cpp
  void fill_card(pb::PlayerCard& out, copy_id c) const;
  void fill_challenge(pb::Challenge& out, int index) const;
  void fill_prompt(viewer who, pb::View& out) const;
  std::string source_words(const pending& p) const;
  std::string card_words(copy_id c) const;   // "{card:K}" in the log

  const content_set* content_ = nullptr;
  engine::rng random_;
  std::uint8_t seats_ = 0;
  phase step_ = phase::mission_setup;
  std::uint8_t sub_ = 0;                    // progress within the current step
  std::uint8_t act_ = 0;                    // index in mission->acts
  std::uint8_t next_act_ = 0;               // Act Resolution's pick, taken at Act Cleanup
  std::uint8_t acts_played_ = 0;
  std::uint8_t per_act_ = 8;
  std::uint8_t limit_ = default_challenge_limit;
  std::uint8_t morale_bonus_ = 0;           // difficulty: Morale added per player at Act Setup
  engine::pile<max_challenge_deck, std::uint8_t> challenge_deck_;   // top at the back
  engine::pile<max_challenge_deck, std::uint8_t> sensors_;          // first at the front
  std::uint8_t challenge_ = no_challenge;   // in the Challenge Zone
  std::uint16_t energy_ = 0;
  std::uint8_t morale_ = 0;
  std::uint8_t successes_ = 0;
  std::uint8_t failures_ = 0;
  std::uint16_t challenges_played_ = 0;
  bool revealed_ = false;                   // the Confrontation is face up
  bool resolved_ = false;                   // the Challenge has been judged
  bool success_ = false;
  // The latest Challenge judged, as it was judged: the table shows what decided it after
  // Cleanup took the cards (a Challenge nobody had to answer for is judged and cleaned up
  // within one move, so no view ever showed it revealed).
  struct judged_record {
    std::uint8_t challenge = no_challenge;
    bool success = false;
    std::array<copy_id, max_players> cards{};       // valid where `confronted`
    std::array<std::int8_t, max_players> values{};  // valid where `valued`
    std::uint8_t confronted = 0;                    // seat bits
    std::uint8_t valued = 0;                        // seat bits (Lost in Space has no value)
    friend bool operator==(const judged_record&, const judged_record&) = default;
  } last_judged_;
  bool broken_ = false;                     // Morale ran out this Act
  bool over_ = false;
  bool victory_ = false;
  char ending_ = 0;
  const char* reason_ = "";
  std::uint8_t window_ = 0;                 // Trigger window: place in Rank order now asked
  std::array<player, max_players> players_{};

  std::array<pending, max_pending> pending_{};
  std::uint8_t pending_count_ = 0;
  bool printed_order_ = false;              // Results: happen in printed order, no ORDER
  std::array<frame, max_frames> frames_{};
  std::uint8_t frame_count_ = 0;

  std::uint8_t event_count_ = 0;
  bool events_cut_ = false;
  std::array<event, max_events> events_{};
  // This apply's effect now resolving, for the log: a second one just like it (two copies of
  // a Project) goes on under the same name, so its Draws and Glory read as one line.
  pending source_{};
  bool source_open_ = false;
  bool source_noted_ = false;   // `resolves` was noted for it
};

static_assert(engine::game<state>);

}  // namespace starport::quasar_search
