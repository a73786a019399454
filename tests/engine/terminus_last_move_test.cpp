// Race to the Terminus: what every viewer is told of the move just made (View.last_move,
// docs/rules/terminus.md "What everyone sees of a move"): its kind, so a detach never reads
// as the play of the same card, and never the name of a card that is face down after it.
#include "terminus_posed.hpp"

using namespace terminus_test;
using starport::engine::viewer;
using tr::step;
using Kind = trpb::LastMove;

namespace {

trpb::LastMove seen_move(const tr::state& g, int v) {
  trpb::View view;
  g.view(v < 0 ? viewer::spectator() : viewer::of_seat(v), view);
  return view.last_move();
}

// The pool name of a card the view names; "" for none or a back.
std::string named(const trpb::Card& c) {
  return c.known() ? std::string(tr::card(static_cast<tr::card_id>(c.index())).name) : std::string();
}

std::int32_t wire(tr::copy_id c) { return static_cast<std::int32_t>(tr::wire_id(c)); }

}  // namespace

TEST_CASE("Terminus last move: a Runabout's detach, its Action and its re-attach are three kinds, not one card") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].modules = {{hull}, {"Scout Skiff"}};
  s.seats[0].ships[0].crew = {{hand_crew}, {"Rock Eater"}};
  s.seats[0].hand = {"Press Conference"};
  tr::state g = table(s);
  REQUIRE(g.pending().back().kind == tr::task::detach);
  const auto skiff = wire(g.seat(0).ships[0].modules[1].card);
  const auto eater = wire(g.seat(0).ships[0].crew[1].card);
  play(g, act(0, tr::kind::detach, {skiff, eater, 0}));
  for (int v : {-1, 0, 1}) {
    const trpb::LastMove m = seen_move(g, v);
    CHECK(m.seat() == 0);
    CHECK(m.kind() == Kind::DETACHED);
    CHECK(named(m.card()) == "Scout Skiff");
    CHECK_FALSE(m.targets());
  }
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  CHECK(seen_move(g, 1).kind() == Kind::PLAYED);
  CHECK(named(seen_move(g, 1).card()) == "Press Conference");
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 1, -1, 0}));
  REQUIRE(g.pending().back().kind == tr::task::reattach);
  play(g, act(0, tr::kind::reattach, {1}));
  CHECK(seen_move(g, 1).kind() == Kind::REATTACHED);
  CHECK(named(seen_move(g, 1).card()) == "Scout Skiff");
}

TEST_CASE("Terminus last move: a Complication played at a Ship names the card and the Ship (PLAYED)") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].hand = {"Bad Press"};
  tr::state g = after_seat0_plays(s);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0}));
  const trpb::LastMove m = seen_move(g, 0);
  CHECK(m.seat() == 1);
  CHECK(m.kind() == Kind::PLAYED);
  CHECK(named(m.card()) == "Bad Press");
  CHECK(m.targets());
  CHECK(m.target_seat() == 0);
  CHECK(m.target_ship() == 0);
}

TEST_CASE("Terminus last move: an Override names its source and the Action discarded (OVERRIDDEN)") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].ships[0].crew = {{"Star Seer"}, {hand_crew}};
  tr::state g = table(s);
  const auto seer = wire(g.seat(0).ships[0].crew[0].card);
  play(g, act(0, tr::kind::override_, {in_hand(g, 0, "Press Conference"), seer}));
  const trpb::LastMove m = seen_move(g, 1);
  CHECK(m.kind() == Kind::OVERRIDDEN);
  CHECK(named(m.source()) == "Star Seer");
  CHECK(named(m.card()) == "Press Conference");
}

TEST_CASE("Terminus last move: an Ambush flip and a Weapon's answer (ACTIVATED, WEAPON)") {
  setup s{{crewed_seat_drawing(), crewed_seat_drawing()}};
  s.seats[1].ships[0].crew = {{hand_crew}, {"Stowaway", true}};
  tr::state g = after_seat0_plays(s);
  // Before the flip the face-down card is a back to seat 0; the move flips it face up.
  play(g, act(1, tr::kind::activate, {wire(g.seat(1).ships[0].crew[1].card), -1, 0}));
  CHECK(seen_move(g, 0).kind() == Kind::ACTIVATED);
  CHECK(named(seen_move(g, 0).card()) == "Stowaway");

  setup w{{crewed_seat_drawing(), crewed_seat_drawing()}};
  w.seats[0].ships[0].modules = {{"Point-Defence Lasers"}, {hull}};
  w.seats[1].hand = {"Bad Press"};
  tr::state h = after_seat0_plays(w);
  play(h, act(1, tr::kind::play, {in_hand(h, 1, "Bad Press"), 0, 0, 0}));
  REQUIRE(h.pending().back().kind == tr::task::weapon);
  const tr::copy_id target = h.seat(1).ships[0].modules[0].card;
  play(h, act(0, tr::kind::choose, {wire(target)}));
  CHECK(seen_move(h, 1).kind() == Kind::WEAPON);
  CHECK(named(seen_move(h, 1).card()) == h.card_of(target).name);
}

