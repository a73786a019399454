// Race to the Terminus bots (issue 15 "Bots"): the heuristic bot beats the random bot, and
// it makes the choices its values promise in posed situations. Bots are asked exactly as a
// client is: their own seat's view and legal actions.
#include <map>

#include "engine/core/playout.hpp"
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::viewer;

namespace {

tr::step step_play() { return tr::step::play; }

struct tally {
  int games = 0, heuristic_wins = 0;
  std::map<std::string, int> reasons_won, reasons_lost;
};

// Heuristic against random, seats alternating so neither holds the first Initiative always.
tally heuristic_against_random(int games, std::uint64_t first_seed) {
  const auto& info = starport::engine::info_of<tr::state>();
  auto options = info.new_options();
  tally t;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    const int heuristic_seat = g % 2;
    auto m = info.create(2, *options, seed);
    std::vector<std::unique_ptr<starport::engine::bot>> bots;
    for (int s = 0; s < 2; ++s) bots.push_back(info.find_bot(s == heuristic_seat ? "heuristic" : "random")->make(seed * 2 + s));
    REQUIRE(starport::engine::play_out(*m, bots, 200000, false).finished);
    const auto o = m->result();
    ++t.games;
    const bool won = starport::engine::has_seat(o.winners, heuristic_seat) && starport::engine::seat_total(o.winners) == 1;
    t.heuristic_wins += won;
    (won ? t.reasons_won : t.reasons_lost)[o.reason]++;
  }
  return t;
}

// A seat in its Play Step with one Module, one Member, a Starting System and `hand`.
seat_setup player(std::vector<std::string> hand, unsigned certainty = 0, unsigned proximity = 0) {
  seat_setup s;
  s.ships = {ship_setup{{{"Crew Lounge"}, {"Point-Defence Lasers"}, {"Grown Hull"}},
                        {{"Vent Dweller"}, {"Rock Eater"}},
                        proximity}};
  s.starting_system = "Sol Relay Station";
  s.action_pile = {"Press Conference", "Press Conference", "Press Conference", "Press Conference"};
  s.system_pile = {"Whispering Pulsar", "Quiet Expanse", "Dyson Shipyards"};
  s.upgrade_pile = {"Survey Telescope"};
  s.gig_pile = {"Field Medic"};
  s.hand = std::move(hand);
  s.certainty = certainty;
  return s;
}

// What the heuristic bot plays for `seat` now, in the log's words. It is asked exactly as a
// client would be: its seat's view and its legal actions.
std::string heuristic_plays(const tr::state& g, int seat) {
  std::vector<action> legal;
  g.legal_actions(seat, legal);
  REQUIRE_FALSE(legal.empty());
  trpb::View v;
  g.view(viewer::of_seat(seat), v);
  auto bot = starport::engine::info_of<tr::state>().find_bot("heuristic")->make(1);
  return filled(g.describe(bot->choose(v, legal)));
}

}  // namespace

TEST_CASE("Terminus bots, the heuristic bot beats the random bot in at least 170 of 200 games") {
  // The seeds are fixed: the figure is the same on every run (1,000 games: docs/rules/terminus_cards.md).
  const tally t = heuristic_against_random(200, 1);
  for (auto& [r, n] : t.reasons_won) MESSAGE("won: " << r << " " << n);
  for (auto& [r, n] : t.reasons_lost) MESSAGE("lost: " << r << " " << n);
  MESSAGE("heuristic won " << t.heuristic_wins << " of " << t.games);
  CHECK(t.heuristic_wins >= 170);
}

TEST_CASE("Terminus bots, the heuristic bot takes the Terminus when an Action reaches it") {
  setup s{{player({"Jump", "Stellar Survey", "Charity Gala"}, 2, 8), player({})}};
  tr::state g = table(s);
  pass_windows(g);
  REQUIRE(g.current_step() == step_play());
  CHECK(heuristic_plays(g, 0).find("plays Jump") != std::string::npos);
}

TEST_CASE("Terminus bots, without a playable jump the heuristic bot builds Certainty") {
  setup s{{player({"Jump", "Stellar Survey", "Lay Low"}, 0), player({})}};
  tr::state g = table(s);
  pass_windows(g);
  REQUIRE(g.current_step() == step_play());
  CHECK(heuristic_plays(g, 0).find("plays Stellar Survey") != std::string::npos);
}

TEST_CASE("Terminus bots, with no Active Module the heuristic bot repairs before it jumps") {
  setup s{{player({"Jump", "Repairs"}, 2), player({})}};
  for (card_at& m : s.seats[0].ships[0].modules) m.face_down = true;
  tr::state g = table(s);
  pass_windows(g);
  REQUIRE(g.current_step() == step_play());
  CHECK(heuristic_plays(g, 0).find("plays Repairs") != std::string::npos);
}

TEST_CASE("Terminus bots, the heuristic bot does not scrap one of its last Modules for Certainty") {
  setup s{{player({"Scrap for Parts", "Plot a Course"}, 0), player({})}};
  tr::state g = table(s);
  pass_windows(g);
  REQUIRE(g.current_step() == step_play());
  CHECK(heuristic_plays(g, 0).find("plays Plot a Course") != std::string::npos);
}
