// S.P.A.C.E. delivery, reputation, affiliation and the game's end, on hand-made content.
#include <algorithm>

#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

namespace {

// Seat 0 delivers Spice (Fidanza) at Pandora; SEAT0 and SEAT1 are replaced per test.
std::string delivery(std::string_view seat0, std::string_view seat1 = R"("location": "Surya II")",
                     std::string_view extra = "") {
  std::string p = R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {SEAT0, "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {SEAT1, "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"] EXTRA
  })";
  p.replace(p.find("SEAT0"), 5, seat0);
  p.replace(p.find("SEAT1"), 5, seat1);
  p.replace(p.find("EXTRA"), 5, extra);
  return p;
}

}  // namespace

TEST_CASE("scoundrels rule Delivery: the first delivery places the reputation die at 1, a freelancer draws one reward") {
  state g = game(2, delivery(R"("location": "Pandora")"));
  const int green = g.deck_size(0);
  const std::string words = filled(g, g.describe(act(0, kind::deliver, {contract_id(g, "Spice")})));
  CHECK(words.find("delivers the Spice cargo.") != std::string::npos);
  CHECK(words.find("the the") == std::string::npos);
  CHECK(filled(g, g.describe(act(0, kind::bury, {contract_id(g, "Spice")}))).find("buries the Spice cargo.") != std::string::npos);
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  CHECK(g.ship_of(0).rep == 1);
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 1);
  REQUIRE(g.pending().size() == 1);
  CHECK(g.pending().back().kind == task::affiliate);
  play(g, act(0, kind::affiliate, {0}));
  CHECK(g.ship_of(0).affiliation == -1);
  CHECK(g.deck_size(0) == green - 1);   // Spice pays from the green deck
}

TEST_CASE("scoundrels rule Delivery: a reward ship system or crew member is installed or kept in the captain's log, as the player chooses") {
  // Rulebook "Delivery": "Ship systems and crew may be placed in the captain's log or installed
  // immediately, if the player has an open bay." (Rules version 3; before, always installed.)
  state g = game(2, delivery(R"("location": "Pandora")", R"("location": "Surya II")", R"(, "greenDeck": ["Laser Cannon", "Medkit"])"));
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  play(g, act(0, kind::affiliate, {0}));
  // The freelancer's one reward is shown to be placed, whatever it is.
  REQUIRE(g.pending().size() == 1);
  REQUIRE(g.pending().back().kind == task::keep_one);
  REQUIRE(g.pending().back().look_count == 1);
  const std::int32_t cannon = g.wire(g.pending().back().looked[0]);
  CHECK(g.card_name(g.pending().back().looked[0]) == "Laser Cannon");
  CHECK(listed(g, act(0, kind::choose, {cannon})));       // installed
  CHECK(listed(g, act(0, kind::choose, {cannon, -1})));   // or kept in the captain's log
  CHECK_FALSE(listed(g, act(0, kind::pass)));              // it is kept either way
  play(g, act(0, kind::choose, {cannon, -1}));
  CHECK(g.pending().empty());
  CHECK(g.ship_of(0).log.size == 1);
  CHECK(g.ship_of(0).log.cards[0] == cannon - 1);
  for (const bay& b : g.ship_of(0).bays) CHECK(b.card != cannon - 1);
  // Installing stays the plain choice; a small item has no bay to go to.
  state h = game(2, delivery(R"("location": "Pandora", "reputation": 1, "affiliation": "FIDANZA")", R"("location": "Surya II")",
                             R"(, "greenDeck": ["Laser Cannon", "Medkit"])"));
  play(h, act(0, kind::deliver, {contract_id(h, "Spice")}));
  REQUIRE(h.pending().size() == 1);
  REQUIRE(h.pending().back().look_count == 2);
  const std::int32_t medkit = h.wire(h.pending().back().looked[1]);
  CHECK(h.card_name(static_cast<card_no>(medkit - 1)) == "Medkit");
  CHECK_FALSE(listed(h, act(0, kind::choose, {medkit, -1})));
  play(h, act(0, kind::choose, {h.wire(h.pending().back().looked[0])}));
  CHECK(damage_of(h, 0, "Laser Cannon") == 0);   // in a bay
  CHECK(h.ship_of(0).log.size == 0);
}

TEST_CASE("scoundrels rule Delivery: only at a delivery location, with conscious crew") {
  state g = game(2, delivery(R"("location": "Metis Prime")"));
  CHECK_FALSE(g.check(act(0, kind::deliver, {contract_id(g, "Spice")})));
  CHECK_FALSE(g.check(act(0, kind::bury, {contract_id(g, "Spice")})));
  std::string p = delivery(R"("location": "Pandora")");
  p.replace(p.find(R"("captain": true})"), 16, R"("captain": true, "damage": 2})");
  state h = game(2, p);
  CHECK_FALSE(h.check(act(0, kind::deliver, {contract_id(h, "Spice")})));
}

