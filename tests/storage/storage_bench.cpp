// Appends per second through the storage worker: N appends to one match submitted at once
// (group commit), the same committed one transaction each, and the server's pattern of
// many matches interleaved. Prints figures only.
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

}  // namespace

int main(int argc, char** argv) {
  const auto n = static_cast<std::uint32_t>(argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000);
  const auto interleaved = static_cast<std::uint32_t>(argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 300000);
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
  return 0;
}
