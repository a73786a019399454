// Space War: the log's words (describe before an action, describe_effects after it), the
// contest's face-up cards in the view, stable card ids, and preferences. Each test names
// the rule (rules/space_war.md, docs/rules/space_war.md) whose public effect it words.
#include <set>

#include "engine/core/words.hpp"
#include "space_war_table.hpp"

using starport::engine::viewer;
using swpb::DWARVES;
using swpb::ELVES;
using swpb::HUMANS;
using swpb::ROBOTS;
using swpb::TROLLS;

namespace {

// The effects with each "{card:K}" filled from the catalog, as every client fills them
// ("{seat:N}" left as it is).
std::string effects_of(sw::state& s, const std::string& move) {
  play(s, move);
  const std::vector<std::string> seats = {"{seat:0}", "{seat:1}", "{seat:2}", "{seat:3}", "{seat:4}", "{seat:5}"};
  return starport::engine::fill_seat_names(s.describe_effects(), seats, sw::state::catalog());
}

// A card of a view by its code ("humans:7"): the view names only its kind.
std::string code(const swpb::Card& c) { return std::string(sw::all_cards()[c.kind()].code); }
std::string code(const sw::revealed_card& r) { return std::string(sw::all_cards()[r.kind].code); }
// A revealed card's effective Strength: the printed one (the catalog's) and its bonus.
int strength(const sw::revealed_card& r) { return sw::all_cards()[r.kind].strength + r.strength_bonus; }

std::string words_of(const sw::state& s, const std::string& move) {
  starport::engine::action a;
  std::string error;
  REQUIRE(starport::engine::info_of<sw::state>().parse_action(move, a, error));
  return s.describe(a);
}

std::optional<starport::engine::action> preferred(const sw::state& s, int seat,
                                                  std::vector<std::uint8_t> choices) {
  return s.preferred_action(seat, choices);
}

std::string text_of(const std::optional<starport::engine::action>& a) {
  return a ? starport::engine::info_of<sw::state>().action_text(*a) : "ask";
}

}  // namespace

TEST_CASE("Gameplay words: a flip says nothing of the card, and the last flip reveals every face-up card and the Battle's result") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  CHECK(words_of(s, "0 flip") == "{seat:0} flips.");
  CHECK(effects_of(s, "0 flip") == "");   // still face down: nothing public happened
  CHECK(words_of(s, "1 flip") == "{seat:1} flips.");
  CHECK(effects_of(s, "1 flip") ==
        "{seat:0} reveals Starship Captain (9); {seat:1} reveals Elven Ranger (3).\n"
        "{seat:0} wins the Battle and captures 2 cards.");
}

TEST_CASE("Gameplay words: one card captured reads in the singular") {
  // Ann flips, then Bo resigns: Ann wins the Battle with her one card on the table.
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  play(s, "0 flip");
  const std::string after = effects_of(s, "1 resign");
  CHECK(after.find("captures 1 card.") != std::string::npos);
  CHECK(after.find("1 cards") == std::string::npos);
}

TEST_CASE("Card words: a reveal names its card by kind in the catalog, so every reveal has one shape") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  sw::card_id captain = 0, ranger = 0;
  REQUIRE(sw::find_card("humans:9", captain));
  REQUIRE(sw::find_card("elves:3", ranger));
  const std::string raw = s.describe_effects();
  CHECK(raw.starts_with("{seat:0} reveals {card:" + std::to_string(captain) + "} (9); {seat:1} reveals {card:" +
                        std::to_string(ranger) + "} (3)."));
  CHECK(raw.find("Starship Captain") == std::string::npos);
  // The catalog: every card kind by its index, public, as ListCards sends it.
  const auto catalog = sw::state::catalog();
  REQUIRE(catalog.size() == sw::all_cards().size());
  for (std::size_t k = 0; k < catalog.size(); ++k) {
    CHECK(catalog[k].index == k);
    CHECK(catalog[k].name == sw::all_cards()[k].name);
    CHECK(catalog[k].tags.at(1) == sw::all_cards()[k].code);
  }
  CHECK(starport::engine::info_of<sw::state>().cards().size() == catalog.size());
  const std::vector<std::string> names = {"Ann", "Vega"};
  CHECK(starport::engine::fill_seat_names("{seat:1} reveals {card:" + std::to_string(ranger) + "} (3); {card:999} {card:x}",
                                          names, catalog) == "Vega reveals Elven Ranger (3); card 999 {card:x}");
}

