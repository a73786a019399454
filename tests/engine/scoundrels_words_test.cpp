// S.P.A.C.E.: positions that are refused, what each viewer sees, and the words of the log.
#include "engine/core/words.hpp"
#include "tests/engine/scoundrels_positions.hpp"
#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

namespace {

verdict check_position(int seats, std::string_view json) {
  pb::Position p;
  std::string error;
  REQUIRE_MESSAGE(engine::from_json(json, p, error), error);
  return state::validate(test_content(), seats, options(), p);
}

const char* two_ships = R"({
  "phase": "MOVEMENT", "activeSeat": 0,
  "ships": [
    {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Laser Cannon"}],
     "weaponsLocker": ["Frag Grenade"], "storageLocker": ["Medkit"], "captainsLog": ["Fuel Favor"]},
    {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}
  ],
  "encounterDeck": ["Quiet"]
})";

}  // namespace

TEST_CASE("scoundrels positions: unknown names, impossible values and wrong seats are refused") {
  CHECK(check_position(2, two_ships));
  std::string p = two_ships;
  CHECK_FALSE(check_position(3, p));   // one ship per seat
  std::string bad_name = p;
  bad_name.replace(bad_name.find("Frag Grenade"), 12, "Frag Grenada");
  CHECK(check_position(2, bad_name).code == engine::rule_error::bad_options);
  std::string bad_damage = p;
  bad_damage.replace(bad_damage.find(R"({"card": "Laser Cannon"})"), 24, R"({"card": "Laser Cannon", "damage": 3})");
  CHECK_FALSE(check_position(2, bad_damage));
  std::string bad_die = p;
  bad_die.replace(bad_die.find(R"("encounterDeck")"), 15, R"("dice": [7], "encounterDeck")");
  CHECK_FALSE(check_position(2, bad_die));
  std::string too_many = p;   // the test content has one Laser Cannon per... two: a third is refused
  too_many.replace(too_many.find(R"({"card": "Captain Orr", "captain": true})"), 40,
                   R"({"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"}, {"card": "Laser Cannon"})");
  CHECK_FALSE(check_position(2, too_many));
  std::string item_in_bay = p;
  item_in_bay.replace(item_in_bay.find(R"({"card": "Laser Cannon"})"), 24, R"({"card": "Medkit"})");
  CHECK_FALSE(check_position(2, item_in_bay));
}

TEST_CASE("scoundrels hidden information: others see how many face-down cards, never which") {
  const state g = game(2, two_ships);
  pb::View own, other, spectator;
  g.view(engine::viewer::of_seat(0), own);
  g.view(engine::viewer::of_seat(1), other);
  g.view(engine::viewer::spectator(), spectator);
  CHECK(own.ships(0).weapons_locker(0).name() == "Frag Grenade");
  CHECK(own.ships(0).captains_log(0).name() == "Fuel Favor");
  for (const pb::View* v : {&other, &spectator}) {
    const pb::Ship& s = v->ships(0);
    CHECK(s.weapons_locker_count() == 1);
    CHECK(s.storage_locker_count() == 1);
    CHECK(s.captains_log_count() == 1);
    CHECK(s.weapons_locker(0).id() == 0);
    CHECK(s.weapons_locker(0).name().empty());
    CHECK(s.storage_locker(0).hidden_index() == 1);   // weapons, storage, log: the order actions use
    CHECK(s.captains_log(0).hidden_index() == 2);
    // Bays are public.
    CHECK(s.bays(1).card().name() == "Laser Cannon");
  }
  CHECK(other.legal_actions_size() == 0);   // only seat 0 acts now
}

