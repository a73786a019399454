// Race to the Terminus positions at any step of a Turn, the Opening's mulligan and the
// round's Cleanup (docs/scenarios.md): each plays on by the rules, and inconsistent ones
// are refused with a reason.
#include <string>

#include "engine/core/scenario.hpp"
#include "position_mutator.hpp"
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using tr::step;

namespace {

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

TEST_CASE("Position: the Cleanup Step loses every seat with no Modules at once, so when that is all of them nobody wins") {
  setup s{{crewed_seat(), crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {};
  s.seats[2].ships[0].modules = {};
  tr::state g = start(at_step(s, trpb::CLEANUP_STEP));
  CHECK(g.result().over);
  CHECK(g.result().winners == seat_bit(1));   // the one Ship with Modules
  s.seats[1].ships[0].modules = {};
  tr::state none = start(at_step(s, trpb::CLEANUP_STEP));
  CHECK(none.result().over);
  CHECK(none.result().winners == 0);   // before: seat 3, the last one knocked out, "won"
  CHECK(std::string_view(none.result().reason) == "no_ship_left");
}

TEST_CASE("Brtpb eases only an Action's Certainty Requirement: Tidal Anomaly's 'Certainty 0 or less' is read as it stands") {
  for (const char* member : {"Brtpb", "Vent Dweller"}) {
    CAPTURE(member);
    setup s{{crewed_seat(), crewed_seat()}};
    s.seats[0].ships[0].crew = {{member}};
    s.seats[0].ships[0].proximity = 2;
    s.seats[0].certainty = 1;
    s.chart = {{2, "Tidal Anomaly"}};
    s.active = 0;
    tr::state g = start(at_step(s, trpb::END_STEP, {0, 1}));
    CHECK(g.seat(0).ships[0].proximity == 2);   // Certainty 1: nothing (before, with Brtpb it lost 1)
  }
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

namespace {

// Seat 1 flipped its Boarding Spikes (Ambush: a Member of the target Ship leaves) aiming at
// seat 0's Ship at the Play Step's end, and passed since; seat 0 (a Complication in its
// Hand, hidden from seat 1) is asked.
trpb::Position window_ambush() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew.push_back({"Ship's Cat"});
  s.seats[0].hand = {"Sensor Ghost"};
  s.seats[1].ships[0].modules.push_back({"Boarding Spikes"});
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  trpb::CascadePosition* e = p.mutable_window()->add_cascade();
  e->set_seat(1);
  e->set_card("Boarding Spikes");
  e->set_ability(true);
  e->set_targets(true);
  e->set_target_seat(0);
  p.mutable_window()->add_answered(1);
  return p;
}

}  // namespace

TEST_CASE("Position: an Ambush ability on the Cascade resolves off it with its choice, hidden cards stay hidden") {
  tr::state g = start(window_ambush());
  REQUIRE(g.cascade().size() == 1);
  CHECK(g.cascade()[0].ability);
  CHECK(g.cascade()[0].ability_when == tr::when::ambush);
  CHECK(g.card_of(g.cascade()[0].card).name == "Boarding Spikes");
  CHECK(g.seat(1).ships[0].modules[1].card == g.cascade()[0].card);   // the card in play, not a new copy
  CHECK(g.must_act() == seat_bit(0));
  trpb::View other, spectator;
  g.view(starport::engine::viewer::of_seat(1), other);
  g.view(starport::engine::viewer::spectator(), spectator);
  CHECK(other.cascade_size() == 1);
  CHECK(other.cascade(0).ability());
  CHECK(starport::engine::to_json(other, false).find("Sensor Ghost") == std::string::npos);
  CHECK(starport::engine::to_json(spectator, false).find("Sensor Ghost") == std::string::npos);
  play(g, act(0, tr::kind::pass));
  // Everyone passed: Boarding Spikes resolves, seat 1 chooses which of seat 0's two Members leaves.
  REQUIRE(g.pending().size() >= 1);
  CHECK(g.pending().back().kind == tr::task::pick_card);
  CHECK(g.must_act() == seat_bit(1));
  std::vector<action> legal;
  g.legal_actions(1, legal);
  CHECK(legal.size() == 3);   // either Member, or pass ("up to")
  play(g, legal[1]);
  CHECK(g.seat(0).ships[0].crew_count == 1);
  CHECK(g.cascade().empty());
}

TEST_CASE("Position: an Exhaust ability on the Cascade over a Complication resolves first") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Emergency Thrusters", true});
  s.seats[1].hand = {"Lucky Break"};
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  p.mutable_seats(0)->set_reputation(3);
  trpb::CascadePosition* bad = p.mutable_window()->add_cascade();
  bad->set_seat(1);
  bad->set_card("Bad Press");
  bad->set_targets(true);
  bad->set_target_seat(0);
  trpb::CascadePosition* ex = p.mutable_window()->add_cascade();
  ex->set_seat(0);
  ex->set_card("Emergency Thrusters");
  ex->set_ability(true);
  p.mutable_window()->add_answered(0);
  tr::state g = start(p);
  REQUIRE(g.cascade().size() == 2);
  CHECK(g.cascade()[1].ability_when == tr::when::exhaust);
  CHECK(g.must_act() == seat_bit(1));
  play(g, act(1, tr::kind::pass));
  CHECK(g.seat(0).ships[0].proximity == 1);   // Emergency Thrusters first
  CHECK(g.seat(0).reputation == 1);           // then Bad Press
  CHECK(g.cascade().empty());
}

TEST_CASE("Position: an ability on the Cascade whose card is not in play as flipped is refused with the field") {
  const std::string where =
      "window.cascade: an ability's card is in its Ship `ship` (a Module or Member, face up after Ambush, face down "
      "after Exhaust; or the face-down Exhaust System that Ship is in), each copy once";
  trpb::Position p = window_ambush();
  p.mutable_seats(1)->mutable_ships(0)->mutable_modules(1)->set_face_down(true);   // not flipped by its Ambush
  CHECK(refusal(p) == where);
  p = window_ambush();
  p.mutable_window()->mutable_cascade(0)->set_seat(0);   // seat 0 has no Boarding Spikes
  p.mutable_window()->mutable_cascade(0)->set_target_seat(1);
  CHECK(refusal(p) == where);
  p = window_ambush();
  *p.mutable_window()->add_cascade() = p.window().cascade(0);   // the same copy twice
  CHECK(refusal(p) == where);
  p = window_ambush();
  p.mutable_window()->mutable_cascade(0)->set_card("Crew Lounge");
  p.mutable_window()->mutable_cascade(0)->set_targets(false);
  CHECK(refusal(p) == "window.cascade: an ability is an Ambush or Exhaust ability of its card");
  p = window_ambush();
  p.mutable_window()->mutable_cascade(0)->set_targets(false);
  CHECK(refusal(p) == "window.cascade: `targets` is set exactly when the ability targets an opponent Ship");
}

TEST_CASE("Position: random edits of an ability on the Cascade are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), window_ambush(), 100, 12) > 0);
}

namespace {

using source = trpb::ResolvingPosition;

trpb::Position resolving_from(trpb::Position p, source::Source from, const std::string& card = {}, unsigned effect = 0) {
  p.mutable_resolving()->set_source(from);
  p.mutable_resolving()->set_card(card);
  p.mutable_resolving()->set_effect(effect);
  return p;
}

// Seat 0's Start Step: Repair Drones' Start ability re-enables one of its two disabled
// Modules (seat 0 chooses).
trpb::Position resolving_repair_drones() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull}, {"Repair Drones"}, {"Capacitor Bank", true}, {"Emergency Thrusters", true}};
  return resolving_from(at_step(s, trpb::START_STEP, {0, 1}), source::STEP, "Repair Drones");
}

