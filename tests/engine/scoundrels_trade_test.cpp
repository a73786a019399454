// S.P.A.C.E. trade offers: who acts, what they show to whom, and every change that voids one.
#include "tests/engine/scoundrels_table.hpp"

using namespace scoundrels_test;

namespace {

// Seat 0 (its Movement) and seat 1 at Pandora; seat 2 elsewhere.
const char* market = R"({
  "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
  "ships": [
    {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "+1 Hyperdrive"}, {"cargo": "Guns"}],
     "weaponsLocker": ["Frag Grenade"], "storageLocker": ["Lucky Charm"], "captainsLog": ["Fuel Favor"]},
    {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"}, {"cargo": "Chips"}],
     "storageLocker": ["Medkit", "Flak Armour"]},
    {"location": "Niska", "bays": [{"card": "Captain Lux", "captain": true}]}
  ],
  "openContracts": ["Idols"],
  "encounterDeck": ["Quiet"]
})";

int offer_count(const state& g) { return static_cast<int>(g.offers().size()); }

bool says(const state& g, const std::string& words) { return filled(g, g.describe_effects()).find(words) != std::string::npos; }

}  // namespace

TEST_CASE("scoundrels trade: an offer makes its target act, accepting swaps both sides at once") {
  state g = game(3, market);
  const std::int32_t grenade = held(g, 0, "Frag Grenade");
  const card_no grenade_card = held_card(g, 0, "Frag Grenade");
  // Seat 0 asks for seat 1's first face-down item (index 0: the Medkit) for its grenade.
  play(g, act(0, kind::propose, {1, grenade, -1, 0}));
  REQUIRE(offer_count(g) == 1);
  CHECK(g.must_act() == (engine::seat_bit(0) | engine::seat_bit(1)));
  // The proposer awaits the answer: the server stops its turn timer meanwhile.
  CHECK(g.awaiting_answer() == engine::seat_bit(0));
  // The proposer keeps playing but makes no second offer while one is open.
  CHECK_FALSE(g.check(act(0, kind::propose, {1, held(g, 0, "Lucky Charm"), 0, 0})));
  const int id = g.offers()[0].id;
  play(g, act(1, kind::accept, {id}));
  CHECK(offer_count(g) == 0);
  CHECK(held_card(g, 1, "Frag Grenade") == grenade_card);
  CHECK(held(g, 0, "Medkit") > 0);
  CHECK(g.must_act() == engine::seat_bit(0));
  CHECK(g.awaiting_answer() == 0);   // answered: its turn (and a whole turn timer) goes on
}

TEST_CASE("scoundrels trade: every view says which offers were accepted this Movement, since a traded item comes out with a new id") {
  state g = game(3, market);
  const std::int32_t grenade = held(g, 0, "Frag Grenade");
  play(g, act(0, kind::propose, {1, grenade, -1, 0}));
  const int id = g.offers()[0].id;
  pb::View before;
  g.view(engine::viewer::of_seat(0), before);
  REQUIRE(before.offers_size() == 1);
  const std::uint32_t offered = before.offers(0).give(0).id();
  CHECK(before.traded_offers_size() == 0);
  play(g, act(1, kind::accept, {id}));
  for (const engine::viewer who : {engine::viewer::of_seat(0), engine::viewer::of_seat(1), engine::viewer::of_seat(2),
                                   engine::viewer::spectator()}) {
    pb::View v;
    g.view(who, v);
    REQUIRE(v.traded_offers_size() == 1);   // a trade is public; the items stay each viewer's to see or not
    CHECK(v.traded_offers(0) == static_cast<std::uint32_t>(id));
    CHECK(v.declined_offers_size() == 0);
  }
  // The grenade is seat 1's now, under another id: where the offered id went cannot tell the trade.
  pb::View to;
  g.view(engine::viewer::of_seat(1), to);
  for (const pb::Ship& sh : to.ships())
    for (const pb::Card& c : sh.weapons_locker()) CHECK(c.id() != offered);
  // The next Movement starts with none.
  play(g, act(0, kind::pass));
  pb::View later;
  g.view(engine::viewer::spectator(), later);
  CHECK(later.traded_offers_size() == 0);
}