TEST_CASE("scoundrels hidden information: the cards viewed to keep one show to the chooser only") {
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0,
    "ships": [
      {"location": "Pandora", "reputation": 2, "affiliation": "FIDANZA", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet"]
  })");
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  pb::View own, other;
  g.view(engine::viewer::of_seat(0), own);
  g.view(engine::viewer::of_seat(1), other);
  REQUIRE(own.prompt().cards_size() == 3);   // rep 3 after the delivery: three green cards
  CHECK_FALSE(own.prompt().cards(0).name().empty());
  REQUIRE(other.prompt().cards_size() == 3);
  for (const pb::Card& c : other.prompt().cards()) CHECK(c.name().empty());
  // Keeping one says so, without its name.
  const std::string kept = own.prompt().cards(1).name();
  play(g, act(0, kind::choose, {static_cast<std::int32_t>(own.prompt().cards(1).id())}));
  CHECK(filled(g, g.describe_effects()).find("keeps a card") != std::string::npos);
  if (g.card_of(static_cast<card_no>(own.prompt().cards(1).id() - 1)).kind != card_kind::crew &&
      g.card_of(static_cast<card_no>(own.prompt().cards(1).id() - 1)).kind != card_kind::ship_system)
    CHECK(filled(g, g.describe_effects()).find(kept) == std::string::npos);
}

TEST_CASE("scoundrels words: every die is told with what it was for and its result") {
  state g = game(2, R"({
    "phase": "ENCOUNTER", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "reputation": 3, "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Guns"}]},
      {"location": "Surya II", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet"],
    "dice": [6]
  })");
  play(g, act(0, kind::pass));
  play(g, act(1, kind::pass));
  play(g, act(0, kind::pass));
  play(g, act(1, kind::pass));
  const std::string words = filled(g, g.describe_effects());
  CHECK(words.find("{seat:0} rolls 6 for Dockyard: the Dockyard stays.") != std::string::npos);
  CHECK(words.find("{seat:1} takes the 1st Player token.") != std::string::npos);
  pb::View v;
  g.view(engine::viewer::spectator(), v);
  REQUIRE(v.dice_size() == 1);
  CHECK(v.dice(0).purpose() == "Dockyard");
  CHECK(v.dice(0).faces(0) == 6);
  CHECK(v.dice(0).result() == "the Dockyard stays");
}

TEST_CASE("scoundrels words: a pillaged face-down item is not named") {
  state g = game(2, R"({
    "phase": "MOVEMENT", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Drift", "bays": [{"card": "Captain Vega", "captain": true, "damage": 1}], "storageLocker": ["Lucky Charm"]},
      {"location": "Drift", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"}]}
    ],
    "encounterDeck": ["Quiet"],
    "fight": {"kind": "BOARDING", "attacker": 1, "defender": 0, "round": 1},
    "dice": [1, 1]
  })");
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  // Vega is disabled, but the round's heal step comes first: the storage locker could hold a
  // medkit (the table sees only its count), so seat 0 is asked and answers "done".
  REQUIRE(g.must_act() == engine::seat_bit(0));
  play(g, act(0, kind::pass));
  REQUIRE(g.fight().winner == 1);
  const action take = act(1, kind::pillage, {-1});
  CHECK(listed(g, take));
  CHECK(filled(g, g.describe(take)).find("Lucky Charm") == std::string::npos);
  play(g, take);
  CHECK(filled(g, g.describe_effects()).find("Lucky Charm") == std::string::npos);
  CHECK(held(g, 1, "Lucky Charm") > 0);
}

TEST_CASE("log words: a move's words are left out when its effects say them again, or say more") {
  CHECK(engine::join_words("{seat:0} delivers the Spice cargo.", "{seat:0} delivers the Spice cargo.\n{seat:0}'s reputation is 2.") ==
        "{seat:0} delivers the Spice cargo.\n{seat:0}'s reputation is 2.");
  CHECK(engine::join_words("{seat:0} affiliates.", "{seat:1} rolls 3.\n{seat:0} affiliates with Fidanza.") ==
        "{seat:1} rolls 3.\n{seat:0} affiliates with Fidanza.");
  // A different line, or one that merely starts the same way, keeps both.
  CHECK(engine::join_words("{seat:0} moves to Drift.", "{seat:0} meets the encounter Quiet.") ==
        "{seat:0} moves to Drift.\n{seat:0} meets the encounter Quiet.");
  CHECK(engine::join_words("{seat:0} plays", "{seat:0} playsafe.") == "{seat:0} plays\n{seat:0} playsafe.");
  // The server's reason follows the move's words, or the effect line that says them: once.
  CHECK(engine::join_words("{seat:0} passes.", "{seat:0} passes.", " (time ran out)") == "{seat:0} passes. (time ran out)");
  CHECK(engine::join_words("{seat:0} delivers the Spice cargo.",
                           "{seat:1} rolls 3.\n{seat:0} delivers the Spice cargo.\n{seat:0}'s reputation is 2.",
                           " (a bot, while the player is away)") ==
        "{seat:1} rolls 3.\n{seat:0} delivers the Spice cargo. (a bot, while the player is away)\n{seat:0}'s reputation is 2.");
  CHECK(engine::join_words("{seat:0} buries the Spice cargo.", "{seat:0} buries the Spice cargo and draws another.",
                           " (time ran out)") == "{seat:0} buries the Spice cargo and draws another. (time ran out)");
  CHECK(engine::join_words("{seat:0} moves to Drift.", "{seat:0} meets the encounter Quiet.", " (by preference)") ==
        "{seat:0} moves to Drift. (by preference)\n{seat:0} meets the encounter Quiet.");
  CHECK(engine::join_words("{seat:0} flips.", "", " (by preference)") == "{seat:0} flips. (by preference)");
  CHECK(engine::join_words("", "{seat:0} wins.", " (by preference)") == "{seat:0} wins.");
  CHECK(engine::join_words("{seat:0} flips.", "") == "{seat:0} flips.");
  CHECK(engine::join_words("", "{seat:0} wins.") == "{seat:0} wins.");
}

