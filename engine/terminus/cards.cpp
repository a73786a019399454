// Race to the Terminus's card pool as data (docs/rules/terminus_cards.md lists every card in
// words and the design of the pool). A card: type, keywords, subtypes, Farsight X, Power
// (Complications), Morale (Recruits), Requirement (Actions) and up to four effects built
// from the primitives of cards.hpp. Rules text is generated from the effects (card_text).
#include "engine/terminus/cards.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <string>

#include "engine/core/words.hpp"

namespace starport::terminus {
namespace {

using enum keyword;
using enum subtype;
constexpr when play = when::play, reveal = when::reveal, start_turn = when::start_turn, regroup = when::regroup,
               aftermath = when::aftermath, end_turn = when::end_turn, constant = when::constant;
constexpr target you = target::you, opponent = target::opponent, each_opponent = target::each_opponent,
                 each_ship = target::each_ship, this_card = target::this_card, nobody = target::none;

constexpr std::uint32_t bit(keyword k) { return 1u << static_cast<int>(k); }
constexpr std::uint8_t bit(subtype s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }

// One effect: `kind` `amount` on `who`, when `at`.
constexpr effect fx(when at, op kind, target who, int amount = 0, std::uint8_t flags = 0) {
  effect e;
  e.kind = kind;
  e.at = at;
  e.who = who;
  e.amount = static_cast<std::int8_t>(amount);
  e.flags = flags;
  return e;
}
constexpr effect named(when at, special s, target who) {
  effect e = fx(at, op::special, who);
  e.named = s;
  return e;
}
// The effect happens only while your Ship meets `r`.
constexpr effect only_if(effect e, resource r, compare c, int value) {
  e.only_if = {r, c, static_cast<std::int8_t>(value)};
  return e;
}
constexpr effect each(effect e) { e.flags |= flag_each; return e; }
constexpr effect may(effect e) { e.flags |= flag_optional; return e; }
constexpr effect petty_only(effect e) { e.flags |= flag_petty; return e; }

constexpr compare ge = compare::at_least;
constexpr compare le = compare::at_most;
constexpr resource cer = resource::certainty;
constexpr resource rep = resource::reputation;
constexpr resource itl = resource::intel;

// Builds one card_def; every field starts empty.
struct make {
  card_def d;
  int next = 0;
  constexpr make(std::string_view name, card_type type) { d.name = name; d.type = type; }
  constexpr make& kw(keyword k) { d.keywords |= bit(k); return *this; }
  constexpr make& sub(subtype s) { d.subtypes |= bit(s); return *this; }
  constexpr make& farsight(int x) { kw(keyword::farsight); d.farsight = static_cast<std::uint8_t>(x); return *this; }
  constexpr make& power(int p) { d.power = static_cast<std::int8_t>(p); return *this; }
  constexpr make& morale(int m) { d.morale = static_cast<std::int8_t>(m); return *this; }
  constexpr make& needs(resource r, compare c, int v) { d.needs = {r, c, static_cast<std::int8_t>(v)}; return *this; }
  constexpr make& does(effect e) { d.effects[static_cast<std::size_t>(next++)] = e; return *this; }
  constexpr make& flavor(std::string_view f) { d.flavor = f; return *this; }
  constexpr operator card_def() const { return d; }   // NOLINT: the table reads better without casts
};

constexpr make mod(std::string_view n, subtype nature) { return make(n, card_type::module).sub(nature); }
constexpr make rec(std::string_view n, subtype nature, int m) {
  return make(n, card_type::recruit).sub(nature).morale(m);
}
constexpr make act(std::string_view n) { return make(n, card_type::action); }
constexpr make cmp(std::string_view n, int p) { return make(n, card_type::complication).power(p); }
constexpr make sys(std::string_view n) { return make(n, card_type::system); }

constexpr card_def pool[] = {
    // ---- Modules (36) -------------------------------------------------------------------
    mod("Survey Telescope", synthetic).kw(research)
        .flavor("Points at nothing in particular, patiently."),
    mod("Deep Field Array", synthetic).kw(research).farsight(1)
        .flavor("A thousand mirrors, one very faint smudge."),
    mod("Xenobotany Lab", organic).kw(research).does(fx(regroup, op::morale, you, 1))
        .flavor("The ferns remember where they came from."),
    mod("Quantum Chart Table", arcane).kw(research).kw(override)
        .does(fx(when::override, op::certainty, you, 2))
        .flavor("Every route at once, until someone looks."),
    mod("Grown Hull", organic).kw(neural).flavor("It heals. It also sulks."),
    mod("Mycelial Core", organic).kw(neural).does(fx(regroup, op::morale, you, 1))
        .flavor("The ship's mind is mostly mushroom."),
    mod("Synapse Lattice", organic).kw(neural).kw(ambush).does(fx(when::ambush, op::certainty, you, 2))
        .flavor("Dormant nerves along the keel wake all at once."),
    mod("Crew Lounge", synthetic).kw(social).flavor("Soft chairs, bad coffee, good stories."),
    mod("Holo-Theatre", synthetic).kw(social).does(fx(reveal, op::add_recruit, you))
        .flavor("Opening night draws a crowd, and some of them stay."),
    mod("Galley of Many Worlds", organic).kw(social).does(fx(start_turn, op::morale, you, 1))
        .flavor("Nobody agrees on the spices. Everybody comes to argue."),
    mod("Point-Defence Lasers", synthetic).kw(weapon).flavor("Polite warning shots, very fast."),
    mod("Railgun Battery", synthetic).kw(weapon).kw(override)
        .does(fx(when::override, op::disable_module, opponent, 1)).does(fx(when::override, op::disable_module, this_card))
        .flavor("Mass times velocity, squared by spite."),
    mod("Boarding Spikes", synthetic).kw(weapon).kw(ambush).does(fx(when::ambush, op::kill_recruit, opponent, 1))
        .flavor("Folded flat against the hull until they are not."),
    mod("Spore Cannon", organic).kw(weapon).kw(exhaust)
        .does(each(fx(when::exhaust, op::morale, opponent, -1)))
        .flavor("Harmless, mostly. Itchy, certainly."),
    mod("Long-Range Scanner", synthetic).farsight(2).flavor("Tomorrow's trouble, in low resolution."),
    mod("Oracle Engine", arcane).farsight(3).flavor("It answers questions nobody asked yet."),
    mod("Stealth Plating", synthetic).kw(ambush).does(fx(when::ambush, op::negate, nobody))
        .flavor("Whatever you aimed at is not there anymore."),
    mod("Decoy Beacon", synthetic).kw(ambush).does(fx(when::ambush, op::intel, opponent, 2))
        .flavor("Whoever chases the decoy shows you their engines."),
    mod("Emergency Thrusters", synthetic).kw(exhaust).does(fx(when::exhaust, op::proximity, you, 1))
        .flavor("Rated for one use. Used more often than that."),
    mod("Capacitor Bank", synthetic).kw(exhaust).does(fx(when::exhaust, op::draw_actions, you, 1))
        .flavor("Stored lightning for a rainy cycle."),
    mod("Psionic Damper", arcane).kw(exhaust).does(fx(when::exhaust, op::negate, nobody))
        .flavor("Hushes the universe for a moment."),
    mod("Jury-Rigged Reactor", synthetic).kw(override)
        .does(fx(when::override, op::proximity, you, 1)).does(fx(when::override, op::disable_module, this_card))
        .flavor("Held together with tape and optimism."),
    mod("Cartography Suite", synthetic).kw(override)
        .does(fx(when::override, op::certainty, you, 1)).does(fx(when::override, op::look_actions, you, 3))
        .flavor("Maps of maps, cross-referenced."),
    mod("Diplomatic Transponder", synthetic).does(only_if(fx(regroup, op::reputation, you, 1), rep, le, 2))
        .flavor("Broadcasts apologies on every channel."),
    mod("Smuggler's Hold", synthetic)
        .does(fx(aftermath, op::reputation, you, -1)).does(fx(aftermath, op::draw_actions, you, 1))
        .flavor("The floor is false. So is the manifest."),
    mod("Scout Skiff", synthetic).sub(runabout).does(fx(reveal, op::intel, opponent, 1))
        .flavor("Small, quick, and very curious."),
    mod("Pathfinder Pod", organic).sub(runabout).does(fx(start_turn, op::certainty, you, 1))
        .flavor("It grows toward the Terminus like a vine toward light."),
    mod("Arcane Lifeboat", arcane).sub(runabout).does(fx(reveal, op::certainty, you, 1)).flavor("Launches itself when it senses doom."),
    mod("Ancestral Starmap", arcane).sub(legacy).does(only_if(fx(regroup, op::certainty, you, 1), cer, le, 2))
        .flavor("Drawn by someone who nearly made it."),
    mod("Founder's Charter", synthetic).sub(legacy)
        .does(only_if(fx(start_turn, op::reputation, you, 1), rep, le, 0))
        .flavor("The first promise this ship ever made."),
    mod("Grudge Ledger", arcane).sub(legacy).does(fx(end_turn, op::intel, each_opponent, 1))
        .flavor("Every slight, every rival, every debt."),
    mod("Cryo Bay", synthetic).does(fx(end_turn, op::rally_recruit, you, 1))
        .flavor("Wake up, it's your shift."),
    mod("Repair Drones", synthetic).does(fx(start_turn, op::enable_module, you, 1))
        .flavor("They hum while they weld."),
    mod("Ablative Shielding", synthetic).does(fx(constant, op::untargetable, this_card))
        .flavor("Comes off in layers so the ship doesn't."),
    mod("Sanctum Engine", arcane).kw(override)
        .does(only_if(fx(when::override, op::proximity, you, 1), cer, ge, 2))
        .does(only_if(fx(when::override, op::certainty, you, -2), cer, ge, 2))
        .flavor("Burns knowledge as fuel."),
    mod("Hydroponic Ring", organic).does(fx(end_turn, op::morale, you, 1))
        .flavor("Fresh tomatoes do more for morale than speeches."),

    // ---- Recruits (34) ------------------------------------------------------------------
    rec("Veteran Navigator", organic, 3).does(fx(regroup, op::certainty, you, 1))
        .flavor("Has flown this route twice. Came back once."),
    rec("Eager Cadet", organic, 2).does(fx(reveal, op::draw_actions, you, 1))
        .flavor("Volunteers for everything, including the wrong things."),
    rec("Quartermaster Oyelaran", organic, 3).does(may(fx(aftermath, op::draw_actions, you, 1)))
        .flavor("Knows where every bolt is, and who took it."),
    rec("Signal Analyst", organic, 2).does(fx(start_turn, op::intel, opponent, 1))
        .flavor("Reads your rival's mail. Politely."),
    rec("Ship's Cat", organic, 4).kw(feral).does(fx(end_turn, op::morale, you, 1))
        .flavor("Not crew. Absolutely in charge."),
    rec("Void Hound", organic, 3).kw(feral).kw(override)
        .does(fx(when::override, op::kill_recruit, opponent, 1)).does(fx(when::override, op::morale, this_card, -2))
        .flavor("Found in a derelict. Nobody asked it to stay."),
    rec("Feral Grav-Beast", organic, 5).kw(feral).flavor("Eats ballast. Mostly ballast."),
    rec("Rock Eater", organic, 2).kw(extremophile).flavor("Basalt for breakfast."),
    rec("Vent Dweller", organic, 3).kw(extremophile).flavor("Grew up near a star's back door."),
    rec("Sulphur Monk", organic, 2).kw(extremophile).farsight(1)
        .flavor("Meditates in places that kill lesser monks."),
    rec("Disgruntled Engineer", organic, 2).kw(petty)
        .does(petty_only(fx(end_turn, op::disable_module, you, 1)))
        .flavor("Fixes everything. Breaks things when ignored."),
    rec("Spiteful Heir", organic, 3).kw(petty).does(petty_only(fx(end_turn, op::reputation, you, -1)))
        .flavor("Was promised the captaincy."),
    rec("Bitter Ex-Captain", organic, 2).kw(petty).does(petty_only(fx(regroup, op::discard, you, 1)))
        .flavor("Second-guesses every order, loudly."),
    rec("Ship Mind ECHO", synthetic, 3).sub(digital).does(fx(regroup, op::certainty, you, 1))
        .flavor("ECHO remembers every star it has ever seen."),
    rec("Ghost in the Relay", synthetic, 2).sub(digital).does(fx(start_turn, op::intel, opponent, 1))
        .flavor("Lives in the comms buffer. Listens."),
    rec("Archivist Subroutine", synthetic, 2).sub(digital).farsight(2)
        .flavor("Indexes the future by its past."),
    rec("Maintenance Automaton", synthetic, 3).does(fx(start_turn, op::enable_module, you, 1))
        .flavor("Beep. Fixed. Beep."),
    rec("Security Droid", synthetic, 4).kw(exhaust).does(fx(when::exhaust, op::disable_module, opponent, 1))
        .flavor("Powers down after every fight to think about it."),
    rec("Mystic of the Drift", arcane, 2).farsight(2).flavor("Sees currents in the dark."),
    rec("Star Seer", arcane, 3).kw(override).does(fx(when::override, op::certainty, you, 2))
        .flavor("The stars tell her things. She tells you some."),
    rec("Void Witch", arcane, 2).kw(ambush).does(fx(when::ambush, op::negate, nobody))
        .flavor("Nobody saw her board."),
    rec("Stowaway", organic, 2).kw(ambush).does(fx(when::ambush, op::draw_actions, you, 2))
        .flavor("Was in the cargo hold the whole time, taking notes."),
    rec("Cloaked Operative", organic, 3).kw(ambush).does(fx(when::ambush, op::kill_recruit, opponent, 1))
        .flavor("Signed on under four names."),
    rec("Smooth Talker", organic, 2).kw(exhaust).does(fx(when::exhaust, op::reputation, you, 2))
        .flavor("Talks until the other side agrees or naps."),
    rec("Burnout Pilot", organic, 3).kw(exhaust).does(fx(when::exhaust, op::proximity, you, 1))
        .flavor("One more push, then a long sleep."),
    rec("Field Medic", organic, 2).does(fx(end_turn, op::morale, you, 1))
        .flavor("Bandages, biscuits and bad jokes."),
    rec("Union Rep", organic, 3).kw(override).does(each(fx(when::override, op::morale, you, 1)))
        .flavor("Has negotiated a break for everyone."),
    rec("Fixer", organic, 2).kw(override)
        .does(fx(when::override, op::peek_hand, opponent)).does(fx(when::override, op::intel, opponent, 1))
        .flavor("Knows someone who knows what they're holding."),
    rec("Brtpb", arcane, 3).kw(unique).does(named(constant, special::brtpb, nobody))
        .flavor("Pronounced James. Do not argue about it."),
    rec("Diplomat Saar-Venn", arcane, 3).does(fx(reveal, op::reputation, you, 2))
        .flavor("Speaks eleven languages and one silence."),
    rec("Saboteur", organic, 2).kw(override)
        .does(fx(when::override, op::disable_module, opponent, 1)).does(fx(when::override, op::morale, this_card, -1))
        .flavor("A loose panel here, a crossed wire there."),
    rec("Cartographer Imre", organic, 3).does(only_if(fx(aftermath, op::certainty, you, 1), cer, le, 1))
        .flavor("Draws the map as she goes."),
    rec("Mercenary Gunner", organic, 2).kw(override)
        .does(fx(when::override, op::destroy_module, opponent, 1))
        .does(fx(when::override, op::reputation, you, -1)).does(fx(when::override, op::morale, this_card, -2))
        .flavor("Paid by the hole, and the holes are getting expensive."),
    rec("Gossip Drone", synthetic, 1).does(fx(reveal, op::intel, each_opponent, 1))
        .flavor("Hears everything, repeats most of it."),

    // ---- Complications (27) -------------------------------------------------------------
    cmp("Maintenance Inspection", 2).does(named(play, special::maintenance_inspection, opponent))
        .flavor("Please present every hidden compartment."),
    cmp("Local Coup", 2).does(named(play, special::local_coup, opponent))
        .flavor("The governor has been replaced by a friend of ours."),
    cmp("Engine Trouble", 1).does(fx(play, op::disable_module, opponent, 1))
        .flavor("A grinding noise, then silence."),
    cmp("Hull Breach", 3).does(fx(play, op::destroy_module, opponent, 1))
        .flavor("Seal the bulkheads. Now."),
    cmp("Mutiny Brewing", 1).does(each(fx(play, op::morale, opponent, -1)))
        .flavor("Whispers in the mess hall."),
    cmp("Space Madness", 1).does(fx(play, op::morale, opponent, -2))
        .flavor("Someone has been talking to the airlock."),
    cmp("Fatal Accident", 3).does(fx(play, op::kill_recruit, opponent, 1))
        .flavor("Nobody touch anything."),
    cmp("Bureaucratic Delay", 2).does(fx(play, op::skip_play, opponent))
        .flavor("Form 27-B, in triplicate, notarised."),
    cmp("Jammed Signal", 1).does(fx(play, op::negate, nobody)).flavor("...did you say something?"),
    cmp("Counter-Measures", 2).does(fx(play, op::negate, nobody)).does(fx(play, op::draw_actions, you, 1))
        .flavor("We saw that coming."),
    cmp("Sensor Ghost", 0).does(fx(play, op::certainty, opponent, -1))
        .flavor("There was a star there a moment ago."),
    cmp("Bad Press", 0).does(fx(play, op::reputation, opponent, -2))
        .flavor("Captain seen kicking a service drone."),
    cmp("Navigation Error", 2).does(fx(play, op::proximity, opponent, -1))
        .flavor("Left at the pulsar, not right."),
    cmp("Gravity Well", 3).does(fx(play, op::proximity, opponent, -2))
        .flavor("Everything is downhill from here, and that's the problem."),
    cmp("Data Leak", 0).does(fx(play, op::peek_hand, opponent)).does(fx(play, op::intel, opponent, 1))
        .flavor("Someone left the logs open."),
    cmp("Lost Cargo", 1).does(fx(play, op::discard, opponent, 1)).flavor("It was right here."),
    cmp("Short Circuit", 1).does(fx(play, op::burn, opponent, 1)).flavor("Smell that? That's the plan."),
    cmp("Quiet Sabotage", 2).does(fx(play, op::disable_module, opponent, 1)).does(fx(play, op::silence, nobody))
        .flavor("Nobody will ever know who did it."),
    cmp("Stellar Flare", 1).does(fx(play, op::flip_recruit, opponent, 1))
        .flavor("Everyone to the shielded decks!"),
    cmp("Lucky Break", 0).does(fx(play, op::certainty, you, 1)).flavor("A gap in the nebula."),
    cmp("Favourable Winds", 2).does(fx(play, op::proximity, you, 1))
        .flavor("Solar wind at your back."),
    cmp("Rescue Beacon", 1).does(fx(play, op::add_recruit, you)).flavor("Survivors, and they can cook."),
    cmp("Salvage Claim", 1).does(fx(play, op::add_module, you)).flavor("Finders keepers."),
    cmp("Chaos Storm", 2).does(fx(play, op::bury_system, opponent))
        .flavor("The map is wrong now. All of it."),
    cmp("Manifest Destiny", 3).sub(destiny)
        .does(fx(play, op::reputation, you, 2)).does(fx(start_turn, op::certainty, you, 1))
        .flavor("We were always meant to get there."),
    cmp("Written in the Stars", 2).sub(destiny).does(fx(regroup, op::draw_actions, you, 1))
        .flavor("Every card you draw was foretold."),
    cmp("Doomsayer's Prophecy", 2).sub(destiny).does(fx(end_turn, op::certainty, each_opponent, -1))
        .flavor("None of you will make it. Except us."),

    // ---- Systems (28) -------------------------------------------------------------------
    sys("Sol Relay Station").kw(comfortable).flavor("Home's last porch light."),
    sys("Garden Moon of Teyla").kw(comfortable).does(fx(regroup, op::reputation, you, 1))
        .flavor("Orchards under a ringed sky."),
    sys("Resort Ring Halcyon").kw(comfortable).kw(bustling).flavor("Spa, shipyard, casino."),
    sys("Dyson Shipyards").kw(bustling).flavor("Half a star's worth of scaffolding."),
    sys("Free Port Karst").kw(bustling).kw(shady).flavor("No questions, no receipts."),
    sys("The Undermarket").kw(shady).flavor("Everything is for sale, especially you."),
    sys("Pirate Haven Skarn").kw(shady).does(fx(start_turn, op::reputation, you, -1))
        .flavor("Being seen here is a statement."),
    sys("Smugglers' Nebula").kw(shady).does(fx(regroup, op::intel, opponent, 1))
        .flavor("Rumours travel faster than ships."),
    sys("Cinder Belt").kw(hazardous).flavor("Rocks on fire, for reasons."),
    sys("Radiation Shoals").kw(hazardous).does(fx(start_turn, op::certainty, you, 1))
        .flavor("Deadly, and very informative."),
    sys("Acid Giant Vorr").kw(hazardous).kw(chaotic).flavor("Its storms rewrite the charts."),
    sys("Shattered Lanes").kw(chaotic).flavor("The old hyperlanes, broken like glass."),
    sys("Prism Rift").kw(chaotic).does(fx(reveal, op::certainty, each_ship, 1))
        .flavor("Split light shows every path at once."),
    sys("Whispering Pulsar").does(fx(start_turn, op::certainty, you, 1))
        .flavor("It ticks toward the Terminus."),
    sys("Beacon of Aurel").does(only_if(fx(regroup, op::certainty, you, 1), rep, ge, 1))
        .flavor("Its keepers guide only the well-mannered."),
    sys("Listening Post Kappa").does(fx(start_turn, op::intel, opponent, 1))
        .flavor("Abandoned, but the ears still work."),
    sys("Graveyard of Ships").kw(override).does(fx(when::override, op::add_module, you))
        .flavor("Plenty of spare parts, no spare owners."),
    sys("Derelict Station").kw(override).does(fx(when::override, op::add_recruit, you))
        .flavor("Someone is still aboard, and wants a ride."),
    sys("Tidal Anomaly").does(only_if(fx(end_turn, op::proximity, you, -1), cer, le, 0))
        .flavor("Lose your bearings and it drags you back."),
    sys("Hyperlane Junction").does(fx(regroup, op::draw_actions, you, 1))
        .flavor("Every route crosses here."),
    sys("Quiet Expanse").does(fx(end_turn, op::morale, you, 1)).flavor("Nothing out here. Finally."),
    sys("Cult World Ennead").does(fx(start_turn, op::reputation, you, -1))
        .does(fx(regroup, op::certainty, you, 1))
        .flavor("They know the way. They want something for it."),
    sys("Customs Blockade").does(only_if(fx(start_turn, op::discard, you, 1), rep, le, -1))
        .flavor("Papers, please. Not those papers."),
    sys("Dark Nebula").does(fx(start_turn, op::intel, each_opponent, -1))
        .flavor("Nobody sees anybody in here."),
    sys("Frontier Colony").kw(bustling).flavor("Prefab domes and big ambitions."),
    sys("Ion Storm Front").does(fx(end_turn, op::disable_module, you, 1))
        .flavor("Everything electrical sparks at once."),
    sys("Neutron Lighthouse").does(fx(start_turn, op::look_actions, you, 2))
        .flavor("A beam so bright it shows tomorrow."),
    sys("Slingshot Star").kw(exhaust).does(fx(when::exhaust, op::proximity, you, 1))
        .flavor("One pass, then it's spent."),

    // ---- Actions (45) -------------------------------------------------------------------
    act("Plot a Course").does(fx(play, op::certainty, you, 1)).flavor("Pencil, ruler, prayer."),
    act("Stellar Survey").does(fx(play, op::certainty, you, 2)).flavor("Measure twice, jump once."),
    act("Careful Approach").needs(cer, ge, 1)
        .does(fx(play, op::proximity, you, 1)).does(fx(play, op::certainty, you, -1))
        .flavor("One system at a time."),
    act("Jump").needs(cer, ge, 2).does(fx(play, op::proximity, you, 2)).does(fx(play, op::certainty, you, -2))
        .flavor("Everyone hold on to something."),
    act("Blind Jump").needs(cer, le, 1)
        .does(fx(play, op::proximity, you, 1)).does(each(fx(play, op::morale, you, -1)))
        .flavor("Where are we? Closer, probably."),
    act("Calculated Leap").needs(cer, ge, 3)
        .does(fx(play, op::proximity, you, 3)).does(fx(play, op::certainty, you, -3))
        .flavor("The numbers say yes."),
    act("Grand Leap").kw(unique).needs(cer, ge, 5)
        .does(fx(play, op::proximity, you, 4)).does(fx(play, op::certainty, you, -5))
        .flavor("The jump the old captains only talked about."),
    act("Ride the Current").needs(cer, ge, 2).does(fx(play, op::proximity, you, 1))
        .flavor("The galaxy's own tide, if you know where it runs."),
    act("Press Conference").does(fx(play, op::reputation, you, 2)).flavor("Smile for the drones."),
    act("Charity Gala").does(fx(play, op::reputation, you, 1)).does(each(fx(play, op::morale, you, 1)))
        .flavor("Black tie, zero gravity."),
    act("Celebrity Endorsement").needs(rep, ge, 2)
        .does(fx(play, op::proximity, you, 1)).does(fx(play, op::reputation, you, -1))
        .flavor("A famous face clears the shipping lanes."),
    act("Hero's Welcome").needs(rep, ge, 4)
        .does(fx(play, op::proximity, you, 2)).does(fx(play, op::reputation, you, -2))
        .flavor("Every port waves you through."),
    act("Call in Favours").needs(rep, ge, 3)
        .does(fx(play, op::add_module, you)).does(fx(play, op::reputation, you, -2))
        .flavor("You helped them once. Now they help you."),
    act("Recruitment Drive").needs(rep, ge, 1).does(fx(play, op::add_recruit, you))
        .flavor("Join a famous crew!"),
    act("Dirty Deal").needs(rep, le, 0)
        .does(fx(play, op::draw_actions, you, 2)).does(fx(play, op::reputation, you, -1))
        .flavor("Nobody has to know."),
    act("Black Market Run").needs(rep, le, -1).does(fx(play, op::add_module, you))
        .flavor("Slightly used, no serial numbers."),
    act("Pirate Raid").needs(rep, le, -2)
        .does(fx(play, op::disable_module, opponent, 1)).does(fx(play, op::intel, opponent, 1))
        .flavor("Fly the black flag."),
    act("Shakedown").needs(rep, le, 0)
        .does(fx(play, op::discard, opponent, 1)).does(fx(play, op::reputation, you, -1))
        .flavor("Nice plans you've got there."),
    act("Spy Network").does(fx(play, op::intel, opponent, 2)).flavor("Friends in every port."),
    act("Eavesdrop").does(fx(play, op::intel, each_opponent, 1)).flavor("Walls are thin on space stations."),
    act("Read Their Charts").needs(itl, ge, 1)
        .does(fx(play, op::peek_hand, opponent)).does(fx(play, op::certainty, you, 1))
        .flavor("Their navigator writes very clearly."),
    act("Sabotage").needs(itl, ge, 2)
        .does(fx(play, op::disable_module, opponent, 1)).does(fx(play, op::intel, opponent, -1))
        .flavor("Third panel from the left."),
    act("Assassination").kw(unique).needs(itl, ge, 3)
        .does(fx(play, op::kill_recruit, opponent, 1)).does(fx(play, op::intel, opponent, -3))
        .flavor("We know where they sleep."),
    act("Plant a Virus").needs(itl, ge, 2)
        .does(fx(play, op::skip_play, opponent)).does(fx(play, op::intel, opponent, -2))
        .flavor("Their nav computer will be busy for a while."),
    act("Follow Their Wake").needs(itl, ge, 2)
        .does(fx(play, op::proximity, you, 1)).does(fx(play, op::intel, opponent, -2))
        .flavor("They found the way. Thank them later."),
    act("Poach Talent").needs(itl, ge, 1)
        .does(fx(play, op::morale, opponent, -2)).does(fx(play, op::intel, opponent, -1))
        .flavor("We pay better, you know."),
    act("Leak Their Position").needs(itl, ge, 1)
        .does(fx(play, op::reputation, opponent, -2)).does(fx(play, op::intel, opponent, -1))
        .flavor("The press would love to hear this."),
    act("Scuttle").kw(unique).needs(itl, ge, 4)
        .does(fx(play, op::destroy_module, opponent, 1)).does(fx(play, op::intel, opponent, -4))
        .flavor("One charge, the right place."),
    act("Shore Leave").does(each(fx(play, op::morale, you, 1))).does(fx(play, op::rally_recruit, you, 1))
        .flavor("Back in twelve hours. Mostly."),
    act("Rally the Crew").does(fx(play, op::rally_recruit, you, 2)).does(fx(play, op::morale, you, 1))
        .flavor("Up, all of you. We're not done."),
    act("Repairs").does(fx(play, op::enable_module, you, 2)).flavor("Hit it until it works."),
    act("Refit").needs(cer, ge, 1)
        .does(fx(play, op::add_module, you)).does(fx(play, op::certainty, you, -1))
        .flavor("Swap the old for the new."),
    act("Hire Mercenaries").does(fx(play, op::add_recruit, you)).does(fx(play, op::reputation, you, -1))
        .flavor("Cash up front."),
    act("Consult the Archives").does(fx(play, op::look_actions, you, 3)).does(fx(play, op::draw_actions, you, 1))
        .flavor("Someone must have written this down."),
    act("Deep Scan").does(fx(play, op::certainty, you, 1)).does(fx(play, op::look_actions, you, 2))
        .flavor("Full sweep, all bands."),
    act("Long Watch").needs(cer, le, 0).does(fx(play, op::certainty, you, 3))
        .flavor("Stare at the dark until it blinks."),
    act("Desperate Burn").needs(cer, le, 1)
        .does(fx(play, op::proximity, you, 1)).does(fx(play, op::disable_module, you, 1))
        .flavor("Redline it."),
    act("Reroute Power").does(fx(play, op::enable_module, you, 1)).does(fx(play, op::certainty, you, 1))
        .flavor("Life support can wait a minute."),
    act("Lay Low").needs(rep, le, 0)
        .does(fx(play, op::reputation, you, 2)).does(fx(play, op::draw_actions, you, 1))
        .flavor("Let it blow over."),
    act("Scrap for Parts").does(fx(play, op::destroy_module, you, 1)).does(fx(play, op::certainty, you, 3))
        .flavor("We didn't need that wing anyway."),
    act("Chart the Unknown").needs(cer, ge, 2)
        .does(fx(play, op::bury_system, you)).does(fx(play, op::certainty, you, 1))
        .flavor("This map is wrong. Let's draw a better one."),
    act("Fast Talk").needs(rep, ge, 1)
        .does(fx(play, op::draw_complications, you, 1)).does(fx(play, op::reputation, you, -1))
        .flavor("Talk fast, leave faster."),
    act("Stealth Approach").needs(itl, ge, 1)
        .does(fx(play, op::proximity, you, 1)).does(fx(play, op::intel, opponent, -1))
        .flavor("Slip in where they aren't looking."),
    act("Overclock Engines").needs(cer, ge, 1)
        .does(fx(play, op::proximity, you, 2)).does(fx(play, op::certainty, you, -1))
        .does(fx(play, op::disable_module, you, 1))
        .flavor("The warranty did not cover this."),
    act("Diplomatic Pouch").kw(unique).needs(rep, ge, 3)
        .does(fx(play, op::intel, each_opponent, 2)).does(fx(play, op::draw_actions, you, 1))
        .flavor("Sealed, stamped, read anyway."),
};

static_assert(std::size(pool) <= 256, "card_id is one byte");

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Which keywords a card type may carry (the glossary says what each applies to).
constexpr std::uint32_t allowed_keywords(card_type t) {
  switch (t) {
    case card_type::module:
      return bit(ambush) | bit(exhaust) | bit(keyword::farsight) | bit(neural) | bit(keyword::override) |
             bit(research) | bit(social) | bit(unique) | bit(weapon);
    case card_type::recruit:
      return bit(ambush) | bit(exhaust) | bit(extremophile) | bit(keyword::farsight) | bit(feral) |
             bit(keyword::override) | bit(petty) | bit(unique);
    case card_type::system:
      return bit(bustling) | bit(chaotic) | bit(comfortable) | bit(exhaust) | bit(hazardous) | bit(shady) |
             bit(keyword::override) | bit(unique);
    case card_type::action:
    case card_type::complication: return bit(unique);
  }
  return 0;
}

constexpr std::uint8_t natures = bit(organic) | bit(synthetic) | bit(arcane);

bool resource_op(op k) {
  return k == op::proximity || k == op::certainty || k == op::reputation || k == op::intel;
}
bool card_op(op k) {
  switch (k) {
    case op::morale: case op::disable_module: case op::enable_module: case op::destroy_module:
    case op::kill_recruit: case op::flip_recruit: case op::rally_recruit: return true;
    default: return false;
  }
}
bool hand_op(op k) {
  return k == op::draw_actions || k == op::draw_complications || k == op::discard || k == op::burn;
}

std::string check_effect(const card_def& c, const effect& e) {
  const bool ship_target = e.who == you || e.who == opponent || e.who == each_opponent || e.who == each_ship;
  const bool is_action = c.type == card_type::action;
  const bool is_complication = c.type == card_type::complication;
  // Timing against the card type.
  if (e.at == when::none) return "an effect without a timing";
  if (is_action && e.at != play) return "an Action's effects happen when it is played";
  if (is_complication && e.at != play && !c.is(destiny))
    return "a Complication's effects happen when it resolves (only a Destiny stays to trigger later)";
  if (!is_action && !is_complication && e.at == play) return "only Actions and Complications are played";
  if (e.at == when::ambush && !c.has(ambush)) return "an Ambush effect without the Ambush keyword";
  if (e.at == when::exhaust && !c.has(exhaust)) return "an Exhaust effect without the Exhaust keyword";
  if (e.at == when::override && !c.has(keyword::override)) return "an Override effect without the Override keyword";
  if ((e.flags & flag_petty) && !c.has(petty)) return "a Petty-only effect on a card without Petty";
  if (e.flags & ~(flag_each | flag_optional | flag_petty)) return "unknown effect flags";
  if (e.only_if.on == resource::none && e.only_if.value != 0) return "a condition without a resource";
  if ((e.kind == op::special) != (e.named != special::none)) return "op::special and its named special disagree";
  if (static_cast<int>(e.named) >= special_count) return "an unknown special";
  if ((e.flags & flag_each) && !card_op(e.kind)) return "only card primitives act on each card";
  if (e.who == this_card && c.type != card_type::module && c.type != card_type::recruit)
    return "only Modules and Recruits act on themselves";
  // The primitive against its target and amount.
  const int a = e.amount;
  if (resource_op(e.kind)) {
    if (a == 0 || a < -5 || a > 5) return "a resource change of 0 or beyond 5";
    if (!ship_target) return "a resource change needs a Ship";
    if (e.kind == op::intel && e.who != opponent && e.who != each_opponent)
      return "Intel is gained or expended on opponent Ships";
  } else if (hand_op(e.kind)) {
    if (a < 1 || a > 4) return "a Hand primitive moves 1 to 4 cards";
    if (!ship_target) return "a Hand primitive needs a player";
  } else if (card_op(e.kind)) {
    if (e.kind == op::morale ? (a == 0 || a < -3 || a > 3) : (a < 0 || a > 3))
      return "a card primitive's amount is out of range";
    if (!ship_target && e.who != this_card) return "a card primitive needs a Ship or this card";
    if (e.who == this_card) {
      if (e.kind == op::morale && c.type != card_type::recruit) return "only a Recruit has its own Morale";
      if (e.kind == op::disable_module && c.type != card_type::module) return "only a Module disables itself";
      if (e.kind != op::morale && e.kind != op::disable_module) return "this card cannot be its own target there";
    }
    if (e.kind == op::morale && e.who != this_card && e.who != you && e.who != opponent)
      return "Morale goes to your Crew or one opponent's";
  } else {
    switch (e.kind) {
      case op::look_actions:
        if (a < 1 || a > 5 || e.who != you) return "look_actions: you look at 1 to 5 cards";
        break;
      case op::peek_hand:
        if (e.who != opponent) return "peek_hand targets one opponent";
        break;
      case op::add_module: case op::add_recruit: case op::bury_system:
        if (!ship_target) return "adding or replacing needs a Ship";
        break;
      case op::skip_play:
        if (e.who != opponent && e.who != each_opponent) return "skip_play targets opponents";
        break;
      case op::negate:
        if (e.who != nobody) return "negate targets the Cascade, not a Ship";
        if (!is_complication && e.at != when::ambush && e.at != when::exhaust)
          return "only responses negate (Complications, Ambush, Exhaust)";
        break;
      case op::silence:
        if (!is_complication || e.who != nobody) return "only a Complication silences its own draw";
        break;
      case op::untargetable:
        if (e.at != constant || e.who != this_card) return "untargetable is a constant on this card";
        break;
      case op::special:
        break;
      default:
        return "an unknown primitive";
    }
  }
  return {};
}

}  // namespace

std::span<const card_def> all_cards() { return pool; }

const card_def& card(card_id id) { return pool[id]; }

bool find_card(std::string_view name, card_id& out) {
  const std::string wanted = lower(name);
  for (std::size_t i = 0; i < std::size(pool); ++i)
    if (lower(pool[i].name) == wanted) {
      out = static_cast<card_id>(i);
      return true;
    }
  return false;
}

std::string validate_card(const card_def& c) {
  const std::string who = c.name.empty() ? std::string("a card without a name") : std::string(c.name);
  auto bad = [&](std::string_view why) { return who + ": " + std::string(why); };
  if (c.name.empty() || c.name.size() > 40) return bad("a name is 1 to 40 characters");
  for (char ch : c.name)
    if (static_cast<unsigned char>(ch) < 0x20 || ch == '#') return bad("a name has no control characters or '#'");
  if (c.name.front() == ' ' || c.name.back() == ' ') return bad("a name has no outer spaces");
  if (std::isdigit(static_cast<unsigned char>(c.name.front()))) return bad("a name does not start with a digit");
  if (static_cast<int>(c.type) >= card_type_count) return bad("an unknown card type");
  if (c.keywords >> keyword_count) return bad("an unknown keyword bit");
  if (c.subtypes >> subtype_count) return bad("an unknown subtype bit");
  if (c.keywords & ~allowed_keywords(c.type)) return bad("a keyword its card type cannot carry");
  if (c.has(keyword::farsight) != (c.farsight > 0)) return bad("Farsight and its X disagree");
  if (c.farsight > 5) return bad("Farsight X is at most 5");
  const bool crew_or_ship = c.type == card_type::module || c.type == card_type::recruit;
  const int nature_count = std::popcount(static_cast<unsigned>(c.subtypes & natures));
  if (crew_or_ship ? nature_count != 1 : nature_count != 0)
    return bad("Modules and Recruits have exactly one nature (Organic, Synthetic, Arcane); others none");
  if (c.is(destiny) && c.type != card_type::complication) return bad("only Complications are Destiny");
  if (c.is(digital) && c.type != card_type::recruit) return bad("only Recruits are Digital");
  if ((c.is(legacy) || c.is(runabout)) && c.type != card_type::module) return bad("only Modules are Legacy or Runabout");
  if (c.is(legacy) && c.is(runabout)) return bad("a Legacy never leaves the primary Ship, so it is no Runabout");
  if (c.type == card_type::complication ? (c.power < 0 || c.power > 10) : c.power != 0)
    return bad("Power 0 to 10, on Complications only");
  if (c.type == card_type::recruit ? (c.morale < 1 || c.morale > 6) : c.morale != 0)
    return bad("Morale 1 to 6, on Recruits only");
  if (c.needs.present() && c.type != card_type::action)
    return bad("only Actions have a Requirement");
  if (!c.needs.present() && c.needs.value != 0) return bad("a Requirement value without a resource");
  if (c.needs.present() && (c.needs.value < -5 || c.needs.value > 9)) return bad("a Requirement beyond -5..9");
  if (c.needs.on == resource::intel && c.needs.cmp != compare::at_least)
    return bad("an Intel Requirement is a minimum (it limits the targets)");
  bool gap = false, has[when_count] = {};
  int effects = 0;
  for (const effect& e : c.effects) {
    if (!e.present()) { gap = true; continue; }
    if (gap) return bad("effects listed after an empty slot");
    if (static_cast<int>(e.at) >= when_count || static_cast<int>(e.who) >= target_count ||
        static_cast<int>(e.kind) >= op_count)
      return bad("an effect field out of range");
    if (std::string why = check_effect(c, e); !why.empty()) return bad(why);
    has[static_cast<int>(e.at)] = true;
    ++effects;
  }
  if (c.has(ambush) != has[static_cast<int>(when::ambush)]) return bad("Ambush needs an Ambush effect and back");
  if (c.has(exhaust) != has[static_cast<int>(when::exhaust)]) return bad("Exhaust needs an Exhaust effect and back");
  if (c.has(keyword::override) != has[static_cast<int>(when::override)])
    return bad("Override needs an Override effect and back");
  if (c.has(petty)) {
    bool petty_effect = false;
    for (const effect& e : c.effects) petty_effect |= (e.flags & flag_petty) != 0;
    if (!petty_effect) return bad("a Petty Recruit needs a Petty effect");
  }
  if (c.needs.on == resource::intel) {
    bool targets = false;
    for (const effect& e : c.effects) targets |= e.who == target::opponent || e.who == target::each_opponent;
    if (!targets) return bad("an Intel Requirement limits the targets, so the card needs an opponent target");
  }
  if ((c.type == card_type::action || c.type == card_type::complication) && effects == 0)
    return bad("an Action or Complication does something");
  return {};
}

std::string validate_cards() { return validate_pool(pool); }

std::string validate_pool(std::span<const card_def> cards) {
  std::string problems;
  auto fail = [&](const std::string& why) { problems += why + "\n"; };
  if (cards.size() > 256) fail("more than 256 cards: card_id is one byte");
  int by_type[card_type_count] = {};
  int keywords[keyword_count] = {};
  int subtypes[subtype_count] = {};
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const card_def& c = cards[i];
    if (std::string why = validate_card(c); !why.empty()) fail(why);
    if (static_cast<int>(c.type) < card_type_count) ++by_type[static_cast<int>(c.type)];
    for (int k = 0; k < keyword_count; ++k) keywords[k] += (c.keywords >> k) & 1;
    for (int s = 0; s < subtype_count; ++s) subtypes[s] += (c.subtypes >> s) & 1;
    for (std::size_t j = 0; j < i; ++j)
      if (lower(cards[j].name) == lower(c.name)) fail(std::string(c.name) + " appears twice");
  }
  constexpr int minimum[card_type_count] = {30, 30, 40, 20, 25};   // module, recruit, action, complication, system
  for (int t = 0; t < card_type_count; ++t)
    if (by_type[t] < minimum[t])
      fail("only " + std::to_string(by_type[t]) + " " + std::string(type_name(static_cast<card_type>(t))) +
           " cards (at least " + std::to_string(minimum[t]) + ")");
  for (int k = 0; k < keyword_count; ++k)
    if (keywords[k] < 2) fail(std::string(keyword_name(static_cast<keyword>(k))) + " is on fewer than two cards");
  for (int s = 0; s < subtype_count; ++s)
    if (subtypes[s] < 2) fail(std::string(subtype_name(static_cast<subtype>(s))) + " is on fewer than two cards");
  struct named_card { std::string_view name; card_type type; special effect; };
  for (named_card n : {named_card{"Maintenance Inspection", card_type::complication, special::maintenance_inspection},
                       named_card{"Local Coup", card_type::complication, special::local_coup},
                       named_card{"Brtpb", card_type::recruit, special::brtpb}}) {
    const auto found = std::find_if(cards.begin(), cards.end(), [&](const card_def& c) { return c.name == n.name; });
    bool ok = found != cards.end() && found->type == n.type;
    if (ok) {
      ok = false;
      for (const effect& e : found->effects) ok |= e.named == n.effect;
    }
    if (!ok) fail("the rulebook's " + std::string(type_name(n.type)) + " " + std::string(n.name) + " is missing");
  }
  return problems;
}

