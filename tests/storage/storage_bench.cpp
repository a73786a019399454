// Appends per second through the storage worker: N appends submitted at once (group
// commit) against the same appends committed one transaction each. Prints figures only.
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

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

}  // namespace

int main(int argc, char** argv) {
  const auto n = static_cast<std::uint32_t>(argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000);
  temp_dir dir;
  worker w(dir.file("bench.db"));
  w.submit([](database& db) { db.create_account(make_account("a1"), "h1"); });
  const double batched = appends_per_second(w, "batched", n, false);
  const double single = appends_per_second(w, "single", n / 10, true);
  std::cout << "batched (group commit): " << n << " appends, " << static_cast<long>(batched)
            << " appends/s\n"
            << "one transaction each:   " << n / 10 << " appends, " << static_cast<long>(single)
            << " appends/s\n";
  return 0;
}
