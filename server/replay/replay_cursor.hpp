#pragma once
// A recorded match, re-played from its seed, that can jump to any step quickly: a clone
// of the match every `checkpoint_every` actions, then at most that many actions applied.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/match.hpp"
#include "storage/records.hpp"

namespace starport::server {

class replay_cursor {
 public:
  static constexpr std::size_t checkpoint_every = 64;

  // Re-plays the whole log once. Stops at the first action the engine refuses: valid() is
  // then false and total() counts the actions that did apply.
  replay_cursor(std::unique_ptr<engine::match> start, const std::vector<storage::logged_action>& log);

  std::size_t total() const { return log_.size(); }
  bool valid() const { return valid_; }
  std::size_t refused_at() const { return refused_at_; }   // the index of the refused action
  const engine::match& end() const { return *end_; }
  const std::vector<engine::action>& log() const { return log_; }
  // Each applied action in the log's public words, then its effects: log_entry, the same
  // function the live log uses, so a replay reads exactly like the match did.
  const std::vector<std::string>& words() const { return words_; }
  // What the deal set off before the first action (describe_setup), as the live log opened.
  const std::string& opening() const { return opening_; }
  // Applies the actions of `log` beyond total() (a running match's replay, read again).
  // False: one was refused.
  bool catch_up(const std::vector<storage::logged_action>& log);
  // The match after `step` actions (clamped to total()).
  const engine::match& at(std::size_t step);

 private:
  bool apply(const storage::logged_action& a);

  std::vector<std::unique_ptr<engine::match>> checkpoints_;   // [k]: after k * checkpoint_every
  std::vector<engine::action> log_;
  std::vector<std::string> words_;
  std::string opening_;
  std::unique_ptr<engine::match> end_;      // after every action
  std::unique_ptr<engine::match> cursor_;   // the last position asked for
  std::size_t cursor_step_ = 0;
  bool valid_ = true;
  std::size_t refused_at_ = 0;
};

}  // namespace starport::server
