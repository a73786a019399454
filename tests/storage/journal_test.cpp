// Requirement: a running match's actions go to the append-ordered journal and are archived
// in bulk, one run per archival (at finish, or early when a match pins the journal); the index
// kept in memory always agrees with the file, across refusals, rollbacks, reopening and other connections.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <future>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "raw_sqlite.hpp"
#include "samples.hpp"
#include "storage/database.hpp"
#include "storage/action_run.hpp"
#include "storage/journal_index.hpp"
#include "storage/worker.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
namespace engine = starport::engine;

namespace {

// Small limits, so that a test of a few dozen actions archives early and deletes prefixes.
constexpr journal_limits tight{4, 10, 1};

// Action `index` of match number `match`: every match's log is different.
logged_action action_of(int match, std::uint32_t index) {
  const int i = static_cast<int>(index);
  return make_logged(index, engine::make_action(i % 2, static_cast<std::uint16_t>(1 + match), 10 * i + match),
                     7000 + i);
}

std::string id_of(int match) { return "m" + std::to_string(match); }

void create(database& db, int match) {
  db.create_match(make_match(id_of(match), "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100 + match));
}

void check_log(const std::vector<logged_action>& log, int match, std::uint32_t count) {
  REQUIRE(log.size() == count);
  for (std::uint32_t i = 0; i < count; ++i) {
    CHECK(log[i].index == i);
    CHECK(log[i].move == action_of(match, i).move);
    CHECK(log[i].at_ms == action_of(match, i).at_ms);
  }
}

// The same actions, field by field.
void check_log_from(const std::vector<logged_action>& log, const std::vector<logged_action>& expected) {
  REQUIRE(log.size() == expected.size());
  for (std::size_t i = 0; i < log.size(); ++i) {
    CHECK(log[i].index == expected[i].index);
    CHECK(log[i].move == expected[i].move);
    CHECK(log[i].at_ms == expected[i].at_ms);
    CHECK(log[i].cause == expected[i].cause);
  }
}

void check_match(database& db, int match, std::uint32_t count) {
  check_log(db.actions(id_of(match)), match, count);
  REQUIRE(db.match(id_of(match)).has_value());
  CHECK(db.match(id_of(match))->action_count == count);
}

std::int64_t count_rows(sqlite3* raw, const std::string& table, const std::string& match_id) {
  return query_int(raw, "SELECT count(*) FROM " + table + " WHERE match_id = '" + match_id + "'");
}

// m0 runs long (30 actions); m1, m2 … run 5 actions each, three at a time, the finished ones
// replaced. Each round ends with m0's append, so its newest row is never archived yet.
// Returns how many matches were created; the last three short ones are still running.
int play_long_and_short(database& db, std::uint32_t& long_count) {
  create(db, 0);
  int started = 1;
  std::vector<int> shorts;
  std::vector<std::uint32_t> counts;
  for (; started <= 3; ++started) {
    create(db, started);
    shorts.push_back(started);
    counts.push_back(0);
  }
  for (long_count = 0; long_count < 30; ++long_count) {
    for (std::size_t k = 0; k < shorts.size(); ++k) {
      db.append_action(id_of(shorts[k]), action_of(shorts[k], counts[k]++));
      if (counts[k] < 5 || long_count >= 27) continue;   // the last three stay running
      db.finish_match(id_of(shorts[k]), {0}, "won", 500);
      create(db, started);
      shorts[k] = started++;
      counts[k] = 0;
    }
    db.append_action(id_of(0), action_of(0, long_count));
  }
  return started;
}

}  // namespace

TEST_CASE("journal: refused appends (unknown, finished, duplicate, gap) change nothing, in memory or in the file") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  auto raw = open_raw(path);
  db.create_account(make_account("a1"), "h1");
  create(db, 1);
  create(db, 2);
  for (std::uint32_t i = 0; i < 3; ++i) {
    db.append_action(id_of(1), action_of(1, i));
    db.append_action(id_of(2), action_of(2, i));
  }
  db.finish_match(id_of(2), {1}, "won", 300);
  const std::int64_t journal_rows = query_int(raw.get(), "SELECT count(*) FROM action_journal");
  const std::int64_t archived_rows = archived_in_file(raw.get());

  CHECK_THROWS_WITH_AS(db.append_action("m404", action_of(1, 0)), doctest::Contains("no such match"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(db.append_action(id_of(2), action_of(2, 3)), doctest::Contains("the match is finished"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(db.append_action(id_of(1), action_of(1, 2)), doctest::Contains("not the next one"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(db.append_action(id_of(1), action_of(1, 4)), doctest::Contains("not the next one"),
                       std::runtime_error);

  CHECK(query_int(raw.get(), "SELECT count(*) FROM action_journal") == journal_rows);
  CHECK(archived_in_file(raw.get()) == archived_rows);
  check_match(db, 1, 3);
  check_match(db, 2, 3);
  db.append_action(id_of(1), action_of(1, 3));   // memory still expects exactly the next index
  check_match(db, 1, 4);
}

TEST_CASE("journal: a log reads the same while its match runs and after it finished, and finishing archives it") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path);
  auto raw = open_raw(path);
  db.create_account(make_account("a1"), "h1");
  for (int m = 1; m <= 3; ++m) create(db, m);
  for (std::uint32_t i = 0; i < 20; ++i)   // interleaved, as the server writes them
    for (int m = 1; m <= 3; ++m) db.append_action(id_of(m), action_of(m, i));

  for (int m = 1; m <= 3; ++m) check_match(db, m, 20);
  CHECK(archived_in_file(raw.get(), id_of(2)) == 0);
  CHECK(count_rows(raw.get(), "action_journal", id_of(2)) == 20);

  db.finish_match(id_of(2), {0}, "won", 900);
  check_match(db, 2, 20);
  CHECK(archived_in_file(raw.get(), id_of(2)) == 20);
  CHECK(query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm2'") == 20);
  // Archived as one run, which reads back as what was appended (check_match, above).
  CHECK(query_int(raw.get(), "SELECT count(*) FROM match_action_runs"
                             " WHERE match_id = 'm2' AND first_idx = 0 AND end_idx = 20") == 1);
  for (int m : {1, 3}) check_match(db, m, 20);
  CHECK(db.running_matches().size() == 2);
}

TEST_CASE("journal: a failed finish (winner not a seat) takes back its archival and upkeep, and the matches go on") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path, tight);
  auto raw = open_raw(path);
  db.create_account(make_account("a1"), "h1");
  create(db, 1);
  create(db, 2);
  // m1's first row is soon more than the pin limit behind: the finish below archives it first.
  db.append_action(id_of(1), action_of(1, 0));
  for (std::uint32_t i = 0; i < 10; ++i) db.append_action(id_of(2), action_of(2, i));
  CHECK_THROWS_AS(db.finish_match(id_of(2), {0, 7}, "bad", 900), std::runtime_error);
  CHECK(archived_in_file(raw.get()) == 0);
  CHECK_FALSE(db.match(id_of(2))->finished);
  check_match(db, 1, 1);
  check_match(db, 2, 10);
  db.append_action(id_of(2), action_of(2, 10));
  db.finish_match(id_of(2), {1}, "won", 950);
  check_match(db, 2, 11);
  CHECK(archived_in_file(raw.get(), id_of(2)) == 11);
  check_match(db, 1, 1);
  db.append_action(id_of(1), action_of(1, 1));
  check_match(db, 1, 2);
}

TEST_CASE("journal: a match that pins the journal is archived early while it runs, and the journal stays short") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database db(path, tight);
  auto raw = open_raw(path);
  db.create_account(make_account("a1"), "h1");
  std::uint32_t long_count = 0;
  const int started = play_long_and_short(db, long_count);

  // m0 is still running, part of its log archived, the rest in the journal.
  const std::int64_t archived = query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm0'");
  CHECK(archived > 0);
  CHECK(archived < long_count);
  CHECK(archived_in_file(raw.get(), id_of(0)) == archived);
  CHECK_FALSE(db.match(id_of(0))->finished);
  check_match(db, 0, long_count);
  // 120 rows were appended; prefix deletion keeps at most pin limit + chunk + 1.
  CHECK(query_int(raw.get(), "SELECT count(*) FROM action_journal") <= tight.pin_limit + tight.delete_chunk + 1);
  for (int m = 1; m < started - 3; ++m) check_match(db, m, 5);
  for (int m = started - 3; m < started; ++m) CHECK(db.match(id_of(m))->action_count == db.actions(id_of(m)).size());
}

TEST_CASE("journal: matches that pass the pin limit together are archived one per upkeep_every appends") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  const journal_limits spread{1000, 12, 3};
  database db(path, spread);
  auto raw = open_raw(path);
  db.create_account(make_account("a1"), "h1");
  constexpr int matches = 6;
  for (int m = 0; m < matches; ++m) create(db, m);
  auto early = [&] {   // running matches with part of their log already archived
    return query_int(raw.get(), "SELECT count(*) FROM matches WHERE finished = 0 AND action_count > 0");
  };
  // All six start together and append in turn, so they pass the limit together.
  std::int64_t appends_since_pinned = -1, last = 0;
  for (std::uint32_t round = 0; round < 8; ++round)
    for (int m = 0; m < matches; ++m) {
      db.append_action(id_of(m), action_of(m, round));
      const std::int64_t now = early();
      CHECK(now - last <= 1);   // never a burst
      if (appends_since_pinned < 0 && now > 0) appends_since_pinned = 0;
      if (appends_since_pinned >= 0) {
        CHECK(now <= 1 + appends_since_pinned / spread.upkeep_every);
        ++appends_since_pinned;
      }
      last = now;
    }
  CHECK(last > 1);   // the catch-up went on past the first one
  for (int m = 0; m < matches; ++m) check_match(db, m, 8);
}

TEST_CASE("journal: reopening rebuilds the index from the file, and every log reads back the same") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  std::uint32_t long_count = 0;
  int started = 0;
  std::vector<std::vector<logged_action>> logs;
  std::vector<match_record> records;
  {
    database db(path, tight);
    db.create_account(make_account("a1"), "h1");
    started = play_long_and_short(db, long_count);
    for (int m = 0; m < started; ++m) {
      logs.push_back(db.actions(id_of(m)));
      records.push_back(*db.match(id_of(m)));
    }
  }   // closed without finishing the running matches (durability_test kills a writer for real)
  {
    auto raw = open_raw(path);
    const std::int64_t archived = query_int(raw.get(), "SELECT action_count FROM matches WHERE id = 'm0'");
    CHECK(archived > 0);   // m0 is partly archived, partly in the journal
    CHECK(archived < long_count);
  }
  for (const journal_limits limits : {tight, journal_limits{}}) {
    database db(path, limits);
    for (int m = 0; m < started; ++m) {
      const auto i = static_cast<std::size_t>(m);
      check_log(db.actions(id_of(m)), m, static_cast<std::uint32_t>(logs[i].size()));
      CHECK(db.match(id_of(m))->action_count == records[i].action_count);
      CHECK(db.match(id_of(m))->finished == records[i].finished);
    }
    CHECK(db.running_matches().size() == 4);
  }
  // The rebuilt index accepts exactly the next index, for the partly archived match too.
  database db(path, tight);
  CHECK_THROWS_AS(db.append_action(id_of(0), action_of(0, long_count - 1)), std::runtime_error);
  db.append_action(id_of(0), action_of(0, long_count));
  db.finish_match(id_of(0), {0}, "won", 1000);
  check_match(db, 0, long_count + 1);
}

TEST_CASE("journal: a gap or a duplicate in the journal of a running match is refused at open") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  {
    database db(path);
    db.create_account(make_account("a1"), "h1");
    create(db, 1);
    for (std::uint32_t i = 0; i < 3; ++i) db.append_action(id_of(1), action_of(1, i));
  }
  const std::string insert = "INSERT INTO action_journal (match_id, idx, seat, kind, args, at_ms) VALUES ('m1', ";
  SUBCASE("a gap") {
    auto raw = open_raw(path);
    REQUIRE(exec_raw(raw.get(), insert + "4, 0, 1, X'', 0)") == SQLITE_OK);
  }
  SUBCASE("a duplicate") {
    auto raw = open_raw(path);
    REQUIRE(exec_raw(raw.get(), insert + "1, 0, 1, X'', 0)") == SQLITE_OK);
  }
  CHECK_THROWS_WITH_AS(database{path}, doctest::Contains("read action journal"), std::runtime_error);
}

