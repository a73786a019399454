// Race to the Terminus positions at any step of a Turn, the Opening's mulligan and the
// round's Cleanup (docs/scenarios.md): each plays on by the rules, and inconsistent ones
// are refused with a reason.
#include <string>

#include "engine/core/scenario.hpp"
#include "position_mutator.hpp"
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using tr::step;

namespace {

// The position of `s` at `at`, the Turn Tracker given (for a Turn's steps).
trpb::Position at_step(const setup& s, trpb::Step at, std::initializer_list<unsigned> tracker = {}) {
  setup copy = s;
  copy.step = trpb::ENTROPY_STEP;   // position_of adds a tracker only for START and PLAY
  trpb::Position p = position_of(copy);
  p.set_step(at);
  for (unsigned t : tracker) p.add_turn_order(t);
  return p;
}

tr::state start(const trpb::Position& p) {
  const int seats = p.seats_size();
  auto v = tr::state::validate(seats, trpb::Options(), p);
  REQUIRE_MESSAGE(v, v.detail);
  return tr::state(seats, trpb::Options(), p, 3);
}

std::string refusal(const trpb::Position& p) {
  auto v = tr::state::validate(p.seats_size(), trpb::Options(), p);
  if (v) return "";
  CHECK(v.code == starport::engine::rule_error::bad_options);
  return v.detail;
}

std::vector<std::string> names(const tr::state& g, const auto& pile) {
  std::vector<std::string> out;
  for (tr::copy_id c : pile.items()) out.emplace_back(g.card_of(c).name);
  return out;
}

}  // namespace

TEST_CASE("Position: the Aftermath Step discards the Actions in play, then a Backslide finishes") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].proximity = 5;
  s.seats[0].ships[0].backslide = true;
  s.chart = {{5, "Quiet Expanse"}};
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Press Conference");
  tr::state g = start(p);
  CHECK(names(g, g.seat(0).discard) == std::vector<std::string>{"Press Conference"});
  CHECK(g.seat(0).ships[0].action_count == 0);
  CHECK(g.seat(0).ships[0].proximity == 2);
  REQUIRE(g.seat(0).ships[0].crew_count == 2);   // the top Gig joined
  CHECK(g.card_of(g.seat(0).ships[0].crew[1].card).name == "Rock Eater");
  CHECK(g.active_seat() == 1);                    // the next seat on the Tracker
}

TEST_CASE("Position: the End Step of the last seat on the Tracker ends the round") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.round = 4;
  s.active = 1;
  tr::state g = start(at_step(s, trpb::END_STEP, {1}));
  CHECK(g.round() == 5);
  CHECK(g.seat(0).ships[0].proximity == 0);
}

TEST_CASE("Position: the Cleanup Step loses a seat whose Ships have no Modules") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[1].ships[0].modules = {};
  tr::state g = start(at_step(s, trpb::CLEANUP_STEP));
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(0));
}

TEST_CASE("Position: the Regroup Step draws an Action for each Ship, then the Play Step") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 3;
  tr::state g = start(at_step(s, trpb::REGROUP_STEP, {0, 1}));
  CHECK(g.current_step() == step::play);
  CHECK(g.active_seat() == 0);
  CHECK(g.seat(0).hand.size == 2);
  CHECK(g.seat(0).action_pile.size == 5);
}

TEST_CASE("Position: the Opening's mulligan with the hands as listed, every seat to decide") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump", "Press Conference"};
  s.seats[1].hand = {"Jump"};
  tr::state g = start(at_step(s, trpb::MULLIGAN_STEP));
  CHECK(g.current_step() == step::mulligan);
  CHECK(g.must_act() == 0b11);
  CHECK(g.seat(0).hand.size == 2);
}