TEST_CASE("Terminus last move: a card burned from the hand, an Action discarded (BURNED, DISCARDED)") {
  tr::state g = short_circuit_burning();
  play(g, act(0, tr::kind::choose, {in_hand(g, 0, "Jump")}));
  CHECK(seen_move(g, 1).kind() == Kind::BURNED);
  CHECK(named(seen_move(g, 1).card()) == "Jump");

  // Shady: the extra Action goes to the (face-up) Discard Pile.
  setup t{{crewed_seat(), crewed_seat()}};
  t.seats[0].starting_system = "The Undermarket";
  tr::state h = table(t);
  play(h, act(0, tr::kind::play, {in_hand(h, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(h.pending().back().kind == tr::task::discard);
  play(h, act(0, tr::kind::choose, {in_hand(h, 0, "Press Conference")}));
  CHECK(seen_move(h, 1).kind() == Kind::DISCARDED);
  CHECK(named(seen_move(h, 1).card()) == "Press Conference");

  // Farsight: a card looked at and discarded is public too; putting one back names nothing.
  setup f{{crewed_seat(), crewed_seat()}};
  f.seats[0].ships[0].modules = {{"Oracle Engine"}};
  f.seats[0].action_pile = {"Jump", "Plot a Course", "Press Conference", "Press Conference"};
  tr::state l = table(f);
  REQUIRE(l.pending().back().kind == tr::task::look);
  play(l, act(0, tr::kind::choose, {wire(l.pending().back().looked[0])}));
  CHECK(seen_move(l, 1).kind() == Kind::DISCARDED);
  CHECK(named(seen_move(l, 1).card()) == "Jump");
  play(l, act(0, tr::kind::pass));
  REQUIRE(l.pending().back().kind == tr::task::look_order);
  play(l, act(0, tr::kind::choose, {wire(l.pending().back().looked[0])}));
  CHECK_FALSE(seen_move(l, 1).has_card());
  CHECK(seen_move(l, 1).kind() == Kind::KIND_UNSPECIFIED);   // no last move shown
}

TEST_CASE("Terminus last move: a card chosen for an effect, named only when face up (CHOSE)") {
  tr::state g = hull_breach_picking();
  tr::state up = g;
  play(g, act(1, tr::kind::choose, {-2}));   // the face-down Stealth Plating, by its place
  for (int v : {-1, 0, 1}) {
    const trpb::LastMove m = seen_move(g, v);
    CHECK(m.kind() == Kind::CHOSE);
    CHECK(named(m.source()) == "Hull Breach");
    CHECK_FALSE(m.has_card());
  }
  play(up, act(1, tr::kind::choose, {wire(up.seat(0).ships[0].modules[0].card)}));
  CHECK(seen_move(up, 0).kind() == Kind::CHOSE);
  CHECK(named(seen_move(up, 0).card()) == hull);
}

TEST_CASE("Terminus last move: an effect aimed at a Ship names its source and the Ship (TARGETED)") {
  // Seat 0 played Refit; its first part added Scout Skiff, whose "when revealed" Intel asks
  // which opponent.
  tr::state g = start(resolving_nested());
  REQUIRE(g.pending().back().kind == tr::task::pick_ship);
  play(g, act(0, tr::kind::choose, {2 * 4 + 0}));
  const trpb::LastMove m = seen_move(g, 1);
  CHECK(m.kind() == Kind::TARGETED);
  CHECK(named(m.source()) == "Scout Skiff");
  CHECK(m.targets());
  CHECK(m.target_seat() == 2);
  CHECK(m.target_ship() == 0);
}

TEST_CASE("Terminus last move: a Bustle's Module is named, an Ambush one enters face down and is not (ADDED)") {
  setup s{{crewed_seat(), crewed_seat()}};
  s.seats[0].starting_system = "Dyson Shipyards";
  s.seats[0].upgrade_pile = {"Stealth Plating", "Decoy Beacon", "Cryo Bay", "Repair Drones"};
  tr::state g = table(s);
  REQUIRE(g.pending().back().kind == tr::task::bustle);
  play(g, act(0, tr::kind::bustle, {1}));
  REQUIRE(g.pending().back().kind == tr::task::bustle_pick);
  auto looked = [&](const std::string& name) {
    const tr::frame& f = g.pending().back();
    for (int i = 0; i < f.look_count; ++i)
      if (g.card_of(f.looked[i]).name == name) return wire(f.looked[i]);
    FAIL("not looked at: " << name);
    return 0;
  };
  const action stealth = act(0, tr::kind::choose, {looked("Stealth Plating")});
  const action decoy = act(0, tr::kind::choose, {looked("Decoy Beacon")});
  const action cryo = act(0, tr::kind::choose, {looked("Cryo Bay")});
  // The words for the two Ambush picks are the same and name neither (Ruling 4: never seen).
  CHECK(filled(g.describe(stealth)) == filled(g.describe(decoy)));
  CHECK(filled(g.describe(stealth)).find("Stealth Plating") == std::string::npos);
  CHECK(filled(g.describe(cryo)).find("Cryo Bay") != std::string::npos);

  tr::state a = g, b = g;
  play(a, stealth);
  play(b, decoy);
  REQUIRE_FALSE(a.seat(0).ships[0].modules[1].face_up);
  for (int v : {-1, 1}) {
    const trpb::LastMove m = seen_move(a, v);
    CHECK(m.kind() == Kind::ADDED);
    CHECK_FALSE(m.has_card());
    // Nothing in the other viewers' views tells the two Ambush picks apart.
    CHECK(seen(a, v < 0 ? viewer::spectator() : viewer::of_seat(v)) ==
          seen(b, v < 0 ? viewer::spectator() : viewer::of_seat(v)));
    trpb::View va, vb;
    a.view(v < 0 ? viewer::spectator() : viewer::of_seat(v), va);
    b.view(v < 0 ? viewer::spectator() : viewer::of_seat(v), vb);
    CHECK(va.last_move().SerializeAsString() == vb.last_move().SerializeAsString());
  }
  play(g, cryo);
  CHECK(seen_move(g, 1).kind() == Kind::ADDED);
  CHECK(named(seen_move(g, 1).card()) == "Cryo Bay");
}
