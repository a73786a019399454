// Packed views (docs/protocol.md, "Packed views"): a ViewUpdate packed alone against its
// game's dictionary (its ID, then raw deflate with the dictionary preset) unpacks to the
// same update; the dictionary is picked by the frame's ID; Hello names the dictionaries; the
// connection hands a packed view on as `view`, and one that does not unpack is a
// MALFORMED_MESSAGE and a resync of its match only. The frames are made as the server makes
// them: node's zlib, a 4 KiB window, proto/dictionaries/*.dict.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterEach, before, test } from "node:test";
import { deflateRawSync } from "node:zlib";

import { create, equals, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import { App } from "../src/app.js";
import { Connection, type ServerError } from "../src/connection.js";
import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { dictionaries } from "../src/gen/dictionaries.js";
import {
  MatchInfoSchema,
  MatchSeatSchema,
  ViewUpdateSchema,
  type ServerMessage,
  type ViewUpdate,
} from "../src/gen/starport/v1/protocol_pb.js";
import { SeatSchema, ViewSchema } from "../src/gen/starport/v1/space_war_pb.js";
import { loadAllGames } from "../src/games/index.js";
import { helloDictionaries, maxUnpackedBytes, packedReady, unpackView } from "../src/packed_view.js";
import { stubBrowserGlobals } from "./browser_globals.js";
import { FakeSocket } from "./fake_socket.js";
import { randomView, Rng } from "./helpers.js";

// A page whose socket opens before the dictionaries have loaded (these lines run before it can):
// Hello waits; a socket replaced meanwhile says nothing.
const early = { sockets: [] as FakeSocket[], sentAtOpen: -1 };
{
  const conn = new Connection({
    url: "ws://127.0.0.1:1/ws",
    identity: () => ({ token: "", name: "Ada" }),
    openSocket: () => {
      const s = new FakeSocket();
      early.sockets.push(s);
      return s;
    },
  });
  conn.start();
  early.sockets[0].open();
  conn.restart();
  early.sockets[1].open();
  early.sentAtOpen = early.sockets[0].sent.length + early.sockets[1].sent.length;
  void packedReady.then(() => conn.stop());
}

stubBrowserGlobals();
await loadAllGames();

const none = dictionaries.length === 0 && "no proto/dictionaries/*.dict to pack with";
const fileOf = (d: (typeof dictionaries)[number]) => Uint8Array.from(Buffer.from(d.bytes, "base64"));
let ready = false;
before(async () => {
  ready = await packedReady;
});

// What the server sends (server/protocol/view_dictionaries.cpp): the dictionary's ID, then
// the update as raw deflate with the rest of the dictionary file preset.
function pack(update: MessageInitShape<typeof ViewUpdateSchema>, game = "space_war"): Uint8Array {
  const file = fileOf(dictionaries.find((x) => x.game === game) ?? dictionaries[0]);
  const deflated = deflateRawSync(toBinary(ViewUpdateSchema, create(ViewUpdateSchema, update)), { dictionary: file.subarray(1), windowBits: 12, level: 9 });
  return Uint8Array.of(file[0], ...deflated);
}

function spaceWarSnapshot(matchId: string, number = 1n, seed = 1): MessageInitShape<typeof ViewUpdateSchema> {
  const view = toBinary(ViewSchema, create(ViewSchema, { ...randomView(new Rng(seed)), seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })] }));
  return { matchId, number, snapshot: true, view, logHistory: ["{seat:0} flips.", "{seat:1} flips."] };
}

test("the embedded dictionaries are proto/dictionaries' files, named by the first 16 hex digits of their SHA-256", () => {
  const games = ["space_war", "space_race", "terminus", "quasar_search", "scoundrels"];
  for (const d of dictionaries) {
    assert.ok(games.includes(d.game), `${d.game} is a game`);
    const file = readFileSync(new URL(`../../../proto/dictionaries/${d.game}.dict`, import.meta.url));
    assert.equal(d.hash, createHash("sha256").update(file).digest("hex").slice(0, 16));
    assert.deepEqual(fileOf(d), new Uint8Array(file));
  }
  assert.equal(new Set(dictionaries.map((d) => fileOf(d)[0])).size, dictionaries.length, "every dictionary has its own ID");
});

