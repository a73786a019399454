// The table kit's pure parts: error sentences, outcome wording (one function for the match
// page and the replay), log naming, the reveal queue (fake clock), settings, the lobby's
// Start rule and bot names, and components rendered to strings.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { ActionSchema, ErrorCode, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import { CardPoolSchema, GameInfoSchema, LobbySchema, LobbySeatSchema, BotInfoSchema, PoolCardSchema } from "../src/gen/starport/v1/protocol_pb.js";
import { ActionButton } from "../src/kit/action_button.js";
import { titleFor } from "../src/kit/attention.js";
import { LogPanel } from "../src/kit/log_panel.js";
import { setPool, useCardNames } from "../src/decks/pool_cache.js";
import { CutHintBox, holdDecisionRoom, keepCutHintRoom, releaseDecisionRoom, TableBox } from "../src/kit/table_box.js";
import { RevealQueue, type Clock } from "../src/kit/reveal.js";
import { revealSpeed, savedPreferences, savePreferences, setRevealSpeed, soundOn, type KeyValueStore } from "../src/kit/settings.js";
import { cardOnItsWay, errorSentence, fillSeats, headingWords, moveOnItsWay, nameLength, outcomeText, readerWon, resignOnItsWay, seatNameFrom, turnAsksNow, turnWords } from "../src/kit/words.js";
import terminus from "../src/games/terminus.js";
import { botLine, startProblem } from "../src/pages/lobby.js";
import { validName } from "../src/token_store.js";
import { webClient } from "./engine_runs.js";

const names = ["Ann", "Vega", "Bob"];
const seatName = (s: number) => names[s] ?? `Seat ${s + 1}`;

test("errors read as sentences: the server's detail capitalized, never the code's name", () => {
  assert.equal(errorSentence(ErrorCode.BAD_REQUEST, "seat 2 is open"), "Seat 2 is open.");
  assert.equal(errorSentence(ErrorCode.LOBBY_FULL, ""), "That table is full.");
  assert.equal(errorSentence(ErrorCode.LIMIT_REACHED, "at most 3 lobbies!"), "At most 3 lobbies!");
  assert.equal(errorSentence("timeout", ""), "The server did not answer in time; try again.");
  for (const code of Object.values(ErrorCode).filter((c): c is ErrorCode => typeof c === "number" && c !== 0)) {
    const s = errorSentence(code, "");
    assert.doesNotMatch(s, /[A-Z]{3,}_/, `${ErrorCode[code]} reads "${s}"`);
    assert.match(s, /^[A-Z].*[.!?]$/);
  }
});

test("the outcome tells each reader: winner, loser, spectator, no winner, no result", () => {
  const o = create(OutcomeSchema, { over: true, winners: [1], reason: "last_standing" });
  assert.equal(outcomeText(o, 1, seatName), "You won (last standing).");
  assert.equal(outcomeText(o, 0, seatName), "You lost: Vega won (last standing).");
  assert.equal(outcomeText(o, null, seatName), "Vega won (last standing).");
  const shared = create(OutcomeSchema, { over: true, winners: [0, 2], reason: "" });
  assert.equal(outcomeText(shared, 0, seatName), "You won with Bob.");
  assert.equal(outcomeText(shared, null, seatName), "Ann and Bob won.");
  // A cooperative table where the reader holds seats 0 and 2: no "with" themselves.
  const team = create(OutcomeSchema, { over: true, winners: [0, 1, 2], reason: "" });
  assert.equal(outcomeText(team, 0, seatName, [0, 2]), "You won with Vega.");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [0, 2], reason: "" }), 2, seatName, [0, 2]), "You won.");
  // Judged by every held seat, not the one shown: a competitive result with two of them says which won.
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [2], reason: "" }), 0, seatName, [0, 2]), "You won as Bob.");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [1, 2], reason: "" }), 0, seatName, [0, 2]), "You won as Bob with Vega.");
  assert.equal(readerWon(create(OutcomeSchema, { over: true, winners: [2], reason: "" }), 0, [0, 2]), true);
  assert.equal(readerWon(create(OutcomeSchema, { over: true, winners: [1], reason: "" }), 0, [0, 2]), false);
  assert.equal(readerWon(create(OutcomeSchema, { over: true, winners: [1], reason: "" }), null, []), false);
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [], reason: "scored" }), null, seatName), "No one won (scored).");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [], reason: "scored" }), 0, seatName), "You lost (scored).");
  // JFK: the Eastern bloc holds no seat; the reason names it.
  const jfk = create(OutcomeSchema, { over: true, winners: [], reason: "eastern_bloc_won" });
  assert.equal(outcomeText(jfk, 0, seatName), "You lost: Eastern bloc won.");
  assert.equal(outcomeText(jfk, null, seatName), "Eastern bloc won.");
  assert.equal(outcomeText(create(OutcomeSchema, { over: false }), null, seatName), "");
  // Ended by the server (nobody could move): no one lost, not even a player.
  const stopped = create(OutcomeSchema, { over: true, winners: [], reason: "no seat had a move the rules allow", noResult: true });
  assert.equal(outcomeText(stopped, 0, seatName), "No result: the match stopped (no seat had a move the rules allow).");
  assert.equal(outcomeText(stopped, null, seatName), "No result: the match stopped (no seat had a move the rules allow).");
});

