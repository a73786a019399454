#pragma once
// process_open_fds for /metrics without holding the thread that serves it. Linux 6.2 and
// later give the number as the size of /proc/self/fd, in one call. Older kernels (Debian
// 12's stock 6.1) only list it, which at tens of thousands of connections takes long enough
// to stall the network thread: there it runs on a thread of its own, and a scrape is answered
// with the count the one before it asked for (docs/capacity-measurements.md, "The wait before a move is
// read", has the figures).
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace starport::server {

class open_fds {
 public:
  enum class way { kernel_count_or_listing, listing_only };   // listing_only: for tests
  explicit open_fds(way w = way::kernel_count_or_listing) : way_(w) {}
  ~open_fds();
  open_fds(const open_fds&) = delete;
  open_fds& operator=(const open_fds&) = delete;

  // The number open now where the kernel says it in one call. Else the latest count of the
  // listing thread, which this call asks for a new count; the first call lists at once (a
  // server is seldom scraped first at capacity), so there is always a value.
  double read();

  // Descriptors open, by listing /proc/self/fd (any kernel; as long as there are entries).
  static double by_listing();

 private:
  void count_on_thread();

  const way way_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<double> latest_;
  bool wanted_ = false, stopping_ = false;
  std::thread thread_;   // started by the first call that lists
};

}  // namespace starport::server
