#pragma once
// A small hand-made Quasar Search content set and helpers for the rule tests: two factions,
// plain numbered crew cards and one card per mechanic, a two-Act Mission with a Challenge per
// Target, so each test can state its position and check one almanac entry. The game's own
// content is tested in quasar_search_cards_test.cpp.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/quasar_search/state.hpp"
#include "tests/engine/card_names.hpp"

namespace qs_test {

using namespace starport;
using namespace starport::quasar_search;
using engine::action;

inline constexpr std::uint8_t alpha = 0, beta = 1;

inline constexpr effect trig(phase at, cost pay, int cost_amount, op what, int amount) {
  return effect{style::triggered, at, pay, static_cast<std::int8_t>(cost_amount), what,
                static_cast<std::int8_t>(amount), who::you, condition::always};
}
inline constexpr effect req(phase at, op what, int amount, who w = who::you, condition c = condition::always) {
  return effect{style::required, at, cost::none, 0, what, static_cast<std::int8_t>(amount), w, c};
}
inline constexpr effect res(op what, int amount, who w = who::team) {
  return effect{style::result, phase::none, cost::none, 0, what, static_cast<std::int8_t>(amount), w, condition::always};
}
inline constexpr effect constant(op what, int amount) {
  return effect{style::constant, phase::none, cost::none, 0, what, static_cast<std::int8_t>(amount), who::you, condition::always};
}
inline constexpr effect declared(op what, int amount) {
  return effect{style::boon_outcome, phase::none, cost::none, 0, what, static_cast<std::int8_t>(amount), who::you, condition::always};
}

inline constexpr player_card crew(std::string_view n, int v, std::array<effect, max_card_effects> e = {}) {
  return player_card{n, card_kind::crew, true, static_cast<std::int8_t>(v), neutral, 0, 0, e, ""};
}
inline constexpr player_card project(std::string_view n, int v, std::array<effect, max_card_effects> e = {}) {
  return player_card{n, card_kind::project, true, static_cast<std::int8_t>(v), neutral, 0, 0, e, ""};
}

inline constexpr std::uint32_t kw(keyword k) { return 1u << static_cast<int>(k); }

inline constexpr player_card test_pool[] = {
    {"Alpha", card_kind::faction, false, 0, alpha, 0, 0, {}, ""},
    {"Beta", card_kind::faction, false, 0, beta, 0, 0, {constant(op::hand_size, -2)}, ""},
    {"Lost in Space", card_kind::lost_in_space, false, 0, neutral, 0, 0, {}, ""},
    crew("One", 1), crew("Two", 2), crew("Three", 3), crew("Four", 4), crew("Five", 5),
    crew("Six", 6), crew("Seven", 7), crew("Eight", 8), crew("Nine", 9), crew("Ten", 10),
    crew("Minus Nine", -9),
    crew("Shifter", 4, {trig(phase::pre_resolution, cost::spend_glory, 1, op::shift, 3)}),
    crew("Free Shifter", 5, {trig(phase::pre_resolution, cost::none, 0, op::shift, 2)}),
    {"Burner", card_kind::crew, true, 8, neutral, kw(keyword::overcommit), 0, {}, ""},
    {"Rusher", card_kind::crew, true, 3, neutral, kw(keyword::adrenaline), 2, {}, ""},
    project("Drill Rig", 2, {req(phase::challenge_start, op::produce_energy, 1, who::team)}),
    project("Spender Rig", 1, {req(phase::challenge_start, op::consume_energy, 1, who::team)}),
    project("Booster Rig", 1, {constant(op::boost, 1)}),
    crew("Sage", 2, {declared(op::draw, 2)}),
    crew("Stockpiler", 3, {trig(phase::pre_confrontation, cost::none, 0, op::stockpile, 2)}),
    crew("Warper", 3, {trig(phase::pre_confrontation, cost::none, 0, op::warp, 2)}),
    crew("Drawer", 3, {trig(phase::pre_confrontation, cost::consume_energy, 2, op::draw, 2)}),
    crew("Glorious", 3, {req(phase::pre_cleanup, op::gain_glory, 1, who::each_player)}),
    project("Study Rig", 1, {req(phase::challenge_start, op::draw, 1)}),
    project("Scrap Rig", 1, {req(phase::challenge_start, op::damage, 1)}),
    project("Salvage Rig", 1, {constant(op::draw_discard, 0)}),
};

inline constexpr faction_def test_factions[] = {
    {"Alpha", 3, 10, {1, 3, 5}, "plain"},
    {"Beta", 2, 20, {2, 3, 4}, "small hands"},
};

inline constexpr challenge_def ch(std::string_view n, int act, target_kind t, int number,
                                  std::array<effect, max_results> ok = {},
                                  std::array<effect, max_results> fail = {},
                                  std::array<effect, 2> own = {}) {
  return challenge_def{n, static_cast<std::uint8_t>(act), t, static_cast<std::int8_t>(number), false, ok, fail, own, ""};
}

inline constexpr challenge_def test_challenges[] = {
    ch("Push", 1, target_kind::all_out, 13),
    ch("Hold", 1, target_kind::nobody_left_behind, 3),
    ch("Needle", 1, target_kind::thread_the_needle, 12),
    ch("Together", 1, target_kind::stand_together, 0),
    ch("Spear", 1, target_kind::spearhead, 8),
    ch("Diverse", 1, target_kind::all_different, 0),
    ch("Quiet", 1, target_kind::low_profile, 6),
    ch("Odds", 1, target_kind::split_decision, 2),
    ch("Tribute", 1, target_kind::all_out, 100, {}, {res(op::demand, 2)}),
    ch("Blessing", 1, target_kind::all_out, 0, {res(op::boon, 1, who::highest_value)}),
    ch("Ordeal", 1, target_kind::all_out, 100, {}, {res(op::morale, -2)}),
    ch("Closed Deck", 1, target_kind::all_out, 0, {}, {}, {constant(op::no_deck_draw, 0)}),
    ch("Final", 2, target_kind::all_out, 2),
    ch("Final Two", 2, target_kind::all_out, 2),
};

inline constexpr act_def test_acts[] = {
    {1, "First Act", "Begin.", 2, {2, 0}, {0, 'B'}, {0, 'C'}, {}},
    {2, "Second Act", "End.", 1, {0, 'A'}, {0, 'B'}, {0, 'C'}, {req(phase::act_start, op::sensors, 1, who::team)}},
};

inline constexpr ending_def test_endings[] = {
    {'A', "Home", "You made it.", true},
    {'B', "Lost", "You did not.", false},
    {'C', "Broken", "Morale broke.", false},
    {'Z', "Out of time", "Too long.", false},
};

inline constexpr mission_def test_mission{"Test Mission", "A test.", test_acts, test_endings, 'Z'};

inline const content_set& test_content() {
  static const content_set c{&test_mission, test_challenges, test_factions, test_pool};
  return c;
}

inline pb::Options options(std::string_view json = "{}") {
  pb::Options o;
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(json, o, error), error);
  return o;
}

