// Race to the Terminus: "a Member loses 2 Morale" picks one Member, who loses 2 (the Morale
// amount is how much, not how many Members). Space Madness, Poach Talent, and every card of
// the pool whose Morale effect picks: the prompt, the log line and the position's picks_left.
#include <string>

#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::viewer;
using tr::step;
using source = trpb::ResolvingPosition;

namespace {

// A seat with three face-up Members at Morale 5, out of a Comfortable System (the Turn may end
// after the pick: nobody gains Morale there).
seat_setup three_at_five() {
  seat_setup s = crewed_seat();
  s.ships = {ship_setup{{{hull}}, {{hand_crew, false, 5}, {"Rock Eater", false, 5}, {"Veteran Navigator", false, 5}}}};
  s.starting_system = "Whispering Pulsar";
  return s;
}

std::string prompt_text(const tr::state& g, viewer who) {
  trpb::View v;
  g.view(who, v);
  return v.prompt().text();
}

// After one Member was picked: that one lost `lost`, the others kept 5, nothing more to pick.
void one_member_lost(const tr::state& g, int s, tr::copy_id picked, int lost) {
  int changed = 0;
  for (const tr::member& m : g.seat(s).ships[0].crew_list()) {
    if (m.card == picked) CHECK(m.morale == 5 - lost);
    else CHECK(m.morale == 5);
    changed += m.morale != 5;
  }
  CHECK(changed == 1);
  CHECK((g.pending().empty() || g.pending().back().kind != tr::task::pick_card));
}

}  // namespace

TEST_CASE("Space Madness: one Member of the target's Crew loses 2 Morale, one pick, the prompt and log say so") {
  seat_setup target = three_at_five();
  seat_setup player = crewed_seat();
  player.hand = {"Space Madness"};
  player.complication_pile = {"Lucky Break", "Bad Press"};
  setup s{{target, player}};
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  REQUIRE(g.priority() == 1);
  play(g, act(1, tr::kind::play, {in_hand(g, 1, "Space Madness"), 0, 0, 0}));
  pass_windows(g);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::pick_card);
  CHECK(g.pending().back().count == 1);
  const std::string asked = prompt_text(g, viewer::of_seat(1));
  CHECK(asked.find("a Member of target opponent's Crew loses 2 Morale") != std::string::npos);
  CHECK(asked.find("(1 more)") != std::string::npos);

  const tr::copy_id navigator = g.seat(0).ships[0].crew[2].card;
  const action pick = act(1, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(navigator))});
  CHECK(filled(g.describe(pick)) == "{seat:1} chooses Veteran Navigator for Space Madness: it loses 2 Morale.");
  play(g, pick);
  one_member_lost(g, 0, navigator, 2);
}

TEST_CASE("Poach Talent: one Member of the target's Crew loses 2 Morale, then 1 Intel is expended") {
  seat_setup player = crewed_seat();
  player.hand = {"Poach Talent"};
  player.intel = {0, 1};
  seat_setup target = three_at_five();
  setup s{{player, target}};
  tr::state g = table(s);
  REQUIRE(g.current_step() == step::play);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Poach Talent"), 0, 1, 0}));
  pass_windows(g);
  REQUIRE(!g.pending().empty());
  REQUIRE(g.pending().back().kind == tr::task::pick_card);
  CHECK(g.pending().back().count == 1);
  CHECK(prompt_text(g, viewer::of_seat(0)).find("loses 2 Morale") != std::string::npos);

  const tr::copy_id dweller = g.seat(1).ships[0].crew[0].card;
  play(g, act(0, tr::kind::choose, {static_cast<std::int32_t>(tr::wire_id(dweller))}));
  one_member_lost(g, 1, dweller, 2);
  CHECK(g.seat(0).intel[1] == 0);
}

TEST_CASE("Every Morale effect of the pool that picks picks one Member, whatever its amount") {
  int picking = 0;
  for (const tr::card_def& c : tr::all_cards())
    for (const tr::effect& e : c.effects) {
      if (e.kind != tr::op::morale || (e.flags & tr::flag_each) || e.who == tr::target::this_card) continue;
      ++picking;
      CHECK_MESSAGE(tr::picks(e) == 1, c.name);
    }
  CHECK(picking >= 2);
  // The other card primitives pick as many cards as their amount says (one when it says none).
  tr::effect repairs{};
  repairs.kind = tr::op::enable_module;
  repairs.who = tr::target::you;
  repairs.amount = 2;
  CHECK(tr::picks(repairs) == 2);
  repairs.amount = 0;
  CHECK(tr::picks(repairs) == 1);
}

TEST_CASE("Partial position: Poach Talent's Morale pick is one Member, so no pick of it is ever partly made") {
  seat_setup player = crewed_seat();
  player.intel = {0, 1};
  seat_setup target = three_at_five();
  setup s{{player, target}};
  s.step = trpb::ENTROPY_STEP;
  trpb::Position p = position_of(s);
  p.set_step(trpb::PLAY_STEP);
  p.add_turn_order(0);
  p.add_turn_order(1);
  p.mutable_seats(0)->mutable_ships(0)->add_actions("Poach Talent");
  p.mutable_resolving()->set_targets(true);
  p.mutable_resolving()->set_target_seat(1);
  CHECK(tr::state::validate(2, trpb::Options(), p));   // the pick itself is open, as play leaves it
  p.mutable_resolving()->set_picks_left(1);
  auto v = tr::state::validate(2, trpb::Options(), p);
  REQUIRE_FALSE(v);
  INFO(std::string(v.detail));
  CHECK(std::string(v.detail).starts_with("resolving.picks_left: part `effect` picks 2 or more cards one at a time"));
}
