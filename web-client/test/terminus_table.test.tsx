// The Terminus table on hand-made views: every legal action is a button with a label from
// the view (card names from the pool), the Cascade's respond / pass prompt, the Star Chart
// with every Ship, Modules active or disabled, Crew with Morale, resources and Piles,
// another seat's face-down cards drawn as nameless backs, and the reveal pacing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { ActionSchema, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import {
  ActionKind,
  CardSchema,
  CardType,
  CascadeEntrySchema,
  ChartSpaceSchema,
  LastMoveSchema,
  LastMove_Kind,
  PromptKind,
  PromptSchema,
  SeatSchema,
  ShipSchema,
  Step,
  ViewSchema,
  type View,
} from "../src/gen/starport/v1/terminus_pb.js";
import { setPool } from "../src/decks/pool_cache.js";
import terminus from "../src/games/terminus.js";
import { revealPauseMs } from "../src/games/terminus/reveal.js";
import { seatProximity, TerminusTable } from "../src/games/terminus/table.js";
import { actionLabel, decisionHeading } from "../src/games/terminus/words.js";
import type { TableContext } from "../src/games/types.js";
import { webClient } from "./engine_runs.js";
import { Button, seatName } from "./table_fixtures.js";
import { testPool } from "./terminus_pool.js";

const pool = testPool();
setPool(pool);
const idx = (name: string) => pool.cards.find((c) => c.name === name)!.index;

let nextId = 100;
const card = (name: string, type: CardType, more: Partial<{ faceUp: boolean; morale: number; owner: number; id: number }> = {}) =>
  create(CardSchema, { id: more.id ?? ++nextId, index: idx(name), known: true, faceUp: more.faceUp ?? true, morale: more.morale ?? 0, owner: more.owner ?? 0, type });
// A card the viewer may not identify, as the engine sends it: its owner only, no type.
const back = () => create(CardSchema, { id: 0, known: false, owner: 1 });
const act = (seat: number, kind: ActionKind, args: number[]) => create(ActionSchema, { seat, kind, args });

function ctxFor(view: View, viewer: number | null = view.viewerSeat): TableContext {
  return {
    info: create(MatchInfoSchema, { seats: view.seats.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat > 0, connected: true })) }),
    viewer,
    live: true,
    seatName,
    ActionButton: viewer === null ? undefined : Button,
    timer: () => null,
  };
}
const render = (view: View, viewer: number | null = view.viewerSeat) => renderToString(<TerminusTable view={view} ctx={ctxFor(view, viewer)} />);
const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");
// The text a reader sees: tags and hidden tooltips removed.
const textOf = (html: string) => decode(html.replace(/<span class="tip__text"[^>]*>.*?<\/span>/g, "").replace(/<[^>]+>/g, ""));
// A button's whole label: the screen reader's words where the visible ones are shortened.
const buttonLabels = (html: string) => [...html.matchAll(/<button type="button"[^>]*data-kind[^>]*>(.*?)<\/button>/g)].map((m) => decode(m[1].match(/<span class="visually-hidden">(.*?)<\/span>/)?.[1] ?? m[1]));
// The words a sighted player reads on each button.
const visibleLabels = (html: string) => [...html.matchAll(/<button type="button"[^>]*data-kind[^>]*>(.*?)<\/button>/g)].map((m) => textOf(m[1].replace(/<span class="visually-hidden">.*?<\/span>/g, "")));