TEST_CASE("scoundrels rule Affiliation: affiliating views a bribe per point of reputation and a reward per point") {
  state g = game(2, delivery(R"("location": "Pandora", "reputation": 1)"));
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  CHECK(g.ship_of(0).rep == 2);
  play(g, act(0, kind::affiliate, {1}));
  CHECK(g.ship_of(0).affiliation == static_cast<int>(syndicate::fidanza));
  // Bribes first: two viewed (rep 2), keep one; then two green rewards, keep one.
  REQUIRE(g.pending().size() == 2);
  CHECK(g.pending().back().look_count == 2);
  CHECK(g.deck_of(g.pending().back().looked[0]) == colour_count);
  const std::int32_t bribe = g.wire(g.pending().back().looked[1]);
  play(g, act(0, kind::choose, {bribe}));
  CHECK(g.pending().back().look_count == 2);
  CHECK(g.deck_of(g.pending().back().looked[0]) == 0);
  play(g, act(0, kind::choose, {g.wire(g.pending().back().looked[0])}));
  const auto log = g.ship_of(0).log.items();
  CHECK(std::count(log.begin(), log.end(), g.unwire(bribe)) == 1);   // the bribe, face down
}

TEST_CASE("scoundrels rule Affiliation: reaching reputation 4 unaffiliated affiliates at once") {
  state g = game(2, delivery(R"("location": "Pandora", "reputation": 3)"));
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  CHECK(g.ship_of(0).rep == 4);
  CHECK(g.ship_of(0).affiliation == static_cast<int>(syndicate::fidanza));
  REQUIRE_FALSE(g.pending().empty());
  CHECK(g.pending().back().kind == task::keep_one);
  CHECK(g.pending().back().look_count == 3);   // four bribes asked for, the deck has three
}

TEST_CASE("scoundrels rule Affiliation: an affiliated player delivering elsewhere changes syndicate, earns a grudge, and the two feud") {
  state g = game(2, delivery(R"("location": "Pandora", "reputation": 2, "affiliation": "ANUBIS")",
                             R"("location": "Surya II", "reputation": 1, "affiliation": "FIDANZA")"));
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  const ship& sh = g.ship_of(0);
  CHECK(sh.rep == 2);   // the die moves, no gain
  CHECK(sh.affiliation == static_cast<int>(syndicate::fidanza));
  CHECK(((sh.grudges >> static_cast<int>(syndicate::anubis)) & 1u) == 1u);
  CHECK(g.feuds() != 0);
  // The feud: seat 1 (Fidanza) now has a grudge from Anubis too.
  CHECK(((g.ship_of(1).grudges >> static_cast<int>(syndicate::anubis)) & 1u) == 1u);
  // One bribe and one reward kept, each from two viewed.
  REQUIRE(g.pending().size() == 2);
}

