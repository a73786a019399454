// A replay the server cannot re-play (recorded under another rules version): the page shows
// the server's notice, the players and the recorded result, and offers no stepping.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema, ReplayFrameSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { RecordOnly } from "../src/pages/replay.js";

const names = ["Ann", "Vega"];
const seatName = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;

test("a record-only replay shows the notice and the recorded result, with no timeline", () => {
  const frame = create(ReplayFrameSchema, {
    matchId: "m1", game: "space_war", perspective: "record", recordedActions: 37,
    notice: "This match was recorded under rules version 1 of Space War; this server plays version 2, so it cannot show the table step by step.",
    match: create(MatchInfoSchema, {
      matchId: "m1", game: "space_war", rulesVersion: 1, over: true, spectator: true,
      seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true })],
      outcome: create(OutcomeSchema, { over: true, winners: [1], reason: "last_standing" }),
    }),
  });
  const html = renderToString(<RecordOnly frame={frame} matchId="m1" seatName={seatName} />);
  assert.match(html, /data-testid="replay-notice"[^>]*>This match was recorded under rules version 1 of Space War; this server plays version 2/);
  assert.match(html, /Ann, Vega \(bot\)/);
  assert.match(html, /data-testid="outcome"[^>]*>[^<]*Vega won/);
  assert.match(html, /37 moves recorded/);
  assert.doesNotMatch(html, /type="range"/, "no timeline to scrub");
  assert.doesNotMatch(html, /name="forward"/);
});

test("a record-only replay of a match that never ended says so", () => {
  const frame = create(ReplayFrameSchema, {
    matchId: "m2", game: "space_war", perspective: "record", recordedActions: 1, notice: "Recorded under other rules.",
    match: create(MatchInfoSchema, { matchId: "m2", game: "space_war", over: false }),
  });
  const html = renderToString(<RecordOnly frame={frame} matchId="m2" seatName={seatName} />);
  assert.match(html, /In progress/);
  assert.match(html, /1 move recorded/);
});
