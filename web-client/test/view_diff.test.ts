// view_diff.ts: field-level patches, the same steps as server/protocol/view_diff.hpp (the
// C++/TypeScript agreement on real views is diff_fixtures.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, equals, toBinary } from "@bufbuild/protobuf";

import { ActionSchema, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { BattlefieldCardSchema, CardSchema, PowerState, SeatSchema, ViewSchema, type View } from "../src/gen/starport/v1/space_war_pb.js";
import { applyPatch, diffViews } from "../src/view_diff.js";
import { Rng, randomView } from "./helpers.js";

function roundTrip(before: View, after: View): { patch: Uint8Array; got: View } {
  const patch = diffViews(ViewSchema, before, after);
  const got = applyPatch(ViewSchema, before, patch);
  assert.ok(got, "the patch did not apply");
  assert.deepEqual(toBinary(ViewSchema, got), toBinary(ViewSchema, after));
  return { patch, got };
}

const card = (id: number, kind: number) => create(CardSchema, { id, kind });

test("applying the patch between two random views reproduces the second, 600 pairs", () => {
  const r = new Rng(12345);
  for (let i = 0; i < 600; i++) {
    const before = randomView(r);
    const after = randomView(r);
    const { got } = roundTrip(before, after);
    assert.ok(equals(ViewSchema, got, after), `pair ${i}: applied view differs`);
  }
});

test("a nested scalar that changed is sent alone, and every other element keeps its identity", () => {
  const seats = [0, 1, 2].map((seat) => create(SeatSchema, { seat, power: PowerState.INACTIVE, powerName: "Dwarven Armor" }));
  const before = create(ViewSchema, { contest: 4, seats });
  const after = create(ViewSchema, {
    contest: 4,
    seats: [0, 1, 2].map((seat) => create(SeatSchema, { seat, power: seat === 1 ? PowerState.ACTIVE : PowerState.INACTIVE, powerName: "Dwarven Armor" })),
  });
  const { patch, got } = roundTrip(before, after);
  // seats (8) LIST { length 3, element 1 PATCH { power (5) SET ACTIVE (2) } }
  assert.deepEqual([...patch], [8 * 4 + 3, 5, 3, 1 * 4 + 1, 2, 5 * 4 + 0, 2]);
  assert.notEqual(got.seats, before.seats, "the list changed");
  assert.equal(got.seats[0], before.seats[0], "an unchanged seat is the very same object");
  assert.equal(got.seats[2], before.seats[2]);
  assert.notEqual(got.seats[1], before.seats[1]);
  assert.equal(before.seats[1].power, PowerState.INACTIVE, "the old view is untouched");
});

test("an insertion at the front copies the tail: the old elements keep their identity", () => {
  const before = create(ViewSchema, {
    battlefield: [1, 2, 3, 4].map((i) => create(BattlefieldCardSchema, { owner: i % 2, faceUp: true, card: card(i, i) })),
  });
  const after = create(ViewSchema, { battlefield: [create(BattlefieldCardSchema, { owner: 1 }), ...before.battlefield] });
  const { patch, got } = roundTrip(before, after);
  // battlefield (9) LIST { length 5, element 0 SET {owner 1}, element 1 COPY from 0, count 4 }
  assert.deepEqual([...patch], [9 * 4 + 3, 8, 5, 0, 2, 0x08, 1, 1 * 4 + 2, 0, 4]);
  for (let i = 0; i < 4; i++) assert.equal(got.battlefield[i + 1], before.battlefield[i]);
});

test("a list element matched by its stable id is patched where it moved to", () => {
  const before = create(ViewSchema, { seats: [create(SeatSchema, { deck: [card(1, 1), card(2, 2), card(3, 3)] })] });
  const after = create(ViewSchema, { seats: [create(SeatSchema, { deck: [create(CardSchema, { ...card(2, 2), kind: 9 }), card(3, 3)] })] });
  const { patch, got } = roundTrip(before, after);
  // seats LIST { 1, element 0 PATCH { deck (11) LIST { 2, element 0 MOVE from 1 {kind 9}, element 1 COPY from 2, 1 } } }
  const deck = [2, 0 * 4 + 3, 1, 2, 8 * 4 + 0, 9, 1 * 4 + 2, 2, 1];
  assert.deepEqual([...patch], [8 * 4 + 3, deck.length + 5, 1, 0 * 4 + 1, deck.length + 2, 11 * 4 + 3, deck.length, ...deck]);
  assert.equal(got.seats[0].deck[1], before.seats[0].deck[2], "the copied card is the same object");
});

test("removal markers: a shortened list, a cleared message, a value back to its default", () => {
  const before = create(ViewSchema, {
    legalActions: [create(ActionSchema, { seat: 0, kind: 1 }), create(ActionSchema, { seat: 0, kind: 2 })],
    offeredPower: "Peace",
    warStep: 2,
    outcome: create(OutcomeSchema, { over: true, winners: [1] }),
  });
  const after = create(ViewSchema, { legalActions: [create(ActionSchema, { seat: 0, kind: 1 })] });
  const { patch, got } = roundTrip(before, after);
  // legal_actions (1) LIST { length 1 }, war_step (7) CLEAR, outcome (11) CLEAR, offered_power (13) CLEAR
  assert.deepEqual([...patch], [1 * 4 + 3, 1, 1, 7 * 4 + 1, 11 * 4 + 1, 13 * 4 + 1]);
  assert.equal(got.outcome, undefined);
  assert.equal(got.offeredPower, "");
  assert.equal(got.legalActions[0], before.legalActions[0]);
});

test("a packed list and a nested message's fields change like any other value", () => {
  const before = create(ViewSchema, { outcome: create(OutcomeSchema, { winners: [0] }) });
  const after = create(ViewSchema, { outcome: create(OutcomeSchema, { over: true, winners: [0, 1] }) });
  roundTrip(before, after);
  roundTrip(after, before);
  roundTrip(create(ViewSchema, {}), after);
});

test("an empty patch leaves the view as it was", () => {
  const v = randomView(new Rng(7));
  const patch = diffViews(ViewSchema, v, v);
  assert.equal(patch.length, 0);
  assert.equal(applyPatch(ViewSchema, v, patch), v);
});

test("a malformed patch is refused and the view left alone", () => {
  const before = create(ViewSchema, { contest: 1, offeredPower: "Peace", seats: [create(SeatSchema, { seat: 1 })] });
  const copy = toBinary(ViewSchema, before);
  const bad: number[][] = [
    [0xb5, 0x02],                        // CLEAR of field 77: the View lacks it
    [4 * 4 + 1, 2 * 4 + 1],              // fields out of order
    [13 * 4 + 2, 0],                     // PATCH of a string
    [13 * 4 + 3, 1, 0],                  // LIST of a singular field
    [8 * 4 + 0, 0],                      // SET of a message list
    [8 * 4 + 3, 1, 3],                   // a list with a gap
    [8 * 4 + 3, 4, 1, 2, 1, 1],          // COPY past the old list
    [8 * 4 + 3, 4, 2, 1 * 4 + 3, 5, 0],  // MOVE from past the old list
    [8 * 4 + 3, 4, 1, 0 * 4 + 1, 2, 0, 9],   // BASE of a type with no id (Seat)
    [8 * 4 + 3, 5, 2, 4, 0, 0, 0],       // indexes back
    [8 * 4 + 3, 5, 0x80, 0x80, 0x80, 0x80, 0x04],   // a list too long to be true
    [13 * 4 + 0, 40, 0x73],              // a string past the end
    [4 * 4 + 0, 0x80],                   // a truncated varint
    [13 * 4 + 1, 0x01],                  // trailing bytes that are no entry
  ];
  for (const b of bad) {
    assert.equal(applyPatch(ViewSchema, before, new Uint8Array(b)), null, `refused: ${b.join(",")}`);
    assert.deepEqual(toBinary(ViewSchema, before), copy);
  }
});

test("random garbage never throws: a patch applies or is refused", () => {
  const r = new Rng(99);
  for (let i = 0; i < 3000; i++) {
    const v = randomView(r);
    const bytes = new Uint8Array(Array.from({ length: r.below(24) }, () => r.below(256)));
    const got = applyPatch(ViewSchema, v, bytes);
    if (got) toBinary(ViewSchema, got);   // whatever applied is still a View
  }
});

test("unchanged top-level fields keep their identity, and the old view is never modified", () => {
  const r = new Rng(777);
  for (let i = 0; i < 200; i++) {
    const before = randomView(r);
    const after = randomView(r);
    const beforeBytes = toBinary(ViewSchema, before);
    const patch = diffViews(ViewSchema, before, after);
    const got = applyPatch(ViewSchema, before, patch);
    assert.ok(got);
    for (const f of ViewSchema.fields) {
      if (f.oneof) continue;
      const key = f.localName as keyof typeof got;
      if (equals(ViewSchema, create(ViewSchema, { [key]: before[key] }), create(ViewSchema, { [key]: after[key] })))
        assert.equal(got[key], before[key], `pair ${i}: unchanged field ${f.localName} kept its identity`);
    }
    assert.deepEqual(toBinary(ViewSchema, before), beforeBytes, "the old view is unchanged");
  }
});

test("a card that moves from the Battlefield to a discard pile starts from the old card (BASE), not resent whole", () => {
  // The omniscient view (replays): a Battle's card goes to its captor's discard.
  const card = create(CardSchema, { id: 7, kind: 17 });
  // (the seat's Power name makes a patch of the seat shorter than the seat again)
  const before = create(ViewSchema, { seats: [create(SeatSchema, { powerName: "Peace" })], battlefield: [create(BattlefieldCardSchema, { card })] });
  const after = create(ViewSchema, { seats: [create(SeatSchema, { powerName: "Peace", discard: [card] })] });
  const { patch, got } = roundTrip(before, after);
  // seats (8) LIST { length 1, element 0 PATCH { discard (12) LIST { length 1, element 0
  //   PATCH from empty { BASE id 7 } } } }, battlefield (9) CLEAR
  assert.deepEqual([...patch], [8 * 4 + 3, 10, 1, 0 * 4 + 1, 7, 12 * 4 + 3, 5, 1, 0 * 4 + 1, 2, 0, 7, 9 * 4 + 1]);
  assert.equal(got.seats[0].discard[0].kind, card.kind);
  // A BASE naming a card the old view lacks is refused.
  assert.equal(applyPatch(ViewSchema, create(ViewSchema), patch), null);
});