test("a game gives its reason codes words; a code it does not know keeps the default", () => {
  const reached = create(OutcomeSchema, { over: true, winners: [1], reason: "terminus" });
  assert.equal(outcomeText(reached, 0, seatName, [], terminus.reasonWords), "You lost: Vega won (reached the Terminus).");
  assert.equal(outcomeText(reached, null, seatName, [], terminus.reasonWords), "Vega won (reached the Terminus).");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [], reason: "no_ship_left" }), 0, seatName, [], terminus.reasonWords), "You lost (no Ship left in the race).");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [0], reason: "resigned" }), 0, seatName, [], terminus.reasonWords), "You won (after a resignation).");
  // Not "Vega won (resigned)", which reads as if Vega had resigned (Terminus play-test).
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [1], reason: "resigned" }), 0, seatName, [], terminus.reasonWords), "You lost: Vega won (after a resignation).");
  // Without a game's words (a game that gives none): the code with spaces, as before.
  assert.equal(outcomeText(reached, 0, seatName), "You lost: Vega won (terminus).");
});

test("a seat's name carries its seat number when another seat of the match has the same name", () => {
  const seats = [{ seat: 0, name: "Tess" }, { seat: 1, name: "Tess" }, { seat: 2, name: "Vega" }, { seat: 3, name: "" }];
  assert.equal(seatNameFrom(seats, 0), "Tess (seat 1)");
  assert.equal(seatNameFrom(seats, 1), "Tess (seat 2)");
  assert.equal(seatNameFrom(seats, 2), "Vega");
  assert.equal(seatNameFrom(seats, 3), "Seat 4");
  assert.equal(seatNameFrom(undefined, 1), "Seat 2");
  // The same scheme fills the log and the outcome: "Waiting for Tess and Tess" cannot happen.
  const name = (s: number) => seatNameFrom(seats, s);
  assert.equal(fillSeats("{seat:0} confronts {seat:1}", name), "Tess (seat 1) confronts Tess (seat 2)");
  assert.equal(outcomeText(create(OutcomeSchema, { over: true, winners: [0, 1], reason: "" }), 2, name), "You lost: Tess (seat 1) and Tess (seat 2) won.");
});

test("log lines name seats with the one naming scheme", () => {
  assert.equal(fillSeats("{seat:1} reveals Thane of the Deep Belt (8); {seat:0} flips", seatName), "Vega reveals Thane of the Deep Belt (8); Ann flips");
  assert.equal(fillSeats("{seat:7} draws", seatName), "Seat 8 draws");
  // "{card:K}": a card kind of the game's catalog, named as the CLI's fill_seat_names does.
  const cardName = (k: number) => (k === 17 ? "Thane of the Deep Belt" : `card ${k}`);
  assert.equal(fillSeats("{seat:1} reveals {card:17} (8); {seat:0} reveals {card:3} (2).", seatName, cardName), "Vega reveals Thane of the Deep Belt (8); Ann reveals card 3 (2).");
  assert.equal(fillSeats("{seat:0} reveals {card:17} (8)", seatName), "Ann reveals card 17 (8)", "no catalog yet");
  assert.equal(fillSeats("{seat:x} {card:} {other:1}", seatName, cardName), "{seat:x} {card:} {other:1}", "not a reference: left as text");
  const html = renderToString(<LogPanel lines={["{seat:0} takes Project Gemini", "{seat:2} passes", "{seat:1} reveals {card:17} (8)."]} seatName={seatName} cardName={cardName} />);
  assert.ok(html.includes("Vega reveals Thane of the Deep Belt (8)."), html);
  assert.match(html, /data-testid="log"/);
  assert.equal(html.match(/<li/g)?.length, 3);
  assert.match(html, /<li>Ann takes Project Gemini<\/li>/);
  assert.doesNotMatch(html, /\{seat:/);
});

test("a log line's card reads \"…\" while the game's catalog is on its way, its name once it is here, \"card K\" past its end", () => {
  function Line(p: { game: string }) {
    const cardName = useCardNames(p.game, true);
    return <LogPanel lines={["{seat:0} reveals {card:1} (8); {seat:1} reveals {card:7} (2)."]} seatName={(n) => ["Ann", "Vega"][n] ?? ""} cardName={cardName} />;
  }
  const waiting = renderToString(<Line game="kit_test_game" />);
  assert.ok(waiting.includes(`Ann reveals ${cardOnItsWay} (8); Vega reveals ${cardOnItsWay} (2).`), waiting);
  assert.doesNotMatch(waiting, /card 1|card 7/);
  setPool(create(CardPoolSchema, { game: "kit_test_game", cards: [create(PoolCardSchema, { index: 0, name: "Zero" }), create(PoolCardSchema, { index: 1, name: "Thane" })] }));
  const here = renderToString(<Line game="kit_test_game" />);
  assert.ok(here.includes("Ann reveals Thane (8); Vega reveals card 7 (2)."), here);
});

class FakeClock implements Clock {
  now = 0;
  timers: { at: number; fn: () => void; id: number }[] = [];
  private id = 0;
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.id;
    this.timers.push({ at: this.now + ms, fn, id });
    return id;
  }
  clearTimeout(h: unknown) {
    this.timers = this.timers.filter((t) => t.id !== h);
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const t = this.timers[0];
      if (!t || t.at > end) break;
      this.timers.shift();
      this.now = t.at;
      t.fn();
    }
    this.now = end;
  }
}

