// Quasar Search rule scenarios on hand-made content (quasar_search_table.hpp): each test names
// the almanac entry (or decision, docs/rules/quasar_search.md) it checks.
#include "tests/engine/quasar_search_table.hpp"

using namespace qs_test;

namespace {

// Two seats at PRE_RESOLUTION of `challenge`, confronting with `a` and `b` (Alpha Rank 3 leads).
std::string pre_resolution(std::string_view challenge, std::string_view a, std::string_view b,
                           std::string_view extra0 = "", std::string_view extra1 = "",
                           std::string_view top = "") {
  std::string s = R"({"step": "PRE_RESOLUTION", "challenge": ")" + std::string(challenge) + R"(", )" +
                  std::string(top) + R"("seats": [)";
  s += R"({"faction": "Alpha", "rank": 3, "confronting": ")" + std::string(a) + R"(", "deck": ["One", "Two", "Three"])";
  if (!extra0.empty()) s += ", " + std::string(extra0);
  s += R"(}, {"faction": "Beta", "rank": 2, "confronting": ")" + std::string(b) + R"(", "deck": ["Four", "Five", "Six"])";
  if (!extra1.empty()) s += ", " + std::string(extra1);
  return s + "}]}";
}

int glory_of(const state& g, int s) { return g.seat(s).glory; }

}  // namespace

TEST_CASE("quasar_search content: the test set holds together") {
  CHECK(validate_content(test_content()) == "");
  // And a broken one says why.
  effect bad = res(op::shift, 2);
  CHECK(validate_effect(bad) != "");
  CHECK(validate_effect(constant(op::draw, 1)) != "");
  CHECK(validate_effect(trig(phase::pre_resolution, cost::spend_glory, 0, op::shift, 2)) != "");
}

TEST_CASE("quasar_search Target: All-Out, Nobody Left Behind, Thread the Needle, Stand Together (the almanac's examples)") {
  auto three = [](std::string_view challenge, std::string_view a, std::string_view b, std::string_view c) {
    std::string s = R"({"step": "PRE_RESOLUTION", "challenge": ")" + std::string(challenge) + R"(", "seats": [)";
    s += R"({"faction": "Alpha", "rank": 5, "confronting": ")" + std::string(a) + R"("}, )";
    s += R"({"faction": "Alpha", "rank": 3, "confronting": ")" + std::string(b) + R"("}, )";
    s += R"({"faction": "Beta", "rank": 2, "confronting": ")" + std::string(c) + R"("}]})";
    return game(3, s);
  };
  CHECK(three("Push", "Two", "Four", "Seven").successes() == 1);        // 13 >= 13
  CHECK(three("Push", "Two", "Four", "Six").successes() == 0);          // 12 < 13
  CHECK(three("Hold", "Three", "Three", "Eight").successes() == 1);     // lowest 3 >= 3
  CHECK(three("Hold", "Two", "Three", "Eight").successes() == 0);
  CHECK(three("Needle", "One", "Three", "Eight").successes() == 1);     // exactly 12
  CHECK(three("Needle", "One", "Three", "Nine").successes() == 0);
  CHECK(three("Together", "Four", "Four", "Four").successes() == 1);
  CHECK(three("Together", "Six", "Six", "Seven").successes() == 0);
}

TEST_CASE("quasar_search Target: our own — Spearhead, All Different, Low Profile, Split Decision") {
  CHECK(game(2, pre_resolution("Spear", "Eight", "One")).successes() == 1);
  CHECK(game(2, pre_resolution("Spear", "Seven", "Six")).successes() == 0);
  CHECK(game(2, pre_resolution("Diverse", "Seven", "Six")).successes() == 1);
  CHECK(game(2, pre_resolution("Diverse", "Six", "Six")).successes() == 0);
  CHECK(game(2, pre_resolution("Quiet", "Two", "Four")).successes() == 1);
  CHECK(game(2, pre_resolution("Quiet", "Two", "Five")).successes() == 0);
  CHECK(game(2, pre_resolution("Quiet", "Minus Nine", "Ten")).successes() == 1);   // negative values count
  CHECK(game(2, pre_resolution("Odds", "One", "Three")).successes() == 1);
  CHECK(game(2, pre_resolution("Odds", "One", "Two")).successes() == 0);
}

TEST_CASE("quasar_search Lost in Space: never equal, always the lowest, never the highest, adds nothing") {
  CHECK(game(2, pre_resolution("Together", "Lost in Space", "Lost in Space")).successes() == 0);
  CHECK(game(2, pre_resolution("Diverse", "Lost in Space", "Lost in Space")).successes() == 1);
  CHECK(game(2, pre_resolution("Hold", "Lost in Space", "Ten")).successes() == 0);
  CHECK(game(2, pre_resolution("Spear", "Lost in Space", "Eight")).successes() == 1);
  CHECK(game(2, pre_resolution("Needle", "Lost in Space", "Ten")).successes() == 0);   // 10, not 12
  CHECK(game(2, pre_resolution("Odds", "Lost in Space", "One")).successes() == 0);     // no value is not odd
  // Never the highest: the Boon for the highest value goes to the other seat.
  state g = game(2, pre_resolution("Blessing", "Lost in Space", "One"));
  REQUIRE(!g.frames().empty());
  CHECK(g.frames().back().kind == task::boon);
  CHECK(g.frames().back().seat == 1);
}

