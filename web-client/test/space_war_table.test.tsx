// The Space War table rendered to HTML (preact-render-to-string) from the engine's own
// views: `starport simulate --record` plays a match, `starport scenario --at N` prints every
// seat's view along the way. Every legal action is a button with its label, face-down cards
// carry no name, the last contest shows its result and revealed cards, Powers have Tips,
// and the rules are non-empty. Fails (never skips) when the binary is missing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";

import { create, fromBinary, fromJson, type JsonValue } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import type { Action } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema, type CardPool } from "../src/gen/starport/v1/protocol_pb.js";
import { setPool } from "../src/decks/pool_cache.js";
import {
  ActionKind,
  BattlefieldCardSchema,
  CardSchema,
  Faction,
  LastContestSchema,
  OptionsSchema,
  Phase,
  PowerState,
  RevealsSchema,
  SeatSchema,
  ViewSchema,
  type Card as ViewCard,
  type View,
} from "../src/gen/starport/v1/space_war_pb.js";
import spaceWar from "../src/games/space_war.js";
import { buildOptions, describeOptions } from "../src/games/space_war/options.js";
import { cardId, lastContestCards, lastContestNumber, revealPauseMs } from "../src/games/space_war/reveal.js";
import { actionLabel, flipWords, seatWords, SpaceWarTable } from "../src/games/space_war/table.js";
import { cardKind, powerText } from "../src/games/space_war/words.js";
import { outcomeText } from "../src/kit/words.js";
import type { TableContext } from "../src/games/types.js";
import { Card } from "../src/kit/card.js";
import { RulesPanel } from "../src/kit/rules_panel.js";
import { SeatPanel } from "../src/kit/seat_panel.js";
import { Tip } from "../src/kit/tip.js";

import { Button, seatName } from "./table_fixtures.js";
import { engineRuns, webClient } from "./engine_runs.js";
import { askServer } from "./real_server.js";

const { run, record: recordGame, viewsAt } = engineRuns("space_war", ViewSchema);
// The catalog views name cards from (ListCards), as the page gets it from the server.
const [, catalogReply] = await askServer([{ case: "listCards", value: { game: "space_war" } }]);
assert.equal(catalogReply.body.case, "cardPool");
const pool = catalogReply.body.value as CardPool;
setPool(pool);
const nameOf = (c: ViewCard | undefined) => cardKind(c, pool)!.name;
const record = (name: string, players: number, seed: number, options: string) => recordGame(name, players, "heuristic", seed, options);

function ctxFor(view: View, live = true): TableContext {
  return {
    info: create(MatchInfoSchema, {
      seats: view.seats.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat === 1 || s.seat === 2, connected: true })),
    }),
    viewer: view.spectator ? null : view.viewerSeat,
    live,
    seatName,
    ActionButton: view.spectator ? undefined : Button,
    timer: () => null,
  };
}

const render = (view: View, previous?: View, live = true) => renderToString(<SpaceWarTable view={view} previous={previous} ctx={ctxFor(view, live)} />);

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

