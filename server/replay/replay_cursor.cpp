#include "server/replay/replay_cursor.hpp"

#include <algorithm>

#include "engine/core/words.hpp"
#include "server/match/recovery.hpp"

namespace starport::server {

replay_cursor::replay_cursor(std::unique_ptr<engine::match> start, const std::vector<storage::logged_action>& log)
    : end_(std::move(start)) {
  opening_ = end_->describe_setup();
  checkpoints_.push_back(end_->clone());
  log_.reserve(log.size());
  for (const storage::logged_action& a : log)
    if (!apply(a)) break;
}

bool replay_cursor::apply(const storage::logged_action& a) {
  if (!valid_) return false;
  // As the live match played it and as recovery re-plays it (recovery.hpp): the same
  // checks, and the live log's words.
  std::string words;
  if (!replay_action(*end_, a, static_cast<std::uint32_t>(log_.size()), &words)) {
    valid_ = false;
    refused_at_ = log_.size();
    return false;
  }
  log_.push_back(a.move);
  words_.push_back(std::move(words));
  if (log_.size() % checkpoint_every == 0) checkpoints_.push_back(end_->clone());
  return true;
}

bool replay_cursor::catch_up(const std::vector<storage::logged_action>& log) {
  for (std::size_t i = log_.size(); i < log.size(); ++i)
    if (!apply(log[i])) return false;
  return true;
}

const engine::match& replay_cursor::at(std::size_t step) {
  step = std::min(step, log_.size());
  if (step == log_.size()) return *end_;
  // Stepping forward a little from where we are beats restarting from a checkpoint.
  const std::size_t base = step / checkpoint_every * checkpoint_every;
  if (!cursor_ || cursor_step_ > step || cursor_step_ < base) {
    cursor_ = checkpoints_[step / checkpoint_every]->clone();
    cursor_step_ = base;
  }
  while (cursor_step_ < step) cursor_->play(log_[cursor_step_++]);
  return *cursor_;
}

}  // namespace starport::server
