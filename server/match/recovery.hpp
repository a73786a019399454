#pragma once
// Start-up: what storage holds of lobbies and running matches, and each running match
// re-played from its seed and action log to where the last committed action left it.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "server/match/match_log.hpp"
#include "storage/records.hpp"

namespace starport::storage {
class worker;
}

namespace starport::server {

struct recovered_match {
  storage::match_record record;
  std::unique_ptr<engine::match> game;   // after every logged action
  std::uint32_t log_size = 0;
  match_log log;                                     // its public lines, re-built while re-played
  std::vector<storage::seat_preferences> preferences;
};

// A running match this build cannot resume (docs/server.md, "Recovery"): it is ended with
// `reason` recorded as its end reason, and its lobby is free again.
struct ended_match {
  storage::match_record record;
  std::string reason;   // in players' words: the lobby's chat says it, the replay list shows it
};

struct recovered {
  std::vector<storage::lobby_record> lobbies;
  std::vector<storage::match_record> running;   // the resumed ones' records
  std::vector<recovered_match> matches;         // the resumed ones
  std::vector<ended_match> ended;               // the ones not resumed, now ended
  std::vector<std::string> problems;            // matches that could not be resumed, and why
};

// Reads lobbies and running matches, re-plays each match, and ends (in storage) every one
// that does not re-play here, with its reason. `replayers` threads re-play matches at once
// (the calling thread is one), while the storage thread reads the next ones' actions.
recovered recover(storage::worker& storage, unsigned replayers = 1);

// The one place a match is dealt from its record (start-up recovery, a match re-dealt after
// a storage fault, replays, `verify`):

// The match dealt from the record's seed, no action applied; null (with `why`) when this
// build cannot play it (unknown game, other rules version, bad options).
std::unique_ptr<engine::match> deal_match(const storage::match_record& m, std::string& why);

// One logged action re-played on `game` as the live match played it. False, and `game`
// unchanged, when its index is not `next` (a gap: the log is not what was accepted) or the
// engine refuses it. `words`, when given, gets the line the live log wrote for it
// (log_entry: the move's words before it applied, then its effects).
bool replay_action(engine::match& game, const storage::logged_action& a, std::uint32_t next,
                   std::string* words);

struct dealt_match {
  std::unique_ptr<engine::match> game;   // null: not dealt (`why`)
  std::uint32_t applied = 0;             // actions of the log re-played, from the first
  std::string why;
};
// Dealt, then the log re-played in order until its end, a gap or a refused action
// (`applied` says how far). `lines`, when given, gets the deal's words (describe_setup)
// and each re-played action's log line, as the live log had them.
dealt_match deal_and_replay(const storage::match_record& m, const std::vector<storage::logged_action>& log,
                            match_log* lines);

}  // namespace starport::server