TEST_CASE("scoundrels trade: the offered items show to the two seats only, the words name no face-down card") {
  state g = game(3, market);
  const action offer = act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), -2, 0});
  const std::string words = filled(g, g.describe(offer));
  CHECK(words.find("Frag Grenade") == std::string::npos);
  CHECK(words.find("Flak Armour") == std::string::npos);
  play(g, offer);
  pb::View to, third, spectator;
  g.view(engine::viewer::of_seat(1), to);
  g.view(engine::viewer::of_seat(2), third);
  g.view(engine::viewer::spectator(), spectator);
  REQUIRE(to.offers_size() == 1);
  CHECK(to.offers(0).give(0).name() == "Frag Grenade");
  CHECK(to.offers(0).take(0).name() == "Flak Armour");
  CHECK(third.offers(0).give(0).name().empty());
  CHECK(third.offers(0).give(0).id() == 0);
  CHECK(spectator.offers(0).take(0).name().empty());
}

TEST_CASE("scoundrels trade: cargo and small items only, ship systems only at the Dockyard, no crew or favors") {
  state g = game(3, market);
  CHECK(g.check(act(0, kind::propose, {1, contract_id(g, "Guns"), contract_id(g, "Chips"), 0})));
  CHECK_FALSE(g.check(act(0, kind::propose, {1, held(g, 0, "+1 Hyperdrive"), 0, 0})));
  CHECK_FALSE(g.check(act(0, kind::propose, {1, held(g, 0, "Captain Vega"), 0, 0})));
  CHECK_FALSE(g.check(act(0, kind::propose, {1, held(g, 0, "Fuel Favor"), 0, 0})));
  CHECK_FALSE(g.check(act(0, kind::propose, {2, held(g, 0, "Frag Grenade"), 0, 0})));   // not here
  CHECK_FALSE(g.check(act(0, kind::propose, {1, 0, 0, 0})));                            // nothing at all
  // Bundles beyond the list: two items given for one.
  CHECK(g.check(act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), -1, held(g, 0, "Lucky Charm")})));
}

TEST_CASE("scoundrels trade: a declined offer is not repeated in the same Movement") {
  state g = game(3, market);
  const action offer = act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0});
  play(g, offer);
  play(g, act(1, kind::decline, {g.offers()[0].id}));
  CHECK_FALSE(says(g, "ends unanswered"));   // "declines the trade." is the answer
  CHECK_FALSE(listed(g, offer));
  CHECK_FALSE(g.check(offer));
  CHECK(g.check(act(0, kind::propose, {1, held(g, 0, "Lucky Charm"), 0, 0})));
  // The view says so (a page reloaded mid-Movement could not tell why it was gone), with the
  // items shown as the open offer showed them: to the two seats of it only.
  pb::View from, third;
  g.view(engine::viewer::of_seat(0), from);
  g.view(engine::viewer::of_seat(2), third);
  REQUIRE(from.declined_offers_size() == 1);
  CHECK(from.declined_offers(0).give(0).name() == "Frag Grenade");
  CHECK_FALSE(from.declined_offers(0).withdrawn());
  CHECK(third.declined_offers(0).give(0).name().empty());
  play(g, act(0, kind::propose, {1, held(g, 0, "Lucky Charm"), 0, 0}));
  play(g, act(0, kind::withdraw, {g.offers()[0].id}));
  g.view(engine::viewer::of_seat(0), from);
  REQUIRE(from.declined_offers_size() == 2);
  CHECK(from.declined_offers(1).withdrawn());
}

TEST_CASE("scoundrels trade: an offer dies when the proposer moves away") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  play(g, act(0, kind::move, {maw}));
  CHECK(offer_count(g) == 0);
  // The log tells it, as the page tells the one it was made to.
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: the ships part."));
  // Leaving purple Pandora opens the departure ambush window: seat 1 is asked.
  CHECK(g.must_act() == engine::seat_bit(1));
}

