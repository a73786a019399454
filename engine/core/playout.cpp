#include "engine/core/playout.hpp"

#include <bit>

namespace starport::engine {

int next_seat(const match& m) {
  seat_mask must = m.must_act();
  return must ? std::countr_zero(static_cast<unsigned>(must)) : -1;
}

action bot_move(const match& m, int seat, bot& b, std::vector<action>& scratch) {
  m.legal_actions(seat, scratch);
  if (scratch.size() == 1) return scratch[0];   // nothing to decide: skip building a view
  message_ptr view = m.view(viewer::of_seat(seat));
  return b.choose(*view, scratch);
}

playout play_out(match& m, std::span<const std::unique_ptr<bot>> bots, std::uint64_t max_actions,
                 bool record) {
  playout p;
  std::vector<action> scratch;
  while (p.actions < max_actions) {
    int seat = next_seat(m);
    if (seat < 0) break;
    action a = bot_move(m, seat, *bots[seat], scratch);
    if (!m.play(a)) break;   // a bot broke the rules: stop rather than loop
    ++p.actions;
    if (record) p.log.push_back(a);
  }
  p.finished = m.result().over;
  return p;
}

}  // namespace starport::engine
