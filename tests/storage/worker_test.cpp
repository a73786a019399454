// Requirement: the storage thread runs jobs in submission order, batches what queues up into
// one transaction, calls done() only after commit, and isolates a failing job.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "samples.hpp"
#include "storage/worker.hpp"
#include "temp_dir.hpp"

using namespace starport::storage;
using namespace starport::storage::testing;
using namespace std::chrono_literals;

namespace {

// Holds the storage thread inside a job until released, so later submissions queue up
// behind it and form one batch. The job owns its share of the state: it may outlive the gate.
class gate {
 public:
  void hold(worker& w) {
    auto entered = std::make_shared<std::promise<void>>();
    auto entered_future = entered->get_future();
    w.submit([entered, released = released_future_](database&) {
      entered->set_value();
      (void)released.wait_for(10s);
    });
    REQUIRE(entered_future.wait_for(10s) == std::future_status::ready);
  }
  void release() { released_.set_value(); }

 private:
  std::promise<void> released_;
  std::shared_future<void> released_future_ = released_.get_future().share();
};

void create_match(worker& w) {
  w.submit([](database& db) {
    db.create_account(make_account("a1"), "h1");
    db.create_match(make_match("m1", "space_war", {person_seat(0, "a1")}, 100));
  });
  w.flush();   // committed, so queue_depth counts only what a test submits next
}

}  // namespace

TEST_CASE("worker: jobs run in submission order") {
  temp_dir dir;
  worker w(dir.file("s.db"));
  std::vector<int> ran;
  create_match(w);
  for (int i = 0; i < 50; ++i)
    w.submit([&ran, i](database& db) {
      ran.push_back(i);
      db.append_action("m1", nth_action(static_cast<std::uint32_t>(i)));
    });
  w.flush();
  REQUIRE(ran.size() == 50);
  for (int i = 0; i < 50; ++i) CHECK(ran[static_cast<std::size_t>(i)] == i);
  std::vector<logged_action> log;
  w.submit([&log](database& db) { log = db.actions("m1"); });
  w.flush();
  CHECK(log.size() == 50);
}

TEST_CASE("worker: done(true) runs only after the job's transaction has committed") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  worker w(path);
  // A second connection sees only committed data.
  database observer(path);
  create_match(w);
  std::vector<std::size_t> seen_at_done;
  std::vector<bool> oks;
  for (std::uint32_t i = 0; i < 20; ++i)
    w.submit([i](database& db) { db.append_action("m1", nth_action(i)); },
             [&](bool ok) {
               oks.push_back(ok);
               seen_at_done.push_back(observer.actions("m1").size());
             });
  w.flush();
  REQUIRE(seen_at_done.size() == 20);
  for (std::uint32_t i = 0; i < 20; ++i) {
    CHECK(oks[i]);
    CHECK(seen_at_done[i] >= i + 1);
  }
}

TEST_CASE("worker: jobs queued behind a running transaction commit together (group commit)") {
  temp_dir dir;
  worker w(dir.file("s.db"));
  create_match(w);
  gate g;
  g.hold(w);
  std::vector<std::string> events;
  for (std::uint32_t i = 0; i < 10; ++i)
    w.submit(
        [&events, i](database& db) {
          events.push_back("job" + std::to_string(i));
          db.append_action("m1", nth_action(i));
        },
        [&events, i](bool ok) { events.push_back((ok ? "done" : "failed") + std::to_string(i)); });
  CHECK(w.queue_depth() == 11);   // the held job and ten waiting ones: none committed
  g.release();
  w.flush();
  CHECK(w.queue_depth() == 0);
  REQUIRE(events.size() == 20);
  // One transaction: all ten jobs ran before the first done.
  for (std::size_t i = 0; i < 10; ++i) CHECK(events[i] == "job" + std::to_string(i));
  for (std::size_t i = 0; i < 10; ++i) CHECK(events[10 + i] == "done" + std::to_string(i));
}

TEST_CASE("worker: a throwing job alone is refused, its batch neighbours still commit") {
  temp_dir dir;
  worker w(dir.file("s.db"));
  create_match(w);
  gate g;
  g.hold(w);
  std::vector<std::string> results;
  auto record = [&results](const std::string& name) {
    return [&results, name](bool ok) { results.push_back(name + (ok ? ":ok" : ":failed")); };
  };
  w.submit([](database& db) { db.append_action("m1", nth_action(0)); }, record("first"));
  w.submit(
      [](database& db) {
        db.create_account(make_account("half"), "h-half");   // written, then undone
        throw std::runtime_error("rule engine said no");
      },
      record("thrower"));
  w.submit([](database& db) { db.append_action("m1", nth_action(1)); }, record("second"));
  w.submit([](database& db) { db.append_action("m1", nth_action(5)); }, record("gapped"));
  w.submit([](database& db) { db.append_action("m1", nth_action(2)); }, record("third"));
  g.release();
  w.flush();
  CHECK(results == std::vector<std::string>{"first:ok", "thrower:failed", "second:ok", "gapped:failed",
                                            "third:ok"});
  std::vector<logged_action> log;
  bool half_exists = true;
  w.submit([&](database& db) {
    log = db.actions("m1");
    half_exists = db.account_by_token("h-half").has_value();
  });
  w.flush();
  REQUIRE(log.size() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) CHECK(log[i].index == i);
  CHECK_FALSE(half_exists);
}

TEST_CASE("worker: flush waits for every job submitted before it") {
  temp_dir dir;
  worker w(dir.file("s.db"));
  create_match(w);
  gate g;
  g.hold(w);
  int done_count = 0;
  for (std::uint32_t i = 0; i < 100; ++i)
    w.submit([i](database& db) { db.append_action("m1", nth_action(i)); }, [&done_count](bool) { ++done_count; });
  CHECK(done_count == 0);
  CHECK(w.queue_depth() == 101);
  auto flushed = std::async(std::launch::async, [&w] { w.flush(); });
  CHECK(flushed.wait_for(50ms) == std::future_status::timeout);   // the held job has not committed
  g.release();
  REQUIRE(flushed.wait_for(10s) == std::future_status::ready);
  CHECK(done_count == 100);
  CHECK(w.queue_depth() == 0);
}

TEST_CASE("worker: flush called from the storage thread is refused instead of deadlocking") {
  temp_dir dir;
  worker w(dir.file("s.db"));
  bool result = true;
  w.submit([&w](database&) { w.flush(); }, [&result](bool ok) { result = ok; });
  w.flush();
  CHECK_FALSE(result);
}

TEST_CASE("worker: the destructor runs every queued job before stopping") {
  temp_dir dir;
  const auto path = dir.file("s.db");
  int done_count = 0;
  {
    worker w(path);
    create_match(w);
    gate g;
    g.hold(w);
    for (std::uint32_t i = 0; i < 200; ++i)
      w.submit([i](database& db) { db.append_action("m1", nth_action(i)); },
               [&done_count](bool ok) { done_count += ok ? 1 : 0; });
    g.release();
  }
  CHECK(done_count == 200);
  database db(path);
  CHECK(db.actions("m1").size() == 200);
}
