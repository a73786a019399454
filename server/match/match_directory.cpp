#include "server/match/match_directory.hpp"

namespace starport::server {

namespace {
void erase_pair(std::unordered_multimap<std::string, std::string>& index, const std::string& account,
                const std::string& match_id) {
  auto [first, last] = index.equal_range(account);
  for (auto it = first; it != last; ++it)
    if (it->second == match_id) {
      index.erase(it);
      return;
    }
}
}  // namespace

void match_directory::add(const std::string& id, const std::string& game, std::shared_ptr<match_actor> actor,
                          const std::vector<std::string>& accounts) {
  std::lock_guard lock(mutex_);
  matches_[id] = entry{std::move(actor), game, accounts, false};
  for (const std::string& a : accounts)
    if (!a.empty()) by_account_.emplace(a, id);
}

std::shared_ptr<match_actor> match_directory::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = matches_.find(id);
  return it == matches_.end() ? nullptr : it->second.actor;
}

void match_directory::mark_over(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = matches_.find(id);
  if (it == matches_.end() || it->second.over) return;
  it->second.over = true;
  for (const std::string& a : it->second.accounts)
    if (!a.empty()) erase_pair(by_account_, a, id);
}

void match_directory::remove(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = matches_.find(id);
  if (it == matches_.end()) return;
  if (!it->second.over)
    for (const std::string& a : it->second.accounts)
      if (!a.empty()) erase_pair(by_account_, a, id);
  matches_.erase(it);
}

std::vector<active_match> match_directory::active_for(const std::string& account_id) const {
  std::lock_guard lock(mutex_);
  std::vector<active_match> out;
  auto [first, last] = by_account_.equal_range(account_id);
  for (auto it = first; it != last; ++it) {
    const auto match = matches_.find(it->second);
    out.push_back({it->second, match == matches_.end() ? std::string() : match->second.game});
  }
  return out;
}

std::vector<std::shared_ptr<match_actor>> match_directory::all() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<match_actor>> out;
  for (const auto& [id, e] : matches_) out.push_back(e.actor);
  return out;
}

void match_directory::clear() {
  std::lock_guard lock(mutex_);
  matches_.clear();
  by_account_.clear();
}

}  // namespace starport::server