TEST_CASE("scoundrels rule Affiliation: every pair of syndicates can feud, Allmacht and Anubis too") {
  // A feud is bit a*4+b of the state (a < b): Allmacht and Anubis are bit 11, which an 8-bit
  // field dropped, so their feud was announced and never held.
  const char* names[] = {"FIDANZA", "SEMYORKA", "ALLMACHT", "ANUBIS"};
  for (int a = 0; a < 4; ++a)
    for (int b = a + 1; b < 4; ++b) {
      CAPTURE(names[a]);
      CAPTURE(names[b]);
      const std::string feud = std::string(R"(, "feuds": [{"a": ")") + names[a] + R"(", "b": ")" + names[b] + R"("}])";
      state g = game(2, delivery(R"("location": "Pandora")", R"("location": "Surya II")", feud));
      CHECK(((g.feuds() >> (a * 4 + b)) & 1u) == 1u);
      pb::View v;
      g.view(engine::viewer::spectator(), v);
      REQUIRE(v.scoreboard().feuds_size() == 1);
      CHECK(static_cast<int>(v.scoreboard().feuds(0).a()) != static_cast<int>(v.scoreboard().feuds(0).b()));
    }
}

TEST_CASE("scoundrels words: a burial a later ship may brawl over is about to happen until it is let go ahead") {
  state g = game(2, delivery(R"("location": "Pandora")", R"("location": "Pandora")"));
  const std::int32_t spice = contract_id(g, "Spice");
  CHECK(filled(g, g.describe(act(0, kind::bury, {spice}))) == "{seat:0} is about to bury the Spice cargo.");
  play(g, act(0, kind::bury, {spice}));
  REQUIRE(g.must_act() == engine::seat_bit(1));
  const action go_ahead = act(1, kind::brawl, {-1});
  CHECK(filled(g, g.describe(go_ahead)) == "{seat:1} lets the burial go ahead.");
  const auto cargo = [&] {
    std::vector<std::string> names;
    for (const bay& b : g.ship_of(0).bays)
      if (b.card != no_card && g.is_contract(b.card)) names.push_back(std::string(g.card_name(b.card)));
    return names;
  };
  const std::vector<std::string> before = cargo();
  play(g, go_ahead);
  // The contract drawn into its bay is public, as a bay's cargo is: the line names it (it
  // was "draws another.", then "The … contract is revealed." as if it lay on the board).
  std::string drawn;
  for (const std::string& n : cargo())
    if (std::find(before.begin(), before.end(), n) == before.end()) drawn = n;
  REQUIRE_FALSE(drawn.empty());
  const std::string effects = filled(g, g.describe_effects());
  CAPTURE(effects);
  CHECK(effects.find("{seat:0} buries the Spice cargo and draws the " + drawn + " cargo.") != std::string::npos);
  CHECK(effects.find("contract is revealed") == std::string::npos);
}

TEST_CASE("scoundrels rule Delivery brawl: a delivery with a brawl window is told once - about to, then made") {
  // Before, "{seat:0} delivers the Spice cargo." was the move's words and, once the window
  // closed, said again as it happened.
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"]
  })");
  const action deliver = act(0, kind::deliver, {contract_id(g, "Spice")});
  const std::string announced = filled(g, g.describe(deliver));
  play(g, deliver);
  const std::string window = filled(g, g.describe_effects());
  const action go_ahead = act(1, kind::brawl, {-1});
  const std::string let = filled(g, g.describe(go_ahead));
  play(g, go_ahead);
  const std::string made = filled(g, g.describe_effects());
  CHECK(announced == "{seat:0} is about to deliver the Spice cargo.");
  CHECK(window.find("delivers") == std::string::npos);
  CHECK(let == "{seat:1} lets the delivery go ahead.");
  CHECK(made.find("{seat:0} delivers the Spice cargo.") != std::string::npos);
  CHECK(g.ship_of(0).rep == 1);
}

TEST_CASE("scoundrels rule Grudge: no delivery to a syndicate that holds a grudge, an affiliated player may still bury") {
  state g = game(2, delivery(R"("location": "Pandora", "reputation": 2, "affiliation": "ANUBIS", "grudges": ["FIDANZA"])"));
  CHECK_FALSE(g.check(act(0, kind::deliver, {contract_id(g, "Spice")})));
  const int deck = g.contract_deck_size();
  play(g, act(0, kind::bury, {contract_id(g, "Spice")}));
  // Buried under the deck, a new contract drawn into the same bay.
  CHECK(g.contract_deck_size() == deck);
  CHECK(g.ship_of(0).bays[1].card != no_card);
  CHECK(g.ship_of(0).bays[1].card != contract_id(g, "Spice") - 1);
}

TEST_CASE("scoundrels rule Delivery brawl: a later player at the location is asked first, and winning stops the delivery and takes the cargo") {
  // Melee dice, attacker's die first each round: 6 (an extra hit) then 1.
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [6, 1, 6, 1]
  })");
  const std::int32_t spice = contract_id(g, "Spice");
  // Not "delivers" yet: the delivery is told once it happens, if it does.
  CHECK(filled(g, g.describe(act(0, kind::deliver, {spice}))) == "{seat:0} is about to deliver the Spice cargo.");
  play(g, act(0, kind::deliver, {spice}));
  CHECK(filled(g, g.describe(act(1, kind::brawl, {-1}))) == "{seat:1} lets the delivery go ahead.");
  CHECK(g.ship_of(0).rep == 0);   // not yet: seat 1 is asked first
  REQUIRE(g.pending().size() == 1);
  CHECK(g.pending().back().kind == task::brawl_ask);
  CHECK(g.must_act() == engine::seat_bit(1));
  play(g, act(1, kind::brawl, {0}));
  CHECK(g.fight().kind == fight_kind::brawl);
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  {
    // The melee dice are told as dice: the side's hits before the die are no modifier of it
    // (a 1 + 2 = 3 beside a 6 + 1 = 7 read as if totals mattered), and the 4 it needs is said.
    const std::string said = filled(g, g.describe_effects());
    CAPTURE(said);
    CHECK(said.find("{seat:1} rolls 6 for melee: an extra hit (4 or more).") != std::string::npos);
    CHECK(said.find("{seat:0} rolls 1 for melee: no extra hit (it needs 4 or more).") != std::string::npos);
    pb::View v;
    g.view(engine::viewer::of_seat(0), v);
    REQUIRE(v.dice_size() == 2);
    for (const auto& d : v.dice()) {
      CHECK(d.purpose() == "melee");
      CHECK(d.modifier() == 0);
    }
    CHECK(g.dice().recent(0).modifier > 0);   // the engine keeps the hits (positions state them there)
    // The allocation says how many, from whom, and where (the fight panel may be screens away).
    REQUIRE(v.has_prompt());
    CHECK(v.prompt().seat() == 0);
    CHECK(v.prompt().text() == "Place 1 hit from {seat:1}'s crew on your crew");
  }
  // Round 1: one hit each way (each crew member takes at most one a round).
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Brute")}));
  CHECK(damage_of(g, 0, "Captain Vega") == 1);
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  // Seat 0's only crew is disabled: seat 1 wins and pillages (two conscious crew).
  CHECK(g.fight().winner == 1);
  REQUIRE(g.pending().back().kind == task::pillage);
  CHECK(listed(g, act(1, kind::pillage, {spice})));
  play(g, act(1, kind::pillage, {spice}));
  CHECK(g.ship_of(1).bays[2].card == spice - 1);
  play(g, act(1, kind::pillage, {0}));
  // The delivery did not happen, and the ship delivers nothing more this phase.
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 0);
  CHECK(g.active_seat() == 0);
  CHECK(g.must_act() == engine::seat_bit(0));
  CHECK(g.delivery_stopped());
}

