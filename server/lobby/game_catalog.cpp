#include "server/lobby/game_catalog.hpp"

#include <cstdint>
#include <utility>

#include "engine/registry.hpp"
#include "server/protocol/frames.hpp"

namespace starport::server {
namespace {

// Welcome.games, encoded once: the registry is fixed for the life of the process.
const std::string& catalog_fields() {
  static const std::string games = [] {
    v1::Welcome out;
    for (const engine::game_info* g : engine::games()) {
      v1::GameInfo& info = *out.add_games();
      info.set_id(std::string(g->id));
      info.set_title(std::string(g->title));
      info.set_min_seats(static_cast<std::uint32_t>(g->min_seats));
      info.set_max_seats(static_cast<std::uint32_t>(g->max_seats));
      info.set_default_seats(static_cast<std::uint32_t>(g->default_seats));
      info.set_uses_decks(g->decks != nullptr);
      info.set_cooperative(g->cooperative);
      for (const engine::bot_entry& b : g->bots) {
        v1::BotInfo& bot = *info.add_bots();
        bot.set_id(std::string(b.name));
        bot.set_label(bot_label(b.name));
        bot.set_summary(std::string(b.summary));
      }
      for (const engine::preference_info& p : g->preferences) {
        v1::PreferenceInfo& pref = *info.add_preferences();
        pref.set_id(std::string(p.id));
        pref.set_label(std::string(p.label));
        pref.set_summary(std::string(p.summary));
        for (std::string_view choice : p.choices) pref.add_choices(std::string(choice));
      }
    }
    return out.SerializeAsString();
  }();
  return games;
}

}  // namespace

frame_ptr encode_welcome(v1::ServerMessage message) {
  return with_welcome_fields(std::move(message), catalog_fields());
}

std::string bot_label(std::string_view bot_name) {
  std::string label(bot_name);
  for (char& c : label)
    if (c == '_') c = ' ';
  if (!label.empty() && label[0] >= 'a' && label[0] <= 'z') label[0] = static_cast<char>(label[0] - 'a' + 'A');
  return label + " bot";
}

}  // namespace starport::server
