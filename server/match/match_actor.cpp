#include "server/match/match_actor.hpp"

#include <algorithm>
#include <iostream>
#include <optional>

#include "engine/core/playout.hpp"
#include "server/crypto.hpp"
#include "server/match/fairness.hpp"
#include "server/lobby/lobby_hub.hpp"
#include "server/match/move_words.hpp"
#include "server/match/recovery.hpp"
#include "server/shared_state.hpp"
#include "server/protocol/frames.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/net/websocket_session.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

const char* const suspended_words =
    "This match is paused because the server could not save a move; it resumes after a restart.";
const char* const unsaved_words =
    "Your move could not be saved, so it was not played; look at the table again and choose once more.";

// A refused append is tried again this many times (pauses of storage_retry, doubling), then
// the match is re-dealt from its log; reads for that are tried until `max_repair_attempts`.
constexpr int append_retries = 3;
constexpr int max_repair_attempts = 12;
constexpr auto longest_pause = std::chrono::seconds(5);

const engine::bot_entry& bot_or_random(const engine::game_info& game, std::string_view name) {
  if (const engine::bot_entry* b = game.find_bot(name)) return *b;
  return engine::random_bot_entry;
}

// Who plays an absent player's seat: the game's heuristic bot, else its first own bot.
const engine::bot_entry& stand_in_bot(const engine::game_info& game) {
  if (const engine::bot_entry* b = game.find_bot("heuristic")) return *b;
  for (const engine::bot_entry& b : game.bots)
    if (b.name != "random") return b;
  return engine::random_bot_entry;
}

}  // namespace

match_actor::match_actor(std::shared_ptr<shared_state> state, storage::match_record record,
                         std::unique_ptr<engine::match> game, std::uint32_t log_size)
    : state_(std::move(state)),
      strand_(net::make_strand(state_->ioc())),
      record_(std::move(record)),
      commitment_(seed_commitment(record_.seed, record_.salt)),
      game_(std::move(game)),
      seats_(static_cast<std::size_t>(game_->seat_count())),
      log_size_(log_size),
      timer_(strand_),
      repair_timer_(strand_),
      view_scratch_(game_->info().new_view()) {
  committed_.store(log_size, std::memory_order_relaxed);
  settings_.ParseFromString(record_.settings);
  for (const storage::seat_record& r : record_.seats)
    if (r.seat < seats_.size()) seats_[r.seat].record = r;
  for (seat& s : seats_)
    if (s.is_bot_seat()) s.bot = bot_or_random(game_->info(), s.record.bot).make(random_u64());
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
  net::post(strand_, [self = shared_from_this(), seated = std::move(seated)] {
    const auto now = clock::now();
    // Until someone attaches, every player counts as away and their hold runs.
    for (seat& s : self->seats_)
      if (!s.is_bot_seat()) s.hold_until = now + self->state_->settings().seat_hold;
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
    if (self->game_->result().over) self->finish();
    self->play_preferences();   // after a restart, a preference may be due at once
    if (self->in_flight_ == 0)
      self->schedule();
    else
      self->arm_timer();   // deadlines after that move commits; held seats' holds run now
  });
}

void match_actor::play(request r, v1::PlayAction action) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), action = std::move(action)] {
    self->on_play(r, action);
  });
}

void match_actor::resync(request r) { watch(std::move(r)); }

void match_actor::set_preferences(request r, v1::SetPreferences m) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r), m = std::move(m)] {
    self->on_set_preferences(r, m);
  });
}

