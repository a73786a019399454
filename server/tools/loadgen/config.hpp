#pragma once
// What `starport loadgen` is told (server/tools/cli/loadgen.cpp). Every run is bounded twice:
// by moves per match and by wall-clock seconds.
#include <cstdint>
#include <string>

namespace starport::loadgen {

struct config {
  int matches = 50;                  // concurrent 2-player Space War matches
  int moves = 400;                   // PlayActions sent per match (both seats together)
  double seconds = 60;               // the whole run, setup included
  int threads = 1;                   // client-side io_context threads (1: leaves the server the rest)
  double think_ms = 0;               // a seat waits this long before each action; 0: none
  std::string url;                   // ws://127.0.0.1:P/ws of a running server; empty: start one
  int server_pid = 0;                // that server's pid, for CPU and memory figures
  std::string server_exe = "/proc/self/exe";
  bool keep_data = false;            // keep the started server's temporary data directory
};

}  // namespace starport::loadgen
