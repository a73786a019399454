#pragma once
// The lobby actor: every lobby, and who is online, live on its one strand. Sessions post
// requests to it; it answers them, pushes each change to the lobby's members, persists
// lobbies through storage and starts matches.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/steady_timer.hpp>

#include "server/lobby/lobby.hpp"
#include "server/net/net.hpp"
#include "server/match/recovery.hpp"
#include "server/session/request.hpp"
#include "storage/records.hpp"

namespace starport::server {

class lobby_services;

class lobby_hub : public std::enable_shared_from_this<lobby_hub> {
 public:
  // `services`: all the hub reaches outside itself (lobby_room in shared_state.hpp).
  explicit lobby_hub(std::shared_ptr<lobby_services> services);

  // Start-up: lobbies from storage; `matches` are the recovered running matches' records.
  // Also starts the sweep that closes abandoned lobbies.
  // `ended`: running matches recovery did not resume (and ended): their lobbies are free
  // again, and the server's chat line there says why.
  void restore(const std::vector<storage::lobby_record>& lobbies,
               const std::vector<storage::match_record>& matches,
               const std::vector<ended_match>& ended = {});

  // All of these post to the hub's strand.
  void welcome(request r, std::string new_token);
  void handle(request r, v1::ClientMessage message);
  void session_closed(std::string account_id, std::uint64_t session_id);
  // The lobby's match ended (or was given up: `reason`, said to the table as the server's
  // chat line), so the table is free for the next one.
  void match_over(std::string lobby_id, std::string match_id, std::string reason = {});
  // An account's saved deck changed (`now`) or was deleted (nothing): every seat of that
  // account that chose it plays the new list, or has no deck when it now breaks a rule.
  void deck_changed(std::string account_id, std::string deck_id, std::optional<storage::deck_record> now);

 private:
  void on_list(const request& r, const v1::ListLobbies& m);
  // Re-serializes settings.options as kept (unknown fields dropped, size capped).
  const engine::game_info* admit_table(const request& r, v1::LobbySettings& settings);
  lobby new_table(const request& r, const v1::LobbySettings& settings, const engine::game_info* game, bool ready);
  void on_create(const request& r, const v1::CreateLobby& m);
  void on_join(const request& r, const v1::JoinLobby& m);
  // JoinLobby.another_seat: a seated person takes the lowest open seat too (cooperative
  // games only; docs/protocol.md, "Several seats").
  void take_another_seat(const request& r, lobby& l);
  // Which of the caller's seats a request means: their only one, else `wanted` when they
  // hold it; replies FORBIDDEN and returns -1 otherwise.
  int chosen_seat(const request& r, const lobby& l, std::uint32_t wanted);
  void on_leave(const request& r, const v1::LeaveLobby& m);
  void on_ready(const request& r, const v1::SetReady& m);
  void on_add_bot(const request& r, const v1::AddBot& m);
  void on_remove_seat(const request& r, const v1::RemoveSeat& m);
  void on_start(const request& r, const v1::StartMatch& m);
  void on_play_computer(const request& r, const v1::PlayComputer& m);
  // `own`: the caller's saved deck PlayComputer.deck_id named, read from storage (`fetched`).
  void play_computer(const request& r, const v1::PlayComputer& m, bool fetched,
                     const std::optional<storage::deck_record>& own);
  void on_choose_deck(const request& r, const v1::ChooseDeck& m);
  void on_deck_loaded(const request& r, const std::string& lobby_id, int seat, std::uint64_t asked,
                      const std::optional<storage::deck_record>& found);
  // Sets `seat`'s deck (clearing Ready: the table sees a new choice), saves and pushes.
  void seat_deck(const request& r, lobby& l, lobby_seat& seat, std::string deck_id, std::string name,
                 engine::deck_list cards);
  void start_match(const request& r, lobby& l);   // every seat taken; answers `r` once stored
  void on_chat(const request& r, const v1::SendChat& m);
  void on_started(const request& r, const std::string& lobby_id, storage::match_record record,
                  std::unique_ptr<engine::match> game, bool ok);

  // The lobby `r`'s account is a member of (replies NOT_FOUND otherwise); with `host`,
  // also FORBIDDEN unless it hosts it, and BAD_REQUEST once its match has started.
  lobby* member_lobby(const request& r, const std::string& lobby_id, bool host);
  void push(const lobby& l, const request* answering);   // the lobby to every member
  void send_account(const std::string& account_id, const request* answering, const v1::ServerMessage& m);
  void close_lobby(std::string lobby_id, const std::string& reason);
  void server_says(lobby& l, const std::string& text);   // a chat line from the server (from "")
  void schedule_sweep();
  void sweep();   // closes lobbies unattended for idle_limit
  std::chrono::milliseconds idle_limit(const lobby& l) const;
  void save(const lobby& l);
  bool online(const std::string& account_id) const;
  int memberships(const std::string& account_id) const;   // tables that count toward the limit
  // `account_id` gets up from its seat at `l` (told with `reason`); the lobby closes when no
  // person is left, else the longest-seated person hosts. Invalidates `l` when it closes.
  void leave(lobby& l, const std::string& account_id, const std::string& reason, const request* answering);
  void trim_finished(const std::string& account_id);   // keeps tables_per_account
  bool rename_clashing_bots(lobby& l);   // a bot's name must differ from every other name there; true: renamed
  // After any change to who sits at `l` (and once it is in lobbies_): tables_ follows.
  void reindex(lobby& l);
  void unindex(lobby& l);   // `l` closes
  // The tables `account_id` holds a seat at, in the order it sat down.
  std::vector<lobby*> tables_of(const std::string& account_id);

  std::shared_ptr<lobby_services> services_;
  strand strand_;
  net::steady_timer sweep_timer_;
  std::unordered_map<std::string, lobby> lobbies_;
  std::unordered_map<std::string, std::string> invites_;             // invite code → lobby id
  std::unordered_map<std::string, std::vector<session_ref>> online_;   // account → its sessions
  // Account → ids of the lobbies where it holds a seat: Hello, a closed connection, the
  // per-account limit and a changed deck look an account's tables up here instead of
  // scanning every lobby (which made setting up N tables cost N² steps).
  std::unordered_map<std::string, std::vector<std::string>> tables_;
};

}  // namespace starport::server