void match_actor::watch(request r) {
  net::post(strand_, [self = shared_from_this(), r = std::move(r)] {
    // Closed (or the server is stopping): as if it were already gone from the directory.
    if (self->stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed; its replay is in the replay list.");
    std::vector<int> held = self->seats_of(r.account_id);   // a player: every seat they hold
    if (held.empty() && !self->settings_.allow_spectators())
      return reply_error(r, v1::FORBIDDEN, "This match does not allow spectators.");
    // An anonymous viewer watches public tables only; a private one is for those invited.
    if (held.empty() && r.account_id.empty() && self->settings_.is_private())
      return reply_error(r, v1::FORBIDDEN, "This is a private table; pick a display name and join it by its invite link.");
    self->attach(r, std::move(held));
  });
}

void match_actor::detach(std::uint64_t session_id) {
  net::post(strand_, [self = shared_from_this(), session_id] { self->on_detach(session_id); });
}

void match_actor::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
    self->repair_timer_.cancel();
  });
}

int match_actor::seat_of(const std::string& account_id) const {
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!account_id.empty() && seats_[i].record.account_id == account_id) return static_cast<int>(i);
  return -1;
}

std::vector<int> match_actor::seats_of(const std::string& account_id) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (!account_id.empty() && seats_[i].record.account_id == account_id) out.push_back(static_cast<int>(i));
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
  if (wire.view_number() != s.audience.number) {
    if (ahead) return later();
    return reply_error(r, v1::STALE_VIEW, "The table changed before your move arrived; look again and choose once more.");
  }
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
  const engine::verdict v = game_->check(move);   // on refusal nothing changes
  if (!v) {
    // Refused in the state ahead: judged again once that state is shown (it may then be
    // STALE_VIEW, or the same refusal against what the players saw).
    if (ahead) return later();
    return reply_error(r, static_cast<v1::ErrorCode>(v.code), v.detail);
  }
  std::string words = game_->describe(move);      // in the state the move was chosen in
  game_->play(move);
  s.acted_on = s.audience.number;
  accept(move, accepted{r.from.id, r.request_id, r.received, move,
                        log_entry(std::move(words), storage::move_cause::chosen, game_->describe_effects())});
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
  state_->storage().submit(
      [id = record_.id, stored, at = wall_ms()](storage::database& db) { db.set_preferences(id, stored, at); },
      [self = shared_from_this(), r, index, choices](bool ok) {
        net::post(self->strand_, [self, r, index, choices, ok] {
          if (!ok) return reply_error(r, v1::INTERNAL, "Your preferences could not be saved; try again.");
          if (self->stopped_) return reply_error(r, v1::NOT_FOUND, "This match has closed.");
          seat& s = self->seats_[static_cast<std::size_t>(index)];
          s.preferences = choices;
          // The answer, and the seat's other pages (tabs) learn them too; no one else does.
          for (const session_ref& ref : s.audience.sessions)
            if (ref.id != r.from.id) send_to(ref, self->info_frame(index, 0));
          send_to(r.from, self->info_frame(index, r.request_id));
          // A preference that answers now plays at once (after the appends in flight).
          if (self->in_flight_ > 0 || self->repairing_) return;   // after the commit, or the repair
          if (!self->broken_ && self->play_preferences()) return;
          self->schedule();
        });
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
  how.entry = storage::logged_action{log_size_++, a, wall_ms(), how.cause};
  batch_.push_back(std::move(how));
  submit_append(batch_.back().entry);
}

void match_actor::submit_append(const storage::logged_action& entry) {
  ++in_flight_;
  state_->storage().submit(
      [id = record_.id, entry](storage::database& db) { db.append_action(id, entry); },
      [self = shared_from_this(), end = entry.index + 1](bool ok) {
        // On the storage thread, in log order. Appends of one batch commit together: the
        // first to arrive posts, the others ride along with it.
        if (ok)
          self->committed_.store(end, std::memory_order_relaxed);
        else
          self->append_failed_.store(true, std::memory_order_relaxed);
        if (self->appended_.fetch_add(1, std::memory_order_acq_rel) == 0)
          net::post(self->strand_, [self] { self->on_appended(); });
      });
}

void match_actor::on_appended() {
  in_flight_ -= appended_.exchange(0, std::memory_order_acq_rel);
  if (append_failed_.exchange(false, std::memory_order_relaxed) && !repairing_ && !broken_) {
    // The engine is now ahead of the log: take nothing more, show nothing, until repaired.
    repairing_ = true;
    attempts_ = 0;
    std::cerr << "match " << record_.id << ": storage refused an append; trying again\n";
    timer_.cancel();
  }
  if (in_flight_ > 0) return;
  if (repairing_) return repair();
  if (broken_) return;
  settle();
}

// ---- storage faults --------------------------------------------------------------------

void match_actor::repair() {
  if (stopped_) return;
  // Appends commit in log order, so what committed is a prefix of the batch.
  const std::uint32_t committed = committed_.load(std::memory_order_relaxed);
  if (std::all_of(batch_.begin(), batch_.end(), [&](const accepted& b) { return b.entry.index < committed; })) {
    repairing_ = false;
    attempts_ = 0;
    std::cerr << "match " << record_.id << ": storage took the appends; the match goes on\n";
    return settle();
  }
  ++attempts_;
  retry_later(attempts_ <= append_retries ? &match_actor::retry_appends : &match_actor::redeal);
}

void match_actor::retry_later(void (match_actor::*step)()) {
  const int doublings = std::min(attempts_ - 1, 10);
  const auto base = state_->settings().storage_retry;
  const auto pause = std::min<std::chrono::milliseconds>({base * (1 << doublings), base * 64, longest_pause});
  repair_timer_.expires_after(pause);
  repair_timer_.async_wait([self = shared_from_this(), step](boost::system::error_code ec) {
    if (!ec && !self->stopped_) ((*self).*step)();
  });
}

void match_actor::retry_appends() {
  const std::uint32_t committed = committed_.load(std::memory_order_relaxed);
  for (const accepted& b : batch_)
    if (b.entry.index >= committed) submit_append(b.entry);
}

void match_actor::redeal() {
  // A read of its own: it needs no write to succeed (a full disk still reads).
  auto found = std::make_shared<std::vector<storage::logged_action>>();
  state_->storage().submit_read(
      [id = record_.id, found](storage::database& db) { *found = db.actions(id); },
      [self = shared_from_this(), found](bool ok) {
        net::post(self->strand_, [self, found, ok] { self->on_redeal(ok, std::move(*found)); });
      },
      SIZE_MAX);
}

void match_actor::on_redeal(bool ok, std::vector<storage::logged_action> actions) {
  if (stopped_) return;
  if (!ok) {
    if (++attempts_ > max_repair_attempts) return give_up("its log could not be read");
    return retry_later(&match_actor::redeal);
  }
  // As crash recovery does: dealt from the seed, every logged action re-played.
  dealt_match dealt = deal_and_replay(record_, actions, nullptr);
  if (!dealt.game) return give_up(dealt.why);
  std::unique_ptr<engine::match> game = std::move(dealt.game);
  const std::uint32_t applied = dealt.applied;
  if (applied != actions.size()) return give_up("its log does not re-play at action " + std::to_string(applied));
  // The moves past the log were never shown to anyone: dropped, and their players told.
  std::vector<accepted> kept;
  for (accepted& b : batch_) {
    if (b.entry.index < applied) {
      kept.push_back(std::move(b));
      continue;
    }
    seat& s = seats_[b.entry.move.seat];
    s.acted_on = UINT64_MAX;   // the seat may move again
    for (const session_ref& ref : s.audience.sessions)
      if (b.session_id != 0 && ref.id == b.session_id) send_to(ref, encode_error(b.request_id, v1::INTERNAL, unsaved_words));
  }
  std::cerr << "match " << record_.id << ": re-dealt from its log at action " << applied << ", "
            << batch_.size() - kept.size() << " unsaved move(s) dropped\n";
  batch_ = std::move(kept);
  game_ = std::move(game);
  log_size_ = applied;
  committed_.store(applied, std::memory_order_relaxed);
  repairing_ = false;
  attempts_ = 0;
  settle();
}

void match_actor::give_up(const std::string& why) {
  broken_ = true;
  repairing_ = false;
  timer_.cancel();
  std::cerr << "match " << record_.id << ": " << why << "; the match is suspended until restart\n";
  for (const accepted& b : batch_)
    if (b.session_id != 0)
      for (const session_ref& ref : seats_[b.entry.move.seat].audience.sessions)
        if (ref.id == b.session_id) send_to(ref, encode_error(b.request_id, v1::INTERNAL, suspended_words));
  batch_.clear();
  for (seat& s : seats_)
    for (const session_ref& ref : s.audience.sessions) send_to(ref, encode_error(0, v1::INTERNAL, suspended_words));
  answer_waiting();   // each refuses itself now that the match is broken
  // Its players are free again and its lobby is not left "in match" for a match no one can
  // play; the record stays running, so a restart resumes it (if storage then holds).
  state_->matches().mark_over(record_.id);
  state_->stats().matches_changed(-1);
  state_->lobbies().match_over(record_.lobby_id, record_.id,
                               "The match stopped: the server could not save its moves. A restart resumes it.");
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
  for (const accepted& b : batch_) state_->stats().action_done(now - b.received);
  for (std::size_t i = 0; i < seats_.size(); ++i)
    publish(seats_[i].audience, engine::viewer::of_seat(static_cast<int>(i)));   // each held seat its own
  publish(spectators_, engine::viewer::spectator());
  for (const accepted& b : batch_) log_.add(b.words);
  batch_.clear();
  if (!over_ && game_->result().over) finish();
  play_preferences();   // what the seats' preferences answer in the new state, at once
  // Deadlines are set (and shown) for a committed state only: after a preference's move
  // commits, the next settle schedules.
  if (in_flight_ == 0)
    schedule();
  else
    arm_timer();
  push_info(false);
  answer_waiting();
}

const std::string& match_actor::current_view(engine::viewer who) {
  game_->view_into(who, *view_scratch_);
  view_scratch_->SerializeToString(&bytes_scratch_);
  return bytes_scratch_;
}

void match_actor::publish(channel& audience, engine::viewer who) {
  std::erase_if(audience.sessions, [](const session_ref& r) { return r.session.expired(); });
  if (audience.sessions.empty()) {
    audience.has_view = false;   // whoever comes next starts from a snapshot
    return;
  }
  const std::string& view = current_view(who);
  v1::ServerMessage m;
  v1::ViewUpdate& u = *m.mutable_view();
  u.set_match_id(record_.id);
  u.set_seat(who.seat < 0 ? 0 : static_cast<std::uint32_t>(who.seat));   // whose stream
  for (const accepted& b : batch_) {
    if (!u.log_line().empty()) u.mutable_log_line()->push_back('\n');
    u.mutable_log_line()->append(b.words);   // public words: the game leaves out what it hides
  }
  // Both are our serializer's, so the diff always succeeds; a snapshot all the same if not.
  std::optional<std::string> patch;
  if (audience.has_view) patch = diff_encoded(audience.last_view, view, *view_scratch_->GetDescriptor());
  if (!patch) {
    u.set_snapshot(true);
    u.set_view(view);
    log_.copy_to(u);   // the lines before this batch's; the batch's are in log_line
  } else {
    u.set_patch(std::move(*patch));
  }
  u.set_number(++audience.number);
  audience.last_view.swap(bytes_scratch_);   // keeps both buffers' capacity for next time
  audience.has_view = true;
  // Encoded once; the session whose action this shows gets the same bytes as the answer
  // to its request (the request id put in front).
  const frame_ptr plain = encode(m);
  for (const session_ref& ref : audience.sessions) {
    std::uint32_t request_id = 0;
    for (const accepted& b : batch_)
      if (b.session_id == ref.id) request_id = b.request_id;
    send_to(ref, request_id == 0 ? plain : with_request_id(*plain, request_id));
  }
}

// ---- audiences -------------------------------------------------------------------------

void match_actor::attach(request r, std::vector<int> held) {
  if (broken_) return reply_error(r, v1::INTERNAL, suspended_words);
  // A snapshot must show only committed actions: wait for the appends in flight.
  if (in_flight_ > 0 || repairing_)
    return after_settle([self = shared_from_this(), r, held] { self->attach(r, held); });
  bool joined = false;
  auto join = [&](channel& audience) {
    const bool known = std::any_of(audience.sessions.begin(), audience.sessions.end(),
                                   [&](const session_ref& s) { return s.id == r.from.id; });
    if (known) return;
    audience.sessions.push_back(r.from);
    joined = true;
  };
  for (int index : held) {
    seat& s = seats_[static_cast<std::size_t>(index)];
    if (!s.connected && !s.is_bot_seat()) {
      // The player is back: their stand-in stops and their hold ends.
      s.connected = true;
      s.hold_until = {};
      s.stand_in = false;
      s.bot.reset();
      s.bot_due = {};
      push_info(false);
      schedule();
    }
    join(s.audience);
  }
  if (held.empty()) join(spectators_);
  if (auto session = r.from.session.lock(); session && joined) session->track(weak_from_this());
  // One MatchInfo (every seat they hold), then a snapshot of each held seat's stream.
  send_to(r.from, info_frame(held.empty() ? -1 : held.front(), r.request_id));
  if (held.empty()) return send_snapshot(spectators_, engine::viewer::spectator(), r.from, r.request_id);
  for (int index : held)
    send_snapshot(seats_[static_cast<std::size_t>(index)].audience, engine::viewer::of_seat(index), r.from,
                  r.request_id);
}

void match_actor::send_snapshot(channel& audience, engine::viewer who, const session_ref& to,
                                std::uint32_t request_id) {
  if (!audience.has_view) {
    audience.last_view = current_view(who);
    audience.has_view = true;
    ++audience.number;
  }
  v1::ServerMessage m;
  m.set_request_id(request_id);
  v1::ViewUpdate& u = *m.mutable_view();
  u.set_match_id(record_.id);
  u.set_number(audience.number);
  u.set_seat(who.seat < 0 ? 0 : static_cast<std::uint32_t>(who.seat));
  u.set_snapshot(true);
  u.set_view(audience.last_view);
  log_.copy_to(u);   // a reload shows the log so far
  send_to(to, encode(m));
}

void match_actor::on_detach(std::uint64_t session_id) {
  auto gone = [session_id](const session_ref& r) { return r.id == session_id || r.session.expired(); };
  bool changed = false;
  for (seat& s : seats_) {
    std::erase_if(s.audience.sessions, gone);
    if (s.audience.sessions.empty() && s.connected && !s.is_bot_seat()) {
      s.connected = false;
      if (!over_) s.hold_until = clock::now() + state_->settings().seat_hold;
      changed = true;
    }
  }
  std::erase_if(spectators_.sessions, gone);
  if (!changed || stopped_) return;
  push_info(false);
  arm_timer();
}

// ---- the end ---------------------------------------------------------------------------

void match_actor::finish() {
  over_ = true;
  const engine::outcome o = game_->result();
  record_.finished = true;
  record_.end_reason = o.reason;
  record_.winners.clear();
  for (int i = 0; i < game_->seat_count(); ++i)
    if (engine::has_seat(o.winners, i)) record_.winners.push_back(static_cast<std::uint32_t>(i));
  record_.ended_ms = wall_ms();
  state_->storage().submit([id = record_.id, winners = record_.winners, reason = record_.end_reason,
                            ended = record_.ended_ms](storage::database& db) {
    db.finish_match(id, winners, reason, ended);
  });
  state_->matches().mark_over(record_.id);
  state_->stats().matches_changed(-1);
  state_->lobbies().match_over(record_.lobby_id, record_.id);
  for (seat& s : seats_) {
    s.deadline = {};
    s.deadline_ms = 0;
    s.bot_due = {};
    s.hold_until = {};
  }
  close_at_ = clock::now() + state_->settings().finished_linger;
}

// ---- time: bots, turn timers, held seats ----------------------------------------------

void match_actor::schedule() {
  if (stopped_ || broken_ || repairing_) return;
  const auto now = clock::now();
  const engine::seat_mask must = over_ ? 0 : game_->must_act();
  const std::uint32_t turn = std::min(settings_.turn_seconds(), state_->settings().max_turn_seconds);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    seat& s = seats_[i];
    if (!engine::has_seat(must, static_cast<int>(i))) {
      s.bot_due = {};
      s.deadline = {};
      s.deadline_ms = 0;
    } else if (preference_answers(static_cast<int>(i))) {
      // Its preference answers at once: no turn timer runs, no stand-in waits.
      s.bot_due = {};
      s.deadline = {};
      s.deadline_ms = 0;
    } else if (s.bot_plays()) {
      if (s.bot_due == clock::time_point{}) s.bot_due = now + state_->settings().bot_delay;
    } else if (turn > 0 && s.deadline == clock::time_point{}) {
      s.deadline = now + std::chrono::seconds(turn);
      s.deadline_ms = wall_ms() + static_cast<std::int64_t>(turn) * 1000;
    }
  }
  arm_timer();
}