test("reveal pacing: views are presented in order, each held for its pause × the speed", () => {
  const clock = new FakeClock();
  let factor = 1;
  // a "reveal" view (odd numbers) is held 1000 ms, others not at all
  const q = new RevealQueue<number>((_prev, next) => (next % 2 ? 1000 : 0), () => factor, clock);
  const seen: number[] = [];
  q.subscribe(() => seen.push(q.presented!));
  q.push(1);
  q.push(2);
  q.push(3);
  q.push(4);
  assert.deepEqual(seen, [1], "the first reveal is held");
  assert.equal(q.pending, 3);
  clock.advance(999);
  assert.equal(q.presented, 1);
  clock.advance(1);
  assert.deepEqual(seen, [1, 2, 3], "2 has no pause, 3 is held");
  assert.equal(q.previous, 2);
  factor = 0.35;
  clock.advance(349);
  assert.equal(q.presented, 3, "speed applies to the pause begun before the change? no: read at each pause");
  clock.advance(651);
  assert.equal(q.presented, 4);
  assert.equal(q.pending, 0);
});

test("reveal pacing: Fast is 0.35×, Off shows each view at once, Skip jumps to the newest", () => {
  const clock = new FakeClock();
  let factor = 0.35;
  const q = new RevealQueue<number>(() => 1000, () => factor, clock);
  q.push(1);
  q.push(2);
  clock.advance(349);
  assert.equal(q.presented, 1);
  clock.advance(1);
  assert.equal(q.presented, 2);
  q.push(3);
  q.push(4);
  q.push(5);
  q.skip();
  assert.equal(q.presented, 5);
  assert.equal(q.pending, 0);
  factor = 0;
  q.push(6);
  clock.advance(0);
  q.push(7);
  assert.equal(q.presented, 7, "off: no waiting at all");
  q.reset(10);
  assert.equal(q.presented, 10);
  assert.equal(q.previous, undefined, "a snapshot is not animated from the old view");
});

test("settings live in the browser: reveal speed, sound off by default, preferences per game", () => {
  const m = new Map<string, string>();
  const s: KeyValueStore = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
  assert.equal(revealSpeed(s), "normal");
  setRevealSpeed("fast", s);
  assert.equal(revealSpeed(s), "fast");
  assert.equal(soundOn(s), false);
  assert.equal(savedPreferences("space_war", s), null);
  savePreferences("space_war", [2, 0], s);
  assert.deepEqual(savedPreferences("space_war", s), [2, 0]);
  assert.equal(savedPreferences("space_race", s), null);
  m.set("starport.prefs.space_race", "not json");
  assert.equal(savedPreferences("space_race", s), null);
});

test("a name's length counts characters as the server does: an emoji is one", () => {
  const emoji = "🚀".repeat(24);
  assert.equal(emoji.length, 48);
  assert.equal(nameLength(emoji), 24);
  assert.equal(validName(emoji), true);
  assert.equal(validName("🚀".repeat(25)), false);
});

test("Start is enabled only when every seat is taken and every other person is Ready", () => {
  const seat = (seat: number, o: Partial<{ open: boolean; bot: boolean; ready: boolean; name: string }>) =>
    create(LobbySeatSchema, { seat, open: false, bot: false, ready: false, name: `P${seat}`, ...o });
  const lobby = (seats: ReturnType<typeof seat>[]) => create(LobbySchema, { seats, youAreSeated: true, yourSeat: 0, youAreHost: true });
  assert.match(startProblem(lobby([seat(0, {}), seat(1, { open: true })])), /One seat is still open/);
  assert.match(startProblem(lobby([seat(0, {}), seat(1, { open: true }), seat(2, { open: true })])), /2 seats are still open/);
  assert.equal(startProblem(lobby([seat(0, {}), seat(1, { bot: true })])), "", "the host need not be ready; bots always are");
  assert.equal(startProblem(lobby([seat(0, {}), seat(1, { name: "Bob" })])), "Waiting for Bob to be ready.");
  assert.equal(startProblem(lobby([seat(0, {}), seat(1, { ready: true })])), "");
});

test("bots read as their name and kind", () => {
  const info = create(GameInfoSchema, { bots: [create(BotInfoSchema, { id: "heuristic", label: "Heuristic" })] });
  assert.equal(botLine(create(LobbySeatSchema, { name: "Vega", bot: true, botKind: "heuristic" }), info), "Vega · Heuristic bot");
  assert.equal(botLine(create(LobbySeatSchema, { name: "Rigel", bot: true, botKind: "random" }), info), "Rigel · Random bot");
});

test("the action button: sending state, a confirm sentence, keyboard-focusable while waiting", () => {
  const a = create(ActionSchema, { seat: 0, kind: 0, args: [] });
  const html = renderToString(<ActionButton action={a} label="Resign" enabled={false} sending onPress={() => {}} confirm="Really?" />);
  assert.match(html, /aria-disabled="true"/);
  assert.doesNotMatch(html, /\sdisabled/, "a disabled button would drop the keyboard focus");
  assert.match(html, /sending/);
  assert.match(html, /data-action="0"/);
  assert.match(html, />Resign</);
});

