// C++/TypeScript agreement: `starport diff-fixtures` records view-diff streams made by
// server/view_diff.cpp; applying every update here with view_diff.ts must reproduce the
// view the server expects, byte for byte. Fails (never skips) when the binary is missing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { equals, fromBinary, toBinary } from "@bufbuild/protobuf";

import { findGame, loadAllGames } from "../src/games/index.js";

await loadAllGames();   // game modules load on demand (import()); the fixtures need them now
import { bytesEqual } from "../src/view_diff.js";
import { applyDiff } from "../src/view_diff.js";

// .test-build/test → web-client
const webClient = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = resolve(webClient, process.env.STARPORT_BIN ?? "../build/starport");

interface Fixture {
  game: string;
  viewer: string;
  snapshot: string;
  updates: { changed: string; cleared: number[]; expected: string }[];
}

function fixtures(players: number, matches: number, seed: number): Fixture[] {
  assert.ok(
    existsSync(bin),
    `the starport binary is missing at ${bin}: build it (cmake -S .. -B ../build -G Ninja && ninja -C ../build starport) or set STARPORT_BIN`,
  );
  const args = ["diff-fixtures", "--game", "space_war", "--matches", String(matches), "--players", String(players), "--seed", String(seed)];
  const run = spawnSync(bin, args, { encoding: "utf8", timeout: 60000, maxBuffer: 256 * 1024 * 1024 });
  assert.equal(run.error, undefined, `could not run ${bin}: ${run.error}`);
  assert.equal(run.status, 0, `\`${bin} ${args.join(" ")}\` failed (exit ${run.status}): ${run.stderr.trim()}`);
  const lines = run.stdout.split("\n").filter((l) => l.trim() !== "");
  assert.ok(lines.length > 0, "diff-fixtures printed no streams");
  return lines.map((l) => JSON.parse(l) as Fixture);
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

function check(players: number, matches: number, seed: number): number {
  let updates = 0;
  for (const f of fixtures(players, matches, seed)) {
    const game = findGame(f.game);
    assert.ok(game, `fixture for unknown game ${f.game}: add it to src/games/index.ts`);
    let view = fromBinary(game.viewSchema, b64(f.snapshot));
    f.updates.forEach((u, i) => {
      const next = applyDiff(game.viewSchema, view, b64(u.changed), u.cleared);
      assert.ok(next, `${f.viewer} update ${i}: the diff did not apply`);
      const expected = b64(u.expected);
      assert.ok(equals(game.viewSchema, next, fromBinary(game.viewSchema, expected)), `${f.viewer} update ${i}: view differs from the server's`);
      assert.ok(bytesEqual(toBinary(game.viewSchema, next), expected), `${f.viewer} update ${i}: serialized bytes differ from the server's`);
      view = next;
      updates++;
    });
  }
  return updates;
}

test("C++ diffs applied by view_diff.ts reproduce the server's views (2 seats)", () => {
  assert.ok(check(2, 6, 11) > 100, "too few updates to mean anything");
});

test("C++ diffs applied by view_diff.ts reproduce the server's views (3 and 6 seats)", () => {
  assert.ok(check(3, 4, 12) > 100);
  assert.ok(check(6, 2, 13) > 100);
});
