#include "storage/migrations.hpp"

#include <sqlite3.h>

#include <array>
#include <string>

#include "storage/sqlite_error.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

namespace {

// 1: accounts, lobbies, matches with seats and append-only action logs, decks.
constexpr std::string_view schema_v1 = R"sql(
CREATE TABLE accounts (
  id           TEXT    PRIMARY KEY,
  display_name TEXT    NOT NULL,
  token_hash   TEXT    NOT NULL UNIQUE,
  created_ms   INTEGER NOT NULL
) STRICT;

CREATE TABLE lobbies (
  id           TEXT    PRIMARY KEY,
  host_account TEXT    NOT NULL REFERENCES accounts (id),
  settings     BLOB    NOT NULL,
  invite_code  TEXT    NOT NULL,
  match_id     TEXT    NOT NULL,
  created_ms   INTEGER NOT NULL
) STRICT;

CREATE TABLE matches (
  id            TEXT    PRIMARY KEY,
  lobby_id      TEXT    NOT NULL,
  game          TEXT    NOT NULL,
  rules_version INTEGER NOT NULL,
  options       BLOB    NOT NULL,
  seed          INTEGER NOT NULL,
  salt          TEXT    NOT NULL,
  settings      BLOB    NOT NULL,
  finished      INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
  end_reason    TEXT    NOT NULL DEFAULT '',
  action_count  INTEGER NOT NULL DEFAULT 0 CHECK (action_count >= 0),
  started_ms    INTEGER NOT NULL,
  ended_ms      INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX matches_by_end ON matches (finished, ended_ms);
CREATE INDEX matches_by_game_end ON matches (game, finished, ended_ms);

CREATE TABLE match_seats (
  match_id   TEXT    NOT NULL REFERENCES matches (id),
  seat       INTEGER NOT NULL CHECK (seat >= 0),
  account_id TEXT    REFERENCES accounts (id),
  name       TEXT    NOT NULL,
  bot        TEXT    NOT NULL,
  winner     INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1)),
  PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;
CREATE INDEX match_seats_by_account ON match_seats (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE match_actions (
  match_id TEXT    NOT NULL REFERENCES matches (id),
  idx      INTEGER NOT NULL CHECK (idx >= 0),
  seat     INTEGER NOT NULL CHECK (seat >= 0),
  kind     INTEGER NOT NULL CHECK (kind >= 0),
  args     BLOB    NOT NULL CHECK (length(args) % 4 = 0),
  at_ms    INTEGER NOT NULL,
  PRIMARY KEY (match_id, idx)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER match_actions_append_only BEFORE INSERT ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'no such match')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id);
  SELECT RAISE(ABORT, 'the match is finished')
    WHERE (SELECT finished FROM matches WHERE id = NEW.match_id) <> 0;
  SELECT RAISE(ABORT, 'action index is not the next one')
    WHERE NEW.idx <> (SELECT action_count FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER match_actions_count AFTER INSERT ON match_actions
BEGIN
  UPDATE matches SET action_count = action_count + 1 WHERE id = NEW.match_id;
END;
CREATE TRIGGER match_actions_no_update BEFORE UPDATE ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER match_actions_no_delete BEFORE DELETE ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TABLE decks (
  account_id TEXT    NOT NULL REFERENCES accounts (id),
  id         TEXT    NOT NULL,
  game       TEXT    NOT NULL,
  name       TEXT    NOT NULL,
  cards      BLOB    NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, id)
) STRICT, WITHOUT ROWID;
)sql";

// 2: a lobby's taken seats, so its members (not only its host) come back after a restart.
constexpr std::string_view lobby_seats_v2 = R"sql(
CREATE TABLE lobby_seats (
  lobby_id   TEXT    NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL CHECK (seat >= 0),
  account_id TEXT    REFERENCES accounts (id),
  name       TEXT    NOT NULL,
  bot        TEXT    NOT NULL,
  PRIMARY KEY (lobby_id, seat)
) STRICT, WITHOUT ROWID;
)sql";

