#include "server/match/recovery.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <future>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>

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

namespace {

// Matches read from storage in one job and re-played as one piece of work.
constexpr std::size_t matches_a_chunk = 64;
// Chunks read and not yet taken at most: the reads stay ahead of the replays without the
// whole storage's logs in memory at once.
constexpr std::size_t chunks_ahead = 4;

// What became of one running match: resumed (`match`), or ended with its reason.
struct replay_result {
  std::optional<recovered_match> match;
  std::string problem;    // the operator's words, when not resumed
  std::string reason;     // the players', recorded as its end reason
};

replay_result replay_one(const storage::match_record& m, const std::vector<storage::logged_action>& log,
                         std::vector<storage::seat_preferences>& preferences) {
  replay_result out;
  match_log lines(find_view_dictionary(m.game));
  dealt_match dealt = deal_and_replay(m, log, &lines);
  if (!dealt.game) {
    const engine::game_info* info = engine::find_game(m.game);
    out.problem = "match " + m.id + ": " + dealt.why;
    out.reason = info && info->rules_version != m.rules_version
                     ? "Not resumed: the server now plays another version of the rules (" +
                           std::to_string(m.rules_version) + " then, " + std::to_string(info->rules_version) +
                           " now)."
                     : "Not resumed: this server cannot deal this match any more (" + dealt.why + ").";
    return out;
  }
  if (dealt.applied != log.size()) {
    out.problem = "match " + m.id + ": action " + std::to_string(dealt.applied) + " of its log does not re-play";
    out.reason = "Not resumed: its saved moves do not play back on this server (at move " +
                 std::to_string(dealt.applied + 1) + ").";
    return out;
  }
  out.match = recovered_match{m, std::move(dealt.game), dealt.applied, std::move(lines), std::move(preferences)};
  return out;
}

// The running matches' logs read from storage a chunk at a time on the storage thread while
// `replayers` threads re-play the chunks already read: a restart takes the storage thread's
// reads and the replays together, on every core, instead of one after the other on one.
class replay_pipeline {
 public:
  replay_pipeline(storage::worker& storage, const std::vector<storage::match_record>& records)
      : storage_(storage), records_(records), results_(records.size()) {}
  // Reads still queued reference this object: none may run after it is gone, however run() ends.
  ~replay_pipeline() { storage_.flush(); }

  std::vector<replay_result> run(unsigned replayers) {
    {
      std::lock_guard lock(mutex_);
      read_ahead();
    }
    std::vector<std::thread> helpers;
    try {
      for (unsigned i = 1; i < replayers; ++i) helpers.emplace_back([this] { replay_chunks(); });
    } catch (const std::system_error&) {
      // No thread to be had: the ones started (this one at least) re-play everything.
    }
    replay_chunks();
    for (std::thread& t : helpers) t.join();
    storage_.flush();   // every read queued has reported: read_failed_ is final
    if (error_) std::rethrow_exception(error_);
    if (read_failed_) throw std::runtime_error("could not read the running matches' actions from storage");
    return std::move(results_);
  }

 private:
  struct chunk {
    std::size_t first = 0, count = 0;
    std::vector<std::vector<storage::logged_action>> logs;
    std::vector<std::vector<storage::seat_preferences>> preferences;
  };

  // Called with `mutex_` held: queues reads until `chunks_ahead` are read or on their way.
  void read_ahead() {
    while (ahead_ < chunks_ahead && next_ < records_.size() && !stopping()) {
      auto c = std::make_shared<chunk>();
      c->first = next_;
      c->count = std::min(matches_a_chunk, records_.size() - next_);
      next_ += c->count;
      ++ahead_;
      storage_.submit_read(
          [this, c](storage::database& db) {
            c->logs.clear();   // a job may run twice (docs/storage.md)
            c->preferences.clear();
            for (std::size_t i = c->first; i < c->first + c->count; ++i) {
              c->logs.push_back(db.actions(records_[i].id));
              c->preferences.push_back(db.preferences(records_[i].id));
            }
          },
          [this, c](bool ok) {
            {
              std::lock_guard lock(mutex_);
              if (ok) ready_.push_back(c);
              else read_failed_ = true;
            }
            wake_.notify_all();
          },
          std::numeric_limits<std::size_t>::max());
    }
  }

  bool stopping() const { return read_failed_ || error_; }

  // Until every chunk is taken, or a read or a replay failed. Whatever throws here (a
  // replay, a read queued while taking a chunk) stops every replayer and is rethrown by run().
  void replay_chunks() {
    try {
      for (;;) {
        std::shared_ptr<chunk> c;
        bool last = false;
        {
          std::unique_lock lock(mutex_);
          wake_.wait(lock, [&] { return stopping() || !ready_.empty() || taken_ == records_.size(); });
          if (stopping() || ready_.empty()) return;
          c = std::move(ready_.front());
          ready_.pop_front();
          --ahead_;
          taken_ += c->count;
          last = taken_ == records_.size();
          read_ahead();
        }
        if (last) wake_.notify_all();   // nothing more to wait for
        for (std::size_t k = 0; k < c->count; ++k)
          results_[c->first + k] = replay_one(records_[c->first + k], c->logs[k], c->preferences[k]);
      }
    } catch (...) {
      {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = std::current_exception();
      }
      wake_.notify_all();
    }
  }

  storage::worker& storage_;
  const std::vector<storage::match_record>& records_;
  std::vector<replay_result> results_;   // by the records' order; each written by one thread
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<chunk>> ready_;   // read, not yet taken
  std::size_t next_ = 0;                       // the first record not yet asked for
  std::size_t ahead_ = 0;                      // chunks asked for and not yet taken
  std::size_t taken_ = 0;                      // records taken by a replayer
  bool read_failed_ = false;
  std::exception_ptr error_;
};

}  // namespace

recovered recover(storage::worker& storage, unsigned replayers) {
  recovered out;
  std::vector<storage::match_record> records;
  std::promise<bool> done;
  storage.submit(
      [&](storage::database& db) {
        out.lobbies = db.lobbies();
        records = db.running_matches();
      },
      [&](bool ok) { done.set_value(ok); });
  if (!done.get_future().get()) throw std::runtime_error("could not read matches and lobbies from storage");

  std::vector<replay_result> results = replay_pipeline(storage, records).run(std::max(1u, replayers));
  out.running.reserve(records.size());
  out.matches.reserve(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    replay_result& r = results[i];
    if (r.match) {
      out.running.push_back(records[i]);
      out.matches.push_back(std::move(*r.match));
      continue;
    }
    out.problems.push_back(std::move(r.problem));
    out.ended.push_back(ended_match{records[i], std::move(r.reason)});
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
