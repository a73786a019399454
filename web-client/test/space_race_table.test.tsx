// The Space Race table rendered to HTML (preact-render-to-string) from the engine's own
// views (JFK solo, 2-player standard, 3-player Cold War): every choice is a button with its
// label, hidden cards are backs without names, badges, Control Cards and terms carry Tips,
// the Unused Control Cards section is a <details>, the reveal of the secret Control Card
// choices gets a pause, and the rules are non-empty. Fails when the binary is missing.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, OpponentSchema, Phase, SeatSchema, Stage, Variant, ViewSchema, type View } from "../src/gen/starport/v1/space_race_pb.js";
import spaceRace from "../src/games/space_race.js";
import { badgeTip, controlText, SrCard } from "../src/games/space_race/cards.js";
import { choicesOf } from "../src/games/space_race/choices.js";
import { revealPauseMs } from "../src/games/space_race/reveal.js";
import { SpaceRaceTable } from "../src/games/space_race/table.js";
import type { TableContext } from "../src/games/types.js";
import { RulesPanel } from "../src/kit/rules_panel.js";
import { outcomeText } from "../src/kit/words.js";

import { Button, seatName } from "./table_fixtures.js";
import { engineRuns, webClient } from "./engine_runs.js";

const { work, record, viewsAt } = engineRuns("space_race", ViewSchema);

function ctxFor(view: View): TableContext {
  return {
    info: create(MatchInfoSchema, {
      seats: view.seats.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat > 0, connected: true })),
    }),
    viewer: view.spectator ? null : view.viewerSeat,
    live: true,
    seatName,
    ActionButton: view.spectator ? undefined : Button,
    timer: () => null,
  };
}

const render = (view: View) => renderToString(<SpaceRaceTable view={view} ctx={ctxFor(view)} />);
const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function buttons(html: string): { label: string; detail: string }[] {
  return [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => ({
    label: decode(m[1].match(/<span class="sr-label">(.*?)<\/span>/)?.[1] ?? ""),
    detail: decode(m[1].match(/<span class="sr-detail">(.*?)<\/span>/)?.[1] ?? ""),
  }));
}

const tooltips = (html: string): string[] => [...html.matchAll(/role="tooltip"[^>]*>(.*?)<\/span>/g)].map((m) => decode(m[1]));

let badgesChecked = 0;
let controlsChecked = 0;
let coveredChecked = 0;
let usedChecked = 0;

