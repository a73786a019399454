// `starport verify`: a finished match's commitment and log check out, and tampering with
// the seed, the log or the claimed commitment makes it fail.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include <sqlite3.h>

#include <boost/json.hpp>

#include "match_driver.hpp"
#include "storage/database.hpp"
#include "server_fixture.hpp"

using namespace starport::server::testing;
namespace json = boost::json;

namespace {

void write(const std::string& path, const json::value& v) { std::ofstream(path) << json::serialize(v); }

json::value read_json(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

void exec_sql(const std::string& db_path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_path.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  if (error) MESSAGE(error);
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("verify: a finished match passes - a tampered log or seed or commitment fails") {
  server_fixture f;
  std::string match_id, commitment;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 25));
    match_id = t.match_id;
    commitment = a.matches[match_id].info.seed_commitment();
    play_to_end(t);
    await_over(a, match_id);
  }
  CHECK(f.server->stop() == 0);   // graceful: results flushed

  std::string out;
  const std::string replay = f.dir.file("replay.json");
  CHECK(run_starport({"verify", "--data", f.data(), "--match", match_id, "--commitment", commitment,
                      "--export", replay}, out) == 0);
  CHECK(out.find("\"verified\":true") != std::string::npos);
  CHECK(run_starport({"verify", replay}, out) == 0);
  // The same file replays to the end with `starport replay` (its record's fields left aside).
  CHECK(run_starport({"replay", replay}, out) == 0);
  CHECK(out.find("\"over\": true") != std::string::npos);
  CHECK(run_starport({"verify", "--data", f.data(), "--match", match_id, "--commitment", std::string(64, '0')}, out) != 0);

  // A file with one action changed, or another seed, no longer verifies.
  json::value doc = read_json(replay);
  json::array& actions = doc.as_object()["actions"].as_array();
  REQUIRE(actions.size() > 4);
  json::value tampered = doc;
  json::array& moves = tampered.as_object()["actions"].as_array();
  moves.erase(moves.begin() + 2);
  write(f.dir.file("t1.json"), tampered);
  CHECK(run_starport({"verify", f.dir.file("t1.json")}, out) != 0);
  CHECK(out.find("\"verified\":false") != std::string::npos);
  tampered = doc;
  tampered.as_object()["seed"] = tampered.as_object()["seed"].is_string()
                                     ? json::value(std::to_string(std::stoull(std::string(tampered.as_object()["seed"].as_string())) + 1))
                                     : json::value(tampered.as_object()["seed"].to_number<std::uint64_t>() + 1);
  write(f.dir.file("t2.json"), tampered);
  CHECK(run_starport({"verify", f.dir.file("t2.json")}, out) != 0);
  tampered = doc;
  json::array& result = tampered.as_object()["outcome"].as_object()["winners"].as_array();
  const std::uint64_t winner = result.empty() ? 0 : result[0].to_number<std::uint64_t>();
  result = json::array{1 - winner};
  write(f.dir.file("t3.json"), tampered);
  CHECK(run_starport({"verify", f.dir.file("t3.json")}, out) != 0);

  // The same in the database: another seed breaks the commitment the players received. (The
  // database holds no commitment of its own, and a re-play with another seed can end the same
  // way by chance — 1 run in ~10 did — so the check is against the one the client was given.)
  exec_sql(f.data() + "/starport.db", "UPDATE matches SET seed = seed + 1 WHERE id = '" + match_id + "'");
  CHECK(run_starport({"verify", "--data", f.data(), "--match", match_id, "--commitment", commitment}, out) != 0);
  CHECK(out.find("commitment") != std::string::npos);
}

TEST_CASE("verify: a match the server ended without a result verifies as no result - a winner claimed short of the end does not") {
  server_fixture f;
  std::string match_id;
  {
    test_client a(f.port()), b(f.port());
    a.hello("Ada");
    b.hello("Bea");
    const table t = start_match(a, {&b}, space_war_lobby(2, 25));
    match_id = t.match_id;
    for (int i = 0; i < 4; ++i) REQUIRE(play_one(t));
  }
  CHECK(f.server->stop() == 0);
  {
    // As end_stalled records it: finished, no winner, the server's words.
    starport::storage::database db(f.data() + "/starport.db");
    db.finish_match(match_id, {}, "no seat had a move the rules allow, a fault in this server's rules", 1);
  }
  std::string out;
  const std::string replay = f.dir.file("replay.json");
  CHECK(run_starport({"verify", "--data", f.data(), "--match", match_id, "--export", replay}, out) == 0);
  CHECK(out.find("\"verified\":true") != std::string::npos);
  CHECK(out.find("\"no_result\":true") != std::string::npos);
  CHECK(out.find("\"replayed\":4") != std::string::npos);
  CHECK(out.find("no seat had a move") != std::string::npos);
  CHECK(run_starport({"verify", replay}, out) == 0);
  // The same log claiming a winner: the rules never got there.
  json::value tampered = read_json(replay);
  tampered.as_object()["outcome"].as_object()["winners"] = json::array{0};
  write(f.dir.file("claimed.json"), tampered);
  CHECK(run_starport({"verify", f.dir.file("claimed.json")}, out) != 0);
  CHECK(out.find("not reached") != std::string::npos);
}
