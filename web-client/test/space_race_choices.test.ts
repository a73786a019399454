// Space Race: the view's legal actions and Prompt turned into labelled choices, the
// options form's checks, and the cards the table marks as offered. Views are built by
// hand here; space_race_engine_views.test.ts runs the same code over the engine's views.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import { ActionSchema, type Action } from "../src/gen/starport/v1/common_pb.js";
import {
  ActionKind,
  AgencyCardSchema,
  CardSchema,
  ControlCardSchema,
  OpponentSchema,
  OptionsSchema,
  Phase,
  PromptKind,
  PromptSchema,
  SeatSchema,
  Stage,
  UniversePileSchema,
  Variant,
  ViewSchema,
  Zone,
  type View,
} from "../src/gen/starport/v1/space_race_pb.js";
import { actionLabel, choicesOf, decisionHeading, describeAction, nameInList } from "../src/games/space_race/choices.js";
import { buildOptions, describeOptions } from "../src/games/space_race/options.js";
import { offeredKeys } from "../src/games/space_race/table.js";
import { points, scoreParts } from "../src/games/space_race/words.js";

const names = (seat: number) => ["Alice", "Bob"][seat] ?? `Seat ${seat + 1}`;
const act = (seat: number, kind: ActionKind, ...args: number[]): Action => create(ActionSchema, { seat, kind, args });

const card = (code: string, name: string, type: Stage, extra: Record<string, unknown> = {}) =>
  create(CardSchema, { code, name, type, levels: [0, 0, 0, 0], symbols: [0, 0, 0, 0], ...extra });
const titan = card("titan_rocket", "Titan Rocket", Stage.TECHNOLOGY, {
  levels: [0, 0, 2, 0],
  left: "Put up to 1 Space Program card from the Universe into your Agency.",
  leftStripe: Stage.SPACE_PROGRAM,
});
const saturn = card("saturn_v", "Saturn V", Stage.TECHNOLOGY, {
  levels: [0, 1, 1, 0],
  right: "Put up to 1 Breakthrough card with a Man in Space symbol from the Universe into your Agency.",
  rightStripe: Stage.TECHNOLOGY,
});
const plan = card("five_year_plan", "Five-Year Plan", Stage.PROPAGANDA, {
  levels: [3, 1, 0, 0],
  bottom: "Bureaucracy: Put exactly 1 card from your Hand into the Universe face down (if you can).",
});
const moon = card("moon_landing", "Moon Landing", Stage.BREAKTHROUGH, { levels: [0, 0, 0, 1], symbols: [0, 2, 0, 0] });
const orbiter = card("lunar_orbiter", "Lunar Orbiter", Stage.SPACE_PROGRAM, { levels: [0, 0, 1, 0] });
const tech3 = create(ControlCardSchema, {
  index: 4,
  code: "technology_3",
  name: "Technology III",
  type: Stage.TECHNOLOGY,
  level: 3,
  acquire: "Take a Technology card from the Universe into your Agency (none there: a card of a finished Stage, or draw up to 3).",
  extra: "Put up to 1 card from the Deck into your Lab.",
});
const prop1 = create(ControlCardSchema, {
  index: 0,
  code: "propaganda_1",
  name: "Propaganda I",
  type: Stage.PROPAGANDA,
  level: 1,
  extra: "You may: Return another used Control Card to your supply.",
  extraIsBureaucracy: true,
});

function table(legal: Action[], extra: Omit<MessageInitShape<typeof ViewSchema>, "$typeName"> = {}): View {
  return create(ViewSchema, {
    legalActions: legal,
    viewerSeat: 0,
    variant: Variant.STANDARD,
    round: 2,
    phase: Phase.DEVELOP,
    stage: Stage.TECHNOLOGY,
    hasTurn: true,
    universe: [
      create(UniversePileSchema, { type: Stage.PROPAGANDA, cards: [] }),
      create(UniversePileSchema, { type: Stage.TECHNOLOGY, cards: [titan] }),
      create(UniversePileSchema, { type: Stage.SPACE_PROGRAM, cards: [orbiter, orbiter] }),
      create(UniversePileSchema, { type: Stage.BREAKTHROUGH, cards: [moon] }),
    ],
    seats: [
      create(SeatSchema, {
        seat: 0,
        faction: "NASA",
        toAct: true,
        handCount: 2,
        hand: [moon, orbiter],
        handLimit: 7,
        agency: [
          create(AgencyCardSchema, { card: titan }),
          create(AgencyCardSchema, { card: saturn }),
          create(AgencyCardSchema, { card: plan }),
          create(AgencyCardSchema, { card: orbiter, covered: true }),
        ],
        currentControl: tech3,
        playedControls: [prop1],
        unusedControls: [],
        chosen: true,
      }),
      create(SeatSchema, { seat: 1, faction: "ESA", handCount: 4, lab: [orbiter, moon] }),
    ],
    ...extra,
  });
}

