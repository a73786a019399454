#include "storage/match_store.hpp"

#include <sqlite3.h>

#include <string_view>
#include <type_traits>
#include <utility>

#include "storage/action_codec.hpp"
#include "storage/deck_store.hpp"
#include "storage/sqlite_error.hpp"

namespace starport::storage {

namespace {

// Every match query reads the same columns, in the order read_match expects.
std::string select_matches(std::string_view where) {
  std::string sql =
      "SELECT id, lobby_id, game, rules_version, options, seed, salt, settings, finished,"
      " end_reason, action_count, started_ms, ended_ms FROM matches ";
  sql += where;
  return sql;
}

match_record read_match(const statement::use& q) {
  match_record m;
  m.id = q.text(0);
  m.lobby_id = q.text(1);
  m.game = q.text(2);
  m.rules_version = static_cast<int>(q.integer(3));
  m.options = q.blob(4);
  m.seed = static_cast<std::uint64_t>(q.integer(5));
  m.salt = q.text(6);
  m.settings = q.blob(7);
  m.finished = q.integer(8) != 0;
  m.end_reason = q.text(9);
  m.action_count = static_cast<std::uint32_t>(q.integer(10));
  m.started_ms = q.integer(11);
  m.ended_ms = q.integer(12);
  return m;
}

}  // namespace

match_store::match_store(sqlite3* db, journal_limits limits)
    : db_(db),
      savepoint_(db),
      log_(db, limits),
      insert_match_(db,
                    "INSERT INTO matches (id, lobby_id, game, rules_version, options, seed, salt,"
                    " settings, started_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
      insert_seat_(db,
                   "INSERT INTO match_seats (match_id, seat, account_id, name, bot)"
                   " VALUES (?1, ?2, ?3, ?4, ?5)"),
      finish_(db,
              "UPDATE matches SET finished = 1, end_reason = ?2, ended_ms = ?3"
              " WHERE id = ?1 AND finished = 0"),
      set_winner_(db, "UPDATE match_seats SET winner = 1 WHERE match_id = ?1 AND seat = ?2"),
      by_id_(db, select_matches("WHERE id = ?1").c_str()),
      running_(db, select_matches("WHERE finished = 0 ORDER BY started_ms, id").c_str()),
      finished_all_(
          db, select_matches("WHERE finished = 1 ORDER BY ended_ms DESC, id DESC LIMIT ?1").c_str()),
      finished_in_game_(db, select_matches("WHERE game = ?2 AND finished = 1"
                                           " ORDER BY ended_ms DESC, id DESC LIMIT ?1")
                                .c_str()),
      of_account_(db, select_matches("WHERE id IN (SELECT match_id FROM match_seats"
                                     " WHERE account_id = ?2)"
                                     " ORDER BY started_ms DESC, id DESC LIMIT ?1")
                          .c_str()),
      insert_deck_(db, "INSERT INTO match_decks (match_id, seat, name, cards) VALUES (?1, ?2, ?3, ?4)"),
      seats_(db,
             "SELECT s.seat, s.account_id, s.name, s.bot, s.winner, d.name, d.cards FROM match_seats s"
             " LEFT JOIN match_decks d ON d.match_id = s.match_id AND d.seat = s.seat"
             " WHERE s.match_id = ?1 ORDER BY s.seat") {}

// Runs one operation against an index that agrees with the file. Outside a transaction it
// gets one of its own (a savepoint), so that no other connection's commit slips between the
// check and the work.
template <class Body>
auto match_store::consistent(std::string_view operation, Body&& body) {
  using result = std::invoke_result_t<Body&>;
  if (!sqlite3_get_autocommit(db_)) {
    log_.sync(false);   // the caller's BEGIN IMMEDIATE keeps other writers out
    return body();
  }
  bool ran = false;
  try {
    if constexpr (std::is_void_v<result>) {
      savepoint_.run(operation, [&] {
        log_.sync(true);
        body();
        ran = true;
      });
    } else {
      std::optional<result> out;
      savepoint_.run(operation, [&] {
        log_.sync(true);
        out.emplace(body());
        ran = true;
      });
      return std::move(*out);
    }
  } catch (...) {
    if (ran) log_.mark_stale();   // the work succeeded in memory, then its commit failed
    throw;
  }
}

// A write that fails once it has reached the database may leave memory ahead of the file:
// the index is rebuilt before its next use. Refusals are checked before, so they cost nothing.
template <class Body>
void match_store::guarded(Body&& body) {
  try {
    body();
  } catch (...) {
    log_.mark_stale();
    throw;
  }
}

void match_store::create(const match_record& m) {
  // A match starts empty and running; its log and result arrive through append and finish.
  if (m.finished || m.action_count != 0 || !m.winners.empty())
    reject("create_match", "a new match must be running with an empty log");
  consistent("create_match", [&] {
    savepoint_.run("create_match", [&] {
      {
        auto q = insert_match_.start("create_match");
        q.bind_text(1, m.id).bind_text(2, m.lobby_id).bind_text(3, m.game);
        q.bind(4, m.rules_version).bind_blob(5, m.options);
        q.bind(6, static_cast<std::int64_t>(m.seed)).bind_text(7, m.salt);
        q.bind_blob(8, m.settings).bind(9, m.started_ms);
        q.run();
      }
      for (const seat_record& s : m.seats) {
        auto q = insert_seat_.start("create_match: seat");
        q.bind_text(1, m.id).bind(2, s.seat).bind_text_or_null(3, s.account_id);
        q.bind_text(4, s.name).bind_text(5, s.bot);
        q.run();
      }
      // Each seat's deck is fixed with the match, in the same savepoint: what was dealt
      // never depends on a deck edited or deleted later.
      for (const seat_record& s : m.seats) {
        if (s.deck.empty()) continue;
        auto q = insert_deck_.start("create_match: deck");
        q.bind_text(1, m.id).bind(2, s.seat).bind_text(3, s.deck_name).bind_blob(4, encode_deck(s.deck));
        q.run();
      }
    });
    log_.started(m.id);
  });
}

void match_store::append(const std::string& match_id, const logged_action& a) {
  consistent("append_action", [&] {
    // The index refuses what archival would refuse: a finished or unknown match, and any
    // index but the next one.
    const journal_index::match* m = log_.running(match_id);
    if (!m) refuse_append(match_id);
    if (a.index != m->total()) reject("append_action", "action index is not the next one");
    const std::string args = encode_args(a.move);
    guarded([&] { log_.append(match_id, a, args); });
  });
}

void match_store::refuse_append(const std::string& match_id) {
  auto q = by_id_.start("append_action");
  q.bind_text(1, match_id);
  reject("append_action", q.step() ? "the match is finished" : "no such match");
}

void match_store::finish(const std::string& match_id, const std::vector<std::uint32_t>& winners,
                         const std::string& reason, std::int64_t ended_ms) {
  consistent("finish_match", [&] {
    if (!log_.running(match_id)) reject("finish_match", "no running match " + match_id);
    guarded([&] {
      log_.upkeep();
      savepoint_.run("finish_match", [&] {
        // The log is archived while the match still runs: archival refuses a finished match.
        log_.copy_to_log(match_id);
        {
          auto q = finish_.start("finish_match");
          q.bind_text(1, match_id).bind_text(2, reason).bind(3, ended_ms);
          q.run();
          if (q.changes() == 0) reject("finish_match", "no running match " + match_id);
        }
        for (const std::uint32_t seat : winners) {
          auto q = set_winner_.start("finish_match: winner");
          q.bind_text(1, match_id).bind(2, seat);
          q.run();
          if (q.changes() == 0)
            reject("finish_match", "winner " + std::to_string(seat) + " is not a seat");
        }
      });
      log_.finished(match_id);
    });
  });
}

std::optional<match_record> match_store::by_id(const std::string& id) {
  return consistent("match", [&]() -> std::optional<match_record> {
    auto q = by_id_.start("match");
    q.bind_text(1, id);
    auto found = read_all(q);
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
  });
}

std::vector<match_record> match_store::running() {
  return consistent("running_matches", [&] {
    auto q = running_.start("running_matches");
    return read_all(q);
  });
}

std::vector<match_record> match_store::finished(const std::string& game, int limit) {
  if (limit <= 0) return {};
  return consistent("finished_matches", [&] {
    auto q = (game.empty() ? finished_all_ : finished_in_game_).start("finished_matches");
    q.bind(1, limit);
    if (!game.empty()) q.bind_text(2, game);
    return read_all(q);
  });
}

std::vector<match_record> match_store::of_account(const std::string& account_id, int limit) {
  if (limit <= 0) return {};
  return consistent("matches_of", [&] {
    auto q = of_account_.start("matches_of");
    q.bind(1, limit).bind_text(2, account_id);
    return read_all(q);
  });
}

std::vector<logged_action> match_store::actions(const std::string& match_id) {
  return consistent("actions", [&] { return log_.actions(match_id); });
}

std::vector<match_record> match_store::read_all(statement::use& q) {
  std::vector<match_record> out;
  while (q.step()) out.push_back(read_match(q));
  for (match_record& m : out) {
    read_seats(m);
    // A running match's count in the file covers only its archived actions.
    if (const journal_index::match* j = log_.running(m.id)) m.action_count = j->total();
  }
  return out;
}

void match_store::read_seats(match_record& m) {
  auto q = seats_.start("match seats");
  q.bind_text(1, m.id);
  while (q.step()) {
    seat_record s;
    s.seat = static_cast<std::uint32_t>(q.integer(0));
    s.account_id = q.text(1);
    s.name = q.text(2);
    s.bot = q.text(3);
    s.deck_name = q.text(5);
    s.deck = decode_deck(q.blob(6));   // NULL (no deck) reads as empty
    if (q.integer(4) != 0) m.winners.push_back(s.seat);
    m.seats.push_back(std::move(s));
  }
}

}  // namespace starport::storage
