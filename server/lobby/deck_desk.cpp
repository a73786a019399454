#include "server/lobby/deck_desk.hpp"

#include <optional>
#include <vector>

#include "server/crypto.hpp"
#include "engine/registry.hpp"
#include "server/lobby/decks.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/net/metrics.hpp"
#include "server/protocol/frames.hpp"
#include "server/session/session_services.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

using session_ptr = std::shared_ptr<websocket_session>;
constexpr int deck_id_bits = 64;
const char* const storage_down = "Decks cannot be reached right now; try again in a moment.";
const char* const no_such_deck = "You have no deck with this id (it may have been deleted).";

std::string count_words(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

v1::ServerMessage deck_list(const engine::game_info& game, const std::vector<storage::deck_record>& decks) {
  v1::ServerMessage out;
  v1::DeckList& list = *out.mutable_deck_list();
  list.set_game(std::string(game.id));
  for (const storage::deck_record& d : decks) *list.add_decks() = deck_message(game, d);
  for (const engine::starter_deck& s : game.decks->starters()) *list.add_starters() = starter_message(game, s);
  return out;
}

}  // namespace

void list_cards(const session_ptr&, const request& r, const v1::ListCards& m) {
  std::string why;
  // A game with a public card catalog but no decks (Space War) answers too: its views and
  // log lines name cards by their index in it.
  const engine::game_info* catalog = engine::find_game(m.game());
  const engine::game_info* game =
      catalog && catalog->catalog ? catalog : deck_game(m.game(), why);
  if (!game) return reply_error(r, v1::BAD_REQUEST, why);
  reply(r, with_request_id(card_pool_message(*game), r.request_id));
}

void list_decks(const session_ptr& s, request r, const v1::ListDecks& m) {
  std::string why;
  const engine::game_info* game = deck_game(m.game(), why);
  if (!game) return reply_error(r, v1::BAD_REQUEST, why);
  auto found = std::make_shared<std::vector<storage::deck_record>>();
  auto job = [found, account = r.account_id, id = std::string(game->id)](storage::database& db) {
    *found = db.decks(account, id);
  };
  // A read like a replay list's: when that queue is full it is SERVER_BUSY, not one more
  // job (a client asking again and again would otherwise queue reads without bound).
  const bool queued = s->services().storage().submit_read(std::move(job), [s, r, found, game](bool ok) {
    s->post([r, found, game, ok] {
      if (!ok) return reply_error(r, v1::INTERNAL, storage_down);
      reply(r, deck_list(*game, *found));
    });
  }, s->services().settings().storage_read_queue);
  if (!queued) {
    s->services().stats().refused(metrics::refusal::server_busy);
    reply_error(r, v1::SERVER_BUSY, "The server is busy; try again in a moment.");
  }
}

