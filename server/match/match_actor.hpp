#pragma once
// One match as an actor: everything about it happens on its own strand, sessions only
// post to it. It holds the engine's match, the seats, and per audience (each seat, the
// spectators) the last view sent and its number. An accepted action is appended to
// storage first; only once that commits do the new views (diffs) leave.
// Its parts: match_actor.cpp (starting, actions, preferences, appends, settling, the end),
// match_audiences.cpp (view streams, snapshots, MatchInfo), match_clock.cpp (bots' pauses,
// turn timers, held seats), match_repair.cpp (refused appends).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "engine/core/match.hpp"
#include "server/match/match_log.hpp"
#include "server/match/match_services.hpp"
#include "server/protocol/log_table.hpp"
#include "server/net/net.hpp"
#include "server/protocol/stream_handle.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "server/session/request.hpp"
#include "storage/records.hpp"

namespace starport::server {

class match_actor : public std::enable_shared_from_this<match_actor> {
 public:
  using clock = std::chrono::steady_clock;

  // `game` is the match as dealt from the record's seed with `log_size` logged actions
  // already applied (start-up recovery), or fresh.
  match_actor(std::shared_ptr<match_services> services, storage::match_record record,
              std::unique_ptr<engine::match> game, std::uint32_t log_size);

  const std::string& id() const { return record_.id; }
  const std::string& game() const { return record_.game; }
  const std::string& lobby_id() const { return record_.lobby_id; }
  // Unique among running matches (any thread: fixed for the actor's life). A session keys
  // its own handle for the match by it (ServerMessage.stream).
  std::uint32_t stream() const { return stream_.value(); }
  std::vector<std::string> accounts() const;

  // Start-up recovery, before start(): the log lines re-built while the log re-played, and
  // the seats' stored preferences.
  void restore(match_log log, const std::vector<storage::seat_preferences>& preferences);

  // All of these post to the match's strand.
  void start(std::vector<std::pair<int, session_ref>> seated);   // arm timers, attach players
  void play(request r, v1::PlayAction action);
  void resync(request r);
  void set_preferences(request r, v1::SetPreferences m);
  void watch(request r);
  void detach(std::uint64_t session_id);
  void stop();   // server shutdown: timers off, nothing more is accepted

 private:
  static constexpr const char* suspended_words =
      "This match is paused because the server could not save a move; it resumes after a restart.";
  // The recorded reasons of a match the server ended without a result (end_stalled, fault).
  static constexpr const char* stalled_words = "no seat had a move the rules allow, a fault in this server's rules";
  static constexpr const char* fault_words = "the server hit a fault in this match";
  static constexpr const char* fault_answer_words =
      "The server hit a fault in this match, so it ended without a result; its replay is kept.";
  static constexpr const char* table_changed_words =
      "The table changed before your move arrived; look again and choose once more.";

  // One audience: a seat's sessions or the spectators', with what they were last sent.
  struct channel {
    std::vector<session_ref> sessions;
    std::string last_view;   // serialized; diffs are taken between serializations
    bool has_view = false;
    std::uint64_t number = 0;
    std::vector<std::int64_t> deadlines;   // the turn deadlines (wall ms) the stream was last sent
    log_table log;            // the log line shapes this stream has been sent
    bool log_reset = false;   // the table was emptied for a newcomer: the next diff says so
  };
  struct seat {
    // Its entry in record_.seats, which is fixed for the actor's life (a copy cost every
    // match its seats' names, ids and decks twice).
    const storage::seat_record* record = &no_record;
    channel audience;
    std::unique_ptr<engine::bot> bot;   // a bot seat's, or the stand-in's while its player is away
    bool stand_in = false;
    bool connected = false;
    // Its holder holds other seats too (a cooperative game): its stream names it in
    // ViewUpdate.seat. Else a connection has one stream of the match and the seat goes unsent.
    bool several_held = false;
    std::uint64_t acted_on = UINT64_MAX;   // the view number the seat's last action came from
    // The first view number of the seat's stream that showed its current turn (0: it is not
    // to act): a move chosen from any view since answers this same turn (on_play).
    std::uint64_t turn_from = 0;
    clock::time_point hold_until{};        // away: when the stand-in takes over
    clock::time_point bot_due{};
    // The bot's last move asked the others for time (an offer waiting for its answer,
    // engine::bot::waits_for_others_ms): its next pause is this much longer, until another
    // seat moves.
    std::chrono::milliseconds bot_waits{0};
    clock::time_point deadline{};
    std::int64_t deadline_ms = 0;
    std::vector<std::uint8_t> preferences;   // SetPreferences, as stored (a person's seat)
    bool is_bot_seat() const { return !record->bot.empty(); }
    bool bot_plays() const { return is_bot_seat() || stand_in; }
  };
  struct accepted {
    std::uint64_t session_id = 0;   // 0: a bot or the turn timer
    std::uint32_t request_id = 0;
    clock::time_point received{};
    engine::action move;
    std::string words;              // the game's public words: before it applied, then its effects
    storage::move_cause cause = storage::move_cause::chosen;
    storage::logged_action entry{};   // as appended (its index in the log)
  };

