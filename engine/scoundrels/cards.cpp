// S.P.A.C.E.'s cards as data (docs/rules/scoundrels_cards.md lists every card and explains the
// design): 48 contracts, the three cantina decks (green 76, purple 84, red 60), 20 bribes and
// 54 encounters. A deck is written as families (one card and how many copies) and expanded
// at compile time into one entry per physical card, as cards.hpp numbers them. Every effect
// is a primitive of cards.hpp; the rules text is generated from it (card_text, event_text).
//
// Colours follow lawlessness: green is policed and safe (movement, defence, repairs, the
// setup cards), purple is the middle (captains, solid weapons), red is rich and dangerous
// (heavy guns, forced boarding, bribes of the underworld). Encounters follow the same scale:
// patrols in green and patrolled space, pirates and windfalls in red and unpatrolled space.
#include "engine/scoundrels/cards.hpp"

#include "engine/core/words.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string>
#include <vector>

namespace starport::scoundrels {

using engine::plural;

namespace {

// ---- Building blocks -------------------------------------------------------------------------

constexpr colour green = colour::green, purple = colour::purple, red = colour::red;
constexpr syndicate fidanza = syndicate::fidanza, semyorka = syndicate::semyorka, allmacht = syndicate::allmacht,
                    anubis = syndicate::anubis;
constexpr std::uint8_t none = no_location;

constexpr std::uint8_t ship_weapons =
    weapon_bit(weapon::laser) | weapon_bit(weapon::missile) | weapon_bit(weapon::cannon);
constexpr std::uint8_t melee_weapons =
    weapon_bit(weapon::firearm) | weapon_bit(weapon::blast) | weapon_bit(weapon::fists);

constexpr ability make_ability(prim p, int amount, weapon w = weapon::none, std::uint8_t vs = 0,
                               colour deck = colour::green, std::uint8_t flags = 0) {
  ability a;
  a.kind = p;
  a.amount = static_cast<std::int8_t>(amount);
  a.kind_of = w;
  a.vs = vs;
  a.deck = deck;
  a.flags = flags;
  return a;
}
constexpr ability attack(int n, weapon w) { return make_ability(prim::attack, n, w); }
constexpr ability defence(int n, std::uint8_t vs = 0) { return make_ability(prim::defence, n, weapon::none, vs); }
constexpr ability escape(int n) { return make_ability(prim::escape, n); }
constexpr ability forced_boarding(int n) { return make_ability(prim::forced_boarding, n); }
constexpr ability repair(int n) { return make_ability(prim::repair, n); }
constexpr ability hyperdrive(int n) { return make_ability(prim::hyperdrive, n); }
constexpr ability movement(int n) { return make_ability(prim::movement, n); }
constexpr ability bays(int n) { return make_ability(prim::bays, n); }
constexpr ability melee(int n, weapon w) { return make_ability(prim::melee, n, w); }
constexpr ability melee_defence(int n, std::uint8_t vs = 0) {
  return make_ability(prim::melee_defence, n, weapon::none, vs);
}
constexpr ability boarding(int n) { return make_ability(prim::boarding, n); }
constexpr ability heal(int n) { return make_ability(prim::heal, n); }
constexpr ability extra_draw(int n) { return make_ability(prim::extra_draw, n); }
constexpr ability extra_view(int n) { return make_ability(prim::extra_view, n); }
constexpr ability rep_check(int n) { return make_ability(prim::rep_check, n); }
constexpr ability patrol_dodge() { return make_ability(prim::patrol_dodge, 0); }
// A one-shot effect of a favor or bribe.
constexpr ability once(prim p, int amount = 0) { return make_ability(p, amount, weapon::none, 0, colour::green, flag_once); }
constexpr ability once_draw(int n, colour deck) {
  return make_ability(prim::draw_cantina, n, weapon::none, 0, deck, flag_once);
}
constexpr ability only(ability a, std::uint8_t flag) { a.flags |= flag; return a; }

constexpr std::uint8_t vs(weapon w) { return weapon_bit(w); }
constexpr std::uint8_t vs(weapon a, weapon b) { return static_cast<std::uint8_t>(weapon_bit(a) | weapon_bit(b)); }
using w = weapon;

constexpr card make_card(std::string_view name, card_kind kind, std::string_view flavor, ability a = {},
                         ability b = {}, ability c = {}) {
  card k;
  k.name = name;
  k.kind = kind;
  k.abilities = {a, b, c};
  k.flavor = flavor;
  return k;
}
constexpr card crew(std::string_view n, std::string_view f, ability a, ability b = {}, ability c = {}) {
  return make_card(n, card_kind::crew, f, a, b, c);
}
constexpr card system(std::string_view n, std::string_view f, ability a, ability b = {}) {
  return make_card(n, card_kind::ship_system, f, a, b);
}
constexpr card firearm(std::string_view n, std::string_view f, ability a, ability b = {}) {
  return make_card(n, card_kind::firearm, f, a, b);
}
constexpr card explosive(std::string_view n, std::string_view f, ability a, ability b = {}) {
  return make_card(n, card_kind::explosive, f, a, b);
}
constexpr card medkit(std::string_view n, std::string_view f, ability a) { return make_card(n, card_kind::medkit, f, a); }
constexpr card armour(std::string_view n, std::string_view f, ability a) { return make_card(n, card_kind::armour, f, a); }
constexpr card favor(std::string_view n, std::string_view f, ability a, ability b = {}) {
  return make_card(n, card_kind::favor, f, a, b);
}
constexpr card item(std::string_view n, std::string_view f, ability a) { return make_card(n, card_kind::item, f, a); }

// A family: `copies` identical cards.
struct family {
  card c;
  int copies = 1;
};

template <std::size_t F>
constexpr std::size_t count_cards(const family (&fs)[F]) {
  std::size_t n = 0;
  for (const family& f : fs) n += static_cast<std::size_t>(f.copies);
  return n;
}

template <std::size_t N, std::size_t F>
constexpr std::array<card, N> expand(const family (&fs)[F]) {
  std::array<card, N> out{};
  std::size_t k = 0;
  for (const family& f : fs)
    for (int i = 0; i < f.copies; ++i) out[k++] = f.c;
  return out;
}

// ---- Contracts (48: 12 per syndicate) --------------------------------------------------------
// Delivery locations are 4 to 7 steps from the origin (two or three turns with a +1
// hyperdrive). The reward is the colour of the SAFEST place the cargo may go: a job that
// can end on a green planet pays green, one that only goes to red ports pays red.
// Locations: 0 Metis Prime, 1 Gemini Station, 2 Surya II, 3 Hedone, 4 Eurybia, 5 Pandora,
// 6 Belloch, 7 Lambda III, 8 Erato, 9 Soheila, 10 Niska, 11 Cocytus, 12 Aeron IV,
// 13 Persephone, 14 Dysnomia, 15 Lokasenna V, 16 Miranda, 17 Anubis Station (board.cpp).

constexpr contract contract_list[] = {
    // Fidanza: hallucinogens
    {"Dreamdust", 0, fidanza, {4, 8, none}, purple, "Hallucinogens"},
    {"Nebula Wine", 7, fidanza, {14, 17, none}, red, "Hallucinogens"},
    {"Lotus Resin", 14, fidanza, {1, 8, 0}, green, "Hallucinogens"},
    {"Velvet Spores", 3, fidanza, {17, 9, none}, red, "Hallucinogens"},
    {"Glowcaps", 10, fidanza, {17, 1, 0}, green, "Hallucinogens"},
    {"Sleepwell Ampoules", 17, fidanza, {13, 7, none}, green, "Hallucinogens"},
    {"Moonsugar", 6, fidanza, {2, 9, 10}, green, "Hallucinogens"},
    {"Halcyon Tabs", 13, fidanza, {8, 6, none}, purple, "Hallucinogens"},
    {"Siren Smoke", 2, fidanza, {13, 16, none}, purple, "Hallucinogens"},
    {"Rapture Oil", 9, fidanza, {6, 14, none}, red, "Hallucinogens"},
    {"Euphoria Gel", 16, fidanza, {3, 4, 11}, purple, "Hallucinogens"},
    {"Starbloom Pollen", 5, fidanza, {16, 9, none}, purple, "Hallucinogens"},
    // Semyorka: guns
    {"Pulse Rifles", 12, semyorka, {5, 9, none}, red, "Guns"},
    {"Railgun Slugs", 1, semyorka, {15, 13, 12}, green, "Guns"},
    {"Plasma Cells", 8, semyorka, {14, 17, none}, red, "Guns"},
    {"Mil-Spec Plating", 15, semyorka, {4, 3, 10}, purple, "Guns"},
    {"Gauss Carbines", 4, semyorka, {0, 11, none}, green, "Guns"},
    {"Frag Crates", 11, semyorka, {14, 15, none}, green, "Guns"},
    {"Targeting Chips", 0, semyorka, {15, 14, 12}, green, "Guns"},
    {"Sniper Optics", 7, semyorka, {4, 17, none}, purple, "Guns"},
    {"Shock Batons", 14, semyorka, {6, 8, none}, purple, "Guns"},
    {"Mine Layers", 3, semyorka, {8, 10, none}, purple, "Guns"},
    {"Drone Swarms", 10, semyorka, {5, 6, none}, red, "Guns"},
    {"Warhead Cores", 17, semyorka, {5, 10, none}, purple, "Guns"},
    // Allmacht: cybernetics
    {"Neural Laces", 6, allmacht, {13, 10, none}, purple, "Cybernetics"},
    {"Chrome Limbs", 13, allmacht, {8, 17, none}, purple, "Cybernetics"},
    {"Optic Implants", 2, allmacht, {14, 6, none}, red, "Cybernetics"},
    {"Synth Hearts", 9, allmacht, {13, 3, none}, purple, "Cybernetics"},
    {"Reflex Boosters", 16, allmacht, {10, 6, none}, purple, "Cybernetics"},
    {"Dermal Plating", 5, allmacht, {12, 15, none}, green, "Cybernetics"},
    {"Memory Chips", 12, allmacht, {3, 4, none}, purple, "Cybernetics"},
    {"Spinal Jacks", 1, allmacht, {11, 9, none}, red, "Cybernetics"},
    {"Bionic Lungs", 8, allmacht, {12, 1, 15}, green, "Cybernetics"},
    {"Grey Firmware", 15, allmacht, {6, 9, none}, red, "Cybernetics"},
    {"Nanite Vials", 4, allmacht, {7, 10, none}, green, "Cybernetics"},
    {"Cortex Splicers", 11, allmacht, {7, 5, 15}, green, "Cybernetics"},
    // Anubis: mind control
    {"Obedience Collars", 0, anubis, {7, 10, none}, green, "Mind control"},
    {"Hypno Beacons", 7, anubis, {4, 14, none}, purple, "Mind control"},
    {"Whisper Drones", 14, anubis, {1, 2, none}, green, "Mind control"},
    {"Psionic Crystals", 3, anubis, {17, 9, none}, red, "Mind control"},
    {"Thrall Serum", 10, anubis, {14, 5, none}, red, "Mind control"},
    {"Loyalty Chips", 17, anubis, {2, 10, 7}, green, "Mind control"},
    {"Pacifier Gas", 6, anubis, {13, 10, none}, purple, "Mind control"},
    {"Mind Probes", 13, anubis, {8, 9, none}, purple, "Mind control"},
    {"Dream Jammers", 2, anubis, {17, 8, none}, purple, "Mind control"},
    {"Zealot Tapes", 9, anubis, {1, 16, 0}, green, "Mind control"},
    {"Memory Erasers", 16, anubis, {4, 6, none}, purple, "Mind control"},
    {"Will Breakers", 5, anubis, {17, 11, none}, red, "Mind control"},
};

// ---- Green cantina (76): policed ports, safe and practical -----------------------------------

constexpr family green_families[] = {
    // Ship systems (26)
    {system("+1 Hyperdrive", "Licensed, inspected, and still faster than the patrol boats.", hyperdrive(1)), 8},
    {system("Laser Turret", "Civilian-grade, which means nobody asks why you have one.", attack(1, w::laser)), 4},
    {system("Deflector Shield", "Scatters beams into pretty lights.", defence(1, vs(w::laser))), 4},
    {system("Point-Defence Grid", "Shoots down what shoots at you.", defence(1, vs(w::missile))), 2},
    {system("Armoured Hull", "Two extra layers of very boring steel.", defence(1, vs(w::cannon))), 2},
    {system("Cargo Pod", "Bolted on, sealed, and declared as 'personal effects'.", bays(1)), 2},
    {system("Repair Drones", "Small, busy, and smelling of solder.", repair(1)), 2},
    {system("Afterburners", "For leaving in a hurry.", escape(1)), 2},
    // Crew (14)
    {crew("Ship's Mechanic", "Can fix anything with a spanner and a threat.", repair(1)), 3},
    {crew("Field Medic", "Steady hands, terrible jokes.", heal(1)), 2},
    {crew("Hotshot Pilot", "Has never lost a chase, by their own account.", escape(1)), 2},
    {crew("Navigator", "Knows every shortcut and half of the long cuts.", movement(1)), 2},
    {crew("Deckhand", "Lifts crates. Lifts people who argue about crates.", melee(1, w::fists)), 2},
    {crew("Customs Broker", "Knows which inspector likes which brandy.", patrol_dodge()), 2},
    {crew("Quartermaster", "Always comes back from the cantina with more than was paid for.", extra_draw(1)), 1},
    // Firearms (9)
    {firearm("Blaster Pistol", "Standard issue on every ship that admits to carrying one.", melee(1, w::firearm)), 9},
    // Explosives (4)
    {explosive("Flash Grenade", "Loud, bright, and mostly harmless to the thrower.", melee(1, w::blast)), 4},
    // Medkits (8)
    {medkit("Medkit", "Bandages, painkillers, and a stapler.", heal(1)), 8},
    // Armour (6)
    {armour("Flak Vest", "Stops shrapnel, and very little else.", melee_defence(1, vs(w::blast))), 4},
    {armour("Ballistic Vest", "Rated for pistols. Not rated for optimism.", melee_defence(1, vs(w::firearm))), 2},
    // Favors (8)
    {favor("Port Authority Pass", "Wave it and the trouble waves back.", once(prim::cancel_encounter)), 2},
    {favor("Fuel Voucher", "Redeemable at any licensed pump, and a few unlicensed ones.", once(prim::gain_movement, 2)), 2},
    {favor("Dock Priority", "Your name at the top of the shipyard's list, for once.", once(prim::move_dockyard)), 1},
    {favor("Maintenance Credit", "A full service, paid for by someone who owes you.", once(prim::repair_all)), 2},
    {favor("Job Board Tip", "A fixer whispers about a cargo before it is posted.", once(prim::reveal_contract, 1)), 1},
    // Other items (1)
    {item("Forged Manifest", "Every line true, except the ones that matter.", rep_check(1)), 1},
};

// ---- Purple cantina (84): the in-between ports; captains and solid kit -----------------------

constexpr family purple_families[] = {
    // Crew (26): twelve captains (each unique) and four crew families. A seat's captain is the
    // first crew card of the shuffled purple deck, so every purple crew can lead a ship.
    {crew("Vex Marlowe", "Talks her way in, shoots her way out.", escape(1), melee(1, w::firearm)), 1},
    {crew("Ilse Brandt", "Ex-navy gunner who still salutes the guns.", attack(1, w::cannon), repair(1)), 1},
    {crew("Oro Tanaka", "Every customs officer on the rim owes him a drink.", movement(1), rep_check(1)), 1},
    {crew("Sable Okonkwo", "Settles disputes with her knuckles.", melee(1, w::fists), melee_defence(1, vs(w::fists))), 1},
    {crew("Juno Reyes", "Knows a merchant in every port.", extra_draw(1), escape(1)), 1},
    {crew("Dmitri Volkov", "Boards first, negotiates later.", boarding(1), attack(1, w::missile)), 1},
    {crew("Lark Halloran", "A doctor, once. The licence lapsed; the skills did not.", heal(1), rep_check(1)), 1},
    {crew("Nadia Szabo", "Her ship has had eleven names and no fines.", patrol_dodge(), movement(1)), 1},
    {crew("Hektor Maas", "Patches hulls mid-battle and hums while doing it.", repair(1), defence(1)), 1},
    {crew("Mei Lin Park", "Reads people like cargo manifests.", extra_view(1), escape(1)), 1},
    {crew("Rook Adeyemi", "Shoots first, apologises never.", attack(1, w::laser), escape(1)), 1},
    {crew("Tamsin Vale", "Fixes you up after she shoots you.", melee(1, w::firearm), heal(1)), 1},
    {crew("Gunnery Officer", "Calls the shots. Fires them too.", attack(1, w::laser)), 4},
    {crew("Boarding Marine", "First through the airlock, last to leave it.", melee(1, w::firearm), boarding(1)), 4},
    {crew("Combat Medic", "Will patch you up between punches.", heal(1), melee(1, w::fists)), 3},
    {crew("Slicer", "Sees the deals behind the deals.", extra_view(1)), 3},
    // Ship systems (22)
    {system("Missile Rack", "Six tubes, six problems solved.", attack(1, w::missile)), 4},
    {system("Twin Laser Array", "Two beams, one very bad day for someone.", attack(2, w::laser)), 3},
    {system("Ablative Armour", "Burns away so the hull does not.", defence(1)), 3},
    {system("Hidden Compartment", "Behind the false wall, behind the other false wall.", bays(1), patrol_dodge()), 3},
    {system("Overcharged Hyperdrive", "Runs hot, runs fast, runs away.", hyperdrive(1), escape(1)), 3},
    {system("ECM Suite", "Missiles see ghosts; you see the exit.", escape(1), defence(1, vs(w::missile))), 3},
    {system("Auto-Repair Bay", "Robot arms that weld while you swear.", repair(1)), 3},
    // Firearms (10)
    {firearm("Pulse Rifle", "Three-round bursts of bad news.", melee(2, w::firearm)), 5},
    {firearm("Needle Gun", "Quiet, nasty, made for corridors.", melee(1, w::firearm), only(boarding(1), flag_boarding_only)), 5},
    // Explosives (6)
    {explosive("Frag Grenade", "Pull pin. Throw. Duck.", melee(2, w::blast)), 6},
    // Medkits (5)
    {medkit("Trauma Kit", "For when a Medkit is not enough.", heal(2)), 5},
    // Armour (7)
    {armour("Combat Armour", "Scratched, dented, and still working.", melee_defence(1)), 4},
    {armour("Blast Shield", "A slab of ceramic with a handle.", melee_defence(2, vs(w::blast))), 3},
    // Favors (8)
    {favor("Forged Papers", "The stamp is real. The rest is art.", once(prim::cancel_encounter)), 2},
    {favor("Emergency Jump", "An unplotted jump: you will be somewhere else, probably.", once(prim::auto_escape)), 2},
    {favor("Insider Tip", "Someone in the syndicate office talks too much.", once(prim::reveal_contract, 1)), 2},
    {favor("Black-Market Contact", "A name, a door, and a password that changes hourly.", once_draw(1, red)), 2},
};

// ---- Red cantina (60): outlaw ports; heavy weapons and dirty tricks ---------------------------

constexpr family red_families[] = {
    // Crew (14)
    {crew("Mercenary", "Loyal to the highest bidder, which today is you.", melee(2, w::firearm)), 3},
    {crew("Cyborg Enforcer", "More machine than manners.", melee(1, w::fists), melee_defence(1)), 2},
    {crew("Bounty Hunter", "Brings them back, mostly alive.", attack(1, w::cannon), boarding(1)), 2},
    {crew("Demolitions Expert", "Missing two fingers; knows exactly which wire.", melee(2, w::blast)), 2},
    {crew("Smuggler Ace", "Has outrun every patrol in the sector, twice.", escape(2), movement(1)), 2},
    {crew("Crime Doctor", "No questions, no records, no anaesthetic.", heal(2)), 1},
    {crew("Hacker", "Gets into the cantina's stockroom through its vending machine.", extra_view(1), extra_draw(1)), 2},
    // Ship systems (18)
    {system("Boarding Clamp", "Grab on, cut through, say hello.", forced_boarding(1)), 3},
    {system("Harpoon Launcher", "Nobody leaves once the harpoon is in.", forced_boarding(2)), 2},
    {system("Mass Driver", "Throws a tonne of iron at a tenth of light speed.", attack(2, w::cannon)), 3},
    {system("Torpedo Bay", "Loaded with warheads nobody sold you.", attack(2, w::missile)), 3},
    {system("Military Hyperdrive", "Stolen from a navy that wants it back.", hyperdrive(2)), 2},
    {system("Cloaking Field", "Now you see it. Now you are shooting at nothing.", escape(2)), 2},
    {system("Reactive Armour", "Explodes outward so you do not explode inward.", defence(2, vs(w::missile, w::cannon))), 3},
    // Firearms (8)
    {firearm("Plasma Rifle", "Melts doors, armour, and arguments.", melee(2, w::firearm)), 4},
    {firearm("Heavy Repeater", "Needs two hands and no conscience.", melee(3, w::firearm)), 4},
    // Explosives (6)
    {explosive("Thermal Detonator", "Small enough to hide, big enough to matter.", melee(3, w::blast)), 3},
    {explosive("Breaching Charge", "Doors are a suggestion.", melee(1, w::blast), only(boarding(2), flag_boarding_only)), 3},
    // Medkits (3)
    {medkit("Stim Pack", "Back on your feet, for now.", heal(2)), 3},
    // Armour (4)
    {armour("Powered Armour", "Walks through gunfire like drizzle.", melee_defence(2)), 2},
    {armour("Riot Shield", "Bullets bounce. Mostly.", melee_defence(2, vs(w::firearm))), 2},
    // Favors (7)
    {favor("Cartel Favour", "Somebody owes somebody who owes you.", once(prim::steal_item, 1)), 2},
    {favor("Syndicate Pull", "A word in the right ear.", once(prim::reputation, 1)), 2},
    {favor("Blackmail", "Holo-stills of the wrong person in the wrong bar.", once(prim::stop_delivery)), 1},
    {favor("Ghost Transponder", "Your ship was never here.", once(prim::auto_escape)), 2},
};

// ---- Bribes (20): the syndicates' own favours, rare and strong --------------------------------

constexpr family bribe_families[] = {
    {favor("Judge's Ruling", "The cargo is impounded, pending a hearing that never comes.", once(prim::stop_delivery)), 2},
    {favor("Reputation Laundering", "Your record, improved by people who know how.", once(prim::reputation, 1)), 2},
    {favor("Ghost Protocol", "Sensors everywhere forget you for an hour.", once(prim::auto_escape), once(prim::gain_movement, 1)), 2},
    {favor("Shipyard Debt", "The yard fixes everything and writes it off.", once(prim::repair_all), once(prim::heal_all)), 2},
    {favor("Insider Ledger", "Next week's jobs, this week.", once(prim::reveal_contract, 2)), 2},
    {favor("Dockmaster's Key", "The shipyard goes where you want it.", once(prim::move_dockyard), once(prim::gain_movement, 1)), 2},
    {favor("Black Vault", "The syndicate's own armoury, opened once.", once_draw(2, red)), 2},
    {favor("Crooked Customs", "The inspector looks the other way, and points to a shop.", once(prim::cancel_encounter), once_draw(1, purple)), 2},
    {favor("Stolen Codes", "Their locker opens to your code.", once(prim::steal_item, 1), once(prim::gain_movement, 1)), 2},
    {favor("Full Throttle", "Someone else's fuel, someone else's problem.", once(prim::gain_movement, 3)), 2},
};

constexpr auto green_deck = expand<count_cards(green_families)>(green_families);
constexpr auto purple_deck = expand<count_cards(purple_families)>(purple_families);
constexpr auto red_deck = expand<count_cards(red_families)>(red_families);
constexpr auto bribe_deck = expand<count_cards(bribe_families)>(bribe_families);

// ---- Encounters (54): five events each, by site ----------------------------------------------
// Site order: green, purple, red destination, patrolled, unpatrolled deep space.

constexpr event ev(event_kind k, int amount = 0, int check = 0, colour deck = colour::green, std::uint8_t flags = 0) {
  event e;
  e.kind = k;
  e.amount = static_cast<std::int8_t>(amount);
  e.check = static_cast<std::int8_t>(check);
  e.deck = deck;
  e.flags = flags;
  return e;
}
constexpr event quiet() { return ev(event_kind::nothing); }
constexpr event draw(int n = 1) { return ev(event_kind::draw_cantina, n); }
constexpr event patrol(int n = 1, int check = 0) { return ev(event_kind::patrol, n, check); }
constexpr event pirates(int n) { return ev(event_kind::pirates, n); }
constexpr event breakdown(int n = 1) { return ev(event_kind::breakdown, n); }
constexpr event injury(int n = 1) { return ev(event_kind::injury, n); }
constexpr event windfall(int n, colour deck) { return ev(event_kind::windfall, n, 0, deck); }
constexpr event bribe(int n) { return ev(event_kind::bribe, n); }
constexpr event reveal(int n = 1) { return ev(event_kind::reveal_contract, n); }
constexpr event slowed(int n = 1) { return ev(event_kind::lose_movement, n); }
constexpr event tailwind(int n = 1) { return ev(event_kind::gain_movement, n); }
constexpr event fix(int n = 1) { return ev(event_kind::repair, n); }
constexpr event rest(int n = 1) { return ev(event_kind::heal, n); }
constexpr event lose_item(int n = 1) { return ev(event_kind::lose_item, n); }
constexpr event fame(int n) { return ev(event_kind::reputation, n); }
// The event happens only if the ship fails a rep check (modifier `check`).
constexpr event on_fail(event e, int check = 0) {
  e.flags |= flag_on_fail;
  e.check = static_cast<std::int8_t>(check);
  return e;
}

constexpr encounter encounter_list[] = {
    // name                      green            purple             red                   patrolled          unpatrolled
    {"Quiet Night", {quiet(), draw(), draw(), quiet(), quiet()}, "Nothing happens. Suspicious."},
    {"Market Day", {draw(), draw(), draw(), quiet(), draw()}, "Everything is for sale, some of it legally."},
    {"Customs Sweep", {patrol(), patrol(1, 1), draw(), patrol(), quiet()}, "Manifests out, holds open."},
    {"Pirate Raid", {quiet(), pirates(1), pirates(2), quiet(), pirates(2)}, "Black hulls on the scopes."},
    {"Engine Trouble", {fix(), breakdown(), breakdown(), slowed(), breakdown()}, "A rattle becomes a bang."},
    {"Bar Fight", {quiet(), injury(), injury(), quiet(), quiet()}, "Someone spilled someone's drink."},
    {"Job Board", {reveal(), reveal(), reveal(), quiet(), quiet()}, "New postings, fresh ink."},
    {"Solar Wind", {quiet(), quiet(), quiet(), tailwind(), tailwind()}, "The sails fill, the engines rest."},
    {"Ion Storm", {quiet(), quiet(), quiet(), slowed(), breakdown()}, "Static in the instruments, static in the teeth."},
    {"Black Market", {draw(), draw(), windfall(1, red), quiet(), windfall(1, purple)}, "Through the back door, mind the dog."},
    {"Syndicate Envoy", {quiet(), bribe(1), bribe(2), quiet(), bribe(1)}, "A well-dressed stranger wants a word."},
    {"Patrol Cutter", {patrol(), patrol(), quiet(), patrol(1, 1), quiet()}, "Heave to and prepare to be boarded."},
    {"Derelict Freighter", {quiet(), quiet(), quiet(), draw(), windfall(1, purple)}, "Dark, cold, and not quite empty."},
    {"Shore Leave", {rest(), rest(), injury(), rest(), quiet()}, "The crew come back rested, mostly."},
    {"Repair Dock", {fix(), fix(), fix(), quiet(), quiet()}, "Cheap work, cheaper coffee."},
    {"Ambush Alley", {quiet(), pirates(1), pirates(3), quiet(), pirates(2)}, "The narrow way is the dangerous way."},
    {"Famous Face", {fame(1), quiet(), quiet(), quiet(), quiet()}, "The papers say you are a hero. The papers lie."},
    {"Loose Lips", {quiet(), on_fail(fame(-1)), on_fail(fame(-1)), quiet(), quiet()}, "Someone talked about your last job."},
    {"Pickpocket", {quiet(), on_fail(lose_item()), lose_item(), quiet(), quiet()}, "A friendly bump in the crowd."},
    {"Cantina Crawl", {draw(), draw(2), draw(), quiet(), quiet()}, "Three bars, two deals, one headache."},
    {"Salvage Field", {quiet(), quiet(), quiet(), draw(), draw(2)}, "Wreckage drifting, free to whoever dares."},
    {"Asteroid Swarm", {quiet(), quiet(), quiet(), on_fail(breakdown()), breakdown()}, "Rocks the size of houses, and houses the size of rocks."},
    {"Inspection Drones", {patrol(1, -1), patrol(), quiet(), patrol(), quiet()}, "A hundred little eyes in the hold."},
    {"Mutiny Rumours", {quiet(), on_fail(injury()), injury(), quiet(), on_fail(injury())}, "Whispers in the galley."},
    {"Distress Beacon", {quiet(), quiet(), quiet(), rest(), pirates(2)}, "Help, says the beacon. A trap, says your gut."},
    {"Lucky Find", {draw(), windfall(1, red), windfall(1, red), draw(), windfall(1, red)}, "A crate nobody claimed."},
    {"Navy Exercise", {slowed(), quiet(), quiet(), slowed(2), quiet()}, "Lanes closed for manoeuvres."},
    {"Smugglers' Rendezvous", {quiet(), draw(), draw(), quiet(), draw()}, "Running lights off, trade on."},
    {"Bounty Posted", {quiet(), quiet(), pirates(2), quiet(), pirates(1)}, "Someone put a price on a ship like yours."},
    {"Safe Harbour", {rest(), fix(), quiet(), fix(), quiet()}, "A berth, a wrench, and a night's sleep."},
    {"Customs Audit", {patrol(2), patrol(1), quiet(), patrol(1), quiet()}, "Every crate, every screw, every signature."},
    {"Broker's Offer", {reveal(), bribe(1), bribe(1), quiet(), quiet()}, "A deal that is almost certainly fine."},
    {"Hull Breach", {quiet(), quiet(), breakdown(), on_fail(breakdown()), breakdown()}, "Whistling air, then silence."},
    {"Slipstream", {tailwind(), quiet(), quiet(), tailwind(), tailwind(2)}, "Caught a current between stars."},
    {"Riot", {quiet(), injury(), injury(2), quiet(), quiet()}, "The port is burning. Hurry."},
    {"Gambling Den", {quiet(), on_fail(lose_item()), windfall(1, red), quiet(), quiet()}, "The house always wins, unless you do."},
    {"Fence", {quiet(), draw(), windfall(2, red), quiet(), quiet()}, "No questions; fair prices; unfair questions."},
    {"Patrol Checkpoint", {patrol(), quiet(), quiet(), patrol(1, -1), quiet()}, "Queue here. Papers ready."},
    {"Space Madness", {quiet(), quiet(), quiet(), quiet(), on_fail(injury())}, "Too long in the dark."},
    {"Mercenary Hall", {quiet(), draw(), draw(2), quiet(), quiet()}, "Swords for hire. Guns, mostly."},
    {"Supply Cache", {draw(), quiet(), quiet(), draw(), draw()}, "Left by someone who is not coming back."},
    {"Corsair Fleet", {quiet(), quiet(), pirates(3), quiet(), pirates(3)}, "Not one pirate. All of them."},
    {"Official Commendation", {fame(1), quiet(), quiet(), fame(1), quiet()}, "For services the authorities do not understand."},
    {"Grav Well", {quiet(), quiet(), quiet(), slowed(), slowed()}, "Heavier than it looks."},
    {"Medical Station", {rest(2), rest(), quiet(), rest(), quiet()}, "Clean sheets and real painkillers."},
    {"Spy Satellite", {patrol(1, 1), quiet(), quiet(), patrol(), quiet()}, "It blinks once, then calls someone."},
    {"Underworld Auction", {quiet(), bribe(1), bribe(2), quiet(), quiet()}, "Lot 47: a favour, slightly used."},
    {"Sabotage", {quiet(), on_fail(breakdown()), breakdown(), quiet(), breakdown()}, "Sugar in the fuel lines."},
    {"Cargo Spill", {quiet(), on_fail(lose_item()), quiet(), quiet(), lose_item()}, "Something rolls into the dark."},
    {"Refugee Convoy", {quiet(), quiet(), quiet(), slowed(), draw()}, "They have little, and trade all of it."},
    {"Old Friend", {draw(), draw(), bribe(1), quiet(), quiet()}, "You owe them, or they owe you; nobody remembers."},
    {"Stowaways", {quiet(), quiet(), on_fail(lose_item()), quiet(), lose_item()}, "The food goes missing first."},
    {"Pirate Haven", {quiet(), quiet(), windfall(1, red), quiet(), pirates(2)}, "Where pirates rest, and sell."},
    {"Harbour Master", {reveal(), fix(), quiet(), quiet(), quiet()}, "Knows every ship and every job in port."},
};

// ---- Text ------------------------------------------------------------------------------------

std::string signed_amount(int n) { return (n >= 0 ? "+" : "") + std::to_string(n); }

std::string_view weapon_name(weapon x) {
  switch (x) {
    case weapon::laser: return "laser";
    case weapon::missile: return "missile";
    case weapon::cannon: return "cannon";
    case weapon::firearm: return "firearm";
    case weapon::blast: return "explosive";
    case weapon::fists: return "unarmed";
    case weapon::none: break;
  }
  return "";
}

// "laser and missile" for a `vs` mask; "" for every kind.
std::string kinds(std::uint8_t mask) {
  std::string out;
  for (int k = 1; k < weapon_count; ++k)
    if (mask & (1u << k)) out += (out.empty() ? "" : " and ") + std::string(weapon_name(static_cast<weapon>(k)));
  return out;
}

}  // namespace

std::span<const contract> contracts() { return contract_list; }

std::span<const card> cantina(colour c) {
  switch (c) {
    case colour::green: return green_deck;
    case colour::purple: return purple_deck;
    case colour::red: return red_deck;
  }
  return {};
}

std::span<const card> bribes() { return bribe_deck; }
std::span<const encounter> encounters() { return encounter_list; }

namespace {

// One ability in words, without the card's frame ("+1 laser attack in ship combat").
std::string ability_text(const ability& a) {
  const int n = a.amount;
  std::string s;
  switch (a.kind) {
    case prim::none: return "";
    case prim::attack: s = signed_amount(n) + " " + std::string(weapon_name(a.kind_of)) + " attack in ship combat"; break;
    case prim::defence:
      s = "ignores up to " + std::to_string(n) + " damage a round from " + (a.vs ? kinds(a.vs) + " " : "") + "ship attacks";
      break;
    case prim::escape:
      s = n > 0 ? signed_amount(n) + " to escape rolls" : signed_amount(n) + " to the defender's escape roll when you attack";
      break;
    case prim::forced_boarding:
      s = "forced boarding weapon: you may board after a failed escape even if the defender's systems work";
      if (n > 0) s += "; -" + std::to_string(n) + " to the defender's escape roll";
      break;
    case prim::repair: s = "repairs " + plural(n, "disabled ship system", "disabled ship systems") + " per combat round and per Movement"; break;
    case prim::hyperdrive:
      s = signed_amount(n) + " movement (a hyperdrive: may be damaged before an escape roll for a bonus to that roll)";
      break;
    case prim::movement: s = signed_amount(n) + " movement"; break;
    case prim::bays: s = signed_amount(n) + (n == 1 ? " bay" : " bays"); break;
    case prim::melee: s = signed_amount(n) + " " + std::string(weapon_name(a.kind_of)) + (n == 1 ? " hit" : " hits") + " per melee round"; break;
    case prim::melee_defence:
      s = "ignores " + std::to_string(n) + " " + (a.vs ? kinds(a.vs) + " " : "") + (n == 1 ? "hit" : "hits") +
          " per melee round";
      break;
    case prim::boarding: s = signed_amount(n) + (n == 1 ? " hit" : " hits") + " per round in boarding actions"; break;
    case prim::heal: s = "heals " + std::to_string(n) + " health of a crew member"; break;
    case prim::extra_draw: s = signed_amount(n) + " cantina " + (n == 1 ? "card" : "cards") + " when an encounter draws"; break;
    case prim::extra_view: s = signed_amount(n) + " " + (n == 1 ? "card" : "cards") + " viewed for rewards and bribes"; break;
    case prim::rep_check: s = signed_amount(n) + " to rep-check rolls"; break;
    case prim::patrol_dodge: s = "patrol inspections do nothing to this ship"; break;
    case prim::gain_movement: s = signed_amount(n) + " movement this turn"; break;
    case prim::repair_all: s = "repair every disabled ship system"; break;
    case prim::heal_all: s = "every crew member recovers fully"; break;
    case prim::auto_escape: s = "escape the current ship combat, no roll"; break;
    case prim::cancel_encounter: s = "ignore the encounter just drawn"; break;
    case prim::stop_delivery: s = "stop a delivery at your location this phase (the 8th too)"; break;
    case prim::reputation: s = (n > 0 ? "gain " : "lose ") + std::to_string(n > 0 ? n : -n) + " reputation"; break;
    case prim::reveal_contract: s = "reveal " + plural(n, "contract", "contracts") + " onto the board"; break;
    case prim::move_dockyard: s = "move the Dockyard to a planet of its roll you choose"; break;
    case prim::draw_cantina: s = "draw " + plural(n, std::string(colour_name(a.deck)) + " cantina card", std::string(colour_name(a.deck)) + " cantina cards"); break;
    case prim::steal_item: s = "take a random face-down small item from a ship at your location"; break;
  }
  if (a.flags & flag_boarding_only) s += " (boarding actions only)";
  if (a.flags & flag_brawl_only) s += " (brawls only)";
  if (a.flags & flag_ambush_only) s += " (when you ambush)";
  if (a.flags & flag_defending) s += " (when you defend)";
  return s;
}

}  // namespace

std::string card_text(const card& c) {
  std::string kind(kind_name(c.kind));
  kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
  std::string out = kind + ".";
  std::string body;
  for (const ability& a : c.abilities) {
    if (!a.present()) continue;
    body += (body.empty() ? "" : "; ") + ability_text(a);
  }
  if (!body.empty()) {
    body[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(body[0])));
    out += (c.kind == card_kind::favor ? " Play once: " : " ") + body + ".";
  }
  return out;
}

