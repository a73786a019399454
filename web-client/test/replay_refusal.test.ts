// The replay page when the server refuses it: the first OpenReplay refused replaces the
// page with a message (a link to the match only where that page might work); after it
// opened, a refused step stays a toast, and a timeout or a lost connection always does.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServerError } from "../src/connection.js";
import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { replayRefusal } from "../src/pages/replay.js";

test("an unknown match id refused before any frame: the page says the server's words as a sentence", () => {
  const cannot = replayRefusal(new ServerError(ErrorCode.NOT_FOUND, "no such match", 4), false);
  assert.ok(cannot);
  assert.equal(cannot.code, "NOT_FOUND");
  assert.equal(cannot.message, "This replay cannot be shown. No such match.");
  assert.equal(cannot.offerMatch, false, "the match page would answer NOT_FOUND as well");
});

test("a running match without spectators you did not play: FORBIDDEN, and no link to its match", () => {
  const cannot = replayRefusal(new ServerError(ErrorCode.FORBIDDEN, "this match is running and does not allow spectators", 4), false);
  assert.equal(cannot?.code, "FORBIDDEN");
  assert.equal(cannot?.offerMatch, false);
});

test("a replay this build cannot re-play still points to its match, which may be running", () => {
  const cannot = replayRefusal(new ServerError(ErrorCode.INTERNAL, "this build cannot re-play that match", 4), false);
  assert.equal(cannot?.offerMatch, true);
});

test("once a frame was shown, a refused step is only a toast", () => {
  assert.equal(replayRefusal(new ServerError(ErrorCode.NOT_FOUND, "no such match", 9), true), null);
  assert.equal(replayRefusal(new ServerError(ErrorCode.INTERNAL, "the replay store is unavailable; retry", 9), true), null);
});

test("a timeout or a lost connection is not a refusal: the page asks again after the next Welcome", () => {
  assert.equal(replayRefusal(new ServerError("timeout", "no answer to openReplay in 10s", 4), false), null);
  assert.equal(replayRefusal(new ServerError("disconnected", "connection closed (1006)", 4), false), null);
});

test("a refusal without a detail still reads as a sentence", () => {
  assert.equal(replayRefusal(new ServerError(ErrorCode.INTERNAL, "", 4), false)?.message, "This replay cannot be shown. Something went wrong on the server; try again.");
});