// A move just pressed is on its way until the server answers (hundreds of ms on a slow
// network): meanwhile every button waits, and a table's sentence asking for the move said
// "Your turn: …" as if nothing had been pressed. The kit's turn words say it is on its way,
// and come back to the asking sentence once nothing is in flight.
test("turn words: a move of the viewer's on its way is said so instead of being asked for again", () => {
  const ask = "Your turn: flip the top card of your deck.";
  const flip = create(ActionSchema, { seat: 0, kind: 1, args: [] });
  assert.equal(turnWords({}, ask), ask, "nothing in flight: the sentence asks");
  assert.equal(turnWords({ inFlight: { resign: false } }, ask), moveOnItsWay);
  assert.equal(moveOnItsWay, "Your move is on its way.");
  assert.equal(turnWords({ inFlight: { resign: true } }, ask), resignOnItsWay);
  assert.equal(resignOnItsWay, "Your resignation is on its way.");
  assert.equal(turnWords({ inFlight: { resign: false } }, ""), "", "no sentence, nothing to say");
  // On its way says more than the reveal's words (the move was made; none can be pending behind it).
  assert.equal(turnWords({ inFlight: { resign: false }, revealing: { yourMoveNext: true } }, ask), moveOnItsWay);
  assert.equal(turnAsksNow({}), true);
  assert.equal(turnAsksNow({ inFlight: { resign: false } }), false, "a table's asides that go with the ask wait too");
  assert.equal(turnAsksNow({ revealing: { yourMoveNext: true } }), false);
  // A heading asks the viewer only when the view lists a move of theirs; another seat's is as it is.
  assert.equal(headingWords({ viewer: 0, inFlight: { resign: false } }, [flip], "Your Movement."), moveOnItsWay);
  assert.equal(headingWords({ viewer: 1, inFlight: { resign: false } }, [flip], "Waiting for Ann."), "Waiting for Ann.");
  assert.equal(headingWords({ viewer: null, inFlight: { resign: false } }, [flip], "Waiting for Ann."), "Waiting for Ann.");
  assert.equal(headingWords({ viewer: 0 }, [flip], "Your Movement."), "Your Movement.", "answered: it asks again");
});

test("the tab title says when a move is awaited", () => {
  assert.equal(titleFor(true), "● Your turn — Starport");
  assert.equal(titleFor(false), "Starport");
});

// A word wider than a phone card once broke mid-word ("Communicati on") or was cut off
// ("BREAKTHROUG"): the name and the type line with a long word carry its width for kit.css.
test("a card's name or type with a long word is set to fit the card, a short one is not", async () => {
  const { Card } = await import("../src/kit/card.js");
  const html = renderToString(<Card name="Communication Satellite" kindLabel="Breakthrough" text="Put up to 1 card" />);
  assert.match(html, /class="card__name card__name--long" style="--fit-chars:\s*9\.88;?"/);   // 13 characters
  assert.match(html, /class="card__kind card__kind--long" style="--fit-chars:\s*9\.12;?"/);   // 12 characters
  const short = renderToString(<Card name="Gemini" kindLabel="Module" />);
  assert.doesNotMatch(short, /--long|--fit-chars/);
  assert.match(renderToString(<Card name="Counter-Measures" />), /class="card__name"/);   // it breaks at the hyphen
});

// Race to the Terminus at 390 px: most cards' text was cut after 4 lines ("Requires
// Reputation 2 or more. Gain 1…") even where the card, stretched to its row, had room for
// more, and the whole card (a tap or focus zooms it) opened where the card's surroundings
// put it: under a disabled Module's CSS filter the phone's centred zoom was centred on the
// card itself, off the screen's edge; above phone width it was centred on its card, so a
// card within 69 px of the screen's left edge opened it partly off the screen; and a
// keyword's explanation on a card was cut to a sliver by the card's frame. The text now
// takes the room the card has, and the zoom and every Tip open in the top layer, placed
// inside the screen.
test("a card shows as many lines of its text as its frame holds, never growing for them", async () => {
  const { linesToShow } = await import("../src/kit/card.js");
  const lh = 12.3;
  assert.equal(linesToShow(7, 4, 0, lh), 4, "no room: 4 lines and the ellipsis");
  assert.equal(linesToShow(7, 4, 2.5 * lh, lh), 6, "room for 2 more whole lines");
  assert.equal(linesToShow(7, 4, 10 * lh, lh), 7, "all of it where it fits, no more");
  assert.equal(linesToShow(3, 3, 40, lh), 3, "a short text is not clamped");
  assert.equal(linesToShow(9, 4, -5, lh), 4, "a card already over its frame keeps the 4 lines");
  const css = readFileSync(resolve(webClient, "src/kit/kit.css"), "utf8");
  assert.match(css, /\.card__text--clamp \{[^}]*-webkit-line-clamp: var\(--lines, 4\)/, "the clamp follows the measured lines");
});

