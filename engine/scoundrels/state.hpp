#pragma once
// S.P.A.C.E. — Scoundrels and Pirates (rules/scoundrels.md; every decision on the rulebook's
// open points in docs/rules/scoundrels.md) as a pure, flat value type.
//
// A turn: Encounter (every ship in turn from the 1st Player), Movement (each in turn), Delivery
// (each in turn), the Dockyard roll; the 1st Player token passes to the right. Fights (ship
// combat, boarding actions, brawls) run in rounds inside the phase that started them; choices
// that need an answer (keep a card, place damage, affiliate) are a small stack of `frame`s,
// one action each; response windows (ambush, delivery brawl) ask seats chosen from public
// facts only, in turn order from the next player.
//
// Cards: every physical card of the content is a `card_no` for the whole match: contracts
// first, then the green, purple and red cantina decks, then the bribes (cards.hpp). The
// state holds only numbers; what a card does is read from the content.
//
// Parameters (Options in proto/starport/v1/scoundrels.proto):
//   first_player       who holds the 1st Player token on turn 1
//   deliveries_to_win  the syndicate delivery that ends the game (0: 8)
//   turn_limit         the safeguard: the game ends after so many turns (0: 40)
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
#include "engine/core/dice.hpp"
#include "engine/core/game.hpp"
#include "engine/core/preferences.hpp"
#include "engine/core/pile.hpp"
#include "engine/scoundrels/cards.hpp"
#include "starport/v1/scoundrels.pb.h"