function checkView(view: View, where: string) {
  const html = render(view);
  const text = decode(html);
  // Every choice (one per legal action but Resign) is a button with its label.
  const choices = choicesOf(view, seatName);
  const got = buttons(html);
  assert.equal(got.length, choices.length, `${where}: ${got.length} buttons for ${choices.length} choices`);
  assert.equal(choices.length, view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN).length);
  for (const c of choices) assert.ok(got.some((b) => b.label === c.label), `${where}: no button "${c.label}"`);
  // Backs carry no name: other seats' Hands and the face-down Universe cards.
  const backs = [...html.matchAll(/<div class="card [^"]*card--back[^"]*"[^>]*>(.*?)<\/div>/g)];
  for (const b of backs) {
    assert.match(b[0], /data-face="down"/);
    assert.doesNotMatch(b[1], /card__name/);
  }
  // Own Hand cards are faces with the game's class; backs too.
  const own = view.seats.find((s) => s.seat === view.viewerSeat);
  if (own?.hand.length) assert.equal((html.match(/class="card sr-card /g) ?? []).length >= own.hand.length, true);
  assert.equal((html.match(/class="card sr-back /g) ?? []).length, backs.length, `${where}: backs carry sr-back`);
  const expectedBacks =
    view.seats.filter((s) => !s.hand.length).reduce((n, s) => n + s.handCount, 0) + (view.faceDown.length ? 0 : view.faceDownCount);
  assert.equal(backs.length, expectedBacks, `${where}: backs`);
  // Another seat's Hand is never named: the view does not carry it and nothing invents it.
  for (const s of view.seats.filter((x) => x.seat !== view.viewerSeat)) assert.equal(s.hand.length, 0);
  // Level badges and Control Cards carry Tips.
  const tips = tooltips(html);
  for (const s of view.seats)
    for (const a of s.agency.slice(0, 2)) {
      const i = a.card!.levels.findIndex((l) => l > 0);
      if (i < 0) continue;
      assert.ok(tips.includes(badgeTip(i as Stage, a.card!.levels[i])), `${where}: no tip for a ${a.card!.name} badge`);
      badgesChecked++;
    }
  for (const s of view.seats) {
    if (s.currentControl) {
      assert.ok(tips.includes(controlText(s.currentControl)), `${where}: no tip for ${s.currentControl.name}`);
      controlsChecked++;
    }
    if (s.unusedControls.length) assert.ok(text.includes(`Unused Control Cards: ${s.unusedControls.length}</summary>`), `${where}: no Unused section`);
  }
  // A covered ability's card says so in its badge line, never only in the text the kit cuts.
  const covered = view.seats.reduce((n, s) => n + s.agency.filter((a) => a.covered).length, 0);
  const faces = html.split('<div class="card sr-card ').slice(1);
  const marked = faces.filter((f) => /<span class="card__badges">(?:(?!<span class="card__text)[\s\S])*class="tip sr-covered-mark"/.test(f));
  assert.equal(marked.length, covered, `${where}: ${covered} covered cards, ${marked.length} with the mark in their badge line`);
  coveredChecked += covered;
  // So does an ability used (or resolved) this round, while the game goes on: "↻ used",
  // "① used", "▤ resolved" in the badge line, and no "used this round" left in the text.
  const over = !!view.outcome?.over;
  const used = over ? 0 : view.seats.reduce((n, s) => n + s.agency.filter((a) => a.leftUsed || (a.rightUsed && !a.covered) || a.bottomUsed).length, 0);
  const usedMarked = faces.filter((f) => /<span class="card__badges">(?:(?!<span class="card__text)[\s\S])*class="tip sr-used-mark"/.test(f));
  assert.equal(usedMarked.length, used, `${where}: ${used} cards with an ability used this round, ${usedMarked.length} with the mark in their badge line`);
  for (const f of faces) assert.doesNotMatch(f.slice(f.indexOf('<span class="card__text')), /used this round<\/em>|resolved this round<\/em>/, `${where}: a used mark in the text the kit cuts`);
  usedChecked += used;
  for (const term of ["Universe", "Laboratory", "Agency", "Hand"]) assert.ok(text.includes(`>${term}<`) || text.includes(`${term}</`), `${where}: ${term}`);
  assert.ok(tips.some((t) => t.startsWith("Laboratory:")), `${where}: the Lab has no tip`);
  return html;
}

test("JFK, standard and Cold War matches: every view renders every choice, backs without names and tips", () => {
  let views = 0;
  for (const [name, players, bots, seed, options] of [
    ["jfk", 1, "heuristic", 7, '{"jfk_decks": 2}'],
    ["standard", 2, "random", 11, '{"variant": "STANDARD"}'],
    ["coldwar", 3, "heuristic,random", 5, '{"variant": "COLD_WAR"}'],
  ] as const) {
    const m = record(name, players, bots, seed, options);
    const samples = Math.min(m.actions, 40);
    for (let i = 0; i <= samples; i++) {
      const at = Math.round((m.actions * i) / samples);
      viewsAt(m.file, at).forEach((v, seat) => {
        const html = checkView(v, `${name} after ${at} actions, seat ${seat}`);
        if (name === "jfk" && v.opponent) assert.match(html, /Eastern bloc/);
        views++;
      });
    }
  }
  assert.ok(views > 100, `too few views (${views})`);
  assert.ok(badgesChecked > 50, `too few badges checked (${badgesChecked})`);
  assert.ok(controlsChecked > 10, `too few Control Cards checked (${controlsChecked})`);
  assert.ok(coveredChecked > 10, `too few covered cards checked (${coveredChecked})`);
  assert.ok(usedChecked > 10, `too few cards with a used ability checked (${usedChecked})`);
});

test("the reveal of the secret Control Card choices is held on screen; the choices before it are not", () => {
  const file = join(work, "reveal.json");
  writeFileSync(file, JSON.stringify({ game: "space_race", seats: 2, seed: 3, options: {}, actions: ["1 choose 5", "0 choose 2"] }));
  const [a0, b0] = viewsAt(file, 0);
  const [a1, b1] = viewsAt(file, 1);
  const [a2, b2] = viewsAt(file, 2);
  assert.equal(revealPauseMs(a0, a1), 0, "Bob's secret choice gives Alice no pause (it would leak nothing, but it is not a reveal)");
  assert.equal(revealPauseMs(b0, b1), 0);
  assert.ok(revealPauseMs(a1, a2) >= 1000, "Alice sees Bob's choice revealed");
  assert.ok(revealPauseMs(b1, b2) >= 1000, "Bob sees Alice's choice revealed");
  assert.equal(revealPauseMs(undefined, a2), 0);
  // Before the reveal Alice sees only "chosen" for Bob; after it, his Control Card.
  assert.match(render(a1), /data-chosen="1"/);
  assert.ok(decode(render(a2)).includes("Technology VI"));
  // The chip's own text is the card's name alone (its tip sits beside it), in the seat's panel.
  assert.match(render(b2), /<section class="seat-panel sr-seat mine[^"]*"[^>]*data-seat="1">[\s\S]*class="sr-control [^"]*current" data-control="[^"]+">Technology VI<\/span>/);
  assert.match(render(a1), /class="sr-control hidden-choice" data-chosen="1">chosen<\/span>/);
});

// A move pressed is on its way until the server answers (TableContext.inFlight, from the
// match page): the heading no longer asks for the Control Card just chosen.
test("while the viewer's move is on its way, the heading says so instead of asking for it", () => {
  const file = join(work, "in-flight.json");
  writeFileSync(file, JSON.stringify({ game: "space_race", seats: 2, seed: 3, options: {}, actions: [] }));
  const [ann] = viewsAt(file, 0);
  assert.ok(ann.legalActions.some((a) => a.seat === 0), "the first view asks seat 0 for its Control Card");
  const decision = (more: Partial<TableContext>) =>
    decode(renderToString(<SpaceRaceTable view={ann} ctx={{ ...ctxFor(ann), ...more }} />).match(/<p class="decision" data-decision(?:="")?>(.*?)<\/p>/)?.[1] ?? "");
  assert.match(decision({}), /^Plan Development: choose your Control Card for round 1\./);
  assert.equal(decision({ inFlight: { resign: false } }), "Your move is on its way.");
  assert.equal(decision({ inFlight: { resign: true } }), "Your resignation is on its way.");
});

// Platform play-test: on a phone the seat panel's countdown was three screens below the
// Control Card choice; the viewer's own countdown now sits under the decision.
test("the viewer's countdown is under the decision it times, not only in the seat panel", () => {
  const file = join(work, "timer.json");
  writeFileSync(file, JSON.stringify({ game: "space_race", seats: 2, seed: 3, options: {}, actions: [] }));
  const [ann] = viewsAt(file, 0);
  const html = renderToString(<SpaceRaceTable view={ann} ctx={{ ...ctxFor(ann), timer: (seat) => <span class="timer">{`seat ${seat}: 7s left`}</span> }} />);
  const decision = html.indexOf('data-decision');
  const timer = html.indexOf('<div class="decision-timer"><span class="timer">seat 0: 7s left</span></div>');
  assert.ok(timer > decision, "the viewer's countdown follows the decision heading");
  assert.ok(timer < html.indexOf("<button"), "and comes before the choices");
});

test("a JFK round's Control Card reveal (the opponent's cards) is held too", () => {
  const m = record("jfk2", 1, "heuristic", 3, '{"jfk_decks": 1}');
  let prev: View | undefined;
  let paused = 0;
  for (let at = 0; at <= Math.min(m.actions, 30); at++) {
    const [v] = viewsAt(m.file, at);
    if (prev && revealPauseMs(prev, v) > 0) {
      paused++;
      assert.ok((v.opponent?.played.length ?? 0) > (prev.opponent?.played.length ?? 0) || v.seats[0].currentControl, "a pause shows a revealed Control Card");
    }
    prev = v;
  }
  assert.ok(paused > 0, "no reveal pause in the first rounds of a JFK match");
});

test("rules: a summary and a glossary with every badge and keyword, rendered by the rules panel", () => {
  assert.ok(spaceRace.rules.summary.length > 500);
  const terms = spaceRace.rules.glossary.map((g) => g.term);
  for (const t of ["P1 … P6", "T1 … T6", "S1 … S6", "B1 … B6", "Lab", "Control Card", "Categories", "Bureaucracy", "Stage", "Universe", "Leader", "Eastern bloc"])
    assert.ok(terms.includes(t), `glossary lacks ${t}`);
  const html = renderToString(<RulesPanel title={spaceRace.title} rules={spaceRace.rules} />);
  assert.match(html, /<ol>/, "the summary's numbered phases are rendered as a list");
  assert.equal((html.match(/<dt /g) ?? []).length, spaceRace.rules.glossary.length);
});

test("the end is said once, by the page (in players' words), not again by the table; the table keeps the final score and nothing of a next turn", () => {
  // JFK: the banner names the Eastern bloc's win; the reason code is never said.
  const jfk = create(ViewSchema, {
    viewerSeat: 0,
    variant: Variant.JFK,
    round: 7,
    phase: Phase.GAME_OVER,
    seats: [create(SeatSchema, { seat: 0, initiative: true, score: { halves: 81 } })],
    opponent: create(OpponentSchema, { score: 44, decksLeft: [0] }),
    outcome: { over: true, winners: [], reason: "eastern_bloc_won" },
  });
  assert.equal(outcomeText(jfk.outcome, 0, seatName, [], spaceRace.reasonWords), "You lost: Eastern bloc won.");
  // A scored game: "scored" is the engine's word; the player reads what decided it.
  const scored = create(ViewSchema, {
    viewerSeat: 0,
    variant: Variant.STANDARD,
    round: 7,
    phase: Phase.GAME_OVER,
    initiative: 1,
    seats: [
      create(SeatSchema, {
        seat: 0, passed: true, score: { halves: 30 },
        // Used in the last round: there is no round left to use it in once the game is over.
        agency: [{ card: { code: "launch_pad", name: "Launch Pad", type: Stage.TECHNOLOGY, levels: [0, 1, 1, 0], left: "Put up to 1 card from your Hand into your Agency.", leftStripe: Stage.TECHNOLOGY, bottom: "Bureaucracy: Put exactly 1 card from your Hand into the Universe face down (if you can)." }, leftUsed: true, bottomUsed: true }],
      }),
      create(SeatSchema, { seat: 1, initiative: true, score: { halves: 51 } }),
    ],
    outcome: { over: true, winners: [1], reason: "scored" },
  });
  assert.equal(outcomeText(scored.outcome, 0, seatName, [], spaceRace.reasonWords), "You lost: Bot Brigid won (the most Development Points).");
  assert.equal(outcomeText({ ...scored.outcome!, winners: [0], reason: "resigned" }, 0, seatName, [], spaceRace.reasonWords), "You won (after a resignation).");
  const resigned = create(ViewSchema, { ...scored, outcome: create(OutcomeSchema, { over: true, winners: [0], reason: "resigned" }) });
  for (const [name, view] of [["jfk", jfk], ["scored", scored], ["scored, seen by the winner", create(ViewSchema, { ...scored, viewerSeat: 1 })], ["resigned", resigned], ["spectator", create(ViewSchema, { ...scored, spectator: true })]] as const) {
    const html = decode(render(view));
    const text = html.replace(/<[^>]+>/g, " ");
    // The match page's end banner (and the replay's outcome line) sits right above the
    // table and says who won and why: the table used to say it again in a box of its own.
    assert.doesNotMatch(html, /data-outcome|sr-outcome/, `${name}: no outcome box on the table`);
    assert.doesNotMatch(text, /Winner|Shared victory|No winner|you lost|beat the|Eastern bloc wins|Better luck|Final Development Points: [A-Z][a-z]+ \d|scored\)|eastern bloc won|Development Points\)|resignation/i, `${name}: the end is not said again`);
    // What stays is the end's facts: the final score, every seat's and the Eastern bloc's.
    assert.match(html, /<h3>Final score<\/h3>/, `${name}: the final score`);
    for (const s of view.seats) assert.match(html, new RegExp(`data-score-seat="${s.seat}"[\\s\\S]*?data-points="${s.score!.halves}">${s.score!.halves / 2 | 0}(\\.5)?<`), `${name}: seat ${s.seat}'s points`);
    // Nothing of a turn or a round to come: no Initiative, no "passed", no "This round".
    assert.doesNotMatch(text, /Initiative|passed|This round|if the game ended now|used this round|resolved this round|↻ used|① used|▤ resolved/i, `${name}: nothing of a next turn`);
    assert.match(text, /Final round/, `${name}: the last round's Control Cards are the final round's`);
  }
  assert.match(decode(render(jfk)), /class="sr-score-row opponent"><span class="sr-score-name">Eastern bloc<\/span><b class="sr-points">44<\/b>/);
  // While the match is on, the same places read as before: the running score, the Initiative.
  const playing = decode(render(create(ViewSchema, { ...scored, phase: Phase.MANAGE, outcome: undefined })));
  assert.match(playing, /Score if the game ended now/);
  assert.match(playing, /Initiative: Bot Brigid/);
  assert.match(playing, />This round</);
  assert.match(playing, /Development Points if the game ended now/);
  assert.match(playing, /class="tip sr-used-mark"[^>]*>↻ used</);
  assert.match(playing, /class="tip sr-used-mark"[^>]*>▤ resolved</);
});

// Space Race clamped each ability at 3 lines with a clamp of its own (space_race.css), so
// "Split 2 between the top row (cards from the Deck into your Hand) and the bottom row …"
// lost its end even on a card with room for it, nothing marked the card as cut, and the
// kit's fitting (every whole line the card has room for, "…", data-cut, the zoom) never saw
// the text. The abilities are now the kit card's text; the levels and symbols stand above.
test("a card's abilities are the kit card's text (fitted by the kit, whole in the zoom), not clamped by Space Race", () => {
  const card = {
    code: "solar_panels", name: "Solar Panels", type: Stage.TECHNOLOGY, levels: [0, 1, 0, 0], symbols: [0, 1, 0, 0],
    left: "Split 2 between the top row (cards from the Deck into your Hand) and the bottom row (cards from your Hand into your Agency).",
    leftStripe: Stage.TECHNOLOGY,
    right: "Put up to 2 cards from the Universe into your Hand.",
    rightStripe: Stage.TECHNOLOGY,
    bottom: "Bureaucracy: Put exactly 1 card from your Hand into the Universe face down (if you can).",
  };
  const html = decode(renderToString(<SrCard card={card as never} agency={{ covered: true, leftUsed: true } as never} marks={{ key: "agency:0:3" }} />));
  const face = html.slice(0, html.indexOf("</div>"));
  // The badges first, never cut; then one text the kit fits: every ability in it, in order.
  const badges = face.indexOf('<span class="card__badges"><span class="sr-card-marks" data-card="solar_panels" data-key="agency:0:3">');
  const text = face.indexOf('<span class="card__text card__text--clamp"><span class="sr-ab reusable used">');
  assert.ok(badges > 0, "the levels and symbols in the kit's badge line");
  assert.ok(text > badges, "the abilities in the kit's fitted text, below the badges");
  const abilities = face.slice(text);
  assert.match(abilities, /^<span class="card__text card__text--clamp"><span class="sr-ab reusable used">[\s\S]*?the bottom row \(cards from your Hand into your Agency\)\.<\/span><span class="sr-ab single covered">[\s\S]*?into your Hand\.<\/span><\/span><span class="sr-ab bottom">[\s\S]*?\(if you can\)\.<\/span><\/span>$/);
  assert.doesNotMatch(face, /card__extra/, "no ability outside the kit's text");
  assert.match(abilities, /aria-describedby[^>]*>↻<span class="tip__text" role="tooltip"[^>]*>Reusable/, "each ability keeps its Tip");
  // A card without abilities has no empty text line.
  assert.doesNotMatch(renderToString(<SrCard card={{ ...card, left: "", right: "", bottom: "" } as never} />), /card__text/);
  // No clamp of its own: an ability is a line of the kit's text, which the kit fits to the card.
  const css = readFileSync(join(webClient, "src/games/space_race/space_race.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  assert.doesNotMatch(css, /line-clamp/, "Space Race cuts no text itself");
  for (const rule of css.matchAll(/([^{}]*\.sr-ab[^{}]*)\{([^}]*)\}/g)) assert.doesNotMatch(rule[2], /overflow|max-height|-webkit-box/, `${rule[1].trim()} cuts its text`);
});

// A covered ability was struck through as a whole row (`.sr-ab.covered`, line-through): a
// text decoration reaches every inline piece inside, so the line crossed its ① icon and the
// "covered" mark that says why it is struck. Only its words are struck now.
// The mark then stood after the words, the last of the kit's fitted text: on a phone the text
// was cut before it ("…"), and only the zoom said the ability was covered. It is in the badge
// line now, beside the levels, which the kit never cuts.
test("a covered ability: its words struck through, its ① icon not, and \"① covered\" in the badge line the kit never cuts", () => {
  const card = {
    code: "solar_panels", name: "Solar Panels", type: Stage.TECHNOLOGY, levels: [0, 1, 0, 0], symbols: [],
    left: "Split 2 between the top row (cards from the Deck into your Hand) and the bottom row (cards from your Hand into your Agency).",
    leftStripe: Stage.TECHNOLOGY,
    right: "Put up to 2 cards from the Universe into your Hand.", rightStripe: Stage.TECHNOLOGY, bottom: "",
  };
  const html = decode(renderToString(<SrCard card={card as never} agency={{ covered: true } as never} />));
  const row = html.match(/<span class="sr-ab single covered">([\s\S]*?)<span class="sr-ab-words">([^<]*)<\/span>([\s\S]*?)<\/span>(?:<span class="sr-ab|<\/span><\/div>$)/);
  assert.ok(row, "the covered ability");
  assert.equal(row[2], card.right, "the ability's words, alone in their own span");
  assert.match(row[1], /①/, "the icon outside the struck words");
  assert.equal(row[3], "", "nothing after the words in the row: no mark in the text");
  // The mark: in the badge line, before the text; nothing in the text says "covered".
  const badges = html.slice(html.indexOf('<span class="card__badges">'), html.indexOf('<span class="card__text'));
  assert.match(badges, /<span class="tip sr-covered-mark"[^>]*>① covered<span class="tip__text" role="tooltip"[^>]*>Covered: this card's single-use ability/, "the mark and its Tip in the badge line");
  const text = html.slice(html.indexOf('<span class="card__text'));
  assert.doesNotMatch(text, /sr-covered|<em[^>]*>[^<]*covered/, "no mark in the text the kit cuts");
  // An uncovered card has no covered mark; a used one is marked used (below).
  const open = decode(renderToString(<SrCard card={card as never} agency={{ covered: false, rightUsed: true } as never} />));
  assert.doesNotMatch(open, /sr-covered-mark|① covered/);
  assert.match(open, /<span class="sr-ab single used">[\s\S]*?into your Hand\.<\/span><\/span>/);
  // Every line-through in Space Race's sheet is on the words, never on the row.
  const css = readFileSync(join(webClient, "src/games/space_race/space_race.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const struck = [...css.matchAll(/([^{}]*\.sr-ab[^{}]*)\{([^}]*line-through[^}]*)\}/g)].map((m) => m[1].trim());
  assert.ok(struck.length > 0, "space_race.css strikes a covered ability's words");
  for (const selector of struck) assert.match(selector, /\.sr-ab\.covered \.sr-ab-words$/, `${selector} strikes more than the words`);
  // The mark is never cut or hidden by Space Race's own rules.
  for (const rule of css.matchAll(/([^{}]*\.sr-covered-mark[^{}]*)\{([^}]*)\}/g)) assert.doesNotMatch(rule[2], /display:\s*none|overflow|visibility|clip/, `${rule[1].trim()} hides the mark`);
});

// Space Race's styles lived in two places: the table's layout in the page's stylesheet
// (styles.css), from before the kit card, and its card inside in space_race.css. The old
// rules styled the kit card's own box (`.sr-card { display: grid … }`, `.sr-mini`,
// `.sr-back`: a grid, a stripe, a fixed size) and lost to the kit only by coming first in
// the page; `.sr-ab.used` greyed the words with a filter space_race.css then had to undo.
// All of it is in space_race.css now, loaded with the game, and what is inside a card is
// styled through `.space-race .card …`, never the card's box itself.
test("Space Race's styles are all in space_race.css, and none styles the kit card's own box", () => {
  const strip = (file: string) => readFileSync(join(webClient, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors = (css: string) => [...css.matchAll(/([^{}@]+)\{[^{}]*\}/g)].flatMap((m) => m[1].split(",").map((x) => x.trim()));
  const page = selectors(strip("src/styles.css")).filter((sel) => /\.sr-|\.space-race\b/.test(sel));
  assert.deepEqual(page, [], "no Space Race rule in the page's stylesheet");
  const own = selectors(strip("src/games/space_race/space_race.css"));
  assert.ok(own.length > 40, `space_race.css has the table's rules (${own.length} selectors)`);
  for (const sel of own) {
    assert.doesNotMatch(sel, /\.sr-(card|mini|back)(?![\w-])/, `${sel}: the kit card's own box, by the game's class`);
    if (/\.card(?![\w-])/.test(sel)) assert.match(sel, /^\.space-race \.card \S/, `${sel}: only what is inside a card`);
  }
  // No filter or fading on an ability: used and covered ones say so in words, at 4.5:1.
  assert.doesNotMatch(strip("src/games/space_race/space_race.css"), /\.sr-ab[^{]*\{[^}]*(filter|opacity)/);
});

// "used this round" ended its ability's row, the last words of the kit's fitted text: at
// 390 px Solar Panels' "↻ Split 2 between the top row …" filled the 4 lines the card shows,
// and the mark went with the cut ("…"); only the zoom said the ability was used. Like "①
// covered", the marks are in the badge line the kit never cuts, short enough to keep it one
// line: "↻ used", "① used", "▤ resolved", each with a Tip that says "this round".
test("an ability used this round is marked in the badge line the kit never cuts, not at the end of its text", () => {
  const card = {
    code: "solar_panels", name: "Solar Panels", type: Stage.TECHNOLOGY, levels: [0, 1, 0, 0], symbols: [0, 1, 0, 0],
    left: "Split 2 between the top row (cards from the Deck into your Hand) and the bottom row (cards from your Hand into your Agency).",
    leftStripe: Stage.TECHNOLOGY,
    right: "Put up to 2 cards from the Universe into your Hand.", rightStripe: Stage.TECHNOLOGY,
    bottom: "Bureaucracy: Put exactly 1 card from your Hand into the Universe face down (if you can).",
  };
  const parts = (agency: object, over = false) => {
    const html = decode(renderToString(<SrCard card={card as never} agency={agency as never} over={over} />));
    const at = html.indexOf('<span class="card__text');
    return { badges: html.slice(html.indexOf('<span class="card__badges">'), at), text: html.slice(at) };
  };
  const marks = (badges: string) => [...badges.matchAll(/<span class="tip sr-used-mark"[^>]*>([^<]*)<span class="tip__text" role="tooltip"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
  const all = parts({ leftUsed: true, rightUsed: true, bottomUsed: true });
  assert.deepEqual(marks(all.badges), [
    ["↻ used", "Used this round: this card's reusable ability (↻) was used this round; it can be used again next round."],
    ["① used", "Used this round: this card's single-use ability (①) was used this round."],
    ["▤ resolved", "Resolved this round: this card's Bureaucracy ability (▤) was resolved this round."],
  ]);
  assert.doesNotMatch(all.text, /used this round|resolved this round|sr-used-mark/, "nothing of the marks in the text the kit cuts");
  // The rows still read as used (their colour), each mark beside the levels.
  assert.match(all.text, /<span class="sr-ab reusable used">[\s\S]*<span class="sr-ab single used">[\s\S]*<span class="sr-ab bottom used">/);
  assert.match(all.badges, /sr-levels[\s\S]*sr-used-mark/);
  // One mark per used ability; a covered single-use ability says "① covered", not "① used".
  assert.deepEqual(marks(parts({ leftUsed: true }).badges).map((m) => m[0]), ["↻ used"]);
  assert.deepEqual(marks(parts({ covered: true, rightUsed: true }).badges).map((m) => m[0]), []);
  assert.deepEqual(marks(parts({}).badges), []);
  // Once the game is over there is no round left to use anything in.
  assert.deepEqual(marks(parts({ leftUsed: true, bottomUsed: true }, true).badges), []);
  // Never cut or hidden by Space Race's own rules.
  const css = readFileSync(join(webClient, "src/games/space_race/space_race.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  for (const rule of css.matchAll(/([^{}]*\.sr-used-mark[^{}]*)\{([^}]*)\}/g)) assert.doesNotMatch(rule[2], /display:\s*none|overflow|visibility|clip/, `${rule[1].trim()} hides the mark`);
  assert.ok(/\.sr-used-mark[^{]*\{[^}]*white-space:\s*nowrap/.test(css), "a mark never breaks inside");
});
