#pragma once
// A synchronous Beast WebSocket client for tests: sends ClientMessages, reads
// ServerMessages, keeps every frame it received (bytes and the match step they belong to)
// and follows each match's numbered views (snapshots and diffs) as a browser would.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "server/protocol/log_table.hpp"
#include "server/protocol/turn_timers.hpp"
#include "starport/v1/protocol.pb.h"
#include "starport/v1/space_war.pb.h"

namespace starport::server::testing {

namespace v1 = starport::v1;
namespace sw = starport::space_war::v1;

class test_client {
 public:
  struct frame {
    // What the frame says: as it came, but a packed view unpacked into a plain `view`
    // (request id, stream handle and update kept), so byte scans read what was sent.
    std::string bytes;
    std::uint32_t step = 0;   // the match step the test said this frame belongs to
    bool packed = false;      // it came as ServerMessage.packed_view
    std::size_t wire_size = 0;   // its size as it came
  };
  struct match_state {
    std::uint64_t number = 0;
    sw::View view;            // kept for Space War matches only; other games' tests read their frames
    bool have_view = false;   // a snapshot arrived (for any game)
    int snapshots = 0;
    int gaps = 0;             // diffs whose number did not follow the last one
    v1::MatchInfo info;
    // The log as a page shows it: a snapshot's log_history, then every log_line, one entry a line.
    std::vector<std::string> log;
    // Per seat, when its turn timer runs out on the test's steady clock (ms), 0 for none:
    // what a page counts down from, read only from the timers the view stream carried.
    std::vector<std::int64_t> deadlines;
    // The ms a page would show left on `seat`'s timer now (0: none).
    std::int64_t ms_left(std::size_t seat) const;
  };

  // `offer_deflate`: offer permessage-deflate in the handshake, as browsers do.
  explicit test_client(std::uint16_t port, bool offer_deflate = false);
  ~test_client();
  test_client(const test_client&) = delete;
  test_client& operator=(const test_client&) = delete;

  void send_bytes(const std::string& bytes, bool binary = true);
  // One binary message in `pieces` frames (a first one, then continuation frames).
  void send_in_frames(const std::string& bytes, std::size_t pieces);
  std::uint32_t send(v1::ClientMessage message);   // gives it the next request id
  v1::ServerMessage read();                        // throws on close or a read_timeout silence
  v1::ServerMessage read_until(const std::function<bool(const v1::ServerMessage&)>& wanted,
                               int max_messages = 100000);
  v1::ServerMessage reply_to(std::uint32_t request_id);
  v1::ServerMessage request(v1::ClientMessage message) { return reply_to(send(std::move(message))); }
  // Reads until the server closes the connection; its close code (-1: no close frame).
  int read_close_code();
  void close();

  v1::Welcome hello(const std::string& display_name);   // a new guest; keeps the token
  v1::Welcome resume(const std::string& token);
  // A round trip that proves every earlier frame has been read.
  void fence();

  std::chrono::milliseconds read_timeout{15000};
  // Name every view dictionary in Hello (hello(), resume()), as the web client does, so
  // view updates come packed; read() unpacks them. False: they come as plain `view`.
  bool packed = false;
  std::string extensions;   // the handshake's answer: Sec-WebSocket-Extensions
  std::string token;
  std::string account_id;
  std::vector<frame> frames;
  std::uint32_t step = 0;
  std::map<std::string, match_state> matches;
  std::map<std::uint32_t, std::string> streams;   // this connection's handle (ServerMessage.stream) → match id
  // read() gives log lines as text (log_line), decoded with each stream's table; `frames`
  // keeps them as sent. False: read() leaves them coded.
  bool decode_logs = true;
  std::map<std::pair<std::string, std::uint32_t>, server::log_reader> log_readers;   // by match id, seat
  // read() gives every update its number (a diff leaves it out when it is the stream's
  // previous + 1: server/protocol/view_number.hpp); `frames` keeps it as sent.
  std::map<std::pair<std::string, std::uint32_t>, std::uint64_t> view_numbers;   // by match id, seat
  std::map<std::string, v1::Lobby> lobbies;   // the latest of each lobby pushed, by id
  std::vector<v1::Error> errors;
  // The lobby as soon as it satisfies `wanted`: at once when the latest one pushed already
  // does (it may have come while the test read for something else), else the next that does.
  v1::Lobby await_lobby(const std::string& lobby_id, const std::function<bool(const v1::Lobby&)>& wanted);

 private:
  void track(const v1::ServerMessage& m);
  struct impl;
  std::unique_ptr<impl> impl_;
  std::uint32_t next_id_ = 1;
};

// "a\nb" → {"a", "b"}; empty lines are dropped.
std::vector<std::string> split_lines(const std::string& text);

// Small builders.
v1::ClientMessage hello_message(const std::string& name, const std::string& token = {},
                                std::uint32_t version = v1::PROTOCOL_V3, bool packed = false);
std::string space_war_options(std::uint32_t contest_limit, bool auto_flip = false);
v1::LobbySettings space_war_lobby(std::uint32_t seats, std::uint32_t contest_limit, bool is_private = false,
                                  bool spectators = true, std::uint32_t turn_seconds = 0);
// The view updates among `c`'s frames from `from` on, as they came on the wire (numbers,
// stream handles and log lines as sent).
std::vector<v1::ViewUpdate> wire_updates(const test_client& c, std::size_t from = 0);

// Requests, as a client sends them.
// PlayAction: `action` chosen from the view numbered `view_number`.
v1::ClientMessage play_action(const std::string& match_id, std::uint64_t view_number, const v1::Action& action);
v1::ClientMessage list_lobbies();
v1::ClientMessage create_lobby(const v1::LobbySettings& settings);
v1::ClientMessage join_lobby(const std::string& lobby_id);
v1::ClientMessage join_by_invite(const std::string& invite_code);
v1::ClientMessage set_ready(const std::string& lobby_id, bool ready);
v1::ClientMessage start_message(const std::string& lobby_id);
// `seat`: which of your seats (matters only while you hold several, docs/protocol.md).
v1::ClientMessage choose_deck(const std::string& lobby_id, const std::string& deck_id, std::uint32_t seat = 0);
v1::ClientMessage add_bot(const std::string& lobby_id, const std::string& bot, std::uint32_t seat);
v1::ClientMessage remove_seat(const std::string& lobby_id, std::uint32_t seat);
v1::ClientMessage open_replay(const std::string& match_id, std::uint32_t step, bool as_seat, std::uint32_t log_known = 0);
// The error a reply carries (ERROR_CODE_UNSPECIFIED: not an error).
inline v1::ErrorCode error_of(const v1::ServerMessage& m) {
  return m.has_error() ? m.error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

}  // namespace starport::server::testing
