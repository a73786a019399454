// Replays of matches recorded under rules this build does not play (issue 13, section 2):
// opened from the record with a notice, never refused and never re-played under the wrong
// rules. The real binary, with the record's rules version changed in its database.
#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>

#include "match_driver.hpp"
#include "server_fixture.hpp"
#include "test_client.hpp"

using namespace starport::server::testing;

namespace {

void set_rules_version(const std::string& db_file, const std::string& match_id, const std::string& expression) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file.c_str(), &db) == SQLITE_OK);
  const std::string sql = "UPDATE matches SET rules_version = " + expression + " WHERE id = '" + match_id + "'";
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("old rules: a finished match recorded under another rules version opens as its record with a notice") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 3));
  const int played = play_to_end(t);
  REQUIRE(played > 0);
  const v1::ServerMessage before = a.request(open_replay(t.match_id, 0, false));
  REQUIRE(before.has_replay_frame());
  CHECK(before.replay_frame().notice().empty());   // this build's rules: the table, step by step
  const v1::Outcome outcome = before.replay_frame().match().outcome();
  REQUIRE(outcome.over());
  const std::uint32_t version = before.replay_frame().match().rules_version();

  f.server->stop();
  set_rules_version(f.data() + "/starport.db", t.match_id, "rules_version + 1");
  f.start();
  for (const bool as_seat : {false, true}) {
    CAPTURE(as_seat);
    test_client c(f.port());
    c.resume(a.token);
    const v1::ServerMessage m = c.request(open_replay(t.match_id, 5, as_seat));
    REQUIRE(m.has_replay_frame());
    const v1::ReplayFrame& frame = m.replay_frame();
    CHECK(frame.notice().find("rules version " + std::to_string(version + 1)) != std::string::npos);
    CHECK(frame.notice().find("plays version " + std::to_string(version)) != std::string::npos);
    CHECK(frame.recorded_actions() == static_cast<std::uint32_t>(played));
    CHECK(frame.total_steps() == 0);   // nothing to step through
    CHECK(frame.step() == 0);
    CHECK(frame.view().empty());
    CHECK(frame.action_log_size() == 0);
    CHECK(frame.perspective() == "record");
    CHECK(frame.match().rules_version() == version + 1);
    CHECK(frame.match().over());
    CHECK(frame.match().outcome().reason() == outcome.reason());
    CHECK(std::vector<std::uint32_t>(frame.match().outcome().winners().begin(), frame.match().outcome().winners().end()) ==
          std::vector<std::uint32_t>(outcome.winners().begin(), outcome.winners().end()));
    CHECK(frame.match().seats_size() == 2);
    CHECK(frame.match().seats(1).name() == "Bea");
    CHECK(!frame.match().revealed_salt().empty());   // the seed is revealed: the commitment can be checked
  }
  // An anonymous viewer of a public match sees the same record.
  test_client d(f.port());
  d.hello("Dee");
  const v1::ServerMessage anyone = d.request(open_replay(t.match_id, 0, false));
  REQUIRE(anyone.has_replay_frame());
  CHECK(!anyone.replay_frame().notice().empty());
  CHECK(anyone.replay_frame().match().spectator());
}

TEST_CASE("old rules: a match running across a rules bump ends with its reason and its replay says why") {
  server_fixture f({"--bot-delay-ms", "0", "--seat-hold-seconds", "60"});
  std::string token, match_id;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 40));
    for (int i = 0; i < 3; ++i) REQUIRE(play_one(t, {}, static_cast<unsigned>(i)));
    token = a.token;
    match_id = t.match_id;
    f.server->kill9();
  }
  set_rules_version(f.data() + "/starport.db", match_id, "rules_version - 1");
  f.start();
  test_client a(f.port());
  a.resume(token);
  const v1::ServerMessage m = a.request(open_replay(match_id, 0, true));
  REQUIRE(m.has_replay_frame());
  CHECK(m.replay_frame().recorded_actions() == 3);
  CHECK(m.replay_frame().notice().find("cannot show the table step by step") != std::string::npos);
  CHECK(m.replay_frame().match().over());
  CHECK(m.replay_frame().match().outcome().reason().find("Not resumed") == 0);
  CHECK(m.replay_frame().match().outcome().winners_size() == 0);
}

TEST_CASE("old rules: a match of a game this build no longer has opens as its record") {
  server_fixture f;
  test_client a(f.port()), b(f.port());
  a.hello("Ada");
  b.hello("Bea");
  const table t = start_match(a, {&b}, space_war_lobby(2, 3));
  REQUIRE(play_to_end(t) > 0);
  f.server->stop();
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((f.data() + "/starport.db").c_str(), &db) == SQLITE_OK);
    const std::string sql = "UPDATE matches SET game = 'retired_game' WHERE id = '" + t.match_id + "'";
    CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  f.start();
  test_client c(f.port());
  c.resume(a.token);
  const v1::ServerMessage m = c.request(open_replay(t.match_id, 0, false));
  REQUIRE(m.has_replay_frame());
  CHECK(m.replay_frame().notice().find("no longer has (retired_game)") != std::string::npos);
  CHECK(m.replay_frame().view().empty());
  CHECK(m.replay_frame().match().over());
}