TEST_CASE("journal: a batch rolled back by the worker leaves memory and the file in agreement") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  std::vector<std::string> results;
  {
    worker w(path, tight);
    w.submit([](database& db) {
      db.create_account(make_account("a1"), "h1");
      for (int m = 1; m <= 3; ++m) create(db, m);
    });
    w.flush();
    auto record = [&results](const std::string& name) {
      return [&results, name](bool ok) {
        if (!ok) results.push_back(name);
      };
    };
    // Held behind one job, everything below is one batch: appends that archive early and
    // delete a prefix, a finish, a new match, and one job that appends and then throws.
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    w.submit([released](database&) { (void)released.wait_for(std::chrono::seconds(10)); });
    for (std::uint32_t i = 0; i < 12; ++i)
      for (int m = 1; m <= 3; ++m)
        w.submit([m, i](database& db) { db.append_action(id_of(m), action_of(m, i)); }, record("append"));
    w.submit([](database& db) { db.finish_match(id_of(3), {0}, "won", 500); }, record("finish"));
    w.submit([](database& db) { create(db, 4); }, record("create"));
    w.submit(
        [](database& db) {
          db.append_action(id_of(1), action_of(1, 12));
          throw std::runtime_error("the rules said no");
        },
        record("thrower"));
    // These only succeed if the thrower's append is gone from memory as well as from the file.
    for (std::uint32_t i = 12; i < 20; ++i)
      for (int m : {1, 2, 4}) {
        const std::uint32_t index = m == 4 ? i - 12 : i;
        w.submit([m, index](database& db) { db.append_action(id_of(m), action_of(m, index)); },
                 record("append"));
      }
    // A job that survives a refused finish (its archival undone) goes on in the same transaction.
    w.submit(
        [](database& db) {
          try {
            db.finish_match(id_of(2), {9}, "bad", 600);
          } catch (const std::runtime_error&) {
          }
          db.append_action(id_of(2), action_of(2, 20));
        },
        record("survivor"));
    release.set_value();
    w.flush();
    CHECK(results == std::vector<std::string>{"thrower"});
    // Read on the storage thread, checked here.
    std::vector<std::vector<logged_action>> logs;
    std::vector<std::optional<match_record>> records;
    w.submit([&](database& db) {
      logs.clear();
      records.clear();
      for (int m = 1; m <= 4; ++m) {
        logs.push_back(db.actions(id_of(m)));
        records.push_back(db.match(id_of(m)));
      }
    });
    w.flush();
    const std::uint32_t counts[] = {20, 21, 12, 8};
    for (int m = 1; m <= 4; ++m) {
      const auto i = static_cast<std::size_t>(m - 1);
      check_log(logs[i], m, counts[i]);
      REQUIRE(records[i].has_value());
      CHECK(records[i]->action_count == counts[i]);
      CHECK(records[i]->finished == (m == 3));
    }
  }
  // A fresh connection reads the same from the file alone.
  database db(path, tight);
  check_match(db, 1, 20);
  check_match(db, 2, 21);
  check_match(db, 3, 12);
  check_match(db, 4, 8);
}