namespace starport::scoundrels {

namespace pb = starport::scoundrels::v1;
using engine::action;
using engine::outcome;
using engine::seat_mask;
using engine::verdict;
using engine::viewer;

// Everything the rules read from the content, so tests can run on a small hand-made set.
struct content {
  board_data board;
  std::span<const contract> contracts;
  std::array<std::span<const card>, colour_count> cantina;
  std::span<const card> bribes;
  std::span<const encounter> encounters;
};
// The game's data (board.cpp, cards.cpp), gathered once.
const content& standard_content();

// A content set's card kinds (catalog.cpp): what "{card:K}" in the log names, and each card
// number's kind. Public: never where a card is.
struct card_catalog {
  std::vector<engine::pool_card> kinds;
  std::vector<std::uint16_t> kind_of;   // card number → index in kinds
};
const card_catalog& catalog_of(const content& c);

inline constexpr int max_players = 6;
inline constexpr int base_movement = 3;
inline constexpr int base_bays = 5;         // decision: captain and hyperdrive take two of them
inline constexpr int max_bays = 9;
inline constexpr int max_rep = 6;
inline constexpr int locker_size = 48;
inline constexpr int default_deliveries = 8;
inline constexpr int default_turn_limit = 40;
inline constexpr int hyperdrive_escape_bonus = 2;   // decision: per hyperdrive damaged for an escape
inline constexpr int max_offers = 4;
inline constexpr int max_declined = 6;
inline constexpr int max_proposals = 8;    // offers a seat may make in one Movement
inline constexpr int max_fight_rounds = 8;  // decision: the attacker fights on at most to an 8th round

using card_no = std::uint16_t;
inline constexpr card_no no_card = 0xffff;

enum class kind : std::uint16_t {
  resign = 0, move, pick_up, dockyard, dismiss, view_cantina, install, reveal, intercept, ambush,
  allocate, repair, press, escape, stay, equip, fight, heal, pillage, propose, accept, decline,
  withdraw, brawl, deliver, bury, affiliate, choose, play, pass
};
inline constexpr int kind_count = 30;

enum class phase : std::uint8_t { encounter, movement, delivery, dock_roll, over };

// Why dice were rolled (die_roll::purpose) and what came of it (die_roll::result).
enum class roll_for : std::uint8_t { none, escape, rep_check, dockyard, melee, pirates };
enum class roll_result : std::uint8_t { none, escaped, caught, passed, failed, hit, miss, stays, moves };

struct bay {
  card_no card = no_card;      // a system, a crew member or a contract (cargo)
  std::uint8_t damage = 0;     // systems: 1 disabled; crew: 1 injured, 2 disabled
  bool captain = false;
  bool empty() const { return card == no_card; }
  friend bool operator==(const bay&, const bay&) = default;
};

using locker = engine::pile<locker_size, card_no>;

struct ship {
  std::uint8_t location = 0;
  std::uint8_t spent = 0;              // movement points spent this Movement
  std::int8_t bonus = 0;               // movement this turn from encounters and favors
  std::array<bay, max_bays> bays{};
  locker log;                          // captain's log: favors, bribes, spare systems and crew
  locker weapons;                      // firearms and explosives
  locker storage;                      // medkits, armour, other items
  std::uint8_t rep = 0;                // 0: no delivery yet
  std::int8_t affiliation = -1;        // syndicate, -1 none
  std::uint8_t grudges = 0;            // bit per syndicate
  std::uint8_t deliveries = 0;
  std::uint8_t picked = 0;             // contracts picked up this turn
  bool docked = false;                 // visited the Dockyard this turn
  std::uint16_t repaired_bays = 0;     // bays whose repair ability was used this Movement (one each)
  bool free_repaired = false;          // used Allmacht's free repair this turn (a bonus of its own)
  bool out = false;                    // resigned
  std::uint8_t attacked = 0;           // seats this ship attacked this turn (bit per seat)
  std::uint8_t traded = 0;             // seats traded with this Movement (bit per seat)
  // A cargo stolen in a delivery brawl with no open bay to store it: the thief must deliver
  // or bury it on their own Delivery step (rulebook "Delivery"); no_card: none.
  card_no held_cargo = no_card;
  friend bool operator==(const ship&, const ship&) = default;
};

// A pending choice (the stack's top is asked first).
enum class task : std::uint8_t {
  keep_one,      // CHOOSE one of looked[] to keep (optional: PASS keeps none); the rest go to the bottom
  dock_cost,     // Dockyard: CHOOSE what pays for the kept card (a system, a crew, or small items: count left)
  pick_deck,     // CHOOSE a colour (0..2) among `mask` to draw `count` cantina cards from
  allocate,      // ALLOCATE `count` points on working systems (flag cargo: or cargo) / on crew (flag crew)
  lose_item,     // CHOOSE a small item of yours to discard, `count` left
  affiliate,     // AFFILIATE 0 or 1 with syndicate `value`
  ambush_ask,    // AMBUSH 1 / 0 from `seat`; asked = seats still to ask (bits), target = the mover
  brawl_ask,     // BRAWL [target] / [-1] from `seat`; asked = seats still to ask
  pillage,       // PILLAGE: `count` picks left by `seat` from `target`
  encounter_ask, // a harmful encounter event (value = encounter, mask = site): PASS lets it happen,
                 //   PLAY a cancel-encounter favor ignores it (asked of everyone, holder or not)
};
inline constexpr std::uint8_t frame_cargo = 1;     // allocate: cargo may take a point
inline constexpr std::uint8_t frame_crew = 2;      // allocate: crew take the points (melee, injuries)
inline constexpr std::uint8_t frame_optional = 4;  // keep_one: PASS keeps none
inline constexpr std::uint8_t frame_dock = 8;      // keep_one: the Dockyard view (asks the cost next)
inline constexpr std::uint8_t frame_reward = 16;   // keep_one: rewards (systems and crew: a bay, or [card, -1] the log)
inline constexpr std::uint8_t frame_melee = 32;    // allocate: inside a melee round (one hit per crew)
inline constexpr std::uint8_t frame_combat = 64;   // allocate: inside a ship-combat round

struct frame {
  task kind = task::keep_one;
  std::uint8_t seat = 0;
  std::uint8_t target = 0;
  std::uint8_t count = 0;
  std::uint8_t flags = 0;
  std::uint8_t mask = 0;
  std::int8_t value = 0;
  std::uint8_t look_count = 0;
  std::array<card_no, 8> looked{};
  std::uint8_t asked = 0;              // ambush_ask / brawl_ask: seats not yet asked
  std::uint16_t hit_mask = 0;          // allocate (melee): bays already hit this round
  friend bool operator==(const frame&, const frame&) = default;
};
inline constexpr int max_frames = 12;

enum class fight_kind : std::uint8_t { none, combat, boarding, brawl };
enum class fight_step : std::uint8_t {
  none, equip_attacker, equip_defender, allocate, repair_defender, repair_attacker,
  attacker_decides, defender_decides, after_escape, pillage
};
// What started a fight, so play resumes where it was.
enum class fight_from : std::uint8_t { intercept, ambush_departure, ambush_arrival, trade, delivery };

struct round_note {
  std::uint8_t number = 0;
  std::int8_t attacker_attack = 0, defender_attack = 0;
  std::uint8_t to_attacker = 0, to_defender = 0;
  std::uint32_t escape_roll = 0;       // roll number of the escape (0: none)
  bool escaped = false;
  std::uint32_t melee_rolls = 0;       // roll number of the attacker's melee die (the defender's follows)
  // The cards that took the round's damage or hits, in the order placed (a cargo: destroyed),
  // by side (0 the attacker): the view names them under the round.
  std::array<std::array<card_no, max_bays>, 2> hurt{};
  std::array<std::uint8_t, 2> hurt_count{};
  friend bool operator==(const round_note&, const round_note&) = default;
};
inline constexpr int max_round_notes = 6;

struct kit_entry {
  card_no item = no_card;
  std::uint8_t bay = 0;                // the crew's bay
  bool used = false;                   // medkit: used on this crew; explosive: thrown
  friend bool operator==(const kit_entry&, const kit_entry&) = default;
};
inline constexpr int max_kit = 12;

// The cards a trade named: an open offer's, or an exchange made this Movement (a trade
// brawl's stake: the items each side brought for trade).
struct trade_cards {
  card_no give = no_card, give2 = no_card, take = no_card;
  friend bool operator==(const trade_cards&, const trade_cards&) = default;
};

struct fight_state {
  fight_kind kind = fight_kind::none;
  fight_from from = fight_from::intercept;
  fight_step step = fight_step::none;
  std::uint8_t attacker = 0, defender = 0;
  std::uint8_t round = 0;
  std::uint8_t origin = 0;             // ambush: where the mover came from / was going
  std::uint8_t target = 0;
  std::uint8_t location = 0;           // where it is fought: the defender's place as it began
  std::int8_t attack_a = 0, attack_d = 0;   // this round's attack values / hits
  bool escape_failed = false;          // the last escape roll failed (boarding may follow)
  std::uint8_t repaired_a = 0, repaired_d = 0;   // bays whose repair ability was used this round
  std::array<std::array<kit_entry, max_kit>, 2> kit{};   // melee: equipped items (0 attacker, 1 defender)
  std::array<std::uint8_t, 2> kit_count{};
  std::uint8_t healed_a = 0, healed_d = 0;       // bays healed by a medkit this melee (bit per bay)
  std::array<std::uint16_t, 2> hit{};            // melee: bays hit this round (a healer hit may still heal)
  std::int8_t winner = -1;
  card_no stake = no_card;             // delivery brawl: the cargo being delivered
  trade_cards trade{};                 // trade brawl: what both sides brought; the winner may take one the loser holds
  bool bury = false;                   // delivery brawl: the defender was burying
  std::uint8_t note_count = 0;
  std::array<round_note, max_round_notes> notes{};
  friend bool operator==(const fight_state&, const fight_state&) = default;
};

struct offer {
  std::uint8_t id = 0;                 // 1 and up within the match (wraps at 255 → 1)
  std::uint8_t from = 0, to = 0;
  card_no give = no_card, give2 = no_card, take = no_card;
  std::int32_t take_arg = 0;           // the take as the proposer named it (a face-down item: -(1 + index))
  bool withdrawn = false;              // among the declined: its proposer took it back
  friend bool operator==(const offer&, const offer&) = default;
};

// What an action set off that every viewer may read (describe_effects).
enum class note_kind : std::uint8_t {
  encounter,      // seat, card = encounter index, value = site
  drew,           // seat, value = how many cantina cards (face down unless placed in a bay)
  installed,      // seat, card: a system or crew into a bay
  revealed,       // card: a contract revealed on the board
  dice,           // value = index into the roll record (the latest roll)
  damaged,        // seat, card: a hyperdrive burnt for an escape (an ALLOCATE's line says its own)
  cargo_lost,     // seat, card
  repaired,       // seat, card (an encounter's repair: a REPAIR action's line says its own)
  delivered,      // seat, card
  buried,         // seat, card; value = the contract drawn into its place (-1: none, no open bay for it or none left)
  reputation,     // seat, value
  affiliated,     // seat, value = syndicate
  grudge,         // seat, value = syndicate
  feud,           // value = a * 4 + b
  dockyard,       // value = location
  first_player,   // seat
  won,            // seat
  escaped,        // seat
  stolen,         // seat (the thief), card (public cards only; no_card: a face-down item)
  kept,           // seat: kept one of the viewed cards (face down)
  discarded,      // seat, card (made public by discarding)
  played,         // seat, card: a favor or bribe played
  held,           // seat: the ambushed ship is held back
  fight_over,     // seat = winner (value -1: nobody)
  turn_limit,
  // Why the winners won (the end's tie-breaks, in the notes' words):
  top_reputation, // value = reputation * 4 + syndicate: the best among a completed syndicate's affiliates
  tie_broken,     // seat: tied on it, the syndicate's last delivery decides
  limit_most,     // value = reputation * 16 + deliveries: the best among affiliates of the most-delivered
  limit_table,    // value = reputation: nobody affiliated with the most-delivered; the table's best
  offer_lapsed,   // seat = the proposer, value = the other seat * 8 + lapse: an offer ended unanswered
  cargo_to_deck,  // seat, card: a cargo received in a trade with no open bay goes under the contract deck
  no_crew_left,   // seat, card: a delivery or burial whose ship has no conscious crew left (a brawl) does not happen; value 1: a held cargo
  cargo_held,     // seat, card: a stolen cargo with no open bay, held until the thief's Delivery step
  item_shown,     // seat, card: a face-down item whose bonus a rep-check roll counts, shown to the table
};
// Why an offer ended without an answer (note_kind::offer_lapsed).
enum class lapse : std::uint8_t { other, ships_parted, item_gone, movement_ends, fight_starts, dockyard };
struct note {
  note_kind kind = note_kind::encounter;
  std::uint8_t seat = 0;
  card_no card = no_card;
  std::int16_t value = 0;
  friend bool operator==(const note&, const note&) = default;
};
inline constexpr int max_notes = 24;

class state {
 public:
  using options_type = pb::Options;
  using position_type = pb::Position;
  using view_type = pb::View;

