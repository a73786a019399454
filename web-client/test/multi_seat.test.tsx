// One person in several seats of a cooperative table (docs/protocol.md, "Several seats"):
// MatchSession keeps a view per held seat (ViewUpdate.seat), the table follows the seat
// that must act unless the player picked one in the switcher, moves name their own seat's
// view number, the log is read once; the lobby page's start problem and deck pickers count
// every held seat. (The games here are competitive ones standing in: the mechanism is the
// shared layer's, whichever game.)
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { create, toBinary } from "@bufbuild/protobuf";
import { render } from "preact-render-to-string";

import type { Body } from "../src/connection.js";
import { ActionSchema } from "../src/gen/starport/v1/common_pb.js";
import { LobbySchema, LobbySeatSchema, MatchInfoSchema, MatchSeatSchema, ViewUpdateSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, ViewSchema, type View } from "../src/gen/starport/v1/space_war_pb.js";
import { loadAllGames } from "../src/games/index.js";
import { MatchSession, seatNoticeMs, seatSwitchGuardMs } from "../src/match_session.js";
import { heldSeats, startProblem } from "../src/pages/lobby.js";
import { SeatNotice, SeatSwitcher } from "../src/pages/match.js";
import { diffViews } from "../src/view_diff.js";

await loadAllGames();

const sessions: MatchSession[] = [];
afterEach(() => sessions.splice(0).forEach((s) => s.dispose()));

function setup(yourSeats: number[]) {
  const sent: { id: number; body: Body }[] = [];
  let next = 1;
  const session = new MatchSession("m1", (body) => {
    sent.push({ id: next, body });
    return next++;
  }, () => 0);   // no reveal pacing: each view is shown at once
  sessions.push(session);
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m1", game: "space_war", yourSeat: yourSeats[0], yourSeats,
    seats: [0, 1, 2].map((seat) => create(MatchSeatSchema, { seat, name: seat === 2 ? "Vega" : "Ada" })),
  }));
  return { session, sent };
}

const flipFor = (seat: number) => create(ActionSchema, { seat, kind: ActionKind.FLIP });
const viewOf = (seat: number, moves: boolean, contest = 1): View =>
  create(ViewSchema, { legalActions: moves ? [flipFor(seat)] : [], viewerSeat: seat, contest });

function snapshot(seat: number, number: number, v: View, log = "") {
  return create(ViewUpdateSchema, { matchId: "m1", seat, number: BigInt(number), snapshot: true, view: toBinary(ViewSchema, v), logLine: log });
}
function diff(seat: number, number: number, from: View, to: View, log = "") {
  const patch = diffViews(ViewSchema, from, to);
  return create(ViewUpdateSchema, { matchId: "m1", seat, number: BigInt(number), patch, logLine: log });
}

test("a person with two seats keeps a view per seat, and the table follows the seat that must act", () => {
  const { session } = setup([0, 1]);
  session.onUpdate(snapshot(0, 5, viewOf(0, false)));
  session.onUpdate(snapshot(1, 9, viewOf(1, true)));
  assert.deepEqual(session.yourSeats, [0, 1]);
  assert.equal(session.stores.get(0)?.number, 5n, "each stream numbered on its own");
  assert.equal(session.stores.get(1)?.number, 9n);
  assert.equal(session.seat, 1, "seat 2 must act: the table shows it");
  assert.equal(session.waitingFor(1), true);
  assert.equal(session.waitingFor(0), false);
  assert.equal((session.presented as View | undefined)?.viewerSeat, 1);
  assert.deepEqual(session.legalActions.map((a) => a.seat), [1]);

  // Now seat 1 must act instead: the table follows.
  session.onUpdate(diff(1, 10, viewOf(1, true), viewOf(1, false, 2)));
  session.onUpdate(diff(0, 6, viewOf(0, false), viewOf(0, true, 2)));
  assert.equal(session.seat, 0);
  assert.equal((session.presented as View | undefined)?.viewerSeat, 0);
});

