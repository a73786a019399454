// The heuristic bot's reading of its view and its valuations (bot_values.hpp).
#include "engine/space_race/bot_values.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
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
  t.phase = view.phase();
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
      t.agency.push_back({id_of(a.card()), a.covered(), a.left_used(), a.right_used(), a.bottom_used()});
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

double valuer::future_use(const ability& a) const {
  auto unit = [&](const transfer& tr) {
    switch (tr.to) {
      case zone::agency: return tr.from == zone::hand ? build_unit_ : tr.from == zone::lab ? 1.1 : 2.2;
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

double valuer::in_lab(card_id) const { return 1.0; }

// ---- The Hand ---------------------------------------------------------------------------
// Hand cards score nothing ("Players receive no Development Points for … cards in Hand").
// A Hand card pays only by leaving the Hand through an outlet: a build ability puts it in
// the Agency, a Hand-to-Lab ability makes it a Lab point. So the Hand is worth what the
// outlets still ahead can make of its cards, and a card no outlet will reach is worth
// next to nothing: holding it is no reason to pass up a Lab point or to keep drawing.

namespace {

// Outlets of later rounds count at this share: which Control Cards come next is open, and
// counting them fully made the bot hold cards it should have placed or sent to the Lab.
constexpr double later_outlet_share = 0.3;
constexpr double loose_card = 0.1;   // a Hand card no outlet reaches, while rounds remain
constexpr int space_program_1 = 6;   // Control Card index; its other ability puts a Hand card into the Agency

int bits(unsigned v) { return std::popcount(v); }

unsigned controls_of(int type) { return 7u << (3 * type); }   // three Control Cards per type, in order

bool admits(std::uint8_t types, card_id c) { return types >> type_of(c) & 1u; }

}  // namespace

valuer::valuer(const table_read& t) : t_(t) {
  if (t_.hand.empty()) build_unit_ = 0.8;
  fill_agency_values();
  // The outlets ahead: the Agency's build and Hand-to-Lab abilities, and Space Program I's.
  for (const agency_entry& e : t_.agency) {
    const card_def& d = card(e.card);
    if (d.left.present()) add_outlets(d.left, stripe_rounds(static_cast<int>(d.left.stripe), e.left_used));
    if (d.right.present() && !e.covered)
      add_outlets(d.right, std::min(1.0, stripe_rounds(static_cast<int>(d.right.stripe), e.right_used)));
    if (d.bottom_timing == timing::bureaucracy) {
      const bool this_round = t_.phase == pb::MANAGE || (t_.phase == pb::DEVELOP && t_.stage < bureaucracy_stage);
      add_outlets(d.bottom, later_outlet_share * (last_round - t_.round) + (this_round && !e.bottom_used ? 1 : 0));
    }
  }
  const ability& build_one = control(space_program_1).extra;
  const int stripe = static_cast<int>(build_one.stripe);
  if (t_.current_control == space_program_1 && (t_.phase == pb::MANAGE || (t_.phase == pb::DEVELOP && t_.stage < stripe)))
    add_outlets(build_one, 1.0);
  if (t_.unused_controls >> space_program_1 & 1u)
    add_outlets(build_one, later_outlet_share *
                               std::min(1.0, double(future_rounds()) / std::max(1, bits(t_.unused_controls))));
  std::stable_sort(outlets_.begin(), outlets_.end(),
                   [](const hand_outlet& a, const hand_outlet& b) { return a.chance > b.chance; });
  hand_now_ = hand_worth(t_.hand);
  if (t_.hand.empty()) return;
  // A build ability's next use places a card like the Hand's best two, not a flat 1.8: with
  // a strong Hand, cards that place Hand cards are worth acquiring and their Stage choosing.
  std::vector<double> best;
  for (card_id c : t_.hand) best.push_back(in_agency(c));
  std::sort(best.begin(), best.end(), std::greater<double>());
  const int top = std::min<int>(2, static_cast<int>(best.size()));
  double mean = 0;
  for (int i = 0; i < top; ++i) mean += best[i] / top;
  build_unit_ = std::max(build_unit_, mean);
  fill_agency_values();
  hand_now_ = hand_worth(t_.hand);
}

void valuer::fill_agency_values() {
  const int kinds = static_cast<int>(all_cards().size());
  for (int c = 0; c < kinds; ++c)
    agency_value_[c] = leader_swap(static_cast<card_id>(c), raw_agency(static_cast<card_id>(c)));
}

// Rounds after this one. This round's Control Card, while still to choose, is not among
// them: choosing it is valued by what it does now (control_value), not as an outlet.
int valuer::future_rounds() const {
  if (t_.phase == pb::SCORING || t_.phase == pb::GAME_OVER) return 0;
  return last_round - t_.round;
}

// Rounds still to choose, shared out over the unused Control Cards (at the later-round
// share); plus this round when its Control Card has this stripe and that Stage is still
// ahead. The Stage under way is decided ability by ability, so it is not counted here.
double valuer::stripe_rounds(int stripe, bool used_this_round) const {
  const int rounds = future_rounds();
  const int total = bits(t_.unused_controls), mine = bits(t_.unused_controls & controls_of(stripe));
  double ahead = total > 0 ? std::min<double>(std::min(rounds, mine), double(rounds) * mine / total) : 0.0;
  ahead *= later_outlet_share;
  if (t_.current_control >= 0 && static_cast<int>(control(t_.current_control).type) == stripe && !used_this_round &&
      (t_.phase == pb::MANAGE || (t_.phase == pb::DEVELOP && t_.stage < stripe)))
    ahead += 1.0;
  return ahead;
}

// One outlet per card an ability may move out of the Hand, the last one with the leftover chance.
void valuer::add_outlets(const ability& a, double uses) {
  auto add = [&](const transfer& row, double cards) {
    if (row.from != zone::hand || (row.to != zone::agency && row.to != zone::lab)) return;
    for (; cards > 1e-9; cards -= 1.0) outlets_.push_back({row.only.types, std::min(1.0, cards), row.to == zone::lab});
  };
  if (a.kind == effect::move) add(a.top, uses * a.power);
  if (a.kind == effect::combined) {   // either row may take the whole power
    add(a.top, uses * a.power);
    add(a.bottom, uses * a.power);
  }
}

double valuer::hand_worth(std::vector<card_id> cards) const {
  std::stable_sort(cards.begin(), cards.end(), [&](card_id a, card_id b) { return in_agency(a) > in_agency(b); });
  const int n = static_cast<int>(cards.size());
  std::vector<double> rest(n, 1.0);   // the chance card i is still in the Hand after the outlets
  std::vector<bool> taken(outlets_.size(), false);
  double total = 0;
  // The best cards take the surest build outlets that accept them.
  for (int i = 0; i < n; ++i) {
    if (in_agency(cards[i]) <= in_lab(cards[i])) continue;
    for (std::size_t o = 0; o < outlets_.size(); ++o)
      if (!taken[o] && !outlets_[o].to_lab && admits(outlets_[o].types, cards[i])) {
        taken[o] = true;
        total += outlets_[o].chance * in_agency(cards[i]);
        rest[i] -= outlets_[o].chance;
        break;
      }
  }
  // Lab outlets go to the weakest cards.
  for (std::size_t o = 0; o < outlets_.size(); ++o) {
    if (taken[o] || !outlets_[o].to_lab) continue;
    for (int i = n - 1; i >= 0; --i)
      if (rest[i] > 0 && admits(outlets_[o].types, cards[i])) {
        taken[o] = true;
        total += rest[i] * outlets_[o].chance * in_lab(cards[i]);
        rest[i] *= 1.0 - outlets_[o].chance;
        break;
      }
  }
  const double loose = t_.round < last_round ? loose_card : 0.0;
  for (int i = 0; i < n; ++i) total += rest[i] * loose;
  return total;
}

double valuer::joining_hand(card_id c) const {
  std::vector<card_id> more = t_.hand;
  more.push_back(c);
  return hand_worth(std::move(more)) - hand_now_;
}

double valuer::leaving_hand(card_id c) const {
  std::vector<card_id> fewer = t_.hand;
  auto at = std::find(fewer.begin(), fewer.end(), c);
  if (at == fewer.end()) return 0;
  fewer.erase(at);
  return hand_now_ - hand_worth(std::move(fewer));
}

// Each unknown card is valued as the average Deck card joining the Hand; the next one joins
// a Hand that already holds a typical draw. An empty Deck pays 0.5 a card (FAQ).
double valuer::draw_value(int n) const {
  if (n <= 0) return 0;
  const int known = std::min<int>(n, static_cast<int>(draw_cache_.size()));
  if (draw_cached_ == 0) draw_hand_ = t_.hand;
  for (; draw_cached_ < known; ++draw_cached_) {
    const double worth = hand_worth(draw_hand_);
    double sum = 0;
    std::vector<std::pair<double, card_id>> gains;   // per kind of card; the Deck lists copies together
    for (card_id c : full_deck()) {
      if (gains.empty() || gains.back().second != c) {
        draw_hand_.push_back(c);
        gains.emplace_back(hand_worth(draw_hand_) - worth, c);
        draw_hand_.pop_back();
      }
      sum += gains.back().first;
    }
    const double mean = sum / static_cast<double>(full_deck().size());
    draw_cache_[draw_cached_] = mean;
    // The typical draw, the card whose gain is nearest the mean, joins before the next one.
    auto typical = std::min_element(gains.begin(), gains.end(), [&](const auto& a, const auto& b) {
      return std::abs(a.first - mean) < std::abs(b.first - mean);
    });
    draw_hand_.push_back(typical->second);
  }
  double total = 0;
  for (int k = 0; k < n; ++k) total += k >= t_.deck_count ? 0.5 : draw_cache_[std::min(k, known - 1)];
  return total;
}

double valuer::move_value(card_id c, zone from, zone to, bool rival) const {
  double gain = 0;
  switch (to) {
    case zone::agency: gain = in_agency(c); break;
    case zone::hand: gain = joining_hand(c); break;
    case zone::lab: gain = in_lab(c); break;
    case zone::universe: break;   // a tax, face down: the card is simply gone
    default: break;
  }
  if (from == zone::hand) gain -= leaving_hand(c);
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
      if (tr.to == zone::hand) return draw_value(n);
      return (t_.deck_count == 0 ? 0.5 : tr.to == zone::lab ? 1.0 : 1.5) * n;
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
      return std::max(best_moves(earlier, 1), draw_value(3));
    }
    // A returned Control Card is worth a later round's choice; after round 7 there is none.
    case effect::return_control: return t_.played_controls.empty() || rounds_left() == 0 ? 0 : 1.5;
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
    acquire = draw_value(3);
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
  if (c.extra.present()) v += c.extra_is_bureaucracy ? (rounds_left() == 0 ? 0.0 : 1.0) : use_now(c.extra);
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
