#pragma once
// Per-client-address quotas (issue 13): open sockets (every accepted one, HTTP that never
// upgrades included), guest accounts created per hour, open lobbies created. Kept in memory
// only: a restart forgets who made guests in the last hour (the accounts stay; the count
// starts afresh) and from where the lobbies it reloads were made (they count for nobody).
// An address is an IPv4 address or an IPv6 /64 (one home or host gets a whole /64).
// Loopback is not limited per address unless `limit_loopback`: behind a reverse proxy on
// the same host every client is loopback (docs/deploy.md), and the tests, the e2e run
// and loadgen make hundreds of connections from one host. Any thread.
#include <chrono>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/net/net.hpp"

namespace starport::server {

class address_quota {
 public:
  using clock = std::chrono::steady_clock;
  struct limits {
    std::size_t max_connections = 20000;         // open sockets, the whole server
    std::size_t connections_per_address = 256;   // open sockets from one address
    std::size_t guests_per_hour = 30;            // new guest accounts from one address
    bool limit_loopback = false;
    std::size_t lobbies_per_address = 20;        // open lobbies created from one address
  };
  enum class refusal { none, server_full, address_full };

  explicit address_quota(limits l) : limits_(l) {}

  // A socket's slot, held until the returned handle is destroyed; null (with `why`) when
  // the server or the address is full.
  std::shared_ptr<void> admit(const net::ip::address& peer, refusal& why);
  // One guest account about to be created from `peer` at `now`; false: over the quota.
  bool take_guest(const net::ip::address& peer, clock::time_point now);
  std::size_t open() const;
  // Open lobbies (the lobby hub's strand calls these): whether `peer` may create one more;
  // the lobby `lobby_id` created from `peer` (counted until lobby_closed); a lobby closed
  // (one that was never counted, e.g. reloaded at start, is ignored).
  bool may_open_lobby(const net::ip::address& peer) const;
  void lobby_opened(const net::ip::address& peer, const std::string& lobby_id);
  void lobby_closed(const std::string& lobby_id);
  std::size_t lobbies_of(const net::ip::address& peer) const;

  static std::string key(const net::ip::address& peer);   // the address or its /64

 private:
  void release(const std::string& key);
  bool limited(const net::ip::address& peer) const;
  limits limits_;
  mutable std::mutex mutex_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> per_address_;
  std::unordered_map<std::string, std::deque<clock::time_point>> guests_;
  std::size_t guest_calls_ = 0;   // every so many, addresses with no recent guest are forgotten
  std::unordered_map<std::string, std::size_t> lobbies_per_address_;   // address key → open lobbies
  std::unordered_map<std::string, std::string> lobby_address_;         // lobby id → address key
};

}  // namespace starport::server
