// Race to the Terminus positions with a choice waiting under the open one (docs/scenarios.md,
// issue 13 §4): the Chaotic offers of a Discovery no ability made (the Backslide's, at the
// Aftermath Step's end), over the "when revealed" ability of the Gig that joined; and two
// Ships' Farsight looks at once in the Start Step. Each is reached by play and posed, and the
// two must look and play alike for every seat and the spectators.
#include <string>

#include "position_mutator.hpp"
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using tr::step;
using source = trpb::ResolvingPosition;

namespace {

// Seat 0's Ship (Proximity 5) lost its Crew: it backslides this Turn onto Proximity 2, where
// the Star Chart has no System; seat 0's System Pile holds Shattered Lanes (Chaotic), seat
// 1's none, so the Discovery places it. `gig` joins the Crew as the Backslide ends.
setup backslide_table(const std::string& gig) {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {};
  s.seats[0].ships[0].proximity = 5;
  s.seats[0].gig_pile = {gig};
  s.seats[0].system_pile = {"Shattered Lanes"};
  s.seats[0].complication_pile = {"Bad Press", "Data Leak"};
  s.seats[1].system_pile = {};
  s.seats[1].complication_pile = {"Sensor Ghost"};
  s.chart = {{5, "Quiet Expanse"}};
  return s;
}

// The same moment posed: the End Step with the offers still to decide.
trpb::Position backslide_offers(const std::string& gig, bool waits) {
  setup s = backslide_table(gig);
  s.seats[0].ships[0].crew = {{gig, false, tr::card(id_of(gig)).morale + 1}};   // Crew Lounge is Social: +1
  s.seats[0].ships[0].proximity = 2;
  s.seats[0].gig_pile = {};
  s.seats[0].system_pile = {};
  s.chart.emplace_back(2, "Shattered Lanes");
  trpb::Position p = at_step(s, trpb::END_STEP, {0, 1});
  p.mutable_resolving()->set_source(source::BACKSLIDE);
  if (waits) p.mutable_resolving()->set_card(gig);
  p.mutable_resolving()->add_chaotic(0);
  p.mutable_resolving()->add_chaotic(1);
  return p;
}

// Plays seat 0's Turn from its Start Step to the Backslide's Discovery.
tr::state backslide_played(const std::string& gig) {
  tr::state g = start(at_step(backslide_table(gig), trpb::START_STEP, {0, 1}));
  run_until(g, [&] { return !g.pending().empty() && g.pending().back().kind == tr::task::chaotic; });
  REQUIRE(g.current_step() == step::end);
  REQUIRE(g.chart(2) != tr::no_card);
  return g;
}

}  // namespace

TEST_CASE("Waiting position: a Backslide's Discovery of a Chaotic System, its offers posed as play leaves them") {
  // Rock Eater has no "when revealed" ability; Eager Cadet's (draw an Action) waits under the offers.
  for (const char* gig : {"Rock Eater", "Eager Cadet"}) {
    CAPTURE(gig);
    const bool waits = std::string(gig) == "Eager Cadet";
    tr::state played = backslide_played(gig);
    tr::state posed = start(backslide_offers(gig, waits));
    CHECK(posed.must_act() == seat_bit(0));
    same_start(posed, played);
    only_seat_sees(posed, 0, {"Bad Press"});   // the top Complication, by its owner only

    // Seat 0 sends Bad Press to the bottom, seat 1 keeps Sensor Ghost; the Gig's ability
    // (if any) resolves, then the End Step and seat 1's Turn.
    for (tr::state* g : {&posed, &played}) play_words(*g, 0, std::to_string(static_cast<int>(tr::kind::choose)) + " 1");
    same_table(posed, played);
    CHECK(prompt_cards(posed, viewer::of_seat(1)) == std::vector<std::string>{"Sensor Ghost"});
    for (tr::state* g : {&posed, &played}) play_words(*g, 1, std::to_string(static_cast<int>(tr::kind::pass)));
    same_table(posed, played);
    CHECK(posed.card_of(posed.seat(0).complications.top()).name == "Data Leak");
    CHECK(posed.card_of(posed.seat(1).complications.top()).name == "Sensor Ghost");
    CHECK(posed.seat(0).hand.size == (waits ? 1 : 0));   // Eager Cadet drew after the offers
    CHECK(posed.active_seat() == 1);
  }
}

