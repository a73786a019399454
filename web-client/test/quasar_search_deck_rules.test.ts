// Quasar Search's deck rules in the builder against the real server and engine (ListCards,
// ListDecks, SaveDeck's Deck.problems): the starters are playable, and for decks breaking
// each rule, and many made from the starters by random changes, the builder's sentences
// are the server's, word for word and in order. Then the builder's pieces for a deck with
// Lost in Space: its problem, and a + that cannot add it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";

import { addProblem, noFilter, removeCard } from "../src/decks/model.js";
import { quasarDeckRules } from "../src/games/quasar_search/deck_rules.js";
import { deckGame } from "../src/games/quasar_search/decks.js";
import { DeckSchema, type CardPool, type Deck } from "../src/gen/starport/v1/protocol_pb.js";
import { PileCounts, PoolView, Problems } from "../src/pages/decks.js";
import { Rng } from "./helpers.js";
import { askServer } from "./real_server.js";

const game = "quasar_search";

let asked: Promise<{ pool: CardPool; starters: Deck[] }> | undefined;
function poolAndStarters(): Promise<{ pool: CardPool; starters: Deck[] }> {
  asked ??= askServer([{ case: "listCards", value: { game } }, { case: "listDecks", value: { game } }]).then(([, cards, decks]) => {
    assert.equal(cards.body.case, "cardPool");
    assert.equal(decks.body.case, "deckList");
    return { pool: cards.body.value as CardPool, starters: (decks.body.value as { starters: Deck[] }).starters };
  });
  return asked;
}

// The server's Deck.problems for each list (saved as a new guest's decks).
async function serverProblems(lists: number[][]): Promise<string[][]> {
  const replies = await askServer(lists.map((cards, i) => ({ case: "saveDeck", value: { deck: create(DeckSchema, { game, name: `Deck ${i}`, cards }), text: "" } })));
  return lists.map((_, i) => {
    const reply = replies[i + 1];
    assert.equal(reply.body.case, "deck", `deck ${i}: ${reply.body.case === "error" ? `${reply.body.value.detail} ${reply.body.value.problems.join(" | ")}` : reply.body.case}`);
    return [...(reply.body.value as Deck).problems];
  });
}

async function tools() {
  const { pool, starters } = await poolAndStarters();
  const id = (name: string) => {
    const card = pool.cards.find((c) => c.name === name);
    assert.ok(card, `no ${name} in the pool`);
    return card.index;
  };
  const starter = (name: string) => {
    const deck = starters.find((s) => s.name === name);
    assert.ok(deck, `no starter ${name}`);
    return [...deck.cards];
  };
  // One copy of `from` becomes `to`, as the engine's tests swap.
  const swap = (deck: number[], from: string, to: string) => {
    const at = deck.indexOf(id(from));
    assert.ok(at >= 0, `no ${from} in the deck`);
    return deck.map((c, i) => (i === at ? id(to) : c));
  };
  return { pool, starters, id, starter, swap };
}

test("every starter is playable by the builder's rules, as the server says", async () => {
  const { pool, starters } = await poolAndStarters();
  assert.equal(starters.length, 4);
  for (const s of starters) {
    assert.deepEqual(s.problems, [], `the server on ${s.name}`);
    assert.deepEqual(quasarDeckRules.problems(s.cards, pool.cards), [], s.name);
  }
});