void save_deck(const session_ptr& s, request r, const v1::SaveDeck& m) {
  const v1::Deck& asked = m.deck();
  std::string why;
  const engine::game_info* game = deck_game(asked.game(), why);
  if (!game) return reply_error(r, v1::BAD_REQUEST, why);
  if (is_starter_id(asked.id()))
    return reply_error(r, v1::BAD_REQUEST,
                       "A starter deck cannot be changed; save a copy of it under a name of your own.");
  if (asked.id().size() > max_deck_id_chars) return reply_error(r, v1::NOT_FOUND, no_such_deck);
  const std::optional<std::string> name = clean_deck_name(asked.name());
  if (!name)
    return reply_error(r, v1::BAD_REQUEST,
                       "A deck's name is 1 to " + std::to_string(max_deck_name_chars) +
                           " letters, digits, spaces or signs; please pick another.");
  storage::deck_record record;
  if (!m.text().empty()) {
    // An imported list: every broken line is named, and nothing is saved.
    std::vector<std::string> errors;
    if (!engine::parse_deck_text(m.text(), *game->decks, record.cards, errors)) {
      if (errors.empty()) errors.push_back("The list could not be read.");
      return reply_error(r, v1::BAD_REQUEST,
                    "The list could not be read (" + count_words(errors.size(), "problem", "problems") +
                        "); nothing was saved.",
                    errors);
    }
  } else {
    const std::vector<std::string> errors = list_errors(*game, asked.cards());
    if (!errors.empty()) return reply_error(r, v1::BAD_REQUEST, "This list cannot be a deck; nothing was saved.", errors);
    record.cards.assign(asked.cards().begin(), asked.cards().end());
  }
  // A deck that breaks deck-building rules is saved all the same (it is being built):
  // Deck.problems says what is wrong, and ChooseDeck refuses it.
  const bool create = asked.id().empty();
  record.id = create ? random_hex(deck_id_bits) : asked.id();
  record.account_id = r.account_id;
  record.game = std::string(game->id);
  record.name = *name;
  record.rules_version = game->rules_version;
  record.created_ms = record.updated_ms = wall_ms();
  struct result {
    storage::deck_save outcome = storage::deck_save::not_found;
    storage::deck_record stored;
  };
  auto done = std::make_shared<result>();
  auto job = [done, record, create](storage::database& db) {
    done->stored = record;   // a job may run twice (docs/storage.md): start from the request each time
    done->outcome = db.save_deck(done->stored, create, max_decks_per_account);
  };
  s->services().storage().submit(std::move(job), [s, r = std::move(r), done, game](bool ok) {
    s->post([s, r, done, game, ok] {
      const storage::deck_record& stored = done->stored;
      if (!ok) return reply_error(r, v1::INTERNAL, storage_down);
      switch (done->outcome) {
        case storage::deck_save::saved: break;
        case storage::deck_save::name_taken:
          return reply_error(r, v1::BAD_REQUEST,
                             "You already have a deck called \"" + stored.name + "\"; pick another name.");
        case storage::deck_save::too_many:
          return reply_error(r, v1::LIMIT_REACHED,
                             "You keep " + std::to_string(max_decks_per_account) +
                                 " decks already; delete one to save another.");
        case storage::deck_save::not_found: return reply_error(r, v1::NOT_FOUND, no_such_deck);
      }
      v1::ServerMessage out;
      *out.mutable_deck() = deck_message(*game, stored);
      reply(r, std::move(out));
      // A seat that chose this deck plays its new list (or none, if it now has problems);
      // the Lobby that says so follows this answer.
      s->services().lobbies().deck_changed(stored.account_id, stored.id, stored);
    });
  });
}

void delete_deck(const session_ptr& s, request r, const v1::DeleteDeck& m) {
  if (m.deck_id().empty() || m.deck_id().size() > max_deck_id_chars || is_starter_id(m.deck_id()))
    return reply_error(r, v1::NOT_FOUND, is_starter_id(m.deck_id()) ? "A starter deck cannot be deleted." : no_such_deck);
  struct result {
    std::optional<storage::deck_record> deleted;
    std::vector<storage::deck_record> left;
  };
  auto found = std::make_shared<result>();
  auto job = [found, account = r.account_id, id = m.deck_id()](storage::database& db) {
    found->deleted = db.delete_deck(account, id);
    found->left = found->deleted ? db.decks(account, found->deleted->game) : std::vector<storage::deck_record>{};
  };
  s->services().storage().submit(std::move(job), [s, r = std::move(r), found](bool ok) {
    s->post([s, r, found, ok] {
      if (!ok) return reply_error(r, v1::INTERNAL, storage_down);
      if (!found->deleted) return reply_error(r, v1::NOT_FOUND, no_such_deck);
      std::string why;
      const engine::game_info* game = deck_game(found->deleted->game, why);
      // A deck of a game this build no longer has: the deletion stands, the list is empty.
      v1::ServerMessage out;
      if (game) out = deck_list(*game, found->left);
      else out.mutable_deck_list()->set_game(found->deleted->game);
      reply(r, std::move(out));
      // A seat that chose it has no deck now (the Lobby saying so follows this answer).
      s->services().lobbies().deck_changed(r.account_id, found->deleted->id, std::nullopt);
    });
  });
}

}  // namespace starport::server
