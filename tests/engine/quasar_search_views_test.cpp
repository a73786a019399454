// Quasar Search views, prompts and log words on hand-made content (quasar_search_table.hpp):
// what each seat may see (docs/rules/quasar_search.md, "What everyone sees").
#include "tests/engine/quasar_search_table.hpp"

using namespace qs_test;

namespace {

const char* two_hands = R"({"step": "CONFRONTATION", "challenge": "Push", "seats": [
  {"faction": "Alpha", "rank": 3, "hand": ["Nine", "Two"], "deck": ["One", "Three"], "discard": ["Four"], "warp": ["Five"]},
  {"faction": "Beta", "rank": 2, "hand": ["Ten", "One"], "deck": ["Six"]}]})";

pb::View view_of(const state& g, engine::viewer who) {
  pb::View v;
  g.view(who, v);
  return v;
}

}  // namespace

TEST_CASE("quasar_search views: a Hand goes to its owner only, teammates and spectators get counts") {
  const state g = game(2, two_hands);
  const pb::View own = view_of(g, engine::viewer::of_seat(0));
  const pb::View mate = view_of(g, engine::viewer::of_seat(1));
  const pb::View spectator = view_of(g, engine::viewer::spectator());
  const pb::View all = view_of(g, engine::viewer::omniscient());
  CHECK(own.seats(0).hand_size() == 2);
  CHECK(mate.seats(0).hand_size() == 0);
  CHECK(mate.seats(0).hand_count() == 2);
  CHECK(spectator.seats(0).hand_size() == 0);
  CHECK(spectator.seats(1).hand_size() == 0);
  CHECK(all.seats(1).hand_size() == 2);
  // Face up for everyone: the Warp Zone, the Discard Zone's top, counts, the Challenge.
  CHECK(mate.seats(0).warp(0).name() == "Five");
  CHECK(mate.seats(0).discard_top().name() == "Four");
  CHECK(mate.seats(0).deck_count() == 2);
  CHECK(spectator.challenge().name() == "Push");
  CHECK(spectator.challenge().target_text() == "All-Out 13");
  CHECK(spectator.legal_actions_size() == 0);
  CHECK(own.legal_actions_size() == 2);
  // The Confrontation prompt asks every seat; its moves go to the picking seat only.
  CHECK(own.prompt().kind() == pb::PROMPT_CONFRONT);
  CHECK(spectator.prompt().kind() == pb::PROMPT_CONFRONT);
  CHECK(spectator.prompt().choices_size() == 0);
}

TEST_CASE("quasar_search views: the Challenge Deck lies face up, so every viewer sees its top card") {
  // Almanac "Act Setup": the stack is placed faceup; "Sensors": they preview more than its top.
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "challengeDeck": ["Needle", "Hold"], "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Nine"], "deck": ["One", "Two", "Three"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten"], "deck": ["Four", "Five", "Six"]}]})");
  for (const engine::viewer who : {engine::viewer::of_seat(0), engine::viewer::of_seat(1), engine::viewer::spectator()}) {
    const pb::View v = view_of(g, who);
    CHECK(v.challenge_deck() == 2);
    CHECK(v.challenge_deck_top().name() == "Needle");
  }
  // At the next Challenge Setup the top it showed comes into play, and the next one shows.
  const state h = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Needle", "Hold"], "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Nine"]}, {"faction": "Beta", "rank": 2, "hand": ["Ten"]}]})");
  const pb::View next = view_of(h, engine::viewer::of_seat(1));
  CHECK(next.challenge().name() == "Needle");
  CHECK(next.challenge_deck_top().name() == "Hold");
  // The same id in both places, so the update that moves it there says so by reference.
  CHECK(next.challenge().id() == static_cast<std::uint32_t>(find_challenge(test_content(), "Needle")) + 1);
  CHECK(view_of(g, engine::viewer::spectator()).challenge_deck_top().id() == next.challenge().id());
}

TEST_CASE("quasar_search views: a choice is not sent when its action names a card the view shows") {
  const state g = game(2, two_hands);
  const pb::View own = view_of(g, engine::viewer::of_seat(0));
  // Each CONFRONT names a Hand card by id: the page and the bots word the move from that card,
  // so a choice (its card, its name) would repeat the Hand.
  CHECK(own.prompt().choices_size() == 0);
  std::vector<std::uint32_t> hand;
  for (const pb::PlayerCard& c : own.seats(0).hand()) hand.push_back(c.id());
  REQUIRE(own.legal_actions_size() == 2);
  for (const auto& a : own.legal_actions())
    CHECK(std::find(hand.begin(), hand.end(), static_cast<std::uint32_t>(a.args(0))) != hand.end());
}

