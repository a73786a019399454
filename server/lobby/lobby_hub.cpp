#include "server/lobby/lobby_hub.hpp"

#include <algorithm>
#include <climits>
#include <string_view>
#include <unordered_map>

#include "engine/registry.hpp"
#include "server/crypto.hpp"
#include "server/lobby/decks.hpp"
#include "server/match/fairness.hpp"
#include "server/lobby/game_catalog.hpp"
#include "server/lobby/seat_rules.hpp"
#include "server/match/match_actor.hpp"
#include "server/net/websocket_session.hpp"
#include "server/lobby/lobby_services.hpp"
#include "server/net/address_quota.hpp"
#include "server/net/metrics.hpp"
#include "server/session/text_rules.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

constexpr std::size_t max_listed = 200;
constexpr int lobby_id_bits = 64;
constexpr int invite_bits = 96;     // unguessable: a private lobby is reached only this way
constexpr int match_id_bits = 128;

std::string seat_range_words(const engine::game_info& game) {
  return std::string(game.title) + " is for " + std::to_string(game.min_seats) + " to " +
         std::to_string(game.max_seats) + " players; pick a number in that range.";
}

// Lobbies per client address (address_quota): the address a request came from, none once
// its connection is gone (nothing is answered then either).
std::optional<net::ip::address> peer_of(const request& r) {
  if (auto s = r.from.session.lock()) return s->peer();
  return std::nullopt;
}

std::string address_limit_words(std::size_t limit) {
  return std::to_string(limit) +
         " tables are already open from your network address; leave one of them before starting another.";
}

std::string span_words(std::chrono::milliseconds d) {
  const auto s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
  if (s >= 120) return std::to_string(s / 60) + " minutes";
  return std::to_string(s) + (s == 1 ? " second" : " seconds");
}

}  // namespace

lobby_hub::lobby_hub(std::shared_ptr<lobby_services> services)
    : services_(std::move(services)), strand_(net::make_strand(services_->ioc())), sweep_timer_(strand_) {}

void lobby_hub::restore(const std::vector<storage::lobby_record>& lobbies,
                        const std::vector<storage::match_record>& matches,
                        const std::vector<ended_match>& ended) {
  // By match id: every lobby looks its match up (thousands of each after a restart at capacity).
  std::unordered_map<std::string_view, const storage::match_record*> running_by_id;
  running_by_id.reserve(matches.size());
  for (const storage::match_record& m : matches) running_by_id.emplace(m.id, &m);
  std::unordered_map<std::string_view, const ended_match*> ended_by_id;
  for (const ended_match& e : ended) ended_by_id.emplace(e.record.id, &e);
  for (const storage::lobby_record& rec : lobbies) {
    lobby l;
    l.id = rec.id;
    l.host = rec.host_account;
    l.invite_code = rec.invite_code;
    l.created_ms = rec.created_ms;
    l.removed.insert(rec.removed.begin(), rec.removed.end());
    if (!l.settings.ParseFromString(rec.settings)) continue;
    l.game = engine::find_game(l.settings.game());
    if (!l.game) continue;
    l.seats.resize(l.settings.seats());
    const auto found = running_by_id.find(rec.match_id);
    const storage::match_record* running = found == running_by_id.end() ? nullptr : found->second;
    // The stored match is the one running, else the last one it ran (empty: none yet).
    if (!running) l.last_match_id = rec.match_id;
    if (running) {
      // The match's seats are the lobby's: they were copied from it at the start.
      l.match_id = rec.match_id;
      for (const storage::seat_record& s : running->seats) {
        if (s.seat >= l.seats.size()) continue;
        l.seats[s.seat] = lobby_seat{false, s.account_id, s.name, s.bot, true};
        // The seat's choice for a rematch is the lobby's (the match keeps its own lists).
        for (const storage::seat_record& chosen : rec.seats)
          if (chosen.seat == s.seat && chosen.account_id == s.account_id && chosen.bot == s.bot) {
            l.seats[s.seat].deck_id = chosen.deck_id;
            l.seats[s.seat].deck_name = chosen.deck_name;
            l.seats[s.seat].deck = chosen.deck;
          }
      }
    } else if (rec.seats.empty() && !l.seats.empty()) {
      // Saved before lobby seats were stored (schema 1): only the host comes back.
      l.seats[0] = lobby_seat{false, rec.host_account, "", "", false};
    } else {
      // Members and bots return to their seats; everyone confirms "ready" again.
      for (const storage::seat_record& s : rec.seats)
        if (s.seat < l.seats.size()) {
          l.seats[s.seat] = lobby_seat{false, s.account_id, s.name, s.bot, !s.bot.empty()};   // bots are always ready
          l.seats[s.seat].deck_id = s.deck_id;
          l.seats[s.seat].deck_name = s.deck_name;
          l.seats[s.seat].deck = s.deck;
        }
    }
    // A choice this build's rules no longer allow is cleared; a bot always has a deck.
    for (lobby_seat& seat : l.seats) {
      recheck_deck(*l.game, seat);
      if (l.game->decks && seat.is_bot() && !seat.has_deck()) take_starter(seat, any_starter(*l.game));
    }
    if (l.seat_of(l.host) < 0) continue;
    if (const auto e = ended_by_id.find(rec.match_id); e != ended_by_id.end()) {
      // Its match was not resumed: the table is free (last_match_id, above), and says why.
      v1::ChatLine line;
      line.set_lobby_id(l.id);
      line.set_text(e->second->reason);   // `from` empty: the server's
      line.set_at_ms(static_cast<std::uint64_t>(wall_ms()));
      l.remember(line);
    }
    if (!l.invite_code.empty()) invites_[l.invite_code] = l.id;
    const std::string id = l.id;
    if (auto [placed, added] = lobbies_.emplace(id, std::move(l)); added) reindex(placed->second);
  }
  services_->stats().lobbies(static_cast<std::int64_t>(lobbies_.size()));
  net::post(strand_, [self = shared_from_this()] { self->schedule_sweep(); });
}

