// The S.P.A.C.E. table on hand-made views (test/scoundrels_fixture.ts): the map from the
// board data, moves on it, one button per legal action, backs without names for another
// seat's face-down cards, the fight's rounds with the escape roll as dice, trades (offers,
// the dialog's narrowing, claimed proposals), the scoreboard, labels of every action kind,
// the options and the reveal pacing.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, fromBinary } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import type { Action } from "../src/gen/starport/v1/common_pb.js";
import { DiceRollSchema, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { ActionKind, BaySchema, CardKind, FightKind, FightSchema, Syndicate, FightStep, LocationKind, LocationSchema, OfferSchema, OptionsSchema, Phase, PromptKind, PromptSchema } from "../src/gen/starport/v1/scoundrels_pb.js";
import type { TableContext } from "../src/games/types.js";
import { Timer } from "../src/kit/timer.js";
import { ordinal, outcomeText } from "../src/kit/words.js";
import { dockyardBadge, dockyardSpot, mapMarks, moveTargets, nameBox, placeNames, scrollToPoint, shipRadius, shipSpots, shortName, zoomFocus } from "../src/games/scoundrels/map.js";
import { buildOptions, describeOptions } from "../src/games/scoundrels/options.js";
import { revealPauseMs, rollPauseMs } from "../src/games/scoundrels/reveal.js";
import { ContractCard, ScCard, ScoundrelsTable } from "../src/games/scoundrels/table.js";
import { closedOfferText, followOffers, heardOfferText, narrow, proposals, tradeChoiceLabel, TradeComposer } from "../src/games/scoundrels/trade.js";
import { actionLabel, cardIndex, decisionHeading, reasonWords } from "../src/games/scoundrels/words.js";
import { act, card, contract, hidden, promptView, view } from "./scoundrels_fixture.js";
import { Button, seatName } from "./table_fixtures.js";

function ctx(viewer: number | null, claimed: Action[] = [], live = true): TableContext {
  return { info: null, viewer, live, seatName, timer: () => null, ActionButton: viewer === null ? undefined : Button, claim: (as) => void claimed.push(...as) };
}

const buttons = (html: string) => [...html.matchAll(/data-kind="(\d+)" data-args(?:="([^"]*)")?/g)].map((m) => `${m[1]}:${m[2] ?? ""}`);
const key = (a: Action) => `${a.kind}:${a.args.join(",")}`;

test("the map is drawn from the board: every location, its colour or patrol, connections, ships, the Dockyard", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  for (const n of ["Hedone", "Pandora", "Belloch", "Metis Prime", "Deep Blue", "The Void"]) assert.match(html, new RegExp(`data-name="${n}"`));
  assert.match(html, /sc-loc--green[^"]*" data-loc="0"/);
  assert.match(html, /sc-loc--purple[^"]*" data-loc="1"/);
  assert.match(html, /sc-loc--red[^"]*" data-loc="2"/);
  assert.match(html, /sc-loc--patrolled[^"]*" data-loc="4"/);
  assert.match(html, /sc-loc--unpatrolled[^"]*" data-loc="5"/);
  assert.equal(html.match(/<line /g)?.length, 5);
  assert.match(html, /sc-link sc-link--unpatrolled/);
  assert.match(html, /data-testid="sc-dockyard" data-loc="0"/);
  // Ships at their locations (two in Deep Blue, one at Belloch), an open contract's mark at Pandora.
  assert.match(html, /class="sc-ship seat-colour-0 sc-ship--you" data-seat="0" data-loc="4"/);
  assert.match(html, /class="sc-ship seat-colour-1" data-seat="1" data-loc="4"/);
  assert.match(html, /data-seat="2" data-loc="2"/);
  assert.match(html, /class="sc-contract-mark" data-loc="1"/);
  // The map in words for screen readers.
  assert.match(html, /aria-label="Map of 6 locations; Ada at Deep Blue, Bot Brigid at Deep Blue, Bot Cato at Belloch; the Dockyard at Hedone; open contracts: Medical Supplies at Pandora"/);
});

test("legal moves are ringed on the map and carry the move's own button", () => {
  const v = view();
  assert.deepEqual([...moveTargets(v, 0).keys()].sort(), [0, 5]);
  assert.deepEqual([...moveTargets(v, 1).keys()], []);
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />);
  assert.match(html, /sc-loc--target[^"]*" data-loc="0"/);
  assert.match(html, /sc-loc--target[^"]*" data-loc="5"/);
  assert.doesNotMatch(html, /sc-loc--target[^"]*" data-loc="1"/);
  assert.match(html, /Move to Hedone/);
  assert.match(html, /Move to The Void/);
  // Others (and replays) get no targets and no buttons.
  const theirs = renderToString(<ScoundrelsTable view={v} ctx={ctx(1)} />);
  assert.doesNotMatch(theirs, /sc-loc--target/);
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={ctx(null)} />), /data-kind="\d/);
});

test("every legal action of the viewer has exactly one button, except proposals, which the trade dialog claims", () => {
  const v = view();
  const claimed: Action[] = [];
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0, claimed)} />);
  const drawn = buttons(html);
  for (const a of v.legalActions) {
    const n = drawn.filter((b) => b === key(a)).length;
    if (a.kind === ActionKind.PROPOSE) {
      assert.equal(n, 0, key(a));
      assert.ok(claimed.some((c) => key(c) === key(a)), `claimed ${key(a)}`);
    } else assert.equal(n, 1, `one button for ${key(a)}, found ${n}`);
  }
  assert.equal(drawn.length, v.legalActions.filter((a) => a.kind !== ActionKind.PROPOSE).length);
  assert.match(html, /name="open-trade"/);
});

test("another seat's face-down cards are backs without a name; the viewer's own are faces", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  const bob = html.slice(html.indexOf('data-testid="sc-ship" data-seat="1"'));
  const bobSheet = bob.slice(0, bob.indexOf('data-testid="sc-ship" data-seat="2"'));
  assert.equal(bobSheet.match(/data-face="down"/g)?.length, 3);
  assert.match(bobSheet, /data-zone="weapons" data-count="2"/);
  assert.match(bobSheet, /aria-label="a face-down card"/);
  const ada = html.slice(html.indexOf('data-testid="sc-ship" data-seat="0"'), html.indexOf('data-testid="sc-ship" data-seat="1"'));
  assert.match(ada, /Blaster Pistol/);
  assert.match(ada, /Favor of the Court/);
  assert.doesNotMatch(ada, /data-face="down"/);
  // The offer from Bob names his face-down item only as a face-down card.
  assert.match(html, /data-side="give">a face-down card</);
  assert.match(html, /data-side="take">cargo Spice Run</);
});

test("ship sheets: bays with systems, crew health and cargo, reputation die, affiliation, grudges, movement", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  assert.match(html, /aria-label="Vex Marlow ★? ?\(?[^"]*captain, injured/);
  assert.match(html, /Old Nell[^"]*captain, disabled/);
  assert.match(html, /Plasma Cannon[^"]*disabled/);
  assert.match(html, /data-bay="3" data-filled="1"/);
  assert.match(html, /Spice Run/);
  assert.match(html, /data-bay="4" data-filled="0"/);
  assert.match(html, /open bay/);
  assert.match(html, /Rep 2/);
  assert.match(html, /class="die seat-colour-0"[^>]*data-face="2"/);
  assert.match(html, /grudge: Semyorka/);
  assert.match(html, /move 2\/3/);
  assert.match(html, /no conscious crew/);
  assert.match(html, /1st Player/);
  // Yours first.
  assert.ok(html.indexOf('data-testid="sc-ship" data-seat="0"') < html.indexOf('data-testid="sc-ship" data-seat="1"'));
  const bobs = renderToString(<ScoundrelsTable view={view()} ctx={ctx(1)} />);
  assert.ok(bobs.indexOf('data-testid="sc-ship" data-seat="1"') < bobs.indexOf('data-testid="sc-ship" data-seat="0"'));
});

test("the fight is a sequence of rounds: attack values, damage, what took it, the escape roll as dice", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  assert.match(html, /data-testid="sc-fight" data-kind="SHIP_COMBAT" data-rounds="1"/);
  assert.match(html, /Ship combat: Ada against Bot Brigid at Deep Blue/);
  assert.match(html, /Round 1 of at most 8/);   // the rules notes' last round
  assert.match(html, /data-cell="attacker-attack">2</);
  assert.match(html, /data-cell="defender-attack">1</);
  assert.match(html, /data-cell="damage-to-defender">2: Plasma Cannon</);
  assert.match(html, /data-cell="damage-to-attacker">1: \+1 Hyperdrive</);
  assert.match(html, /data-escaped="0"/);
  assert.match(html, /aria-label="Bot Brigid rolled 4 \+ 1 for escape: failed"/);
});

test("the dice tray shows the latest rolls, the table's die black", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  assert.match(html, /data-testid="dice-tray" data-latest="8"/);
  assert.match(html, /The table rolled 6 for Dockyard: stays/);
  assert.match(html, /die--table/);
});

test("trades: offers with their answers, and the dialog narrows the listed proposals", () => {
  const v = view();
  const all = proposals(v, 0);
  assert.equal(all.length, 3);
  let n = narrow(all, undefined, undefined, undefined, undefined);
  assert.deepEqual(n.partners, [1]);
  assert.deepEqual(n.gives, [14, 40]);
  assert.equal(n.give, 14);
  assert.equal(key(n.action!), "19:1,14,0,0");
  n = narrow(all, 1, 40, 0, undefined);
  assert.deepEqual(n.seconds, [14, 0]);
  assert.equal(key(n.action!), "19:1,40,0,0");
  n = narrow(all, 1, 40, 0, 14);
  assert.equal(key(n.action!), "19:1,40,0,14");
  assert.equal(actionLabel(n.action!, v, seatName), "Offer Bot Brigid your cargo Spice Run and Medkit for nothing");
  assert.equal(actionLabel(act(0, ActionKind.PROPOSE, 1, 13, -3, 0), v, seatName), "Offer Bot Brigid your Blaster Pistol for the face-down card in Bot Brigid's storage locker");
  // Your cards in your sheet's order: two Blaster Pistols listed by the engine 2nd first
  // read "(weapons locker 2 of 2)" above "(1 of 2)".
  const twins = { ...v, ships: v.ships.map((s) => (s.seat === 0 ? { ...s, weaponsLocker: [card(21, "Blaster Pistol", CardKind.FIREARM), card(22, "Blaster Pistol", CardKind.FIREARM)], weaponsLockerCount: 2 } : s)) } as typeof v;
  const pistols = [act(0, ActionKind.PROPOSE, 1, 22, 0, 0), act(0, ActionKind.PROPOSE, 1, 21, 0, 0)];
  assert.deepEqual(narrow(pistols, undefined, undefined, undefined, undefined, twins).gives, [21, 22]);
  assert.deepEqual(narrow(pistols, undefined, undefined, undefined, undefined).gives, [22, 21]);   // without the view: as listed
  // A choice the actions do not allow falls back to one they do: never an unlisted action.
  n = narrow(all, 7, 99, 99, 99);
  assert.ok(all.some((a) => key(a) === key(n.action!)));
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />);
  assert.match(html, /data-offer="5" data-from="1" data-to="0"/);
  assert.match(html, />Accept Bot Brigid's offer</);
  assert.match(html, />Decline Bot Brigid's offer</);
});

test("the scoreboard shows each syndicate's track, who is affiliated, and feuds", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(0)} />);
  assert.match(html, /data-syndicate="Fidanza" data-deliveries="3"/);
  assert.match(html, /data-syndicate="Anubis" data-deliveries="5"/);
  assert.match(html, /data-syndicate="Semyorka" data-deliveries="0"/);
  assert.match(html, /3\/8/);
  assert.match(html, /the game ends at a syndicate's 8th delivery/);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
  assert.match(html, /Ada \(rep 2\)/);
  assert.match(html, /Fidanza ⚔ Semyorka/);
  assert.equal(html.match(/sc-pip sc-pip--on/g)?.length, 8);
});

test("a prompt's cards carry their choices; others read whose answer is awaited", () => {
  const v = promptView();
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />);
  assert.match(html, /Keep one of the two green cantina cards\./);
  assert.match(html, /class="card-row sc-prompt-cards"/);
  assert.match(html, />Keep Grav Boots</);
  assert.match(html, />Keep Deck Gunner</);
  assert.match(html, />Keep none</);
  assert.equal(decisionHeading(v, 1, seatName), "Waiting for Ada: Keep one of the two green cantina cards.");
  // The engine's text names seats as the log does; the heading says their names.
  const hit = { ...v, prompt: create(PromptSchema, { seat: 0, kind: PromptKind.ALLOCATE_DAMAGE, text: "Place 2 points of damage from {seat:1}'s attack on your ship systems", options: [2] }) };
  assert.equal(decisionHeading(hit, 0, seatName), "Place 2 points of damage from Bot Brigid's attack on your ship systems");
  // The prompt's cards are not in another seat's view (the engine sends them to the chooser only).
  const theirs = renderToString(<ScoundrelsTable view={{ ...v, prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, text: "Keep one." }), legalActions: [] }} ctx={ctx(1)} />);
  assert.doesNotMatch(theirs, /Grav Boots/);
});

