#include "server/tools/loadgen/server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace starport::loadgen {
namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

// "listening on 127.0.0.1:41234" → 41234; 0 when the line says something else.
std::uint16_t listening_port(const std::string& line) {
  static constexpr const char prefix[] = "listening on ";
  std::size_t at = line.find(prefix);
  if (at == std::string::npos) return 0;
  std::size_t colon = line.rfind(':');
  if (colon == std::string::npos || colon < at) return 0;
  long port = std::strtol(line.c_str() + colon + 1, nullptr, 10);
  return port > 0 && port < 65536 ? static_cast<std::uint16_t>(port) : 0;
}

// The end of the server's log, for an error message (the data directory is removed).
std::string log_tail(const std::string& path) {
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  constexpr std::size_t keep = 1000;
  if (text.size() > keep) text.erase(0, text.size() - keep);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text.empty() ? "(its log is empty)" : text;
}

}  // namespace

std::unique_ptr<server_process> server_process::start(const std::string& exe, double timeout_s,
                                                      std::string& error,
                                                      const std::vector<std::string>& extra) {
  std::unique_ptr<server_process> p(new server_process());
  std::string templ = (std::filesystem::temp_directory_path() / "starport-loadgen-XXXXXX").string();
  if (!mkdtemp(templ.data())) {
    error = std::string("mkdtemp: ") + std::strerror(errno);
    return nullptr;
  }
  p->data_dir_ = templ;

  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return nullptr;
  }
  // The server's stderr (its log) goes to a file beside its database, for post-mortems.
  std::string log_path = p->data_dir_ + "/server.log";
  int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  std::vector<std::string> args = {exe, "serve", "--port", "0", "--data", p->data_dir_};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  p->pid_ = fork();
  if (p->pid_ == 0) {
    // Only async-signal-safe calls from here to exec. If the load generator dies (even by
    // SIGKILL), the kernel sends the server SIGTERM: no orphaned servers.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);
    dup2(out[1], STDOUT_FILENO);
    if (log_fd >= 0) dup2(log_fd, STDERR_FILENO);
    execv(exe.c_str(), argv.data());
    static constexpr char failed[] = "exec failed: cannot run the server binary\n";
    (void)!write(STDERR_FILENO, failed, sizeof failed - 1);
    _exit(127);
  }
  int fork_errno = errno;
  close(out[1]);
  if (log_fd >= 0) close(log_fd);
  if (p->pid_ < 0) {
    close(out[0]);
    p->pid_ = -1;
    error = std::string("fork: ") + std::strerror(fork_errno);
    return nullptr;
  }
  p->stdout_fd_ = out[0];

  // Read stdout line by line until the port is known, the child exits, or time runs out.
  auto started = clock_type::now();
  std::string pending;
  while (p->port_ == 0) {
    double left = timeout_s - seconds_since(started);
    if (left <= 0) {
      error = "the server did not report its port within " + std::to_string(timeout_s) +
              " s: " + log_tail(log_path);
      return nullptr;   // the destructor stops the child
    }
    pollfd pfd{p->stdout_fd_, POLLIN, 0};
    if (poll(&pfd, 1, static_cast<int>(left * 1000) + 1) <= 0) continue;
    char chunk[512];
    ssize_t n = read(p->stdout_fd_, chunk, sizeof chunk);
    if (n <= 0) {
      error = "the server exited before listening: " + log_tail(log_path);
      return nullptr;
    }
    pending.append(chunk, static_cast<std::size_t>(n));
    for (std::size_t nl; p->port_ == 0 && (nl = pending.find('\n')) != std::string::npos;) {
      p->port_ = listening_port(pending.substr(0, nl));
      pending.erase(0, nl + 1);
    }
  }
  p->drain_ = std::thread([fd = p->stdout_fd_] {
    char sink[4096];
    while (read(fd, sink, sizeof sink) > 0) {
    }
  });
  return p;
}

int server_process::stop(double grace_s) {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  auto started = clock_type::now();
  int status = 0;
  for (;;) {
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_ || r < 0) break;
    if (seconds_since(started) > grace_s) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      break;
    }
    usleep(10'000);
  }
  pid_ = -1;
  if (drain_.joinable()) drain_.join();   // EOF once the child is gone
  if (stdout_fd_ >= 0) close(stdout_fd_);
  stdout_fd_ = -1;
  return status;
}

server_process::~server_process() {
  stop();
  if (!keep_data_ && !data_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(data_dir_, ec);
  }
}

}  // namespace starport::loadgen
