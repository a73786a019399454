// Requirement (issue 15, "Decks"; docs/storage.md, "Decks"): an account's decks are saved,
// listed per game (most recently changed first), replaced and deleted only by their owner;
// names are unique per account and game; an account keeps a bounded number; each seat's
// list is fixed into the match record with the match, and never changes after; a lobby
// seat's choice survives a reopen; migration 8 keeps what a version 7 file held.
#include <doctest/doctest.h>

#include <string>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "storage/deck_store.hpp"
#include "storage/migrations.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
namespace engine = starport::engine;

namespace {

constexpr std::size_t limit = 100;

deck_record make_deck(const std::string& id, const std::string& owner, const std::string& game,
                      const std::string& name, std::int64_t at_ms = 77) {
  // Indices above 255 and with a zero byte: the stored form must keep both bytes.
  return deck_record{id, owner, game, name, 4, {1, 0, 60, 300, 256, 65535}, at_ms, at_ms};
}

// save_deck stamps the record it is given; these tests save throwaway copies.
deck_save save(database& db, deck_record d, bool create, std::size_t max_decks) {
  return db.save_deck(d, create, max_decks);
}

}  // namespace

TEST_CASE("decks: the stored form of a list is two little-endian bytes per card, and an odd length is refused") {
  const engine::deck_list cards{1, 0x0102, 0xffff};
  CHECK(encode_deck(cards) == std::string("\x01\x00\x02\x01\xff\xff", 6));
  CHECK(decode_deck(encode_deck(cards)) == cards);
  CHECK(decode_deck("").empty());
  CHECK_THROWS(decode_deck(std::string("\x01\x00\x02", 3)));
}

TEST_CASE("decks: save, list by game newest first (empty game lists all), replace and delete") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  CHECK(db.decks("a1", "terminus").empty());

  CHECK(save(db, make_deck("d1", "a1", "terminus", "Zeta rush", 10), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d2", "a1", "terminus", "Alpha control", 20), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d3", "a1", "quasar_search", "Solo", 30), true, limit) == deck_save::saved);
  // Ids are per owner: another account may use the same one.
  CHECK(save(db, make_deck("d1", "a2", "terminus", "Someone else's", 40), true, limit) == deck_save::saved);

  auto mine = db.decks("a1", "terminus");
  REQUIRE(mine.size() == 2);
  CHECK(mine[0].id == "d2");   // changed last
  CHECK(mine[1].id == "d1");
  CHECK(mine[1].cards == engine::deck_list{1, 0, 60, 300, 256, 65535});
  CHECK(mine[1].rules_version == 4);
  CHECK(mine[1].created_ms == 10);
  CHECK(db.decks("a1", "").size() == 3);

  deck_record renamed = make_deck("d1", "a1", "terminus", "Beta tempo", 99);
  renamed.cards = {7, 7};
  renamed.rules_version = 5;
  renamed.created_ms = 12345;   // ignored: a replacement keeps when the deck was made
  CHECK(db.save_deck(renamed, false, limit) == deck_save::saved);
  mine = db.decks("a1", "terminus");
  REQUIRE(mine.size() == 2);
  CHECK(mine[0].id == "d1");   // now the most recently changed
  CHECK(mine[0].name == "Beta tempo");
  CHECK(mine[0].cards == engine::deck_list{7, 7});
  CHECK(mine[0].rules_version == 5);
  CHECK(mine[0].created_ms == 10);
  CHECK(mine[0].updated_ms == 99);
  CHECK(db.decks("a2", "terminus")[0].name == "Someone else's");
  REQUIRE(db.deck("a1", "d1"));
  CHECK(db.deck("a1", "d1")->name == "Beta tempo");
  CHECK_FALSE(db.deck("a2", "d2"));   // a1's deck is not found for a2

  CHECK_FALSE(db.delete_deck("a2", "d2"));   // not a2's deck: nothing happens
  CHECK(db.decks("a1", "terminus").size() == 2);
  const auto gone = db.delete_deck("a1", "d2");
  REQUIRE(gone);
  CHECK(gone->game == "terminus");
  CHECK(gone->name == "Alpha control");
  REQUIRE(db.decks("a1", "terminus").size() == 1);
  CHECK_FALSE(db.delete_deck("a1", "d2"));   // twice: nothing left to delete
  CHECK(db.decks("a2", "").size() == 1);
}

