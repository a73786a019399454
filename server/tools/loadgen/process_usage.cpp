#include "server/tools/loadgen/process_usage.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace starport::loadgen {

std::optional<process_usage> read_process_usage(int pid) {
  const std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream stat_file(dir + "/stat");
  std::string stat;
  if (!std::getline(stat_file, stat)) return std::nullopt;
  // The command name (field 2) may hold spaces and parentheses: fields resume after the
  // last ')'. utime and stime are fields 14 and 15, i.e. the 12th and 13th after it.
  std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream fields(stat.substr(close + 2));
  std::string skip;
  for (int i = 0; i < 11; ++i) fields >> skip;
  unsigned long long utime = 0, stime = 0;
  if (!(fields >> utime >> stime)) return std::nullopt;

  process_usage usage;
  usage.cpu_seconds = double(utime + stime) / double(sysconf(_SC_CLK_TCK));
  std::ifstream status_file(dir + "/status");
  bool peak = false;
  bool now = false;
  for (std::string line; std::getline(status_file, line);) {
    // Both reported in kB.
    if (line.rfind("VmHWM:", 0) == 0) {
      usage.peak_rss_mb = std::stod(line.substr(6)) / 1024.0;
      peak = true;
    } else if (line.rfind("VmRSS:", 0) == 0) {
      usage.rss_mb = std::stod(line.substr(6)) / 1024.0;
      now = true;
    }
  }
  if (peak && now) return usage;
  return std::nullopt;   // a zombie has no memory lines any more
}

}  // namespace starport::loadgen
