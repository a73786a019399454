#pragma once
// What a match reaches outside itself, and nothing more (docs/server.md, "What each room
// reaches"): its settings, the network thread its strand runs on, the storage thread, the
// counters, and two calls back when it lets go of its players and when it closes. The
// server's shared_state holds one and hands it out sharing the state's lifetime
// (match_room in shared_state.hpp), so a match keeps the server's parts alive without
// reaching sessions, the lobbies or the directory.
#include <cstdint>
#include <memory>
#include <string>

#include "server/config.hpp"
#include "server/net/net.hpp"

namespace starport::engine {
class match;
}
namespace starport::storage {
class worker;
struct match_record;
}

namespace starport::server {

class lobby_hub;
class match_actor;
class match_directory;
class metrics;

class match_services {
 public:
  match_services(const config& settings, net::io_context& ioc, storage::worker& storage, metrics& stats,
                 match_directory& directory, const std::shared_ptr<lobby_hub>& lobbies)
      : settings_(settings), ioc_(ioc), storage_(storage), stats_(stats), directory_(directory), lobbies_(lobbies) {}
  match_services(const match_services&) = delete;
  match_services& operator=(const match_services&) = delete;

  const config& settings() const { return settings_; }
  net::io_context& ioc() { return ioc_; }
  storage::worker& storage() { return storage_; }
  metrics& stats() { return stats_; }

  // The match is over or cannot go on: it no longer counts as its players' active match,
  // and its lobby may start another (`reason`, when not empty, is shown there).
  void released(const std::string& lobby_id, const std::string& match_id, std::string reason = {});
  // Late resyncs are over: the match leaves the directory (its replay has it all).
  void closed(const std::string& match_id);

  // The one way a match comes to exist, for a table that starts (lobby/) and for start-up
  // recovery (server.cpp): its actor, entered in the directory and counted. `game` has
  // `log_size` logged actions applied. Not yet started: the caller restores and starts it.
  friend std::shared_ptr<match_actor> open_match(const std::shared_ptr<match_services>& room,
                                                 storage::match_record record,
                                                 std::unique_ptr<engine::match> game, std::uint32_t log_size);

 private:
  const config& settings_;
  net::io_context& ioc_;
  storage::worker& storage_;
  metrics& stats_;
  match_directory& directory_;
  const std::shared_ptr<lobby_hub>& lobbies_;   // the state's, set once the hub is made
};

}  // namespace starport::server