TEST_CASE("scoundrels trade: an offer dies when a fight starts, and a trade brawl puts the offered item at stake") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, contract_id(g, "Guns"), 0, 0}));
  CHECK(offer_count(g) == 1);
  // Seat 1 answers with a brawl instead: a fight voids every open offer.
  play(g, act(1, kind::brawl, {0}));
  CHECK(offer_count(g) == 0);
  CHECK_FALSE(says(g, "ends unanswered"));   // the brawl is its answer, in its own words
  CHECK(g.fight().kind == fight_kind::brawl);
  CHECK(g.fight().trade.give == contract_id(g, "Guns") - 1);   // the item brought for trade is at stake
}

TEST_CASE("scoundrels trade: an offer dies when what it names leaves its holder (a one-use repair item)") {
  std::string pos = market;
  pos.replace(pos.find(R"({"card": "+1 Hyperdrive"})"), 25, R"({"card": "+1 Hyperdrive", "damage": 1})");
  pos.replace(pos.find(R"("storageLocker": ["Lucky Charm"])"), 32, R"("storageLocker": ["Lucky Charm", "Tool Kit"])");
  state g = game(3, pos);
  play(g, act(0, kind::propose, {1, held(g, 0, "Tool Kit"), 0, 0}));
  CHECK(offer_count(g) == 1);
  play(g, act(0, kind::repair, {held(g, 0, "Tool Kit"), held(g, 0, "+1 Hyperdrive")}));
  CHECK(damage_of(g, 0, "+1 Hyperdrive") == 0);
  CHECK(offer_count(g) == 0);   // the Tool Kit is used up
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: an item in it is gone."));
  CHECK(g.must_act() == engine::seat_bit(0));
}

TEST_CASE("scoundrels trade: an offer dies when the proposer's Movement ends") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  play(g, act(0, kind::pass));
  CHECK(offer_count(g) == 0);
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: {seat:0}'s Movement ends."));
  CHECK(g.active_seat() == 1);
}

TEST_CASE("scoundrels trade: an offer dies when the proposer gives the item away elsewhere (the Dockyard's payment)") {
  std::string pos = market;
  pos.replace(pos.find(R"("openContracts")"), 15, R"("dockyard": "Pandora", "openContracts")");
  state g = game(3, pos);
  play(g, act(0, kind::propose, {1, held(g, 0, "Lucky Charm"), 0, 0}));
  CHECK(offer_count(g) == 1);
  // Visiting the Dockyard closes the market.
  play(g, act(0, kind::dockyard));
  CHECK(offer_count(g) == 0);
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: {seat:0} visits the Dockyard."));
}

TEST_CASE("scoundrels trade: an offer dies when its proposer starts a fight, and the log says so") {
  // Three ships in the Maw (deep space): seat 0 offers to seat 1, then intercepts seat 2.
  const char* maw_market = R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Maw", "bays": [{"card": "Captain Vega", "captain": true}, {"card": "Laser Cannon"}],
       "weaponsLocker": ["Frag Grenade"]},
      {"location": "Maw", "bays": [{"card": "Captain Orr", "captain": true}], "storageLocker": ["Medkit"]},
      {"location": "Maw", "bays": [{"card": "Captain Lux", "captain": true}, {"card": "+1 Hyperdrive"}]}
    ],
    "encounterDeck": ["Quiet"]
  })";
  state g = game(3, maw_market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  REQUIRE(offer_count(g) == 1);
  play(g, act(0, kind::intercept, {2}));
  CHECK(offer_count(g) == 0);
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: a fight starts."));
}

