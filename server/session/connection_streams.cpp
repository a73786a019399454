#include "server/session/connection_streams.hpp"

#include <algorithm>

namespace starport::server {

std::optional<std::uint32_t> connection_streams::handle_for(std::uint32_t match,
                                                             const std::function<bool(std::uint32_t)>& following) {
  for (const auto& [known, handle] : names_)
    if (known == match) return handle;
  if (!following(match)) return std::nullopt;
  // Only when a match is new to the connection: a handle's old match has ended or been left,
  // and the new match's MatchInfo (its first frame here) tells the client whose it now is.
  std::erase_if(names_, [&](const std::pair<std::uint32_t, std::uint32_t>& n) { return !following(n.first); });
  std::uint32_t handle = 0;
  while (std::any_of(names_.begin(), names_.end(), [&](const auto& n) { return n.second == handle; })) ++handle;
  names_.emplace_back(match, handle);
  return handle;
}

}  // namespace starport::server
