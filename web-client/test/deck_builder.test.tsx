// The deck builder's pure part (filters, counts, add/remove limits), Terminus's deck rules
// as the builder checks them while a deck is edited, and the builder's pieces rendered.
import assert from "node:assert/strict";
import { test } from "node:test";

import { renderToString } from "preact-render-to-string";

import { create } from "@bufbuild/protobuf";
import { addProblem, copies, copyName, deckGroups, exportFileName, freeName, filterChoices, filterPool, nameProblem, noFilter, pileCounts, removeCard } from "../src/decks/model.js";
import { terminusDeckRules, piles, powerSum } from "../src/games/terminus/deck_rules.js";
import { DeckSchema, DeckListSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { DeckShelf, PoolView, Problems } from "../src/pages/decks.js";
import { legalDeck, testPool } from "./terminus_pool.js";

const pool = testPool();
const cards = pool.cards;
const byName = (name: string) => cards.find((c) => c.name === name)!.index;

test("the filters offer the pool's types in Pile order, its keywords and its requirements", () => {
  const c = filterChoices(cards, piles);
  assert.deepEqual(c.kinds, ["Module", "Recruit", "Complication", "System", "Action"]);
  assert.ok(c.tags.includes("Legacy") && c.tags.includes("Hazardous") && c.tags.includes("Unique"));
  assert.deepEqual(c.requirements, ["Requires Certainty", "Requires Intel"]);
});

test("filters by type, keyword, requirement and words in the name or text, together", () => {
  assert.equal(filterPool(cards, noFilter).length, cards.length);
  assert.equal(filterPool(cards, { ...noFilter, kind: "Recruit" }).length, 12);
  assert.deepEqual(filterPool(cards, { ...noFilter, tag: "Legacy" }).map((c) => c.name), ["Module 0", "Module 1"]);
  assert.equal(filterPool(cards, { ...noFilter, requirement: "Requires Intel" }).length, 5);
  // "none": cards without a requirement (every non-Action, and the Actions without one).
  assert.equal(filterPool(cards, { ...noFilter, kind: "Action", requirement: "none" }).length, 4);
  assert.deepEqual(filterPool(cards, { ...noFilter, text: "WARP  proximity" }).map((c) => c.name), ["Action 5"]);
  assert.deepEqual(filterPool(cards, { ...noFilter, kind: "System", tag: "Hazardous", text: "system 8" }).map((c) => c.name), ["System 8"]);
  assert.equal(filterPool(cards, { ...noFilter, kind: "Module", tag: "Hazardous" }).length, 0);
});

test("counts per Pile follow every add and remove", () => {
  let deck: number[] = [];
  assert.deepEqual(pileCounts(deck, cards, piles).map((p) => p.have), [0, 0, 0, 0, 0]);
  deck = [byName("Module 2"), byName("Action 3"), byName("Action 3")];
  assert.deepEqual(pileCounts(deck, cards, piles).map((p) => [p.kind, p.have]), [["Module", 1], ["Recruit", 0], ["Complication", 0], ["System", 0], ["Action", 2]]);
  deck = removeCard(deck, byName("Action 3"));
  assert.equal(copies(deck).get(byName("Action 3")), 1);
  assert.deepEqual(removeCard(deck, byName("System 1")), deck, "removing a card the deck lacks changes nothing");
  const full = legalDeck(pool);
  assert.deepEqual(pileCounts(full, cards, piles).map((p) => p.have), [10, 10, 10, 10, 20]);
  const groups = deckGroups(full, cards, piles);
  assert.deepEqual(groups.map((g) => g.label), ["Modules", "Recruits", "Complications", "Systems", "Actions"]);
  assert.equal(groups[4].cards[0].copies, 2);
});

test("the + button stops at the copy limit and at a full Pile, saying why", () => {
  const a = cards[byName("Action 4")];
  assert.equal(addProblem([], a, cards, terminusDeckRules), "");
  assert.equal(addProblem([a.index], a, cards, terminusDeckRules), "");
  assert.equal(addProblem([a.index, a.index], a, cards, terminusDeckRules), "Action 4: 2 copies at most.");
  const unique = cards[byName("Action 13")];
  assert.equal(addProblem([unique.index], unique, cards, terminusDeckRules), "Action 13: one copy at most.");
  const m = cards[byName("Module 5")];
  assert.equal(addProblem([m.index], m, cards, terminusDeckRules), "Module 5: one copy at most.");
  const nineModules = cards.filter((c) => c.kind === "Module").slice(1, 10).map((c) => c.index);
  assert.equal(addProblem(nineModules, cards[byName("Module 11")], cards, terminusDeckRules), "");
  assert.equal(addProblem([...nineModules, byName("Module 10")], cards[byName("Module 11")], cards, terminusDeckRules), "The Modules Pile is full (10).");
});

test("Terminus deck rules: a legal deck has no problem, and each broken rule gives its own sentence", () => {
  const legal = legalDeck(pool);
  assert.deepEqual(terminusDeckRules.problems(legal, cards), []);
  assert.equal(powerSum(legal, cards), 10);
  // One Module short.
  const short = legal.filter((i) => i !== byName("Module 3"));
  assert.deepEqual(terminusDeckRules.problems(short, cards), ["The Modules Pile has 9 cards; it needs exactly 10."]);
  // A second copy of a Module in place of another.
  const twice = short.concat(byName("Module 4"));
  assert.deepEqual(terminusDeckRules.problems(twice, cards), ["Module 4 is in the deck 2 times: only Actions may share a name."]);
  // Three of one Action (one of another out).
  const three = removeCard(legal, byName("Action 0")).concat(byName("Action 1"));
  assert.deepEqual(terminusDeckRules.problems(three, cards), ["Action 1 is in the deck 3 times: at most 2 Actions may share a name."]);
  // Power 13: a Power 4 Complication in place of a Power 1.
  const power = legal.filter((i) => i !== byName("Complication 9")).concat(byName("Complication 10"));
  assert.deepEqual(terminusDeckRules.problems(power, cards), ["The Complications' Power adds up to 13; at most 10 is allowed."]);
  // Two Legacies.
  const legacies = legal.filter((i) => i !== byName("Module 2")).concat(byName("Module 0"));
  assert.deepEqual(terminusDeckRules.problems(legacies, cards), ["The deck holds 2 Legacy cards; at most 1 is allowed."]);
  // Unique Action twice.
  const unique = removeCard(removeCard(legal, byName("Action 0")), byName("Action 0")).concat(byName("Action 13"), byName("Action 13"));
  assert.deepEqual(terminusDeckRules.problems(unique, cards), ["Action 13 is Unique: one copy at most."]);
  // An index the pool does not have.
  assert.deepEqual(terminusDeckRules.problems([...legal, 999], cards), ["One card is not in the card pool."]);
  // Rulebook order: Piles before names before Power.
  const many = terminusDeckRules.problems([byName("Module 4"), byName("Module 4"), byName("Complication 10"), byName("Complication 11"), byName("Complication 10")], cards);
  assert.equal(many[0], "The Modules Pile has 2 cards; it needs exactly 10.");
  assert.ok(many.indexOf("Module 4 is in the deck 2 times: only Actions may share a name.") < many.indexOf("The Complications' Power adds up to 12; at most 10 is allowed."));
});

test("deck names, copies and file names", () => {
  assert.equal(nameProblem("  "), "Give the deck a name.");
  assert.equal(nameProblem("x".repeat(40)), "");
  assert.equal(nameProblem("🚀".repeat(41)), "A deck name is at most 40 characters; this one has 41.");
  assert.equal(copyName("Pathfinders"), "Copy of Pathfinders");
  assert.equal([...copyName("y".repeat(40))].length, 40);
  assert.equal(exportFileName("Red Shift: v2!"), "red-shift-v2.txt");
  assert.equal(exportFileName("???"), "deck.txt");
  assert.equal(freeName("Pathfinders", ["Other"]), "Pathfinders");
  assert.equal(freeName("Pathfinders", ["pathfinders", "Pathfinders 2"]), "Pathfinders 3");
  assert.equal([...freeName("z".repeat(40), ["z".repeat(40)])].length, 40);
  assert.match(freeName("z".repeat(40), ["z".repeat(40)]), / 2$/);
});

test("the pool view: filters, counts in the deck, and blocked + buttons with their reason", () => {
  const deck = [byName("Action 4"), byName("Action 4")];
  const html = renderToString(<PoolView pool={cards} rules={terminusDeckRules} glossary={[{ term: "Legacy", text: "At Turn 0 it stays next to your Ship." }]}
    filter={{ ...noFilter, kind: "Action" }} setFilter={() => {}} deck={deck} readOnly={false} change={() => {}} />);
  assert.match(html, /14 of 62 cards/);
  assert.doesNotMatch(html, /data-card="Module 0"/);
  assert.match(html, /data-card="Action 4"[\s\S]*?data-copies="2"/);
  assert.match(html, /<button class="secondary" name="clear-filters">Clear filters<\/button>/);
  // With no filter set Clear is still there, beside the count, only not pressable: appearing
  // at the first filter it took a row of its own and moved the cards down 52 px.
  const all = renderToString(<PoolView pool={cards} rules={terminusDeckRules} glossary={[]}
    filter={noFilter} setFilter={() => {}} deck={deck} readOnly={false} change={() => {}} />);
  assert.match(all, /<div class="pool-count"><p [^>]*>All 62 cards<\/p><button class="secondary" name="clear-filters" aria-disabled="true">Clear filters<\/button><\/div>/);
  assert.match(html, /<div class="pool-count"><p [^>]*>14 of 62 cards<\/p><button/);
  assert.match(html, /aria-label="Action 4: 2 copies at most\."[^>]*aria-disabled="true"/);
  const legacy = renderToString(<PoolView pool={cards} rules={terminusDeckRules} glossary={[{ term: "Legacy", text: "At Turn 0 it stays next to your Ship." }]}
    filter={{ ...noFilter, tag: "Legacy" }} setFilter={() => {}} deck={[]} readOnly={false} change={() => {}} />);
  assert.deepEqual([...legacy.matchAll(/data-card="([^"]+)"/g)].map((m) => m[1]), ["Module 0", "Module 1"]);
  assert.match(legacy, /At Turn 0 it stays next to your Ship\./, "a keyword carries its glossary text as a tooltip");
});

// The pool's cards are the kit's cards, cut ("…", data-cut) as on a table, but only a table's
// box said how to read one whole. The pool is in the kit's box too: its hint first, then the
// cards, once, hidden from screen readers (they read the card's whole text on the card); the
// kit shows it while a card of the box is cut and keeps its room once seen (kit.test.tsx).
test("the pool is in the kit's cut-hint box: the hint on cut cards above the cards, once", () => {
  const html = renderToString(<PoolView pool={cards} rules={terminusDeckRules} glossary={[]}
    filter={{ ...noFilter, kind: "Action" }} setFilter={() => {}} deck={[]} readOnly={false} change={() => {}} />);
  const hint = '<p class="muted cut-hint" aria-hidden="true">A card’s text ends in “…” where it does not fit: tap or click the card to read all of it.</p>';
  const box = html.indexOf('<div class="pool-box cut-hint-box">');
  assert.ok(box >= 0, "the pool's box");
  assert.ok(html.startsWith(`${hint}<ul class="plain pool-list">`, box + '<div class="pool-box cut-hint-box">'.length), "the hint, then the cards");
  assert.equal(html.split(hint).length - 1, 1, "said once");
  assert.ok(html.indexOf('class="card tm-card', box) > box, "every card inside the box");
  assert.equal(html.slice(0, box).indexOf('class="card '), -1, "no card before it");
  // Filtered to nothing: the box stays (its kept room with it), no card in it.
  const none = renderToString(<PoolView pool={cards} rules={terminusDeckRules} glossary={[]}
    filter={{ ...noFilter, text: "no such card anywhere" }} setFilter={() => {}} deck={[]} readOnly={false} change={() => {}} />);
  assert.match(none, /<div class="pool-box cut-hint-box"><p class="muted cut-hint"[^>]*>[^<]*<\/p><ul class="plain pool-list"><\/ul><\/div>/);
});

test("problems say whose check they are; the shelf lists your decks and the starters", () => {
  const local = renderToString(<Problems problems={["The Modules Pile has 9 cards; it needs exactly 10."]} from="local" empty={false} />);
  assert.match(local, /This deck cannot be played yet/);
  assert.match(local, /data-from="local"/);
  assert.match(renderToString(<Problems problems={[]} from="server" empty={false} />), /the server checked this deck/);
  const list = create(DeckListSchema, {
    game: "terminus",
    decks: [create(DeckSchema, { id: "d1", name: "Mine", cards: [1, 2], problems: ["short"] })],
    starters: [create(DeckSchema, { id: "starter:pathfinders", name: "Pathfinders", starter: true, summary: "Fast and light.", cards: legalDeck(pool) })],
  });
  const shelf = renderToString(<DeckShelf list={list} current="d1" open={() => {}} />);
  assert.match(shelf, /Mine[\s\S]*not playable/);
  assert.match(shelf, /Pathfinders[\s\S]*60 cards[\s\S]*Fast and light\./);
});
