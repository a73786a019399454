// INTERIM, until term-cards commits the pool (cards.cpp), deck_rules.cpp, starters.cpp and
// bots.cpp: a small pool and one starter deck so that the rules build, register and play.
// Deleted when the cards helper's files are merged.
#include <algorithm>
#include <cctype>
#include <vector>

#include "engine/terminus/state.hpp"

namespace starport::terminus {

namespace {

constexpr std::uint32_t kw(keyword k) { return 1u << static_cast<int>(k); }
constexpr std::uint8_t st(subtype s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }
constexpr effect fx(op k, when at, target who, int amount, std::uint8_t flags = 0) {
  effect e;
  e.kind = k;
  e.at = at;
  e.who = who;
  e.amount = static_cast<std::int8_t>(amount);
  e.flags = flags;
  return e;
}
constexpr card_def make(std::string_view name, card_type t, std::uint32_t k, std::uint8_t s,
                        std::array<effect, max_effects> e = {}) {
  card_def d;
  d.name = name;
  d.type = t;
  d.keywords = k;
  d.subtypes = s;
  d.effects = e;
  return d;
}
constexpr card_def recruit(std::string_view name, int morale, std::uint32_t k, std::uint8_t s,
                           std::array<effect, max_effects> e = {}) {
  card_def d = make(name, card_type::recruit, k, s, e);
  d.morale = static_cast<std::int8_t>(morale);
  return d;
}
constexpr card_def action_card(std::string_view name, resource on, int value,
                               std::array<effect, max_effects> e) {
  card_def d = make(name, card_type::action, 0, 0, e);
  d.needs.on = on;
  d.needs.value = static_cast<std::int8_t>(value);
  return d;
}
constexpr card_def complication(std::string_view name, int power, std::uint8_t s,
                                std::array<effect, max_effects> e) {
  card_def d = make(name, card_type::complication, 0, s, e);
  d.power = static_cast<std::int8_t>(power);
  return d;
}

using T = card_type;
using W = when;
using G = target;

const card_def pool[] = {
    make("Interim Hull", T::module, 0, st(subtype::synthetic)),
    make("Interim Lab", T::module, kw(keyword::research), st(subtype::synthetic)),
    make("Interim Lounge", T::module, kw(keyword::social), st(subtype::organic)),
    make("Interim Cannon", T::module, kw(keyword::weapon), st(subtype::synthetic)),
    make("Interim Skiff", T::module, 0, st(subtype::runabout) | st(subtype::synthetic)),
    make("Interim Scope", T::module, kw(keyword::farsight), st(subtype::arcane)),
    make("Interim Trap", T::module, kw(keyword::ambush), st(subtype::synthetic),
         {fx(op::disable_module, W::ambush, G::opponent, 1)}),
    make("Interim Battery", T::module, kw(keyword::exhaust), st(subtype::synthetic),
         {fx(op::certainty, W::exhaust, G::you, 1)}),
    make("Interim Engine", T::module, kw(keyword::override), st(subtype::synthetic),
         {fx(op::proximity, W::override, G::you, 1)}),
    make("Interim Brain", T::module, kw(keyword::neural), st(subtype::organic)),
    recruit("Interim Pilot", 3, 0, st(subtype::organic)),
    recruit("Interim Navigator", 2, 0, st(subtype::organic), {fx(op::certainty, W::start_turn, G::you, 1)}),
    recruit("Interim Droid", 2, 0, st(subtype::digital)),
    recruit("Interim Beast", 3, kw(keyword::feral), st(subtype::organic)),
    recruit("Interim Miner", 2, kw(keyword::extremophile), st(subtype::organic)),
    recruit("Interim Grump", 1, kw(keyword::petty), st(subtype::organic),
            {fx(op::reputation, W::end_turn, G::you, -1, flag_petty)}),
    recruit("Interim Spy", 2, 0, st(subtype::organic), {fx(op::intel, W::regroup, G::opponent, 1)}),
    recruit("Interim Medic", 2, 0, st(subtype::organic), {fx(op::morale, W::end_turn, G::you, 1)}),
    recruit("Interim Trader", 2, 0, st(subtype::organic), {fx(op::reputation, W::reveal, G::you, 1)}),
    recruit("Interim Seer", 2, kw(keyword::farsight), st(subtype::arcane)),
    complication("Interim Inspection", 2, 0, {fx(op::special, W::play, G::opponent, 0)}),
    complication("Interim Coup", 1, 0, {fx(op::negate, W::play, G::none, 0)}),
    complication("Interim Leak", 1, 0, {fx(op::certainty, W::play, G::opponent, -1)}),
    complication("Interim Mutiny", 1, 0, {fx(op::morale, W::play, G::opponent, -1)}),
    complication("Interim Sabotage", 1, 0, {fx(op::disable_module, W::play, G::opponent, 1)}),
    complication("Interim Drift", 1, 0, {fx(op::proximity, W::play, G::opponent, -1)}),
    complication("Interim Fate", 1, st(subtype::destiny), {fx(op::certainty, W::start_turn, G::you, 1)}),
    complication("Interim Rumor", 1, 0, {fx(op::reputation, W::play, G::opponent, -1)}),
    complication("Interim Static", 0, 0, {fx(op::discard, W::play, G::opponent, 1)}),
    complication("Interim Quiet", 1, 0, {fx(op::draw_actions, W::play, G::you, 1), fx(op::silence, W::play, G::none, 0)}),
    make("Interim Nebula", T::system, kw(keyword::hazardous), 0),
    make("Interim Haven", T::system, kw(keyword::comfortable), 0),
    make("Interim Bazaar", T::system, kw(keyword::shady), 0),
    make("Interim Dock", T::system, kw(keyword::bustling), 0),
    make("Interim Storm", T::system, kw(keyword::chaotic), 0),
    make("Interim Void", T::system, 0, 0),
    make("Interim Beacon", T::system, 0, 0, {fx(op::certainty, W::start_turn, G::you, 1)}),
    make("Interim Drydock", T::system, kw(keyword::override), 0, {fx(op::add_module, W::override, G::you, 0)}),
    make("Interim Rift", T::system, 0, 0, {fx(op::proximity, W::reveal, G::you, 1)}),
    make("Interim Shoal", T::system, 0, 0),
    action_card("Interim Burn", resource::certainty, 1, {fx(op::proximity, W::play, G::you, 1), fx(op::certainty, W::play, G::you, -1)}),
    action_card("Interim Jump", resource::certainty, 3, {fx(op::proximity, W::play, G::you, 2), fx(op::certainty, W::play, G::you, -3)}),
    action_card("Interim Survey", resource::none, 0, {fx(op::certainty, W::play, G::you, 2)}),
    action_card("Interim Chart", resource::none, 0, {fx(op::certainty, W::play, G::you, 1), fx(op::draw_actions, W::play, G::you, 1)}),
    action_card("Interim Boast", resource::none, 0, {fx(op::reputation, W::play, G::you, 1)}),
    action_card("Interim Scout", resource::none, 0, {fx(op::intel, W::play, G::opponent, 2)}),
    action_card("Interim Raid", resource::intel, 1, {fx(op::destroy_module, W::play, G::opponent, 1), fx(op::intel, W::play, G::opponent, -1)}),
    action_card("Interim Recruit", resource::reputation, 0, {fx(op::add_recruit, W::play, G::you, 0)}),
    action_card("Interim Refit", resource::none, 0, {fx(op::add_module, W::play, G::you, 0)}),
    action_card("Interim Rally", resource::none, 0, {fx(op::morale, W::play, G::you, 1, flag_each)}),
};

}  // namespace

std::span<const card_def> all_cards() { return pool; }
const card_def& card(card_id id) { return pool[id < std::size(pool) ? id : 0]; }
bool find_card(std::string_view name, card_id& out) {
  for (std::size_t i = 0; i < std::size(pool); ++i) {
    const std::string_view n = pool[i].name;
    if (n.size() == name.size() &&
        std::equal(n.begin(), n.end(), name.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
        })) {
      out = static_cast<card_id>(i);
      return true;
    }
  }
  return false;
}