  static constexpr std::string_view id = "scoundrels";
  static constexpr std::string_view title = "S.P.A.C.E. — Scoundrels and Pirates";
  static constexpr int min_seats = 2;
  static constexpr int max_seats = max_players;
  static constexpr int default_seats = 4;
  static constexpr int rules_version = 8;
  static constexpr std::array<std::string_view, kind_count> action_names = {
      "resign", "move", "pick_up", "dockyard", "dismiss", "view_cantina", "install", "reveal",
      "intercept", "ambush", "allocate", "repair", "press", "escape", "stay", "equip", "fight",
      "heal", "pillage", "propose", "accept", "decline", "withdraw", "brawl", "deliver", "bury",
      "affiliate", "choose", "play", "pass"};
  static std::span<const engine::bot_entry> bots();
  static std::span<const engine::preference_info> preferences();
  std::optional<action> preferred_action(int seat, engine::preference_choices choices) const;
  static constexpr std::string_view progress_name = "turns";
  std::uint32_t progress() const { return turn_; }
  std::string seat_label(int seat) const;
  std::string describe(const action& a) const;
  std::string describe_effects() const;
  // The shipped content's card kinds ("{card:K}" in the log; ListCards).
  static std::span<const engine::pool_card> catalog();
  // The first Turn's encounters happen in the deal: its notes are what describe_effects reads.
  std::string describe_setup() const { return describe_effects(); }

