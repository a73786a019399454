// MatchSession: moves are only the view's legal actions, name the current view number,
// and a stale flip is resent once the newer view still offers it.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { create, toBinary } from "@bufbuild/protobuf";

import { ServerError, type Body } from "../src/connection.js";
import { ActionSchema, ErrorCode } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, ViewUpdateSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, SeatSchema, ViewSchema, type View } from "../src/gen/starport/v1/space_war_pb.js";
import { loadAllGames } from "../src/games/index.js";
import { MatchSession, missedMoves } from "../src/match_session.js";
import { diffViews } from "../src/view_diff.js";

await loadAllGames();   // game modules load on demand; a session applies views once its game is loaded

const sessions: MatchSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.dispose()));

function setup() {
  const sent: { id: number; body: Body }[] = [];
  let next = 1;
  const session = new MatchSession("m1", (body) => {
    sent.push({ id: next, body });
    return next++;
  });
  sessions.push(session);
  return { session, sent };
}

// Read through a function so that TypeScript does not narrow across calls.
const storeOf = (s: MatchSession) => s.store;

const flip = create(ActionSchema, { seat: 1, kind: ActionKind.FLIP });
const trigger = create(ActionSchema, { seat: 1, kind: ActionKind.TRIGGER });
const view = (actions = [flip], contest = 1): View => create(ViewSchema, { legalActions: actions, viewerSeat: 1, contest });

function snapshot(number: number, v: View) {
  return create(ViewUpdateSchema, { matchId: "m1", number: BigInt(number), snapshot: true, view: toBinary(ViewSchema, v) });
}

test("updates past the wait's buffer are lost: once the game is known the stream resyncs", () => {
  const { session, sent } = setup();
  session.onUpdate(snapshot(4, view()));
  // Diffs as the server sends them (no number: each the previous + 1), more than the buffer holds.
  for (let n = 5; n < 5 + 300; ++n)
    session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", patch: diffViews(ViewSchema, view([flip], n - 1), view([flip], n)) }));
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  assert.ok(storeOf(session)?.waiting, "the held view is not trusted past a lost diff");
  assert.ok(sent.some((s) => s.body.case === "resync"));
  session.onUpdate(snapshot(400, view([flip], 400)));
  assert.equal(storeOf(session)?.number, 400n);
  assert.equal(storeOf(session)?.waiting, false);
});

test("updates wait until the game is known, then apply", () => {
  const { session } = setup();
  session.onUpdate(snapshot(4, view()));
  assert.equal(storeOf(session), null, "no store before the game is known");
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  assert.equal(storeOf(session)?.number, 4n);
  assert.equal(session.legalActions.length, 1);
});

test("a move names the current view number and only legal actions are sent", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(6, view()));
  assert.equal(session.play(trigger), false, "trigger is not offered");
  assert.equal(session.play(flip), true);
  const last = sent.at(-1)!.body;
  assert.equal(last.case, "play");
  assert.equal(last.case === "play" && last.value.viewNumber, 6n);
  assert.equal(session.play(flip), false, "one move in flight at a time");
});

test("while the connection is down no move can be pressed; once back the view's moves can", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(3, view()));
  let redraws = 0;
  session.subscribe(() => redraws++);
  session.setOnline(false);
  assert.equal(redraws, 1, "the page redraws its buttons");
  assert.equal(session.canMove, false);
  assert.equal(session.legalActions.length, 1, "the move is still shown, only not pressable");
  assert.equal(session.play(flip), false);
  assert.equal(sent.length, 0, "nothing was sent");
  session.setOnline(true);
  assert.equal(session.canMove, true);
  assert.equal(session.play(flip), true);
  assert.equal(session.canMove, false, "one move in flight at a time");
});

test("a view kept across a reconnect is not played from until the new snapshot", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(3, view()));
  storeOf(session)!.expectSnapshot();   // App.onWelcome, for a match whose page is not open
  assert.equal(session.canMove, false);
  assert.equal(session.play(flip), false);
  assert.equal(sent.length, 0);
  session.onUpdate(snapshot(4, view()));
  assert.equal(session.canMove, true);
});

