#pragma once
// Players' constructed decks, owned by an account; deck ids are unique per account, names
// per account and game. Also the deck list's stored form, shared with lobbies and matches.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/records.hpp"
#include "storage/statement.hpp"

namespace starport::storage {

// A deck list as stored: one little-endian uint16 card index per copy, in list order.
std::string encode_deck(const engine::deck_list& cards);
// Throws std::runtime_error on a blob of odd length.
engine::deck_list decode_deck(std::string_view bytes);

class deck_store {
 public:
  explicit deck_store(sqlite3* db);

  // `create`: a new deck, refused when the account keeps `max_decks` already (all games);
  // else replaces the owner's deck of that id and game (its created_ms is kept). Refused
  // when another of the owner's decks of that game has the name. Writes nothing unless saved.
  // When saved, `d.updated_ms` is what was stored: at least one more than any of the
  // account's decks, so the newest change lists first even within one millisecond.
  deck_save save(deck_record& d, bool create, std::size_t max_decks);
  std::optional<deck_record> by_id(const std::string& account_id, const std::string& deck_id);
  // Most recently changed first; `game` "" means every game.
  std::vector<deck_record> of(const std::string& account_id, const std::string& game);
  // The deck removed, if the account had it.
  std::optional<deck_record> remove(const std::string& account_id, const std::string& deck_id);

 private:
  statement insert_;
  statement update_;
  statement count_;
  statement latest_;
  statement name_taken_;
  statement by_id_;
  statement of_;
  statement delete_;
};

}  // namespace starport::storage