void match_actor::arm_timer() {
  if (stopped_) return;
  auto next = clock::time_point::max();
  auto consider = [&next](clock::time_point t) {
    if (t != clock::time_point{}) next = std::min(next, t);
  };
  for (const seat& s : seats_) {
    consider(s.bot_due);
    consider(s.deadline);
    if (!s.connected && !s.bot_plays()) consider(s.hold_until);
  }
  if (over_) consider(close_at_);
  if (next == clock::time_point::max()) {
    timer_.cancel();
    return;
  }
  timer_.expires_at(next);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->on_timer();
  });
}

void match_actor::take_over(seat& s) {
  s.stand_in = true;
  s.hold_until = {};
  s.bot = stand_in_bot(game_->info()).make(random_u64());
}

void match_actor::on_timer() {
  if (stopped_ || repairing_) return;
  const auto now = clock::now();
  if (over_) {
    if (now >= close_at_) {
      stopped_ = true;   // late resyncs are over; the replay has it all
      state_->matches().remove(record_.id);
      return;
    }
    return arm_timer();
  }
  bool changed = false;
  for (seat& s : seats_)
    if (!s.connected && !s.bot_plays() && s.hold_until != clock::time_point{} && now >= s.hold_until) {
      take_over(s);
      changed = true;
    }
  for (std::size_t i = 0; i < seats_.size() && !broken_; ++i) {
    seat& s = seats_[i];
    const int index = static_cast<int>(i);
    if (!engine::has_seat(game_->must_act(), index)) continue;
    engine::action move;
    storage::move_cause cause = storage::move_cause::chosen;
    if (preference_answers(index)) {
      continue;   // played at the next settle, never by the timer
    } else if (s.bot_due != clock::time_point{} && now >= s.bot_due && s.bot_plays()) {
      game_->legal_actions(index, scratch_);
      move = scratch_.empty() ? game_->timeout_action(index) : engine::bot_move(*game_, index, *s.bot, scratch_);
      if (!s.is_bot_seat()) cause = storage::move_cause::stand_in_bot;
    } else if (s.deadline != clock::time_point{} && now >= s.deadline) {
      move = game_->timeout_action(index);   // the game's own answer to running out of time
      cause = storage::move_cause::time_ran_out;
    } else {
      continue;
    }
    s.bot_due = {};
    s.deadline = {};
    if (!play_for(move, cause, now))
      std::cerr << "match " << record_.id << ": seat " << i << " had no acceptable automatic move\n";
  }
  if (changed) {
    push_info(false);
    if (in_flight_ == 0) schedule();
  }
  arm_timer();
}