test("the moves log lists each action once, and marks where a snapshot may have skipped some", () => {
  const { session } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(1, view()));
  const diff = (number: number, logLine: string) => {
    const patch = diffViews(ViewSchema, view([flip], number - 1), view([flip], number));
    return create(ViewUpdateSchema, { matchId: "m1", number: BigInt(number), patch, logLine });
  };
  session.onUpdate(diff(2, "0 flip"));
  session.onUpdate(diff(3, "1 flip\n0 flip"));   // two actions accepted together
  assert.deepEqual(session.log, ["0 flip", "1 flip", "0 flip"]);
  // A reconnect with nothing missed: the snapshot repeats the number held.
  session.onUpdate(snapshot(3, view([flip], 2)));
  assert.equal(session.log.length, 3);
  // Back after others moved: a higher number, and the lines in between never came.
  session.onUpdate(snapshot(6, view([flip], 5)));
  session.onUpdate(diff(7, "1 flip"));
  assert.deepEqual(session.log, ["0 flip", "1 flip", "0 flip", missedMoves, "1 flip"]);
});

test("coded log lines (log_refs) are read against the stream's table, and one that does not decode asks for a snapshot", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  const coded = (number: number, logLine: string, logRefs: number[], logReset = false) => {
    const patch = diffViews(ViewSchema, view([flip], number - 1), view([flip], number));
    return create(ViewUpdateSchema, { matchId: "m1", number: BigInt(number), patch, logLine, logRefs, logReset });
  };
  session.onUpdate(create(ViewUpdateSchema, { ...snapshot(1, view()), logLine: "{seat:\u0001} flips.", logRefs: [0, 0] }));
  session.onUpdate(coded(2, "", [0, 1]));
  session.onUpdate(coded(3, "{seat:\u0001} wins and captures \u0001 cards.", [0, 0, 1, 0, 2]));
  session.onUpdate(coded(4, "{seat:\u0001} resigns.", [0, 1], true));   // the table starts again
  assert.deepEqual(session.log, ["{seat:0} flips.", "{seat:1} flips.", "{seat:0} flips.", "{seat:0} wins and captures 2 cards.", "{seat:1} resigns."]);
  assert.deepEqual(sent.map((s) => s.body.case), []);
  session.onUpdate(coded(5, "", [1, 0]));   // shape 1 was never sent since the reset
  assert.deepEqual(sent.map((s) => s.body.case), ["resync"]);
  assert.equal(session.log.length, 5);
});

test("a gap sends exactly one Resync", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(1, view()));
  const patch = diffViews(ViewSchema, view(), view([flip], 3));
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", number: 3n, patch }));
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", number: 4n, patch }));
  assert.deepEqual(sent.map((s) => s.body.case), ["resync"]);
  assert.equal(session.resyncing, true);
});

test("a flip refused as stale is resent with the newer view's number", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(1, view()));
  session.play(flip);
  const first = sent.at(-1)!.id;
  // Another seat flipped first: a newer view that still offers our flip …
  const patch = diffViews(ViewSchema, view(), view([flip], 2));
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", number: 2n, patch }));
  // … and the server refuses the flip named against view 1.
  assert.equal(session.onError(new ServerError(ErrorCode.STALE_VIEW, "stale", first)), true);
  const resent = sent.at(-1)!;
  assert.notEqual(resent.id, first);
  assert.equal(resent.body.case === "play" && resent.body.value.viewNumber, 2n);
});

test("a stale power decision is not resent: the player must look again", () => {
  const { session, sent } = setup();
  session.setGame("space_war");
  session.onUpdate(snapshot(1, view([trigger])));
  session.play(trigger);
  const id = sent.at(-1)!.id;
  assert.equal(session.onError(new ServerError(ErrorCode.STALE_VIEW, "stale", id)), false);
  assert.equal(sent.length, 1);
  assert.equal(session.inFlight, null);
});

test("resigning is offered to a seat in play though never listed, and resent when stale", () => {
  const { session, sent } = setup();
  const seats = (conquered: boolean) => [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1, conquered })];
  const playing = (contest: number, conquered = false) => create(ViewSchema, { ...view([flip], contest), seats: seats(conquered) });
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  session.onUpdate(snapshot(1, playing(1)));
  const resign = session.resignAction;
  assert.deepEqual(resign && { seat: resign.seat, kind: resign.kind, args: resign.args }, { seat: 1, kind: 0, args: [] });
  assert.equal(session.play(resign!), true);
  const first = sent.at(-1)!.id;
  const patch = diffViews(ViewSchema, playing(1), playing(2));
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", number: 2n, patch }));
  assert.equal(session.onError(new ServerError(ErrorCode.STALE_VIEW, "stale", first)), true);
  const resent = sent.at(-1)!;
  assert.equal(resent.body.case === "play" && resent.body.value.viewNumber, 2n);
  // Not to a conquered seat, a spectator, or once the match is over.
  session.onUpdate(snapshot(5, playing(3, true)));
  assert.equal(session.resignAction, null);
  session.onUpdate(snapshot(6, playing(4)));
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1, spectator: true }));
  assert.equal(session.resignAction, null);
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1, over: true }));
  assert.equal(session.resignAction, null);
});

