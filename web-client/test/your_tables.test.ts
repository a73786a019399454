// The home page's "Your tables": each lobby you are in described in players' words from
// its pushed Lobby (game, host, seats taken, waiting / playing / after a match), a neutral
// line before the push, running matches by their game (once: not again beside their
// lobby's line), where to go at the lobby limit, and what a public lobby's row offers.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, type MessageInitShape } from "@bufbuild/protobuf";

import { ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { LobbySchema, LobbySummarySchema, ReplaySummarySchema, type Lobby, type LobbySummary } from "../src/gen/starport/v1/protocol_pb.js";
import {
  describeLobby,
  describePublicLobby,
  limitAdvice,
  lobbyLineText,
  matchesWithoutLobbyLine,
  matchLineText,
  replayLineText,
} from "../src/your_tables.js";

type LobbyInit = Exclude<MessageInitShape<typeof LobbySchema>, Lobby>;
const lobby = (init: LobbyInit): Lobby => create(LobbySchema, init);

// A 3-seat Space War lobby hosted by Ann; Bob sits in seat 1, seat 2 is open.
const threeSeats = (extra: LobbyInit = {}) =>
  lobby({
    lobbyId: "9f3a77c2e01b44d8",
    settings: { game: "space_war", seats: 3 },
    seats: [
      { seat: 0, name: "Ann", host: true, connected: true },
      { seat: 1, name: "Bob", connected: true },
      { seat: 2, open: true },
    ],
    youAreSeated: true,
    yourSeat: 1,
    ...extra,
  });

test("a lobby with an open seat reads: game title, host's name, seats taken of all, waiting for players", () => {
  const line = describeLobby("9f3a77c2e01b44d8", threeSeats());
  assert.equal(line.state, "waiting");
  assert.equal(line.title, "Space War: in Space!");
  assert.deepEqual(line.details, ["hosted by Ann", "2 of 3 seats taken"]);
  assert.equal(lobbyLineText(line), "Space War: in Space! · hosted by Ann · 2 of 3 seats taken · waiting for players");
});

test("the host reads 'hosted by you', not their own name", () => {
  const line = describeLobby("9f3a77c2e01b44d8", threeSeats({ youAreHost: true, yourSeat: 0 }));
  assert.deepEqual(line.details, ["hosted by you", "2 of 3 seats taken"]);
});

test("a bot fills a seat like a person; with every seat taken the lobby waits to start, not for players", () => {
  const full = threeSeats({
    seats: [
      { seat: 0, name: "Ann", host: true, connected: true },
      { seat: 1, name: "Bob", connected: true },
      { seat: 2, name: "Bot (random)", bot: true, botKind: "random", ready: true, connected: true },
    ],
  });
  const line = describeLobby(full.lobbyId, full);
  assert.equal(line.state, "full");
  assert.equal(lobbyLineText(line), "Space War: in Space! · hosted by Ann · 3 of 3 seats taken · every seat taken, waiting to start");
});

test("a lobby whose match runs says so, even when an earlier one has ended", () => {
  assert.equal(describeLobby("L", threeSeats({ matchId: "m1" })).stateText, "match in progress");
  const rematch = describeLobby("L", threeSeats({ matchId: "m2", lastMatchId: "m1" }));
  assert.equal(rematch.state, "playing");
  assert.equal(rematch.replayOf, "");
});

test("a lobby free again after a match reads 'after a match' and offers that match's replay", () => {
  const line = describeLobby("L", threeSeats({ lastMatchId: "m1" }));
  assert.equal(line.state, "after");
  assert.equal(line.replayOf, "m1");
  assert.match(lobbyLineText(line), / · after a match$/);
  assert.equal(describeLobby("L", threeSeats()).replayOf, "");
});

test("a one-seat game counts its seat in the singular", () => {
  const solo = lobby({
    lobbyId: "s",
    settings: { game: "space_race", seats: 1 },
    seats: [{ seat: 0, name: "Ann", host: true }],
    youAreHost: true,
    youAreSeated: true,
  });
  assert.equal(lobbyLineText(describeLobby("s", solo)), "Space Race: The Card Game · hosted by you · 1 of 1 seat taken · every seat taken, waiting to start");
});

test("before its Lobby arrives a lobby gets a neutral line, never its hex id", () => {
  const line = describeLobby("9f3a77c2e01b44d8", undefined);
  assert.equal(line.state, "loading");
  assert.equal(lobbyLineText(line), "A lobby (loading…)");
  assert.ok(!lobbyLineText(line).includes("9f3a"));
});

test("a game this client cannot draw is named by its registry id rather than dropped", () => {
  const line = describeLobby("L", threeSeats({ settings: { game: "nebula_nine", seats: 3 } }));
  assert.equal(line.title, "nebula_nine");
});

test("a running match is named by its game when known, else by a short id", () => {
  assert.equal(matchLineText("0123456789abcdef0123", "space_war"), "Space War: in Space! — match in progress");
  assert.equal(matchLineText("0123456789abcdef0123", undefined), "Match 01234567… (in progress)");
});

test("LIMIT_REACHED on create or join points to Your tables, only while you are in a lobby", () => {
  assert.match(limitAdvice(ErrorCode.LIMIT_REACHED, 3), /Your tables/);
  assert.equal(limitAdvice(ErrorCode.LIMIT_REACHED, 0), "");
  assert.equal(limitAdvice(ErrorCode.LOBBY_FULL, 3), "");
  assert.equal(limitAdvice(ErrorCode.SERVER_BUSY, 3), "");   // the server is full: leaving one of yours would not help
  assert.equal(limitAdvice("timeout", 3), "");
});

test("a running match whose lobby is listed gets no second line; one without a listed lobby keeps its own", () => {
  const playing = threeSeats({ matchId: "m1" });
  const after = threeSeats({ lobbyId: "L2", lastMatchId: "m0" });
  // m2: you left its lobby but keep the seat; m3: its lobby's push has not arrived yet.
  assert.deepEqual(matchesWithoutLobbyLine(["m1", "m2", "m3"], [playing, after, undefined]), ["m2", "m3"]);
  assert.deepEqual(matchesWithoutLobbyLine(["m1"], [playing]), []);
  assert.deepEqual(matchesWithoutLobbyLine(["m1"], []), ["m1"]);
  // A lobby after a match does not hide a running match (its last one has ended).
  assert.deepEqual(matchesWithoutLobbyLine(["m0"], [after]), ["m0"]);
});

type SummaryInit = Exclude<MessageInitShape<typeof LobbySummarySchema>, LobbySummary>;
const summary = (init: SummaryInit): LobbySummary =>
  create(LobbySummarySchema, { lobbyId: "p1", game: "space_war", hostName: "Ann", seats: 2, ...init });

test("a public lobby with an open seat offers Join, and nothing to watch", () => {
  const row = describePublicLobby(summary({ taken: 1 }));
  assert.equal(row.state, "open");
  assert.equal(row.text, "host Ann · 1/2 seats");
  assert.equal(row.canJoin, true);
  assert.equal(row.watchMatchId, "");
});

test("a public lobby with every seat taken reads 'full' and offers no Join (the server would answer LOBBY_FULL)", () => {
  const row = describePublicLobby(summary({ taken: 2 }));
  assert.equal(row.state, "full");
  assert.equal(row.text, "host Ann · 2/2 seats · full");
  assert.equal(row.canJoin, false);
});

test("a public lobby whose match runs offers Watch only when the server names the match", () => {
  const watchable = describePublicLobby(summary({ taken: 2, inMatch: true, watchMatchId: "m7" }));
  assert.equal(watchable.state, "playing");
  assert.equal(watchable.text, "host Ann · 2/2 seats · playing");
  assert.equal(watchable.canJoin, false);
  assert.equal(watchable.watchMatchId, "m7");
  // Spectators not allowed: the server leaves watch_match_id empty.
  const closed = describePublicLobby(summary({ taken: 1, inMatch: true }));
  assert.equal(closed.canJoin, false);
  assert.equal(closed.watchMatchId, "");
});

test("a replay reads game, players and moves, one move in the singular", () => {
  const replay = (actions: number, finished: boolean) =>
    replayLineText(create(ReplaySummarySchema, { matchId: "m", game: "space_war", players: ["Ann", "Bob"], actions, finished }));
  assert.equal(replay(1, true), "Space War: in Space! — Ann, Bob — 1 move");
  assert.equal(replay(0, true), "Space War: in Space! — Ann, Bob — 0 moves");
  assert.equal(replay(177, false), "Space War: in Space! — Ann, Bob — 177 moves (in progress)");
});