std::string_view type_name(card_type t) {
  switch (t) {
    case card_type::module: return "Module";
    case card_type::recruit: return "Recruit";
    case card_type::action: return "Action";
    case card_type::complication: return "Complication";
    case card_type::system: return "System";
  }
  return "?";
}

std::string_view keyword_name(keyword k) {
  static constexpr std::string_view names[keyword_count] = {
      "Ambush", "Bustling", "Chaotic", "Comfortable", "Exhaust", "Extremophile", "Farsight", "Feral", "Hazardous",
      "Neural", "Override", "Petty", "Research", "Shady", "Social", "Unique", "Weapon"};
  const auto i = static_cast<std::size_t>(k);
  return i < std::size(names) ? names[i] : "?";
}

std::string_view subtype_name(subtype s) {
  static constexpr std::string_view names[subtype_count] = {"Destiny", "Digital", "Legacy", "Runabout",
                                                            "Organic", "Synthetic", "Arcane"};
  const auto i = static_cast<std::size_t>(s);
  return i < std::size(names) ? names[i] : "?";
}

namespace {

using engine::plural;

std::string_view resource_name(op k) {
  switch (k) {
    case op::proximity: return "Proximity";
    case op::certainty: return "Certainty";
    case op::reputation: return "Reputation";
    default: return "Intel";
  }
}

// "target opponent" / "each opponent" / "every Ship"; `you` is the empty subject.
std::string subject(target t) {
  switch (t) {
    case target::opponent: return "target opponent";
    case target::each_opponent: return "each opponent";
    case target::each_ship: return "every Ship";
    default: return "";
  }
}
// Whose cards: "your" / "target opponent's" / "each opponent's" / "every Ship's".
std::string whose(target t) {
  switch (t) {
    case target::you: return "your";
    case target::opponent: return "target opponent's";
    case target::each_opponent: return "each opponent's";
    case target::each_ship: return "every Ship's";
    default: return "its";
  }
}
// "gain" for you, "gains" for the others.
std::string verb(target t, std::string_view base) {
  std::string s = subject(t);
  std::string v(base);
  if (s.empty()) return v;
  return s + " " + v + "s";
}

std::string cards_of(const effect& e, std::string_view one, std::string_view many) {
  if (e.flags & flag_each) return "every " + std::string(one);
  return plural(picks(e), one, many);
}

std::string requirement_text(const requirement& r) {
  std::string_view what = r.on == resource::certainty ? "Certainty" : r.on == resource::reputation ? "Reputation" : "Intel";
  std::string text = std::string(what) + " " + std::to_string(r.value) + (r.cmp == compare::at_least ? " or more" : " or less");
  if (r.on == resource::intel) text += " on the target";
  return text;
}

std::string timing_text(const card_def& c, when w, bool petty_only) {
  const bool system = c.type == card_type::system;
  std::string t;
  switch (w) {
    case when::play: t = c.is(subtype::destiny) ? "When played" : ""; break;
    case when::reveal: t = "When revealed"; break;
    case when::flip_up: t = "When flipped face up"; break;
    case when::start_turn: t = system ? "At the start of your Turn here" : "At the start of your Turn"; break;
    case when::regroup: t = system ? "In your Regroup Step here" : "In your Regroup Step"; break;
    case when::aftermath: t = system ? "In your Aftermath Step here" : "In your Aftermath Step"; break;
    case when::end_turn: t = system ? "At the end of your Turn here" : "At the end of your Turn"; break;
    case when::override: t = "Override"; break;
    case when::ambush: t = "Ambush"; break;
    case when::exhaust: t = "Exhaust"; break;
    case when::constant: case when::none: t = ""; break;
  }
  if (petty_only) {
    if (!t.empty()) t[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(t[0])));
    t = t.empty() ? "While this Recruit has 0 or less Morale" : "While this Recruit has 0 or less Morale, " + t;
  }
  return t;
}

}  // namespace