test("every action kind has a label in players' words from the view", () => {
  const v = view();
  const l = (kind: ActionKind, ...args: number[]) => actionLabel(act(0, kind, ...args), v, seatName);
  assert.equal(l(ActionKind.MOVE, 5), "Move to The Void");
  assert.equal(l(ActionKind.PICK_UP, 41), "Pick up Medical Supplies");
  assert.equal(l(ActionKind.DOCKYARD), "Visit the Dockyard");
  assert.equal(l(ActionKind.DISMISS, 12), "Return +1 Hyperdrive to its deck");
  assert.equal(l(ActionKind.VIEW_CANTINA), "View two green cantina cards");
  assert.equal(l(ActionKind.INSTALL, 12), "Install +1 Hyperdrive in an open bay");
  assert.equal(l(ActionKind.REVEAL), "Reveal a new contract");
  assert.equal(l(ActionKind.INTERCEPT, 1), "Intercept Bot Brigid");
  assert.equal(l(ActionKind.AMBUSH, 1), "Ambush");
  assert.equal(l(ActionKind.AMBUSH, 0), "Let the ship pass");
  assert.equal(l(ActionKind.ALLOCATE, 12), "Damage +1 Hyperdrive");
  assert.equal(l(ActionKind.ALLOCATE, 40), "Destroy cargo Spice Run");
  assert.equal(l(ActionKind.REPAIR, 14, 12), "Repair +1 Hyperdrive with Medkit");
  assert.equal(l(ActionKind.REPAIR, 0, 12), "Repair +1 Hyperdrive (Allmacht's free repair)");
  assert.equal(l(ActionKind.PRESS, 0), "End the combat");
  assert.equal(l(ActionKind.PRESS, 2), "Board their ship");
  assert.equal(l(ActionKind.ESCAPE, 0, 0), "Try to escape");
  assert.equal(l(ActionKind.ESCAPE, 12, 0), "Try to escape, damaging +1 Hyperdrive for the bonus");
  assert.equal(l(ActionKind.STAY), "Do not escape: another round");
  // Bob's only system, the Plasma Cannon, is disabled: staying loses the combat (play-test M4).
  assert.equal(actionLabel(act(1, ActionKind.STAY), v, seatName), "Do not escape: with no working system, lose the combat (they may board)");
  assert.equal(l(ActionKind.EQUIP, 13, 11), "Equip Vex Marlow with Blaster Pistol");
  assert.equal(l(ActionKind.FIGHT), "Fight this round");
  assert.equal(l(ActionKind.HEAL, 14, 11), "Heal Vex Marlow with Medkit");
  assert.equal(l(ActionKind.PILLAGE, 0), "Stop pillaging");
  assert.equal(l(ActionKind.PILLAGE, 22), "Take Plasma Cannon");
  // A face-down card of the other side of the fight: never a name.
  assert.equal(l(ActionKind.PILLAGE, -2), "Take the face-down card in Bot Brigid's weapons locker (2 of 2)");
  assert.equal(l(ActionKind.ACCEPT, 5), "Accept Bot Brigid's offer");
  assert.equal(l(ActionKind.ACCEPT, 5, 1), "Accept Bot Brigid's offer, then brawl with Bot Brigid");
  assert.equal(actionLabel(act(1, ActionKind.WITHDRAW, 5), v, seatName), "Withdraw your offer to Ada");
  assert.equal(l(ActionKind.BRAWL, 1), "Brawl with Bot Brigid");
  assert.equal(l(ActionKind.BRAWL, -1), "Let the delivery go ahead");
  assert.equal(l(ActionKind.DELIVER, 40), "Deliver Spice Run for Fidanza");
  // For another syndicate: Ada (Fidanza) would change sides, and the button says at what price (play-test M6).
  assert.equal(l(ActionKind.DELIVER, 41), "Deliver Medical Supplies for Allmacht (you leave Fidanza: a Fidanza grudge and a feud)");
  assert.equal(l(ActionKind.BURY, 40), "Bury Spice Run and draw a new contract");
  assert.equal(l(ActionKind.AFFILIATE, 0), "Stay as you are");
  assert.equal(l(ActionKind.PLAY, 15, 1, 0), "Play Favor of the Court on Bot Brigid");
  assert.equal(l(ActionKind.PASS), "End your Movement");
  assert.equal(actionLabel(act(0, ActionKind.PASS), { ...v, phase: Phase.DELIVERY }, seatName), "End your Delivery");
  const place = { ...v, prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PLACE_CARD, options: [4, -1] }) };
  assert.equal(actionLabel(act(0, ActionKind.CHOOSE, 3), place, seatName), "Install it in bay 4");
  assert.equal(actionLabel(act(0, ActionKind.CHOOSE, -1), place, seatName), "Put it in the captain's log");
  const aff = { ...v, prompt: create(PromptSchema, { seat: 0, kind: PromptKind.AFFILIATION, text: "Affiliate with Anubis?" }) };
  assert.equal(actionLabel(act(0, ActionKind.AFFILIATE, 1), aff, seatName), "Affiliate with Anubis");
  for (const k of Object.values(ActionKind).filter((x): x is ActionKind => typeof x === "number")) {
    const s = actionLabel(act(0, k, 1, 0, 0, 0), v, seatName);
    assert.match(s, /^[A-Z]/, `${ActionKind[k]} reads "${s}"`);
    assert.doesNotMatch(s, /undefined|NaN/, `${ActionKind[k]} reads "${s}"`);
  }
});