// Seat 0 discarded an Action for Cartography Suite's Override and gained its Certainty; the
// look at the top 3 of its Action Pile is open.
trpb::Position resolving_override() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Cartography Suite"});
  s.seats[0].action_pile = {"Jump", "Lay Low", "Deep Scan", "Press Conference"};
  s.seats[0].discard = {"Press Conference"};
  s.seats[0].certainty = 1;
  return resolving_from(at_step(s, trpb::PLAY_STEP, {0, 1}), source::OVERRIDE, "Cartography Suite", 1);
}

}  // namespace

TEST_CASE("Position: the top of the Cascade resolving with its choice open, the rest of the Cascade under it") {
  trpb::Position p = window_ambush();
  trpb::CascadePosition under = p.window().cascade(0);
  under.set_card("Bad Press");   // a Complication of seat 1's under Boarding Spikes
  under.set_ability(false);
  *p.mutable_window()->add_cascade() = p.window().cascade(0);
  *p.mutable_window()->mutable_cascade(0) = under;
  p.mutable_seats(0)->set_reputation(3);
  tr::state g = start(resolving_from(p, source::CASCADE));
  REQUIRE(g.cascade().size() == 1);   // Bad Press waits
  CHECK(g.pending().back().kind == tr::task::pick_card);
  CHECK(g.must_act() == seat_bit(1));
  trpb::View v0;
  g.view(starport::engine::viewer::of_seat(0), v0);
  CHECK(v0.prompt().seat() == 1);
  std::vector<action> legal;
  g.legal_actions(1, legal);
  REQUIRE(legal.size() == 3);
  play(g, legal[2]);
  CHECK(g.seat(0).ships[0].crew_count == 1);
  CHECK(g.seat(0).reputation == 1);   // then Bad Press resolved, with nobody asked again
  CHECK(g.cascade().empty());
}

