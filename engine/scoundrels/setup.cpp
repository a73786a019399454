// Options, setup from the seed, and explicit positions.
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

state::state(const content& c, int seats, const pb::Options& options, std::uint64_t seed) : c_(&c), random_(seed) {
  init(seats, options);
  deal(seed);
  begin_turn();
  advance();
}

state::state(const content& c, int seats, const pb::Options& options, const pb::Position& position,
             std::uint64_t seed)
    : c_(&c), random_(seed) {
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

  std::vector<int> greens, yards;
  for (int l = 0; l < static_cast<int>(c_->board.locations.size()); ++l) {
    const location& x = c_->board.locations[l];
    if (x.kind == loc_kind::destination && x.col == colour::green) greens.push_back(l);
    if (x.dockyard) yards.push_back(l);
  }
  if (yards.empty()) yards = greens;
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
    sh.location = static_cast<std::uint8_t>(greens[random_.below(static_cast<std::uint32_t>(greens.size()))]);
  }
  dockyard_ = static_cast<std::uint8_t>(yards[random_.below(static_cast<std::uint32_t>(yards.size()))]);
  for (int s = 0; s < seats_; ++s) reveal_contract();
  note_count_ = 0;
}

namespace {

int syndicate_index(pb::Syndicate s) { return static_cast<int>(s) - 1; }

}  // namespace

