#include "storage/worker.hpp"

#include <iterator>
#include <stdexcept>
#include <utility>

namespace starport::storage {

namespace {
// One injected failure, if any is due (inject_failures).
bool take_one(std::atomic<int>& due) {
  int n = due.load(std::memory_order_relaxed);
  while (n > 0)
    if (due.compare_exchange_weak(n, n - 1, std::memory_order_relaxed)) return true;
  return false;
}
}  // namespace

worker::worker(const std::string& path, journal_limits limits)
    : worker(std::make_unique<database>(path, limits)) {}

worker::worker(std::unique_ptr<database> db)
    : db_(db ? std::move(db) : throw std::invalid_argument("storage: a worker needs a database")),
      thread_([this] { run(); }) {}

worker::~worker() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void worker::submit(std::function<void(database&)> job, std::function<void(bool ok)> done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(job), std::move(done)});
    ++submitted_;
    depth_.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_one();
}

bool worker::submit_read(std::function<void(database&)> job, std::function<void(bool ok)> done,
                         std::size_t max_depth) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= max_depth) return false;
    queue_.push_back({std::move(job), std::move(done), true});
    ++submitted_;
    depth_.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_one();
  return true;
}

void worker::flush() {
  // Waiting on the storage thread for itself would never return.
  if (std::this_thread::get_id() == thread_.get_id())
    throw std::logic_error("storage: flush called from the storage thread");
  std::unique_lock lock(mutex_);
  const std::uint64_t target = submitted_;
  drained_.wait(lock, [&] { return completed_ >= target; });
}

void worker::run() {
  for (;;) {
    std::deque<item> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;   // stopping, and everything queued has run
      // A read alone, or the writes before the next read, at most max_batch of them.
      if (queue_.front().read) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      } else {
        while (!queue_.empty() && !queue_.front().read && batch.size() < max_batch) {
          batch.push_back(std::move(queue_.front()));
          queue_.pop_front();
        }
      }
    }
    if (batch.front().read)
      report(batch.front(), run_read(batch.front()));
    else
      run_batch(batch);
    // The jobs and their `done`s go before flush() can return: what they hold (a session,
    // say) must not be released on this thread after a caller was told everything is done.
    const std::size_t finished = batch.size();
    batch.clear();
    {
      std::lock_guard lock(mutex_);
      completed_ += finished;
      depth_.fetch_sub(finished, std::memory_order_relaxed);
    }
    drained_.notify_all();
  }
}

void worker::run_batch(std::deque<item>& batch) {
  if (commit_jobs(batch.begin(), batch.end())) {
    for (item& it : batch) report(it, true);
    return;
  }
  // A lone job has already failed on its own; several are retried one per transaction so
  // that only the failing job is refused and its neighbours still commit.
  if (batch.size() == 1) {
    report(batch.front(), false);
    return;
  }
  for (auto it = batch.begin(); it != batch.end(); ++it) report(*it, commit_jobs(it, std::next(it)));
}

bool worker::commit_jobs(std::deque<item>::iterator first, std::deque<item>::iterator last) {
  try {
    db_->begin();
    for (auto it = first; it != last; ++it) it->job(*db_);
    if (take_one(failing_commits_)) throw std::runtime_error("storage: commit: injected failure");
    db_->commit();
    return true;
  } catch (...) {
    try {
      db_->rollback();
    } catch (...) {
      // The next begin() then fails too and every job is refused: nothing is acknowledged falsely.
    }
    return false;
  }
}

bool worker::run_read(item& it) {
  try {
    db_->begin_read();
    if (take_one(failing_reads_)) throw std::runtime_error("storage: read: injected failure");
    it.job(*db_);
    db_->commit();
    return true;
  } catch (...) {
    try {
      db_->rollback();
    } catch (...) {
    }
    return false;
  }
}

void worker::report(item& it, bool ok) noexcept {
  // noexcept: a `done` that throws ends the process rather than leave a job half-reported.
  if (it.done) it.done(ok);
}

}  // namespace starport::storage