  static verdict validate(int seats, const pb::Options& options);
  static verdict validate(int seats, const pb::Options& options, const pb::Position& position);
  state(int seats, const pb::Options& options, std::uint64_t seed);
  state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed);
  // Tests: the same on other content.
  state(const content& c, int seats, const pb::Options& options, std::uint64_t seed);
  state(const content& c, int seats, const pb::Options& options, const pb::Position& position,
        std::uint64_t seed);
  static verdict validate(const content& c, int seats, const pb::Options& options,
                          const pb::Position& position);

  int seat_count() const { return seats_; }
  seat_mask must_act() const;
  seat_mask may_act() const;
  seat_mask awaiting_answer() const;   // a proposer while its offer is open
  verdict check(const action& a) const;
  void apply(const action& a);
  void legal_actions(int seat, std::vector<action>& out) const;
  action timeout_action(int seat) const;
  void view(viewer who, pb::View& out) const;
  outcome result() const;
  void scramble_hidden(int seat, engine::rng& r);
  friend bool operator==(const state&, const state&) = default;

  // Read access for tests, views and bots.
  const content& data() const { return *c_; }
  phase current_phase() const { return phase_; }
  int turn() const { return turn_; }
  int first_player() const { return first_; }
  int active_seat() const { return active_; }
  int dockyard() const { return dockyard_; }
  const ship& ship_of(int s) const { return ships_[s]; }
  const fight_state& fight() const { return fight_; }
  const fight_state& last_fight() const { return last_fight_; }
  std::span<const frame> pending() const { return {frames_.data(), frame_count_}; }
  std::span<const offer> offers() const { return {offers_.data(), offer_count_}; }
  std::span<const card_no> open_contracts() const { return open_.items(); }
  int deliveries(int syndicate) const { return track_[syndicate].size; }
  std::uint16_t feuds() const { return feuds_; }   // bit a*4+b (a<b): up to bit 11, Allmacht and Anubis
  const engine::roll_record<8>& dice() const { return dice_; }
  int deck_size(int colour) const { return cantina_[colour].size; }
  int contract_deck_size() const { return contract_deck_.size; }
  int movement(int s) const;               // this turn's movement points
  int movement_left(int s) const;
  int bay_count(int s) const;
  int open_bays(int s) const;
  bool conscious_crew(int s) const;
  int ship_attack(int s) const;            // ship combat, total of every kind
  bool forced_boarding(int s) const;
  int working_systems(int s) const;
  bool adjacent(int a, int b) const { return (adj_[a] >> b) & 1u; }
  void fill_board(pb::Board& board) const;
  bool is_contract(card_no n) const { return n < c_->contracts.size(); }
  bool is_bribe(card_no n) const { return n >= bribe_base_ && n != no_card; }
  const card& card_of(card_no n) const;
  const contract& contract_of(card_no n) const { return c_->contracts[n]; }
  int deck_of(card_no n) const;            // cantina colour 0..2, 3 bribes, -1 contract
  std::string card_name(card_no n) const;
  // A card's id on the wire now, and the card an id names (no_card: none, or no longer).
  std::int32_t wire(card_no n) const { return ids_.of(n); }
  card_no unwire(std::int32_t w) const;
  std::string card_words(card_no n) const;   // the log's "{card:K}"
  int site_of(int location) const;
  bool can_deliver(int s, card_no contract) const;
  bool delivery_stopped() const { return delivery_stopped_; }   // the active ship's, this phase
  bool may_affiliate(int s, int syndicate) const;