test("Hello's list is game:hash per dictionary once they have loaded (empty without dictionaries)", () => {
  assert.equal(ready, true, "the inflater and the dictionaries load");
  assert.deepEqual(helloDictionaries(), dictionaries.map((d) => `${d.game}:${d.hash}`));
  for (const entry of helloDictionaries()) assert.match(entry, /^[a-z_]+:[0-9a-f]{16}$/);
});

test("a packed ViewUpdate unpacks to the same update, each against the dictionary its frame names", { skip: none }, () => {
  const rng = new Rng(7);
  for (const d of dictionaries) {
    const updates: MessageInitShape<typeof ViewUpdateSchema>[] = [
      spaceWarSnapshot("0f0e0d0c-0b0a-0908-0706-050403020100", 12n),
      { patch: new Uint8Array([0x23, 0x05, 0x02, 0x05, 0x02, 0x14, 0x02]), logLine: "{seat:1} flips.", fullTurns: 3 },
      { view: toBinary(ViewSchema, randomView(rng)), number: 40n, deadlinesMs: [60000, 0] },
      {},   // an empty diff
    ];
    for (const u of updates) {
      const packed = pack(u, d.game);
      assert.equal(packed[0], fileOf(d)[0], `${d.game}'s frame names its dictionary`);
      assert.ok(equals(ViewUpdateSchema, unpackView(packed), create(ViewUpdateSchema, u)), `${d.game}: the update comes back as it was`);
    }
  }
});

test("the dictionary matters: a frame read against another game's does not come back as it was", { skip: dictionaries.length < 2 && "fewer than two dictionaries" }, () => {
  // Words the dictionaries hold (log lines, card names) are references into them.
  const u = { ...spaceWarSnapshot("m1"), logHistory: Array.from({ length: 8 }, (_, i) => `{seat:${i % 2}} flips.`) };
  const packed = pack(u, dictionaries[0].game);
  const other = packed.slice();
  other[0] = fileOf(dictionaries[1])[0];
  let same = false;
  try {
    same = equals(ViewUpdateSchema, unpackView(other), create(ViewUpdateSchema, u));
  } catch {
    // an invalid distance, or not a ViewUpdate
  }
  assert.equal(same, false);
  assert.ok(equals(ViewUpdateSchema, unpackView(packed), create(ViewUpdateSchema, u)));
});

test("garbage, a truncated frame and an unknown dictionary ID throw; later frames still unpack", { skip: none }, () => {
  const packed = pack(spaceWarSnapshot("m1"));
  assert.throws(() => unpackView(new Uint8Array()));
  assert.throws(() => unpackView(Uint8Array.of(packed[0], 0xff, 0xff, 0xff, 0xff)));
  assert.throws(() => unpackView(packed.subarray(0, packed.length - 3)));
  const known = new Set(dictionaries.map((d) => fileOf(d)[0]));
  for (const id of [0, 32, 255].filter((i) => !known.has(i))) {
    const other = packed.slice();
    other[0] = id;
    assert.throws(() => unpackView(other), /no view dictionary/);
  }
  assert.equal(unpackView(packed).matchId, "m1");
});

// A Space War update whose encoding is exactly `size` bytes: its `view` bytes, all `fill`.
function updateOfSize(size: number, fill: number): MessageInitShape<typeof ViewUpdateSchema> {
  const encoded = (n: number) => toBinary(ViewUpdateSchema, create(ViewUpdateSchema, { matchId: "m1", view: new Uint8Array(n).fill(fill) })).length;
  let n = size;
  for (let i = 0; i < 3; ++i) n -= encoded(n) - size;   // the length's varint settles in a step or two
  assert.equal(encoded(n), size);
  return { matchId: "m1", view: new Uint8Array(n).fill(fill) };
}