TEST_CASE("decks: saves within one millisecond still list newest first, and the stored time is told back") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  deck_record a = make_deck("da", "a1", "terminus", "A", 500);
  deck_record b = make_deck("db", "a1", "terminus", "B", 500);
  deck_record c = make_deck("dc", "a1", "terminus", "C", 400);   // a clock that stepped back
  deck_record other = make_deck("dx", "a2", "terminus", "X", 500);   // another account: its own order
  REQUIRE(db.save_deck(a, true, limit) == deck_save::saved);
  REQUIRE(db.save_deck(b, true, limit) == deck_save::saved);
  REQUIRE(db.save_deck(c, true, limit) == deck_save::saved);
  REQUIRE(db.save_deck(other, true, limit) == deck_save::saved);
  CHECK(a.updated_ms == 500);
  CHECK(b.updated_ms == 501);
  CHECK(c.updated_ms == 502);
  CHECK(other.updated_ms == 500);
  a.updated_ms = 502;
  REQUIRE(db.save_deck(a, false, limit) == deck_save::saved);   // a replacement moves to the front
  CHECK(a.updated_ms == 503);
  const auto mine = db.decks("a1", "terminus");
  REQUIRE(mine.size() == 3);
  CHECK(mine[0].id == "da");
  CHECK(mine[0].updated_ms == 503);
  CHECK(mine[1].id == "dc");
  CHECK(mine[2].id == "db");
  deck_record refused = make_deck("dd", "a1", "terminus", "a", 900);   // name taken: nothing stamped either
  CHECK(db.save_deck(refused, true, limit) == deck_save::name_taken);
  CHECK(refused.updated_ms == 900);
}

TEST_CASE("decks: a replacement of another account's deck, or of another game's, is not found and writes nothing") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  REQUIRE(save(db, make_deck("d1", "a1", "terminus", "Mine"), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d1", "a2", "terminus", "Stolen"), false, limit) == deck_save::not_found);
  CHECK(save(db, make_deck("d1", "a1", "quasar_search", "Moved"), false, limit) == deck_save::not_found);
  CHECK(save(db, make_deck("nope", "a1", "terminus", "Nowhere"), false, limit) == deck_save::not_found);
  CHECK(db.decks("a2", "").empty());
  REQUIRE(db.decks("a1", "").size() == 1);
  CHECK(db.decks("a1", "")[0].name == "Mine");
  CHECK(db.decks("a1", "")[0].game == "terminus");
}

TEST_CASE("decks: a name is unique per account and game, ignoring ASCII case, and a clash writes nothing") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  REQUIRE(save(db, make_deck("d1", "a1", "terminus", "Pathfinders"), true, limit) == deck_save::saved);
  REQUIRE(save(db, make_deck("d2", "a1", "terminus", "Other"), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d3", "a1", "terminus", "PATHFINDERS"), true, limit) == deck_save::name_taken);
  CHECK(save(db, make_deck("d2", "a1", "terminus", "pathfinders"), false, limit) == deck_save::name_taken);
  // The same name elsewhere is fine: another game, another account, the deck itself.
  CHECK(save(db, make_deck("d4", "a1", "quasar_search", "Pathfinders"), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d1", "a2", "terminus", "Pathfinders"), true, limit) == deck_save::saved);
  CHECK(save(db, make_deck("d1", "a1", "terminus", "pathFinders"), false, limit) == deck_save::saved);
  CHECK(db.decks("a1", "terminus").size() == 2);
  CHECK(db.deck("a1", "d2")->name == "Other");
  // The file holds the rule too, for a shell or a future code path.
  auto raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "UPDATE decks SET name = 'PATHFINDERS' WHERE account_id = 'a1' AND id = 'd2'") !=
        SQLITE_OK);
  CHECK(exec_raw(raw.get(), "INSERT INTO decks VALUES ('a1', 'odd', 'terminus', 'Odd', 1, x'010203', 1, 1)") !=
        SQLITE_OK);
}

TEST_CASE("decks: an account keeps at most the limit of decks, all games together, and replacing one is still allowed") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "h1");
  db.create_account(make_account("a2"), "h2");
  REQUIRE(save(db, make_deck("d1", "a1", "terminus", "One"), true, 3) == deck_save::saved);
  REQUIRE(save(db, make_deck("d2", "a1", "quasar_search", "Two"), true, 3) == deck_save::saved);
  REQUIRE(save(db, make_deck("d3", "a1", "terminus", "Three"), true, 3) == deck_save::saved);
  CHECK(save(db, make_deck("d4", "a1", "terminus", "Four"), true, 3) == deck_save::too_many);
  CHECK(db.decks("a1", "").size() == 3);
  CHECK(save(db, make_deck("d3", "a1", "terminus", "Three again"), false, 3) == deck_save::saved);
  CHECK(save(db, make_deck("d1", "a2", "terminus", "Theirs"), true, 3) == deck_save::saved);   // per account
  REQUIRE(db.delete_deck("a1", "d1"));
  CHECK(save(db, make_deck("d4", "a1", "terminus", "Four"), true, 3) == deck_save::saved);
}