function playView(): View {
  const action = card("Action 5", CardType.ACTION, { id: 1 });
  const comp = card("Complication 3", CardType.COMPLICATION, { id: 2 });
  const enemyModule = card("Module 4", CardType.MODULE, { id: 30, owner: 1 });
  return create(ViewSchema, {
    viewerSeat: 0,
    round: 2,
    step: Step.PLAY_STEP,
    initiative: 1,
    activeSeat: 0,
    hasActive: true,
    turnOrder: [0, 1],
    seats: [
      create(SeatSchema, {
        seat: 0, toAct: true, certainty: 3, reputation: -1, intel: [0, 2], handCount: 2, hand: [action, comp], actionPile: 11, complicationPile: 7, systemPile: 8, upgradePile: 6, gigPile: 5, turnOrder: 1,
        discard: [card("Action 2", CardType.ACTION)],
        ships: [create(ShipSchema, {
          number: 0, proximity: 3, crewed: true,
          modules: [card("Module 2", CardType.MODULE), card("Module 3", CardType.MODULE, { faceUp: false })],
          crew: [card("Recruit 1", CardType.RECRUIT, { morale: 4 })],
        })],
        startingSystem: card("System 0", CardType.SYSTEM),
        legacies: [card("Module 1", CardType.MODULE, { faceUp: false })],
      }),
      create(SeatSchema, {
        seat: 1, initiative: true, certainty: 1, reputation: 2, intel: [1, 0], handCount: 4, handComplications: 1, actionPile: 12, complicationPile: 6, systemPile: 9, upgradePile: 7, gigPile: 7, turnOrder: 2,
        ships: [
          create(ShipSchema, { number: 0, proximity: 5, crewed: false, backslide: true, modules: [enemyModule, back()], crew: [back()] }),
          create(ShipSchema, { number: 1, proximity: 3, crewed: true, modules: [card("Module 6", CardType.MODULE, { owner: 1 })], crew: [] }),
        ],
      }),
    ],
    starChart: [1, 2, 3, 4, 5].map((p) => create(ChartSpaceSchema, { proximity: p, system: card(`System ${p}`, CardType.SYSTEM) })),
    deadSpace: [card("Recruit 9", CardType.RECRUIT)],
    legalActions: [
      act(0, ActionKind.PLAY, [1, 0, 1, 0]),
      act(0, ActionKind.PLAY, [1, 0, 1, 1]),
      act(0, ActionKind.PASS, []),
    ],
  });
}

