// A match whose appends storage refused: retried, then re-dealt from its log (docs/server.md,
// "Storage faults").
#include "server/match/match_actor.hpp"

#include <algorithm>
#include <iostream>

#include "server/lobby/lobby_hub.hpp"
#include "server/match/recovery.hpp"
#include "server/net/websocket_session.hpp"
#include "server/protocol/frames.hpp"
#include "server/net/metrics.hpp"
#include "storage/worker.hpp"
#include "storage/worker.hpp"

namespace starport::server {
namespace {

const char* const unsaved_words =
    "Your move could not be saved, so it was not played; look at the table again and choose once more.";

// A refused append is tried again this many times (pauses of storage_retry, doubling), then
// the match is re-dealt from its log; reads for that are tried until `max_repair_attempts`.
constexpr int append_retries = 3;
constexpr int max_repair_attempts = 12;
constexpr auto longest_pause = std::chrono::seconds(5);

}  // namespace

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
  const auto base = services_->settings().storage_retry;
  const auto pause = std::min<std::chrono::milliseconds>({base * (1 << doublings), base * 64, longest_pause});
  repair_timer_.expires_after(pause);
  repair_timer_.async_wait([self = shared_from_this(), step](boost::system::error_code ec) {
    if (!ec && !self->stopped_) self->guarded([&] { ((*self).*step)(); });
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
  services_->storage().submit_read(
      [id = record_.id, found](storage::database& db) { *found = db.actions(id); },
      [self = shared_from_this(), found](bool ok) {
        net::post(self->strand_, [self, found, ok] { self->guarded([&] { self->on_redeal(ok, std::move(*found)); }); });
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
    refuse_taken(b, unsaved_words);
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
  stop_timer();
  std::cerr << "match " << record_.id << ": " << why << "; the match is suspended until restart\n";
  for (const accepted& b : batch_) refuse_taken(b, suspended_words);
  batch_.clear();
  for (seat& s : seats_)
    for (const session_ref& ref : s.audience.sessions) send_to(ref, encode_error(0, v1::INTERNAL, suspended_words));
  answer_waiting();   // each refuses itself now that the match is broken
  // Its players are free again and its lobby is not left "in match" for a match no one can
  // play; the record stays running, so a restart resumes it (if storage then holds).
  services_->released(record_.lobby_id, record_.id,
                      "The match stopped: the server could not save its moves. A restart resumes it.");
}

}  // namespace starport::server
