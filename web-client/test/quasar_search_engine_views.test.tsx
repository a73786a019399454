// The Quasar Search table over the engine's own Missions: `starport simulate --record`
// plays them (short options, so a Mission is quick and still has several Acts),
// `starport scenario --at N` prints every seat's view along the way; each view is drawn for
// its own seat and must offer one button per legal action (Resign aside), each labelled in
// players' words (never a fallback such as "Move 3", "Option 2" or "a face-down card"),
// with a heading; a card another seat chose in secret is a nameless back, and no card of
// another seat's hand is ever drawn; the Mission's end shows its Ending Letter and text.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { MatchInfoSchema, MatchSeatSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionKind, PromptKind, Step, ViewSchema, type View } from "../src/gen/starport/v1/quasar_search_pb.js";
import { QuasarSearchTable } from "../src/games/quasar_search/table.js";
import { actionCard, actionLabel, decisionHeading } from "../src/games/quasar_search/words.js";
import type { TableContext } from "../src/games/types.js";
import { engineRuns } from "./engine_runs.js";
import { Button, seatName } from "./table_fixtures.js";

const { record, viewsAt } = engineRuns("quasar_search", ViewSchema);

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

const decode = (s: string) => s.replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\s+/g, " ").trim();
const buttonsOf = (html: string) => [...html.matchAll(/<button type="button"[^>]*data-kind="(\d+)" data-args(?:="([^"]*)")?[^>]*>(.*?)<\/button>/g)].map((m) => ({ kind: Number(m[1]), args: m[2] ?? "", text: decode(m[3]) }));
const fallback = /undefined|NaN|\bMove \d|\bOption \d|face-down card|Boon outcome \d|effect \d|Rank card \d/;

test("every seat's view of 2- and 4-seat engine Missions draws one labelled button per legal action", () => {
  const steps = new Set<string>();
  const kinds = new Set<string>();
  const prompts = new Set<string>();
  const letters = new Set<string>();
  let views = 0;
  let secrets = 0, forced = 0;
  let maxAct = 0;
  let orders = 0;
  let freeTriggers = 0;
  for (const [name, players, bots, seed] of [["two", 2, "heuristic", 3], ["four", 4, "random,heuristic", 8]] as const) {
    const m = record(name, players, bots, seed, JSON.stringify({ difficulty: "EASY", challengesPerAct: 2 }));
    assert.ok(m.actions > 20, `${name}: a real Mission (${m.actions} actions)`);
    const samples = Math.min(m.actions, 70);
    for (let i = 0; i <= samples; i++) {
      const at = Math.round((m.actions * i) / samples);
      for (const view of viewsAt(m.file, at)) {
        const where = `${name}, after ${at} actions, seat ${view.viewerSeat}`;
        const html = renderToString(<QuasarSearchTable view={view} ctx={ctxFor(view)} />);
        const buttons = buttonsOf(html);
        const legal = view.legalActions.filter((a) => a.seat === view.viewerSeat && a.kind !== ActionKind.RESIGN);
        assert.equal(buttons.length, legal.length, `${where}: ${buttons.length} buttons for ${legal.length} legal actions`);
        for (const a of legal) {
          const label = actionLabel(a, view, seatName);
          assert.ok(label.length > 0 && !fallback.test(label), `${where}: action ${ActionKind[a.kind]} ${a.args.join(",")} labelled "${label}"`);
          // The engine's phase prefix ("PRE-CLEANUP | …") is the phase under way: noise on a button.
          assert.doesNotMatch(label, /\b[A-Z][A-Z -]+ \| /, `${where}: ${ActionKind[a.kind]} labelled "${label}" keeps a phase prefix`);
          if (a.kind === ActionKind.ORDER) orders++;
          // A free Trigger's card says "You may: …"; the button is the choosing, so it does not.
          if (a.kind === ActionKind.TRIGGER) {
            assert.doesNotMatch(label, /You may:/, `${where}: "${label}"`);
            if (/You may:/.test(actionCard(view, a)?.effects[a.args[1]]?.text ?? "")) freeTriggers++;
          }
          assert.equal(buttons.filter((b) => b.kind === a.kind && b.args === a.args.join(",")).length, 1, `${where}: one button for ${ActionKind[a.kind]} ${a.args.join(",")}`);
          // A Rank is named by the prompt's choice (args[0] is its place among all the
          // Faction's Rank cards, used ones included).
          if (a.kind === ActionKind.CHOOSE_RANK) {
            const choice = view.prompt?.choices.find((c) => c.kind === a.kind && c.value === a.args[0]);
            assert.equal(label, `Choose ${choice?.label}`, `${where}: the Rank chosen`);
          }
          kinds.add(ActionKind[a.kind]);
        }
        if (legal.length) assert.ok(decisionHeading(view, view.viewerSeat, seatName).length > 0, `${where}: no heading`);
        // A card chosen in secret by another seat is a back without a name; an Overcommit's
        // forced card (the top of its Deck, no choice) is face up for everyone, and says so.
        for (const c of view.confrontation) {
          if (c.revealed || c.seat === view.viewerSeat) continue;
          const slot = html.match(new RegExp(`<li class="qs-slot[^"]*" data-seat="${c.seat}"[^>]*>(.*?)</li>`))?.[1] ?? "";
          if (c.forced) {
            assert.ok(c.card, `${where}: seat ${c.seat}'s forced card is in the view`);
            assert.match(slot, /card__name/, `${where}: seat ${c.seat}'s forced card is named`);
            assert.match(slot, /Overcommit/, `${where}: seat ${c.seat}'s forced card says why`);
            forced++;
            continue;
          }
          assert.equal(c.card, undefined, `${where}: seat ${c.seat}'s secret card is in the view`);
          assert.doesNotMatch(slot, /card__name/, `${where}: seat ${c.seat}'s secret card is named`);
          if (c.committed) secrets++;
        }
        // Another seat's hand: never in a seat's view, never drawn.
        for (const s of view.seats) if (s.seat !== view.viewerSeat) assert.equal(s.hand.length, 0, `${where}: seat ${s.seat}'s hand is in the view`);
        assert.doesNotMatch(html, /data-testid="qs-other-hand"/, where);
        if (view.step === Step.MISSION_RESOLUTION || view.outcome?.over) {
          assert.ok(view.endingLetter, `${where}: the end has an Ending Letter`);
          assert.match(html, new RegExp(`data-testid="qs-ending" data-letter="${view.endingLetter}"`), where);
          if (view.endingText) assert.ok(decode(html).includes(decode(view.endingText)), `${where}: the Ending's text`);
          letters.add(view.endingLetter);
        }
        if (view.prompt) prompts.add(PromptKind[view.prompt.kind]);
        maxAct = Math.max(maxAct, view.actsPlayed);
        steps.add(Step[view.step]);
        views++;
      }
    }
  }
  assert.ok(views > 100, `too few views drawn (${views})`);
  for (const k of ["CHOOSE_RANK", "CONFRONT"]) assert.ok(kinds.has(k), `no ${k} action: ${[...kinds].join(", ")}`);
  assert.ok(secrets > 0, "no secret choice seen in the Confrontation");
  assert.ok(maxAct >= 2, `the Missions reached Act ${maxAct} only`);
  assert.ok(letters.size > 0, "no Mission reached its Ending");
  assert.ok(orders > 0, "no Team Leader's order of effects was labelled");
  assert.ok(freeTriggers > 0, "no free Trigger (\"You may:\") was labelled");
  console.log(`quasar_search engine views: ${views} drawn, ${secrets} secret picks, ${forced} forced (Overcommit), acts up to ${maxAct}, endings ${[...letters].join(", ")}, kinds ${[...kinds].join(", ")}, prompts ${[...prompts].join(", ")}, steps ${[...steps].join(", ")}`);
});
