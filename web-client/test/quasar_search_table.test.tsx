// The Quasar Search table on hand-made views (test/quasar_search_fixture.ts): one labelled
// button per legal action at every prompt (Rank, Confront, Triggers, Order, Boon, Shift,
// Draw, Stockpile, Warp, Decide), your hand's moves under its cards, the Confrontation as
// it is built (a nameless back per secret choice) and revealed, the Mission Zone, Sensors,
// every seat's zones, the Ending, the team chat's place, any seat's view, a replay without
// buttons, the options and the reveal pacing.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, toBinary } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { ActionKind, Options_Difficulty, OptionsSchema, PromptKind, Step, TargetKind, type View } from "../src/gen/starport/v1/quasar_search_pb.js";
import { buildOptions, describeOptions } from "../src/games/quasar_search/options.js";
import { newActPauseMs, revealConfrontationMs, revealPauseMs, verdictPauseMs } from "../src/games/quasar_search/reveal.js";
import { QsCard } from "../src/games/quasar_search/cards.js";
import { QuasarSearchTable } from "../src/games/quasar_search/table.js";
import { actionLabel, decisionHeading, targetLine, targetMet } from "../src/games/quasar_search/words.js";
import type { TableContext } from "../src/games/types.js";
import {
  baseView,
  card,
  boonView,
  challenge,
  confrontView,
  decideView,
  drawView,
  endView,
  orderView,
  pickView,
  rankView,
  shiftView,
  triggersView,
} from "./quasar_search_fixture.js";
import { Button, seatName } from "./table_fixtures.js";

function ctxFor(view: View, viewer: number | null = view.viewerSeat, more: Partial<TableContext> = {}): TableContext {
  return {
    info: create(MatchInfoSchema, { seats: view.seats.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat === 2, connected: true })) }),
    viewer,
    live: true,
    seatName,
    ActionButton: viewer === null ? undefined : Button,
    timer: () => null,
    ...more,
  };
}
const render = (view: View, viewer: number | null = view.viewerSeat, more: Partial<TableContext> = {}) =>
  renderToString(<QuasarSearchTable view={view} ctx={ctxFor(view, viewer, more)} />);
