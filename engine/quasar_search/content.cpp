// Quasar Search: the shipped content as one value (cards.hpp, content_set), and the
// constructors that use it (kept here so a test on its own content set links without it).
#include "engine/quasar_search/state.hpp"

namespace starport::quasar_search {

const content_set& standard_content() {
  static const content_set c{&mission(), challenges(), factions(), player_pool()};
  return c;
}

verdict state::validate(int seats, const pb::Options& options, const pb::Position& position) {
  return validate(standard_content(), seats, options, position);
}

namespace {

// Every seat a starter deck chosen from the seed; different ones while there are enough.
std::vector<engine::deck_list> dealt_starters(int seats, engine::rng& r) {
  const auto starters = deck_building().starters();
  std::vector<std::size_t> order(starters.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  r.shuffle(order.data(), static_cast<int>(order.size()));
  std::vector<engine::deck_list> decks;
  for (int s = 0; s < seats; ++s) decks.push_back(starters[order[static_cast<std::size_t>(s) % order.size()]].cards);
  return decks;
}

}  // namespace

state::state(int seats, const pb::Options& options, std::uint64_t seed) : random_(seed) {
  const auto decks = dealt_starters(seats, random_);
  init(standard_content(), seats, options, decks);
  advance();
}

state::state(int seats, const pb::Options& options, std::span<const engine::deck_list> decks,
             std::uint64_t seed)
    : state(standard_content(), seats, options, decks, seed) {}

state::state(int seats, const pb::Options& options, const pb::Position& position, std::uint64_t seed)
    : state(standard_content(), seats, options, position, seed) {}

}  // namespace starport::quasar_search
