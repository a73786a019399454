#pragma once
// A person's view streams of a match of any game, read from a test_client's frames as a
// page reads them (a view per held seat, diffs applied by number), and the legal actions
// a view offers: what a test needs to play a game the typed Space War view does not cover.
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <google/protobuf/message.h>

#include "engine/registry.hpp"
#include "test_client.hpp"

namespace starport::server::testing {

// The legal actions a view offers (every game's View has `repeated Action legal_actions`).
std::vector<v1::Action> legal_in(const google::protobuf::Message& view);

// One person's streams in a match, as a page keeps them: a view per held seat.
struct streams {
  const starport::engine::game_info* game = nullptr;
  std::string match_id;
  struct one {
    starport::engine::message_ptr view;
    std::uint64_t number = 0;
    bool have = false;
    int gaps = 0;
    int snapshots = 0;
    std::uint64_t acted_on = UINT64_MAX;
  };
  std::map<std::uint32_t, one> seats;
  std::set<std::uint32_t> seen_seats;   // every ViewUpdate.seat that arrived
  v1::MatchInfo info;
  std::uint32_t stream = 0;   // ServerMessage.stream of the match's MatchInfo
  int refusals = 0;
  std::size_t consumed = 0;   // of the client's frames

  // One frame of the connection: a MatchInfo or a view update of this match is taken in.
  void take(const v1::ServerMessage& m);
};

// Every frame `c` received since the last call (requests read some too), in order.
void sync(test_client& c, streams& st);

// Reads `c`'s next frame, takes in every frame up to it, and returns it.
v1::ServerMessage read_into(test_client& c, streams& st);

// A two-seat public table of `game` that allows spectators: `host` creates it, `guest` joins,
// each brings the game's starter decks (if it has decks) and the match starts.
struct started {
  std::string lobby_id, match_id;
};
started start_two_seats(const starport::engine::game_info& game, test_client& host, test_client& guest);

// Of people each holding one seat, the first whose stream shows a view it has not acted on
// with moves in it: who (-1: nobody), the view's number to act on, and its legal moves. The
// stream is marked acted on, so the next call waits for a newer view.
struct to_move {
  int person = -1;
  std::uint64_t view_number = 0;
  std::vector<v1::Action> legal;
};
to_move next_to_move(std::span<streams> people);

// A seeded random legal move that is not resigning (kind 0); Space War's first, its flip.
v1::Action pick(const starport::engine::game_info& game, const std::vector<v1::Action>& legal, std::mt19937& random);

}  // namespace starport::server::testing
