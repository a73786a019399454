// A person who held several seats of a cooperative table (Quasar Search) can see its replay
// as each of them (OpenReplay.seat), not only as the lowest; the choice is in the link.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema, ReplayFrameSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { seatNameFrom } from "../src/kit/words.js";
import { heldSeats, replayOutcomeText, SeatPerspective } from "../src/pages/replay.js";
import { parseRoute, routeHash } from "../src/router.js";

const frame = (match: { spectator: boolean; yourSeat: number; yourSeats?: number[] }) =>
  create(ReplayFrameSchema, { matchId: "m1", game: "quasar_search", perspective: "public", match: create(MatchInfoSchema, match) });

test("every held seat is offered, lowest first; one seat or none as before", () => {
  assert.deepEqual(heldSeats(frame({ spectator: false, yourSeat: 0, yourSeats: [2, 0] })), [0, 2]);
  assert.deepEqual(heldSeats(frame({ spectator: false, yourSeat: 1 })), [1], "a server without your_seats: the one seat");
  assert.deepEqual(heldSeats(frame({ spectator: true, yourSeat: 0 })), []);
});

test("the picker lists the table's view and each held seat, the chosen one selected", () => {
  const html = renderToString(<SeatPerspective held={[0, 2]} over chosen={2} seatName={(s) => ["Ada", "Bea", "Cy"][s]} choose={() => {}} />);
  assert.match(html, /name="seat-perspective"/);
  assert.match(html, /<option value(="")?>the whole table \(every card\)<\/option>/);
  assert.match(html, /<option value="0">Ada \(your seat 1\)<\/option>/);
  assert.match(html, /<option (selected value="2"|value="2" selected)>Cy \(your seat 3\)<\/option>/);
});

test("the link keeps which held seat's view: #/replay/<id>?step=N&seat=1&as=K", () => {
  const route = { page: "replay" as const, matchId: "m1", step: 7, asSeat: true, seat: 2 };
  assert.equal(routeHash(route), "#/replay/m1?step=7&seat=1&as=2");
  assert.deepEqual(parseRoute(routeHash(route)), route);
  assert.deepEqual(parseRoute("#/replay/m1?step=7&as=2"), { page: "replay", matchId: "m1", step: 7, asSeat: false }, "as without seat=1 means nothing");
  assert.deepEqual(parseRoute("#/replay/m1?step=7&seat=1"), { page: "replay", matchId: "m1", step: 7, asSeat: true });
});

test("the end is said for every seat the reader held, as their match page said it, whichever of them the replay is seen as", () => {
  // Tess held seats 1 and 3 of a Quasar Search table; Bea held seat 2.
  const seats = [{ seat: 0, name: "Tess" }, { seat: 1, name: "Bea" }, { seat: 2, name: "Tess" }].map((s) => create(MatchSeatSchema, s));
  const held = create(ReplayFrameSchema, {
    matchId: "m1", game: "quasar_search", perspective: "seat 2",
    match: create(MatchInfoSchema, { spectator: false, yourSeat: 0, yourSeats: [0, 2], seats, over: true }),
  });
  const name = (s: number) => seatNameFrom(seats, s);
  // The engine's cooperative result: every seat on success, none on failure.
  const success = create(OutcomeSchema, { over: true, winners: [0, 1, 2], reason: "mission_accomplished" });
  const failure = create(OutcomeSchema, { over: true, winners: [], reason: "mission_failed" });
  for (const viewer of [0, 2]) {
    assert.equal(replayOutcomeText(held, success, viewer, name), "You won with Bea (mission accomplished).", `seen as seat ${viewer + 1}: not "with" Tess's own other seat`);
    assert.equal(replayOutcomeText(held, failure, viewer, name, undefined, 3), "Your team lost (mission failed).", "Bea lost with her");
    assert.equal(replayOutcomeText(held, failure, viewer, name), "You lost (mission failed).", "a game that is not cooperative");
  }
  // The whole table's view, and a reader who held no seat: who won, in the third person.
  assert.equal(replayOutcomeText(held, success, null, name), "Tess (seat 1), Bea and Tess (seat 3) won (mission accomplished).");
  const stranger = create(ReplayFrameSchema, { ...held, match: create(MatchInfoSchema, { spectator: true, seats, over: true }) });
  assert.equal(replayOutcomeText(stranger, failure, null, name, undefined, 3), "The team lost (mission failed).");
  assert.equal(replayOutcomeText(held, failure, null, name, undefined, 3), "The team lost (mission failed).", "seen as the whole table");
  // One person holding every seat of the crew, or a crew of one: the loss is theirs alone.
  const all = create(ReplayFrameSchema, { ...held, match: create(MatchInfoSchema, { spectator: false, yourSeat: 0, yourSeats: [0, 1, 2], seats, over: true }) });
  assert.equal(replayOutcomeText(all, failure, 1, name, undefined, 3), "You lost (mission failed).");
  assert.equal(replayOutcomeText(held, failure, 0, name, undefined, 1), "You lost (mission failed).");
  // Were several held seats ever to play against each other, the line says which of them won.
  const race = create(OutcomeSchema, { over: true, winners: [2], reason: "last_standing" });
  assert.equal(replayOutcomeText(held, race, 0, name), "You won as Tess (seat 3) (last standing).", "not \"You lost\" for a reader whose other seat won");
  assert.equal(replayOutcomeText(held, create(OutcomeSchema, { over: true, winners: [1], reason: "" }), 2, name), "You lost: Bea won.");
});