// ---- abandoned lobbies -------------------------------------------------------------------

void lobby_hub::schedule_sweep() {
  // A quarter of the idle time, at most a minute: a lobby closes within ~1.5× of it.
  const auto shortest = std::min(services_->settings().lobby_idle, services_->settings().lobby_idle_unplayed);
  const auto every = std::min<std::chrono::milliseconds>(shortest / 4, std::chrono::minutes(1));
  sweep_timer_.expires_after(std::max<std::chrono::milliseconds>(every, std::chrono::milliseconds(10)));
  sweep_timer_.async_wait([weak = weak_from_this()](boost::system::error_code ec) {
    auto self = weak.lock();
    if (ec || !self) return;
    self->sweep();
    self->schedule_sweep();
  });
}

// A table that never ran a match, with everyone gone, was most likely thrown away (guests
// that filled the server's lobby cap did exactly this): it closes sooner (issue 13).
std::chrono::milliseconds lobby_hub::idle_limit(const lobby& l) const {
  const auto& s = services_->settings();
  return l.last_match_id.empty() ? std::min(s.lobby_idle, s.lobby_idle_unplayed) : s.lobby_idle;
}

void lobby_hub::sweep() {
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::string> abandoned;
  for (auto& [id, l] : lobbies_) {
    const std::vector<std::string> people = l.members();
    const bool attended = l.in_match() || std::any_of(people.begin(), people.end(),
                                                      [this](const std::string& a) { return online(a); });
    if (attended) {
      l.unattended_since.reset();
    } else if (!l.unattended_since) {
      l.unattended_since = now;
    } else if (now - *l.unattended_since >= idle_limit(l)) {
      abandoned.push_back(id);
    }
  }
  for (const std::string& id : abandoned) {
    const auto& l = lobbies_.at(id);
    close_lobby(id, "no member was online for " + span_words(idle_limit(l)));
  }
}

// ---- presence --------------------------------------------------------------------------

void lobby_hub::welcome(request r, std::string new_token) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), token = std::move(new_token)] {
    self->online_[r.account_id].push_back(r.from);
    v1::ServerMessage m;
    v1::Welcome& w = *m.mutable_welcome();
    w.set_protocol_version(protocol_version);
    w.set_server_version(server_version);
    w.set_account_id(r.account_id);
    w.set_display_name(r.display_name);
    w.set_token(token);
    for (const active_match& running : self->services_->active_matches(r.account_id)) {
      w.add_active_matches(running.id);
      w.add_active_match_games(running.game);
    }
    const std::vector<lobby*> mine = self->tables_of(r.account_id);
    for (lobby* l : mine) {
      for (int seat : l->seats_of(r.account_id))
        l->seats[static_cast<std::size_t>(seat)].name = r.display_name;   // a rename shows everywhere
      if (!l->in_match() && self->rename_clashing_bots(*l)) self->save(*l);   // kept across a restart
      w.add_lobbies(l->id);
    }
    m.set_request_id(r.request_id);
    send_to(r.from, encode_welcome(std::move(m)));
    for (const lobby* l : mine) self->push(*l, nullptr);
  });
}

