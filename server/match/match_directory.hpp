#pragma once
// Which match actor has which id, and which running matches each account holds a seat
// in. A small index under a mutex: lookups only, never game state.
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace starport::server {

class match_actor;

// A running match an account holds a seat in (Welcome.active_matches).
struct active_match {
  std::string id;
  std::string game;
  friend bool operator==(const active_match&, const active_match&) = default;
};

class match_directory {
 public:
  void add(const std::string& id, const std::string& game, std::shared_ptr<match_actor> actor,
           const std::vector<std::string>& accounts);
  std::shared_ptr<match_actor> find(const std::string& id) const;
  // The match stays reachable (late resyncs) but no longer counts as the account's active match.
  void mark_over(const std::string& id);
  void remove(const std::string& id);
  std::vector<active_match> active_for(const std::string& account_id) const;
  std::vector<std::shared_ptr<match_actor>> all() const;
  void clear();

 private:
  struct entry {
    std::shared_ptr<match_actor> actor;
    std::string game;
    std::vector<std::string> accounts;
    bool over = false;
  };
  mutable std::mutex mutex_;
  std::unordered_map<std::string, entry> matches_;
  std::unordered_multimap<std::string, std::string> by_account_;   // account → match id
};

}  // namespace starport::server