test("the card index never holds another seat's face-down card", () => {
  const idx = cardIndex(view());
  assert.ok(!idx.has(0));
  assert.equal(idx.get(13)?.card?.name, "Blaster Pistol");
  assert.equal(idx.get(41)?.contract?.name, "Medical Supplies");
  assert.equal(card(1, "x", CardKind.CREW).known, true);
});

test("options: the short game and the turn limit, refused with a sentence when out of range", () => {
  const o = buildOptions(3, 1, 2, 0);
  assert.ok(typeof o !== "string");
  assert.equal(o.deliveriesToWin, 2);
  assert.equal(o.firstPlayer, 1);
  assert.match(String(buildOptions(3, 3, 8, 0)), /first player/);
  assert.match(String(buildOptions(3, 0, 9, 0)), /1 to 8/);
  assert.match(String(buildOptions(3, 0, 8, 500)), /turn limit/);
  const { toBinary } = { toBinary: (x: typeof o) => x };
  assert.equal(toBinary(o).turnLimit, 0);
  assert.deepEqual(describeOptions(new Uint8Array([8, 1, 16, 2])), ["Seat 2 holds the 1st Player token first", "Short game: a syndicate's 2nd delivery ends it", "Turn limit: 40"]);
  assert.equal(fromBinary(OptionsSchema, new Uint8Array([16, 2])).deliveriesToWin, 2);
});

test("reveal pacing holds a new roll, a new round, a move", () => {
  const v = view();
  assert.equal(revealPauseMs(undefined, v), 0);
  assert.equal(revealPauseMs(v, v), 0);
  const rolled = { ...v, dice: [...v.dice, create(DiceRollSchema, { number: 9, seat: 0, faces: [3], sides: 6 })] };
  assert.equal(revealPauseMs(v, rolled), rollPauseMs);
  const moved = { ...v, ships: v.ships.map((s) => (s.seat === 2 ? { ...s, location: 5 } : s)) };
  assert.ok(revealPauseMs(v, moved) > 0);
});

test("a replay draws the same table without buttons, the dice still", () => {
  const html = renderToString(<ScoundrelsTable view={view()} ctx={ctx(null, [], false)} />);
  assert.doesNotMatch(html, /data-kind="\d/);
  assert.doesNotMatch(html, /die--rolling/);
  assert.doesNotMatch(html, /aria-live/);
  assert.match(html, /data-testid="sc-map"/);
});

test("place names on the map keep apart: a deep-space region's goes above when the name below is taken, a destination's a line lower", () => {
  const loc = (index: number, name: string, kind: LocationKind, x: number, y: number) => create(LocationSchema, { index, name, kind, x, y });
  const dest = [loc(0, "Metis Prime", LocationKind.DESTINATION, 500, 60), loc(1, "Gemini Station", LocationKind.DESTINATION, 621, 87)];
  const deep = [loc(2, "Dysnomia", LocationKind.DESTINATION, 64, 563), loc(3, "Morrow Deep", LocationKind.DEEP_SPACE, 203, 543)];
  const y = placeNames([...dest, ...deep], (l) => l.name, 22, 40, 26);
  assert.ok(Math.abs(y.get(0)! - (60 + 26 + 23.1)) < 0.01, "Metis Prime's name sits under it");
  assert.ok(y.get(1)! > 87 + 26 + 23.1 + 20, "Gemini Station's goes a line lower");
  assert.ok(y.get(3)! < 543 - 40, "Morrow Deep's goes above its circle");
  const alone = placeNames([deep[1]], (l) => l.name, 22, 40, 26);
  assert.ok(alone.get(3)! > 543 + 40, "with nothing near, under it");
  assert.equal(shortName("Wraith Nebula"), "Wraith");
});

test("an injured crew member fights normally (Glossary, \"Injured\"): shown injured, not dimmed; a disabled crew member or system is dimmed", () => {
  const injured = renderToString(<ScCard card={card(11, "Vex Marlow", CardKind.CREW, { damage: 1 })} />);
  assert.match(injured, /injured/);
  assert.doesNotMatch(injured, /card--dim/);
  assert.match(renderToString(<ScCard card={card(31, "Old Nell", CardKind.CREW, { damage: 2 })} />), /card--dim/);
  assert.match(renderToString(<ScCard card={card(22, "Plasma Cannon", CardKind.SHIP_SYSTEM, { damage: 1 })} />), /card--dim/);
  assert.doesNotMatch(renderToString(<ScCard card={card(21, "Rook Tallis", CardKind.CREW)} />), /card--dim/);
});

test("passing says what it does under each prompt that allows it: an encounter happens, an optional pick keeps none, a repair step ends", () => {
  const v = view();
  const under = (kind: PromptKind) => actionLabel(act(0, ActionKind.PASS), { ...v, prompt: create(PromptSchema, { seat: 0, kind, optional: true }) }, seatName);
  assert.equal(under(PromptKind.ENCOUNTER_CHOICE), "Let it happen");
  assert.equal(under(PromptKind.PICK_CARD), "Keep none");
  // The cantina deck to draw from is named by its colour (options count from 0, green).
  const deck = { ...v, prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PICK_DECK, options: [1, 2] }) };
  assert.equal(actionLabel(act(0, ActionKind.CHOOSE, 2), deck, seatName), "Draw from the red deck");
  assert.equal(actionLabel(act(0, ActionKind.CHOOSE, 0), deck, seatName), "Draw from the green deck");
  const repairing = (kind: FightKind) => actionLabel(act(0, ActionKind.PASS), { ...v, fight: { ...v.fight!, kind, step: FightStep.REPAIRING } }, seatName);
  assert.equal(repairing(FightKind.SHIP_COMBAT), "Done repairing");
  assert.equal(repairing(FightKind.BOARDING), "Done healing");
  // No prompt kind reads "Decline": that word belongs to a trade offer.
  for (const k of Object.values(PromptKind).filter((x): x is PromptKind => typeof x === "number" && x !== PromptKind.PROMPT_NONE)) assert.notEqual(under(k), "Decline", PromptKind[k]);
});

test("a fight that is over says so once, with its rounds: no round heading twice", () => {
  const v = view();
  const over = { ...v, fight: { ...v.fight!, step: FightStep.FIGHT_STEP_NONE, lastRound: 0 } };
  const html = renderToString(<ScoundrelsTable view={over} ctx={ctx(0)} />);
  const fight = html.slice(html.indexOf('data-testid="sc-fight"'), html.indexOf("</section>", html.indexOf('data-testid="sc-fight"')));
  assert.equal(fight.match(/Round 1/g)?.length, 1, fight);
  assert.match(fight, /Over after 1 round/);
});

test("the Dockyard badge never covers a place's name: beside Lambda III it moves off Orpheus Rift's name, at either width", () => {
  const loc = (index: number, name: string, kind: LocationKind, x: number, y: number) => create(LocationSchema, { index, name, kind, x, y });
  // The engine's board (engine/scoundrels/board.cpp): Lambda III hangs under Orpheus Rift's name.
  const locs = [loc(0, "Lambda III", LocationKind.DESTINATION, 833, 788), loc(1, "Orpheus Rift", LocationKind.DEEP_SPACE, 727, 696), loc(2, "Erato", LocationKind.DESTINATION, 740, 860)];
  const full = placeNames(locs, (l) => l.name, 22, 40, 26);
  const short = placeNames(locs, (l) => shortName(l.name), 30, 40, 26);
  const marks = mapMarks(locs, 0, full, short, [], 40, 26);
  const names = locs.flatMap((l) => [nameBox(l, l.name, 22, full.get(l.index)!), nameBox(l, shortName(l.name), 30, short.get(l.index)!)]);
  const covers = (p: { x: number; y: number }) => names.some((b) => p.x < b.right && b.left < p.x + dockyardBadge && p.y < b.bottom && b.top < p.y + dockyardBadge);
  assert.ok(covers({ x: 833 - 52, y: 788 - 44 }), "where the badge sat, it covered Orpheus Rift's name");
  const spot = dockyardSpot(locs[0], marks);
  assert.ok(!covers(spot), `the badge at ${spot.x},${spot.y} covers no name`);
  // With nothing near, it keeps its old corner.
  assert.deepEqual(dockyardSpot(locs[0], []), { x: 833 - 52, y: 788 - 44 });
});

