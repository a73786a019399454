#pragma once
// What one connection has told us about itself. Touched only on the session's strand.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/container/deque.hpp>

#include "server/session/connection_streams.hpp"

namespace starport::storage {
struct match_record;
}

namespace starport::server {

class match_actor;
class replay_cursor;

struct client {
  std::string account_id;          // empty until Hello succeeded, and for an anonymous viewer
  bool viewer = false;             // Hello with neither token nor name: watches and replays only
  std::string display_name;
  bool hello_pending = false;      // a Hello is with the storage thread
  std::uint32_t dictionaries = 0;  // the view dictionaries it named in Hello (session_ref)
  std::vector<std::weak_ptr<match_actor>> matches;   // told when this connection ends
  connection_streams streams;      // this connection's handle for each match (ServerMessage.stream)
  // The replay this connection has open, kept so that scrubbing does not re-read storage.
  std::shared_ptr<const storage::match_record> replay_record;
  std::shared_ptr<replay_cursor> replay;
  bool replay_loading = false;     // an OpenReplay is with storage: one at a time
  // The OpenReplays after it, in order (Boost's deque allocates nothing until used).
  boost::container::deque<std::function<void()>> replay_waiting;
  bool authenticated() const { return !account_id.empty(); }
  bool greeted() const { return authenticated() || viewer; }
  std::shared_ptr<match_actor> find_match(const std::string& match_id) const;
};

}  // namespace starport::server