// A game on the test content from a JSON position.
inline state game(int seats, std::string_view position_json, std::string_view options_json = "{}") {
  pb::Position p;
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(position_json, p, error), error);
  const verdict v = state::validate(test_content(), seats, options(options_json), p);
  REQUIRE_MESSAGE(v, v.detail);
  return state(test_content(), seats, options(options_json), p, 7);
}

inline action act(int seat, kind k, std::vector<std::int32_t> args = {}) {
  action a;
  a.seat = static_cast<std::uint8_t>(seat);
  a.kind = static_cast<std::uint16_t>(k);
  a.argc = static_cast<std::uint8_t>(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) a.args[i] = args[i];
  return a;
}

inline void play(state& g, const action& a) {
  const verdict v = g.check(a);
  REQUIRE_MESSAGE(v, v.detail << " (" << g.describe(a) << ")");
  g.apply(a);
}

inline std::string name_of(const state& g, copy_id c) { return std::string(g.card_of(c).name); }

// Log words with the names of `g`'s own content for "{card:K}", as players read them.
inline std::string filled(const state& g, std::string_view words) {
  std::vector<engine::pool_card> cards;
  for (const player_card& c : g.content().pool) {
    engine::pool_card& p = cards.emplace_back();
    p.index = static_cast<engine::card_index>(cards.size() - 1);
    p.name = std::string(c.name);
  }
  return engine::testing::with_card_names(words, cards);
}

// The wire id of the card named `name` in seat `s`'s Hand, Projects or Warp Zone.
inline std::int32_t card_id(const state& g, int s, std::string_view name) {
  const player& p = g.seat(s);
  for (const auto* zone : {&p.hand, &p.warp})
    for (copy_id c : zone->items())
      if (g.card_of(c).name == name) return static_cast<std::int32_t>(wire_id(c));
  for (copy_id c : p.projects.items())
    if (g.card_of(c).name == name) return static_cast<std::int32_t>(wire_id(c));
  for (copy_id c : p.lessons.items())
    if (g.card_of(c).name == name) return static_cast<std::int32_t>(wire_id(c));
  if (p.confronting != no_card && g.card_of(p.confronting).name == name) return static_cast<std::int32_t>(wire_id(p.confronting));
  FAIL("seat " << s << " holds no " << name);
  return 0;
}

inline bool listed(const state& g, const action& a) {
  std::vector<action> legal;
  g.legal_actions(a.seat, legal);
  for (const action& x : legal)
    if (x == a) return true;
  return false;
}

inline std::vector<std::string> names(const state& g, std::span<const copy_id> cards) {
  std::vector<std::string> out;
  for (copy_id c : cards) out.push_back(name_of(g, c));
  return out;
}

// Both seats confront: seat 0 with `a`, seat 1 with `b` (names in their Hands).
inline void confront(state& g, std::string_view a, std::string_view b) {
  play(g, act(0, kind::confront, {card_id(g, 0, a)}));
  play(g, act(1, kind::confront, {card_id(g, 1, b)}));
}

// Passes every Trigger window and declines every optional choice until `seat` must decide
// something other than a Trigger (or nobody must act).
inline void pass_triggers(state& g) {
  for (int guard = 0; guard < 32; ++guard) {
    if (g.frames().empty()) return;
    const frame& f = g.frames().back();
    if (f.kind != task::triggers) return;
    play(g, act(f.seat, kind::pass));
  }
}

}  // namespace qs_test