TEST_CASE("Position: the Opening's Starting System choice - one seat chose already in secret, the other chooses") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = {};   // still to choose, from the top 3 of its System Pile
  s.seats[0].system_pile = {"Cinder Belt", "Prism Rift", "Free Port Karst", "Whispering Pulsar"};
  // Seat 1 chose its Starting System (crewed_seat's Sol Relay Station) already, face down.
  tr::state g = start(at_step(s, trpb::STARTING_SYSTEM));
  CHECK(g.current_step() == step::starting_system);
  CHECK(g.must_act() == seat_bit(0));
  // Seat 0 is offered exactly its top three; seat 1's choice is hidden from seat 0.
  trpb::View mine;
  g.view(starport::engine::viewer::of_seat(0), mine);
  REQUIRE(mine.prompt().cards_size() == 3);
  const auto& systems = g.seat(0).systems;
  for (int i = 0; i < 3; ++i) CHECK(mine.prompt().cards(i).id() == tr::wire_id(systems.cards[systems.size - 1 - i]));
  CHECK(g.card_of(systems.cards[systems.size - 1]).name == std::string("Cinder Belt"));
  CHECK_FALSE(mine.seats(1).starting_system().known());
  std::vector<action> legal;
  g.legal_actions(0, legal);
  CHECK(legal.size() == 6);   // 3 choices × which of the other two goes to the very bottom
  // Seat 0 keeps Cinder Belt (its top card) and sends Free Port Karst to the very bottom.
  const auto wire = [&](int from_top) {
    return static_cast<std::int32_t>(tr::wire_id(systems.cards[systems.size - 1 - from_top]));
  };
  bool played = false;
  for (const action& a : legal)
    if (!played && a.args[0] == wire(0) && a.args[1] == wire(2)) {
      play(g, a);
      played = true;
    }
  REQUIRE(played);
  // Both have chosen: the choices are shown together and the Opening's hands are drawn.
  CHECK(g.current_step() == step::mulligan);
  CHECK(std::string(g.card_of(g.seat(0).starting_system).name) == "Cinder Belt");
  CHECK(names(g, g.seat(0).systems).back() == "Whispering Pulsar");   // the untouched fourth is the top now
  CHECK(names(g, g.seat(0).systems).front() == "Free Port Karst");     // the one sent to the very bottom
  CHECK(g.seat(0).hand.size == 4);
  CHECK(g.seat(1).hand.size == 4);
  trpb::View after;
  g.view(starport::engine::viewer::of_seat(0), after);
  CHECK(after.seats(1).starting_system().known());
  CHECK(after.seats(1).starting_system().id() == tr::wire_id(g.seat(1).starting_system));
}

TEST_CASE("Position: the Entropy Step of round 3 is round 3") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.round = 3;
  s.seats[0].hand = {with_subtype(tr::card_type::complication, tr::subtype::destiny)};
  tr::state g = start(at_step(s, trpb::ENTROPY_STEP));
  CHECK(g.round() == 3);
  CHECK(g.current_step() == step::entropy);
  CHECK(g.must_act() == seat_bit(0));
}

TEST_CASE("Position: the Recruit Draft's last pick, then the Starting System") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].recruit_pile = {"Rock Eater", "Vent Dweller"};
  s.seats[1].recruit_pile = {"Vent Dweller"};
  trpb::Position p = at_step(s, trpb::RECRUIT_DRAFT);
  p.set_draft_round(3);
  tr::state g = start(p);
  CHECK(g.current_step() == step::recruit_draft);
  CHECK(g.must_act() == 0b11);
  for (int seat = 0; seat < 2; ++seat) {
    std::vector<action> legal;
    g.legal_actions(seat, legal);
    REQUIRE_FALSE(legal.empty());
    play(g, legal.front());
  }
  // The third pick was the last: the Draft is over, the rest joins the Gig Pile.
  CHECK(g.current_step() == step::starting_system);
  CHECK(g.seat(0).ships[0].crew_count == 2);
  CHECK(g.seat(0).gigs.size == 2);   // Rock Eater was there; one recruit left over
  CHECK(g.seat(1).gigs.size == 1);
}

TEST_CASE("Position: a Draft pick made in secret stays hidden until the last seat picks") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].module_pile = {"Crew Lounge"};
  s.seats[1].module_pile = {"Crew Lounge", "Crew Lounge"};
  trpb::Position p = at_step(s, trpb::MODULE_DRAFT);
  p.mutable_seats(0)->set_draft_pick("Crew Lounge");
  tr::state g = start(p);
  CHECK(g.must_act() == 0b10);   // seat 0 has picked
  trpb::View other;
  g.view(starport::engine::viewer::of_seat(1), other);
  CHECK(other.seats(0).drafted());               // seat 1 sees that seat 0 has picked
  CHECK(other.seats(0).draft_pool_size() == 0);   // not what is left, nor what was picked
  CHECK(other.seats(1).draft_pool_size() == 2);
  std::vector<action> legal;
  g.legal_actions(1, legal);
  REQUIRE_FALSE(legal.empty());
  const int before = g.seat(0).ships[0].module_count;
  play(g, legal.front());
  CHECK(g.seat(0).ships[0].module_count == before + 1);   // both picks flipped onto the Ships
  CHECK(g.seat(0).module_pool.size == 1);
}

