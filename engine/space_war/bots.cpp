// Space War bots. The game has no choices but its Powers, so the heuristic bot is about
// when to trigger them; it reads only its own seat's view and legal actions.
#include <algorithm>

#include "engine/space_war/state.hpp"

namespace starport::space_war {
namespace {

// Strength standings on the Battlefield's current step, from the view.
struct standings {
  int mine = -1;
  int best_other = -1;
};

standings read_standings(const pb::View& view, std::uint32_t me) {
  standings st;
  for (const pb::BattlefieldCard& b : view.battlefield()) {
    if (!b.face_up() || b.step() != view.war_step() || !b.has_card()) continue;
    if (b.owner() == me)
      st.mine = b.strength();
    else
      st.best_other = std::max(st.best_other, b.strength());
  }
  return st;
}

class heuristic_bot final : public engine::bot {
 public:
  action choose(const google::protobuf::Message& message, std::span<const action> legal) override {
    if (legal.size() == 1) return legal[0];
    const auto& view = static_cast<const pb::View&>(message);
    const std::uint32_t me = view.viewer_seat();
    auto find = [&](kind k) {
      return std::find_if(legal.begin(), legal.end(),
                          [k](const action& a) { return a.kind == static_cast<std::uint16_t>(k); });
    };
    auto trigger = find(kind::trigger);
    auto decline = find(kind::decline);
    if (trigger == legal.end()) return legal[0];

    if (view.phase() == pb::AFTER_BATTLE) {
      // Salvage: always worth a card; take it from the opponent holding the most.
      const action* best = &*trigger;
      std::uint32_t most = 0;
      for (const action& a : legal) {
        if (a.kind != static_cast<std::uint16_t>(kind::trigger)) continue;
        const int t = a.args[0];
        if (view.deck_counts(t) + view.discard_counts(t) > most) {
          most = view.deck_counts(t) + view.discard_counts(t);
          best = &a;
        }
      }
      return *best;
    }

    const standings st = read_standings(view, me);
    const faction f = static_cast<faction>(view.seats(static_cast<int>(me)).faction());
    bool use = false;
    switch (info(f).faction_power) {
      // +1 matters only when it turns a tie into a win.
      case power::dwarven_armor: use = st.mine == st.best_other; break;
      // Peace when about to lose this contest's cards (or gamble them in a War).
      case power::peace: use = st.mine <= st.best_other; break;
      // Regeneration keeps the losing card (it goes to our discard) and redraws.
      case power::regeneration: use = st.mine < st.best_other; break;
      default: break;
    }
    return use || decline == legal.end() ? *trigger : *decline;
  }
};

constexpr engine::bot_entry bot_table[] = {
    engine::random_bot_entry,
    {"heuristic", "triggers each Power when it changes the contest's result",
     [](std::uint64_t) -> std::unique_ptr<engine::bot> { return std::make_unique<heuristic_bot>(); }},
};

}  // namespace

std::span<const engine::bot_entry> state::bots() { return bot_table; }

}  // namespace starport::space_war
