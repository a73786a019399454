// Race to the Terminus: two Ships' Backslides ending in one Aftermath Step (issue 13 §4). A
// seat's primary Ship and its detached Runabout, both Uncrewed as the Turn starts, backslide
// onto empty places of the Star Chart; the state check makes both Discoveries, each a
// Chaotic System, and both Gigs' "when revealed" abilities wait. Play reaches it, a position
// states it (`waiting_backslides`), and the two must look and play alike for every seat and
// the spectators.
#include <string>
#include <vector>

#include "position_mutator.hpp"
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;
using tr::step;
using source = trpb::ResolvingPosition;

namespace {

const std::string choose = std::to_string(static_cast<int>(tr::kind::choose));
const std::string pass = std::to_string(static_cast<int>(tr::kind::pass));

// Seat 0's primary Ship (Proximity 5) and its detached Runabout (Proximity 7) have no Crew:
// both backslide this Turn, onto Proximities 2 and 4, where the Star Chart has no System.
// Seat 0's System Pile holds `first` then `second` (seat 1's is empty), so the primary
// Ship's Discovery places `first`, the Runabout's `second`. Eager Cadet joins the primary
// Ship (draw an Action), Diplomat Saar-Venn the Runabout (2 Reputation).
setup two_backslides_table(const std::string& first, const std::string& second) {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {};
  s.seats[0].ships[0].proximity = 5;
  s.seats[0].ships.push_back(ship_setup{{{"Scout Skiff"}}, {}, 7, "Scout Skiff"});
  s.seats[0].gig_pile = {"Eager Cadet", "Diplomat Saar-Venn"};
  s.seats[0].system_pile = {first, second};
  s.seats[0].complication_pile = {"Bad Press", "Data Leak"};
  s.seats[1].system_pile = {};
  s.seats[1].complication_pile = {"Sensor Ghost"};
  s.chart = {{5, "Quiet Expanse"}, {7, "Dyson Shipyards"}};
  return s;
}

tr::state two_backslides_played(const std::string& first, const std::string& second) {
  tr::state g = start(at_step(two_backslides_table(first, second), trpb::START_STEP, {0, 1}));
  run_until(g, [&] { return !g.pending().empty() && g.pending().back().kind == tr::task::chaotic; });
  REQUIRE(g.current_step() == step::end);
  REQUIRE(g.chart(2) != tr::no_card);
  REQUIRE(g.chart(4) != tr::no_card);
  return g;
}

// The same moment posed: the Runabout's offers open, the primary Ship's Discovery (its
// System's ability, if any, then its offers) and both Gigs' abilities under them. Prism Rift
// as the Runabout's System gave every Ship 1 Certainty before its offers.
trpb::Position two_backslides(const std::string& first, const std::string& second) {
  const bool prism_resolved = second == "Prism Rift";
  setup s = two_backslides_table(first, second);
  s.seats[0].ships[0].crew = {{"Eager Cadet", false, tr::card(id_of("Eager Cadet")).morale + 1}};   // Crew Lounge: +1
  s.seats[0].ships[0].proximity = 2;
  s.seats[0].ships[1].crew = {{"Diplomat Saar-Venn", false, tr::card(id_of("Diplomat Saar-Venn")).morale}};
  s.seats[0].ships[1].proximity = 4;
  s.seats[0].gig_pile = {};
  s.seats[0].system_pile = {};
  s.seats[0].certainty = prism_resolved ? 2 : 0;   // two Ships
  s.seats[1].certainty = prism_resolved ? 1 : 0;
  s.chart.emplace_back(2, first);
  s.chart.emplace_back(4, second);
  trpb::Position p = at_step(s, trpb::END_STEP, {0, 1});
  trpb::ResolvingPosition* r = p.mutable_resolving();
  r->set_source(source::BACKSLIDE);
  r->set_ship(1);
  r->set_card("Diplomat Saar-Venn");
  r->add_chaotic(0);
  r->add_chaotic(1);
  trpb::WaitingBackslide* w = r->add_waiting_backslides();
  w->set_ship(0);
  w->set_discovery(true);
  w->set_card("Eager Cadet");
  return p;
}

}  // namespace

