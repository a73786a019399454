// The Mission "Quasar Search" as data (docs/rules/quasar_search_cards.md tells it, draws its
// branches and lists every Challenge with its generated text): four Acts, eleven Challenges
// each, five Ending Letters.
//
//   Act 1 Leaving Halo Station --(at most 2 failures)--> Act 2 Through the Veil (the shortcut)
//                              \--(more, or Morale broken)--> Act 3 The Long Drift
//   Act 2 --(at most 2 failures)--> Act 4 The Quasar's Heart;  more or broken: Ending C
//   Act 3 --(at most 3 failures)--> Act 4;                     more or broken: Ending D
//   Act 4 --(at most 1 failure)--> Ending A (victory);  more: Ending B;  broken: Ending E
//
// The Acts count failures, not successes, so the difficulty (Challenges per Act: 6, 8, 10)
// orders the odds as its name says: more Challenges, more chances to fail. Tuned so a team
// of heuristic bots wins about half its Missions at the standard difficulty
// (docs/rules/quasar_search_cards.md, "Bots").
//
// Every path plays two or three Acts, never more than the three Rank cards. A Challenge's Target number marked per
// player is multiplied by the number of seats (All-Out, Low Profile, Thread the Needle, and
// Split Decision 1 per player: every card odd). Challenges are unowned: their results name
// players (each player, the Team Leader, the players with the highest value …), never "you".
#include <array>
#include <string_view>

#include "engine/quasar_search/cards.hpp"