namespace {

engine::deck_list interim_deck() {
  engine::deck_list d;
  for (std::size_t i = 0; i < std::size(pool); ++i) {
    d.push_back(static_cast<engine::card_index>(i));
    if (pool[i].type == card_type::action) d.push_back(static_cast<engine::card_index>(i));
  }
  return d;
}

std::span<const engine::pool_card> interim_pool() {
  static const std::vector<engine::pool_card> cards = [] {
    std::vector<engine::pool_card> out;
    for (std::size_t i = 0; i < std::size(pool); ++i) {
      engine::pool_card c;
      c.index = static_cast<engine::card_index>(i);
      c.name = std::string(pool[i].name);
      out.push_back(c);
    }
    return out;
  }();
  return cards;
}

std::span<const engine::starter_deck> interim_starters() {
  static const std::vector<engine::starter_deck> s = {
      {"interim", "Interim", "until the real starters arrive", interim_deck()}};
  return s;
}

std::vector<std::string> interim_problems(std::span<const engine::card_index> deck) {
  if (deck.size() != deck_size) return {"A deck has exactly 60 cards."};
  return {};
}

}  // namespace

const engine::deck_rules& state::deck_rules() {
  static const engine::deck_rules rules{interim_pool, interim_starters, interim_problems, 200};
  return rules;
}

std::span<const engine::bot_entry> state::bots() {
  static const engine::bot_entry table[] = {engine::random_bot_entry};
  return table;
}

}  // namespace starport::terminus