void lobby_hub::session_closed(std::string account_id, std::uint64_t session_id) {
  net::post(strand_, [self = shared_from_this(), account_id = std::move(account_id), session_id] {
    auto it = self->online_.find(account_id);
    if (it == self->online_.end()) return;
    std::erase_if(it->second, [session_id](const session_ref& s) { return s.id == session_id; });
    if (!it->second.empty()) return;
    self->online_.erase(it);
    for (const lobby* l : self->tables_of(account_id)) self->push(*l, nullptr);
  });
}

bool lobby_hub::online(const std::string& account_id) const { return online_.contains(account_id); }

int lobby_hub::memberships(const std::string& account_id) const {
  auto mine = tables_.find(account_id);
  if (mine == tables_.end()) return 0;
  int n = 0;
  for (const std::string& id : mine->second)
    if (auto it = lobbies_.find(id); it != lobbies_.end()) n += it->second.after_match() ? 0 : 1;
  return n;
}

void lobby_hub::reindex(lobby& l) {
  std::vector<std::string> now = l.members();
  for (const std::string& gone : l.indexed) {
    if (std::find(now.begin(), now.end(), gone) != now.end()) continue;
    auto it = tables_.find(gone);
    if (it == tables_.end()) continue;
    std::erase(it->second, l.id);
    if (it->second.empty()) tables_.erase(it);
  }
  for (const std::string& came : now)
    if (std::find(l.indexed.begin(), l.indexed.end(), came) == l.indexed.end()) tables_[came].push_back(l.id);
  l.indexed = std::move(now);
}

void lobby_hub::unindex(lobby& l) {
  l.seats.clear();
  reindex(l);
}

std::vector<lobby*> lobby_hub::tables_of(const std::string& account_id) {
  std::vector<lobby*> out;
  auto mine = tables_.find(account_id);
  if (mine == tables_.end()) return out;
  for (const std::string& id : mine->second)
    if (auto it = lobbies_.find(id); it != lobbies_.end()) out.push_back(&it->second);
  return out;
}


void lobby_hub::send_account(const std::string& account_id, const request* answering,
                             const v1::ServerMessage& m) {
  auto it = online_.find(account_id);
  bool answered = false;
  if (it != online_.end()) {
    const frame_ptr plain = encode(m);
    for (const session_ref& s : it->second) {
      if (answering && s.id == answering->from.id) {
        reply(*answering, m);
        answered = true;
      } else {
        send_to(s, plain);
      }
    }
  }
  if (answering && !answered && answering->account_id == account_id) reply(*answering, m);
}

void lobby_hub::push(const lobby& l, const request* answering) {
  auto is_online = [this](const std::string& a) { return online(a); };
  for (const std::string& account : l.members()) {
    v1::ServerMessage m;
    *m.mutable_lobby() = l.view_for(account, is_online);
    send_account(account, answering, m);
  }
}

void lobby_hub::save(const lobby& l) {
  services_->storage().submit([record = l.record()](storage::database& db) { db.save_lobby(record); });
}

// By value: callers pass the lobby's own id, which the erase below frees.
void lobby_hub::close_lobby(std::string lobby_id, const std::string& reason) {
  auto it = lobbies_.find(lobby_id);
  if (it == lobbies_.end()) return;
  v1::ServerMessage m;
  m.mutable_lobby_closed()->set_lobby_id(lobby_id);
  m.mutable_lobby_closed()->set_reason(reason);
  for (const std::string& account : it->second.members()) send_account(account, nullptr, m);
  if (!it->second.invite_code.empty()) invites_.erase(it->second.invite_code);
  unindex(it->second);
  lobbies_.erase(it);
  services_->quotas().lobby_closed(lobby_id);
  services_->storage().submit([lobby_id = std::move(lobby_id)](storage::database& db) { db.delete_lobby(lobby_id); });
  services_->stats().lobbies(static_cast<std::int64_t>(lobbies_.size()));
}

