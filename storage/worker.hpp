#pragma once
// The storage thread: jobs run in submission order on one thread that owns the database.
// Jobs queued while a transaction is open are batched into it (group commit); each job's
// `done` runs on the storage thread after its transaction commits, so a caller that
// waits for `done` before telling a client "accepted" makes that acceptance durable.
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "storage/database.hpp"

namespace starport::storage {

class worker {
 public:
  // Opens the database on the calling thread first.
  explicit worker(const std::string& path, journal_limits limits = {});
  // Owns a database opened elsewhere (database::copy_of, say).
  explicit worker(std::unique_ptr<database> db);
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
  };
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
  bool stopping_ = false;
  std::atomic<int> failing_commits_{0};
  std::atomic<int> failing_reads_{0};
  std::thread thread_;
};

}  // namespace starport::storage
