// C++/TypeScript agreement: `starport diff-fixtures` records view-diff streams made by
// server/protocol/view_diff.cpp; applying every update here with view_diff.ts must reproduce the
// view the server expects, byte for byte, for every game the server lists
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

function check(game: string | undefined, players: number, matches: number, seed: number, perGame?: Map<string, number>): number {
  let updates = 0;
  for (const f of fixtures(game, players, matches, seed)) {
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
      perGame?.set(f.game, (perGame.get(f.game) ?? 0) + 1);
    });
  }
  return updates;
}

test("C++ diffs applied by view_diff.ts reproduce the server's views, for every game the server lists", () => {
  const listed = starport(["diff-fixtures", "--list-games"]);
  assert.ok(listed.length >= 2, `the server lists ${listed.join(", ")}`);
  const perGame = new Map<string, number>();
  check(undefined, 0, 4, 10, perGame);   // every game, its table sizes in turn (Space Race: JFK's 1 seat too)
  for (const id of listed) {
    assert.ok(findGame(id), `the server plays ${id} but the client has no table for it: add it to src/games/index.ts`);
    assert.ok((perGame.get(id) ?? 0) > 50, `too few ${id} updates to mean anything (${perGame.get(id) ?? 0})`);
  }
});

test("C++ diffs applied by view_diff.ts reproduce the server's views (Space War, 2, 3 and 6 seats)", () => {
  assert.ok(check("space_war", 2, 6, 11) > 100, "too few updates to mean anything");
  assert.ok(check("space_war", 3, 4, 12) > 100);
  assert.ok(check("space_war", 6, 2, 13) > 100);
});