 private:
  using deck = engine::pile<128, card_no>;
  using small_deck = engine::pile<64, card_no>;

  // setup.cpp
  void init(int seats, const pb::Options& options);
  void deal(std::uint64_t seed);
  // position.cpp
  struct position_names;
  bool place(const pb::Position& p, std::string& error);
  bool place_fight(const pb::Position& p, std::string& error);
  bool place_window(const pb::Position& p, int attacker, std::string& error);
  bool place_choice(const pb::Position& p, frame viewing, frame under, std::string& error);
  bool place_rolls(const pb::Position& p, std::string& error);
  bool place_rounds(const google::protobuf::RepeatedPtrField<pb::FightRoundPosition>& rounds, const fight_state& f,
                    int last, int cap, const std::string& field, std::string& error);
  bool place_last_fight(const pb::Position& p, std::string& error);
  card_no held_named(int s, const std::string& name, card_no skip = no_card) const;
  // rules.cpp: the flow
  void advance();
  void begin_turn();
  void start_encounter(int s);
  void resolve_event(int s, const event& e);
  void begin_movement(int s);
  void end_movement();
  void begin_delivery(int s);
  void end_delivery();
  void stow_held_cargo(int s);
  void roll_for_dockyard();
  void finish(seat_mask winners, const char* reason);
  void end_by_limit();
  int next_seat(int s) const;
  int order_index(int s) const;            // 0 = the 1st Player this turn
  bool has_ability(int s, prim p) const;
  int ability_sum(int s, prim p, std::uint8_t flags_any = 0) const;
  int item_sum(int s, prim p) const;
  bool working(int s, int b) const;
  void draw_cantina(int s, int colour, int count);
  void gain_card(int s, card_no n, bool to_bay);
  void to_bottom(card_no n);
  void reveal_contract();
  void rep_change(int s, int delta);
  bool rep_check(int s, int modifier);
  void apply_feuds(int s);
  void affiliate(int s, int syndicate);
  void deliver(int s, card_no c);
  void push_keep(int s, int deck_index, int count);
  void bury(int s, card_no c);
  int bay_of(int s, card_no n) const;
  void remove_card(int s, card_no n);      // from wherever the seat holds it
  // A face-down card comes into another seat's sight: a fresh id, so nobody can match it with
  // a sighting from before it went face down (which copy of a kind it is, and with it what
  // else the lockers hold).
  void reveal(card_no c) { ids_.renew(c); }
  void give_up(int s, card_no c, note_kind why);
  bool holds(int s, card_no n) const;
  bool in_locker(int s, card_no n) const;
  // What ship `s` could pay a kept Dockyard card's cost with, never `kept` itself: systems and
  // crew (in bays but the captain and cargo, or in the captain's log), and small items.
  struct dock_payers {
    int cards = 0, items = 0;
    bool can_pay(int cost_left) const { return cost_left == 2 ? cards > 0 || items >= 2 : items >= 1; }
  };
  dock_payers dock_payers_of(int s, card_no kept) const;
  bool pays_as_card(int s, card_no c, card_no kept) const;   // a system or crew of `s` that may pay
  void void_offers();
  // The open offer with this id, or nullptr.
  const offer* offer_by_id(std::int32_t offer_id) const {
    for (int i = 0; i < offer_count_; ++i)
      if (offers_[i].id == offer_id) return &offers_[i];
    return nullptr;
  }
  void push(const frame& f);
  frame& top() { return frames_[frame_count_ - 1]; }
  const frame& top() const { return frames_[frame_count_ - 1]; }
  void pop() { --frame_count_; }
  void note_(note_kind k, int seat, card_no c = no_card, int value = 0);
  void roll_note();
  void begin_move(int s, int to);
  void finish_move(int s);
  void open_ambush(int mover, bool arrival);
  void ask_next(frame& t, seat_mask able) const;
  seat_mask ambushers(int mover, int location) const;
  void open_brawl_window(int s, card_no c, bool bury);
  // Later ships at s's location with a crew able to brawl: they may stop its delivery.
  seat_mask delivery_window(int s) const;
  void complete_delivery_attempt();
  void apply_frame(const action& a);
  void apply_move(const action& a);   // apply, less the offers' bookkeeping
  void note_lapsed_offers(std::span<const offer> open, const action& a);
  // fight.cpp
  void start_fight(fight_kind k, fight_from from, int attacker, int defender);
  void start_round();
  void combat_round();
  void melee_round();
  void after_allocation();
  void next_fight_step();
  void escape_roll(int s, card_no h1, card_no h2);
  void end_fight(int winner);
  void resume_after_fight();
  int melee_bonus(const ability& a) const;
  int melee_taken(int side, std::array<int, weapon_count> hits) const;
  std::array<int, weapon_count> melee_hits_by_kind(int side) const;
  int combat_damage(int from, int to, bool defended = true) const;
  void record_round(const round_note& n, std::uint8_t allocate_flags);
  void ask_to_allocate(int seat, int count, std::uint8_t flags);
  int conscious_count(int s) const;
  bool repair_source(int s, card_no src, card_no target) const;
  bool heal_source(int s, card_no src, card_no target) const;
  bool pillage_extra_open(const frame& f) const;
  bool stake_open(int winner, int loser) const;
  bool mend_could_be_hidden(int s) const;
  bool has_damaged(int s, card_kind k) const;
  bool trade_item_open(int winner, int loser, card_no c) const;
  bool in_trade(card_no c) const;
  void return_kit();
  int side_of(int s) const { return s == fight_.attacker ? 0 : 1; }
  // actions.cpp
  verdict check_(const action& a) const;
  void movement_actions(int s, std::vector<action>& out) const;
  void fight_actions(int s, std::vector<action>& out) const;
  void frame_actions(const frame& f, std::vector<action>& out) const;
  card_no from_wire(int actor, int owner, std::int32_t w) const;
  std::int32_t blind_wire(int owner, card_no c) const;   // from_wire's inverse for another seat
  bool tradable(int s, card_no n, bool at_dockyard) const;
  // view.cpp
  void fill_card(pb::Card& out, card_no n, bool known) const;
  void fill_contract(pb::Contract& out, card_no n) const;
  void fill_prompt(viewer who, pb::View& out) const;
  std::string roll_words(const engine::die_roll& d) const;

