#pragma once
// What the lobby actor reaches outside itself (docs/server.md, "What each room reaches"):
// settings, the network thread its strand runs on, storage, counters, the per-address
// quotas (tables per address), which matches an account is playing (Welcome), and a way to
// open a match. The server's shared_state holds one and hands it out sharing the state's
// lifetime (lobby_room in shared_state.hpp); the lobbies reach no session set, health check
// or directory beyond these.
#include <memory>
#include <string>
#include <vector>

#include "server/config.hpp"
#include "server/match/match_directory.hpp"
#include "server/net/net.hpp"

namespace starport::storage {
class worker;
}

namespace starport::server {

class address_quota;
class match_services;
class metrics;

class lobby_services {
 public:
  lobby_services(const config& settings, net::io_context& ioc, storage::worker& storage, metrics& stats,
                 address_quota& quotas, const match_directory& directory, match_services& match_room)
      : settings_(settings), ioc_(ioc), storage_(storage), stats_(stats), quotas_(quotas), directory_(directory),
        match_room_(match_room) {}
  lobby_services(const lobby_services&) = delete;
  lobby_services& operator=(const lobby_services&) = delete;

  const config& settings() const { return settings_; }
  net::io_context& ioc() { return ioc_; }
  storage::worker& storage() { return storage_; }
  metrics& stats() { return stats_; }
  address_quota& quotas() { return quotas_; }
  // The running matches `account_id` holds a seat in (Welcome.active_matches).
  std::vector<active_match> active_matches(const std::string& account_id) const;

  // What a match the lobby starts receives (open_match, match_services.hpp), alive as long
  // as the lobby's room is.
  friend std::shared_ptr<match_services> match_room(const std::shared_ptr<lobby_services>& lobby) {
    return {lobby, &lobby->match_room_};
  }

 private:
  const config& settings_;
  net::io_context& ioc_;
  storage::worker& storage_;
  metrics& stats_;
  address_quota& quotas_;
  const match_directory& directory_;
  match_services& match_room_;
};

}  // namespace starport::server
