#include "server/match/match_actor.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

#include "engine/core/playout.hpp"
#include "server/crypto.hpp"
#include "server/match/fairness.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/move_words.hpp"
#include "server/match/onlookers.hpp"
#include "server/match/recovery.hpp"
#include "server/net/metrics.hpp"
#include "storage/worker.hpp"
#include "server/protocol/frames.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

const engine::bot_entry& bot_or_random(const engine::game_info& game, std::string_view name) {
  if (const engine::bot_entry* b = game.find_bot(name)) return *b;
  return engine::random_bot_entry;
}

}  // namespace

const storage::seat_record match_actor::no_record{};

match_actor::scratch& match_actor::scratch_space() {
  thread_local scratch s;
  return s;
}

google::protobuf::Message& match_actor::scratch::view_of(const engine::game_info& game) {
  for (const auto& [of, view] : views)
    if (of == &game) return *view;
  return *views.emplace_back(&game, game.new_view()).second;
}

match_actor::match_actor(std::shared_ptr<match_services> services, storage::match_record record,
                         std::unique_ptr<engine::match> game, std::uint32_t log_size)
    : services_(std::move(services)),
      strand_(net::make_strand(services_->ioc())),
      record_(std::move(record)),
      commitment_(seed_commitment(record_.seed, record_.salt)),
      game_(std::move(game)),
      dictionary_(find_view_dictionary(game_->info().id)),
      seats_(static_cast<std::size_t>(game_->seat_count())),
      log_(dictionary_),
      log_size_(log_size),
      timer_(strand_),
      repair_timer_(strand_) {
  committed_.store(log_size, std::memory_order_relaxed);
  if (log_size == 0) log_.add(game_->describe_setup());   // the log opens with what the deal set off
  settings_.ParseFromString(record_.settings);
  for (const storage::seat_record& r : record_.seats)
    if (r.seat < seats_.size()) seats_[r.seat].record = &r;
  for (seat& s : seats_)
    s.several_held = !s.record->account_id.empty() && seats_of(s.record->account_id).size() > 1;
  for (seat& s : seats_)
    if (s.is_bot_seat()) s.bot = bot_or_random(game_->info(), s.record->bot).make(random_u64());
}

std::vector<std::string> match_actor::accounts() const {
  std::vector<std::string> out;   // once each, however many seats one holds
  for (const storage::seat_record& r : record_.seats)
    if (!r.account_id.empty() && std::find(out.begin(), out.end(), r.account_id) == out.end())
      out.push_back(r.account_id);
  return out;
}

void match_actor::restore(match_log log, const std::vector<storage::seat_preferences>& preferences) {
  log_ = std::move(log);
  for (const storage::seat_preferences& p : preferences)
    if (p.seat < seats_.size() && !seats_[p.seat].is_bot_seat()) seats_[p.seat].preferences = p.choices;
}

void match_actor::start(std::vector<std::pair<int, session_ref>> seated) {
  net::post(strand_, [self = shared_from_this(), seated = std::move(seated)] { self->guarded([&] {
    const auto now = clock::now();
    self->mark_turns();   // the turns the first snapshots show
    // Until someone attaches, every player counts as away and their hold runs.
    for (seat& s : self->seats_)
      if (!s.is_bot_seat()) s.hold_until = now + self->services_->settings().seat_hold;
    // One attach per session, with every seat its player holds.
    std::vector<std::uint64_t> done;
    for (const auto& [index, ref] : seated) {
      if (std::find(done.begin(), done.end(), ref.id) != done.end()) continue;
      done.push_back(ref.id);
      std::vector<int> held;
      for (const auto& [other, other_ref] : seated)
        if (other_ref.id == ref.id) held.push_back(other);
      std::sort(held.begin(), held.end());
      self->attach(request{ref, {}, {}, 0, now}, std::move(held));
    }
    if (self->game_->result().over)
      self->finish();
    else if (self->nobody_can_move())
      self->end_stalled();   // resumed in a state the rules cannot leave
    self->play_preferences();   // after a restart, a preference may be due at once
    if (self->in_flight_ == 0)
      self->schedule();
    else
      self->arm_timer();   // deadlines after that move commits; held seats' holds run now
  }); });
}

