#include "server/replay/replay_desk.hpp"

#include <algorithm>
#include <optional>

#include "engine/registry.hpp"
#include "server/match/fairness.hpp"
#include "server/match/onlookers.hpp"
#include "server/match/recovery.hpp"
#include "server/net/metrics.hpp"
#include "server/replay/replay_cursor.hpp"
#include "server/session/session_services.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

constexpr int list_limit = 50;
const char* const busy_words = "The server is busy; try again in a moment.";
constexpr std::size_t max_waiting_opens = 16;   // OpenReplays queued behind the one loading

v1::ReplaySummary summary_of(const storage::match_record& m) {
  v1::ReplaySummary out;
  out.set_match_id(m.id);
  out.set_game(m.game);
  for (const storage::seat_record& s : m.seats) out.add_players(s.name);
  out.set_actions(m.action_count);
  out.set_finished(m.finished);
  out.set_ended_at_ms(static_cast<std::uint64_t>(m.ended_ms));
  for (std::uint32_t w : m.winners) out.add_winners(w);
  return out;
}

bool is_private(const storage::match_record& m) {
  v1::LobbySettings settings;
  return !settings.ParseFromString(m.settings) || settings.is_private();
}

// What a replay's MatchInfo says of any recorded match: its id, game, rules and seats.
void describe_record(const storage::match_record& record, v1::MatchInfo& info) {
  info.set_match_id(record.id);
  info.set_game(record.game);
  info.set_rules_version(static_cast<std::uint32_t>(record.rules_version));
  for (const storage::seat_record& sr : record.seats) {
    v1::MatchSeat& ms = *info.add_seats();
    ms.set_seat(sr.seat);
    ms.set_name(sr.name);
    ms.set_bot(!sr.bot.empty());
  }
}

struct loaded {
  std::optional<storage::match_record> record;
  std::vector<storage::logged_action> actions;
};

// The match from its seed (and, for a deck game, its recorded decks), before any action;
// null when this build cannot play it. The same dealing as recovery's.
std::unique_ptr<engine::match> deal(const storage::match_record& m) {
  std::string why;
  return deal_match(m, why);
}

// A replay opened before the end by someone who held no seat: looked at as Watch would let them.
bool refuse_onlooker(const request& r, const v1::LobbySettings& settings) {
  switch (onlooker_at(settings, r.account_id)) {
    case onlooker::welcome: return false;
    case onlooker::no_spectators:
      reply_error(r, v1::FORBIDDEN, "This match is still running and does not allow spectators; its replay opens once it ends.");
      return true;
    case onlooker::private_table: reply_error(r, v1::FORBIDDEN, std::string(private_table_words)); return true;
  }
  return false;
}

