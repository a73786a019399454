#include "server/session/session_services.hpp"

#include "server/match/match_directory.hpp"

namespace starport::server {

std::shared_ptr<match_actor> session_services::find_match(const std::string& match_id) const {
  return directory_.find(match_id);
}

}  // namespace starport::server
