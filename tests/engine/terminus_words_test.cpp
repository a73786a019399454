// Race to the Terminus log words: players by {seat:N}, public cards by name, hidden ones never.
#include "terminus_table.hpp"

using namespace terminus_test;
using starport::engine::seat_bit;

namespace {

// The shared crewed seat with four Actions to draw and two Complications.
seat_setup crewed_seat_for_words() {
  seat_setup s = crewed_seat();
  s.action_pile.resize(4);
  s.complication_pile = {"Lucky Break", "Bad Press"};
  return s;
}

}  // namespace

TEST_CASE("Log words: a played Action is named with its target, the draws that follow are counted, not named") {
  setup s{{crewed_seat_for_words(), crewed_seat_for_words()}};
  s.seats[0].hand = {"Jump"};
  s.seats[0].certainty = 2;
  tr::state g = table(s);
  const action a = act(0, tr::kind::play, {in_hand(g, 0, "Jump"), 0, -1, 0});
  CHECK(filled(g.describe(a)) == "{seat:0} plays Jump.");
  play(g, a);
  const std::string effects = filled(g.describe_effects());
  CHECK(effects.find("{seat:0} is at Proximity 2.") != std::string::npos);
  CHECK(effects.find("Discovery: ") != std::string::npos);
  CHECK(effects.find("{seat:1} draws 1 Action.") != std::string::npos);
  CHECK(effects.find("Press Conference") == std::string::npos);   // the card drawn stays hidden
}

TEST_CASE("Log words: secret choices say who chose, never what") {
  tr::state g(2, trpb::Options(), 5);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() >= 2);
  CHECK(filled(g.describe(legal.front())) == "{seat:0} picks a Module.");
  CHECK(filled(g.describe(legal.back())) == filled(g.describe(legal.front())));
}

TEST_CASE("Log words: a Complication names its card and target, its resolution and the draws follow") {
  setup s{{crewed_seat_for_words(), crewed_seat_for_words()}};
  s.seats[1].hand = {"Bad Press"};
  tr::state g = table(s);
  play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
  const action a = act(1, tr::kind::play, {in_hand(g, 1, "Bad Press"), 0, 0, 0});
  CHECK(filled(g.describe(a)) == "{seat:1} plays Bad Press, targeting {seat:0}'s Ship.");
  play(g, a);
  const std::string effects = filled(g.describe_effects());
  CHECK(effects.find("Bad Press resolves.") != std::string::npos);
  CHECK(effects.find("{seat:0} draws a Complication.") != std::string::npos);
}

TEST_CASE("Log words: what an effect did is said, not only that its card resolved") {
  // Players read "Data Leak resolves." and "Quiet Sabotage resolves." and could not tell
  // whose Hand was seen, who gained Intel or which Module went down.
  auto resolve = [](const char* card) {
    setup s{{crewed_seat_for_words(), crewed_seat_for_words()}};
    s.seats[0].hand = {"Jump"};
    s.seats[1].hand = {card};
    tr::state g = table(s);
    play(g, act(0, tr::kind::play, {in_hand(g, 0, "Press Conference"), 0, -1, 0}));
    play(g, act(1, tr::kind::play, {in_hand(g, 1, card), 0, 0, 0}));
    std::string said = filled(g.describe_effects()) + "\n";
    for (int guard = 0; guard < 64 && g.open_window() != tr::window::none && g.priority() >= 0 && g.pending().empty();
         ++guard) {
      play(g, act(g.priority(), tr::kind::pass));
      said += filled(g.describe_effects()) + "\n";
    }
    return said;
  };
  const std::string leak = resolve("Data Leak");
  CHECK(leak.find("{seat:1} looks at {seat:0}'s Hand.") != std::string::npos);
  CHECK(leak.find("{seat:1} has 1 Intel on {seat:0}.") != std::string::npos);
  CHECK(leak.find("Jump") == std::string::npos);   // the Hand seen stays out of the log
  const std::string sabotage = resolve("Quiet Sabotage");
  CHECK(sabotage.find(std::string(hull) + " of {seat:0} is Disabled.") != std::string::npos);
  const std::string press = resolve("Bad Press");
  CHECK(press.find("{seat:0}'s Reputation is ") != std::string::npos);
}