test("a seat picked in the switcher stays shown until it moves, and a move names its own seat's view number", () => {
  const { session, sent } = setup([0, 1]);
  session.onUpdate(snapshot(0, 3, viewOf(0, true)));
  session.onUpdate(snapshot(1, 7, viewOf(1, true)));
  assert.equal(session.seat, 0, "both must act: the lowest");
  session.chooseSeat(1);
  assert.equal(session.seat, 1);
  assert.equal((session.presented as View | undefined)?.viewerSeat, 1);
  assert.equal(session.play(flipFor(0)), false, "only the shown seat's moves are offered");
  assert.equal(session.play(flipFor(1)), true);
  const last = sent.at(-1)!.body;
  assert.equal(last.case, "play");
  assert.equal(last.case === "play" && last.value.viewNumber, 7n, "seat 2's own number, not seat 1's 3");
  assert.equal(last.case === "play" && last.value.action?.seat, 1);
  // Seat 2's move is answered; the choice ended with the move, and seat 1 still must act.
  session.onUpdate(diff(0, 4, viewOf(0, true), viewOf(0, true, 2)));
  session.onUpdate(diff(1, 8, viewOf(1, true), viewOf(1, false, 2)));
  assert.equal(session.seat, 0);
});

test("a move stays in flight until its own seat's view comes, whatever another held seat's stream says", () => {
  const { session, sent } = setup([0, 1]);
  session.onUpdate(snapshot(0, 3, viewOf(0, true)));
  session.onUpdate(snapshot(1, 7, viewOf(1, true)));
  assert.equal(session.play(flipFor(0)), true);
  const plays = () => sent.filter((m) => m.body.case === "play").length;
  // Seat 2's stream moves on first (the other seat's part of the same turn): seat 1's move is
  // still on its way, so nothing can be pressed, least of all seat 1's old flip again.
  session.onUpdate(diff(1, 8, viewOf(1, true), viewOf(1, true, 2)));
  assert.equal(session.canMove, false);
  assert.equal(session.play(flipFor(1)), false);
  session.chooseSeat(0);
  assert.equal(session.play(flipFor(0)), false, "no second move from the same view");
  assert.equal(plays(), 1);
  // Its own view answers it: the buttons are back.
  session.onUpdate(diff(0, 4, viewOf(0, true), viewOf(0, false, 2)));
  assert.equal(session.inFlight, null);
  session.chooseSeat(1);
  assert.equal(session.play(flipFor(1)), true);
  assert.equal(plays(), 2);
});

test("the log is read from one stream, so each line shows once, and a gap in any stream asks one Resync", () => {
  const { session, sent } = setup([0, 1]);
  session.onUpdate(snapshot(0, 1, viewOf(0, false)));
  session.onUpdate(snapshot(1, 1, viewOf(1, true)));
  session.onUpdate(diff(0, 2, viewOf(0, false), viewOf(0, false, 2), "{seat:2} flips"));
  session.onUpdate(diff(1, 2, viewOf(1, true), viewOf(1, true, 2), "{seat:2} flips"));
  assert.deepEqual(session.log, ["{seat:2} flips"]);
  const before = sent.length;
  session.onUpdate(diff(1, 5, viewOf(1, true, 2), viewOf(1, true, 3)));   // 3 and 4 never came
  assert.equal(sent.length, before + 1);
  assert.equal(sent.at(-1)!.body.case, "resync");
  // One Resync answers with a snapshot of every held seat.
  session.onUpdate(snapshot(0, 6, viewOf(0, false, 3)));
  session.onUpdate(snapshot(1, 6, viewOf(1, true, 3)));
  assert.equal(session.resyncing, false);
  assert.equal(session.stores.get(1)?.number, 6n);
});