TEST_CASE("quasar_search Lost in Space: a seat with no valid card confronts with a new one") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": [], "deck": ["Nine"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten"]}]})");
  CHECK(g.must_act() == engine::seat_bit(1));   // seat 0 has nothing to choose
  play(g, act(1, kind::confront, {card_id(g, 1, "Ten")}));
  CHECK(g.failures() == 1);                     // 10 < 13: Lost in Space adds nothing
  CHECK(g.seat(0).discard.size == 0);           // back in the box, not in a Discard Zone
}

TEST_CASE("quasar_search Shift: cumulative, bounded at ±10, once per Trigger each phase") {
  state g = game(2, pre_resolution("Needle", "Free Shifter", "Five", R"("shift": 4, "lessons": ["Shifter"], "glory": 1)",
                                   "", R"("morale": 5, )"));
  // Free Shifter 5 + 4 = 9. Seat 0 (Team Leader) has two Triggers.
  REQUIRE(g.frames().back().kind == task::triggers);
  const std::int32_t free_shifter = card_id(g, 0, "Free Shifter");
  const std::int32_t shifter = card_id(g, 0, "Shifter");
  play(g, act(0, kind::trigger, {free_shifter, 0}));
  CHECK_FALSE(g.check(act(0, kind::shift, {2})));   // 11 is past the bound
  CHECK(listed(g, act(0, kind::shift, {1})));
  CHECK(listed(g, act(0, kind::shift, {-2})));
  play(g, act(0, kind::shift, {1}));
  int v = 0;
  REQUIRE(g.current_value(0, v));
  CHECK(v == 10);
  CHECK_FALSE(listed(g, act(0, kind::trigger, {free_shifter, 0})));   // once per phase
  // The log quotes the card's words, without its phase marker or "You may".
  const std::string said = filled(g, g.describe(act(0, kind::trigger, {shifter, 0})));
  CAPTURE(said);
  CHECK(said.starts_with("{seat:0} triggers Shifter: \"Spend 1 Glory: You Shift"));
  CHECK(said.find("PRE-RESOLUTION") == std::string::npos);
  CHECK(said.find("You may") == std::string::npos);
  play(g, act(0, kind::trigger, {shifter, 0}));
  CHECK(g.seat(0).glory == 0);                                       // the cost, paid first
  CHECK_FALSE(listed(g, act(0, kind::shift, {1})));
  CHECK(listed(g, act(0, kind::shift, {0})));
  play(g, act(0, kind::shift, {-3}));
  // No Trigger left: Resolution. 5 + 4 + 1 - 3 = 7, and 7 + 5 threads the Needle (12).
  CHECK(g.successes() == 1);
  CHECK(g.seat(0).shift == 0);   // a Shift ends after Resolution
}

TEST_CASE("quasar_search Shift: from the value as it stands, so a boost past 10 is lost, not kept for later") {
  // Free Shifter 5, Shifted 5 already, and Booster Rig's +1: 11, which is 10 (the maximum).
  state g = game(2, pre_resolution("Needle", "Free Shifter", "Four", R"("shift": 5, "projects": ["Booster Rig"])"));
  REQUIRE(g.frames().back().kind == task::triggers);
  int v = 0;
  REQUIRE(g.current_value(0, v));
  CHECK(v == 10);
  play(g, act(0, kind::trigger, {card_id(g, 0, "Free Shifter"), 0}));
  CHECK_FALSE(listed(g, act(0, kind::shift, {1})));   // past the maximum: no effect, not offered
  CHECK(listed(g, act(0, kind::shift, {-2})));
  play(g, act(0, kind::shift, {-2}));
  // 10 - 2 = 8 (not 9: the boost beyond 10 does not come back), and 8 + 4 threads the Needle.
  CHECK(g.successes() == 1);
}

TEST_CASE("quasar_search Triggered effects: a paid Shift is not offered when there is no value to Shift") {
  // Almanac: once the Trigger is paid its action must be performed; Lost in Space has no value.
  state g = game(2, pre_resolution("Needle", "Lost in Space", "Five", R"("lessons": ["Shifter"], "glory": 1)"));
  CHECK_FALSE(listed(g, act(0, kind::trigger, {card_id(g, 0, "Shifter"), 0})));
  CHECK(g.seat(0).glory == 1);   // nothing was paid for nothing (before: 1 Glory for no Shift)
  state h = game(2, pre_resolution("Needle", "Two", "Five", R"("lessons": ["Shifter"], "glory": 1)"));
  CHECK(listed(h, act(0, kind::trigger, {card_id(h, 0, "Shifter"), 0})));   // with a value, it is
}

