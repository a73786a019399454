// C++/TypeScript agreement: `starport diff-fixtures` records view-patch streams made by
// server/protocol/view_diff.cpp; applying every patch here with view_diff.ts must reproduce the
// view the server expects, byte for byte, and view_diff.ts's own diff of the two views must be
// the server's patch, byte for byte, for every game the server lists
// (`starport diff-fixtures --list-games`). Fails (never skips) when the binary is missing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { equals, fromBinary, toBinary } from "@bufbuild/protobuf";

import { findGame, loadAllGames } from "../src/games/index.js";

await loadAllGames();   // game modules load on demand (import()); the fixtures need them now
import { applyPatch, bytesEqual, diffViews } from "../src/view_diff.js";

// .test-build/test → web-client
const webClient = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = resolve(webClient, process.env.STARPORT_BIN ?? "../build/starport");

interface Fixture {
  game: string;
  viewer: string;
  snapshot: string;
  updates: { patch: string; expected: string }[];
}

function starport(args: string[]): string[] {
  assert.ok(
    existsSync(bin),
    `the starport binary is missing at ${bin}: build it (cmake -S .. -B ../build -G Ninja && ninja -C ../build starport) or set STARPORT_BIN`,
  );
  const run = spawnSync(bin, args, { encoding: "utf8", timeout: 120000, maxBuffer: 256 * 1024 * 1024 });
  assert.equal(run.error, undefined, `could not run ${bin}: ${run.error}`);
  assert.equal(run.status, 0, `\`${bin} ${args.join(" ")}\` failed (exit ${run.status}): ${run.stderr.trim()}`);
  return run.stdout.split("\n").filter((l) => l.trim() !== "");
}

// game: one game's fixtures at `players` seats; undefined: every game, every table size.
function fixtures(game: string | undefined, players: number, matches: number, seed: number): Fixture[] {
  const args = ["diff-fixtures", "--matches", String(matches), "--players", String(players), "--seed", String(seed)];
  if (game) args.push("--game", game);
  const lines = starport(args);
  assert.ok(lines.length > 0, "diff-fixtures printed no streams");
  return lines.map((l) => JSON.parse(l) as Fixture);
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));

// Per game: each patch's size and the whole view's, for the figures in docs/protocol.md.
type Sizes = Map<string, { patch: number[]; view: number[] }>;

function check(game: string | undefined, players: number, matches: number, seed: number, perGame?: Map<string, number>, sizes?: Sizes): number {
  let updates = 0;
  for (const f of fixtures(game, players, matches, seed)) {
    const game = findGame(f.game);
    assert.ok(game, `fixture for unknown game ${f.game}: add it to src/games/index.ts`);
    let view = fromBinary(game.viewSchema, b64(f.snapshot));
    f.updates.forEach((u, i) => {
      const patch = b64(u.patch);
      const next = applyPatch(game.viewSchema, view, patch);
      assert.ok(next, `${f.viewer} update ${i}: the patch did not apply`);
      const expected = b64(u.expected);
      assert.ok(equals(game.viewSchema, next, fromBinary(game.viewSchema, expected)), `${f.viewer} update ${i}: view differs from the server's`);
      assert.ok(bytesEqual(toBinary(game.viewSchema, next), expected), `${f.viewer} update ${i}: serialized bytes differ from the server's`);
      assert.ok(bytesEqual(diffViews(game.viewSchema, view, next), patch), `${f.viewer} update ${i}: view_diff.ts diffs otherwise than the server`);
      view = next;
      updates++;
      perGame?.set(f.game, (perGame.get(f.game) ?? 0) + 1);
      if (sizes) {
        const s = sizes.get(f.game) ?? { patch: [], view: [] };
        s.patch.push(patch.length);
        s.view.push(expected.length);
        sizes.set(f.game, s);
      }
    });
  }
  return updates;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

test("C++ diffs applied by view_diff.ts reproduce the server's views, for every game the server lists", () => {
  const listed = starport(["diff-fixtures", "--list-games"]);
  assert.ok(listed.length >= 2, `the server lists ${listed.join(", ")}`);
  const perGame = new Map<string, number>();
  const sizes: Sizes = new Map();
  check(undefined, 0, 4, 10, perGame, sizes);   // every game, its table sizes in turn (Space Race: JFK's 1 seat too)
  for (const id of listed) {
    assert.ok(findGame(id), `the server plays ${id} but the client has no table for it: add it to src/games/index.ts`);
    assert.ok((perGame.get(id) ?? 0) > 50, `too few ${id} updates to mean anything (${perGame.get(id) ?? 0})`);
    // Patch size against the whole view, per update: median and p95 (docs/protocol.md).
    const s = sizes.get(id)!;
    const ratios = s.patch.map((p, i) => p / Math.max(1, s.view[i]));
    console.log(`# ${id}: ${s.patch.length} patches, median ${percentile(s.patch, 50)} B (${(100 * percentile(ratios, 50)).toFixed(1)}% of the view), ` +
      `p95 ${percentile(s.patch, 95)} B (${(100 * percentile(ratios, 95)).toFixed(1)}%); whole views median ${percentile(s.view, 50)} B`);
  }
});

test("C++ diffs applied by view_diff.ts reproduce the server's views (Space War, 2, 3 and 6 seats)", () => {
  assert.ok(check("space_war", 2, 6, 11) > 100, "too few updates to mean anything");
  assert.ok(check("space_war", 3, 4, 12) > 100);
  assert.ok(check("space_war", 6, 2, 13) > 100);
});
