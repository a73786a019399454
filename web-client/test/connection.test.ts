// Connection: Hello first, request ids, queueing until Welcome, reconnect with a new
// Hello, refusals surfaced — against a fake socket.
import assert from "node:assert/strict";
import { afterEach, before, test } from "node:test";

import { Connection, ServerError } from "../src/connection.js";
import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { packedReady } from "../src/packed_view.js";
import { FakeSocket } from "./fake_socket.js";

// Hello waits for the view dictionaries the first time (packed_view.test.ts); here they have loaded.
before(() => packedReady);

// Every connection a test made is stopped after it, passed or failed: a failed assertion
// skips the test's own last lines, and a ping or retry timer left running keeps node alive.
const live = new Set<Connection>();
afterEach(() => {
  for (const conn of live) conn.stop();
  live.clear();
});

function setup(identity = { token: "", name: "Ada" }, extra: Partial<ConstructorParameters<typeof Connection>[0]> = {}) {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const details: string[] = [];   // onState's words, as the top bar and toasts show them
  const errors: ServerError[] = [];
  const conn = new Connection({
    url: "ws://127.0.0.1:1/ws",
    identity: () => identity,
    openSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    onWelcome: (w, resumed, afterLoss) => events.push(`welcome ${w.displayName}${resumed ? " resumed" : ""}${afterLoss ? " after a loss" : ""}`),
    onState: (s, d) => {
      events.push(s);
      details.push(d);
    },
    onError: (e) => errors.push(e),
    backoffMs: [5, 5],
    requestTimeoutMs: 200,
    ...extra,
  });
  live.add(conn);
  return { conn, sockets, events, details, errors, identity };
}

const welcome = (requestId: number, token = "") =>
  ({ requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ada", token } } }) as const;

test("Hello is the first message, with protocol version 1 and the name", () => {
  const { conn, sockets } = setup();
  conn.start();
  sockets[0].open();
  const hello = sockets[0].sent[0];
  assert.equal(hello.body.case, "hello");
  assert.equal(hello.body.value?.protocolVersion, 3);
  assert.equal(hello.body.case === "hello" && hello.body.value.displayName, "Ada");
  assert.equal(sockets[0].binaryType, "arraybuffer");
});

test("without a token or a name nothing connects", () => {
  const { conn, sockets } = setup({ token: "", name: "" });
  conn.start();
  assert.equal(sockets.length, 0);
  assert.equal(conn.state, "idle");
});

test("messages wait for Welcome, then go out in order with fresh request ids", async () => {
  const { conn, sockets } = setup();
  conn.start();
  conn.send({ case: "listLobbies", value: { game: "space_war" } });
  const reply = conn.request({ case: "listReplays", value: { mine: true } });
  sockets[0].open();
  assert.equal(sockets[0].sent.length, 1, "only Hello before Welcome");
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  const [, list, replays] = sockets[0].sent;
  assert.equal(list.body.case, "listLobbies");
  assert.equal(replays.body.case, "listReplays");
  assert.notEqual(list.requestId, replays.requestId);
  sockets[0].push({ requestId: replays.requestId, body: { case: "replayList", value: {} } });
  assert.equal((await reply).body.case, "replayList");
});

test("an Error reply rejects the request it names, with code and detail", async () => {
  const { conn, sockets } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  const p = conn.request({ case: "joinLobby", value: { inviteCode: "nope" } });
  const id = sockets[0].sent.at(-1)!.requestId;
  sockets[0].push({ requestId: id, body: { case: "error", value: { code: ErrorCode.NOT_FOUND, detail: "no such invite" } } });
  await assert.rejects(p, (e: ServerError) => e.code === ErrorCode.NOT_FOUND && e.detail === "no such invite");
});

test("an unanswered request times out with a clear error", async () => {
  const { conn, sockets } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  await assert.rejects(conn.request({ case: "ping", value: {} }), (e: ServerError) => e.code === "timeout");
});

test("a dropped connection reconnects and says Hello again with the saved token", async () => {
  const { conn, sockets, events, identity } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId, "0123456789abcdef0123456789abcdef"));
  identity.token = "0123456789abcdef0123456789abcdef";   // the app saves it on Welcome
  sockets[0].drop();
  assert.equal(conn.state, "reconnecting");
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(sockets.length, 2);
  sockets[1].open();
  const hello = sockets[1].sent[0];
  assert.equal(hello.body.case === "hello" && hello.body.value.token, "0123456789abcdef0123456789abcdef");
  sockets[1].push(welcome(hello.requestId));
  assert.deepEqual(events.filter((e) => e.startsWith("welcome")), ["welcome Ada", "welcome Ada resumed after a loss"]);
});