lobby* lobby_hub::member_lobby(const request& r, const std::string& lobby_id, bool host) {
  auto it = lobbies_.find(lobby_id);
  if (it == lobbies_.end() || it->second.seat_of(r.account_id) < 0) {
    reply_error(r, v1::NOT_FOUND, "You are not at this table any more (it may have closed).");
    return nullptr;
  }
  if (host && it->second.host != r.account_id) {
    reply_error(r, v1::FORBIDDEN, "Only the table's host can do that.");
    return nullptr;
  }
  if (host && it->second.in_match()) {
    reply_error(r, v1::BAD_REQUEST, "The match has already started; this can change once it ends.");
    return nullptr;
  }
  return &it->second;
}

// ---- requests --------------------------------------------------------------------------

void lobby_hub::handle(request r, v1::ClientMessage message) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), message = std::move(message)] {
    using body = v1::ClientMessage::BodyCase;
    switch (message.body_case()) {
      case body::kListLobbies: return self->on_list(r, message.list_lobbies());
      case body::kCreateLobby: return self->on_create(r, message.create_lobby());
      case body::kJoinLobby: return self->on_join(r, message.join_lobby());
      case body::kLeaveLobby: return self->on_leave(r, message.leave_lobby());
      case body::kSetReady: return self->on_ready(r, message.set_ready());
      case body::kAddBot: return self->on_add_bot(r, message.add_bot());
      case body::kRemoveSeat: return self->on_remove_seat(r, message.remove_seat());
      case body::kStartMatch: return self->on_start(r, message.start_match());
      case body::kSendChat: return self->on_chat(r, message.send_chat());
      case body::kPlayComputer: return self->on_play_computer(r, message.play_computer());
      case body::kChooseDeck: return self->on_choose_deck(r, message.choose_deck());
      default: return reply_error(r, v1::BAD_REQUEST, "The server does not know this request; reload the page.");
    }
  });
}

void lobby_hub::on_list(const request& r, const v1::ListLobbies& m) {
  std::vector<const lobby*> shown;
  for (const auto& [id, l] : lobbies_)
    if (l.listable() && (m.game().empty() || l.settings.game() == m.game())) shown.push_back(&l);
  std::sort(shown.begin(), shown.end(), [](const lobby* a, const lobby* b) { return a->created_ms > b->created_ms; });
  if (shown.size() > max_listed) shown.resize(max_listed);
  v1::ServerMessage out;
  for (const lobby* l : shown) *out.mutable_lobby_list()->add_lobbies() = l->summary();
  out.mutable_lobby_list();
  reply(r, std::move(out));
}

// The checks every new table passes, whichever request makes it: a known game, its seat
// range, options it accepts, a turn timer in bounds, and room for one more table (the
// account's share and the server's). Answers the refusal itself and returns null.
const engine::game_info* lobby_hub::admit_table(const request& r, v1::LobbySettings& settings) {
  // Fields this server does not know are dropped, as the options' are below: a table's
  // settings go to every member on every change and into each of its match records.
  settings.DiscardUnknownFields();
  const engine::game_info* game = engine::find_game(settings.game());
  if (!game) {
    reply_error(r, v1::BAD_REQUEST, "There is no game called \"" + settings.game().substr(0, 40) + "\" here.");
    return nullptr;
  }
  const int seats = static_cast<int>(std::min<std::uint32_t>(settings.seats(), 1000));
  if (seats < game->min_seats || seats > game->max_seats) {
    reply_error(r, v1::BAD_OPTIONS, seat_range_words(*game));
    return nullptr;
  }
  engine::message_ptr options = game->new_options();
  if (!options->ParseFromString(settings.options())) {   // empty parses: the game's defaults
    reply_error(r, v1::BAD_OPTIONS, "These game options could not be read; reload the page and try again.");
    return nullptr;
  }
  if (const engine::verdict v = game->validate(seats, *options); !v) {
    reply_error(r, static_cast<v1::ErrorCode>(v.code), v.detail);
    return nullptr;
  }
  // The options are kept as re-serialized, capped: unknown fields (60 KB of them) are not
  // held or stored per table (issue 13).
  options->DiscardUnknownFields();
  std::string kept = options->SerializeAsString();
  if (kept.size() > services_->settings().max_options_bytes) {
    reply_error(r, v1::BAD_OPTIONS, "These game options are too long.");
    return nullptr;
  }
  settings.set_options(std::move(kept));
  if (settings.turn_seconds() > services_->settings().max_turn_seconds) {
    reply_error(r, v1::BAD_REQUEST, "The turn timer can be at most " +
                                        std::to_string(services_->settings().max_turn_seconds) + " seconds.");
    return nullptr;
  }
  if (memberships(r.account_id) >= services_->settings().lobbies_per_account) {
    reply_error(r, v1::LIMIT_REACHED, limit_words(services_->settings().lobbies_per_account));
    return nullptr;
  }
  if (const auto peer = peer_of(r); peer && !services_->quotas().may_open_lobby(*peer)) {
    services_->stats().refused(metrics::refusal::lobbies_per_address);
    reply_error(r, v1::LIMIT_REACHED, address_limit_words(services_->settings().lobbies_per_address));
    return nullptr;
  }
  if (lobbies_.size() >= services_->settings().max_lobbies) {
    services_->stats().refused(metrics::refusal::server_busy);
    reply_error(r, v1::SERVER_BUSY, "The server has too many open tables right now; try again later.");
    return nullptr;
  }
  return game;
}

