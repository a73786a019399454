// Space Race's heuristic bot: scenarios for how it uses its Hand. Hand cards score nothing
// ("Players receive no Development Points for … cards in Hand"), so a card pays only by
// leaving the Hand for the Agency or the Lab. The bot is asked exactly as a client would
// be: its own seat's view and legal actions.
#include "engine/core/playout.hpp"
#include "space_race_table.hpp"

using starport::engine::action;
using starport::engine::viewer;

namespace {

// What the heuristic bot plays for `seat` now, as "<seat> <action> [args]".
std::string bot_plays(const sr::state& s, int seat) {
  std::vector<action> legal;
  s.legal_actions(seat, legal);
  REQUIRE_FALSE(legal.empty());
  srpb::View v;
  s.view(viewer::of_seat(seat), v);
  auto bot = starport::engine::info_of<sr::state>().find_bot("heuristic")->make(1);
  const action a = bot->choose(v, legal);
  std::string text = std::to_string(a.seat) + " " + std::string(sr::state::action_names[a.kind]);
  for (int i = 0; i < a.argc; ++i) text += " " + std::to_string(a.args[i]);
  return text;
}

const std::vector<std::string> five_used = {"propaganda_1", "propaganda_3", "technology_1", "technology_3",
                                            "space_program_3"};
const std::vector<std::string> six_used = {"propaganda_1", "propaganda_3", "technology_1",
                                           "technology_3", "space_program_3", "breakthrough_1"};

}  // namespace

TEST_CASE("Heuristic bot: Hand cards it cannot place, it places by acquiring a build card it can use at once") {
  // Two strong Breakthroughs in Hand, nothing in the Agency to place them. The Technology
  // acquire offers Launch Pad (put a Hand card into your Agency) or Nuclear Reactor (4
  // levels); "Players can use abilities on the cards that they add to their Agencies during
  // the round", so Launch Pad places a Breakthrough this very Stage. (The bot before the
  // Hand rework took the Reactor and ended the Stage with both cards still in Hand.)
  auto s = table({.seats = {{.hand = {"moon_landing", "europa_microbes"}, .used_controls = five_used},
                            {.used_controls = five_used}},
                  .round = 6,
                  .universe = {"launch_pad", "nuclear_reactor"}});
  choose(s, {T6, B6});
  for (int turns = 0; s.current_stage() == 1 && s.must_act() == 1 && turns < 20; ++turns) play(s, bot_plays(s, 0));
  const auto agency = agency_codes(s, 0);
  CHECK(holds(agency, "launch_pad"));
  CHECK((holds(agency, "moon_landing") || holds(agency, "europa_microbes")));
  CHECK(s.seat(0).hand.size == 1);
}

TEST_CASE("Heuristic bot, round 7: Public Outreach sends Hand cards no outlet can place to the Lab, drawing none") {
  // Launch Pad builds only on the Technology stripe, which this last round does not have,
  // so the Hand cards are worth nothing at the end; in the Lab each is a point. (The bot
  // before the Hand rework drew one card and sent one to the Lab.)
  auto s = table({.seats = {{.hand = {"space_shuttle", "communication_satellite", "press_conference"},
                             .agency = {"public_outreach", "launch_pad"},
                             .used_controls = six_used},
                            {.used_controls = six_used}},
                  .round = 7,
                  .universe = {"espionage"}});
  choose(s, {P6, T6});
  play(s, use(0, s, "public_outreach", 0));
  const std::string split = bot_plays(s, 0);
  CHECK(split == "0 split 0");   // the top row (draws) gets 0, the bottom row (to the Lab) 2
  play(s, split);
  play(s, bot_plays(s, 0));
  play(s, bot_plays(s, 0));
  CHECK(s.seat(0).lab.size == 2);
  CHECK(s.seat(0).hand.size == 1);
}

TEST_CASE("Heuristic bot, round 7: no drawing cards that nothing can place before the end") {
  auto s = table({.seats = {{.hand = {"space_shuttle"}, .agency = {"press_conference"}, .used_controls = six_used},
                            {.used_controls = six_used}},
                  .round = 7,
                  .universe = {"espionage"}});
  choose(s, {P6, T6});
  for (int turns = 0; s.current_stage() == 0 && s.must_act() == 1 && turns < 20; ++turns) play(s, bot_plays(s, 0));
  CHECK(holds(agency_codes(s, 0), "espionage"));   // the acquire is still worth taking
  CHECK(s.seat(0).hand.size == 1);                 // Press Conference's draws are not
}

TEST_CASE("Heuristic bot: two heuristic bots end a match with few cards left in Hand") {
  // The figure docs/rules/space_race.md reports: Hand cards left when the match ends.
  const auto& race = starport::engine::info_of<sr::state>();
  auto options = race.new_options();
  const int games = 100;
  int left = 0;
  for (std::uint64_t seed = 1; seed <= games; ++seed) {
    auto m = race.create(2, *options, seed);
    std::vector<std::unique_ptr<starport::engine::bot>> bots;
    for (int s = 0; s < 2; ++s) bots.push_back(race.find_bot("heuristic")->make(seed + s));
    REQUIRE(starport::engine::play_out(*m, bots, 100000, false).finished);
    const auto& g = static_cast<const starport::engine::match_of<sr::state>&>(*m).state();
    left += g.seat(0).hand.size + g.seat(1).hand.size;
  }
  const double mean = double(left) / (2 * games);
  MESSAGE("mean cards left in Hand: " << mean);
  CHECK(mean < 5.5);
}