TEST_CASE("quasar_search Triggered effects: optional, and only when the cost can be paid in full") {
  state g = game(2, pre_resolution("Push", "Shifter", "Ten"));   // no Glory
  // Nobody had a Trigger to perform: the Challenge resolved by itself.
  CHECK(g.successes() == 1);   // 4 + 10 >= 13
  // Judged and cleaned up within that one step: the view keeps what decided it, or no
  // table could show the team its Challenge's verdict.
  pb::View v;
  g.view(engine::viewer::spectator(), v);
  REQUIRE(v.has_last_judged());
  CHECK(v.last_judged().name() == "Push");
  CHECK(v.last_judged().target_text() == "All-Out 13");
  CHECK(v.last_judged().success());
  REQUIRE(v.last_judged().cards_size() == 2);
  CHECK(v.last_judged().cards(0).name() == "Shifter");
  CHECK(v.last_judged().cards(0).value() == 4);
  CHECK(v.last_judged().cards(1).value() == 10);
  state h = game(2, pre_resolution("Push", "Shifter", "Ten", R"("glory": 1)"));
  REQUIRE(h.frames().back().kind == task::triggers);
  CHECK(filled(h, h.describe(act(0, kind::pass))) == "{seat:0} triggers nothing more.");
  play(h, act(0, kind::pass));   // declined: nothing paid, nothing Shifted
  CHECK(h.seat(0).glory == 1);
  CHECK(h.successes() == 1);
}

TEST_CASE("quasar_search Confrontation: picks are secret until every seat has chosen, then revealed together") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Nine", "Two"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten", "One"]}]})");
  CHECK(g.must_act() == 3);   // both at once
  const action nine = act(0, kind::confront, {card_id(g, 0, "Nine")});
  const action two = act(0, kind::confront, {card_id(g, 0, "Two")});
  CHECK(filled(g, g.describe(nine)) == filled(g, g.describe(two)));
  play(g, nine);
  pb::View other;
  g.view(engine::viewer::of_seat(1), other);
  REQUIRE(other.confrontation_size() == 2);
  CHECK(other.confrontation(0).committed());
  CHECK_FALSE(other.confrontation(0).has_card());
  CHECK(other.seats(0).hand_count() == 2);       // the pick has not left the Hand in public
  pb::View own;
  g.view(engine::viewer::of_seat(0), own);
  CHECK(own.confrontation(0).card().name() == "Nine");
  CHECK(g.must_act() == engine::seat_bit(1));
  play(g, act(1, kind::confront, {card_id(g, 1, "Ten")}));
  CHECK(filled(g, g.describe_effects()).find("{seat:0} confronts with Nine") != std::string::npos);
  CHECK(g.successes() == 1);
}

TEST_CASE("quasar_search Overcommit: to the Personal Zone, the next confrontation is the Deck's top, discarded after") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "challengeDeck": ["Hold"], "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Burner", "One"], "deck": ["Seven", "Two"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten", "Nine"]}]})");
  confront(g, "Burner", "Ten");
  CHECK(g.successes() == 1);
  REQUIRE(g.seat(0).overcommit.size == 1);
  CHECK(name_of(g, g.seat(0).overcommit.cards[0]) == "Burner");
  // Hold: seat 0 confronts with the top of its Deck, without a choice.
  CHECK(g.challenge() == find_challenge(test_content(), "Hold"));
  CHECK(g.must_act() == engine::seat_bit(1));
  // It is placed face up (almanac "Overcommit"): seat 1 sees it while still choosing.
  for (const engine::viewer who : {engine::viewer::of_seat(1), engine::viewer::spectator()}) {
    pb::View v;
    g.view(who, v);
    REQUIRE(v.confrontation_size() >= 1);
    CHECK(v.confrontation(0).seat() == 0);
    CHECK(v.confrontation(0).card().name() == "Seven");
    CHECK(v.confrontation(0).forced());
  }
  play(g, act(1, kind::confront, {card_id(g, 1, "Nine")}));
  // The log says why seat 0 had no pick; a picked card's line says nothing more.
  const std::string words = filled(g, g.describe_effects());
  CHECK(words.find("{seat:0} confronts with Seven, the top card of their Deck (Overcommit).") != std::string::npos);
  CHECK(words.find("{seat:1} confronts with Nine.") != std::string::npos);
  CHECK(g.successes() == 2);   // Seven and Nine, both >= 3
  CHECK(g.seat(0).overcommit.size == 0);
  CHECK(names(g, g.seat(0).discard.items()) == std::vector<std::string>{"Burner", "Seven"});
  CHECK(names(g, g.seat(0).hand.items()) == std::vector<std::string>{"One"});
}