TEST_CASE("scoundrels trade: a brawl with a third ship ends the offer, and the log says so") {
  // Seat 0 trades with seat 2, then offers to seat 1 and brawls seat 2 over the first trade.
  const char* three_here = R"({
    "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
    "ships": [
      {"location": "Pandora", "bays": [{"card": "Captain Vega", "captain": true}], "weaponsLocker": ["Frag Grenade"],
       "storageLocker": ["Lucky Charm"]},
      {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}], "storageLocker": ["Medkit"]},
      {"location": "Pandora", "bays": [{"card": "Captain Lux", "captain": true}], "storageLocker": ["Flak Armour"]}
    ],
    "encounterDeck": ["Quiet"]
  })";
  state g = game(3, three_here);
  play(g, act(0, kind::propose, {2, held(g, 0, "Lucky Charm"), 0, 0}));
  play(g, act(2, kind::accept, {g.offers()[0].id}));
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  REQUIRE(offer_count(g) == 1);
  const action brawl = act(0, kind::brawl, {2});
  REQUIRE(listed(g, brawl));
  play(g, brawl);
  CHECK(offer_count(g) == 0);
  CHECK(says(g, "{seat:0}'s offer to {seat:1} ends unanswered: a fight starts."));
}

TEST_CASE("scoundrels trade: a seat outside the offer resigning leaves it open, the target resigning ends it") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  REQUIRE(offer_count(g) == 1);
  play(g, act(2, kind::resign));
  CHECK(offer_count(g) == 1);
  CHECK_FALSE(says(g, "ends unanswered"));
  play(g, act(1, kind::resign));
  CHECK(offer_count(g) == 0);
  CHECK_FALSE(says(g, "ends unanswered"));   // the resignation's own line says why
}

TEST_CASE("scoundrels trade: an answer is one line naming the offer's proposer, and no face-down item") {
  // Before, "X accepts the trade." was followed by "X and Y trade.", which said nothing new.
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), -1, 0}));   // for seat 1's Medkit
  const action accept = act(1, kind::accept, {g.offers()[0].id});
  const std::string words = filled(g, g.describe(accept));
  CHECK(words == "{seat:1} accepts {seat:0}'s offer: they trade.");
  play(g, accept);
  CHECK(held(g, 1, "Frag Grenade") > 0);
  const std::string effects = filled(g, g.describe_effects());
  CHECK(effects.find("trade") == std::string::npos);   // the answer's own line said it
  for (const char* hidden : {"Frag Grenade", "Medkit"}) {
    CHECK(words.find(hidden) == std::string::npos);
    CHECK(effects.find(hidden) == std::string::npos);
  }

  state d = game(3, market);
  play(d, act(0, kind::propose, {1, held(d, 0, "Frag Grenade"), 0, 0}));
  CHECK(filled(d, d.describe(act(1, kind::decline, {d.offers()[0].id}))) == "{seat:1} declines {seat:0}'s offer.");
  CHECK(filled(d, d.describe(act(0, kind::withdraw, {d.offers()[0].id}))) == "{seat:0} withdraws the offer to {seat:1}.");
}

TEST_CASE("scoundrels trade: a cargo received with no open bay goes under the contract deck, and the log says so") {
  // Seat 1's five bays are full: the Guns it accepts cannot be placed (Trades, rules notes).
  std::string pos = market;
  const std::string bays = R"({"card": "Captain Orr", "captain": true}, {"card": "Laser Cannon"}, {"cargo": "Chips"})";
  pos.replace(pos.find(bays), bays.size(), bays + R"(, {"cargo": "Spice"}, {"cargo": "Spice Two"})");
  state g = game(3, pos);
  play(g, act(0, kind::propose, {1, contract_id(g, "Guns"), -1, 0}));
  play(g, act(1, kind::accept, {g.offers()[0].id}));
  CHECK(says(g, "The Guns cargo goes under the contract deck: {seat:1} has no open bay for it."));
}

TEST_CASE("scoundrels trade: the target's timeout declines") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  const action t = g.timeout_action(1);
  CHECK(t.kind == static_cast<std::uint16_t>(kind::decline));
}

