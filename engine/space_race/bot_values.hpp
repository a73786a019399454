#pragma once
// What the heuristic bot reads from its own seat's view, and how it values cards and
// abilities in Development Points. Only the view (public information plus its own Hand)
// goes in; bots.cpp turns the values into choices.
#include <array>
#include <vector>

#include "engine/space_race/state.hpp"

namespace starport::space_race::bot_detail {

struct agency_entry {
  card_id card = 0;
  bool covered = false;
  bool left_used = false;
  bool right_used = false;
  bool bottom_used = false;
};

struct table_read {
  int me = 0;
  int seats = 0;
  int round = 1;
  int stage = 0;
  pb::Phase phase = pb::MANAGE;
  bool jfk = false;
  bool cold_war = false;
  int deck_count = 0;
  int hand_limit = 7;
  int current_control = -1;
  unsigned unused_controls = 0;
  std::vector<int> played_controls;
  std::vector<card_id> hand;
  std::vector<card_id> lab;
  std::vector<agency_entry> agency;
  std::array<std::vector<card_id>, stage_count> universe;
  std::array<std::vector<card_id>, max_players + 1> labs;   // by seat; [4]: the JFK opponent's taken cards
  std::vector<card_id> face_down;                            // only while choosing as Carl Sagan's holder
  std::vector<card_id> known_face_down;                      // cards this seat invested
  std::array<int, category_count> my_symbols{};
  std::array<int, category_count> rival_symbols{};           // the most any rival (or the JFK opponent) shows
  std::array<int, stage_count> my_levels{};
  std::array<int, stage_count> opponent_levels{};            // JFK
  int others = 1;                                            // rivals still in the game
  pb::Prompt prompt;
  bool has_prompt = false;
};

table_read read(const pb::View& view);

// A way for a Hand card to leave the Hand for points before the game ends: a build
// ability (Hand to Agency) or a Hand-to-Lab ability, with the chance it is really used.
struct hand_outlet {
  std::uint8_t types = 0xf;   // the card types it accepts
  double chance = 1.0;
  bool to_lab = false;
};

class valuer {
 public:
  explicit valuer(const table_read& t);

  int rounds_left() const { return last_round - t_.round; }
  // Points a card is worth in this seat's Agency for the rest of the game.
  double in_agency(card_id c) const { return agency_value_[c]; }
  double raw_agency(card_id c) const;   // ignoring the one-Leader rule
  // What a card adds to the Hand, and what the Hand loses when one of its cards leaves.
  // Hand cards score nothing: a card is worth what the outlets still ahead can make of it.
  double joining_hand(card_id c) const;
  double leaving_hand(card_id c) const;
  double in_lab(card_id c) const;
  // Points for adding `extra` symbols of category c, counting what rivals lose.
  double symbol_gain(int c, int extra) const;
  // A rough value of one future use of an ability (for cards not yet in hand).
  double future_use(const ability& a) const;
  // What using an ability now would bring, looking at the cards actually there.
  double use_now(const ability& a) const;
  // The best total for moving up to n cards along a transfer.
  double best_moves(const transfer& t, int n) const;
  // The value of one card taken from a zone to a destination.
  double move_value(card_id c, zone from, zone to, bool rival) const;
  // The value of choosing Control Card k for this round.
  double control_value(int k) const;
  // Drawing n unknown cards from the Deck into the Hand.
  double draw_value(int n) const;

 private:
  bool has_leader_other_than(card_id c) const;
  double leader_swap(card_id c, double value) const;
  // The Hand's worth: its best cards matched to the surest outlets ahead that take them.
  double hand_worth(std::vector<card_id> cards) const;
  void fill_agency_values();
  void add_outlets(const ability& a, double uses);
  double stripe_rounds(int stripe, bool used_this_round) const;   // expected rounds ahead with it active
  int future_rounds() const;                // rounds after this one
  const table_read& t_;
  std::array<double, 256> agency_value_{};
  std::vector<hand_outlet> outlets_;
  double build_unit_ = 1.8;   // one future Hand-to-Agency move
  double hand_now_ = 0;
  mutable std::array<double, 6> draw_cache_{};   // the k-th unknown card's worth, filled on demand
  mutable int draw_cached_ = 0;
  mutable std::vector<card_id> draw_hand_;
};

}  // namespace starport::space_race::bot_detail
