// Quasar Search content (issue 17 "Content", "Decks and seats"): the Mission, its Acts and
// Endings, the Challenges, the factions and the pool hold together; every mechanic of the
// issue is on at least two player cards; the validator refuses every kind of broken field,
// one at a time, so its pass cannot be an accident; every starter is legal and every deck
// rule can be broken on its own; docs/rules/quasar_search_cards.md holds every row.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/deck.hpp"
#include "engine/quasar_search/cards.hpp"

namespace qs = starport::quasar_search;
namespace eng = starport::engine;
using qs::op;
using qs::who;

namespace {

// Every piece of content as editable copies; `check()` validates them together.
struct content {
  std::vector<qs::act_def> acts{qs::mission().acts.begin(), qs::mission().acts.end()};
  std::vector<qs::ending_def> endings{qs::mission().endings.begin(), qs::mission().endings.end()};
  std::vector<qs::challenge_def> challenges{qs::challenges().begin(), qs::challenges().end()};
  std::vector<qs::faction_def> factions{qs::factions().begin(), qs::factions().end()};
  std::vector<qs::player_card> pool{qs::player_pool().begin(), qs::player_pool().end()};
  qs::mission_def mission = qs::mission();

  std::string check() {
    mission.acts = acts;
    mission.endings = endings;
    const qs::content_set c{&mission, challenges, factions, pool};
    return qs::validate_content(c);
  }
  qs::player_card& card(std::string_view name) {
    for (qs::player_card& p : pool)
      if (p.name == name) return p;
    FAIL("no card " << name);
    return pool.front();
  }
  qs::challenge_def& challenge(std::string_view name) {
    for (qs::challenge_def& c : challenges)
      if (c.name == name) return c;
    FAIL("no challenge " << name);
    return challenges.front();
  }
  qs::act_def& act(int sequence) {
    for (qs::act_def& a : acts)
      if (a.sequence == sequence) return a;
    FAIL("no act " << sequence);
    return acts.front();
  }
};

// A change to valid content must make the validator name the problem.
void refuses(const std::function<void(content&)>& change, std::string_view says) {
  content c;
  REQUIRE(c.check() == "");
  change(c);
  const std::string problems = c.check();
  CAPTURE(problems);
  CHECK(problems.find(says) != std::string::npos);
}

bool any_effect(const qs::player_card& c, const std::function<bool(const qs::effect&)>& f) {
  return std::any_of(c.effects.begin(), c.effects.end(), [&](const qs::effect& e) { return e.present() && f(e); });
}

// The mechanics, each read from a card's data.
struct mechanic {
  std::string_view name;
  std::function<bool(const qs::player_card&)> on;
};
std::vector<mechanic> mechanics() {
  auto uses = [](op o) {
    return [o](const qs::player_card& c) { return any_effect(c, [o](const qs::effect& e) { return e.what == o; }); };
  };
  return {
      {"Boons", [](const qs::player_card& c) {
         return any_effect(c, [](const qs::effect& e) { return e.what == op::boon || e.kind == qs::style::boon_outcome; });
       }},
      {"Draw from several zones", uses(op::draw_discard)},
      {"Demand", uses(op::demand)},
      {"Shift", uses(op::shift)},
      {"Stockpile", uses(op::stockpile)},
      {"Warp", uses(op::warp)},
      {"Overcommit", [](const qs::player_card& c) { return c.has(qs::keyword::overcommit); }},
      {"Sensors", uses(op::sensors)},
      {"Energy", [](const qs::player_card& c) {
         return any_effect(c, [](const qs::effect& e) {
           return e.what == op::produce_energy || e.what == op::consume_energy || e.pay == qs::cost::consume_energy;
         });
       }},
      {"Glory", [](const qs::player_card& c) {
         return any_effect(c, [](const qs::effect& e) {
           return e.what == op::gain_glory || e.what == op::spend_glory || e.pay == qs::cost::spend_glory;
         });
       }},
      {"Morale", [](const qs::player_card& c) {
         return any_effect(c, [](const qs::effect& e) { return e.what == op::morale || e.pay == qs::cost::lose_morale; });
       }},
      {"Rank / Team Leader", [](const qs::player_card& c) {
         return any_effect(c, [](const qs::effect& e) { return e.target == who::team_leader || e.target == who::lowest_rank; });
       }},
      {"Adrenaline", [](const qs::player_card& c) { return c.has(qs::keyword::adrenaline); }},
      {"Projects", [](const qs::player_card& c) { return c.kind == qs::card_kind::project; }},
      {"Lessons", uses(op::learn_lesson)},
  };
}

// Where each Act leads, every branch followed: the Acts played on each path.
void paths(const qs::mission_def& m, int sequence, std::vector<int> so_far, std::vector<std::pair<std::vector<int>, char>>& out) {
  so_far.push_back(sequence);
  const qs::act_def* a = nullptr;
  for (const qs::act_def& x : m.acts)
    if (x.sequence == sequence) a = &x;
  REQUIRE(a != nullptr);
  for (const qs::next_step& n : {a->on_success, a->on_failure, a->on_broken}) {
    if (n.letter) out.emplace_back(so_far, n.letter);
    else paths(m, n.sequence, so_far, out);
  }
}

std::string read_doc() {
  std::ifstream file(STARPORT_SOURCE_DIR "/docs/rules/quasar_search_cards.md");
  REQUIRE(file.good());
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

// Generated text in a Markdown table cell: lines joined by <br>, the phase bar escaped.
std::string cell(const std::string& text) {
  std::string out;
  for (char ch : text) out += ch == '\n' ? std::string("<br>") : ch == '|' ? std::string("\\|") : std::string(1, ch);
  return out;
}

eng::card_index id_of(std::string_view name) {
  const int i = qs::find_card(qs::standard_content(), name);
  REQUIRE_MESSAGE(i >= 0, std::string(name));
  return static_cast<eng::card_index>(i);
}

eng::deck_list starter(std::string_view id) {
  for (const eng::starter_deck& d : qs::starter_decks())
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

// ---- The content -----------------------------------------------------------------------------

TEST_CASE("Quasar Search content, the Mission, Challenges, factions and pool validate (issue 17 Content)") {
  CHECK(qs::validate_content(qs::standard_content()) == "");
}

TEST_CASE("Quasar Search content, a Mission of at least three Acts and three Ending Letters, each with its text") {
  const qs::mission_def& m = qs::mission();
  CHECK(!m.name.empty());
  CHECK(!m.text.empty());
  CHECK(m.acts.size() >= 3);
  CHECK(m.endings.size() >= 3);
  std::set<char> letters;
  int victories = 0;
  for (const qs::ending_def& e : m.endings) {
    CAPTURE(e.letter);
    CHECK(letters.insert(e.letter).second);
    CHECK(!e.title.empty());
    CHECK(e.text.size() > 40);
    victories += e.victory;
  }
  CHECK(victories >= 1);
  CHECK(victories < static_cast<int>(m.endings.size()));
  for (const qs::act_def& a : m.acts) {
    CAPTURE(a.name);
    CHECK(!a.text.empty());
    // The back asks something: a number of successes or a limit on failures.
    CHECK((a.success_at_least > 0 || a.failures_at_most != qs::no_limit));
  }
}

TEST_CASE("Quasar Search content, Act Resolution branches: no path plays more Acts than a faction has Rank cards") {
  std::vector<std::pair<std::vector<int>, char>> out;
  paths(qs::mission(), 1, {}, out);
  std::set<char> reached;
  std::set<std::vector<int>> routes;
  for (const auto& p : out) {
    CAPTURE(p.second);
    CHECK(p.first.size() <= static_cast<std::size_t>(qs::rank_cards));
    reached.insert(p.second);
    routes.insert(p.first);
  }
  // Branching: more than one route, and every Ending is reachable.
  CHECK(routes.size() >= 2);
  for (const qs::ending_def& e : qs::mission().endings) CHECK(reached.count(e.letter) == 1);
}

TEST_CASE("Quasar Search content, at least 40 Challenges, enough per Act for the hardest difficulty (10)") {
  CHECK(qs::challenges().size() >= 40);
  for (const qs::act_def& a : qs::mission().acts) {
    CAPTURE(a.name);
    const auto n = std::count_if(qs::challenges().begin(), qs::challenges().end(),
                                 [&](const qs::challenge_def& c) { return c.act == a.sequence; });
    CHECK(n >= 10);
  }
}

TEST_CASE("Quasar Search content, Target: every Target kind is on Challenges, with Success and Failure results") {
  for (int t = 1; t < qs::target_kind_count; ++t) {
    const auto kind = static_cast<qs::target_kind>(t);
    CAPTURE(qs::target_name(kind));
    CHECK(std::count_if(qs::challenges().begin(), qs::challenges().end(),
                        [&](const qs::challenge_def& c) { return c.target == kind; }) >= 3);
  }
  int with_failure = 0;
  for (const qs::challenge_def& c : qs::challenges()) {
    CAPTURE(c.name);
    CHECK(c.success[0].present());
    with_failure += c.failure[0].present();
    CHECK(!c.flavor.empty());
    // A Target the table can meet: one seat with a card of value -10..10 (Shifts included).
    if (c.target == qs::target_kind::spearhead || c.target == qs::target_kind::nobody_left_behind)
      CHECK(c.number <= 10);
    if (c.target == qs::target_kind::split_decision) CHECK(c.number == 1);   // solo play can meet it
  }
  CHECK(with_failure >= 40);
}

TEST_CASE("Quasar Search content, Rank: four factions or more, each with a Morale Number, a Rankbreaker and 3 Rank cards") {
  CHECK(qs::factions().size() >= 4);
  for (const qs::faction_def& f : qs::factions()) {
    CAPTURE(f.name);
    CHECK(f.morale >= 1);
    CHECK(f.rankbreaker >= 1);
    CHECK(!f.summary.empty());
    for (std::uint8_t r : f.ranks) CHECK((r >= 1 && r <= 5));
    const int card = qs::find_card(qs::standard_content(), f.name);
    REQUIRE(card >= 0);
    CHECK(qs::player_pool()[static_cast<std::size_t>(card)].kind == qs::card_kind::faction);
    // The Faction card does something while in play.
    CHECK(qs::player_pool()[static_cast<std::size_t>(card)].effects[0].present());
  }
}

TEST_CASE("Quasar Search content, every mechanic of the issue is on at least two player cards") {
  for (const mechanic& m : mechanics()) {
    CAPTURE(m.name);
    int n = 0;
    for (const qs::player_card& c : qs::player_pool())
      if (c.kind != qs::card_kind::faction) n += m.on(c);
    CHECK(n >= 2);
  }
}

TEST_CASE("Quasar Search content, Lost in Space: one card of the pool, no value, in no faction") {
  int lost = 0;
  for (const qs::player_card& c : qs::player_pool())
    if (c.kind == qs::card_kind::lost_in_space) {
      ++lost;
      CHECK_FALSE(c.has_value);
      CHECK(c.faction == qs::neutral);
    }
  CHECK(lost == 1);
}

TEST_CASE("Quasar Search content, card text is generated from the data: every effect shows in it") {
  for (const qs::player_card& c : qs::player_pool()) {
    CAPTURE(c.name);
    const std::string text = qs::card_text(c);
    for (const qs::effect& e : c.effects)
      if (e.present()) CHECK(text.find(qs::effect_text(e)) != std::string::npos);
    if (c.has(qs::keyword::overcommit)) CHECK(text.find("Overcommit") != std::string::npos);
    if (c.has(qs::keyword::adrenaline)) CHECK(text.find("Adrenaline " + std::to_string(c.adrenaline)) != std::string::npos);
  }
  const qs::challenge_def& c = qs::challenges()[0];
  CHECK(qs::target_text(c, 3).find(std::to_string(c.number * (c.per_player ? 3 : 1))) != std::string::npos);
}

// ---- The validator, one broken field at a time -----------------------------------------------

TEST_CASE("Quasar Search content, the validator refuses broken player cards, one field at a time") {
  refuses([](content& c) { c.card("Deckhand").name = "Rigger"; }, "name used twice");
  refuses([](content& c) { c.card("Deckhand").name = ""; }, "a card without a name");
  refuses([](content& c) { c.card("Deckhand").value = 11; }, "value out of -10..10");
  refuses([](content& c) { c.card("Deckhand").has_value = false; }, "needs a value");
  refuses([](content& c) { c.card("Lost in Space").has_value = true; }, "Lost in Space has no value");
  refuses([](content& c) { c.card("Deckhand").kind = qs::card_kind::lost_in_space; }, "exactly one Lost in Space");
  refuses([](content& c) { c.card("Deckhand").faction = 9; }, "unknown faction");
  refuses([](content& c) { c.card("Lumen Choir").faction = qs::neutral; }, "a Faction card names its faction");
  refuses([](content& c) { c.card("Adrenal Rush").adrenaline = 0; }, "Adrenaline needs its X");
  refuses([](content& c) { c.card("Trim Jets").effects[0].at = qs::phase::resolution; }, "no effects happen in Resolution");
  refuses([](content& c) { c.card("Trim Jets").effects[0].at = qs::phase::pre_cleanup; }, "Shift happens only in Pre-Resolution");
  refuses([](content& c) { c.card("Trim Jets").effects[0].amount = 0; }, "needs a positive amount");
  refuses([](content& c) { c.card("Reactor Tender").effects[0].amount = 12; }, "amount out of range");
  refuses([](content& c) { c.card("Reactor Tender").effects[0].pay = qs::cost::spend_glory; }, "only a Triggered effect has a cost");
  refuses([](content& c) { c.card("Vector Analyst").effects[0].cost_amount = 0; }, "a cost needs an amount");
  refuses([](content& c) { c.card("Vector Analyst").effects[0].target = who::each_player; }, "a Triggered effect is personal");
  refuses([](content& c) { c.card("Targeting Array").effects[0].kind = qs::style::required; }, "a rules change must be Constant");
  refuses([](content& c) { c.card("Reactor Tender").effects[0].kind = qs::style::constant; }, "a Constant effect must be a rules change");
  refuses([](content& c) { c.card("Reactor Tender").effects[0].kind = qs::style::result; }, "a player card has no Results");
}

TEST_CASE("Quasar Search content, the validator refuses broken factions, one field at a time") {
  refuses([](content& c) { c.factions[1].rankbreaker = c.factions[0].rankbreaker; }, "Rankbreaker used twice");
  refuses([](content& c) { c.factions[2].ranks[1] = 6; }, "Rank values are 1..5");
  refuses([](content& c) { c.factions[2].ranks[0] = 0; }, "Rank values are 1..5");
  refuses([](content& c) { c.factions[3].morale = 0; }, "needs a Morale Number");
  refuses([](content& c) { c.factions[0].name = "Helix Surveyors"; }, "no Faction card of that name");
  refuses([](content& c) { c.card("Vanguard Wing").faction = 0; }, "no Faction card of that name");
}

TEST_CASE("Quasar Search content, the validator refuses broken Challenges, one field at a time") {
  refuses([](content& c) { c.challenge("Ion Squall").name = "Dock Traffic Jam"; }, "name used twice");
  refuses([](content& c) { c.challenge("Ion Squall").act = 7; }, "no Act 7");
  refuses([](content& c) { c.challenge("Ion Squall").target = qs::target_kind::none; }, "needs a Target");
  refuses([](content& c) { c.challenge("Ion Squall").success[0].kind = qs::style::required; }, "a Result has style result");
  refuses([](content& c) { c.challenge("Ion Squall").success[0].target = who::you; }, "an unowned card never says you");
  refuses([](content& c) { c.challenge("Ion Squall").success[0].amount = 0; }, "needs a positive amount");
  refuses([](content& c) { c.challenge("Recycler Breakdown").effects[0].target = who::you; }, "an unowned card never says you");
  refuses([](content& c) { c.challenge("Recycler Breakdown").effects[0].kind = qs::style::triggered; },
          "an unowned card has no Triggers");
  refuses([](content& c) { c.challenge("Recycler Breakdown").effects[0].at = qs::phase::confrontation; },
          "no effects happen in Confrontation");
}

TEST_CASE("Quasar Search content, the validator refuses a broken Mission, one field at a time") {
  refuses([](content& c) { c.act(1).sequence = 5; }, "no Act 1");
  refuses([](content& c) { c.act(1).on_success = {9, 0}; }, "no Act 9");
  refuses([](content& c) { c.act(2).on_failure = {0, 'Z'}; }, "no Ending Z");
  refuses([](content& c) { c.act(3).on_broken = {4, 'A'}; }, "each branch names an Act or an Ending");
  refuses([](content& c) { c.act(3).on_broken = {0, 0}; }, "each branch names an Act or an Ending");
  refuses([](content& c) { c.act(4).on_failure = {2, 0}; }, "branches only go forward");
  refuses([](content& c) { c.act(4).start[0].at = qs::phase::act_cleanup; }, "no effects happen in Act Cleanup");
  refuses([](content& c) {
    c.challenges.erase(std::remove_if(c.challenges.begin(), c.challenges.end(),
                                      [](const qs::challenge_def& x) { return x.act == 3; }),
                       c.challenges.end());
  }, "no Challenges");
  refuses([](content& c) { c.mission.safeguard_letter = 'A'; }, "the safeguard letter must be a losing Ending");
}

// ---- Deck building ---------------------------------------------------------------------------

TEST_CASE("Quasar Search decks, a starter per faction, each legal by deck_problems") {
  const auto starters = qs::starter_decks();
  CHECK(starters.size() == qs::factions().size());
  std::set<int> played;
  std::set<std::string> ids;
  for (const eng::starter_deck& d : starters) {
    CAPTURE(d.id);
    CHECK(ids.insert(d.id).second);
    CHECK(!d.name.empty());
    CHECK(!d.summary.empty());
    CHECK(d.cards.size() <= static_cast<std::size_t>(qs::max_deck_cards));
    CHECK(qs::deck_problems(d.cards) == std::vector<std::string>{});
    for (eng::card_index i : d.cards)
      if (qs::player_pool()[i].kind == qs::card_kind::faction) played.insert(qs::player_pool()[i].faction);
  }
  CHECK(played.size() == qs::factions().size());
}

TEST_CASE("Quasar Search decks, deck_rules exposes the pool, the starters and 40 as the longest list") {
  const eng::deck_rules& rules = qs::deck_building();
  const bool complete = rules.pool != nullptr && rules.starters != nullptr && rules.problems != nullptr;
  REQUIRE(complete);
  CHECK(rules.max_cards == 40);
  const auto pool = rules.pool();
  REQUIRE(pool.size() == qs::player_pool().size());
  for (std::size_t i = 0; i < pool.size(); ++i) {
    CAPTURE(pool[i].name);
    CHECK(pool[i].index == i);
    CHECK(pool[i].name == qs::player_pool()[i].name);
    CHECK(pool[i].text == qs::card_text(qs::player_pool()[i]));
  }
  const eng::pool_card& golem = pool[id_of("Scrap Golem")];
  CHECK(golem.kind == "Crew");
  CHECK(std::find(golem.tags.begin(), golem.tags.end(), "Overcommit") != golem.tags.end());
  CHECK(std::find(golem.tags.begin(), golem.tags.end(), "Ironbound Salvagers") != golem.tags.end());
  CHECK(golem.stats == std::vector<std::pair<std::string, int>>{{"Value", 10}});
  const eng::pool_card& choir = pool[id_of("Lumen Choir")];
  CHECK(choir.kind == "Faction");
  CHECK(std::find(choir.stats.begin(), choir.stats.end(), std::pair<std::string, int>{"Morale Number", 5}) != choir.stats.end());
  CHECK(rules.starters().size() == qs::starter_decks().size());
}

TEST_CASE("Quasar Search decks, exactly one Faction card") {
  eng::deck_list none = starter("cartographers");
  swap_card(none, "Helix Cartographers", "Rigger");
  CHECK(mentions(qs::deck_problems(none), "The deck needs exactly one Faction card; it has none."));
  // Its own faction's cards are now in a deck without one.
  CHECK(mentions(qs::deck_problems(none), "Star Chartist, Navigator Prime, Deep Surveyor and Survey Beacon belong to another faction"));
  eng::deck_list neutral_only;
  for (int k = 0; k < 3; ++k)
    for (std::string_view n : {"Deckhand", "Rigger", "Comms Specialist", "Shuttle Pilot", "Gunnery Chief", "Veteran Engineer",
                               "Void Marine", "Trim Jets", "Reactor Tender", "Cold Sleeper"})
      neutral_only.push_back(id_of(n));
  CHECK(qs::deck_problems(neutral_only) == std::vector<std::string>{"The deck needs exactly one Faction card; it has none."});
  eng::deck_list two = starter("cartographers");
  swap_card(two, "Rigger", "Lumen Choir");
  const auto problems = qs::deck_problems(two);
  CHECK(mentions(problems, "exactly one Faction card; it has 2 (Helix Cartographers and Lumen Choir)"));
}

TEST_CASE("Quasar Search decks, Lost in Space may not be brought") {
  eng::deck_list d = starter("choir");
  swap_card(d, "Cabin Steward", "Lost in Space");
  // Swapped, not added: the count of player cards drops to 29 as well.
  const auto problems = qs::deck_problems(d);
  CHECK(mentions(problems, "Lost in Space may not be brought"));
  d.push_back(id_of("Deckhand"));
  CHECK(qs::deck_problems(d) == std::vector<std::string>{"Lost in Space may not be brought in a deck; the box supplies it."});
}

TEST_CASE("Quasar Search decks, 30 to 39 player cards besides the Faction card") {
  eng::deck_list d = starter("salvagers");
  d.erase(std::find(d.begin(), d.end(), id_of("Deckhand")));
  CHECK(qs::deck_problems(d) ==
        std::vector<std::string>{"The deck needs 30 to 39 player cards besides its Faction card; it has 29."});
  eng::deck_list big = starter("salvagers");
  for (std::string_view n : {"Rigger", "Rigger", "Rigger", "Cabin Steward", "Cabin Steward", "Cabin Steward", "Deckhand",
                             "Trim Jets", "Trim Jets", "Trim Jets"})
    big.push_back(id_of(n));
  CHECK(big.size() == 41);
  CHECK(qs::deck_problems(big) ==
        std::vector<std::string>{"The deck needs 30 to 39 player cards besides its Faction card; it has 40."});
  big.pop_back();
  CHECK(qs::deck_problems(big).empty());
}

TEST_CASE("Quasar Search decks, at most 3 copies of a card and 2 of a Project or an Overcommit card") {
  eng::deck_list d = starter("vanguard");
  swap_card(d, "Trim Jets", "Strike Leader");   // a fourth Strike Leader
  CHECK(qs::deck_problems(d) ==
        std::vector<std::string>{"A deck may hold at most 3 copies of a card, and 2 of a Project or an Overcommit card, "
                                 "but this one has 4 Strike Leader."});
  eng::deck_list p = starter("vanguard");
  swap_card(p, "Trim Jets", "Battle Standard");   // a third Project of a name
  CHECK(mentions(qs::deck_problems(p), "3 Battle Standard"));
  eng::deck_list o = starter("vanguard");
  swap_card(o, "Trim Jets", "All Hands");
  swap_card(o, "Wingmate", "All Hands");
  CHECK(qs::deck_problems(o).empty());
  swap_card(o, "Officer Training", "All Hands");   // a third Overcommit card of a name
  CHECK(mentions(qs::deck_problems(o), "3 All Hands"));
}

TEST_CASE("Quasar Search decks, a faction's own cards only in its decks") {
  eng::deck_list d = starter("choir");
  swap_card(d, "Cabin Steward", "Navigator Prime");
  CHECK(qs::deck_problems(d) == std::vector<std::string>{
                                    "Navigator Prime belongs to another faction and may not be in a Lumen Choir deck."});
  eng::deck_list own = starter("cartographers");
  swap_card(own, "Rigger", "Navigator Prime");
  CHECK(qs::deck_problems(own).empty());
}

TEST_CASE("Quasar Search decks, cards outside the pool are named, nothing throws, several rules give a sentence each in order") {
  eng::deck_list d = {9999, 65535};
  std::vector<std::string> problems;
  REQUIRE_NOTHROW(problems = qs::deck_problems(d));
  REQUIRE(problems.size() == 3);
  CHECK(mentions({problems[0]}, "2 cards that are not in the pool (number 9999 and 65535)"));
  CHECK(mentions({problems[1]}, "exactly one Faction card; it has none"));
  CHECK(mentions({problems[2]}, "it has 0"));
  CHECK_NOTHROW(qs::deck_problems({}));
}

TEST_CASE("Quasar Search decks, every starter survives the plain-text round trip") {
  const eng::deck_rules& rules = qs::deck_building();
  for (const eng::starter_deck& d : qs::starter_decks()) {
    CAPTURE(d.id);
    const std::string text = eng::deck_text(rules, d.cards);
    CHECK(text.find("# Faction (1)") != std::string::npos);
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

// ---- The docs hold every row -----------------------------------------------------------------

TEST_CASE("Quasar Search content, docs list every card, faction, Challenge, Act and Ending with its text") {
  const std::string doc = read_doc();
  auto row = [&](std::string_view name) -> std::string {
    const std::size_t at = doc.find("| **" + std::string(name) + "** |");
    if (at == std::string::npos) return {};
    return doc.substr(at, doc.find('\n', at) - at);
  };
  for (const qs::player_card& c : qs::player_pool()) {
    if (c.kind == qs::card_kind::faction) continue;   // in the faction table
    CAPTURE(c.name);
    const std::string line = row(c.name);
    REQUIRE(!line.empty());
    CHECK(line.find("| " + (c.has_value ? std::to_string(c.value) : std::string("—")) + " |") != std::string::npos);
    CHECK(line.find("| " + cell(qs::card_text(c)) + " |") != std::string::npos);
  }
  for (const qs::faction_def& f : qs::factions()) {
    CAPTURE(f.name);
    const std::string line = row(f.name);
    REQUIRE(!line.empty());
    const std::string ranks = std::to_string(f.ranks[0]) + ", " + std::to_string(f.ranks[1]) + ", " + std::to_string(f.ranks[2]);
    CHECK(line.find("| " + std::to_string(f.morale) + " | " + std::to_string(f.rankbreaker) + " | " + ranks + " |") !=
          std::string::npos);
    const qs::player_card& card = qs::player_pool()[id_of(f.name)];
    CHECK(line.find("| " + cell(qs::card_text(card)) + " |") != std::string::npos);
  }
  for (const qs::challenge_def& c : qs::challenges()) {
    CAPTURE(c.name);
    const std::string line = row(c.name);
    REQUIRE(!line.empty());
    const std::string target = qs::target_text(c, 1) + (c.per_player ? " per player" : "");
    CHECK(line.find("| " + std::to_string(c.act) + " | " + target + " | " + cell(qs::results_text(c.success)) + " | " +
                    cell(qs::results_text(c.failure, true)) + " |") != std::string::npos);
    for (const qs::effect& e : c.effects)
      if (e.present()) CHECK(line.find(cell(qs::effect_text(e))) != std::string::npos);
  }
  // An empty Failure box says what a failure still costs, not "Nothing happens".
  CHECK(qs::results_text({}, true) == "Nothing more");
  CHECK(qs::results_text({}) == "Nothing happens");
  CHECK(row("Station Farewell").find("| Nothing more |") != std::string::npos);
  for (const qs::act_def& a : qs::mission().acts) {
    CAPTURE(a.name);
    const std::string line = row(a.name);
    REQUIRE(!line.empty());
    CHECK(line.find("| " + std::to_string(a.sequence) + " |") != std::string::npos);
    CHECK(line.find(qs::next_text(a)) != std::string::npos);
    for (const qs::effect& e : a.start)
      if (e.present()) CHECK(line.find(cell(qs::effect_text(e))) != std::string::npos);
  }
  for (const qs::ending_def& e : qs::mission().endings) {
    CAPTURE(e.letter);
    const std::string line = row(std::string(1, e.letter) + ": " + std::string(e.title));
    REQUIRE(!line.empty());
    CHECK(line.find("| " + std::string(e.text) + " |") != std::string::npos);
    CHECK(line.find(e.victory ? "| victory |" : "| defeat |") != std::string::npos);
  }
  for (const eng::starter_deck& d : qs::starter_decks()) {
    CAPTURE(d.id);
    CHECK(doc.find("(`" + d.id + "`)") != std::string::npos);
  }
}