TEST_CASE("decks: each seat's list is fixed into the match record with the match, and edits or deletion of the deck change nothing") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    db.create_account(make_account("a1"), "h1");
    REQUIRE(save(db, make_deck("d1", "a1", "terminus", "Mine"), true, limit) == deck_save::saved);
    match_record m = make_match("m1", "terminus", {person_seat(0, "a1"), bot_seat(1, "heuristic")}, 100);
    m.seats[0].deck_id = "d1";
    m.seats[0].deck_name = "Mine";
    m.seats[0].deck = db.deck("a1", "d1")->cards;
    m.seats[1].deck_id = "starter:pathfinders";
    m.seats[1].deck_name = "Pathfinders";
    m.seats[1].deck = {3, 3, 9};
    db.create_match(m);
    // A match of a game without decks has no rows there.
    db.create_match(make_match("m2", "space_war", {person_seat(0, "a1"), bot_seat(1, "random")}, 200));

    deck_record edited = make_deck("d1", "a1", "terminus", "Mine, edited", 500);
    edited.cards = {42};
    REQUIRE(db.save_deck(edited, false, limit) == deck_save::saved);
    REQUIRE(db.delete_deck("a1", "d1"));
  }
  database db(path);   // and after a reopen
  const auto m = db.match("m1");
  REQUIRE(m);
  REQUIRE(m->seats.size() == 2);
  CHECK(m->seats[0].deck == engine::deck_list{1, 0, 60, 300, 256, 65535});
  CHECK(m->seats[0].deck_name == "Mine");
  CHECK(m->seats[1].deck == engine::deck_list{3, 3, 9});
  CHECK(m->seats[1].deck_name == "Pathfinders");
  const auto running = db.running_matches();
  REQUIRE(running.size() == 2);
  CHECK(running[0].seats[1].deck == engine::deck_list{3, 3, 9});
  CHECK(running[1].seats[0].deck.empty());
  CHECK(running[1].seats[1].deck.empty());

  // The file itself refuses to change a fixed list, or to add one once the match is under way.
  auto raw = open_raw(path);
  CHECK(exec_raw(raw.get(), "UPDATE match_decks SET cards = x'0100' WHERE match_id = 'm1'") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "DELETE FROM match_decks WHERE match_id = 'm1'") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "INSERT INTO match_decks VALUES ('m1', 5, 'x', x'0100')") != SQLITE_OK);   // no such seat
  CHECK(exec_raw(raw.get(), "INSERT INTO match_decks VALUES ('nope', 0, 'x', x'0100')") != SQLITE_OK);
  CHECK(exec_raw(raw.get(), "INSERT INTO match_decks VALUES ('m2', 0, 'x', x'')") != SQLITE_OK);   // empty list
  for (std::uint32_t i = 0; i < 2; ++i) db.append_action("m2", nth_action(i));
  db.finish_match("m2", {0}, "won", 900);   // archived: action_count 2, finished
  CHECK(exec_raw(raw.get(), "INSERT INTO match_decks VALUES ('m2', 0, 'x', x'0100')") != SQLITE_OK);
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_decks") == 2);
}

