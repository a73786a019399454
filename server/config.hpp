#pragma once
// Everything `starport serve` can be told (server/tools/cli/serve.cpp), with its limits.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "server/net/ws_compression.hpp"

namespace starport::server {

struct config {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;             // 0: the kernel picks a free port
  std::string data = "./data";           // <data>/starport.db
  std::string web_root = "web-client/dist";
  // Network threads: one per core, less the one storage's thread needs (on 2 cores, 1; the
  // measurement is in docs/server.md, "Load").
  int threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);

  // Connection limits.
  std::size_t max_frame_bytes = 64 * 1024;       // larger: close 1009
  std::size_t write_queue_messages = 1024;       // a reader this far behind is dropped
  std::size_t write_queue_bytes = 8 * 1024 * 1024;
  double rate_per_second = 100;                  // sustained messages per connection
  double rate_burst = 200;
  int abuse_limit = 100;                         // refused messages within 10 s: close 1008
  // Chat lines one person may say at one table: this many at once, then this many a second
  // (more: RATE_LIMITED), so that nobody buries the others' lines or the 50 a table keeps.
  double chat_burst = 8;
  double chat_per_second = 0.5;
  // Open sockets, the whole server: every accepted one counts, HTTP that never upgrades
  // included (server/net/address_quota.hpp).
  std::size_t max_connections = 20000;
  // Per client address (an IPv4 address or an IPv6 /64; loopback only with limit_loopback).
  std::size_t connections_per_address = 256;
  std::size_t guests_per_hour = 30;              // new guest accounts per address per hour
  // Open lobbies created from one address (CreateLobby, PlayComputer; more: LIMIT_REACHED).
  // A home or a school behind one address seats many people; one client with throwaway
  // guests would otherwise fill max_lobbies (guests per hour × lobbies_per_account).
  std::size_t lobbies_per_address = 20;
  bool limit_loopback = false;
  // Descriptors connections may never take: an accepted socket that leaves fewer free is
  // closed at once (server/net/listener.hpp), so storage, the log and the health probe
  // still get one when a flood of connections reaches the process's RLIMIT_NOFILE.
  int descriptor_reserve = 32;
  // A plain HTTP connection (static files, health) may sit this long with no request.
  std::chrono::milliseconds http_idle{10000};
  // A WebSocket peer silent this long is dropped; at half of it the server pings, and a live
  // peer's pong counts as speaking (server/net/idle_sweep.hpp). The opening and closing
  // handshakes have Beast's 30 s each.
  std::chrono::milliseconds ws_idle{300000};
  // permessage-deflate for clients that offer it (server/net/ws_compression.hpp): off.
  ws_compression ws_compress;
  // Origins (scheme://host[:port]) a WebSocket upgrade may come from, besides the server's
  // own (the Origin whose host:port is the request's Host). A request with no Origin (not a
  // browser: loadgen, tests, tools) is let in; a browser always sends one.
  std::vector<std::string> allowed_origins;

  // Lobbies and matches.
  int lobbies_per_account = 3;          // tables not yet finished (a lobby after its match is not counted)
  // Every table an account sits at, finished ones included: past this, the server leaves its
  // oldest finished table for it (lobby_hub::trim_finished).
  int tables_per_account = 20;
  std::size_t max_lobbies = 10000;
  std::size_t max_options_bytes = 1024;   // a table's game options, re-serialized (unknown fields dropped)
  // A lobby with no member online and no match running closes after this long: players
  // walk away without leaving, and max_lobbies would fill with their tables.
  std::chrono::milliseconds lobby_idle{30 * 60 * 1000};
  // The same for a lobby that never ran a match (abandoned guests' tables): sooner.
  std::chrono::milliseconds lobby_idle_unplayed{5 * 60 * 1000};
  std::chrono::milliseconds seat_hold{30000};    // a disconnected seat waits this long for a bot
  std::chrono::milliseconds bot_delay{300};      // pause before a bot moves
  std::chrono::milliseconds finished_linger{120000};   // a finished match stays open this long
  std::uint32_t max_turn_seconds = 3600;
  // Optional reads (replays, replay lists) are refused with SERVER_BUSY while this many
  // storage jobs wait: they push back instead of queueing without bound.
  std::size_t storage_read_queue = 2000;
  // A refused append is tried again after this pause, doubled each time (docs/server.md,
  // "Storage faults"); tests make it short.
  std::chrono::milliseconds storage_retry{100};
};

}  // namespace starport::server