TEST_CASE("Backslides position: two Ships' Discoveries of Chaotic Systems in one Aftermath Step, posed as play leaves them") {
  // Prism Rift's "when revealed" (every Ship gains 1 Certainty) waits between the two
  // Discoveries' offers when it is the primary Ship's; as the Runabout's it resolved first.
  for (const bool prism_first : {true, false}) {
    CAPTURE(prism_first);
    const std::string first = prism_first ? "Prism Rift" : "Shattered Lanes";
    const std::string second = prism_first ? "Shattered Lanes" : "Prism Rift";
    tr::state played = two_backslides_played(first, second);
    CHECK(played.seat(0).certainty == (prism_first ? 0 : 2));   // seat 0's two Ships
    CHECK(played.seat(1).certainty == (prism_first ? 0 : 1));
    tr::state posed = start(two_backslides(first, second));
    CHECK(posed.must_act() == seat_bit(0));
    same_start(posed, played);
    only_seat_sees(posed, 0, {"Bad Press"});

    // The Runabout's offers: seat 0 sends Bad Press to the bottom, seat 1 keeps Sensor Ghost.
    for (tr::state* g : {&posed, &played}) play_words(*g, 0, choose + " 1");
    same_table(posed, played);
    for (tr::state* g : {&posed, &played}) play_words(*g, 1, pass);
    same_table(posed, played);
    // The primary Ship's Discovery (Prism Rift's Certainty first): seat 0 now sees Data Leak,
    // its top Complication since Bad Press went to the bottom, and keeps it.
    CHECK(posed.seat(0).certainty == 2);
    CHECK(posed.must_act() == seat_bit(0));
    only_seat_sees(posed, 0, {"Data Leak"});
    for (tr::state* g : {&posed, &played}) play_words(*g, 0, pass);
    same_table(posed, played);
    only_seat_sees(posed, 1, {"Sensor Ghost"});
    for (tr::state* g : {&posed, &played}) play_words(*g, 1, choose + " 1");
    same_table(posed, played);
    // Then the Gigs' abilities, the Runabout's first; the End Step goes on to seat 1's Turn.
    CHECK(posed.card_of(posed.seat(0).complications.top()).name == "Data Leak");
    CHECK(posed.seat(0).hand.size == 1);   // Eager Cadet drew
    CHECK(posed.seat(0).reputation == played.seat(0).reputation);
    CHECK(posed.active_seat() == 1);
  }
}

TEST_CASE("Backslides position: waiting Backslides that could not be are refused, naming the field") {
  const auto base = [] { return two_backslides("Prism Rift", "Shattered Lanes"); };
  trpb::Position p = base();
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_ship(1);   // the open Ship itself
  CHECK(refusal(p) == "resolving.waiting_backslides.ship: the active seat's other Ships, each once, in Ship order");
  p = base();
  p.mutable_resolving()->add_waiting_backslides()->CopyFrom(p.resolving().waiting_backslides(0));   // twice
  CHECK(refusal(p).starts_with("resolving.waiting_backslides.ship: the active seat's other Ships"));
  p = base();
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_ship(2);   // no such Ship
  CHECK(refusal(p).starts_with("resolving.waiting_backslides.ship: the active seat's other Ships"));
  p = base();
  p.mutable_seats(0)->mutable_ships(0)->set_backslide(true);
  CHECK(refusal(p) == "resolving.waiting_backslides.ship: a Ship out of its Backslide (it ended in this Aftermath Step)");
  p = base();
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_discovery(false);
  p.mutable_resolving()->mutable_waiting_backslides(0)->clear_card();
  CHECK(refusal(p) == "resolving.waiting_backslides: a waiting Backslide leaves its Discovery (`discovery`) or its Gig's "
                      "ability (`card`)");
  p = base();
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_card("Diplomat Saar-Venn");   // the Runabout's Gig
  CHECK(refusal(p) == "resolving.waiting_backslides.card: a face-up Member of Ship `ship` with a \"when revealed\" "
                      "ability (the Gig that joined)");
  p = base();   // the primary Ship's offers open: the Runabout's Discovery would be the later one, on top
  p.mutable_resolving()->set_ship(0);
  p.mutable_resolving()->set_card("Eager Cadet");
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_ship(1);
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_card("Diplomat Saar-Venn");
  CHECK(refusal(p) == "resolving.waiting_backslides.discovery: only an earlier Ship's (a lower `ship` than the open "
                      "one's): the Discoveries are made in Ship order, the last one's offers on top");
  p.mutable_resolving()->mutable_waiting_backslides(0)->set_discovery(false);   // its Gig alone may wait
  CHECK(refusal(p).empty());
  p = base();
  p.mutable_star_chart(2)->set_system("Cinder Belt");   // at Proximity 2: nothing to come from it
  CHECK(refusal(p) == "resolving.waiting_backslides.discovery: a face-up System at the Ship's Proximity on the Star "
                      "Chart, Chaotic or with a \"when revealed\" ability");
  p = base();
  p.mutable_seats(0)->mutable_ships(0)->set_proximity(4);   // both at 4: the Runabout found the System placed
  CHECK(refusal(p) == "resolving.waiting_backslides.discovery: one Discovery a Proximity (a later Ship there found the "
                      "System placed)");
  p = base();
  p.mutable_resolving()->set_source(source::REATTACH);   // nothing of a Backslide open
  p.mutable_resolving()->clear_card();
  p.mutable_resolving()->clear_chaotic();
  p.mutable_resolving()->set_ship(0);
  CHECK(refusal(p) == "resolving.waiting_backslides: only under a Backslide's offers (BACKSLIDE)");
}

TEST_CASE("Backslides position: random edits of two Backslides' Discoveries are refused with a reason or play on") {
  const auto& game = starport::engine::info_of<tr::state>();
  CHECK(position_mutator::check(game, 2, trpb::Options(), two_backslides("Prism Rift", "Shattered Lanes"), 60, 31) > 0);
  CHECK(position_mutator::check(game, 2, trpb::Options(), two_backslides("Shattered Lanes", "Prism Rift"), 60, 32) > 0);
}
