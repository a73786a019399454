// lobby_hub's seat handling: joining, taking and giving up seats, Ready, bots, and each
// seat's deck. The same actor as lobby_hub.cpp (one strand); split by concern.
#include <algorithm>

#include "server/lobby/decks.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/lobby/seat_rules.hpp"
#include "server/lobby/lobby_services.hpp"
#include "server/net/address_quota.hpp"
#include "server/net/metrics.hpp"
#include "storage/worker.hpp"

namespace starport::server {

// ---- seats ---------------------------------------------------------------------------

void lobby_hub::leave(lobby& l, const std::string& account_id, const std::string& reason, const request* answering) {
  const std::vector<int> held = l.seats_of(account_id);
  if (held.empty()) return;
  for (int seat : held) l.seats[static_cast<std::size_t>(seat)] = lobby_seat{};   // all of them
  reindex(l);
  v1::ServerMessage bye;
  bye.mutable_lobby_closed()->set_lobby_id(l.id);
  bye.mutable_lobby_closed()->set_reason(reason);
  send_account(account_id, answering, bye);
  if (l.people() == 0) return close_lobby(l.id, "everyone left");
  if (l.host == account_id) {
    // The longest-seated remaining person hosts now.
    for (const lobby_seat& s : l.seats)
      if (s.is_person()) {
        l.host = s.account_id;
        break;
      }
  }
  save(l);
  push(l, nullptr);
}

void lobby_hub::trim_finished(const std::string& account_id) {
  const int cap = std::max(services_->settings().tables_per_account, services_->settings().lobbies_per_account + 1);
  for (;;) {
    int total = 0;
    lobby* oldest = nullptr;
    for (lobby* l : tables_of(account_id)) {
      ++total;
      if (!l->after_match()) continue;
      // Oldest by when its match ended; after a restart (0) by when it was made.
      if (!oldest || std::pair(l->ended_ms, l->created_ms) < std::pair(oldest->ended_ms, oldest->created_ms))
        oldest = l;
    }
    if (total <= cap || !oldest) return;
    leave(*oldest, account_id,
          "You had " + std::to_string(total) + " tables; the server left your oldest finished one for you.",
          nullptr);
  }
}

bool lobby_hub::rename_clashing_bots(lobby& l) {
  bool renamed = false;
  for (std::size_t i = 0; i < l.seats.size(); ++i) {
    lobby_seat& bot = l.seats[i];
    if (!bot.is_bot()) continue;
    bool clash = false;
    for (std::size_t j = 0; j < l.seats.size() && !clash; ++j)
      clash = j != i && !l.seats[j].open && same_name(l.seats[j].name, bot.name);
    if (clash) {
      bot.name = free_bot_name(l, static_cast<int>(i));
      renamed = true;
    }
  }
  return renamed;
}

void lobby_hub::on_join(const request& r, const v1::JoinLobby& m) {
  lobby* l = nullptr;
  if (!m.invite_code().empty()) {
    auto code = invites_.find(m.invite_code());
    if (code != invites_.end()) l = &lobbies_.at(code->second);
    if (!l)
      return reply_error(r, v1::NOT_FOUND, "This invite link does not lead to an open table any more; ask for a new one.");
  } else {
    auto it = lobbies_.find(m.lobby_id());
    // A private lobby is reached only by its code (by id it does not exist), except by
    // its own members coming back.
    if (it == lobbies_.end() ||
        (it->second.settings.is_private() && it->second.seat_of(r.account_id) < 0))
      return reply_error(r, v1::NOT_FOUND, "This table has closed, or it is not a public one.");
    l = &it->second;
  }
  if (m.another_seat()) return take_another_seat(r, *l);
  if (l->seat_of(r.account_id) >= 0) {   // already in: the lobby again, and its chat
    v1::ServerMessage back;
    *back.mutable_lobby() = l->view_for(r.account_id, [this](const std::string& a) { return online(a); });
    *back.mutable_lobby()->mutable_recent_chat() = l->chat_heard_by(r.account_id);
    return reply(r, std::move(back));
  }
  if (l->removed.count(r.account_id))
    return reply_error(r, v1::FORBIDDEN, "The host removed you from this table, so you cannot join it again.");
  if (l->in_match())
    return reply_error(r, v1::LOBBY_FULL,
                       l->settings.allow_spectators()
                           ? "Its match has already started; you can watch it instead."
                           : "Its match has already started, and it does not allow spectators.");
  const int seat = l->open_seat();
  if (seat < 0) return reply_error(r, v1::LOBBY_FULL, "Every seat at this table is taken.");
  if (memberships(r.account_id) >= services_->settings().lobbies_per_account)
    return reply_error(r, v1::LIMIT_REACHED, limit_words(services_->settings().lobbies_per_account));
  l->seats[seat] = lobby_seat{false, r.account_id, r.display_name, "", false, l->chat_said};
  reindex(*l);
  rename_clashing_bots(*l);
  save(*l);   // who sits where survives a restart (ready does not: everyone confirms again)
  push(*l, &r);
}

void lobby_hub::take_another_seat(const request& r, lobby& l) {
  const std::vector<int> held = l.seats_of(r.account_id);
  if (held.empty())
    return reply_error(r, v1::BAD_REQUEST, "Join the table first; then you can take another seat at it.");
  if (!l.game->cooperative)
    return reply_error(r, v1::BAD_REQUEST, std::string(l.game->title) +
                                               " is played against each other: one seat per person.");
  if (l.in_match())
    return reply_error(r, v1::BAD_REQUEST, "The match has already started; you can take another seat once it ends.");
  const int seat = l.open_seat();
  if (seat < 0) return reply_error(r, v1::LOBBY_FULL, "Every seat at this table is taken.");
  // The chat they heard is the chat since their first seat; Ready covers every seat, so the
  // new one asks for it again.
  l.seats[static_cast<std::size_t>(seat)] =
      lobby_seat{false, r.account_id, r.display_name, "", false, l.seats[static_cast<std::size_t>(held[0])].heard_after};
  for (int mine : held) l.seats[static_cast<std::size_t>(mine)].ready = false;
  save(l);
  push(l, &r);
}

int lobby_hub::chosen_seat(const request& r, const lobby& l, std::uint32_t wanted) {
  const std::vector<int> held = l.seats_of(r.account_id);
  if (held.size() == 1) return held[0];
  for (int seat : held)
    if (static_cast<std::uint32_t>(seat) == wanted) return seat;
  std::vector<std::string> numbers;
  for (int seat : held) numbers.push_back(std::to_string(seat + 1));
  reply_error(r, v1::FORBIDDEN, "You do not hold seat " + std::to_string(static_cast<std::uint64_t>(wanted) + 1) +
                                    "; yours are seats " + and_list(numbers) + ".");
  return -1;
}

void lobby_hub::on_leave(const request& r, const v1::LeaveLobby& m) {
  lobby* l = member_lobby(r, m.lobby_id(), false);
  if (!l) return;
  // Like every other change while its match is stored: on_started answers the host, who
  // must still be a member of a lobby that still exists.
  if (l->starting) return reply_error(r, v1::BAD_REQUEST, "The match is starting; you can leave once it has started.");
  leave(*l, r.account_id, "you left", &r);
}

void lobby_hub::on_ready(const request& r, const v1::SetReady& m) {
  lobby* l = member_lobby(r, m.lobby_id(), false);
  if (!l) return;
  if (l->in_match()) return reply_error(r, v1::BAD_REQUEST, "The match has already started.");
  // Once for every seat the person holds.
  const std::vector<int> held = l->seats_of(r.account_id);
  for (int seat : held)
    if (m.ready() && l->game->decks && !l->seats[static_cast<std::size_t>(seat)].has_deck())
      return reply_error(r, v1::BAD_REQUEST,
                         held.size() == 1 ? "Choose a deck first: one of yours or a starter deck."
                                          : "Choose a deck for seat " + std::to_string(seat + 1) +
                                                " first: one of yours or a starter deck.");
  for (int seat : held) l->seats[static_cast<std::size_t>(seat)].ready = m.ready();
  push(*l, &r);
}

void lobby_hub::on_add_bot(const request& r, const v1::AddBot& m) {
  lobby* l = member_lobby(r, m.lobby_id(), true);
  if (!l) return;
  if (!l->game->find_bot(m.bot()))
    return reply_error(r, v1::BAD_REQUEST, std::string(l->game->title) + " has no bot called \"" +
                                               m.bot().substr(0, 40) + "\"; pick one of: " + bot_choices(*l->game) + ".");
  // A bot brings a starter deck: the one asked for, else any.
  const engine::starter_deck* starter = nullptr;
  if (l->game->decks) {
    starter = m.deck_id().empty() ? &any_starter(*l->game) : find_starter(*l->game, m.deck_id());
    if (!starter)
      return reply_error(r, v1::BAD_REQUEST, "A bot plays a starter deck; pick one of: " + starter_choices(*l->game) + ".");
  } else if (!m.deck_id().empty()) {
    return reply_error(r, v1::BAD_REQUEST, std::string(l->game->title) + " has no decks: every seat plays with the game's own cards.");
  }
  // The asked-for seat, or the lowest open one when that is taken.
  int seat = m.seat() < l->seats.size() && l->seats[m.seat()].open ? static_cast<int>(m.seat()) : l->open_seat();
  if (seat < 0) return reply_error(r, v1::LOBBY_FULL, "Every seat is taken; remove one first to add a bot.");
  l->seats[seat] = lobby_seat{false, "", free_bot_name(*l, seat), m.bot(), true};
  if (starter) take_starter(l->seats[seat], *starter);
  save(*l);
  push(*l, &r);
}

void lobby_hub::on_remove_seat(const request& r, const v1::RemoveSeat& m) {
  lobby* own = member_lobby(r, m.lobby_id(), false);
  if (!own) return;
  // One of several seats of one's own: anyone may give it up (the host's rights not needed).
  if (m.seat() < own->seats.size() && own->seats[m.seat()].is_person() &&
      own->seats[m.seat()].account_id == r.account_id && own->seats_of(r.account_id).size() > 1) {
    if (own->in_match())
      return reply_error(r, v1::BAD_REQUEST, "The match has already started; this can change once it ends.");
    own->seats[m.seat()] = lobby_seat{};
    reindex(*own);
    for (int seat : own->seats_of(r.account_id)) own->seats[static_cast<std::size_t>(seat)].ready = false;
    save(*own);
    return push(*own, &r);
  }
  lobby* l = member_lobby(r, m.lobby_id(), true);
  if (!l) return;
  if (m.seat() >= l->seats.size())
    return reply_error(r, v1::BAD_REQUEST, "This table has no seat " + std::to_string(m.seat() + 1) + ".");
  lobby_seat& seat = l->seats[m.seat()];
  if (seat.open) return reply_error(r, v1::BAD_REQUEST, "Seat " + std::to_string(m.seat() + 1) + " is already open.");
  if (seat.is_person() && seat.account_id == r.account_id)
    return reply_error(r, v1::BAD_REQUEST, "That is your own seat: to leave your table, use Leave.");
  const std::string kicked = seat.is_person() ? seat.account_id : std::string{};
  seat = lobby_seat{};
  if (!kicked.empty()) {
    // A person is removed from the table, with every seat they hold.
    for (int other : l->seats_of(kicked)) l->seats[static_cast<std::size_t>(other)] = lobby_seat{};
    reindex(*l);
    l->removed.insert(kicked);
    v1::ServerMessage bye;
    bye.mutable_lobby_closed()->set_lobby_id(l->id);
    bye.mutable_lobby_closed()->set_reason("removed by the host");
    send_account(kicked, nullptr, bye);
  }
  save(*l);
  push(*l, &r);
}

// ---- decks ---------------------------------------------------------------------------

void lobby_hub::on_choose_deck(const request& r, const v1::ChooseDeck& m) {
  lobby* l = member_lobby(r, m.lobby_id(), false);
  if (!l) return;
  if (!l->game->decks)
    return reply_error(r, v1::BAD_REQUEST, std::string(l->game->title) + " has no decks: every seat plays with the game's own cards.");
  if (l->in_match())
    return reply_error(r, v1::BAD_REQUEST, "The match has already started; you can choose a deck for the next one once it ends.");
  const int at = chosen_seat(r, *l, m.seat());
  if (at < 0) return;
  lobby_seat& seat = l->seats[static_cast<std::size_t>(at)];
  const std::uint64_t asked = ++seat.deck_asked;   // an earlier choice still being read is superseded
  if (m.deck_id().empty()) return seat_deck(r, *l, seat, "", "", {});
  if (is_starter_id(m.deck_id())) {
    const engine::starter_deck* starter = find_starter(*l->game, m.deck_id());
    if (!starter)
      return reply_error(r, v1::BAD_REQUEST, "There is no starter deck with this id; pick one of: " +
                                                 starter_choices(*l->game) + ".");
    return seat_deck(r, *l, seat, starter_deck_id(*starter), starter->name, starter->cards);
  }
  if (m.deck_id().size() > max_deck_id_chars)
    return reply_error(r, v1::NOT_FOUND, "You have no deck with this id (it may have been deleted).");
  auto found = std::make_shared<std::optional<storage::deck_record>>();
  auto job = [found, account = r.account_id, id = m.deck_id()](storage::database& db) { *found = db.deck(account, id); };
  services_->storage().submit(std::move(job), [self = shared_from_this(), r, lobby_id = l->id, at, asked, found](bool ok) {
    net::post(self->strand_, [self, r, lobby_id, at, asked, found, ok] {
      if (!ok) return reply_error(r, v1::INTERNAL, "Your decks cannot be reached right now; try again in a moment.");
      self->on_deck_loaded(r, lobby_id, at, asked, *found);
    });
  });
}

void lobby_hub::on_deck_loaded(const request& r, const std::string& lobby_id, int at, std::uint64_t asked,
                               const std::optional<storage::deck_record>& found) {
  lobby* l = member_lobby(r, lobby_id, false);
  if (!l) return;
  if (l->in_match())
    return reply_error(r, v1::BAD_REQUEST, "The match has already started; you can choose a deck for the next one once it ends.");
  // The seat may have been given up (or taken by someone else) while the deck was read.
  const std::vector<int> held = l->seats_of(r.account_id);
  if (std::find(held.begin(), held.end(), at) == held.end())
    return reply_error(r, v1::BAD_REQUEST, "You no longer hold seat " + std::to_string(at + 1) + ".");
  lobby_seat& seat = l->seats[static_cast<std::size_t>(at)];
  if (seat.deck_asked != asked) {
    // A later ChooseDeck decides; this one is answered with the table as it is.
    v1::ServerMessage out;
    *out.mutable_lobby() = l->view_for(r.account_id, [this](const std::string& a) { return online(a); });
    return reply(r, std::move(out));
  }
  // Another account's deck is not found, exactly like one that does not exist.
  if (!found) return reply_error(r, v1::NOT_FOUND, "You have no deck with this id (it may have been deleted).");
  if (found->game != l->settings.game())
    return reply_error(r, v1::BAD_REQUEST, "Your deck \"" + found->name + "\" is for another game.");
  const std::vector<std::string> problems = deck_problems(*l->game, found->rules_version, found->cards);
  if (!problems.empty())
    return reply_error(r, v1::BAD_REQUEST,
                       "Your deck \"" + found->name + "\" cannot be played yet; fix it in the deck builder first.", problems);
  seat_deck(r, *l, seat, found->id, found->name, found->cards);
}

void lobby_hub::seat_deck(const request& r, lobby& l, lobby_seat& seat, std::string deck_id, std::string name,
                          engine::deck_list cards) {
  seat.deck_id = std::move(deck_id);
  seat.deck_name = std::move(name);
  seat.deck = std::move(cards);
  // The table sees a new choice: its player confirms again, for every seat they hold (one
  // Ready covers them all).
  seat.ready = false;
  if (seat.is_person())
    for (int held : l.seats_of(seat.account_id)) l.seats[static_cast<std::size_t>(held)].ready = false;
  save(l);
  push(l, &r);
}

void lobby_hub::deck_changed(std::string account_id, std::string deck_id, std::optional<storage::deck_record> now) {
  net::post(strand_, [self = shared_from_this(), account_id = std::move(account_id), deck_id = std::move(deck_id),
                      now = std::move(now)] {
    for (lobby* table : self->tables_of(account_id)) {
      lobby& l = *table;
      for (int at : l.seats_of(account_id)) {   // every seat of theirs that chose it
        lobby_seat& seat = l.seats[static_cast<std::size_t>(at)];
        if (!seat.has_deck() || seat.deck_id != deck_id) continue;
        const bool playable = now && now->game == l.settings.game() && l.game->decks &&
                              deck_problems(*l.game, now->rules_version, now->cards).empty();
        if (playable && seat.deck == now->cards && seat.deck_name == now->name) continue;
        // A running match keeps the list it was dealt; this is the seat's choice for the next.
        if (!l.in_match() && (!playable || seat.deck != now->cards))
          for (int held : l.seats_of(account_id)) l.seats[static_cast<std::size_t>(held)].ready = false;
        if (playable) {
          seat.deck = now->cards;
          seat.deck_name = now->name;
        } else {
          seat.clear_deck();
        }
        self->save(l);
        self->push(l, nullptr);
      }
    }
  });
}

}  // namespace starport::server
