#include "server/match/match_services.hpp"

#include "server/lobby/lobby_hub.hpp"
#include "server/match/match_actor.hpp"
#include "server/match/match_directory.hpp"
#include "server/net/metrics.hpp"

namespace starport::server {

void match_services::released(const std::string& lobby_id, const std::string& match_id, std::string reason) {
  directory_.mark_over(match_id);
  stats_.matches_changed(-1);
  if (lobbies_) lobbies_->match_over(lobby_id, match_id, std::move(reason));
}

void match_services::closed(const std::string& match_id) { directory_.remove(match_id); }

std::shared_ptr<match_actor> open_match(const std::shared_ptr<match_services>& room, storage::match_record record,
                                        std::unique_ptr<engine::match> game, std::uint32_t log_size) {
  auto actor = std::make_shared<match_actor>(room, std::move(record), std::move(game), log_size);
  room->directory_.add(actor->id(), actor->game(), actor, actor->accounts());
  room->stats_.matches_changed(1);
  return actor;
}

}  // namespace starport::server
