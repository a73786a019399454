#pragma once
// Rules about one lobby's seats that need no actor: bot names, starter decks for seats
// nobody chose one for, and the words seat refusals are made of. Shared by lobby_hub.cpp
// and lobby_seats.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "server/lobby/lobby.hpp"

namespace starport::server {

bool same_name(std::string_view a, std::string_view b);   // letters compared without case
// The first star name no other seat of `l` has (`except` is the seat being named).
std::string free_bot_name(const lobby& l, int except);
std::string bot_choices(const engine::game_info& game);   // "Random, Heuristic"
std::string and_list(const std::vector<std::string>& items);   // "A, B and C"
std::string limit_words(int limit);   // the per-account table limit, as a refusal says it
// A starter for a seat nobody chose one for (a bot, PlayComputer's player): any of them.
const engine::starter_deck& any_starter(const engine::game_info& game);
void take_starter(lobby_seat& seat, const engine::starter_deck& s);
// Whether `seat`'s deck may still be brought to `game` (a starter is taken as the game has
// it now); otherwise the choice is cleared. True: the seat's deck changed.
bool recheck_deck(const engine::game_info& game, lobby_seat& seat);

}  // namespace starport::server