void serve_frame(const std::shared_ptr<websocket_session>& s, const request& r, const v1::OpenReplay& m) {
  client& c = s->client_data();
  const storage::match_record& record = *c.replay_record;
  replay_cursor& cursor = *c.replay;
  // Over by the rules, or ended by the server when nobody could move (the record says so).
  const engine::outcome end = cursor.end().result();
  const bool over = end.over || record.finished;
  // Every seat the requester held (several only in a cooperative game), lowest first.
  std::vector<int> held;
  for (const storage::seat_record& sr : record.seats)
    if (!sr.account_id.empty() && sr.account_id == r.account_id) held.push_back(static_cast<int>(sr.seat));
  std::sort(held.begin(), held.end());
  int seat = held.empty() ? -1 : held.front();
  if (m.as_seat() && held.size() > 1) {
    // Whose perspective: the one they name (ignored for a single seat).
    if (std::find(held.begin(), held.end(), static_cast<std::int64_t>(m.seat())) == held.end())
      return reply_error(r, v1::FORBIDDEN, "You did not hold seat " + std::to_string(static_cast<std::uint64_t>(m.seat()) + 1) +
                                               " in this match: pick one of your own seats.");
    seat = static_cast<int>(m.seat());
  }
  v1::LobbySettings settings;
  settings.ParseFromString(record.settings);
  if (!over && seat < 0 && refuse_onlooker(r, settings)) return;

  // Everything only once the match is over; a player's own seat if asked; else the public view.
  engine::viewer who = engine::viewer::spectator();
  std::string perspective = "public";
  if (m.as_seat() && seat >= 0) {
    who = engine::viewer::of_seat(seat);
    perspective = "seat " + std::to_string(seat);
  } else if (over) {
    who = engine::viewer::omniscient();
    perspective = "everything";
  }
  const std::size_t step = std::min<std::size_t>(m.step(), cursor.total());
  v1::ServerMessage out;
  v1::ReplayFrame& f = *out.mutable_replay_frame();
  f.set_match_id(record.id);
  f.set_game(record.game);
  f.set_step(static_cast<std::uint32_t>(step));
  f.set_total_steps(static_cast<std::uint32_t>(cursor.total()));
  cursor.at(step).view(who)->SerializeToString(f.mutable_view());
  f.set_perspective(perspective);
  f.set_opening_log(cursor.opening());
  // The public words of every action; the lines the reader says it holds are left out.
  const std::vector<std::string>& words = cursor.words();
  const std::size_t known = std::min<std::size_t>(m.log_known(), words.size());
  f.set_log_from(static_cast<std::uint32_t>(known));
  for (std::size_t i = known; i < words.size(); ++i) f.add_action_log(words[i]);
  v1::MatchInfo& info = *f.mutable_match();
  describe_record(record, info);
  info.set_spectator(seat < 0);
  info.set_your_seat(held.empty() ? 0 : static_cast<std::uint32_t>(held.front()));
  for (int h : held) info.add_your_seats(static_cast<std::uint32_t>(h));
  info.set_seed_commitment(seed_commitment(record.seed, record.salt));
  if (over) {
    info.set_over(true);
    info.set_revealed_seed(record.seed);
    info.set_revealed_salt(record.salt);
    info.mutable_outcome()->set_over(true);
    if (end.over) {
      info.mutable_outcome()->set_reason(end.reason);
      for (int i = 0; i < cursor.end().seat_count(); ++i)
        if (engine::has_seat(end.winners, i)) info.mutable_outcome()->add_winners(static_cast<std::uint32_t>(i));
    } else {
      info.mutable_outcome()->set_reason(record.end_reason);
      info.mutable_outcome()->set_no_result(true);
    }
  }
  reply(r, std::move(out));
}

// A match this build cannot re-play: recorded under another rules version (recovery ends a
// running one when the rules change), or of a game the build no longer has. The policy
// (docs/server.md, "Replays of older rules"): open it from what storage keeps — players,
// the outcome and its reason, the seed once over, the number of moves — with a notice
// saying why there is no table to step through, instead of refusing it. Its moves stay in
// storage: a build of that rules version re-plays them (`starport replay`).
void serve_record_only(const request& r, const storage::match_record& record, std::size_t moves) {
  int seat = -1;
  for (const storage::seat_record& sr : record.seats)
    if (!sr.account_id.empty() && sr.account_id == r.account_id) seat = static_cast<int>(sr.seat);
  v1::LobbySettings settings;
  settings.ParseFromString(record.settings);
  if (!record.finished && seat < 0 && refuse_onlooker(r, settings)) return;
  const engine::game_info* game = engine::find_game(record.game);
  v1::ServerMessage out;
  v1::ReplayFrame& f = *out.mutable_replay_frame();
  f.set_match_id(record.id);
  f.set_game(record.game);
  f.set_perspective("record");
  f.set_recorded_actions(static_cast<std::uint32_t>(moves));
  const std::string moves_words = std::to_string(moves) + (moves == 1 ? " move" : " moves");
  f.set_notice(game ? "This match was recorded under rules version " + std::to_string(record.rules_version) +
                          " of " + std::string(game->title) + "; this server plays version " +
                          std::to_string(game->rules_version) + ", so it cannot show the table step by step. Its " +
                          moves_words + " are kept, and the result below is as recorded."
                    : "This match is of a game this server no longer has (" + record.game.substr(0, 40) +
                          "), so it cannot show the table. Its " + moves_words +
                          " are kept, and the result below is as recorded.");
  v1::MatchInfo& info = *f.mutable_match();
  describe_record(record, info);
  info.set_spectator(seat < 0);
  info.set_your_seat(seat < 0 ? 0 : static_cast<std::uint32_t>(seat));
  info.set_seed_commitment(seed_commitment(record.seed, record.salt));
  if (record.finished) {
    info.set_over(true);
    info.set_revealed_seed(record.seed);
    info.set_revealed_salt(record.salt);
    info.mutable_outcome()->set_over(true);
    info.mutable_outcome()->set_reason(record.end_reason);
    for (std::uint32_t w : record.winners) info.mutable_outcome()->add_winners(w);
  }
  reply(r, std::move(out));
}

