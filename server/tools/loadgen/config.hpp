#pragma once
// What `starport loadgen` is told (server/tools/cli/loadgen.cpp). Every run is bounded twice:
// by moves per match and by wall-clock seconds.
#include <cstdint>
#include <string>
#include <vector>

namespace starport::loadgen {

struct config {
  int matches = 50;                  // concurrent 2-player matches
  // Which game they play (a registered id). Space War is the benchmark's own: its figures
  // compare across the project's history; the others measure what their views cost.
  std::string game = "space_war";
  int moves = 400;                   // PlayActions sent per match (both seats together)
  double seconds = 60;               // the whole run, setup included
  int threads = 1;                   // client-side io_context threads (1: leaves the server the rest)
  double think_ms = 0;               // a seat waits this long before each action; 0: none
  // Each pause is drawn uniformly from think_ms × [1 − jitter, 1 + jitter] (0: exactly
  // think_ms), so paced seats do not all act in the same instant.
  double jitter = 0;
  // Every lobby's turn timer, as real tables have one: each settle then re-arms a timer and
  // shows the seats their deadlines. 0: no timer (the benchmark before issue 14).
  std::uint32_t turn_seconds = 60;
  // Match starts are spread evenly over this long (thousands of connections at once
  // overflow the listen backlog); 0: all at once.
  double ramp_seconds = 0;
  // Idle connections: each client connects and says Hello, nothing more, and holds the
  // connection until `seconds` is up; the report is the server's memory for them.
  bool idle = false;
  // Offer permessage-deflate as browsers do; the server this run starts gets --ws-compress
  // (and `server_args`).
  bool compress = false;
  // Name every view dictionary in Hello, as the web client does, so view updates come
  // packed (docs/protocol.md, "Packed views"); false (--plain): as plain `view` frames.
  bool packed = true;
  // The kernel stamps each answer's arrival at the client's socket (counted_stream.hpp), so
  // the report also gives the latency without the load generator's own delay in reading.
  bool stamp_arrivals = true;
  // A connection lost while its match plays comes back as a page does (docs/capacity-measurements.md, "A
  // restart after a crash, at capacity"): after 0.5, 1, 2, 4, 8, then every 15 s, each ±25 %, it
  // says Hello with its token, asks for its match again and plays on; the report gives each
  // match's outage. Off: a lost connection ends its match's run (a failure).
  bool reconnect = false;
  std::vector<std::string> server_args;   // more flags for the server this run starts
  std::string url;                   // ws://127.0.0.1:P/ws of a running server; empty: start one
  int server_pid = 0;                // that server's pid, for CPU and memory figures
  std::string server_exe = "/proc/self/exe";
  bool keep_data = false;            // keep the started server's temporary data directory
};

}  // namespace starport::loadgen
