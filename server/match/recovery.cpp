#include "server/match/recovery.hpp"

#include <future>
#include <stdexcept>

#include "engine/registry.hpp"
#include "server/protocol/messages.hpp"
#include "server/match/move_words.hpp"
#include "server/protocol/view_dictionaries.hpp"
#include "storage/worker.hpp"

namespace starport::server {

std::unique_ptr<engine::match> deal_match(const storage::match_record& m, std::string& why) {
  const engine::game_info* game = engine::find_game(m.game);
  if (!game) {
    why = "unknown game " + m.game;
    return nullptr;
  }
  if (game->rules_version != m.rules_version) {
    why = "recorded with rules version " + std::to_string(m.rules_version) + ", this build has " +
          std::to_string(game->rules_version);
    return nullptr;
  }
  engine::message_ptr options = game->new_options();
  const int seats = static_cast<int>(m.seats.size());
  if (!options->ParseFromString(m.options) || !game->validate(seats, *options)) {
    why = "its options are not valid for this build";
    return nullptr;
  }
  if (!game->decks) return game->create(seats, *options, m.seed);
  // A deck game is dealt from the lists fixed into the match record at its start.
  std::vector<engine::deck_list> decks;
  for (const storage::seat_record& s : m.seats) {
    if (s.deck.empty()) {
      why = "seat " + std::to_string(s.seat) + " has no deck in the match record";
      return nullptr;
    }
    if (!game->decks->problems(s.deck).empty()) {
      why = "seat " + std::to_string(s.seat) + "'s deck breaks this build's deck rules";
      return nullptr;
    }
    decks.push_back(s.deck);
  }
  return game->create_with_decks(seats, *options, decks, m.seed);
}

bool replay_action(engine::match& game, const storage::logged_action& a, std::uint32_t next,
                   std::string* words) {
  if (a.index != next) return false;
  if (!words) return static_cast<bool>(game.play(a.move));
  std::string before = game.describe(a.move);   // the words need the state it was chosen in
  if (!game.play(a.move)) return false;
  *words = log_entry(std::move(before), a.cause, game.describe_effects());
  return true;
}

dealt_match deal_and_replay(const storage::match_record& m, const std::vector<storage::logged_action>& log,
                            match_log* lines) {
  dealt_match out;
  out.game = deal_match(m, out.why);
  if (!out.game) return out;
  if (lines) lines->add(out.game->describe_setup());   // as the live log opened
  std::string words;
  for (const storage::logged_action& a : log) {
    if (!replay_action(*out.game, a, out.applied, lines ? &words : nullptr)) break;
    if (lines) lines->add(words);
    ++out.applied;
  }
  return out;
}

recovered recover(storage::worker& storage) {
  recovered out;
  std::vector<std::vector<storage::logged_action>> logs;
  std::vector<std::vector<storage::seat_preferences>> preferences;
  std::promise<bool> done;
  storage.submit(
      [&](storage::database& db) {
        logs.clear();   // a job may run twice (docs/storage.md)
        preferences.clear();
        out.lobbies = db.lobbies();
        out.running = db.running_matches();
        for (const storage::match_record& m : out.running) {
          logs.push_back(db.actions(m.id));
          preferences.push_back(db.preferences(m.id));
        }
      },
      [&](bool ok) { done.set_value(ok); });
  if (!done.get_future().get()) throw std::runtime_error("could not read matches and lobbies from storage");

  std::vector<storage::match_record> records = std::move(out.running);
  out.running.clear();
  auto not_resumed = [&](const storage::match_record& m, const std::string& why, std::string reason) {
    out.problems.push_back("match " + m.id + ": " + why);
    out.ended.push_back(ended_match{m, std::move(reason)});
  };
  for (std::size_t i = 0; i < records.size(); ++i) {
    const storage::match_record& m = records[i];
    match_log lines(find_view_dictionary(m.game));
    dealt_match dealt = deal_and_replay(m, logs[i], &lines);
    if (!dealt.game) {
      const std::string& why = dealt.why;
      const engine::game_info* info = engine::find_game(m.game);
      not_resumed(m, why,
                  info && info->rules_version != m.rules_version
                      ? "Not resumed: the server now plays another version of the rules (" +
                            std::to_string(m.rules_version) + " then, " + std::to_string(info->rules_version) +
                            " now)."
                      : "Not resumed: this server cannot deal this match any more (" + why + ").");
      continue;
    }
    const std::uint32_t applied = dealt.applied;
    std::unique_ptr<engine::match> game = std::move(dealt.game);
    if (applied != logs[i].size()) {
      not_resumed(m, "action " + std::to_string(applied) + " of its log does not re-play",
                  "Not resumed: its saved moves do not play back on this server (at move " +
                      std::to_string(applied + 1) + ").");
      continue;
    }
    out.running.push_back(m);
    out.matches.push_back(recovered_match{m, std::move(game), applied, std::move(lines), std::move(preferences[i])});
  }
  if (out.ended.empty()) return out;
  // Ended for good, with the reason recorded: the record no longer counts as running, so no
  // later start tries again, and its lobby is free (lobby_hub::restore).
  std::promise<bool> finished;
  std::vector<std::string> refused;
  storage.submit(
      [&out, &refused, now = wall_ms()](storage::database& db) {
        refused.clear();   // a job may run twice
        for (const ended_match& e : out.ended) {
          // finish_match changes nothing when it refuses (its savepoint): the others still end.
          try {
            db.finish_match(e.record.id, {}, e.reason, now);
          } catch (const std::exception& error) {
            refused.push_back("match " + e.record.id + " could not be recorded as ended (" + error.what() +
                              "); the next start tries again");
          }
        }
      },
      [&](bool ok) { finished.set_value(ok); });
  if (!finished.get_future().get())
    out.problems.push_back("the matches not resumed could not be recorded as ended; the next start tries again");
  out.problems.insert(out.problems.end(), refused.begin(), refused.end());
  return out;
}

}  // namespace starport::server