test("for each broken rule the builder's sentences are the server's, word for word and in order", async () => {
  const { pool, id, starter, swap } = await tools();
  const decks: [string, number[]][] = [
    ["no Faction card", swap(starter("Helix Cartographers"), "Helix Cartographers", "Rigger")],
    ["only neutral cards, none of them a Faction card", starter("Ironbound Salvagers").filter((c) => pool.cards[c].kind === "Crew" && !pool.cards[c].tags.includes("Ironbound Salvagers"))],
    ["two Faction cards", swap(starter("Helix Cartographers"), "Rigger", "Lumen Choir")],
    ["the same Faction card twice", [...starter("Helix Cartographers"), id("Helix Cartographers")]],
    ["Lost in Space in place of a card", swap(starter("Lumen Choir"), "Cabin Steward", "Lost in Space")],
    ["Lost in Space twice besides 30 cards", [...starter("Lumen Choir"), id("Lost in Space"), id("Lost in Space")]],
    ["29 player cards", removeCard(starter("Ironbound Salvagers"), id("Deckhand"))],
    // 40 player cards and a Faction card would be 41, a list the server refuses whole.
    ["40 player cards and no Faction card", [...removeCard(starter("Ironbound Salvagers"), id("Ironbound Salvagers")), ...["Rigger", "Rigger", "Rigger", "Cabin Steward", "Cabin Steward", "Cabin Steward", "Deckhand", "Trim Jets", "Trim Jets", "Trim Jets"].map(id)]],
    ["a fourth Crew", swap(starter("Vanguard Wing"), "Trim Jets", "Strike Leader")],
    ["a third Project", swap(starter("Vanguard Wing"), "Trim Jets", "Battle Standard")],
    ["a third Overcommit card, a third Project and a fourth Crew", swap(swap(swap(swap(swap(starter("Vanguard Wing"), "Trim Jets", "All Hands"), "Wingmate", "All Hands"), "Officer Training", "All Hands"), "Reckless Burn", "Strike Leader"), "Targeting Array", "Battle Standard")],
    ["another faction's card", swap(starter("Lumen Choir"), "Cabin Steward", "Navigator Prime")],
    ["two other factions' cards, twice each", swap(swap(swap(swap(starter("Lumen Choir"), "Shuttle Pilot", "Scrap Golem"), "Shuttle Pilot", "Scrap Golem"), "Comms Specialist", "Navigator Prime"), "Comms Specialist", "Navigator Prime")],
    ["nothing", []],
    ["every rule at once", [id("Lost in Space"), id("Vanguard Wing"), id("Strike Leader"), id("Lumen Choir"), ...Array<number>(4).fill(id("Rigger")), id("Cantor"), id("Field Workshop"), id("Field Workshop"), id("Field Workshop")]],
  ];
  const server = await serverProblems(decks.map(([, d]) => d));
  decks.forEach(([what, deck], i) => {
    assert.ok(server[i].length > 0, `${what}: the server finds nothing wrong`);
    assert.deepEqual(quasarDeckRules.problems(deck, pool.cards), server[i], what);
  });
  // Every rule the server can be asked about gave a sentence somewhere above.
  const said = server.flat().join("\n");
  for (const start of ["The deck needs exactly one Faction card; it has none.", "The deck needs exactly one Faction card; it has 2 (", "Lost in Space may not be brought", "The deck needs 30 to 39 player cards", "A deck may hold at most 3 copies", "belongs to another faction", "belong to another faction"])
    assert.ok(said.includes(start), `no deck above broke "${start}"`);
});

test("random changes to the starters: the builder's sentences are still the server's", async () => {
  const { pool, starters } = await tools();
  const r = new Rng(20270114);
  const lists: number[][] = [];
  // Swap a card for one of the same kind or any card of the pool (a Faction card, Lost in
  // Space, another faction's), add one, remove one; up to 40 cards, the longest list saved.
  for (let i = 0; i < 48; i++) {
    const deck = [...starters[i % starters.length].cards];
    const changes = 1 + r.below(4);
    for (let c = 0; c < changes; c++) {
      const at = r.below(deck.length);
      const same = pool.cards.filter((x) => x.kind === pool.cards[deck[at]].kind);
      const pick = r.chance(0.3) ? pool.cards[r.below(pool.cards.length)] : same[r.below(same.length)];
      const how = r.below(10);
      if (how < 6) deck[at] = pick.index;
      else if (how < 8 && deck.length < pool.maxCards) deck.push(pick.index);
      else deck.splice(at, 1);
    }
    lists.push(deck);
  }
  const server = await serverProblems(lists);
  let broken = 0;
  lists.forEach((deck, i) => {
    assert.deepEqual(quasarDeckRules.problems(deck, pool.cards), server[i], `deck ${i}: ${deck.map((x) => pool.cards[x].name).join(", ")}`);
    if (server[i].length) broken++;
  });
  assert.ok(broken > 0 && broken < lists.length, `both kinds were checked (${broken} broken of ${lists.length})`);
});