// Play-test (S.P.A.C.E. L5): a ship at a destination stood on its colour's letter (G/P/R),
// so only the colour told green from red.
test("ship tokens at a destination leave its letter in sight; in Deep Space they share its circle", () => {
  const letter = 9;   // half the letter's box, in map units
  for (let n = 1; n <= 6; n++) {
    const spots = shipSpots(n, false, 26);
    // The token's circle and the letter's box do not meet.
    for (const [x, y] of spots) assert.ok(Math.hypot(Math.max(Math.abs(x) - letter, 0), Math.max(Math.abs(y) - letter, 0)) >= shipRadius, `${n} ships: a token at ${x},${y} covers the letter`);
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++)
        assert.ok(Math.hypot(spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]) >= 2 * shipRadius - 8, `${n} ships: tokens ${i} and ${j} stack`);
    assert.ok(spots.every(([, y]) => y < 26), `${n} ships: none on the name below`);
  }
  assert.equal(Math.hypot(...shipSpots(1, true, 26)[0]), 0, "one ship in Deep Space: in the middle, as before");
});

test("the zoomed map opens on the viewer's ship and where it may go, not at the left edge", () => {
  const v = view();
  const at = (i: number) => v.board!.locations[i];
  // Ada (seat 0) is in Deep Blue (4) and may go to Hedone (0) and The Void (5).
  const f = zoomFocus(v, 0);
  assert.equal(f.x, (at(4).x + at(0).x + at(5).x) / 3);
  assert.equal(f.y, (at(4).y + at(0).y + at(5).y) / 3);
  assert.deepEqual(zoomFocus(v, null), { x: 500, y: 500 });
  // A 700 px canvas in a 350 × 600 frame: the point's pixel minus half the frame, never below 0.
  assert.deepEqual(scrollToPoint({ x: 500, y: 500 }, { width: 700, height: 700 }, { width: 350, height: 600 }), { left: 175, top: 50 });
  assert.deepEqual(scrollToPoint({ x: -20, y: -20 }, { width: 700, height: 700 }, { width: 350, height: 600 }), { left: 0, top: 0 });
});

test("the end's reason in players' words: the last delivery, the turn limit, the last ship", () => {
  const ended = (reason: string) => outcomeText(create(OutcomeSchema, { over: true, winners: [1], reason }), 0, seatName, [], reasonWords);
  assert.match(ended("delivery"), /won \(a syndicate's last delivery\)\.$/);
  assert.match(ended("turn_limit"), /won \(the turn limit\)\.$/);
  assert.match(ended("last_standing"), /won \(the last ship in the game\)\.$/);
  assert.match(ended("resigned"), /won \(after a resignation\)\.$/);
});

test("an attacker offered only 'End the combat' is told why", () => {
  const v = view();
  const at = (press: number[], round: number) =>
    decisionHeading({ ...v, phase: Phase.MOVEMENT, prompt: undefined, legalActions: press.map((p) => act(0, ActionKind.PRESS, p)),
      fight: { ...v.fight!, kind: FightKind.SHIP_COMBAT, step: FightStep.ATTACKER_DECIDES, attacker: 0, defender: 1, round, lastRound: 3 } }, 0, seatName);
  assert.match(at([0, 1], 1), /fight another round, or end the combat/);
  // After a failed escape: every choice offered is in the question.
  assert.equal(at([0, 1, 2, 3], 1), "Ship combat: board their ship, hold the ambushed ship, fight another round, or end the combat.");
  assert.equal(at([1], 1), "Ship combat: fight another round.");   // one choice: no dangling "or"
  assert.match(at([0], 1), /your attack cannot get through their defence/);
  assert.match(at([0], 3), /that was the last round/);
});

test("the encounter banner says whose ship met it and which event applied", () => {
  const v = view();
  v.encounter = ["Derelict", "Space: draw 1 cantina card"];
  v.encounterSeat = 1;
  const theirs = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />);
  assert.match(theirs, new RegExp(`${seatName(1)}'s encounter: <strong>Derelict</strong> — Space: draw 1 cantina card`));
  assert.match(renderToString(<ScoundrelsTable view={v} ctx={ctx(1)} />), /Your encounter: <strong>Derelict<\/strong>/);
  v.encounterSeat = undefined;   // a posed position does not know whose it was
  assert.match(renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />), /Encounter: <strong>Derelict<\/strong>/);
});