// A game whose ability text is markup (Space Race: each ability a row with its Tips and its
// used or covered mark) passes it as the card's text too, so the kit fits it as it fits
// words; its badge line (levels, symbols) stands above the text and is never cut with it.
test("a card's text may be markup: fitted as one text on the card, whole in the zoom; badges above it", async () => {
  const { Card, CardZoom } = await import("../src/kit/card.js");
  const text = [<span key="a" class="ab">↻ Put up to 1 card from the Deck into your Hand.</span>, <span key="b" class="ab">① Uncover up to 2 covered cards.</span>];
  const card = renderToString(<Card name="Space Suit" kindLabel="Technology" badges={<b>T1</b>} text={text} />);
  assert.match(card, /<span class="card__badges"><b>T1<\/b><\/span><span class="card__text card__text--clamp"><span class="ab">↻ Put up to 1 card from the Deck into your Hand\.<\/span><span class="ab">① Uncover up to 2 covered cards\.<\/span><\/span>/);
  const zoom = renderToString(<CardZoom name="Space Suit" kindLabel="Technology" badges={<b>T1</b>} text={text} />);
  assert.match(zoom, /<span class="card__badges"><b>T1<\/b><\/span><span class="card__text"><span class="ab">↻ Put up to 1 card[^<]*<\/span><span class="ab">① Uncover up to 2 covered cards\.<\/span><\/span>/, "the whole text, not clamped");
  assert.doesNotMatch(renderToString(<Card name="Blank" />), /card__text|card__badges/);
});

