// A failed request's toast depends on who asked: the home page's lists and the lobby's deck
// list refresh by themselves, and a failure is shown only where the player can act on it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ServerError } from "../src/connection.js";
import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { failureShown } from "../src/request_failure.js";

const lost = new ServerError("disconnected", "connection closed (1006)", 3);
const slow = new ServerError("timeout", "", 4);
const refused = new ServerError(ErrorCode.RATE_LIMITED, "slow down", 5);

test("a request asked while the connection drops says nothing unless the player pressed", () => {
  assert.equal(failureShown(lost, "auto"), false, "the connection's own toast says it; the page asks again on reconnect");
  assert.equal(failureShown(lost, "periodic"), false);
  assert.equal(failureShown(lost, "pressed"), true, "a press gets an answer");
});

test("a timeout is shown unless the periodic refresh asked; a refusal always", () => {
  assert.equal(failureShown(slow, "auto"), true);
  assert.equal(failureShown(slow, "pressed"), true);
  assert.equal(failureShown(slow, "periodic"), false);
  for (const asked of ["auto", "pressed", "periodic"] as const) assert.equal(failureShown(refused, asked), true, asked);
});
