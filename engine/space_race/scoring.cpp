// Levels, Breakthrough symbols and the count: "End Game & Scoring", "The Cold War" and the
// JFK scoring, with their tiebreaks.
#include <algorithm>
#include <functional>

#include "engine/space_race/state.hpp"

namespace starport::space_race {

using engine::seat_bit;

namespace {

constexpr int category_points = 6;

// Whose Area 51 declaration to use for each seat: declared, or the best one for an estimate.
using choices = std::array<int, max_players>;

}  // namespace

int state::agency_level(int s, stage t) const {
  int total = 0, programs = 0, mercury = 0;
  for (const agency_card& a : players_[s].agency.items()) {
    const card_def& d = card_of(a.card);
    total += d.level[static_cast<int>(t)];
    programs += d.type == stage::space_program;
    mercury += d.named == special::program_level;
  }
  // Project Mercury: its Space Program level is the count of Space Program cards (itself included).
  if (t == stage::space_program) total += mercury * programs;
  return total;
}

int state::stage_level(int s, stage t) const {
  const player& p = players_[s];
  int level = agency_level(s, t);
  if (p.current >= 0 && control(p.current).type == t) level += control(p.current).level;
  return level;
}

std::array<int, category_count> state::symbols_of(int s, int area51_choice) const {
  std::array<int, category_count> out{};
  int nines = 0;
  for (const agency_card& a : players_[s].agency.items()) {
    const card_def& d = card_of(a.card);
    for (int c = 0; c < category_count; ++c) out[c] += d.symbol[c];
    nines += d.named == special::planet_nine;
  }
  if (nines) {
    // Planet Nine Confirmed: one symbol per category printed in any Agency (at most 4).
    std::array<bool, category_count> present{};
    for (int o = 0; o < seats_; ++o)
      for (const agency_card& a : players_[o].agency.items())
        for (int c = 0; c < category_count; ++c) present[c] = present[c] || card_of(a.card).symbol[c] > 0;
    for (int c = 0; c < category_count; ++c) out[c] += present[c] ? nines : 0;
  }
  // Area 51 duplicates a symbol of a category the Agency already shows.
  if (area51_choice >= 0 && out[area51_choice] > 0 && area51_in_agency(s)) ++out[area51_choice];
  return out;
}

std::array<int, category_count> state::opponent_symbols() const {
  std::array<int, category_count> out{};
  for (copy_id c : opponent_.taken.items())
    for (int k = 0; k < category_count; ++k) out[k] += card_of(c).symbol[k];
  return out;
}

int state::opponent_score() const {
  // JFK: Leaders and Breakthroughs 2 points each, other cards 1.
  int total = 0;
  for (copy_id c : opponent_.taken.items())
    total += card_of(c).leader || card_of(c).type == stage::breakthrough ? 2 : 1;
  return total;
}

namespace {

score_sheet compute(const state& g, int s, const choices& area51) {
  score_sheet sheet;
  const int seats = g.seat_count();
  std::array<std::array<int, category_count>, max_players> symbols{};
  std::array<std::array<int, stage_count>, max_players> level{};
  for (int o = 0; o < seats; ++o) {
    symbols[o] = g.symbols_of(o, area51[o]);
    for (int t = 0; t < stage_count; ++t) level[o][t] = g.agency_level(o, static_cast<stage>(t));
  }
  auto rival = [&](int o) { return o != s && !g.seat(o).resigned; };
  const int lab = g.seat(s).lab.size;
  sheet.empty_deck_halves = g.seat(s).empty_deck_halves;
  if (g.game_variant() == variant::cold_war) {
    // The Cold War: 1 point per other Agency behind in each comparison.
    for (int o = 0; o < seats; ++o) {
      if (!rival(o)) continue;
      for (int t = 0; t < stage_count; ++t) sheet.agency_level += level[o][t] < level[s][t];
      sheet.laboratory += g.seat(o).lab.size < lab;
      for (int c = 0; c < category_count; ++c) sheet.categories += symbols[o][c] < symbols[s][c];
    }
    // Tiebreak: the total level of the unused Control Cards.
    int unused = 0;
    for (int k = 0; k < control_count; ++k)
      if (g.seat(s).unused >> k & 1u) unused += control(k).level;
    sheet.tiebreak[0] = unused;
    sheet.tiebreak_size = 1;
  } else {
    for (int t = 0; t < stage_count; ++t) sheet.agency_level += level[s][t];
    sheet.laboratory = lab;
    const auto opp = g.opponent_symbols();
    for (int c = 0; c < category_count; ++c) {
      int mine = symbols[s][c];
      if (mine == 0) continue;   // nobody scores a category without a symbol in it
      bool lead = true;
      if (g.has_opponent()) lead = mine >= opp[c];   // JFK: the opponent has no more symbols
      for (int o = 0; o < seats; ++o)
        if (rival(o) && symbols[o][c] > mine) lead = false;
      if (lead) sheet.categories += category_points;
    }
    // Tiebreak: the most powerful Stage or the Lab power, then the next, and so on.
    for (int t = 0; t < stage_count; ++t) sheet.tiebreak[t] = level[s][t];
    sheet.tiebreak[4] = lab;
    sheet.tiebreak_size = 5;
    std::sort(sheet.tiebreak.begin(), sheet.tiebreak.end(), std::greater<int>());
  }
  sheet.halves = 2 * (sheet.agency_level + sheet.laboratory + sheet.categories) + sheet.empty_deck_halves;
  return sheet;
}

}  // namespace

int state::best_area51(int s) const {
  if (!area51_in_agency(s)) return -1;
  choices area51{};
  for (int o = 0; o < seats_; ++o) area51[o] = players_[o].area51;
  const auto base = symbols_of(s, -1);
  int best = -1, best_halves = -1;
  for (int c = 0; c < category_count; ++c) {
    if (base[c] == 0) continue;
    area51[s] = c;
    int halves = compute(*this, s, area51).halves;
    if (halves > best_halves) {
      best = c;
      best_halves = halves;
    }
  }
  return best;
}

score_sheet state::score_of(int s) const {
  choices area51{};
  for (int o = 0; o < seats_; ++o) area51[o] = players_[o].area51 >= 0 ? players_[o].area51 : best_area51(o);
  return compute(*this, s, area51);
}

void state::finish() {
  step_ = step::over;
  winners_ = 0;
  if (variant_ == variant::jfk) {
    // JFK: a tie goes to the opponent.
    if (score_of(0).halves > 2 * opponent_score()) winners_ = seat_bit(0);
    return;
  }
  std::array<score_sheet, max_players> sheets{};
  int best = -1;
  for (int s = 0; s < seats_; ++s) {
    if (players_[s].resigned) continue;
    sheets[s] = score_of(s);
    if (best < 0) {
      best = s;
      continue;
    }
    const score_sheet& a = sheets[s];
    const score_sheet& b = sheets[best];
    if (a.halves != b.halves ? a.halves > b.halves
                             : std::lexicographical_compare(b.tiebreak.begin(), b.tiebreak.begin() + b.tiebreak_size,
                                                            a.tiebreak.begin(), a.tiebreak.begin() + a.tiebreak_size))
      best = s;
  }
  for (int s = 0; s < seats_; ++s) {
    if (players_[s].resigned) continue;
    const score_sheet& a = sheets[s];
    const score_sheet& b = sheets[best];
    if (a.halves == b.halves && std::equal(a.tiebreak.begin(), a.tiebreak.begin() + a.tiebreak_size,
                                           b.tiebreak.begin(), b.tiebreak.begin() + b.tiebreak_size))
      winners_ |= seat_bit(s);
  }
}

outcome state::result() const {
  if (step_ != step::over) return {};
  if (resigned_end_) return {true, winners_, "resigned"};
  // JFK: the automaton is no seat, so its win would read as "no winner"; the reason says
  // who won, the same for the live match, its replay and the CLI (issue 12, item 5).
  if (variant_ == variant::jfk && winners_ == 0) return {true, 0, "eastern_bloc_won"};
  return {true, winners_, "scored"};
}

}  // namespace starport::space_race
