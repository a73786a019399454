// Race to the Terminus deck building (rulebook "Building a Deck", glossary Unique and
// Legacy): every starter is legal and survives the plain-text round trip, and each rule a
// list can break gives its own clear sentence and nothing else.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/registry.hpp"
#include "engine/terminus/cards.hpp"

namespace tc = starport::terminus;
namespace eng = starport::engine;

namespace {

eng::card_index id_of(std::string_view name) {
  tc::card_id id = 0;
  REQUIRE_MESSAGE(tc::find_card(name, id), std::string(name));
  return id;
}

eng::deck_list starter(std::string_view id) {
  for (const eng::starter_deck& d : tc::starter_decks())
    if (d.id == id) return d.cards;
  FAIL("no starter " << std::string(id));
  return {};
}

void swap_card(eng::deck_list& deck, std::string_view out, std::string_view in) {
  auto it = std::find(deck.begin(), deck.end(), id_of(out));
  REQUIRE_MESSAGE(it != deck.end(), std::string(out));
  *it = id_of(in);
}

bool mentions(const std::vector<std::string>& problems, std::string_view what) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(what) != std::string::npos; });
}

}  // namespace

TEST_CASE("Terminus decks, at least four starter decks of different styles, each legal with 60 cards") {
  const auto starters = tc::starter_decks();
  CHECK(starters.size() >= 4);
  std::set<std::string> ids;
  for (const eng::starter_deck& d : starters) {
    CAPTURE(d.id);
    CHECK(ids.insert(d.id).second);
    CHECK(!d.name.empty());
    CHECK(!d.summary.empty());
    CHECK(d.cards.size() == 60);
    CHECK(tc::deck_problems(d.cards) == std::vector<std::string>{});
  }
  // Different styles: no two starters share more than half of their cards.
  for (std::size_t a = 0; a < starters.size(); ++a)
    for (std::size_t b = a + 1; b < starters.size(); ++b) {
      std::multiset<eng::card_index> x(starters[a].cards.begin(), starters[a].cards.end());
      int shared = 0;
      for (eng::card_index c : starters[b].cards)
        if (auto it = x.find(c); it != x.end()) { ++shared; x.erase(it); }
      CHECK_MESSAGE(shared <= 30, starters[a].id << " and " << starters[b].id);
    }
}

TEST_CASE("Terminus decks, deck_rules exposes the pool, the starters and 60 as the longest list") {
  const eng::deck_rules& rules = tc::deck_building();
  REQUIRE(static_cast<bool>(rules.pool));
  const auto pool = rules.pool();
  CHECK(pool.size() == tc::all_cards().size());
  for (std::size_t i = 0; i < pool.size(); ++i) {
    CHECK(pool[i].index == i);
    CHECK(pool[i].name == tc::all_cards()[i].name);
    CHECK(pool[i].text == tc::card_text(tc::all_cards()[i]));
  }
  const eng::pool_card& jump = pool[id_of("Jump")];
  CHECK(jump.kind == "Action");
  CHECK(std::find(jump.stats.begin(), jump.stats.end(), std::pair<std::string, int>{"Requires Certainty", 2}) !=
        jump.stats.end());
  const eng::pool_card& hull = pool[id_of("Hull Breach")];
  CHECK(std::find(hull.stats.begin(), hull.stats.end(), std::pair<std::string, int>{"Power", 3}) != hull.stats.end());
  const eng::pool_card& skiff = pool[id_of("Scout Skiff")];
  CHECK(std::find(skiff.tags.begin(), skiff.tags.end(), "Runabout") != skiff.tags.end());
  CHECK(rules.starters().size() == tc::starter_decks().size());
  CHECK(rules.max_cards == 60);
  CHECK(rules.problems(rules.starters()[0].cards).empty());
}

TEST_CASE("Building a Deck, each Pile has its exact size (one sentence per Pile that is off)") {
  eng::deck_list deck = starter("pathfinders");
  swap_card(deck, "Plot a Course", "Grown Hull");   // 11 Modules, 19 Actions
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0] == "The deck needs exactly 10 Modules; it has 11.");
  CHECK(problems[1] == "The deck needs exactly 20 Actions; it has 19.");
  CHECK(tc::deck_problems({}).size() == 5);
}

TEST_CASE("Building a Deck, only Actions share a name") {
  eng::deck_list deck = starter("pathfinders");
  swap_card(deck, "Survey Telescope", "Oracle Engine");
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "Only Actions may share a name, but the deck has more than one Oracle Engine.");
}

TEST_CASE("Building a Deck, Complication Power adds up to at most 10") {
  eng::deck_list deck = starter("pathfinders");   // Power 9
  swap_card(deck, "Lucky Break", "Hull Breach");  // +3
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "The Complications' Power adds up to 12; it may be at most 10.");
}