TEST_CASE("Position: a seat with an empty Module Pile sits the Module Draft out") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].module_pile = {"Crew Lounge", "Crew Lounge"};
  tr::state g = start(at_step(s, trpb::MODULE_DRAFT));
  CHECK(g.must_act() == 0b01);
}

TEST_CASE("Position: every kind of inconsistency in a Terminus position is refused with its reason") {
  setup s{{crewed_seat(), crewed_seat()}};
  const auto found = [](const std::string& why, const char* part) {
    INFO(why);
    return why.find(part) != std::string::npos;
  };
  CHECK(refusal(at_step(s, trpb::END_STEP, {0, 1})) == "");
  CHECK(found(refusal(at_step(s, trpb::STARTING_SYSTEM)), "a seat still to choose"));   // both chose
  {
    setup choosing = s;
    choosing.seats[0].starting_system = {};
    CHECK(refusal(at_step(choosing, trpb::STARTING_SYSTEM)) == "");
    choosing.seats[1].hand = {"Jump"};
    CHECK(found(refusal(at_step(choosing, trpb::STARTING_SYSTEM)), "no hand yet"));
  }
  CHECK(found(refusal(at_step(s, trpb::GAME_OVER)), "a position starts at"));
  CHECK(found(refusal(at_step(s, trpb::END_STEP)), "Turn Tracker"));
  CHECK(found(refusal(at_step(s, trpb::END_STEP, {1, 0})), "active seat first"));
  CHECK(found(refusal(at_step(s, trpb::END_STEP, {0, 0})), "once"));
  CHECK(found(refusal(at_step(s, trpb::END_STEP, {0, 7})), "lists seats"));
  CHECK(found(refusal(at_step(s, trpb::CLEANUP_STEP, {0, 1})), "belongs to the steps of a Turn"));
  trpb::Position out = at_step(s, trpb::END_STEP, {0, 1});
  out.mutable_seats(1)->set_out(true);
  CHECK(found(refusal(out), "out"));
  trpb::Position wrong_step = at_step(s, trpb::END_STEP, {0, 1});
  wrong_step.mutable_seats(0)->mutable_ships(0)->add_actions("Jump");
  CHECK(found(refusal(wrong_step), "PLAY_STEP or AFTERMATH_STEP"));
  trpb::Position not_active = at_step(s, trpb::PLAY_STEP, {0, 1});
  not_active.mutable_seats(1)->mutable_ships(0)->add_actions("Jump");
  CHECK(found(refusal(not_active), "active seat"));
  trpb::Position not_action = at_step(s, trpb::PLAY_STEP, {0, 1});
  not_action.mutable_seats(0)->mutable_ships(0)->add_actions("Rock Eater");
  CHECK(found(refusal(not_action), "Action cards"));
  trpb::Position five = at_step(s, trpb::PLAY_STEP, {0, 1});
  for (int i = 0; i < 5; ++i) five.mutable_seats(0)->mutable_ships(0)->add_actions("Jump");
  CHECK(found(refusal(five), "at most 4"));
  trpb::Position drafting = at_step(s, trpb::RECRUIT_DRAFT);
  CHECK(found(refusal(drafting), "cards in a seat's Pile"));
  drafting.mutable_seats(0)->add_recruit_pile("Rock Eater");
  CHECK(refusal(drafting) == "");
  drafting.set_draft_round(4);
  CHECK(found(refusal(drafting), "1 to 3"));
  trpb::Position wrong_pick = at_step(s, trpb::MODULE_DRAFT);
  wrong_pick.mutable_seats(0)->add_module_pile("Crew Lounge");
  wrong_pick.mutable_seats(0)->set_draft_pick("Rock Eater");
  CHECK(found(refusal(wrong_pick), "Draft's type"));
  wrong_pick.set_step(trpb::ENTROPY_STEP);
  CHECK(found(refusal(wrong_pick), "draft_pick belongs"));
  trpb::Position late = at_step(s, trpb::ENTROPY_STEP);
  late.set_draft_round(2);
  CHECK(found(refusal(late), "belongs to MODULE_DRAFT"));
  setup three{{crewed_seat(), crewed_seat(), crewed_seat()}};
  trpb::Position lone = at_step(three, trpb::ENTROPY_STEP);
  lone.mutable_seats(1)->set_out(true);
  lone.mutable_seats(2)->set_out(true);
  CHECK(found(refusal(lone), "two seats"));
}