test("the Play Step: plays under the hand card, labelled from the pool; Pass in the move panel", () => {
  const view = playView();
  const html = render(view);
  const labels = buttonLabels(html);
  assert.deepEqual(labels.sort(), ["Pass", "Play Action 5 on Bot Brigid's Ship", "Play Action 5 on Bot Brigid's Runabout 1"].sort());
  assert.equal(labels.length, view.legalActions.length, "one button per legal action");
  assert.match(html, /Your Turn, Play Step: choose what to do\./);
  assert.match(html, /Round 2 · Play Step · Ada&#39;s Turn|Round 2 · Play Step · Ada's Turn/);
  // With a Runabout out each Ship plays in turn: the question names the one playing now.
  const ada = view.seats[0];
  const out = { ...view, seats: [{ ...ada, ships: [...ada.ships, { ...ada.ships[0], number: 1 }] }, ...view.seats.slice(1)] };
  assert.equal(decisionHeading({ ...out, legalActions: [act(0, ActionKind.PLAY, [1, 1, 1, 0]), act(0, ActionKind.PASS, [])] }, 0, seatName), "Your Turn, Play Step: choose Runabout 1's Action.");
  assert.equal(decisionHeading({ ...out, legalActions: [act(0, ActionKind.PLAY, [1, 0, 1, 0])] }, 0, seatName), "Your Turn, Play Step: choose the primary Ship's Action.");
});

test("Ships, Modules active or disabled, Crew with Morale, resources, Piles, the Star Chart", () => {
  const html = decode(render(playView()));
  assert.match(html, /aria-label="Module 3 — Module ?, disabled"/);
  assert.match(html, /aria-label="Module 2 — Module"/);
  assert.match(html, /aria-label="Recruit 1 \(4\) — Recruit ?, Morale 4"/);
  assert.match(html, /data-res="certainty">3</);
  assert.match(html, /data-res="reputation">-1</);
  assert.match(textOf(html), /Intel on Bot Brigid 2/);
  assert.match(html, /Piles: Action 11 · Discard 1 · Complication 7 · System 8 · Upgrade 6 · Gig 5/);
  assert.match(html, /4 <\/strong>|data-res="hand">4</);
  assert.match(html, /\(1 Complication\)/);
  // The Star Chart: Ada's Ship and Bot Brigid's Runabout at 3, Bot Brigid's Ship at 5.
  assert.match(html, /data-proximity="3"[^]*?data-seat="0" data-ship="0"[^]*?data-seat="1" data-ship="1"[^]*?<\/li>/);
  assert.match(html, /data-proximity="5"[^]*?data-seat="1" data-ship="0"/);
  assert.match(html, /data-proximity="6"[^]*?undiscovered/);
  assert.match(html, /Backslide/);
  assert.match(html, /not Crewed/);
  assert.match(html, /Runabout 1 · Proximity 3/);
  // Each seat's headline is its best Proximity, a Runabout's when it leads (play-test: the
  // winner's panel read the primary Ship's "Proximity 5" beside a Runabout at 10).
  const bob = playView().seats[1];
  assert.equal(seatProximity(bob), "Proximity 5");
  assert.equal(seatProximity({ ...bob, ships: [bob.ships[0], { ...bob.ships[1], proximity: 10 }] }), "Proximity 10 (Runabout 1)");
  assert.match(textOf(html), /Dead Space \(1\)/);
  assert.match(html, /Legacy/);
  // A Legacy is always active, whatever its face says.
  assert.match(html, /aria-label="Module 1 — Module"/);
  assert.match(html, /Starting System/);
  // Bot Brigid's face-down Module and Member are backs without a name.
  const backs = [...html.matchAll(/<div class="card tm-card card--back[^"]*"[^>]*>(.*?)<\/div>/g)];
  assert.equal(backs.length, 2);
  for (const b of backs) assert.doesNotMatch(b[1], /card__name/);
  // A back names what its place holds (a Module on a Ship, a Recruit in a Crew), not "Card".
  assert.match(html, /a face-down Module on a Ship/);
  assert.match(html, /a face-down Recruit in a Crew/);
});

test("the Cascade: newest first, who is asked, and a clear respond / pass prompt for an asked seat", () => {
  const view = playView();
  view.step = Step.PLAY_STEP;
  view.cascade = [
    create(CascadeEntrySchema, { seat: 1, card: card("Complication 4", CardType.COMPLICATION, { owner: 1 }), targets: true, targetSeat: 0 }),
    create(CascadeEntrySchema, { seat: 0, card: card("Complication 5", CardType.COMPLICATION), targets: true, targetSeat: 1, negated: true }),
  ];
  view.asked = [0, 1];
  view.priority = 0;
  view.legalActions = [act(0, ActionKind.PLAY, [2, 0, 1, 0]), act(0, ActionKind.PASS, [])];
  const html = decode(render(view));
  assert.match(html, /data-respond/);
  assert.match(html, /Respond or pass:/);
  assert.match(html, /The Cascade is open: respond with a Complication/);
  assert.ok(html.indexOf("Complication 5") < html.indexOf("plays Complication 4"), "the newest entry first");
  assert.match(html, /data-negated="1"/);
  assert.deepEqual(buttonLabels(html).sort(), ["Pass: add nothing to the Cascade", "Play Complication 3 on Bot Brigid's Ship"].sort());
  assert.match(textOf(html), /Bot Brigid plays Complication 4 on Ada's Ship/);
  // Bot Brigid's page: who is asked and whose answer is awaited, no prompt, no buttons.
  const other = decode(render({ ...view, viewerSeat: 1, legalActions: [] } as View, 1));
  assert.doesNotMatch(other, /data-respond/);
  assert.match(textOf(other), /Asked: Ada, Bot Brigid · waiting for Ada/);
  assert.equal(buttonLabels(other).length, 0);
});

test("a prompt's cards are shown with their choice; the Draft pool with its picks", () => {
  const view = playView();
  const a = card("System 7", CardType.SYSTEM, { id: 70 });
  const b = card("System 8", CardType.SYSTEM, { id: 71 });
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, text: "Choose a System to bury.", cards: [a, b], optional: true });
  view.legalActions = [act(0, ActionKind.CHOOSE, [70]), act(0, ActionKind.CHOOSE, [71]), act(0, ActionKind.PASS, [])];
  const html = decode(render(view));
  assert.match(html, /Choose a System to bury\./);
  assert.deepEqual(buttonLabels(html).sort(), ["Pass", "System 7", "System 8"]);

  const draft = playView();
  draft.step = Step.MODULE_DRAFT;
  draft.round = 0;
  draft.draftRound = 2;
  draft.seats[0].draftPool = [card("Module 7", CardType.MODULE, { id: 80 }), card("Module 8", CardType.MODULE, { id: 81 })];
  draft.seats[1].drafted = true;
  draft.cascade = [];
  draft.legalActions = [act(0, ActionKind.DRAFT, [80]), act(0, ActionKind.DRAFT, [81])];
  const d = decode(render(draft));
  assert.match(d, /Module Draft, pick 2 of 3: choose a Module in secret/);
  assert.deepEqual(buttonLabels(d).sort(), ["Draft Module 7", "Draft Module 8"]);
  assert.match(d, /data-drafted="1">picked/);
  assert.match(d, /data-drafted="0">picking/);
});

test("labels for every kind of move, from the view alone", () => {
  const view = playView();
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, cards: [card("Action 7", CardType.ACTION, { id: 90 }), card("Action 8", CardType.ACTION, { id: 91 }), card("Action 9", CardType.ACTION, { id: 92 })] });
  const l = (kind: ActionKind, args: number[]) => actionLabel(act(0, kind, args), view, seatName);
  assert.equal(l(ActionKind.MULLIGAN, [0]), "Keep these four");
  assert.equal(l(ActionKind.MULLIGAN, [0b101]), "Replace Action 7, Action 9");
  assert.equal(l(ActionKind.START_SYSTEM, [90, 91]), "Start at Action 7; Action 8 to the very bottom");
  assert.equal(l(ActionKind.ENTROPY, [2]), "Put Complication 3 under your Complication Pile");
  assert.equal(l(ActionKind.OVERRIDE, [1, 90]), "Override with Action 7: discard Action 5");
  assert.equal(l(ActionKind.REATTACH, [1]), "Re-attach Runabout 1");
  // A Bustle skips the Turn's Steps for every Ship: said when a Runabout is out (Bot Brigid's).
  assert.equal(l(ActionKind.BUSTLE, [1]), "Bustle: add a Module, skip this Turn's Regroup, Play and Aftermath");
  assert.equal(actionLabel(act(1, ActionKind.BUSTLE, [1]), view, seatName), "Bustle: add a Module, skip this Turn's Regroup, Play and Aftermath (your Runabouts' too)");
  assert.equal(l(ActionKind.BUSTLE, [0]), "Do not Bustle");
  assert.match(l(ActionKind.BUSTLE, [1]), /^Bustle/);
  assert.equal(l(ActionKind.PLAY, [1, 1, -1, 0]), "Play Action 5 for Runabout 1");
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_SEAT, options: [1] });
  assert.equal(l(ActionKind.CHOOSE, [1]), "Bot Brigid");
  // The engine's "choose the opponent Ship (seat * 4 + ship)": Ships, not seats.
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_SEAT, text: "Sabotage: choose the opponent Ship (seat * 4 + ship)", options: [4, 5] });
  assert.equal(l(ActionKind.CHOOSE, [5]), "Bot Brigid's Runabout 1");
  assert.equal(decisionHeading(view, 0, seatName), "Sabotage: choose the opponent Ship");
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_NUMBER, text: "Relay: use this effect? (1 yes, pass no)", options: [1], optional: true });
  assert.equal(l(ActionKind.CHOOSE, [1]), "Yes");
  assert.equal(l(ActionKind.PASS, []), "No");
  assert.equal(decisionHeading(view, 0, seatName), "Relay: use this effect?");
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_CARD, text: "Sabotage: choose a card (1 more), or stop", optional: true });
  assert.equal(l(ActionKind.CHOOSE, [-2]), "The face-down card #2");
  // A card the viewer may not identify is never named.
  assert.equal(l(ActionKind.ACTIVATE, [999, -1, 0]), "Exhaust: a card");
  assert.equal(l(ActionKind.ACTIVATE, [999, 1, 0]), "Exhaust: a card on Bot Brigid's Ship");
  assert.equal(terminus.actionLabel(act(0, ActionKind.PASS, []), { ...view, prompt: undefined, step: Step.DESTINY_STEP } as View, seatName), "Pass: no Destiny");
});