// 3: running matches' actions go to one append-ordered journal, archived into match_actions
// in bulk (docs/storage.md, "The action journal"). Nothing moves: existing logs are archived.
constexpr std::string_view action_journal_v3 = R"sql(
CREATE TABLE action_journal (
  seq      INTEGER PRIMARY KEY,
  match_id TEXT    NOT NULL,
  idx      INTEGER NOT NULL CHECK (idx >= 0),
  seat     INTEGER NOT NULL CHECK (seat >= 0),
  kind     INTEGER NOT NULL CHECK (kind >= 0),
  args     BLOB    NOT NULL CHECK (length(args) % 4 = 0),
  at_ms    INTEGER NOT NULL
) STRICT;

CREATE TRIGGER action_journal_no_update BEFORE UPDATE ON action_journal
BEGIN
  SELECT RAISE(ABORT, 'the action journal is append-only');
END;
CREATE TRIGGER action_journal_delete_archived BEFORE DELETE ON action_journal
BEGIN
  SELECT RAISE(ABORT, 'a journal row is deleted only once it is archived')
    WHERE OLD.idx >= (SELECT action_count FROM matches WHERE id = OLD.match_id);
END;
)sql";

// 4: archival is checked once per statement, not once per row (docs/storage.md, "The action
// log is append-only, in the schema itself"). match_actions' per-row triggers did three
// lookups in matches and one UPDATE of it per row. Now an archival is opened for a range of
// indexes (checked once: the match exists, runs and the range starts at its action_count),
// each row added must fall in the open range (one lookup in a table of at most one row), and
// closing checks the range is full and sets action_count in one UPDATE. The storage code does
// all three in one savepoint, so it never commits an open archival; match_actions still
// refuses any other insert, and every UPDATE and DELETE. No data moves.
constexpr std::string_view archival_v4 = R"sql(
DROP TRIGGER match_actions_append_only;
DROP TRIGGER match_actions_count;

CREATE TABLE action_archival (
  match_id  TEXT    PRIMARY KEY,
  first_idx INTEGER NOT NULL,
  end_idx   INTEGER NOT NULL,
  CHECK (end_idx > first_idx)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER action_archival_open BEFORE INSERT ON action_archival
BEGIN
  SELECT RAISE(ABORT, 'another archival is open')
    WHERE EXISTS (SELECT 1 FROM action_archival);
  SELECT RAISE(ABORT, 'no such match')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id);
  SELECT RAISE(ABORT, 'the match is finished')
    WHERE (SELECT finished FROM matches WHERE id = NEW.match_id) <> 0;
  SELECT RAISE(ABORT, 'action index is not the next one')
    WHERE NEW.first_idx <> (SELECT action_count FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER action_archival_no_update BEFORE UPDATE ON action_archival
BEGIN
  SELECT RAISE(ABORT, 'an archival is opened and closed, never changed');
END;
CREATE TRIGGER action_archival_close BEFORE DELETE ON action_archival
BEGIN
  SELECT RAISE(ABORT, 'the match changed while its actions were archived')
    WHERE NOT EXISTS (SELECT 1 FROM matches
                      WHERE id = OLD.match_id AND finished = 0 AND action_count = OLD.first_idx);
  SELECT RAISE(ABORT, 'an archival adds exactly the actions of its range')
    WHERE (SELECT count(*) FROM match_actions WHERE match_id = OLD.match_id AND idx >= OLD.first_idx)
          <> OLD.end_idx - OLD.first_idx;
  UPDATE matches SET action_count = OLD.end_idx WHERE id = OLD.match_id;
END;

CREATE TRIGGER match_actions_archived_only BEFORE INSERT ON match_actions
  WHEN NOT EXISTS (SELECT 1 FROM action_archival
                   WHERE match_id = NEW.match_id AND NEW.idx >= first_idx AND NEW.idx < end_idx)
BEGIN
  SELECT RAISE(ABORT, 'actions are added only by an open archival, within its range');
END;
)sql";

// 5: each action says who made it (storage::move_cause): the seat's player, the turn
// timer, or a bot standing in for an absent player, so the live log and the replay can both
// say "time ran out". Earlier rows read as the player's own choice.
constexpr std::string_view move_cause_v5 = R"sql(
ALTER TABLE action_journal ADD COLUMN cause INTEGER NOT NULL DEFAULT 0 CHECK (cause BETWEEN 0 AND 2);
ALTER TABLE match_actions ADD COLUMN cause INTEGER NOT NULL DEFAULT 0 CHECK (cause BETWEEN 0 AND 2);
)sql";

