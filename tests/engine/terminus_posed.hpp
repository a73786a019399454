#pragma once
// Race to the Terminus positions that state a pending choice, checked against play: a
// position at a step, its refusal, and what each viewer sees and may do, comparable
// between a posed state and one play reached (whose cards are numbered differently).
#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "terminus_table.hpp"

namespace terminus_test {

using starport::engine::viewer;

// The position of `s` at `at`, the Turn Tracker given (for a Turn's steps).
inline trpb::Position at_step(const setup& s, trpb::Step at, std::initializer_list<unsigned> tracker = {}) {
  setup copy = s;
  copy.step = trpb::ENTROPY_STEP;   // position_of adds a tracker only for START and PLAY
  trpb::Position p = position_of(copy);
  p.set_step(at);
  for (unsigned t : tracker) p.add_turn_order(t);
  return p;
}

// Three seats: seat 0 played Refit; its first part added Scout Skiff from the Upgrade Pile,
// whose "when revealed" Intel asks which opponent; Refit's last part (-1 Certainty) waits.
inline trpb::Position resolving_nested() {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Scout Skiff"});
  trpb::Position p = at_step(s, trpb::PLAY_STEP, {0, 1, 2});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Refit");
  p.mutable_seats(0)->set_certainty(1);
  p.mutable_resolving()->set_effect(1);
  p.mutable_resolving()->mutable_nested()->set_source(trpb::ResolvingPosition::REVEAL);
  p.mutable_resolving()->mutable_nested()->set_card("Scout Skiff");
  return p;
}

inline tr::state start(const trpb::Position& p) {
  auto v = tr::state::validate(p.seats_size(), trpb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  return tr::state(p.seats_size(), trpb::Options(), p, 3);
}

inline std::string refusal(const trpb::Position& p) {
  auto v = tr::state::validate(p.seats_size(), trpb::Options(), p);
  if (v) return "";
  CHECK(v.code == starport::engine::rule_error::bad_options);
  return v.detail;
}

// A viewer's view as JSON, without the last move (a posed state has none); `ids` false
// drops the cards' copy numbers (a posed look numbers its cards after the zones) and the
// legal actions that carry them (legal_words compares those).
inline std::string seen(const tr::state& g, viewer who, bool ids = true) {
  trpb::View v;
  g.view(who, v);
  v.clear_last_move();
  if (!ids) v.clear_legal_actions();
  const std::string json = starport::engine::to_json(v, false);
  return ids ? json : std::regex_replace(json, std::regex("\"id\":[0-9]+,"), "");
}

// The pool names of the cards a view's prompt shows.
inline std::vector<std::string> prompt_cards(const tr::state& g, viewer who) {
  trpb::View v;
  g.view(who, v);
  std::vector<std::string> out;
  for (const trpb::Card& c : v.prompt().cards()) out.emplace_back(tr::card(static_cast<tr::card_id>(c.index())).name);
  return out;
}

// An action in words that do not depend on copy numbers: the kind, then each argument, a
// card (played, activated, detached, or chosen from the open choice) by its name.
inline std::string action_words(const tr::state& g, const action& a) {
  const bool by_card = !g.pending().empty() && g.pending().back().kind != tr::task::chaotic &&
                       g.pending().back().kind != tr::task::pick_ship;
  std::string w = std::to_string(a.kind);
  for (int i = 0; i < a.argc; ++i) {
    bool card = false;
    switch (static_cast<tr::kind>(a.kind)) {
      case tr::kind::play: case tr::kind::activate: card = i == 0; break;
      case tr::kind::override_: card = i < 2; break;
      case tr::kind::detach: card = true; break;
      case tr::kind::choose: card = by_card; break;
      default: break;
    }
    w += " " + (card && a.args[i] > 0 ? std::string(g.card_of(static_cast<tr::copy_id>(a.args[i] - 1)).name)
                                      : std::to_string(a.args[i]));
  }
  return w;
}

// A seat's legal actions in those words, sorted (the engine lists them by copy number).
inline std::vector<std::string> legal_words(const tr::state& g, int seat) {
  std::vector<action> legal;
  g.legal_actions(seat, legal);
  std::vector<std::string> out;
  for (const action& a : legal) out.push_back(action_words(g, a));
  std::sort(out.begin(), out.end());
  return out;
}

// Seat `seat` plays its legal action with these words.
inline void play_words(tr::state& g, int seat, const std::string& words) {
  std::vector<action> legal;
  g.legal_actions(seat, legal);
  for (const action& a : legal)
    if (action_words(g, a) == words) {
      play(g, a);
      return;
    }
  FAIL("no legal action " << words);
}

// Every seat's and the spectators' views (copy numbers aside) and the legal actions agree.
inline void same_table(const tr::state& posed, const tr::state& played) {
  for (int w = 0; w < posed.seat_count(); ++w) {
    CHECK(seen(posed, viewer::of_seat(w), false) == seen(played, viewer::of_seat(w), false));
    CHECK(legal_words(posed, w) == legal_words(played, w));
  }
  CHECK(seen(posed, viewer::spectator(), false) == seen(played, viewer::spectator(), false));
  CHECK(posed.must_act() == played.must_act());
}

// A posed state and the one play reached agree as they start: as many choices waiting, the
// same seat to decide, the same table.
inline void same_start(const tr::state& posed, const tr::state& played) {
  CHECK(posed.pending().size() == played.pending().size());
  CHECK(posed.must_act() == played.must_act());
  same_table(posed, played);
}

// Only `seat` sees these cards in its prompt: every other seat and the spectators see none.
inline void only_seat_sees(const tr::state& g, int seat, const std::vector<std::string>& cards) {
  for (int w = 0; w < g.seat_count(); ++w)
    CHECK(prompt_cards(g, viewer::of_seat(w)) == (w == seat ? cards : std::vector<std::string>{}));
  CHECK(prompt_cards(g, viewer::spectator()).empty());
}

}  // namespace terminus_test