TEST_CASE("scoundrels rule Delivery brawl: a brawl that leaves the deliverer no conscious crew stops the delivery, even with no winner") {
  // Both captains are hurt already; the melee dice give no extra hits, so each takes one
  // hit in round 1 and both are disabled: nobody wins.
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true, "damage": 1}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true, "damage": 1}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [1, 1, 1, 1]
  })");
  const std::int32_t spice = contract_id(g, "Spice");
  play(g, act(0, kind::deliver, {spice}));
  play(g, act(1, kind::brawl, {0}));
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  CHECK(g.fight().kind == fight_kind::none);
  // Rulebook "Delivery": a delivery needs at least one conscious crew member.
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 0);
  CHECK(g.ship_of(0).rep == 0);
  CHECK(g.ship_of(0).bays[1].card == spice - 1);   // still aboard
  CHECK(filled(g, g.describe_effects()).find("has no conscious crew left: the Spice cargo stays aboard.") != std::string::npos);
}

TEST_CASE("scoundrels rule Melee: the winner takes the cargo at stake as well as one item a conscious crew member") {
  // Rulebook "Melee": "each conscious, victorious crew member may pillage one small item ...
  // the winner may also steal" the cargo; "Delivery": "the attacker may steal one of any
  // attempted deliveries". Orr alone wins (die 6: an extra hit) against Vega, hurt already.
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true, "damage": 1}, {"cargo": "Spice"}],
       "weaponsLocker": ["Blaster Pistol"]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [6, 1]
  })");
  const std::int32_t spice = contract_id(g, "Spice");
  const card_no pistol_card = g.unwire(held(g, 0, "Blaster Pistol"));
  play(g, act(0, kind::deliver, {spice}));
  play(g, act(1, kind::brawl, {0}));
  play(g, act(1, kind::fight));
  play(g, act(0, kind::equip, {g.wire(pistol_card), held(g, 0, "Captain Vega")}));
  const std::int32_t pistol = g.wire(pistol_card);   // equipped, out of the locker: a fresh id
  play(g, act(0, kind::fight));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  REQUIRE(g.fight().winner == 1);
  REQUIRE(g.pending().back().kind == task::pillage);
  // What is taken is said once, by the note after the pillage ("pillages the Spice cargo."
  // came before the line that it is taken, and "pillages a face-down item." before "takes
  // Blaster Pistol." for the pistol Vega had equipped face up).
  CHECK(g.describe(act(1, kind::pillage, {spice})) == "{seat:1} pillages {seat:0}'s ship.");
  play(g, act(1, kind::pillage, {spice}));
  // The cargo did not use up Orr's pick: the pistol Vega had equipped may still be taken.
  REQUIRE(listed(g, act(1, kind::pillage, {pistol})));
  CHECK_FALSE(listed(g, act(1, kind::pillage, {spice})));
  CHECK(g.describe(act(1, kind::pillage, {pistol})) == "{seat:1} pillages {seat:0}'s ship.");
  play(g, act(1, kind::pillage, {pistol}));
  CHECK(filled(g, g.describe_effects()).find("takes Blaster Pistol.") != std::string::npos);
  CHECK(g.fight().kind == fight_kind::none);   // nothing more to take: the pillage is over
  CHECK(g.ship_of(1).weapons.size == 1);
}