// The server refuses a list naming a card outside the pool before it reads the rules
// (SaveDeck's Error.problems, server/lobby/decks.cpp), so these sentences are copied from
// engine/quasar_search/deck_rules.cpp's deck_problems and its test.
test("cards outside the pool are named by number, five at most, as deck_problems words it", async () => {
  const { pool, starter } = await tools();
  assert.deepEqual(quasarDeckRules.problems([9999, 65535], pool.cards), [
    "The deck names 2 cards that are not in the pool (number 9999 and 65535).",
    "The deck needs exactly one Faction card; it has none.",
    "The deck needs 30 to 39 player cards besides its Faction card; it has 0.",
  ]);
  assert.deepEqual(quasarDeckRules.problems([...starter("Lumen Choir"), 999], pool.cards), ["The deck names 1 card that is not in the pool (number 999)."]);
  assert.deepEqual(quasarDeckRules.problems([...starter("Lumen Choir"), 900, 901, 902, 903, 904, 905, 906], pool.cards), ["The deck names 7 cards that are not in the pool (number 900, 901, 902, 903 and 904 …)."]);
});

test("copy limits: none of Lost in Space, one Faction card, two of a Project or an Overcommit card, else three", async () => {
  const { pool, id } = await tools();
  const limit = (name: string) => quasarDeckRules.copyLimit(pool.cards[id(name)]);
  assert.equal(limit("Lost in Space"), 0);
  assert.equal(limit("Lumen Choir"), 1);
  assert.equal(limit("Battle Standard"), 2);
  assert.equal(limit("All Hands"), 2);
  assert.equal(limit("Scrap Golem"), 2, "a faction's Overcommit card");
  assert.equal(limit("Strike Leader"), 3);
  assert.equal(limit("Rigger"), 3);
  assert.notEqual(addProblem([], pool.cards[id("Lost in Space")], pool.cards, quasarDeckRules), "", "+ is blocked on an empty deck too");
});

test("the builder for a deck with Lost in Space: its problem, and a + that cannot add it", async () => {
  const { pool, id, starter } = await tools();
  const deck = [...starter("Lumen Choir"), id("Lost in Space")];
  const problems = quasarDeckRules.problems(deck, pool.cards);
  assert.deepEqual(problems, ["Lost in Space may not be brought in a deck; the box supplies it."]);
  const said = renderToString(h(Problems, { problems, from: "local", empty: false }));
  assert.match(said, /This deck cannot be played yet/);
  assert.match(said, /<li>Lost in Space may not be brought in a deck; the box supplies it\.<\/li>/);
  assert.doesNotMatch(said, /Playable as far as this page can tell/);
  const counts = renderToString(h(PileCounts, { deck, pool: pool.cards, rules: quasarDeckRules, extra: deckGame.summaryLine?.(deck, pool.cards) ?? "" }));
  assert.match(counts, /32 cards · Player cards 30 \(30 to 39\)/);
  const view = renderToString(h(PoolView, { pool: pool.cards, rules: quasarDeckRules, glossary: deckGame.glossary, filter: { ...noFilter, text: "Lost in Space" }, setFilter: () => {}, deck, readOnly: false, change: () => {} }));
  assert.match(view, /data-card="Lost in Space"[\s\S]*?data-copies="1"/);
  assert.match(view, /<button name="add-card" aria-label="Lost in Space may not be brought in a deck\."[^>]*aria-disabled="true"/);
  // A Crew beside it still takes a copy.
  const crew = renderToString(h(PoolView, { pool: pool.cards, rules: quasarDeckRules, glossary: deckGame.glossary, filter: { ...noFilter, text: "Rigger" }, setFilter: () => {}, deck, readOnly: false, change: () => {} }));
  assert.match(crew, /<button name="add-card" aria-label="Add one Rigger"(?![^>]*aria-disabled)/);
});
