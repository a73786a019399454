// Options and setup from the seed (explicit positions: position.cpp).
#include <algorithm>
#include <vector>

#include "engine/scoundrels/state.hpp"

namespace starport::scoundrels {

using engine::refuse;
using engine::rule_error;

std::string state::seat_label(int seat) const { return "Ship " + std::to_string(seat + 1); }

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats) return refuse(rule_error::bad_options, "S.P.A.C.E. is for 2 to 6 players");
  if (options.first_player() >= static_cast<std::uint32_t>(seats))
    return refuse(rule_error::bad_options, "the first player must be one of the seats");
  if (options.deliveries_to_win() > 8) return refuse(rule_error::bad_options, "a syndicate's track holds 8 deliveries at most");
  if (options.turn_limit() > 1000) return refuse(rule_error::bad_options, "the turn limit is at most 1000");
  return engine::ok();
}

verdict state::validate(int seats, const pb::Options& options, const pb::Position& position) {
  return validate(standard_content(), seats, options, position);
}

verdict state::validate(const content& c, int seats, const pb::Options& options, const pb::Position& position) {
  if (verdict v = validate(seats, options); !v) return v;
  state probe(c, seats, options, 1);
  std::string error;
  if (!probe.place(position, error)) {
    // The sentence names the field; it lives until this thread's next refused position
    // (callers copy it at once).
    thread_local std::string reason;
    reason = "the position: " + error;
    return refuse(rule_error::bad_options, reason.c_str());
  }
  return engine::ok();
}

state::state(int seats, const pb::Options& options, std::uint64_t seed) : state(standard_content(), seats, options, seed) {}

state::state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed)
    : state(standard_content(), seats, options, position, seed) {}

state::state(const content& c, int seats, const pb::Options& options, std::uint64_t seed)
    : c_(&c), kinds_(&catalog_of(c)), random_(seed) {
  init(seats, options);
  deal(seed);
  begin_turn();
  advance();
}

state::state(const content& c, int seats, const pb::Options& options, const pb::Position& position,
             std::uint64_t seed)
    : c_(&c), kinds_(&catalog_of(c)), random_(seed) {
  init(seats, options);
  std::string error;
  place(position, error);
  advance();
}

void state::init(int seats, const pb::Options& options) {
  seats_ = static_cast<std::uint8_t>(seats);
  first_ = static_cast<std::uint8_t>(options.first_player());
  to_win_ = static_cast<std::uint8_t>(options.deliveries_to_win() ? options.deliveries_to_win() : default_deliveries);
  turn_limit_ = static_cast<std::uint16_t>(options.turn_limit() ? options.turn_limit() : default_turn_limit);
  deck_base_[0] = static_cast<card_no>(c_->contracts.size());
  for (int k = 1; k < colour_count; ++k) deck_base_[k] = static_cast<card_no>(deck_base_[k - 1] + c_->cantina[k - 1].size());
  deck_base_[colour_count] = static_cast<card_no>(deck_base_[colour_count - 1] + c_->cantina[colour_count - 1].size());
  green_base_ = deck_base_[0];
  bribe_base_ = deck_base_[colour_count];
  for (const connection& k : c_->board.connections) {
    adj_[k.a] |= 1u << k.b;
    adj_[k.b] |= 1u << k.a;
  }
  active_ = 0xff;
}

void state::deal(std::uint64_t) {
  for (card_no i = 0; i < c_->contracts.size(); ++i) contract_deck_.push(i);
  random_.shuffle(contract_deck_.cards.data(), contract_deck_.size);
  for (int k = 0; k < colour_count; ++k) {
    for (std::size_t i = 0; i < c_->cantina[k].size(); ++i) cantina_[k].push(static_cast<card_no>(deck_base_[k] + i));
    random_.shuffle(cantina_[k].cards.data(), cantina_[k].size);
  }
  for (std::size_t i = 0; i < c_->bribes.size(); ++i) bribes_.push(static_cast<card_no>(bribe_base_ + i));
  random_.shuffle(bribes_.cards.data(), bribes_.size);
  for (std::size_t i = 0; i < c_->encounters.size(); ++i) encounters_.push(static_cast<card_no>(i));
  random_.shuffle(encounters_.cards.data(), encounters_.size);

  // "Place each ship, and the Dockyard, at a random green planet": the green destinations
  // that are planets are the Dockyard's (Gemini Station is a station).
  std::vector<int> greens, planets;
  for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l) {
    const location& x = c_->board.locations[l];
    if (x.kind == loc_kind::destination && x.col == colour::green) greens.push_back(l);
    if (x.dockyard) planets.push_back(l);
  }
  if (planets.empty()) planets = greens;
  auto take_named = [&](engine::pile<128, card_no>& d, std::string_view name) -> card_no {
    for (int i = d.size - 1; i >= 0; --i)
      if (card_of(d.cards[i]).name == name) return d.take(i);
    return no_card;
  };
  for (int s = 0; s < seats_; ++s) {
    ship& sh = ships_[s];
    // The captain: the first crew member from the top of the purple deck.
    for (int i = cantina_[1].size - 1; i >= 0; --i)
      if (card_of(cantina_[1].cards[i]).kind == card_kind::crew) {
        sh.bays[0] = bay{cantina_[1].take(i), 0, true};
        break;
      }
    if (const card_no h = take_named(cantina_[0], setup_hyperdrive); h != no_card) sh.bays[1] = bay{h, 0, false};
    if (const card_no p = take_named(cantina_[0], setup_pistol); p != no_card) sh.weapons.push(p);
    sh.location = static_cast<std::uint8_t>(planets[random_.below(static_cast<std::uint32_t>(planets.size()))]);
  }
  dockyard_ = static_cast<std::uint8_t>(planets[random_.below(static_cast<std::uint32_t>(planets.size()))]);
  for (int s = 0; s < seats_; ++s) reveal_contract();
  note_count_ = 0;
}

}  // namespace starport::scoundrels
