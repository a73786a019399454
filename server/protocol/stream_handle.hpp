#pragma once
// A running match's server-wide handle: the smallest number no other running match holds.
// Held for the match actor's lifetime; freed numbers are handed out again. It never goes
// on the wire: a session keys its own, per-connection handle for the match by it
// (ServerMessage.stream, server/session/connection_streams.hpp).
#include <cstdint>
#include <mutex>
#include <set>

namespace starport::server {

class stream_handle {
 public:
  stream_handle() {
    registry& r = the_registry();
    std::lock_guard lock(r.mutex);
    if (r.freed.empty()) {
      value_ = ++r.highest;
    } else {
      value_ = *r.freed.begin();
      r.freed.erase(r.freed.begin());
    }
  }
  ~stream_handle() {
    registry& r = the_registry();
    std::lock_guard lock(r.mutex);
    r.freed.insert(value_);
  }
  stream_handle(const stream_handle&) = delete;
  stream_handle& operator=(const stream_handle&) = delete;

  std::uint32_t value() const { return value_; }

 private:
  struct registry {
    std::mutex mutex;
    std::uint32_t highest = 0;
    std::set<std::uint32_t> freed;
  };
  // Never destroyed: a match actor may be freed during exit (a server torn down from an
  // atexit handler, or held by any static), after a function-local registry would be gone.
  static registry& the_registry() {
    static registry* r = new registry;
    return *r;
  }
  std::uint32_t value_ = 0;
};

}  // namespace starport::server
