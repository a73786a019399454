#pragma once
// A process's CPU time and peak memory, read from /proc (proc(5)): utime + stime from
// /proc/PID/stat, VmHWM and VmRSS from /proc/PID/status.
#include <optional>

namespace starport::loadgen {

struct process_usage {
  double cpu_seconds = 0;
  double peak_rss_mb = 0;
  double rss_mb = 0;   // resident now
};

// Empty when the process is gone or /proc cannot be read.
std::optional<process_usage> read_process_usage(int pid);

}  // namespace starport::loadgen