TEST_CASE("Waiting position: a Backslide's offers that could not be are refused, naming the field") {
  trpb::Position p = backslide_offers("Eager Cadet", true);
  p.set_step(trpb::AFTERMATH_STEP);
  CHECK(refusal(p) == "resolving: BACKSLIDE is decided in END_STEP (the Aftermath Step is over)");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_resolving()->set_ship(1);
  CHECK(refusal(p) == "resolving.ship: one of the active seat's Ships (0 for CASCADE, WEAPON, DETACH, BUSTLE, REATTACH, DISCARD)");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_seats(0)->mutable_ships(0)->set_backslide(true);   // still in it: the Aftermath Step has not run
  CHECK(refusal(p) == "resolving.ship: BACKSLIDE's Ship is out of its Backslide, at the Proximity of a face-up Chaotic "
                      "System on the Star Chart (its Discovery placed it there)");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_seats(0)->mutable_ships(0)->set_proximity(5);   // not where Shattered Lanes is
  CHECK(refusal(p).starts_with("resolving.ship: BACKSLIDE's Ship is out of its Backslide"));
  p = backslide_offers("Eager Cadet", true);
  p.mutable_star_chart(1)->set_face_down(true);
  CHECK(refusal(p).starts_with("resolving.ship: BACKSLIDE's Ship is out of its Backslide"));
  p = backslide_offers("Eager Cadet", true);
  p.mutable_resolving()->clear_chaotic();
  CHECK(refusal(p) == "resolving.chaotic: a Backslide's Discovery states the seats still to decide its offers");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_resolving()->set_chaotic(1, 0);   // seat 0 twice
  CHECK(refusal(p) == "resolving.chaotic: seats still in, each once, each with a Complication Pile to look at");
  p = backslide_offers("Eager Cadet", true);
  p.set_initiative(1);   // from seat 1: seat 1 decides first
  CHECK(refusal(p) == "resolving.chaotic: the seats decide in Initiative order, from its holder");
  p = backslide_offers("Rock Eater", true);   // no "when revealed" ability to wait
  CHECK(refusal(p) == "resolving.card: BACKSLIDE's card is a face-up Member of Ship `ship` with a \"when revealed\" "
                      "ability (the Gig that joined, its ability waiting under the offers)");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_seats(0)->mutable_ships(0)->mutable_crew(0)->set_face_down(true);
  CHECK(refusal(p).starts_with("resolving.card: BACKSLIDE's card is a face-up Member of Ship `ship`"));
  p = backslide_offers("Eager Cadet", true);
  p.mutable_resolving()->set_picks_left(1);
  CHECK(refusal(p) == "resolving.picks_left, looked, put_back: a Backslide's Discovery leaves only the Chaotic offers (`chaotic`)");
  p = backslide_offers("Eager Cadet", true);
  p.mutable_resolving()->set_effect(1);
  CHECK(refusal(p) == "resolving.effect: WEAPON, DETACH, BUSTLE, REATTACH, DISCARD and BACKSLIDE have no parts");
}

namespace {

// Seat 0's Start Step: the primary Ship has Oracle Engine (Farsight 3), the detached Runabout
// Sulphur Monk (Farsight 1). The Runabout's look took Jump first; the primary Ship's took
// Lay Low, Deep Scan and Plot a Course and is open.
setup two_farsight_table() {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules.push_back({"Oracle Engine"});
  s.seats[0].ships.push_back(ship_setup{{{"Scout Skiff"}}, {{"Sulphur Monk"}}, 0, "Scout Skiff"});
  s.seats[0].action_pile = {"Jump", "Lay Low", "Deep Scan", "Plot a Course", "Press Conference", "Press Conference"};
  return s;
}

trpb::Position two_looks() {
  setup s = two_farsight_table();
  s.seats[0].action_pile = {"Press Conference", "Press Conference"};
  trpb::Position p = at_step(s, trpb::START_STEP, {0, 1});
  trpb::ResolvingPosition* r = p.mutable_resolving();
  r->set_source(source::STEP);
  r->set_card("Oracle Engine");
  for (const char* n : {"Lay Low", "Deep Scan", "Plot a Course"}) r->add_looked(n);
  trpb::WaitingLook* later = r->add_waiting_looks();
  later->set_ship(1);
  later->add_looked("Jump");
  return p;
}

}  // namespace