// ---- MatchInfo -------------------------------------------------------------------------

v1::MatchInfo match_actor::info() const {
  v1::MatchInfo m;
  m.set_match_id(record_.id);
  m.set_game(record_.game);
  m.set_rules_version(static_cast<std::uint32_t>(record_.rules_version));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const seat& s = seats_[i];
    v1::MatchSeat& out = *m.add_seats();
    out.set_seat(static_cast<std::uint32_t>(i));
    out.set_name(s.record.name);   // a stand-in keeps its player's name; `bot` says who plays
    out.set_bot(s.bot_plays());
    out.set_bot_kind(s.record.bot);
    out.set_connected(s.is_bot_seat() || s.connected);
    out.set_deadline_ms(static_cast<std::uint64_t>(s.deadline_ms));
  }
  m.set_seed_commitment(commitment_);
  if (over_) {
    // The seed is revealed only now that no card it dealt can still be hidden.
    m.set_over(true);
    m.set_revealed_seed(record_.seed);
    m.set_revealed_salt(record_.salt);
    v1::Outcome& o = *m.mutable_outcome();
    o.set_over(true);
    for (std::uint32_t w : record_.winners) o.add_winners(w);
    o.set_reason(record_.end_reason);
  }
  return m;
}

frame_ptr match_actor::info_frame(int index, std::uint32_t request_id) const {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  *m.mutable_match() = info();
  m.mutable_match()->set_spectator(index < 0);
  if (index >= 0) {
    // Every seat its holder holds (several only in a cooperative game): your_seat is the
    // lowest, as for a person with one seat.
    std::vector<int> held = seats_of(seats_[static_cast<std::size_t>(index)].record.account_id);
    if (held.empty()) held.push_back(index);
    m.mutable_match()->set_your_seat(static_cast<std::uint32_t>(held.front()));
    // Only ever in the frame for the holder's own sessions.
    for (std::uint8_t c : seats_[static_cast<std::size_t>(held.front())].preferences)
      m.mutable_match()->add_your_preferences(c);
    for (int h : held) {
      m.mutable_match()->add_your_seats(static_cast<std::uint32_t>(h));
      for (std::uint8_t c : seats_[static_cast<std::size_t>(h)].preferences)
        m.mutable_match()->mutable_seats(h)->add_preferences(c);
    }
  }
  return encode(m);
}