TEST_CASE("quasar_search Overcommit on a Lesson: in play, so the next confrontation is the Deck's top, and Cleanup discards it") {
  // Almanac "Overcommit": both effects are active while the card is in play, and a Lesson is
  // in play in the Personal Zone. (Rules version 5; before, a Lesson's Overcommit did nothing.)
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "challengeDeck": ["Hold"], "seats": [
    {"faction": "Alpha", "rank": 3, "lessons": ["Burner", "Shifter"], "hand": ["One"], "deck": ["Seven", "Two"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten", "Nine"]}]})");
  // Seat 0 has no pick: the Deck's top went in face up.
  CHECK(g.must_act() == engine::seat_bit(1));
  pb::View v;
  g.view(engine::viewer::of_seat(1), v);
  REQUIRE(v.confrontation_size() >= 1);
  CHECK(v.confrontation(0).card().name() == "Seven");
  CHECK(v.confrontation(0).forced());
  play(g, act(1, kind::confront, {card_id(g, 1, "Ten")}));
  CHECK(filled(g, g.describe_effects()).find("{seat:0} confronts with Seven, the top card of their Deck (Overcommit).") !=
        std::string::npos);
  // Cleanup: "if this card is in your Personal Zone discard it"; the other Lesson stays.
  CHECK(g.challenge() == find_challenge(test_content(), "Hold"));
  CHECK(names(g, g.seat(0).lessons.items()) == std::vector<std::string>{"Shifter"});
  CHECK(names(g, g.seat(0).discard.items()) == std::vector<std::string>{"Burner", "Seven"});
  // Free again: seat 0 picks from its Hand.
  CHECK(g.must_act() == (engine::seat_bit(0) | engine::seat_bit(1)));
}

TEST_CASE("quasar_search Adrenaline: on a success, Pre-Cleanup, Draw X") {
  state g = game(2, pre_resolution("Push", "Rusher", "Ten"));
  CHECK(g.successes() == 1);
  CHECK(g.seat(0).hand.size == 2);
  state h = game(2, pre_resolution("Push", "Rusher", "Nine"));
  CHECK(h.failures() == 1);
  CHECK(h.seat(0).hand.size == 0);
  // A Lesson is in play, so its Adrenaline draws too (Ten + Four = 14 succeeds).
  state lesson = game(2, pre_resolution("Push", "Ten", "Four", R"("lessons": ["Rusher"])"));
  CHECK(lesson.successes() == 1);
  CHECK(lesson.seat(0).hand.size == 2);
}

TEST_CASE("quasar_search Required effects: when their order matters the Team Leader orders them") {
  const char* pos = R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "rank": 3, "projects": ["Drill Rig"], "hand": ["Nine"]},
    {"faction": "Beta", "rank": 2, "projects": ["Spender Rig"], "hand": ["Ten"]}]})";
  state g = game(2, pos);
  REQUIRE(g.frames().back().kind == task::order);
  CHECK(g.must_act() == engine::seat_bit(0));   // Alpha's Rank 3 leads
  CHECK(g.pending_effects().size() == 2);
  // Consume first, then produce: 1 Energy left.
  int consume = g.pending_effects()[0].e.what == op::consume_energy ? 0 : 1;
  play(g, act(0, kind::order, {consume}));
  CHECK(g.energy() == 1);
  state h = game(2, pos);
  play(h, act(0, kind::order, {1 - consume}));
  CHECK(h.energy() == 0);   // produced, then consumed
  CHECK(h.current_step() == phase::confrontation);
}

TEST_CASE("quasar_search Required effects: each player's own Draw and Crew Damage are not ordered, the same player's are") {
  auto at_start = [](const char* alpha_projects, const char* beta_projects) {
    std::string pos = R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
      {"faction": "Alpha", "rank": 3, "projects": [A], "hand": ["Nine"], "deck": ["One", "Two"]},
      {"faction": "Beta", "rank": 2, "projects": [B], "hand": ["Ten"], "deck": ["Three", "Four"]}]})";
    pos.replace(pos.find("[A]"), 3, std::string("[") + alpha_projects + "]");
    pos.replace(pos.find("[B]"), 3, std::string("[") + beta_projects + "]");
    return game(2, pos);
  };
  // Alpha draws, Beta takes Crew Damage, and both produce Energy: no order can differ.
  state apart = at_start(R"("Study Rig", "Drill Rig")", R"("Scrap Rig")");
  CHECK(apart.current_step() == phase::confrontation);
  CHECK(apart.seat(0).hand.size == 2);      // Nine, and a card drawn
  CHECK(apart.seat(1).discard.size == 1);   // the Deck's top, damaged
  // Alpha's own Draw and Crew Damage: which comes first decides the card drawn.
  state same = at_start(R"("Study Rig", "Scrap Rig")", "");
  REQUIRE(same.frames().back().kind == task::order);
}

TEST_CASE("quasar_search Rank: secret picks, Team Leader by Rank Value then Rankbreaker, each Rank card once") {
  state g = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "hand": ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]},
    {"faction": "Beta", "hand": ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"]}]})");
  REQUIRE(g.frames().back().kind == task::rank);
  CHECK(g.must_act() == 3);
  play(g, act(0, kind::choose_rank, {1}));   // Alpha: 3
  CHECK(filled(g, g.describe(act(1, kind::choose_rank, {0}))) == filled(g, g.describe(act(1, kind::choose_rank, {1}))));
  pb::View v;
  g.view(engine::viewer::of_seat(1), v);
  CHECK(v.seats(0).rank() == 0);   // hidden
  CHECK(v.seats(0).chose());
  play(g, act(1, kind::choose_rank, {1}));   // Beta: 3
  CHECK(g.seat(0).rank == 3);
  CHECK(g.seat(1).rank == 3);
  CHECK(g.team_leader() == 1);               // Rankbreaker 20 beats 10
  CHECK(g.seat(0).ranks_used == 2);
  CHECK(g.morale() == 5);                    // Morale Numbers 3 + 2
}

