#pragma once
// Who may look at a running match without a seat in it: the one rule Watch and a replay
// opened before the end both follow (docs/protocol.md, "Anonymous viewers").
#include <string_view>

#include "starport/v1/protocol.pb.h"

namespace starport::server {

inline constexpr std::string_view private_table_words =
    "This is a private table; pick a display name and join it by its invite link.";

enum class onlooker { welcome, no_spectators, private_table };

// `account_id` empty: a viewer without a display name, who watches public tables only (a
// private table is for those its invite link reached).
inline onlooker onlooker_at(const starport::v1::LobbySettings& settings, std::string_view account_id) {
  if (!settings.allow_spectators()) return onlooker::no_spectators;
  if (account_id.empty() && settings.is_private()) return onlooker::private_table;
  return onlooker::welcome;
}

}  // namespace starport::server