// 6: the accounts a lobby's host removed, so a restart does not let them back in by the
// invite link they still hold.
constexpr std::string_view lobby_removed_v6 = R"sql(
CREATE TABLE lobby_removed (
  lobby_id   TEXT NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES accounts (id),
  PRIMARY KEY (lobby_id, account_id)
) STRICT, WITHOUT ROWID;
)sql";


// 7: a seat's preferences in a match (SetPreferences: "flip for me", "always decline"), so
// a reload, a timeout or a restart keeps them; one byte per preference of the game. And a
// fourth move cause, 3 = played by the seat's preference. The CHECK on `cause` cannot be
// widened in place, so both action tables are rebuilt with the same rows (the journal holds
// only running matches' actions; match_actions is copied once) and their triggers re-made
// as migrations 3 and 4 left them.
constexpr std::string_view preferences_v7 = R"sql(
CREATE TABLE match_preferences (
  match_id   TEXT    NOT NULL REFERENCES matches (id),
  seat       INTEGER NOT NULL CHECK (seat >= 0),
  choices    BLOB    NOT NULL CHECK (length(choices) <= 64),
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (match_id, seat)
) STRICT, WITHOUT ROWID;

DROP TRIGGER action_journal_no_update;
DROP TRIGGER action_journal_delete_archived;
CREATE TABLE action_journal_v7 (
  seq      INTEGER PRIMARY KEY,
  match_id TEXT    NOT NULL,
  idx      INTEGER NOT NULL CHECK (idx >= 0),
  seat     INTEGER NOT NULL CHECK (seat >= 0),
  kind     INTEGER NOT NULL CHECK (kind >= 0),
  args     BLOB    NOT NULL CHECK (length(args) % 4 = 0),
  at_ms    INTEGER NOT NULL,
  cause    INTEGER NOT NULL DEFAULT 0 CHECK (cause BETWEEN 0 AND 3)
) STRICT;
INSERT INTO action_journal_v7 (seq, match_id, idx, seat, kind, args, at_ms, cause)
  SELECT seq, match_id, idx, seat, kind, args, at_ms, cause FROM action_journal;
DROP TABLE action_journal;
ALTER TABLE action_journal_v7 RENAME TO action_journal;
CREATE TRIGGER action_journal_no_update BEFORE UPDATE ON action_journal
BEGIN
  SELECT RAISE(ABORT, 'the action journal is append-only');
END;
CREATE TRIGGER action_journal_delete_archived BEFORE DELETE ON action_journal
BEGIN
  SELECT RAISE(ABORT, 'a journal row is deleted only once it is archived')
    WHERE OLD.idx >= (SELECT action_count FROM matches WHERE id = OLD.match_id);
END;

DROP TRIGGER action_archival_close;
DROP TRIGGER match_actions_archived_only;
DROP TRIGGER match_actions_no_update;
DROP TRIGGER match_actions_no_delete;
CREATE TABLE match_actions_v7 (
  match_id TEXT    NOT NULL REFERENCES matches (id),
  idx      INTEGER NOT NULL CHECK (idx >= 0),
  seat     INTEGER NOT NULL CHECK (seat >= 0),
  kind     INTEGER NOT NULL CHECK (kind >= 0),
  args     BLOB    NOT NULL CHECK (length(args) % 4 = 0),
  at_ms    INTEGER NOT NULL,
  cause    INTEGER NOT NULL DEFAULT 0 CHECK (cause BETWEEN 0 AND 3),
  PRIMARY KEY (match_id, idx)
) STRICT, WITHOUT ROWID;
INSERT INTO match_actions_v7 (match_id, idx, seat, kind, args, at_ms, cause)
  SELECT match_id, idx, seat, kind, args, at_ms, cause FROM match_actions;
DROP TABLE match_actions;
ALTER TABLE match_actions_v7 RENAME TO match_actions;
CREATE TRIGGER match_actions_no_update BEFORE UPDATE ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER match_actions_no_delete BEFORE DELETE ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER match_actions_archived_only BEFORE INSERT ON match_actions
  WHEN NOT EXISTS (SELECT 1 FROM action_archival
                   WHERE match_id = NEW.match_id AND NEW.idx >= first_idx AND NEW.idx < end_idx)
BEGIN
  SELECT RAISE(ABORT, 'actions are added only by an open archival, within its range');