// The opening tags (with their attributes) of every card element.
function cardTags(html: string): string[] {
  return [...html.matchAll(/<div class="card [^"]*"[^>]*>/g)].map((m) => m[0]);
}

// The section [data-testid=last-contest], up to its closing tag (no nested sections).
function lastContestHtml(html: string): string | null {
  const start = html.indexOf('data-testid="last-contest"');
  if (start < 0) return null;
  return html.slice(start, html.indexOf("</section>", start));
}

function buttonLabels(html: string): string[] {
  return [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => decode(m[1].replace(/<[^>]+>/g, "")));
}

const allCardNames = new Set<string>();

function checkView(view: View, previous: View | undefined, where: string) {
  const html = render(view, previous);
  // Every legal action but Resign (the generic page's) is a button with its label.
  const labels = buttonLabels(html);
  for (const a of view.legalActions.filter((x) => x.kind !== ActionKind.RESIGN))
    assert.ok(labels.includes(actionLabel(a, view, seatName)), `${where}: no button "${actionLabel(a, view, seatName)}" among ${JSON.stringify(labels)}`);
  assert.equal(labels.length, view.legalActions.filter((x) => x.kind !== ActionKind.RESIGN).length, `${where}: extra buttons`);
  // Face-down cards carry no name: a back's markup is only the back mark.
  for (const m of html.matchAll(/<div class="card [^"]*card--back[^"]*"[^>]*>(.*?)<\/div>/g)) {
    assert.match(m[0], /data-face="down"/);
    assert.doesNotMatch(m[0], /data-card-id/, `${where}: a back carries a copy id`);
    assert.doesNotMatch(m[1], /card__name/, `${where}: a back has a name`);
    for (const n of allCardNames) assert.ok(!m[0].includes(n), `${where}: a back names ${n}`);
  }
  // Face-up battlefield cards in the view are drawn face up with their names.
  for (const b of view.battlefield.filter((x) => x.faceUp && x.card)) {
    allCardNames.add(nameOf(b.card));
    const id = cardId(b.card);
    if (id !== undefined) assert.ok(html.includes(`data-card-id="${id}"`), `${where}: ${nameOf(b.card)} lacks its copy id`);
    assert.ok(decode(html).includes(nameOf(b.card)), `${where}: face-up ${nameOf(b.card)} not shown`);
  }
  // A seat view never shows a card its view does not carry.
  const hidden = view.battlefield.filter((x) => !x.faceUp).length + view.faceDownOwners.length;
  assert.equal(cardTags(html).filter((t) => t.includes('data-face="down"')).length, hidden, `${where}: backs`);
  // Powers carry a Tip with their text.
  for (const s of view.seats.filter((x) => x.power !== PowerState.NO_POWER && powerText(x.powerName)))
    assert.ok(decode(html).includes(`role="tooltip"`) && decode(html).includes(powerText(s.powerName)), `${where}: no tip for ${s.powerName}`);
  // The last contest: its result in words.
  const last = view.lastContest;
  if (last && lastContestNumber(view) > 0) {
    const section = lastContestHtml(html);
    assert.ok(section, `${where}: no last-contest section`);
    const words = decode(section);
    if (last.peace) assert.match(words, /Peace: no winner/);
    else if (last.hasWinner) assert.ok(words.includes(`${seatName(last.winner)} won the ${last.war ? "War" : "Battle"} and captured ${last.cards} card`), `${where}: ${words}`);
    assert.doesNotMatch(words, /\{seat:\d+\}/, `${where}: a raw seat reference`);
    // Whatever the view carries of the revealed cards is drawn face up.
    for (const r of lastContestCards(last)) assert.ok(words.includes(nameOf(r.card)), `${where}: revealed ${nameOf(r.card)} missing`);
  }
  return html;
}

test("a 3-player heuristic match with Elves: every view renders its actions, backs without names, results and power tips", () => {
  const m = record("elves", 3, 4, '{"factions": ["ELVES", "DWARVES", "ROBOTS"]}');
  assert.ok(m.actions > 20, `a short match (${m.actions} actions)`);
  let lastSections = 0;
  let decisions = 0;
  const samples = Math.min(m.actions, 120);
  let prev: View[] = [];
  for (let i = 0; i <= samples; i++) {
    const at = Math.round((m.actions * i) / samples);
    const views = viewsAt(m.file, at);
    views.forEach((v, seat) => {
      const html = checkView(v, prev[seat], `after ${at} actions, seat ${seat}`);
      if (!v.legalActions.some((a) => a.kind === ActionKind.TRIGGER)) assert.doesNotMatch(html, /card--offered/, "nothing is highlighted without a Power on offer");
      if (lastContestHtml(html)) lastSections++;
      if (v.phase === Phase.BEFORE_BATTLE && v.decidingSeat === seat && v.offeredPower) {
        decisions++;
        // The card the Power is about (the seat's own face-up card) is highlighted.
        assert.match(html, /card--offered/, "the decision's card is highlighted");
        // The decision says what the Power does.
        assert.ok(decode(html).includes(`${v.offeredPower}</strong></span>: ${powerText(v.offeredPower)}`) || decode(html).includes(powerText(v.offeredPower)), "the decision explains the power");
      }
    });
    prev = views;
  }
  assert.ok(lastSections > 10, `too few last contests seen (${lastSections})`);
  assert.ok(decisions > 0, "no Power decision seen: pick another seed");
});

test("the last contest shows the face-up cards of a contest that resolved, from the view or the Battlefield seen before", () => {
  const m = record("reveal", 2, 9, '{"factions": ["ELVES", "DWARVES"]}');
  let checked = 0;
  let prev: View | undefined;
  for (let at = 0; at <= m.actions && checked < 12; at++) {
    const [v] = viewsAt(m.file, at);
    const last = v.lastContest;
    const number = lastContestNumber(v);
    if (prev && last && number > lastContestNumber(prev)) {
      const html = render(v, prev);
      const section = decode(lastContestHtml(html) ?? "");
      const fromView = lastContestCards(last);
      // What the player saw face up in that contest before it resolved (a Power window).
      const seen = prev.contest === number ? prev.battlefield.filter((b) => b.faceUp && b.card) : [];
      const expect = fromView.length ? fromView.map((r) => r.card!) : seen.map((b) => b.card!);
      for (const c of expect) assert.ok(section.includes(nameOf(c)), `contest ${number}: ${nameOf(c)} not in Last contest`);
      const up = (section.match(/data-face="up"/g) ?? []).length;
      assert.equal(up >= expect.length, true);
      if (expect.length) {
        checked++;
        assert.ok(up > 0, "revealed cards are drawn face up");
      }
      assert.ok(revealPauseMs(prev, v) >= 1000, `contest ${number}: no reveal pause`);
    } else if (prev) {
      assert.equal(revealPauseMs(prev, v) >= 1500, false, `at ${at}: a contest pause without a new contest`);
    }
    prev = v;
  }
  assert.ok(checked > 0, "no resolved contest with revealed cards was seen");
});

test("a War's steps are drawn one after another, each with its own title", () => {
  const m = record("war", 2, 21, '{"factions": ["HUMANS", "ROBOTS"]}');
  for (let at = 0; at <= m.actions; at++) {
    const [v] = viewsAt(m.file, at);
    if (!v.battlefield.some((b) => b.step >= 1) && !v.faceDownSteps.some((step) => step >= 1)) continue;
    const all = decode(render(v));
    const html = all.slice(all.indexOf('data-testid="battlefield"'));
    const reveal = html.indexOf(">Reveal<");
    const war1 = html.indexOf("War step 1");
    assert.ok(reveal >= 0 && war1 > reveal, "Reveal comes before War step 1");
    assert.ok(html.indexOf('data-step="0"') < html.indexOf('data-step="1"'), "steps in order");
    return;
  }
  assert.fail("no War seen in this match: pick another seed");
});

test("a War step's backs (the view's face_down columns) come before each seat's face-up card; the seat marks come from the view's masks", () => {
  // BEFORE_BATTLE in War step 1: each seat put 2 cards face down, then 1 face up.
  const up = (owner: number, step: number, id: number) =>
    create(BattlefieldCardSchema, { owner, step, faceUp: true, card: create(CardSchema, { id, kind: pool.cards[id].index }), strength: 5 });
  const view = create(ViewSchema, {
    viewerSeat: 0,
    contest: 3,
    phase: Phase.BEFORE_BATTLE,
    warStep: 1,
    seats: [create(SeatSchema, { seat: 0, faction: Faction.ELVES }), create(SeatSchema, { seat: 1, faction: Faction.HUMANS })],
    battlefield: [up(0, 0, 1), up(1, 0, 2), up(0, 1, 3), up(1, 1, 4)],
    faceDownOwners: [0, 0, 1, 1],
    faceDownSteps: [1, 1, 1, 1],
    seatsToAct: 0b01,
    seatsInContest: 0b11,
    seatsFlipped: 0b11,
  });
  const html = render(view);
  const field = html.slice(html.indexOf('data-testid="battlefield"'));
  const step1 = field.slice(field.indexOf('data-step="1"'));
  for (const owner of [0, 1]) {
    const row = step1.slice(step1.indexOf(`data-owner="${owner}"`));
    const faces = cardTags(row).slice(0, 3).map((t) => (t.includes('data-face="down"') ? "down" : "up"));
    assert.deepEqual(faces, ["down", "down", "up"], `seat ${owner}: backs first, as the cards were added`);
  }
  assert.equal(cardTags(field.slice(0, field.indexOf('data-step="1"'))).filter((t) => t.includes('data-face="down"')).length, 0, "the Battle's step has no backs");
  // A mark is its word alone in an element (its tip's sentence says more).
  assert.equal(html.match(/>flipped</g)?.length, 2, "both seats flipped");
  assert.equal(html.match(/>in contest</g)?.length, 2);
  assert.equal(html.match(/>to act</g)?.length, 1, "only the deciding seat is to act");
});

test("spectators and replays get no buttons; the omniscient view still shows backs for face-down cards", () => {
  const m = record("spect", 3, 2, "{}");
  const out = JSON.parse(run(["scenario", "--at", String(Math.floor(m.actions / 2)), m.file])) as { views: Record<string, JsonValue> };
  const spect = fromJson(ViewSchema, out.views.spectator);
  const html = renderToString(<SpaceWarTable view={spect} ctx={{ ...ctxFor(spect, false), ActionButton: undefined, viewer: null }} />);
  assert.equal(buttonLabels(html).length, 0);
  assert.match(html, /class="space-war"/);
});

test("engine words name seats with the table's names", () => {
  assert.equal(seatWords("{seat:1} reveals Marine (7); {seat:0} wins.", seatName), "Bot Brigid reveals Marine (7); Ada wins.");
});

test("labels: flip, war flip, trigger towards a seat, decline", () => {
  const v = create(ViewSchema, { warStep: 2, offeredPower: "Salvage" });
  const a = (kind: ActionKind, ...args: number[]) => ({ seat: 0, kind, args }) as unknown as Action;
  assert.equal(actionLabel(a(ActionKind.FLIP), v, seatName), "Flip (War step 2)");
  assert.equal(actionLabel(a(ActionKind.TRIGGER, 2), v, seatName), "Trigger Salvage → Bot Cato");
  assert.equal(actionLabel(a(ActionKind.DECLINE), v, seatName), "Decline Salvage");
});

test("the options form's message never carries auto-flip, and checks the contest limit", () => {
  const bytes = buildOptions(3, { random: false, factions: [Faction.ELVES, Faction.FACTION_UNSPECIFIED, Faction.ROBOTS], contestLimit: "250" });
  assert.ok(bytes instanceof Uint8Array);
  const o = fromBinary(OptionsSchema, bytes as Uint8Array);
  assert.equal(o.autoFlip, false);
  assert.deepEqual(o.factions, [Faction.ELVES, Faction.FACTION_UNSPECIFIED, Faction.ROBOTS]);
  assert.equal(o.contestLimit, 250);
  assert.deepEqual(fromBinary(OptionsSchema, buildOptions(2, { random: true, factions: [Faction.ELVES], contestLimit: "" }) as Uint8Array).factions, []);
  assert.equal(typeof buildOptions(2, { random: true, factions: [], contestLimit: "-1" }), "string");
  assert.equal(typeof buildOptions(2, { random: true, factions: [], contestLimit: "1.5" }), "string");
  assert.ok(!describeOptions(bytes as Uint8Array).some((l) => /auto/i.test(l)));
});

test("rules: a summary and a glossary of every keyword, rendered by the rules panel", () => {
  assert.ok(spaceWar.rules.summary.length > 500);
  const terms = spaceWar.rules.glossary.map((g) => g.term);
  for (const t of ["Battle", "War", "Peace", "Trigger", "Active", "Inactive", "Permanent", "Conquered", "Strength", "Leader"])
    assert.ok(terms.includes(t), `glossary lacks ${t}`);
  for (const g of spaceWar.rules.glossary) assert.ok(g.text.length > 10, `${g.term} has no text`);
  const html = renderToString(<RulesPanel title={spaceWar.title} rules={spaceWar.rules} />);
  assert.match(html, /<h2>How to play Space War: in Space!<\/h2>/);
  assert.match(html, /<strong>Contest\.<\/strong>/, "the summary's Markdown is rendered");
  assert.equal((html.match(/<dt /g) ?? []).length, spaceWar.rules.glossary.length);
});

test("revealed cards the view's LastContest carries (the engine's by-step list) are drawn face up, War steps in order", () => {
  // A catalog card by its faction and Strength; the view names only its kind.
  const card = (strength: number, faction: Faction) => {
    const p = pool.cards.find((x) => cardKind(create(CardSchema, { kind: x.index }), pool)!.faction === faction && x.stats.some((st) => st.name === "Strength" && st.value === strength))!;
    return create(CardSchema, { kind: p.index });
  };
  // Columns: each card's owner, step, copy id and kind, and its Strength as a bonus on the
  // printed one (the last card's +1 only: the bonuses' leading 0s are sent, trailing ones not).
  const shown = [card(7, Faction.ELVES), card(7, Faction.HUMANS), card(2, Faction.ELVES), card(10, Faction.HUMANS)];
  const revealed = create(RevealsSchema, {
    owners: [0, 1, 0, 1],
    steps: [0, 0, 1, 1],
    ids: [1, 2, 3, 4],
    kinds: shown.map((c) => c.kind),
    strengthBonuses: [0, 0, 0, 1],
  });
  // No number: the view writes it only when it is not the contest before View.contest (8).
  const last = create(LastContestSchema, {
    war: true,
    hasWinner: true,
    winner: 1,
    cards: 8,
    revealed,
  });
  const view = create(ViewSchema, {
    viewerSeat: 0,
    contest: 8,
    phase: Phase.FLIP_PHASE,
    seats: [create(SeatSchema, { seat: 0, faction: Faction.ELVES }), create(SeatSchema, { seat: 1, faction: Faction.HUMANS })],
    deckCounts: [10, 30],
    faceDownOwners: [1],
    lastContest: last,
  });
  const section = decode(lastContestHtml(render(view))!);
  const names = [card(7, Faction.ELVES), card(7, Faction.HUMANS), card(2, Faction.ELVES), card(10, Faction.HUMANS)].map(nameOf);
  const order = names.map((n) => section.indexOf(n));
  assert.ok(order.every((i) => i > 0), section);
  assert.deepEqual([...order].sort((x, y) => x - y), order, "reveal first, then War step 1");
  assert.equal((section.match(/data-face="up"/g) ?? []).length, 4);
  assert.match(section, /Last contest \(7\)/);
  assert.match(section, /Bot Brigid won the War and captured 8 cards\./);
  assert.match(section, /War step 1/);
  assert.match(section, /card--elves/);
  // (the card's note and its label say it)
  assert.equal((section.match(/card__note">counts as 11</g) ?? []).length, 1, "a Strength bonus shows on its card only");
  assert.doesNotMatch(section, /card--flip/, "no flip without a reveal between two frames");
  const before = create(ViewSchema, { ...view, lastContest: create(LastContestSchema, { number: 6 }) });
  const flipped = lastContestHtml(render(view, before))!;
  assert.equal((flipped.match(/card--flip/g) ?? []).length, 4, "the just-revealed cards flip in");
  // The Battlefield's hidden card stays a back without a name.
  const html = render(view);
  assert.equal(cardTags(html.slice(0, html.indexOf('data-testid="last-contest"'))).filter((t) => t.includes('data-face="down"')).length, 1);
});

// The kit pieces the Space War table is built from (also used by Space Race).
test("kit: a face-down card never carries the name it was given; a face shows name, value and faction", () => {
  const back = renderToString(<Card name="Thane of the Deep Belt" value="8" faceDown backLabel="a card in Hand" />);
  assert.doesNotMatch(back, /Thane|8/);
  assert.match(back, /data-face="down"/);
  assert.match(back, /aria-label="a card in Hand"/);
  assert.doesNotMatch(back, /tabindex/i, "a back is not a focus stop");
  const face = renderToString(<Card id={12} name="Thane of the Deep Belt" value="8" kind="dwarves" kindLabel="Dwarves" leader text="Revealed face up: Armor becomes Active." highlight />);
  assert.match(face, /data-card-id="12"/);
  assert.match(face, /data-face="up"/);
  assert.match(face, /card--dwarves/);
  assert.match(face, /card--offered/);
  assert.match(face, /tabindex="0"/, "a face zooms on keyboard focus");
  assert.match(face, /aria-label="Thane of the Deep Belt \(8\) — Dwarves"/);
});

test("kit: a Tip is a focusable term described by a role=tooltip element", () => {
  const html = renderToString(<Tip text="Active: may be triggered once.">active</Tip>);
  const id = html.match(/aria-describedby="([^"]+)"/)?.[1];
  assert.ok(id);
  assert.match(html, new RegExp(`role="tooltip" id="${id}"`));
  assert.match(html, /tabindex="0"/);
  assert.match(html, /hidden/, "closed until hover, focus or tap");
});

test("kit: the seat panel says you, bot, away, to act and out in words", () => {
  const html = renderToString(<SeatPanel name="Bot Brigid" seat={1} bot toAct away score="40 cards" timer={null} />);
  for (const w of [">bot<", ">away<", ">to act<", "40 cards", "seat-colour-1"]) assert.ok(html.includes(w), w);
  const out = renderToString(<SeatPanel name="Ada" seat={0} you toAct out="conquered" />);
  assert.ok(out.includes(">conquered<") && out.includes(">you<"));
  assert.ok(!out.includes(">to act<"), "a conquered seat is not to act");
  // Your own move on its way: "move sent" in place of "to act"; nothing when not to act.
  const sent = renderToString(<SeatPanel name="Ada" seat={0} you toAct sent={{ resign: false }} />);
  assert.ok(sent.includes(">move sent<") && !sent.includes(">to act<") && !sent.includes("seat-panel--to-act"));
  assert.ok(!renderToString(<SeatPanel name="Ada" seat={0} you sent={{ resign: false }} />).includes("move sent"));
});

// WCAG relative luminance and contrast of two #rrggbb colours.
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("kit.css: every rule that sets both a text and a background colour has contrast of at least 4.5:1", () => {
  const css = readFileSync(resolve(webClient, "src/kit/kit.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  let checked = 0;
  for (const m of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const bg = m[2].match(/background:\s*(#[0-9a-f]{6})\b/i)?.[1];
    const fg = m[2].match(/(?:^|;)\s*color:\s*(#[0-9a-f]{6})\b/i)?.[1];
    if (!bg || !fg) continue;
    checked++;
    assert.ok(contrast(fg, bg) >= 4.5, `${m[1].trim()}: ${fg} on ${bg} is ${contrast(fg, bg).toFixed(2)}:1`);
  }
  assert.ok(checked >= 8, `too few colour pairs found (${checked})`);
  // Card faces: the dark text on every faction tint.
  for (const tint of ["#f4f1e8", "#f2e1c9", "#dcf2d6", "#dfe7d8", "#eef7cf", "#dde6f1", "#f4dcdc"]) {
    assert.ok(contrast("#1b1b1b", tint) >= 4.5);
    assert.ok(contrast("#3d3d3d", tint) >= 4.5, `kind label on ${tint}`);
    assert.ok(contrast("#7a2e00", tint) >= 4.5, `note on ${tint}`);
  }
});

test("Play for me offers Flip for me to every seat and a power's preference only to the seat holding that power", () => {
  const view = create(ViewSchema, {
    seats: [
      create(SeatSchema, { seat: 0, faction: Faction.TROLLS, powerName: "Regeneration" }),
      create(SeatSchema, { seat: 1, faction: Faction.DWARVES, powerName: "Dwarven Armor" }),
      create(SeatSchema, { seat: 2, faction: Faction.HUMANS, powerName: "" }),
    ],
  });
  const applies = (id: string, seat: number) => spaceWar.preferenceApplies!(id, view, seat);
  assert.deepEqual(["auto_flip", "regeneration", "peace", "dwarven_armor"].map((id) => applies(id, 0)), [true, true, false, false]);
  assert.deepEqual(["auto_flip", "dwarven_armor", "regeneration"].map((id) => applies(id, 1)), [true, true, false]);
  assert.deepEqual(["auto_flip", "salvage", "peace"].map((id) => applies(id, 2)), [true, false, false]);
});

// Three seats in the flip phase: Ada (0), Bot Brigid (1), Bot Cato (2).
function flipView(viewer: number | null, p: { warStep?: number; toAct: number; inContest: number }): View {
  return create(ViewSchema, {
    viewerSeat: viewer ?? 0,
    spectator: viewer === null,
    contest: 7,
    phase: Phase.FLIP_PHASE,
    warStep: p.warStep ?? 0,
    seats: [0, 1, 2].map((seat) => create(SeatSchema, { seat, faction: Faction.ELVES + seat })),
    seatsToAct: p.toAct,
    seatsInContest: p.inContest,
    legalActions: viewer !== null && ((p.toAct >> viewer) & 1) ? [{ seat: viewer, kind: ActionKind.FLIP, args: [] } as unknown as Action] : [],
  });
}

test("Contest and War: the table says whose flip is due and, in a War, who tied and fights on", () => {
  // A Battle: your flip, then the others'.
  assert.equal(flipWords(flipView(0, { toAct: 0b111, inContest: 0b111 }), 0, seatName), "Your turn: flip the top card of your deck.");
  assert.equal(flipWords(flipView(0, { toAct: 0b110, inContest: 0b111 }), 0, seatName), "Waiting for Bot Brigid and Bot Cato to flip.");
  // War step 1 between Ada and Bot Cato (the tied seats are the ones in the contest).
  const war = { warStep: 1, toAct: 0b101, inContest: 0b101 };
  assert.equal(flipWords(flipView(0, war), 0, seatName),
    "War step 1: You and Bot Cato tied for the highest Strength and fight on. Flip to add your cards.");
  assert.equal(flipWords(flipView(1, war), 1, seatName),
    "War step 1: Ada and Bot Cato tied for the highest Strength and fight on. You are not in this War. Waiting for Ada and Bot Cato to flip.");
  assert.equal(flipWords(flipView(null, { ...war, toAct: 0b100 }), null, seatName),
    "War step 1: Ada and Bot Cato tied for the highest Strength and fight on. Waiting for Bot Cato to flip.");
  // Drawn on the table, above the seats, for a player and for a watcher alike.
  const html = decode(render(flipView(1, war)));
  assert.ok(html.indexOf("You are not in this War.") >= 0 && html.indexOf("You are not in this War.") < html.indexOf('aria-label="Seats"'));
  const watcher = renderToString(<SpaceWarTable view={flipView(null, war)} ctx={{ ...ctxFor(flipView(null, war), false), ActionButton: undefined, viewer: null }} />);
  assert.match(decode(watcher), /War step 1: Ada and Bot Cato tied/);
  // No words outside the flip phase (a Power decision says its own).
  assert.equal(flipWords(create(ViewSchema, { phase: Phase.BEFORE_BATTLE, seats: [create(SeatSchema, { seat: 0 })], seatsToAct: 1 }), 0, seatName), "");
});

// A move pressed is on its way until the server answers (TableContext.inFlight, from the
// match page): the flip sentence and the Power question no longer ask for what was just done.
test("while Ada's flip or Power decision is on its way, the table says so instead of asking again", () => {
  const words = (view: View, more: Partial<TableContext>) => decode(renderToString(<SpaceWarTable view={view} ctx={{ ...ctxFor(view), ...more }} />));
  const sent = { inFlight: { resign: false } };
  const flipping = flipView(0, { toAct: 0b111, inContest: 0b111 });
  assert.match(words(flipping, {}), /data-decision(?:="")?>Your turn: flip the top card of your deck\.</);
  assert.match(words(flipping, sent), /data-decision(?:="")?>Your move is on its way\.</);
  assert.doesNotMatch(words(flipping, sent), /Your turn/);
  assert.match(words(flipping, { inFlight: { resign: true } }), /data-decision(?:="")?>Your resignation is on its way\.</);
  // Ada's seat panel said "to act" meanwhile, beside "Your move is on its way.": it says the
  // move is sent (and its Tip the sentence), the others' seats still say "to act".
  const marks = (html: string, seat: number) => html.match(new RegExp(`data-seat="${seat}"><div class="seat-panel__head">[\\s\\S]*?<div class="seat-panel__marks">([\\s\\S]*?)</div>`))?.[1] ?? "";
  assert.match(marks(words(flipping, {}), 0), />to act</);
  assert.doesNotMatch(marks(words(flipping, sent), 0), />to act</);
  assert.match(marks(words(flipping, sent), 0), /class="tip mark mark--sent"[^>]*>move sent<span class="tip__text" role="tooltip"[^>]*>Your move is on its way\.</);
  assert.doesNotMatch(words(flipping, sent), /seat-panel--you seat-panel--to-act|seat-panel--to-act[^"]*seat-panel--you/, "nor outlined as to act");
  assert.match(marks(words(flipping, sent), 1), />to act</, "another seat still is");
  assert.match(marks(words(flipping, { inFlight: { resign: true } }), 0), />resigning<span class="tip__text"[^>]*>Your resignation is on its way\.</);
  // In a War: the part asking Ada to flip; the rest still says who is at War.
  const war = flipView(0, { warStep: 1, toAct: 0b101, inContest: 0b101 });
  assert.match(words(war, sent), /fight on\. Your move is on its way\.</);
  // A Power decision: the question and its "Declining keeps it Active" aside.
  const a = (kind: ActionKind) => ({ seat: 0, kind, args: [] }) as unknown as Action;
  const power = create(ViewSchema, {
    viewerSeat: 0, contest: 3, phase: Phase.BEFORE_BATTLE, decidingSeat: 0, offeredPower: "Regeneration",
    seats: [create(SeatSchema, { seat: 0, faction: Faction.TROLLS, powerName: "Regeneration" }), create(SeatSchema, { seat: 1 })],
    legalActions: [a(ActionKind.TRIGGER), a(ActionKind.DECLINE)],
  });
  // The question is the table's one decision sentence (data-decision), as a flip's is.
  assert.match(words(power, {}), /data-decision(?:="")?>You may trigger Regeneration \(before battle\)\./);
  assert.match(words(power, {}), /Declining keeps it Active for later\./);
  assert.doesNotMatch(words(power, sent), /You may trigger|Declining keeps it/);
  assert.match(words(power, sent), /<p data-decision(?:="")?>Your move is on its way\.<\/p>/);
});

test("the end names no War step, is said once (by the page, not again by the table), and shows the final contest instead of an empty Battlefield", () => {
  const view = create(ViewSchema, {
    viewerSeat: 0,
    contest: 412,
    contestLimit: 412,
    phase: Phase.GAME_OVER,
    warStep: 1,   // the engine keeps the last contest's War step
    seats: [create(SeatSchema, { seat: 0, faction: Faction.ROBOTS }), create(SeatSchema, { seat: 1, faction: Faction.DWARVES })],
    // The contest that ended the match, as the engine numbers it at the end.
    lastContest: create(LastContestSchema, { number: 412, hasWinner: true, winner: 1, cards: 2 }),
    outcome: { over: true, winners: [1], reason: "contest_limit" },
  });
  const html = decode(render(view));
  const status = html.slice(html.indexOf('class="sw-status"'), html.indexOf("</div>", html.indexOf('class="sw-status"')));
  assert.doesNotMatch(status, /War step/, "the match is over, not in a War");
  assert.match(status, /Game over/);
  // The match page's end banner (and the replay's outcome line) sits right above the table
  // and says who won and why: the table used to say it again in a box of its own.
  assert.doesNotMatch(html, /data-outcome|Winner|you lost|the most cards at the contest limit/);
  // The Battlefield is empty once the match is over: no "Empty." box; the contest that ended
  // it is shown as the final one.
  assert.doesNotMatch(html, /data-testid="battlefield"|Empty/);
  const final = lastContestHtml(html)!;
  assert.match(final, /aria-label="Final contest"/);
  assert.match(final, /Final contest \(412\)/);
  assert.match(final, /Bot Brigid won the Battle and captured 2 cards\./);
  // While the match is on, the same section is the last contest, with the Battlefield above.
  const playing = decode(render(create(ViewSchema, { ...view, phase: Phase.FLIP_PHASE, outcome: undefined, contest: 413, lastContest: create(LastContestSchema, { hasWinner: true, winner: 1, cards: 2 }) })));
  assert.match(playing, /data-testid="battlefield"[\s\S]*Empty — waiting for flips\.[\s\S]*Last contest \(412\)/);
  // The end banner and the replay use the game's words.
  assert.equal(outcomeText(view.outcome, 0, seatName, [], spaceWar.reasonWords), "You lost: Bot Brigid won (the most cards at the contest limit).");
  assert.equal(outcomeText({ ...view.outcome!, winners: [], reason: "all_conquered" }, 0, seatName, [], spaceWar.reasonWords), "You lost (every player was Conquered).");
  assert.equal(outcomeText({ ...view.outcome!, reason: "last_standing" }, null, seatName, [], spaceWar.reasonWords), "Bot Brigid won (last standing).");
});

// Space War's styles lived in two places: its first table's rules in the page's stylesheet
// (styles.css), from before the kit card, and the kit-era table in space_war.css. The old
// rules styled the kit card's own box (`.card { width: 4.6rem; height: 6.2rem … }`, `.card.face`,
// `.card.back`, a phone-size `.card`) and lost to the kit only because kit.css comes later in
// the page; the rest named classes nothing draws any more (`.seat`, `.battlefield`, `.step` …).
// All of Space War is in space_war.css now, loaded with the game, as the other games keep
// theirs; the page's stylesheet keeps what every page shares (the move panel, `.moves`) and
// styles no card.
test("Space War's styles are all in space_war.css, and the page's stylesheet never styles the kit card's own box", () => {
  const strip = (file: string) => readFileSync(resolve(webClient, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const selectors = (css: string) => [...css.matchAll(/([^{}@]+)\{[^{}]*\}/g)].flatMap((m) => m[1].split(",").map((x) => x.trim()));
  const page = selectors(strip("src/styles.css"));
  assert.ok(page.length > 100, `styles.css read (${page.length} selectors)`);
  const offending = page.filter((sel) =>
    /\.card(?![\w-])/.test(sel) ||                       // the kit card's own box, or anything in it
    /\.sw-|\.space-war\b/.test(sel) ||                   // Space War's table
    /\.(seats?|counts|power|battlefield|step|step-title|step-cards|contribution|owner|cards|strength|last-contest|omniscient)(?![\w-])/.test(sel));
  assert.deepEqual(offending, [], "no Space War rule and no kit card rule in the page's stylesheet");
  const own = selectors(strip("src/games/space_war/space_war.css"));
  assert.ok(own.includes(".sw-status") && own.includes(".space-war .omniscient"), "space_war.css has the table's rules");
  for (const sel of own) if (/\.card(?![\w-])/.test(sel)) assert.match(sel, /^\.space-war \.card \S/, `${sel}: only what is inside a card`);
  // What the old rules still gave the table, kept: the status line's weight, the omniscient piles' size.
  assert.match(strip("src/games/space_war/space_war.css"), /\.sw-status \{[^}]*font-weight: 600/);
  assert.match(strip("src/games/space_war/space_war.css"), /\.space-war \.omniscient \{[^}]*font-size: \.8rem/);
});
