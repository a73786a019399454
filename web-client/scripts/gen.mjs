// Generates TypeScript from proto/ with Debian's protoc and the npm protoc-gen-es plugin.
// protoc does not create the output folder, so this script does (TOOLCHAIN.md).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const protoDir = resolve(root, "../proto");
const outDir = join(root, "src/gen");
const plugin = join(root, "node_modules/.bin/protoc-gen-es");
const files = readdirSync(join(protoDir, "starport/v1"))
  .filter((f) => f.endsWith(".proto"))
  .map((f) => `starport/v1/${f}`);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
execFileSync(
  "protoc",
  [
    `--plugin=protoc-gen-es=${plugin}`,
    `--es_out=${outDir}`,
    "--es_opt=target=ts,import_extension=js",
    `-I${protoDir}`,
    ...files,
  ],
  { stdio: "inherit" },
);
console.log(`gen: ${files.length} proto files -> src/gen`);