std::string contract_text(const contract& c, const board_data& b) {
  auto name = [&](std::uint8_t i) -> std::string {
    return i < b.locations.size() ? std::string(b.locations[i].name) : "?";
  };
  std::string to;
  int n = 0;
  for (std::uint8_t d : c.deliver_to) if (d != no_location) ++n;
  int k = 0;
  for (std::uint8_t d : c.deliver_to) {
    if (d == no_location) continue;
    to += (k == 0 ? "" : k == n - 1 ? " or " : ", ") + name(d);
    ++k;
  }
  return std::string(syndicate_name(c.owner)) + ": from " + name(c.origin) + " to " + to + "; reward: " +
         std::string(colour_name(c.reward)) + " cantina.";
}

std::string event_text(const event& e) {
  const int n = e.amount;
  std::string s;
  switch (e.kind) {
    case event_kind::nothing: return "Nothing happens.";
    case event_kind::draw_cantina: s = "Draw " + plural(n, "cantina card", "cantina cards"); break;
    case event_kind::patrol:
      s = "Patrol inspection: rep check" + (e.check ? " (" + signed_amount(e.check) + ")" : std::string()) +
          "; if it fails, lose " + plural(n, "cargo", "cargos") + " (none aboard: " + plural(n, "small item", "small items") + ")";
      break;
    case event_kind::pirates: s = "Pirates attack with " + std::to_string(n) + ": escape, or take " + std::to_string(n) + " damage less your defence"; break;
    case event_kind::breakdown: s = plural(n, "working ship system breaks", "working ship systems break") + " down (you choose)"; break;
    case event_kind::injury: s = plural(n, "crew member takes", "crew members take") + " 1 damage (you choose)"; break;
    case event_kind::windfall: s = "Draw " + plural(n, std::string(colour_name(e.deck)) + " cantina card", std::string(colour_name(e.deck)) + " cantina cards"); break;
    case event_kind::bribe: s = "View " + plural(n, "bribe", "bribes") + " and keep one"; break;
    case event_kind::reveal_contract: s = "Reveal " + plural(n, "contract", "contracts"); break;
    case event_kind::lose_movement: s = "-" + std::to_string(n) + " movement this turn"; break;
    case event_kind::gain_movement: s = "+" + std::to_string(n) + " movement this turn"; break;
    case event_kind::repair: s = "Repair " + plural(n, "disabled ship system", "disabled ship systems"); break;
    case event_kind::heal: s = plural(n, "crew member recovers", "crew members recover") + " 1 health"; break;
    case event_kind::lose_item: s = "Discard " + plural(n, "small item", "small items") + " (you choose)"; break;
    case event_kind::reputation: s = (n > 0 ? "Gain " : "Lose ") + std::to_string(n > 0 ? n : -n) + " reputation"; break;
  }
  if (e.flags & flag_on_fail) {
    s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    s = "Rep check" + (e.check ? " (" + signed_amount(e.check) + ")" : std::string()) + "; if it fails: " + s;
  }
  return s + ".";
}


