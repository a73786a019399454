#include "server/lobby/lobby_services.hpp"

#include "server/match/match_directory.hpp"

namespace starport::server {

std::vector<active_match> lobby_services::active_matches(const std::string& account_id) const {
  return directory_.active_for(account_id);
}

}  // namespace starport::server
