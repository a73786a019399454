// Space Race bots: the generic random bot, and a heuristic bot that values every offered
// choice in Development Points (bot_values.hpp) and takes the best. It reads only its own
// seat's view and legal actions.
#include <algorithm>

#include "engine/space_race/bot_values.hpp"

namespace starport::space_race {
namespace {

using bot_detail::table_read;
using bot_detail::valuer;

zone source_zone(pb::Zone z) {
  switch (z) {
    case pb::UNIVERSE: return zone::universe;
    case pb::HAND: return zone::hand;
    case pb::LAB: return zone::lab;
    case pb::DECK: return zone::deck;
    case pb::AGENCY: return zone::agency;
    default: return zone::none;
  }
}

zone target_zone(pb::Zone z) { return z == pb::FACE_DOWN ? zone::universe : source_zone(z); }

class heuristic_bot final : public engine::bot {
 public:
  action choose(const google::protobuf::Message& message, std::span<const action> legal) override {
    if (legal.size() == 1) return legal[0];
    const auto& view = static_cast<const pb::View&>(message);
    const table_read t = bot_detail::read(view);
    const valuer v(t);
    std::vector<double> score(legal.size(), -1e9);
    for (std::size_t i = 0; i < legal.size(); ++i) score[i] = value_of(t, v, view, legal[i]);
    return legal[std::max_element(score.begin(), score.end()) - score.begin()];
  }

 private:
  // The card a PICK names, from this seat's view.
  static card_id picked(const table_read& t, const action& a) {
    const int owner = a.args[1], index = a.args[2];
    switch (static_cast<pick_zone>(a.args[0])) {
      case pick_zone::universe: return t.universe[owner][index];
      case pick_zone::hand: return t.hand[index];
      case pick_zone::lab: return owner == t.me ? t.lab[index] : t.labs[owner][index];
      case pick_zone::agency: return t.agency[index].card;
      case pick_zone::face_down: return t.face_down[index];
      default: return 0;
    }
  }

  static const ability* ability_of(const table_read& t, const action& a, ability& scratch) {
    const int source = a.args[0], slot = a.args[1];
    if (source == control_slot) {
      const control_def& c = control(t.current_control);
      scratch = slot == 0 ? acquire_of(c) : c.extra;
      return &scratch;
    }
    const card_def& d = card(t.agency[source].card);
    return slot == 0 ? &d.left : slot == 1 ? &d.right : &d.bottom;
  }

  static double value_of(const table_read& t, const valuer& v, const pb::View& view, const action& a) {
    const bool prompt = t.has_prompt && static_cast<int>(t.prompt.seat()) == t.me;
    switch (static_cast<kind>(a.kind)) {
      case kind::choose: return v.control_value(a.args[0]);
      case kind::declare: return v.symbol_gain(a.args[0], 1);
      case kind::pass: return 0.05;
      case kind::use: {
        ability scratch;
        const ability* ab = ability_of(t, a, scratch);
        double now = v.use_now(*ab);
        // A single-use ability spent now is gone for later rounds.
        if (a.args[0] != control_slot && a.args[1] == 1 && v.rounds_left() > 0) now -= 0.5 * v.future_use(*ab);
        return now;
      }
      case kind::split: {
        transfer top{source_zone(t.prompt.from()), target_zone(t.prompt.to()), {}};
        transfer bottom{source_zone(t.prompt.second_from()), target_zone(t.prompt.second_to()), {}};
        return v.best_moves(top, a.args[0]) + v.best_moves(bottom, static_cast<int>(t.prompt.power()) - a.args[0]);
      }
      case kind::draw: {
        const bool fallback = prompt && t.prompt.kind() == pb::FALLBACK;
        zone to = fallback ? zone::hand : target_zone(t.prompt.to());
        const double gain = v.best_moves({zone::deck, to, {}}, a.args[0]);
        // Equal worth: draw more while cards are worth having, fewer once they are not.
        return gain + (gain > 0.05 * a.args[0] ? 0.01 : -0.01) * a.args[0];
      }
      case kind::done: {
        if (!prompt) return view.phase() == pb::PREPARE ? 0.0 : 0.01;
        return t.prompt.kind() == pb::RETURN_CONTROL ? -1.0 : 0.0;
      }
      case kind::pick: return pick_value(t, v, a, prompt);
      case kind::resign: return -1e9;
    }
    return -1e9;
  }

  static double pick_value(const table_read& t, const valuer& v, const action& a, bool prompt) {
    const auto z = static_cast<pick_zone>(a.args[0]);
    if (z == pick_zone::control) return control(a.args[2]).level;   // Propaganda I: the strongest back
    const card_id c = picked(t, a);
    // Clever Investments: only what the Hand limit forces, the cards the Hand misses least.
    // (Good cards put face down went to the rival about as often as they came back.)
    if (!prompt) return -v.leaving_hand(c) - 0.01;
    switch (t.prompt.kind()) {
      case pb::MOVE: {
        const bool rival = z == pick_zone::lab && a.args[1] != t.me;
        return v.move_value(c, z == pick_zone::universe ? zone::universe : z == pick_zone::hand ? zone::hand : zone::lab,
                            target_zone(t.prompt.to()), rival);
      }
      case pb::FALLBACK: return v.move_value(c, zone::universe, zone::agency, false);
      case pb::UNCOVER: return v.future_use(card(c).right);
      case pb::LEADER: return -v.raw_agency(c);   // the weaker Leader goes to the Lab
      case pb::REVEAL: return v.in_agency(c);
      default: return 0;
    }
  }
};

constexpr engine::bot_entry bot_table[] = {
    engine::random_bot_entry,
    {"heuristic", "values every choice in Development Points and takes the best",
     [](std::uint64_t) -> std::unique_ptr<engine::bot> { return std::make_unique<heuristic_bot>(); }},
};

}  // namespace

std::span<const engine::bot_entry> state::bots() { return bot_table; }

}  // namespace starport::space_race