// A new table with the requester in seat 0 as its host; the other seats open.
lobby lobby_hub::new_table(const request& r, const v1::LobbySettings& settings, const engine::game_info* game,
                           bool ready) {
  lobby l;
  l.id = random_hex(lobby_id_bits);
  l.settings = settings;
  l.game = game;
  l.host = r.account_id;
  if (settings.is_private()) l.invite_code = random_hex(invite_bits);
  l.created_ms = wall_ms();
  l.seats.resize(settings.seats());
  l.seats[0] = lobby_seat{false, r.account_id, r.display_name, "", ready};
  if (!l.invite_code.empty()) invites_[l.invite_code] = l.id;
  return l;
}

void lobby_hub::on_create(const request& r, const v1::CreateLobby& m) {
  v1::LobbySettings settings = m.settings();   // admit_table keeps its options re-serialized
  const engine::game_info* game = admit_table(r, settings);
  if (!game) return;
  lobby l = new_table(r, settings, game, false);
  const std::string id = l.id;
  const storage::lobby_record record = l.record();
  reindex(lobbies_.emplace(id, std::move(l)).first->second);
  if (const auto peer = peer_of(r)) services_->quotas().lobby_opened(*peer, id);
  services_->stats().lobbies(static_cast<std::int64_t>(lobbies_.size()));
  // The creator learns the lobby (and its invite code) once it is stored.
  auto done = [self = shared_from_this(), r, id](bool ok) {
    net::post(self->strand_, [self, r, id, ok] {
      if (!ok) {
        self->close_lobby(id, "it could not be stored");
        return reply_error(r, v1::INTERNAL, "The table could not be saved; try again.");
      }
      // Listed at once, it may have lost its creator meanwhile (who read its id in
      // ListLobbies and left): they are answered all the same.
      auto it = self->lobbies_.find(id);
      if (it == self->lobbies_.end() || it->second.seat_of(r.account_id) < 0)
        return reply_error(r, v1::NOT_FOUND, "You left this table before it was saved.");
      self->push(it->second, &r);
    });
  };
  services_->storage().submit([record](storage::database& db) { db.save_lobby(record); }, std::move(done));
}


void lobby_hub::on_chat(const request& r, const v1::SendChat& m) {
  lobby* l = member_lobby(r, m.lobby_id(), false);
  if (!l) return;
  std::optional<std::string> text = clean_line(m.text(), max_chat_chars);
  if (!text)
    return reply_error(r, v1::BAD_REQUEST,
                       "A chat message is 1 to 500 characters, some of them visible, without control, "
                       "invisible or text-direction characters.");
  // One budget per person at the table, whichever seat or tab they say it from.
  lobby_seat& seat = l->seats[static_cast<std::size_t>(l->seat_of(r.account_id))];
  const config& settings = services_->settings();
  if (!seat.chat_budget) seat.chat_budget.emplace(settings.chat_per_second, settings.chat_burst, INT_MAX);
  if (seat.chat_budget->take(rate_limiter::clock::now()) != rate_limiter::verdict::allow) {
    services_->stats().refused(metrics::refusal::chat_rate);
    return reply_error(r, v1::RATE_LIMITED,
                       "You are chatting faster than the table can read; wait a few seconds and send it again.");
  }
  v1::ServerMessage out;
  v1::ChatLine& line = *out.mutable_chat();
  line.set_lobby_id(l->id);
  line.set_from(r.display_name);
  line.set_text(std::move(*text));
  line.set_at_ms(static_cast<std::uint64_t>(wall_ms()));
  l->remember(line);
  for (const std::string& account : l->members()) send_account(account, &r, out);
}

