#include "raw_sqlite.hpp"

#include <stdexcept>

namespace starport::storage::testing {

raw_db open_raw(const std::string& path) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  raw_db owned(db);
  if (rc != SQLITE_OK) throw std::runtime_error("open_raw " + path);
  return owned;
}

int exec_raw(sqlite3* db, const std::string& sql) {
  return sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
}

std::int64_t query_int(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
    throw std::runtime_error(std::string("query_int: ") + sqlite3_errmsg(db));
  const std::int64_t value = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  return value;
}

std::string old_match_sql(const std::string& id, int seed, bool with_account) {
  const std::string account = with_account ? "INSERT INTO accounts VALUES ('a1', 'player a1', 'h1', 1000);\n" : "";
  return account +
         "INSERT INTO matches (id, lobby_id, game, rules_version, options, seed, salt, settings, started_ms)"
         " VALUES ('" + id + "', 'l1', 'space_war', 3, X'', " + std::to_string(seed) + ", '00', X'', 100);\n"
         "INSERT INTO match_seats (match_id, seat, account_id, name, bot) VALUES ('" + id + "', 0, 'a1', 'p', '');\n";
}

std::int64_t archived_in_file(sqlite3* db, const std::string& match_id) {
  const std::string where = match_id.empty() ? "" : " WHERE match_id = '" + match_id + "'";
  return query_int(db, "SELECT (SELECT count(*) FROM match_actions" + where +
                           ") + (SELECT coalesce(sum(end_idx - first_idx), 0) FROM match_action_runs" + where + ")");
}

std::int64_t inexact_counts(sqlite3* db) {
  return query_int(db,
                   "SELECT count(*) FROM matches AS m WHERE action_count <>"
                   " (SELECT count(*) FROM match_actions WHERE match_id = m.id)"
                   " + (SELECT coalesce(sum(end_idx - first_idx), 0) FROM match_action_runs WHERE match_id = m.id)"
                   " OR (SELECT coalesce(max(idx) + 1, 0) FROM match_actions WHERE match_id = m.id)"
                   "    <> (SELECT count(*) FROM match_actions WHERE match_id = m.id)"
                   " OR EXISTS (SELECT 1 FROM match_action_runs AS r WHERE r.match_id = m.id"
                   "   AND r.first_idx <> (SELECT count(*) FROM match_actions WHERE match_id = m.id)"
                   "   AND NOT EXISTS (SELECT 1 FROM match_action_runs AS p"
                   "                   WHERE p.match_id = m.id AND p.end_idx = r.first_idx))");
}

}  // namespace starport::storage::testing
