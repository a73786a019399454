// Options, decks, Mission and Player Setup (explicit positions: position.cpp).
#include <algorithm>

#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

using engine::refuse;
using engine::rule_error;

namespace {

int per_act_of(const pb::Options& o) {
  if (o.challenges_per_act() != 0) return static_cast<int>(o.challenges_per_act());
  switch (o.difficulty()) {
    case pb::Options::EASY: return 6;
    case pb::Options::HARD: return 10;
    default: return 8;
  }
}

// EASY: one more Morale token per player at Act Setup.
int morale_bonus_of(const pb::Options& o) { return o.difficulty() == pb::Options::EASY ? 1 : 0; }

}  // namespace

std::string state::seat_label(int seat) const { return std::string(faction_of(seat).name); }

verdict state::validate(int seats, const pb::Options& options) {
  if (seats < min_seats || seats > max_seats)
    return refuse(rule_error::bad_options, "Quasar Search is for 1 to 4 players");
  if (!pb::Options::Difficulty_IsValid(options.difficulty()))
    return refuse(rule_error::bad_options, "unknown difficulty");
  if (options.challenges_per_act() > 20)
    return refuse(rule_error::bad_options, "at most 20 Challenges per Act");
  if (options.challenge_limit() > 200)
    return refuse(rule_error::bad_options, "the Challenge limit is at most 200");
  return engine::ok();
}

engine::card_index state::index_of(copy_id c) const {
  const player& p = players_[owner_of(c)];
  if (slot_of(c) == lost_slot) {
    for (std::size_t i = 0; i < content_->pool.size(); ++i)
      if (content_->pool[i].kind == card_kind::lost_in_space) return static_cast<engine::card_index>(i);
    return 0;
  }
  return p.list[slot_of(c)];
}

void state::take_list(int s, std::span<const engine::card_index> list) {
  player& p = players_[s];
  p.list_size = 0;
  for (engine::card_index i : list) {
    if (p.list_size >= max_deck_cards || i >= content_->pool.size()) break;
    const copy_id c = make_copy(s, p.list_size);
    p.list[p.list_size++] = i;
    const player_card& card = content_->pool[i];
    if (card.kind == card_kind::faction) {
      if (p.faction_card == no_card) {
        p.faction_card = c;
        p.faction = card.faction;
      }
    } else if (card.kind != card_kind::lost_in_space) {
      p.deck.push(c);
    }
  }
}

void state::set_options(const pb::Options& options) {
  per_act_ = static_cast<std::uint8_t>(per_act_of(options));
  limit_ = static_cast<std::uint8_t>(options.challenge_limit() ? options.challenge_limit()
                                                               : default_challenge_limit);
  morale_bonus_ = static_cast<std::uint8_t>(morale_bonus_of(options));
}

void state::init(const content_set& content, int seats, const pb::Options& options,
                 std::span<const engine::deck_list> decks) {
  content_ = &content;
  seats_ = static_cast<std::uint8_t>(seats);
  set_options(options);
  // Mission Setup: the Mission and the Sequence 1 Act in the Mission Zone.
  act_ = static_cast<std::uint8_t>(std::max(0, find_act(content, 1)));
  // Player Setup: Faction cards in play, decks shuffled.
  for (int s = 0; s < seats; ++s) {
    take_list(s, decks[static_cast<std::size_t>(s)]);
    player& p = players_[s];
    random_.shuffle(p.deck.cards.data(), p.deck.size);
  }
  step_ = phase::player_setup;
  sub_ = 0;
}

state::state(const content_set& content, int seats, const pb::Options& options,
             std::span<const engine::deck_list> decks, std::uint64_t seed)
    : random_(seed) {
  init(content, seats, options, decks);
  advance();
}

}  // namespace starport::quasar_search
