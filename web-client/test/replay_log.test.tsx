// The replay's action log: one numbered line a move, in the players' names and cards' names,
// and a move the game's log says nothing of keeps its place with words, not an empty line.
import assert from "node:assert/strict";
import { test } from "node:test";

import { renderToString } from "preact-render-to-string";

import { ReplayLogWords } from "../src/pages/replay.js";

const seatName = (seat: number) => ["Ada", "Bob"][seat] ?? `Seat ${seat + 1}`;
const cardName = (kind: number) => ["Core Mind", "Elven Scout"][kind] ?? `card ${kind}`;

test("a step's words fill seats and cards", () => {
  assert.equal(renderToString(<ReplayLogWords line="{seat:0} reveals {card:1} (1)." seatName={seatName} cardName={cardName} />),
    "Ada reveals Elven Scout (1).");
});

test("a move with no words (Space War's decline of a Power that could not matter) says so", () => {
  for (const line of ["", " ", "\n"]) {
    const html = renderToString(<ReplayLogWords line={line} seatName={seatName} cardName={cardName} />);
    assert.match(html, /class="muted"/);
    assert.match(html, /a move with nothing new to show/);
  }
});
