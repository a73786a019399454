#include "server/session/client.hpp"

#include "server/match/match_actor.hpp"

namespace starport::server {

// A match id never changes after the actor is made, so reading it off-strand is safe.
std::shared_ptr<match_actor> client::find_match(const std::string& match_id) const {
  for (const std::weak_ptr<match_actor>& weak : matches)
    if (auto m = weak.lock(); m && m->id() == match_id) return m;
  return nullptr;
}

}  // namespace starport::server