// The trade dialog (its body, TradeComposer: the kit's Dialog draws it only while open).
test("the trade dialog tells Bob's face-down cards apart by where they lie, and two same-named cards by their place", () => {
  const v = view({ offers: [] });
  // Bob holds two face-down items in his weapons locker and one in his storage locker.
  v.legalActions = [act(0, ActionKind.PROPOSE, 1, 0, -1, 0), act(0, ActionKind.PROPOSE, 1, 0, -2, 0), act(0, ActionKind.PROPOSE, 1, 0, -3, 0)];
  const all = proposals(v, 0);
  const html = renderToString(<TradeComposer view={v} ctx={ctx(0)} all={all} sel={{}} setSel={() => {}} closed={[]} onSend={() => {}} onSent={() => {}} />);
  const takes = [...html.matchAll(/<input type="radio" name="trade-take" value="(-\d)"[^>]*\/?><span>(.*?)<\/span>/g)].map((m) => [m[1], m[2].replace(/&#39;/g, "'")]);
  assert.deepEqual(takes, [
    ["-1", "Weapons locker 1 of 2, face down"],
    ["-2", "Weapons locker 2 of 2, face down"],
    ["-3", "Storage locker, face down"],
  ]);
  assert.match(html, /you learn what one is only if the trade is made/);
  // The summary (the offer in words) names whose card it is.
  assert.match(html.replace(/&#39;/g, "'"), /data-testid="sc-trade-summary">Offer Bot Brigid nothing for the face-down card in Bot Brigid's weapons locker \(1 of 2\)</);
  // Two of Ada's cards of one name: each says where it is.
  const twin = view({ offers: [] });
  twin.ships[0].storageLocker = [card(14, "Medkit", CardKind.MEDKIT), card(16, "Medkit", CardKind.MEDKIT)];
  assert.equal(tradeChoiceLabel(twin, 14, 0, [14, 16], seatName), "Medkit (storage locker 1 of 2)");
  assert.equal(tradeChoiceLabel(twin, 16, 0, [14, 16], seatName), "Medkit (storage locker 2 of 2)");
  assert.equal(tradeChoiceLabel(twin, 12, 0, [12, 14, 16], seatName), "+1 Hyperdrive");
  assert.equal(tradeChoiceLabel(twin, 0, 0, [0], seatName), "nothing");
});

// The deck holds 8 Medkits and 9 Blaster Pistols: two of one name in one locker both read
// "Medkit (storage locker)" in the trade dialog, "Heal … with Medkit" twice in the move panel,
// and the player could not tell which one a choice meant. Each now says what differs — where
// it lies, its state — else its place in its zone as the sheet draws it ("2 of 3", as another
// seat's face-down cards are named), and a prompt's cards their order.
test("two same-named cards of one zone read apart wherever one is chosen by its label: the trade dialog, its summary, the moves", () => {
  const v = view({ offers: [] });
  const ada = v.ships[0];
  ada.storageLocker = [card(14, "Medkit", CardKind.MEDKIT), card(18, "Flak Vest", CardKind.ARMOUR), card(16, "Medkit", CardKind.MEDKIT)];
  ada.storageLockerCount = 3;
  ada.weaponsLocker = [card(13, "Blaster Pistol", CardKind.FIREARM, { equippedTo: 11 }), card(19, "Blaster Pistol", CardKind.FIREARM)];
  ada.weaponsLockerCount = 2;
  ada.bays[3].card = card(20, "+1 Hyperdrive", CardKind.SHIP_SYSTEM);
  v.legalActions = [
    ...[14, 16, 18, 13, 19].map((g) => act(0, ActionKind.PROPOSE, 1, g, -1, 0)),
    act(0, ActionKind.HEAL, 14, 11), act(0, ActionKind.HEAL, 16, 11),
    act(0, ActionKind.EQUIP, 13, 11), act(0, ActionKind.EQUIP, 19, 11),
    act(0, ActionKind.ALLOCATE, 12), act(0, ActionKind.ALLOCATE, 20),
    act(0, ActionKind.HEAL, 18, 11),
  ];
  const all = proposals(v, 0);
  const draw = (sel: { give?: number }) => renderToString(<TradeComposer view={v} ctx={ctx(0)} all={all} sel={sel} setSel={() => {}} closed={[]} onSend={() => {}} onSent={() => {}} />)
    .replace(/&#39;/g, "'");
  const gives = [...draw({}).matchAll(/<input type="radio" name="trade-give" value="(\d+)"[^>]*\/?><span>(.*?)<\/span>/g)].map((m) => [m[1], m[2]]);
  // In the ship sheet's order (the weapons locker, then the storage locker, each top first).
  assert.deepEqual(gives, [
    ["13", "Blaster Pistol (weapons locker, equipped)"],
    ["19", "Blaster Pistol (weapons locker 2 of 2)"],
    ["14", "Medkit (storage locker 1 of 3)"],
    ["18", "Flak Vest"],
    ["16", "Medkit (storage locker 3 of 3)"],
  ]);
  // The summary under the choices names the one chosen the same way.
  assert.match(draw({ give: 16 }), /data-testid="sc-trade-summary">Offer Bot Brigid your Medkit \(storage locker 3 of 3\) for the face-down card in Bot Brigid's weapons locker \(1 of 2\)</);
  // The moves: no two buttons read alike, and a card with no twin among its choices keeps its name.
  const l = (kind: ActionKind, ...args: number[]) => actionLabel(act(0, kind, ...args), v, seatName);
  assert.equal(l(ActionKind.HEAL, 14, 11), "Heal Vex Marlow with Medkit (storage locker 1 of 3)");
  assert.equal(l(ActionKind.HEAL, 16, 11), "Heal Vex Marlow with Medkit (storage locker 3 of 3)");
  assert.equal(l(ActionKind.HEAL, 18, 11), "Heal Vex Marlow with Flak Vest");
  assert.equal(l(ActionKind.EQUIP, 19, 11), "Equip Vex Marlow with Blaster Pistol (weapons locker 2 of 2)");
  assert.equal(l(ActionKind.ALLOCATE, 20), "Damage +1 Hyperdrive (bay 5)");
  assert.equal(l(ActionKind.ALLOCATE, 12), "Damage +1 Hyperdrive (bay 3)");
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />).replace(/&#39;/g, "'");
  const labels = [...html.matchAll(/<button type="button"[^>]*data-kind="\d+"[^>]*>(.*?)<\/button>/g)].map((m) => m[1]);
  assert.ok(labels.length >= 7, `the moves are drawn (${labels.join(" | ")})`);
  assert.equal(new Set(labels).size, labels.length, `two buttons read alike: ${labels.join(" | ")}`);
  // Two cards a prompt shows (drawn, on no ship yet): by their order.
  const pick = view({ prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, cards: [card(50, "Medkit", CardKind.MEDKIT), card(51, "Medkit", CardKind.MEDKIT)] }) });
  pick.legalActions = [act(0, ActionKind.CHOOSE, 50), act(0, ActionKind.CHOOSE, 51)];
  assert.deepEqual(pick.legalActions.map((a) => actionLabel(a, pick, seatName)), ["Keep Medkit (1st)", "Keep Medkit (2nd)"]);
  // A delivery's reward ship system or crew member: installed, or kept in the captain's log.
  const reward = view({ prompt: create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, cards: [card(50, "Medkit", CardKind.MEDKIT), card(52, "Deck Gunner", CardKind.CREW)] }) });
  reward.legalActions = [act(0, ActionKind.CHOOSE, 50), act(0, ActionKind.CHOOSE, 52), act(0, ActionKind.CHOOSE, 52, -1)];
  assert.deepEqual(reward.legalActions.map((a) => actionLabel(a, reward, seatName)), ["Keep Medkit", "Keep Deck Gunner and install it", "Keep Deck Gunner in the captain's log"]);
});

// At 390 px a select shows only the start of its chosen label: "Overcharged Hyperdrive (weap…",
// "Storage locker 2 of 3, fa…". What you give, the second card and what they give are radio
// lists, every choice's words whole; the partner (a few short names) stays a select.
test("the trade dialog lists every card choice as a radio with its whole words, one group per choice", () => {
  const v = view({ offers: [] });
  // Two of one long name, told apart by where they lie: bay 3 and the storage locker.
  v.ships[0].bays[1].card = card(16, "Overcharged Hyperdrive", CardKind.SHIP_SYSTEM);
  v.ships[0].storageLocker = [card(14, "Overcharged Hyperdrive", CardKind.SHIP_SYSTEM)];
  v.legalActions = [
    act(0, ActionKind.PROPOSE, 1, 14, -3, 0), act(0, ActionKind.PROPOSE, 1, 14, -3, 16), act(0, ActionKind.PROPOSE, 1, 16, -3, 0),
    act(0, ActionKind.PROPOSE, 1, 14, -1, 0),
  ];
  const all = proposals(v, 0);
  // The storage locker's one chosen (the bay's is listed first, as on the sheet, and has no second card).
  const html = renderToString(<TradeComposer view={v} ctx={ctx(0)} all={all} sel={{ give: 14 }} setSel={() => {}} closed={[]} onSend={() => {}} onSent={() => {}} />)
    .replace(/&#39;/g, "'");
  assert.match(html, /<select name="trade-partner"/, "the partner: a select, as before");
  for (const name of ["trade-give", "trade-give2", "trade-take"]) {
    assert.doesNotMatch(html, new RegExp(`<select[^>]*name="${name}"`), `${name} is not a select`);
    assert.match(html, new RegExp(`<fieldset class="sc-trade-choice" data-choice="${name}"><legend>`), `${name}: a group with its legend`);
  }
  const choices = (name: string) => [...html.matchAll(new RegExp(`<input type="radio" name="${name}" value="(-?\\d+)"([^>]*)\\/?><span>(.*?)<\\/span>`, "g"))]
    .map((m) => [m[1], m[3], /checked/.test(m[2])]);
  assert.deepEqual(choices("trade-give"), [["16", "Overcharged Hyperdrive (bay 3)", false], ["14", "Overcharged Hyperdrive (storage locker)", true]]);
  assert.deepEqual(choices("trade-give2"), [["16", "Overcharged Hyperdrive", false], ["0", "nothing more", true]]);
  assert.match(html, /<details class="sc-trade-more"><summary>A second card<\/summary>/, "folded while no second card is given");
  const second = renderToString(<TradeComposer view={v} ctx={ctx(0)} all={all} sel={{ give: 14, take: -3, give2: 16 }} setSel={() => {}} closed={[]} onSend={() => {}} onSent={() => {}} />);
  assert.match(second, /<details class="sc-trade-more" open(="")?><summary>A second card: Overcharged Hyperdrive<\/summary>/);
  assert.deepEqual(choices("trade-take"), [["-1", "Weapons locker 1 of 2, face down", false], ["-3", "Storage locker, face down", true]]);
  // The summary names the card given as its choice does.
  assert.match(html, /data-testid="sc-trade-summary">Offer Bot Brigid your Overcharged Hyperdrive \(storage locker\) for the face-down card in Bot Brigid's storage locker</);
});

test("an offer of yours that closes is told: declined, withdrawn or taken, and the dialog says a declined one cannot be made again", () => {
  const offer = create(OfferSchema, { id: 9, from: 0, to: 1, give: [card(14, "Medkit", CardKind.MEDKIT)], takeCargo: [] });
  const open = view({ offers: [offer] });
  let m = followOffers(undefined, open, 0, new Set(), seatName);
  assert.equal(m.open.length, 1);
  assert.equal(m.closed.length, 0);
  // Bob declines: the offer is gone, the Medkit still Ada's, the ships still together.
  const gone = view({ offers: [] });
  m = followOffers(m, gone, 0, new Set(), seatName);
  assert.deepEqual(m.closed.map((c) => [c.id, c.end]), [[9, "declined"]]);
  assert.equal(closedOfferText(m.closed[0], seatName), "Bot Brigid declined your offer (your Medkit for nothing); it cannot be offered again this Movement.");
  // The same again, but this page sent the withdrawal.
  const w = followOffers(followOffers(undefined, open, 0, new Set(), seatName), gone, 0, new Set([9]), seatName);
  assert.equal(w.closed[0].end, "withdrawn");
  // Taken: the view says so. The Medkit is Bob's now, under a new id (it came out of a locker),
  // so where id 14 went tells nothing: the page does not guess from it.
  const traded = view({ offers: [], tradedOffers: [9] });
  traded.ships[0].storageLocker = [];
  traded.ships[1].storageLocker = [card(31, "Medkit", CardKind.MEDKIT)];
  assert.equal(followOffers(followOffers(undefined, open, 0, new Set(), seatName), traded, 0, new Set(), seatName).closed[0].end, "traded");
  const another = view({ offers: [], tradedOffers: [8] });
  assert.notEqual(followOffers(followOffers(undefined, open, 0, new Set(), seatName), another, 0, new Set(), seatName).closed[0].end, "traded", "another offer's trade");
  // An offer naming a face-down item blind keeps the words it was sent with: the view's offer
  // shows the proposer that item only as a face-down card.
  const blind = create(OfferSchema, { id: 10, from: 0, to: 1, give: [card(14, "Medkit", CardKind.MEDKIT)], take: [hidden(0)] });
  const sent = { action: act(0, ActionKind.PROPOSE, 1, 14, -2, 0), text: "your Medkit for the face-down card in Bot Brigid's weapons locker (2 of 2)" };
  let b = followOffers(undefined, view({ offers: [] }), 0, new Set(), seatName, sent);
  b = followOffers(b, view({ offers: [blind] }), 0, new Set(), seatName, sent);
  b = followOffers(b, view({ offers: [] }), 0, new Set(), seatName, sent);
  assert.equal(closedOfferText(b.closed[0], seatName), "Bot Brigid declined your offer (your Medkit for the face-down card in Bot Brigid's weapons locker (2 of 2)); it cannot be offered again this Movement.");
  // Declined before this page saw it open (the computer answers at once): still in the words it was sent with.
  const fast = followOffers(followOffers(undefined, view({ offers: [] }), 0, new Set(), seatName, sent), view({ offers: [], declinedOffers: [blind] }), 0, new Set(), seatName, sent);
  assert.deepEqual(fast.closed.map((c) => c.text), ["your Medkit for the face-down card in Bot Brigid's weapons locker (2 of 2)"]);
  // A page reloaded after the decline learns it from the view (declined_offers), and the
  // view tells a withdrawal from a decline although this page sent neither.
  const reloaded = view({ offers: [], declinedOffers: [offer, create(OfferSchema, { id: 11, from: 0, to: 1, giveCargo: [], take: [], withdrawn: true })] });
  assert.deepEqual(followOffers(undefined, reloaded, 0, new Set(), seatName).closed.map((c) => [c.id, c.end, c.text]),
    [[9, "declined", "your Medkit for nothing"], [11, "withdrawn", "nothing for nothing"]]);
  // The view's word beats the guess: an offer gone with its cards in place was withdrawn elsewhere.
  const elsewhere = view({ offers: [], declinedOffers: [create(OfferSchema, { id: 9, from: 0, to: 1, give: [card(14, "Medkit", CardKind.MEDKIT)], withdrawn: true })] });
  assert.equal(followOffers(followOffers(undefined, open, 0, new Set(), seatName), elsewhere, 0, new Set(), seatName).closed[0].end, "withdrawn");
  // A new Movement forgets.
  assert.equal(followOffers(m, view({ offers: [], turn: 4 }), 0, new Set(), seatName).closed.length, 0);
  // The trades panel and the dialog say it.
  const html = renderToString(<TradeComposer view={gone} ctx={ctx(0)} all={proposals(gone, 0)} sel={{}} setSel={() => {}} closed={m.closed} onSend={() => {}} onSent={() => {}} />);
  assert.match(html.replace(/&#39;/g, "'"), /Not offered again this Movement<\/h4><ul><li data-end="declined">Bot Brigid declined your offer \(your Medkit for nothing\)/);
});

// An offer made to Ada (seat 0) in the computer's (Bot Brigid, seat 1) Movement: her Medkit for his Field Kit.
function offeredToAda(extra: Parameters<typeof view>[0] = {}) {
  const offer = create(OfferSchema, { id: 7, from: 1, to: 0, give: [card(77, "Field Kit", CardKind.MEDKIT)], take: [card(14, "Medkit", CardKind.MEDKIT)] });
  return view({
    activeSeat: 1,
    fight: undefined,
    offers: [offer],
    legalActions: [act(0, ActionKind.BRAWL, 1), act(0, ActionKind.ACCEPT, 7), act(0, ActionKind.ACCEPT, 7, 1), act(0, ActionKind.DECLINE, 7)],
    ...extra,
  });
}

test("an offer from the computer in its Movement is asked at the top: who offers, both sides, how long it waits, Accept / Decline once", () => {
  const v = offeredToAda();
  // Not "Your Movement: move, pick up …": it is Bot Brigid's Movement, Ada only answers.
  assert.equal(decisionHeading(v, 0, seatName), "Bot Brigid offers you a trade: accept or decline it.");
  // The server shows the computer's wait for the answer as its seat's timer.
  const timer = (seat: number) => (seat === 1 ? <Timer deadlineMs={Date.now() + 11_400} serverNow={() => Date.now()} /> : null);
  const botCtx = { ...ctx(0), info: { seats: [{ seat: 1, bot: true, botKind: "heuristic" }] } as unknown as TableContext["info"], timer };
  const html = renderToString(<ScoundrelsTable view={v} ctx={botCtx} />).replace(/&#39;/g, "'");
  const moves = html.slice(html.indexOf('data-testid="sc-moves"'), html.indexOf('data-testid="sc-map"') > 0 ? html.indexOf('data-testid="sc-map"') : undefined);
  // The move panel (at the top, where a phone's player looks) holds the offer and its answers.
  assert.match(moves, /data-testid="sc-incoming" data-offer="7" data-from="1"/);
  assert.match(moves, /<dt>Bot Brigid gives you<\/dt><dd data-side="give">Field Kit<\/dd><dt>You give<\/dt><dd data-side="take">Medkit<\/dd>/);
  assert.match(moves, /Bot Brigid is the computer: it waits for your answer until its timer runs out, then plays on \(moving away ends the offer\)\. <div class="timer( urgent)?" data-deadline="\d+">1[12]s left<\/div>/);
  assert.match(moves, />Accept Bot Brigid's offer</);
  assert.match(moves, />Decline Bot Brigid's offer</);
  assert.match(moves, />Accept Bot Brigid's offer, then brawl with Bot Brigid</);
  // Each answer has exactly one button on the page; the trades panel says where it is asked.
  assert.deepEqual(buttons(html).sort(), ["20:7", "20:7,1", "21:7", "23:1"]);
  assert.match(html, /Your answer is asked above, with your moves\./);
  // A person's offer has no such clock, though their turn timer runs; a computer with no wait
  // shown (it has moved on) says nothing of one.
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />), /sc-patience/);
  const personCtx = { ...ctx(0), info: { seats: [{ seat: 1, bot: false, botKind: "" }] } as unknown as TableContext["info"], timer };
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={personCtx} />), /sc-patience/);
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={{ ...botCtx, timer: () => null }} />), /sc-patience/);
  // A person away, whose seat the computer plays, waits the same way, said so.
  const standInCtx = { ...ctx(0), info: { seats: [{ seat: 1, bot: true, botKind: "" }] } as unknown as TableContext["info"], timer };
  assert.match(renderToString(<ScoundrelsTable view={v} ctx={standInCtx} />), /Bot Brigid is away and the computer plays for them: it waits for your answer until its timer runs out/);
});

// Ada answered (TableContext.inFlight, from the match page): the heading said "Your move is
// on its way." while the line above her buttons still said the computer waits for her answer.
// It says her answer is on its way (another move of hers, or Resign, in its own words), in
// the room it had: the line is held with the decision sentences at the press.
test("once Ada answered the computer's offer, the line about its wait says her answer is on its way", () => {
  const v = offeredToAda();
  const timer = (seat: number) => (seat === 1 ? <Timer deadlineMs={Date.now() + 11_400} serverNow={() => Date.now()} /> : null);
  const botCtx = { ...ctx(0), info: { seats: [{ seat: 1, bot: true, botKind: "heuristic" }] } as unknown as TableContext["info"], timer };
  const patience = (c: TableContext) => renderToString(<ScoundrelsTable view={v} ctx={c} />).replace(/&#39;/g, "'").match(/<div class="sc-patience"[^>]*>([\s\S]*?)<\/div>(?:<div class="buttons"|<\/div>)/)?.[1] ?? "";
  assert.match(patience(botCtx), /^Bot Brigid is the computer: it waits for your answer/);
  for (const kind of [ActionKind.ACCEPT, ActionKind.DECLINE])
    assert.equal(patience({ ...botCtx, inFlight: { resign: false, action: act(0, kind, 7) } }), "Your answer is on its way.");
  assert.equal(patience({ ...botCtx, inFlight: { resign: false, action: act(0, ActionKind.BRAWL, 1) } }), "Your move is on its way.");
  assert.equal(patience({ ...botCtx, inFlight: { resign: false } }), "Your move is on its way.");
  assert.equal(patience({ ...botCtx, inFlight: { resign: true, action: act(0, 0) } }), "Your resignation is on its way.");
  for (const c of [botCtx, { ...botCtx, inFlight: { resign: false, action: act(0, ActionKind.ACCEPT, 7) } }])
    assert.match(renderToString(<ScoundrelsTable view={v} ctx={c} />), /<div class="sc-patience" data-testid="sc-patience" data-hold-room(?:="")?[ >]/, "held with the decision at the press");
});

// A move pressed is on its way until the server answers (TableContext.inFlight, from the
// match page): a Go on the map, or an answer to an offer; the heading no longer asks for it.
test("while Ada's move or answer is on its way, the heading says so instead of asking for it", () => {
  const decision = (v: ReturnType<typeof view>, c: TableContext) =>
    renderToString(<ScoundrelsTable view={v} ctx={c} />).replace(/&#39;/g, "'").match(/<p class="decision" data-decision(?:="")?>(.*?)<\/p>/)?.[1] ?? "";
  const sent = { inFlight: { resign: false } };
  const moving = view({ fight: undefined });
  assert.match(decision(moving, ctx(0)), /^Your Movement: move, pick up a contract/);
  assert.equal(decision(moving, { ...ctx(0), ...sent }), "Your move is on its way.");
  // The hint that goes with the asking heading goes with it, keeping its room unseen (the
  // buttons below it stay where the finger pressed).
  assert.match(renderToString(<ScoundrelsTable view={moving} ctx={ctx(0)} />), /<p class="muted sc-hint">To move, press a ringed place on the map\.<\/p>/);
  assert.match(renderToString(<ScoundrelsTable view={moving} ctx={{ ...ctx(0), ...sent }} />), /<p class="muted sc-hint sc-hint--held" aria-hidden="true">/);
  assert.match(decision(view(), ctx(0)), /^Ship combat: /);
  assert.equal(decision(view(), { ...ctx(0), ...sent }), "Your move is on its way.");
  assert.equal(decision(offeredToAda(), ctx(0)), "Bot Brigid offers you a trade: accept or decline it.");
  assert.equal(decision(offeredToAda(), { ...ctx(0), ...sent }), "Your move is on its way.");
  assert.equal(decision(view(), { ...ctx(0), inFlight: { resign: true } }), "Your resignation is on its way.");
  // Another seat's view of Ada's Movement is not about the viewer's move.
  assert.equal(decision(view(), { ...ctx(1), ...sent }), decision(view(), ctx(1)));
});

test("an offer made to you that ends is told: declined, withdrawn, taken, or lapsed as its proposer moves on or its Movement ends", () => {
  const open = offeredToAda();
  const after = (next: ReturnType<typeof view>) => followOffers(followOffers(undefined, open, 0, new Set(), seatName), next, 0, new Set(), seatName).heard ?? [];
  const gone = (extra: Parameters<typeof view>[0] = {}) => offeredToAda({ offers: [], legalActions: [], ...extra });
  const text = (h: ReturnType<typeof after>) => h.map((x) => heardOfferText(x, seatName));
  assert.deepEqual(text(after(gone({ declinedOffers: [create(OfferSchema, { id: 7, from: 1, to: 0 })] }))),
    ["You declined Bot Brigid's offer (Bot Brigid's Field Kit for your Medkit)."]);
  assert.deepEqual(text(after(gone({ declinedOffers: [create(OfferSchema, { id: 7, from: 1, to: 0, withdrawn: true })] }))),
    ["Bot Brigid withdrew their offer (Bot Brigid's Field Kit for your Medkit)."]);
  const traded = gone({ tradedOffers: [7] });
  traded.ships[0].storageLocker = [];
  traded.ships[1].storageLocker = [card(31, "Medkit", CardKind.MEDKIT)];
  assert.deepEqual(text(after(traded)), ["You accepted Bot Brigid's offer (Bot Brigid's Field Kit for your Medkit): the trade is made."]);
  // The computer waited and moved on: its ship left Ada's location.
  const moved = gone();
  moved.ships[1].location = 5;
  assert.deepEqual(text(after(moved)), ["Bot Brigid's offer (Bot Brigid's Field Kit for your Medkit) ended unanswered: Bot Brigid's ship moved on."]);
  // It passed instead: the next step's view still says what became of the offer.
  assert.deepEqual(text(after(gone({ phase: Phase.DELIVERY, activeSeat: 0 }))),
    ["Bot Brigid's offer (Bot Brigid's Field Kit for your Medkit) ended unanswered: Bot Brigid's Movement ended."]);
  // Still said in the step after the computer's Movement (the viewer's Delivery), not later.
  const m1 = followOffers(followOffers(undefined, open, 0, new Set(), seatName), moved, 0, new Set(), seatName);
  const m2 = followOffers(m1, gone({ phase: Phase.DELIVERY, activeSeat: 0 }), 0, new Set(), seatName);
  assert.deepEqual(m2.heard?.map((h) => h.how), ["moved"]);
  assert.deepEqual(followOffers(m2, gone({ phase: Phase.DELIVERY, activeSeat: 1 }), 0, new Set(), seatName).heard, []);
  const html = renderToString(<ScoundrelsTable view={moved} ctx={ctx(0)} />);
  assert.doesNotMatch(html, /sc-heard/, "a page that never saw the offer says nothing of it");
});

// Ada's bays all full, Bob carrying the Nebula Wine cargo in his third bay.
function fullBays(extra: Parameters<typeof view>[0] = {}) {
  const v = view({ fight: undefined, ...extra });
  v.ships[0].bays[3] = create(BaySchema, { number: 4, card: card(16, "Deck Hand", CardKind.CREW) });
  v.ships[1].bays.push(create(BaySchema, { number: 3, cargo: contract(50, "Nebula Wine", 1, Syndicate.ANUBIS, [0]) }));
  return v;
}

test("a trade made out of sight is told as made (not 'lapsed'); a cargo got with no open bay as gone under the contract deck, and the dialog and an offer warn of it first", () => {
  // Ada offers her Medkit for Bob's Nebula Wine; Bob accepts: her Medkit goes into his locker
  // (face down to her) and the cargo, with no open bay on her ship, under the contract deck.
  const offer = create(OfferSchema, { id: 12, from: 0, to: 1, give: [card(14, "Medkit", CardKind.MEDKIT)], takeCargo: [contract(50, "Nebula Wine", 1, Syndicate.ANUBIS, [0])] });
  const open = fullBays({ offers: [offer] });
  const done = fullBays({ offers: [], tradedOffers: [12] });
  done.ships[0].storageLocker = [];
  done.ships[1].storageLocker = [hidden(2), hidden(3)];
  done.ships[1].bays.pop();
  const m = followOffers(followOffers(undefined, open, 0, new Set(), seatName), done, 0, new Set(), seatName);
  assert.deepEqual(m.closed.map((c) => closedOfferText(c, seatName)),
    ["Bot Brigid accepted your offer (your Medkit for Bot Brigid's cargo Nebula Wine), but with no open bay the Nebula Wine cargo went under the contract deck."]);
  // The dialog says so before the offer is sent, and not when a bay is open.
  const composer = (v: ReturnType<typeof view>) => renderToString(
    <TradeComposer view={v} ctx={ctx(0)} all={[act(0, ActionKind.PROPOSE, 1, 14, 50, 0)]} sel={{}} setSel={() => {}} closed={[]} onSend={() => {}} onSent={() => {}} />);
  assert.match(composer(fullBays()), /data-testid="sc-no-bay">You have no open bay: the cargo you would get goes under the contract deck/);
  const roomy = fullBays();
  roomy.ships[0].bays[3] = create(BaySchema, { number: 4 });
  assert.doesNotMatch(composer(roomy), /sc-no-bay/);
  // An offer of Bob's cargo to a full Ada says it too.
  const incoming = fullBays({
    activeSeat: 1,
    offers: [create(OfferSchema, { id: 13, from: 1, to: 0, giveCargo: [contract(50, "Nebula Wine", 1, Syndicate.ANUBIS, [0])], take: [card(14, "Medkit", CardKind.MEDKIT)] })],
    legalActions: [act(0, ActionKind.ACCEPT, 13), act(0, ActionKind.DECLINE, 13)],
  });
  assert.match(renderToString(<ScoundrelsTable view={incoming} ctx={ctx(0)} />), /data-testid="sc-incoming"[^]*data-testid="sc-no-bay"/);
});

test("a pick-up placed under its contract is pointed at from the move panel (on a phone it is screens below)", () => {
  const supplies = contract(41, "Medical Supplies", 4, Syndicate.FIDANZA, [1]);
  const v = view({ phase: Phase.MOVEMENT, fight: undefined, prompt: undefined, openContracts: [supplies], legalActions: [act(0, ActionKind.PICK_UP, 41), act(0, ActionKind.PASS)] });
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />);
  assert.match(html, /data-testid="sc-pickup-hint"/);
  assert.ok(html.indexOf("sc-pickup-hint") < html.indexOf('data-testid="sc-open-contracts"'), "said in the move panel, above the contracts");
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={{ ...v, legalActions: [act(0, ActionKind.PASS)] }} ctx={ctx(0)} />), /sc-pickup-hint/);
});

test("a contract card says its route and reward once: the engine's words when it sends them", () => {
  const v = view();
  const spice = { ...contract(50, "Spice", 0, Syndicate.ALLMACHT, [1, 2]), text: "Allmacht: from Metis Prime to Pandora or Hedone; reward: purple cantina." };
  const html = renderToString(<ContractCard view={v} contract={spice} />);
  assert.equal(html.match(/ to /g)?.length, 1, html);
  assert.match(html, /Allmacht: from Metis Prime to Pandora or Hedone; reward: purple cantina\./);
  // Without them (a catalog that has none), the page's own sentence.
  assert.match(renderToString(<ContractCard view={v} contract={contract(51, "Wine", 0, Syndicate.ANUBIS, [1])} />), /From [^<]* to [^<]*; purple reward\./);
});

test("the Dockyard roll's destination is said in the move panel and ringed on the map", () => {
  const moved = view({
    phase: Phase.ENCOUNTER,
    fight: undefined,
    dockyard: 1,
    dice: [create(DiceRollSchema, { number: 7, seat: 0, purpose: "Dockyard", sides: 6, faces: [2], result: "the Dockyard moves" })],
  });
  const html = renderToString(<ScoundrelsTable view={moved} ctx={ctx(1)} />).replace(/&#39;/g, "'");
  assert.match(html, /data-testid="sc-dock-news" data-moved="1" data-loc="1">Dockyard roll: Ada rolled 2, so the Dockyard moved to Pandora \(marked D on the map\)\.</);
  // The move panel says it before the map: where the player looks first.
  assert.ok(html.indexOf("sc-dock-news") < html.indexOf('data-testid="sc-map"'));
  assert.match(html, /<g class="sc-loc[^"]*" data-loc="1"[^>]*>(?:(?!<\/g>).)*data-testid="sc-dock-ring"/);
  assert.equal(html.match(/class="sc-dock-ring"/g)?.length, 1);
  assert.match(html, /class="sc-dockyard sc-dockyard--moved" data-testid="sc-dockyard" data-loc="1"/);
  assert.match(html, /the Dockyard, just moved, at Pandora/);
  // A roll that left it where it was: said, nothing ringed.
  const stayed = view({ phase: Phase.MOVEMENT, fight: undefined, dice: [create(DiceRollSchema, { number: 7, seat: 0, purpose: "Dockyard", sides: 6, faces: [6], result: "the Dockyard stays" })] });
  const s = renderToString(<ScoundrelsTable view={stayed} ctx={ctx(0)} />).replace(/&#39;/g, "'");
  assert.match(s, /Dockyard roll: Ada rolled 6, so the Dockyard stays at Hedone\./);
  assert.doesNotMatch(s, /sc-dock-ring|sc-dockyard--moved/);
  // Later in the turn (Delivery) or before any roll (turn 1): not news.
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={{ ...moved, phase: Phase.DELIVERY } as typeof moved} ctx={ctx(1)} />), /sc-dock-news|sc-dock-ring/);
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={{ ...moved, turn: 1 } as typeof moved} ctx={ctx(1)} />), /sc-dock-news|sc-dock-ring/);
  // Not over a fight's question or a prompt's (it pushed their buttons down all turn); the
  // map keeps its ring.
  const fighting = renderToString(<ScoundrelsTable view={{ ...moved, fight: create(FightSchema, { kind: FightKind.SHIP_COMBAT, step: FightStep.ALLOCATING, attacker: 0, defender: 1 }) } as typeof moved} ctx={ctx(1)} />);
  assert.doesNotMatch(fighting, /sc-dock-news/);
  assert.match(fighting, /sc-dock-ring/);
  const asked = renderToString(<ScoundrelsTable view={{ ...moved, prompt: create(PromptSchema, { seat: 1, kind: PromptKind.PICK_DECK, text: "Choose the cantina deck to draw from" }) } as typeof moved} ctx={ctx(1)} />);
  assert.doesNotMatch(asked, /sc-dock-news/);
});

test("a stolen cargo held with no open bay shows on the ship, and its Delivery step asks for it first", () => {
  const v = view();
  const stolen = contract(42, "Ore Haul", 2, Syndicate.FIDANZA, [4]);
  v.ships[1].heldCargo = stolen;
  v.ships[1].bays = [0, 1, 2, 3].map((number) => create(BaySchema, { number, card: card(50 + number, "Deckhand", CardKind.CREW) }));
  v.phase = Phase.DELIVERY;
  v.activeSeat = 1;
  v.fight!.step = FightStep.FIGHT_STEP_NONE;   // the brawl it was taken in is over
  v.ships[0].toAct = false;
  v.ships[1].toAct = true;
  v.legalActions = [act(1, ActionKind.DELIVER, 42), act(1, ActionKind.BURY, 42)];
  v.viewerSeat = 1;
  const html = renderToString(<ScoundrelsTable view={v} ctx={ctx(1)} />);
  assert.match(html, /data-testid="sc-held-cargo"/);
  assert.match(html, /Held, no open bay/);
  assert.match(html, /Ore Haul/);
  assert.equal(decisionHeading(v, 1, seatName), "Your Delivery: you hold the stolen Ore Haul with no open bay for it, so deliver or bury it first.");
  assert.equal(actionLabel(act(1, ActionKind.DELIVER, 42), v, seatName), "Deliver Ore Haul for Fidanza");
  assert.equal(actionLabel(act(1, ActionKind.BURY, 42), v, seatName), "Bury Ore Haul (no open bay for a new contract)");
  // The others see it too (it was taken in a public brawl); the usual heading once PASS is back.
  assert.match(renderToString(<ScoundrelsTable view={{ ...v, viewerSeat: 0 } as typeof v} ctx={ctx(0)} />), /data-testid="sc-held-cargo"/);
  v.legalActions = [act(1, ActionKind.PASS)];
  assert.equal(decisionHeading(v, 1, seatName), "Your Delivery: deliver or bury a cargo at one of its delivery locations, or end your Delivery.");
});

// S.P.A.C.E. play-test M1: during a fight's steps the heading named the phase ("Your
// Movement: move, …") to the seat asked, and "waiting for <active seat>" to the others, even
// when that was the viewer.
test("each fight step's heading asks its question of the seat asked, and names whom the others wait for", () => {
  const during = (kind: FightKind, step: FightStep, asked: number) => {
    const v = view({ fight: create(FightSchema, { kind, attacker: 0, defender: 1, step, round: 1, lastRound: 8, location: 4 }), offers: [] });
    v.ships.forEach((x) => (x.toAct = x.seat === asked));
    v.legalActions = [act(asked, ActionKind.PASS)];
    return (viewer: number) => decisionHeading(v, viewer, seatName);
  };
  // Bob equips for a brawl in Ada's Movement: not "Your Movement", and Ada waits for Bob.
  const equip = during(FightKind.BRAWL_FIGHT, FightStep.EQUIPPING, 1);
  assert.equal(equip(1), "Brawl: equip your crew from your weapons locker, then go on to the fight.");
  assert.equal(equip(0), "Brawl: waiting for Bot Brigid to equip.");
  // The defender of a ship combat decides whether to escape.
  const escape = during(FightKind.SHIP_COMBAT, FightStep.DEFENDER_DECIDES, 1);
  assert.equal(escape(1), "Ship combat: try to escape, or stay for another round.");
  assert.equal(escape(0), "Ship combat: waiting for Bot Brigid to decide whether to escape.");
  assert.equal(escape(2), "Ship combat: waiting for Bot Brigid to decide whether to escape.");
  // Heal in melee, repair in a ship combat; the attacker's choice after a round.
  assert.equal(during(FightKind.BOARDING, FightStep.REPAIRING, 0)(0), "Boarding action: heal your crew with what you carry, or go on.");
  assert.equal(during(FightKind.SHIP_COMBAT, FightStep.REPAIRING, 1)(0), "Ship combat: waiting for Bot Brigid to repair their ship.");
  assert.equal(during(FightKind.BRAWL_FIGHT, FightStep.ATTACKER_DECIDES, 0)(0), "Brawl: fight another round, or end the fight.");
  // Never "waiting for" the viewer themself.
  for (const step of [FightStep.EQUIPPING, FightStep.ALLOCATING, FightStep.PILLAGING])
    assert.doesNotMatch(during(FightKind.BRAWL_FIGHT, step, 0)(0), /waiting for Ada/);
});

test("in the Dockyard, the heading names the visit's steps and passing leaves it (ending the Movement but for Semyorka)", () => {
  const v = view();
  v.fight = undefined;
  v.prompt = undefined;
  v.offers = [];
  v.phase = Phase.MOVEMENT;
  v.activeSeat = 0;
  v.ships[0].inDockyard = true;
  v.ships[0].affiliation = Syndicate.FIDANZA;
  v.legalActions = [act(0, ActionKind.PASS), act(0, ActionKind.REVEAL)];
  assert.equal(decisionHeading(v, 0, seatName),
    "Your Dockyard visit: return ship systems or crew, view two green cantina cards, install from your captain's log or reveal a contract, in that order — then leave the Dockyard.");
  assert.equal(actionLabel(act(0, ActionKind.PASS), v, seatName), "Leave the Dockyard and end your Movement");
  v.ships[0].affiliation = Syndicate.SEMYORKA;
  assert.equal(actionLabel(act(0, ActionKind.PASS), v, seatName), "Leave the Dockyard");
  // The other seats are told whose visit it is.
  assert.equal(decisionHeading({ ...v, legalActions: [] } as typeof v, 1, seatName), "Movement: Ada is visiting the Dockyard.");
  // Out of the Dockyard: the Movement's own words again.
  v.ships[0].inDockyard = false;
  assert.equal(actionLabel(act(0, ActionKind.PASS), v, seatName), "End your Movement");
});

test("a proposer's own open offer says its turn timer waits for the answer, in a match with turn timers", () => {
  const offer = create(OfferSchema, { id: 9, from: 0, to: 1, give: [card(14, "Medkit", CardKind.MEDKIT)], takeCargo: [] });
  const v = view({ offers: [offer] });
  const timed = { ...ctx(0), info: { turnSeconds: 60, seats: [] } as unknown as TableContext["info"] };
  const html = renderToString(<ScoundrelsTable view={v} ctx={timed} />).replace(/&#39;/g, "'");
  assert.match(html, /data-testid="sc-clock-waits">Your turn timer waits for Bot Brigid's answer; a whole turn starts when it comes\.</);
  // No turn timers, a replay, or another seat's offer: nothing to say.
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={ctx(0)} />), /sc-clock-waits/);
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={{ ...timed, live: false }} />), /sc-clock-waits/);
  assert.doesNotMatch(renderToString(<ScoundrelsTable view={v} ctx={{ ...timed, viewer: 1 }} />), /sc-clock-waits/);
});