// ---- The validator ---------------------------------------------------------------------------

namespace {

constexpr std::string_view public_names[] = {
    "Hedone", "Pandora", "Belloch", "Soheila", "Gemini Station", "Eurybia", "Erato", "Cocytus", "Niska",
    "Dysnomia", "Persephone", "Miranda", "Surya II", "Aeron IV", "Lambda III", "Metis Prime", "Lokasenna V",
    "Anubis Station"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_one_shot(prim p) { return p >= prim::gain_movement; }
bool is_ship_combat(prim p) { return p == prim::attack || p == prim::defence || p == prim::escape; }
bool is_melee(prim p) {
  return p == prim::melee || p == prim::melee_defence || p == prim::boarding || p == prim::heal;
}

// Empty when one ability is well formed on a card of kind `k`.
std::string check_ability(const ability& a, card_kind k) {
  const int n = a.amount;
  auto in = [&](int lo, int hi) { return n >= lo && n <= hi; };
  if (static_cast<int>(a.kind) >= prim_count) return "an ability out of range";
  if (static_cast<int>(a.kind_of) >= weapon_count) return "a weapon kind out of range";
  if (static_cast<int>(a.deck) >= colour_count) return "a deck out of range";
  if (a.flags & ~(flag_once | flag_boarding_only | flag_brawl_only | flag_ambush_only | flag_defending))
    return "an unknown flag";
  const bool once_flag = (a.flags & flag_once) != 0;
  if (is_one_shot(a.kind) != once_flag) return "one-shot effects, and only they, are played once";
  if (once_flag != (k == card_kind::favor)) return "favors (and bribes), and only they, are played once";
  if ((a.flags & (flag_boarding_only | flag_brawl_only)) && !is_melee(a.kind)) return "a melee limit on a non-melee ability";
  if ((a.flags & flag_boarding_only) && (a.flags & flag_brawl_only)) return "boarding-only and brawl-only at once";
  if ((a.flags & (flag_ambush_only | flag_defending)) && !is_ship_combat(a.kind))
    return "a ship-combat limit on a non-combat ability";
  if ((a.flags & flag_ambush_only) && (a.flags & flag_defending)) return "ambush-only and defending-only at once";
  const bool weapon_needed = a.kind == prim::attack || a.kind == prim::melee;
  if (!weapon_needed && a.kind_of != weapon::none) return "a weapon kind on an ability that deals no damage";
  const bool mask_allowed = a.kind == prim::defence || a.kind == prim::melee_defence;
  if (!mask_allowed && a.vs != 0) return "a weapon mask on an ability that defends nothing";
  if (a.kind != prim::draw_cantina && a.deck != colour::green) return "a deck on an ability that draws nothing";
  switch (a.kind) {
    case prim::none: return {};
    case prim::attack:
      if (a.kind_of != weapon::laser && a.kind_of != weapon::missile && a.kind_of != weapon::cannon)
        return "a ship attack needs a ship weapon kind";
      return in(1, 4) ? "" : "attack 1 to 4";
    case prim::defence:
      if (a.vs & ~ship_weapons) return "a ship defence covers ship weapons only";
      return in(1, 3) ? "" : "defence 1 to 3";
    case prim::escape: return n != 0 && in(-3, 3) ? "" : "escape -3 to 3, not 0";
    case prim::forced_boarding: return in(0, 3) ? "" : "forced boarding 0 to 3";
    case prim::repair: return in(1, 2) ? "" : "repair 1 to 2";
    case prim::hyperdrive:
      if (k != card_kind::ship_system) return "a hyperdrive is a ship system";
      return in(1, 2) ? "" : "hyperdrive 1 to 2";
    case prim::movement: return in(1, 2) ? "" : "movement 1 to 2";
    case prim::bays:
      if (k != card_kind::ship_system) return "bays come from ship systems";
      return in(1, 2) ? "" : "bays 1 to 2";
    case prim::melee:
      if (a.kind_of != weapon::firearm && a.kind_of != weapon::blast && a.kind_of != weapon::fists)
        return "a melee hit needs a melee weapon kind";
      if (k == card_kind::firearm && a.kind_of != weapon::firearm) return "a firearm hits as a firearm";
      if (k == card_kind::explosive && a.kind_of != weapon::blast) return "an explosive hits as an explosive";
      return in(1, 3) ? "" : "melee 1 to 3";
    case prim::melee_defence:
      if (a.vs & ~melee_weapons) return "a melee defence covers melee weapons only";
      return in(1, 2) ? "" : "melee defence 1 to 2";
    case prim::boarding: return in(1, 2) ? "" : "boarding 1 to 2";
    case prim::heal: return in(1, 2) ? "" : "heal 1 to 2";
    case prim::extra_draw: case prim::extra_view: return in(1, 2) ? "" : "extra draws and views 1 to 2";
    case prim::rep_check: return n != 0 && in(-2, 2) ? "" : "rep check -2 to 2, not 0";
    case prim::patrol_dodge: case prim::repair_all: case prim::heal_all: case prim::auto_escape:
    case prim::cancel_encounter: case prim::stop_delivery: case prim::move_dockyard:
      return n == 0 ? "" : "this ability takes no amount";
    case prim::gain_movement: return in(1, 3) ? "" : "gained movement 1 to 3";
    case prim::reputation: return n == 1 || n == -1 ? "" : "reputation +1 or -1";
    case prim::reveal_contract: return in(1, 2) ? "" : "revealed contracts 1 to 2";
    case prim::draw_cantina: return in(1, 2) ? "" : "cantina draws 1 to 2";
    case prim::steal_item: return n == 1 ? "" : "steals one item";
  }
  return "an ability out of range";
}

// The ability a card of this kind must carry to be what it says.
std::string check_kind(const card& c) {
  auto has = [&](prim p, weapon x = weapon::none) {
    return std::any_of(c.abilities.begin(), c.abilities.end(),
                       [&](const ability& a) { return a.kind == p && (x == weapon::none || a.kind_of == x); });
  };
  switch (c.kind) {
    case card_kind::firearm: return has(prim::melee, weapon::firearm) ? "" : "a firearm gives firearm hits";
    case card_kind::explosive: return has(prim::melee, weapon::blast) ? "" : "an explosive gives explosive hits";
    case card_kind::medkit: return has(prim::heal) ? "" : "a medkit heals";
    case card_kind::armour: return has(prim::melee_defence) ? "" : "armour defends in melee";
    default: return {};
  }
}

std::string check_card(const card& c) {
  auto bad = [&](std::string_view why) { return std::string(c.name.empty() ? "(no name)" : c.name) + ": " + std::string(why); };
  if (c.name.empty()) return bad("no name");
  if (c.flavor.empty()) return bad("no flavour line");
  if (static_cast<int>(c.kind) >= card_kind_count) return bad("a kind out of range");
  bool gap = false;
  int abilities = 0;
  for (const ability& a : c.abilities) {
    if (!a.present()) {
      gap = true;
      if (a.amount || a.kind_of != weapon::none || a.vs || a.flags || a.deck != colour::green)
        return bad("an empty ability slot with parameters");
      continue;
    }
    if (gap) return bad("abilities listed after an empty slot");
    if (std::string why = check_ability(a, c.kind); !why.empty()) return bad(why);
    ++abilities;
  }
  if (abilities == 0) return bad("a card does something");
  if (std::string why = check_kind(c); !why.empty()) return bad(why);
  return {};
}

bool same_card(const card& a, const card& b) {
  if (a.kind != b.kind || a.flavor != b.flavor) return false;
  for (std::size_t i = 0; i < a.abilities.size(); ++i) {
    const ability &x = a.abilities[i], &y = b.abilities[i];
    if (x.kind != y.kind || x.amount != y.amount || x.kind_of != y.kind_of || x.vs != y.vs || x.deck != y.deck ||
        x.flags != y.flags)
      return false;
  }
  return true;
}

// Steps from `from` to every location (-1: unreachable).
std::array<int, max_locations> distances(const board_data& b, std::size_t from) {
  std::array<int, max_locations> d{};
  d.fill(-1);
  if (from >= b.locations.size() || b.locations.size() > max_locations) return d;
  std::array<std::size_t, max_locations> queue{};
  std::size_t head = 0, tail = 0;
  d[from] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const std::size_t u = queue[head++];
    for (const connection& c : b.connections) {
      std::size_t v = max_locations;
      if (c.a == u) v = c.b;
      else if (c.b == u) v = c.a;
      if (v < b.locations.size() && d[v] < 0) {
        d[v] = d[u] + 1;
        queue[tail++] = v;
      }
    }
  }
  return d;
}

}  // namespace

