#pragma once
// Drives whole matches through test_clients: a lobby from creation to start, then
// lockstep play (one action at a time; every player and watcher reads its update before
// the next), so each frame's match step is known exactly.
#include <string>
#include <vector>

#include "test_client.hpp"

namespace starport::server::testing {

struct table {
  std::string lobby_id;
  std::string match_id;
  std::vector<test_client*> players;   // index = seat (bot seats: nullptr)
};

// `host` creates the lobby; each guest joins (by invite code when private) and readies;
// `bots` names the bot kind for the remaining seats. Returns once every player holds the
// match's MatchInfo and first snapshot.
table start_match(test_client& host, const std::vector<test_client*>& guests, const v1::LobbySettings& settings,
                  const std::vector<std::string>& bots = {});

// Ada (seat 0) and Bea (seat 1) say Hello and sit at a two-seat Space War table of 30
// contests whose turn timer is `turn_seconds` (0: none).
table seat_two(test_client& a, test_client& b, std::uint32_t turn_seconds = 0);

// The lowest seat with a legal action plays one (chosen by `pick`); everyone reads the
// update. False when no player has a legal action.
bool play_one(const table& t, const std::vector<test_client*>& watchers = {}, unsigned pick = 0);

// Plays until the match is over (or `max_actions`); returns the number of actions played.
int play_to_end(const table& t, const std::vector<test_client*>& watchers = {}, int max_actions = 100000);

// Waits until `c` has been told the match is over (MatchInfo with the revealed seed).
void await_over(test_client& c, const std::string& match_id);

// Player-side loop against bots: acts whenever its view offers an action, until the end.
int play_against_bots(test_client& c, const std::string& match_id, int max_messages = 200000);

}  // namespace starport::server::testing
