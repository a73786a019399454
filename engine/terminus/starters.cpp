// The preconstructed starter decks of Race to the Terminus (docs/rules/terminus_cards.md,
// "Starter decks"): five styles, each a legal 60-card deck (tested). Written by name so a
// reader can check them against the pool; resolved to pool indices once.
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/terminus/cards.hpp"

namespace starport::terminus {
namespace {

// clang-format off
const std::vector<engine::starter_recipe>& recipes() {
  static const std::vector<engine::starter_recipe> list = {
      {"pathfinders", "Pathfinders",
       "Certainty first: research and Farsight build knowledge, then long jumps cash it in for Proximity.",
       {
           // Modules
           {1, "Survey Telescope"}, {1, "Deep Field Array"}, {1, "Quantum Chart Table"}, {1, "Long-Range Scanner"},
           {1, "Oracle Engine"}, {1, "Emergency Thrusters"}, {1, "Cartography Suite"}, {1, "Repair Drones"},
           {1, "Pathfinder Pod"}, {1, "Ancestral Starmap"},
           // Recruits
           {1, "Veteran Navigator"}, {1, "Ship Mind ECHO"}, {1, "Archivist Subroutine"}, {1, "Mystic of the Drift"},
           {1, "Star Seer"}, {1, "Cartographer Imre"}, {1, "Burnout Pilot"}, {1, "Eager Cadet"},
           {1, "Maintenance Automaton"}, {1, "Field Medic"},
           // Complications (Power 9)
           {1, "Lucky Break"}, {1, "Sensor Ghost"}, {1, "Bad Press"}, {1, "Data Leak"}, {1, "Jammed Signal"},
           {1, "Engine Trouble"}, {1, "Navigation Error"}, {1, "Favourable Winds"}, {1, "Maintenance Inspection"},
           {1, "Lost Cargo"},
           // Systems
           {1, "Whispering Pulsar"}, {1, "Radiation Shoals"}, {1, "Prism Rift"}, {1, "Beacon of Aurel"},
           {1, "Neutron Lighthouse"}, {1, "Hyperlane Junction"}, {1, "Sol Relay Station"}, {1, "Shattered Lanes"},
           {1, "Quiet Expanse"}, {1, "Dyson Shipyards"},
           // Actions
           {2, "Plot a Course"}, {2, "Stellar Survey"}, {2, "Careful Approach"}, {2, "Jump"}, {2, "Calculated Leap"},
           {2, "Ride the Current"}, {1, "Grand Leap"}, {2, "Deep Scan"}, {2, "Long Watch"}, {2, "Overclock Engines"},
           {1, "Repairs"},
       }},
      {"silver_tongues", "Silver Tongues",
       "Reputation and a happy Crew: charm every port, then let your fame carry you to the Terminus.",
       {
           {1, "Crew Lounge"}, {1, "Holo-Theatre"}, {1, "Galley of Many Worlds"}, {1, "Diplomatic Transponder"},
           {1, "Hydroponic Ring"}, {1, "Cryo Bay"}, {1, "Capacitor Bank"}, {1, "Ablative Shielding"},
           {1, "Point-Defence Lasers"}, {1, "Founder's Charter"},
           {1, "Diplomat Saar-Venn"}, {1, "Smooth Talker"}, {1, "Union Rep"}, {1, "Quartermaster Oyelaran"},
           {1, "Field Medic"}, {1, "Eager Cadet"}, {1, "Brtpb"}, {1, "Ship's Cat"}, {1, "Veteran Navigator"},
           {1, "Stowaway"},
           // Complications (Power 8)
           {1, "Bad Press"}, {1, "Lucky Break"}, {1, "Rescue Beacon"}, {1, "Salvage Claim"}, {1, "Jammed Signal"},
           {1, "Mutiny Brewing"}, {1, "Space Madness"}, {1, "Manifest Destiny"}, {1, "Sensor Ghost"}, {1, "Data Leak"},
           {1, "Garden Moon of Teyla"}, {1, "Resort Ring Halcyon"}, {1, "Sol Relay Station"}, {1, "Beacon of Aurel"},
           {1, "Frontier Colony"}, {1, "Dyson Shipyards"}, {1, "Quiet Expanse"}, {1, "Whispering Pulsar"},
           {1, "Hyperlane Junction"}, {1, "Listening Post Kappa"},
           {2, "Press Conference"}, {2, "Charity Gala"}, {2, "Celebrity Endorsement"}, {2, "Hero's Welcome"},
           {2, "Call in Favours"}, {2, "Recruitment Drive"}, {1, "Diplomatic Pouch"}, {2, "Plot a Course"},
           {2, "Careful Approach"}, {2, "Jump"}, {1, "Repairs"},
       }},
      {"shadow_fleet", "Shadow Fleet",
       "Intel and sabotage: learn what your rivals hold, disable their Ships and slip past in their wake.",
       {
           {1, "Railgun Battery"}, {1, "Boarding Spikes"}, {1, "Point-Defence Lasers"}, {1, "Spore Cannon"},
           {1, "Stealth Plating"}, {1, "Decoy Beacon"}, {1, "Psionic Damper"}, {1, "Scout Skiff"},
           {1, "Smuggler's Hold"}, {1, "Grudge Ledger"},
           {1, "Signal Analyst"}, {1, "Ghost in the Relay"}, {1, "Fixer"}, {1, "Saboteur"}, {1, "Cloaked Operative"},
           {1, "Void Witch"}, {1, "Security Droid"}, {1, "Gossip Drone"}, {1, "Mercenary Gunner"}, {1, "Void Hound"},
           // Complications (Power 10)
           {1, "Engine Trouble"}, {1, "Quiet Sabotage"}, {1, "Fatal Accident"}, {1, "Local Coup"},
           {1, "Jammed Signal"}, {1, "Sensor Ghost"}, {1, "Bad Press"}, {1, "Data Leak"}, {1, "Lost Cargo"},
           {1, "Lucky Break"},
           {1, "Smugglers' Nebula"}, {1, "The Undermarket"}, {1, "Pirate Haven Skarn"}, {1, "Free Port Karst"},
           {1, "Listening Post Kappa"}, {1, "Dark Nebula"}, {1, "Whispering Pulsar"}, {1, "Graveyard of Ships"},
           {1, "Shattered Lanes"}, {1, "Customs Blockade"},
           {2, "Spy Network"}, {2, "Eavesdrop"}, {2, "Sabotage"}, {2, "Follow Their Wake"}, {2, "Stealth Approach"},
           {1, "Plant a Virus"}, {1, "Assassination"}, {1, "Scuttle"}, {1, "Reroute Power"},
           {2, "Careful Approach"}, {2, "Jump"}, {2, "Plot a Course"},
       }},
      {"wild_frontier", "Wild Frontier",
       "A living Ship and a tough, moody Crew: thrive in Hazardous Systems, send out Runabouts, burn hard.",
       {
           {1, "Grown Hull"}, {1, "Mycelial Core"}, {1, "Synapse Lattice"}, {1, "Xenobotany Lab"},
           {1, "Pathfinder Pod"}, {1, "Arcane Lifeboat"}, {1, "Scout Skiff"}, {1, "Jury-Rigged Reactor"},
           {1, "Sanctum Engine"}, {1, "Hydroponic Ring"},
           {1, "Rock Eater"}, {1, "Vent Dweller"}, {1, "Sulphur Monk"}, {1, "Feral Grav-Beast"},
           {1, "Disgruntled Engineer"}, {1, "Spiteful Heir"}, {1, "Bitter Ex-Captain"}, {1, "Burnout Pilot"},
           {1, "Stowaway"}, {1, "Field Medic"},
           // Complications (Power 9)
           {1, "Written in the Stars"}, {1, "Doomsayer's Prophecy"}, {1, "Chaos Storm"}, {1, "Stellar Flare"},
           {1, "Short Circuit"}, {1, "Rescue Beacon"}, {1, "Sensor Ghost"}, {1, "Lucky Break"}, {1, "Bad Press"},
           {1, "Data Leak"},
           {1, "Cinder Belt"}, {1, "Radiation Shoals"}, {1, "Acid Giant Vorr"}, {1, "Tidal Anomaly"},
           {1, "Cult World Ennead"}, {1, "Ion Storm Front"}, {1, "Derelict Station"}, {1, "Frontier Colony"},
           {1, "Prism Rift"}, {1, "Resort Ring Halcyon"},
           {2, "Blind Jump"}, {2, "Desperate Burn"}, {2, "Shore Leave"}, {2, "Rally the Crew"},
           {2, "Hire Mercenaries"}, {2, "Refit"}, {1, "Reroute Power"}, {1, "Chart the Unknown"},
           {2, "Stellar Survey"}, {2, "Careful Approach"}, {2, "Jump"},
       }},
      {"black_flag", "Black Flag",
       "Pirates: keep your Reputation low, deal dirty in Shady ports and break whoever leads the race.",
       {
           {1, "Smuggler's Hold"}, {1, "Railgun Battery"}, {1, "Boarding Spikes"}, {1, "Emergency Thrusters"},
           {1, "Capacitor Bank"}, {1, "Jury-Rigged Reactor"}, {1, "Repair Drones"}, {1, "Long-Range Scanner"},
           {1, "Survey Telescope"}, {1, "Scout Skiff"},
           {1, "Mercenary Gunner"}, {1, "Saboteur"}, {1, "Cloaked Operative"}, {1, "Void Hound"},
           {1, "Burnout Pilot"}, {1, "Spiteful Heir"}, {1, "Security Droid"}, {1, "Quartermaster Oyelaran"},
           {1, "Veteran Navigator"}, {1, "Ship Mind ECHO"},
           // Complications (Power 10)
           {1, "Hull Breach"}, {1, "Navigation Error"}, {1, "Engine Trouble"}, {1, "Lost Cargo"},
           {1, "Short Circuit"}, {1, "Sensor Ghost"}, {1, "Bad Press"}, {1, "Data Leak"}, {1, "Lucky Break"},
           {1, "Bureaucratic Delay"},
           {1, "The Undermarket"}, {1, "Pirate Haven Skarn"}, {1, "Free Port Karst"}, {1, "Smugglers' Nebula"},
           {1, "Graveyard of Ships"}, {1, "Derelict Station"}, {1, "Customs Blockade"}, {1, "Cinder Belt"},
           {1, "Whispering Pulsar"}, {1, "Hyperlane Junction"},
           {2, "Dirty Deal"}, {2, "Black Market Run"}, {2, "Pirate Raid"}, {2, "Shakedown"}, {2, "Lay Low"},
           {2, "Hire Mercenaries"}, {2, "Blind Jump"}, {2, "Careful Approach"}, {2, "Jump"}, {1, "Plot a Course"},
           {1, "Repairs"},
       }},
  };
  return list;
}
// clang-format on

std::vector<engine::starter_deck> build() {
  return engine::resolve_starters(recipes(), [](std::string_view name) {
    card_id id = 0;
    return find_card(name, id) ? static_cast<int>(id) : -1;
  });
}

}  // namespace

std::span<const engine::starter_deck> starter_decks() {
  static const std::vector<engine::starter_deck> decks = build();
  return decks;
}

}  // namespace starport::terminus