// ---- starting and ending matches --------------------------------------------------------

void lobby_hub::on_start(const request& r, const v1::StartMatch& m) {
  lobby* l = member_lobby(r, m.lobby_id(), true);
  if (!l) return;
  // Seats are numbered from 1 for people, as the lobby page shows them.
  std::vector<std::string> open, waiting;
  for (std::size_t i = 0; i < l->seats.size(); ++i) {
    const lobby_seat& s = l->seats[i];
    if (s.open) {
      open.push_back(std::to_string(i + 1));
    } else if (s.is_person() && s.account_id != l->host && l->seats_of(s.account_id).front() == static_cast<int>(i)) {
      // A person once, with every seat they hold ("Bea (seats 2 and 3)"), waited for
      // while any of them is not ready.
      std::vector<std::string> numbers;
      bool ready = true;
      for (int seat : l->seats_of(s.account_id)) {
        numbers.push_back(std::to_string(seat + 1));
        ready = ready && l->seats[static_cast<std::size_t>(seat)].ready;
      }
      if (!ready) waiting.push_back(s.name + (numbers.size() == 1 ? " (seat " : " (seats ") + and_list(numbers) + ")");
    }
  }
  if (!open.empty())
    return reply_error(r, v1::BAD_REQUEST,
                       open.size() == 1 ? "Seat " + open[0] + " is still open: add a bot or wait for someone to join."
                                        : "Seats " + and_list(open) +
                                              " are still open: add bots or wait for players to join.");
  if (l->game->decks) {
    // Every seat brings a deck (bots have theirs from the start).
    std::vector<std::string> no_deck;
    for (std::size_t i = 0; i < l->seats.size(); ++i) {
      const lobby_seat& s = l->seats[i];
      if (s.has_deck()) continue;
      if (s.is_person() && s.account_id == l->host)
        return reply_error(r, v1::BAD_REQUEST, "Choose a deck for your seat first: one of yours or a starter deck.");
      no_deck.push_back(s.name + " (seat " + std::to_string(i + 1) + ")");
    }
    if (!no_deck.empty())
      return reply_error(r, v1::BAD_REQUEST, "Waiting for " + and_list(no_deck) + " to choose a deck.");
  }
  if (!waiting.empty())
    return reply_error(r, v1::BAD_REQUEST, "Waiting for " + and_list(waiting) + " to be ready.");
  if (l->after_match()) {
    // A rematch makes a finished table count again: each person there stays within the
    // limit on unfinished tables, as joining or creating another would.
    const int limit = services_->settings().lobbies_per_account;
    std::vector<std::string> full;
    for (const std::string& account : l->members()) {
      if (memberships(account) < limit) continue;
      if (account == r.account_id) return reply_error(r, v1::LIMIT_REACHED, limit_words(limit));
      full.push_back(l->seats[static_cast<std::size_t>(l->seat_of(account))].name);
    }
    if (!full.empty())
      return reply_error(r, v1::LIMIT_REACHED,
                         and_list(full) + (full.size() == 1 ? " is" : " are") + " already at " + std::to_string(limit) +
                             " tables that have not finished: a rematch waits until they leave one.");
  }
  start_match(r, *l);
}

