#pragma once
// The storage thread: jobs run in submission order on one thread that owns the database.
// Jobs queued while a transaction is open are batched into it (group commit); each job's
// `done` runs on the storage thread after its transaction commits, so a caller that
// waits for `done` before telling a client "accepted" makes that acceptance durable.
//
// A commit costs far more than the jobs in it (an fsync: on a virtual disk 300–400 µs of
// CPU and 5 ms of waiting), so when only a few writes are queued the thread waits a little
// for company before it commits: at most as long as its last commit took, and never past
// `gather_limit` (docs/storage.md, "Group commit: waiting for company").
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <cstdint>
#include <string>
#include <thread>

#include "storage/database.hpp"

namespace starport::storage {

class worker {
 public:
  using clock = std::chrono::steady_clock;
  // How long a lone write may wait for others to share its commit, at most. The wait is
  // also bounded by the last commit's own duration, so a fast disk adds next to nothing.
  static constexpr clock::duration default_gather_limit = std::chrono::milliseconds(5);

  // Opens the database on the calling thread first.
  explicit worker(const std::string& path, journal_limits limits = {},
                  clock::duration gather_limit = default_gather_limit);
  // Owns a database opened elsewhere (database::copy_of, say).
  explicit worker(std::unique_ptr<database> db, clock::duration gather_limit = default_gather_limit);
  ~worker();   // runs every queued job, then stops
  worker(const worker&) = delete;
  worker& operator=(const worker&) = delete;

  // `job` runs inside a transaction; `done(ok)` runs after commit (ok=false: it threw
  // and the batch was retried job by job, this one failing).
  void submit(std::function<void(database&)> job, std::function<void(bool ok)> done = {});
  // A job that only reads (a replay, a list): run in order with the rest but in its own
  // read transaction, never inside a write batch (it holds no write lock, and a read that
  // throws does not make a batch retry job by job). False, and nothing queued, when
  // `max_depth` jobs already wait: optional work pushes back (the caller says SERVER_BUSY)
  // instead of queueing without bound.
  bool submit_read(std::function<void(database&)> job, std::function<void(bool ok)> done,
                   std::size_t max_depth);
  // Jobs committed in one transaction at most (group commit stays, a flood is cut up).
  static constexpr std::size_t max_batch = 256;
  // This many writes queued end the wait for company at once: their commit is cheap per job.
  static constexpr std::size_t gather_jobs = 32;
  // Write transactions committed (or tried) so far: moves per commit is what group commit buys.
  std::uint64_t commits() const { return commits_.load(std::memory_order_relaxed); }
  // Blocks until every job submitted so far has committed (shutdown, tests).
  void flush();
  std::size_t queue_depth() const { return depth_.load(std::memory_order_relaxed); }

  // Fault injection for tests, off unless called (the server never does): the next
  // `commits` write transactions fail after their jobs ran and are rolled back, and the
  // next `reads` read jobs fail, as SQLITE_BUSY past the timeout, a full disk or an I/O
  // error would (docs/storage.md, "Failures").
  void inject_failures(int commits, int reads = 0) {
    failing_commits_.store(commits, std::memory_order_relaxed);
    failing_reads_.store(reads, std::memory_order_relaxed);
  }

 private:
  void run();
  struct item {
    std::function<void(database&)> job;
    std::function<void(bool)> done;
    bool read = false;
    clock::time_point submitted{};
  };
  void gather(std::unique_lock<std::mutex>& lock);   // waits for company; under the lock
  bool push(item it, std::size_t max_depth);          // false: max_depth jobs already wait
  void run_batch(std::deque<item>& batch);
  bool commit_jobs(std::deque<item>::iterator first, std::deque<item>::iterator last);
  static void report(item& it, bool ok) noexcept;
  bool run_read(item& it);
  std::unique_ptr<database> db_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable drained_;
  std::deque<item> queue_;
  std::atomic<std::size_t> depth_{0};
  std::uint64_t submitted_ = 0;
  std::uint64_t completed_ = 0;
  std::size_t writes_queued_ = 0;
  int flushing_ = 0;   // a flush() is waiting: commit what is queued without waiting for company
  bool stopping_ = false;
  const clock::duration gather_limit_;
  clock::duration last_commit_{};   // how long the last write transaction took (storage thread)
  std::atomic<std::uint64_t> commits_{0};
  std::atomic<int> failing_commits_{0};
  std::atomic<int> failing_reads_{0};
  std::thread thread_;
};

}  // namespace starport::storage
