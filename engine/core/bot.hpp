#pragma once
// A bot sees exactly what a human client sees: its seat's view and its legal actions.
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include <google/protobuf/message.h>

#include "engine/core/action.hpp"
#include "engine/core/rng.hpp"

namespace starport::engine {

class bot {
 public:
  virtual ~bot() = default;
  // `legal` is never empty; the answer must be one of its elements.
  virtual action choose(const google::protobuf::Message& view, std::span<const action> legal) = 0;
  // After choose(): how long this bot would give the other seats before its next move, or
  // until one of them moves (an offer it just made, waiting for its answer). A server
  // lengthens the bot's pause by it and shows every seat and spectator when the bot plays on
  // (a turn timer on its seat), so ask only after a move all may see; a playout, which has
  // no clock, ignores it. 0: none.
  virtual std::uint32_t waits_for_others_ms() const { return 0; }
};

// Picks uniformly among the legal actions. Serves every game.
class random_bot final : public bot {
 public:
  explicit random_bot(std::uint64_t seed) : random_(seed, 0xb07) {}
  action choose(const google::protobuf::Message&, std::span<const action> legal) override {
    return legal[random_.below(static_cast<std::uint32_t>(legal.size()))];
  }

 private:
  rng random_;
};

struct bot_entry {
  std::string_view name;
  std::string_view summary;
  std::unique_ptr<bot> (*make)(std::uint64_t seed);
};

inline constexpr bot_entry random_bot_entry{
    "random", "picks uniformly among the legal actions",
    [](std::uint64_t seed) -> std::unique_ptr<bot> { return std::make_unique<random_bot>(seed); }};

}  // namespace starport::engine