test("How to Resolve Stages: every ability the view offers reads as its card and its text", () => {
  const legal = [act(0, ActionKind.USE, -1, 0), act(0, ActionKind.USE, -1, 1), act(0, ActionKind.USE, 0, 0), act(0, ActionKind.USE, 1, 1), act(0, ActionKind.PASS)];
  const view = table(legal);
  const choices = choicesOf(view, names);
  assert.deepEqual(
    choices.map((c) => c.label),
    ["Acquire with Technology III", "Technology III · other ability", "Titan Rocket · reusable", "Saturn V · single-use", "Pass"],
  );
  assert.match(choices[0].detail, /^Take a Technology card from the Universe/);
  assert.equal(choices[1].detail, "Put up to 1 card from the Deck into your Lab.");
  assert.equal(choices[2].detail, titan.left);
  assert.match(choices[3].detail, /then it is covered/, "a single-use ability says it will be covered");
  assert.equal(choices[4].detail, "leave the Technology Stage");
  assert.deepEqual(choices.map((c) => c.group), ["control", "control", "ability", "ability", "finish"]);
});

test("How to Resolve Bureaucracy: a Bureaucracy ability and finishing instead of passing", () => {
  const view = table([act(0, ActionKind.USE, 2, 2), act(0, ActionKind.PASS)], { stage: Stage.BUREAUCRACY });
  const [use, pass] = choicesOf(view, names);
  assert.equal(use.label, "Five-Year Plan · Bureaucracy");
  // The label says Bureaucracy; the line under it is the ability, not "Bureaucracy: " again.
  assert.equal(use.detail, "Put exactly 1 card from your Hand into the Universe face down (if you can).");
  assert.equal(pass.label, "Finish Bureaucracy");
  assert.match(decisionHeading(view, 0, names), /^Bureaucracy: resolve your Bureaucracy abilities/);
});

test("Plan Development: Control Cards by name and level, the choice said to stay secret", () => {
  const view = table([act(0, ActionKind.CHOOSE, 0), act(0, ActionKind.CHOOSE, 4)], {
    phase: Phase.MANAGE,
    seats: [create(SeatSchema, { seat: 0, toAct: true, unusedControls: [prop1, tech3] }), create(SeatSchema, { seat: 1, toAct: true })],
  });
  const [p1, t3] = choicesOf(view, names);
  assert.equal(p1.label, "Propaganda I");
  assert.equal(p1.detail, "level 1 · Bureaucracy: You may: Return another used Control Card to your supply.");
  assert.equal(t3.label, "Technology III");
  assert.equal(t3.detail, "level 3 · also: Put up to 1 card from the Deck into your Lab.");
  assert.match(decisionHeading(view, 0, names), /choose your Control Card for round 2\. It stays secret/);
  // Bob waits for Alice only once he has chosen.
  view.legalActions = [];
  assert.equal(decisionHeading(view, 1, names), "Waiting for Alice.");
});

test("Combined abilities: each split names both rows with what is left for the bottom row", () => {
  const prompt = create(PromptSchema, {
    seat: 0,
    kind: PromptKind.SPLIT_POWER,
    power: 2,
    remaining: 2,
    from: Zone.DECK,
    to: Zone.HAND,
    secondFrom: Zone.HAND,
    secondTo: Zone.LAB,
    text: "Announce the split: Split 2 between the top row (cards from the Deck into your Hand) and the bottom row (cards from your Hand into your Lab).",
  });
  const view = table([0, 1, 2].map((k) => act(0, ActionKind.SPLIT, k)), { prompt });
  const choices = choicesOf(view, names);
  assert.deepEqual(choices.map((c) => c.label), ["Split 0 + 2", "Split 1 + 1", "Split 2 + 0"]);
  assert.equal(choices[0].detail, "top row: 0 from the Deck into your Hand · bottom row: 2 from your Hand into your Lab");
  assert.equal(choices[2].detail, "top row: 2 from the Deck into your Hand · bottom row: 0 from your Hand into your Lab");
  assert.equal(decisionHeading(view, 0, names), prompt.text, "the seat choosing reads the prompt");
  assert.equal(
    decisionHeading(view, 1, names),
    "Alice is resolving: Announce the split: Split 2 between the top row (cards from the Deck into their Hand) and the bottom row (cards from their Hand into their Lab).",
  );
});

