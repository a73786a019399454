// The server's deck rules without sockets (server/lobby/decks.hpp, docs/protocol.md "Decks"):
// deck names, starters by id, a client's list checked before any deck rule, a deck saved
// under another rules version, and the Deck and CardPool messages. The flows over the wire
// are in decks_test.cpp.
#include <doctest/doctest.h>

#include <string>

#include "engine/registry.hpp"
#include "server/lobby/decks.hpp"

namespace engine = starport::engine;
namespace server = starport::server;
namespace v1 = starport::v1;

namespace {

const engine::game_info& terminus() {
  const engine::game_info* g = engine::find_game("terminus");
  REQUIRE(g);
  REQUIRE(g->decks);
  return *g;
}

google::protobuf::RepeatedField<std::uint32_t> field(const engine::deck_list& cards) {
  google::protobuf::RepeatedField<std::uint32_t> out;
  for (engine::card_index c : cards) out.Add(c);
  return out;
}

}  // namespace

TEST_CASE("decks (no socket): a deck's name is 1 to 40 printable characters, trimmed") {
  CHECK(server::clean_deck_name("  Iron Wall ") == "Iron Wall");
  CHECK(server::clean_deck_name(std::string(40, 'x')) == std::string(40, 'x'));
  CHECK(server::clean_deck_name("Ünïcödé ✦ deck") == "Ünïcödé ✦ deck");   // characters, not bytes
  CHECK(server::clean_deck_name(std::string(20, '\xc3') + std::string(20, '\xa9')) == std::nullopt);   // not UTF-8
  CHECK_FALSE(server::clean_deck_name(std::string(41, 'x')));
  CHECK_FALSE(server::clean_deck_name(""));
  CHECK_FALSE(server::clean_deck_name("    "));
  CHECK_FALSE(server::clean_deck_name("two\nlines"));
  CHECK_FALSE(server::clean_deck_name("tab\there"));
  // The display-name rule: nothing blank, nothing that turns the text around.
  CHECK_FALSE(server::clean_deck_name("\u200b"));
  CHECK_FALSE(server::clean_deck_name("\u3000"));
  CHECK_FALSE(server::clean_deck_name("Iron \u202eWall"));
  CHECK(server::clean_deck_name("Iron\u00a0 Wall") == "Iron Wall");
}

TEST_CASE("decks (no socket): only deck games have decks, and starters are found by their Deck.id") {
  std::string why;
  CHECK(server::deck_game("terminus", why) == &terminus());
  CHECK_FALSE(server::deck_game("space_war", why));
  CHECK(why.find("has no decks") != std::string::npos);
  CHECK_FALSE(server::deck_game("nope", why));
  CHECK(why.find("no game called") != std::string::npos);

  for (const engine::starter_deck& s : terminus().decks->starters()) {
    CHECK(server::find_starter(terminus(), "starter:" + s.id) == &s);
    CHECK(server::find_starter(terminus(), s.id) == nullptr);   // the prefix is part of the id
    CHECK(server::starter_choices(terminus()).find("starter:" + s.id) != std::string::npos);
  }
  CHECK(server::find_starter(terminus(), "starter:") == nullptr);
  CHECK(server::find_starter(*engine::find_game("space_war"), "starter:x") == nullptr);
}

TEST_CASE("decks (no socket): a client's list is refused when too long or outside the pool, each bad card named") {
  const engine::deck_list good = terminus().decks->starters()[0].cards;
  CHECK(server::list_errors(terminus(), field(good)).empty());
  CHECK(server::list_errors(terminus(), field({})).empty());   // empty: a deck being built

  const auto pool = static_cast<engine::card_index>(terminus().decks->pool().size());
  engine::deck_list outside = good;
  outside[0] = pool;
  const auto one = server::list_errors(terminus(), field(outside));
  REQUIRE(one.size() == 1);
  CHECK(one[0].find("Card 1 ") == 0);

  engine::deck_list many(terminus().decks->max_cards, pool);
  const auto capped = server::list_errors(terminus(), field(many));
  REQUIRE(capped.size() == 21);   // 20 named, then how many more
  CHECK(capped.back().find(std::to_string(many.size() - 20) + " more") != std::string::npos);

  const auto huge = server::list_errors(terminus(), field(engine::deck_list(10000, 0)));
  REQUIRE(huge.size() == 1);
  CHECK(huge[0].find("10000") != std::string::npos);
}

TEST_CASE("decks (no socket): a deck saved under another rules version has one problem and no text") {
  starport::storage::deck_record d;
  d.id = "abc";
  d.game = "terminus";
  d.name = "Old";
  d.cards = terminus().decks->starters()[0].cards;
  d.rules_version = terminus().rules_version;
  const v1::Deck now = server::deck_message(terminus(), d);
  CHECK(now.problems_size() == 0);
  CHECK(now.text() == engine::deck_text(*terminus().decks, d.cards));
  CHECK_FALSE(now.starter());

  d.rules_version = terminus().rules_version + 1;
  const v1::Deck old = server::deck_message(terminus(), d);
  REQUIRE(old.problems_size() == 1);
  CHECK(old.problems(0).find("save it again") != std::string::npos);
  CHECK(old.text().empty());
  CHECK(old.cards_size() == static_cast<int>(d.cards.size()));

  // A rules fix that kept the card tables keeps the decks saved before it.
  d.rules_version = terminus().decks->pool_since;
  CHECK(server::deck_message(terminus(), d).problems_size() == 0);
  for (const char* id : {"terminus", "quasar_search"}) {
    const engine::game_info* g = engine::find_game(id);
    REQUIRE(g);
    CHECK(g->decks->same_pool(1, g->rules_version));   // no pool change yet: every saved deck reads
    CHECK_FALSE(g->decks->same_pool(0, g->rules_version));   // hand-written rows (migration 8)
  }
  d.rules_version = terminus().decks->pool_since - 1;
  CHECK(server::deck_message(terminus(), d).problems_size() == 1);

  // A list of the right version with a card outside the pool: its problems, but no text.
  d.rules_version = terminus().rules_version;
  d.cards.back() = 65535;
  const v1::Deck broken = server::deck_message(terminus(), d);
  CHECK(broken.problems_size() > 0);
  CHECK(broken.text().empty());
}

TEST_CASE("decks (no socket): the card pool message is the engine's pool, built once") {
  const v1::CardPool& pool = server::card_pool(terminus());
  CHECK(&pool == &server::card_pool(terminus()));
  REQUIRE(pool.cards_size() == static_cast<int>(terminus().decks->pool().size()));
  for (int i = 0; i < pool.cards_size(); ++i) CHECK(pool.cards(i).index() == static_cast<std::uint32_t>(i));
  const v1::Deck starter = server::starter_message(terminus(), terminus().decks->starters()[0]);
  CHECK(starter.starter());
  CHECK(starter.id() == "starter:" + terminus().decks->starters()[0].id);
  CHECK(starter.problems_size() == 0);
  CHECK_FALSE(starter.summary().empty());
}
