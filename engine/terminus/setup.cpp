// Options, decks and Turn 0 (explicit positions: position.cpp).
#include <algorithm>
#include <array>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

using engine::refuse;
using engine::rule_error;

namespace {

int type_order(card_type t) {
  switch (t) {
    case card_type::module: return 0;
    case card_type::recruit: return 1;
    case card_type::complication: return 2;
    case card_type::system: return 3;
    case card_type::action: return 4;
  }
  return 5;
}

}  // namespace

// Deck building lives with the card pool (deck_rules.cpp).
const engine::deck_rules& state::deck_rules() { return deck_building(); }

std::string state::seat_label(int seat) const { return "Ship " + std::to_string(seat + 1); }

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats)
    return refuse(rule_error::bad_options, "Race to the Terminus is for 2 to 4 players");
  if (options.first_player() >= static_cast<std::uint32_t>(seats))
    return refuse(rule_error::bad_options, "the first player must be one of the seats");
  if (options.round_limit() > 1000)
    return refuse(rule_error::bad_options, "the round limit is at most 1000");
  return engine::ok();
}

state::state(int seats, const pb::Options& options, std::uint64_t seed) : random_(seed) {
  // Every seat gets a starter deck chosen from the seed.
  const auto starters = deck_rules().starters();
  std::vector<engine::deck_list> decks;
  for (int s = 0; s < seats; ++s)
    decks.push_back(starters[random_.below(static_cast<std::uint32_t>(starters.size()))].cards);
  init(seats, options, decks);
  advance();
}

state::state(int seats, const pb::Options& options, std::span<const engine::deck_list> decks,
             std::uint64_t seed)
    : random_(seed) {
  init(seats, options, decks);
  advance();
}

// Setup Phase: each deck divided into its Piles; the System, Complication and Action Piles
// shuffled. Turn 0: Legacies leave the Module Pile and stay beside the primary Ship.
void state::init(int seats, const pb::Options& options, std::span<const engine::deck_list> decks) {
  seats_ = static_cast<std::uint8_t>(seats);
  initiative_ = static_cast<std::uint8_t>(options.first_player());
  round_limit_ = static_cast<std::uint16_t>(options.round_limit() ? options.round_limit() : default_round_limit);
  chart_.fill(no_card);
  for (int s = 0; s < seats; ++s) {
    player& p = players_[s];
    engine::deck_list list = decks[static_cast<std::size_t>(s)];
    std::stable_sort(list.begin(), list.end(), [](engine::card_index a, engine::card_index b) {
      const int ta = type_order(card(static_cast<card_id>(a)).type);
      const int tb = type_order(card(static_cast<card_id>(b)).type);
      return ta != tb ? ta < tb : a < b;
    });
    const int n = std::min<int>(static_cast<int>(list.size()), deck_size);
    p.ships[0].present = true;
    // Each card's slot, and so its id, in a random order: an id that followed the sorted
    // list would tell the table where a face-up card stands in it, and so what a custom
    // deck's face-down Piles still hold.
    std::array<std::uint8_t, deck_size> slots{};
    for (int i = 0; i < n; ++i) slots[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    random_.shuffle(slots.data(), n);
    for (int i = 0; i < n; ++i) {
      const int slot = slots[static_cast<std::size_t>(i)];
      p.list[static_cast<std::size_t>(slot)] = list[static_cast<std::size_t>(i)];
      const copy_id c = make_copy(s, slot);
      const card_def& d = card(static_cast<card_id>(list[i]));
      switch (d.type) {
        case card_type::module:
          if (d.is(subtype::legacy) && p.legacies.size < 2) p.legacies.push(c);
          else if (p.module_pool.size < pile_size) p.module_pool.push(c);
          break;
        case card_type::recruit: if (p.recruit_pool.size < pile_size) p.recruit_pool.push(c); break;
        case card_type::complication: if (p.complications.size < pile_size) p.complications.push(c); break;
        case card_type::system: if (p.systems.size < pile_size) p.systems.push(c); break;
        case card_type::action: p.action_pile.push(c); break;
      }
    }
    random_.shuffle(p.complications.cards.data(), p.complications.size);
    random_.shuffle(p.systems.cards.data(), p.systems.size);
    random_.shuffle(p.action_pile.cards.data(), p.action_pile.size);
  }
  step_ = step::module_draft;
  draft_round_ = 1;
  sub_ = 0;
}

}  // namespace starport::terminus
