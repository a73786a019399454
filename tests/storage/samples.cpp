#include "samples.hpp"

#include <utility>

namespace starport::storage::testing {

account make_account(const std::string& id, std::int64_t created_ms) {
  return account{id, "player " + id, created_ms};
}

seat_record person_seat(std::uint32_t seat, const std::string& account_id) {
  return seat_record{seat, account_id, "name of " + account_id, ""};
}

seat_record bot_seat(std::uint32_t seat, const std::string& bot) {
  return seat_record{seat, "", "bot " + bot, bot};
}

match_record make_match(const std::string& id, const std::string& game,
                        std::vector<seat_record> seats, std::int64_t started_ms) {
  match_record m;
  m.id = id;
  m.lobby_id = "lobby-" + id;
  m.game = game;
  m.rules_version = 3;
  m.options = std::string("opt\0ions", 8);   // serialized protobuf may hold NUL bytes
  m.seed = 0xfedcba9876543210ull;            // above INT64_MAX: the sign bit must survive
  m.salt = "00ff";
  m.settings = std::string("\x08\x00\x10\x01", 4);
  m.seats = std::move(seats);
  m.started_ms = started_ms;
  return m;
}

logged_action make_logged(std::uint32_t index, engine::action move, std::int64_t at_ms) {
  return logged_action{index, move, at_ms};
}

logged_action nth_action(std::uint32_t index) {
  const int i = static_cast<int>(index);
  return make_logged(index, engine::make_action(i % 2, 1, i), 5000 + i);
}

}  // namespace starport::storage::testing