test("an update that unpacks past 1 MiB throws, as the server's readers refuse it; one of 1 MiB does not", { skip: none }, () => {
  assert.equal(maxUnpackedBytes, 1 << 20);
  assert.equal(unpackView(pack(updateOfSize(maxUnpackedBytes, 7))).view.length > 0, true);
  assert.throws(() => unpackView(pack(updateOfSize(maxUnpackedBytes + 1, 7))), /past 1048576 bytes/);
  assert.throws(() => unpackView(pack(updateOfSize(8 * maxUnpackedBytes, 7))), /past 1048576 bytes/);
  assert.equal(unpackView(pack(spaceWarSnapshot("m2"))).matchId, "m2");
});

test("an unpacked update's bytes are its own: the next frame does not write over them", { skip: none }, () => {
  const first = unpackView(pack(updateOfSize(4000, 7)));
  const second = unpackView(pack(updateOfSize(4000, 9)));
  assert.ok(first.view.every((b) => b === 7));
  assert.ok(second.view.every((b) => b === 9));
});

// ---- through the connection

const live: { stop(): void }[] = [];
afterEach(() => {
  for (const c of live.splice(0)) c.stop();
});

function connect() {
  const sockets: FakeSocket[] = [];
  const messages: ServerMessage[] = [];
  const errors: ServerError[] = [];
  const lost: number[] = [];
  const conn = new Connection({
    url: "ws://127.0.0.1:1/ws",
    identity: () => ({ token: "", name: "Ada" }),
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onMessage: (m) => messages.push(m),
    onError: (e) => errors.push(e),
    onLostView: (stream) => lost.push(stream),
    requestTimeoutMs: 500,
  });
  live.push(conn);
  conn.start();
  sockets[0].open();
  const hello = sockets[0].sent[0];
  sockets[0].push({ requestId: hello.requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ada" } } });
  return { conn, socket: sockets[0], hello, messages, errors, lost };
}

test("Hello waits for the dictionaries when the socket opens first, then carries them", () => {
  assert.equal(early.sentAtOpen, 0, "nothing is sent before the dictionaries settle");
  assert.equal(early.sockets[0].sent.length, 0, "the replaced socket says nothing");
  assert.deepEqual(early.sockets[1].sent.map((m) => m.body.case), ["hello"]);
  const first = early.sockets[1].sent[0];
  assert.deepEqual(first.body.case === "hello" && first.body.value.dictionaries, helloDictionaries());
  // Later sockets say Hello at once.
  const { hello } = connect();
  assert.equal(hello.body.case, "hello");
  assert.deepEqual(hello.body.case === "hello" && hello.body.value.dictionaries, helloDictionaries());
  if (!none) assert.equal(helloDictionaries().length, dictionaries.length);
});

test("a packed view reaches onMessage (and the request it answers) as `view`, its stream and request id kept", { skip: none }, async () => {
  const { conn, socket, messages, errors } = connect();
  const update = spaceWarSnapshot("m1", 3n);
  const reply = conn.request({ case: "resync", value: { matchId: "m1" } });
  const requestId = socket.sent.at(-1)!.requestId;
  socket.push({ requestId, stream: 2, body: { case: "packedView", value: pack(update) } });
  const m = messages.at(-1)!;
  assert.equal(m.body.case, "view");
  assert.equal(m.stream, 2);
  assert.equal(m.requestId, requestId);
  assert.ok(equals(ViewUpdateSchema, m.body.value as ViewUpdate, create(ViewUpdateSchema, update)));
  assert.equal((await reply).body.case, "view");
  assert.deepEqual(errors, []);
});

test("a packed view that does not unpack is one MALFORMED_MESSAGE and a lost view on its stream; later frames are read", { skip: none }, () => {
  const { socket, messages, errors, lost } = connect();
  const before = messages.length;
  socket.push({ stream: 1, body: { case: "packedView", value: Uint8Array.of(fileOf(dictionaries[0])[0], 0xff, 0xff, 0xff, 0xff) } });
  assert.equal(messages.length, before, "nothing reaches onMessage");
  assert.deepEqual(errors.map((e) => [e.code, e.requestId]), [[ErrorCode.MALFORMED_MESSAGE, 0]]);
  assert.deepEqual(lost, [1]);
  socket.push({ stream: 1, body: { case: "packedView", value: pack(spaceWarSnapshot("m1")) } });
  socket.push({ body: { case: "pong", value: {} } });
  assert.deepEqual(messages.slice(before).map((m) => m.body.case), ["view", "pong"]);
  assert.equal(errors.length, 1);
});

test("a request answered by a packed view that does not unpack is refused at once, not at its timeout", { skip: none }, async () => {
  const { conn, socket, errors, lost } = connect();
  const reply = conn.request({ case: "resync", value: { matchId: "m1" } }, 60000);
  const requestId = socket.sent.at(-1)!.requestId;
  socket.push({ requestId, stream: 3, body: { case: "packedView", value: Uint8Array.of(fileOf(dictionaries[0])[0], 0xff, 0xff) } });
  await assert.rejects(reply, (e: ServerError) => e.code === ErrorCode.MALFORMED_MESSAGE && e.requestId === requestId);
  assert.deepEqual(errors, [], "the request's caller hears it, not onError as well");
  assert.deepEqual(lost, [3]);
});

// ---- the match page's recovery (App and MatchSession)

test("after a packed view that does not unpack, its match resyncs and ignores diffs until the snapshot; the other match carries on", { skip: none }, () => {
  const sockets: FakeSocket[] = [];
  const app = new App({
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  app.identity.name = "Ada";
  app.conn.start();
  const socket = sockets[0];
  socket.open();
  socket.push({ requestId: socket.sent[0].requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ada" } } });
  const info = (matchId: string, stream: number) => ({
    stream,
    body: {
      case: "match" as const,
      value: create(MatchInfoSchema, {
        matchId, game: "space_war", spectator: true,
        seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Bo" })],
      }),
    },
  });
  const packed = (stream: number, u: MessageInitShape<typeof ViewUpdateSchema>) => ({ stream, body: { case: "packedView" as const, value: pack(u) } });
  const flip = (seat: number) => ({ patch: new Uint8Array(), logLine: `{seat:${seat}} flips.` });
  socket.push(info("m1", 0));
  socket.push(packed(0, spaceWarSnapshot("m1")));
  socket.push(info("m2", 1));
  socket.push(packed(1, spaceWarSnapshot("m2")));
  socket.push(packed(1, flip(0)));
  const m1 = app.match("m1");
  const m2 = app.match("m2");
  assert.equal(m2.store?.number, 2n);
  const log = [...m2.log];
  const sentBefore = socket.sent.length;
  // Diff 3 of m2 is lost: diff 4, unnumbered, must not be taken for 3.
  socket.push({ stream: 1, body: { case: "packedView", value: Uint8Array.of(fileOf(dictionaries[0])[0], 0xff, 0xff, 0xff, 0xff) } });
  const resyncs = socket.sent.slice(sentBefore).filter((m) => m.body.case === "resync");
  assert.deepEqual(resyncs.map((m) => m.body.case === "resync" && m.body.value.matchId), ["m2"]);
  assert.equal(m2.resyncing, true);
  socket.push(packed(1, flip(1)));
  assert.equal(m2.store?.number, 2n, "the next diff waits for the snapshot");
  assert.deepEqual(m2.log, log);
  socket.push(packed(0, flip(1)));
  assert.equal(m1.store?.number, 2n, "the other match is not held up");
  socket.push(packed(1, { ...spaceWarSnapshot("m2", 4n), logHistory: ["{seat:0} flips.", "{seat:1} flips.", "{seat:0} flips."] }));
  assert.equal(m2.store?.number, 4n);
  assert.equal(m2.resyncing, false);
  assert.equal(m2.store?.waiting, false);
  for (const id of ["m1", "m2"]) app.match(id).dispose();
  app.conn.stop();
});