namespace starport::quasar_search {
namespace {

constexpr effect result(op what, int amount, who target = who::team) {
  effect e;
  e.kind = style::result;
  e.what = what;
  e.amount = static_cast<std::int8_t>(amount);
  e.target = target;
  return e;
}
constexpr effect lose_morale(int n) { return result(op::morale, -n); }
constexpr effect gain_morale(int n) { return result(op::morale, n); }
constexpr effect energy(int n) { return result(op::produce_energy, n); }
constexpr effect drain(int n) { return result(op::consume_energy, n); }
constexpr effect sensors(int n) { return result(op::sensors, n); }
constexpr effect demand(int n) { return result(op::demand, n); }
constexpr effect boon(who w, int n = 1) { return result(op::boon, n, w); }
constexpr effect glory(who w, int n = 1) { return result(op::gain_glory, n, w); }
constexpr effect draw(who w, int n = 1) { return result(op::draw, n, w); }
constexpr effect lesson(who w, int n = 1) { return result(op::learn_lesson, n, w); }
constexpr effect damage(who w, int n = 1) { return result(op::damage, n, w); }
constexpr effect discard(who w, int n = 1) { return result(op::discard, n, w); }

constexpr who each = who::each_player, leader = who::team_leader, highest = who::highest_value,
              lowest = who::lowest_value, rookie = who::lowest_rank;

// A Challenge's own effects while in the Challenge Zone.
constexpr effect no_deck_draw() {
  effect e;
  e.kind = style::constant;
  e.what = op::no_deck_draw;
  e.target = who::team;
  return e;
}
constexpr effect at(phase p, effect e) {
  e.kind = style::required;
  e.at = p;
  return e;
}

using results = std::array<effect, max_results>;
using own = std::array<effect, 2>;

constexpr challenge_def make(std::string_view name, int act, target_kind t, int number, bool per_player,
                             results success, results failure, std::string_view flavor, own effects = {}) {
  challenge_def c;
  c.name = name;
  c.act = static_cast<std::uint8_t>(act);
  c.target = t;
  c.number = static_cast<std::int8_t>(number);
  c.per_player = per_player;
  c.success = success;
  c.failure = failure;
  c.effects = effects;
  c.flavor = flavor;
  return c;
}
constexpr bool per_player = true, fixed = false;
constexpr target_kind all_out = target_kind::all_out, nobody = target_kind::nobody_left_behind,
                      needle = target_kind::thread_the_needle, together = target_kind::stand_together,
                      spearhead = target_kind::spearhead, different = target_kind::all_different,
                      low = target_kind::low_profile, split = target_kind::split_decision;

// clang-format off
constexpr challenge_def challenge_list[] = {
    // ---- Act 1: Leaving Halo Station (gentle: the crew learns to work together) ----
    make("Dock Traffic Jam", 1, all_out, 5, per_player, {energy(1)}, {lose_morale(1)},
         "Forty ships, one exit, and a traffic controller on her first day."),
    make("Customs Inspection", 1, low, 4, per_player, {boon(lowest)}, {lose_morale(1)},
         "Keep it quiet and keep it small; the inspector is bored and looking for work."),
    make("Loading the Cargo Bay", 1, all_out, 6, per_player, {boon(highest)}, {lose_morale(1)},
         "Everything the Mission needs, and a crate of oranges nobody ordered."),
    make("Pre-Flight Checklist", 1, nobody, 4, fixed, {sensors(1)}, {lose_morale(1)},
         "Two hundred items. Every one of them ticked by somebody."),
    make("Undocking Clamps", 1, spearhead, 8, fixed, {energy(1)}, {damage(leader), lose_morale(1)},
         "The clamps are rusted shut. Somebody has to hit them very hard."),
    make("Harbour Pilot's Signal", 1, split, 1, fixed, {gain_morale(1)}, {lose_morale(1)},
         "One odd flash means go. Two even flashes mean something else entirely."),
    make("Orbital Debris Field", 1, nobody, 3, fixed, {energy(2)}, {damage(each)},
         "Old satellites, lost tools, a frozen sandwich. All of it moving fast."),
    make("Station Farewell", 1, together, 0, fixed, {gain_morale(2)}, {},
         "The whole station lines the windows. Wave together."),
    make("Calibrate the Sensors", 1, needle, 5, per_player, {sensors(2)}, {lose_morale(1)},
         "Too little and you are blind. Too much and you are dazzled."),
    make("Crew Roll Call", 1, different, 0, fixed, {boon(each)}, {lose_morale(1)},
         "Every voice answers, and no two say the same thing."),
    make("Supply Haggling", 1, all_out, 5, per_player, {glory(each)}, {drain(2)},
         "The quartermaster of Halo Station drives a hard bargain."),

    // ---- Act 2: Through the Veil (the shortcut: quick, strange and dark) ----
    make("Ion Squall", 2, all_out, 6, per_player, {energy(1)}, {demand(1)},
         "The hull sings with static; the lights flicker in time."),
    make("Blind Navigation", 2, nobody, 5, fixed, {sensors(2)}, {lose_morale(1)},
         "The instruments are dead. Trust each other."),
    make("Static Whispers", 2, low, 3, per_player, {gain_morale(1)}, {discard(each)},
         "Voices in the comms. Keep your heads down and your thoughts quieter."),
    make("Nebula Current", 2, spearhead, 9, fixed, {boon(highest)}, {lose_morale(1)},
         "Ride the current and it carries you halfway. Miss it and it carries you away."),
    make("Shield Harmonics", 2, together, 0, fixed, {gain_morale(1), energy(2)}, {demand(2)},
         "Every emitter on the same frequency, or the shield collapses."),
    make("Glowing Spores", 2, split, 1, per_player, {lesson(each)}, {lose_morale(1)},
         "They glow brighter near odd numbers. Nobody can explain it."),
    make("Phantom Contacts", 2, different, 0, fixed, {sensors(1), energy(1)}, {lose_morale(1)},
         "Twelve ships on the scope, and none of them are there."),
    make("Ghost Ship Drifting", 2, needle, 6, per_player, {boon(leader, 2)}, {lose_morale(1)},
         "Her name is painted over. Her lights are still on."),
    make("Charge Buildup", 2, all_out, 7, per_player, {glory(each)}, {damage(lowest, 2), lose_morale(1)},
         "Discharge it now, all at once, or it discharges through the crew."),
    make("Veil Eddies", 2, nobody, 4, fixed, {energy(1)}, {lose_morale(1)},
         "The lockers drift open; nobody can reach the supplies.", {no_deck_draw()}),
    make("Lightning Corridor", 2, spearhead, 10, fixed, {gain_morale(2)}, {lose_morale(1)},
         "A tunnel of lightning, and the only way out is straight through."),

    // ---- Act 3: The Long Drift (the long way round: hunger, cold and nerves) ----
    make("Rationing", 3, low, 3, per_player, {gain_morale(1)}, {lose_morale(1)},
         "Half portions. Quarter portions. Portions."),
    make("Hull Fatigue", 3, nobody, 5, fixed, {energy(1)}, {damage(each), lose_morale(1)},
         "Every weld creaks. The weakest one decides when it ends."),
    make("Long Watch", 3, all_out, 6, per_player, {boon(rookie)}, {lose_morale(1)},
         "Nothing happens for days, and somebody has to watch it happen."),
    make("Cabin Fever", 3, together, 0, fixed, {gain_morale(2)}, {lose_morale(1)},
         "The same faces, the same walls, the same jokes. Agree on something."),
    make("Drifting Derelict", 3, spearhead, 9, fixed, {boon(highest)}, {demand(1)},
         "A dead freighter with a full hold. Somebody has to go in first."),
    make("Frozen Fuel Lines", 3, all_out, 7, per_player, {energy(2)}, {lose_morale(1)},
         "Thaw them, or drift until somebody finds our bones."),
    make("Star Sighting", 3, needle, 5, per_player, {sensors(2), glory(each)}, {},
         "A familiar star at last. Measure it exactly and the charts line up."),
    make("Mutinous Mutters", 3, different, 0, fixed, {gain_morale(1)}, {lose_morale(2)},
         "Everyone has an opinion. Make sure they are heard, all of them."),
    make("Micrometeor Storm", 3, nobody, 4, fixed, {energy(1)}, {damage(lowest, 2), lose_morale(1)},
         "A thousand pinpricks in the hull. The weakest spot gives first."),
    make("Odd Orbits", 3, split, 1, per_player, {boon(each)}, {lose_morale(1)},
         "The planetoid's moons keep strange time, and so must everyone."),
    make("Recycler Breakdown", 3, all_out, 6, per_player, {energy(1)}, {lose_morale(1)},
         "The air tastes of old socks. Fix it before it tastes of nothing.",
         {at(phase::pre_confrontation, result(op::consume_energy, 1))}),

    // ---- Act 4: The Quasar's Heart (the finale: light, gravity and the lost beacon) ----
    make("Event Horizon Glare", 4, all_out, 7, per_player, {energy(1)}, {lose_morale(1)},
         "The whole sky turns white. Fly by memory."),
    make("Gravitational Shear", 4, nobody, 5, fixed, {gain_morale(1)}, {lose_morale(1), damage(each)},
         "The bow wants to go one way and the stern the other."),
    make("Beacon Alignment", 4, needle, 7, per_player, {boon(each)}, {lose_morale(1)},
         "The old beacon answers only one exact frequency."),
    make("Radiation Lash", 4, low, 3, per_player, {sensors(1)}, {lose_morale(1)},
         "Power down everything you can. Then power down the rest."),
    make("Harmonic Lock", 4, together, 0, fixed, {gain_morale(2)}, {demand(2)},
         "The quasar pulses. Pulse with it, together, or be torn apart."),
    make("Plasma Jet", 4, spearhead, 10, fixed, {boon(highest)}, {lose_morale(1)},
         "One pilot, one gap, one chance."),
    make("Singing Light", 4, split, 1, per_player, {glory(each)}, {lose_morale(1)},
         "The light has a melody, and it only plays the odd notes."),
    make("Echoes of the Lantern", 4, different, 0, fixed, {lesson(each)}, {lose_morale(1)},
         "The lost crew's voices, each one saying something different."),
    make("Core Dive", 4, all_out, 8, per_player, {gain_morale(1), energy(2)}, {lose_morale(2)},
         "Straight down into the light, every engine at full burn."),
    make("Time Dilation", 4, nobody, 6, fixed, {gain_morale(1)}, {lose_morale(1)},
         "Seconds stretch into hours; nobody can reach their stores in time.", {no_deck_draw()}),
    make("Relight the Beacon", 4, spearhead, 10, fixed, {boon(each)}, {lose_morale(1)},
         "The beacon is cold. Somebody has to give it everything."),
};
// clang-format on

constexpr act_def act_list[] = {
    {1, "Leaving Halo Station",
     "The survey ship Lantern went silent near the quasar Kessel's Eye. Your crew is the only one "
     "mad enough to look for her. First, get out of the dock.",
     0, {2, 0}, {3, 0}, {3, 0}, {result(op::sensors, 1)}, 2},
    {2, "Through the Veil",
     "You left port fast enough to risk the shortcut: straight through the Veil Nebula, where "
     "instruments lie and voices whisper.",
     0, {4, 0}, {0, 'C'}, {0, 'C'}, {result(op::produce_energy, 2)}, 2},
    {3, "The Long Drift",
     "Too slow for the shortcut, you take the long way round the Veil: weeks of cold, thin rations "
     "and frayed tempers.",
     0, {4, 0}, {0, 'D'}, {0, 'D'}, {result(op::morale, 1)}, 3},
    {4, "The Quasar's Heart",
     "Kessel's Eye fills the sky. Somewhere in its glare the Lantern's beacon still pulses, faint and "
     "failing. Relight it, and bring her crew home.",
     0, {0, 'A'}, {0, 'B'}, {0, 'E'}, {result(op::sensors, 1)}, 1},
};

constexpr ending_def ending_list[] = {
    {'A', "The Beacon Relit",
     "The Lantern's beacon blazes again and her crew, asleep in their pods, wake to your voices. Two "
     "ships come home to Halo Station, and the whole station lines the windows to wave.",
     true},
    {'B', "An Echo Carried Home",
     "You reach the beacon but cannot wake it. You bring back its last recording and the Lantern's "
     "position, and another crew will finish what you started. The Mission is not won.",
     false},
    {'C', "Lost in the Veil",
     "The nebula closes behind you. Your last message reaches Halo Station a year later, the words "
     "out of order. The Mission is lost.",
     false},
    {'D', "Adrift Beyond the Rim",
     "The long way was too long. Fuel gone and spirits with it, you turn back while you still can. "
     "The Mission is lost.",
     false},
    {'E', "Swallowed by Light",
     "So close. The crew breaks in the glare of Kessel's Eye and the ship falls back on autopilot, "
     "blind and silent. The Mission is lost.",
     false},
};

// Act start effects are Required effects of an unowned card.
constexpr std::array<act_def, 4> acts_with_start() {
  std::array<act_def, 4> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = act_list[i];
    for (effect& e : out[i].start)
      if (e.present()) {
        e.kind = style::required;
        e.at = phase::act_start;
      }
  }
  return out;
}
constexpr std::array<act_def, 4> acts = acts_with_start();

constexpr mission_def the_mission{
    "Quasar Search",
    "Find the survey ship Lantern, lost near the quasar Kessel's Eye, relight her beacon and bring "
    "her crew home. Three Acts stand between Halo Station and the quasar's heart; how the first goes "
    "decides the road.",
    acts, ending_list, 'D'};

}  // namespace

const mission_def& mission() { return the_mission; }
std::span<const challenge_def> challenges() { return challenge_list; }

}  // namespace starport::quasar_search
