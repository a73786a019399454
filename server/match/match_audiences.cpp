// Who watches a match, and what they are sent: each seat's and the spectators' view stream
// (snapshots, then diffs), and MatchInfo.
#include "server/match/match_actor.hpp"

#include <algorithm>
#include <optional>
#include <span>

#include "server/net/websocket_session.hpp"
#include "server/protocol/frames.hpp"
#include "server/protocol/turn_timers.hpp"
#include "server/protocol/view_diff.hpp"
#include "server/net/metrics.hpp"
#include "storage/worker.hpp"

namespace starport::server {
void match_actor::add_turn_timers(v1::ViewUpdate& u, const channel& audience, bool snapshot) const {
  std::uint32_t full_turns = 0, stopped_turns = 0;
  write_turn_timers(audience.deadlines, scratch_space().deadlines, wall_ms(), std::int64_t{turn_seconds()} * 1000, snapshot,
                    *u.mutable_deadlines_ms(), full_turns, stopped_turns);
  u.set_full_turns(full_turns);
  u.set_stopped_turns(stopped_turns);
}

void match_actor::name_stream(v1::ViewUpdate& u, engine::viewer who) const {
  // A connection holding one seat (or watching) has one stream of the match: naming it
  // would cost a byte on every frame of seats 1 and up for nothing.
  if (who.seat >= 0 && seats_[static_cast<std::size_t>(who.seat)].several_held)
    u.set_seat(static_cast<std::uint32_t>(who.seat));
}

const std::string& match_actor::current_view(engine::viewer who) {
  scratch& s = scratch_space();
  google::protobuf::Message& view = s.view_of(game_->info());
  game_->view_into(who, view);
  view.SerializeToString(&s.bytes);
  return s.bytes;
}

void match_actor::publish(channel& audience, engine::viewer who) {
  std::erase_if(audience.sessions, [](const session_ref& r) { return r.session.expired(); });
  if (audience.sessions.empty()) {
    audience.has_view = false;   // whoever comes next starts from a snapshot
    return;
  }
  scratch& s = scratch_space();
  const std::string& view = current_view(who);
  v1::ViewUpdate u;
  name_stream(u, who);
  // Both are our serializer's, so the diff always succeeds; a snapshot all the same if not.
  std::optional<std::string> patch;
  if (audience.has_view) patch = diff_encoded(audience.last_view, view, *s.view_of(game_->info()).GetDescriptor());
  deadlines_now(s.deadlines);
  if (!patch) {
    u.set_match_id(record_.id);
    u.set_snapshot(true);
    u.set_view(view);
    log_.copy_to(u);   // the lines before this batch's; the batch's are in log_line
  } else {
    u.set_patch(std::move(*patch));   // its match: the session's handle, in front (send_to)
  }
  add_turn_timers(u, audience, !patch);
  // The batch's public words (the game leaves out what it hides), coded against this
  // stream's own table of line shapes; as text when the table cannot take them.
  if (!patch) {
    audience.log.clear();   // a snapshot empties the table
  } else if (audience.log_reset) {
    u.set_log_reset(true);
  }
  audience.log_reset = false;
  std::size_t lines = 0;
  for (const accepted& b : batch_) lines = code_lines(b.words, s.lines, lines);
  if (lines > 0 &&
      !audience.log.write(std::span(s.lines.data(), lines), *u.mutable_log_refs(), *u.mutable_log_line())) {
    for (const accepted& b : batch_) {
      if (!u.log_line().empty()) u.mutable_log_line()->push_back('\n');
      u.mutable_log_line()->append(b.words);
    }
  }
  audience.deadlines = s.deadlines;
  // A diff's number is the stream's previous + 1 for every connection it goes to (each got
  // the stream's every frame since its snapshot, in order, or was dropped): left out.
  ++audience.number;
  if (!patch) u.set_number(audience.number);
  audience.last_view.swap(s.bytes);   // keeps both buffers' capacity for next time
  audience.has_view = true;
  // Encoded once (and packed once); the session whose action this shows gets the same
  // bytes as the answer to its request (the request id put in front).
  view_frames frames(u, dictionary_);
  for (const session_ref& ref : audience.sessions) {
    std::uint32_t request_id = 0;
    for (const accepted& b : batch_)
      if (b.session_id == ref.id) request_id = b.request_id;
    const frame_ptr& frame = frames.for_session(ref);
    services_->stats().view_sent(frames.is_packed(frame), frame->size());
    send_to(ref, request_id == 0 ? frame : with_request_id(*frame, request_id), stream());
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
  send_to(r.from, info_frame(held.empty() ? -1 : held.front(), r.request_id), stream());
  if (held.empty()) return send_snapshot(spectators_, engine::viewer::spectator(), r.from, r.request_id);
  for (int index : held)
    send_snapshot(seats_[static_cast<std::size_t>(index)].audience, engine::viewer::of_seat(index), r.from,
                  r.request_id);
}

void match_actor::send_snapshot(channel& audience, engine::viewer who, const session_ref& to,
                                std::uint32_t request_id) {
  std::vector<std::int64_t>& deadlines = scratch_space().deadlines;
  deadlines_now(deadlines);
  if (!audience.has_view) {
    audience.last_view = current_view(who);
    audience.has_view = true;
    ++audience.number;
    audience.deadlines = deadlines;
  }
  v1::ViewUpdate u;
  u.set_match_id(record_.id);
  u.set_number(audience.number);
  name_stream(u, who);
  u.set_snapshot(true);
  u.set_view(audience.last_view);
  log_.copy_to(u);   // a reload shows the log so far
  // The snapshot empties its reader's table; the stream's other connections learn it with
  // the next diff (log_reset), as they share its frames.
  if (audience.log.size() > 0) {
    audience.log.clear();
    audience.log_reset = true;
  }
  add_turn_timers(u, audience, true);
  view_frames frames(u, dictionary_);
  const frame_ptr& frame = frames.for_session(to);
  services_->stats().view_sent(frames.is_packed(frame), frame->size());
  send_to(to, request_id == 0 ? frame : with_request_id(*frame, request_id), stream());
}

void match_actor::on_detach(std::uint64_t session_id) {
  auto gone = [session_id](const session_ref& r) { return r.id == session_id || r.session.expired(); };
  bool changed = false;
  for (seat& s : seats_) {
    std::erase_if(s.audience.sessions, gone);
    if (s.audience.sessions.empty() && s.connected && !s.is_bot_seat()) {
      s.connected = false;
      if (!over_) s.hold_until = clock::now() + services_->settings().seat_hold;
      changed = true;
    }
  }
  std::erase_if(spectators_.sessions, gone);
  if (!changed || stopped_) return;
  push_info(false);
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
    out.set_name(s.record->name);   // a stand-in keeps its player's name; `bot` says who plays
    out.set_bot(s.bot_plays());
    out.set_bot_kind(s.record->bot);
    out.set_connected(s.is_bot_seat() || s.connected);
  }
  m.set_seed_commitment(commitment_);
  m.set_turn_seconds(turn_seconds());   // what a whole turn in ViewUpdate.full_turns lasts
  if (over_) {
    // The seed is revealed only now that no card it dealt can still be hidden.
    m.set_over(true);
    m.set_revealed_seed(record_.seed);
    m.set_revealed_salt(record_.salt);
    v1::Outcome& o = *m.mutable_outcome();
    o.set_over(true);
    for (std::uint32_t w : record_.winners) o.add_winners(w);
    o.set_reason(record_.end_reason);
    o.set_no_result(no_result_);
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
    std::vector<int> held = seats_of(seats_[static_cast<std::size_t>(index)].record->account_id);
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
  }
}

void match_actor::push_info(bool force) {
  // Called after every settle: compare the few things MatchInfo shows that can change
  // (connections, bots, the end; deadlines travel in the view stream) before building it.
  std::vector<std::int64_t>& key = scratch_space().info;
  info_key(key);
  if (!force && key == last_info_) return;
  last_info_.swap(key);
  // A session in several seats' audiences (one person, several seats) gets it once.
  std::vector<std::uint64_t> sent;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].audience.sessions.empty()) continue;
    frame_ptr frame;
    for (const session_ref& ref : seats_[i].audience.sessions) {
      if (std::find(sent.begin(), sent.end(), ref.id) != sent.end()) continue;
      sent.push_back(ref.id);
      if (!frame) frame = info_frame(static_cast<int>(i), 0);
      send_to(ref, frame, stream());
    }
  }
  if (spectators_.sessions.empty()) return;
  const frame_ptr frame = info_frame(-1, 0);
  for (const session_ref& ref : spectators_.sessions) send_to(ref, frame, stream());
}

}  // namespace starport::server
