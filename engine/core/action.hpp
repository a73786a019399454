#pragma once
// The engine's vocabulary: actions, seats, verdicts, outcomes. Plain values, no I/O.
#include <array>
#include <bit>
#include <cstdint>

namespace starport::engine {

inline constexpr int max_seats = 8;
inline constexpr int max_action_args = 4;

// Bit i set: seat i. Used for "who must act now" and for winners.
using seat_mask = std::uint8_t;
inline constexpr seat_mask seat_bit(int seat) { return static_cast<seat_mask>(1u << seat); }
inline constexpr bool has_seat(seat_mask m, int seat) { return (m >> seat) & 1u; }
inline constexpr int seat_total(seat_mask m) { return std::popcount(m); }

// Kind 0 is RESIGN in every game; other kinds come from the game's own ActionKind enum.
inline constexpr std::uint16_t resign_kind = 0;

// One move by one seat. Small and trivially copyable: logs, bots and benchmarks pass it by value.
struct action {
  std::uint8_t seat = 0;
  std::uint8_t argc = 0;
  std::uint16_t kind = 0;
  std::array<std::int32_t, max_action_args> args{};

  friend bool operator==(const action& a, const action& b) {
    if (a.seat != b.seat || a.kind != b.kind || a.argc != b.argc) return false;
    for (int i = 0; i < a.argc; ++i)
      if (a.args[i] != b.args[i]) return false;
    return true;
  }
};

inline constexpr action make_action(int seat, std::uint16_t kind) {
  return action{static_cast<std::uint8_t>(seat), 0, kind, {}};
}
inline constexpr action make_action(int seat, std::uint16_t kind, std::int32_t arg) {
  return action{static_cast<std::uint8_t>(seat), 1, kind, {arg, 0, 0, 0}};
}

// Stable reasons for refusal. The numbers equal starport.v1.ErrorCode (checked in match.cpp).
enum class rule_error : std::uint8_t {
  none = 0,
  not_your_turn = 1,
  unknown_action = 2,
  illegal_action = 3,
  bad_argument = 4,
  game_over = 5,
  bad_options = 6,
  no_such_seat = 7,
};

// The answer to "is this legal?": an error code and a fixed human-readable detail.
struct verdict {
  rule_error code = rule_error::none;
  const char* detail = "";
  explicit operator bool() const { return code == rule_error::none; }
};
inline constexpr verdict ok() { return {}; }
inline constexpr verdict refuse(rule_error code, const char* detail) { return {code, detail}; }

// Who is looking: one seat, a spectator (public information only), or everyone
// (a finished match's replay, scenario output and tests).
struct viewer {
  enum class kind : std::uint8_t { seat, spectator, omniscient };
  kind who = kind::spectator;
  int seat = -1;
  static constexpr viewer of_seat(int s) { return {kind::seat, s}; }
  static constexpr viewer spectator() { return {kind::spectator, -1}; }
  static constexpr viewer omniscient() { return {kind::omniscient, -1}; }
  bool sees_all() const { return who == kind::omniscient; }
  bool is_seat(int s) const { return who == kind::seat && seat == s; }
};

struct outcome {
  bool over = false;
  seat_mask winners = 0;   // several: a shared victory; all seats: a cooperative win
  const char* reason = "";
};

}  // namespace starport::engine