void match_actor::play(request r, v1::PlayAction action) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), action = std::move(action)] {
    self->guarded([&] { self->on_play(r, action); }, &r);
  });
}

void match_actor::resync(request r) { watch(std::move(r)); }

void match_actor::set_preferences(request r, v1::SetPreferences m) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), m = std::move(m)] {
    self->guarded([&] { self->on_set_preferences(r, m); }, &r);
  });
}

void match_actor::watch(request r) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r)] { self->guarded([&] {
    // Closed (or the server is stopping): as if it were already gone from the directory.
    if (self->stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed; its replay is in the replay list.");
    std::vector<int> held = self->seats_of(r.account_id);   // a player: every seat they hold
    if (held.empty()) switch (onlooker_at(self->settings_, r.account_id)) {
      case onlooker::welcome: break;
      case onlooker::no_spectators: return reply_error(r, v1::FORBIDDEN, "This match does not allow spectators.");
      case onlooker::private_table: return reply_error(r, v1::FORBIDDEN, std::string(private_table_words));
    }
    self->attach(r, std::move(held));
  }, &r); });
}

void match_actor::detach(std::uint64_t session_id) {
  net::post(strand_, [self = shared_from_this(), session_id] { self->guarded([&] { self->on_detach(session_id); }); });
}

void match_actor::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->stop_timer();
    self->repair_timer_.cancel();
  });
}

int match_actor::seat_of(const std::string& account_id) const {
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!account_id.empty() && seats_[i].record->account_id == account_id) return static_cast<int>(i);
  return -1;
}

std::vector<int> match_actor::seats_of(const std::string& account_id) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!account_id.empty() && seats_[i].record->account_id == account_id) out.push_back(static_cast<int>(i));
  return out;
}

void match_actor::after_settle(std::function<void()> f) { deferred_.push_back(std::move(f)); }

// ---- actions ---------------------------------------------------------------------------

