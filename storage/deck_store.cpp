#include "storage/deck_store.hpp"

#include "storage/sqlite_error.hpp"

namespace starport::storage {

namespace {

constexpr const char* deck_columns = "id, account_id, game, name, rules_version, cards, created_ms, updated_ms";

std::string select_decks(const char* where) {
  return std::string("SELECT ") + deck_columns + " FROM decks " + where;
}

deck_record read_deck(const statement::use& q) {
  deck_record d;
  d.id = q.text(0);
  d.account_id = q.text(1);
  d.game = q.text(2);
  d.name = q.text(3);
  d.rules_version = static_cast<int>(q.integer(4));
  d.cards = decode_deck(q.blob(5));
  d.created_ms = q.integer(6);
  d.updated_ms = q.integer(7);
  return d;
}

}  // namespace

std::string encode_deck(const engine::deck_list& cards) {
  std::string out;
  out.reserve(cards.size() * 2);
  for (const engine::card_index c : cards) {
    out.push_back(static_cast<char>(c & 0xff));
    out.push_back(static_cast<char>(c >> 8));
  }
  return out;
}

engine::deck_list decode_deck(std::string_view bytes) {
  if (bytes.size() % 2 != 0) reject("read deck", "a deck list's length is odd");
  engine::deck_list out;
  out.reserve(bytes.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); i += 2)
    out.push_back(static_cast<engine::card_index>(static_cast<unsigned char>(bytes[i]) |
                                                  static_cast<unsigned char>(bytes[i + 1]) << 8));
  return out;
}

deck_store::deck_store(sqlite3* db)
    : insert_(db,
              "INSERT INTO decks (account_id, id, game, name, rules_version, cards, created_ms, updated_ms)"
              " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
      update_(db,
              "UPDATE decks SET name = ?4, rules_version = ?5, cards = ?6, updated_ms = ?7"
              " WHERE account_id = ?1 AND id = ?2 AND game = ?3"),
      count_(db, "SELECT count(*) FROM decks WHERE account_id = ?1"),
      latest_(db, "SELECT max(updated_ms) FROM decks WHERE account_id = ?1"),
      name_taken_(db,
                  "SELECT 1 FROM decks WHERE account_id = ?1 AND game = ?2 AND name = ?3 COLLATE NOCASE"
                  " AND id <> ?4"),
      by_id_(db, select_decks("WHERE account_id = ?1 AND id = ?2").c_str()),
      of_(db, select_decks("WHERE account_id = ?1 AND (?2 = '' OR game = ?2) ORDER BY updated_ms DESC, id")
                  .c_str()),
      delete_(db, "DELETE FROM decks WHERE account_id = ?1 AND id = ?2") {}

deck_save deck_store::save(deck_record& d, bool create, std::size_t max_decks) {
  if (create) {
    auto q = count_.start("save_deck: count");
    q.bind_text(1, d.account_id);
    if (q.step() && static_cast<std::size_t>(q.integer(0)) >= max_decks) return deck_save::too_many;
  }
  {
    // The unique index would refuse it too, but as an error; this says which refusal it is.
    auto q = name_taken_.start("save_deck: name");
    q.bind_text(1, d.account_id).bind_text(2, d.game).bind_text(3, d.name).bind_text(4, d.id);
    if (q.step()) return deck_save::name_taken;
  }
  {
    // Listed newest first: a save in the same millisecond as the last one still follows it.
    auto q = latest_.start("save_deck: latest");
    q.bind_text(1, d.account_id);
    if (q.step() && q.integer(0) >= d.updated_ms) d.updated_ms = q.integer(0) + 1;
  }
  const std::string cards = encode_deck(d.cards);
  if (create) {
    auto q = insert_.start("save_deck");
    q.bind_text(1, d.account_id).bind_text(2, d.id).bind_text(3, d.game).bind_text(4, d.name);
    q.bind(5, d.rules_version).bind_blob(6, cards).bind(7, d.created_ms).bind(8, d.updated_ms);
    q.run();
    return deck_save::saved;
  }
  // Scoped by owner and game: an account can neither overwrite another's deck nor move one
  // of its own to another game.
  auto q = update_.start("save_deck");
  q.bind_text(1, d.account_id).bind_text(2, d.id).bind_text(3, d.game).bind_text(4, d.name);
  q.bind(5, d.rules_version).bind_blob(6, cards).bind(7, d.updated_ms);
  q.run();
  return q.changes() == 0 ? deck_save::not_found : deck_save::saved;
}

std::optional<deck_record> deck_store::by_id(const std::string& account_id, const std::string& deck_id) {
  auto q = by_id_.start("deck");
  q.bind_text(1, account_id).bind_text(2, deck_id);
  if (!q.step()) return std::nullopt;
  return read_deck(q);
}

std::vector<deck_record> deck_store::of(const std::string& account_id, const std::string& game) {
  std::vector<deck_record> out;
  auto q = of_.start("decks");
  q.bind_text(1, account_id).bind_text(2, game);
  while (q.step()) out.push_back(read_deck(q));
  return out;
}

std::optional<deck_record> deck_store::remove(const std::string& account_id, const std::string& deck_id) {
  // Scoped by owner: an account cannot delete another's deck; a missing deck is not an error.
  std::optional<deck_record> found = by_id(account_id, deck_id);
  if (!found) return std::nullopt;
  auto q = delete_.start("delete_deck");
  q.bind_text(1, account_id).bind_text(2, deck_id);
  q.run();
  return found;
}

}  // namespace starport::storage