TEST_CASE("scoundrels trade: one brawl a trade - a brawl spends the trade it follows") {
  state g = game(3, market);
  play(g, act(0, kind::propose, {1, held(g, 0, "Frag Grenade"), 0, 0}));
  play(g, act(1, kind::accept, {g.offers()[0].id}));
  const action brawl = act(0, kind::brawl, {1});
  REQUIRE(listed(g, brawl));   // after a trade, the proposer may start a brawl
  play(g, brawl);
  REQUIRE(g.fight().kind == fight_kind::brawl);
  // The fight runs its rounds (each seat's first listed choice) until it is over.
  std::vector<engine::action> legal;
  for (int guard = 0; guard < 200 && g.fight().kind != fight_kind::none; ++guard) {
    const int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
    g.legal_actions(seat, legal);
    REQUIRE(!legal.empty());
    play(g, legal.front());
  }
  REQUIRE(g.fight().kind == fight_kind::none);
  REQUIRE(g.active_seat() == 0);
  // Healed or not, the same trade does not start a second brawl.
  CHECK_FALSE(listed(g, brawl));
  CHECK_FALSE(g.check(brawl));
}

namespace {

// Seat 0 (Captain Lux, no blows) offers its Frag Grenade for seat 1's Medkit; seat 1's crew
// (Captain Orr and a Brute) win any brawl in two rounds: every die misses.
const char* weak_proposer = R"({
  "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
  "ships": [
    {"location": "Pandora", "bays": [{"card": "Captain Lux", "captain": true}], "weaponsLocker": ["Frag Grenade"], "storageLocker": ["Lucky Charm"]},
    {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"}], "storageLocker": ["Medkit"]}
  ],
  "encounterDeck": ["Quiet"],
  "dice": [1, 1, 1, 1, 1, 1]
})";

// Plays the brawl under way (no one equips; the attacker fights on) until seat 1 pillages.
void brawl_until_pillage(state& g) {
  for (int guard = 0; guard < 40 && !(g.pending().size() && g.pending().back().kind == task::pillage); ++guard) {
    const int seat = std::countr_zero(static_cast<unsigned>(g.must_act()));
    if (listed(g, act(seat, kind::fight))) play(g, act(seat, kind::fight));
    else if (listed(g, act(seat, kind::press, {1}))) play(g, act(seat, kind::press, {1}));
    else if (listed(g, act(seat, kind::allocate, {held(g, seat, "Captain Lux")}))) play(g, act(seat, kind::allocate, {held(g, seat, "Captain Lux")}));
    else FAIL("nothing to play for seat " << seat);
  }
  REQUIRE(g.pending().size());
  REQUIRE(g.pending().back().kind == task::pillage);
  REQUIRE(g.pending().back().seat == 1);
}

}  // namespace

TEST_CASE("scoundrels trade: a trade brawl's winner, either side, may take an item the loser brought for trade") {
  // Rulebook "Melee": "In a trade brawl, the winner may also steal a single item brought for
  // trade." (Rules version 3; before, only the defender's item was at stake, and a small item
  // never could be taken.) Seat 0 proposes and starts the brawl; seat 1 defends and wins.
  state g = game(2, weak_proposer);
  const std::int32_t grenade = held(g, 0, "Frag Grenade");
  const card_no grenade_card = held_card(g, 0, "Frag Grenade");
  play(g, act(0, kind::propose, {1, grenade, -1, 0}));
  play(g, act(0, kind::brawl, {1}));
  brawl_until_pillage(g);
  // Face down in the loser's locker: named by its place, as every other seat names it (the
  // page had no name for its id: "Take card 242").
  const action take = act(1, kind::pillage, {blind(g, 0, "Frag Grenade")});
  CHECK(listed(g, take));                                               // the proposer's item
  CHECK_FALSE(listed(g, act(1, kind::pillage, {grenade})));
  CHECK_FALSE(listed(g, act(1, kind::pillage, {blind(g, 0, "Lucky Charm")})));   // not brought for trade
  play(g, take);
  CHECK(held_card(g, 1, "Frag Grenade") == grenade_card);
  // Taken from a face-down locker: the log does not name it.
  CHECK(says(g, "{seat:1} takes a face-down item"));
  // The one "also" pick is spent, and nothing was equipped: stopping is all that is left.
  std::vector<action> legal;
  g.legal_actions(1, legal);
  CHECK(legal.size() == 1);
  play(g, act(1, kind::pillage, {0}));
  CHECK(g.fight().kind == fight_kind::none);
}