TEST_CASE("decks: a lobby seat's chosen deck is saved with the lobby and comes back after a reopen") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    db.create_account(make_account("a1"), "h1");
    lobby_record l{"l1", "a1", "settings", "", "", 10, {}, {}};
    l.seats.push_back(person_seat(0, "a1"));
    l.seats[0].deck_id = "d9";
    l.seats[0].deck_name = "Mine";
    l.seats[0].deck = {5, 0, 513};
    l.seats.push_back(bot_seat(1, "random"));
    l.seats[1].deck_id = "starter:pathfinders";
    l.seats[1].deck_name = "Pathfinders";
    l.seats[1].deck = {4};
    l.seats.push_back(bot_seat(2, "random"));   // no deck (yet)
    db.save_lobby(l);
  }
  database db(path);
  const auto lobbies = db.lobbies();
  REQUIRE(lobbies.size() == 1);
  REQUIRE(lobbies[0].seats.size() == 3);
  CHECK(lobbies[0].seats[0].deck_id == "d9");
  CHECK(lobbies[0].seats[0].deck_name == "Mine");
  CHECK(lobbies[0].seats[0].deck == engine::deck_list{5, 0, 513});
  CHECK(lobbies[0].seats[1].deck_id == "starter:pathfinders");
  CHECK(lobbies[0].seats[1].deck == engine::deck_list{4});
  CHECK(lobbies[0].seats[2].deck_id.empty());
  CHECK(lobbies[0].seats[2].deck.empty());
}

TEST_CASE("migrations: a version 7 file keeps its decks and lobby seats through migration 8") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    auto raw = open_raw(path);
    REQUIRE(apply_migrations(raw.get(), migrations().first(7)) == 7);
    // Version 7's decks had no rules_version, no name rule and any blob.
    REQUIRE(exec_raw(raw.get(), R"sql(
      INSERT INTO accounts VALUES ('a1', 'player a1', 'h1', 1000);
      INSERT INTO decks VALUES ('a1', 'd1', 'terminus', 'Rush', x'0100020003', 50);
      INSERT INTO decks VALUES ('a1', 'd2', 'terminus', 'RUSH', x'0500', 60);
      INSERT INTO decks VALUES ('a1', 'd3', 'quasar_search', 'Rush', x'', 70);
      INSERT INTO lobbies VALUES ('l1', 'a1', x'00', '', '', 5);
      INSERT INTO lobby_seats VALUES ('l1', 0, 'a1', 'player a1', '');
    )sql") == SQLITE_OK);
  }
  database db(path);
  CHECK(db.schema_version() == static_cast<int>(migrations().size()));
  const auto d1 = db.deck("a1", "d1");
  REQUIRE(d1);
  CHECK(d1->name == "Rush");
  CHECK(d1->rules_version == 0);   // unknown: the server asks for a fresh save
  CHECK(d1->cards == engine::deck_list{1, 2});   // the odd trailing byte is dropped
  CHECK(d1->created_ms == 50);
  CHECK(db.deck("a1", "d2")->name == "RUSH (d2)");   // made unique
  CHECK(db.deck("a1", "d2")->cards == engine::deck_list{5});
  CHECK(db.deck("a1", "d3")->name == "Rush");   // another game
  const auto lobbies = db.lobbies();
  REQUIRE(lobbies.size() == 1);
  REQUIRE(lobbies[0].seats.size() == 1);
  CHECK(lobbies[0].seats[0].deck_id.empty());
  CHECK(lobbies[0].seats[0].deck.empty());
  // And the new rules hold from now on.
  CHECK(save(db, make_deck("d4", "a1", "terminus", "rush"), true, limit) == deck_save::name_taken);
}
