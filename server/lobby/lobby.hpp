#pragma once
// One lobby's table before (and while) its match runs: settings, seats, host, invite code.
// A plain value owned by lobby_hub and touched only on its strand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include <boost/container/deque.hpp>

#include "engine/core/match.hpp"
#include "server/net/rate_limiter.hpp"
#include "starport/v1/protocol.pb.h"
#include "storage/records.hpp"

namespace starport::server {

struct lobby_seat {
  bool open = true;
  std::string account_id;   // a person's seat
  std::string name;
  std::string bot;          // a bot's kind
  bool ready = false;
  std::uint64_t heard_after = 0;   // chat lines numbered above this were said while seated
  // Deck games (docs/protocol.md, "Decks"): the seat's deck for the coming match, a list
  // without problems. Only its holder (and, for a bot, everyone) learns which deck it is.
  std::string deck_id{};           // "starter:<id>", or one of the person's saved decks
  std::string deck_name{};
  engine::deck_list deck{};        // empty: no deck chosen
  std::uint64_t deck_asked = 0;    // numbers ChooseDeck requests: only the latest one's answer applies
  // The chat lines its person may still say at this table (kept on their lowest seat; made
  // at their first line, from config's chat_burst and chat_per_second: lobby_hub::on_chat).
  std::optional<rate_limiter> chat_budget{};
  bool has_deck() const { return !deck.empty(); }
  void clear_deck() {
    deck_id.clear();
    deck_name.clear();
    deck.clear();
  }
  bool is_bot() const { return !bot.empty(); }
  bool is_person() const { return !open && bot.empty(); }
};

struct lobby {
  std::string id;
  v1::LobbySettings settings;
  const engine::game_info* game = nullptr;
  std::string host;              // account id
  std::string invite_code;       // private lobbies only
  std::string match_id;          // the match it started, while that runs
  std::string last_match_id;     // the latest match it ran, once that ended (its replay)
  std::int64_t ended_ms = 0;     // when that match ended (memory only; 0 after a restart)
  bool starting = false;         // the match record is being written
  std::int64_t created_ms = 0;
  std::vector<lobby_seat> seats;
  // Accounts the host removed: they may not join again, after a restart too.
  std::unordered_set<std::string> removed;
  // The latest chat lines, numbered from 1, for members who reload (memory only). A Boost
  // deque: a std::deque allocates a block as it is made, and most tables never chat.
  boost::container::deque<std::pair<std::uint64_t, v1::ChatLine>> chat;
  std::uint64_t chat_said = 0;
  std::size_t chat_bytes = 0;
  // Since when no member has been online and no match has run (lobby_hub's sweep).
  std::optional<std::chrono::steady_clock::time_point> unattended_since;
  // The members as lobby_hub's account index last recorded them (lobby_hub::reindex).
  std::vector<std::string> indexed;

  int seat_of(const std::string& account_id) const;   // the lowest seat it holds, or -1
  // Every seat it holds, lowest first: several only at a cooperative table
  // (docs/protocol.md, "Several seats").
  std::vector<int> seats_of(const std::string& account_id) const;
  int open_seat() const;        // the lowest, or -1
  int people() const;
  bool in_match() const { return starting || !match_id.empty(); }
  // "After a match": its match ended and none runs. Such a table does not count toward
  // the per-account lobby limit (lobby_hub::memberships).
  bool after_match() const { return !in_match() && !last_match_id.empty(); }
  // Whether a visitor can do something with it from the public list: join an open seat
  // before any match, or watch the running match.
  bool listable() const;
  std::vector<std::string> members() const;

  void remember(const v1::ChatLine& line);   // keeps the latest 50 lines, at most 16 KiB of text
  v1::RecentChat chat_heard_by(const std::string& account_id) const;   // said since they sat down

  // What `account_id` (a member) is shown; `online` says whether an account is connected.
  v1::Lobby view_for(const std::string& account_id,
                     const std::function<bool(const std::string&)>& online) const;
  v1::LobbySummary summary() const;
  storage::lobby_record record() const;
};

}  // namespace starport::server
