#pragma once
// A Space Race table from an explicit position, for rule scenarios.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "engine/space_race/state.hpp"
#include "tests/engine/card_names.hpp"

namespace sr = starport::space_race;
namespace srpb = starport::space_race::v1;

// Its own namespace: other games' test helpers use the same short names (one definition rule).
namespace space_race_test {

// Log words with the catalog's names for "{card:K}", as players read them.
inline std::string filled(std::string_view words) {
  return starport::engine::testing::with_card_names<sr::state>(words);
}

// Control Card indices, as CHOOSE takes them.
enum control_index : int {
  P1 = 0, P3, P6, T1, T3, T6, S1, S3, S6, B1, B3, B6,
};

struct seat_setup {
  std::vector<std::string> hand = {};
  std::vector<std::string> agency = {};   // "~code": the card's right side is covered
  std::vector<std::string> lab = {};
  std::vector<std::string> used_controls = {};
  unsigned empty_deck_halves = 0;
};

struct setup {
  std::vector<seat_setup> seats;
  unsigned round = 1;
  unsigned initiative = 0;
  std::vector<std::string> universe = {};
  std::vector<std::string> face_down = {};
  std::vector<std::string> deck = {};        // top first
  bool rest_into_deck = true;                // the unlisted cards go under `deck`, shuffled
  srpb::Variant variant = srpb::VARIANT_DEFAULT;
  unsigned jfk_decks = 0;
  std::vector<std::string> opponent_controls = {};
  std::vector<std::string> opponent_taken = {};
  std::vector<std::string> opponent_deck = {};
};

inline srpb::Options options_of(const setup& s) {
  srpb::Options o;
  o.set_variant(s.variant);
  o.set_jfk_decks(s.jfk_decks);
  return o;
}

inline srpb::Position position_of(const setup& s) {
  srpb::Position p;
  for (const seat_setup& seat : s.seats) {
    auto* sp = p.add_seats();
    for (const auto& c : seat.hand) sp->add_hand(c);
    for (const auto& c : seat.agency) {
      auto* a = sp->add_agency();
      bool covered = !c.empty() && c[0] == '~';
      a->set_code(covered ? c.substr(1) : c);
      a->set_covered(covered);
    }
    for (const auto& c : seat.lab) sp->add_lab(c);
    for (const auto& c : seat.used_controls) sp->add_used_controls(c);
    sp->set_empty_deck_halves(seat.empty_deck_halves);
  }
  p.set_round(s.round);
  p.set_initiative(s.initiative);
  for (const auto& c : s.deck) p.add_deck(c);
  p.set_shuffle_rest_into_deck(s.rest_into_deck);
  for (const auto& c : s.universe) p.add_universe(c);
  for (const auto& c : s.face_down) p.add_face_down(c);
  for (const auto& c : s.opponent_controls) p.add_opponent_controls(c);
  for (const auto& c : s.opponent_taken) p.add_opponent_taken(c);
  for (const auto& c : s.opponent_deck) p.add_opponent_deck(c);
  return p;
}

inline sr::state table(const setup& s) {
  srpb::Position p = position_of(s);
  srpb::Options o = options_of(s);
  int n = static_cast<int>(s.seats.size());
  starport::engine::verdict v = sr::state::validate(n, o, p);
  REQUIRE_MESSAGE(v, std::string(v.detail));
  return sr::state(n, o, p, 7);
}

inline starport::engine::action parse(const std::string& text) {
  starport::engine::action a;
  std::string error;
  REQUIRE_MESSAGE(starport::engine::info_of<sr::state>().parse_action(text, a, error), error);
  return a;
}

// Plays "<seat> <action> [args]"; the action must be legal.
inline void play(sr::state& s, const std::string& text) {
  starport::engine::action a = parse(text);
  starport::engine::verdict v = s.check(a);
  REQUIRE_MESSAGE(v, text << " refused: " << std::string(v.detail));
  s.apply(a);
}

inline starport::engine::verdict attempt(const sr::state& s, const std::string& text) {
  return s.check(parse(text));
}

inline bool legal(const sr::state& s, const std::string& text) {
  starport::engine::action a = parse(text);
  std::vector<starport::engine::action> list;
  s.legal_actions(a.seat, list);
  return std::find(list.begin(), list.end(), a) != list.end();
}

// Every seat commits its Control Card, seat 0 first.
inline void choose(sr::state& s, std::initializer_list<int> controls) {
  int seat = 0;
  for (int k : controls) play(s, std::to_string(seat++) + " choose " + std::to_string(k));
}

inline std::vector<std::string> codes(const sr::pile& p) {
  std::vector<std::string> out;
  for (sr::copy_id c : p.items()) out.emplace_back(sr::card_of(c).code);
  return out;
}

inline std::vector<std::string> agency_codes(const sr::state& s, int seat) {
  std::vector<std::string> out;
  for (const sr::agency_card& a : s.seat(seat).agency.items()) out.emplace_back(sr::card_of(a.card).code);
  return out;
}

inline bool holds(const std::vector<std::string>& list, const std::string& code) {
  return std::find(list.begin(), list.end(), code) != list.end();
}

inline int index_in(const sr::pile& p, const std::string& code) {
  for (int i = 0; i < p.size; ++i)
    if (sr::card_of(p.cards[i]).code == code) return i;
  FAIL("card " << code << " not there");
  return -1;
}

inline int agency_index(const sr::state& s, int seat, const std::string& code) {
  for (int i = 0; i < s.seat(seat).agency.size; ++i)
    if (sr::card_of(s.seat(seat).agency.cards[i].card).code == code) return i;
  FAIL("card " << code << " not in the Agency");
  return -1;
}

// "<seat> pick 1 <type> <index>": a Universe card by code.
inline std::string pick_universe(const sr::state& s, int seat, const std::string& code) {
  sr::card_id c = 0;
  REQUIRE(sr::find_card(code, c));
  int type = static_cast<int>(sr::card(c).type);
  return std::to_string(seat) + " pick 1 " + std::to_string(type) + " " +
         std::to_string(index_in(s.universe(sr::card(c).type), code));
}

inline std::string pick_hand(const sr::state& s, int seat, const std::string& code) {
  return std::to_string(seat) + " pick 2 " + std::to_string(seat) + " " +
         std::to_string(index_in(s.seat(seat).hand, code));
}

inline std::string use(int seat, const sr::state& s, const std::string& code, int slot) {
  return std::to_string(seat) + " use " + std::to_string(agency_index(s, seat, code)) + " " + std::to_string(slot);
}

inline std::string serialized(const sr::state& s, starport::engine::viewer who) {
  srpb::View v;
  s.view(who, v);
  std::string out;
  v.SerializeToString(&out);
  return out;
}

}  // namespace space_race_test

using namespace space_race_test;