TEST_CASE("Position: a triggered ability of the Start Step with its choice open, then the Turn goes on") {
  tr::state g = start(resolving_repair_drones());
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::pick_card);
  CHECK(g.current_step() == step::start);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 3);   // either disabled Module, or pass
  play(g, legal[1]);
  CHECK(g.seat(0).ships[0].modules[2].face_up != g.seat(0).ships[0].modules[3].face_up);
  CHECK(g.current_step() == step::play);   // Regroup drew, the Play Step asks
  CHECK(g.seat(0).hand.size == 1);
}

TEST_CASE("Position: an Override's choice (a look at the Action Pile) is open, hidden from the others") {
  tr::state g = start(resolving_override());
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::look);
  CHECK(g.pending().back().look_count == 3);
  CHECK(g.seat(0).certainty == 1);
  trpb::View own, other, spectator;
  g.view(starport::engine::viewer::of_seat(0), own);
  g.view(starport::engine::viewer::of_seat(1), other);
  g.view(starport::engine::viewer::spectator(), spectator);
  CHECK(own.prompt().cards_size() == 3);
  CHECK(other.prompt().cards_size() == 0);
  CHECK(spectator.prompt().cards_size() == 0);
  CHECK(starport::engine::to_json(other, false).find("Lay Low") == std::string::npos);
  CHECK(starport::engine::to_json(spectator, false).find("Lay Low") == std::string::npos);
}

TEST_CASE("Position: a Weapon's answer to a Complication just played is open, then the window goes on") {
  trpb::Position p = window_open();   // seat 1's Bad Press aimed at seat 0, seat 1 passed
  trpb::CardPosition* gun = p.mutable_seats(0)->mutable_ships(0)->add_modules();
  gun->set_name("Point-Defence Lasers");
  tr::state g = start(resolving_from(p, source::WEAPON));
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::weapon);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);   // pass, or disable seat 1's Crew Lounge
  play(g, legal[1]);
  CHECK_FALSE(g.seat(1).ships[0].modules[0].face_up);
  CHECK(g.must_act() == seat_bit(0));   // the window asks seat 0 still
}

TEST_CASE("Position: Detach, Bustle and Reattach decisions can be the open choice") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Pathfinder Pod"});
  tr::state g = start(resolving_from(at_step(s, trpb::START_STEP, {0, 1}), source::DETACH));
  CHECK(g.pending().back().kind == tr::task::detach);
  play(g, act(0, tr::kind::pass));
  CHECK(g.current_step() == step::play);

  setup b{{crewed_seat(), crewed_seat()}};
  b.seats[0].starting_system = "Dyson Shipyards";
  b.seats[0].upgrade_pile = {"Capacitor Bank"};
  g = start(resolving_from(at_step(b, trpb::START_STEP, {0, 1}), source::BUSTLE));
  CHECK(g.pending().back().kind == tr::task::bustle);

  setup r{{crewed_seat(), crewed_seat()}};
  r.seats[0].ships.push_back(ship_setup{{{"Pathfinder Pod"}}, {}, 0, "Pathfinder Pod"});
  g = start(resolving_from(at_step(r, trpb::END_STEP, {0, 1}), source::REATTACH));
  CHECK(g.pending().back().kind == tr::task::reattach);
  play(g, act(0, tr::kind::reattach, {1}));
  CHECK_FALSE(g.seat(0).ships[1].present);
}

