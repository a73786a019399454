#include "server/net/open_fds.hpp"

#include <dirent.h>
#include <sys/stat.h>

namespace starport::server {

open_fds::~open_fds() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

double open_fds::by_listing() {
  DIR* d = opendir("/proc/self/fd");
  if (!d) return 0;
  double n = 0;
  while (const dirent* e = readdir(d))
    if (e->d_name[0] != '.') ++n;
  closedir(d);
  return n > 0 ? n - 1 : 0;   // less the one reading them
}

double open_fds::read() {
  if (way_ == way::kernel_count_or_listing) {
    struct stat fd_dir {};
    if (::stat("/proc/self/fd", &fd_dir) == 0 && fd_dir.st_size > 0) return static_cast<double>(fd_dir.st_size);
  }
  std::unique_lock lock(mutex_);
  if (!latest_) {
    latest_ = by_listing();
    return *latest_;
  }
  const double answer = *latest_;
  wanted_ = true;
  if (!thread_.joinable()) thread_ = std::thread([this] { count_on_thread(); });
  lock.unlock();
  wake_.notify_one();
  return answer;
}

void open_fds::count_on_thread() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return wanted_ || stopping_; });
    if (stopping_) return;
    wanted_ = false;
    lock.unlock();
    const double n = by_listing();
    lock.lock();
    latest_ = n;
  }
}

}  // namespace starport::server
