// The Terminus table over the engine's own matches: `starport simulate --record` plays
// them, `starport scenario --at N` prints every seat's view along the way; each view is
// drawn and must offer one button per legal action (Resign aside), each labelled, with a
// heading; cards the seat may not identify are nameless backs; another seat's hand is
// never drawn face up. Card names need the pool (ListCards): see terminus_real.test.ts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, Step, ViewSchema, type View } from "../src/gen/starport/v1/terminus_pb.js";
import { TerminusTable } from "../src/games/terminus/table.js";
import { decisionHeading } from "../src/games/terminus/words.js";
import type { TableContext } from "../src/games/types.js";
import { engineRuns } from "./engine_runs.js";
import { Button, seatName } from "./table_fixtures.js";

const { record, viewsAt } = engineRuns("terminus", ViewSchema);

function ctxFor(view: View): TableContext {
  return {
    info: create(MatchInfoSchema, { seats: view.seats.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat > 0, connected: true })) }),
    viewer: view.viewerSeat,
    live: true,
    seatName,
    ActionButton: Button,
    timer: () => null,
  };
}

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

test("every view of 2- and 3-seat engine matches draws one labelled button per legal action", () => {
  const steps = new Set<string>();
  let views = 0;
  let cascades = 0;
  let mulliganViews = 0;
  for (const [name, players, bots, seed] of [["two", 2, "random", 3], ["three", 3, "random", 8]] as const) {
    const m = record(name, players, bots, seed);
    assert.ok(m.actions > 20, `${name}: a real match (${m.actions} actions)`);
    const samples = Math.min(m.actions, 80);
    for (let i = 0; i <= samples; i++) {
      const at = Math.round((m.actions * i) / samples);
      for (const view of viewsAt(m.file, at)) {
        const where = `${name}, after ${at} actions, seat ${view.viewerSeat}`;
        const html = renderToString(<TerminusTable view={view} ctx={ctxFor(view)} />);
        const buttons = [...html.matchAll(/<button type="button"[^>]*data-kind="(\d+)"[^>]*>(.*?)<\/button>/g)];
        const legal = view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN);
        // The mulligan's subsets are ticked on the cards and confirmed with one button.
        const mulligans = legal.filter((a) => a.kind === ActionKind.MULLIGAN);
        const expected = legal.length - mulligans.length + (mulligans.length ? 1 : 0);
        assert.equal(buttons.length, expected, `${where}: ${buttons.length} buttons for ${legal.length} legal actions`);
        if (mulligans.length) {
          const boxes = [...html.matchAll(/<input type="checkbox" name="tm-mulligan"/g)].length;
          assert.equal(mulligans.length, 1 << boxes, `${where}: ${boxes} cards to tick for ${mulligans.length} mulligans`);
          mulliganViews++;
        }
        for (const b of buttons) assert.ok(decode(b[2]).trim().length > 0 && !/undefined|NaN|^Move \d/.test(decode(b[2])), `${where}: "${b[2]}"`);
        if (legal.length) assert.ok(decisionHeading(view, view.viewerSeat, seatName).length > 0, `${where}: no heading`);
        // Backs never carry a name. (Whether a view may carry another seat's hand — after a
        // peek — is the engine's to decide: its property harness checks the views.)
        for (const b of html.matchAll(/<div class="card tm-card card--back[^"]*"[^>]*>(.*?)<\/div>/g)) assert.doesNotMatch(b[1], /card__name/, where);
        assert.match(html, /data-testid="tm-chart"/);
        if (view.cascade.length) cascades++;
        steps.add(Step[view.step]);
        views++;
      }
    }
  }
  assert.ok(views > 100, `too few views drawn (${views})`);
  for (const s of ["MODULE_DRAFT", "RECRUIT_DRAFT", "PLAY_STEP"]) assert.ok(steps.has(s), `no ${s} view: ${[...steps].join(", ")}`);
  assert.ok(mulliganViews > 0, "no mulligan view drawn");
  console.log(`terminus engine views: ${views} drawn, ${mulliganViews} mulligans, ${cascades} with the Cascade open, steps ${[...steps].join(", ")}`);
});
