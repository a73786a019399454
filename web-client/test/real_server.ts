// Talks to the real server in the client's tests: starts `starport serve --port 0` in a
// temp folder, says Hello as a new guest, sends each request in order and returns every
// reply (by request id) — through a child node with a WebSocket (Node 20 keeps it behind a
// flag). Fails (never skips) when the binary is missing ($STARPORT_BIN, ../build/starport).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import { ClientMessageSchema, ServerMessageSchema, type ServerMessage } from "../src/gen/starport/v1/protocol_pb.js";

const webClient = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const bin = resolve(webClient, process.env.STARPORT_BIN ?? "../build/starport");

export type Request = NonNullable<MessageInitShape<typeof ClientMessageSchema>["body"]>;

// Replies to `requests` (request ids 2, 3, …), in order; index 0 is the Welcome.
export async function askServer(requests: Request[]): Promise<ServerMessage[]> {
  assert.ok(existsSync(bin), `the starport binary is missing at ${bin}: build it or set STARPORT_BIN`);
  const dir = mkdtempSync(join(tmpdir(), "real-server-"));
  mkdirSync(join(dir, "web"));
  writeFileSync(join(dir, "web/index.html"), "<!doctype html><title>starport</title>\n");
  const server = spawn(bin, ["serve", "--port", "0", "--data", join(dir, "data"), "--web-root", join(dir, "web")], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    let log = "";
    const port = await new Promise<number>((resolvePort, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening on" line in 20 s:\n${log}`)), 20_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const m = log.match(/listening on 127\.0\.0\.1:(\d+)/);
        if (m) {
          clearTimeout(timer);
          resolvePort(Number(m[1]));
        }
      };
      server.stdout.on("data", onData);
      server.stderr.on("data", onData);
      server.on("exit", (code) => reject(new Error(`starport serve exited (${code}):\n${log}`)));
    });
    const frames = [
      create(ClientMessageSchema, { requestId: 1, body: { case: "hello", value: { protocolVersion: 3, displayName: "Tester" } } }),
      ...requests.map((body, i) => create(ClientMessageSchema, { requestId: i + 2, body })),
    ].map((m) => Buffer.from(toBinary(ClientMessageSchema, m)).toString("hex"));
    // Sends one frame, waits for the reply naming its id, then the next.
    const script = `
      const frames = ${JSON.stringify(frames)};
      const ws = new WebSocket("ws://127.0.0.1:${port}/ws");
      ws.binaryType = "arraybuffer";
      const out = [];
      let next = 0;
      const send = () => ws.send(Buffer.from(frames[next++], "hex"));
      ws.onopen = send;
      ws.onmessage = (ev) => {
        const bytes = Buffer.from(ev.data);
        out.push(bytes.toString("hex"));
        // request_id is field 1 (varint): 08 <id>
        if (bytes[0] === 0x08 && bytes[1] === next) {
          if (next < frames.length) send();
          else { process.stdout.write(out.join("\\n")); ws.close(); }
        }
      };
      ws.onerror = () => process.exit(2);
      setTimeout(() => process.exit(3), 30000).unref();`;
    const run = spawnSync(process.execPath, ["--experimental-websocket", "--no-warnings", "-e", script], { encoding: "utf8", timeout: 40_000, maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, `the WebSocket client failed (exit ${run.status}): ${run.stderr}`);
    const all = run.stdout.split("\n").filter(Boolean).map((h) => fromBinary(ServerMessageSchema, Buffer.from(h, "hex")));
    // The replies to the requests, by id (pushes without an id are left out).
    return [1, ...requests.map((_, i) => i + 2)].map((id) => {
      const reply = all.find((m) => m.requestId === id);
      assert.ok(reply, `no reply to request ${id}`);
      return reply;
    });
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