TEST_CASE("Waiting position: two Ships' Farsight looks at once, the Runabout's under the primary Ship's") {
  tr::state played = start(at_step(two_farsight_table(), trpb::START_STEP, {0, 1}));
  REQUIRE(played.pending().size() == 2);
  tr::state posed = start(two_looks());
  REQUIRE(posed.pending().size() == 2);
  CHECK(posed.pending()[0].ship == 1);
  same_table(posed, played);
  CHECK(prompt_cards(posed, viewer::of_seat(0)) == std::vector<std::string>{"Lay Low", "Deep Scan", "Plot a Course"});
  CHECK(prompt_cards(posed, viewer::of_seat(1)).empty());
  CHECK(prompt_cards(posed, viewer::spectator()).empty());

  // The primary Ship discards Deep Scan and puts the rest back, Plot a Course on top; then the
  // Runabout's look opens on Jump (its owner sees it), and discards it.
  const std::string choose = std::to_string(static_cast<int>(tr::kind::choose));
  for (tr::state* g : {&posed, &played}) {
    play_words(*g, 0, choose + " Deep Scan");
    play_words(*g, 0, std::to_string(static_cast<int>(tr::kind::pass)));
    play_words(*g, 0, choose + " Plot a Course");
  }
  same_table(posed, played);
  CHECK(prompt_cards(posed, viewer::of_seat(0)) == std::vector<std::string>{"Jump"});
  CHECK(prompt_cards(posed, viewer::of_seat(1)).empty());
  for (tr::state* g : {&posed, &played}) play_words(*g, 0, choose + " Jump");
  same_table(posed, played);
  CHECK(posed.pending().empty());
  CHECK(posed.current_step() != step::start);   // the Start Step went on after both looks
}

TEST_CASE("Waiting position: two Farsight looks that could not be are refused, naming the field") {
  trpb::Position p = two_looks();
  p.mutable_resolving()->clear_waiting_looks();   // the Runabout looked first: its look waits
  CHECK(refusal(p) == "resolving.waiting_looks: each later Ship of the active seat with a face-up Farsight card has its "
                      "look waiting under this one, in Ship order (and no other Ship)");
  p = two_looks();
  p.mutable_resolving()->mutable_waiting_looks(0)->set_ship(2);   // no such Ship
  CHECK(refusal(p).starts_with("resolving.waiting_looks: each later Ship"));
  p = two_looks();
  p.mutable_resolving()->add_waiting_looks()->CopyFrom(p.resolving().waiting_looks(0));   // the Runabout twice
  CHECK(refusal(p).starts_with("resolving.waiting_looks: each later Ship"));
  p = two_looks();
  p.mutable_seats(0)->mutable_ships(1)->mutable_crew(0)->set_face_down(true);   // no Farsight there now
  CHECK(refusal(p).starts_with("resolving.waiting_looks: each later Ship"));
  p = two_looks();
  p.mutable_resolving()->mutable_waiting_looks(0)->add_looked("Lay Low");   // Farsight 1 takes one card
  CHECK(refusal(p) == "resolving.waiting_looks.looked: a waiting look holds its Ship's Farsight X cards (4 at most), "
                      "taken before this look took any");
  p = two_looks();
  p.mutable_resolving()->mutable_waiting_looks(0)->set_looked(0, "Sensor Ghost");
  CHECK(refusal(p) == "resolving.waiting_looks.looked: the cards taken are Action cards of the pool");
  p = two_looks();
  p.mutable_resolving()->set_ship(1);   // the Runabout's look is open: nothing waits under it
  p.mutable_resolving()->set_card("Sulphur Monk");
  p.mutable_resolving()->mutable_looked()->RemoveLast();
  p.mutable_resolving()->mutable_looked()->RemoveLast();
  CHECK(refusal(p) == "resolving.waiting_looks: each later Ship of the active seat with a face-up Farsight card has its "
                      "look waiting under this one, in Ship order (and no other Ship)");
  p = backslide_offers("Eager Cadet", true);   // no look open: nothing can wait under it
  p.mutable_resolving()->add_waiting_looks()->CopyFrom(two_looks().resolving().waiting_looks(0));
  CHECK(refusal(p) == "resolving.waiting_looks: only under the Start Step's Farsight look (STEP, a Farsight `card`, `looked`)");
  p = two_looks();
  while (p.seats(0).action_pile_size() < 47) p.mutable_seats(0)->add_action_pile("Press Conference");
  CHECK(refusal(p).empty());   // 56 cards in the zones, 4 taken by the two looks: 60
  p.mutable_seats(0)->add_action_pile("Press Conference");
  CHECK(refusal(p) == "a seat's zones hold at most 60 cards");   // the waiting look's card counts
}

TEST_CASE("Waiting position: random edits of a Backslide's offers and of two Farsight looks are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), backslide_offers("Eager Cadet", true), 60, 27) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), backslide_offers("Rock Eater", false), 60, 28) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), two_looks(), 60, 29) > 0);
}
