// Space Race choices over the engine's own views: `starport simulate --record` plays whole
// matches (JFK solo, a 2-player standard game with random bots, a 3-player Cold War),
// `starport scenario --at N` prints every seat's view along the way, and every legal
// action must read as a proper choice — never the fallback, never a missing card.
// Fails (never skips) when the binary is missing, like the diff agreement test.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";


import { ActionKind, PromptKind, ViewSchema } from "../src/gen/starport/v1/space_race_pb.js";
import { choicesOf, decisionHeading } from "../src/games/space_race/choices.js";

import { engineRuns } from "./engine_runs.js";

const { work, record, viewsAt } = engineRuns("space_race", ViewSchema);

const names = (seat: number) => `Seat ${seat + 1}`;

function checkViews(file: string, actions: number, samples: number): { choices: number; kinds: Set<string> } {
  let count = 0;
  const kinds = new Set<string>();
  for (let i = 0; i <= samples; i++) {
    const at = Math.round((actions * i) / samples);
    for (const view of viewsAt(file, at)) {
      const choices = choicesOf(view, names);
      const viewer = view.viewerSeat;
      for (const c of choices) {
        const where = `after ${at} actions, seat ${viewer}: ${c.label} — ${c.detail}`;
        assert.doesNotMatch(c.label, /^Action \d/, `a legal action fell back to the raw label (${where})`);
        assert.doesNotMatch(`${c.label} ${c.detail}`, /undefined|NaN|\bcard \d+\b/, `a choice names a card the view does not show (${where})`);
        assert.ok(c.label.length > 0);
        kinds.add(ActionKind[c.action.kind] + (view.prompt ? `/${PromptKind[view.prompt.kind]}` : ""));
        count++;
      }
      if (choices.length) assert.ok(decisionHeading(view, viewer, names).length > 0, `no heading after ${at} actions`);
      // Legal actions map one to one onto choices (Resign aside).
      assert.equal(choices.length, view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN).length);
    }
  }
  return { choices: count, kinds };
}

test("every legal action of a JFK solo match reads as a labelled choice", () => {
  const m = record("jfk", 1, "heuristic", 7, '{"jfk_decks": 2}');
  const { choices, kinds } = checkViews(m.file, m.actions, 24);
  assert.ok(choices > 50, `too few choices checked (${choices})`);
  for (const k of ["CHOOSE", "USE", "PASS", "DONE"]) assert.ok([...kinds].some((x) => x.startsWith(k)), `no ${k} seen: ${[...kinds].join(", ")}`);
});

test("every legal action, after every action, of 2-player standard and 3-player Cold War matches reads as a labelled choice", () => {
  const kinds = new Set<string>();
  for (const [name, players, bots, seed, options] of [
    ["standard", 2, "random", 11, '{"variant": "STANDARD"}'],
    ["coldwar", 3, "heuristic,random", 5, '{"variant": "COLD_WAR"}'],
  ] as const) {
    const m = record(name, players, bots, seed, options);
    for (const k of checkViews(m.file, m.actions, m.actions).kinds) kinds.add(k);
  }
  // Random play reaches the rarer prompts too (the split, the fallback, Propaganda I's return).
  const prompts = new Set([...kinds].map((k) => k.split("/")[1]).filter(Boolean));
  assert.ok(prompts.size >= 3, `too few kinds of prompt seen: ${[...kinds].join(", ")}`);
});

test("Combined abilities from the engine: the split names both rows, then the top row draws", () => {
  const file = join(work, "split.json");
  writeFileSync(
    file,
    JSON.stringify({
      game: "space_race",
      seats: 2,
      seed: 1,
      options: { variant: "STANDARD" },
      position: {
        seats: [{ hand: ["skylab"], agency: [{ code: "public_outreach" }] }, {}],
        deck: ["moon_landing"],
        shuffle_rest_into_deck: true,
        universe: ["titan_rocket", "espionage"],
      },
      actions: ["0 choose 2", "1 choose 5", "0 use 0 0"],
    }),
  );
  const [alice, bob] = viewsAt(file, 3);
  const split = choicesOf(alice, names);
  assert.deepEqual(split.map((c) => c.label), ["Split 0 + 2", "Split 1 + 1", "Split 2 + 0"]);
  assert.equal(split[1].detail, "top row: 1 from the Deck into your Hand · bottom row: 1 from your Hand into your Lab");
  assert.match(decisionHeading(alice, 0, names), /^Announce the split/);
  assert.equal(choicesOf(bob, names).length, 0, "the other seat has nothing to choose");
  assert.match(decisionHeading(bob, 1, names), /^Seat 1 is resolving: Announce the split/);

  const json = JSON.parse(readFileSync(file, "utf8"));
  json.actions.push("0 split 1");
  writeFileSync(file, JSON.stringify(json));
  const [afterSplit] = viewsAt(file, 4);
  assert.deepEqual(choicesOf(afterSplit, names).map((c) => c.label), ["Draw none", "Draw 1"]);
  assert.equal(choicesOf(afterSplit, names)[1].detail, "1 card from the Deck into your Hand");
});

test("Plan Development from the engine: the other seat's choice shows only as chosen", () => {
  const file = join(work, "secret.json");
  writeFileSync(file, JSON.stringify({ game: "space_race", seats: 2, seed: 3, options: {}, actions: ["1 choose 5"] }));
  const [alice, bob] = viewsAt(file, 1);
  const seen = alice.seats[1];
  assert.equal(seen.chosen, true);
  assert.equal(seen.currentControl, undefined, "Alice's view does not carry Bob's card");
  assert.equal(seen.unusedControls.length, 12, "nor does the unused list give it away");
  assert.equal(bob.seats[1].currentControl?.name, "Technology VI", "Bob sees his own choice");
  assert.deepEqual(choicesOf(alice, names).map((c) => c.label).slice(0, 2), ["Propaganda I", "Propaganda III"]);
});