void lobby_hub::on_play_computer(const request& r, const v1::PlayComputer& m) {
  const engine::game_info* known = engine::find_game(m.game());
  if (known && known->decks && !m.deck_id().empty() && !is_starter_id(m.deck_id())) {
    if (m.deck_id().size() > max_deck_id_chars)
      return reply_error(r, v1::NOT_FOUND, "You have no deck with this id (it may have been deleted).");
    // The caller's own deck: read first, the table is made once it is back.
    auto found = std::make_shared<std::optional<storage::deck_record>>();
    auto job = [found, account = r.account_id, id = m.deck_id()](storage::database& db) { *found = db.deck(account, id); };
    services_->storage().submit(std::move(job), [self = shared_from_this(), r, m, found](bool ok) {
      net::post(self->strand_, [self, r, m, found, ok] {
        if (!ok) return reply_error(r, v1::INTERNAL, "Your decks cannot be reached right now; try again in a moment.");
        self->play_computer(r, m, true, *found);
      });
    });
    return;
  }
  play_computer(r, m, false, std::nullopt);
}

void lobby_hub::play_computer(const request& r, const v1::PlayComputer& m, bool fetched,
                              const std::optional<storage::deck_record>& own) {
  // A private table (never listed), without a turn timer.
  v1::LobbySettings settings;
  settings.set_game(m.game());
  const engine::game_info* known = engine::find_game(m.game());
  settings.set_seats(m.seats() == 0 && known ? static_cast<std::uint32_t>(known->default_seats) : m.seats());
  settings.set_options(m.options());
  settings.set_is_private(true);
  const engine::game_info* game = admit_table(r, settings);
  if (!game) return;
  const std::string title(game->title);
  // No kind asked: the game's last, its strongest (bots are listed weakest first).
  const std::string kind = !m.bot().empty() ? m.bot() : game->bots.empty() ? "" : std::string(game->bots.back().name);
  if (!game->find_bot(kind))
    return reply_error(r, v1::BAD_REQUEST, title + " has no bot called \"" + kind.substr(0, 40) +
                                               "\"; pick one of: " + bot_choices(*game) + ".");
  // The caller's deck: their own, the starter they named, else any starter.
  lobby_seat mine{false, r.account_id, r.display_name, "", true};
  if (game->decks) {
    if (fetched) {
      if (!own || own->game != m.game())
        return reply_error(r, v1::NOT_FOUND, "You have no deck with this id (it may have been deleted).");
      const std::vector<std::string> problems = deck_problems(*game, own->rules_version, own->cards);
      if (!problems.empty())
        return reply_error(r, v1::BAD_REQUEST,
                           "Your deck \"" + own->name + "\" cannot be played yet; fix it in the deck builder first.", problems);
      mine.deck_id = own->id;
      mine.deck_name = own->name;
      mine.deck = own->cards;
    } else if (!m.deck_id().empty()) {
      const engine::starter_deck* starter = find_starter(*game, m.deck_id());
      if (!starter)
        return reply_error(r, v1::BAD_REQUEST, "There is no starter deck with this id; pick one of: " +
                                                   starter_choices(*game) + ".");
      take_starter(mine, *starter);
    } else {
      take_starter(mine, any_starter(*game));
    }
  } else if (!m.deck_id().empty()) {
    return reply_error(r, v1::BAD_REQUEST, title + " has no decks: every seat plays with the game's own cards.");
  }
  // The caller in seat 0, named bots everywhere else.
  lobby l = new_table(r, settings, game, true);
  l.seats[0] = std::move(mine);
  for (std::size_t i = 1; i < l.seats.size(); ++i) {
    l.seats[i] = lobby_seat{false, "", free_bot_name(l, static_cast<int>(i)), kind, true};
    if (game->decks) take_starter(l.seats[i], any_starter(*game));
  }
  const std::string id = l.id;
  auto& placed = lobbies_.emplace(id, std::move(l)).first->second;
  reindex(placed);
  if (const auto peer = peer_of(r)) services_->quotas().lobby_opened(*peer, id);
  services_->stats().lobbies(static_cast<std::int64_t>(lobbies_.size()));
  save(placed);
  start_match(r, placed);   // answered with the Lobby, its match_id set, once the match is stored
}

