// Appends per second through the storage worker: N appends to one match submitted at once
// (group commit), the same committed one transaction each, and the server's pattern of
// many matches interleaved; then what archiving one action costs.
// Prints figures only.
#include <time.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "samples.hpp"
#include "storage/worker.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;

namespace {

// Appends `count` actions to a fresh match; with `wait_each`, every append commits alone.
double appends_per_second(worker& w, const std::string& match_id, std::uint32_t count, bool wait_each) {
  w.submit([match_id](database& db) {
    db.create_match(make_match(match_id, "space_war", {person_seat(0, "a1")}, 100));
  });
  w.flush();
  const auto start = std::chrono::steady_clock::now();
  for (std::uint32_t i = 0; i < count; ++i) {
    w.submit([match_id, i](database& db) { db.append_action(match_id, nth_action(i)); });
    if (wait_each) w.flush();
  }
  w.flush();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  return count / took.count();
}

// CPU time used so far by the calling thread (on the storage thread: SQLite's work).
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// One running match in the interleaved scenario.
struct slot {
  std::string id;
  std::uint32_t next = 0;     // its next action index
  std::uint32_t length = 0;   // it finishes after this many actions
};

void start_match(worker& w, slot& s, int& started) {
  s.id = "i" + std::to_string(started++);
  s.next = 0;
  w.submit([id = s.id](database& db) {
    db.create_match(make_match(id, "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
  });
}

// The server under load: `running` matches at once; each commit holds 2 appends (one job
// each) from each of the next `per_commit` matches in turn. A match that reaches its length
// (100 to 298 actions, staggered) finishes, and a new one takes its place in that commit.
// `storage_cpu` gets the storage thread's CPU seconds per append.
double interleaved_appends_per_second(worker& w, std::uint32_t count, int running, int per_commit,
                                      int& finished, double& storage_cpu) {
  std::vector<slot> slots(static_cast<std::size_t>(running));
  int started = 0;
  for (std::size_t i = 0; i < slots.size(); ++i) {
    slots[i].length = 100 + 2 * static_cast<std::uint32_t>(i % 100);
    start_match(w, slots[i], started);
  }
  double cpu_start = 0;
  double cpu_end = 0;
  w.submit([&cpu_start](database&) { cpu_start = thread_cpu_seconds(); });
  w.flush();
  const auto start = std::chrono::steady_clock::now();
  std::uint32_t appended = 0;
  std::size_t cursor = 0;
  while (appended < count) {
    for (int k = 0; k < per_commit; ++k) {
      slot& s = slots[cursor++ % slots.size()];
      for (int j = 0; j < 2; ++j, ++appended)
        w.submit([id = s.id, i = s.next++](database& db) { db.append_action(id, nth_action(i)); });
      if (s.next < s.length) continue;
      w.submit([id = s.id](database& db) { db.finish_match(id, {0}, "won", 200); });
      ++finished;
      start_match(w, s, started);
    }
    w.flush();
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  w.submit([&cpu_end](database&) { cpu_end = thread_cpu_seconds(); });
  w.flush();
  storage_cpu = (cpu_end - cpu_start) / appended;
  return appended / took.count();
}

// What archival costs per row. `matches` matches of `length` actions each, appended in turn
// (as the server interleaves them), are finished 10 per commit; so are as many matches with
// no action. The difference, per archived row, is the cost of archiving one journal row,
// its checks and its share of the commits included. Upkeep is
// held off (huge limits), so that only archival is timed.
struct archival_figures {
  double cpu_per_row = 0;    // storage CPU (this thread), microseconds
  double wall_per_row = 0;   // microseconds
  double empty_finish = 0;   // CPU microseconds to finish a match with nothing to archive
};

archival_figures archival_cost(const std::string& path, int matches, std::uint32_t length) {
  constexpr std::int64_t never = std::int64_t{1} << 40;
  database db(path, journal_limits{64, never, never});
  db.create_account(make_account("a1"), "h1");
  auto id = [](const char* kind, int m) { return std::string(kind) + std::to_string(m); };
  db.begin();
  for (int m = 0; m < matches; ++m)
    for (const char* kind : {"full", "empty"})
      db.create_match(make_match(id(kind, m), "space_war", {person_seat(0, "a1"), bot_seat(1, "easy")}, 100));
  db.commit();
  for (std::uint32_t i = 0; i < length; ++i) {
    db.begin();
    for (int m = 0; m < matches; ++m) db.append_action(id("full", m), nth_action(i));
    db.commit();
  }
  // Each phase: thread CPU and wall seconds to finish every match of its kind.
  auto finish_all = [&](const char* kind, double& cpu, double& wall) {
    const double cpu_start = thread_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    for (int m = 0; m < matches; ++m) {
      if (m % 10 == 0) db.begin();
      db.finish_match(id(kind, m), {0}, "won", 200);
      if (m % 10 == 9 || m + 1 == matches) db.commit();
    }
    cpu = thread_cpu_seconds() - cpu_start;
    wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  double empty_cpu = 0, empty_wall = 0, full_cpu = 0, full_wall = 0;
  finish_all("empty", empty_cpu, empty_wall);
  finish_all("full", full_cpu, full_wall);
  const double rows = static_cast<double>(matches) * length;
  return {(full_cpu - empty_cpu) / rows * 1e6, (full_wall - empty_wall) / rows * 1e6,
          empty_cpu / matches * 1e6};
}

}  // namespace

int main(int argc, char** argv) {
  // storage_bench [appends] [interleaved appends] [archived matches] [their length]
  const auto n = static_cast<std::uint32_t>(argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000);
  const auto interleaved = static_cast<std::uint32_t>(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 300000);
  const int archived_matches = argc > 3 ? std::atoi(argv[3]) : 1000;
  const auto archived_length = static_cast<std::uint32_t>(argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 200);
  temp_dir dir;
  worker w(dir.file("bench.db"));
  w.submit([](database& db) { db.create_account(make_account("a1"), "h1"); });
  const double batched = appends_per_second(w, "batched", n, false);
  const double single = appends_per_second(w, "single", n / 10, true);
  int finished = 0;
  double storage_cpu = 0;
  const double mixed = interleaved_appends_per_second(w, interleaved, 1000, 150, finished, storage_cpu);
  std::cout << "batched (group commit): " << n << " appends, " << static_cast<long>(batched)
            << " appends/s\n"
            << "one transaction each:   " << n / 10 << " appends, " << static_cast<long>(single)
            << " appends/s\n"
            << "interleaved (1000 running matches, 300 appends a commit): " << interleaved
            << " appends, " << finished << " matches finished, " << static_cast<long>(mixed)
            << " appends/s, storage thread " << storage_cpu * 1e6 << " us CPU per append\n";
  const archival_figures archival = archival_cost(dir.file("archival.db"), archived_matches, archived_length);
  std::cout << "archival (" << archived_matches << " matches of " << archived_length
            << " interleaved actions, finished 10 a commit): " << archival.cpu_per_row
            << " us CPU and " << archival.wall_per_row << " us wall per archived row; finishing an"
            << " empty match " << archival.empty_finish << " us CPU\n";
  return 0;
}