test("a rename's new Hello resumes (pages subscribe again) but is no reconnect after a loss", () => {
  const { conn, sockets, events } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  conn.restart();   // what App.setName does
  assert.equal(sockets[0].closed, true);
  sockets[1].open();
  sockets[1].push(welcome(sockets[1].sent[0].requestId));
  assert.deepEqual(events.filter((e) => e.startsWith("welcome")), ["welcome Ada", "welcome Ada resumed"]);
});

test("a move while disconnected is refused locally, not queued", () => {
  const { conn, errors } = setup();
  conn.start();
  conn.send({ case: "play", value: { matchId: "m", viewNumber: 3n, action: { seat: 0, kind: 1 } } });
  assert.equal(errors.length, 1);
  assert.equal(errors[0].code, "disconnected");
});

test("a protocol version refusal stops reconnecting and tells the player to reload the page", async () => {
  const { conn, sockets, errors, details } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push({ requestId: sockets[0].sent[0].requestId, body: { case: "error", value: { code: ErrorCode.PROTOCOL_VERSION, detail: "v2 only" } } });
  assert.equal(conn.state, "stopped");
  assert.match(details.at(-1)!, /v2 only.*reload the page/);
  assert.equal(errors[0].code, ErrorCode.PROTOCOL_VERSION);
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(sockets.length, 1);
});

test("pushed errors reach onError with the request id they name", () => {
  const { conn, sockets, errors } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  const id = conn.send({ case: "play", value: { matchId: "m", viewNumber: 1n, action: { seat: 0, kind: 1 } } });
  sockets[0].push({ requestId: id, body: { case: "error", value: { code: ErrorCode.STALE_VIEW, detail: "view 1 < 2" } } });
  assert.equal(errors.at(-1)!.requestId, id);
  assert.equal(errors.at(-1)!.code, ErrorCode.STALE_VIEW);
});

test("a request that timed out is never sent after reconnecting (no second lobby)", async () => {
  const { conn, sockets } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  sockets[0].drop();
  // While reconnecting: queued, then it times out.
  await assert.rejects(conn.request({ case: "createLobby", value: {} }, 20), (e: ServerError) => e.code === "timeout");
  await new Promise((r) => setTimeout(r, 30));
  const s = sockets.at(-1)!;
  s.open();
  s.push(welcome(s.sent[0].requestId));
  assert.deepEqual(s.sent.map((m) => m.body.case).filter((c) => c !== "ping"), ["hello"], "the timed-out Create stays unsent");
});

test("a half-open socket (no Pong in time) is closed and the connection starts again", async () => {
  const { conn, sockets, events } = setup(undefined, { pingMs: 1000, pongTimeoutMs: 30 });
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  assert.equal(sockets[0].sent.at(-1)?.body.case, "ping");
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(sockets[0].closed, true, "the silent socket is closed");
  assert.ok(events.includes("reconnecting"));
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(sockets.length, 2, "a new socket says Hello again");
});

test("a Pong in time keeps the socket", async () => {
  const { conn, sockets } = setup(undefined, { pingMs: 1000, pongTimeoutMs: 30 });
  conn.start();
  sockets[0].open();
  sockets[0].push(welcome(sockets[0].sent[0].requestId));
  const ping = sockets[0].sent.at(-1)!;
  sockets[0].push({ requestId: ping.requestId, body: { case: "pong", value: { clientTimeMs: 0n, serverTimeMs: 0n } } });
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(sockets[0].closed, false);
  assert.equal(conn.state, "open");
});

test("a Hello refused with INTERNAL stops with a message (the page offers a retry), not connecting for ever", () => {
  const { conn, sockets, events, details } = setup();
  conn.start();
  sockets[0].open();
  sockets[0].push({ requestId: sockets[0].sent[0].requestId, body: { case: "error", value: { code: ErrorCode.INTERNAL, detail: "database unavailable" } } });
  assert.equal(conn.state, "stopped");
  assert.equal(events.at(-1), "stopped");
  assert.match(details.at(-1)!, /database unavailable/);
});

test("an anonymous viewer says Hello with neither token nor name", () => {
  const { conn, sockets } = setup({ token: "", name: "" }, { anonymous: () => true });
  conn.start();
  sockets[0].open();
  const hello = sockets[0].sent[0];
  assert.equal(hello.body.case, "hello");
  if (hello.body.case === "hello") {
    assert.equal(hello.body.value.token, "");
    assert.equal(hello.body.value.displayName, "");
  }
});
