#pragma once
// What one running server shares: settings, the storage thread, counters, the lobby actor,
// the match directory and the set of open sessions. net/ reaches it whole (it is the front
// door); each other room gets only its part (match_room, lobby_room, session_services).
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "server/net/address_quota.hpp"
#include "server/config.hpp"
#include "server/net/health.hpp"
#include "server/net/idle_sweep.hpp"
#include "server/net/loop_lag.hpp"
#include "server/lobby/lobby_services.hpp"
#include "server/match/match_directory.hpp"
#include "server/match/match_services.hpp"
#include "server/net/metrics.hpp"
#include "server/net/net.hpp"
#include "server/session/session_services.hpp"

namespace starport::storage {
class worker;
}

namespace starport::server {

class lobby_hub;
class websocket_session;

class shared_state {
 public:
  shared_state(const config& settings, net::io_context& ioc, storage::worker& storage);

  const config& settings() const { return settings_; }
  net::io_context& ioc() { return ioc_; }
  storage::worker& storage() { return storage_; }
  metrics& stats() { return stats_; }
  address_quota& quotas() { return quotas_; }   // open sockets and guests, per address
  health_check& health() { return health_; }   // /healthz and /readyz
  idle_sweep& idle() { return idle_; }          // silent WebSocket peers: pinged, then dropped
  loop_lag& lag() { return lag_; }              // how late the network threads run what is due
  match_directory& matches() { return matches_; }
  lobby_hub& lobbies() { return *lobbies_; }
  void set_lobbies(std::shared_ptr<lobby_hub> hub) { lobbies_ = std::move(hub); }

  // The part of the state a match reaches, alive as long as the state is.
  friend std::shared_ptr<match_services> match_room(const std::shared_ptr<shared_state>& state) {
    return {state, &state->match_room_};
  }
  // The part the lobby actor reaches, alive as long as the state is.
  friend std::shared_ptr<lobby_services> lobby_room(const std::shared_ptr<shared_state>& state) {
    return {state, &state->lobby_room_};
  }
  // The part a client's requests reach (the session holds the state itself).
  session_services& session_room() { return session_room_; }

  // Open sessions, for shutdown and the connection limit. False: the server is full.
  bool join(std::uint64_t id, std::weak_ptr<websocket_session> session);
  void leave(std::uint64_t id);
  std::vector<std::shared_ptr<websocket_session>> sessions();
  std::uint64_t next_session_id();

 private:
  const config& settings_;
  net::io_context& ioc_;
  storage::worker& storage_;
  metrics stats_;
  address_quota quotas_;
  health_check health_;
  idle_sweep idle_;
  loop_lag lag_;
  match_directory matches_;
  std::shared_ptr<lobby_hub> lobbies_;
  match_services match_room_{settings_, ioc_, storage_, stats_, matches_, lobbies_};
  lobby_services lobby_room_{settings_, ioc_, storage_, stats_, quotas_, matches_, match_room_};
  session_services session_room_{settings_, storage_, stats_, quotas_, matches_, lobbies_};
  std::mutex mutex_;
  std::unordered_map<std::uint64_t, std::weak_ptr<websocket_session>> sessions_;
  std::uint64_t next_id_ = 1;
};

}  // namespace starport::server
