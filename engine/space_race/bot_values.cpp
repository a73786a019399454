// The heuristic bot's reading of its view and its valuations (bot_values.hpp).
#include "engine/space_race/bot_values.hpp"

#include <algorithm>
#include <functional>

namespace starport::space_race::bot_detail {
namespace {

card_id id_of(const pb::Card& c) {
  card_id id = 0;
  find_card(c.code(), id);
  return id;
}

void read_cards(const google::protobuf::RepeatedPtrField<pb::Card>& cards, std::vector<card_id>& out) {
  for (const pb::Card& c : cards) out.push_back(id_of(c));
}

int type_of(card_id c) { return static_cast<int>(card(c).type); }

}  // namespace

table_read read(const pb::View& view) {
  table_read t;
  t.me = static_cast<int>(view.viewer_seat());
  t.seats = view.seats_size();
  t.round = static_cast<int>(view.round());
  t.stage = static_cast<int>(view.stage());
  t.jfk = view.variant() == pb::JFK;
  t.cold_war = view.variant() == pb::COLD_WAR;
  t.deck_count = static_cast<int>(view.deck_count());
  for (int k = 0; k < view.universe_size(); ++k) read_cards(view.universe(k).cards(), t.universe[k]);
  read_cards(view.face_down(), t.face_down);
  t.others = 0;
  for (const pb::Seat& s : view.seats()) {
    const int seat = static_cast<int>(s.seat());
    read_cards(s.lab(), t.labs[seat]);
    if (seat != t.me) {
      if (!s.resigned()) ++t.others;
      for (int c = 0; c < category_count && c < s.symbols_size(); ++c)
        t.rival_symbols[c] = std::max(t.rival_symbols[c], static_cast<int>(s.symbols(c)));
      continue;
    }
    read_cards(s.hand(), t.hand);
    read_cards(s.lab(), t.lab);
    read_cards(s.known_face_down(), t.known_face_down);
    for (const pb::AgencyCard& a : s.agency())
      t.agency.push_back({id_of(a.card()), a.covered(), a.left_used(), a.right_used()});
    t.hand_limit = static_cast<int>(s.hand_limit());
    if (s.has_current_control()) t.current_control = static_cast<int>(s.current_control().index());
    for (const pb::ControlCard& c : s.unused_controls()) t.unused_controls |= 1u << c.index();
    for (const pb::ControlCard& c : s.played_controls()) t.played_controls.push_back(static_cast<int>(c.index()));
    for (int c = 0; c < category_count && c < s.symbols_size(); ++c) t.my_symbols[c] = static_cast<int>(s.symbols(c));
    for (int k = 0; k < stage_count && k < s.levels_size(); ++k) t.my_levels[k] = static_cast<int>(s.levels(k));
  }
  if (view.has_opponent()) {
    t.others = 1;
    read_cards(view.opponent().taken(), t.labs[opponent_lab]);
    for (int c = 0; c < category_count && c < view.opponent().symbols_size(); ++c)
      t.rival_symbols[c] = static_cast<int>(view.opponent().symbols(c));
    for (int k = 0; k < stage_count && k < view.opponent().levels_size(); ++k)
      t.opponent_levels[k] = static_cast<int>(view.opponent().levels(k));
  }
  t.others = std::max(t.others, 1);
  if (view.has_prompt()) {
    t.prompt = view.prompt();
    t.has_prompt = true;
  }
  return t;
}

double valuer::symbol_gain(int c, int extra) const {
  auto points = [](int mine, int best_rival) { return mine >= 1 && mine >= best_rival ? 6.0 : 0.0; };
  const int mine = t_.my_symbols[c], rival = t_.rival_symbols[c];
  double gain = points(mine + extra, rival) - points(mine, rival);
  // Going ahead of a tie takes the category from the rivals (all of them in standard play).
  if (!t_.cold_war && mine == rival && mine + extra > rival && rival > 0) gain += 3.0;
  if (t_.cold_war) gain = mine + extra > rival && mine <= rival ? 1.5 : 0.5;
  // Symbols keep their worth while rivals can still catch up.
  return gain + 1.0 * extra * std::min(1, rounds_left());
}

bool valuer::can_build() const {
  for (const agency_entry& a : t_.agency) {
    const card_def& d = card(a.card);
    for (const ability* ab : {&d.left, &d.right, &d.bottom})
      if (ab->present() && ab->top.from == zone::hand && ab->top.to == zone::agency) return true;
  }
  return false;
}

double valuer::future_use(const ability& a) const {
  auto unit = [&](const transfer& tr) {
    switch (tr.to) {
      case zone::agency: return tr.from == zone::hand ? (t_.hand.empty() ? 0.8 : 1.8) : tr.from == zone::lab ? 1.1 : 2.2;
      case zone::lab: return tr.from == zone::deck ? 1.0 : tr.from == zone::hand ? 0.5 : 1.1;
      case zone::hand: return tr.from == zone::deck ? 0.45 : tr.from == zone::universe ? 0.7 : 1.2;
      case zone::universe: return -0.6;
      default: return 0.0;
    }
  };
  switch (a.kind) {
    case effect::move: return a.power * unit(a.top);
    case effect::combined: return a.power * 0.9 * std::max(unit(a.top), unit(a.bottom));
    case effect::per_card: {
      int n = 1;
      for (const agency_entry& e : t_.agency) n += card(e.card).type == a.counted;
      return n * unit(a.top);
    }
    case effect::uncover: return 0.8 * a.power;
    default: return 0.0;
  }
}

double valuer::in_agency(card_id c) const { return leader_swap(c, raw_agency(c)); }

double valuer::raw_agency(card_id c) const {
  const card_def& d = card(c);
  const int left = rounds_left();
  double v = 0;
  for (auto l : d.level) v += l;
  for (int k = 0; k < category_count; ++k)
    if (d.symbol[k]) v += symbol_gain(k, d.symbol[k]);
  // Reusable: about one round in three picks its stripe; single-use: likely once.
  if (d.left.present()) v += future_use(d.left) * std::min(left, 4) * 0.35;
  if (d.right.present()) v += future_use(d.right) * (left > 0 ? 0.75 : 0.2);
  if (d.bottom_timing == timing::immediate) v += future_use(d.bottom);
  if (d.bottom_timing == timing::bureaucracy) v += future_use(d.bottom) * (left + 1) * (d.bottom.exact ? 1.0 : 0.8);
  switch (d.named) {
    case special::true_visionary: v += 0.4 * left; break;
    case special::bigger_hand: v += 0.3; break;
    case special::duplicate_symbol: {
      double best = 0.5;
      for (int k = 0; k < category_count; ++k)
        if (t_.my_symbols[k] > 0) best = std::max(best, symbol_gain(k, 1));
      v += best;
      break;
    }
    case special::planet_nine: {
      for (int k = 0; k < category_count; ++k)
        if (t_.my_symbols[k] + t_.rival_symbols[k] > 0) v += symbol_gain(k, 1);
      break;
    }
    case special::program_level: {
      int programs = 1;
      for (const agency_entry& e : t_.agency) programs += card(e.card).type == stage::space_program;
      v += programs + 0.5 * std::min(left, 3);
      break;
    }
    case special::none: break;
  }
  return v;
}

bool valuer::has_leader_other_than(card_id c) const {
  for (const agency_entry& e : t_.agency)
    if (card(e.card).leader && e.card != c) return true;
  return false;
}

// One Leader only: a second one is worth what it adds over the weaker of the two, plus a Lab card.
double valuer::leader_swap(card_id c, double value) const {
  if (!card(c).leader) return value;
  for (const agency_entry& e : t_.agency)
    if (card(e.card).leader) return std::max(0.0, value - raw_agency(e.card)) + 1.0;
  return value;
}

double valuer::in_hand(card_id c) const {
  double v = 0.3 + (can_build() ? 0.3 * std::min(3.0, in_agency(c) / 2) : 0.0);
  if (t_.jfk) v += 0.1;
  return v;
}

double valuer::in_lab(card_id) const { return 1.0; }

double valuer::move_value(card_id c, zone from, zone to, bool rival) const {
  double gain = 0;
  switch (to) {
    case zone::agency: gain = in_agency(c); break;
    case zone::hand: gain = in_hand(c); break;
    case zone::lab: gain = in_lab(c); break;
    case zone::universe: gain = -in_hand(c); break;
    default: break;
  }
  if (from == zone::hand) gain -= in_hand(c);
  if (from == zone::lab && !rival) gain -= in_lab(c);
  if (rival) {
    // Taking from a rival's Lab costs it a point (the JFK opponent 1 or 2).
    double loss = t_.jfk ? (card(c).leader || card(c).type == stage::breakthrough ? 2.0 : 1.0) : 1.0;
    gain += t_.jfk || t_.others == 1 ? loss : loss * 0.5;
  }
  if (from == zone::universe && !t_.jfk) gain += 0.15 * in_agency(c) / t_.others;   // denial
  return gain;
}

double valuer::best_moves(const transfer& tr, int n) const {
  if (n <= 0) return 0;
  std::vector<double> gains;
  auto consider = [&](const std::vector<card_id>& cards, zone from, bool rival) {
    for (card_id c : cards) {
      const card_def& d = card(c);
      if (!(tr.only.types >> static_cast<int>(d.type) & 1u)) continue;
      if (tr.only.symbol >= 0 && d.symbol[tr.only.symbol] == 0) continue;
      gains.push_back(move_value(c, from, tr.to, rival));
    }
  };
  switch (tr.from) {
    case zone::deck: {
      double each = t_.deck_count == 0 ? 0.5 : tr.to == zone::lab ? 1.0 : tr.to == zone::hand ? 0.45 : 1.5;
      if (tr.to == zone::hand && static_cast<int>(t_.hand.size()) >= t_.hand_limit + 2) each = 0.2;
      return each * n;
    }
    case zone::universe:
      for (const auto& pile : t_.universe) consider(pile, zone::universe, false);
      break;
    case zone::hand: consider(t_.hand, zone::hand, false); break;
    case zone::lab: consider(t_.lab, zone::lab, false); break;
    case zone::any_lab: consider(t_.lab, zone::lab, false); [[fallthrough]];
    case zone::rival_lab:
      for (int s = 0; s <= max_players; ++s)
        if (s != t_.me) consider(t_.labs[s], zone::lab, true);
      break;
    default: break;
  }
  std::sort(gains.begin(), gains.end(), std::greater<double>());
  double total = 0;
  for (int i = 0; i < n && i < static_cast<int>(gains.size()); ++i)
    if (gains[i] > 0) total += gains[i];
  return total;
}

double valuer::use_now(const ability& a) const {
  switch (a.kind) {
    case effect::none: return 0;
    case effect::move: return best_moves(a.top, a.power) + (a.top.from == zone::universe ? 0.3 : 0.0);
    case effect::combined: {
      double best = 0;
      for (int k = 0; k <= a.power; ++k) best = std::max(best, best_moves(a.top, k) + best_moves(a.bottom, a.power - k));
      return best;
    }
    case effect::per_card: {
      int n = 0;
      for (const agency_entry& e : t_.agency) n += card(e.card).type == a.counted;
      return best_moves(a.top, n);
    }
    case effect::uncover: {
      if (rounds_left() == 0) return 0;
      std::vector<double> gains;
      for (const agency_entry& e : t_.agency)
        if (e.covered) gains.push_back(future_use(card(e.card).right) * 0.8);
      std::sort(gains.begin(), gains.end(), std::greater<double>());
      double total = 0;
      for (int i = 0; i < a.power && i < static_cast<int>(gains.size()); ++i) total += gains[i];
      return total;
    }
    case effect::acquire: {
      if (!t_.universe[static_cast<int>(a.stripe)].empty()) return best_moves(a.top, 1) + 0.5;
      // The fallback: a card of a finished Stage, or draw 3.
      transfer earlier = a.top;
      earlier.only.types = static_cast<std::uint8_t>((1u << t_.stage) - 1u);
      return std::max(best_moves(earlier, 1), (t_.deck_count == 0 ? 0.5 : 0.45) * 3);
    }
    case effect::return_control: return t_.played_controls.empty() ? 0 : 1.5;
  }
  return 0;
}

double valuer::control_value(int k) const {
  const control_def& c = control(k);
  const int t = static_cast<int>(c.type);
  double v = 0;
  // The acquire ability: the best card of the type there now, or those we invested.
  double acquire = 0;
  bool any = false;
  for (card_id id : t_.universe[t]) {
    acquire = std::max(acquire, in_agency(id));
    any = true;
  }
  for (card_id id : t_.known_face_down)
    if (type_of(id) == t) {
      acquire = std::max(acquire, 0.8 * in_agency(id));
      any = true;
    }
  if (!any) {
    acquire = 1.35;
    for (int e = 0; e < t; ++e)
      for (card_id id : t_.universe[e]) acquire = std::max(acquire, 0.6 * in_agency(id));
  }
  v += acquire;
  // The Agency's abilities on this stripe, and the card's other ability.
  for (const agency_entry& e : t_.agency) {
    const card_def& d = card(e.card);
    if (d.left.present() && static_cast<int>(d.left.stripe) == t) v += use_now(d.left);
    if (d.right.present() && !e.covered && static_cast<int>(d.right.stripe) == t) v += 0.8 * use_now(d.right);
  }
  if (c.extra.present()) v += c.extra_is_bureaucracy ? 1.0 : use_now(c.extra);
  v += 0.08 * c.level;   // earlier in the Stage's order
  if (t_.jfk && t_.opponent_levels[t] > 0) {
    const int theirs = t_.opponent_levels[t], mine = t_.my_levels[t];
    if (theirs >= 2 * mine && theirs < 2 * (mine + c.level)) v += 1.0;   // no push this round
    if (mine + c.level >= theirs) v += 0.6;                                // we pick before it
  }
  // Keep the strongest cards of a type while its abilities are still few.
  if (rounds_left() > 0 && c.level == 6) v -= 0.2;
  return v;
}

}  // namespace starport::space_race::bot_detail