TEST_CASE("scoundrels rule Delivery brawl: a stop-delivery bribe played when asked stops it") {
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}], "captainsLog": ["Hush Money"]}
    ],
    "encounterDeck": ["Quiet", "Quiet"]
  })");
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  play(g, act(1, kind::play, {held(g, 1, "Hush Money"), 0, 0}));
  CHECK(filled(g, g.describe_effects()).find("{seat:1} plays Hush Money.") != std::string::npos);
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 0);
  CHECK(g.ship_of(0).bays[1].card == contract_id(g, "Spice") - 1);
  CHECK(g.ship_of(1).log.size == 0);
  // Not this phase: the same delivery is neither offered nor taken, and seat 1 is not asked again.
  CHECK_FALSE(listed(g, act(0, kind::deliver, {contract_id(g, "Spice")})));
  const engine::verdict again = g.check(act(0, kind::deliver, {contract_id(g, "Spice")}));
  CHECK_FALSE(again);
  CHECK(std::string(again.detail).find("stopped this phase") != std::string::npos);
  CHECK(g.pending().empty());
  play(g, act(0, kind::pass));
  CHECK_FALSE(g.delivery_stopped());
}

TEST_CASE("scoundrels rule Delivery brawl: a ship with no conscious crew is asked too - it cannot brawl, its bribe still stops the delivery") {
  // The rulebook's bribes are played "upon another player's declared intention" to deliver;
  // a bribe needs no crew. Before, a crewless ship was never asked.
  const auto position = [](const char* log) {
    return std::string(R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true, "damage": 2}], "captainsLog": [)") +
           log + R"(]}
    ],
    "encounterDeck": ["Quiet", "Quiet"]
  })";
  };
  state g = game(2, position(R"("Hush Money")"));
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  REQUIRE(g.must_act() == engine::seat_bit(1));
  CHECK(listed(g, act(1, kind::brawl, {-1})));
  CHECK_FALSE(listed(g, act(1, kind::brawl, {0})));   // no conscious crew: no brawl
  CHECK_FALSE(g.check(act(1, kind::brawl, {0})));
  play(g, act(1, kind::play, {held(g, 1, "Hush Money"), 0, 0}));
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 0);
  // Without a bribe it is asked all the same (who holds one is hidden), and lets it go ahead.
  state h = game(2, position(""));
  play(h, act(0, kind::deliver, {contract_id(h, "Spice")}));
  REQUIRE(h.must_act() == engine::seat_bit(1));
  play(h, act(1, kind::brawl, {-1}));
  CHECK(h.deliveries(static_cast<int>(syndicate::fidanza)) == 1);
}

TEST_CASE("scoundrels rule End: the syndicate's last delivery ends the game, the highest reputation in it wins") {
  // A short game: the 2nd Fidanza delivery ends it. Seat 1 (Fidanza, 5) outranks the deliverer.
  const char* pos = R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "reputation": 2, "affiliation": "FIDANZA", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Surya II", "reputation": REP, "affiliation": "FIDANZA", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "tracks": [{"syndicate": "FIDANZA", "delivered": ["Spice Two"]}],
    "encounterDeck": ["Quiet"]
  })";
  for (int rep : {5, 3}) {
    std::string p = pos;
    p.replace(p.find("REP"), 3, std::to_string(rep));
    state g = game(2, p, R"({"deliveriesToWin": 2})");
    play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
    REQUIRE(g.result().over);
    // 5 beats the deliverer's 3; at 3 all, the tie goes to whoever made the last delivery.
    CHECK(g.result().winners == engine::seat_bit(rep == 5 ? 1 : 0));
    CHECK(g.pending().empty());   // no rewards: the game is over
    // The log says why (players asked why the deliverer lost, or won a tie).
    const std::string words = filled(g, g.describe_effects());
    CHECK(words.find("The best Reputation among Fidanza's affiliates is " + std::to_string(rep) + ".") != std::string::npos);
    CHECK((words.find("{seat:0} made the last delivery, which breaks the tie.") != std::string::npos) == (rep == 3));
  }
}

TEST_CASE("scoundrels rule End: an unaffiliated player making the last delivery is affiliated by it") {
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Surya II", "reputation": 6, "affiliation": "ANUBIS", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "encounterDeck": ["Quiet"]
  })", R"({"deliveriesToWin": 1})");
  play(g, act(0, kind::deliver, {contract_id(g, "Spice")}));
  REQUIRE(g.result().over);
  CHECK(g.ship_of(0).affiliation == static_cast<int>(syndicate::fidanza));
  CHECK(g.result().winners == engine::seat_bit(0));
}