test("preferences are set and read per held seat", () => {
  const { session, sent } = setup([0, 1]);
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m1", game: "space_war", yourSeat: 0, yourSeats: [0, 1], yourPreferences: [1],
    seats: [create(MatchSeatSchema, { seat: 0, preferences: [1] }), create(MatchSeatSchema, { seat: 1, preferences: [] })],
  }));
  assert.deepEqual([...session.preferencesOf(0)], [1]);
  assert.deepEqual([...session.preferencesOf(1)], []);
  session.setPreferences([1], 1);
  const last = sent.at(-1)!.body;
  assert.equal(last.case === "setPreferences" && last.value.seat, 1);
});

test("a single seat and a spectator keep one stream, as before", () => {
  const { session } = setup([1]);
  session.onUpdate(snapshot(1, 2, viewOf(1, true)));
  assert.equal(session.stores.size, 1);
  assert.equal(session.seat, 1);
  assert.equal(session.store?.number, 2n);
  const watcher = new MatchSession("m1", () => 1, () => 0);
  sessions.push(watcher);
  watcher.onInfo(create(MatchInfoSchema, { matchId: "m1", game: "space_war", spectator: true }));
  watcher.onUpdate(snapshot(0, 4, viewOf(0, false)));
  assert.deepEqual(watcher.yourSeats, []);
  assert.equal(watcher.store?.number, 4n);
});

test("the switcher: a button per held seat, the shown one pressed, a badge on each seat awaiting a move", () => {
  const { session } = setup([0, 1]);
  session.onUpdate(snapshot(0, 1, viewOf(0, false)));
  session.onUpdate(snapshot(1, 1, viewOf(1, true)));
  const html = render(<SeatSwitcher session={session} held={[0, 1]} shown={session.seat} seatName={(s) => (s === 2 ? "Vega" : "Ada")} over={false} />);
  assert.match(html, /Playing as/);
  assert.match(html, /name="seat-0"[^>]*aria-pressed="false"/);
  assert.match(html, /name="seat-1"[^>]*aria-pressed="true"/);
  assert.equal(html.match(/data-waiting/g)?.length, 1, "only seat 2 awaits a move");
  assert.match(html, /\(seat 2\)[^<]*<\/span>\s*<span class="badge warn" data-waiting/);
});

test("the lobby counts every held seat: decks for each, Ready of the others, one name per person", () => {
  const seat = (n: number, name: string, extra: Partial<{ ready: boolean; deckChosen: boolean; bot: boolean }> = {}) =>
    create(LobbySeatSchema, { seat: n, name, open: false, ...extra });
  const lobby = create(LobbySchema, {
    lobbyId: "l1", youAreSeated: true, youAreHost: true, yourSeat: 0, yourSeats: [0, 1],
    seats: [seat(0, "Ada", { deckChosen: true }), seat(1, "Ada", { deckChosen: false }), seat(2, "Bea", { deckChosen: true }), seat(3, "Bea", { deckChosen: true })],
  });
  assert.deepEqual(heldSeats(lobby), [0, 1]);
  assert.equal(startProblem(lobby, true), "Choose a deck for each of your seats first.");
  lobby.seats[1].deckChosen = true;
  assert.equal(startProblem(lobby, true), "Waiting for Bea to be ready.", "Bea once, for her two seats");
  lobby.seats[2].ready = lobby.seats[3].ready = true;
  assert.equal(startProblem(lobby, true), "");
  // An older server without your_seats: the one seat.
  assert.deepEqual(heldSeats(create(LobbySchema, { youAreSeated: true, yourSeat: 2 })), [2]);
  assert.deepEqual(heldSeats(create(LobbySchema, { youAreSeated: false })), []);
});

// A clock the tests move by hand (the reveal pacing and the seat-switch guard run on it).
function handClock() {
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let now = 0;
  let ids = 0;
  return {
    setTimeout: (fn: () => void, ms: number) => (timers.push({ at: now + ms, fn, id: ++ids }), ids),
    clearTimeout: (h: unknown) => {
      const i = timers.findIndex((t) => t.id === h);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms: number) {
      const end = now + ms;
      for (let t = timers.sort((a, b) => a.at - b.at)[0]; t && t.at <= end; t = timers.sort((a, b) => a.at - b.at)[0]) {
        timers.shift();
        now = t.at;
        t.fn();
      }
      now = end;
    },
  };
}