TEST_CASE("Position: a scenario file poses a Terminus End Step that ends the round") {
  starport::engine::scenario sc;
  std::string error;
  const std::string file = R"({"game": "terminus", "seats": 2, "seed": 4, "position": {
      "step": "END_STEP", "round": 2, "active_seat": 1, "turn_order": [1],
      "seats": [{"ships": [{"modules": [{"name": "Crew Lounge"}], "crew": [{"name": "Vent Dweller"}]}],
                 "starting_system": "Sol Relay Station",
                 "action_pile": ["Press Conference", "Press Conference", "Press Conference", "Press Conference"]},
                {"ships": [{"modules": [{"name": "Crew Lounge"}], "crew": [{"name": "Vent Dweller"}]}],
                 "starting_system": "Sol Relay Station",
                 "action_pile": ["Press Conference", "Press Conference", "Press Conference", "Press Conference"]}]}})";
  REQUIRE_MESSAGE(starport::engine::parse_scenario(file, sc, error), error);
  auto m = sc.start();
  REQUIRE(m);
  CHECK(sc.game->progress(*m) == 3);
}

TEST_CASE("Position: random edits of positions at a Turn's steps are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump", "Press Conference"};
  trpb::Position aftermath = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  aftermath.mutable_seats(0)->mutable_ships(0)->add_actions("Press Conference");
  int accepted = position_mutator::check(game, 2, trpb::Options(), aftermath, 150, 5);
  accepted += position_mutator::check(game, 2, trpb::Options(), at_step(s, trpb::END_STEP, {0, 1}), 150, 6);
  CHECK(accepted > 0);
}

namespace {

// The Play Step's end: seat 1 played Bad Press on seat 0's Ship and has passed since; seat 0
// (holding Sensor Ghost) answers now.
trpb::Position window_open() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Sensor Ghost"};
  s.seats[0].complication_pile = {"Data Leak"};
  s.seats[1].hand = {"Lucky Break"};
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  p.mutable_seats(0)->set_reputation(3);
  trpb::CascadePosition* e = p.mutable_window()->add_cascade();
  e->set_seat(1);
  e->set_card("Bad Press");
  e->set_targets(true);
  e->set_target_seat(0);
  p.mutable_window()->add_answered(1);
  return p;
}

}  // namespace

TEST_CASE("Position: an open response window with a Complication on the Cascade, one seat passed, plays on") {
  tr::state g = start(window_open());
  REQUIRE(g.open_window() == tr::window::step_end);
  REQUIRE(g.cascade().size() == 1);
  CHECK(g.card_of(g.cascade()[0].card).name == "Bad Press");
  CHECK(g.must_act() == seat_bit(0));   // seat 1 passed since Bad Press joined
  // Seat 1 sees the Cascade, not seat 0's Hand.
  trpb::View v;
  g.view(starport::engine::viewer::of_seat(1), v);
  CHECK(v.cascade_size() == 1);
  CHECK(starport::engine::to_json(v, false).find("Sensor Ghost") == std::string::npos);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  CHECK(legal.size() == 2);   // pass, or Sensor Ghost on seat 1's Ship
  play(g, act(0, tr::kind::pass));
  // Everyone passed: Bad Press resolves (seat 0 loses 2 Reputation), seat 0 draws a
  // Complication, the window closes and the Aftermath Step runs: seat 1's Turn.
  CHECK(g.cascade().empty());
  CHECK(g.seat(0).reputation == 1);
  CHECK(g.seat(0).hand.size == 2);
  CHECK(g.open_window() == tr::window::none);
  CHECK(g.active_seat() == 1);
}

TEST_CASE("Position: a Destiny window with a Destiny on the Cascade locks its player's Destiny") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[1].hand = {"Lucky Break"};
  trpb::Position p = at_step(s, trpb::DESTINY_STEP);
  trpb::CascadePosition* e = p.mutable_window()->add_cascade();
  e->set_seat(0);
  e->set_card("Manifest Destiny");
  tr::state g = start(p);
  CHECK(g.open_window() == tr::window::destiny);
  CHECK(g.seat(0).destiny_locked);
  CHECK(g.must_act() == seat_bit(1));
}