TEST_CASE("scoundrels rule Turn limit: the safeguard ends the game with the leading syndicate's best reputation") {
  state g = game(2, R"({
    "phase": "DOCKYARD_ROLL", "firstPlayer": 0, "turn": 3,
    "ships": [
      {"location": "Pandora", "reputation": 2, "affiliation": "SEMYORKA", "bays": [{"card": "Captain Vega", "captain": true}]},
      {"location": "Surya II", "reputation": 4, "affiliation": "ANUBIS", "bays": [{"card": "Captain Orr", "captain": true}]}
    ],
    "tracks": [{"syndicate": "SEMYORKA", "delivered": ["Guns", "Guns Two"]}, {"syndicate": "ANUBIS", "delivered": ["Idols"]}],
    "encounterDeck": ["Quiet"],
    "dice": [6]
  })", R"({"turnLimit": 3})");
  REQUIRE(g.result().over);
  CHECK(std::string(g.result().reason) == "turn_limit");
  CHECK(g.result().winners == engine::seat_bit(0));
  // Seat 1's better Reputation does not count: its syndicate is not the most delivered.
  CHECK(filled(g, g.describe_effects()).find("The best Reputation among the affiliates of the syndicates with the most deliveries (2) is 2.") !=
        std::string::npos);
}

TEST_CASE("scoundrels rule Delivery brawl: a thief with no open bay holds the stolen cargo and must deliver or bury it on their Delivery step") {
  // Rulebook "Delivery": "An attacker who successfully steals a cargo may return it to their
  // ship (if-and-only-if they have an open bay to store it in). If they do not have space to
  // store it, they must attempt to deliver/bury it on their turn." Seat 1's five bays are full.
  state g = game(2, R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"},
                                       {"card": "+1 Hyperdrive"}, {"card": "Laser Cannon"}, {"cargo": "Guns"}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [6, 1, 6, 1]
  })");
  const std::int32_t spice = contract_id(g, "Spice");
  REQUIRE(g.open_bays(1) == 0);
  play(g, act(0, kind::deliver, {spice}));
  play(g, act(1, kind::brawl, {0}));
  play(g, act(1, kind::fight));
  play(g, act(0, kind::fight));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Brute")}));
  play(g, act(1, kind::press, {1}));
  play(g, act(0, kind::allocate, {held(g, 0, "Captain Vega")}));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  REQUIRE(g.fight().winner == 1);
  // With no open bay the stake may still be taken: it is held, not stored.
  REQUIRE(listed(g, act(1, kind::pillage, {spice})));
  play(g, act(1, kind::pillage, {spice}));
  CHECK(g.ship_of(1).held_cargo == spice - 1);
  for (const bay& b : g.ship_of(1).bays) CHECK(b.card != spice - 1);
  CHECK(filled(g, g.describe_effects()).find("{seat:1} has no open bay for the Spice cargo: they hold it and must deliver or bury it on their Delivery step.") != std::string::npos);
  // It is public, on the thief's ship in every view.
  pb::View v;
  g.view(engine::viewer::spectator(), v);
  CHECK(v.ships(1).held_cargo().name() == "Spice");
  if (g.pending().size() && g.pending().back().kind == task::pillage) play(g, act(1, kind::pillage, {0}));
  // Seat 0's delivery was stopped; its step ends, and seat 1's Delivery step begins with the
  // held cargo: delivered or buried, nothing else first (no PASS).
  play(g, act(0, kind::pass));
  REQUIRE(g.active_seat() == 1);
  std::vector<action> legal;
  g.legal_actions(1, legal);
  CHECK(legal.size() == 2);
  CHECK(listed(g, act(1, kind::deliver, {spice})));
  CHECK(listed(g, act(1, kind::bury, {spice})));
  CHECK_FALSE(listed(g, act(1, kind::pass)));
  CHECK(g.timeout_action(1).kind == static_cast<std::uint16_t>(kind::deliver));
  play(g, act(1, kind::deliver, {spice}));
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 1);
  CHECK(g.ship_of(1).held_cargo == no_card);
  CHECK(g.ship_of(1).rep == 1);
}

namespace {

// Seat 1's Delivery step at Pandora, every bay full, holding a stolen Spice (Fidanza), which
// holds a grudge against it; EXTRA: more of seat 1's ship.
std::string holding_spice(std::string_view extra = "") {
  std::string p = R"({
    "phase": "DELIVERY", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"},
                                       {"card": "+1 Hyperdrive"}, {"card": "Laser Cannon"}, {"cargo": "Guns"}],
       "heldCargo": "Spice", "grudges": ["FIDANZA"] EXTRA}
    ],
    "encounterDeck": ["Quiet", "Quiet"]
  })";
  p.replace(p.find("EXTRA"), 5, extra);
  return p;
}

}  // namespace