TEST_CASE("quasar_search views: a card id follows one copy from the Hand to the Confrontation and the Discard Zone") {
  state g = game(2, two_hands);
  const std::int32_t nine = card_id(g, 0, "Nine");
  confront(g, "Nine", "Ten");
  const pb::View v = view_of(g, engine::viewer::of_seat(1));
  CHECK(static_cast<std::int32_t>(v.seats(0).discard_top().id()) == nine);
  CHECK(v.seats(0).discard_top().name() == "Nine");
}

TEST_CASE("quasar_search words: the log names a card only once it is public") {
  state g = game(2, two_hands);
  CHECK(filled(g, g.describe(act(0, kind::confront, {card_id(g, 0, "Nine")}))) == "{seat:0} chooses a card to confront with.");
  confront(g, "Two", "One");
  const std::string words = filled(g, g.describe_effects());
  CHECK(words.find("{seat:0} confronts with Two.") != std::string::npos);
  CHECK(words.find("{seat:1} confronts with One.") != std::string::npos);
  CHECK(words.find("Failure.") != std::string::npos);
  CHECK(words.find("Nine") == std::string::npos);
  CHECK(words.find("Ten") == std::string::npos);
}

TEST_CASE("quasar_search prompts: the Team Leader's ORDER and a Boon list their choices in players' words") {
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "rank": 3, "projects": ["Drill Rig"], "hand": ["Nine"]},
    {"faction": "Beta", "rank": 2, "projects": ["Spender Rig"], "hand": ["Ten"]}]})");
  const pb::View mate = view_of(g, engine::viewer::of_seat(1));
  REQUIRE(mate.prompt().kind() == pb::PROMPT_ORDER);
  CHECK(mate.prompt().seat() == 0);
  REQUIRE(mate.prompt().choices_size() == 2);   // public: everyone sees what is ordered
  CHECK(mate.prompt().choices(0).label().find("Drill Rig") != std::string::npos);
  CHECK(mate.prompt().choices(1).label().find("Consume 1 Energy") != std::string::npos);
  // Each names the card's owner before the player the effect acts for (the Team Leader's
  // team effect): the second card is seat 1's, not seat 0's, whom the effect is for.
  CHECK(mate.prompt().choices(0).label().rfind("{seat:0}'s Drill Rig: {seat:0} — ", 0) == 0);
  CHECK(mate.prompt().choices(1).label().rfind("{seat:1}'s Spender Rig: {seat:0} — ", 0) == 0);
  CHECK(mate.seats(0).to_act());
  CHECK_FALSE(mate.seats(1).to_act());
  state b = game(2, R"({"step": "PRE_RESOLUTION", "challenge": "Blessing", "seats": [
    {"faction": "Alpha", "rank": 3, "confronting": "Sage", "deck": ["One"]},
    {"faction": "Beta", "rank": 2, "confronting": "One"}]})");
  const pb::View own = view_of(b, engine::viewer::of_seat(0));
  REQUIRE(own.prompt().kind() == pb::PROMPT_BOON);
  std::vector<std::string> labels;
  for (const pb::Choice& c : own.prompt().choices()) labels.push_back(c.label());
  CHECK(labels == std::vector<std::string>{"Learn 1 Lesson", "Gain 1 Glory", "BOON OUTCOME | You Draw 2 cards"});
  CHECK(view_of(b, engine::viewer::spectator()).prompt().choices_size() == 0);   // the deciding seat's only
}

TEST_CASE("quasar_search timeouts: every decision has a sensible default that is legal") {
  state g = game(2, R"({"step": "PRE_RESOLUTION", "challenge": "Push", "seats": [
    {"faction": "Alpha", "rank": 3, "confronting": "Free Shifter", "deck": ["One"]},
    {"faction": "Beta", "rank": 2, "confronting": "Two"}]})");
  CHECK(g.timeout_action(0).kind == static_cast<std::uint16_t>(kind::pass));   // decline the Trigger
  play(g, act(0, kind::trigger, {card_id(g, 0, "Free Shifter"), 0}));
  const action t = g.timeout_action(0);
  CHECK(t.kind == static_cast<std::uint16_t>(kind::shift));
  CHECK(t.args[0] == 0);
  CHECK(g.check(t));
}

