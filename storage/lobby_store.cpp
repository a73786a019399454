#include "storage/lobby_store.hpp"

#include "storage/deck_store.hpp"

namespace starport::storage {

lobby_store::lobby_store(sqlite3* db)
    : savepoint_(db),
      upsert_(db,
              "INSERT INTO lobbies (id, host_account, settings, invite_code, match_id, created_ms)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
              " ON CONFLICT (id) DO UPDATE SET host_account = excluded.host_account,"
              " settings = excluded.settings, invite_code = excluded.invite_code,"
              " match_id = excluded.match_id, created_ms = excluded.created_ms"),
      delete_(db, "DELETE FROM lobbies WHERE id = ?1"),
      all_(db,
           "SELECT id, host_account, settings, invite_code, match_id, created_ms FROM lobbies"
           " ORDER BY created_ms, id"),
      clear_seats_(db, "DELETE FROM lobby_seats WHERE lobby_id = ?1"),
      insert_seat_(db,
                   "INSERT INTO lobby_seats (lobby_id, seat, account_id, name, bot, deck_id, deck_name, deck)"
                   " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
      seats_(db,
             "SELECT seat, account_id, name, bot, deck_id, deck_name, deck FROM lobby_seats WHERE lobby_id = ?1"
             " ORDER BY seat"),
      clear_removed_(db, "DELETE FROM lobby_removed WHERE lobby_id = ?1"),
      insert_removed_(db, "INSERT INTO lobby_removed (lobby_id, account_id) VALUES (?1, ?2)"),
      removed_(db, "SELECT account_id FROM lobby_removed WHERE lobby_id = ?1 ORDER BY account_id") {}

void lobby_store::save(const lobby_record& l) {
  savepoint_.run("save_lobby", [&] {
    auto q = upsert_.start("save_lobby");
    q.bind_text(1, l.id).bind_text(2, l.host_account).bind_blob(3, l.settings);
    q.bind_text(4, l.invite_code).bind_text(5, l.match_id).bind(6, l.created_ms);
    q.run();
    // The seats are replaced whole: who sits where is one fact, saved with the lobby.
    auto clear = clear_seats_.start("save_lobby: seats");
    clear.bind_text(1, l.id);
    clear.run();
    for (const seat_record& seat : l.seats) {
      auto add = insert_seat_.start("save_lobby: seat");
      add.bind_text(1, l.id).bind(2, seat.seat).bind_text_or_null(3, seat.account_id);
      add.bind_text(4, seat.name).bind_text(5, seat.bot);
      add.bind_text(6, seat.deck_id).bind_text(7, seat.deck_name).bind_blob(8, encode_deck(seat.deck));
      add.run();
    }
    // So are the accounts the host removed (rarely more than a few).
    auto forget = clear_removed_.start("save_lobby: removed");
    forget.bind_text(1, l.id);
    forget.run();
    for (const std::string& account : l.removed) {
      auto add = insert_removed_.start("save_lobby: removed account");
      add.bind_text(1, l.id).bind_text(2, account);
      add.run();
    }
  });
}

void lobby_store::remove(const std::string& id) {
  // Closing a lobby twice is harmless, so a missing row is not an error.
  auto q = delete_.start("delete_lobby");
  q.bind_text(1, id);
  q.run();
}

std::vector<lobby_record> lobby_store::all() {
  std::vector<lobby_record> out;
  auto q = all_.start("lobbies");
  while (q.step())
    out.push_back({q.text(0), q.text(1), q.blob(2), q.text(3), q.text(4), q.integer(5), {}, {}});
  for (lobby_record& l : out) {
    auto seats = seats_.start("lobby seats");
    seats.bind_text(1, l.id);
    while (seats.step())
      l.seats.push_back({static_cast<std::uint32_t>(seats.integer(0)), seats.text(1), seats.text(2),
                         seats.text(3), seats.text(4), seats.text(5), decode_deck(seats.blob(6))});
    auto removed = removed_.start("lobby removed accounts");
    removed.bind_text(1, l.id);
    while (removed.step()) l.removed.push_back(removed.text(0));
  }
  return out;
}

}  // namespace starport::storage
