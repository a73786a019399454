// A match's frames name it by the connection's handle (ServerMessage.stream, docs/protocol.md
// "Stream handles"): unsent (0) for the first match the connection follows, 1 for a second;
// a MatchInfo says which match a handle is, and a diff goes to the match its handle names.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, toBinary, type MessageInitShape } from "@bufbuild/protobuf";

import { App } from "../src/app.js";
import { MatchInfoSchema, MatchSeatSchema, ServerMessageSchema, ViewUpdateSchema, type ServerMessage } from "../src/gen/starport/v1/protocol_pb.js";
import { SeatSchema, ViewSchema } from "../src/gen/starport/v1/space_war_pb.js";
import { loadAllGames } from "../src/games/index.js";
import { stubBrowserGlobals } from "./browser_globals.js";

stubBrowserGlobals();
await loadAllGames();

// The frames as the connection hands them over (its onMessage), without a socket.
function deliver(app: App, m: MessageInitShape<typeof ServerMessageSchema>): void {
  (app as unknown as { onMessage(m: ServerMessage): void }).onMessage(create(ServerMessageSchema, m));
}

function info(matchId: string, stream = 0): MessageInitShape<typeof ServerMessageSchema> {
  return {
    stream,
    body: {
      case: "match",
      value: create(MatchInfoSchema, {
        matchId, game: "space_war", spectator: true,
        seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Bo" })],
      }),
    },
  };
}

function snapshot(matchId: string, stream = 0): MessageInitShape<typeof ServerMessageSchema> {
  const view = toBinary(ViewSchema, create(ViewSchema, { contest: 1, seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })] }));
  return { stream, body: { case: "view", value: create(ViewUpdateSchema, { matchId, number: 1n, snapshot: true, view }) } };
}

function flip(seat: number, stream = 0): MessageInitShape<typeof ServerMessageSchema> {
  return { stream, body: { case: "view", value: create(ViewUpdateSchema, { patch: new Uint8Array(), logLine: `{seat:${seat}} flips.` }) } };
}

test("a diff goes to the match its connection handle names: 0 unsent for the first, 1 for the second, a handle re-given by a MatchInfo", () => {
  const app = new App({ openSocket: () => { throw new Error("no sockets in unit tests"); } });
  deliver(app, info("m1"));
  deliver(app, snapshot("m1"));
  deliver(app, info("m2", 1));
  deliver(app, snapshot("m2", 1));
  deliver(app, flip(1, 1));
  deliver(app, flip(0));
  deliver(app, flip(0, 1));
  assert.deepEqual(app.match("m1").log, ["{seat:0} flips."]);
  assert.deepEqual(app.match("m2").log, ["{seat:1} flips.", "{seat:0} flips."]);
  assert.equal(app.match("m1").store?.number, 2n);
  assert.equal(app.match("m2").store?.number, 3n);
  // m1 is over and left; the server gives its handle to the next match, whose MatchInfo comes first.
  deliver(app, info("m3"));
  deliver(app, snapshot("m3"));
  deliver(app, flip(1));
  assert.deepEqual(app.match("m3").log, ["{seat:1} flips."]);
  assert.deepEqual(app.match("m1").log, ["{seat:0} flips."]);
  for (const id of ["m1", "m2", "m3"]) app.match(id).dispose();
});
