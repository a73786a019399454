// Space War preferences: what the server plays for a seat instead of asking it. Every one
// is decided from public information (the face-up cards' Strengths, powers, card counts),
// never from a deck, so how fast a seat answers tells the table nothing it could not see.
// Choices are listed in docs/rules/space_war.md, "Preferences".
#include <algorithm>
#include <array>

#include "engine/space_war/state.hpp"

namespace starport::space_war {
namespace {

using engine::preference_info;

enum pref : std::size_t { auto_flip_pref, armor_pref, peace_pref, regeneration_pref, salvage_pref };

constexpr std::array<std::string_view, 2> flip_choices = {"Ask me", "Flip for me"};
constexpr std::array<std::string_view, 4> armor_choices = {
    "Ask me", "Ask me only when +1 Strength changes the Battle", "Always decline", "Always trigger"};
constexpr std::array<std::string_view, 4> losing_choices = {
    "Ask me", "Ask me only when I am not winning the Battle", "Always decline", "Always trigger"};
constexpr std::array<std::string_view, 3> salvage_choices = {
    "Ask me", "Always decline", "Always take from the opponent holding the most cards"};

const std::array<preference_info, 5> table = {{
    {"auto_flip", "Flip for me",
     "Flip your cards as soon as a flip is due; you are still asked about powers.", flip_choices},
    {"dwarven_armor", "Dwarven Armor (Dwarves)",
     "Before battle: +1 Strength. \"Only when\" asks you only when +1 turns a loss into a tie "
     "or a tie into a win; otherwise the power is kept.",
     armor_choices},
    {"peace", "Peace (Elves)",
     "Before battle: the Contest ends with no winner and every card returns to its player's discard pile. \"Only when\" asks you only "
     "when your face-up card is not the strongest; otherwise Peace is kept for later.",
     losing_choices},
    {"regeneration", "Regeneration (Trolls)",
     "Before battle: your face-up card is replaced by your next card. \"Only when\" asks you "
     "only when your face-up card is not the strongest; otherwise the power is kept.",
     losing_choices},
    {"salvage", "Salvage (Robots)",
     "After winning a Battle: take the top card of an opponent's discard pile. \"Always take\" "
     "picks the opponent holding the most cards (the lowest seat on a tie).",
     salvage_choices},
}};

}  // namespace

std::span<const engine::preference_info> state::preferences() { return table; }

std::optional<action> state::preferred_action(int seat, engine::preference_choices choices) const {
  if (seat < 0 || seat >= seats_ || !engine::has_seat(must_act(), seat)) return std::nullopt;
  const auto make = [seat](kind k) { return engine::make_action(seat, static_cast<std::uint16_t>(k)); };
  if (phase_ == phase::flip) {
    if (engine::choice_of(choices, auto_flip_pref) == 1) return make(kind::flip);
    return std::nullopt;
  }
  if (phase_ == phase::after_battle) {
    switch (engine::choice_of(choices, salvage_pref)) {
      case 1: return make(kind::decline);
      case 2: {
        int best = -1, most = -1;
        for (int t = 0; t < seats_; ++t)
          if (salvage_target(seat, t) && cards_held(t) > most) {
            most = cards_held(t);
            best = t;
          }
        if (best < 0) return make(kind::decline);
        return engine::make_action(seat, static_cast<std::uint16_t>(kind::trigger), best);
      }
      default: return std::nullopt;
    }
  }
  if (phase_ != phase::before_battle) return std::nullopt;
  // Before battle: every participant's face-up card and Strength is public now.
  std::size_t which = 0;
  switch (info(factions_[seat]).faction_power) {
    case power::dwarven_armor: which = armor_pref; break;
    case power::peace: which = peace_pref; break;
    case power::regeneration: which = regeneration_pref; break;
    default: return std::nullopt;
  }
  const bool matters = power_matters(seat);
  switch (engine::choice_of(choices, which)) {
    case 1: return matters ? std::nullopt : std::optional<action>(make(kind::decline));
    case 2: return make(kind::decline);
    case 3: return offers_before(seat) ? make(kind::trigger) : make(kind::decline);
    default: return std::nullopt;
  }
}

}  // namespace starport::space_war
