// A small made-up Terminus card pool for the deck builder's tests (the real one comes from
// the server's ListCards): enough cards of each type to build a legal deck and break it.
import { create } from "@bufbuild/protobuf";

import { CardPoolSchema, CardStatSchema, PoolCardSchema, type CardPool, type PoolCard } from "../src/gen/starport/v1/protocol_pb.js";

function card(index: number, name: string, kind: string, tags: string[] = [], stats: [string, number][] = [], text = ""): PoolCard {
  return create(PoolCardSchema, {
    index,
    name,
    kind,
    tags,
    text: text || `${name} does something.`,
    stats: stats.map(([n, value]) => create(CardStatSchema, { name: n, value })),
  });
}

export function testPool(): CardPool {
  const cards: PoolCard[] = [];
  const add = (name: string, kind: string, tags: string[] = [], stats: [string, number][] = [], text = "") => cards.push(card(cards.length, name, kind, tags, stats, text));
  for (let i = 0; i < 12; i++) add(`Module ${i}`, "Module", i === 0 ? ["Legacy", "Organic"] : i === 1 ? ["Legacy"] : i % 3 === 0 ? ["Weapon"] : ["Synthetic"]);
  for (let i = 0; i < 12; i++) add(`Recruit ${i}`, "Recruit", i % 2 ? ["Organic"] : ["Digital"], [["Morale", 2 + (i % 3)]]);
  // Complication 4 aims at an opponent's Ship, as the engine words it; the others aim at none.
  for (let i = 0; i < 12; i++) add(`Complication ${i}`, "Complication", i === 0 ? ["Destiny"] : [], [["Power", i < 10 ? 1 : 4]], i === 4 ? "Target opponent loses 1 Certainty." : "");
  for (let i = 0; i < 12; i++) add(`System ${i}`, "System", i % 4 === 0 ? ["Hazardous"] : ["Comfortable"]);
  for (let i = 0; i < 14; i++) add(`Action ${i}`, "Action", i === 13 ? ["Unique"] : [], i % 3 === 0 ? [["Requires Certainty", 2]] : i % 3 === 1 ? [["Requires Intel", 1]] : [], i === 5 ? "Gain 2 Proximity on a warp jump." : "");
  return create(CardPoolSchema, { game: "terminus", rulesVersion: 1, cards, maxCards: 200 });
}

// A legal deck of the test pool: Modules 1–10 (one Legacy), Recruits, Complications and
// Systems 0–9, Actions 0–9 twice each.
export function legalDeck(pool: CardPool): number[] {
  const of = (kind: string, from: number, n: number) => pool.cards.filter((c) => c.kind === kind).slice(from, from + n).map((c) => c.index);
  const actions = of("Action", 0, 10);
  return [...of("Module", 1, 10), ...of("Recruit", 0, 10), ...of("Complication", 0, 10), ...of("System", 0, 10), ...actions, ...actions];
}