void match_actor::on_play(request r, const v1::PlayAction& wire) {
  if (stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed; its replay is in the replay list.");
  if (broken_) return reply_error(r, v1::INTERNAL, suspended_words);
  // Nothing visible before it is durable (docs/server.md): with appends in flight the engine
  // is ahead of the views. A move chosen from its seat's latest view may still be taken at
  // once (its answer, the next view, leaves only after its own commit); anything else, a
  // refusal included, is judged only once the appends commit, against the state the
  // players were then shown.
  const bool ahead = in_flight_ > 0;
  auto later = [&] { after_settle([self = shared_from_this(), r, wire] { self->on_play(r, wire); }); };
  if (repairing_) return later();
  const v1::Action& a = wire.action();
  const std::vector<int> held = seats_of(r.account_id);
  if (held.empty()) {
    if (ahead) return later();
    return reply_error(r, v1::FORBIDDEN, "You do not play in this match, so you cannot move in it.");
  }
  // One of the sender's seats (several only in a cooperative game).
  const auto mine = std::find_if(held.begin(), held.end(),
                                 [&](int h) { return static_cast<std::uint32_t>(h) == a.seat(); });
  if (mine == held.end()) {
    if (ahead) return later();
    return reply_error(r, v1::FORBIDDEN,
                       held.size() == 1 ? "You play seat " + std::to_string(held[0] + 1) + ", not seat " +
                                              std::to_string(static_cast<std::uint64_t>(a.seat()) + 1) +
                                              ": move only for your own seat."
                                        : "You do not hold seat " + std::to_string(static_cast<std::uint64_t>(a.seat()) + 1) +
                                              ": move only for your own seats.");
  }
  const int index = *mine;
  seat& s = seats_[index];
  const bool attached = std::any_of(s.audience.sessions.begin(), s.audience.sessions.end(),
                                    [&](const session_ref& x) { return x.id == r.from.id; });
  if (!attached) {
    if (ahead) return later();
    return reply_error(r, v1::STALE_VIEW, "This page has not loaded the match yet; it will catch up in a moment.");
  }
  // One action per view: a second one from the same view would answer a state it never saw.
  // ("Already in" is said only with nothing in flight, so it confirms a committed move.)
  if (wire.view_number() == s.acted_on) {
    if (ahead) return later();
    return reply_error(r, v1::STALE_VIEW, "Your move for this turn is already in; wait for the table to update.");
  }
  // A move chosen from an earlier view is still taken when that view showed this same turn
  // and the move is the seat's only legal one now: the table changed while it was on the
  // wire, but there was nothing to choose (Space War's simultaneous flip). Else it is stale.
  const std::uint64_t from = wire.view_number();
  const bool stale = from != s.audience.number;
  if (stale && ahead) return later();
  if (stale && (s.turn_from == 0 || from < s.turn_from || from > s.audience.number))
    return reply_error(r, v1::STALE_VIEW, table_changed_words);
  // The server moved for this seat meanwhile (its timer, a stand-in, its preference): the
  // move answers a table that is no longer the seat's, so it waits and is judged as stale.
  if (ahead && std::any_of(batch_.begin(), batch_.end(),
                           [&](const accepted& b) { return b.entry.move.seat == static_cast<std::uint8_t>(index); }))
    return later();
  if (a.kind() > 0xffff || a.args_size() > engine::max_action_args) {
    if (ahead) return later();
    if (a.kind() > 0xffff) return reply_error(r, v1::UNKNOWN_ACTION, "That is not a move of this game.");
    return reply_error(r, v1::BAD_ARGUMENT, "That move has more parts than any move of this game.");
  }
  engine::action move;
  move.seat = static_cast<std::uint8_t>(index);
  move.kind = static_cast<std::uint16_t>(a.kind());
  move.argc = static_cast<std::uint8_t>(a.args_size());
  for (int i = 0; i < a.args_size(); ++i) move.args[i] = a.args(i);
  if (stale && !only_legal_move(index, move)) return reply_error(r, v1::STALE_VIEW, table_changed_words);
  // Over, by the rules or by the server (end_stalled): a resignation would still pass the
  // game's own check in a match the server ended.
  if (over_ && !ahead) return reply_error(r, v1::GAME_OVER, "This match is over: there is nothing left to play.");
  const engine::verdict v = game_->check(move);   // on refusal nothing changes
  if (!v) {
    // Refused in the state ahead: judged again once that state is shown (it may then be
    // STALE_VIEW, or the same refusal against what the players saw).
    if (ahead) return later();
    return reply_error(r, static_cast<v1::ErrorCode>(v.code), v.detail);
  }
  std::string words = game_->describe(move);      // in the state the move was chosen in
  game_->apply_checked(move);                      // judged just above
  s.acted_on = s.audience.number;
  accept(move, accepted{r.from.id, r.request_id, r.received, move,
                        log_entry(std::move(words), storage::move_cause::chosen, game_->describe_effects())});
}

bool match_actor::only_legal_move(int index, const engine::action& move) {
  std::vector<engine::action>& legal = scratch_space().actions;
  game_->legal_actions(index, legal);
  return legal.size() == 1 && legal[0] == move;
}

void match_actor::mark_turns() {
  const engine::seat_mask must = over_ ? 0 : game_->must_act();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    seat& s = seats_[i];
    if (!engine::has_seat(must, static_cast<int>(i)))
      s.turn_from = 0;
    else if (s.turn_from == 0)
      s.turn_from = s.audience.has_view ? s.audience.number : s.audience.number + 1;
  }
}

bool match_actor::play_for(const engine::action& move, storage::move_cause cause, clock::time_point now) {
  std::string words = game_->describe(move);
  if (!game_->play(move)) return false;
  accept(move, accepted{0, 0, now, move, log_entry(std::move(words), cause, game_->describe_effects()), cause});
  return true;
}