std::string validate_content() {
  return validate_content(board(), contracts(), cantina(colour::green), cantina(colour::purple), cantina(colour::red),
                          bribes(), encounters());
}

std::string validate_content(const board_data& b, std::span<const contract> cs, std::span<const card> green_cards,
                             std::span<const card> purple_cards, std::span<const card> red_cards,
                             std::span<const card> bribe_cards, std::span<const encounter> es) {
  std::string problems;
  auto fail = [&](const std::string& why) { problems += why + "\n"; };
  const std::size_t n = b.locations.size();
  if (cs.size() + green_cards.size() + purple_cards.size() + red_cards.size() + bribe_cards.size() > max_wired_cards)
    fail("more cards than ids: raise max_wired_cards");

  // The board (rulebook "Game Components" and issue 16 "Board").
  int destinations = 0, regions = 0;
  if (n > max_locations) fail("more than " + std::to_string(max_locations) + " locations");
  for (std::size_t i = 0; i < n; ++i) {
    const location& l = b.locations[i];
    const std::string name = l.name.empty() ? "location " + std::to_string(i) : std::string(l.name);
    if (l.name.empty()) fail(name + ": no name");
    for (std::size_t j = 0; j < i; ++j)
      if (lower(b.locations[j].name) == lower(l.name)) fail(name + " appears twice on the board");
    if (static_cast<int>(l.kind) > 1 || static_cast<int>(l.col) >= colour_count) fail(name + ": a field out of range");
    if (l.x > 1000 || l.y > 1000) fail(name + ": drawn outside the 0..1000 square");
    if (l.kind == loc_kind::destination) {
      ++destinations;
      if (l.patrolled) fail(name + ": only deep space is patrolled or not");
      if (l.dockyard && l.col != colour::green) fail(name + ": the Dockyard stands on green planets only");
    } else {
      ++regions;
      if (l.dockyard) fail(name + ": the Dockyard stands on a planet, not in deep space");
      if (l.col != colour::green) fail(name + ": deep space has no colour (leave it green)");
    }
  }
  if (destinations != 18 || regions != 11)
    fail("the board has " + std::to_string(destinations) + " destinations and " + std::to_string(regions) +
         " deep-space regions (18 and 11)");
  auto find = [&](std::string_view name) -> int {
    for (std::size_t i = 0; i < n; ++i)
      if (b.locations[i].name == name) return static_cast<int>(i);
    return -1;
  };
  for (std::string_view name : public_names) {
    const int i = find(name);
    if (i < 0 || b.locations[static_cast<std::size_t>(i)].kind != loc_kind::destination)
      fail(std::string(name) + " is not a destination on the board");
  }
  for (std::string_view name : dockyard_roll) {
    const int i = find(name);
    if (i < 0 || !b.locations[static_cast<std::size_t>(i)].dockyard)
      fail(std::string(name) + " is named by the Dockyard roll but cannot hold the Dockyard");
  }
  std::array<int, max_locations> links{}, dest_links{};
  for (std::size_t i = 0; i < b.connections.size(); ++i) {
    const connection& c = b.connections[i];
    const std::string at = "connection " + std::to_string(i);
    if (c.a >= n || c.b >= n) { fail(at + ": a location out of range"); continue; }
    if (c.a == c.b) { fail(at + ": a location connected to itself"); continue; }
    for (std::size_t j = 0; j < i; ++j) {
      const connection& d = b.connections[j];
      if ((d.a == c.a && d.b == c.b) || (d.a == c.b && d.b == c.a)) fail(at + ": listed twice");
    }
    const bool a_dest = b.locations[c.a].kind == loc_kind::destination, b_dest = b.locations[c.b].kind == loc_kind::destination;
    if (a_dest && b_dest) fail(at + ": two destinations connect only through deep space");
    ++links[c.a];
    ++links[c.b];
    if (a_dest) ++dest_links[c.b];
    if (b_dest) ++dest_links[c.a];
  }
  for (std::size_t i = 0; i < n && i < max_locations; ++i) {
    const location& l = b.locations[i];
    if (l.kind == loc_kind::destination && (links[i] < 1 || links[i] > 2))
      fail(std::string(l.name) + ": a destination lies in one or two sectors");
    if (l.kind == loc_kind::deep_space && dest_links[i] < 1)
      fail(std::string(l.name) + ": its sector has no destination to pick up or deliver cargo");
  }
  if (n > 0 && n <= max_locations) {
    const auto d = distances(b, 0);
    for (std::size_t i = 0; i < n; ++i)
      if (d[i] < 0) fail(std::string(b.locations[i].name) + " cannot be reached from " + std::string(b.locations[0].name));
  }

  // Contracts: 48, 12 per syndicate, a destination of origin and 1–3 deliveries 4+ steps away.
  if (cs.size() != 48) fail(std::to_string(cs.size()) + " contracts (48)");
  int per_syndicate[syndicate_count] = {};
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const contract& c = cs[i];
    const std::string name = c.name.empty() ? "contract " + std::to_string(i) : std::string(c.name);
    if (c.name.empty()) fail(name + ": no name");
    if (c.goods.empty()) fail(name + ": no goods");
    for (std::size_t j = 0; j < i; ++j)
      if (lower(cs[j].name) == lower(c.name)) fail(name + " appears twice among the contracts");
    if (static_cast<int>(c.owner) >= syndicate_count) { fail(name + ": a syndicate out of range"); continue; }
    ++per_syndicate[static_cast<int>(c.owner)];
    if (static_cast<int>(c.reward) >= colour_count) fail(name + ": a reward colour out of range");
    if (c.origin >= n || b.locations[c.origin].kind != loc_kind::destination) {
      fail(name + ": its origin is not a destination");
      continue;
    }
    const auto from = distances(b, c.origin);
    bool gap = false;
    int deliveries = 0;
    for (std::size_t k = 0; k < c.deliver_to.size(); ++k) {
      const std::uint8_t d = c.deliver_to[k];
      if (d == no_location) { gap = true; continue; }
      if (gap) fail(name + ": deliveries listed after an empty slot");
      ++deliveries;
      if (d >= n || b.locations[d].kind != loc_kind::destination) { fail(name + ": delivers to a non-destination"); continue; }
      if (d == c.origin) fail(name + ": delivers to its own origin");
      for (std::size_t m = 0; m < k; ++m)
        if (c.deliver_to[m] == d) fail(name + ": a delivery listed twice");
      if (from[d] >= 0 && from[d] < 4) fail(name + ": " + std::string(b.locations[d].name) + " is fewer than 4 steps away");
    }
    if (deliveries == 0) fail(name + ": no delivery location");
  }
  for (int s = 0; s < syndicate_count; ++s)
    if (per_syndicate[s] != 12)
      fail(std::string(syndicate_name(static_cast<syndicate>(s))) + " has " + std::to_string(per_syndicate[s]) +
           " contracts (12)");

  // Cantina decks and bribes.
  struct deck_check { std::string_view name; std::span<const card> cards; std::size_t count; };
  const deck_check decks[] = {{"green", green_cards, 76}, {"purple", purple_cards, 84}, {"red", red_cards, 60},
                              {"bribe", bribe_cards, 20}};
  std::vector<const card*> seen;
  for (const deck_check& d : decks) {
    if (d.cards.size() != d.count)
      fail("the " + std::string(d.name) + " deck has " + std::to_string(d.cards.size()) + " cards (" +
           std::to_string(d.count) + ")");
    for (const card& c : d.cards) {
      if (std::string why = check_card(c); !why.empty()) fail(why);
      for (const card* other : seen)
        if (lower(other->name) == lower(c.name) && !same_card(*other, c))
          fail(std::string(c.name) + ": cards of one name must be identical copies");
      seen.push_back(&c);
    }
  }
  for (const card& c : bribe_cards)
    if (c.kind != card_kind::favor) fail(std::string(c.name) + ": a bribe is played like a favor");
  auto copies = [&](std::span<const card> deck, std::string_view name, card_kind k, prim p) {
    return std::count_if(deck.begin(), deck.end(), [&](const card& c) {
      return c.name == name && c.kind == k && c.abilities[0].kind == p;
    });
  };
  if (copies(green_cards, setup_hyperdrive, card_kind::ship_system, prim::hyperdrive) < 6)
    fail("the green deck needs 6 " + std::string(setup_hyperdrive) + " ship systems for Setup");
  if (copies(green_cards, setup_pistol, card_kind::firearm, prim::melee) < 6)
    fail("the green deck needs 6 " + std::string(setup_pistol) + " firearms for Setup");
  if (std::count_if(purple_cards.begin(), purple_cards.end(), [](const card& c) { return c.kind == card_kind::crew; }) < 6)
    fail("the purple deck needs 6 crew to deal captains");

  // Encounters: 54, five events each.
  if (es.size() != 54) fail(std::to_string(es.size()) + " encounters (54)");
  for (std::size_t i = 0; i < es.size(); ++i) {
    const encounter& e = es[i];
    const std::string name = e.name.empty() ? "encounter " + std::to_string(i) : std::string(e.name);
    if (e.name.empty()) fail(name + ": no name");
    if (e.flavor.empty()) fail(name + ": no flavour line");
    for (std::size_t j = 0; j < i; ++j)
      if (lower(es[j].name) == lower(e.name)) fail(name + " appears twice among the encounters");
    for (int s = 0; s < site_count; ++s) {
      const event& x = e.events[static_cast<std::size_t>(s)];
      const std::string at = name + " (" + std::string(site_name(static_cast<site>(s))) + "): ";
      const int a = x.amount;
      if (static_cast<int>(x.kind) >= event_kind_count || static_cast<int>(x.deck) >= colour_count) {
        fail(at + "a field out of range");
        continue;
      }
      if (x.flags & ~flag_on_fail) fail(at + "an unknown flag");
      const bool checked = x.kind == event_kind::patrol || (x.flags & flag_on_fail);
      if (!checked && x.check != 0) fail(at + "a rep-check modifier without a rep check");
      if (x.check < -2 || x.check > 2) fail(at + "a rep-check modifier beyond -2..2");
      if (x.kind != event_kind::windfall && x.deck != colour::green) fail(at + "a deck on an event that draws from the location's");
      if (x.kind == event_kind::patrol && (x.flags & flag_on_fail)) fail(at + "a patrol is already a rep check");
      if (x.kind == event_kind::nothing && (x.flags & flag_on_fail)) fail(at + "a rep check for nothing");
      bool ok = true;
      switch (x.kind) {
        case event_kind::nothing: ok = a == 0; break;
        case event_kind::pirates: ok = a >= 1 && a <= 4; break;
        case event_kind::bribe: ok = a >= 1 && a <= 3; break;
        case event_kind::reputation: ok = a == 1 || a == -1; break;
        default: ok = a >= 1 && a <= 2; break;
      }
      if (!ok) fail(at + "an amount out of range");
    }
  }
  return problems;
}

}  // namespace starport::scoundrels