test("errors for other requests are left to the caller", () => {
  const { session } = setup();
  session.setGame("space_war");
  assert.equal(session.onError(new ServerError(ErrorCode.NOT_FOUND, "x", 99)), false);
});

test("after a reload the snapshot's log_history fills the log: nothing is marked missing", () => {
  const { session } = setup();
  session.setGame("space_war");
  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m1", number: 9n, snapshot: true, view: toBinary(ViewSchema, view()),
    logHistory: ["{seat:0} flips", "{seat:1} reveals Thane of the Deep Belt (8)\n{seat:0} flips"],
  }));
  assert.deepEqual(session.log, ["{seat:0} flips", "{seat:1} reveals Thane of the Deep Belt (8)", "{seat:0} flips"]);
  assert.ok(!session.log.includes(missedMoves));
  assert.deepEqual(session.presentedLog, session.log);
});

// A clock for MatchSession whose time moves only when the test says (`advance`).
function fakeClock() {
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let ids = 0;
  const clock = {
    setTimeout: (fn: () => void, ms: number) => (timers.push({ at: now + ms, fn, id: ++ids }), ids),
    clearTimeout: (h: unknown) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (let t = timers.sort((a, b) => a.at - b.at)[0]; t && t.at <= now; t = timers.sort((a, b) => a.at - b.at)[0]) {
      timers.shift();
      t.fn();
    }
  };
  return { clock, advance };
}

test("reveal pacing: views are presented in order, the log follows the presented view, moves come from the newest", () => {
  const { clock, advance } = fakeClock();
  const sent: Body[] = [];
  const session = new MatchSession("m1", (b) => (sent.push(b), sent.length), () => 1, clock);
  sessions.push(session);
  session.setGame("space_war");
  session.game = { ...session.game!, revealPauseMs: () => 1000 };
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  session.onUpdate(snapshot(1, view([flip], 1)));
  const diff = (number: number, logLine: string, actions = [flip]) => {
    const patch = diffViews(ViewSchema, view([flip], number - 1), view(actions, number));
    return create(ViewUpdateSchema, { matchId: "m1", number: BigInt(number), patch, logLine });
  };
  session.onUpdate(diff(2, "{seat:0} reveals A"));
  session.onUpdate(diff(3, "{seat:0} reveals B"));
  session.onUpdate(diff(4, "{seat:0} reveals C", [trigger]));
  assert.equal((session.presented as View).contest, 2, "the first reveal is held");
  assert.deepEqual(session.presentedLog, ["{seat:0} reveals A"], "later lines wait for their view");
  assert.equal(session.legalActions[0].kind, ActionKind.TRIGGER, "moves come from the newest view");
  assert.equal(session.canMove, false, "no move while views are held back: the player has not seen them");
  advance(1000);
  assert.equal((session.presented as View).contest, 3);
  session.reveal.skip();
  assert.equal((session.presented as View).contest, 4);
  assert.equal(session.canMove, true, "caught up: the newest view's moves may be played");
  assert.equal(session.presentedLog.length, 3);
});

test("turn deadlines come with the view stream: a snapshot sets them, a diff changes them only when it carries them", () => {
  const { session } = setup();
  session.setGame("space_war");
  const before = Date.now();
  session.onUpdate(create(ViewUpdateSchema, { ...snapshot(3, view()), deadlinesMs: [0, 60000] }));
  assert.equal(session.deadlineOf(0), 0, "no timer for seat 0");
  const seat1 = session.deadlineOf(1);
  assert.ok(seat1 >= before + 60000 && seat1 <= Date.now() + 60000, "counted from when it arrived");
  const patch = diffViews(ViewSchema, view(), view([flip], 2));
  session.onUpdate(create(ViewUpdateSchema, { number: 4n, patch }));
  assert.equal(session.deadlineOf(1), seat1, "a diff without deadlines keeps them");
  session.onUpdate(create(ViewUpdateSchema, { number: 5n, patch: new Uint8Array(), deadlinesMs: [0, 0] }));
  assert.equal(session.deadlineOf(1), 0, "every timer stopped");
});