TEST_CASE("scoundrels trade: the offer's target may start a brawl after the exchange, and win back what it gave") {
  // Rulebook "Melee": "A player may initiate a brawl before or after exchanging items in a
  // trade." The target answers ACCEPT [offer, 1]: the items change hands, then it brawls.
  // (Rules version 3; before, only the proposer could brawl after an exchange.)
  state g = game(2, weak_proposer);
  const std::int32_t grenade = held(g, 0, "Frag Grenade");
  const card_no grenade_card = held_card(g, 0, "Frag Grenade");
  const card_no medkit_card = held_card(g, 1, "Medkit");
  play(g, act(0, kind::propose, {1, grenade, -1, 0}));
  const int id = g.offers()[0].id;
  const action after = act(1, kind::accept, {id, 1});
  CHECK(filled(g, g.describe(after)) == filled(g, "{seat:1} accepts {seat:0}'s offer: they trade, then {seat:1} starts a brawl with {seat:0}."));
  play(g, after);
  CHECK(held_card(g, 1, "Frag Grenade") == grenade_card);   // the exchange is made first
  CHECK(held_card(g, 0, "Medkit") == medkit_card);
  REQUIRE(g.fight().kind == fight_kind::brawl);
  CHECK(g.fight().attacker == 1);
  CHECK(g.fight().defender == 0);
  brawl_until_pillage(g);
  // What the winner brought for trade, now the loser's (face down there), is at stake.
  play(g, act(1, kind::pillage, {blind(g, 0, "Medkit")}));
  CHECK(held_card(g, 1, "Medkit") == medkit_card);
  play(g, act(1, kind::pillage, {0}));
  REQUIRE(g.fight().kind == fight_kind::none);
  CHECK_FALSE(listed(g, act(0, kind::brawl, {1})));   // one brawl a trade: the proposer's is spent too
}

TEST_CASE("scoundrels positions: the active seat's exchanges this Movement are stated, and a posed brawl after one has them at stake") {
  // As the test above leaves it: Lux gave her Frag Grenade for Orr's Medkit, Orr brawled and won.
  auto posed = [](std::string_view exchanges, std::string_view stake = "") {
    std::string p = R"({
      "phase": "MOVEMENT", "activeSeat": 0, "firstPlayer": 0,
      "ships": [
        {"location": "Pandora", "bays": [{"card": "Captain Lux", "captain": true, "damage": 2}], "storageLocker": ["Medkit", "Lucky Charm"],
         "exchanges": [EXCHANGES]},
        {"location": "Pandora", "bays": [{"card": "Captain Orr", "captain": true}, {"card": "Brute"}], "weaponsLocker": ["Frag Grenade"]}
      ],
      "fight": {"kind": "BRAWL_FIGHT", "attacker": 1, "defender": 0, "round": 1, "step": "PILLAGING", "winner": 1, "pillageLeft": 2 STAKE},
      "encounterDeck": ["Quiet"]
    })";
    p.replace(p.find("EXCHANGES"), 9, exchanges);
    p.replace(p.find("STAKE"), 5, stake);
    return p;
  };
  state g = game(2, posed(R"({"with": 1, "gave": "Frag Grenade", "got": "Medkit"})"));
  const card_no medkit_card = held_card(g, 0, "Medkit");
  const card_no grenade_card = held_card(g, 1, "Frag Grenade");
  // Orr may take back the Medkit he gave (a stake, though it is not equipped; face down in
  // Lux's locker, so named by its place); not the Lucky Charm.
  CHECK(listed(g, act(1, kind::pillage, {blind(g, 0, "Medkit")})));
  CHECK_FALSE(listed(g, act(1, kind::pillage, {blind(g, 0, "Lucky Charm")})));
  play(g, act(1, kind::pillage, {blind(g, 0, "Medkit")}));
  CHECK(held_card(g, 1, "Medkit") == medkit_card);
  CHECK(held_card(g, 1, "Frag Grenade") == grenade_card);
  auto refusal = [&](std::string_view exchanges) {
    pb::Position p;
    std::string error;
    REQUIRE_MESSAGE(engine::from_json(posed(exchanges), p, error), error);
    const verdict v = state::validate(test_content(), 2, options(), p);
    return v ? std::string() : std::string(v.detail);
  };
  CHECK(refusal(R"({"with": 0, "gave": "Frag Grenade"})").find("names another seat") != std::string::npos);
  CHECK(refusal(R"({"with": 1, "gave": "Medkit"})").find("now on the other ship") != std::string::npos);
  CHECK(refusal(R"({"with": 1, "got": "Frag Grenade"})").find("aboard this ship") != std::string::npos);
  CHECK(refusal(R"({"with": 1}, {"with": 1, "got": "Medkit"})").find("gives or gets something") != std::string::npos);
  CHECK(refusal(R"({"with": 1, "gave2": "Frag Grenade"})").find("name the first item given first") != std::string::npos);
  CHECK(refusal(R"({"with": 1, "gave": "Brute"})").find("a trade may move") != std::string::npos);   // crew are never traded
}

