// The 98 Space Race cards and 12 Control Cards as data (docs/rules/space_race.md lists them).
// A card: type, Leader mark, copies, levels by Stage, Breakthrough symbols, a reusable left
// ability, a single-use right ability, a bottom section (Immediate or Bureaucracy), and at
// most one named special. Abilities are built from the primitives in cards.hpp.
#include "engine/space_race/cards.hpp"

#include <algorithm>
#include <vector>

namespace starport::space_race {
namespace {

constexpr stage P = stage::propaganda;
constexpr stage T = stage::technology;
constexpr stage S = stage::space_program;
constexpr stage B = stage::breakthrough;

constexpr levels lv(int p, int t, int s, int b) {
  return {static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(s),
          static_cast<std::uint8_t>(b)};
}
constexpr symbols sym(int stars, int man, int planets, int life) {
  return {static_cast<std::uint8_t>(stars), static_cast<std::uint8_t>(man),
          static_cast<std::uint8_t>(planets), static_cast<std::uint8_t>(life)};
}

constexpr filter any_card{};
constexpr filter of(stage s) { return {static_cast<std::uint8_t>(1u << static_cast<int>(s)), -1}; }
constexpr filter showing(category c) { return {of(B).types, static_cast<std::int8_t>(c)}; }

constexpr transfer path(zone from, zone to, filter f = any_card) { return {from, to, f}; }

// "Put up to n cards from `from` into `to`", on a stripe.
constexpr ability move(stage stripe, int n, zone from, zone to, filter f = any_card) {
  ability a;
  a.kind = effect::move;
  a.stripe = stripe;
  a.power = static_cast<std::uint8_t>(n);
  a.top = path(from, to, f);
  return a;
}
constexpr ability draw(stage stripe, int n) { return move(stripe, n, zone::deck, zone::hand); }
constexpr ability research(stage stripe, int n) { return move(stripe, n, zone::deck, zone::lab); }
constexpr ability build(stage stripe, int n, filter f = any_card) {
  return move(stripe, n, zone::hand, zone::agency, f);
}
constexpr ability combined(stage stripe, int n, transfer top, transfer bottom) {
  ability a = move(stripe, n, top.from, top.to, top.only);
  a.kind = effect::combined;
  a.bottom = bottom;
  return a;
}
constexpr ability per_card(stage stripe, stage counted, zone from, zone to) {
  ability a = move(stripe, 0, from, to);
  a.kind = effect::per_card;
  a.counted = counted;
  return a;
}
constexpr ability uncover(stage stripe, int n) {
  ability a;
  a.kind = effect::uncover;
  a.stripe = stripe;
  a.power = static_cast<std::uint8_t>(n);
  return a;
}
constexpr ability you_may(ability a) {
  a.optional = true;
  return a;
}
constexpr ability exactly(ability a) {
  a.exact = true;
  return a;
}

// Builds one card_def; every field starts empty.
struct make {
  card_def d;
  constexpr make(std::string_view code, std::string_view name, stage type, int copies, levels l,
                 symbols s = sym(0, 0, 0, 0))
      : d{code, name, type, false, static_cast<std::uint8_t>(copies), l, s, {}, {}, timing::none,
          {}, special::none, {}} {}
  constexpr make& leader() { d.leader = true; return *this; }
  constexpr make& left(ability a) { d.left = a; return *this; }
  constexpr make& right(ability a) { d.right = a; return *this; }
  constexpr make& immediate(ability a) { d.bottom_timing = timing::immediate; d.bottom = a; return *this; }
  constexpr make& bureaucracy(ability a) { d.bottom_timing = timing::bureaucracy; d.bottom = a; return *this; }
  constexpr make& named(special s, std::string_view text) { d.named = s; d.text = text; return *this; }
  constexpr operator card_def() const { return d; }   // NOLINT: the table reads better without casts
};

using enum zone;

constexpr card_def cards_table[] = {
    // ---- Propaganda (28): seven Leaders, one copy each --------------------------------
    make("carl_sagan", "Carl Sagan", P, 1, lv(2, 0, 0, 0)).leader().left(draw(P, 1))
        .named(special::true_visionary,
               "True Visionaries: look at the face-down Universe cards and choose which of them "
               "are turned face up (not how many)."),
    make("sergei_korolev", "Sergei Korolev", P, 1, lv(1, 0, 1, 0)).leader()
        .left(build(S, 1, of(S))).right(draw(P, 2)),
    make("wernher_von_braun", "Wernher von Braun", P, 1, lv(0, 2, 0, 0)).leader()
        .left(build(T, 1, of(T)))
        .named(special::bigger_hand, "Your Hand limit in Clever Investments is 9 instead of 7."),
    make("yuri_gagarin", "Yuri Gagarin", P, 1, lv(2, 0, 0, 0)).leader()
        .left(move(P, 1, universe, hand)).immediate(draw(P, 2)),
    make("john_f_kennedy", "John F. Kennedy", P, 1, lv(3, 0, 0, 0)).leader()
        .bureaucracy(draw(P, 1)),
    make("valentina_tereshkova", "Valentina Tereshkova", P, 1, lv(1, 0, 1, 0)).leader()
        .right(build(P, 2)),
    make("gene_kranz", "Gene Kranz", P, 1, lv(0, 1, 1, 0)).leader().left(uncover(S, 1)),
    make("espionage", "Espionage", P, 2, lv(1, 0, 0, 0)).left(move(P, 1, rival_lab, hand)),
    make("ufo_investigation", "UFO Investigation", P, 1, lv(1, 0, 0, 0))
        .right(per_card(P, P, deck, hand)),
    make("press_conference", "Press Conference", P, 2, lv(1, 0, 0, 0)).left(draw(P, 2)),
    make("public_outreach", "Public Outreach", P, 3, lv(1, 0, 0, 0))
        .left(combined(P, 2, path(deck, hand), path(hand, lab))),
    make("national_pride", "National Pride", P, 2, lv(2, 0, 0, 0)).right(build(P, 1)),
    make("propaganda_poster", "Propaganda Poster", P, 2, lv(2, 0, 0, 0)).immediate(draw(P, 1)),
    make("space_race_rally", "Space Race Rally", P, 2, lv(1, 0, 0, 0))
        .left(move(P, 1, universe, agency, of(P))),
    make("five_year_plan", "Five-Year Plan", P, 1, lv(3, 1, 0, 0))
        .bureaucracy(exactly(move(P, 1, hand, universe))),
    make("cosmonaut_training", "Cosmonaut Training", P, 2, lv(1, 0, 1, 0)).left(draw(S, 1)),
    make("goodwill_tour", "Goodwill Tour", P, 2, lv(1, 0, 0, 0)).right(move(P, 2, universe, lab)),
    make("government_grant", "Government Grant", P, 2, lv(1, 0, 0, 0)).bureaucracy(you_may(draw(P, 1))),

    // ---- Technology (28) ---------------------------------------------------------------
    make("titan_rocket", "Titan Rocket", T, 2, lv(0, 0, 2, 0)).left(move(S, 1, universe, agency, of(S))),
    make("saturn_v", "Saturn V", T, 1, lv(0, 1, 1, 0))
        .right(move(T, 1, universe, agency, showing(category::man_in_space))),
    make("area_51", "Area 51", T, 1, lv(0, 1, 0, 0)).left(research(T, 1))
        .named(special::duplicate_symbol,
               "Duplicates one Breakthrough symbol of a category your Agency already shows; "
               "the category can change any time and is declared at Scoring."),
    make("lunokhod", "Lunokhod", T, 1, lv(0, 1, 0, 0)).right(per_card(T, T, deck, lab)),
    make("supercomputer", "Supercomputer", T, 3, lv(0, 1, 0, 0)).left(draw(T, 2)),
    make("research_lab", "Research Laboratory", T, 3, lv(0, 1, 0, 0)).left(research(T, 1)),
    make("launch_pad", "Launch Pad", T, 2, lv(0, 1, 1, 0)).left(build(T, 1)),
    make("mission_control", "Mission Control Center", T, 2, lv(0, 2, 0, 0)).right(uncover(T, 2)),
    make("radio_telescope", "Radio Telescope", T, 2, lv(0, 1, 0, 1))
        .left(move(B, 1, universe, hand, of(B))),
    make("ion_engine", "Ion Engine", T, 2, lv(0, 2, 0, 0)).immediate(research(T, 1)),
    make("solar_panels", "Solar Panels", T, 2, lv(0, 1, 0, 0))
        .left(combined(T, 2, path(deck, hand), path(hand, agency))),
    make("communication_satellite", "Communication Satellite", T, 2, lv(1, 2, 0, 0)),
    make("cryogenic_fuel", "Cryogenic Fuel", T, 2, lv(0, 1, 0, 0)).right(move(T, 2, universe, hand)),
    make("reverse_engineering", "Reverse Engineering", T, 1, lv(0, 1, 0, 0))
        .right(move(T, 1, lab, agency)),
    make("nuclear_reactor", "Nuclear Reactor", T, 1, lv(0, 3, 1, 0))
        .bureaucracy(exactly(move(T, 1, hand, universe))),
    make("space_suit", "Space Suit", T, 1, lv(0, 1, 1, 0)).immediate(uncover(T, 1)),

    // ---- Space Program (28) ------------------------------------------------------------
    make("rosetta_mission", "Rosetta Mission", S, 1, lv(0, 0, 1, 1)).right(move(S, 1, any_lab, agency)),
    make("project_mercury", "Project Mercury", S, 1, lv(0, 0, 0, 0)).left(draw(S, 1))
        .named(special::program_level,
               "Its Space Program level equals the number of Space Program cards in your "
               "Agency, this one included."),
    make("project_seti", "Project SETI", S, 1, lv(0, 0, 1, 0)).right(per_card(S, S, universe, lab)),
    make("project_gemini", "Project Gemini", S, 2, lv(0, 0, 2, 0)).left(draw(S, 1)),
    make("apollo_program", "Apollo Program", S, 1, lv(0, 0, 3, 0)).right(move(S, 1, universe, agency, of(B))),
    make("vostok_program", "Vostok Program", S, 2, lv(1, 0, 1, 0)).left(move(S, 1, universe, agency, of(S))),
    make("space_station", "Space Station", S, 2, lv(0, 0, 2, 0)).left(build(S, 1)),
    make("lunar_orbiter", "Lunar Orbiter", S, 3, lv(0, 0, 1, 0)).left(research(S, 1)),
    make("mars_probe", "Mars Probe", S, 2, lv(0, 0, 1, 1)).right(move(B, 1, universe, agency, of(B))),
    make("satellite_launch", "Satellite Launch", S, 2, lv(0, 0, 1, 0)).immediate(draw(S, 2)),
    make("deep_space_network", "Deep Space Network", S, 2, lv(0, 1, 1, 0))
        .left(combined(S, 2, path(universe, hand), path(hand, agency))),
    make("sample_return", "Sample Return", S, 2, lv(0, 0, 1, 0)).right(move(S, 2, lab, agency)),
    make("space_shuttle", "Space Shuttle", S, 2, lv(0, 1, 2, 0)),
    make("voyager_program", "Voyager Program", S, 2, lv(0, 0, 1, 0)).right(move(S, 2, universe, lab)),
    make("mission_budget", "Mission Budget", S, 2, lv(0, 0, 1, 0)).bureaucracy(you_may(build(S, 1, of(S)))),
    make("skylab", "Skylab", S, 1, lv(1, 0, 2, 0)).immediate(research(S, 1)),

    // ---- Breakthrough (14): one copy each ----------------------------------------------
    make("first_satellite", "First Satellite in Orbit", B, 1, lv(0, 0, 0, 1), sym(1, 0, 0, 0)).left(draw(B, 1)),
    make("hubble_deep_field", "Hubble Deep Field", B, 1, lv(0, 0, 0, 2), sym(1, 0, 0, 0)),
    make("pulsar_discovery", "Pulsar Discovery", B, 1, lv(0, 0, 0, 1), sym(1, 0, 0, 0)).immediate(research(B, 1)),
    make("cosmic_background", "Cosmic Microwave Background", B, 1, lv(0, 0, 0, 1), sym(2, 0, 0, 0)),
    make("first_human_in_space", "First Human in Space", B, 1, lv(1, 0, 0, 1), sym(0, 1, 0, 0)),
    make("moon_landing", "Moon Landing", B, 1, lv(0, 0, 0, 1), sym(0, 2, 0, 0)),
    make("first_spacewalk", "First Spacewalk", B, 1, lv(0, 0, 0, 1), sym(0, 1, 0, 0)).right(uncover(B, 1)),
    make("lunar_base", "Permanent Lunar Base", B, 1, lv(0, 0, 0, 2), sym(0, 1, 0, 0)),
    make("mars_rover", "Mars Rover Landing", B, 1, lv(0, 0, 0, 1), sym(0, 0, 1, 0)).left(research(B, 1)),
    make("venus_probe", "Venus Atmosphere Probe", B, 1, lv(0, 0, 0, 2), sym(0, 0, 1, 0)),
    make("planet_nine", "Planet Nine Confirmed", B, 1, lv(0, 0, 0, 1), sym(0, 0, 0, 0))
        .named(special::planet_nine,
               "Shows one symbol of every category printed on at least one other Breakthrough "
               "card in any Agency (at most 4)."),
    make("water_on_mars", "Water on Mars", B, 1, lv(0, 0, 0, 1), sym(0, 0, 1, 1)),
    make("wow_signal", "Wow! Signal", B, 1, lv(0, 0, 0, 1), sym(0, 0, 0, 1)).immediate(draw(B, 1)),
    make("europa_microbes", "Microbes on Europa", B, 1, lv(0, 0, 0, 1), sym(0, 0, 0, 2)),
};

constexpr ability return_used_control() {
  ability a;
  a.kind = effect::return_control;
  a.stripe = P;
  a.power = 1;
  a.optional = true;
  return a;
}

// Four types × levels 1, 3, 6. The lower the level (the later in a Stage's order), the more
// the card gives besides its acquire ability.
constexpr control_def controls_table[] = {
    {"propaganda_1", "Propaganda I", P, 1, return_used_control(), true},
    {"propaganda_3", "Propaganda III", P, 3, move(P, 1, universe, hand), false},
    {"propaganda_6", "Propaganda VI", P, 6, {}, false},
    {"technology_1", "Technology I", T, 1, draw(T, 2), false},
    {"technology_3", "Technology III", T, 3, research(T, 1), false},
    {"technology_6", "Technology VI", T, 6, {}, false},
    {"space_program_1", "Space Program I", S, 1, build(S, 1), false},
    {"space_program_3", "Space Program III", S, 3, uncover(S, 1), false},
    {"space_program_6", "Space Program VI", S, 6, {}, false},
    {"breakthrough_1", "Breakthrough I", B, 1, research(B, 2), false},
    {"breakthrough_3", "Breakthrough III", B, 3, draw(B, 1), false},
    {"breakthrough_6", "Breakthrough VI", B, 6, {}, false},
};

const std::array<card_id, deck_size> deck_ids = [] {
  std::array<card_id, deck_size> out{};
  int n = 0;
  for (std::size_t i = 0; i < std::size(cards_table); ++i)
    for (int c = 0; c < cards_table[i].copies && n < deck_size; ++c) out[n++] = static_cast<card_id>(i);
  return out;
}();

std::string_view zone_words(zone z) {
  switch (z) {
    case deck: return "the Deck";
    case universe: return "the Universe";
    case hand: return "your Hand";
    case agency: return "your Agency";
    case lab: return "your Lab";
    case rival_lab: return "an opponent's Lab";
    case any_lab: return "any Lab";
    case none: break;
  }
  return "?";
}

// "card", "Propaganda cards", "Breakthrough card with a Man in Space symbol".
std::string noun(const filter& f, bool plural) {
  std::string kind;
  if (f.types != 0xf)
    for (int s = 0; s < stage_count; ++s)
      if (f.types >> s & 1u) kind += (kind.empty() ? "" : "/") + std::string(stage_name(static_cast<stage>(s))) + " ";
  std::string out = kind + (plural ? "cards" : "card");
  if (f.symbol >= 0) out += " with a " + std::string(category_name(static_cast<category>(f.symbol))) + " symbol";
  return out;
}

std::string route(const transfer& t) {
  return "from " + std::string(zone_words(t.from)) + " into " + std::string(zone_words(t.to)) +
         (t.to == universe ? " face down" : "");
}

}  // namespace

std::span<const card_def> all_cards() { return cards_table; }
const card_def& card(card_id id) { return cards_table[id]; }

bool find_card(std::string_view code, card_id& out) {
  for (std::size_t i = 0; i < std::size(cards_table); ++i)
    if (cards_table[i].code == code) {
      out = static_cast<card_id>(i);
      return true;
    }
  return false;
}

std::span<const card_id> full_deck() { return deck_ids; }

copy_id first_copy(card_id type) {
  for (std::size_t i = 0; i < deck_ids.size(); ++i)
    if (deck_ids[i] == type) return static_cast<copy_id>(i);
  return copy_id{};
}
std::span<const control_def> all_controls() { return controls_table; }
const control_def& control(int index) { return controls_table[index]; }

bool find_control(std::string_view code, int& out) {
  for (int i = 0; i < control_count; ++i)
    if (controls_table[i].code == code) {
      out = i;
      return true;
    }
  return false;
}

ability acquire_of(const control_def& c) {
  ability a = move(c.type, 1, universe, agency, of(c.type));
  a.kind = effect::acquire;
  return a;
}

std::string_view stage_name(stage s) {
  static constexpr std::string_view names[] = {"Propaganda", "Technology", "Space Program", "Breakthrough"};
  return names[static_cast<int>(s)];
}

std::string_view category_name(category c) {
  static constexpr std::string_view names[] = {"Reaching for the Stars", "Man in Space",
                                               "Planet Exploration", "Search for Extraterrestrial Life"};
  return names[static_cast<int>(c)];
}

std::string describe(const ability& a) {
  const std::string n = std::to_string(a.power);
  const bool plural = a.power != 1;
  std::string text;
  switch (a.kind) {
    case effect::none: return {};
    case effect::move:
      text = "Put " + std::string(a.exact ? "exactly " : "up to ") + n + " " + noun(a.top.only, plural) + " " +
             route(a.top) + (a.exact ? " (if you can)" : "");
      break;
    case effect::combined:
      text = "Split " + n + " between the top row (" + noun(a.top.only, true) + " " + route(a.top) +
             ") and the bottom row (" + noun(a.bottom.only, true) + " " + route(a.bottom) + ")";
      break;
    case effect::per_card:
      text = "Put up to 1 " + noun(a.top.only, false) + " " + route(a.top) + " for each " +
             std::string(stage_name(a.counted)) + " card in your Agency (this one included)";
      break;
    case effect::uncover:
      text = "Uncover up to " + n + " covered card" + (plural ? "s" : "") + " in your Agency";
      break;
    case effect::acquire:
      text = "Take a " + noun(a.top.only, false) +
             " from the Universe into your Agency (none there: a card of a finished Stage, or draw up to 3)";
      break;
    case effect::return_control:
      text = "Return another used Control Card to your supply";
      break;
  }
  return (a.optional ? "You may: " : "") + text + ".";
}

std::string validate_cards() {
  int by_type[stage_count] = {};
  int total = 0;
  for (const card_def& c : cards_table) {
    by_type[static_cast<int>(c.type)] += c.copies;
    total += c.copies;
    if (c.copies == 0) return std::string(c.code) + " has no copies";
    if (c.leader && c.type != P) return std::string(c.code) + ": Leaders are Propaganda cards";
    int printed = 0;
    for (auto s : c.symbol) printed += s;
    if (printed > 0 && c.type != B) return std::string(c.code) + ": only Breakthroughs show symbols";
    if (c.type == B && printed == 0 && c.named != special::planet_nine)
      return std::string(c.code) + ": a Breakthrough needs a symbol";
    // Immediate abilities never place cards in the Agency, so triggers cannot chain.
    if (c.bottom_timing == timing::immediate &&
        (c.bottom.top.to == agency || c.bottom.bottom.to == agency))
      return std::string(c.code) + ": an Immediate ability may not place cards in the Agency";
    for (const ability* a : {&c.left, &c.right, &c.bottom})
      if (a->kind == effect::acquire || a->kind == effect::return_control)
        return std::string(c.code) + ": Control-Card effects on a Space Race card";
    if ((c.bottom_timing == timing::none) != !c.bottom.present())
      return std::string(c.code) + ": bottom ability and timing disagree";
    if ((c.named == special::none) != c.text.empty())
      return std::string(c.code) + ": a named special needs its text";
    for (const card_def& other : cards_table)
      if (&other != &c && other.code == c.code) return std::string(c.code) + " appears twice";
  }
  if (total != deck_size) return "the deck holds " + std::to_string(total) + " cards, not 98";
  if (by_type[0] != 28 || by_type[1] != 28 || by_type[2] != 28 || by_type[3] != 14)
    return "the deck is not 28 Propaganda / 28 Technology / 28 Space Program / 14 Breakthrough";
  for (std::string_view named : {"titan_rocket", "sergei_korolev", "carl_sagan", "area_51", "saturn_v",
                                 "ufo_investigation", "lunokhod", "project_mercury", "project_seti",
                                 "planet_nine", "espionage", "rosetta_mission"}) {
    card_id id = 0;
    if (!find_card(named, id)) return "the rulebook's card " + std::string(named) + " is missing";
  }
  for (int t = 0; t < stage_count; ++t) {
    int levels_seen = 0;
    for (const control_def& c : controls_table)
      if (static_cast<int>(c.type) == t) ++levels_seen;
    if (levels_seen != 3) return "each type needs three Control Cards";
  }
  return {};
}

}  // namespace starport::space_race
