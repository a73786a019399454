// Unit tests: compile test/ (and the src modules it imports) with tsc, then run them with
// node's test runner. Prints node's pass/fail counts and a one-line summary.
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, ".test-build");
rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", join(root, "tsconfig.test.json")], { stdio: "inherit" });
if (tsc.status !== 0) {
  console.error("unit tests: compilation failed");
  process.exit(tsc.status ?? 1);
}
const only = process.argv.slice(2);
const files = readdirSync(join(out, "test"))
  .filter((f) => f.endsWith(".test.js"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .map((f) => join(out, "test", f));
// One file a core: node's default is one fewer than the cores, so a 2-core machine ran the
// files one at a time while the engine-match property tests kept a single core busy.
const concurrency = `--test-concurrency=${availableParallelism()}`;
const run = spawnSync(process.execPath, ["--import", join(root, "scripts/css_stub.mjs"), "--test", concurrency, "--test-reporter=spec", ...files], {
  stdio: ["ignore", "pipe", "inherit"],
  encoding: "utf8",
  cwd: root,
  env: process.env,
});
process.stdout.write(run.stdout);
const count = (name) => Number(run.stdout.match(new RegExp(`^ℹ ${name} (\\d+)$`, "m"))?.[1] ?? NaN);
const passed = count("pass");
const failed = count("fail");
console.log(`unit: ${passed} passed, ${failed} failed`);
process.exit(run.status ?? 1);