test("Up to N: draws from 0 to the number, a stop, and card picks naming where the card goes", () => {
  const drawPrompt = create(PromptSchema, { seat: 0, kind: PromptKind.MOVE, remaining: 2, from: Zone.DECK, to: Zone.LAB });
  const draws = choicesOf(table([0, 1, 2].map((k) => act(0, ActionKind.DRAW, k)), { prompt: drawPrompt }), names);
  assert.deepEqual(draws.map((c) => c.label), ["Draw none", "Draw 1", "Draw 2"]);
  assert.equal(draws[2].detail, "2 cards from the Deck into your Lab");

  const movePrompt = create(PromptSchema, { seat: 0, kind: PromptKind.MOVE, remaining: 1, from: Zone.UNIVERSE, to: Zone.AGENCY });
  const view = table([act(0, ActionKind.PICK, Zone.UNIVERSE, Stage.SPACE_PROGRAM, 0), act(0, ActionKind.PICK, Zone.UNIVERSE, Stage.SPACE_PROGRAM, 1), act(0, ActionKind.DONE)], { prompt: movePrompt });
  const [first, second, done] = choicesOf(view, names);
  assert.equal(first.label, "Lunar Orbiter #1", "two copies of a card are told apart");
  assert.equal(second.label, "Lunar Orbiter #2");
  assert.equal(first.detail, "from the Universe into your Agency · Space Program · S1");
  assert.equal(done.label, "Stop here");
});

