#pragma once
// The contract every game implements: a copyable value type answering the same small set
// of questions. docs/engine.md explains each member with an example. The server and the
// CLI reach a game through `match` (match.hpp), which wraps any `game` in one adapter.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/action.hpp"
#include "engine/core/rng.hpp"

namespace starport::engine {

template <class G>
concept game = std::copyable<G> && std::equality_comparable<G> &&
  requires(G g, const G cg, const action& a, int seat, std::vector<action>& out,
           const typename G::options_type& opts, const typename G::position_type& pos,
           typename G::view_type& view, viewer who, rng& r, std::uint64_t seed) {
    // Identity and table size, fixed per game.
    { G::id } -> std::convertible_to<std::string_view>;
    { G::title } -> std::convertible_to<std::string_view>;
    { G::min_seats } -> std::convertible_to<int>;
    { G::max_seats } -> std::convertible_to<int>;
    { G::default_seats } -> std::convertible_to<int>;       // a new table's seat count
    { G::rules_version } -> std::convertible_to<int>;
    { G::action_names } ;                                  // index = action kind
    { G::bots() } ;                                        // span of bot_entry, "random" first
    { G::progress_name } -> std::convertible_to<std::string_view>;   // "contests", "rounds"
    { cg.progress() } -> std::convertible_to<std::uint32_t>;
    { cg.seat_label(seat) } -> std::convertible_to<std::string>;     // e.g. the faction
    // Setup: validate options (and an explicit position) before constructing.
    { G::validate(seat, opts) } -> std::same_as<verdict>;
    { G::validate(seat, opts, pos) } -> std::same_as<verdict>;
    G(seat, opts, seed);                                   // dealt from the seed
    G(seat, opts, pos, seed);                              // an explicit position
    // Whose move: seats that must act (each one's action is required to progress, e.g.
    // simultaneous secret choices) and seats that may act (optional responses, offers).
    { cg.seat_count() } -> std::same_as<int>;
    { cg.must_act() } -> std::same_as<seat_mask>;
    { cg.may_act() } -> std::same_as<seat_mask>;
    // Rules: check never changes anything; apply assumes check said ok.
    { cg.check(a) } -> std::same_as<verdict>;
    { g.apply(a) };
    { cg.legal_actions(seat, out) };                       // replaces out, sorted, no RESIGN
    { cg.timeout_action(seat) } -> std::same_as<action>;   // what a seat does when its time runs out
    // The action in players' words, as everyone may hear it: called before apply, and it
    // never names what the action hides (a secret choice, a card from a hand).
    { cg.describe(a) } -> std::convertible_to<std::string>;
    // What a viewer may see, and how it ended.
    { cg.view(who, view) };
    { cg.result() } -> std::same_as<outcome>;
    // For the hidden-information property test: permute, among themselves, the cards
    // that `seat` holds hidden from others (no other seat's view may change).
    { g.scramble_hidden(seat, r) };
  };

}  // namespace starport::engine
