// Time in a match: bots' pauses, turn timers, held seats and their stand-ins.
#include "server/match/match_actor.hpp"

#include <algorithm>
#include <iostream>

#include "engine/core/playout.hpp"
#include "server/crypto.hpp"
#include "server/net/metrics.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

// Who plays an absent player's seat: the game's heuristic bot, else its first own bot.
const engine::bot_entry& stand_in_bot(const engine::game_info& game) {
  if (const engine::bot_entry* b = game.find_bot("heuristic")) return *b;
  for (const engine::bot_entry& b : game.bots)
    if (b.name != "random") return b;
  return engine::random_bot_entry;
}

}  // namespace

// ---- time: bots, turn timers, held seats ----------------------------------------------

void match_actor::schedule() {
  if (set_deadlines()) show_deadlines();
}

bool match_actor::set_deadlines() {
  if (stopped_ || broken_ || repairing_) return false;
  const auto now = clock::now();
  const engine::seat_mask must = over_ ? 0 : game_->must_act();
  const engine::seat_mask awaiting = over_ ? 0 : game_->awaiting_answer();
  const std::uint32_t turn = turn_seconds();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    seat& s = seats_[i];
    if (!engine::has_seat(must, static_cast<int>(i))) {
      s.bot_due = {};
      s.bot_waits = {};
      s.deadline = {};
      s.deadline_ms = 0;
    } else if (preference_answers(static_cast<int>(i))) {
      // Its preference answers at once: no turn timer runs, no stand-in waits.
      s.bot_due = {};
      s.deadline = {};
      s.deadline_ms = 0;
    } else if (s.bot_plays()) {
      // A bot's pause is not a turn: a stand-in taking over stops the player's countdown.
      s.deadline = {};
      if (s.bot_due == clock::time_point{}) {
        const std::chrono::milliseconds pause = services_->settings().bot_delay + s.bot_waits;
        s.bot_due = now + pause;
        // A bot giving the others time to answer what it asked (its trade offer) shows when
        // it plays on, as a timer: what it waits for is public, so everyone may see it.
        s.deadline_ms = s.bot_waits.count() > 0 ? wall_ms() + pause.count() : 0;
      }
    } else if (engine::has_seat(awaiting, static_cast<int>(i))) {
      // Waiting for the answer to its offer, on the target's clock: its own stops, and a
      // whole turn starts when the answer comes, however late in the target's turn.
      s.deadline = {};
      s.deadline_ms = 0;
    } else if (turn > 0 && s.deadline == clock::time_point{}) {
      s.deadline = now + std::chrono::seconds(turn);
      s.deadline_ms = wall_ms() + static_cast<std::int64_t>(turn) * 1000;
    }
  }
  arm_timer();
  return true;
}

std::uint32_t match_actor::turn_seconds() const {
  return std::min(settings_.turn_seconds(), services_->settings().max_turn_seconds);
}

void match_actor::deadlines_now(std::vector<std::int64_t>& out) const {
  out.clear();
  for (const seat& s : seats_)
    out.push_back(s.deadline != clock::time_point{} || (s.bot_due != clock::time_point{} && s.bot_plays()) ? s.deadline_ms : 0);
}

void match_actor::show_deadlines() {
  // A view update shows a committed state only: with appends in flight, the settle that
  // follows carries the deadlines.
  if (in_flight_ > 0 || repairing_ || stopped_) return;
  std::vector<std::int64_t>& now = scratch_space().deadlines;   // publish() refills it alike
  deadlines_now(now);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    channel& c = seats_[i].audience;
    if (c.has_view && !c.sessions.empty() && c.deadlines != now)
      publish(c, engine::viewer::of_seat(static_cast<int>(i)));
  }
  if (spectators_.has_view && !spectators_.sessions.empty() && spectators_.deadlines != now)
    publish(spectators_, engine::viewer::spectator());
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
  if (next == clock::time_point::max()) return stop_timer();
  // A wait pending for this moment or an earlier one stands. Re-arming costs a cancelled
  // completion through the strand and a new wait, and a settle would do it for every move;
  // a wait that comes early finds nothing due in on_timer, which arms for what is.
  if (timer_due_ <= next) return;
  timer_due_ = next;
  services_->stats().timer_armed();
  timer_.expires_at(next);
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;   // cancelled: whoever cancelled it has already set timer_due_
    self->timer_due_ = clock::time_point::max();
    self->guarded([&] { self->on_timer(); });
  });
}

void match_actor::stop_timer() {
  if (timer_due_ == clock::time_point::max()) return;
  timer_due_ = clock::time_point::max();
  timer_.cancel();
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
      services_->closed(record_.id);
      return;
    }
    return arm_timer();
  }
  bool changed = false;
  bool refused = false;
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
      std::vector<engine::action>& legal = scratch_space().actions;
      game_->legal_actions(index, legal);
      move = legal.empty() ? game_->timeout_action(index) : engine::bot_move(*game_, index, *s.bot, legal);
      // bot_move asks the bot only when there is a choice; else its last answer is stale.
      s.bot_waits = std::chrono::milliseconds(legal.size() > 1 ? s.bot->waits_for_others_ms() : 0);
      if (!s.is_bot_seat()) cause = storage::move_cause::stand_in_bot;
    } else if (s.deadline != clock::time_point{} && now >= s.deadline) {
      move = game_->timeout_action(index);   // the game's own answer to running out of time
      cause = storage::move_cause::time_ran_out;
    } else {
      continue;
    }
    s.bot_due = {};
    s.deadline = {};
    if (!play_for(move, cause, now)) {
      std::cerr << "match " << record_.id << ": seat " << i << " had no acceptable automatic move\n";
      refused = true;
    }
  }
  // The game refused its own listed move: if it accepts none of any seat's, nothing can
  // ever happen (with a move in flight, the next settle or timer asks again).
  if (refused && in_flight_ == 0 && !over_ && nobody_can_move(true)) return end_stalled();
  if (changed) {
    push_info(false);
    if (in_flight_ == 0) schedule();
  }
  arm_timer();
}

}  // namespace starport::server