TEST_CASE("War words: the tie, each War step's face-up cards and the War's winner, round by round") {
  auto s = table({{HUMANS, {"humans:7", "humans:2", "humans:3", "humans:9", "humans:5"}},
                  {ELVES, {"elves:7", "elves:4", "elves:5", "elves:6", "elves:8"}}});
  play(s, "0 flip");
  CHECK(effects_of(s, "1 flip") == "{seat:0} reveals Marine Sergeant (7); {seat:1} reveals Elven Warden (7).");
  CHECK(words_of(s, "0 flip") == "{seat:0} adds 3 cards to the War.");
  CHECK(effects_of(s, "0 flip") == "");
  CHECK(effects_of(s, "1 flip") ==
        "War 1 ({seat:0} and {seat:1}): {seat:0} reveals Starship Captain (9); {seat:1} reveals Elven Starsinger (6).\n"
        "{seat:0} wins the War and captures 8 cards.");
}

TEST_CASE("Peace words: triggering Peace ends the contest, every card back to the discard pile of whoever added it") {
  auto s = table({{ELVES, {"elves:5", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(words_of(s, "0 trigger") == "{seat:0} triggers Peace.");
  CHECK(effects_of(s, "0 trigger") == "Peace: Contest 1 ends with no winner; every card returns to the discard pile of the player who added it.");
}

TEST_CASE("Dwarven Armor words: the revealed Thane's Strength, then the Battle won with +1") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(s, "0 flip");
  CHECK(effects_of(s, "1 flip") ==
        "{seat:0} reveals Thane of the Deep Belt (8); {seat:1} reveals Elven Warden (8).\n"
        "{seat:0}'s Dwarven Armor is now Active.");   // the Thane turned it over as it was revealed
  CHECK(effects_of(s, "0 trigger") == "{seat:0} wins the Battle and captures 2 cards.");
  // The contest's record keeps the Strength the Thane fought with.
  REQUIRE(s.last_contest().reveals().size() == 2);
  CHECK(s.last_contest().reveals()[0].strength == 9);
}

TEST_CASE("Regeneration words: the replaced card stays in the record, the new card is revealed in its place") {
  auto s = table({{TROLLS, {"trolls:2", "trolls:10", "trolls:3"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:8", "humans:4", "humans:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(effects_of(s, "0 trigger") ==
        "{seat:0} reveals Troll Warlord (10).\n{seat:0} wins the Battle and captures 2 cards.");
  swpb::View v;
  s.view(viewer::of_seat(1), v);
  const auto shown = sw::revealed_cards(v.last_contest().revealed());
  REQUIRE(shown.size() == 3);
  CHECK(code(shown[0]) == "trolls:2");
  CHECK(code(shown[2]) == "trolls:10");
  CHECK(strength(shown[2]) == 10);
}

TEST_CASE("Winning & Losing words: the last contest, who is Conquered and who wins the match") {
  auto s = table({{HUMANS, {"humans:9"}}, {ELVES, {"elves:3"}}});
  play(s, "0 flip");
  CHECK(effects_of(s, "1 flip") ==
        "{seat:0} reveals Starship Captain (9); {seat:1} reveals Elven Ranger (3).\n"
        "{seat:0} wins the Battle and captures 2 cards.\n{seat:1} is Conquered.\n"
        "The match is over: {seat:0} wins.");
}

TEST_CASE("Reveals in the view: the last contest's number is said once, by View.contest, while the match is in play") {
  auto s = table({{HUMANS, {"humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}}});
  swpb::View v;
  s.view(viewer::of_seat(0), v);
  CHECK_FALSE(v.has_last_contest());   // no contest has ended yet
  CHECK(sw::last_contest_number(v) == 0);
  play(s, "0 flip");
  play(s, "1 flip");
  s.view(viewer::of_seat(0), v);
  REQUIRE(v.contest() == 2);
  CHECK(v.last_contest().number() == 0);   // unsent: it is contest - 1
  CHECK(sw::last_contest_number(v) == 1);
  // A match that ends with its last contest: contest - 1 would be wrong, so the view says it.
  auto over = table({{HUMANS, {"humans:9"}}, {ELVES, {"elves:3"}}});
  play(over, "0 flip");
  play(over, "1 flip");
  over.view(viewer::spectator(), v);
  REQUIRE(v.phase() == swpb::GAME_OVER);
  CHECK(v.last_contest().number() == 1);
  CHECK(sw::last_contest_number(v) == 1);
}

TEST_CASE("Reveals in the view: columns, a Battle's steps and 0 bonuses unsent, Dwarven Armor's +1 sent") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 trigger");   // Dwarven Armor: the Thane fights as 9
  swpb::View v;
  s.view(viewer::of_seat(1), v);
  const swpb::Reveals& r = v.last_contest().revealed();
  CHECK(r.owners_size() == 2);
  CHECK(r.ids_size() == 2);
  CHECK(r.kinds_size() == 2);
  CHECK(r.steps_size() == 0);              // a Battle: every step 0
  REQUIRE(r.strength_bonuses_size() == 1); // the Elves' 0 after it is left out
  CHECK(r.strength_bonuses(0) == 1);
  const auto shown = sw::revealed_cards(r);
  REQUIRE(shown.size() == 2);
  CHECK(strength(shown[0]) == 9);
  CHECK(strength(shown[1]) == 8);
  CHECK(shown[1].step == 0);
}

TEST_CASE("Reveals in the view: the last contest keeps every face-up card by step, War included, for every viewer") {
  auto s = table({{HUMANS, {"humans:7", "humans:2", "humans:3", "humans:9", "humans:5"}},
                  {ELVES, {"elves:7", "elves:4", "elves:5", "elves:6", "elves:8"}}});
  for (const char* m : {"0 flip", "1 flip", "0 flip", "1 flip"}) play(s, m);
  for (viewer who : {viewer::of_seat(0), viewer::of_seat(1), viewer::spectator()}) {
    swpb::View v;
    s.view(who, v);
    const auto last = sw::revealed_cards(v.last_contest().revealed());
    REQUIRE(last.size() == 4);
    CHECK(last[0].owner == 0);
    CHECK(last[0].step == 0);
    CHECK(code(last[0]) == "humans:7");
    CHECK(last[3].step == 1);
    CHECK(code(last[3]) == "elves:6");
    CHECK(strength(last[3]) == 6);
    CHECK(v.battlefield_size() == 0);   // the next contest has not begun flipping
  }
}

TEST_CASE("Reveals in the view: a contest in progress lists the War's earlier face-up cards") {
  auto s = table({{HUMANS, {"humans:7", "humans:2", "humans:3", "humans:9", "humans:5"}},
                  {ELVES, {"elves:7", "elves:4", "elves:5", "elves:6", "elves:8"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "0 flip");   // War step 1: seat 0's cards are down, hidden
  swpb::View v;
  s.view(viewer::of_seat(1), v);
  const auto shown = sw::revealed_cards(v.revealed());
  REQUIRE(shown.size() == 2);
  CHECK(code(shown[1]) == "elves:7");
}

TEST_CASE("Card ids: a copy keeps its id from the Battlefield to the captor's discard, and face-down cards carry none") {
  auto s = table({{HUMANS, {"humans:9", "humans:9", "humans:2"}}, {ELVES, {"elves:3", "elves:4", "elves:5"}}});
  play(s, "0 flip");
  swpb::View v;
  s.view(viewer::of_seat(1), v);
  CHECK(v.battlefield_size() == 0);            // seat 0's card is still face down: a back, no id
  CHECK(v.face_down_owners_size() == 1);
  s.view(viewer::of_seat(0), v);
  CHECK(v.battlefield_size() == 0);            // not even for its owner, who has not seen it
  CHECK(v.face_down_owners_size() == 1);
  play(s, "1 flip");
  s.view(viewer::of_seat(1), v);
  std::set<std::uint32_t> ids;
  for (const auto& r : sw::revealed_cards(v.last_contest().revealed())) {
    CHECK(r.id != 0);
    ids.insert(r.id);
  }
  CHECK(ids.size() == 2);
  const std::uint32_t nine = v.last_contest().revealed().ids(0);
  // The omniscient view (replays) shows the same copy, with the same id, in seat 0's discard.
  s.view(viewer::omniscient(), v);
  bool found = false;
  for (const auto& c : v.seats(0).discard()) found |= c.id() == nine && code(c) == "humans:9";
  CHECK(found);
  // The other Starship Captain, still in the deck, is another copy.
  REQUIRE(v.seats(0).deck_size() == 2);
  CHECK(code(v.seats(0).deck(0)) == "humans:9");
  CHECK(v.seats(0).deck(0).id() != nine);
}

TEST_CASE("Preferences: Flip for me flips in the flip step only, and Ask me asks") {
  auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  CHECK(text_of(preferred(s, 0, {})) == "ask");
  CHECK(text_of(preferred(s, 0, {1})) == "0 flip");
  play(s, "0 flip");
  CHECK(text_of(preferred(s, 0, {1})) == "ask");   // not this seat's move now
  play(s, "1 flip");
  // Before battle: a power decision is never made by auto-flip.
  CHECK(text_of(preferred(s, 0, {1})) == "ask");
}

TEST_CASE("Preferences, Dwarven Armor: 'only when +1 changes the Battle' asks at a tie, keeps the power when far behind") {
  auto tie = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(tie, "0 flip");
  play(tie, "1 flip");
  CHECK(text_of(preferred(tie, 0, {0, 1})) == "ask");
  CHECK(text_of(preferred(tie, 0, {0, 2})) == "0 decline");
  CHECK(text_of(preferred(tie, 0, {0, 3})) == "0 trigger");
  auto far = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:10", "elves:2"}}});
  play(far, "0 flip");
  play(far, "1 flip");
  CHECK(text_of(preferred(far, 0, {0, 1})) == "0 decline");   // 9 cannot reach 10
}

TEST_CASE("Preferences, Peace: 'only when not winning' declines while ahead and asks while behind") {
  auto ahead = table({{ELVES, {"elves:9", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
  play(ahead, "0 flip");
  play(ahead, "1 flip");
  CHECK(text_of(preferred(ahead, 0, {0, 0, 1})) == "0 decline");
  CHECK(text_of(preferred(ahead, 0, {0, 0, 3})) == "0 trigger");
  auto behind = table({{ELVES, {"elves:5", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
  play(behind, "0 flip");
  play(behind, "1 flip");
  CHECK(text_of(preferred(behind, 0, {0, 0, 1})) == "ask");
  CHECK(text_of(preferred(behind, 0, {0, 0, 2})) == "0 decline");
  // Another power's preference does not answer for Peace.
  CHECK(text_of(preferred(behind, 0, {1, 2, 0, 2})) == "ask");
}

TEST_CASE("Preferences, Regeneration: 'only when not winning' asks when behind") {
  auto s = table({{TROLLS, {"trolls:2", "trolls:10", "trolls:3"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:8", "humans:4", "humans:5"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  CHECK(text_of(preferred(s, 0, {0, 0, 0, 1})) == "ask");
  CHECK(text_of(preferred(s, 0, {0, 0, 0, 3})) == "0 trigger");
}

TEST_CASE("Preferences, Salvage: 'always take' picks the opponent holding the most cards, 'always decline' declines") {
  auto s = table({{ROBOTS, {"robots:9", "robots:2"}, {}, swpb::ACTIVE},
                  {HUMANS, {"humans:3", "humans:4"}, {"humans:5"}},
                  {ELVES, {"elves:2", "elves:3"}, {"elves:5", "elves:6"}}});
  play(s, "0 flip");
  play(s, "1 flip");
  play(s, "2 flip");
  REQUIRE(s.current_phase() == sw::phase::after_battle);
  CHECK(text_of(preferred(s, 0, {0, 0, 0, 0, 1})) == "0 decline");
  CHECK(text_of(preferred(s, 0, {0, 0, 0, 0, 2})) == "0 trigger 2");
  CHECK(text_of(preferred(s, 0, {})) == "ask");
}

TEST_CASE("Options: the table's auto_flip still plays every flip inside one action (old replays), and its effects say so") {
  swpb::Options o;
  o.set_auto_flip(true);
  auto s = table({{HUMANS, {"humans:10", "humans:2", "humans:3"}}, {DWARVES, {"dwarves:thane", "dwarves:4", "dwarves:5"}}}, o);
  // The Thane's reveal made Dwarven Armor Active: the first decision stops auto-flip.
  REQUIRE(s.current_phase() == sw::phase::before_battle);
  CHECK(s.contest() == 1);
  const std::string effects = effects_of(s, "1 trigger");   // 9 against 10: Humans win
  CAPTURE(effects);
  REQUIRE(s.last_contest().number > 2);   // the following contests were flipped inside that one action
  CHECK(effects.starts_with("Contests 1 to " + std::to_string(s.last_contest().number - 1) +
                            " are played out by the table's auto-flip.\n"));
  CHECK(effects.find("The match is over") != std::string::npos);
}

TEST_CASE("Power words: a Power a leader turns Active, or a Grand Admiral's win turns Inactive, is told in the log") {
  SUBCASE("the Thane of the Deep Belt turns Dwarven Armor Active when revealed") {
    auto s = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {HUMANS, {"humans:7", "humans:8"}}});
    REQUIRE(s.power_of(0) != sw::power_state::active);
    play(s, "0 flip");
    const std::string said = effects_of(s, "1 flip");
    CAPTURE(said);
    CHECK(said.find("{seat:0}'s " + std::string(sw::info(sw::faction::dwarves).power_name) + " is now Active.") != std::string::npos);
  }
  SUBCASE("a Grand Admiral's Battle won turns the other Powers Inactive") {
    auto s = table({{HUMANS, {"humans:admiral", "humans:2"}}, {ELVES, {"elves:3", "elves:4"}, {}, swpb::ACTIVE}});
    play(s, "0 flip");
    play(s, "1 flip");
    const std::string said = effects_of(s, "1 decline");   // the Elves keep Peace for later
    CAPTURE(said);
    CHECK(said.find("{seat:0} wins the Battle") != std::string::npos);
    CHECK(said.find("{seat:1}'s Peace is now Inactive.") != std::string::npos);
  }
  SUBCASE("a Trigger says its own words: no second line for the Power it turns over") {
    auto s = table({{ELVES, {"elves:5", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
    play(s, "0 flip");
    play(s, "1 flip");
    CHECK(effects_of(s, "0 trigger").find("is now") == std::string::npos);
  }
}

TEST_CASE("Decline words: keeping a Power that could not change the Battle says nothing, keeping one that could is told") {
  // An Active Dwarven Armor is offered before every Battle; a line for each decline buried
  // the log ("declines Dwarven Armor." thirteen times in one match).
  auto far = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:10", "elves:2"}}});
  play(far, "0 flip");
  play(far, "1 flip");
  REQUIRE(far.current_phase() == sw::phase::before_battle);
  CHECK(words_of(far, "0 decline") == "");   // 9 cannot reach 10
  auto tie = table({{DWARVES, {"dwarves:thane", "dwarves:2"}}, {ELVES, {"elves:8", "elves:2"}}});
  play(tie, "0 flip");
  play(tie, "1 flip");
  CHECK(words_of(tie, "0 decline") == "{seat:0} declines Dwarven Armor.");   // +1 would have won it
  // Peace while ahead: nothing to be saved from; while behind: a choice worth telling.
  auto ahead = table({{ELVES, {"elves:9", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
  play(ahead, "0 flip");
  play(ahead, "1 flip");
  CHECK(words_of(ahead, "0 decline") == "");
  auto behind = table({{ELVES, {"elves:5", "elves:2"}, {}, swpb::ACTIVE}, {HUMANS, {"humans:7", "humans:8"}}});
  play(behind, "0 flip");
  play(behind, "1 flip");
  CHECK(words_of(behind, "0 decline") == "{seat:0} declines Peace.");
}