int picks(const effect& e) {
  if (e.kind == op::morale) return 1;
  return e.amount == 0 ? 1 : std::abs(static_cast<int>(e.amount));
}

std::string pick_words(const effect& e) {
  const int n = e.amount;
  switch (e.kind) {
    case op::morale: return std::string(n > 0 ? "gains " : "loses ") + std::to_string(n > 0 ? n : -n) + " Morale";
    case op::disable_module: return "is disabled";
    case op::enable_module: return "is enabled";
    case op::destroy_module: return "is destroyed";
    case op::kill_recruit: return "is killed";
    case op::flip_recruit: return "is flipped face down";
    case op::rally_recruit: return "is flipped face up";
    default: return "";
  }
}

std::string describe(const effect& e) {
  const int n = e.amount;
  const target t = e.who;
  std::string s;
  switch (e.kind) {
    case op::none: return "";
    case op::proximity: case op::certainty: case op::reputation:
      s = verb(t, n > 0 ? "gain" : "lose") + " " + std::to_string(n > 0 ? n : -n) + " " + std::string(resource_name(e.kind));
      break;
    case op::intel:
      s = std::string(n > 0 ? "gain " : "expend ") + std::to_string(n > 0 ? n : -n) + " Intel on " +
          (t == target::each_opponent ? "each opponent" : "target opponent");
      break;
    case op::draw_actions: s = verb(t, "draw") + " " + plural(n, "Action", "Actions"); break;
    case op::draw_complications: s = verb(t, "draw") + " " + plural(n, "Complication", "Complications"); break;
    case op::discard: s = verb(t, "discard") + " " + plural(n, "Action", "Actions"); break;
    case op::burn:
      s = verb(t, "burn") + " " + plural(n, "card", "cards") + " from " + (t == target::you ? "your" : "their") + " Hand";
      break;
    case op::look_actions:
      s = "look at the top " + plural(n, "card", "cards") +
          " of your Action Pile, discard any number of them and put the rest back in any order";
      break;
    case op::peek_hand: s = "look at target opponent's Hand"; break;
    case op::morale:
      if (t == target::this_card) s = std::string(n > 0 ? "this Recruit gains " : "this Recruit loses ");
      else s = (e.flags & flag_each ? "every Member of " : "a Member of ") + whose(t) + " Crew " + (n > 0 ? "gains " : "loses ");
      s += std::to_string(n > 0 ? n : -n) + " Morale";
      break;
    case op::disable_module:
      s = t == target::this_card ? "disable this Module"
                                 : "disable " + cards_of(e, "Active Module", "Active Modules") + " of " + whose(t) + " Ship";
      break;
    case op::enable_module: s = "enable " + cards_of(e, "Disabled Module", "Disabled Modules") + " of " + whose(t) + " Ship"; break;
    case op::destroy_module: s = "destroy " + cards_of(e, "Module", "Modules") + " of " + whose(t) + " Ship"; break;
    case op::kill_recruit: s = "kill " + cards_of(e, "Member", "Members") + " of " + whose(t) + " Crew"; break;
    case op::flip_recruit:
      s = "flip " + cards_of(e, "face-up Member", "face-up Members") + " of " + whose(t) + " Crew face down";
      break;
    case op::rally_recruit:
      s = "flip " + cards_of(e, "face-down Member", "face-down Members") + " of " + whose(t) + " Crew face up";
      break;
    case op::add_module:
      s = t == target::you ? "add the top card of your Upgrade Pile to your Ship"
                           : verb(t, "add") + " the top card of their Upgrade Pile to their Ship";
      break;
    case op::add_recruit:
      s = t == target::you ? "the top card of your Gig Pile joins your Crew"
                           : "the top card of " + whose(t) + " Gig Pile joins their Crew";
      break;
    case op::bury_system:
      s = "put the System at " + whose(t) + " Proximity on the bottom of its owner's System Pile (a Discovery replaces it)";
      break;
    case op::negate: s = "negate the effect this responds to"; break;
    case op::skip_play: s = verb(t, "skip") + " their next Play Step"; break;
    case op::silence: s = "other players do not draw a Complication when this resolves"; break;
    case op::untargetable: s = "effects controlled by other players cannot target this card"; break;
    case op::special:
      switch (e.named) {
        case special::maintenance_inspection:
          s = "target opponent shuffles every Complication in their Hand into their Complication Pile";
          break;
        case special::local_coup:
          s = "put the System at target opponent's Proximity on the bottom of its owner's System Pile, then the top "
              "card of your System Pile takes its place";
          break;
        case special::brtpb:
          s = "while Brtpb is the only face-up Member of your Crew, your Actions' Certainty Requirements are 1 "
              "easier to meet";
          break;
        case special::none: break;
      }
      break;
  }
  if (e.flags & flag_optional) s = "you may " + s;
  if (e.only_if.present()) s = "if you have " + requirement_text(e.only_if) + ", " + s;
  return s;
}

