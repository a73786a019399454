// Requirement: an account's decks are saved (insert or replace), listed per game, and deleted
// only by their owner.
#include <doctest/doctest.h>

#include <string>

#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

namespace {

deck_record make_deck(const std::string& id, const std::string& owner, const std::string& game,
                      const std::string& name) {
  return deck_record{id, owner, game, name, std::string("\x01\x00\x3c", 3), 77};
}

}  // namespace

TEST_CASE("decks: save, list by game (empty game lists all), replace and delete") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  CHECK(db.decks("a1", "terminus").empty());

  db.save_deck(make_deck("d1", "a1", "terminus", "Zeta rush"));
  db.save_deck(make_deck("d2", "a1", "terminus", "Alpha control"));
  db.save_deck(make_deck("d3", "a1", "space_race", "Solo"));
  db.save_deck(make_deck("d1", "a2", "terminus", "Someone else's"));

  auto mine = db.decks("a1", "terminus");
  REQUIRE(mine.size() == 2);
  CHECK(mine[0].id == "d2");   // by name
  CHECK(mine[1].id == "d1");
  CHECK(mine[1].cards == std::string("\x01\x00\x3c", 3));
  CHECK(mine[1].updated_ms == 77);
  CHECK(db.decks("a1", "").size() == 3);

  deck_record renamed = make_deck("d1", "a1", "terminus", "Beta tempo");
  renamed.updated_ms = 99;
  db.save_deck(renamed);
  mine = db.decks("a1", "terminus");
  REQUIRE(mine.size() == 2);
  CHECK(mine[1].name == "Beta tempo");
  CHECK(mine[1].updated_ms == 99);
  CHECK(db.decks("a2", "terminus")[0].name == "Someone else's");

  db.delete_deck("a2", "d2");   // not a2's deck: nothing happens
  CHECK(db.decks("a1", "terminus").size() == 2);
  db.delete_deck("a1", "d2");
  REQUIRE(db.decks("a1", "terminus").size() == 1);
  CHECK(db.decks("a2", "").size() == 1);
}