END;
CREATE TRIGGER action_archival_close BEFORE DELETE ON action_archival
BEGIN
  SELECT RAISE(ABORT, 'the match changed while its actions were archived')
    WHERE NOT EXISTS (SELECT 1 FROM matches
                      WHERE id = OLD.match_id AND finished = 0 AND action_count = OLD.first_idx);
  SELECT RAISE(ABORT, 'an archival adds exactly the actions of its range')
    WHERE (SELECT count(*) FROM match_actions WHERE match_id = OLD.match_id AND idx >= OLD.first_idx)
          <> OLD.end_idx - OLD.first_idx;
  UPDATE matches SET action_count = OLD.end_idx WHERE id = OLD.match_id;
END;
)sql";

// 8: constructed decks (docs/storage.md, "Decks"). A saved deck is a list of the game's card
// indices (uint16 little-endian) with the rules_version that numbers them, its name unique per
// account and game (ASCII case ignored: the lobby's deck picker shows names only); a lobby
// seat keeps its chosen deck across a restart; each seat's list is fixed into the match
// record when the match is created, and never changes after, so a replay and crash recovery
// never depend on a deck edited later. No release saved decks before this one; rows of the
// old table are kept all the same: rules_version 0 (listed as needing a fresh save), a name
// made unique with its id, an odd trailing byte dropped.
constexpr std::string_view decks_v8 = R"sql(
CREATE TABLE decks_v8 (
  account_id    TEXT    NOT NULL REFERENCES accounts (id),
  id            TEXT    NOT NULL,
  game          TEXT    NOT NULL,
  name          TEXT    NOT NULL,
  rules_version INTEGER NOT NULL CHECK (rules_version >= 0),
  cards         BLOB    NOT NULL CHECK (length(cards) % 2 = 0),
  created_ms    INTEGER NOT NULL,
  updated_ms    INTEGER NOT NULL,
  PRIMARY KEY (account_id, id)
) STRICT, WITHOUT ROWID;
INSERT INTO decks_v8 (account_id, id, game, name, rules_version, cards, created_ms, updated_ms)
  SELECT d.account_id, d.id, d.game,
         CASE WHEN EXISTS (SELECT 1 FROM decks e WHERE e.account_id = d.account_id AND e.game = d.game
                             AND e.name = d.name COLLATE NOCASE AND e.id < d.id)
              THEN d.name || ' (' || d.id || ')' ELSE d.name END,
         0, CASE WHEN length(d.cards) % 2 = 0 THEN d.cards
              ELSE coalesce(substr(d.cards, 1, length(d.cards) - 1), x'') END,
         d.updated_ms, d.updated_ms
    FROM decks d;
DROP TABLE decks;
ALTER TABLE decks_v8 RENAME TO decks;
CREATE UNIQUE INDEX decks_by_name ON decks (account_id, game, name COLLATE NOCASE);

ALTER TABLE lobby_seats ADD COLUMN deck_id TEXT NOT NULL DEFAULT '';
ALTER TABLE lobby_seats ADD COLUMN deck_name TEXT NOT NULL DEFAULT '';
ALTER TABLE lobby_seats ADD COLUMN deck BLOB NOT NULL DEFAULT x'' CHECK (length(deck) % 2 = 0);

CREATE TABLE match_decks (
  match_id TEXT    NOT NULL,
  seat     INTEGER NOT NULL,
  name     TEXT    NOT NULL,
  cards    BLOB    NOT NULL CHECK (length(cards) > 0 AND length(cards) % 2 = 0),
  PRIMARY KEY (match_id, seat),
  FOREIGN KEY (match_id, seat) REFERENCES match_seats (match_id, seat)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER match_decks_before_play BEFORE INSERT ON match_decks
BEGIN
  SELECT RAISE(ABORT, 'a seat''s deck is fixed when its match is created')
    WHERE (SELECT finished OR action_count > 0 FROM matches WHERE id = NEW.match_id) IS NOT 0;
  SELECT RAISE(ABORT, 'no such seat in the match')
    WHERE NOT EXISTS (SELECT 1 FROM match_seats WHERE match_id = NEW.match_id AND seat = NEW.seat);
END;
CREATE TRIGGER match_decks_no_update BEFORE UPDATE ON match_decks
BEGIN
  SELECT RAISE(ABORT, 'a match''s decks never change');
END;
CREATE TRIGGER match_decks_no_delete BEFORE DELETE ON match_decks
BEGIN
  SELECT RAISE(ABORT, 'a match''s decks never change');
END;
)sql";

