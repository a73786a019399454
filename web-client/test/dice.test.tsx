// The kit's dice (kit/dice.tsx): the sentence a roll reads as, the faces drawn as pips or
// numbers, and which rolls tumble and are announced (new ones in a live match only).
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { DiceRollSchema, type DiceRoll } from "../src/gen/starport/v1/common_pb.js";
import { DiceRollView, DiceTray, Die, freshRolls, rollSentence, rollTotal, RollWatcher } from "../src/kit/dice.js";

const names = ["Ann", "Vega", "Bob"];
const seatName = (s: number) => names[s] ?? `Seat ${s + 1}`;

function roll(number: number, seat: number, faces: number[], extra: Partial<DiceRoll> = {}): DiceRoll {
  return create(DiceRollSchema, { number, seat, faces, sides: 6, purpose: "", modifier: 0, result: "", ...extra });
}

test("a roll reads as one sentence: who, the faces, the modifier, what for, the result", () => {
  assert.equal(rollSentence(roll(3, 1, [6], { modifier: 1, purpose: "escape", result: "escaped" }), seatName), "Vega rolled 6 + 1 for escape: escaped");
  assert.equal(rollSentence(roll(4, 0, [2], { modifier: -1, purpose: "rep check", result: "failed" }), seatName), "Ann rolled 2 − 1 for rep check: failed");
  assert.equal(rollSentence(roll(5, -1, [4], { purpose: "Dockyard", result: "Aeron IV" }), seatName), "The table rolled 4 for Dockyard: Aeron IV");
  assert.equal(rollSentence(roll(6, 2, [3, 5], { modifier: 1, purpose: "attack" }), seatName), "Bob rolled 3 and 5 + 1 (9) for attack");
  assert.equal(rollSentence(roll(7, 2, [11], { sides: 12 }), seatName), "Bob rolled 11 on a d12");
  assert.equal(rollTotal(roll(8, 0, [3, 5], { modifier: -2 })), 6);
});

test("a die shows pips up to six and its number beyond", () => {
  const six = renderToString(<Die face={6} seat={1} />);
  assert.equal(six.match(/<circle/g)?.length, 6);
  assert.match(six, /seat-colour-1/);
  assert.doesNotMatch(six, /<text/);
  for (let f = 1; f <= 6; ++f) assert.equal(renderToString(<Die face={f} />).match(/<circle/g)?.length, f, `face ${f}`);
  const twenty = renderToString(<Die face={17} sides={20} seat={-1} />);
  assert.doesNotMatch(twenty, /<circle/);
  assert.match(twenty, />17<\/text>/);
  assert.match(twenty, /die--table/);
  // A d8 showing 3 still shows its number (pips are for dice of six sides or fewer).
  assert.match(renderToString(<Die face={3} sides={8} />), />3<\/text>/);
});

test("a drawn roll carries its sentence as its label, the modifier and the total", () => {
  const html = renderToString(<DiceRollView roll={roll(3, 1, [6], { modifier: 1, purpose: "escape", result: "escaped" })} seatName={seatName} />);
  assert.match(html, /aria-label="Vega rolled 6 \+ 1 for escape: escaped"/);
  assert.match(html, /data-total="7"/);
  assert.match(html, /data-result="escaped"/);
  assert.match(html, /dice-roll__mod">\+ 1<\/span>/);
  assert.match(html, /= 7/);
  assert.doesNotMatch(html, /die--rolling/);
  assert.match(renderToString(<DiceRollView roll={roll(3, 1, [6])} seatName={seatName} fresh />), /die--rolling/);
  // One die without a modifier has no "=": the face is the total.
  assert.doesNotMatch(renderToString(<DiceRollView roll={roll(3, 1, [4])} seatName={seatName} />), /= 4/);
});

test("only rolls numbered after the last one shown are fresh", () => {
  const rolls = [roll(4, 0, [1]), roll(5, 1, [2]), roll(6, 2, [3])];
  assert.deepEqual(freshRolls(rolls, 4).map((r) => r.number), [5, 6]);
  assert.deepEqual(freshRolls(rolls, 6), []);
});

test("a live tray tumbles and announces new rolls only, and keeps them until newer ones", () => {
  const w = new RollWatcher();
  const first = [roll(1, 0, [3], { purpose: "escape", result: "failed" })];
  w.see(first, true, seatName);
  // Rolls already there when the tray first draws (a reload) are not news.
  assert.equal(w.fresh.size, 0);
  assert.equal(w.said, "");
  const second = [...first, roll(2, 1, [6], { modifier: 1, purpose: "escape", result: "escaped" }), roll(3, -1, [5], { purpose: "Dockyard" })];
  w.see(second, true, seatName);
  assert.deepEqual([...w.fresh].sort(), [2, 3]);
  assert.equal(w.said, "Vega rolled 6 + 1 for escape: escaped. The table rolled 5 for Dockyard.");
  // A redraw with the same rolls keeps the tumble and the sentence (not read again).
  w.see(second, true, seatName);
  assert.deepEqual([...w.fresh].sort(), [2, 3]);
  assert.equal(w.said, "Vega rolled 6 + 1 for escape: escaped. The table rolled 5 for Dockyard.");
  w.see([...second, roll(4, 2, [1])], true, seatName);
  assert.deepEqual([...w.fresh], [4]);
  assert.equal(w.said, "Bob rolled 1.");
});

test("a replay step shows its rolls still and says nothing", () => {
  const w = new RollWatcher();
  w.see([], false, seatName);
  w.see([roll(1, 0, [6], { purpose: "escape" })], false, seatName);
  assert.equal(w.fresh.size, 0);
  assert.equal(w.said, "");
  const html = renderToString(<DiceTray rolls={[roll(1, 0, [6]), roll(2, 1, [2])]} seatName={seatName} live={false} />);
  assert.doesNotMatch(html, /die--rolling/);
  assert.doesNotMatch(html, /aria-live/);
  // Newest first.
  assert.ok(html.indexOf('data-roll="2"') < html.indexOf('data-roll="1"'));
});

test("a live tray has its polite live region and shows at most `max` rolls", () => {
  const rolls = Array.from({ length: 9 }, (_, i) => roll(i + 1, i % 3, [1 + (i % 6)]));
  const html = renderToString(<DiceTray rolls={rolls} seatName={seatName} live max={4} title="Dice" />);
  assert.match(html, /aria-live="polite"/);
  assert.equal(html.match(/data-roll=/g)?.length, 4);
  assert.match(html, /data-roll="9"/);
  assert.doesNotMatch(html, /data-roll="5"/);
  assert.match(renderToString(<DiceTray rolls={[]} seatName={seatName} live={false} empty="No dice rolled yet." />), /No dice rolled yet\./);
});