const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");
// The text a reader sees: tags and hidden tooltips removed.
const textOf = (html: string) => decode(html.replace(/<span class="tip__text"[^>]*>.*?<\/span>/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
// (An empty data-args is drawn as a bare attribute.)
const buttonsOf = (html: string) => [...html.matchAll(/<button type="button"[^>]*data-kind="(\d+)" data-args(?:="([^"]*)")?[^>]*>(.*?)<\/button>/g)].map((m) => ({ kind: Number(m[1]), args: m[2] ?? "", text: textOf(m[3]).trim() }));

// The markup from a marker to the next of the table's parts.
const parts = ['data-testid="qs-moves"', 'data-testid="qs-hand"', 'class="qs-zones"', 'data-testid="qs-mission"', 'data-testid="qs-confrontation"', 'class="qs-seats"'];
function part(html: string, marker: string): string {
  const at = html.indexOf(marker);
  assert.ok(at >= 0, `no ${marker}`);
  const ends = parts.filter((p) => p !== marker).map((p) => html.indexOf(p, at + 1)).filter((i) => i > at);
  return html.slice(at, ends.length ? Math.min(...ends) : undefined);
}

// Exactly one button per legal action (Resign is the match page's), each labelled.
function assertOneButtonEach(view: View, html: string, where: string) {
  const buttons = buttonsOf(html);
  const legal = view.legalActions.filter((a) => a.seat === view.viewerSeat && a.kind !== ActionKind.RESIGN);
  assert.equal(buttons.length, legal.length, `${where}: ${buttons.length} buttons for ${legal.length} legal actions`);
  for (const a of legal) {
    const mine = buttons.filter((b) => b.kind === a.kind && b.args === a.args.join(","));
    assert.equal(mine.length, 1, `${where}: action ${a.kind}:${a.args.join(",")} has ${mine.length} buttons`);
    assert.ok(mine[0].text.length > 0, `${where}: an empty label`);
  }
}

const views: [string, () => View][] = [
  ["rank", () => rankView(0)],
  ["confront", () => confrontView(0)],
  ["shift", shiftView],
  ["boon", boonView],
  ["triggers", triggersView],
  ["order", orderView],
  ["draw", drawView],
  ["stockpile", () => pickView(PromptKind.PROMPT_STOCKPILE)],
  ["warp", () => pickView(PromptKind.PROMPT_WARP)],
  ["discard", () => pickView(PromptKind.PROMPT_STOCKPILE, "Discard 1 more card")],
  ["project", () => pickView(PromptKind.PROMPT_STOCKPILE, "Start which Project?")],
  ["decide", decideView],
];

test("every prompt draws one labelled button per legal action and a heading", () => {
  for (const [name, make] of views) {
    const v = make();
    const html = render(v);
    assertOneButtonEach(v, html, name);
    assert.ok(decisionHeading(v, 0, seatName).length > 10, `${name}: a heading`);
    assert.match(html, /data-testid="qs-moves"/);
  }
});

test("a label for every action kind, in players' words", () => {
  const label = (v: View, i: number) => actionLabel(v.legalActions[i], v, seatName);
  assert.equal(label(rankView(0), 1), "Choose Rank 5");
  assert.equal(label(confrontView(0), 0), "Confront with Steady Hands (4)");
  assert.equal(label(confrontView(0), 3), "Confront with Deep Scan Array (3)");
  assert.deepEqual(shiftView().legalActions.map((a) => actionLabel(a, shiftView(), seatName)), [
    // The team's values beside it (a play-test added them up a screen away): Ada's 3 shifted,
    // Bot Brigid's 8, Lost in Space no value, against All-Out 14.
    "Shift −2 (to 1): total 9, All-Out 14 missed", "Shift −1 (to 2): total 10, All-Out 14 missed", "Do not Shift (0): total 11, All-Out 14 missed",
    "Shift +1 (to 4): total 12, All-Out 14 missed", "Shift +2 (to 5): total 13, All-Out 14 missed"]);
  const easier = shiftView();
  easier.challenge!.number = 12;
  easier.challenge!.targetText = "";
  assert.deepEqual(easier.legalActions.map((a) => actionLabel(a, easier, seatName)).slice(2),
    ["Do not Shift (0): total 11, All-Out 12 missed", "Shift +1 (to 4): total 12, All-Out 12 met", "Shift +2 (to 5): total 13, All-Out 12 met"]);
  // A value below 0 has the minus the Shift has ("to -1" beside "Shift −2" read as a hyphen).
  const low = shiftView();
  low.confrontation[0].card!.current = 1;
  low.confrontation[1].card!.current = -3;
  assert.equal(actionLabel(low.legalActions[0], low, seatName), "Shift −2 (to −1): total −4, All-Out 14 missed");
  // Every Target as the engine judges it (null: no value).
  const T = TargetKind;
  assert.ok(targetMet(T.ALL_OUT, 10, [4, 6, null]) && !targetMet(T.ALL_OUT, 11, [4, 6]));
  assert.ok(targetMet(T.NOBODY_LEFT_BEHIND, 3, [3, 5]) && !targetMet(T.NOBODY_LEFT_BEHIND, 3, [3, null]) && !targetMet(T.NOBODY_LEFT_BEHIND, 4, [3, 5]));
  assert.ok(targetMet(T.THREAD_THE_NEEDLE, 9, [4, 5]) && !targetMet(T.THREAD_THE_NEEDLE, 9, [4, 6]));
  assert.ok(targetMet(T.STAND_TOGETHER, 0, [4, 4]) && !targetMet(T.STAND_TOGETHER, 0, [4, null]) && !targetMet(T.STAND_TOGETHER, 0, [4, 5]));
  assert.ok(targetMet(T.SPEARHEAD, 7, [2, 7, null]) && !targetMet(T.SPEARHEAD, 7, [null]));
  assert.ok(targetMet(T.ALL_DIFFERENT, 0, [1, 2, null, null]) && !targetMet(T.ALL_DIFFERENT, 0, [2, 2]));
  assert.ok(targetMet(T.LOW_PROFILE, 5, [2, 3, null]) && !targetMet(T.LOW_PROFILE, 4, [2, 3]));
  assert.ok(targetMet(T.SPLIT_DECISION, 2, [1, 3, 4, null]) && !targetMet(T.SPLIT_DECISION, 2, [1, 4]));
  // A Boon names the Lesson it would learn and where a declared outcome comes from.
  assert.deepEqual(boonView().legalActions.map((a) => actionLabel(a, boonView(), seatName)),
    ["Learn 1 Lesson: the top card of your Deck", "Start a Project from your hand (you pick which next)", "Gain 1 Glory", "Boon: Draw 2 cards (from Deep Scan Array)"]);
  const flare = boonView();
  flare.seats[0].discardTop = flare.seats[1].discardTop;
  assert.equal(label(flare, 0), "Learn 1 Lesson: Spent Flare 1 (top of your Discard Zone)");
  // With one Project in the Hand, the Boon names it (that is the one started).
  const oneProject = boonView();
  oneProject.seats[0].hand[0].project = true;
  assert.equal(label(oneProject, 1), `Start a Project: ${oneProject.seats[0].hand[0].name}`);
  assert.equal(label(triggersView(), 0), "Trigger Deep Scan Array: Sensors 1");
  assert.equal(label(triggersView(), 1), "Trigger Cartographers: Consume 1 Energy: Sensors 1");
  assert.equal(label(triggersView(), 2), "Pass: no more Triggered effects this phase");
  assert.equal(label(orderView(), 0), "Resolve next: Bot Brigid's Vanguard Wing — for Bot Brigid: If successful: The Team Leader gains 1 Glory");
  assert.equal(label(orderView(), 1), "Resolve next: Ion Storm — for Ada: Consume 1 Energy");
  assert.equal(label(drawView(), 0), "Draw from your Deck");
  assert.equal(label(drawView(), 1), "Draw Stashed Beacon from your Warp Zone");
  assert.equal(label(pickView(PromptKind.PROMPT_STOCKPILE), 1), "Stockpile Afterburner (7) (to the bottom of your Deck)");
  assert.equal(label(pickView(PromptKind.PROMPT_WARP), 2), "Warp Field Medic (2)");
  assert.equal(label(pickView(PromptKind.PROMPT_WARP), 3), "Stop: Warp no more cards");
  assert.equal(label(decideView(), 1), "Bot Cato discards a card");
  assert.equal(label(pickView(PromptKind.PROMPT_STOCKPILE, "Discard 1 more card"), 0), "Discard Steady Hands (4)");
  assert.equal(label(pickView(PromptKind.PROMPT_STOCKPILE, "Start which Project?"), 2), "Start Field Medic (2) as an Active Project");
  const discard = pickView(PromptKind.PROMPT_STOCKPILE, "Discard 1 more card");
  assert.match(textOf(part(render(discard), 'data-testid="qs-hand"')), /Discard .*Discard Steady Hands \(4\)/);
  assert.equal(decisionHeading(discard, 1, seatName), "Waiting for Ada to choose a card from their hand (Stockpile, a discard or a Project).");
});

test("your hand carries its moves: a button under each card, the Project's in the move panel", () => {
  const v = confrontView(0);
  const html = render(v);
  const hand = part(html, 'data-testid="qs-hand"');
  for (const c of ["Steady Hands", "Afterburner", "Field Medic"]) {
    const at = hand.indexOf(`data-card-name="${c}"`);
    assert.ok(at >= 0, `${c} in the hand`);
    const block = hand.slice(at, hand.indexOf("</button>", at));
    assert.match(block, /data-kind="2"/, `${c}: its Confront button under it`);
    assert.match(textOf(block), new RegExp(`Confront with ${c}`), `${c}: the whole label for screen readers`);
  }
  const moves = part(html, 'data-testid="qs-moves"');
  assert.match(textOf(moves), /Confront with Deep Scan Array \(3\)/);
  assert.match(textOf(moves), /Confront the Ion Storm: choose one card in secret\./);
  // The picks also go under the hand's cards.
  const pick = render(pickView(PromptKind.PROMPT_WARP));
  const pickHand = part(pick, 'data-testid="qs-hand"');
  assert.equal(buttonsOf(pickHand).filter((b) => b.kind === ActionKind.PICK).length, 3);
  assert.match(textOf(pickHand), /Warp Steady Hands \(4\)/);
});

// A move pressed is on its way until the server answers (TableContext.inFlight, from the
// match page): the prompt no longer asks for the card just confronted with, or the Rank.
test("while the viewer's move is on its way, the heading says so instead of the prompt's question", () => {
  const decision = (v: View, more: Partial<TableContext> = {}) =>
    textOf(render(v, v.viewerSeat, more).match(/<p class="decision" data-decision(?:="")?>(.*?)<\/p>/)?.[1] ?? "").trim();
  const sent = { inFlight: { resign: false } };
  assert.equal(decision(confrontView(0)), "Confront the Ion Storm: choose one card in secret.");
  assert.equal(decision(confrontView(0), sent), "Your move is on its way.");
  assert.equal(decision(rankView(0)), "Choose your Rank card for Act 2, in secret.");
  assert.equal(decision(rankView(0), sent), "Your move is on its way.");
  assert.equal(decision(confrontView(0), { inFlight: { resign: true } }), "Your resignation is on its way.");
});

test("the Confrontation as it is built: a nameless back for a secret choice, 'choosing' for the others", () => {
  const v = confrontView(0);
  const html = render(v);
  const zone = part(html, 'data-testid="qs-confrontation"');
  assert.match(zone, /data-seat="1" data-state="chosen"/);
  assert.match(zone, /data-seat="0" data-state="choosing"/);
  assert.match(zone, /data-seat="2" data-state="choosing"/);
  const backs = [...zone.matchAll(/<div class="card qs-card card--back[^"]*"[^>]*>(.*?)<\/div>/g)];
  assert.equal(backs.length, 1, "one back: Bot Brigid's secret card");
  assert.doesNotMatch(backs[0][1], /card__name/);
  assert.match(backs[0][0], /aria-label="Bot Brigid&#39;s card, chosen in secret"|aria-label="Bot Brigid's card, chosen in secret"/);
  // Even a view that carried another seat's unrevealed card would not have it named.
  const leaky = confrontView(0);
  leaky.confrontation[0].card = baseView(1).seats[1].hand[0];
  assert.doesNotMatch(render(leaky), /Secret 1/);
  // No other seat's hand is ever named in a seat's view.
  assert.doesNotMatch(html, /Secret \d/);
});

test("an Overcommit's forced card is face up in the Confrontation before the reveal, said to be forced", () => {
  const v = confrontView(0);
  v.confrontation[0].forced = true;
  v.confrontation[0].card = card(131, "Void Marine", 7);
  const zone = textOf(part(render(v), 'data-testid="qs-confrontation"'));
  for (const s of ["Void Marine", "forced", "Overcommit"]) assert.ok(zone.includes(s), `the slot shows "${s}": ${zone}`);
});

test("a Mission ended mid-Confrontation (a resignation): no seat is still 'choosing'", () => {
  const v = confrontView(0);
  v.step = Step.MISSION_RESOLUTION;
  const zone = part(render(v), 'data-testid="qs-confrontation"');
  assert.match(zone, /data-seat="1" data-state="chosen"/);
  assert.match(zone, /data-seat="0" data-state="none"/);
  assert.doesNotMatch(zone, /choosing/);
  assert.match(zone, /no card: the Mission ended/);
});

test("the revealed Confrontation: values after Shifts, Lost in Space without a value", () => {
  const html = render(shiftView());
  const zone = part(html, 'data-testid="qs-confrontation"');
  assert.match(zone, /data-revealed="3"/);
  assert.match(textOf(zone), /Ada \(you\) Field Medic .*Value 3 \(Shift \+1\)/);
  assert.match(textOf(zone), /Bot Brigid Vanguard Charge .*Value 8/);
  assert.match(textOf(zone), /Bot Cato Lost in Space .*no value/);
  assert.match(zone, /data-value="none"/);
});

test("the Mission Zone: Mission, Act and its back, the Challenge Deck, the Challenge with Target and results, Sensors", () => {
  const html = render(baseView(0));
  const zone = textOf(part(html, 'data-testid="qs-mission"'));
  for (const s of ["The Quasar Beyond", "Act 2", "The Dust Belt", "3 or more successes: Act 3", "5 cards left", "Ion Storm", "Target: All-Out 14",
    "Grant a Boon to players with the highest value.", "Lose 2 Morale.", "Sensors (2, the next first)", "Rogue Moon", "Gravity Well", "next"])
    assert.ok(zone.includes(s), `the Mission Zone shows "${s}": ${zone}`);
  const status = textOf(html.slice(html.indexOf('data-testid="qs-status"'), html.indexOf('data-testid="qs-moves"')));
  for (const s of ["The Quasar Beyond", "Act 2: The Dust Belt", "Pre-Confrontation", "Energy 3", "Morale 7", "1 success, 1 failure", "Challenge 3 of 6", "Team Leader Bot Brigid"])
    assert.ok(status.includes(s), `the status shows "${s}": ${status}`);
  // Judged: the verdict and the result that applies.
  const judged = render(boonView());
  assert.match(judged, /data-verdict="success"/);
  assert.match(judged, /qs-result--success qs-result--now/);
  assert.equal(targetLine(TargetKind.STAND_TOGETHER, 0), "Stand Together");
  assert.equal(targetLine(TargetKind.THREAD_THE_NEEDLE, 12), "Thread the Needle 12");
  assert.match(renderToString(<QuasarSearchTable view={Object.assign(baseView(0), { challenge: challenge("Odd One", TargetKind.SPLIT_DECISION, 2) })} ctx={ctxFor(baseView(0))} />), /Split Decision 2/);
});

test("the Challenge Deck lies face up: its top card shows, after the Sensors or as the next", () => {
  const top = challenge("Solar Flare", TargetKind.THREAD_THE_NEEDLE, 12);
  const withSensors = textOf(part(render(Object.assign(baseView(0), { challengeDeckTop: top })), 'data-testid="qs-mission"'));
  for (const s of ["Solar Flare", "Thread the Needle", "top of the deck, after the Sensors"])
    assert.ok(withSensors.includes(s), `the Mission Zone shows "${s}": ${withSensors}`);
  const alone = render(Object.assign(baseView(0), { challengeDeckTop: top, sensors: [] }));
  assert.match(alone, /data-testid="qs-challenge-deck-top"/);
  assert.ok(textOf(part(alone, 'data-testid="qs-mission"')).includes("Solar Flare"));
  assert.doesNotMatch(render(baseView(0)), /qs-challenge-deck-top/);   // an empty deck shows no top
});

test("every seat's panel: faction, Glory, Rank, Team Leader, piles, Personal and Warp Zones; yours first", () => {
  const html = render(baseView(0));
  const seats = html.slice(html.indexOf('class="qs-seats"'));
  const order = [...seats.matchAll(/<section class="seat-panel qs-seat[^"]*"[^>]*data-seat="(\d)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(order, [0, 1, 2]);
  const t = textOf(seats);
  for (const s of ["Cartographers", "Glory 1", "Rank 4", "Team Leader", "Hand 3", "Deck 20", "Discard 1 (top: Spent Flare 1)", "Morale Number 2", "Rankbreaker 24", "Ranks left 2, 5",
    "Deep Scan Array", "Active Project", "Warp Zone (1)", "Slipstream", "Lessons 1"])
    assert.ok(t.includes(s), `a seat panel shows "${s}"`);
  // Seat 1's view: Bot Brigid is "you", first, with her own hand; Ada's hand is only a count.
  const other = render(baseView(1));
  const otherSeats = other.slice(other.indexOf('class="qs-seats"'));
  assert.deepEqual([...otherSeats.matchAll(/<section class="seat-panel qs-seat[^"]*"[^>]*data-seat="(\d)"/g)].map((m) => Number(m[1])), [1, 0, 2]);
  assert.match(otherSeats, /aria-label="Bot Brigid \(you\)"/);
  assert.match(other, /Secret 1/);
  for (const c of ["Steady Hands", "Afterburner", "Field Medic"]) assert.doesNotMatch(other, new RegExp(c));
});

test("any seat's view: a seat that has chosen waits, with whom it waits for", () => {
  const v = confrontView(1);
  const html = render(v);
  assert.equal(buttonsOf(html).length, 0);
  assert.equal(decisionHeading(v, 1, seatName), "Waiting for Ada and Bot Cato to choose a card to confront with in secret.");
  assert.match(html, /aria-label="Waiting"/);
  const rank = rankView(1);
  assertOneButtonEach(rank, render(rank), "rank, seat 1");
  assert.equal(actionLabel(rank.legalActions[1], rank, seatName), "Choose Rank 3");
  // Ranks are hidden while chosen: no Rank mark, no Team Leader named.
  const rh = render(rank);
  const rt = textOf(rh);
  assert.doesNotMatch(textOf(rh.slice(rh.indexOf('class="qs-seats"'))), /Rank [1-5]/);
  // The Team Leader is the engine's word (Rankbreakers decide while Ranks are hidden).
  assert.match(rt, /Team Leader Bot Brigid/);
  assert.equal(decisionHeading(orderView(), 1, seatName), "Waiting for Ada (Team Leader) to choose which effect resolves next.");
});

test("the end: the Ending Letter, its title and text, no moves", () => {
  for (const won of [true, false]) {
    const v = endView(won);
    const html = render(v);
    assert.match(html, new RegExp(`data-testid="qs-ending" data-letter="${won ? "A" : "C"}"`));
    const t = textOf(html);
    assert.ok(t.includes(won ? "Ending A: Light at the Edge" : "Ending C: Adrift"), t);
    assert.ok(t.includes(won ? "the fleet is saved" : "The engines fall silent"));
    assert.ok(t.includes(won ? "the team succeeds" : "the team fails"));
    assert.equal(buttonsOf(html).length, 0);
    assert.match(decisionHeading(v, 0, seatName), /^The Mission ends: Ending [AC]/);
    // Nothing will confront again: not "yet".
    v.confrontation = [];
    const zone = textOf(part(render(v), 'data-testid="qs-confrontation"'));
    assert.match(zone, /No cards confronting: the Mission is over\./);
    assert.doesNotMatch(zone, /yet/);
  }
});

test("a Mission a seat abandoned ends with no Ending Letter: the panel says it was abandoned, with no empty letter", () => {
  const v = endView(false);
  v.endingLetter = "";
  v.endingTitle = "";
  v.endingText = "";
  v.outcome = create(OutcomeSchema, { over: true, reason: "resigned" });
  const panel = part(render(v), 'data-testid="qs-ending"');
  assert.match(textOf(panel), /The Mission was abandoned the team fails/);
  assert.doesNotMatch(panel, /qs-ending__letter|>\?</);
  assert.doesNotMatch(textOf(panel), /Ending\s*(the team|$)/);
});

test("a replay (no ActionButton) draws the same table without a button", () => {
  for (const [name, make] of views) {
    const html = render(make(), 0, { ActionButton: undefined, live: false });
    assert.equal(buttonsOf(html).length, 0, name);
    assert.match(html, /data-testid="qs-mission"/);
  }
  // An omniscient replay's view holds the secret picks: they are drawn, marked as secret.
  const omni = confrontView(0);
  omni.confrontation[0].card = baseView(1).seats[1].hand[0];
  const omniHtml = render(omni, null, { ActionButton: undefined, live: false });
  assert.match(textOf(part(omniHtml, 'data-testid="qs-confrontation"')), /Secret 1 .*chosen in secret/);
  // A spectator: no hand section, no "you".
  const spect = render(baseView(0), null);
  assert.doesNotMatch(spect, /data-testid="qs-hand"/);
  assert.doesNotMatch(spect, /\(you\)/);
});

test("the team chat sits beside the table when the match page gives one, with a button to reach it", () => {
  const withChat = render(baseView(0), 0, { chat: <section class="card-box chat"><h2>Team chat</h2></section> });
  assert.match(withChat, /class="quasar quasar--chat"/);
  assert.match(withChat, /<aside class="qs-chat" aria-label="Team chat">/);
  assert.match(withChat, /name="team-chat"/);
  const without = render(baseView(0));
  assert.doesNotMatch(without, /qs-chat/);
});

test("options: difficulty, Challenges per Act, the Challenge limit; bad values are sentences", () => {
  const o = buildOptions(Options_Difficulty.EASY, 3, 0);
  assert.ok(typeof o !== "string");
  assert.deepEqual(describeOptions(toBinary(OptionsSchema, o)), ["Difficulty: Easy", "3 Challenges per Act", "Challenge limit: 60"]);
  assert.deepEqual(describeOptions(toBinary(OptionsSchema, create(OptionsSchema, {}))), ["Difficulty: Standard", "8 Challenges per Act (by difficulty)", "Challenge limit: 60"]);
  assert.match(String(buildOptions(Options_Difficulty.STANDARD, 11, 0)), /Challenges per Act is a whole number/);
  assert.match(String(buildOptions(Options_Difficulty.STANDARD, 2, -1)), /Challenge limit/);
  assert.deepEqual(describeOptions(new Uint8Array([0xff, 0xff])), ["(options unreadable)"]);
});

test("reveal pacing: the Confrontation turning face up, a verdict and a new Act are held", () => {
  assert.equal(revealPauseMs(undefined, baseView(0)), 0);
  assert.equal(revealPauseMs(confrontView(0), shiftView()), revealConfrontationMs);
  assert.equal(revealPauseMs(shiftView(), boonView()), verdictPauseMs);
  const next = baseView(0);
  next.act!.sequence = 3;
  next.actsPlayed = 3;
  assert.equal(revealPauseMs(baseView(0), next), newActPauseMs);
  assert.equal(revealPauseMs(shiftView(), shiftView()), 0);
});

test("a Trigger button names the effect and its cost, even on a card with one Triggered effect (its text is cut short on a small card)", () => {
  const moves = part(render(triggersView()), 'data-testid="qs-moves"');
  assert.match(moves, /<span aria-hidden="true">Trigger: Consume 1 Energy: Sensors 1<\/span>/);
  assert.match(moves, /<span aria-hidden="true">Trigger: Sensors 1<\/span>/);
  assert.doesNotMatch(moves, /<span aria-hidden="true">Trigger<\/span>/);
});

test("while choosing, the Challenge's Success and Failure results are in the move panel, not only below the hand", () => {
  const moves = textOf(part(render(confrontView(0)), 'data-testid="qs-moves"'));
  assert.match(moves, /Success Grant a Boon to players with the highest value\./);
  assert.match(moves, /Failure Lose 2 Morale\./);
});

test("a card says it is a Project and names its keywords before its effects", () => {
  const v = boonView();
  const c = { ...v.seats[0].hand[0], project: true, keywords: ["Overcommit", "Adrenaline 1"] };
  const html = renderToString(<QsCard card={c} />);
  assert.match(html, /Project/);
  assert.match(html, /Overcommit · Adrenaline 1/);
  const plain = renderToString(<QsCard card={{ ...c, project: false, keywords: [] }} />);
  assert.match(plain, /Player Card/);
  assert.doesNotMatch(plain, /Overcommit/);
});

test("the Discard Zone is face up: every card in it is listed, the top first", () => {
  const v = baseView(0);
  v.seats[1].discard = [card(191, "Old Flare", 1), card(190, "Spent Flare 1", 1)];
  v.seats[1].discardCount = 2;
  v.seats[1].discardTop = v.seats[1].discard[1];
  const html = render(v, 0);
  assert.match(html, /<summary>All 2<\/summary><ol class="plain"><li>Spent Flare 1<\/li><li>Old Flare<\/li><\/ol>/);
  assert.doesNotMatch(render(baseView(0), 0), /data-testid="qs-discard"/);   // one card: the top says it
});

test("a Challenge judged and cleared in one move still shows its verdict, with a pause for it", async () => {
  const { JudgedSchema, JudgedCardSchema } = await import("../src/gen/starport/v1/quasar_search_pb.js");
  const before = baseView(0);
  const after = baseView(0);
  after.lastJudged = create(JudgedSchema, {
    challenge: 7,
    target: TargetKind.ALL_OUT,
    name: "Rogue Moon",
    targetText: "All-Out 10",
    success: true,
    resultText: "Produce 1 Energy.",
    cards: [
      create(JudgedCardSchema, { seat: 0, name: "Steady Hands", hasValue: true, value: 6 }),
      create(JudgedCardSchema, { seat: 1, name: "Lost in Space", hasValue: false }),
    ],
  });
  const html = textOf(render(after, 0));
  assert.match(html, /Last Challenge: Rogue Moon \(All-Out 10\) — Success/);
  assert.match(html, new RegExp(`${seatName(0)}: Steady Hands 6`));
  assert.match(html, /Lost in Space \(no value\)/);
  assert.match(html, /Total 6 · Produce 1 Energy\./);
  assert.equal(revealPauseMs(before, after), revealConfrontationMs + verdictPauseMs);
  after.lastJudged.target = TargetKind.SPLIT_DECISION;   // judged on odd values: no total
  assert.doesNotMatch(textOf(render(after, 0)), /Total/);
  // While the judged Challenge is still on the table, resolved, its own cards say it.
  after.resolved = true;
  after.challenge = challenge("Rogue Moon", TargetKind.ALL_OUT, 10, { index: 7 });
  assert.doesNotMatch(render(after, 0), /qs-last-verdict/);
});

test("Morale during Act Setup's Rank picks says its new tokens come after the Ranks", () => {
  const v = rankView(0);
  v.step = Step.ACT_SETUP;
  v.morale = 0;
  assert.match(textOf(render(v, 0)), /Morale 0 \(new tokens after the Ranks\)/);
  v.step = Step.CONFRONTATION;
  assert.doesNotMatch(textOf(render(v, 0)), /new tokens after the Ranks/);
});

// docs/rules/quasar_search.md, "Morale": every failed Challenge costs 1 Morale after its
// Failure box. A box reading "Lose 1 Morale" followed by two lost tokens read as a wrong count.
test("a Failure says the failure itself costs 1 Morale besides its box, on the Challenge and in the Last Challenge", async () => {
  const { JudgedSchema, JudgedCardSchema } = await import("../src/gen/starport/v1/quasar_search_pb.js");
  const v = confrontView(0);
  const onTable = textOf(part(render(v, 0), 'data-testid="qs-mission"'));
  assert.match(onTable, /Failure Lose 2 Morale\. Then the failure itself costs 1 Morale\./);
  assert.doesNotMatch(onTable, /Success [^F]*failure itself/);
  const after = baseView(0);
  after.lastJudged = create(JudgedSchema, {
    challenge: 3, target: TargetKind.ALL_OUT, name: "Hull Fatigue", targetText: "All-Out 14", success: false,
    resultText: "Each player takes 1 Crew Damage. Lose 1 Morale",
    cards: [create(JudgedCardSchema, { seat: 0, name: "Steady Hands", hasValue: true, value: 4 })],
  });
  const verdict = () => textOf(part(render(after, 0), 'data-testid="qs-confrontation"'));
  assert.match(verdict(), /Total 4 · Each player takes 1 Crew Damage\. Lose 1 Morale\. Then the failure itself costs 1 Morale\./);
  after.lastJudged.success = true;
  after.lastJudged.resultText = "Produce 1 Energy.";
  assert.doesNotMatch(verdict(), /failure itself/);
});

// With Confront under the hand's cards, the hand sits between the decision and the
// Confrontation: the Last Challenge's verdict was a screen or more below on a phone.
test("while the hand carries the moves, the decision says the Last Challenge's verdict in a line", async () => {
  const { JudgedSchema, JudgedCardSchema } = await import("../src/gen/starport/v1/quasar_search_pb.js");
  const v = confrontView(0);
  assert.doesNotMatch(render(v, 0), /qs-moves-last/, "no Challenge judged yet: nothing said");
  v.lastJudged = create(JudgedSchema, {
    challenge: 3, target: TargetKind.SPEARHEAD, name: "Undocking Clamps", targetText: "Spearhead 8", success: false,
    resultText: "The Team Leader takes 1 Crew Damage.", cards: [create(JudgedCardSchema, { seat: 0, name: "Steady Hands", hasValue: true, value: 4 })],
  });
  const html = render(v, 0);
  assert.match(textOf(part(html, 'data-testid="qs-moves"')), /Last Challenge: Undocking Clamps — Failure \(its cards under Confrontation\)/);
  assert.ok(html.indexOf("qs-moves-last") < html.indexOf('data-testid="qs-hand"'), "above the hand");
  // Waiting for others (no move of yours): the zones are right below, nothing repeated.
  assert.doesNotMatch(render(v, 1), /qs-moves-last/);
});
