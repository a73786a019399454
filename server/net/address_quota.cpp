#include "server/net/address_quota.hpp"

#include <iterator>

namespace starport::server {
namespace {
constexpr auto guest_window = std::chrono::hours(1);

net::ip::address plain(const net::ip::address& a) {
  if (a.is_v6() && a.to_v6().is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
  return a;
}
}  // namespace

std::string address_quota::key(const net::ip::address& peer) {
  const net::ip::address a = plain(peer);
  if (a.is_v4()) return a.to_string();
  auto bytes = a.to_v6().to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return net::ip::address_v6(bytes).to_string() + "/64";
}

bool address_quota::limited(const net::ip::address& peer) const {
  return limits_.limit_loopback || !plain(peer).is_loopback();
}

std::shared_ptr<void> address_quota::admit(const net::ip::address& peer, refusal& why) {
  const std::string k = key(peer);
  const bool per_address = limited(peer);
  std::lock_guard lock(mutex_);
  if (open_ >= limits_.max_connections) {
    why = refusal::server_full;
    return nullptr;
  }
  std::size_t& mine = per_address_[k];
  if (per_address && mine >= limits_.connections_per_address) {
    if (mine == 0) per_address_.erase(k);
    why = refusal::address_full;
    return nullptr;
  }
  ++mine;
  ++open_;
  why = refusal::none;
  // The handle owns nothing; its deleter gives the slot back.
  return std::shared_ptr<void>(static_cast<void*>(this), [this, k](void*) { release(k); });
}

void address_quota::release(const std::string& k) {
  std::lock_guard lock(mutex_);
  --open_;
  auto it = per_address_.find(k);
  if (it != per_address_.end() && --it->second == 0) per_address_.erase(it);
}

std::size_t address_quota::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

bool address_quota::take_guest(const net::ip::address& peer, clock::time_point now) {
  if (!limited(peer)) return true;
  const std::string k = key(peer);
  std::lock_guard lock(mutex_);
  if (++guest_calls_ % 1024 == 0) {
    for (auto it = guests_.begin(); it != guests_.end();)
      it = !it->second.empty() && now - it->second.back() < guest_window ? std::next(it) : guests_.erase(it);
  }
  auto& times = guests_[k];
  while (!times.empty() && now - times.front() >= guest_window) times.pop_front();
  if (times.size() >= limits_.guests_per_hour) return false;
  times.push_back(now);
  return true;
}

bool address_quota::may_open_lobby(const net::ip::address& peer) const {
  return !limited(peer) || lobbies_of(peer) < limits_.lobbies_per_address;
}

std::size_t address_quota::lobbies_of(const net::ip::address& peer) const {
  const std::string k = key(peer);
  std::lock_guard lock(mutex_);
  auto it = lobbies_per_address_.find(k);
  return it == lobbies_per_address_.end() ? 0 : it->second;
}

void address_quota::lobby_opened(const net::ip::address& peer, const std::string& lobby_id) {
  if (!limited(peer)) return;
  const std::string k = key(peer);
  std::lock_guard lock(mutex_);
  if (!lobby_address_.emplace(lobby_id, k).second) return;   // counted once
  ++lobbies_per_address_[k];
}

void address_quota::lobby_closed(const std::string& lobby_id) {
  std::lock_guard lock(mutex_);
  auto it = lobby_address_.find(lobby_id);
  if (it == lobby_address_.end()) return;
  auto count = lobbies_per_address_.find(it->second);
  if (count != lobbies_per_address_.end() && --count->second == 0) lobbies_per_address_.erase(count);
  lobby_address_.erase(it);
}

}  // namespace starport::server