TEST_CASE("scoundrels words: a pass says what it ends, as the player's button does") {
  const std::string ships = R"("ships": [
    {"location": "Metis Prime", "affiliation": "AFFIL", "bays": [{"card": "Vex Marlowe", "captain": true}, {"card": "+1 Hyperdrive"}]},
    {"location": "Surya II", "bays": [{"card": "Rook Adeyemi", "captain": true}]}])";
  auto with = [&](std::string_view affiliation) {
    std::string out = ships;
    out.replace(out.find("AFFIL"), 5, affiliation);
    return out;
  };
  const action pass = act(0, kind::pass, {});
  const state moving = scoundrels_positions::start(R"({"phase": "MOVEMENT", "turn": 3, "activeSeat": 0, )" + with("FIDANZA") + "}");
  REQUIRE(listed(moving, pass));
  CHECK(moving.describe(pass) == "{seat:0} ends their Movement.");
  const state delivering = scoundrels_positions::start(R"({"phase": "DELIVERY", "turn": 3, "activeSeat": 0, "firstPlayer": 0, )" + with("FIDANZA") + "}");
  REQUIRE(listed(delivering, pass));
  CHECK(delivering.describe(pass) == "{seat:0} ends their Delivery.");
  // Leaving the Dockyard ends the Movement, but for Semyorka's affiliates.
  const std::string dock = R"({"phase": "MOVEMENT", "turn": 3, "activeSeat": 0, "dockyard": "Metis Prime", "dockyardVisit": {"step": 5}, )";
  const state docked = scoundrels_positions::start(dock + with("FIDANZA") + "}");
  REQUIRE(listed(docked, pass));
  CHECK(docked.describe(pass) == "{seat:0} leaves the Dockyard, which ends their Movement.");
  // Every viewer sees the visit (View Ship.in_dockyard), until the pass leaves it.
  for (const engine::viewer who : {engine::viewer::of_seat(0), engine::viewer::of_seat(1), engine::viewer::spectator()}) {
    pb::View v;
    docked.view(who, v);
    CHECK(v.ships(0).in_dockyard());
    CHECK_FALSE(v.ships(1).in_dockyard());
  }
  state left = docked;
  play(left, pass);
  pb::View after;
  left.view(engine::viewer::of_seat(0), after);
  CHECK_FALSE(after.ships(0).in_dockyard());
  const state semyorka = scoundrels_positions::start(dock + with("SEMYORKA") + "}");
  REQUIRE(listed(semyorka, pass));
  CHECK(semyorka.describe(pass) == "{seat:0} leaves the Dockyard.");
}

TEST_CASE("scoundrels words: passing a fight's repair step is done repairing, or healing in a melee") {
  state g = at_combat_repair(R"(, "captainsLog": ["Maintenance Credit"])");
  REQUIRE(g.fight().step == fight_step::repair_defender);
  const action done = act(0, kind::pass, {});
  REQUIRE(listed(g, done));
  CHECK(g.describe(done) == "{seat:0} is done repairing.");
}
