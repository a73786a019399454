// Terminus against the real server and engine: the deck builder's local check agrees with
// the server's Deck.problems on playable-or-not for the starters and many decks made from
// them by random swaps; and over the engine's own matches (`starport simulate --record`,
// `starport scenario --at N`) every legal action of every seat reads as a label naming
// real cards of the pool (ListCards), never a fallback.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";

import { setPool } from "../src/decks/pool_cache.js";
import { terminusDeckRules } from "../src/games/terminus/deck_rules.js";
import { actionLabel, decisionHeading } from "../src/games/terminus/words.js";
import { DeckSchema, type CardPool, type Deck } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, ViewSchema } from "../src/gen/starport/v1/terminus_pb.js";
import { Rng } from "./helpers.js";
import { engineRuns } from "./engine_runs.js";
import { askServer } from "./real_server.js";

const { record, viewsAt } = engineRuns("terminus", ViewSchema);

async function poolAndStarters(): Promise<{ pool: CardPool; starters: Deck[] }> {
  const [, cards, decks] = await askServer([{ case: "listCards", value: { game: "terminus" } }, { case: "listDecks", value: { game: "terminus" } }]);
  assert.equal(cards.body.case, "cardPool");
  assert.equal(decks.body.case, "deckList");
  return { pool: cards.body.value as CardPool, starters: (decks.body.value as { starters: Deck[] }).starters };
}

test("the builder's local deck check says playable exactly when the server does", async () => {
  const { pool, starters } = await poolAndStarters();
  assert.ok(starters.length >= 4, "at least four starters");
  const r = new Rng(20261124);
  const lists: number[][] = starters.map((s) => [...s.cards]);
  // Random changes: swap a card for one of the same type, add one, remove one, two swaps.
  for (let i = 0; i < 60; i++) {
    const deck = [...starters[i % starters.length].cards];
    const changes = 1 + r.below(2);
    for (let c = 0; c < changes; c++) {
      const at = r.below(deck.length);
      const kind = pool.cards[deck[at]].kind;
      const same = pool.cards.filter((x) => x.kind === kind);
      const pick = r.chance(0.15) ? pool.cards[r.below(pool.cards.length)] : same[r.below(same.length)];
      const how = r.below(10);
      if (how < 7) deck[at] = pick.index;
      else if (how < 9) deck.push(pick.index);
      else deck.splice(at, 1);
    }
    lists.push(deck);
  }
  const replies = await askServer(lists.map((cards, i) => ({ case: "saveDeck", value: { deck: create(DeckSchema, { game: "terminus", name: `Deck ${i}`, cards }), text: "" } })));
  let playable = 0;
  let refused = 0;
  for (let i = 0; i < lists.length; i++) {
    const reply = replies[i + 1];
    // A list longer than the pool's max_cards is refused whole (nothing saved); the
    // builder's + stops at full Piles, so it never sends one.
    if (lists[i].length > pool.maxCards) {
      assert.equal(reply.body.case, "error", `deck ${i}: ${lists[i].length} cards were saved`);
      assert.ok(terminusDeckRules.problems(lists[i], pool.cards).length > 0);
      refused++;
      continue;
    }
    assert.equal(reply.body.case, "deck", `deck ${i}: ${reply.body.case === "error" ? `${reply.body.value.detail} ${reply.body.value.problems.join(" | ")} — ${lists[i].length} cards: ${lists[i].map((x) => pool.cards[x]?.name).join(", ")}` : reply.body.case}`);
    const server = (reply.body.value as Deck).problems;
    const local = terminusDeckRules.problems(lists[i], pool.cards);
    assert.equal(local.length === 0, server.length === 0, `deck ${i}: here [${local.join(" | ")}] — server [${server.join(" | ")}]`);
    if (!server.length) playable++;
  }
  assert.ok(playable >= starters.length && playable + refused < lists.length, `both kinds were checked (${playable} playable, ${refused} refused, of ${lists.length})`);
});

test("every legal action of the engine's matches reads as a label naming pool cards", async () => {
  const { pool } = await poolAndStarters();
  setPool(pool);
  const names = (seat: number) => `Seat ${seat + 1}`;
  const kinds = new Set<string>();
  let labels = 0;
  for (const [name, players, bots, seed] of [["two", 2, "random", 3], ["three", 3, "heuristic,random", 8]] as const) {
    const m = record(name, players, bots, seed);
    // Every action of the setup and opening, then 40 points along the rest.
    const points = new Set<number>();
    for (let at = 0; at <= Math.min(m.actions, 45); at++) points.add(at);
    for (let i = 0; i <= 40; i++) points.add(Math.round((m.actions * i) / 40));
    for (const at of [...points].sort((x, y) => x - y)) {
      for (const view of viewsAt(m.file, at)) {
        const mine = view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN);
        for (const a of mine) {
          const label = actionLabel(a, view, names);
          const where = `${name}, after ${at} actions, seat ${view.viewerSeat}: "${label}" for ${ActionKind[a.kind]} [${a.args.join(",")}]`;
          assert.doesNotMatch(label, /undefined|NaN|\bcard \d+\b|^Move \d|a card\b/, where);
          kinds.add(ActionKind[a.kind]);
          labels++;
        }
        if (mine.length) assert.ok(decisionHeading(view, view.viewerSeat, names).length > 0, `${name}: no heading after ${at} actions`);
      }
    }
  }
  assert.ok(labels > 100, `too few labels checked (${labels})`);
  for (const k of ["DRAFT", "START_SYSTEM", "PLAY", "PASS", "CHOOSE"]) assert.ok(kinds.has(k), `no ${k} seen: ${[...kinds].join(", ")}`);
});
