// Requirement: guest accounts are found by the hash of their session token.
#include <doctest/doctest.h>

#include <stdexcept>

#include "samples.hpp"
#include "storage/database.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

TEST_CASE("accounts: an account is found by its token hash, an unknown hash finds nothing") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1", 111), "hash-1");
  db.create_account(make_account("a2", 222), "hash-2");

  const auto found = db.account_by_token("hash-2");
  REQUIRE(found.has_value());
  CHECK(found->id == "a2");
  CHECK(found->display_name == "player a2");
  CHECK(found->created_ms == 222);
  CHECK_FALSE(db.account_by_token("hash-3").has_value());
  CHECK_FALSE(db.account_by_token("").has_value());
}

TEST_CASE("accounts: a token hash belongs to one account only") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "hash-1");
  CHECK_THROWS_AS(db.create_account(make_account("a2"), "hash-1"), std::runtime_error);
  CHECK(db.account_by_token("hash-1")->id == "a1");
}

TEST_CASE("accounts: rename changes the display name, renaming an unknown account is refused") {
  temp_dir dir;
  database db(dir.file("s.db"));
  db.create_account(make_account("a1"), "hash-1");
  db.rename_account("a1", "Captain Nova");
  CHECK(db.account_by_token("hash-1")->display_name == "Captain Nova");
  CHECK_THROWS_AS(db.rename_account("nobody", "Ghost"), std::runtime_error);
}