TEST_CASE("quasar_search Hand Size: Act Setup draws up to it, Constant effects change it") {
  state g = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "deck": ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "One", "Two"]},
    {"faction": "Beta", "deck": ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "One"]}]})");
  CHECK(g.seat(0).hand.size == 10);
  CHECK(g.seat(1).hand.size == 8);   // Beta's Faction card: Hand Size -2
  CHECK(g.seat(0).deck.size == 2);
}

TEST_CASE("quasar_search Draw: from the Warp Zone or the Deck, chosen card by card") {
  state g = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "deck": ["One", "Two", "Three"], "warp": ["Nine"]},
    {"faction": "Beta", "deck": ["Four"]}]})");
  REQUIRE(g.frames().back().kind == task::draw);
  CHECK(g.must_act() == engine::seat_bit(0));
  CHECK(listed(g, act(0, kind::draw_from, {pb::DRAW_DECK, 0})));
  play(g, act(0, kind::draw_from, {pb::DRAW_WARP, card_id(g, 0, "Nine")}));
  // Only the Deck is left: the rest is drawn without asking.
  CHECK(g.seat(0).hand.size == 4);
  CHECK(g.seat(0).warp.size == 0);
  CHECK(g.seat(1).hand.size == 1);   // "take all the cards there are"
}

TEST_CASE("quasar_search Draw: a card drawn by a move is told once in the log, named when its zone is face up") {
  state g = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "projects": ["Salvage Rig"], "deck": ["One", "Two"], "warp": ["Nine"], "discard": ["Three", "Seven"]},
    {"faction": "Beta", "deck": ["Four"]}]})");
  REQUIRE(g.frames().back().kind == task::draw);
  // The log's entry for a move: its words, then what it set off (engine::join_words).
  auto logged = [&g](const action& a) {
    const std::string before = g.describe(a);
    play(g, a);
    return filled(g, engine::join_words(before, g.describe_effects()));
  };
  const std::string warp = logged(act(0, kind::draw_from, {pb::DRAW_WARP, card_id(g, 0, "Nine")}));
  CHECK(warp.starts_with("{seat:0} draws Nine from their Warp Zone."));
  CHECK(warp.find("Nine", warp.find("Nine") + 1) == std::string::npos);
  REQUIRE(listed(g, act(0, kind::draw_from, {pb::DRAW_DISCARD, 0})));
  const std::string discard = logged(act(0, kind::draw_from, {pb::DRAW_DISCARD, 0}));
  CHECK(discard.starts_with("{seat:0} draws Seven from their Discard Zone."));   // its top card
  CHECK(discard.find("Seven", discard.find("Seven") + 1) == std::string::npos);
  CHECK(g.seat(0).discard.size == 1);
  // From the Deck the card stays hidden, and the line is said once as well.
  REQUIRE(listed(g, act(0, kind::draw_from, {pb::DRAW_DECK, 0})));
  const std::string deck = logged(act(0, kind::draw_from, {pb::DRAW_DECK, 0}));
  CHECK(deck.starts_with("{seat:0} draws a card from their Deck."));
  CHECK(deck.find("draws", deck.find("draws") + 1) == std::string::npos);
}

TEST_CASE("quasar_search Draw: with one possible answer it is not asked - the Discard Zone alone, a Warp Zone of one card alone") {
  // The Deck is empty: seat 0 may draw only from its (face-up) Discard Zone, a card at a time.
  state g = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "projects": ["Salvage Rig"], "discard": ["Three", "Seven"]},
    {"faction": "Beta", "deck": ["Four"]}]})");
  CHECK(names(g, g.seat(0).hand.items()) == std::vector<std::string>{"Seven", "Three"});
  CHECK((g.frames().empty() || g.frames().back().seat != 0 || g.frames().back().kind != task::draw));
  // A Warp Zone of one card and nothing else open: that card.
  state h = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "warp": ["Nine"]},
    {"faction": "Beta", "deck": ["Four"]}]})");
  CHECK(names(h, h.seat(0).hand.items()) == std::vector<std::string>{"Nine"});
  CHECK(filled(h, h.describe_effects()).find("{seat:0} draws Nine from their Warp Zone.") != std::string::npos);
  // Two Warp cards are a choice: asked.
  state w = game(2, R"({"step": "ACT_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "warp": ["Nine", "Two"]},
    {"faction": "Beta", "deck": ["Four"]}]})");
  REQUIRE_FALSE(w.frames().empty());
  CHECK(w.frames().back().kind == task::draw);
  CHECK(w.frames().back().seat == 0);
}

