#pragma once
// Deck requests (docs/protocol.md, "Decks"), answered on the session's strand: the card pool
// (public), and an account's decks kept in storage — list, save (new, replace, import),
// delete. Choosing a deck for a seat is the lobby hub's (ChooseDeck).
#include <memory>

#include "server/session/request.hpp"

namespace starport::server {

class websocket_session;

void list_cards(const std::shared_ptr<websocket_session>& s, const request& r, const v1::ListCards& m);
void list_decks(const std::shared_ptr<websocket_session>& s, request r, const v1::ListDecks& m);
void save_deck(const std::shared_ptr<websocket_session>& s, request r, const v1::SaveDeck& m);
void delete_deck(const std::shared_ptr<websocket_session>& s, request r, const v1::DeleteDeck& m);

}  // namespace starport::server