TEST_CASE("scoundrels rule Delivery brawl: a held cargo its thief cannot deliver or bury goes under the contract deck when their step ends") {
  // Unaffiliated, seat 1 may neither deliver Spice (the grudge) nor bury it: PASS returns it
  // to the ship, which has no open bay for it.
  state g = game(2, holding_spice());
  const std::int32_t spice = contract_id(g, "Spice");
  CHECK(g.ship_of(1).held_cargo == spice - 1);
  CHECK_FALSE(listed(g, act(1, kind::deliver, {spice})));
  CHECK_FALSE(listed(g, act(1, kind::bury, {spice})));
  REQUIRE(listed(g, act(1, kind::pass)));
  const int deck = g.contract_deck_size();
  play(g, act(1, kind::pass));
  CHECK(g.ship_of(1).held_cargo == no_card);
  for (const bay& b : g.ship_of(1).bays) CHECK(b.card != spice - 1);
  CHECK(g.contract_deck_size() == deck + 1);
  CHECK(filled(g, g.describe_effects()).find("The Spice cargo goes under the contract deck: {seat:1} has no open bay for it.") != std::string::npos);
}

TEST_CASE("scoundrels positions: a held cargo is stated only in DELIVERY, for a ship whose step is now or to come") {
  auto refused = [](std::string_view json) {
    pb::Position p;
    std::string error;
    REQUIRE_MESSAGE(engine::from_json(json, p, error), error);
    const verdict v = state::validate(test_content(), 2, options(), p);
    return v ? std::string() : std::string(v.detail);
  };
  const std::string movement = refused(R"({"phase": "MOVEMENT", "activeSeat": 0, "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}], "heldCargo": "Spice"},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}]})");
  CHECK(movement.find("held_cargo") != std::string::npos);
  const std::string past = refused(R"({"phase": "DELIVERY", "activeSeat": 1, "firstPlayer": 0, "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}], "heldCargo": "Spice"},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}]})");
  CHECK(past.find("now or to come") != std::string::npos);
  CHECK(refused(R"({"phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0, "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}], "heldCargo": "Spice"},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}]})").empty());
  // Its delivery under way may be stated; another cargo's may not, while it holds one.
  const std::string ships = R"("ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice Two"}], "heldCargo": "Spice"},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}]}])";
  CHECK(refused(R"({"phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0, "delivering": {"cargo": "Spice", "asking": 1}, )" + ships + "}").empty());
  CHECK(refused(R"({"phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0, "delivering": {"cargo": "Spice Two", "asking": 1}, )" + ships + "}")
            .find("comes first") != std::string::npos);
}

TEST_CASE("scoundrels rule Delivery brawl: a buried held cargo draws no new contract, having no bay to put it in") {
  // Seat 1 may not deliver to Fidanza (a grudge) but, affiliated, may bury: that is all it is offered.
  state g = game(2, holding_spice(R"(, "affiliation": "SEMYORKA", "reputation": 2)"));
  const std::int32_t spice = contract_id(g, "Spice");
  std::vector<action> legal;
  g.legal_actions(1, legal);
  REQUIRE(legal.size() == 1);
  CHECK(legal[0] == act(1, kind::bury, {spice}));
  const int deck = g.contract_deck_size();
  play(g, act(1, kind::bury, {spice}));
  CHECK(g.ship_of(1).held_cargo == no_card);
  CHECK(g.contract_deck_size() == deck + 1);
  CHECK(filled(g, g.describe_effects()).find("{seat:1} buries the Spice cargo.") != std::string::npos);
  CHECK(listed(g, act(1, kind::pass)));   // then the usual step
}

TEST_CASE("scoundrels property: random Delivery phases with full-bayed brawlers - a held cargo lives only in DELIVERY and no contract is lost") {
  // Three ships at Pandora, the later two with every bay full: seat 0 delivers, the others
  // may brawl, steal and hold. Random legal play (the seed's dice) to the phase's end.
  const std::string position = R"({
    "phase": "DELIVERY", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"cargo": "Spice"}, {"cargo": "Spice Two"}],
       "weaponsLocker": ["Blaster Pistol"]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"},
                                       {"card": "+1 Hyperdrive"}, {"card": "Laser Cannon"}, {"cargo": "Guns"}],
       "weaponsLocker": ["Blaster Pistol"]},
      {"location": "Pandora", "bays": [{"card": "Captain Quill", "captain": true}, {"card": "Gunner"},
                                       {"card": "Medic"}, {"card": "Mechanic"}, {"cargo": "Chips"}],
       "weaponsLocker": ["Blaster Pistol", "Frag Grenade"]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"]
  })";
  auto contracts = [](const state& g) {
    int n = g.contract_deck_size() + static_cast<int>(g.open_contracts().size());
    for (int k = 0; k < syndicate_count; ++k) n += g.deliveries(k);
    for (int s = 0; s < g.seat_count(); ++s) {
      for (const bay& b : g.ship_of(s).bays) n += b.card != no_card && g.is_contract(b.card);
      n += g.ship_of(s).held_cargo != no_card;
    }
    return n;
  };
  int held_runs = 0;
  std::vector<action> legal;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    pb::Position p;
    std::string error;
    REQUIRE(engine::from_json(position, p, error));
    state g(test_content(), 3, options(), p, seed);
    const int total = contracts(g);
    engine::rng r(seed, 11);
    bool held_seen = false;
    for (int step = 0; step < 400 && g.current_phase() == phase::delivery && !g.result().over; ++step) {
      const int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
      REQUIRE(seat < 3);
      g.legal_actions(seat, legal);
      std::erase_if(legal, [](const action& a) { return a.kind == engine::resign_kind; });
      REQUIRE(!legal.empty());
      play(g, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      CHECK(contracts(g) == total);
      for (int s = 0; s < 3; ++s) {
        if (g.ship_of(s).held_cargo == no_card) continue;
        held_seen = true;
        // Held only until the holder's own step is over.
        CHECK((g.active_seat() <= s || g.current_phase() != phase::delivery) == true);
      }
    }
    for (int s = 0; s < 3; ++s) CHECK(g.ship_of(s).held_cargo == no_card);
    held_runs += held_seen;
  }
  MESSAGE("runs with a held cargo: " << held_runs << " of 300");
  CHECK(held_runs > 0);
}