// Two held seats on a hand clock; `pause`: the reveal pause of a view (0: none).
function pacedSetup(pause: (previous: View | undefined, next: View) => number) {
  const sent: { id: number; body: Body }[] = [];
  let next = 1;
  const clock = handClock();
  const session = new MatchSession("m1", (body) => {
    sent.push({ id: next, body });
    return next++;
  }, () => 1, clock);
  sessions.push(session);
  session.setGame("space_war");
  session.game = { ...session.game!, revealPauseMs: (p: View | undefined, n: View) => (p ? pause(p, n) : 0) };
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m1", game: "space_war", yourSeat: 0, yourSeats: [0, 1],
    seats: [0, 1, 2].map((seat) => create(MatchSeatSchema, { seat, name: ["Ada", "Bea", "Vega"][seat] })),
  }));
  return { session, sent, clock };
}

test("after a move the table follows the next held seat visibly: its moves wait a moment and the page says whose they are", () => {
  const { session, sent, clock } = pacedSetup(() => 0);
  session.onUpdate(snapshot(0, 1, viewOf(0, true)));
  session.onUpdate(snapshot(1, 1, viewOf(1, false)));
  assert.equal(session.seat, 0);
  assert.equal(session.play(flipFor(0)), true);
  // Seat 1's move is answered and now seat 2 must act: the table follows it …
  session.onUpdate(diff(0, 2, viewOf(0, true), viewOf(0, false, 2)));
  session.onUpdate(diff(1, 2, viewOf(1, false), viewOf(1, true, 2)));
  assert.equal(session.seat, 1);
  assert.equal(session.switchedTo, 1, "“Now playing as Bea (seat 2)”");
  // … but a quick second tap does not land on seat 2's button.
  assert.equal(session.canMove, false);
  assert.equal(session.play(flipFor(1)), false);
  assert.equal(sent.filter((m) => m.body.case === "play").length, 1);
  const html = render(<SeatNotice session={session} seatName={(s) => ["Ada", "Bea"][s]} />);
  assert.match(html, /role="status"[^>]*data-seat-notice="1"[^>]*>Now playing as <strong>Bea<\/strong> \(seat 2\)/);
  clock.advance(seatSwitchGuardMs);
  assert.equal(session.canMove, true, "after the guard the moves open");
  assert.equal(session.switchedTo, 1, "the notice stays a little longer");
  clock.advance(seatNoticeMs);
  assert.equal(session.switchedTo, null);
  assert.doesNotMatch(render(<SeatNotice session={session} seatName={(s) => ["Ada", "Bea"][s]} />), /Now playing/);
  assert.equal(session.play(flipFor(1)), true);
});

test("a seat the player picks in the switcher is theirs at once: no guard, no notice", () => {
  const { session } = pacedSetup(() => 0);
  session.onUpdate(snapshot(0, 1, viewOf(0, true)));
  session.onUpdate(snapshot(1, 1, viewOf(1, true)));
  session.chooseSeat(1);
  assert.equal(session.switchedTo, null);
  assert.equal(session.canMove, true);
  assert.equal(session.play(flipFor(1)), true);
});

test("the table stays on a held seat that still must act, rather than jumping to a lower one that now must too", () => {
  const { session } = pacedSetup(() => 0);
  session.onUpdate(snapshot(0, 1, viewOf(0, false)));
  session.onUpdate(snapshot(1, 1, viewOf(1, true)));
  assert.equal(session.seat, 1);
  session.onUpdate(diff(0, 2, viewOf(0, false), viewOf(0, true, 2)));
  assert.equal(session.seat, 1, "seat 2 is mid-turn: still shown");
});

