// The match page when the server will not show the match: an unknown id says plainly that
// there is no such match (the replay store agrees) and offers only the way home; an ended,
// unloaded match points to its replay; a match without spectators says so.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServerError } from "../src/connection.js";
import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { matchRefusal } from "../src/pages/match.js";

const notRunning = new ServerError(ErrorCode.NOT_FOUND, "no such match", 5);

test("NOT_FOUND from Watch first asks the replay store: an ended match is NOT_FOUND too", () => {
  const first = matchRefusal(notRunning, null);
  assert.equal(first.askReplay, true);
  assert.equal(first.pending, true);
  assert.equal(first.code, "LOOKING", "no answer shown as the answer while the replay store is asked");
  assert.equal(first.replayLink, false);
  assert.equal(matchRefusal(notRunning, "pending").askReplay, false, "asked once");
});

test("an unknown match id: no such match, and no replay to try", () => {
  const cannot = matchRefusal(notRunning, new ServerError(ErrorCode.NOT_FOUND, "no such match", 6));
  assert.equal(cannot.code, "NOT_FOUND");
  assert.equal(cannot.message, "There is no match with this id.");
  assert.equal(cannot.replayLink, false);
});

test("a match that ended and left the server's memory: ended, with its replay", () => {
  const cannot = matchRefusal(notRunning, "exists");
  assert.equal(cannot.code, "ENDED");
  assert.equal(cannot.message, "This match has ended.");
  assert.equal(cannot.replayLink, true);
});

test("a running match without spectators: said so, no replay link (it is refused until the end)", () => {
  const cannot = matchRefusal(new ServerError(ErrorCode.FORBIDDEN, "this match does not allow spectators", 5), null);
  assert.equal(cannot.code, "FORBIDDEN");
  assert.equal(cannot.askReplay, false);
  assert.equal(cannot.replayLink, false);
  assert.match(cannot.message, /does not allow spectators/);
});

test("when the replay store cannot say (a lost connection), the replay stays worth a try", () => {
  const cannot = matchRefusal(notRunning, new ServerError("disconnected", "connection closed (1006)", 6));
  assert.equal(cannot.replayLink, true);
  assert.equal(cannot.message, "This match cannot be shown. No such match.");
});