void lobby_hub::start_match(const request& r, lobby& lobby_ref) {
  lobby* l = &lobby_ref;
  engine::message_ptr options = l->game->new_options();
  options->ParseFromString(l->settings.options());   // it parsed when the lobby was created
  const fair_seed fair = draw_fair_seed();
  storage::match_record record;
  record.id = random_hex(match_id_bits);
  record.lobby_id = l->id;
  record.game = std::string(l->game->id);
  record.rules_version = l->game->rules_version;
  record.options = l->settings.options();
  record.seed = fair.seed;
  record.salt = fair.salt;
  l->settings.SerializeToString(&record.settings);
  // Each seat's deck goes into the record with the match (one transaction), as the list was
  // when the match started: a replay and recovery deal from it whatever the deck becomes.
  std::vector<engine::deck_list> decks;
  for (std::size_t i = 0; i < l->seats.size(); ++i) {
    const lobby_seat& s = l->seats[i];
    record.seats.push_back(storage::seat_record{static_cast<std::uint32_t>(i), s.account_id, s.name, s.bot,
                                                s.deck_id, s.deck_name, l->game->decks ? s.deck : engine::deck_list{}});
    if (l->game->decks) decks.push_back(s.deck);
  }
  record.started_ms = wall_ms();
  const int seats = static_cast<int>(l->seats.size());
  auto game = std::shared_ptr<engine::match>(l->game->decks ? l->game->create_with_decks(seats, *options, decks, fair.seed)
                                                            : l->game->create(seats, *options, fair.seed));
  l->starting = true;
  // The match exists once its record has committed; only then may anyone act in it.
  auto done = [self = shared_from_this(), r, lobby_id = l->id, record, game](bool ok) {
    net::post(self->strand_, [self, r, lobby_id, record, game, ok] {
      self->on_started(r, lobby_id, record, game->clone(), ok);
    });
  };
  // The match and its lobby's match id commit together: a crash leaves both or neither.
  storage::lobby_record table = l->record();
  table.match_id = record.id;
  services_->storage().submit(
      [record, table](storage::database& db) {
        db.create_match(record);
        db.save_lobby(table);
      },
      std::move(done));
}

void lobby_hub::on_started(const request& r, const std::string& lobby_id, storage::match_record record,
                           std::unique_ptr<engine::match> game, bool ok) {
  auto it = lobbies_.find(lobby_id);
  if (!ok) {
    if (it != lobbies_.end()) it->second.starting = false;
    return reply_error(r, v1::INTERNAL, "The match could not be saved, so it did not start; try again.");
  }
  std::vector<std::pair<int, session_ref>> seated;
  for (const storage::seat_record& s : record.seats) {
    auto online = online_.find(s.account_id);
    if (s.account_id.empty() || online == online_.end()) continue;
    for (const session_ref& ref : online->second) seated.emplace_back(static_cast<int>(s.seat), ref);
  }
  auto actor = open_match(match_room(services_), record, std::move(game), 0);
  if (it != lobbies_.end()) {
    it->second.starting = false;
    it->second.match_id = record.id;   // stored with the match (start_match)
    push(it->second, &r);
  }
  actor->start(std::move(seated));
}

void lobby_hub::server_says(lobby& l, const std::string& text) {
  v1::ServerMessage out;
  v1::ChatLine& line = *out.mutable_chat();
  line.set_lobby_id(l.id);
  line.set_text(text);   // `from` empty: no member's name can be empty, so it is the server's
  line.set_at_ms(static_cast<std::uint64_t>(wall_ms()));
  l.remember(line);
  for (const std::string& account : l.members()) send_account(account, nullptr, out);
}

void lobby_hub::match_over(std::string lobby_id, std::string match_id, std::string reason) {
  net::post(strand_, [self = shared_from_this(), lobby_id = std::move(lobby_id), match_id = std::move(match_id),
                      reason = std::move(reason)] {
    auto it = self->lobbies_.find(lobby_id);
    if (it == self->lobbies_.end() || it->second.match_id != match_id) return;
    // The table is free for a rematch: everyone confirms again.
    it->second.last_match_id = std::move(it->second.match_id);
    it->second.match_id.clear();
    it->second.ended_ms = wall_ms();
    for (lobby_seat& s : it->second.seats) {
      if (s.is_person()) s.ready = false;
      // A rematch keeps each seat's deck while its list is still legal.
      recheck_deck(*it->second.game, s);
    }
    self->save(it->second);
    self->push(it->second, nullptr);
    if (!reason.empty()) self->server_says(it->second, reason);
    // A finished table no longer counts toward the limit, but memberships stay bounded.
    for (const std::string& account : it->second.members()) self->trim_finished(account);
  });
}

}  // namespace starport::server
