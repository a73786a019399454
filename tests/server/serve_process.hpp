#pragma once
// The real `starport serve` binary as a child process on a kernel-chosen loopback port,
// with its own data directory: started, killed (-9) or stopped (SIGTERM), restarted.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace starport::server::testing {

// A fresh directory under the system temp dir, removed on destruction.
class scratch_dir {
 public:
  scratch_dir();
  ~scratch_dir();
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

class serve_process {
 public:
  // Starts `starport serve --port <port> --data <data> --web-root <web_root> <extra…>` and
  // waits (bounded) for its "listening on 127.0.0.1:<port>" line; throws if it never comes.
  // Port 0: the kernel's choice; a restart after kill9() may ask for the port it had.
  serve_process(const std::string& data, const std::string& web_root,
                std::vector<std::string> extra = {}, std::uint16_t port = 0);
  ~serve_process();   // SIGKILL if still running
  serve_process(const serve_process&) = delete;
  serve_process& operator=(const serve_process&) = delete;

  std::uint16_t port() const { return port_; }
  const std::string& listening_line() const { return line_; }
  void kill9();                // SIGKILL and reap: the crash case
  int stop();                  // SIGTERM, reap (bounded); the exit status, or -1 on a signal
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }   // e.g. to read its CPU time from /proc

 private:
  int reap(double timeout_s);
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  std::string line_;
};

// Runs the starport binary with `args` to completion; returns its exit code, its stdout in `out`.
int run_starport(const std::vector<std::string>& args, std::string& out);

// One plain HTTP/1.1 GET on loopback: the status code, the body in `body`.
int http_get(std::uint16_t port, const std::string& target, std::string& body);

// One value of GET /metrics, e.g. `starport_refusals_total{reason="origin"}`; -1: not there.
double metric(std::uint16_t port, const std::string& name);
// CPU seconds (user + system) process `pid` has used, from /proc/<pid>/stat.
double cpu_seconds(pid_t pid);

}  // namespace starport::server::testing
