// What each viewer sees of a Space Race table. Hidden: Hands (but their size), the Deck,
// face-down Universe cards (their placer knows its own; Carl Sagan's holder sees them while
// choosing), and a Control Card chosen this round until every seat has chosen.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/core/words.hpp"

#include "engine/core/match.hpp"
#include "engine/space_race/state.hpp"

namespace starport::space_race {
namespace {

std::string bottom_text(const card_def& d) {
  std::string out;
  if (d.bottom_timing == timing::immediate) out = "Immediate: " + describe(d.bottom);
  if (d.bottom_timing == timing::bureaucracy) out = "Bureaucracy: " + describe(d.bottom);
  if (!d.text.empty()) out += (out.empty() ? "" : " ") + std::string(d.text);
  return out;
}

// A card type's words, written once: cards never change, and a view shows dozens of them
// (the Universe, the Labs, the Hand), rebuilt for every seat after every move.
struct card_words {
  std::string left, right, bottom;
};
const card_words& words_of(card_id type) {
  static const std::vector<card_words> all = [] {
    std::vector<card_words> out;
    for (const card_def& d : all_cards()) out.push_back({describe(d.left), describe(d.right), bottom_text(d)});
    return out;
  }();
  return all[static_cast<std::size_t>(type)];
}

void fill_card(copy_id c, std::uint32_t id, pb::Card& out) {
  out.set_id(id);
  const card_def& d = card_of(c);
  out.set_code(std::string(d.code));
  out.set_name(std::string(d.name));
  out.set_type(static_cast<pb::Stage>(d.type));
  out.set_leader(d.leader);
  for (auto l : d.level) out.add_levels(l);
  for (auto s : d.symbol) out.add_symbols(s);
  const card_words& w = words_of(type_of(c));
  out.set_left(w.left);
  out.set_right(w.right);
  out.set_bottom(w.bottom);
  out.set_left_stripe(static_cast<pb::Stage>(d.left.stripe));
  out.set_right_stripe(static_cast<pb::Stage>(d.right.stripe));
}

// A Control Card's two ability texts, written once as the cards' are: every view shows each
// seat's unused Control Cards.
const std::array<std::string, 2>& control_words(int k) {
  static const std::vector<std::array<std::string, 2>> all = [] {
    std::vector<std::array<std::string, 2>> out;
    for (const control_def& c : all_controls()) out.push_back({describe(acquire_of(c)), describe(c.extra)});
    return out;
  }();
  return all[static_cast<std::size_t>(k)];
}

void fill_control(int k, pb::ControlCard& out) {
  const control_def& c = control(k);
  out.set_index(static_cast<std::uint32_t>(k));
  out.set_code(std::string(c.code));
  out.set_name(std::string(c.name));
  out.set_type(static_cast<pb::Stage>(c.type));
  out.set_level(c.level);
  const std::array<std::string, 2>& words = control_words(k);
  out.set_acquire(words[0]);
  out.set_extra(words[1]);
  out.set_extra_is_bureaucracy(c.extra_is_bureaucracy);
}

pb::Zone wire_zone(zone z) {
  switch (z) {
    case zone::deck: return pb::DECK;
    case zone::universe: return pb::FACE_DOWN;   // as a destination; as a source see below
    case zone::hand: return pb::HAND;
    case zone::agency: return pb::AGENCY;
    case zone::lab:
    case zone::rival_lab:
    case zone::any_lab: return pb::LAB;
    case zone::none: break;
  }
  return pb::ZONE_UNSPECIFIED;
}

pb::Zone wire_source(zone z) { return z == zone::universe ? pb::UNIVERSE : wire_zone(z); }

pb::PromptKind wire_task(task t) {
  switch (t) {
    case task::move: return pb::MOVE;
    case task::split: return pb::SPLIT_POWER;
    case task::uncover: return pb::UNCOVER;
    case task::leader: return pb::LEADER;
    case task::fallback: return pb::FALLBACK;
    case task::return_control: return pb::RETURN_CONTROL;
    case task::reveal: return pb::REVEAL;
  }
  return pb::MOVE;
}

pb::Phase wire_phase(step s) {
  switch (s) {
    case step::choose: return pb::MANAGE;
    case step::develop: return pb::DEVELOP;
    case step::invest:
    case step::reveal: return pb::PREPARE;
    case step::declare: return pb::SCORING;
    case step::over: return pb::GAME_OVER;
  }
  return pb::PHASE_UNSPECIFIED;
}

// The prompt says what the card says: "exactly" when the card does (Five-Year Plan).
std::string transfer_text(const transfer& t, int n, bool exact) {
  ability a;
  a.kind = effect::move;
  a.power = static_cast<std::uint8_t>(n);
  a.top = t;
  a.exact = exact;
  return describe(a);
}

std::string prompt_text(const state& g, const frame& f) {
  const std::string n = std::to_string(f.remaining);
  switch (f.kind) {
    case task::move: return transfer_text(f.what, f.remaining, f.exact);
    case task::split: {
      ability a;
      a.kind = effect::combined;
      a.power = f.remaining;
      a.top = f.what;
      a.bottom = f.second;
      return "Announce the split: " + describe(a);
    }
    case task::uncover: return "Uncover up to " + n + " covered cards in your Agency.";
    case task::leader: return "One Leader only: choose the Leader that moves to your Laboratory.";
    case task::fallback:
      return "No " + std::string(stage_name(static_cast<stage>(g.current_stage()))) +
             " card in the Universe: take a card of a finished Stage into your Agency, or draw up to 3.";
    case task::return_control: return "You may return another used Control Card to your supply.";
    case task::reveal: return "True Visionaries: choose " + n + " face-down card(s) to turn face up.";
  }
  return {};
}

}  // namespace

void state::view(viewer who, pb::View& out) const {
  out.Clear();
  const auto number_of = [this](copy_id c) { return card_number(c); };
  engine::fill_legal_actions(*this, who, *out.mutable_legal_actions());
  out.set_spectator(who.who == viewer::kind::spectator);
  if (who.who == viewer::kind::seat) out.set_viewer_seat(static_cast<std::uint32_t>(who.seat));
  out.set_variant(variant_ == variant::jfk ? pb::JFK : variant_ == variant::cold_war ? pb::COLD_WAR : pb::STANDARD);
  out.set_round(round_);
  out.set_phase(wire_phase(step_));
  out.set_stage(static_cast<pb::Stage>(stage_));
  if (step_ == step::develop)
    for (int i = 0; i < order_count_; ++i) out.add_stage_order(order_[i]);
  if (int t = turn_seat(); t >= 0) {
    out.set_turn_seat(static_cast<std::uint32_t>(t));
    out.set_has_turn(true);
  }
  out.set_initiative(initiative_);
  out.set_deck_count(deck_.size);
  for (int t = 0; t < stage_count; ++t) {
    pb::UniversePile& pile_out = *out.add_universe();
    pile_out.set_type(static_cast<pb::Stage>(t));
    for (copy_id c : universe_[t].items()) fill_card(c, number_of(c), *pile_out.add_cards());
  }
  out.set_face_down_count(face_down_.size);
  const frame* top = frame_count_ ? &frames_[frame_count_ - 1] : nullptr;
  const bool sagan_sees = top && top->kind == task::reveal && who.is_seat(top->seat);
  if (who.sees_all() || sagan_sees)
    for (copy_id c : face_down_.items()) fill_card(c, number_of(c), *out.add_face_down());

  const seat_mask acting = must_act();
  const bool choosing = step_ == step::choose;
  for (int s = 0; s < seats_; ++s) {
    const player& p = players_[s];
    const bool own = who.is_seat(s) || who.sees_all();
    pb::Seat& seat_out = *out.add_seats();
    seat_out.set_seat(static_cast<std::uint32_t>(s));
    seat_out.set_faction(seat_label(s));
    seat_out.set_to_act(engine::has_seat(acting, s));
    seat_out.set_initiative(s == initiative_);
    seat_out.set_hand_count(p.hand.size);
    if (own)
      for (copy_id c : p.hand.items()) fill_card(c, number_of(c), *seat_out.add_hand());
    for (const agency_card& a : p.agency.items()) {
      pb::AgencyCard& ac = *seat_out.add_agency();
      fill_card(a.card, number_of(a.card), *ac.mutable_card());
      ac.set_covered(a.covered);
      ac.set_left_used(a.used & used_left);
      ac.set_right_used(a.used & used_right);
      ac.set_bottom_used(a.used & used_bottom);
    }
    for (copy_id c : p.lab.items()) fill_card(c, number_of(c), *seat_out.add_lab());
    for (int i = 0; i < p.played_count; ++i) fill_control(p.played[i], *seat_out.add_played_controls());
    const bool hidden_choice = choosing && p.current >= 0 && !own;
    seat_out.set_chosen(p.current >= 0);
    if (p.current >= 0 && !hidden_choice) {
      fill_control(p.current, *seat_out.mutable_current_control());
    }
    const unsigned unused = hidden_choice ? (p.unused | 1u << p.current) : p.unused;
    for (int k = 0; k < control_count; ++k)
      if (unused >> k & 1u) fill_control(k, *seat_out.add_unused_controls());
    for (int t = 0; t < stage_count; ++t) seat_out.add_levels(static_cast<std::uint32_t>(agency_level(s, static_cast<stage>(t))));
    score_sheet sheet = score_of(s);
    for (int v : symbols_of(s, p.area51)) seat_out.add_symbols(static_cast<std::uint32_t>(v));
    if (hidden_choice && variant_ == variant::cold_war) sheet.tiebreak[0] += control(p.current).level;
    pb::Score& sc = *seat_out.mutable_score();
    sc.set_halves(static_cast<std::uint32_t>(sheet.halves));
    sc.set_agency_level(static_cast<std::uint32_t>(sheet.agency_level));
    sc.set_laboratory(static_cast<std::uint32_t>(sheet.laboratory));
    sc.set_categories(static_cast<std::uint32_t>(sheet.categories));
    sc.set_empty_deck_halves(static_cast<std::uint32_t>(sheet.empty_deck_halves));
    for (int i = 0; i < sheet.tiebreak_size; ++i) sc.add_tiebreak(static_cast<std::uint32_t>(sheet.tiebreak[i]));
    seat_out.set_passed(step_ == step::develop && passed(s));
    seat_out.set_resigned(p.resigned);
    seat_out.set_area51_category(p.area51);
    seat_out.set_hand_limit(static_cast<std::uint32_t>(hand_limit(s)));
    if (who.is_seat(s)) {
      std::vector<copy_id> known;
      for (int i = 0; i < face_down_.size; ++i)
        if (face_down_placer_[i] == s) known.push_back(face_down_.cards[i]);
      std::sort(known.begin(), known.end());
      for (copy_id c : known) fill_card(c, number_of(c), *seat_out.add_known_face_down());
    }
  }
  if (top) {
    pb::Prompt& pr = *out.mutable_prompt();
    pr.set_seat(top->seat);
    pr.set_text(prompt_text(*this, *top));
    pr.set_remaining(top->remaining);
    if (top->kind == task::split) pr.set_power(top->remaining);
    pr.set_kind(wire_task(top->kind));
    pr.set_exact(top->exact);
    if (top->kind == task::move || top->kind == task::split || top->kind == task::fallback) {
      pr.set_from(wire_source(top->what.from));
      pr.set_to(top->kind == task::fallback ? pb::AGENCY : wire_zone(top->what.to));
    }
    if (top->kind == task::split) {
      pr.set_second_from(wire_source(top->second.from));
      pr.set_second_to(wire_zone(top->second.to));
    }
  }
  if (variant_ == variant::jfk) {
    pb::Opponent& op = *out.mutable_opponent();
    for (int i = 0; i < opponent_.played_count; ++i) fill_control(opponent_.played[i], *op.add_played());
    for (auto l : opponent_.level) op.add_levels(l);
    for (copy_id c : opponent_.taken.items()) fill_card(c, number_of(c), *op.add_taken());
    for (int v : opponent_symbols()) op.add_symbols(static_cast<std::uint32_t>(v));
    op.set_score(static_cast<std::uint32_t>(opponent_score()));
    for (int d = 0; d < opponent_.decks; ++d) op.add_decks_left(opponent_.deck_size_left[d]);
  }
  const outcome o = result();
  out.mutable_outcome()->set_over(o.over);
  out.mutable_outcome()->set_reason(o.reason);
  for (int s = 0; s < seats_; ++s)
    if (engine::has_seat(o.winners, s)) out.mutable_outcome()->add_winners(static_cast<std::uint32_t>(s));
}

// Every card type, public, by card_id: what "{card:K}" in the log names (ListCards).
std::span<const engine::pool_card> state::catalog() {
  static const std::vector<engine::pool_card> cards = [] {
    std::vector<engine::pool_card> out;
    for (const card_def& d : all_cards()) {
      engine::pool_card c;
      c.index = static_cast<engine::card_index>(out.size());
      c.name = std::string(d.name);
      c.kind = std::string(stage_name(d.type));
      if (d.leader) c.tags.emplace_back("Leader");
      c.tags.emplace_back(d.code);
      const card_words& w = words_of(static_cast<card_id>(out.size()));
      for (const std::string* part : {&w.left, &w.right, &w.bottom})
        if (!part->empty()) c.text += (c.text.empty() ? "" : " | ") + *part;
      c.stats = {{"Copies", d.copies}};
      out.push_back(std::move(c));
    }
    return out;
  }();
  return cards;
}

}  // namespace starport::space_race