TEST_CASE("quasar_search Stockpile: exchange as many as you are able, draw as many back") {
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "rank": 3, "lessons": ["Stockpiler"], "hand": ["One", "Two", "Three"], "deck": ["Four", "Five"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten"]}]})");
  REQUIRE(g.frames().back().kind == task::triggers);
  CHECK(g.current_step() == phase::pre_confrontation);
  play(g, act(0, kind::trigger, {card_id(g, 0, "Stockpiler"), 0}));
  CHECK_FALSE(listed(g, act(0, kind::pass)));   // not optional
  play(g, act(0, kind::pick, {card_id(g, 0, "One")}));
  play(g, act(0, kind::pick, {card_id(g, 0, "Two")}));
  CHECK(names(g, g.seat(0).hand.items()) == std::vector<std::string>{"Three", "Four", "Five"});
  CHECK(g.seat(0).deck.size == 2);
  CHECK(filled(g, g.describe_effects()).find("Stockpiles 2 cards") != std::string::npos);
}

TEST_CASE("quasar_search Warp: up to N cards from the Hand, face up, kept between Acts") {
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "rank": 3, "lessons": ["Warper"], "hand": ["One", "Two", "Three"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten"]}]})");
  play(g, act(0, kind::trigger, {card_id(g, 0, "Warper"), 0}));
  const action one = act(0, kind::pick, {card_id(g, 0, "One")});
  CHECK(filled(g, g.describe(one)) == "{seat:0} Warps One.");
  play(g, one);
  CHECK(filled(g, g.describe(act(0, kind::pass))) == "{seat:0} is done Warping.");
  play(g, act(0, kind::pass));   // "up to"
  pb::View v;
  g.view(engine::viewer::of_seat(1), v);
  REQUIRE(v.seats(0).warp_size() == 1);
  CHECK(v.seats(0).warp(0).name() == "One");
  CHECK(v.seats(0).hand_count() == 2);
}

TEST_CASE("quasar_search Boons: the granted player picks Lesson, Project, Glory, or a declared outcome") {
  // Blessing succeeds (All-Out 0) and grants a Boon to the highest value: Sage's seat.
  const std::string pos = pre_resolution("Blessing", "Sage", "One", R"("hand": ["Drill Rig"], "discard": ["Eight"])");
  state g = game(2, pos);
  REQUIRE(g.frames().back().kind == task::boon);
  std::vector<action> legal;
  g.legal_actions(0, legal);
  REQUIRE(legal.size() == 4);
  CHECK(legal[0].args[0] == boon_lesson);
  CHECK(legal[1].args[0] == boon_project);
  CHECK(legal[2].args[0] == boon_glory);
  CHECK(legal[3].args[0] == declared_boon);   // Sage: "Draw 2" while in play
  state lesson = g, project = g, glory = g, declared_draw = g;
  play(lesson, act(0, kind::boon, {boon_lesson}));
  REQUIRE(lesson.seat(0).lessons.size == 1);
  CHECK(name_of(lesson, lesson.seat(0).lessons.cards[0]) == "Eight");   // the top of the Discard Zone
  play(project, act(0, kind::boon, {boon_project}));
  CHECK(names(project, project.seat(0).projects.items()) == std::vector<std::string>{"Drill Rig"});
  play(glory, act(0, kind::boon, {boon_glory}));
  CHECK(glory_of(glory, 0) == 1);
  play(declared_draw, act(0, kind::boon, {declared_boon}));
  CHECK(declared_draw.seat(0).hand.size == 3);   // Drill Rig and two drawn
}

TEST_CASE("quasar_search Boons: an outcome declared by another player's confronting card is available to all") {
  // Almanac "Boons": a card in an Unowned Zone (the Confrontation Zone) declares its outcome
  // for every player. Blessing grants the highest value (seat 1's Three) a Boon; seat 0
  // confronts with Sage ("Draw 2").
  state g = game(2, pre_resolution("Blessing", "Sage", "Three"));
  REQUIRE(g.frames().back().kind == task::boon);
  REQUIRE(g.frames().back().seat == 1);
  CHECK(listed(g, act(1, kind::boon, {declared_boon})));
  const int hand = g.seat(1).hand.size;
  play(g, act(1, kind::boon, {declared_boon}));
  CHECK(g.seat(1).hand.size == hand + 2);   // seat 1 draws: "you" is the one granted
}