void match_actor::info_key(std::vector<std::int64_t>& out) const {
  out.clear();
  out.push_back(over_);
  for (const seat& s : seats_) {
    out.push_back((s.bot_plays() ? 2 : 0) | (s.is_bot_seat() || s.connected ? 1 : 0));
    out.push_back(s.deadline_ms);
  }
}

void match_actor::push_info(bool force) {
  // Called after every settle: compare the few things MatchInfo shows that can change
  // before building and sending it.
  info_key(info_scratch_);
  if (!force && info_scratch_ == last_info_) return;
  last_info_.swap(info_scratch_);
  // A session in several seats' audiences (one person, several seats) gets it once.
  std::vector<std::uint64_t> sent;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].audience.sessions.empty()) continue;
    frame_ptr frame;
    for (const session_ref& ref : seats_[i].audience.sessions) {
      if (std::find(sent.begin(), sent.end(), ref.id) != sent.end()) continue;
      sent.push_back(ref.id);
      if (!frame) frame = info_frame(static_cast<int>(i), 0);
      send_to(ref, frame);
    }
  }
  if (spectators_.sessions.empty()) return;
  const frame_ptr frame = info_frame(-1, 0);
  for (const session_ref& ref : spectators_.sessions) send_to(ref, frame);
}

}  // namespace starport::server
