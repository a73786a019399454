#include "server/lobby/lobby.hpp"

#include <algorithm>

namespace starport::server {

int lobby::seat_of(const std::string& account_id) const {
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i].is_person() && seats[i].account_id == account_id) return static_cast<int>(i);
  return -1;
}

std::vector<int> lobby::seats_of(const std::string& account_id) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i].is_person() && seats[i].account_id == account_id) out.push_back(static_cast<int>(i));
  return out;
}

int lobby::open_seat() const {
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (seats[i].open) return static_cast<int>(i);
  return -1;
}

int lobby::people() const {
  int n = 0;
  for (const lobby_seat& s : seats) n += s.is_person() ? 1 : 0;
  return n;
}

bool lobby::listable() const {
  if (settings.is_private()) return false;
  if (!match_id.empty()) return settings.allow_spectators();
  return !in_match() && last_match_id.empty() && open_seat() >= 0;
}

std::vector<std::string> lobby::members() const {
  std::vector<std::string> out;
  for (const lobby_seat& s : seats)   // once each, however many seats a person holds
    if (s.is_person() && std::find(out.begin(), out.end(), s.account_id) == out.end()) out.push_back(s.account_id);
  return out;
}

namespace {
constexpr std::size_t chat_kept_lines = 50;
constexpr std::size_t chat_kept_bytes = 16 * 1024;   // bounds a lobby's memory whatever is said
}  // namespace

void lobby::remember(const v1::ChatLine& line) {
  chat.emplace_back(++chat_said, line);
  chat_bytes += line.from().size() + line.text().size();
  while (chat.size() > chat_kept_lines || chat_bytes > chat_kept_bytes) {
    chat_bytes -= chat.front().second.from().size() + chat.front().second.text().size();
    chat.pop_front();
  }
}

v1::RecentChat lobby::chat_heard_by(const std::string& account_id) const {
  v1::RecentChat out;
  const std::vector<int> held = seats_of(account_id);
  if (held.empty()) return out;
  std::uint64_t after = UINT64_MAX;   // since the first of their seats was taken
  for (int seat : held) after = std::min(after, seats[static_cast<std::size_t>(seat)].heard_after);
  for (const auto& [number, line] : chat)
    if (number > after) *out.add_lines() = line;
  return out;
}

v1::Lobby lobby::view_for(const std::string& account_id,
                          const std::function<bool(const std::string&)>& online) const {
  v1::Lobby out;
  out.set_lobby_id(id);
  *out.mutable_settings() = settings;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const lobby_seat& s = seats[i];
    v1::LobbySeat& seat = *out.add_seats();
    seat.set_seat(static_cast<std::uint32_t>(i));
    seat.set_open(s.open);
    seat.set_name(s.name);
    seat.set_bot(s.is_bot());
    seat.set_bot_kind(s.bot);
    seat.set_ready(s.ready);
    seat.set_host(s.is_person() && s.account_id == host);
    seat.set_connected(s.is_bot() || (s.is_person() && online(s.account_id)));
    // Everyone learns that a seat has a deck; which one only its holder (a bot's starter is
    // public: it is a ready-made deck anyone may look up).
    seat.set_deck_chosen(s.has_deck());
    if (s.has_deck() && (s.is_bot() || s.account_id == account_id)) seat.set_deck_name(s.deck_name);
  }
  out.set_invite_code(invite_code);   // only members are ever sent a Lobby
  out.set_match_id(match_id);
  out.set_last_match_id(last_match_id);
  const int mine = seat_of(account_id);
  out.set_your_seat(mine < 0 ? 0 : static_cast<std::uint32_t>(mine));
  for (int seat : seats_of(account_id)) out.add_your_seats(static_cast<std::uint32_t>(seat));
  out.set_you_are_host(account_id == host);
  out.set_you_are_seated(mine >= 0);
  return out;
}

v1::LobbySummary lobby::summary() const {
  v1::LobbySummary out;
  out.set_lobby_id(id);
  out.set_game(settings.game());
  for (const lobby_seat& s : seats)
    if (s.is_person() && s.account_id == host) out.set_host_name(s.name);
  out.set_seats(static_cast<std::uint32_t>(seats.size()));
  std::uint32_t taken = 0;
  for (const lobby_seat& s : seats) taken += s.open ? 0 : 1;
  out.set_taken(taken);
  out.set_in_match(in_match());
  // Anyone may watch such a match (Watch checks the same setting), so its id is public.
  if (settings.allow_spectators()) out.set_watch_match_id(match_id);
  return out;
}

storage::lobby_record lobby::record() const {
  storage::lobby_record r;
  r.id = id;
  r.host_account = host;
  settings.SerializeToString(&r.settings);
  r.invite_code = invite_code;
  r.match_id = match_id.empty() ? last_match_id : match_id;   // running, else the last one
  r.created_ms = created_ms;
  for (std::size_t i = 0; i < seats.size(); ++i)
    if (!seats[i].open)
      r.seats.push_back({static_cast<std::uint32_t>(i), seats[i].account_id, seats[i].name, seats[i].bot,
                         seats[i].deck_id, seats[i].deck_name, seats[i].deck});
  r.removed.assign(removed.begin(), removed.end());
  std::sort(r.removed.begin(), r.removed.end());   // the same lobby saves as the same rows
  return r;
}

}  // namespace starport::server
