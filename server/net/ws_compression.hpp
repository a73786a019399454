#pragma once
// permessage-deflate (RFC 7692) for game connections: off unless the operator turns it on
// (`serve --ws-compress`). Why off, and what each setting costs in bytes, CPU and memory:
// docs/capacity-measurements.md, "Compression (permessage-deflate)".
#include <boost/beast/websocket/option.hpp>

namespace starport::server {

struct ws_compression {
  bool enabled = false;
  // The server's sliding window, 2^bits bytes (9–15), and its deflate state, about
  // 4 × 2^bits + 2^(mem_level + 9) bytes a connection from its first compressed frame on.
  int window_bits = 15;
  int mem_level = 4;          // 1–9: the hash table and the symbol buffer
  int level = 8;              // 0–9
  // Each server message compressed alone: the window is emptied after it (the memory stays).
  bool no_context_takeover = false;
};

// Beast's option for the server role. The client's window stays 15 bits: Beast refuses
// compression to a client whose offer leaves `client_max_window_bits` out otherwise.
inline boost::beast::websocket::permessage_deflate to_beast(const ws_compression& c) {
  boost::beast::websocket::permessage_deflate pmd;
  pmd.server_enable = c.enabled;
  pmd.server_max_window_bits = c.window_bits;
  pmd.compLevel = c.level;
  pmd.memLevel = c.mem_level;
  pmd.server_no_context_takeover = c.no_context_takeover;
  return pmd;
}

}  // namespace starport::server