  // What a handler builds and drops (a view, its bytes, coded log lines, deadlines), kept
  // per thread rather than per match: a running match keeps only what it must remember.
  // Handlers only ever post to one another, never run inside each other, so on a thread
  // one handler at a time uses it, and none keeps it past its return.
  struct scratch {
    std::vector<engine::action> actions;
    std::string bytes;                       // a view, serialized
    std::vector<std::int64_t> deadlines;     // deadlines_now()
    std::vector<std::int64_t> info;          // info_key()
    std::vector<coded_line> lines;           // the batch's log lines, coded, for publish
    std::vector<std::pair<const engine::game_info*, engine::message_ptr>> views;   // a View per game
    google::protobuf::Message& view_of(const engine::game_info& game);
  };
  static scratch& scratch_space();   // this thread's
  static const storage::seat_record no_record;   // a seat the record does not list

  void on_play(request r, const v1::PlayAction& action);
  void on_set_preferences(request r, const v1::SetPreferences& m);
  // Plays `move` (checked) for the server's reasons; its words taken around it.
  bool play_for(const engine::action& move, storage::move_cause cause, clock::time_point now);
  bool play_preferences();   // every move the seats' preferences make now; true if any
  bool preference_answers(int seat) const;
  void accept(const engine::action& a, accepted how);
  // After views are shown: each seat now to act whose turn just began starts it at the view
  // it was shown in (or at the next snapshot's number, when nobody was sent one).
  void mark_turns();
  // `move` is the seat's one legal move now: it had nothing to choose (on_play).
  bool only_legal_move(int index, const engine::action& move);
  void on_appended();   // every append the storage thread has reported since the last call
  void submit_append(const storage::logged_action& entry);
  // Storage refused an append (docs/server.md, "Storage faults"): the appends that did not
  // commit are tried again after a pause, a few times; then the match is re-dealt from its
  // log, dropping them (no one was shown them); if even that fails for long, it is given up.
  void repair();
  void retry_later(void (match_actor::*step)());
  void retry_appends();
  void redeal();
  void on_redeal(bool ok, std::vector<storage::logged_action> actions);
  void give_up(const std::string& why);
  void answer_waiting();   // runs every deferred request (they answer for themselves)
  void settle();
  void publish(channel& audience, engine::viewer who);
  // ViewUpdate.seat: who.seat where its holder holds several seats; else unsent (0).
  void name_stream(v1::ViewUpdate& u, engine::viewer who) const;
  const std::string& current_view(engine::viewer who);   // serialized, in scratch_space().bytes
  // `held`: every seat of the requester (one stream each; several only in a cooperative
  // game); empty: as a spectator.
  void attach(request r, std::vector<int> held);
  void send_snapshot(channel& audience, engine::viewer who, const session_ref& to, std::uint32_t request_id);
  void on_detach(std::uint64_t session_id);
  void finish();   // the game is over: its result is recorded and shown
  // No seat has a move the rules allow and the game is not over (a fault in the rules):
  // nothing can ever happen, so the match ends without a result (docs/server.md, "A match
  // that cannot go on"). Checked after each settle and at start by the moves the game
  // lists; `judged`: only listed moves its own check accepts count (after the server's
  // move for a seat was refused).
  bool nobody_can_move(bool judged = false);
  void end_stalled();
  // Every handler of the match runs through `guarded`: an exception it throws (a fault in
  // a game's rules or in the server) ends this match without a result (`fault`), instead of
  // leaving the handler half done or, escaping the io_context, stopping every match.
  // `r`: the request being handled, answered INTERNAL when it faults.
  template <class F>
  void guarded(F&& f, const request* r = nullptr) noexcept {
    try {
      f();
    } catch (const std::exception& e) {
      fault(e.what(), r);
    } catch (...) {
      fault("an exception of unknown type", r);
    }
  }
  void fault(const char* what, const request* r);
  // The page that sent `b` (a person's move) is told INTERNAL `words`: it will not be shown.
  void refuse_taken(const accepted& b, const char* words);
  void end_match(engine::seat_mask winners, std::string reason, std::string lobby_words);
  void schedule();        // set_deadlines, then show_deadlines
  bool set_deadlines();   // the seats' turn timers and bots' pauses for the state as it is
  void show_deadlines();  // streams whose deadlines changed get an update (nothing in flight)
  void deadlines_now(std::vector<std::int64_t>& out) const;   // per seat, wall ms (0: none)
  std::uint32_t turn_seconds() const;   // the lobby's, within the server's maximum (0: none)
  // ViewUpdate.deadlines_ms and full_turns: scratch_space().deadlines against what `audience` was
  // last sent (a snapshot: against none).
  void add_turn_timers(v1::ViewUpdate& u, const channel& audience, bool snapshot) const;
  void arm_timer();    // a wait for the earliest of them, unless one as early is pending
  void stop_timer();   // no wait pending (a repair, the end)
  void on_timer();
  void take_over(seat& s);   // the stand-in bot starts playing an absent player's seat
  v1::MatchInfo info() const;
  void push_info(bool force);
  void info_key(std::vector<std::int64_t>& out) const;   // what of MatchInfo can change
  // For the sessions of `seat_index`'s holder (every seat they hold), or spectators (-1).
  frame_ptr info_frame(int seat_index, std::uint32_t request_id) const;
  int seat_of(const std::string& account_id) const;   // the lowest it holds, or -1
  std::vector<int> seats_of(const std::string& account_id) const;   // lowest first
  void after_settle(std::function<void()> f);