std::string card_text(const card_def& c) {
  std::string out;
  auto sentence = [&](std::string s) {
    if (s.empty()) return;
    s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    if (!out.empty()) out += ' ';
    out += s + ".";
  };
  for (int k = 0; k < keyword_count; ++k) {
    const auto kw = static_cast<keyword>(k);
    if (!c.has(kw) || kw == keyword::unique) continue;
    std::string name(keyword_name(kw));
    if (kw == keyword::farsight) name += " " + std::to_string(c.farsight);
    // Ambush, Exhaust and Override print with their ability below.
    if (kw != keyword::ambush && kw != keyword::exhaust && kw != keyword::override) sentence(name);
  }
  if (c.has(keyword::unique)) sentence("Unique");
  if (c.needs.present()) sentence("Requires " + requirement_text(c.needs));
  for (std::size_t i = 0; i < c.effects.size() && c.effects[i].present();) {
    const effect& first = c.effects[i];
    const bool petty_only = (first.flags & flag_petty) != 0;
    std::string body = describe(first);
    std::size_t j = i + 1;
    for (; j < c.effects.size() && c.effects[j].present() && c.effects[j].at == first.at &&
           ((c.effects[j].flags & flag_petty) != 0) == petty_only;
         ++j)
      body += ", then " + describe(c.effects[j]);
    const std::string when_text = timing_text(c, first.at, petty_only);
    sentence(when_text.empty() ? body : when_text + ": " + body);
    i = j;
  }
  return out;
}

}  // namespace starport::terminus
