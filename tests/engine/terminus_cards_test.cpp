// Race to the Terminus content: the pool holds together (issue 15 "Content": counts per type,
// every keyword and subtype on two cards, the rulebook's named cards) and the validator
// refuses every kind of broken card, so the check cannot pass by accident.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/terminus/cards.hpp"

namespace tc = starport::terminus;
using tc::card_type;
using tc::keyword;
using tc::subtype;

namespace {

const tc::card_def& named(std::string_view name) {
  tc::card_id id = 0;
  REQUIRE_MESSAGE(tc::find_card(name, id), std::string(name));
  return tc::card(id);
}

int count_type(card_type t) {
  return static_cast<int>(std::count_if(tc::all_cards().begin(), tc::all_cards().end(),
                                        [&](const tc::card_def& c) { return c.type == t; }));
}

std::vector<tc::card_def> pool_copy() { return {tc::all_cards().begin(), tc::all_cards().end()}; }

}  // namespace

TEST_CASE("Terminus pool, Content: the pool validates (issue 15 Content)") {
  CHECK(tc::validate_cards() == "");
  CHECK(tc::validate_pool(tc::all_cards()) == "");
}

TEST_CASE("Terminus pool, Content: at least 30 Modules, 30 Recruits, 20 Complications, 25 Systems, 40 Actions") {
  CHECK(count_type(card_type::module) >= 30);
  CHECK(count_type(card_type::recruit) >= 30);
  CHECK(count_type(card_type::complication) >= 20);
  CHECK(count_type(card_type::system) >= 25);
  CHECK(count_type(card_type::action) >= 40);
  CHECK(tc::all_cards().size() <= 256);
}

TEST_CASE("Terminus pool, Content: every keyword and every subtype is on at least two cards") {
  for (int k = 0; k < tc::keyword_count; ++k) {
    int n = 0;
    for (const tc::card_def& c : tc::all_cards()) n += c.has(static_cast<keyword>(k));
    CHECK_MESSAGE(n >= 2, tc::keyword_name(static_cast<keyword>(k)));
  }
  for (int s = 0; s < tc::subtype_count; ++s) {
    int n = 0;
    for (const tc::card_def& c : tc::all_cards()) n += c.is(static_cast<subtype>(s));
    CHECK_MESSAGE(n >= 2, tc::subtype_name(static_cast<subtype>(s)));
  }
}

TEST_CASE("Terminus pool, Content: Destiny Complications exist and Complications carry Power") {
  int destiny = 0, powered = 0;
  for (const tc::card_def& c : tc::all_cards())
    if (c.type == card_type::complication) {
      destiny += c.is(subtype::destiny);
      powered += c.power > 0;
    }
  CHECK(destiny >= 2);
  CHECK(powered >= 10);
}

TEST_CASE("Terminus pool, Content: Actions have Requirements on Certainty, Reputation and Intel, both at least and at most") {
  int on[4] = {}, at_most = 0;
  for (const tc::card_def& c : tc::all_cards())
    if (c.type == card_type::action && c.needs.present()) {
      ++on[static_cast<int>(c.needs.on)];
      at_most += c.needs.cmp == tc::compare::at_most;
    }
  CHECK(on[static_cast<int>(tc::resource::certainty)] >= 5);
  CHECK(on[static_cast<int>(tc::resource::reputation)] >= 5);
  CHECK(on[static_cast<int>(tc::resource::intel)] >= 5);
  CHECK(at_most >= 3);
}

TEST_CASE("Terminus pool, Complication Cascade example: Maintenance Inspection and Local Coup are Complications with their specials") {
  const tc::card_def& inspection = named("Maintenance Inspection");
  CHECK(inspection.type == card_type::complication);
  CHECK(inspection.effects[0].kind == tc::op::special);
  CHECK(inspection.effects[0].named == tc::special::maintenance_inspection);
  CHECK(inspection.effects[0].who == tc::target::opponent);
  const tc::card_def& coup = named("Local Coup");
  CHECK(coup.type == card_type::complication);
  CHECK(coup.effects[0].named == tc::special::local_coup);
}

TEST_CASE("Terminus pool, Ruling 11: Brtpb is a Recruit") {
  const tc::card_def& b = named("brtpb");   // names match case-insensitively
  CHECK(b.type == card_type::recruit);
  CHECK(b.morale > 0);
  CHECK(b.effects[0].named == tc::special::brtpb);
}

TEST_CASE("Terminus pool, Legacy: Legacy cards are Modules, so a deck stays 10/10/10/10/20") {
  int legacies = 0;
  for (const tc::card_def& c : tc::all_cards())
    if (c.is(subtype::legacy)) {
      ++legacies;
      CHECK(c.type == card_type::module);
    }
  CHECK(legacies >= 2);
}

