// A replay step asks only for the action-log lines the page does not hold (OpenReplay.log_known)
// and joins what comes on after its own first `logFrom` lines.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";

import { ReplayFrameSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { logKnownFor, withKnownLog } from "../src/pages/replay.js";

const frame = (matchId: string, actionLog: string[], logFrom = 0) =>
  create(ReplayFrameSchema, { matchId, game: "space_war", actionLog, logFrom });

test("the first frame of a replay asks for the whole log", () => {
  assert.equal(logKnownFor(null, "m1"), 0);
});

test("a later step tells the server how many lines the page holds, for the same match only", () => {
  const held = frame("m1", ["a", "b", "c"]);
  assert.equal(logKnownFor(held, "m1"), 3);
  assert.equal(logKnownFor(held, "m2"), 0, "another match's lines are not this one's");
});

test("lines sent from logFrom are joined after the page's own first logFrom lines", () => {
  const held = frame("m1", ["a", "b", "c"]);
  const f = withKnownLog(held, frame("m1", ["d", "e"], 3));
  assert.deepEqual(f.actionLog, ["a", "b", "c", "d", "e"]);
  assert.equal(f.logFrom, 0, "the joined frame holds the whole log");
  assert.deepEqual(held.actionLog, ["a", "b", "c"], "the held frame is not changed");
});

test("a frame with the whole log replaces what the page held", () => {
  const f = withKnownLog(frame("m1", ["a", "b"]), frame("m1", ["x", "y", "z"]));
  assert.deepEqual(f.actionLog, ["x", "y", "z"]);
});

test("a server that kept fewer lines than the page claimed: only the first logFrom held lines are kept", () => {
  const f = withKnownLog(frame("m1", ["a", "b", "c"]), frame("m1", [], 2));
  assert.deepEqual(f.actionLog, ["a", "b"]);
});

test("a frame continuing a log the page does not hold is refused, never shown with missing lines", () => {
  assert.throws(() => withKnownLog(null, frame("m1", ["d"], 3)));
  assert.throws(() => withKnownLog(frame("m2", ["a", "b", "c"]), frame("m1", ["d"], 3)));
  assert.throws(() => withKnownLog(frame("m1", ["a"]), frame("m1", ["d"], 3)));
});
