#include "serve_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <random>
#include <stdexcept>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace starport::server::testing {

namespace {

constexpr double start_timeout_s = 20;

pid_t spawn(const std::vector<std::string>& args, int& stdout_fd) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);   // a crashed test leaves no server behind
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  stdout_fd = fds[0];
  return pid;
}

// Reads one line from `fd` within the timeout; false on EOF or timeout.
bool read_line(int fd, std::string& line, double timeout_s) {
  line.clear();
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  while (std::chrono::steady_clock::now() < give_up) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char c = 0;
    if (::read(fd, &c, 1) != 1) return false;
    if (c == '\n') return true;
    line += c;
  }
  return false;
}

}  // namespace

scratch_dir::scratch_dir() {
  std::random_device rd;
  path_ = std::filesystem::temp_directory_path() /
          ("starport-server-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
  std::filesystem::create_directories(path_);
}

scratch_dir::~scratch_dir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

serve_process::serve_process(const std::string& data, const std::string& web_root,
                             std::vector<std::string> extra, std::uint16_t port) {
  // Two network threads whatever the machine: the tests exercise strands across threads
  // (the default on 2 cores is one).
  std::vector<std::string> args = {STARPORT_BINARY, "serve", "--port", std::to_string(port), "--data", data,
                                   "--web-root", web_root, "--threads", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = spawn(args, stdout_fd_);
  // The pipe stays open (a write to a closed one would kill the server) but unread.
  const bool got = read_line(stdout_fd_, line_, start_timeout_s);
  const std::string prefix = "listening on 127.0.0.1:";
  if (!got || line_.rfind(prefix, 0) != 0) {
    kill9();
    throw std::runtime_error("starport serve did not start: '" + line_ + "'");
  }
  port_ = static_cast<std::uint16_t>(std::stoi(line_.substr(prefix.size())));
}

serve_process::~serve_process() {
  if (pid_ > 0) kill9();
  if (stdout_fd_ >= 0) ::close(stdout_fd_);
}

int serve_process::reap(double timeout_s) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  int status = 0;
  while (std::chrono::steady_clock::now() < give_up) {
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return -2;   // did not stop in time
}

void serve_process::kill9() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  reap(10);
}

int serve_process::stop() {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  return reap(15);
}

int run_starport(const std::vector<std::string>& args, std::string& out) {
  std::vector<std::string> all = {STARPORT_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  int fd = -1;
  const pid_t pid = spawn(all, fd);
  out.clear();
  char buf[4096];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  ::close(fd);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int http_get(std::uint16_t port, const std::string& target, std::string& body) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  boost::asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{http::verb::get, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  body = res.body();
  beast::error_code ec;
  stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
  return static_cast<int>(res.result_int());
}

double metric(std::uint16_t port, const std::string& name) {
  std::string body;
  if (http_get(port, "/metrics", body) != 200) return -1;
  const std::string line = "\n" + name + " ";
  const auto at = body.find(line);
  if (at == std::string::npos) return -1;
  return std::stod(body.substr(at + line.size()));
}

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(text.substr(text.rfind(')') + 2));   // after "pid (comm) "
  std::string f;
  double utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> f; ++i) {
    if (i == 14) utime = std::stod(f);
    if (i == 15) stime = std::stod(f);
  }
  return (utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

}  // namespace starport::server::testing
