#pragma once
// One 2-player match of the load run (Space War unless --game), played by two bot clients
// over real WebSockets: Hello → the host creates a private lobby → the guest joins by invite
// code → each takes a starter deck if the game has decks → both ready → the host starts
// (with a turn timer unless --turn-seconds 0); then each seat sends a legal action of its
// latest view (snapshot + applied diffs: the first one in Space War, as the benchmark always
// has; a seeded random one in the other games, so matches move on) until the match has sent
// its share of moves, at once or (--think-ms) after a pause. With --idle
// both clients stop after Hello and only hold their connections. With --reconnect a
// connection lost during play comes back as a page does: Hello with its token, Resync, play on.
// Both clients share one strand, so the lobby hand-off between them needs no locks.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include <boost/asio/steady_timer.hpp>

#include "engine/core/match.hpp"
#include "server/protocol/log_table.hpp"
#include "server/protocol/turn_timers.hpp"
#include "server/tools/loadgen/config.hpp"
#include "server/tools/loadgen/duel_stats.hpp"
#include "server/tools/loadgen/play_window.hpp"
#include "server/tools/loadgen/ws_client.hpp"
#include "starport/v1/protocol.pb.h"

namespace starport::loadgen {

// Adds one server frame to the byte breakdown (duel_stats::bytes_by): the frame under its
// kind, and each field of a ViewUpdate (each top-level field of its patch, a `view_type`),
// a MatchInfo or an Error under its own slot.
void tally_frame(duel_stats& stats, std::string_view frame, const google::protobuf::Descriptor& view_type);

// The breakdown of every match's frames, one line per frame kind and per field, in bytes
// per accepted move (stderr; docs/server.md, "Bytes").
std::string byte_breakdown(std::span<const duel_stats* const> duels, std::uint64_t accepted,
                           const google::protobuf::Descriptor& view_type);

class duel final : public ws_events {
 public:
  // `on_done` runs once, on the strand, when both connections have closed. `window` is
  // told when this match starts and ends and of every accepted move.
  // `game`: the registered game `cfg.game` names.
  duel(net::io_context& ioc, const config& cfg, const engine::game_info& game, int index, play_window& window,
       std::function<void()> on_done);

  void start(const tcp::endpoint& server, const std::string& host, const std::string& path);
  // Any thread: wind down now (the deadline).
  void stop();
  // Only once every handler has run (the client threads are joined).
  const duel_stats& stats() const { return stats_; }

  void on_open(int side) override;
  void on_frame(int side, std::string_view bytes) override;
  void on_closed(int side, beast::error_code ec) override;

 private:
  static constexpr int host = 0;
  static constexpr int guest = 1;

  struct seat {
    std::shared_ptr<ws_client> client;
    bool closed = false;
    std::uint32_t next_request = 0;
    std::uint32_t lobby_request = 0;    // CreateLobby (host) or JoinLobby (guest)
    std::uint32_t ready_request = 0;
    bool welcomed = false;
    std::string token;                  // from the first Welcome: a reconnect says Hello with it
    bool rejoining = false;             // reconnected: the next Welcome asks for the match again
    std::uint32_t resync_request = 0;   // that Resync, until its snapshot
    int attempts = 0;                   // reconnects since the connection was lost
    clock_type::time_point lost_at{};   // when it was lost, until the snapshot after it
    std::optional<net::steady_timer> retry;
    bool ready = false;
    // The view as this client holds it.
    std::string match_id;
    std::string view_bytes;       // serialized: diffs apply to the bytes (view_diff.hpp)
    engine::message_ptr view;     // the game's View, parsed from view_bytes after each update
    server::log_reader log;       // the stream's log line shapes (log_table.hpp)
    std::vector<std::string> log_lines;   // the last update's lines, decoded
    std::uint32_t turn_seconds = 0;       // MatchInfo's: what a whole turn (full_turns) lasts
    std::uint32_t stream = 0;             // this connection's handle for the match (ServerMessage.stream)
    std::vector<std::int64_t> deadlines;  // per seat, as a page counts them (turn_timers.hpp)
    bool have_view = false;
    std::uint64_t number = 0;
    bool resync_sent = false;
    // The action last sent, until the view showing it (or a refusal) answers it.
    bool waiting = false;
    std::uint32_t action_request = 0;
    clock_type::time_point sent_at{};
    wall_clock::time_point sent_wall{};   // the same instant on the kernel stamps' clock
    // With --think-ms: the pause before the next action, then it acts on its latest view.
    std::optional<net::steady_timer> think;
    bool thinking = false;
  };

  void send(int side, v1::ClientMessage& msg);
  void on_answer(int side, const v1::ServerMessage& msg);
  void on_error(int side, const v1::ServerMessage& msg);
  // `request`: the ServerMessage's request id (the PlayAction it answers, if the server says).
  // `stream`: the frame's ServerMessage.stream; a diff under another handle is a gap.
  void on_view(int side, std::uint32_t request, std::uint32_t stream, const v1::ViewUpdate& update);
  void join(int side);
  void maybe_act(int side);
  void maybe_act_now(int side);
  void act(int side);
  // One of the legal actions of `view` (the game's View, with some).
  const v1::Action& choose(const google::protobuf::Message& view);
  void check_done();
  void finish(std::string failure);
  void open_connections();
  void begin_play();   // the match began: counted once
  void lose(int side);     // --reconnect: the connection went during play; try again later
  void reconnect(int side);
  void done_if_all_closed();
  std::chrono::microseconds think_time();

  const config& cfg_;
  const engine::game_info& game_;
  // The game's View fields every client reads: its legal actions and its outcome.
  const google::protobuf::FieldDescriptor* legal_field_ = nullptr;
  const google::protobuf::FieldDescriptor* outcome_field_ = nullptr;
  int index_;
  play_window& window_;
  strand strand_;
  std::function<void()> on_done_;
  std::array<seat, 2> seats_;
  std::string lobby_id_;
  std::string invite_code_;
  std::uint32_t start_request_ = 0;
  bool finishing_ = false;
  bool done_ = false;
  std::optional<net::steady_timer> ramp_;   // delays this match's start (--ramp-seconds)
  std::minstd_rand random_;                 // think-time jitter, and the moves chosen
  tcp::endpoint server_;
  std::string host_name_;
  std::string path_;
  v1::ServerMessage in_;    // reused: parsing allocates less once warmed up
  std::string unpacked_;          // a packed view's ViewUpdate, unpacked (reused)
  v1::ViewUpdate packed_update_;  // and parsed (reused)
  v1::ClientMessage out_;
  duel_stats stats_;
};

}  // namespace starport::loadgen