TEST_CASE("Terminus pool, Card text is generated from the effects: every effect and Requirement shows in it") {
  for (const tc::card_def& c : tc::all_cards()) {
    const std::string text = tc::card_text(c);
    CAPTURE(c.name);
    CHECK(!text.empty());
    CHECK(text.back() == '.');
    if (c.needs.present()) CHECK(text.find("Requires") != std::string::npos);
    for (const tc::effect& e : c.effects)
      if (e.present()) CHECK(text.find(tc::describe(e).substr(1)) != std::string::npos);
    if (c.has(keyword::farsight))
      CHECK(text.find("Farsight " + std::to_string(c.farsight)) != std::string::npos);
  }
  CHECK(tc::card_text(named("Jump")) == "Requires Certainty 2 or more. Gain 2 Proximity, then lose 2 Certainty.");
  CHECK(tc::card_text(named("Emergency Thrusters")) == "Exhaust: gain 1 Proximity.");
}

TEST_CASE("Terminus pool, The validator refuses broken cards (each rule can fail)") {
  auto broken = [](const char* name, auto change) {
    tc::card_def c = named(name);
    REQUIRE(tc::validate_card(c) == "");
    change(c);
    return tc::validate_card(c);
  };
  CHECK(broken("Survey Telescope", [](tc::card_def& c) { c.power = 2; }) != "");           // Power on a Module
  CHECK(broken("Eager Cadet", [](tc::card_def& c) { c.morale = 0; }) != "");               // a Recruit without Morale
  CHECK(broken("Survey Telescope", [](tc::card_def& c) {
          c.needs = {tc::resource::certainty, tc::compare::at_least, 1};
        }) != "");                                                                          // Requirement off an Action
  CHECK(broken("Stowaway", [](tc::card_def& c) { c.effects[0].at = tc::when::regroup; }) != "");   // Ambush without its ability
  CHECK(broken("Spy Network", [](tc::card_def& c) { c.effects[0].who = tc::target::you; }) != "");   // Intel on yourself
  CHECK(broken("Jump", [](tc::card_def& c) { c.effects[0].kind = tc::op::negate; c.effects[0].who = tc::target::none; }) != "");
  CHECK(broken("Jump", [](tc::card_def& c) { c.effects[0].at = tc::when::start_turn; }) != "");   // Actions act when played
  CHECK(broken("Long-Range Scanner", [](tc::card_def& c) { c.farsight = 0; }) != "");       // Farsight without X
  CHECK(broken("Jump", [](tc::card_def& c) { c.effects[2] = c.effects[1]; c.effects[1] = {}; }) != "");   // a gap
  CHECK(broken("Grown Hull", [](tc::card_def& c) { c.subtypes |= 1u << static_cast<int>(subtype::synthetic); }) != "");
  CHECK(broken("Eager Cadet", [](tc::card_def& c) { c.subtypes |= 1u << static_cast<int>(subtype::legacy); }) != "");
  CHECK(broken("Jump", [](tc::card_def& c) { c.effects[0].amount = 0; }) != "");
  CHECK(broken("Jump", [](tc::card_def& c) { c.keywords |= 1u << static_cast<int>(keyword::weapon); }) != "");
  CHECK(broken("Sabotage", [](tc::card_def& c) { c.effects[0].who = tc::target::you; c.effects[1] = {}; }) != "");
  CHECK(broken("Disgruntled Engineer", [](tc::card_def& c) { c.effects[0].flags = 0; }) != "");   // Petty without effect
  CHECK(broken("Lucky Break", [](tc::card_def& c) { c.effects[0].at = tc::when::end_turn; }) != "");   // only Destiny stays
  CHECK(broken("Jump", [](tc::card_def& c) { c.name = ""; }) != "");
}

TEST_CASE("Terminus pool, The pool validator refuses a broken pool (names, counts, keywords, named cards)") {
  std::vector<tc::card_def> dup = pool_copy();
  dup[1].name = dup[0].name;
  CHECK(tc::validate_pool(dup).find("appears twice") != std::string::npos);

  std::vector<tc::card_def> few = pool_copy();
  few.erase(std::remove_if(few.begin(), few.end(), [](const tc::card_def& c) { return c.type == card_type::system; }),
            few.end());
  CHECK(tc::validate_pool(few).find("System") != std::string::npos);

  std::vector<tc::card_def> no_feral = pool_copy();
  no_feral.erase(std::remove_if(no_feral.begin(), no_feral.end(), [](const tc::card_def& c) { return c.has(keyword::feral); }),
                 no_feral.end());
  CHECK(tc::validate_pool(no_feral).find("Feral") != std::string::npos);

  std::vector<tc::card_def> no_coup = pool_copy();
  no_coup.erase(std::remove_if(no_coup.begin(), no_coup.end(), [](const tc::card_def& c) { return c.name == "Local Coup"; }),
                no_coup.end());
  CHECK(tc::validate_pool(no_coup).find("Local Coup") != std::string::npos);
}

TEST_CASE("Terminus pool, docs list every card with its text") {
  std::ifstream file(STARPORT_SOURCE_DIR "/docs/rules/terminus_cards.md");
  REQUIRE(file.good());
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string doc = buffer.str();
  for (const tc::card_def& c : tc::all_cards()) {
    CAPTURE(c.name);
    const std::size_t at = doc.find("| **" + std::string(c.name) + "** |");
    REQUIRE(at != std::string::npos);
    const std::string line = doc.substr(at, doc.find('\n', at) - at);
    CHECK(line.find("| " + tc::card_text(c) + " |") != std::string::npos);
  }
}