TEST_CASE("quasar_search Projects: a Project in the Personal Zone is in play and may confront") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "projects": ["Booster Rig"], "hand": ["Nine"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  // Booster Rig: Constant +1 to your confronting card.
  confront(g, "Nine", "Three");
  CHECK(g.successes() == 1);   // 9 + 1 + 3 = 13
  state h = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "projects": ["Booster Rig"], "hand": ["Nine"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  CHECK(listed(h, act(0, kind::confront, {card_id(h, 0, "Booster Rig")})));
  confront(h, "Booster Rig", "Three");
  CHECK(h.failures() == 1);   // confronting, it boosts itself: 1 + 1 + 3 < 13
  CHECK(names(h, h.seat(0).discard.items()) == std::vector<std::string>{"Booster Rig"});
}

TEST_CASE("quasar_search Morale words: the failure's own cost is said as such, apart from its Failure box") {
  // After a box's "Lose 1 Morale", a second plain "loses 1 Morale" read as a wrong count.
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "morale": 5, "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  confront(g, "One", "Three");
  REQUIRE(g.failures() == 1);
  const std::string words = filled(g, g.describe_effects());
  CAPTURE(words);
  CHECK(words.find("The failure costs the team 1 Morale (Morale 4).") != std::string::npos);
}

TEST_CASE("quasar_search Morale: a failure costs 1, and at 0 the Act ends on its broken branch") {
  state g = game(2, pre_resolution("Push", "One", "Two", R"("hand": ["Five"])", R"("hand": ["Six"])", R"("morale": 5, "challengeDeck": ["Hold"], )"));
  CHECK(g.morale() == 4);
  CHECK(g.current_step() == phase::confrontation);
  state h = game(2, pre_resolution("Ordeal", "One", "Two", "", "", R"("morale": 3, "challengeDeck": ["Hold"], )"));
  CHECK(h.result().over);   // -2 from the Failure box, -1 for failing: broken
  CHECK(h.ending() == 'C');
  CHECK(h.result().winners == 0);
}

TEST_CASE("quasar_search Demand: the Team Leader pays the Energy or the team loses 1 Morale") {
  state g = game(2, pre_resolution("Tribute", "One", "Two", R"("hand": ["Five"])", R"("hand": ["Six"])", R"("morale": 5, "energy": 3, "challengeDeck": ["Hold"], )"));
  REQUIRE(g.frames().back().kind == task::demand);
  CHECK(g.must_act() == engine::seat_bit(0));
  state pay = g;
  play(pay, act(0, kind::decide, {0}));
  CHECK(pay.energy() == 1);
  CHECK(pay.morale() == 4);   // only the failure's own Morale
  // The log says what is left: two "The team loses 1 Morale." lines in a row told nothing.
  CHECK(filled(pay, pay.describe_effects()).find("The team consumes 2 Energy (Energy 1).") != std::string::npos);
  play(g, act(0, kind::decide, {1}));
  CHECK(g.energy() == 3);
  CHECK(g.morale() == 3);
  // The Demand's Morale, then the failure's own, each in its own words.
  CHECK(filled(g, g.describe_effects()).find("The team loses 1 Morale (Morale 4).\nThe failure costs the team 1 Morale (Morale 3).") !=
        std::string::npos);
  state poor = game(2, pre_resolution("Tribute", "One", "Two", R"("hand": ["Five"])", R"("hand": ["Six"])", R"("morale": 5, "energy": 1, "challengeDeck": ["Hold"], )"));
  CHECK(poor.morale() == 3);   // could not pay: no question asked
}

TEST_CASE("quasar_search Act Resolution, Ship Phase and Act Cleanup: successes choose the next Act") {
  state g = game(2, pre_resolution("Push", "Ten", "Three", R"("hand": ["One"], "projects": ["Drill Rig"], "warp": ["Two"])",
                                   R"("hand": ["Four", "Five"])", R"("successes": 1, )"));
  // 13: the second success of Act 1 goes to Act 2, through the Ship Phase.
  CHECK(g.current_step() == phase::ship);
  REQUIRE(g.frames().back().kind == task::boon);
  CHECK(g.frames().back().seat == 0);   // the Team Leader first
  play(g, act(0, kind::boon, {boon_glory}));
  REQUIRE(g.frames().back().kind == task::warp);
  play(g, act(0, kind::pass));
  play(g, act(1, kind::boon, {boon_glory}));
  play(g, act(1, kind::pick, {card_id(g, 1, "Four")}));
  play(g, act(1, kind::pass));
  // Act Cleanup then Act 2's Setup: Projects to the Discard Zone, the Hand under the Deck,
  // the Warp Zone kept and open to the Act Setup Draw.
  CHECK(g.act().sequence == 2);
  CHECK(g.current_step() == phase::act_setup);
  REQUIRE(g.frames().back().kind == task::draw);
  CHECK(g.frames().back().seat == 0);
  const player& p = g.seat(0);
  CHECK(p.warp.size == 1);
  CHECK(p.projects.size == 0);
  CHECK(names(g, p.discard.items()) == std::vector<std::string>{"Ten", "Drill Rig"});
  CHECK(glory_of(g, 0) == 1);
}

TEST_CASE("quasar_search Sensors: first in, first out, and Challenge Setup takes the first before the deck") {
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "sensors": ["Hold", "Spear"], "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Nine", "Eight", "Seven"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten", "Six", "Five"]}]})");
  CHECK(g.challenge() == find_challenge(test_content(), "Hold"));
  CHECK(g.sensors().size() == 1);
  confront(g, "Nine", "Ten");
  CHECK(g.challenge() == find_challenge(test_content(), "Spear"));
  CHECK(g.challenge_deck().size() == 1);
  confront(g, "Eight", "Six");
  CHECK(g.challenge() == find_challenge(test_content(), "Push"));
}

