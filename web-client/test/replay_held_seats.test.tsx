// A person who held several seats of a cooperative table (Quasar Search) can see its replay
// as each of them (OpenReplay.seat), not only as the lowest; the choice is in the link.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { MatchInfoSchema, ReplayFrameSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { heldSeats, SeatPerspective } from "../src/pages/replay.js";
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
