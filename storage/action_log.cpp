#include "storage/action_log.hpp"

#include <sqlite3.h>

#include <iterator>

#include "storage/action_codec.hpp"
#include "storage/action_run.hpp"
#include "storage/sqlite_error.hpp"

namespace starport::storage {

namespace {

// Columns idx, seat, kind, args, at_ms, cause from column `from` on, as the journal and
// match_actions have them.
logged_action read_action(const statement::use& q, int from = 0) {
  logged_action a;
  a.index = static_cast<std::uint32_t>(q.integer(from));
  a.move.seat = static_cast<std::uint8_t>(q.integer(from + 1));
  a.move.kind = static_cast<std::uint16_t>(q.integer(from + 2));
  decode_args(q.blob(from + 3), a.move);
  a.at_ms = q.integer(from + 4);
  a.cause = static_cast<move_cause>(q.integer(from + 5));   // the schema allows 0–3 only
  return a;
}

}  // namespace

action_log::action_log(sqlite3* db, journal_limits limits)
    : db_(db),
      limits_(limits),
      savepoint_(db),
      insert_(db,
              "INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms, cause)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
      // Its trigger refuses an unknown or finished match and a run that does not start at
      // the match's action_count, and moves action_count to its end: migration 9.
      insert_run_(db,
                  "INSERT INTO match_action_runs (match_id, first_idx, end_idx, actions)"
                  " VALUES (?1, ?2, ?3, ?4)"),
      delete_(db, "DELETE FROM action_journal WHERE seq < ?1"),
      // What was archived row by row before migration 9, then the runs since.
      archived_(db,
                "SELECT idx, seat, kind, args, at_ms, cause FROM match_actions WHERE match_id = ?1"
                " ORDER BY idx"),
      runs_(db,
            "SELECT first_idx, end_idx, actions FROM match_action_runs WHERE match_id = ?1"
            " ORDER BY first_idx"),
      running_(db, "SELECT id, action_count FROM matches WHERE finished = 0"),
      scan_(db,
            "SELECT seq, match_id, idx, seat, kind, args, at_ms, cause FROM action_journal ORDER BY seq"),
      version_query_(db, "PRAGMA data_version") {
  if (limits.delete_chunk < 1 || limits.pin_limit < 1 || limits.upkeep_every < 1)
    reject("open", "journal limits must be at least 1");
  rebuild();
}

void action_log::sync(bool others_may_have_written) {
  if (stale_ || (others_may_have_written && data_version() != version_)) rebuild();
}

std::int64_t action_log::data_version() {
  auto q = version_query_.start("data_version");
  return q.step() ? q.integer(0) : 0;
}

void action_log::rebuild() {
  stale_ = true;
  index_.clear();
  // One read snapshot (outside a transaction a savepoint begins one), so that the running
  // matches, the journal and the version all describe the same file.
  savepoint_.run("read action journal", [&] {
    version_ = data_version();
    {
      auto q = running_.start("read action journal");
      while (q.step()) index_.add_match(q.text(0), static_cast<std::uint32_t>(q.integer(1)));
    }
    bool any = false;
    std::int64_t lowest = 1;
    std::int64_t last = 0;
    auto q = scan_.start("read action journal");
    while (q.step()) {
      const std::int64_t seq = q.integer(0);
      if (!any) lowest = seq;
      any = true;
      last = seq;
      const std::string id = q.text(1);
      const journal_index::match* m = index_.find(id);
      const std::int64_t idx = q.integer(2);
      // Rows of finished matches, and those below a running match's archived count, are
      // already archived; they wait for the next prefix deletion.
      if (!m || idx < m->archived) continue;
      if (idx != m->total())
        reject("read action journal", "match " + id + " has action " + std::to_string(idx) +
                                          " where " + std::to_string(m->total()) + " belongs");
      index_.add_row(id, seq, read_action(q, 2));
    }
    index_.set_bounds(lowest, any ? last + 1 : 1);
  });
  stale_ = false;
}

void action_log::append(const std::string& match_id, const logged_action& a, const std::string& args) {
  upkeep();
  auto q = insert_.start("append_action");
  q.bind_text(1, match_id).bind(2, a.index).bind(3, a.move.seat).bind(4, a.move.kind);
  q.bind_blob(5, args).bind(6, a.at_ms).bind(7, static_cast<int>(a.cause));
  q.run();
  index_.add_row(match_id, sqlite3_last_insert_rowid(db_), a);
}

void action_log::copy_to_log(const std::string& match_id) {
  const journal_index::match* m = index_.find(match_id);
  if (!m || m->rows == 0) return;
  auto q = insert_run_.start("archive actions");
  q.bind_text(1, match_id).bind(2, m->archived).bind(3, m->total()).bind_blob(4, m->run);
  q.run();
}

std::vector<logged_action> action_log::actions(const std::string& match_id) {
  std::vector<logged_action> out;
  {
    auto q = archived_.start("actions");
    q.bind_text(1, match_id);
    while (q.step()) out.push_back(read_action(q));
  }
  {
    auto q = runs_.start("actions");
    q.bind_text(1, match_id);
    while (q.step()) {
      const std::int64_t first = q.integer(0);
      const std::int64_t end = q.integer(1);
      // The schema makes runs follow each other; a file edited by hand may not.
      if (first != static_cast<std::int64_t>(out.size()))
        reject("actions", "the archived actions of " + match_id + " have a gap before " + std::to_string(first));
      read_run(q.blob(2), static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(end - first), out);
    }
  }
  const journal_index::match* m = index_.find(match_id);
  if (!m) return out;
  if (out.size() != m->archived)
    reject("actions", "match " + match_id + " has " + std::to_string(out.size()) + " archived actions, not " +
                          std::to_string(m->archived));
  read_run(m->run, m->archived, m->rows, out);
  return out;
}

void action_log::upkeep() {
  if (++since_upkeep_ < limits_.upkeep_every) return;
  since_upkeep_ = 0;
  const std::int64_t next = index_.next_seq();
  const auto& firsts = index_.firsts();
  // The oldest running match is archived so far when it pins the journal; the mark then
  // moves to the next oldest.
  const bool archive = !firsts.empty() && next - firsts.begin()->first > limits_.pin_limit;
  std::int64_t low = index_.low_water();
  std::string pinned;
  if (archive) {
    pinned = firsts.begin()->second;
    low = firsts.size() > 1 ? std::next(firsts.begin())->first : next;
  }
  // Every row below the mark is archived: delete one chunk of them, a prefix of the rowid
  // B-tree.
  const bool prune = low - index_.deleted_below() >= limits_.delete_chunk;
  const std::int64_t below = index_.deleted_below() + limits_.delete_chunk;
  if (!archive && !prune) return;
  savepoint_.run("action journal upkeep", [&] {
    if (archive) copy_to_log(pinned);
    if (!prune) return;
    auto q = delete_.start("action journal upkeep");
    q.bind(1, below);
    q.run();
  });
  if (archive) index_.archived(pinned);
  if (prune) index_.set_deleted_below(below);
}

}  // namespace starport::storage