// 9: a match's actions are archived as runs (docs/storage.md, "Archived runs"): one row per
// archival, whose blob the storage thread builds from the journal rows it keeps in memory, in
// place of one match_actions row per action read back from the journal. The run's trigger
// checks it once (the match runs, the run starts at its action_count) and moves
// action_count to its end. match_actions keeps what was archived before, refusing any new row;
// the archival table of migration 4 goes, after closing one left open if its range is full
// (its trigger refuses otherwise, and so does this migration: the file's counts are not
// exact).
constexpr std::string_view action_runs_v9 = R"sql(
DELETE FROM action_archival;
DROP TRIGGER match_actions_archived_only;
DROP TRIGGER action_archival_open;
DROP TRIGGER action_archival_no_update;
DROP TRIGGER action_archival_close;
DROP TABLE action_archival;
CREATE TRIGGER match_actions_before_runs BEFORE INSERT ON match_actions
BEGIN
  SELECT RAISE(ABORT, 'actions are archived as runs, in match_action_runs');
END;

CREATE TABLE match_action_runs (
  match_id  TEXT    NOT NULL REFERENCES matches (id),
  first_idx INTEGER NOT NULL CHECK (first_idx >= 0),
  end_idx   INTEGER NOT NULL CHECK (end_idx > first_idx),
  actions   BLOB    NOT NULL CHECK (length(actions) >= 5 * (end_idx - first_idx)),
  PRIMARY KEY (match_id, first_idx)
) STRICT;
CREATE TRIGGER match_action_runs_next BEFORE INSERT ON match_action_runs
BEGIN
  SELECT RAISE(ABORT, 'no such match')
    WHERE NOT EXISTS (SELECT 1 FROM matches WHERE id = NEW.match_id);
  SELECT RAISE(ABORT, 'the match is finished')
    WHERE (SELECT finished FROM matches WHERE id = NEW.match_id) <> 0;
  SELECT RAISE(ABORT, 'action index is not the next one')
    WHERE NEW.first_idx <> (SELECT action_count FROM matches WHERE id = NEW.match_id);
END;
CREATE TRIGGER match_action_runs_count AFTER INSERT ON match_action_runs
BEGIN
  UPDATE matches SET action_count = NEW.end_idx WHERE id = NEW.match_id;
END;
CREATE TRIGGER match_action_runs_no_update BEFORE UPDATE ON match_action_runs
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER match_action_runs_no_delete BEFORE DELETE ON match_action_runs
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
)sql";

constexpr std::array<std::string_view, 9> all_migrations{schema_v1,      lobby_seats_v2, action_journal_v3,
                                                         archival_v4,    move_cause_v5,  lobby_removed_v6,
                                                         preferences_v7, decks_v8,       action_runs_v9};

void exec(sqlite3* db, const std::string& sql, std::string_view operation) {
  check(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), db, operation);
}

}  // namespace

std::span<const std::string_view> migrations() { return all_migrations; }

int user_version(sqlite3* db) {
  statement pragma(db, "PRAGMA user_version");
  auto q = pragma.start("read user_version");
  return q.step() ? static_cast<int>(q.integer(0)) : 0;
}

int apply_migrations(sqlite3* db, std::span<const std::string_view> scripts) {
  const int target = static_cast<int>(scripts.size());
  // IMMEDIATE before reading the version: two processes opening at once cannot both migrate.
  exec(db, "BEGIN IMMEDIATE", "migrate: begin");
  try {
    const int from = user_version(db);
    if (from > target)
      reject("migrate", "database schema version " + std::to_string(from) +
                            " is newer than this build's " + std::to_string(target));
    for (int v = from; v < target; ++v)
      exec(db, std::string(scripts[static_cast<std::size_t>(v)]),
           "migration " + std::to_string(v + 1));
    if (from < target) exec(db, "PRAGMA user_version = " + std::to_string(target), "migrate");
    exec(db, "COMMIT", "migrate: commit");
    return target;
  } catch (...) {
    if (!sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

}  // namespace starport::storage