TEST_CASE("Building a Deck, at most 2 Actions of one name") {
  eng::deck_list deck = starter("pathfinders");
  swap_card(deck, "Repairs", "Jump");
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "A deck may hold at most 2 Actions of one name, but this one has 3 Jump.");
}

TEST_CASE("Unique, a deck holds one Unique Action of a name") {
  eng::deck_list deck = starter("pathfinders");
  swap_card(deck, "Repairs", "Grand Leap");
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "Grand Leap is Unique: the deck may hold only one of each.");
}

TEST_CASE("Legacy, a deck holds at most one") {
  eng::deck_list deck = starter("pathfinders");   // has Ancestral Starmap
  swap_card(deck, "Survey Telescope", "Grudge Ledger");
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "A deck may hold at most 1 Legacy, but this one has 2 (Ancestral Starmap and Grudge Ledger).");
}

TEST_CASE("Building a Deck, cards outside the pool are named and nothing throws") {
  eng::deck_list deck = starter("pathfinders");
  deck[0] = 60000;
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0] == "The deck names 1 card that is not in the pool (number 60000).");
  CHECK(problems[1] == "The deck needs exactly 10 Modules; it has 9.");
}

TEST_CASE("Building a Deck, several broken rules give one sentence each, in the rulebook's order") {
  eng::deck_list deck = starter("shadow_fleet");    // Power 10
  swap_card(deck, "Lucky Break", "Gravity Well");   // Power 13
  swap_card(deck, "Plot a Course", "Spy Network");  // 3 Spy Network
  swap_card(deck, "Railgun Battery", "Scout Skiff"); // 2 Scout Skiff
  const auto problems = tc::deck_problems(deck);
  REQUIRE(problems.size() == 3);
  CHECK(mentions({problems[0]}, "share a name"));
  CHECK(mentions({problems[1]}, "Power adds up to 13"));
  CHECK(mentions({problems[2]}, "3 Spy Network"));
}

TEST_CASE("Terminus decks, every starter survives the plain-text round trip") {
  const eng::deck_rules& rules = tc::deck_building();
  for (const eng::starter_deck& d : tc::starter_decks()) {
    CAPTURE(d.id);
    const std::string text = eng::deck_text(rules, d.cards);
    CHECK(text.find("# Module (10)") != std::string::npos);
    CHECK(text.find("# Action (20)") != std::string::npos);
    eng::deck_list back;
    std::vector<std::string> errors;
    REQUIRE(eng::parse_deck_text(text, rules, back, errors));
    CHECK(errors.empty());
    eng::deck_list a = d.cards, b = back;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);
  }
}

TEST_CASE("Terminus decks, scenario files carry the decks by name and round-trip (docs/scenarios.md)") {
  const eng::game_info* game = eng::find_game("terminus");
  REQUIRE(game != nullptr);
  auto options = game->new_options();
  const std::vector<eng::deck_list> decks = {starter("shadow_fleet"), starter("wild_frontier")};
  const std::string json = eng::scenario_json(*game, 2, 5, *options, {}, decks);
  CHECK(json.find("\"Scout Skiff\"") != std::string::npos);
  eng::scenario sc;
  std::string error;
  REQUIRE_MESSAGE(eng::parse_scenario(json, sc, error), error);
  REQUIRE(sc.decks.size() == 2);
  CHECK(sc.decks[0] == decks[0]);
  CHECK(sc.decks[1] == decks[1]);
  auto m = sc.start();
  REQUIRE(m != nullptr);
  CHECK(eng::scenario_json(*game, 2, 5, *options, {}, sc.decks) == json);
}

TEST_CASE("Terminus decks, a scenario refuses a broken deck, an unknown card and a wrong deck count") {
  const eng::game_info* game = eng::find_game("terminus");
  REQUIRE(game != nullptr);
  auto options = game->new_options();
  eng::deck_list broken = starter("pathfinders");
  swap_card(broken, "Repairs", "Jump");
  std::string json = eng::scenario_json(*game, 2, 5, *options, {}, std::vector<eng::deck_list>{broken, starter("black_flag")});
  eng::scenario sc;
  std::string error;
  CHECK_FALSE(eng::parse_scenario(json, sc, error));
  CHECK(error == "scenario deck 0: A deck may hold at most 2 Actions of one name, but this one has 3 Jump.");
  CHECK_FALSE(eng::parse_scenario(R"({"game": "terminus", "seats": 2, "decks": [["Warp Coil"], []]})", sc, error));
  CHECK(error == "scenario deck 0: no card named 'Warp Coil'");
  CHECK_FALSE(eng::parse_scenario(R"({"game": "terminus", "seats": 2, "decks": [[]]})", sc, error));
  CHECK(error == "scenario: decks lists 1 decks for 2 seats");
}
