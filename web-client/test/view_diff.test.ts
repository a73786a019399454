// view_diff.ts: the same two steps as server/protocol/view_diff.hpp — clear the listed top-level
// fields, then merge the changed ones.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, equals, toBinary } from "@bufbuild/protobuf";

import { ActionSchema } from "../src/gen/starport/v1/common_pb.js";
import { SeatSchema, ViewSchema } from "../src/gen/starport/v1/space_war_pb.js";
import { applyDiff, diffViews } from "../src/view_diff.js";
import { Rng, randomView } from "./helpers.js";

test("applying the diff between two random views reproduces the second, 2000 pairs", () => {
  const r = new Rng(12345);
  for (let i = 0; i < 2000; i++) {
    const before = randomView(r);
    const after = randomView(r);
    const d = diffViews(ViewSchema, before, after);
    const got = applyDiff(ViewSchema, before, d.changed, d.cleared);
    assert.ok(got, `pair ${i}: diff did not apply`);
    assert.ok(equals(ViewSchema, got, after), `pair ${i}: applied view differs`);
    assert.deepEqual(toBinary(ViewSchema, got), toBinary(ViewSchema, after));
  }
});

test("a repeated field is replaced, not appended to", () => {
  const before = create(ViewSchema, { seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })] });
  const after = create(ViewSchema, { seats: [create(SeatSchema, { seat: 0, deckCount: 3 }), create(SeatSchema, { seat: 1 })] });
  const d = diffViews(ViewSchema, before, after);
  assert.deepEqual(d.cleared, [8]);
  const got = applyDiff(ViewSchema, before, d.changed, d.cleared)!;
  assert.equal(got.seats.length, 2);
  assert.equal(got.seats[0].deckCount, 3);
});

test("a field that went back to its default is cleared even though `changed` lacks it", () => {
  const before = create(ViewSchema, {
    legalActions: [create(ActionSchema, { seat: 0, kind: 1 })],
    offeredPower: "Peace",
    warStep: 2,
  });
  const after = create(ViewSchema, {});
  const d = diffViews(ViewSchema, before, after);
  assert.deepEqual(d.cleared.sort((a, b) => a - b), [1, 7, 13]);
  assert.equal(d.changed.length, 0);
  const got = applyDiff(ViewSchema, before, d.changed, d.cleared)!;
  assert.ok(equals(ViewSchema, got, after));
});

test("a nested message is replaced as a whole, not merged field by field", () => {
  const before = create(ViewSchema, { lastContest: { number: 4, war: true, events: ["a", "b"] } });
  const after = create(ViewSchema, { lastContest: { number: 5, events: ["c"] } });
  const d = diffViews(ViewSchema, before, after);
  const got = applyDiff(ViewSchema, before, d.changed, d.cleared)!;
  assert.equal(got.lastContest?.war, false);
  assert.deepEqual(got.lastContest?.events, ["c"]);
});

test("the input view is never modified", () => {
  const before = create(ViewSchema, { contest: 1, seats: [create(SeatSchema, { seat: 0 })] });
  const copy = toBinary(ViewSchema, before);
  const after = create(ViewSchema, { contest: 2 });
  const d = diffViews(ViewSchema, before, after);
  applyDiff(ViewSchema, before, d.changed, d.cleared);
  assert.deepEqual(toBinary(ViewSchema, before), copy);
});

test("a cleared field number the View lacks is refused, like the C++ apply_diff", () => {
  const before = create(ViewSchema, { contest: 1 });
  assert.equal(applyDiff(ViewSchema, before, new Uint8Array(), [99]), null);
  assert.equal(before.contest, 1);
});

test("changed bytes that do not parse are refused", () => {
  const before = create(ViewSchema, { contest: 1 });
  // Field 4 (contest), varint wire type, then a truncated varint.
  assert.equal(applyDiff(ViewSchema, before, new Uint8Array([0x20, 0xff]), [4]), null);
  assert.equal(before.contest, 1);
});

test("an empty diff leaves the view equal", () => {
  const r = new Rng(7);
  const v = randomView(r);
  const d = diffViews(ViewSchema, v, v);
  assert.deepEqual(d.cleared, []);
  assert.ok(equals(ViewSchema, applyDiff(ViewSchema, v, d.changed, d.cleared)!, v));
});

test("a diff keeps the identity of every field it does not list, and leaves the old view alone", () => {
  const r = new Rng(777);
  for (let i = 0; i < 500; i++) {
    const before = randomView(r);
    const after = randomView(r);
    const beforeBytes = toBinary(ViewSchema, before);
    const d = diffViews(ViewSchema, before, after);
    const got = applyDiff(ViewSchema, before, d.changed, d.cleared);
    assert.ok(got);
    assert.notEqual(got, before, "a new message");
    for (const f of ViewSchema.fields) {
      if (d.cleared.includes(f.number) || f.oneof) continue;
      const key = f.localName as keyof typeof got;
      assert.equal(got[key], before[key], `pair ${i}: unchanged field ${f.localName} kept its identity`);
    }
    assert.deepEqual(toBinary(ViewSchema, before), beforeBytes, "the old view is unchanged");
  }
});

test("an unchanged zone keeps its object when another zone changes", () => {
  const seats = [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })];
  const before = create(ViewSchema, { seats, contest: 1 });
  const after = create(ViewSchema, { seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })], contest: 2 });
  const d = diffViews(ViewSchema, before, after);
  const got = applyDiff(ViewSchema, before, d.changed, d.cleared)!;
  assert.equal(got.contest, 2);
  assert.equal(got.seats, before.seats, "the seats array is the very same object");
  assert.equal(seats.length, 2);
});
