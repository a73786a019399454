// Quasar Search's factions and pool of player cards as data (docs/rules/quasar_search_cards.md
// lists every card with its generated text and explains the design). Every effect is a
// primitive of cards.hpp; the rules text comes from it (text.cpp), never from here.
//
// The pool, in index order (the engine::card_index a deck lists; stable within a
// rules_version): the four Faction cards, the neutral crew, the neutral Projects, each
// faction's own cards, and Lost in Space last (the box's card: never in a deck).
//
// Player cards are only in play while they confront (Pre-Resolution to Cleanup) or as an
// Active Project in the Personal Zone, so a crew card's effects name those phases; a
// Project's effects may name any phase of the Challenge loop or Act Start.
#include <string_view>

#include "engine/quasar_search/cards.hpp"

namespace starport::quasar_search {
namespace {

// ---- Building blocks -------------------------------------------------------------------------

constexpr std::uint8_t cartographers = 0, salvagers = 1, choir = 2, vanguard = 3;

constexpr effect make(style s, phase at, op what, int amount, who target, condition only = condition::always,
                      cost pay = cost::none, int cost_amount = 0) {
  effect e;
  e.kind = s;
  e.at = at;
  e.what = what;
  e.amount = static_cast<std::int8_t>(amount);
  e.target = target;
  e.only = only;
  e.pay = pay;
  e.cost_amount = static_cast<std::int8_t>(cost_amount);
  return e;
}
// "PHASE | action" — must happen.
constexpr effect required(phase at, op what, int amount, who target = who::you, condition only = condition::always) {
  return make(style::required, at, what, amount, target, only);
}
// "PHASE | Trigger: action" — may happen once in the phase, paying first.
constexpr effect triggered(phase at, cost pay, int cost_amount, op what, int amount, who target = who::you) {
  return make(style::triggered, at, what, amount, target, condition::always, pay, cost_amount);
}
// "PHASE | You may: action" — a free Trigger.
constexpr effect may(phase at, op what, int amount, who target = who::you) {
  return make(style::triggered, at, what, amount, target);
}
constexpr effect constant(op what, int amount = 0) { return make(style::constant, phase::none, what, amount, who::you); }
constexpr effect boon_outcome(op what, int amount, who target = who::you) {
  return make(style::boon_outcome, phase::none, what, amount, target);
}

constexpr phase act_start = phase::act_start, challenge_start = phase::challenge_start,
                pre_confrontation = phase::pre_confrontation, pre_resolution = phase::pre_resolution,
                pre_cleanup = phase::pre_cleanup;
constexpr condition on_success = condition::on_success, on_failure = condition::on_failure;

constexpr std::uint32_t bit(keyword k) { return 1u << static_cast<int>(k); }

constexpr player_card make_card(std::string_view name, card_kind kind, int value, std::uint8_t faction,
                                std::string_view flavor, effect a = {}, effect b = {}, effect c = {}) {
  player_card p;
  p.name = name;
  p.kind = kind;
  p.value = static_cast<std::int8_t>(value);
  p.faction = faction;
  p.effects = {a, b, c, effect{}};
  p.flavor = flavor;
  return p;
}
constexpr player_card crew(std::string_view name, int value, std::string_view flavor, effect a = {}, effect b = {},
                           effect c = {}) {
  return make_card(name, card_kind::crew, value, neutral, flavor, a, b, c);
}
constexpr player_card project(std::string_view name, int value, std::string_view flavor, effect a = {},
                              effect b = {}) {
  return make_card(name, card_kind::project, value, neutral, flavor, a, b);
}
constexpr player_card of(std::uint8_t faction, player_card p) {
  p.faction = faction;
  return p;
}
constexpr player_card adrenaline(int x, player_card p) {
  p.keywords |= bit(keyword::adrenaline);
  p.adrenaline = static_cast<std::uint8_t>(x);
  return p;
}
constexpr player_card overcommit(player_card p) {
  p.keywords |= bit(keyword::overcommit);
  return p;
}
constexpr player_card faction_card(std::string_view name, std::uint8_t faction, std::string_view flavor, effect a,
                                   effect b) {
  player_card p = make_card(name, card_kind::faction, 0, faction, flavor, a, b);
  p.has_value = false;
  return p;
}

// ---- Factions --------------------------------------------------------------------------------
// Morale Numbers 3–5 (the team's Morale is their sum at every Act Setup); Rankbreakers
// unique; three Rank cards each, one used per Act (a Mission plays three Acts).

constexpr faction_def faction_list[] = {
    {"Helix Cartographers", 3, 17, {2, 3, 4},
     "Surveyors and navigators: they see the next Challenges coming and keep the right card for them."},
    {"Ironbound Salvagers", 4, 23, {1, 3, 5},
     "Scrappers who turn every failure into Energy and every Energy into a push at the right moment."},
    {"Lumen Choir", 5, 31, {1, 2, 4},
     "A crew that sings through the dark: Morale, Glory and Boons, and Lessons learnt the hard way."},
    {"Vanguard Wing", 3, 42, {3, 4, 5},
     "Officers first through the airlock: high Rank, big values, Adrenaline and a Team Leader who Shifts."},
};

// ---- The pool --------------------------------------------------------------------------------

constexpr player_card pool[] = {
    // Faction cards (in the Personal Zone from Player Setup; never in a Hand).
    faction_card("Helix Cartographers", cartographers, "Every star has a name, and we wrote most of them down.",
                 required(act_start, op::sensors, 2, who::team),
                 triggered(pre_resolution, cost::consume_energy, 1, op::shift, 1)),
    faction_card("Ironbound Salvagers", salvagers, "Nothing is wreckage until we say so.",
                 required(pre_cleanup, op::produce_energy, 1, who::team, on_failure),
                 triggered(pre_resolution, cost::consume_energy, 2, op::shift, 2)),
    faction_card("Lumen Choir", choir, "One voice falters. Twelve voices carry.",
                 required(act_start, op::morale, 1, who::team),
                 triggered(pre_resolution, cost::spend_glory, 1, op::shift, 2)),
    faction_card("Vanguard Wing", vanguard, "Rank is not a privilege. It is a place in the line: the front.",
                 required(pre_cleanup, op::gain_glory, 1, who::team_leader, on_success),
                 triggered(pre_resolution, cost::lose_morale, 1, op::shift, 3)),

    // Neutral crew: plain values.
    crew("Ballast Officer", -2, "Very good at making numbers smaller. Nobody knows how."),
    crew("Cold Sleeper", 0, "Still thawing. Present, technically."),
    crew("Cabin Steward", 1, "Brings tea to the bridge during emergencies."),
    crew("Deckhand", 2, "Strong back, short temper, steady hands."),
    crew("Rigger", 3, "Has climbed every mast of the station's antenna forest."),
    crew("Comms Specialist", 4, "Hears a signal in the static before the computer does."),
    crew("Shuttle Pilot", 5, "Lands on anything that holds still, and some things that do not."),
    crew("Gunnery Chief", 6, "Counts in megajoules."),
    crew("Veteran Engineer", 7, "Has fixed this reactor twice. With a boot."),
    crew("Void Marine", 8, "Trained for vacuum, bored by everything else."),

    // Neutral crew with effects (active while confronting).
    crew("Trim Jets", 4, "A little push left, a little push right.", may(pre_resolution, op::shift, 1)),
    crew("Vector Analyst", 3, "Show her the numbers and she shows you the way.",
         triggered(pre_resolution, cost::spend_glory, 1, op::shift, 3)),
    crew("Capacitor Tech", 3, "Stores a storm in a box, releases it on request.",
         triggered(pre_resolution, cost::consume_energy, 2, op::shift, 3)),
    crew("Jettison Crew", 4, "Whatever is not bolted down can go out the airlock.",
         triggered(pre_resolution, cost::discard_card, 1, op::shift, 2)),
    crew("Desperate Gambit", 4, "It will work. It has to work.",
         triggered(pre_resolution, cost::lose_morale, 1, op::shift, 3)),
    crew("Reactor Tender", 4, "Keeps the core purring like a very large cat.",
         required(pre_cleanup, op::produce_energy, 1, who::team)),
    crew("Glory Seeker", 5, "Already rehearsing the medal speech.",
         required(pre_cleanup, op::gain_glory, 1, who::you, on_success)),
    crew("Showrunner", 6, "Makes every rescue look planned.",
         triggered(pre_resolution, cost::spend_glory, 2, op::shift, 4)),
    crew("Quartermaster", 3, "Knows what is in every crate, and which one you will need.",
         may(pre_cleanup, op::stockpile, 2)),
    crew("Cargo Juggler", 5, "Shuffles the hold between breaths.", may(pre_cleanup, op::stockpile, 1)),
    crew("Fold Courier", 4, "Delivers yesterday's parcel tomorrow, exactly when needed.",
         may(pre_cleanup, op::warp, 2)),
    adrenaline(1, crew("Scrap Diver", 3, "Finds the spare part in last week's rubbish.",
                       constant(op::draw_discard))),
    crew("Scout Drone", 2, "Small, fast, curious.", required(pre_cleanup, op::sensors, 1, who::team)),
    crew("Reckless Burn", 9, "The engines were not built for this. Neither were we.",
         required(pre_cleanup, op::demand, 2, who::team)),
    crew("Overclocked Core", 8, "Runs hot. Runs fast. Runs out.", required(pre_cleanup, op::demand, 1, who::team)),
    crew("Morale Officer", 3, "Has a joke for every disaster.",
         required(pre_cleanup, op::morale, 1, who::team, on_failure)),
    crew("Chain of Command", 4, "Orders go up, supplies come down.",
         required(pre_cleanup, op::draw, 1, who::team_leader)),
    crew("Wingmate", 3, "Nobody flies alone, least of all the rookie.",
         required(pre_cleanup, op::draw, 1, who::lowest_rank)),
    adrenaline(1, crew("Adrenal Rush", 5, "Heart racing, hands steady.")),
    adrenaline(2, crew("Firebrand", 6, "Lives for the moment the alarms go off.",
                       required(pre_cleanup, op::damage, 1, who::you, on_failure))),
    overcommit(crew("All Hands", 9, "Everyone to the bridge. Everyone.")),
    overcommit(crew("Last-Ditch Burn", 10, "Every drop of fuel, right now.")),
    crew("Commendation", 4, "A ribbon, a handshake, and the captain's attention.",
         required(pre_cleanup, op::boon, 1, who::you, on_success)),
    crew("Hard Lesson", 2, "The mistake you only make once.",
         required(pre_cleanup, op::learn_lesson, 1, who::you, on_failure)),

    // Neutral Projects (Started by a Boon into the Personal Zone; may still confront).
    project("Targeting Array", 2, "Hits what it is pointed at, which is a start.", constant(op::boost, 1)),
    project("Fusion Reactor", 3, "A small sun in a bottle, and a very good bottle.",
            required(challenge_start, op::produce_energy, 1, who::team)),
    project("Long-Range Scanner", 2, "Sees the trouble three jumps away.",
            triggered(pre_confrontation, cost::consume_energy, 1, op::sensors, 2, who::team)),
    project("Salvage Rights", 1, "Finders keepers, signed and stamped.", constant(op::draw_discard)),
    project("Extra Lockers", 2, "Somewhere to keep the good stuff.", constant(op::hand_size, 2)),
    project("Field Workshop", 3, "Bench, vice, kettle. Everything a crew needs.", boon_outcome(op::draw, 2)),
    project("Flight Simulator", 2, "Crash a thousand times so you never crash once.",
            required(act_start, op::learn_lesson, 1)),
    project("Pocket Hangar", 2, "Bigger on the inside. Do not ask how.", may(challenge_start, op::warp, 1)),
    project("Rallying Banner", 3, "Sewn from the flags of every ship that came home.",
            required(act_start, op::morale, 1, who::team)),
    project("Officer Training", 1, "Leaders are made, mostly in classrooms.",
            required(act_start, op::draw, 2, who::team_leader)),

    // Helix Cartographers.
    of(cartographers, crew("Star Chartist", 4, "Draws the map as the ship flies it.",
                           required(pre_cleanup, op::sensors, 1, who::team), may(pre_cleanup, op::stockpile, 1))),
    of(cartographers, crew("Navigator Prime", 6, "Never lost. Occasionally surprised.", may(pre_resolution, op::shift, 2))),
    of(cartographers, crew("Deep Surveyor", 5, "Every failure is a data point.",
                           required(pre_cleanup, op::learn_lesson, 1, who::you, on_failure))),
    of(cartographers, project("Survey Beacon", 2, "Pings the dark and listens to what answers.",
                              may(challenge_start, op::stockpile, 1))),

    // Ironbound Salvagers.
    of(salvagers, overcommit(crew("Scrap Golem", 10, "Built from three wrecks and a bad idea.",
                                  required(pre_cleanup, op::demand, 1, who::team)))),
    of(salvagers, crew("Welding Crew", 5, "Sparks, smoke, and a hull that holds.",
                       required(pre_cleanup, op::produce_energy, 2, who::team, on_success))),
    of(salvagers, crew("Jury Rigger", 3, "Duct tape is a structural material.",
                       triggered(pre_resolution, cost::consume_energy, 1, op::shift, 2))),
    of(salvagers, project("Reclaimer Rig", 2, "What goes in the bin comes back out improved.",
                          constant(op::draw_discard), required(challenge_start, op::produce_energy, 1, who::team))),

    // Lumen Choir.
    of(choir, crew("Cantor", 4, "Sets the note; the crew follows.",
                   required(pre_cleanup, op::gain_glory, 1, who::each_player, on_success))),
    of(choir, crew("Lantern Bearer", 3, "Keeps a light burning at the airlock.",
                   required(pre_cleanup, op::morale, 1, who::team, on_failure))),
    of(choir, crew("Choir Elder", 6, "Has sung ships home from further than this.",
                   required(pre_cleanup, op::boon, 1, who::you, on_success))),
    of(choir, project("Hymn of Return", 2, "A song about coming home, sung on the way out.",
                      boon_outcome(op::morale, 1, who::team))),

    // Vanguard Wing.
    of(vanguard, adrenaline(1, crew("Strike Leader", 7, "First through the breach, first to the bar."))),
    of(vanguard, crew("Honour Guard", 5, "Stands at the Team Leader's shoulder.",
                      required(pre_resolution, op::shift, 2, who::team_leader))),
    of(vanguard, adrenaline(1, crew("Vanguard Ace", 8, "Flies close enough to read the hull numbers.",
                                    required(pre_cleanup, op::damage, 1, who::you, on_failure)))),
    of(vanguard, project("Battle Standard", 3, "Raised on the bridge when the odds turn bad.",
                         triggered(pre_resolution, cost::spend_glory, 1, op::shift, 2))),

    // The box's card.
    [] {
      player_card p = make_card("Lost in Space", card_kind::lost_in_space, 0, neutral,
                                "Somewhere out there, a crew member is still looking for the ship.");
      p.has_value = false;
      return p;
    }(),
};

}  // namespace

std::span<const faction_def> factions() { return faction_list; }
std::span<const player_card> player_pool() { return pool; }

}  // namespace starport::quasar_search