TEST_CASE("Position: an impossible response window is refused with the field and the reason") {
  trpb::Position p = window_open();
  p.set_step(trpb::END_STEP);
  CHECK(refusal(p) == "window: a response window is open at DESTINY_STEP, PLAY_STEP or AFTERMATH_STEP (the Play Step's end)");
  p = window_open();
  p.mutable_window()->mutable_cascade(0)->set_card("Press Conference");
  CHECK(refusal(p) == "window.cascade: each card is a Complication of the pool");
  p = window_open();
  p.mutable_window()->mutable_cascade(0)->set_targets(false);
  CHECK(refusal(p) == "window.cascade: `targets` is set exactly when the Complication targets an opponent Ship");
  p = window_open();
  p.mutable_window()->mutable_cascade(0)->set_target_seat(1);
  CHECK(refusal(p) == "window.cascade: the target is a Ship of another seat still in the game");
  p = window_open();
  p.mutable_window()->mutable_cascade(0)->set_card("Manifest Destiny");
  p.mutable_window()->mutable_cascade(0)->set_targets(false);
  CHECK(refusal(p) == "window.cascade: a Destiny is played only in the Destiny window");
  p = window_open();
  p.mutable_window()->add_answered(7);
  CHECK(refusal(p) == "window.answered lists seats");
  p = window_open();
  p.mutable_window()->set_played(true);
  CHECK(refusal(p) == "window.played belongs to the Destiny window");
}

TEST_CASE("Position: random edits of an open response window are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), window_open(), 100, 10) > 0);
}

namespace {

// Seat 0 played Deep Scan and gained its Certainty; the look at the top 2 of its Action Pile
// is open.
trpb::Position resolving_deep_scan() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].action_pile = {"Jump", "Lay Low", "Press Conference", "Press Conference"};
  trpb::Position p = at_step(s, trpb::PLAY_STEP, {0, 1});
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Deep Scan");
  p.mutable_seats(0)->set_certainty(1);
  p.mutable_resolving()->set_effect(1);
  return p;
}

}  // namespace

TEST_CASE("Position: an Action's pending choice (a look at the Action Pile) is open, hidden from the others, and plays on") {
  tr::state g = start(resolving_deep_scan());
  REQUIRE(g.pending().size() >= 1);
  CHECK(g.pending().back().kind == tr::task::look);
  CHECK(g.pending().back().look_count == 2);
  CHECK(g.must_act() == seat_bit(0));
  CHECK(g.seat(0).certainty == 1);   // part 0 (gain 1 Certainty) is behind it: not run again
  trpb::View own, other, spectator;
  g.view(starport::engine::viewer::of_seat(0), own);
  g.view(starport::engine::viewer::of_seat(1), other);
  g.view(starport::engine::viewer::spectator(), spectator);
  CHECK(own.prompt().cards_size() == 2);
  CHECK(other.prompt().cards_size() == 0);
  CHECK(spectator.prompt().cards_size() == 0);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 3);   // discard either, or put both back
  play(g, legal[1]);            // discard one
  CHECK(g.seat(0).discard.size == 1);
  play(g, act(0, tr::kind::pass));   // the other goes back on top
  CHECK(g.seat(0).action_pile.size == 3);
  CHECK(g.pending().empty());
}

TEST_CASE("Position: an Action's pending choice that could not be open is refused with the field and the reason") {
  trpb::Position p = resolving_deep_scan();
  p.mutable_resolving()->set_effect(3);
  CHECK(refusal(p) == "resolving.effect: the Action has no such part");
  p = resolving_deep_scan();
  p.mutable_resolving()->set_ship(1);
  CHECK(refusal(p) == "resolving.ship: the active seat's Ship with the resolving Action last in its `actions`");
  p = resolving_deep_scan();
  p.set_step(trpb::AFTERMATH_STEP);
  CHECK(refusal(p) == "resolving belongs to PLAY_STEP, without a response window");
  p = resolving_deep_scan();
  p.mutable_resolving()->set_targets(true);
  CHECK(refusal(p) == "resolving: `targets` is set exactly when the Action targets an opponent Ship");
  p = resolving_deep_scan();
  p.mutable_seats(0)->clear_action_pile();   // nothing to look at: the part needs no choice
  CHECK(refusal(p) == "resolving: the Action's effects from that part need no choice; play it with `actions`");
}

TEST_CASE("Position: random edits of an Action's pending choice are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), resolving_deep_scan(), 100, 11) > 0);
}