test("a whole turn restarts a seat's countdown at MatchInfo.turn_seconds from the update, for a player and a spectator", () => {
  for (const spectator of [false, true]) {
    const { session } = setup();
    session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1, spectator, turnSeconds: 30 }));
    // A reconnect's snapshot: seat 1's turn is part-way (ms left), seat 0 has none.
    session.onUpdate(create(ViewUpdateSchema, { ...snapshot(3, view()), deadlinesMs: [0, 12000] }));
    const seat1 = session.deadlineOf(1);
    assert.equal(session.deadlineOf(0), 0);
    // Both seats' turns start afresh: one byte, no milliseconds.
    const before = Date.now();
    session.onUpdate(create(ViewUpdateSchema, { number: 4n, patch: new Uint8Array(), fullTurns: 0b11 }));
    for (const seat of [0, 1]) {
      const deadline = session.deadlineOf(seat);
      assert.ok(deadline >= before + 30000 && deadline <= Date.now() + 30000, `seat ${seat}: a whole 30 s turn from the update`);
    }
    assert.ok(session.deadlineOf(1) > seat1 + 17000, "not the old part-way deadline");
    // Seat 0 moved (its timer stops) while seat 1's runs on: a bit, seat 1's deadline kept.
    const seat1Whole = session.deadlineOf(1);
    session.onUpdate(create(ViewUpdateSchema, { number: 5n, patch: new Uint8Array(), stoppedTurns: 0b01 }));
    assert.equal(session.deadlineOf(0), 0, "seat 0 stopped");
    assert.equal(session.deadlineOf(1), seat1Whole, "seat 1 as it was");
    // A list and a whole turn together: the list first, then the whole turn wins for its seat.
    const now = Date.now();
    session.onUpdate(create(ViewUpdateSchema, { number: 6n, patch: new Uint8Array(), deadlinesMs: [0, 5000], fullTurns: 0b01 }));
    assert.ok(session.deadlineOf(0) >= now + 30000, "seat 0: a whole turn");
    assert.ok(session.deadlineOf(1) <= Date.now() + 5000, "seat 1: 5 s left");
  }
});

test("a whole turn in a match without turn timers changes nothing", () => {
  const { session } = setup();
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  session.onUpdate(create(ViewUpdateSchema, { ...snapshot(3, view()), deadlinesMs: [0, 12000] }));
  const seat1 = session.deadlineOf(1);
  session.onUpdate(create(ViewUpdateSchema, { number: 4n, patch: new Uint8Array(), fullTurns: 0b10 }));
  assert.equal(session.deadlineOf(1), seat1);
});

// The server answers every move (the view that shows it, or a refusal), and a Resync only once
// the moves in flight are stored. A move with no answer in 8 s let the buttons go: on a slow
// server a second tap then sent a move naming the view the seat had already acted on, refused
// STALE_VIEW (an error toast for a move that had been taken). Now the page asks for the match
// again instead, and the move is on its way until the snapshot says what became of it.
test("a move unanswered for 8 s asks for the match again; the buttons wait for the snapshot, not for a clock", () => {
  const { clock, advance } = fakeClock();
  const sent: Body[] = [];
  const session = new MatchSession("m1", (b) => (sent.push(b), sent.length), () => 1, clock);
  sessions.push(session);
  session.setGame("space_war");
  session.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", yourSeat: 1 }));
  session.onUpdate(snapshot(5, view([flip], 5)));
  assert.equal(session.play(flip), true);
  advance(7_900);
  assert.notEqual(session.inFlight, null, "on its way");
  assert.equal(sent.filter((b) => b.case === "resync").length, 0);
  advance(200);
  assert.notEqual(session.inFlight, null, "still on its way at 8 s: no second move can be pressed");
  assert.equal(session.canMove, false);
  assert.equal(session.play(flip), false, "a second tap sends nothing");
  assert.deepEqual(sent.map((b) => b.case), ["play", "resync"], "the page asked for the match again, once");
  assert.equal(session.resyncing, true, "and says it is syncing");
  advance(3_000);
  assert.equal(sent.filter((b) => b.case === "resync").length, 1, "once");
  // The snapshot (the move was taken: the next contest) settles the move, like its own view.
  session.onUpdate(snapshot(6, view([flip], 6)));
  assert.equal(session.inFlight, null);
  assert.equal(session.resyncing, false);
  assert.equal(session.canMove, true);
  // A move answered in time asks for nothing.
  assert.equal(session.play(flip), true);
  advance(1_000);
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m1", patch: diffViews(ViewSchema, view([flip], 6), view([flip], 7)) }));
  assert.equal(session.inFlight, null);
  advance(10_000);
  assert.deepEqual(sent.map((b) => b.case), ["play", "resync", "play"]);
});