TEST_CASE("Position: a pending choice of another source that could not be open is refused with the field") {
  trpb::Position p = resolving_repair_drones();
  p.mutable_seats(0)->mutable_ships(0)->mutable_modules(2)->set_face_down(false);
  p.mutable_seats(0)->mutable_ships(0)->mutable_modules(3)->set_face_down(false);   // nothing to re-enable
  CHECK(refusal(p) == "resolving.card: no face-up card of that name with that ability on the active seat's Ship `ship`, "
                      "or its effects from that part need no choice");
  p = resolving_repair_drones();
  p.set_step(trpb::REGROUP_STEP);   // Repair Drones acts at the Start Step
  CHECK(refusal(p) == "resolving.effect: `card` has no such part of that ability");
  p = resolving_repair_drones();
  p.mutable_resolving()->clear_card();
  CHECK(refusal(p) == "resolving.card: the card of a STEP or OVERRIDE ability (BACKSLIDE: the Gig whose ability waits), and only for those");
  p = resolving_override();
  p.set_step(trpb::END_STEP);
  CHECK(refusal(p) == "resolving: a STEP ability resolves in START_, REGROUP_, AFTERMATH_ or END_STEP, an OVERRIDE in PLAY_STEP");
  p = resolving_from(window_open(), source::WEAPON);   // seat 0 has no Weapon
  CHECK(refusal(p) == "resolving: the target Ship has no Weapon to answer with, or nothing of the attacker's to disable");
  p = resolving_from(window_open(), source::CASCADE);
  p.mutable_window()->mutable_cascade(0)->set_negated(true);
  CHECK(refusal(p) == "resolving: a negated card has nothing to resolve");
  p = resolving_repair_drones();
  p.mutable_resolving()->set_source(source::CASCADE);
  p.mutable_resolving()->clear_card();
  CHECK(refusal(p) == "resolving: CASCADE and WEAPON need the window they resolve in");
  p = resolving_repair_drones();
  p.mutable_resolving()->set_source(source::REATTACH);
  p.mutable_resolving()->clear_card();
  CHECK(refusal(p) == "resolving: REATTACH is decided in END_STEP");
}

TEST_CASE("Position: random edits of pending choices of other sources are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), resolving_repair_drones(), 60, 13) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), resolving_override(), 60, 14) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), resolving_from(window_ambush(), source::CASCADE), 60, 15) > 0);
}


TEST_CASE("Position: a choice nested under an Action's part (a revealed Module's ability) resolves first") {
  tr::state g = start(resolving_nested());
  REQUIRE(g.pending().size() >= 2);
  CHECK(g.pending().back().kind == tr::task::pick_ship);
  CHECK(g.card_of(g.pending().back().source).name == "Scout Skiff");
  CHECK(g.seat(0).certainty == 1);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 2);   // Intel on seat 1's or seat 2's Ship
  play(g, legal[1]);
  CHECK(g.seat(0).certainty == 0);   // then Refit's last part
  CHECK(g.seat(0).intel[2] == 1);

  trpb::Position p = resolving_nested();
  p.mutable_resolving()->mutable_nested()->set_card("Arcane Lifeboat");   // not on the Ship
  CHECK(refusal(p) == "resolving.nested: no face-up card of that name with that ability on the Ship `ship` of the seat "
                      "resolving, or its effects from that part need no choice");
  p = resolving_nested();
  p.mutable_resolving()->mutable_nested()->set_source(trpb::ResolvingPosition::STEP);
  CHECK(refusal(p) == "resolving.nested.source: REVEAL or FLIP_UP");
  p = resolving_nested();
  p.mutable_resolving()->set_source(trpb::ResolvingPosition::DETACH);
  CHECK(refusal(p) == "resolving.nested: only an ACTION, CASCADE, STEP or OVERRIDE has parts to nest a choice under");
  p = resolving_nested();
  p.mutable_resolving()->set_effect(2);   // Refit has two parts: part 2 is past the last but with a nested choice
  CHECK(refusal(p).empty());
  p.mutable_resolving()->set_effect(3);
  CHECK(refusal(p) == "resolving.effect: the Action has no such part");
}

TEST_CASE("Position: random edits of a nested choice are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 3, trpb::Options(), resolving_nested(), 60, 16) > 0);
}

TEST_CASE("Position: the Play Step's end with the hand-limit discard open, before its window asks") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Jump", "Lay Low", "Deep Scan", "Press Conference", "Press Conference", "Sensor Ghost"};
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  p.mutable_window();
  p.mutable_resolving()->set_source(trpb::ResolvingPosition::DISCARD);
  tr::state g = start(p);
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::discard);
  CHECK(g.pending().back().count == 1);   // 5 Actions: one over the limit (Sensor Ghost is a Complication)
  CHECK(g.open_window() == tr::window::step_end);
  trpb::View other;
  g.view(starport::engine::viewer::of_seat(1), other);
  CHECK(starport::engine::to_json(other, false).find("Lay Low") == std::string::npos);
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Jump")}));
  CHECK(g.seat(0).discard.size == 1);
  CHECK(g.must_act() == seat_bit(0));   // the window asks: seat 0 holds Sensor Ghost
  p.mutable_seats(0)->mutable_hand()->RemoveLast();
  p.mutable_seats(0)->mutable_hand()->RemoveLast();   // 4 Actions: nothing to discard
  CHECK(refusal(p) == "resolving: DISCARD is the Play Step's end (AFTERMATH_STEP, its `window` with nothing on it yet) "
                      "with more than 4 Actions in the Hand (5 with `shady_extra`)");
}