test("the last move names its player, its card and the Ship it aimed at", () => {
  const view = playView();
  assert.doesNotMatch(render(view), /tm-last-move/);
  view.lastMove = create(LastMoveSchema, { seat: 1, kind: LastMove_Kind.PLAYED, card: card("Action 9", CardType.ACTION, { owner: 1 }), targets: true, targetSeat: 0, targetShip: 0 });
  assert.match(textOf(render(view)), /Last move: Bot Brigid plays Action 9 → Ada's Ship/);
  view.lastMove = create(LastMoveSchema, { seat: 0, kind: LastMove_Kind.OVERRIDDEN, card: card("Action 2", CardType.ACTION), source: card("Module 2", CardType.MODULE) });
  assert.match(textOf(render(view)), /Last move: Ada uses Module 2's Override, discarding Action 2/);
});

test("the last move says what was done: a detach is not a play of the same card", () => {
  const view = playView();
  const runabout = card("Module 2", CardType.MODULE, { owner: 1 });
  const said = (m: Parameters<typeof create<typeof LastMoveSchema>>[1]) => {
    view.lastMove = create(LastMoveSchema, m);
    return textOf(render(view).match(/<p class="tm-last-move[^>]*>(.*?)<\/p>/)?.[1] ?? "");
  };
  const detach = said({ seat: 1, kind: LastMove_Kind.DETACHED, card: runabout });
  assert.match(detach, /Last move: Bot Brigid detaches Module 2/);
  assert.match(said({ seat: 1, kind: LastMove_Kind.REATTACHED, card: runabout }), /Bot Brigid re-attaches Module 2/);
  assert.match(said({ seat: 1, kind: LastMove_Kind.ACTIVATED, card: runabout, targets: true, targetSeat: 0, targetShip: 1 }), /Bot Brigid activates Module 2 → Ada's Runabout 1/);
  assert.match(said({ seat: 1, kind: LastMove_Kind.TARGETED, source: card("Complication 4", CardType.COMPLICATION, { owner: 1 }), targets: true, targetSeat: 0 }), /Bot Brigid aims Complication 4 → Ada's Ship/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.CHOSE, source: card("Action 9", CardType.ACTION), card: card("Recruit 3", CardType.RECRUIT, { owner: 1 }) }), /Ada chooses Recruit 3 for Action 9/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.CHOSE, source: card("Action 9", CardType.ACTION) }), /Ada chooses a face-down card for Action 9/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.DISCARDED, card: card("Action 2", CardType.ACTION) }), /Ada discards Action 2/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.BURNED, card: card("Complication 4", CardType.COMPLICATION) }), /Ada burns Complication 4/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.WEAPON, card: runabout }), /Ada answers with a Weapon, disabling Module 2/);
  assert.match(said({ seat: 0, kind: LastMove_Kind.ADDED, card: card("Module 2", CardType.MODULE) }), /Ada adds Module 2 to the Ship/);
  // A Bustle's Ambush Module enters face down: the engine sends no card, the words name none.
  assert.match(said({ seat: 0, kind: LastMove_Kind.ADDED }), /Ada adds a face-down Module to the Ship/);
  assert.equal(said({ seat: 1, kind: LastMove_Kind.PLAYED, card: runabout }), "Last move: Bot Brigid plays Module 2");
  assert.equal(detach, "Last move: Bot Brigid detaches Module 2");
});

test("spectators and replays: the same table without buttons; headings name who is awaited", () => {
  const view = playView();
  const html = render(view, null);
  assert.equal(buttonLabels(html).length, 0);
  assert.equal(decisionHeading({ ...view, legalActions: [] } as View, null, seatName), "Ada's Turn: Play Step.");
  assert.ok(terminus.inPlay(view, 1));
  view.seats[1].out = true;
  assert.ok(!terminus.inPlay(view, 1));
});

test("reveal pacing: the Draft's flip and every Cascade change are held a moment", () => {
  const a = playView();
  a.step = Step.MODULE_DRAFT;
  const b = structuredClone(a) as View;
  b.seats[1].ships[0].modules.push(back());
  assert.ok(revealPauseMs(a, b) > 0);
  assert.equal(revealPauseMs(a, a), 0);
  const c = playView();
  const d = playView();
  d.cascade = [create(CascadeEntrySchema, { seat: 1, card: card("Complication 4", CardType.COMPLICATION) })];
  assert.ok(revealPauseMs(c, d) > 0);
  assert.equal(revealPauseMs(undefined, d), 0);
});

test("cards off a Ship read as printed: a Draft pick is not 'disabled' or 'face down', a Recruit shows its printed Morale", () => {
  const draft = playView();
  draft.step = Step.RECRUIT_DRAFT;
  draft.round = 0;
  draft.draftRound = 1;
  // The engine sends draft picks face down with Morale 0 (a Recruit's Morale is live only on a Ship).
  draft.seats[0].draftPool = [card("Recruit 2", CardType.RECRUIT, { id: 80, faceUp: false }), card("Module 7", CardType.MODULE, { id: 81, faceUp: false })];
  draft.seats[0].hand = [card("Recruit 4", CardType.RECRUIT, { id: 82, faceUp: false })];
  draft.legalActions = [act(0, ActionKind.DRAFT, [80]), act(0, ActionKind.DRAFT, [81])];
  const html = decode(render(draft));
  assert.match(html, /aria-label="Recruit 2 \(4\) — Recruit ?, Morale 4"/, "the pool's printed Morale 4, not the view's 0");
  assert.match(html, /aria-label="Module 7 — Module"/);
  assert.match(html, /aria-label="Recruit 4 \(3\) — Recruit ?, Morale 3"/, "in a hand too");
  const pool = html.slice(html.indexOf('data-testid="tm-draft"'), html.indexOf('data-testid="tm-hand"'));
  assert.doesNotMatch(pool, /disabled|face down|Morale 0|card--dim|tm-disabled/);
  // On a Ship the view's state counts: a face-down Module is disabled, a face-down Member says so with its live Morale.
  draft.seats[0].ships[0].crew = [card("Recruit 3", CardType.RECRUIT, { faceUp: false, morale: 1 })];
  const ship = decode(render(draft));
  assert.match(ship, /aria-label="Module 3 — Module ?, disabled"/);
  assert.match(ship, /aria-label="Recruit 3 \(1\) — Recruit ?, face down · Morale 1"/);
});

// A Cascade on Bot Brigid's (seat 1's) side: seat 0 is Ada, who is also the wire's "no target".
function cascadeView(): View {
  const view = playView();
  view.step = Step.AFTERMATH_STEP;
  view.cascade = [
    create(CascadeEntrySchema, { seat: 1, card: card("Complication 4", CardType.COMPLICATION, { owner: 1, id: 40 }), targets: true, targetSeat: 0 }),
    create(CascadeEntrySchema, { seat: 1, card: card("Complication 6", CardType.COMPLICATION, { owner: 1, id: 41 }), targetSeat: 0 }),
    create(CascadeEntrySchema, { seat: 1, card: card("Module 5", CardType.MODULE, { owner: 1, id: 42 }), ability: true, targetSeat: 0 }),
  ];
  view.asked = [0, 1];
  view.priority = 0;
  return view;
}

test("the Cascade names a target only for an entry that has one", () => {
  const view = cascadeView();
  const text = textOf(render(view));
  assert.match(text, /Bot Brigid plays Complication 4 on Ada's Ship/, "the engine says it targets seat 0's Ship");
  assert.match(text, /Bot Brigid plays Complication 6(?! on)/, "a Complication aimed at nobody (target_seat 0 is also 'none')");
  assert.match(text, /Bot Brigid activates Module 5(?! on)/, "an ability aimed at nobody, in the log's verb");
  view.cascade[1].targets = true;
  view.cascade[1].target = 1;
  assert.match(textOf(render(view)), /Bot Brigid plays Complication 6 on Ada's Runabout 1/);
});

// Play-test (Terminus 8): a Member on the Cascade showed its printed Morale, not its Morale now.
test("a Member activated onto the Cascade shows its Morale now; a card not in a Crew as printed", () => {
  const view = cascadeView();
  const member = view.seats[0].ships[0].crew[0];   // Recruit 1: printed Morale 3, at 4 in the Crew
  view.cascade.push(create(CascadeEntrySchema, { seat: 0, card: create(CardSchema, { ...member, morale: 0 }), ability: true }));
  view.cascade.push(create(CascadeEntrySchema, { seat: 1, card: card("Recruit 2", CardType.RECRUIT, { owner: 1, id: 77 }), ability: true }));
  // The card's label in the Cascade's list (the Crew above shows the same card too).
  const entry = (name: string) => decode(render(view)).split('data-testid="tm-cascade"')[1]?.match(new RegExp(`aria-label="${name} \\(\\d\\) — Recruit[^"]*"`))?.[0] ?? "";
  assert.match(entry("Recruit 1"), /Morale 4"/, "the Crew's Morale, not the printed 3");
  assert.match(entry("Recruit 2"), /Morale 4"/, "not in a Crew: as printed (Recruit 2: 4)");
  member.morale = 1;
  assert.match(entry("Recruit 1"), /Morale 1"/);
});

test("an open choice during the Cascade: the panel waits for the chooser, not the priority seat", () => {
  const view = cascadeView();
  view.prompt = create(PromptSchema, { seat: 1, kind: PromptKind.PICK_CARD, text: "Weapon: disable a Module of the attacker's Ships, or pass", optional: true });
  view.legalActions = [];
  const ada = textOf(render(view, 0));
  assert.match(ada, /Bot Brigid is choosing: Weapon/);
  assert.match(ada, /Asked: Ada, Bot Brigid · waiting for Bot Brigid to choose/);
  assert.doesNotMatch(ada, /waiting for Ada/);
  // The chooser answers the choice, not the Cascade.
  view.viewerSeat = 1;
  view.legalActions = [act(1, ActionKind.PASS, [])];
  const brigid = decode(render(view, 1));
  assert.doesNotMatch(brigid, /data-respond/);
  assert.match(textOf(brigid), /waiting for your choice above/);
});

test("after the race ends, a Cascade left on the table reads as unresolved, not pending", () => {
  const view = cascadeView();
  view.step = Step.GAME_OVER;
  view.asked = [];
  view.legalActions = [];
  view.outcome = create(OutcomeSchema, { over: true, winners: [1], reason: "terminus" });
  const text = textOf(render(view));
  assert.doesNotMatch(text, /resolves next|Asked|waiting for/);
  assert.match(text, /The race ended before these resolved\./);
});

test("the response windows say what is offered: the end of a Play Step, and Destiny", () => {
  const view = playView();
  view.step = Step.AFTERMATH_STEP;
  view.activeSeat = 1;
  view.asked = [0];
  view.priority = 0;
  view.legalActions = [act(0, ActionKind.PLAY, [2, 0, 1, 0]), act(0, ActionKind.PASS, [])];
  assert.equal(decisionHeading(view, 0, seatName), "Bot Brigid's Play Step is over: you may play a Complication, or pass.");
  assert.equal(decisionHeading({ ...view, legalActions: [] } as View, 1, seatName), "Your Play Step is over: waiting for Ada to play a Complication or pass.");
  assert.equal(decisionHeading({ ...view, legalActions: [] } as View, null, seatName), "Bot Brigid's Play Step is over: waiting for Ada to play a Complication or pass.");
  view.activeSeat = 0;
  view.legalActions.push(act(0, ActionKind.ACTIVATE, [30, 1, 0]));
  assert.equal(decisionHeading(view, 0, seatName), "Your Play Step is over: you may play a Complication or use an “at any time” ability, or pass.");
  // Destiny: the heading names a Destiny Complication only when one is offered.
  view.step = Step.DESTINY_STEP;
  view.legalActions = [act(0, ActionKind.PLAY, [2, 0, 1, 0]), act(0, ActionKind.PASS, [])];
  assert.equal(decisionHeading(view, 0, seatName), "Destiny: you may play a Complication, or pass.");
  view.seats[0].hand.push(card("Complication 0", CardType.COMPLICATION, { id: 3 }));
  view.legalActions.unshift(act(0, ActionKind.PLAY, [3, 0, -1, 0]));
  assert.equal(decisionHeading(view, 0, seatName), "Destiny: you may play a Destiny or another Complication, or pass.");
});

test("Chaotic: the buttons say what each answer does, and the others read whose Pile it is", () => {
  const view = playView();
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.PICK_NUMBER, text: "Chaotic: put the top card of your Complication Pile at the bottom (1) or keep it (pass)", options: [1], optional: true });
  view.legalActions = [act(0, ActionKind.CHOOSE, [1]), act(0, ActionKind.PASS, [])];
  assert.deepEqual(buttonLabels(decode(render(view))).sort(), ["Keep it", "Put the top card of your Complication Pile at the bottom"]);
  assert.equal(decisionHeading(view, 0, seatName), "Chaotic: put the top card of your Complication Pile at the bottom or keep it");
  assert.equal(decisionHeading({ ...view, legalActions: [] } as View, 1, seatName), "Ada is choosing: Chaotic: put the top card of Ada's Complication Pile at the bottom or keep it");
  assert.equal(decisionHeading({ ...view, legalActions: [] } as View, null, seatName), "Ada is choosing: Chaotic: put the top card of Ada's Complication Pile at the bottom or keep it");
});

// The Opening's mulligan: the engine lists one MULLIGAN per subset of the four cards (a
// bitmask); the player ticks the cards on the hand and confirms once.
function mulliganView(): View {
  const view = playView();
  view.round = 0;
  view.step = Step.MULLIGAN_STEP;
  view.hasActive = false;
  const cards = ["Action 2", "Action 5", "Action 7", "Action 9"].map((n, i) => card(n, CardType.ACTION, { id: 60 + i }));
  view.seats[0].hand = cards;
  view.prompt = create(PromptSchema, { seat: 0, kind: PromptKind.DISCARD, text: "Mulligan: choose any of your 4 Actions to discard and replace, or keep them", cards });
  view.legalActions = Array.from({ length: 16 }, (_, mask) => act(0, ActionKind.MULLIGAN, [mask]));
  return view;
}

test("the mulligan: tick the cards to replace, one confirm button, not a button per subset", () => {
  const view = mulliganView();
  const claimed: number[] = [];
  const ctx = { ...ctxFor(view), claim: (as: { args: number[] }[]) => void claimed.push(...as.map((a) => a.args[0])) };
  const html = decode(renderToString(<TerminusTable view={view} ctx={ctx} />));
  // One move button: nothing ticked yet, so it keeps the four.
  const buttons = [...html.matchAll(/<button type="button"[^>]*data-kind="(\d+)" data-args="([^"]*)"[^>]*>(.*?)<\/button>/g)];
  assert.deepEqual(buttons.map((b) => [Number(b[1]), b[2], b[3]]), [[ActionKind.MULLIGAN, "0", "Keep these four"]]);
  // A labelled checkbox under each card, in the prompt's order (bit i is card i).
  const boxes = [...html.matchAll(/<input type="checkbox" name="tm-mulligan" value="(\d)"[^>]*\/?>Replace<span class="visually-hidden"> (.*?)<\/span>/g)];
  assert.deepEqual(boxes.map((b) => [b[1], b[2]]), [["0", "Action 2"], ["1", "Action 5"], ["2", "Action 7"], ["3", "Action 9"]]);
  assert.match(html, /<legend>Tick the cards to put back and replace/);
  // Every subset is the picker's: the match page's own move list adds none of them.
  assert.deepEqual(claimed.sort((a, b) => a - b), Array.from({ length: 16 }, (_, m) => m));
});

// Every table's decision sentence goes through the kit's turn words: while the match page's
// reveal still shows older views (ctx.revealing, no ActionButton) the mulligan is not asked
// for yet, and once pressed (ctx.inFlight) it is on its way until the server answers; a
// heading that asks nothing of the viewer stays as it is.
test("while the reveal is behind, or the move is on its way, the heading says so instead of asking for it", () => {
  const view = mulliganView();
  const decision = (ctx: TableContext) => textOf(renderToString(<TerminusTable view={view} ctx={ctx} />).match(/<p class="decision" data-decision(?:="")?>(.*?)<\/p>/)?.[1] ?? "");
  assert.match(decision(ctxFor(view)), /^Mulligan: choose any of your 4 Actions/);
  const behind = { ...ctxFor(view), ActionButton: undefined };
  assert.equal(decision({ ...behind, revealing: { yourMoveNext: true } }), "Your move comes after the reveal.");
  assert.equal(decision({ ...behind, revealing: { yourMoveNext: false } }), "The table is still showing earlier moves.");
  // Pressed: the mulligan is on its way until the server answers (the picker's buttons wait).
  assert.equal(decision({ ...ctxFor(view), inFlight: { resign: false } }), "Your move is on its way.");
  assert.equal(decision({ ...ctxFor(view), inFlight: { resign: true } }), "Your resignation is on its way.");
  assert.equal(decision({ ...ctxFor(view, 1), inFlight: { resign: false } }), "Ada is choosing: Mulligan: choose any of Ada's 4 Actions to discard and replace, or keep them",
    "another seat's decision is not the viewer's move");
  assert.equal(decision({ ...ctxFor(view, 1), revealing: { yourMoveNext: true } }), "Ada is choosing: Mulligan: choose any of Ada's 4 Actions to discard and replace, or keep them",
    "another seat's decision is said as it is");
});

// Ship Zone: "While a Ship has 0 Active Modules, they cannot gain Proximity." The engine lets
// the Action be played and the log only says it was played, so the Ship itself must say it.
test("a Ship whose every Module is disabled says it gains no Proximity; one with an Active Module does not", () => {
  const view = playView();
  const mine = view.seats[0].ships[0];
  for (const m of mine.modules) m.faceUp = false;
  const text = textOf(render(view));
  assert.match(text, /Ship · Proximity 3 · Crewed · no Active Module: gains no Proximity/);
  // Bot Brigid's Ship and Runabout each have a face-up Module: nothing said.
  assert.equal(text.match(/gains no Proximity/g)?.length, 1);
  // Before the Draft has put Modules on any Ship, nothing is said either.
  view.round = 0;
  assert.doesNotMatch(textOf(render(view)), /gains no Proximity/);
});

// A card's name is printed on it: the button under it says only the move, so it is no wider
// than the card (a long name made the Draft's columns uneven and twice a card wide on a phone).
test("a button under a card says the move without the card's name; the whole label is for screen readers", () => {
  const html = render(playView());
  const under = visibleLabels(html).filter((l) => l.startsWith("Play"));
  assert.deepEqual(under.sort(), ["Play on Bot Brigid's Ship", "Play on Bot Brigid's Runabout 1"].sort());
  assert.match(html, /<span aria-hidden="true">Play on Bot Brigid's Ship<\/span><span class="visually-hidden">Play Action 5 on Bot Brigid's Ship<\/span>/);
  assert.ok(visibleLabels(html).includes("Pass"), "a move not under a card keeps its words");
});

// Terminus alone said how to read a cut card, above your hand; the other four games' cut
// cards had no such line. The kit says it now, above every table (kit/table_box.tsx, the
// match page and the replay): Terminus keeps no copy of its own, or its players read it twice.
test("the table says nothing of its own about cut cards: the kit's hint above every table does", () => {
  const html = render(playView());
  assert.match(html, /data-testid="tm-hand"/, "the hand is drawn");
  assert.doesNotMatch(html, /cut-hint|read all of it|ends in “…”/);
  const css = readFileSync(join(webClient, "src/games/terminus/terminus.css"), "utf8");
  assert.doesNotMatch(css, /cut-hint|data-cut/, "no rule of Terminus's own shows a hint");
});