TEST_CASE("scoundrels hidden information: a face-down item that comes into sight has a fresh id") {
  // Two Tool Kits face down: whichever is offered, or used up (shown as it goes under its
  // deck), the others see the same thing. Before (rules version 5) a card kept its id through
  // a locker, so a Tool Kit seen going in could be told from another copy coming out, and
  // with it that the locker still held the other.
  std::string pos = market;
  pos.replace(pos.find(R"({"card": "+1 Hyperdrive"})"), 25, R"({"card": "+1 Hyperdrive", "damage": 1})");
  pos.replace(pos.find(R"("storageLocker": ["Lucky Charm"])"), 32, R"("storageLocker": ["Tool Kit", "Tool Kit"])");
  const state g = game(3, pos);
  std::vector<std::int32_t> kits;
  for (card_no c : g.ship_of(0).storage.items()) kits.push_back(g.wire(c));
  REQUIRE(kits.size() == 2);
  const auto seen_by = [](const state& x, engine::viewer who) {
    pb::View v;
    x.view(who, v);
    return v.SerializeAsString();
  };
  // Offered: the target sees it, the others see an offer of a face-down item.
  state offer_a = g, offer_b = g;
  play(offer_a, act(0, kind::propose, {1, kits[0], 0, 0}));
  play(offer_b, act(0, kind::propose, {1, kits[1], 0, 0}));
  for (int v = -1; v < 3; ++v)
    if (v != 0) CHECK(seen_by(offer_a, v < 0 ? engine::viewer::spectator() : engine::viewer::of_seat(v)) ==
                      seen_by(offer_b, v < 0 ? engine::viewer::spectator() : engine::viewer::of_seat(v)));
  // Used up: everyone sees it go.
  state use_a = g, use_b = g;
  play(use_a, act(0, kind::repair, {kits[0], held(g, 0, "+1 Hyperdrive")}));
  play(use_b, act(0, kind::repair, {kits[1], held(g, 0, "+1 Hyperdrive")}));
  for (int v = -1; v < 3; ++v)
    if (v != 0) CHECK(seen_by(use_a, v < 0 ? engine::viewer::spectator() : engine::viewer::of_seat(v)) ==
                      seen_by(use_b, v < 0 ? engine::viewer::spectator() : engine::viewer::of_seat(v)));
  // The kit left has kept its id, and the old id of the used one names nothing now.
  CHECK(held(use_a, 0, "Tool Kit") == kits[1]);
  CHECK(use_a.unwire(kits[0]) == no_card);
}
