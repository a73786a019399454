// ViewStore: a snapshot replaces, a diff applies only on top of number - 1, a gap asks for
// one Resync and waits for the next snapshot.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, equals, toBinary } from "@bufbuild/protobuf";

import { ViewUpdateSchema, type ViewUpdate } from "../src/gen/starport/v1/protocol_pb.js";
import { ViewSchema, type View } from "../src/gen/starport/v1/space_war_pb.js";
import { diffViews } from "../src/view_diff.js";
import { ViewStore } from "../src/view_store.js";
import { Rng, randomView } from "./helpers.js";

const matchId = "m1";

function snapshot(number: number, view: View): ViewUpdate {
  return create(ViewUpdateSchema, { matchId, number: BigInt(number), snapshot: true, view: toBinary(ViewSchema, view) });
}

function diff(number: number, before: View, after: View): ViewUpdate {
  return create(ViewUpdateSchema, { matchId, number: BigInt(number), patch: diffViews(ViewSchema, before, after) });
}

test("a snapshot replaces whatever the store held", () => {
  const s = new ViewStore(ViewSchema, matchId);
  const a = create(ViewSchema, { contest: 3 });
  const b = create(ViewSchema, { contest: 9, warStep: 1 });
  assert.equal(s.apply(snapshot(5, a)), "snapshot");
  assert.equal(s.apply(snapshot(2, b)), "snapshot");
  assert.equal(s.number, 2n);
  assert.ok(equals(ViewSchema, s.view!, b));
});

test("consecutive diffs follow a random stream exactly, 500 steps", () => {
  const r = new Rng(99);
  let cur = randomView(r);
  const s = new ViewStore(ViewSchema, matchId);
  s.apply(snapshot(10, cur));
  for (let n = 11; n < 511; n++) {
    const next = randomView(r);
    assert.equal(s.apply(diff(n, cur, next)), "applied");
    cur = next;
    assert.ok(equals(ViewSchema, s.view!, cur), `step ${n}`);
    assert.equal(s.number, BigInt(n));
  }
});

test("a gap asks for a resync once, then ignores diffs until a snapshot", () => {
  const v0 = create(ViewSchema, { contest: 1 });
  const v1 = create(ViewSchema, { contest: 2 });
  const v2 = create(ViewSchema, { contest: 3 });
  const s = new ViewStore(ViewSchema, matchId);
  s.apply(snapshot(1, v0));
  assert.equal(s.apply(diff(3, v1, v2)), "resync");
  assert.equal(s.waiting, true);
  assert.equal(s.apply(diff(4, v2, v0)), "ignored");
  assert.equal(s.apply(diff(2, v0, v1)), "ignored");
  assert.ok(equals(ViewSchema, s.view!, v0), "the view does not move while waiting");
  assert.equal(s.apply(snapshot(4, v2)), "snapshot");
  assert.equal(s.waiting, false);
  assert.equal(s.apply(diff(5, v2, v1)), "applied");
  assert.equal(s.view!.contest, 2);
});

test("an old or repeated number is ignored", () => {
  const v0 = create(ViewSchema, { contest: 1 });
  const v1 = create(ViewSchema, { contest: 2 });
  const s = new ViewStore(ViewSchema, matchId);
  s.apply(snapshot(1, v0));
  assert.equal(s.apply(diff(2, v0, v1)), "applied");
  assert.equal(s.apply(diff(2, v0, v1)), "ignored");
  assert.equal(s.apply(diff(1, v0, v1)), "ignored");
  assert.equal(s.number, 2n);
});

test("a diff before any snapshot asks for one", () => {
  const s = new ViewStore(ViewSchema, matchId);
  assert.equal(s.apply(diff(1, create(ViewSchema), create(ViewSchema, { contest: 1 }))), "resync");
  assert.equal(s.view, null);
});

test("a diff that does not apply (unknown field) asks for a resync and keeps the view", () => {
  const v0 = create(ViewSchema, { contest: 1 });
  const s = new ViewStore(ViewSchema, matchId);
  s.apply(snapshot(1, v0));
  // CLEAR of field 77, which the View lacks: key 77 << 2 | 1 = 309, a two-byte varint.
  const bad = create(ViewUpdateSchema, { matchId, number: 2n, patch: new Uint8Array([0xb5, 0x02]) });
  assert.equal(s.apply(bad), "resync");
  assert.equal(s.number, 1n);
  assert.ok(equals(ViewSchema, s.view!, v0));
});

test("after a reconnect the store waits for the snapshot the server owes", () => {
  const v0 = create(ViewSchema, { contest: 1 });
  const s = new ViewStore(ViewSchema, matchId);
  s.apply(snapshot(1, v0));
  s.expectSnapshot();
  assert.equal(s.apply(diff(2, v0, create(ViewSchema, { contest: 2 }))), "ignored");
  assert.equal(s.apply(snapshot(7, v0)), "snapshot");
  assert.equal(s.number, 7n);
});

test("a snapshot that does not parse is treated as a gap", () => {
  const s = new ViewStore(ViewSchema, matchId);
  const broken = create(ViewUpdateSchema, { matchId, number: 1n, snapshot: true, view: new Uint8Array([0x0a, 0x05, 0x01]) });
  assert.equal(s.apply(broken), "resync");
  assert.equal(s.view, null);
});

// As the server sends them: a diff without its number is the previous + 1.
function nextDiff(before: View, after: View): ViewUpdate {
  return create(ViewUpdateSchema, { matchId, patch: diffViews(ViewSchema, before, after) });
}

test("a diff without a number is the next one; a snapshot says where the count starts", () => {
  const v0 = create(ViewSchema, { contest: 1 });
  const v1 = create(ViewSchema, { contest: 2 });
  const v2 = create(ViewSchema, { contest: 3 });
  const s = new ViewStore(ViewSchema, matchId);
  assert.equal(s.apply(nextDiff(v0, v1)), "resync", "nothing to count from before a snapshot");
  assert.equal(s.apply(snapshot(7, v0)), "snapshot");
  assert.equal(s.apply(nextDiff(v0, v1)), "applied");
  assert.equal(s.number, 8n);
  assert.equal(s.apply(nextDiff(v1, v2)), "applied");
  assert.equal(s.number, 9n);
  assert.ok(equals(ViewSchema, s.view!, v2));
  // One that says its number is checked as before: a jump is a gap.
  assert.equal(s.apply(diff(11, v2, v0)), "resync");
  assert.equal(s.apply(nextDiff(v2, v0)), "ignored", "waiting for the snapshot");
  // A reconnect's snapshot repeats the number held; the count goes on from it.
  assert.equal(s.apply(snapshot(9, v2)), "snapshot");
  assert.equal(s.apply(nextDiff(v2, v0)), "applied");
  assert.equal(s.number, 10n);
});