  std::shared_ptr<match_services> services_;   // all it reaches of the server
  strand strand_;
  storage::match_record record_;
  v1::LobbySettings settings_;
  std::string commitment_;
  std::unique_ptr<engine::match> game_;
  const view_dictionary* dictionary_;   // the game's, for packed views; null: it has none
  std::vector<seat> seats_;
  channel spectators_;
  std::vector<accepted> batch_;         // accepted, not yet shown
  match_log log_;                       // the public lines already shown (not batch_'s), packed with dictionary_
  std::vector<std::function<void()>> deferred_;   // waits for every append to commit
  std::uint32_t log_size_ = 0;
  int in_flight_ = 0;
  std::atomic<int> appended_{0};             // reported by the storage thread, not yet handled
  std::atomic<bool> append_failed_{false};
  std::atomic<std::uint32_t> committed_{0};  // the log's length as committed (storage thread)
  bool over_ = false;
  bool no_result_ = false;   // ended by the server (end_stalled, fault), not by the rules
  bool repairing_ = false;   // an append was refused: nothing is accepted until repair() ends
  int attempts_ = 0;         // of the current repair
  bool broken_ = false;      // given up: nothing more is accepted until a restart
  bool stopped_ = false;
  clock::time_point close_at_{};   // over: when the actor leaves the directory
  std::vector<std::int64_t> last_info_;   // info_key() of the MatchInfo last pushed
  net::steady_timer timer_;
  clock::time_point timer_due_ = clock::time_point::max();   // the pending wait's expiry (max: none)
  net::steady_timer repair_timer_;
  stream_handle stream_;                  // sessions know this match's frames by it (send_to)
};

}  // namespace starport::server
