// C++/TypeScript agreement on log lines: tests/server/log_table_test.cpp checks that the
// fixture is what the server's log_table codes (and that its reader decodes it); here the
// client's LogReader must get the same lines from every update of it, in order.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { LogReader, logSlot, maxShapes } from "../src/log_table.js";

// .test-build/test → web-client → the repository
const fixture = resolve(dirname(fileURLToPath(import.meta.url)), "../../../tests/server/log_table_fixture.json");

interface Update {
  snapshot: boolean;
  log_reset: boolean;
  log_line: string;
  log_refs: number[];
  lines: string[];
}

const updates = (JSON.parse(readFileSync(fixture, "utf8")) as { updates: Update[] }).updates;
const asUpdate = (u: Update) => ({ snapshot: u.snapshot, logReset: u.log_reset, logLine: u.log_line, logRefs: u.log_refs });

test("log table: the client reads the server's coded updates back to the same lines", () => {
  const reader = new LogReader();
  assert.ok(updates.length > 10);
  let coded = 0;
  for (const [i, u] of updates.entries()) {
    assert.deepEqual(reader.read(asUpdate(u)), u.lines, `update ${i}`);
    if (u.log_refs.length) ++coded;
  }
  assert.ok(coded > 5, "most updates are coded");
  assert.ok(updates.some((u) => u.log_refs.length === 0 && u.lines.length > 0), "one goes as text (a slot in the words)");
  assert.ok(updates.some((u) => u.log_refs.includes(maxShapes)), "past the cap, new shapes are used once");
  assert.equal(reader.size, maxShapes);
});

test("log table: a reader without the stream's table refuses instead of guessing", () => {
  const second = updates.findIndex((u, i) => i > 0 && u.log_refs.length > 0 && !u.snapshot && !u.log_reset);
  assert.ok(second > 0);
  assert.equal(new LogReader().read(asUpdate(updates[second])), null);
  // A shape number past the table, or numbers missing for a shape's slots.
  assert.equal(new LogReader().read({ snapshot: true, logReset: false, logLine: `a ${logSlot}`, logRefs: [1] }), null);
  assert.equal(new LogReader().read({ snapshot: true, logReset: false, logLine: `a ${logSlot}`, logRefs: [0] }), null);
  assert.deepEqual(new LogReader().read({ snapshot: true, logReset: false, logLine: `a ${logSlot}`, logRefs: [0, 7] }), ["a 7"]);
});