TEST_CASE("journal: two connections to one file each see the other's committed appends") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  database first(path);
  database second(path);
  first.create_account(make_account("a1"), "h1");
  create(first, 1);
  first.append_action(id_of(1), action_of(1, 0));
  first.append_action(id_of(1), action_of(1, 1));
  check_match(second, 1, 2);
  second.append_action(id_of(1), action_of(1, 2));
  check_match(first, 1, 3);
  CHECK_THROWS_AS(first.append_action(id_of(1), action_of(1, 2)), std::runtime_error);
  first.append_action(id_of(1), action_of(1, 3));
  second.finish_match(id_of(1), {0}, "won", 400);
  check_match(first, 1, 4);
  CHECK(first.match(id_of(1))->finished);
  CHECK_THROWS_WITH_AS(first.append_action(id_of(1), action_of(1, 4)), doctest::Contains("the match is finished"),
                       std::runtime_error);
}

TEST_CASE("journal index: a match's rows and their actions read back in order, whatever the steps between their seqs") {
  // The index keeps the rows' actions as the run archival writes; seqs of any size (one past
  // 32 bits) only have to grow.
  journal_index index;
  index.add_match("m", 3);
  index.add_match("other", 0);
  const std::vector<std::int64_t> seqs = {5, 6, 133, 261, 16644, 33028, 33029, (std::int64_t{1} << 40) + 7};
  std::vector<logged_action> appended;
  for (std::size_t i = 0; i < seqs.size(); ++i) {
    appended.push_back(action_of(4, static_cast<std::uint32_t>(3 + i)));
    index.add_row("m", seqs[i], appended.back());
  }
  index.add_row("other", seqs.back() + 1, action_of(5, 0));
  const journal_index::match* m = index.find("m");
  REQUIRE(m != nullptr);
  CHECK(m->rows == seqs.size());
  CHECK(m->total() == 3 + seqs.size());
  CHECK(m->first == seqs.front());
  std::vector<logged_action> back;
  read_run(m->run, m->archived, m->rows, back);
  check_log_from(back, appended);
  CHECK(index.low_water() == 5);   // the oldest running row pins the journal
  CHECK(index.next_seq() == seqs.back() + 2);
  // A row below the match's last would be a different journal: refused, nothing changed.
  const std::string run = m->run;
  CHECK_THROWS_AS(index.add_row("m", 100, action_of(4, 11)), std::logic_error);
  CHECK(m->rows == seqs.size());
  CHECK(m->run == run);

  index.archived("m");
  CHECK(m->rows == 0);
  CHECK(m->run.empty());
  CHECK(m->total() == 3 + seqs.size());
  CHECK(index.low_water() == seqs.back() + 1);   // now "other" is the oldest
  index.add_row("m", seqs.back() + 2, action_of(4, 11));   // rows after an archival start afresh
  back.clear();
  read_run(m->run, m->archived, m->rows, back);
  check_log_from(back, {action_of(4, 11)});
}

