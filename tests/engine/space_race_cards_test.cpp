// Space Race content: the card data holds together and the rulebook's named cards exist
// with the shapes its examples and FAQ describe (docs/rules/space_race.md lists them all).
#include "space_race_table.hpp"

using sr::stage;

namespace {

const sr::card_def& named(const std::string& code) {
  sr::card_id id = 0;
  REQUIRE_MESSAGE(sr::find_card(code, id), code);
  return sr::card(id);
}

}  // namespace

TEST_CASE("Components: the card data validates (98 cards: 28 Propaganda, 28 Technology, 28 Space Program, 14 Breakthrough)") {
  CHECK(sr::validate_cards() == "");
  int by_type[4] = {};
  for (sr::card_id c : sr::full_deck()) ++by_type[static_cast<int>(sr::card(c).type)];
  CHECK(sr::full_deck().size() == 98);
  CHECK(by_type[0] == 28);
  CHECK(by_type[1] == 28);
  CHECK(by_type[2] == 28);
  CHECK(by_type[3] == 14);
  CHECK(sr::all_cards().size() < 128);   // card ids fit the position's budget table
}

TEST_CASE("Components: Leaders are Propaganda cards, Breakthroughs cover all four categories") {
  int leaders = 0;
  int symbols[4] = {};
  for (const sr::card_def& d : sr::all_cards()) {
    if (d.leader) {
      ++leaders;
      CHECK(d.type == stage::propaganda);
    }
    for (int c = 0; c < 4; ++c) symbols[c] += d.symbol[c] * d.copies;
  }
  CHECK(leaders >= 5);
  for (int c = 0; c < 4; ++c) CHECK(symbols[c] >= 3);
}

TEST_CASE("Control Cards: 12 per player, four types at levels 1, 3 and 6") {
  REQUIRE(sr::all_controls().size() == 12);
  for (int k = 0; k < 12; ++k) {
    const sr::control_def& c = sr::control(k);
    CHECK(static_cast<int>(c.type) == k / 3);
    CHECK(c.level == (k % 3 == 0 ? 1 : k % 3 == 1 ? 3 : 6));
    CHECK(sr::acquire_of(c).kind == sr::effect::acquire);
    CHECK(sr::acquire_of(c).stripe == c.type);
  }
  // FAQ: level 1 Technology and Space Program Control Cards carry two separate abilities.
  CHECK(sr::control(T1).extra.present());
  CHECK(sr::control(S1).extra.present());
  // FAQ: the level 1 Propaganda Control Card has a Bureaucracy effect.
  CHECK(sr::control(P1).extra_is_bureaucracy);
}

TEST_CASE("Rulebook example: Titan Rocket gives Space Program level 2, Sergei Korolev level 1") {
  CHECK(named("titan_rocket").level[2] == 2);
  CHECK(named("sergei_korolev").level[2] == 1);
  CHECK(named("sergei_korolev").leader);
}

TEST_CASE("The FAQ's named cards exist with the effects the FAQ describes") {
  CHECK(named("carl_sagan").leader);
  CHECK(named("carl_sagan").named == sr::special::true_visionary);
  CHECK(named("area_51").named == sr::special::duplicate_symbol);
  const sr::ability& saturn = named("saturn_v").right;
  CHECK(saturn.kind == sr::effect::move);
  CHECK(saturn.top.from == sr::zone::universe);
  CHECK(saturn.top.to == sr::zone::agency);
  CHECK(saturn.top.only.symbol == static_cast<int>(sr::category::man_in_space));
  CHECK(named("ufo_investigation").right.kind == sr::effect::per_card);
  CHECK(named("lunokhod").right.kind == sr::effect::per_card);
  CHECK(named("project_seti").right.kind == sr::effect::per_card);
  CHECK(named("project_mercury").named == sr::special::program_level);
  CHECK(named("planet_nine").named == sr::special::planet_nine);
  CHECK(named("espionage").left.top.from == sr::zone::rival_lab);
  CHECK(named("rosetta_mission").right.top.from == sr::zone::any_lab);
}

TEST_CASE("Card text: every ability reads as a sentence") {
  for (const sr::card_def& d : sr::all_cards())
    for (const sr::ability* a : {&d.left, &d.right, &d.bottom})
      if (a->present()) CHECK_MESSAGE(sr::describe(*a).size() > 10, d.code);
  CHECK(sr::describe(named("press_conference").left) == "Put up to 2 cards from the Deck into your Hand.");
}

TEST_CASE("Space Race catalog: one kind per card type, by card_id, as the log's {card:K} names it") {
  const auto catalog = sr::state::catalog();
  REQUIRE(catalog.size() == sr::all_cards().size());
  CHECK(starport::engine::info_of<sr::state>().cards().data() == catalog.data());   // what ListCards lists
  for (std::size_t k = 0; k < catalog.size(); ++k) {
    CHECK(catalog[k].index == k);
    CHECK(catalog[k].name == sr::all_cards()[k].name);
  }
  CHECK(filled(starport::engine::card_ref(sr::type_of(sr::first_copy(0)))) == std::string(sr::card(0).name));
}
