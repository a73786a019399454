// S.P.A.C.E.'s map as data (the rulebook ships none; docs/rules/scoundrels_cards.md, "The
// map", draws and explains it). 29 locations: the 18 destinations with the issue's public
// names, then the 11 deep-space regions. The regions form a ring with one lane across its
// middle (Vesper Drift – Morrow Deep); every destination hangs off one region, or sits
// between two neighbouring ones. The browser draws the map from these same coordinates.
//
// Lawlessness follows the sectors: the six green planets lie in the five patrolled (blue)
// sectors, the six red destinations in the six unpatrolled (yellow) ones, purple between.
// The Dockyard stands on the five green planets its roll names (rulebook "Turn End");
// Gemini Station is green but no dockyard (a space station, not a planet).
#include "engine/scoundrels/cards.hpp"

namespace starport::scoundrels {
namespace {

constexpr loc_kind dest = loc_kind::destination, deep = loc_kind::deep_space;
constexpr colour green = colour::green, purple = colour::purple, red = colour::red;
constexpr bool patrolled = true, unpatrolled = false, dock = true, no_dock = false;

constexpr location locations[] = {
    // name               kind  colour  patrol  dockyard  x    y      index
    {"Metis Prime", dest, green, false, dock, 500, 60},          // 0
    {"Gemini Station", dest, green, false, no_dock, 621, 87},    // 1
    {"Surya II", dest, green, false, dock, 738, 130},            // 2
    {"Hedone", dest, purple, false, no_dock, 825, 218},          // 3
    {"Eurybia", dest, purple, false, no_dock, 900, 317},         // 4
    {"Pandora", dest, red, false, no_dock, 926, 439},            // 5
    {"Belloch", dest, red, false, no_dock, 936, 563},            // 6
    {"Lambda III", dest, green, false, dock, 833, 788},          // 7
    {"Erato", dest, purple, false, no_dock, 732, 862},           // 8
    {"Soheila", dest, red, false, no_dock, 624, 922},            // 9
    {"Niska", dest, purple, false, no_dock, 500, 930},           // 10
    {"Cocytus", dest, red, false, no_dock, 376, 922},            // 11
    {"Aeron IV", dest, green, false, dock, 167, 788},            // 12
    {"Persephone", dest, purple, false, no_dock, 109, 679},      // 13
    {"Dysnomia", dest, red, false, no_dock, 64, 563},            // 14
    {"Lokasenna V", dest, green, false, dock, 100, 317},         // 15
    {"Miranda", dest, purple, false, no_dock, 175, 218},         // 16
    {"Anubis Station", dest, red, false, no_dock, 262, 130},     // 17
    {"Helion Reach", deep, green, patrolled, no_dock, 500, 200},      // 18
    {"Cassini Gap", deep, green, patrolled, no_dock, 662, 248},       // 19
    {"Vesper Drift", deep, green, unpatrolled, no_dock, 773, 375},    // 20
    {"Kessler Belt", deep, green, unpatrolled, no_dock, 797, 543},    // 21
    {"Orpheus Rift", deep, green, patrolled, no_dock, 727, 696},      // 22
    {"Tarsis Expanse", deep, green, unpatrolled, no_dock, 585, 788},  // 23
    {"Wraith Nebula", deep, green, unpatrolled, no_dock, 415, 788},   // 24
    {"Styx Verge", deep, green, patrolled, no_dock, 273, 696},        // 25
    {"Morrow Deep", deep, green, unpatrolled, no_dock, 203, 543},     // 26
    {"Halcyon Run", deep, green, patrolled, no_dock, 227, 375},       // 27
    {"Ion Shoals", deep, green, unpatrolled, no_dock, 338, 248},      // 28
};

constexpr connection connections[] = {
    // destinations to their regions
    {0, 18}, {1, 18}, {1, 19}, {2, 19}, {3, 19}, {3, 20}, {4, 20}, {5, 20}, {5, 21}, {6, 21},
    {7, 22}, {8, 22}, {8, 23}, {9, 23}, {10, 23}, {10, 24}, {11, 24}, {12, 25}, {13, 25}, {13, 26},
    {14, 26}, {15, 27}, {16, 27}, {16, 28}, {17, 28},
    // the ring of regions
    {18, 19}, {19, 20}, {20, 21}, {21, 22}, {22, 23}, {23, 24}, {24, 25}, {25, 26}, {26, 27}, {27, 28}, {28, 18},
    // the lane across the middle
    {20, 26},
};

constexpr board_data the_board{locations, connections};

}  // namespace

const board_data& board() { return the_board; }

}  // namespace starport::scoundrels