// An explicit position (docs/rules/scoundrels.md, "Positions"). Every name must exist and be
// used at most as often as the content has copies.
bool state::place(const pb::Position& p, std::string& error) {
  const int total = bribe_base_ + static_cast<int>(c_->bribes.size());
  std::vector<bool> used(static_cast<std::size_t>(total), false);
  auto find_card = [&](const std::string& name, card_no& out) {
    for (card_no n = deck_base_[0]; n < total; ++n)
      if (!used[n] && card_of(n).name == name) {
        used[n] = true;
        out = n;
        return true;
      }
    error = "unknown or repeated card: " + name;
    return false;
  };
  auto find_contract = [&](const std::string& name, card_no& out) {
    for (card_no n = 0; n < deck_base_[0]; ++n)
      if (!used[n] && c_->contracts[n].name == name) {
        used[n] = true;
        out = n;
        return true;
      }
    error = "unknown or repeated contract: " + name;
    return false;
  };
  auto find_location = [&](const std::string& name, std::uint8_t& out) {
    for (std::size_t l = 0; l < c_->board.locations.size(); ++l)
      if (c_->board.locations[l].name == name) {
        out = static_cast<std::uint8_t>(l);
        return true;
      }
    error = "unknown location: " + name;
    return false;
  };
  open_.size = 0;
  for (auto& t : track_) t.size = 0;
  feuds_ = 0;
  frame_count_ = 0;
  offer_count_ = 0;
  fight_ = fight_state{};
  if (p.ships_size() != seats_) {
    error = "one ship per seat";
    return false;
  }
  if (p.first_player() >= seats_ || p.active_seat() >= seats_) {
    error = "first_player or active_seat names no seat";
    return false;
  }
  for (int s = 0; s < seats_; ++s) {
    const pb::ShipPosition& sp = p.ships(s);
    ship& sh = ships_[s];
    sh = ship{};
    if (!find_location(sp.location(), sh.location)) return false;
    if (sp.bays_size() > max_bays) {
      error = "too many bays";
      return false;
    }
    for (int b = 0; b < sp.bays_size(); ++b) {
      const pb::BayPosition& bp = sp.bays(b);
      card_no n = no_card;
      if (!bp.card().empty()) {
        if (!find_card(bp.card(), n)) return false;
        const card_kind k = card_of(n).kind;
        if (k != card_kind::crew && k != card_kind::ship_system) {
          error = "bays hold systems, crew or cargo";
          return false;
        }
      } else if (!bp.cargo().empty()) {
        if (!find_contract(bp.cargo(), n)) return false;
      }
      if (bp.damage() > 2) {
        error = "damage is 0, 1 or 2";
        return false;
      }
      sh.bays[b] = bay{n, static_cast<std::uint8_t>(bp.damage()), bp.captain()};
    }
    for (const std::string& name : sp.captains_log()) {
      card_no n;
      if (!find_card(name, n)) return false;
      sh.log.push(n);
    }
    for (const std::string& name : sp.weapons_locker()) {
      card_no n;
      if (!find_card(name, n)) return false;
      sh.weapons.push(n);
    }
    for (const std::string& name : sp.storage_locker()) {
      card_no n;
      if (!find_card(name, n)) return false;
      sh.storage.push(n);
    }
    if (sp.reputation() > max_rep) {
      error = "reputation is 0 to 6";
      return false;
    }
    sh.rep = static_cast<std::uint8_t>(sp.reputation());
    sh.affiliation = static_cast<std::int8_t>(syndicate_index(sp.affiliation()));
    for (int g : sp.grudges())
      if (g >= 1 && g <= syndicate_count) sh.grudges = static_cast<std::uint8_t>(sh.grudges | (1u << (g - 1)));
    sh.picked = static_cast<std::uint8_t>(sp.contracts_picked());
    sh.docked = sp.dockyard_visited();
    sh.out = sp.out();
  }
  std::uint8_t yard = 0;
  if (!p.dockyard().empty()) {
    if (!find_location(p.dockyard(), yard)) return false;
  } else {
    for (std::size_t l = 0; l < c_->board.locations.size(); ++l)
      if (c_->board.locations[l].dockyard) { yard = static_cast<std::uint8_t>(l); break; }
  }
  dockyard_ = yard;
  for (const std::string& name : p.open_contracts()) {
    card_no n;
    if (!find_contract(name, n)) return false;
    open_.push(n);
  }
  for (const pb::TrackPosition& t : p.tracks()) {
    const int syn = syndicate_index(t.syndicate());
    if (syn < 0 || t.delivered_size() >= to_win_) {
      error = "a track names a syndicate and fewer deliveries than end the game";
      return false;
    }
    for (const std::string& name : t.delivered()) {
      card_no n;
      if (!find_contract(name, n)) return false;
      track_[syn].push(n);
    }
  }
  for (const pb::Feud& f : p.feuds()) {
    const int a = syndicate_index(f.a()), b = syndicate_index(f.b());
    if (a < 0 || b < 0 || a == b) {
      error = "a feud names two syndicates";
      return false;
    }
    feuds_ = static_cast<std::uint8_t>(feuds_ | (1u << (std::min(a, b) * 4 + std::max(a, b))));
  }
  // Viewed cards are out of their decks until one is kept (named before the decks fill).
  frame viewing;
  viewing.kind = task::keep_one;
  if (p.has_viewing()) {
    if (p.viewing().cards_size() < 1 || p.viewing().cards_size() > 8) {
      error = "viewing lists 1 to 8 cards";
      return false;
    }
    for (const std::string& name : p.viewing().cards()) {
      card_no n;
      if (!find_card(name, n)) return false;
      viewing.looked[viewing.look_count++] = n;
    }
    viewing.flags = p.viewing().reward() ? frame_reward : 0;
  }
  // Decks: listed (top first) or every card not named elsewhere, shuffled.
  auto fill = [&](auto& d, const auto& names, card_no from, card_no to, bool contracts) {
    d.size = 0;
    if (names.size() > 0 || p.state_decks()) {
      for (int i = names.size() - 1; i >= 0; --i) {
        card_no n;
        if (!(contracts ? find_contract(names[i], n) : find_card(names[i], n))) return false;
        if (n < from || n >= to) {
          error = "a card listed in another deck";
          return false;
        }
        d.push(n);
      }
      return true;
    }
    for (card_no n = from; n < to; ++n)
      if (!used[n]) {
        used[n] = true;
        d.push(n);
      }
    random_.shuffle(d.cards.data(), d.size);
    return true;
  };
  if (!fill(contract_deck_, p.contract_deck(), 0, deck_base_[0], true)) return false;
  const google::protobuf::RepeatedPtrField<std::string>* lists[] = {&p.green_deck(), &p.purple_deck(), &p.red_deck()};
  for (int k = 0; k < colour_count; ++k)
    if (!fill(cantina_[k], *lists[k], deck_base_[k], deck_base_[k + 1], false)) return false;
  if (!fill(bribes_, p.bribe_deck(), bribe_base_, static_cast<card_no>(total), false)) return false;
  encounters_.size = 0;
  if (p.encounter_deck_size() > 0) {
    for (int i = p.encounter_deck_size() - 1; i >= 0; --i) {
      bool found = false;
      for (std::size_t e = 0; e < c_->encounters.size(); ++e)
        if (c_->encounters[e].name == p.encounter_deck(i)) {
          encounters_.push(static_cast<card_no>(e));
          found = true;
          break;
        }
      if (!found) {
        error = "unknown encounter";
        return false;
      }
    }
  } else if (!p.state_decks()) {
    for (std::size_t e = 0; e < c_->encounters.size(); ++e) encounters_.push(static_cast<card_no>(e));
    random_.shuffle(encounters_.cards.data(), encounters_.size);
  }
  if (p.dice_size() > engine::roll_record<8>::max_fixed) {
    error = "at most 16 fixed dice";
    return false;
  }
  std::vector<std::uint8_t> faces;
  for (std::uint32_t d : p.dice()) {
    if (d < 1 || d > 6) {
      error = "dice show 1 to 6";
      return false;
    }
    faces.push_back(static_cast<std::uint8_t>(d));
  }
  dice_.fix(faces);
  turn_ = static_cast<std::uint16_t>(p.turn() ? p.turn() : 1);
  first_ = static_cast<std::uint8_t>(p.first_player());
  // The phase: seats before the active one (from the 1st Player) have played it.
  phase_ = phase::encounter;
  switch (p.phase()) {
    case pb::MOVEMENT: phase_ = phase::movement; break;
    case pb::DELIVERY: phase_ = phase::delivery; break;
    case pb::DOCKYARD_ROLL: phase_ = phase::dock_roll; break;
    case pb::GAME_OVER:
      error = "a position starts an unfinished game";
      return false;
    default: break;
  }
  done_ = 0;
  const int act = static_cast<int>(p.active_seat());
  for (int k = 0; k < seats_; ++k) {
    const int s = (first_ + k) % seats_;
    if (s == act) break;
    done_ = static_cast<std::uint8_t>(done_ | (1u << s));
  }
  for (int s = 0; s < seats_; ++s)
    if (ships_[s].out) done_ = static_cast<std::uint8_t>(done_ | (1u << s));
  active_ = 0xff;
  if (phase_ == phase::movement || phase_ == phase::delivery) {
    active_ = static_cast<std::uint8_t>(act);
    if (phase_ == phase::movement) {
      begin_movement(act);
      const int mv = movement(act);
      const int left = p.ships(act).movement_left() ? static_cast<int>(p.ships(act).movement_left()) : mv;
      ships_[act].spent = static_cast<std::uint8_t>(std::max(0, mv - left));
    }
  }
  if (p.has_fight() && p.fight().kind() != pb::FIGHT_NONE) {
    const pb::FightPosition& f = p.fight();
    if (f.attacker() >= seats_ || f.defender() >= seats_ || f.attacker() == f.defender() || phase_ != phase::movement) {
      error = "a fight names two seats, in a Movement";
      return false;
    }
    const fight_kind k = f.kind() == pb::SHIP_COMBAT ? fight_kind::combat
                         : f.kind() == pb::BOARDING  ? fight_kind::boarding
                                                     : fight_kind::brawl;
    const fight_from from = !f.ambush() ? (k == fight_kind::brawl ? fight_from::trade : fight_from::intercept)
                            : f.ambush_arrival() ? fight_from::ambush_arrival
                                                 : fight_from::ambush_departure;
    fight_ = fight_state{};
    fight_.kind = k;
    fight_.from = from;
    fight_.attacker = static_cast<std::uint8_t>(f.attacker());
    fight_.defender = static_cast<std::uint8_t>(f.defender());
    fight_.round = static_cast<std::uint8_t>(f.round() ? f.round() - 1 : 0);
    if (k == fight_kind::combat)
      ships_[f.attacker()].attacked = static_cast<std::uint8_t>(ships_[f.attacker()].attacked | (1u << f.defender()));
    start_round();
  }
  if (p.has_viewing()) {
    if (phase_ == phase::dock_roll || fight_.kind != fight_kind::none) {
      error = "viewing is a choice of the active seat in ENCOUNTER, MOVEMENT or DELIVERY, outside a fight";
      return false;
    }
    if (ships_[act].out) {
      error = "viewing: the active seat is out";
      return false;
    }
    // ENCOUNTER: the active seat's encounter is the one under way.
    if (phase_ == phase::encounter) done_ = static_cast<std::uint8_t>(done_ | (1u << act));
    viewing.seat = static_cast<std::uint8_t>(act);
    push(viewing);
  }
  note_count_ = 0;
  return true;
}

}  // namespace starport::scoundrels
