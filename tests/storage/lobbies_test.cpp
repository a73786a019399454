// Requirement: open lobbies are saved (insert or replace), listed, and deleted when they close.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

namespace {

lobby_record make_lobby(const std::string& id, const std::string& host, std::int64_t created_ms) {
  return lobby_record{id, host, std::string("\x0a\x00\x02", 3), "", "", created_ms, {}, {}};
}

}  // namespace

TEST_CASE("lobbies: save inserts, saving the same id replaces, delete removes") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("host"), "hash-host");
  db.save_lobby(make_lobby("l2", "host", 20));
  db.save_lobby(make_lobby("l1", "host", 10));

  auto all = db.lobbies();
  REQUIRE(all.size() == 2);
  CHECK(all[0].id == "l1");   // oldest first
  CHECK(all[1].id == "l2");
  CHECK(all[0].settings == std::string("\x0a\x00\x02", 3));   // NUL bytes survive

  lobby_record started = make_lobby("l1", "host", 10);
  started.invite_code = "XKCD42";
  started.match_id = "m1";
  db.save_lobby(started);
  all = db.lobbies();
  REQUIRE(all.size() == 2);
  CHECK(all[0].invite_code == "XKCD42");
  CHECK(all[0].match_id == "m1");

  db.delete_lobby("l1");
  db.delete_lobby("l1");   // closing twice is harmless
  all = db.lobbies();
  REQUIRE(all.size() == 1);
  CHECK(all[0].id == "l2");
}

TEST_CASE("lobbies: a lobby's host must be an existing account (foreign keys are on)") {
  temp_dir dir;
  database db(dir.file("s.db"));
  CHECK_THROWS_AS(db.save_lobby(make_lobby("l1", "nobody", 10)), std::runtime_error);
  CHECK(db.lobbies().empty());
}

TEST_CASE("lobbies: taken seats are saved with the lobby, replaced whole, and go when it closes") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("host"), "hash-host");
  db.create_account(make_account("guest"), "hash-guest");
  lobby_record l = make_lobby("l1", "host", 10);
  l.seats = {{0, "host", "Ada", ""}, {1, "", "Bot", "heuristic"}, {2, "guest", "Bea", ""}};
  db.save_lobby(l);
  auto all = db.lobbies();
  REQUIRE(all.size() == 1);
  REQUIRE(all[0].seats.size() == 3);
  CHECK(all[0].seats[1].account_id.empty());   // a bot seat has no account
  CHECK(all[0].seats[1].bot == "heuristic");
  CHECK(all[0].seats[2].account_id == "guest");
  CHECK(all[0].seats[2].name == "Bea");

  l.seats = {{0, "host", "Ada", ""}};   // the guest left and the bot was removed
  db.save_lobby(l);
  all = db.lobbies();
  REQUIRE(all[0].seats.size() == 1);
  CHECK(all[0].seats[0].name == "Ada");

  l.seats = {{0, "host", "Ada", ""}, {1, "stranger", "Eve", ""}};   // no such account
  CHECK_THROWS(db.save_lobby(l));
  REQUIRE(db.lobbies()[0].seats.size() == 1);   // the refused save changed nothing

  db.delete_lobby("l1");
  CHECK(db.lobbies().empty());
  l.id = "l2";
  l.seats = {{0, "host", "Ada", ""}};
  db.save_lobby(l);   // seat rows of the closed lobby are gone: no primary-key clash, one seat
  REQUIRE(db.lobbies().size() == 1);
  CHECK(db.lobbies()[0].seats.size() == 1);
}

TEST_CASE("lobbies: the accounts a host removed are saved with the lobby, replaced whole, and go when it closes") {
  temp_dir dir;
  database db(dir.file("s.db"));
  for (const char* id : {"host", "eve", "mallory"}) db.create_account(make_account(id), std::string("hash-") + id);
  lobby_record l = make_lobby("l1", "host", 10);
  l.seats = {{0, "host", "Ada", ""}};
  l.removed = {"mallory", "eve"};
  db.save_lobby(l);
  REQUIRE(db.lobbies().size() == 1);
  CHECK(db.lobbies()[0].removed == std::vector<std::string>{"eve", "mallory"});

  l.removed = {"eve"};
  db.save_lobby(l);
  CHECK(db.lobbies()[0].removed == std::vector<std::string>{"eve"});

  l.removed = {"eve", "nobody"};   // no such account: refused, nothing changes
  CHECK_THROWS(db.save_lobby(l));
  CHECK(db.lobbies()[0].removed == std::vector<std::string>{"eve"});

  db.delete_lobby("l1");
  l.removed = {};
  db.save_lobby(l);   // the same id again: the closed lobby's removals did not stay behind
  CHECK(db.lobbies()[0].removed.empty());
}
