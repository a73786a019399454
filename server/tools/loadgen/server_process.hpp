#pragma once
// A `starport serve` child process on a kernel-chosen loopback port with a fresh data
// directory: started, waited for until it says where it listens, and stopped again.
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace starport::loadgen {

class server_process {
 public:
  // Runs `exe serve --port 0 --data <new temp dir>` and waits (at most `timeout_s`) for
  // its "listening on 127.0.0.1:<port>" line. Null, with `error` set, on failure. The
  // child gets SIGTERM when the calling thread ends, so call it from a long-lived thread.
  // `extra` are more `serve` options (the load generator lifts the server's connection
  // and lobby limits to fit the run).
  static std::unique_ptr<server_process> start(const std::string& exe, double timeout_s,
                                               std::string& error,
                                               const std::vector<std::string>& extra = {});
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  int pid() const { return pid_; }
  std::uint16_t port() const { return port_; }
  const std::string& data_dir() const { return data_dir_; }
  // SIGTERM, then wait for a graceful exit (SIGKILL after `grace_s`). Idempotent.
  // Returns the exit status as waitpid reports it, or -1 when already stopped.
  int stop(double grace_s = 15);
  // Removes the data directory on destruction, unless told to keep it.
  void keep_data(bool keep) { keep_data_ = keep; }

 private:
  server_process() = default;
  int pid_ = -1;
  int stdout_fd_ = -1;
  std::uint16_t port_ = 0;
  std::string data_dir_;
  bool keep_data_ = false;
  std::thread drain_;   // keeps reading the child's stdout so its writes never block
};

}  // namespace starport::loadgen