TEST_CASE("scoundrels rule Delivery brawl: a held cargo's delivery a brawl leaves without crew is not made, and the cargo goes under the deck at PASS") {
  // Seat 1 holds Spice; seat 2, later at Pandora, brawls its attempt. Both captains are hurt
  // already and the dice give no extra hit: both are disabled, nobody wins.
  state g = game(3, R"({
    "phase": "DELIVERY", "activeSeat": 1, "firstPlayer": 0,
    "ships": [
      {"location": "Metis Prime", "bays": [{"card": "Captain Lux", "captain": true}]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true, "damage": 1}, {"card": "+1 Hyperdrive"},
                                       {"card": "Laser Cannon"}, {"card": "Deflector"}, {"cargo": "Guns"}],
       "heldCargo": "Spice"},
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true, "damage": 1}]}
    ],
    "encounterDeck": ["Quiet", "Quiet", "Quiet", "Quiet"],
    "dice": [1, 1, 1, 1]
  })");
  const std::int32_t spice = contract_id(g, "Spice");
  play(g, act(1, kind::deliver, {spice}));
  play(g, act(2, kind::brawl, {1}));
  play(g, act(2, kind::fight));
  play(g, act(1, kind::fight));
  play(g, act(1, kind::allocate, {held(g, 1, "Captain Orr")}));
  play(g, act(2, kind::allocate, {held(g, 2, "Captain Vega")}));
  REQUIRE(g.fight().kind == fight_kind::none);
  CHECK(g.deliveries(static_cast<int>(syndicate::fidanza)) == 0);
  CHECK(filled(g, g.describe_effects()).find("{seat:1} has no conscious crew left: the Spice cargo is not delivered.") != std::string::npos);
  REQUIRE(g.ship_of(1).held_cargo == spice - 1);
  const int deck = g.contract_deck_size();
  play(g, act(1, kind::pass));
  CHECK(g.ship_of(1).held_cargo == no_card);
  CHECK(g.contract_deck_size() == deck + 1);
}

TEST_CASE("scoundrels preference: \"End my Delivery\" ends a Delivery step that has nothing to deliver or bury, and only that") {
  const std::uint8_t on[] = {1}, off[] = {0};
  // At Surya II the Spice (for Pandora) can be neither delivered nor buried: PASS is all.
  const state away = game(2, delivery(R"("location": "Surya II")", R"("location": "Metis Prime")"));
  std::vector<action> legal;
  away.legal_actions(0, legal);
  REQUIRE(legal == std::vector<action>{act(0, kind::pass)});
  CHECK(away.preferred_action(0, on) == act(0, kind::pass));
  CHECK_FALSE(away.preferred_action(0, off));
  CHECK_FALSE(away.preferred_action(1, on));   // not its step
  // At Pandora it may deliver: the seat is asked.
  const state here = game(2, delivery(R"("location": "Pandora")"));
  REQUIRE(listed(here, act(0, kind::deliver, {contract_id(here, "Spice")})));
  CHECK_FALSE(here.preferred_action(0, on));
  // Not in Movement.
  const state moving = game(2, R"({"phase": "MOVEMENT", "activeSeat": 0, "ships": [
    {"location": "Surya II", "bays": [{"card": "Captain Vega", "captain": true}]},
    {"location": "Metis Prime", "bays": [{"card": "Captain Orr", "captain": true}]}], "encounterDeck": ["Quiet"]})");
  CHECK_FALSE(moving.preferred_action(0, on));
  REQUIRE(state::preferences().size() == 1);
  CHECK(state::preferences()[0].id == "end_empty_delivery");
}