TEST_CASE("action runs: every field round-trips, at its extremes and at random, and malformed, cut or miscounted bytes are refused") {
  std::vector<logged_action> actions;
  const engine::action most{255, engine::max_action_args, 65535,
                            {std::numeric_limits<std::int32_t>::min(), -1, 0, std::numeric_limits<std::int32_t>::max()}};
  actions.push_back({0, most, std::numeric_limits<std::int64_t>::max(), move_cause::preference});
  actions.push_back({1, engine::make_action(0, 0), std::numeric_limits<std::int64_t>::min(), move_cause::chosen});
  actions.push_back({2, engine::make_action(1, 7, 3), -5, move_cause::time_ran_out});
  actions.push_back({3, engine::make_action(1, 7, 3), -5, move_cause::stand_in_bot});
  std::string run;
  std::int64_t previous = 0;
  for (const logged_action& a : actions) {
    append_to_run(run, a, previous);
    previous = a.at_ms;
  }
  std::vector<logged_action> back;
  read_run(run, 0, 4, back);
  check_log_from(back, actions);

  back.clear();
  CHECK_THROWS_WITH_AS(read_run(run, 0, 5, back), doctest::Contains("holds 4 actions, not 5"), std::runtime_error);
  CHECK_THROWS_WITH_AS(read_run(run, 0, 3, back), doctest::Contains("more than 3"), std::runtime_error);
  CHECK_THROWS_WITH_AS(read_run(run.substr(0, run.size() - 1), 0, 4, back), doctest::Contains("malformed"),
                       std::runtime_error);
  // A cause past the last, five arguments, a seat past 255: each refused.
  for (const std::string& bad : {std::string("\x00\x01\x04\x00\x00", 5), std::string("\x00\x01\x00\x05\x00", 5),
                                std::string("\x80\x02\x01\x00\x00\x00", 6)})
    CHECK_THROWS_WITH_AS(read_run(bad, 0, 1, back), doctest::Contains("malformed"), std::runtime_error);
  // Random actions (seeded): each run reads back as written, and every shorter prefix of it is
  // refused rather than read as fewer actions.
  std::mt19937_64 random(14);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<logged_action> written;
    std::string bytes;
    // Any time within ±2^62, so that a step of up to 5 s added to it stays an int64.
    auto anytime = [&] { return static_cast<std::int64_t>(random() >> 1) - (std::int64_t{1} << 62); };
    std::int64_t at = anytime();
    const std::uint64_t length = 1 + random() % 12;
    for (std::uint32_t i = 0; i < length; ++i) {
      engine::action a{static_cast<std::uint8_t>(random()), static_cast<std::uint8_t>(random() % (engine::max_action_args + 1)),
                       static_cast<std::uint16_t>(random()), {}};
      for (int k = 0; k < a.argc; ++k) a.args[static_cast<std::size_t>(k)] = static_cast<std::int32_t>(random());
      const std::int64_t before = written.empty() ? 0 : written.back().at_ms;
      at = random() % 2 ? at + static_cast<std::int64_t>(random() % 5000) : anytime();
      written.push_back({100 + i, a, at, static_cast<move_cause>(random() % 4)});
      append_to_run(bytes, written.back(), before);
    }
    const auto count = static_cast<std::uint32_t>(written.size());
    back.clear();
    read_run(bytes, 100, count, back);
    check_log_from(back, written);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      back.clear();
      CHECK_THROWS_AS(read_run(std::string_view(bytes).substr(0, cut), 100, count, back), std::runtime_error);
    }
  }

  engine::action too_many = engine::make_action(0, 1);
  too_many.argc = engine::max_action_args + 1;
  std::string untouched;
  CHECK_THROWS_AS(append_to_run(untouched, make_logged(0, too_many, 0), 0), std::runtime_error);
  CHECK(untouched.empty());
}
