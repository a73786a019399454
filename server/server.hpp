#pragma once
// `starport serve`: opens the database, resumes the matches it holds, serves HTTP and
// WebSocket on one port until SIGINT or SIGTERM, then shuts down in order.
#include "server/config.hpp"

namespace starport::server {

class server {
 public:
  explicit server(config settings) : settings_(std::move(settings)) {}
  // Blocks until a shutdown signal; returns the process exit code.
  int run();

 private:
  config settings_;
};

}  // namespace starport::server