test("a reveal is shown to its end before the table follows another held seat, whichever seat acts next", () => {
  // contest 5 is a Challenge's verdict: held 1200 ms.
  const { session, clock } = pacedSetup((_p, n) => (n.contest === 5 ? 1200 : 0));
  session.onUpdate(snapshot(0, 1, viewOf(0, true, 4)));
  session.onUpdate(snapshot(1, 1, viewOf(1, false, 4)));
  assert.equal(session.play(flipFor(0)), true);
  // Seat 1's move judges the Challenge; seat 2 is next to act.
  session.onUpdate(diff(0, 2, viewOf(0, true, 4), viewOf(0, false, 5)));
  session.onUpdate(diff(1, 2, viewOf(1, false, 4), viewOf(1, true, 5)));
  assert.equal(session.seat, 0, "the verdict is on show: the table waits");
  assert.equal((session.presented as View).contest, 5);
  // The Act ends at once after it (the Ship Phase comes): seat 1's stream still, paced.
  session.onUpdate(diff(0, 3, viewOf(0, false, 5), viewOf(0, false, 6)));
  session.onUpdate(diff(1, 3, viewOf(1, true, 5), viewOf(1, true, 6)));
  assert.equal((session.presented as View).contest, 5, "not skipped to the Ship Phase");
  assert.equal(session.canMove, false);
  clock.advance(1199);
  assert.equal(session.seat, 0);
  assert.equal((session.presented as View).contest, 5);
  // The verdict's time is up: the table follows seat 2, at its newest view.
  clock.advance(1);
  assert.equal(session.seat, 1);
  assert.equal((session.presented as View).viewerSeat, 1);
  assert.equal((session.presented as View).contest, 6);
  assert.equal(session.switchedTo, 1);
  clock.advance(seatSwitchGuardMs);
  assert.equal(session.play(flipFor(1)), true);
});

test("a page that has just opened places the table on the seat that must act: no notice, no guard; a later switch still has both", () => {
  const { session, sent, clock } = pacedSetup(() => 0);
  // A reload: seat 1 has moved already, seat 2 must act; the lowest seat's snapshot comes first.
  session.onUpdate(snapshot(0, 4, viewOf(0, false, 3)));
  session.onUpdate(snapshot(1, 4, viewOf(1, true, 3)));
  assert.equal(session.seat, 1);
  assert.equal((session.presented as View).viewerSeat, 1);
  assert.equal(session.switchedTo, null, "no “Now playing as …”: no earlier tap can have been meant for seat 1");
  assert.doesNotMatch(render(<SeatNotice session={session} seatName={(s) => ["Ada", "Bea"][s]} />), /Now playing/);
  assert.equal(session.canMove, true, "its moves are open at once");
  assert.equal(session.play(flipFor(1)), true);
  // Seat 2's move is answered and seat 1 must act: that is a switch, with its guard and notice.
  session.onUpdate(diff(1, 5, viewOf(1, true, 3), viewOf(1, false, 4)));
  session.onUpdate(diff(0, 5, viewOf(0, false, 3), viewOf(0, true, 4)));
  assert.equal(session.seat, 0);
  assert.equal(session.switchedTo, 0);
  assert.equal(session.canMove, false);
  assert.equal(session.play(flipFor(0)), false);
  clock.advance(seatSwitchGuardMs);
  assert.equal(session.play(flipFor(0)), true);
  assert.equal(sent.filter((m) => m.body.case === "play").length, 2);
});

test("while no held seat's move has been offered yet, the table moving to the seat that must act is no switch either", () => {
  const { session } = pacedSetup(() => 0);
  // Both seats wait for the bots when the page opens …
  session.onUpdate(snapshot(0, 1, viewOf(0, false)));
  session.onUpdate(snapshot(1, 1, viewOf(1, false)));
  assert.equal(session.seat, 0);
  // … then seat 2 must act: the player has seen no move to tap.
  session.onUpdate(diff(0, 2, viewOf(0, false), viewOf(0, false, 2)));
  session.onUpdate(diff(1, 2, viewOf(1, false), viewOf(1, true, 2)));
  assert.equal(session.seat, 1);
  assert.equal(session.switchedTo, null);
  assert.equal(session.canMove, true);
});
