#include "storage/deck_store.hpp"

namespace starport::storage {

deck_store::deck_store(sqlite3* db)
    : upsert_(db,
              "INSERT INTO decks (account_id, id, game, name, cards, updated_ms)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
              " ON CONFLICT (account_id, id) DO UPDATE SET game = excluded.game,"
              " name = excluded.name, cards = excluded.cards, updated_ms = excluded.updated_ms"),
      of_(db,
          "SELECT id, account_id, game, name, cards, updated_ms FROM decks"
          " WHERE account_id = ?1 AND (?2 = '' OR game = ?2) ORDER BY name, id"),
      delete_(db, "DELETE FROM decks WHERE account_id = ?1 AND id = ?2") {}

void deck_store::save(const deck_record& d) {
  auto q = upsert_.start("save_deck");
  q.bind_text(1, d.account_id).bind_text(2, d.id).bind_text(3, d.game).bind_text(4, d.name);
  q.bind_blob(5, d.cards).bind(6, d.updated_ms);
  q.run();
}

std::vector<deck_record> deck_store::of(const std::string& account_id, const std::string& game) {
  std::vector<deck_record> out;
  auto q = of_.start("decks");
  q.bind_text(1, account_id).bind_text(2, game);
  while (q.step())
    out.push_back({q.text(0), q.text(1), q.text(2), q.text(3), q.blob(4), q.integer(5)});
  return out;
}

void deck_store::remove(const std::string& account_id, const std::string& deck_id) {
  // Scoped by owner: an account cannot delete another's deck; a missing deck is not an error.
  auto q = delete_.start("delete_deck");
  q.bind_text(1, account_id).bind_text(2, deck_id);
  q.run();
}

}  // namespace starport::storage
