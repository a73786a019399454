#include "server/protocol/protobuf_log.hpp"

#include <iostream>
#include <mutex>

#include <google/protobuf/stubs/logging.h>

namespace starport::server {
namespace {

namespace pb = google::protobuf;
using clock = std::chrono::steady_clock;

struct limiter {
  std::mutex mutex;
  int per_window = 10;
  clock::duration window{};
  std::function<void(const std::string&)> sink;
  clock::time_point window_start{};
  int shown = 0;
  long long held_back = 0;
  pb::LogHandler* original = nullptr;   // protobuf's own, for restore_protobuf_log
};

limiter& the_limiter() {
  static limiter l;
  return l;
}

const char* level_name(pb::LogLevel level) {
  switch (level) {
    case pb::LOGLEVEL_INFO: return "INFO";
    case pb::LOGLEVEL_WARNING: return "WARNING";
    case pb::LOGLEVEL_ERROR: return "ERROR";
    case pb::LOGLEVEL_FATAL: return "FATAL";
  }
  return "?";
}

void limited_handler(pb::LogLevel level, const char* filename, int line, const std::string& message) {
  limiter& l = the_limiter();
  const std::string text = std::string("[libprotobuf ") + level_name(level) + " " + filename + ":" +
                           std::to_string(line) + "] " + message;
  std::lock_guard lock(l.mutex);
  const auto now = clock::now();
  if (now - l.window_start >= l.window) {
    if (l.held_back > 0)
      l.sink("[libprotobuf] " + std::to_string(l.held_back) + " more lines held back in the last " +
             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(l.window).count()) + " s");
    l.window_start = now;
    l.shown = 0;
    l.held_back = 0;
  }
  if (level == pb::LOGLEVEL_FATAL || l.shown < l.per_window) {
    ++l.shown;
    l.sink(text);
  } else {
    ++l.held_back;
  }
}

}  // namespace

void limit_protobuf_log(int per_window, std::chrono::seconds window, std::function<void(const std::string&)> sink) {
  limiter& l = the_limiter();
  {
    std::lock_guard lock(l.mutex);
    l.per_window = per_window;
    l.window = window;
    l.sink = sink ? std::move(sink) : [](const std::string& text) { std::cerr << text << std::endl; };
    l.window_start = clock::now();
    l.shown = 0;
    l.held_back = 0;
  }
  pb::LogHandler* before = pb::SetLogHandler(&limited_handler);
  if (before != &limited_handler) l.original = before;
}

void restore_protobuf_log() {
  limiter& l = the_limiter();
  if (l.original) pb::SetLogHandler(l.original);
}

}  // namespace starport::server