test("Espionage and Rosetta Mission: a rival's Lab and the JFK opponent's taken cards", () => {
  const prompt = create(PromptSchema, { seat: 0, kind: PromptKind.MOVE, remaining: 1, from: Zone.LAB, to: Zone.HAND });
  const opponent = create(OpponentSchema, { taken: [titan, moon] });
  const view = table([act(0, ActionKind.PICK, Zone.LAB, 1, 1), act(0, ActionKind.PICK, Zone.LAB, 4, 0)], { prompt, opponent });
  const [rival, eastern] = choicesOf(view, names);
  assert.equal(rival.label, "Moon Landing");
  assert.equal(rival.detail, "from Bob's Lab into your Hand · Breakthrough · B1 · Man×2");
  assert.equal(eastern.label, "Titan Rocket");
  assert.match(eastern.detail, /^from the Eastern bloc's taken cards into your Hand/);
});

test("Uncover, one Leader, Propaganda I's return and True Visionaries each say what happens", () => {
  const uncover = table([act(0, ActionKind.PICK, Zone.AGENCY, 0, 3), act(0, ActionKind.DONE)], {
    prompt: create(PromptSchema, { seat: 0, kind: PromptKind.UNCOVER, remaining: 1 }),
  });
  assert.deepEqual(choicesOf(uncover, names).map((c) => c.label), ["Uncover Lunar Orbiter", "Uncover no more"]);

  const leader = table([act(0, ActionKind.PICK, Zone.AGENCY, 0, 0)], { prompt: create(PromptSchema, { seat: 0, kind: PromptKind.LEADER }) });
  assert.equal(choicesOf(leader, names)[0].label, "Titan Rocket goes to the Lab");

  const ret = table([act(0, ActionKind.PICK, Zone.CONTROL, 0, 0), act(0, ActionKind.DONE)], {
    prompt: create(PromptSchema, { seat: 0, kind: PromptKind.RETURN_CONTROL, remaining: 1 }),
  });
  assert.deepEqual(choicesOf(ret, names).map((c) => c.label), ["Return Propaganda I", "Return nothing"]);

  const reveal = table([act(0, ActionKind.PICK, Zone.FACE_DOWN, 0, 1)], {
    prompt: create(PromptSchema, { seat: 0, kind: PromptKind.REVEAL, remaining: 2 }),
    faceDown: [titan, moon],
  });
  assert.equal(choicesOf(reveal, names)[0].label, "Turn up Moon Landing");
});

test("No Appropriate Card in the Universe: take a card of a finished Stage or draw instead", () => {
  const view = table([act(0, ActionKind.PICK, Zone.UNIVERSE, Stage.PROPAGANDA, 0), act(0, ActionKind.DRAW, 0), act(0, ActionKind.DRAW, 3)], {
    prompt: create(PromptSchema, { seat: 0, kind: PromptKind.FALLBACK, from: Zone.UNIVERSE, to: Zone.AGENCY }),
    universe: [create(UniversePileSchema, { type: Stage.PROPAGANDA, cards: [plan] })],
  });
  const labels = choicesOf(view, names).map((c) => c.label);
  assert.deepEqual(labels, ["Take Five-Year Plan", "Draw nothing instead", "Draw 3 instead"]);
});

test("Clever Investments: Hand cards go face down, and Done keeps the rest", () => {
  const view = table([act(0, ActionKind.PICK, Zone.HAND, 0, 0), act(0, ActionKind.PICK, Zone.HAND, 0, 1), act(0, ActionKind.DONE)], { phase: Phase.PREPARE });
  const choices = choicesOf(view, names);
  assert.deepEqual(choices.map((c) => c.label), ["Invest Moon Landing", "Invest Lunar Orbiter", "Done investing"]);
  assert.equal(choices[0].detail, "face down into the Universe");
  assert.equal(choices[2].detail, "keep 2 cards in your Hand (limit 7)");
});

test("Area 51 is declared by category name at Scoring", () => {
  const view = table([act(0, ActionKind.DECLARE, 1)], { phase: Phase.SCORING });
  assert.equal(actionLabel(view.legalActions[0], view, names), "Area 51: Man in Space — duplicate one Man in Space symbol");
});

test("Resign is left to the match page; an unknown kind still gets a readable label", () => {
  const view = table([act(0, ActionKind.RESIGN), act(0, ActionKind.PASS)]);
  assert.deepEqual(choicesOf(view, names).map((c) => c.action.kind), [ActionKind.PASS]);
  assert.equal(describeAction(act(0, 42 as ActionKind, 1, 2), view, names).label, "Action 42 1 2");
});

test("the table marks exactly the cards a legal action is about", () => {
  const view = table([act(0, ActionKind.USE, 1, 1), act(0, ActionKind.USE, -1, 0), act(0, ActionKind.PICK, Zone.UNIVERSE, 2, 1), act(0, ActionKind.PICK, Zone.LAB, 4, 0)]);
  assert.deepEqual([...offeredKeys(view)].sort(), ["agency:0:1", "lab:4:0", "universe:2:1"]);
});

test("nameInList numbers only repeated cards", () => {
  assert.equal(nameInList([titan, orbiter, titan], 0), "Titan Rocket #1");
  assert.equal(nameInList([titan, orbiter, titan], 1), "Lunar Orbiter");
  assert.equal(nameInList([titan], 5), "card 6");
});

test("the score estimate reads in Development Points, halves included", () => {
  assert.equal(points(47), "23.5");
  assert.equal(points(46), "23");
  const score = { halves: 47, agencyLevel: 14, laboratory: 3, categories: 6, emptyDeckHalves: 1, tiebreak: [] } as never;
  assert.deepEqual(scoreParts(score, Variant.STANDARD), ["Agency level 14", "Lab 3", "categories 6", "empty Deck 0.5"]);
  assert.deepEqual(scoreParts(score, Variant.COLD_WAR).slice(0, 3), ["levels compared 14", "Labs compared 3", "symbols compared 6"]);
});

test("Options: JFK is a 1-seat lobby with 1–3 opponent decks; the others take 2–4 seats", () => {
  assert.match(buildOptions(2, { variant: Variant.JFK, difficulty: 1, firstPlayer: 0 }) as string, /set Seats to 1/);
  assert.match(buildOptions(1, { variant: Variant.STANDARD, difficulty: 1, firstPlayer: 0 }) as string, /JFK/);
  assert.match(buildOptions(5, { variant: Variant.COLD_WAR, difficulty: 1, firstPlayer: 0 }) as string, /2 to 4/);
  assert.match(buildOptions(3, { variant: Variant.STANDARD, difficulty: 1, firstPlayer: 3 }) as string, /first player/);
  const jfk = buildOptions(1, { variant: Variant.JFK, difficulty: 3, firstPlayer: 2 });
  assert.ok(typeof jfk !== "string");
  assert.deepEqual([jfk.variant, jfk.jfkDecks, jfk.firstPlayer], [Variant.JFK, 3, 0]);
  const cold = buildOptions(3, { variant: Variant.COLD_WAR, difficulty: 1, firstPlayer: 2 });
  assert.ok(typeof cold !== "string");
  assert.deepEqual([cold.variant, cold.jfkDecks, cold.firstPlayer], [Variant.COLD_WAR, 0, 2]);
  const bytes = toBinary(OptionsSchema, jfk);
  assert.equal(fromBinary(OptionsSchema, bytes).jfkDecks, 3);
  assert.deepEqual(describeOptions(bytes), ["Variant: JFK solo against the Eastern bloc", "Difficulty: unbeatable (3 opponent decks)"]);
  assert.deepEqual(describeOptions(toBinary(OptionsSchema, cold)), ["Variant: Cold War scoring", "First player (Initiative Marker): seat 3"]);
});