  const content* c_ = nullptr;
  const card_catalog* kinds_ = nullptr;   // c_'s
  card_no green_base_ = 0, bribe_base_ = 0;
  std::array<card_no, colour_count + 1> deck_base_{};
  engine::rng random_;
  std::uint8_t seats_ = 0;
  phase phase_ = phase::encounter;
  std::uint16_t turn_ = 1;
  std::uint16_t turn_limit_ = default_turn_limit;
  std::uint8_t to_win_ = default_deliveries;
  std::uint8_t first_ = 0;
  std::uint8_t active_ = 0;
  std::uint8_t done_ = 0;                  // seats that played the current phase (bits)
  std::uint8_t dockyard_ = 0;
  std::uint8_t dock_step_ = 0;             // 0: not in the Dockyard; 1–4 the next step allowed; 5 done
  bool in_dockyard_ = false;
  bool dock_viewed_ = false;
  bool arrived_ = false;                   // the active ship has just moved in (a free intercept)
  std::uint8_t move_from_ = 0, move_to_ = 0;   // a move in progress (ambush windows)
  bool moving_ = false;                    // a move is waiting for its ambush windows
  bool move_arrival_ = false;              // the window open now is for the arrival
  bool over_ = false;
  seat_mask winners_ = 0;
  const char* reason_ = "";
  std::array<std::uint32_t, max_locations> adj_{};
  std::array<ship, max_players> ships_{};
  small_deck contract_deck_;               // top at the back
  small_deck open_;                        // open contracts (each on its origin)
  std::array<deck, colour_count> cantina_{};
  small_deck bribes_;
  small_deck encounters_;
  small_deck encounter_discard_;
  std::uint8_t last_encounter_ = 0xff;
  std::uint8_t last_encounter_seat_ = 0xff;   // whose ship met it (0xff: not known, a posed position)
  std::uint8_t last_encounter_site_ = 0xff;   // the site whose event applied
  std::array<engine::pile<16, card_no>, syndicate_count> track_{};
  std::array<std::int8_t, syndicate_count> last_deliverer_{-1, -1, -1, -1};
  std::uint16_t feuds_ = 0;   // 16 bits: the highest pair, Allmacht (2) and Anubis (3), is bit 11
  engine::roll_record<8> dice_;
  fight_state fight_;
  fight_state last_fight_;                 // the latest finished fight this turn (View.fight)
  std::array<frame, max_frames> frames_{};
  std::uint8_t frame_count_ = 0;
  std::array<offer, max_offers> offers_{};
  std::uint8_t offer_count_ = 0;
  std::uint8_t next_offer_ = 1;
  std::array<offer, max_declined> declined_{};   // declined this Movement: not proposed again
  std::uint8_t declined_count_ = 0;
  std::array<std::uint8_t, max_proposals> traded_{};   // ids of the offers accepted this Movement (View.traded_offers)
  std::uint8_t traded_count_ = 0;
  std::uint8_t proposals_ = 0;             // offers made this Movement
  std::array<trade_cards, max_players> exchanged_{};   // the active seat's exchanges this Movement, by the other seat
  // The delivery attempt a brawl window is open for.
  card_no attempt_ = no_card;
  bool attempt_bury_ = false;
  // The active ship's delivery was stopped this phase (a bribe, or a delivery brawl it lost):
  // it delivers and buries nothing more until its Delivery step ends.
  bool delivery_stopped_ = false;
  std::uint8_t note_count_ = 0;
  std::array<note, max_notes> notes_{};
  // Cards the last action showed everyone (View.shown): played, discarded, equipped.
  std::uint8_t shown_count_ = 0;
  std::array<card_no, 4> shown_{};
  engine::card_ids<max_wired_cards> ids_;   // Card.id by card_no (wire, reveal)
  void show(card_no c) {
    if (shown_count_ < shown_.size()) shown_[shown_count_++] = c;
  }
};

static_assert(engine::game<state>);

}  // namespace starport::scoundrels
