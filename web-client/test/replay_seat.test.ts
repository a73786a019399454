// The replay page offers "My seat's view" only to an account that held a seat in the match
// (the frame's MatchInfo says so); anyone else could only ever get the public view.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";

import { MatchInfoSchema, ReplayFrameSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { heldSeat } from "../src/pages/replay.js";

const frame = (match?: { spectator: boolean; yourSeat: number }) =>
  create(ReplayFrameSchema, { matchId: "m1", game: "space_war", perspective: "public", match: match && create(MatchInfoSchema, match) });

test("a player of the match is offered their seat's view, also for seat 0", () => {
  assert.equal(heldSeat(frame({ spectator: false, yourSeat: 2 })), true);
  assert.equal(heldSeat(frame({ spectator: false, yourSeat: 0 })), true);
});

test("a viewer who held no seat is not offered a seat's view", () => {
  assert.equal(heldSeat(frame({ spectator: true, yourSeat: 0 })), false);
});

test("a frame without match info offers no seat's view", () => {
  assert.equal(heldSeat(frame()), false);
});