TEST_CASE("Position: the Entropy and Mulligan Steps with one seat's choice made already") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].hand = {"Data Leak"};
  s.seats[1].hand = {"Bad Press"};
  s.seats[1].complication_pile = {"Sensor Ghost", "Lucky Break"};   // Lucky Break went under already
  trpb::Position p = at_step(s, trpb::ENTROPY_STEP);
  p.mutable_seats(1)->set_decided(true);
  tr::state g = start(p);
  CHECK(g.current_step() == step::entropy);
  CHECK(g.must_act() == seat_bit(0));
  trpb::Position m = at_step(s, trpb::MULLIGAN_STEP);
  m.set_round(0);
  m.mutable_seats(0)->set_decided(true);
  g = start(m);
  CHECK(g.must_act() == seat_bit(1));
  p.mutable_seats(0)->set_decided(true);
  CHECK(refusal(p) == "decided: nobody is left to choose (an Entropy choice needs a Complication in the Hand); start at the next step");
  p.mutable_seats(0)->set_decided(false);
  p.mutable_seats(0)->clear_hand();   // seat 0 has no Complication: nobody chooses
  CHECK(refusal(p) == "decided: nobody is left to choose (an Entropy choice needs a Complication in the Hand); start at the next step");
  p = at_step(s, trpb::DESTINY_STEP);
  p.mutable_seats(0)->set_decided(true);
  CHECK(refusal(p) == "decided belongs to ENTROPY_STEP and MULLIGAN_STEP");
}

TEST_CASE("Position: a Ship's memory between Turns - Research after its first Turn, a skipped Play Step") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Survey Telescope"});
  trpb::Position p = at_step(s, trpb::START_STEP, {0, 1});
  CHECK(start(p).seat(0).certainty == 0);   // as before: its first Turn, no Research
  p.mutable_seats(0)->mutable_ships(0)->set_had_turn(true);
  CHECK(start(p).seat(0).certainty == 1);   // nothing gained since its last Turn: Research
  p.mutable_seats(0)->mutable_ships(0)->set_gained(true);
  CHECK(start(p).seat(0).certainty == 0);
  p.mutable_seats(0)->mutable_ships(0)->set_gained(false);
  // Research is a Module's ability: it comes before the System's (Ruling 2), so Whispering
  // Pulsar's Start Certainty does not cancel it (before, the Ship got 1, not 2).
  {
    setup t = s;
    t.seats[0].starting_system = "Whispering Pulsar";
    trpb::Position q = at_step(t, trpb::START_STEP, {0, 1});
    q.mutable_seats(0)->mutable_ships(0)->set_had_turn(true);
    const tr::state pulsar = start(q);
    CHECK(pulsar.seat(0).certainty == 2);
    CHECK(pulsar.seat(0).ships[0].gained);   // and both count for its next Turn
  }
  p.mutable_seats(0)->mutable_ships(0)->set_skip_play(true);
  tr::state g = start(p);
  CHECK(g.active_seat() == 1);   // seat 0 skipped its Play Step: its Turn is over
}

TEST_CASE("Position: Shady's extra discard at the Aftermath Step is the open choice") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Free Port Karst";   // Bustling, Shady
  s.seats[0].hand = {"Jump", "Lay Low"};
  trpb::Position p = at_step(s, trpb::AFTERMATH_STEP, {0, 1});
  p.mutable_resolving()->set_source(trpb::ResolvingPosition::DISCARD);
  tr::state g = start(p);
  REQUIRE(!g.pending().empty());
  CHECK(g.pending().back().kind == tr::task::discard);
  CHECK(g.pending().back().count == 1);
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Lay Low")}));
  CHECK(g.seat(0).discard.size == 1);
  p.mutable_seats(0)->set_reputation(1);   // Shady asks Reputation 0 or less
  CHECK(refusal(p) == "resolving: Shady's extra discard needs the primary Ship in a Shady System with Reputation 0 or less");
  p.mutable_seats(0)->set_reputation(0);
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Deep Scan");
  CHECK(refusal(p) == "resolving: DISCARD without a window is Shady's extra Action at AFTERMATH_STEP (its Actions "
                      "discarded already, an Action in the Hand)");
}
