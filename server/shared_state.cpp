#include "server/shared_state.hpp"

#include <algorithm>
#include <chrono>

namespace starport::server {

shared_state::shared_state(const config& settings, net::io_context& ioc, storage::worker& storage)
    : settings_(settings),
      ioc_(ioc),
      storage_(storage),
      quotas_({settings.max_connections, settings.connections_per_address, settings.guests_per_hour,
               settings.limit_loopback, settings.lobbies_per_address}),
      // A sweep every tenth of the idle time (at most 5 s): a silent peer goes within 10 %.
      idle_({settings.ws_idle, std::min<std::chrono::milliseconds>(settings.ws_idle / 10, std::chrono::seconds(5))}) {}

bool shared_state::join(std::uint64_t id, std::weak_ptr<websocket_session> session) {
  std::lock_guard lock(mutex_);
  if (sessions_.size() >= settings_.max_connections) return false;
  sessions_.emplace(id, std::move(session));
  stats_.connection_opened();
  return true;
}

void shared_state::leave(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  if (sessions_.erase(id)) stats_.connection_closed();
}

std::vector<std::shared_ptr<websocket_session>> shared_state::sessions() {
  std::vector<std::shared_ptr<websocket_session>> out;
  std::lock_guard lock(mutex_);
  for (auto& [id, weak] : sessions_)
    if (auto s = weak.lock()) out.push_back(std::move(s));
  return out;
}

std::uint64_t shared_state::next_session_id() {
  std::lock_guard lock(mutex_);
  return next_id_++;
}

}  // namespace starport::server