TEST_CASE("quasar_search Sensors: an Act Start effect moves the Challenge Deck's top into the Sensors Zone") {
  state g = game(2, R"({"step": "ACT_SETUP", "act": 2, "challengeDeck": ["Final", "Final Two"], "seats": [
    {"faction": "Alpha", "deck": ["Nine"]}, {"faction": "Beta", "deck": ["Ten"]}]})");
  play(g, act(0, kind::choose_rank, {0}));
  play(g, act(1, kind::choose_rank, {0}));
  // Act 2 Start: Sensors 1 took Final; Challenge Setup then took it from the Sensors Zone.
  CHECK(g.challenge() == find_challenge(test_content(), "Final"));
  CHECK(g.sensors().empty());
  CHECK(g.challenge_deck().size() == 1);
}

TEST_CASE("quasar_search Goal: an Ending Letter ends the Mission, every seat wins or every seat loses") {
  state g = game(2, R"({"step": "CONFRONTATION", "act": 2, "challenge": "Final", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]}, {"faction": "Beta", "rank": 2, "hand": ["One"]}]})");
  confront(g, "One", "One");
  REQUIRE(g.result().over);
  CHECK(g.ending() == 'A');
  CHECK(g.result().winners == 3);
  pb::View v;
  g.view(engine::viewer::of_seat(1), v);
  CHECK(v.ending_letter() == "A");
  CHECK(v.ending_text() == "You made it.");
  CHECK(v.outcome().winners_size() == 2);
}

TEST_CASE("quasar_search Resign: one seat abandoning the Mission loses it for the team") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]}, {"faction": "Beta", "rank": 2, "hand": ["One"]}]})");
  play(g, act(1, kind::resign));
  CHECK(g.result().over);
  CHECK(g.result().winners == 0);
  CHECK(std::string_view(g.result().reason) == "resigned");
}

TEST_CASE("quasar_search safeguard: the Mission ends on its safeguard letter after the Challenge limit") {
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "challengesPlayed": 5, "seats": [
    {"faction": "Alpha", "rank": 3}, {"faction": "Beta", "rank": 2}]})", R"({"challengeLimit": 5})");
  CHECK(g.result().over);
  CHECK(g.ending() == 'Z');
  CHECK(std::string_view(g.result().reason) == "challenge_limit");
  // The log says why, before the Ending (it named only the Ending).
  CHECK(filled(g, g.describe_effects()).find("5 Challenges played, the Mission's limit: the safeguard ends it.\nEnding Z") != std::string::npos);
}

TEST_CASE("quasar_search safeguard: an Act whose last Challenge reaches the limit still resolves") {
  // The limit stops a Challenge that would be played; with none left the Act's back is read
  // first (a won Mission was told it lost on the safeguard's letter).
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": [], "challengesPlayed": 5, "successes": 3, "seats": [
    {"faction": "Alpha", "rank": 3}, {"faction": "Beta", "rank": 2}]})", R"({"challengeLimit": 5})");
  CHECK(std::string_view(g.result().reason) != "challenge_limit");
  CHECK(g.ending() != 'Z');
}

TEST_CASE("quasar_search input: bad actions are refused with a clear error and change nothing") {
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]}, {"faction": "Beta", "rank": 2, "hand": ["Two"]}]})");
  const state before = g;
  CHECK(g.check(act(5, kind::confront, {1})).code == engine::rule_error::no_such_seat);
  CHECK(g.check(act(0, static_cast<kind>(40))).code == engine::rule_error::unknown_action);
  CHECK(g.check(act(0, kind::shift, {1})).code == engine::rule_error::illegal_action);
  CHECK(g.check(act(0, kind::confront, {card_id(g, 1, "Two")})).code == engine::rule_error::bad_argument);
  CHECK(g.check(act(0, kind::confront, {9999})).code == engine::rule_error::bad_argument);
  CHECK(g == before);
  // Positions that break the rules are refused before anything runs.
  pb::Position p;
  std::string error;
  REQUIRE(engine::from_json(R"({"seats": [{"faction": "Gamma"}, {"faction": "Beta"}]})", p, error));
  CHECK_FALSE(state::validate(test_content(), 2, options(), p));
  REQUIRE(engine::from_json(R"({"step": "PRE_RESOLUTION", "challenge": "Push", "seats": [{"faction": "Alpha", "rank": 3}, {"faction": "Beta", "rank": 2}]})", p, error));
  CHECK_FALSE(state::validate(test_content(), 2, options(), p));
  REQUIRE(engine::from_json(R"({"seats": [{"faction": "Alpha", "hand": ["Lost in Space"]}, {"faction": "Beta"}]})", p, error));
  CHECK_FALSE(state::validate(test_content(), 2, options(), p));
  CHECK_FALSE(state::validate(5, options()));
  CHECK_FALSE(state::validate(2, options(R"({"challengesPerAct": 50})")));
}