namespace starport::space_race {
namespace {

std::string who_of(int seat) { return engine::seat_ref(seat); }
// A card in the log, by its type ("{card:K}", K its catalog index): every reader fills its
// name, so a line's shape does not change with the card it names (docs/protocol.md, "Log lines").
std::string named(copy_id c) { return engine::card_ref(type_of(c)); }
std::string control_name(int k) { return std::string(control(k).name); }

std::string zone_words(zone z, bool own) {
  switch (z) {
    case zone::hand: return own ? "its Hand" : "a Hand";
    case zone::agency: return "its Agency";
    case zone::lab: return "its Laboratory";
    case zone::universe: return "the Universe, face down";
    case zone::deck: return "the Deck";
    default: return "play";
  }
}

}  // namespace

std::string state::describe(const action& a) const {
  // Public words only: which Control Card was chosen, which Hand card was invested and what
  // a draw into the Hand brought stay out of the log; a card that lands face up is named.
  if (a.seat >= seats_) return "an unknown seat acts.";
  const std::string who = who_of(a.seat);
  const player& p = players_[a.seat];
  const frame* top = frame_count_ ? &frames_[frame_count_ - 1] : nullptr;
  switch (static_cast<kind>(a.kind)) {
    case kind::resign: return who + " resigns.";
    case kind::choose: return who + " chooses a Control Card.";
    case kind::use: {
      if (a.argc < 2) break;
      const int source = a.args[0], slot = a.args[1];
      if (source == control_slot) {
        if (p.current < 0) break;
        const control_def& c = control(p.current);
        const ability& ab = slot == 0 ? acquire_of(c) : c.extra;
        return who + " uses " + std::string(c.name) + ": " + space_race::describe(ab);
      }
      if (source < 0 || source >= p.agency.size) break;
      const copy_id used = p.agency.cards[source].card;
      const card_def& d = card_of(used);
      const ability& ab = slot == 0 ? d.left : slot == 1 ? d.right : d.bottom;
      return who + " uses " + named(used) + ": " + space_race::describe(ab);
    }
    case kind::pass: return who + " passes.";
    case kind::split:
      if (top && a.argc == 1)
        return who + " splits the ability " + std::to_string(a.args[0]) + " + " +
               std::to_string(top->remaining - a.args[0]) + ".";
      break;
    case kind::draw:
      if (a.argc == 1) return who + " draws " + engine::plural(a.args[0], "card", "cards") + ".";
      break;
    case kind::done:
      if (!top && step_ == step::invest) return who + " ends its Clever Investments.";
      return who + " is done.";
    case kind::declare:
      if (a.argc == 1 && a.args[0] >= 0 && a.args[0] < category_count)
        return who + " declares " + std::string(category_name(static_cast<category>(a.args[0]))) +
               " for Area 51.";
      break;
    case kind::pick: {
      if (a.argc != 3) break;
      const auto z = static_cast<pick_zone>(a.args[0]);
      const int owner = a.args[1], index = a.args[2];
      if (!top) {   // Clever Investments: a Hand card goes face down
        if (step_ == step::invest) return who + " invests a card from its Hand face down in the Universe.";
        break;
      }
      switch (top->kind) {
        case task::move:
        case task::fallback: {
          const zone to = top->kind == task::fallback ? zone::agency : top->what.to;
          const bool lands_face_up = to == zone::agency || to == zone::lab;
          if (z == pick_zone::hand) {
            if (index < 0 || index >= p.hand.size) break;
            if (!lands_face_up) return who + " moves a card from its Hand to " + zone_words(to, true) + ".";
            return who + " moves " + named(p.hand.cards[index]) + " from its Hand to " + zone_words(to, true) + ".";
          }
          std::string from;
          copy_id c{};
          if (z == pick_zone::universe && owner >= 0 && owner < stage_count && index >= 0 &&
              index < universe_[owner].size) {
            c = universe_[owner].cards[index];
            from = "the Universe";
          } else if (z == pick_zone::lab && owner == opponent_lab && index >= 0 && index < opponent_.taken.size) {
            c = opponent_.taken.cards[index];
            from = "the Eastern bloc's taken cards";
          } else if (z == pick_zone::lab && owner >= 0 && owner < seats_ && index >= 0 &&
                     index < players_[owner].lab.size) {
            c = players_[owner].lab.cards[index];
            from = owner == a.seat ? "its Laboratory" : who_of(owner) + "'s Laboratory";
          } else {
            break;
          }
          // From a public zone: the card was face up already, wherever it goes.
          return who + " takes " + named(c) + " from " + from + " to " + zone_words(to, true) + ".";
        }
        case task::uncover:
          if (index >= 0 && index < p.agency.size)
            return who + " uncovers " + named(p.agency.cards[index].card) + " in its Agency.";
          break;
        case task::leader:
          if (index >= 0 && index < p.agency.size)
            return who + " moves the Leader " + named(p.agency.cards[index].card) +
                   " from its Agency to its Laboratory.";
          break;
        case task::return_control:
          if (index >= 0 && index < control_count)
            return who + " returns " + control_name(index) + " to its supply.";
          break;
        case task::reveal: return who + " turns a face-down Universe card face up (Carl Sagan).";
        case task::split: break;
      }
      break;
    }
  }
  return who + " acts.";
}

std::string state::describe_effects() const {
  // From the last apply's public events (see `event`): cards that turned face up, the
  // Control Cards revealed, the JFK opponent's moves, hidden draws by count only.
  std::vector<std::string> lines;
  std::string controls;
  for (int i = 0; i < event_count_; ++i) {
    const event& e = events_[i];
    if (e.kind != event_kind::controls_revealed && !controls.empty()) {
      lines.push_back("Control Cards: " + controls + ".");
      controls.clear();
    }
    switch (e.kind) {
      case event_kind::controls_revealed:
        controls += (controls.empty() ? "" : ", ") + who_of(e.seat) + " " + control_name(e.card);
        break;
      case event_kind::face_up: lines.push_back(named(static_cast<copy_id>(e.card)) + " turns face up in the Universe."); break;
      case event_kind::opponent_control:
        lines.push_back("The Eastern bloc plays " + control_name(e.card) + ".");
        break;
      case event_kind::opponent_takes:
        lines.push_back("The Eastern bloc takes " + named(static_cast<copy_id>(e.card)) +
                        (e.extra == 0xff ? " from the Deck." : " from the Universe."));
        break;
      case event_kind::drew_hidden:
        lines.push_back(who_of(e.seat) + " draws " + engine::plural(e.card, "card", "cards") + " (Emergency Financing).");
        break;
      case event_kind::drew_public:
        lines.push_back(who_of(e.seat) + " draws " + named(static_cast<copy_id>(e.card)) + " into " +
                        zone_words(static_cast<zone>(e.extra), true) + ".");
        break;
      case event_kind::deck_empty:
        lines.push_back("The Deck is empty: " + who_of(e.seat) + " scores half a point for each of " +
                        engine::plural(e.card, "card", "cards") + " not drawn.");
        break;
      case event_kind::initiative: lines.push_back(who_of(e.seat) + " takes the Initiative Marker."); break;
      case event_kind::new_round: lines.push_back("Round " + std::to_string(e.card) + " begins."); break;
      case event_kind::passed_itself: lines.push_back(who_of(e.seat) + " has nothing left to use and passes."); break;
    }
  }
  if (!controls.empty()) lines.push_back("Control Cards: " + controls + ".");
  if (events_cut_) lines.push_back("… and more.");
  if (!was_over_ && step_ == step::over) {
    const outcome o = result();
    std::string winners;
    for (int s = 0; s < seats_; ++s)
      if (engine::has_seat(o.winners, s)) winners += (winners.empty() ? "" : " and ") + who_of(s);
    if (winners.empty() && variant_ == variant::jfk) winners = "the Eastern bloc";
    lines.push_back(winners.empty() ? "The match is over: nobody wins."
                                    : "The match is over: " + winners +
                                          (engine::seat_total(o.winners) > 1 ? " win." : " wins."));
  }
  std::string out;
  for (const std::string& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace starport::space_race
