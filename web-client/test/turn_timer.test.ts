// The match page's turn timer: its text, and red ("urgent") from the moment 10 s or less
// remain, whatever the lobby's turn length.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatSeconds, timerUrgent } from "../src/ui/format.js";

test("urgent once 10 s or less remain, not a millisecond before", () => {
  assert.equal(timerUrgent(10001), false);
  assert.equal(timerUrgent(10000), true);
  assert.equal(timerUrgent(4200), true);
  assert.equal(timerUrgent(-300), true, "past the deadline, until the server's timeout move arrives");
});

test("a 30 s turn is not urgent at its start, and reads 10s when it turns red", () => {
  assert.equal(timerUrgent(30000), false);
  assert.equal(formatSeconds(10000), "10s");
  assert.equal(formatSeconds(10001), "11s");
});