// ---- preferences -----------------------------------------------------------------------

void match_actor::on_set_preferences(request r, const v1::SetPreferences& m) {
  if (stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed; its replay is in the replay list.");
  if (broken_) return reply_error(r, v1::INTERNAL, suspended_words);
  const std::vector<int> held = seats_of(r.account_id);
  if (held.empty())
    return reply_error(r, v1::FORBIDDEN, "Only a player seated in this match can set preferences for it.");
  // Their only seat, else the one they name.
  int index = held.size() == 1 ? held[0] : -1;
  for (int h : held)
    if (held.size() > 1 && static_cast<std::uint32_t>(h) == m.seat()) index = h;
  if (index < 0)
    return reply_error(r, v1::FORBIDDEN, "You do not hold seat " + std::to_string(static_cast<std::uint64_t>(m.seat()) + 1) +
                                             " in this match: set preferences for one of your own seats.");
  if (over_) return reply_error(r, v1::BAD_REQUEST, "This match is over: there is nothing left to play for you.");
  const engine::game_info& game = game_->info();
  const std::string title(game.title);
  if (m.choices_size() > static_cast<int>(game.preferences.size()))
    return reply_error(r, v1::BAD_REQUEST,
                       game.preferences.empty()
                           ? title + " has no preferences to set."
                           : title + " has " + std::to_string(game.preferences.size()) +
                                 (game.preferences.size() == 1 ? " preference" : " preferences") +
                                 "; this asked for " + std::to_string(m.choices_size()) + ".");
  std::vector<std::uint8_t> choices;
  for (int i = 0; i < m.choices_size(); ++i) {
    const engine::preference_info& p = game.preferences[static_cast<std::size_t>(i)];
    if (m.choices(i) >= p.choices.size())
      return reply_error(r, v1::BAD_REQUEST, "The preference \"" + std::string(p.label) + "\" has " +
                                                 std::to_string(p.choices.size()) +
                                                 " choices; pick one of those shown.");
    choices.push_back(static_cast<std::uint8_t>(m.choices(i)));
  }
  // Trailing defaults say nothing: "[1, 0, 0]" and "[1]" are the same preferences.
  while (!choices.empty() && choices.back() == 0) choices.pop_back();
  // Kept only once stored: the answer promises a reload or a restart keeps them.
  storage::seat_preferences stored{static_cast<std::uint32_t>(index), choices};
  services_->storage().submit(
      [id = record_.id, stored, at = wall_ms()](storage::database& db) { db.set_preferences(id, stored, at); },
      [self = shared_from_this(), r, index, choices](bool ok) {
        net::post(self->strand_, [self, r, index, choices, ok] { self->guarded([&] {
          if (!ok) return reply_error(r, v1::INTERNAL, "Your preferences could not be saved; try again.");
          if (self->stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed.");
          seat& s = self->seats_[static_cast<std::size_t>(index)];
          s.preferences = choices;
          // The answer, and the seat's other pages (tabs) learn them too; no one else does.
          for (const session_ref& ref : s.audience.sessions)
            if (ref.id != r.from.id) send_to(ref, self->info_frame(index, 0), self->stream());
          send_to(r.from, self->info_frame(index, r.request_id), self->stream());
          // A preference that answers now plays at once (after the appends in flight).
          if (self->in_flight_ > 0 || self->repairing_) return;   // after the commit, or the repair
          if (!self->broken_ && self->play_preferences()) return;
          self->schedule();
        }, &r); });
      });
}

bool match_actor::preference_answers(int index) const {
  const seat& s = seats_[static_cast<std::size_t>(index)];
  return !s.is_bot_seat() && !s.preferences.empty() && game_->preferred_action(index, s.preferences).has_value();
}

// Preferences decide from public information only (engine/core/match.hpp), so answering at
// once tells the other seats nothing about what this seat holds.
bool match_actor::play_preferences() {
  if (over_ || broken_ || repairing_ || stopped_) return false;
  bool played = false;
  const auto now = clock::now();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    seat& s = seats_[i];
    const int index = static_cast<int>(i);
    if (s.is_bot_seat() || s.preferences.empty() || game_->result().over) continue;
    const auto acting = static_cast<engine::seat_mask>(game_->must_act() | game_->may_act());
    if (!engine::has_seat(acting, index)) continue;
    const std::optional<engine::action> move = game_->preferred_action(index, s.preferences);
    if (!move) continue;
    if (move->seat != i || !game_->check(*move)) {
      std::cerr << "match " << record_.id << ": seat " << i << "'s preference chose a move the game refuses\n";
      continue;
    }
    s.bot_due = {};
    s.deadline = {};
    played = play_for(*move, storage::move_cause::preference, now) || played;
  }
  return played;
}

void match_actor::accept(const engine::action& a, accepted how) {
  seat& s = seats_[a.seat];
  // The timer stops; the deadline players were shown (deadline_ms) stays until schedule()
  // after the commit, so no MatchInfo tells of this move before it is durable.
  s.deadline = {};
  s.bot_due = {};
  s.turn_from = 0;   // its turn is over; a next one begins with the view that shows it
  // A bot waiting for the others (its offer's answer) has it: it plays on after its usual pause.
  for (seat& other : seats_)
    if (&other != &s && other.bot_waits.count() > 0) {
      other.bot_waits = {};
      other.bot_due = {};
    }
  how.entry = storage::logged_action{log_size_++, a, wall_ms(), how.cause};
  batch_.push_back(std::move(how));
  submit_append(batch_.back().entry);
}

void match_actor::submit_append(const storage::logged_action& entry) {
  ++in_flight_;
  services_->storage().submit(
      [id = record_.id, entry](storage::database& db) { db.append_action(id, entry); },
      [self = shared_from_this(), end = entry.index + 1](bool ok) {
        // On the storage thread, in log order. Appends of one batch commit together: the
        // first to arrive posts, the others ride along with it.
        if (ok)
          self->committed_.store(end, std::memory_order_relaxed);
        else
          self->append_failed_.store(true, std::memory_order_relaxed);
        if (self->appended_.fetch_add(1, std::memory_order_acq_rel) == 0)
          net::post(self->strand_, [self] { self->guarded([&] { self->on_appended(); }); });
      });
}

void match_actor::on_appended() {
  in_flight_ -= appended_.exchange(0, std::memory_order_acq_rel);
  if (append_failed_.exchange(false, std::memory_order_relaxed) && !repairing_ && !broken_) {
    // The engine is now ahead of the log: take nothing more, show nothing, until repaired.
    repairing_ = true;
    attempts_ = 0;
    std::cerr << "match " << record_.id << ": storage refused an append; trying again\n";
    stop_timer();
  }
  if (in_flight_ > 0) return;
  if (repairing_) return repair();
  if (broken_) return;
  settle();
}

void match_actor::answer_waiting() {
  auto waiting = std::move(deferred_);
  deferred_.clear();
  for (auto& f : waiting) f();
}

// Every append has committed: the views may show every accepted action.
void match_actor::settle() {
  // Counted before anyone is shown them: whoever sees an action accepted finds it in
  // /metrics (the latency then ends at commit, a few µs short of the views going out).
  const auto now = clock::now();
  for (const accepted& b : batch_) services_->stats().action_done(now - b.received);
  // The turn timers of the state about to be shown go out with it, in the same update
  // (a seat its preference answers gets none; its move is played below).
  set_deadlines();
  for (std::size_t i = 0; i < seats_.size(); ++i)
    publish(seats_[i].audience, engine::viewer::of_seat(static_cast<int>(i)));   // each held seat its own
  publish(spectators_, engine::viewer::spectator());
  mark_turns();
  for (const accepted& b : batch_) log_.add(b.words);
  batch_.clear();
  if (!over_ && game_->result().over)
    finish();
  else if (!over_ && nobody_can_move())
    end_stalled();
  play_preferences();   // what the seats' preferences answer in the new state, at once
  arm_timer();
  push_info(false);
  answer_waiting();
}

// ---- the end ---------------------------------------------------------------------------

void match_actor::finish() {
  const engine::outcome o = game_->result();
  end_match(o.winners, o.reason, {});
}

bool match_actor::nobody_can_move(bool judged) {
  const auto acting = static_cast<engine::seat_mask>(game_->must_act() | game_->may_act());
  std::vector<engine::action>& legal = scratch_space().actions;
  for (int i = 0; i < game_->seat_count(); ++i) {
    if (!engine::has_seat(acting, i)) continue;
    game_->legal_actions(i, legal);   // a seat the game names with nothing to play: the same fault
    for (const engine::action& a : legal)
      if (!judged || game_->check(a)) return false;
  }
  return true;
}

void match_actor::end_stalled() {
  std::cerr << "match " << record_.id << ": no seat has a move the rules allow and the game is not over, after "
            << log_size_ << " actions (a rules fault); it ends without a result\n";
  services_->stats().match_stopped(metrics::stop::nobody_can_move);
  no_result_ = true;
  end_match(0, stalled_words,
            std::string("The match stopped: ") + stalled_words + ". It ended without a result; its replay is kept.");
  push_info(false);   // whoever is attached learns it now, wherever it was found
  arm_timer();        // for the close
}

void match_actor::fault(const char* what, const request* r) {
  if (r) reply_error(*r, v1::INTERNAL, fault_answer_words);
  if (stopped_) {
    std::cerr << "match " << record_.id << ": a fault (" << what << ") after it closed\n";
    return;
  }
  std::cerr << "match " << record_.id << ": a fault (" << what << ") after " << log_size_
            << " actions; the match ends without a result\n";
  services_->stats().match_stopped(metrics::stop::fault);
  // Nothing from this state is appended, shown or played again: a handler stopped half way.
  broken_ = true;
  repairing_ = false;
  stop_timer();
  repair_timer_.cancel();
  // Moves taken but not yet shown: their appends still commit (the replay has them), but
  // the match they were for has ended.
  for (const accepted& b : batch_) refuse_taken(b, fault_answer_words);
  batch_.clear();
  if (!over_) {
    no_result_ = true;
    end_match(0, fault_words, std::string("The match stopped: ") + fault_words + ". It ended without a result; its replay is kept.");
  }
  push_info(true);   // over, without a result: the pages say so over the last table they were shown
  stopped_ = true;   // later requests: closed, its replay kept
  answer_waiting();
  services_->closed(record_.id);
}

void match_actor::refuse_taken(const accepted& b, const char* words) {
  if (b.session_id == 0) return;   // a bot's or the timer's: nobody asked
  for (const session_ref& ref : seats_[b.entry.move.seat].audience.sessions)
    if (ref.id == b.session_id) send_to(ref, encode_error(b.request_id, v1::INTERNAL, words));
}

void match_actor::end_match(engine::seat_mask winners, std::string reason, std::string lobby_words) {
  over_ = true;
  record_.finished = true;
  record_.end_reason = std::move(reason);
  record_.winners.clear();
  for (int i = 0; i < game_->seat_count(); ++i)
    if (engine::has_seat(winners, i)) record_.winners.push_back(static_cast<std::uint32_t>(i));
  record_.ended_ms = wall_ms();
  services_->storage().submit([id = record_.id, winners = record_.winners, reason = record_.end_reason,
                            ended = record_.ended_ms](storage::database& db) {
    db.finish_match(id, winners, reason, ended);
  });
  services_->released(record_.lobby_id, record_.id, std::move(lobby_words));
  for (seat& s : seats_) {
    s.deadline = {};
    s.deadline_ms = 0;
    s.bot_due = {};
    s.hold_until = {};
  }
  close_at_ = clock::now() + services_->settings().finished_linger;
}

}  // namespace starport::server