TEST_CASE("quasar_search words: one seat's Draws one after another are one line") {
  // Two Study Rigs ("Challenge Start: You Draw 1"): the same Draw for the same seat twice,
  // so nobody is asked to order them (rules version 7); the log says one Draw of 2 cards,
  // not a card's Draw twice.
  state g = game(2, R"({"step": "CHALLENGE_SETUP", "challengeDeck": ["Push"], "seats": [
    {"faction": "Alpha", "rank": 3, "projects": ["Study Rig", "Study Rig"], "deck": ["One", "Two", "Three"]},
    {"faction": "Beta", "rank": 2, "hand": ["Ten"]}]})");
  std::vector<action> legal;
  g.legal_actions(0, legal);
  for (const action& a : legal) CHECK(a.kind != static_cast<std::uint16_t>(kind::order));
  CHECK(g.seat(0).hand.size == 2);
  const std::string words = filled(g, g.describe_effects());
  CAPTURE(words);
  CHECK(words.find("{seat:0} draws 2 cards.") != std::string::npos);
  CHECK(words.find("{seat:0} draws a card") == std::string::npos);
}

TEST_CASE("quasar_search words: an effect that resolves by itself names its card or Challenge") {
  // After "Failure.", a bare "The team loses 2 Morale" did not say which card or Challenge
  // did it; the failure's own cost is the game's, so it stays unnamed.
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Ordeal", "morale": 5, "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  confront(g, "One", "Three");
  std::string words = filled(g, g.describe_effects());
  CAPTURE(words);
  CHECK(words.find("Failure.\nOrdeal: the team loses 2 Morale (Morale 3).\nThe failure costs the team 1 Morale (Morale 2).") !=
        std::string::npos);
  // A card's effect for each player: each line names the card.
  state c = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "morale": 5, "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Glorious"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  confront(c, "Glorious", "Three");
  pass_triggers(c);
  words = filled(c, c.describe_effects());
  CHECK(words.find("Glorious: {seat:0} gains 1 Glory.\nGlorious: {seat:1} gains 1 Glory.") != std::string::npos);
  // The Act's own effect at its start (Second Act: Sensors 1).
  state a = game(2, R"({"step": "ACT_START", "act": 2, "challengeDeck": ["Final", "Final Two"], "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["One"]},
    {"faction": "Beta", "rank": 2, "hand": ["Three"]}]})");
  words = filled(a, a.describe_effects());
  CHECK(words.starts_with("Second Act: Final goes to Sensors.\nChallenge: Final (All-Out 2)."));
}

TEST_CASE("quasar_search words: each player's Glory from two copies of a card is one line a seat") {
  // Both seats confront with Glorious ("each player gains 1 Glory"): the two copies' lines
  // interleave by seat (0, 1, 0, 1); the log says each seat's total once.
  state c = game(2, R"({"step": "CONFRONTATION", "challenge": "Push", "morale": 5, "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Glorious"]},
    {"faction": "Beta", "rank": 2, "hand": ["Glorious"]}]})");
  confront(c, "Glorious", "Glorious");
  pass_triggers(c);
  const std::string words = filled(c, c.describe_effects());
  CAPTURE(words);
  CHECK(c.seat(0).glory == 2);
  CHECK(c.seat(1).glory == 2);
  CHECK(words.find("Glorious: {seat:0} gains 2 Glory.\nGlorious: {seat:1} gains 2 Glory.\n") != std::string::npos);
  CHECK(words.find("gains 1 Glory") == std::string::npos);
}

TEST_CASE("quasar_search words: a Boon an effect grants says where it comes from") {
  // Blessing's Success grants the highest value a Boon; the choice is the seat's next move,
  // so the line before it names the Challenge ("Ada takes the Boon" alone did not).
  state g = game(2, R"({"step": "CONFRONTATION", "challenge": "Blessing", "seats": [
    {"faction": "Alpha", "rank": 3, "hand": ["Ten"], "discard": ["Eight"]},
    {"faction": "Beta", "rank": 2, "hand": ["One"]}]})");
  confront(g, "Ten", "One");
  pass_triggers(g);
  REQUIRE_FALSE(g.frames().empty());
  REQUIRE(g.frames().back().kind == task::boon);
  const std::string words = filled(g, g.describe_effects());
  CAPTURE(words);
  CHECK(words.find("Success!\nBlessing: {seat:0} is granted a Boon.") != std::string::npos);
  const action lesson = act(0, kind::boon, {boon_lesson});
  const std::string chose = filled(g, g.describe(lesson));
  play(g, lesson);
  CHECK(chose == "{seat:0} takes the Boon: Learn 1 Lesson.");
  CHECK(filled(g, g.describe_effects()).starts_with("{seat:0} learns a Lesson: Eight.\n"));
}
