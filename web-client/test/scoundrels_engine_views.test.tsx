// The S.P.A.C.E. table over the engine's own matches: `starport simulate --record` plays
// them, `starport scenario --at N` prints every seat's view along the way; each view is
// drawn and must offer one button per legal action (Resign aside; trade proposals are
// claimed by the trade dialog instead), every action labelled from the view alone (never
// a raw "card N": the label found the card, and no two of a seat's moves alike), with a
// heading; another seat's face-down cards are nameless backs; the map has every location
// of the board.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import type { Action } from "../src/gen/starport/v1/common_pb.js";
import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, FightKind, Phase, ViewSchema, type View } from "../src/gen/starport/v1/scoundrels_pb.js";
import { ScoundrelsTable } from "../src/games/scoundrels/table.js";
import { followOffers } from "../src/games/scoundrels/trade.js";
import { actionLabel, decisionHeading } from "../src/games/scoundrels/words.js";
import type { TableContext } from "../src/games/types.js";
import { engineRuns } from "./engine_runs.js";
import { Button, seatName } from "./table_fixtures.js";

const { record, viewsAt } = engineRuns("scoundrels", ViewSchema);

function ctxFor(view: View, claimed: Action[]): TableContext {
  return {
    info: create(MatchInfoSchema, { seats: view.ships.map((s) => create(MatchSeatSchema, { seat: s.seat, name: seatName(s.seat), bot: s.seat > 0, connected: true })) }),
    viewer: view.viewerSeat,
    live: true,
    seatName,
    ActionButton: Button,
    claim: (as) => void claimed.push(...as),
    timer: () => null,
  };
}

const decode = (s: string) => s.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'");

test("every view of 3- and 4-seat engine matches draws one labelled button per legal action", () => {
  const phases = new Set<string>();
  const kinds = new Set<string>();
  let views = 0;
  let fights = 0;
  let rolls = 0;
  for (const [name, players, bots, seed] of [["three", 3, "random", 5], ["four", 4, "heuristic,random", 11]] as const) {
    const m = record(name, players, bots, seed);
    assert.ok(m.actions > 30, `${name}: a real match (${m.actions} actions)`);
    const samples = Math.min(m.actions, 60);
    for (let i = 0; i <= samples; i++) {
      const at = Math.round((m.actions * i) / samples);
      for (const view of viewsAt(m.file, at)) {
        const where = `${name}, after ${at} actions, seat ${view.viewerSeat}`;
        const claimed: Action[] = [];
        const html = renderToString(<ScoundrelsTable view={view} ctx={ctxFor(view, claimed)} />);
        const buttons = [...html.matchAll(/<button type="button"[^>]*data-kind="(\d+)"[^>]*>(.*?)<\/button>/g)];
        const legal = view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN);
        const placed = legal.filter((a) => a.kind !== ActionKind.PROPOSE);
        assert.equal(buttons.length, placed.length, `${where}: ${buttons.length} buttons for ${placed.length} legal actions (proposals aside)`);
        assert.equal(claimed.length, legal.length - placed.length, `${where}: proposals claimed`);
        for (const b of buttons) assert.ok(decode(b[2]).trim().length > 0, `${where}: an empty button`);
        const seen = new Map<string, Action>();
        for (const a of legal) {
          const label = actionLabel(a, view, seatName);
          assert.doesNotMatch(label, /undefined|NaN|\bcard \d+|location \d+|^Move \d/, `${where}: ${ActionKind[a.kind]} [${a.args.join(",")}] reads "${label}"`);
          // Two moves never read alike (two Medkits of one locker once did).
          const twin = seen.get(`${a.seat}:${label}`);
          assert.ok(!twin, `${where}: [${twin?.args.join(",")}] and [${a.args.join(",")}] both read "${label}"`);
          seen.set(`${a.seat}:${label}`, a);
          kinds.add(ActionKind[a.kind]);
        }
        if (legal.length) assert.ok(decisionHeading(view, view.viewerSeat, seatName).length > 0, `${where}: no heading`);
        assert.doesNotMatch(decisionHeading(view, view.viewerSeat, seatName), /\{seat:/, `${where}: a seat left unnamed in the heading`);
        for (const b of html.matchAll(/<div class="card sc-card card--back[^"]*"[^>]*>(.*?)<\/div>/g)) assert.doesNotMatch(b[1], /card__name/, where);
        assert.equal(html.match(/<g class="sc-loc /g)?.length, view.board?.locations.length, `${where}: every location on the map`);
        if (view.fight && view.fight.kind !== FightKind.FIGHT_NONE) fights++;
        rolls = Math.max(rolls, view.dice.length);
        phases.add(Phase[view.phase]);
        views++;
      }
    }
  }
  assert.ok(views > 100, `too few views drawn (${views})`);
  for (const p of ["ENCOUNTER", "MOVEMENT", "DELIVERY"]) assert.ok(phases.has(p), `no ${p} view: ${[...phases].join(", ")}`);
  for (const k of ["MOVE", "PASS"]) assert.ok(kinds.has(k), `no ${k} action: ${[...kinds].join(", ")}`);
  assert.ok(rolls > 0, "no dice rolled in two whole matches");
  console.log(`scoundrels engine views: ${views} drawn, ${fights} with a fight, actions seen ${[...kinds].join(", ")}; phases ${[...phases].join(", ")}`);
});

// An offer the engine's bots made and accepted (nothing for a face-down item), followed by the
// page as it is shown: the proposer's page and the target's both tell it as a trade. The item
// comes out of its locker under a new id, so where the offered ids went cannot tell it (the
// page once said "declined"): the view's tradedOffers does.
test("an offer accepted in an engine match is told as a trade on both seats' pages", () => {
  const m = record("trade", 3, "random", 1);
  const actions = (JSON.parse(readFileSync(m.file, "utf8")) as { actions: string[] }).actions;
  const at = actions.findIndex((a) => / accept /.test(a));
  assert.ok(at > 0, "the bots of this match make a trade");
  const id = Number(actions[at].split(" ")[2]);
  const before = viewsAt(m.file, at);
  const after = viewsAt(m.file, at + 1);
  const offer = before[0].offers.find((o) => o.id === id);
  assert.ok(offer, `offer ${id} is open before it is accepted`);
  // Items only, one asked for face down: no cargo, whose ids stay, to give the trade away.
  assert.equal(offer.giveCargo.length + offer.takeCargo.length, 0);
  assert.equal(offer.take.length, 1);
  for (const seat of [offer.from, offer.to]) {
    const v0 = before.find((v) => v.viewerSeat === seat)!;
    const v1 = after.find((v) => v.viewerSeat === seat)!;
    assert.deepEqual(v1.tradedOffers, [id]);
    const memory = followOffers(followOffers(undefined, v0, seat, new Set(), seatName), v1, seat, new Set(), seatName);
    const told: string | undefined = seat === offer.from ? memory.closed.at(-1)?.end : memory.heard?.at(-1)?.end;
    assert.equal(told, "traded", `seat ${seat}'s page`);
  }
});
