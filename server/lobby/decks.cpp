#include "server/lobby/decks.hpp"

#include <unordered_map>

#include "engine/registry.hpp"
#include "server/session/text_rules.hpp"

namespace starport::server {

const engine::game_info* deck_game(const std::string& game, std::string& why) {
  const engine::game_info* g = engine::find_game(game);
  if (!g) {
    why = "There is no game called \"" + game.substr(0, 40) + "\" here.";
    return nullptr;
  }
  if (!g->decks) {
    why = std::string(g->title) + " has no decks: every seat plays with the game's own cards.";
    return nullptr;
  }
  return g;
}

std::optional<std::string> clean_deck_name(std::string_view name) { return clean_line(name, max_deck_name_chars); }

const engine::starter_deck* find_starter(const engine::game_info& game, std::string_view deck_id) {
  if (!game.decks || !is_starter_id(deck_id)) return nullptr;
  deck_id.remove_prefix(starter_prefix.size());
  for (const engine::starter_deck& s : game.decks->starters())
    if (s.id == deck_id) return &s;
  return nullptr;
}

std::string starter_choices(const engine::game_info& game) {
  std::string out;
  if (!game.decks) return out;
  const auto starters = game.decks->starters();
  for (std::size_t i = 0; i < starters.size(); ++i) {
    if (i > 0) out += i + 1 == starters.size() ? " or " : ", ";
    out += starters[i].name + " (" + starter_deck_id(starters[i]) + ")";
  }
  return out;
}

std::vector<std::string> deck_problems(const engine::game_info& game, int rules_version,
                                       const engine::deck_list& cards) {
  // Pool indices are stable from the pool's first rules version on (engine/core/deck.hpp).
  if (!game.decks->same_pool(rules_version, game.rules_version))
    return {"This deck was saved for an earlier version of the card pool: check it in the deck builder and "
            "save it again."};
  return game.decks->problems(cards);
}

std::vector<std::string> list_errors(const engine::game_info& game,
                                     const google::protobuf::RepeatedField<std::uint32_t>& cards) {
  constexpr std::size_t max_listed = 20;
  std::vector<std::string> out;
  const std::size_t max_cards = game.decks->max_cards;
  if (static_cast<std::size_t>(cards.size()) > max_cards) {
    out.push_back("A deck has at most " + std::to_string(max_cards) + " cards; this list has " +
                  std::to_string(cards.size()) + ".");
    return out;   // its indices are not worth reading one by one
  }
  const std::size_t pool = game.decks->pool().size();
  std::size_t bad = 0;
  for (int i = 0; i < cards.size(); ++i) {
    if (cards[i] < pool) continue;
    if (++bad <= max_listed)
      out.push_back("Card " + std::to_string(i + 1) + " of the list is number " + std::to_string(cards[i]) +
                    ", but the pool's cards are numbered 0 to " + std::to_string(pool - 1) + ".");
  }
  if (bad > max_listed) out.push_back("… and " + std::to_string(bad - max_listed) + " more cards outside the pool.");
  return out;
}

namespace {

void fill_text(const engine::game_info& game, v1::Deck& out, const engine::deck_list& cards) {
  // Only a list of known cards has a text: deck_text names each card.
  const std::size_t pool = game.decks->pool().size();
  for (const engine::card_index c : cards)
    if (c >= pool) return;
  out.set_text(engine::deck_text(*game.decks, cards));
}

}  // namespace

v1::Deck deck_message(const engine::game_info& game, const storage::deck_record& d) {
  v1::Deck out;
  out.set_id(d.id);
  out.set_game(d.game);
  out.set_name(d.name);
  for (const engine::card_index c : d.cards) out.add_cards(c);
  for (std::string& p : deck_problems(game, d.rules_version, d.cards)) out.add_problems(std::move(p));
  out.set_updated_ms(static_cast<std::uint64_t>(d.updated_ms));
  if (game.decks->same_pool(d.rules_version, game.rules_version)) fill_text(game, out, d.cards);
  return out;
}

v1::Deck starter_message(const engine::game_info& game, const engine::starter_deck& s) {
  v1::Deck out;
  out.set_id(starter_deck_id(s));
  out.set_game(std::string(game.id));
  out.set_name(s.name);
  for (const engine::card_index c : s.cards) out.add_cards(c);
  for (std::string& p : game.decks->problems(s.cards)) out.add_problems(std::move(p));   // none: tested
  out.set_starter(true);
  out.set_summary(s.summary);
  fill_text(game, out, s.cards);
  return out;
}

namespace {

v1::CardPool build_pool(const engine::game_info& game) {
  v1::CardPool out;
  out.set_game(std::string(game.id));
  out.set_rules_version(static_cast<std::uint32_t>(game.rules_version));
  out.set_max_cards(game.decks ? static_cast<std::uint32_t>(game.decks->max_cards) : 0);
  for (const engine::pool_card& c : game.cards()) {
    v1::PoolCard& card = *out.add_cards();
    card.set_index(c.index);
    card.set_name(c.name);
    card.set_kind(c.kind);
    for (const std::string& tag : c.tags) card.add_tags(tag);
    card.set_text(c.text);
    for (const auto& [name, value] : c.stats) {
      v1::CardStat& stat = *card.add_stats();
      stat.set_name(name);
      stat.set_value(value);
    }
  }
  return out;
}

}  // namespace

const v1::CardPool& card_pool(const engine::game_info& game) {
  static const std::unordered_map<const engine::game_info*, v1::CardPool> pools = [] {
    std::unordered_map<const engine::game_info*, v1::CardPool> out;
    for (const engine::game_info* g : engine::games())
      if (!g->cards().empty()) out.emplace(g, build_pool(*g));
    return out;
  }();
  return pools.at(&game);
}

const std::string& card_pool_message(const engine::game_info& game) {
  static const std::unordered_map<const engine::game_info*, std::string> encoded = [] {
    std::unordered_map<const engine::game_info*, std::string> out;
    for (const engine::game_info* g : engine::games()) {
      if (g->cards().empty()) continue;
      v1::ServerMessage m;
      *m.mutable_card_pool() = card_pool(*g);
      out.emplace(g, m.SerializeAsString());
    }
    return out;
  }();
  return encoded.at(&game);
}

}  // namespace starport::server