test("a card's zoom and a Tip open in the top layer, placed inside the screen", async () => {
  const { CardZoom } = await import("../src/kit/card.js");
  const { Tip } = await import("../src/kit/tip.js");
  const { placeFloating } = await import("../src/kit/top_layer.js");
  const text = "Requires Reputation 2 or more. Gain 1 Proximity, then lose 1 Reputation.";
  const zoom = renderToString(<CardZoom name="Celebrity Endorsement" kindLabel="Action" text={text}><span class="tm-stat">Requires Reputation 2</span></CardZoom>);
  assert.match(zoom, /^<div popover="manual" class="card card--face card--zoom[^"]*" aria-hidden="true">/, "a popover");
  assert.match(zoom, new RegExp(`<span class="card__text">${text}</span>`), "the whole text, not clamped");
  assert.match(zoom, /Requires Reputation 2<\/span>/, "with the card's extra lines");
  assert.match(renderToString(<Tip text="Social: …">Social</Tip>), /<span class="tip__text" role="tooltip" id="[^"]+" hidden popover="manual">/);

  const css = readFileSync(resolve(webClient, "src/kit/kit.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const rules = (selector: string) => [...css.matchAll(new RegExp(`(?:^|[}\\s])${selector.replace(/[.:*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\{([^}]*)\\}`, "g"))].map((m) => m[1]).join(";");
  const open = rules(".card--zoom:popover-open");
  for (const decl of [/position:\s*fixed/, /left:\s*var\(--float-x/, /top:\s*var\(--float-y/, /transform:\s*none/, /overflow:\s*auto/, /pointer-events:\s*auto/])
    assert.match(open, decl, `the open zoom: ${decl}`);
  assert.match(open, /inset:\s*0;\s*margin:\s*auto/, "a phone centres it on the screen");
  assert.match(rules(".tip__text:popover-open"), /position:\s*fixed/);

  const desk = { w: 1280, h: 800 };
  const size = { w: 240, h: 180 };
  // A card 30 px from the left edge: centred on it, a 240 px zoom began 39 px off the screen.
  let at = placeFloating({ x: 30, y: 300, w: 102, h: 141 }, size, desk, "over");
  assert.deepEqual(at, { x: 8, y: 292 });
  at = placeFloating({ x: 1200, y: 700, w: 102, h: 141 }, size, desk, "over");
  assert.deepEqual(at, { x: desk.w - 8 - size.w, y: desk.h - 8 - size.h }, "at the right and bottom edges: inside");
  assert.deepEqual(placeFloating({ x: 500, y: 300, w: 102, h: 141 }, size, desk, "over"), { x: 431, y: 292 }, "elsewhere over the card, as before");
  assert.equal(placeFloating({ x: 500, y: 300, w: 102, h: 141 }, { w: 240, h: 1200 }, desk, "over").y, 8, "taller than the screen: from its top (it scrolls)");
  // A Tip: under its term, above it near the bottom of the screen, never past a side.
  assert.deepEqual(placeFloating({ x: 100, y: 100, w: 50, h: 20 }, { w: 200, h: 60 }, desk, "below"), { x: 100, y: 124 });
  assert.deepEqual(placeFloating({ x: 100, y: 760, w: 50, h: 20 }, { w: 200, h: 60 }, desk, "below"), { x: 100, y: 696 });
  assert.equal(placeFloating({ x: 350, y: 100, w: 30, h: 20 }, { w: 280, h: 60 }, { w: 390, h: 844 }, "below").x, 390 - 8 - 280);
});

// The zoom is aria-hidden (the card itself is read, text and all), yet its keyword Tips were
// tab stops: focusable content screen readers are told is not there (axe: aria-hidden-focus),
// and Tab met every keyword twice, the card's and the zoom's. They are no tab stops now, but
// still focusable (tabindex -1) so a tap on one opens it (`inert` would refuse the tap).
test("a card zoom's keyword Tips are no tab stops; the card's own Tips are", async () => {
  const { Card, CardZoom } = await import("../src/kit/card.js");
  const { Tip } = await import("../src/kit/tip.js");
  const tags = <span class="tm-tags"><Tip text="Affects a Ship's Crew." class="tm-tag">Crew</Tip><Tip text="Played at any time." class="tm-tag">Instant</Tip></span>;
  const zoom = renderToString(<CardZoom name="Tactical Retreat" kindLabel="Action" text="Move a Ship back.">{tags}</CardZoom>);
  assert.match(zoom, /^<div popover="manual" class="card card--face card--zoom[^"]*" aria-hidden="true">/, "hidden from screen readers");
  const zoomTips = [...zoom.matchAll(/<span class="tip tm-tag"[^>]*>/g)].map((m) => m[0]);
  assert.equal(zoomTips.length, 2);
  for (const t of zoomTips) assert.match(t, /tabindex="-1"/, `a tap may focus it, Tab never: ${t}`);
  assert.doesNotMatch(zoom, /tabindex="(?!-1")/, "nothing in the zoom is in the tab order");
  assert.doesNotMatch(zoom, /<(button|a|input|select|textarea)\b/);
  const card = renderToString(<Card name="Tactical Retreat" kindLabel="Action" text="Move a Ship back.">{tags}</Card>);
  assert.equal([...card.matchAll(/<span class="tip tm-tag" tabindex="0"/g)].length, 2, "the card's own keywords stay tab stops");
});

// With a card's zoom open (the keyboard focus on the card), Tab went on to the card's own
// keyword Tips, whose focus ring was then drawn under the zoom: Space Race's "T1" at 1280 px
// was wholly hidden, its explanation opened over the zoom's own text. And the zoom closed only
// on the card's own blur, so Tabbing on from a keyword left it open: one zoom per card passed
// stayed on the screen. The zoom is the focused card's: a keyword of the card taking the focus
// closes it, the card taking it back opens it, the focus leaving the card closes it.
test("a card's zoom gets out of the way of its focused keyword, and closes when the focus leaves the card", async () => {
  const { zoomOnFocusIn, zoomOnFocusOut, zoomOnKey } = await import("../src/kit/card.js");
  // Stand-ins for the card, its own keyword, the zoom's keyword and something outside.
  const zoom = { closest: (sel: string) => (sel === ".card--zoom" ? zoom : null) };
  const zoomTip = { closest: (sel: string) => (sel === ".card--zoom" ? zoom : null) };
  const cardTip = { closest: () => null };
  const outside = { closest: () => null };
  const inside = new Set<unknown>([cardTip, zoomTip, zoom]);
  const card = { closest: () => null, contains: (n: unknown) => n === card || inside.has(n) } as unknown as EventTarget;
  const t = (x: unknown) => x as EventTarget;
  assert.equal(zoomOnFocusIn(card, card, false), true, "the keyboard focus on the card opens it");
  assert.equal(zoomOnFocusIn(card, card, true), undefined, "a tap's click decides");
  assert.equal(zoomOnFocusIn(card, t(cardTip), false), false, "Tab on to the card's keyword: out of its way");
  assert.equal(zoomOnFocusIn(card, t(zoomTip), true), undefined, "a keyword tapped in the zoom keeps it");
  assert.equal(zoomOnFocusOut(card, t(cardTip)), undefined, "to a keyword of the card: its focusin decides");
  assert.equal(zoomOnFocusOut(card, t(outside)), false, "out of the card: closed, from the card or its keyword");
  assert.equal(zoomOnFocusOut(card, null), false, "out of the page");
  assert.equal(zoomOnKey("Escape", false), "close");
  assert.equal(zoomOnKey("Enter", true), "toggle", "Enter on the card zooms it");
  assert.equal(zoomOnKey(" ", true), "toggle");
  assert.equal(zoomOnKey("Enter", false), undefined, "Enter on a keyword does not open the zoom over it");
  assert.equal(zoomOnKey("Tab", true), undefined);
});

test("the subset picker maps ticked places to the listed action, and says so when none matches", async () => {
  const { chosenPlaces, maskOf, SubsetPicker } = await import("../src/kit/subset_picker.js");
  assert.deepEqual(chosenPlaces(new Set([3, 0, 7]), 4), [0, 3]);
  assert.equal(maskOf([0, 3]), 0b1001);
  assert.equal(maskOf([]), 0);
  const Button = (p: { action: { args: number[] }; children?: unknown }) => <button type="button" data-args={p.action.args.join(",")}>{p.children as string}</button>;
  const items = ["A", "B"].map((n) => ({ key: n, name: n, children: <span>{n}</span> }));
  const listed = [create(ActionSchema, { seat: 0, kind: 3, args: [1] })];
  const draw = (actions: typeof listed) => renderToString(
    <SubsetPicker legend="Pick" items={items} toggle="Take" actions={actions} actionFor={(c) => actions.find((a) => a.args[0] === maskOf(c))}
      label={(a) => `Send ${a.args[0]}`} Button={Button as never} name="t" />);
  // Nothing ticked is mask 0, which is not listed here: no button, a sentence instead.
  assert.doesNotMatch(draw(listed), /<button/);
  assert.match(draw(listed), /That choice is not allowed now/);
  const both = [...listed, create(ActionSchema, { seat: 0, kind: 3, args: [0] })];
  assert.match(draw(both), /<button type="button" data-args="0">Send 0<\/button>/);
  assert.equal([...draw(both).matchAll(/type="checkbox" name="t"/g)].length, 2);
});

// Terminus's mulligan on a phone: four cards and their "Replace" toggles wrapped 3 + 1 at 390 px.
// The picker's row is 350 px wide there (measured in Chromium at 390 × 844); the kit's phone
// rules must give four items a row, each card at least 5rem (a 9-letter word whole), and stack
// each checkbox over its word so no toggle is wider than its card.
test("the subset picker puts four cards on one row of a 390 px phone, and stays as it was on a desktop", async () => {
  const { SubsetPicker } = await import("../src/kit/subset_picker.js");
  const items = ["A", "B", "C", "D"].map((n) => ({ key: n, name: n, children: <span>{n}</span> }));
  const html = renderToString(<SubsetPicker legend="Pick" items={items} toggle="Replace" actions={[]} actionFor={() => undefined}
    label={() => ""} Button={(() => null) as never} />);
  assert.match(html, /class="card-row subset-picker__items" style="--items:\s*4;?"/, "the picker tells the CSS how many share the row");
  const css = readFileSync(resolve(webClient, "src/kit/kit.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const phoneBlocks = [...css.matchAll(/@media \(max-width: 480px\) \{((?:[^{}]*\{[^}]*\})*)\s*\}/g)].map((m) => m[1]).join("\n");
  const rule = (selector: string, css: string) => {
    const m = new RegExp(`(^|\\}|\\n)\\s*${selector.replace(/[.*+?^${}()|[\]\\>]/g, "\\$&")}\\s*\\{([^}]*)\\}`).exec(css);
    return m ? m[2] : "";
  };
  const prop = (body: string, name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(body)?.[1].trim() ?? "";
  const rem = 16;
  // A length of kit.css in px: rem, px, 100cqi (the row) and var(--items), inside calc/min/max.
  const px = (value: string, row: number, count: number) => Function(`return ${value
    .replace(/var\(--items\)/g, String(count)).replace(/100cqi/g, String(row))
    .replace(/calc\(/g, "(").replace(/\bmin\(/g, "Math.min(").replace(/\bmax\(/g, "Math.max(")
    .replace(/(\d*\.?\d+)rem/g, (_, n) => String(Number(n) * rem)).replace(/(\d*\.?\d+)px/g, "$1")}`)() as number;
  const cardW = prop(rule(".subset-picker__item > .card", phoneBlocks), "--card-w");
  assert.ok(cardW, "a phone rule sizes the picker's cards");
  const gap = px(prop(rule(".subset-picker__items", phoneBlocks), "gap") || ".35rem", 0, 0);
  const pad = px(prop(rule(".subset-picker__item", phoneBlocks), "padding") || ".2rem", 0, 0);
  const row = 350;
  const card = px(cardW, row, 4);
  assert.ok(card >= 5 * rem, `a card of ${card} px keeps a 9-letter word whole`);
  assert.ok(4 * (card + 2 * pad) + 3 * gap <= row, `four items of ${card + 2 * pad} px and three gaps of ${gap} px fit ${row} px`);
  assert.ok(px(cardW, 1000, 2) <= 5.2 * rem, "never wider than the kit's phone card");
  assert.match(rule(".subset-picker__toggle", phoneBlocks), /flex-direction:\s*column/, "the checkbox over its word");
  // The desktop rules are the kit's: nothing outside the phone block sizes the picker's cards.
  assert.equal(rule(".subset-picker__item > .card", css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}/g, "")), "");
});

// The hint on cut cards (kit/table_box.tsx, first in every page's table box) shows only while
// a card of that table is cut: the kit marks such a card `data-cut` (card.tsx). Hidden
// otherwise, so a table whose cards all fit, and a box without cards, say nothing; once
// shown, it keeps its room (invisible) so the moves under it do not jump as it comes and goes.
// The same box holds the deck builder's pool (`CutHintBox`; `TableBox` is one), so the rules
// are on the box's kit class, not the table's.
test("kit.css: the cut-card hint is seen only while a card of its box is marked data-cut", () => {
  const css = readFileSync(resolve(webClient, "src/kit/kit.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const rules = [...css.matchAll(/([^{}]*\.cut-hint[^{}]*)\{([^}]*)\}/g)].map((m) => ({ selector: m[1].trim(), body: m[2] }));
  const rule = (selector: string) => rules.find((r) => r.selector === selector)?.body ?? "";
  assert.match(rule(".cut-hint"), /display:\s*none/, "hidden by default");
  assert.match(rule(".cut-hint-box:has(.card[data-cut]) > .cut-hint"), /display:\s*block;\s*visibility:\s*visible/, "seen under a cut card's box");
  assert.match(rule(".cut-hint-box[data-cut-seen] > .cut-hint"), /display:\s*block;\s*visibility:\s*hidden/, "its room kept, invisible, once seen");
  assert.deepEqual(rules.map((r) => r.selector).sort(),
    [".cut-hint", ".cut-hint-box:has(.card[data-cut]) > .cut-hint", ".cut-hint-box[data-cut-seen] > .cut-hint"].sort(), "no other rule shows it");
  // The :has rule comes last: a cut card shows the hint in a box that already kept its room.
  assert.ok(css.indexOf(".cut-hint-box:has(.card[data-cut]) > .cut-hint") > css.indexOf(".cut-hint-box[data-cut-seen] > .cut-hint"));
});

// CutHintBox: the hint first, then what it is given, in a box with the kit's class beside the
// page's own; TableBox is the same box for a table, with its focus target and name.
test("CutHintBox and TableBox: the hint first in a cut-hint-box, the page's class and attributes kept", () => {
  const hint = /^<p class="muted cut-hint" aria-hidden="true">A card’s text ends in “…” where it does not fit: tap or click the card to read all of it\.<\/p>/;
  const open = /^<div class="([^"]*)"([^>]*)>([\s\S]*)<\/div>$/;
  const [, cls, attrs, inner] = renderToString(<CutHintBox class="pool-box" data-x="1"><ul /></CutHintBox>).match(open) ?? [];
  assert.equal(cls, "pool-box cut-hint-box");
  assert.equal(attrs, ' data-x="1"');
  assert.match(inner, hint);
  assert.match(inner, /<\/p><ul><\/ul>$/);
  assert.match(renderToString(<CutHintBox><i /></CutHintBox>), /^<div class="cut-hint-box"><p class="muted cut-hint"/);
  const [, tcls, tattrs] = renderToString(<TableBox tabIndex={-1} role="region" aria-label="Table"><i /></TableBox>).match(open) ?? [];
  assert.equal(tcls, "table-box cut-hint-box");
  assert.equal(tattrs, ' tabindex="-1" role="region" aria-label="Table"');
});

// keepCutHintRoom marks the box once a card in it is cut, then stops watching; never before.
test("the table box keeps the hint's room from the first cut card on, and not before", () => {
  let cut = false;
  const attrs = new Set<string>();
  const box = { querySelector: (sel: string) => (sel === ".card[data-cut]" && cut ? {} : null), setAttribute: (a: string) => void attrs.add(a) } as unknown as Element;
  const observers: { fire: () => void; on: boolean; options?: MutationObserverInit }[] = [];
  const saved = (globalThis as { MutationObserver?: unknown }).MutationObserver;
  (globalThis as { MutationObserver?: unknown }).MutationObserver = class {
    o: { fire: () => void; on: boolean; options?: MutationObserverInit };
    constructor(cb: () => void) { this.o = { fire: cb, on: false }; observers.push(this.o); }
    observe(_t: Node, options: MutationObserverInit) { this.o.on = true; this.o.options = options; }
    disconnect() { this.o.on = false; }
  };
  try {
    const stop = keepCutHintRoom(box);
    assert.equal(attrs.size, 0, "no card cut yet: no room kept");
    assert.equal(observers.length, 1);
    assert.deepEqual(observers[0].options?.attributeFilter, ["data-cut"], "watches the kit's cut marks in the whole table");
    assert.equal(observers[0].options?.subtree, true);
    observers[0].fire();
    assert.equal(attrs.size, 0, "a change that cut nothing");
    cut = true;
    observers[0].fire();
    assert.deepEqual([...attrs], ["data-cut-seen"], "a card cut: the room is kept from now on");
    assert.equal(observers[0].on, false, "and the box is no longer watched");
    stop();
    // A table already showing a cut card when the box is drawn: marked at once.
    attrs.clear();
    keepCutHintRoom(box);
    assert.deepEqual([...attrs], ["data-cut-seen"]);
    assert.equal(observers.length, 1, "nothing to watch");
  } finally {
    (globalThis as { MutationObserver?: unknown }).MutationObserver = saved;
  }
});

// "Your move is on its way." is shorter than most questions it stands for: on a phone the
// buttons under Scoundrels' three-line "Your Movement: …" moved up two lines as they were
// pressed, and a quick second tap landed on the map. At the press the decision sentences keep
// the height they had, and let it go once the answer is drawn.
test("the table box holds its decision sentences' room while a move is on its way, and lets it go", () => {
  const el = (height: string) => {
    const style = new Map<string, string>();
    const attrs = new Set<string>();
    return {
      height,
      style: {
        set minHeight(v: string) { style.set("min-height", v); },
        get minHeight() { return style.get("min-height") ?? ""; },
        removeProperty: (p: string) => void style.delete(p),
      },
      setAttribute: (a: string) => void attrs.add(a),
      removeAttribute: (a: string) => void attrs.delete(a),
      attrs,
    };
  };
  const decisions = [el("72px"), el("20px")];
  const asked: string[] = [];
  const box = {
    querySelectorAll: (sel: string) => {
      asked.push(sel);
      return sel.endsWith("[data-held]") ? decisions.filter((d) => d.attrs.has("data-held")) : decisions;
    },
  } as unknown as Element;
  const saved = (globalThis as { getComputedStyle?: unknown }).getComputedStyle;
  (globalThis as { getComputedStyle?: unknown }).getComputedStyle = (e: { height: string }) => ({ height: e.height });
  try {
    holdDecisionRoom(box);
    assert.equal(asked[0], ".decision, [data-hold-room]", "every table's decision sentence (the five tables' class), and lines that give way with it (S.P.A.C.E.'s \"waits for your answer\")");
    assert.deepEqual(decisions.map((d) => d.style.minHeight), ["72px", "20px"], "each keeps the height it had at the press");
    releaseDecisionRoom(box);
    assert.deepEqual(decisions.map((d) => d.style.minHeight), ["", ""], "the answer's sentence takes its own room");
    assert.deepEqual(decisions.map((d) => d.attrs.size), [0, 0]);
    holdDecisionRoom(null);   // no table drawn yet
    releaseDecisionRoom(undefined);
  } finally {
    (globalThis as { getComputedStyle?: unknown }).getComputedStyle = saved;
  }
});
