#pragma once
// What a client's requests reach outside their session (docs/server.md, "What each room
// reaches"): settings, storage (accounts, decks, replays), counters, the guest quota per
// address, the lobby actor (requests are posted to it) and a match found by its id. The
// request handlers of session/, lobby/deck_desk and replay/ get this from the session
// (websocket_session::services), not the server's whole state.
#include <memory>
#include <string>

#include "server/config.hpp"

namespace starport::storage {
class worker;
}

namespace starport::server {

class address_quota;
class lobby_hub;
class match_actor;
class match_directory;
class metrics;

class session_services {
 public:
  session_services(const config& settings, storage::worker& storage, metrics& stats, address_quota& quotas,
                   const match_directory& directory, const std::shared_ptr<lobby_hub>& lobbies)
      : settings_(settings), storage_(storage), stats_(stats), quotas_(quotas), directory_(directory),
        lobbies_(lobbies) {}
  session_services(const session_services&) = delete;
  session_services& operator=(const session_services&) = delete;

  const config& settings() const { return settings_; }
  storage::worker& storage() { return storage_; }
  metrics& stats() { return stats_; }
  address_quota& quotas() { return quotas_; }
  lobby_hub& lobbies() { return *lobbies_; }   // posts to the lobby actor's strand
  std::shared_ptr<match_actor> find_match(const std::string& match_id) const;

 private:
  const config& settings_;
  storage::worker& storage_;
  metrics& stats_;
  address_quota& quotas_;
  const match_directory& directory_;
  const std::shared_ptr<lobby_hub>& lobbies_;   // the state's, set once the hub is made
};

}  // namespace starport::server