// Whether `record` is one this build cannot deal because of its rules, not its data.
bool other_rules(const storage::match_record& record) {
  const engine::game_info* game = engine::find_game(record.game);
  return !game || game->rules_version != record.rules_version;
}

void on_loaded(const std::shared_ptr<websocket_session>& s, const request& r, const v1::OpenReplay& m,
               bool ok, loaded& data) {
  if (!ok) return reply_error(r, v1::INTERNAL, "Replays cannot be read right now; try again in a moment.");
  if (!data.record) return reply_error(r, v1::NOT_FOUND, "There is no match with this id.");
  client& c = s->client_data();
  if (other_rules(*data.record)) return serve_record_only(r, *data.record, data.actions.size());
  if (c.replay && c.replay_record && c.replay_record->id == data.record->id &&
      c.replay->total() <= data.actions.size()) {
    c.replay->catch_up(data.actions);   // the same running match, longer now: only what is new
  } else {
    auto start = deal(*data.record);
    if (!start) return reply_error(r, v1::INTERNAL, "This server version cannot re-play that match (it was played under other rules).");
    c.replay = std::make_shared<replay_cursor>(std::move(start), data.actions);
  }
  c.replay_record = std::make_shared<const storage::match_record>(std::move(*data.record));
  serve_frame(s, r, m);
}

}  // namespace

void list_replays(const std::shared_ptr<websocket_session>& s, request r, const v1::ListReplays& m) {
  auto found = std::make_shared<std::vector<storage::match_record>>();
  auto job = [found, mine = m.mine(), game = m.game(), account = r.account_id](storage::database& db) {
    *found = mine ? db.matches_of(account, list_limit) : db.finished_matches(game, list_limit);
    std::erase_if(*found, [&](const storage::match_record& rec) {
      return (!game.empty() && rec.game != game) || (!mine && is_private(rec));
    });
  };
  const bool queued = s->services().storage().submit_read(std::move(job), [s, r, found](bool ok) {
    s->post([s, r, found, ok] {
      if (!ok) return reply_error(r, v1::INTERNAL, "Replays cannot be read right now; try again in a moment.");
      v1::ServerMessage out;
      out.mutable_replay_list();
      for (const storage::match_record& rec : *found) *out.mutable_replay_list()->add_replays() = summary_of(rec);
      reply(r, std::move(out));
    });
  }, s->services().settings().storage_read_queue);
  if (!queued) {
    s->services().stats().refused(metrics::refusal::server_busy);
    reply_error(r, v1::SERVER_BUSY, busy_words);
  }
}

void open_replay(const std::shared_ptr<websocket_session>& s, request r, const v1::OpenReplay& m) {
  client& c = s->client_data();
  // A finished match's replay never changes: scrub the one in memory.
  if (c.replay && c.replay_record && c.replay_record->id == m.match_id() && c.replay_record->finished)
    return serve_frame(s, r, m);
  // One load in flight per connection (each re-reads and re-plays a whole log): the next
  // opens wait their turn, a few of them; past that, RATE_LIMITED.
  if (c.replay_loading) {
    if (c.replay_waiting.size() >= max_waiting_opens)
      return reply_error(r, v1::RATE_LIMITED, "Too many replays are loading at once; wait for them first.");
    c.replay_waiting.push_back([s, r = std::move(r), m] { open_replay(s, r, m); });
    return;
  }
  auto data = std::make_shared<loaded>();
  auto job = [data, id = m.match_id()](storage::database& db) {
    data->record = db.match(id);
    if (data->record) data->actions = db.actions(id);
  };
  const bool queued = s->services().storage().submit_read(std::move(job), [s, r, m, data](bool ok) {
    s->post([s, r, m, data, ok] {
      client& cd = s->client_data();
      cd.replay_loading = false;
      if (s->gone()) return cd.replay_waiting.clear();
      on_loaded(s, r, m, ok, *data);
      // The next waiting opens, until one starts a load (a finished replay in memory does not).
      while (!cd.replay_loading && !cd.replay_waiting.empty()) {
        auto next = std::move(cd.replay_waiting.front());
        cd.replay_waiting.pop_front();
        next();
      }
    });
  }, s->services().settings().storage_read_queue);
  if (!queued) {
    s->services().stats().refused(metrics::refusal::server_busy);
    return reply_error(r, v1::SERVER_BUSY, busy_words);
  }
  c.replay_loading = true;
}

}  // namespace starport::server
