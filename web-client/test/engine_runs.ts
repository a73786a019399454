// The engine's own matches for the client's tests: `starport simulate --record` plays one,
// `starport scenario --at N` prints every seat's view along the way. Needs the binary
// ($STARPORT_BIN, default ../build/starport): fails, never skips, when it is missing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after } from "node:test";
import { fileURLToPath } from "node:url";

import { fromJson, type DescMessage, type JsonValue, type MessageShape } from "@bufbuild/protobuf";

export const webClient = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = resolve(webClient, process.env.STARPORT_BIN ?? "../build/starport");

export function engineRuns<Desc extends DescMessage>(game: string, viewSchema: Desc) {
  const work = mkdtempSync(join(tmpdir(), `${game}-runs-`));
  after(() => rmSync(work, { recursive: true, force: true }));

  function run(args: string[]): string {
    assert.ok(existsSync(bin), `the starport binary is missing at ${bin}: build it or set STARPORT_BIN`);
    const r = spawnSync(bin, args, { encoding: "utf8", timeout: 60000, maxBuffer: 256 * 1024 * 1024 });
    assert.equal(r.error, undefined, `could not run ${bin}: ${r.error}`);
    assert.equal(r.status, 0, `\`starport ${args.join(" ")}\` failed (exit ${r.status}): ${r.stderr.trim()}`);
    return r.stdout;
  }

  return {
    work,
    run,
    // A whole recorded match: its file and its number of actions.
    record(name: string, players: number, bots: string, seed: number, options = "{}"): { file: string; actions: number } {
      const file = join(work, `${name}.json`);
      run(["simulate", "--game", game, "-n", "1", "-p", String(players), "--bots", bots, "--seed", String(seed), "--options", options, "--record", file]);
      return { file, actions: (JSON.parse(readFileSync(file, "utf8")) as { actions: string[] }).actions.length };
    },
    // Every seat's view (not the spectator's) after the first `at` actions, by seat.
    viewsAt(file: string, at: number): MessageShape<Desc>[] {
      const out = JSON.parse(run(["scenario", "--at", String(at), file])) as { views: Record<string, JsonValue> };
      return Object.entries(out.views)
        .filter(([who]) => who.startsWith("seat"))
        .map(([, v]) => fromJson(viewSchema, v));
    },
  };
}
