// The plain-text deck list (engine/core/deck.hpp), for every deck game: a small made-up pool
// so the parser is tested apart from any game's cards. Clear errors for every broken line,
// nothing returned on error, and no undefined behaviour on hostile input (the fuzzer's job too).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/deck.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/scenario.hpp"

namespace eng = starport::engine;

namespace {

std::span<const eng::pool_card> toy_pool() {
  static const std::vector<eng::pool_card> pool = {
      {0, "Warp Coil", "Module", {}, "", {}},
      {1, "Ride the Current", "Action", {}, "", {}},
      {2, "3D Printer", "Module", {}, "", {}},
      {3, "Jump", "Action", {}, "", {}},
  };
  return pool;
}
std::span<const eng::starter_deck> no_starters() { return {}; }
std::vector<std::string> no_problems(std::span<const eng::card_index>) { return {}; }

const eng::deck_rules toy{toy_pool, no_starters, no_problems, 8};

struct parsed {
  bool ok;
  eng::deck_list cards;
  std::vector<std::string> errors;
};
parsed parse(std::string_view text) {
  parsed p{};
  p.cards = {99};   // must be cleared
  p.ok = eng::parse_deck_text(text, toy, p.cards, p.errors);
  return p;
}

}  // namespace

TEST_CASE("Deck text, counts, bare names, comments, blank lines and any letter case") {
  const parsed p = parse("# my deck\n2 Warp Coil\n\n  jump   # the good one\r\n3x ride  the CURRENT\n3D Printer\n");
  REQUIRE(p.ok);
  CHECK(p.errors.empty());
  CHECK(p.cards == eng::deck_list{0, 0, 3, 1, 1, 1, 2});
}

TEST_CASE("Deck text, an empty list parses to an empty deck") {
  const parsed p = parse("");
  CHECK(p.ok);
  CHECK(p.cards.empty());
}

TEST_CASE("Deck text, every broken line gets its own error and nothing is returned") {
  const parsed p = parse("2 Warp Coil\n1 Warp Coyle\n0 Jump\n99999 Jump\n3\nJump\n");
  CHECK_FALSE(p.ok);
  CHECK(p.cards.empty());
  REQUIRE(p.errors.size() == 4);
  CHECK(p.errors[0] == "line 2: no card named 'Warp Coyle'");
  CHECK(p.errors[1] == "line 3: bad count 0 (leave the card out instead)");
  CHECK(p.errors[2] == "line 4: bad count '99999'");
  CHECK(p.errors[3] == "line 5: a count without a card name");
}

TEST_CASE("Deck text, a list longer than max_cards is refused once") {
  const parsed p = parse("5 Jump\n4 Warp Coil\n");
  CHECK_FALSE(p.ok);
  CHECK(p.cards.empty());
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0] == "the list is too long: 9 cards, at most 8");
}

TEST_CASE("Deck text, over-long lines and texts are refused, names are shown safely") {
  const parsed long_line = parse("1 " + std::string(300, 'a') + "\n");
  REQUIRE(long_line.errors.size() == 1);
  CHECK(long_line.errors[0] == "line 1: too long (more than 200 characters)");
  const parsed long_text = parse(std::string(70000, '\n'));
  REQUIRE(long_text.errors.size() == 1);
  CHECK(long_text.errors[0].find("too long") != std::string::npos);
  const parsed control = parse(std::string("Wa\x01rp\x7f", 6));
  REQUIRE(control.errors.size() == 1);
  CHECK(control.errors[0] == "line 1: no card named 'Wa?rp?'");
}

TEST_CASE("Deck text, errors stop at 50 lines plus a count of the rest") {
  std::string text;
  for (int i = 0; i < 80; ++i) text += "Nonsense\n";
  const parsed p = parse(text);
  REQUIRE(p.errors.size() == 51);
  CHECK(p.errors.back() == "and 30 more broken lines");
}

TEST_CASE("Deck text, export groups by kind with counts and parses back") {
  const eng::deck_list deck{3, 0, 3, 2, 1};
  const std::string text = eng::deck_text(toy, deck);
  CHECK(text == "# Module (2)\n1 Warp Coil\n1 3D Printer\n\n# Action (3)\n1 Ride the Current\n2 Jump\n");
  const parsed p = parse(text);
  REQUIRE(p.ok);
  CHECK(p.cards == eng::deck_list{0, 2, 1, 3, 3});
}

TEST_CASE("Deck text, random bytes never crash and a failure returns no cards") {
  starport::engine::rng random(7, 7);
  const std::string alphabet = "0123456789xX #\n\r\t WarpCoiljumpJUMP3D\x01\xff\xc3\xa9";
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const std::uint32_t length = random.below(120);
    for (std::uint32_t i = 0; i < length; ++i)
      text += alphabet[random.below(static_cast<std::uint32_t>(alphabet.size()))];
    const parsed p = parse(text);
    if (!p.ok) {
      CHECK(p.cards.empty());
      CHECK(!p.errors.empty());
    } else {
      CHECK(p.errors.empty());
      CHECK(p.cards.size() <= 8);
    }
  }
}

TEST_CASE("Scenario decks, a game without decks refuses a decks member") {
  starport::engine::scenario sc;
  std::string error;
  CHECK_FALSE(starport::engine::parse_scenario(
      R"({"game": "space_war", "seats": 2, "decks": [["Jump"], ["Jump"]]})", sc, error));
  CHECK(error == "scenario: space_war has no decks");
  REQUIRE(starport::engine::parse_scenario(R"({"game": "space_war", "seats": 2})", sc, error));
  CHECK(sc.decks.empty());
}

TEST_CASE("Starter recipes resolve names to card indices, and a name the pool lacks is named in the error") {
  const auto find = [](std::string_view name) {
    for (const eng::pool_card& c : toy_pool())
      if (c.name == name) return static_cast<int>(c.index);
    return -1;
  };
  const std::vector<eng::starter_recipe> good = {{"jumpers", "Jumpers", "Jump a lot.", {{2, "Jump"}, {1, "Warp Coil"}}}};
  const auto decks = eng::resolve_starters(good, find);
  REQUIRE(decks.size() == 1);
  CHECK(decks[0].id == "jumpers");
  CHECK(decks[0].name == "Jumpers");
  CHECK(decks[0].summary == "Jump a lot.");
  CHECK(decks[0].cards == eng::deck_list{3, 3, 0});
  const std::vector<eng::starter_recipe> misspelt = {{"jumpers", "Jumpers", "", {{1, "Jmup"}}}};
  CHECK_THROWS_WITH_AS(eng::resolve_starters(misspelt, find), "starter deck jumpers: no card named Jmup", std::logic_error);
}
