// Pages rendered to strings (preact-render-to-string), without a browser: the first
// visit, the lobby's Start rule and bot names, the match page's move panel, end banner
// and log after a snapshot, and the replay's outcome in the match page's words.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { create, toBinary } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { App } from "../src/app.js";
import { ActionSchema, ErrorCode, OutcomeSchema } from "../src/gen/starport/v1/common_pb.js";
import {
  BotInfoSchema,
  GameInfoSchema,
  LobbySchema,
  LobbySeatSchema,
  LobbySettingsSchema,
  MatchInfoSchema,
  MatchSeatSchema,
  PreferenceInfoSchema,
  ViewUpdateSchema,
  WelcomeSchema,
} from "../src/gen/starport/v1/protocol_pb.js";
import { OpponentSchema as SrOpponentSchema, Phase as SrPhase, SeatSchema as SrSeatSchema, Variant as SrVariant, ViewSchema as SrViewSchema } from "../src/gen/starport/v1/space_race_pb.js";
import { ActionKind, LastContestSchema, Phase, SeatSchema, ViewSchema } from "../src/gen/starport/v1/space_war_pb.js";
import { gameEntries, loadAllGames } from "../src/games/index.js";
import { HomePage } from "../src/pages/home.js";
import { LobbyPage } from "../src/pages/lobby.js";
import { focusAfterLoss, MatchPage } from "../src/pages/match.js";
import { ReplayPage } from "../src/pages/replay.js";
import { diffViews } from "../src/view_diff.js";
import { packedReady } from "../src/packed_view.js";
import { stubBrowserGlobals } from "./browser_globals.js";
import { FakeSocket } from "./fake_socket.js";

stubBrowserGlobals();
await loadAllGames();

// Text as preact-render-to-string writes it into HTML.
const escapeHtml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function app(name = "") {
  const a = new App({ openSocket: () => { throw new Error("no sockets in unit tests"); } });
  a.identity.name = name;
  a.identity.token = "";
  return a;
}

test("a first visit says what Starport is and lists its games before the name form", () => {
  const html = renderToString(<HomePage app={app()} />);
  assert.match(html, /data-first-visit/);
  assert.match(html, /Welcome to Starport/);
  assert.match(html, /Space War: in Space!/);
  assert.match(html, /Space Race: The Card Game/);
  assert.ok(html.indexOf("data-first-visit") < html.indexOf('name="display-name"'), "the games come before the name form");
  // The first render (no game module is loaded in it: useGames' effect has not run) already
  // says what each game is, so nothing above the Play button grows when the modules arrive.
  for (const g of gameEntries) {
    assert.ok(g.blurb.length > 20, `${g.id} has a blurb`);
    assert.ok(html.includes(escapeHtml(g.blurb)), `the first render shows ${g.id}'s blurb`);
  }
});

test("the lobby: Start disabled with its reason while a seat is open; bots read name · kind", () => {
  const a = app("Hana");
  // The server's catalog, as a Welcome brings it: the bot kinds the host may add.
  a.conn.welcome = create(WelcomeSchema, {
    games: [create(GameInfoSchema, { id: "space_war", minSeats: 2, maxSeats: 6, bots: [create(BotInfoSchema, { id: "heuristic", label: "Heuristic" }), create(BotInfoSchema, { id: "random", label: "Random" })] })],
  });
  const lobby = create(LobbySchema, {
    lobbyId: "L1",
    settings: create(LobbySettingsSchema, { game: "space_war", seats: 3 }),
    seats: [
      create(LobbySeatSchema, { seat: 0, name: "Hana", host: true, connected: true }),
      create(LobbySeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" }),
      create(LobbySeatSchema, { seat: 2, open: true }),
    ],
    youAreHost: true,
    youAreSeated: true,
    yourSeat: 0,
  });
  a.lobbies.set("L1", lobby);
  const html = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.match(html, /<button[^>]*name="start"[^>]*disabled/);
  assert.match(html, /One seat is still open/);
  assert.match(html, /Vega · Heuristic bot/);
  assert.match(html, /name="add-bot-2"/);
});

test("the lobby of a table whose match runs leads to the match, and offers no Start, Ready, Add bot or Remove", () => {
  const a = app("Hana");
  a.conn.welcome = create(WelcomeSchema, {
    games: [create(GameInfoSchema, { id: "space_war", minSeats: 2, maxSeats: 6, bots: [create(BotInfoSchema, { id: "heuristic", label: "Heuristic" })] })],
  });
  const lobby = create(LobbySchema, {
    lobbyId: "L1",
    settings: create(LobbySettingsSchema, { game: "space_war", seats: 3 }),
    seats: [
      create(LobbySeatSchema, { seat: 0, name: "Hana", host: true, connected: true, ready: true }),
      create(LobbySeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" }),
      create(LobbySeatSchema, { seat: 2, open: true }),
    ],
    matchId: "M7",
    lastMatchId: "M6",   // a rematch: the last match ended, this one runs
    inviteCode: "c0de",
    youAreHost: true,
    youAreSeated: true,
    yourSeat: 0,
  });
  a.lobbies.set("L1", lobby);
  const html = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.match(html, /data-running-match="M7"/);
  assert.match(html, /Your match at this table is being played\.<\/span><a class="button primary" href="#\/match\/M7"[^>]*>Back to the match<\/a>/);
  assert.doesNotMatch(html, /The last match at this table has ended/);
  for (const gone of [/name="start"/, /name="ready"/, /name="add-bot-2"/, /Remove bot/, /data-ready=/, /name="invite-link"/])
    assert.doesNotMatch(html, gone);
  // A guest's page likewise: no Ready, and no invite link (joining would be refused: LOBBY_FULL).
  a.lobbies.set("L1", create(LobbySchema, { ...lobby, seats: [...lobby.seats.slice(0, 2), create(LobbySeatSchema, { seat: 2, name: "Ivo", connected: true })], youAreHost: false, yourSeat: 2 }));
  const guest = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  for (const gone of [/name="ready"/, /name="invite-link"/]) assert.doesNotMatch(guest, gone);
  assert.match(guest, /data-running-match="M7"/);
  // The same table between matches offers them again.
  a.lobbies.set("L1", create(LobbySchema, { ...lobby, matchId: "" }));
  const between = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  for (const back of [/name="start"/, /name="add-bot-2"/, /Remove bot/, /The last match at this table has ended/, /name="invite-link"/])
    assert.match(between, back);
  assert.doesNotMatch(between, /name="ready"/, "the host has no Ready box: Start says it");
  // A private table's match admits only its players, whatever allow_spectators says.
  const line = (isPrivate: boolean, seats: number) => {
    a.lobbies.set("L1", create(LobbySchema, { ...lobby, settings: create(LobbySettingsSchema, { game: "space_war", seats, isPrivate, allowSpectators: true }) }));
    return renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />).match(/<ul class="settings"><li>(.*?)<\/li>/)?.[1];
  };
  assert.equal(line(true, 3), "3 seats · private · no spectators");
  assert.equal(line(false, 1), "1 seat · public · spectators allowed");
});

// Platform play-test: a match started after the page connected, its lobby then left, vanished
// from the home page until a reload (only Welcome's list was read).
test("Your tables lists a match started since the page connected, also after its lobby is left, named by its game", async () => {
  await packedReady;
  const sockets: FakeSocket[] = [];
  const a = new App({ openSocket: () => { const s = new FakeSocket(); sockets.push(s); return s; } });
  a.identity.name = "Ada";
  a.conn.start();
  const socket = sockets[0];
  socket.open();
  // Welcome names one running match, with its game.
  socket.push({ requestId: socket.sent[0].requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ada", activeMatches: ["M1"], activeMatchGames: ["space_race"] } } });
  assert.deepEqual(a.runningMatches(), ["M1"]);
  assert.equal(a.gameOfMatch("M1"), "space_race");
  // Ada starts a match at her table, then leaves the lobby (her seat in the match stays hers).
  const lobby = create(LobbySchema, {
    lobbyId: "L2", settings: create(LobbySettingsSchema, { game: "space_war", seats: 2 }), matchId: "M2", youAreSeated: true, yourSeat: 0,
    seats: [create(LobbySeatSchema, { seat: 0, name: "Ada", host: true }), create(LobbySeatSchema, { seat: 1, name: "Vega", bot: true })],
  });
  socket.push({ body: { case: "lobby", value: lobby } });
  socket.push({ body: { case: "lobbyClosed", value: { lobbyId: "L2", reason: "you left" } } });
  assert.deepEqual(a.runningMatches(), ["M1", "M2"]);
  await new Promise((r) => setTimeout(r, 0));
  const html = renderToString(<HomePage app={a} />);
  assert.match(html, /data-match-link="M2"[^>]*>[^<]*Space War/);
  assert.match(html, /data-match-link="M1"[^>]*>[^<]*Space Race/);
  // A match seen over leaves the list; a spectator's match never joins it.
  socket.push({ body: { case: "match", value: create(MatchInfoSchema, { matchId: "M2", game: "space_war", over: true }) } });
  socket.push({ body: { case: "match", value: create(MatchInfoSchema, { matchId: "M3", game: "space_war", spectator: true }) } });
  assert.deepEqual(a.runningMatches(), ["M1"]);
});

test("the match page: the newest view's moves in the panel, Resign apart, the log named, the end banner per reader", () => {
  const a = app("Ann");
  const session = a.match("m1");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m1", game: "space_war", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" })],
  }));
  const flip = create(ActionSchema, { seat: 0, kind: ActionKind.FLIP });
  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m1", number: 3n, snapshot: true,
    view: toBinary(ViewSchema, create(ViewSchema, { legalActions: [flip], viewerSeat: 0, contest: 1, seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })] })),
    logHistory: ["{seat:1} flips", "{seat:0} flips"],
  }));
  let html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m1" }} />);
  assert.match(html, /data-testid="log"/);
  assert.match(html, /<li>Vega flips<\/li><li>Ann flips<\/li>/, "the log after a reload, seats named");
  assert.match(html, /name="resign"/);
  assert.doesNotMatch(html, /class="resign[^"]*action/, "Resign is not a move");
  assert.match(html, new RegExp(`data-action="${ActionKind.FLIP}"`), "the flip is offered (by the table or the move panel)");
  assert.match(html, /Your turn\./, "announced to screen readers");
  assert.match(html, /name="rules"/);

  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m1", number: 9n, snapshot: true,
    view: toBinary(ViewSchema, create(ViewSchema, { viewerSeat: 0, contest: 9, outcome: create(OutcomeSchema, { over: true, winners: [1], reason: "last_standing" }) })),
  }));
  html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m1" }} />);
  assert.match(html, /data-testid="outcome"[^>]*>You lost: Vega won \(last standing\)\.</);
  assert.match(html, /class="card-box end-banner"/, "a loss: the banner's red edge");
  assert.match(html, /name="turn-sound"/);
  assert.doesNotMatch(html, /name="resign"/, "no resign once it is over");
  session.dispose();
  // A spectator's page: no "Sound on my turn" (it has no turn), and the end neither won nor lost.
  const w = app("Carl");
  const watched = w.match("m2");
  watched.onInfo(create(MatchInfoSchema, {
    matchId: "m2", game: "space_war", spectator: true,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" })],
  }));
  watched.onUpdate(create(ViewUpdateSchema, {
    matchId: "m2", number: 9n, snapshot: true,
    view: toBinary(ViewSchema, create(ViewSchema, { contest: 9, outcome: create(OutcomeSchema, { over: true, winners: [1], reason: "last_standing" }) })),
  }));
  const seen = renderToString(<MatchPage app={w} route={{ page: "match", matchId: "m2" }} />);
  assert.match(seen, /class="card-box end-banner watched"/);
  assert.match(seen, /data-testid="outcome"[^>]*>Vega won \(last standing\)\.</);
  assert.doesNotMatch(seen, /name="turn-sound"/);
  watched.dispose();
});

// Only Terminus said how to read a card whose text is cut ("…"); the other games' cut cards
// had no such line. The kit says it once, first in the box every page draws a table in —
// the match page's and the replay's — so every game's table has it, live and replayed, and
// kit.css shows it only while a card of that table is cut (kit.test.tsx).
const cutHint = /<p class="muted cut-hint" aria-hidden="true">A card’s text ends in “…” where it does not fit: tap or click the card to read all of it\.<\/p>/;
test("the match page and the replay open the table's box with the kit's hint on cut cards, once, hidden from screen readers", () => {
  const a = app("Ann");
  const session = a.match("m7");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m7", game: "space_war", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" })],
  }));
  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m7", number: 3n, snapshot: true,
    view: toBinary(ViewSchema, create(ViewSchema, { viewerSeat: 0, contest: 1, seats: [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })] })),
  }));
  const match = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m7" }} />);
  const box = match.slice(match.indexOf('<div class="table-box cut-hint-box"'));
  assert.match(box, new RegExp(`^<div class="table-box cut-hint-box"[^>]*>${cutHint.source}<div class="space-war"`), "the hint, then the table");
  assert.match(box, /^<div class="table-box cut-hint-box" tabindex="-1" role="region" aria-label="Table">/, "the box keeps its focus target and name");
  assert.equal(match.match(new RegExp(cutHint.source, "g"))?.length, 1, "said once");
  session.dispose();

  const replay = renderToString(<ReplayPage app={a} route={{ page: "replay", matchId: "m7", step: 0, asSeat: false }} />);
  assert.match(replay, new RegExp(`<div class="table-box cut-hint-box">${cutHint.source}<p class="muted">Loading the replay…</p></div>`), "the replay's table box too");
  assert.equal(replay.match(new RegExp(cutHint.source, "g"))?.length, 1);
  // A page that draws no table says nothing of cut cards.
  assert.doesNotMatch(renderToString(<HomePage app={app("Ann")} />), /cut-hint|read all of it/);
});

test("a Space War match that ended reads its end once: the banner, not the banner and the table's box again", () => {
  const a = app("Ann");
  const session = a.match("m4");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m4", game: "space_war", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic" })],
  }));
  const seats = [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })];
  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m4", number: 40n, snapshot: true,
    view: toBinary(ViewSchema, create(ViewSchema, {
      viewerSeat: 0, contest: 6, contestLimit: 6, phase: Phase.GAME_OVER, seats,
      lastContest: create(LastContestSchema, { number: 6, hasWinner: true, winner: 1, cards: 2 }),
      outcome: create(OutcomeSchema, { over: true, winners: [1], reason: "contest_limit" }),
    })),
  }));
  const html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m4" }} />);
  const text = html.replace(/<[^>]+>/g, " ");
  assert.match(html, /data-testid="outcome"[^>]*>You lost: Vega won \(the most cards at the contest limit\)\.</);
  assert.equal(text.match(/the most cards at the contest limit/g)?.length, 1, "who won and why, said once");
  assert.doesNotMatch(text, /Winner|you lost/);
  // After the end: the contest that ended the match, not an empty Battlefield.
  assert.doesNotMatch(text, /Empty/);
  assert.match(text, /Final contest \(6\)/);
  session.dispose();
});

test("a Space Race match that ended reads its end once: the banner, then the table's final score, not the table's own box", () => {
  const a = app("Jack");
  const session = a.match("m6");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m6", game: "space_race", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Jack" })],
  }));
  session.onUpdate(create(ViewUpdateSchema, {
    matchId: "m6", number: 90n, snapshot: true,
    view: toBinary(SrViewSchema, create(SrViewSchema, {
      viewerSeat: 0, variant: SrVariant.JFK, round: 7, phase: SrPhase.GAME_OVER,
      seats: [create(SrSeatSchema, { seat: 0, initiative: true, score: { halves: 62 } })],
      opponent: create(SrOpponentSchema, { score: 44, decksLeft: [0, 0] }),
      outcome: create(OutcomeSchema, { over: true, winners: [], reason: "eastern_bloc_won" }),
    })),
  }));
  const html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m6" }} />);
  const text = html.replace(/<[^>]+>/g, " ");
  assert.match(html, /data-testid="outcome"[^>]*>You lost: Eastern bloc won\.</);
  assert.equal(text.match(/Eastern bloc won|Eastern bloc wins/g)?.length, 1, "who won, said once");
  assert.doesNotMatch(html, /data-outcome/);
  assert.doesNotMatch(text, /Better luck|beat the|Final Development Points: Jack/);
  // Below the banner the table keeps the end's facts: the final score, the Eastern bloc's too.
  assert.match(html, /<h3>Final score<\/h3>[\s\S]*data-points="62">31<[\s\S]*Eastern bloc<\/span><b class="sr-points">44</);
  session.dispose();
});

test("a person holding two seats reads \"Playing as\" once: the switcher says it, the heading does not repeat it", () => {
  const a = app("Carol");
  const session = a.match("m5");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m5", game: "space_war", yourSeat: 0, yourSeats: [0, 1],
    seats: [create(MatchSeatSchema, { seat: 0, name: "Carol" }), create(MatchSeatSchema, { seat: 1, name: "Carol" }), create(MatchSeatSchema, { seat: 2, name: "Vega", bot: true })],
  }));
  const seats = [0, 1, 2].map((seat) => create(SeatSchema, { seat }));
  for (const seat of [0, 1])
    session.onUpdate(create(ViewUpdateSchema, {
      matchId: "m5", seat, number: 1n, snapshot: true,
      view: toBinary(ViewSchema, create(ViewSchema, { viewerSeat: seat, contest: 1, seats, legalActions: [create(ActionSchema, { seat, kind: ActionKind.FLIP })] })),
    }));
  const html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m5" }} />);
  assert.match(html, /data-seat-switcher/);
  assert.equal(html.match(/Playing as/g)?.length, 1, "said once, written or read aloud");
  // The switcher's group is named by those visible words; the shown seat is its pressed button.
  assert.match(html, /role="group" aria-labelledby="seat-switcher-label"/);
  assert.match(html, /id="seat-switcher-label">Playing as</);
  assert.match(html, /name="seat-0"[^>]*aria-pressed="true"/);
  session.dispose();
});

test("the match page while the reveal pacing is behind: no move button of any step, the panel says the move comes next", () => {
  const a = app("Ann");
  const session = a.match("m2");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m2", game: "space_war", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true })],
  }));
  session.game = { ...session.game!, revealPauseMs: (previous) => (previous ? 60_000 : 0) };
  const flip = create(ActionSchema, { seat: 0, kind: ActionKind.FLIP });
  const trigger = create(ActionSchema, { seat: 0, kind: ActionKind.TRIGGER });
  const seats = [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })];
  const v = (contest: number, legalActions: typeof flip[]) => create(ViewSchema, { legalActions, viewerSeat: 0, contest, seats });
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m2", number: 1n, snapshot: true, view: toBinary(ViewSchema, v(1, [flip])) }));
  // Vega's moves come one by one (each held on screen); the newest asks Ann for a trigger.
  for (const [n, view] of [[2, v(2, [flip])], [3, v(3, [flip])], [4, v(4, [trigger])]] as const)
    session.onUpdate(create(ViewUpdateSchema, { matchId: "m2", number: BigInt(n), snapshot: false, patch: diffViews(ViewSchema, n === 2 ? v(1, [flip]) : v(n - 1, [flip]), view) }));
  assert.equal(session.reveal.pending, 2);
  let html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m2" }} />);
  assert.doesNotMatch(html, /<button[^>]*class="action/, "no move button while the table catches up");
  assert.match(html, /data-move-wait="2"/);
  assert.match(html, /Your move comes next/);
  assert.match(html, /name="resign"/, "resigning is not held back");
  // One control catches up, in one place: Skip, naming the move it leads to, the sentence
  // before it, both between the table and the moves.
  const skips = html.match(/<button[^>]*>(Skip|Show now)[^<]*<\/button>/g) ?? [];
  assert.equal(skips.length, 1, `one button to catch up: ${skips.join(" | ")}`);
  assert.match(skips[0], /name="skip-reveal"[^>]*aria-describedby="move-wait"[^>]*>Skip to your move \(2 more\)</);
  assert.doesNotMatch(html, /name="skip-to-move"/);
  assert.ok(html.indexOf("data-move-wait") < html.indexOf('name="skip-reveal"'), "the sentence is read before the button");
  assert.ok(html.indexOf('name="skip-reveal"') < html.indexOf('name="resign"'), "Skip comes before the moves");
  // Below the table, far under the move panel on a long page: kept in sight while the move waits.
  assert.match(html, /class="row reveal-controls reveal-controls--waiting"/, "the waiting controls stick to the window's bottom");
  // Only the sentence and Skip stick: the speed and the sound stay below the table (in the
  // sticky box they made it a quarter of a phone's screen).
  const sticky = html.slice(html.indexOf('<div class="reveal-skip">'), html.indexOf('<div class="row reveal-settings">'));
  assert.match(sticky, /data-move-wait="2"[^>]*>Your move comes next: the table is still showing the moves before it\.<\/p>/);
  assert.match(sticky, /name="skip-reveal"/);
  assert.doesNotMatch(sticky, /reveal-speed|turn-sound/);
  assert.match(html.slice(html.indexOf('<div class="row reveal-settings">')), /^<div class="row reveal-settings"><label[^>]*>Reveal speed<select name="reveal-speed"/);
  session.reveal.skip();
  html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m2" }} />);
  assert.match(html, new RegExp(`<button[^>]*class="action[^"]*"[^>]*data-action="${ActionKind.TRIGGER}"`), "caught up: the move");
  assert.doesNotMatch(html, /data-move-wait/);
  assert.match(html, /<button[^>]*name="skip-reveal"[^>]*aria-disabled="true"[^>]*>Skip</, "nothing to skip (its focus kept)");
  assert.doesNotMatch(html, /reveal-controls--waiting/, "back in its place once caught up");
  session.dispose();
});

// The table's words follow the moves: while the reveal pacing presents a view that asked Ann
// to flip, her flip waits behind it, so the table does not say "Your turn: flip …" (found
// playing against the computer: the sentence asked for a flip no button could make yet).
test("while the reveal pacing is behind, the table's turn words say the move comes after it; caught up, \"Your turn\"", () => {
  const a = app("Ann");
  const session = a.match("m6");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m6", game: "space_war", yourSeat: 0,
    seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true })],
  }));
  session.game = { ...session.game!, revealPauseMs: (previous) => (previous ? 60_000 : 0) };
  const flip = create(ActionSchema, { seat: 0, kind: ActionKind.FLIP });
  const seats = [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })];
  // Contest n's flip phase: Ann still to flip (bit 0), Vega too until `vegaFlipped`.
  const v = (contest: number, vegaFlipped: boolean, legalActions = [flip]) => create(ViewSchema, {
    legalActions, viewerSeat: 0, contest, seats, phase: Phase.FLIP_PHASE,
    seatsToAct: legalActions.length ? (vegaFlipped ? 1 : 3) : (vegaFlipped ? 0 : 2), seatsFlipped: vegaFlipped ? 2 : 0,
  });
  const views = [v(1, true), v(2, false), v(2, true)];
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m6", number: 1n, snapshot: true, view: toBinary(ViewSchema, views[0]) }));
  views.slice(1).forEach((view, i) =>
    session.onUpdate(create(ViewUpdateSchema, { matchId: "m6", number: BigInt(i + 2), snapshot: false, patch: diffViews(ViewSchema, views[i], view) })));
  assert.equal(session.reveal.pending, 1, "contest 2's first view is presented, Vega's flip waits behind it");
  const decision = (html: string) => html.match(/<p class="decision" data-decision(?:="")?>([^<]*)<\/p>/)?.[1] ?? "";
  let html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m6" }} />);
  assert.doesNotMatch(html, /<button[^>]*class="action/, "no move button while the table catches up");
  assert.match(html, /Skip to your move \(1 more\)/);
  assert.equal(decision(html), "Your move comes after the reveal.", "the table does not ask for a flip no button can make");
  assert.doesNotMatch(html, /Your turn/, "neither the table nor the announcement says it is Ann's turn");

  session.reveal.skip();
  html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m6" }} />);
  assert.match(html, new RegExp(`<button[^>]*class="action[^"]*"[^>]*data-action="${ActionKind.FLIP}"`), "caught up: the flip");
  assert.equal(decision(html), "Your turn: flip the top card of your deck.");
  assert.match(html, /data-turn-announce(?:="")?>Your turn\.</);

  // The newest asks nothing of Ann (her flip was made for her): the presented view's request
  // is not passed on as hers to make.
  const next = [v(3, false), v(3, true, [])];
  next.forEach((view, i) =>
    session.onUpdate(create(ViewUpdateSchema, { matchId: "m6", number: BigInt(i + 4), snapshot: false, patch: diffViews(ViewSchema, i ? next[0] : views[2], view) })));
  assert.equal(session.reveal.pending, 1);
  html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m6" }} />);
  assert.equal(decision(html), "The table is still showing earlier moves.");
  assert.doesNotMatch(html, /Your turn|Your move comes/);
  session.dispose();
});

// A move pressed is on its way until the server answers: the next view, or a refusal (on a
// slow network, hundreds of ms later). Meanwhile every move button waits (aria-disabled, the
// pressed one "sending"), yet the table still said "Your turn: flip the top card of your
// deck." as if nothing had been pressed. Played through the App's own connection (a fake
// socket): the press, a second press, the answer, a refusal with its toast, and a resync.
test("while Ann's move is on its way the table says so and a second press sends nothing; the answer, a refusal or a resync end it", async () => {
  await packedReady;   // Hello waits for the view dictionaries
  const sockets: FakeSocket[] = [];
  const a = new App({
    openSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
  });
  const toasts: string[] = [];
  a.toast = (text) => void toasts.push(text);   // the same sentence, without the toast's timer
  a.identity.name = "Ann";
  a.conn.start();
  const socket = sockets[0];
  socket.open();
  socket.push({ requestId: socket.sent[0].requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ann" } } });
  socket.push({
    body: {
      case: "match",
      value: create(MatchInfoSchema, {
        matchId: "m8", game: "space_war", yourSeat: 0,
        seats: [create(MatchSeatSchema, { seat: 0, name: "Ann" }), create(MatchSeatSchema, { seat: 1, name: "Vega", bot: true })],
      }),
    },
  });
  const session = a.match("m8");
  session.game = { ...session.game!, revealPauseMs: () => 0 };
  const flip = create(ActionSchema, { seat: 0, kind: ActionKind.FLIP });
  const seats = [create(SeatSchema, { seat: 0 }), create(SeatSchema, { seat: 1 })];
  // Contest n's flip phase, Vega's flip made: Ann's is due.
  const v = (contest: number) => create(ViewSchema, {
    legalActions: [flip], viewerSeat: 0, contest, seats, phase: Phase.FLIP_PHASE, seatsToAct: 1, seatsFlipped: 2,
  });
  const snapshot = (number: bigint, contest: number) =>
    socket.push({ body: { case: "view", value: create(ViewUpdateSchema, { matchId: "m8", number, snapshot: true, view: toBinary(ViewSchema, v(contest)) }) } });
  snapshot(1n, 1);
  const page = () => renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m8" }} />);
  const decision = (html: string) => html.match(/<p class="decision" data-decision(?:="")?>([^<]*)<\/p>/)?.[1] ?? "";
  const flipButton = (html: string) => html.match(new RegExp(`<button[^>]*data-action="${ActionKind.FLIP}"[^>]*>`))?.[0] ?? "";
  const plays = () => socket.sent.filter((m) => m.body.case === "play");
  const asking = "Your turn: flip the top card of your deck.";

  let html = page();
  assert.equal(decision(html), asking);
  assert.doesNotMatch(flipButton(html), /aria-disabled|aria-busy/, "the flip can be pressed");

  // Pressed (the button's onPress): on its way.
  assert.equal(session.play(flip), true);
  assert.equal(plays().length, 1);
  html = page();
  assert.equal(decision(html), "Your move is on its way.", "the table no longer asks for the flip just made");
  assert.doesNotMatch(html, /Your turn:/);
  assert.match(flipButton(html), /aria-disabled="true"/, "every move waits for the answer");
  assert.match(flipButton(html), /aria-busy="true"/, "the pressed one says it is sending");
  // The page's own "Your turn." (aria-live) and the tab title stay: each step of a turn of
  // several moves would otherwise announce, and beep, again.
  assert.match(html, /data-turn-announce(?:="")?>Your turn\.</);
  // A second press: the button is aria-disabled (its click does nothing), and the session
  // would refuse it too; nothing more is sent.
  assert.equal(session.play(flip), false);
  assert.equal(plays().length, 1, "the second press sent nothing");

  // The answer: the next view (contest 2, Ann's flip due again) ends it.
  socket.push({ body: { case: "view", value: create(ViewUpdateSchema, { matchId: "m8", number: 2n, patch: diffViews(ViewSchema, v(1), v(2)), logLine: "{seat:0} flips." }) } });
  html = page();
  assert.equal(decision(html), asking, "answered: the next flip is asked for");
  assert.doesNotMatch(flipButton(html), /aria-disabled|aria-busy/);

  // A refusal: its sentence in a toast, and the move can be made again.
  assert.equal(session.play(flip), true);
  assert.equal(decision(page()), "Your move is on its way.");
  socket.push({ requestId: plays().at(-1)!.requestId, body: { case: "error", value: { code: ErrorCode.ILLEGAL_ACTION, detail: "" } } });
  assert.deepEqual(toasts, ["That move is not allowed now."]);
  html = page();
  assert.equal(decision(html), asking, "refused: asked again");
  assert.doesNotMatch(flipButton(html), /aria-disabled|aria-busy/);

  // A resync (after a reconnect's Welcome the page asks for a snapshot): the move's answer
  // may never come on this connection; the snapshot says what became of it.
  assert.equal(session.play(flip), true);
  session.resubscribe(true);
  assert.notEqual(decision(page()), "Your move is on its way.", "no longer said to be on its way");
  snapshot(5n, 3);
  html = page();
  assert.equal(decision(html), asking);
  assert.doesNotMatch(flipButton(html), /aria-disabled|aria-busy/);
  session.dispose();
  a.conn.stop();
});

// The declarations of styles.css's rules whose selector list holds exactly `selector`, in
// every `@media <media>` block, or outside any @media block when `media` is "".
function cssRules(css: string, selector: string, media = ""): string[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const scopes: string[] = [];
  let outside = "";
  let from = 0;
  for (let at = plain.indexOf("@media", from); at >= 0; at = plain.indexOf("@media", from)) {
    const open = plain.indexOf("{", at);
    let depth = 0, close = open;
    for (let i = open; i < plain.length; i++) {
      if (plain[i] === "{") depth++;
      else if (plain[i] === "}" && --depth === 0) { close = i; break; }
    }
    outside += plain.slice(from, at);
    if (plain.slice(at + 6, open).trim() === media) scopes.push(plain.slice(open + 1, close));
    from = close + 1;
  }
  outside += plain.slice(from);
  return (media ? scopes : [outside]).flatMap((scope) => [...scope.matchAll(/([^{}]+)\{([^}]*)\}/g)])
    .filter((m) => m[1].split(",").map((x) => x.trim()).includes(selector)).map((m) => m[2]);
}

test("the sticky 'Skip to your move' box is one line on a phone: the button, the sentence kept for screen readers", () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "../../src/styles.css"), "utf8");
  // The row gives up its box while the move waits, so only .reveal-skip (the sentence and Skip) sticks.
  assert.ok(cssRules(css, ".reveal-controls--waiting").some((r) => /display:\s*contents/.test(r)));
  assert.ok(cssRules(css, ".reveal-controls--waiting .reveal-skip").some((r) => /position:\s*sticky/.test(r) && /bottom:\s*0/.test(r)));
  assert.ok(!cssRules(css, ".reveal-controls--waiting").some((r) => /position:\s*sticky/.test(r)), "not the whole row with the speed and the sound");
  // A phone: the sentence visually hidden (clipped, still read: the button's description), the button filling the line.
  const phone = cssRules(css, ".move-wait", "(max-width: 600px)").join(";");
  assert.match(phone, /position:\s*absolute/);
  assert.match(phone, /clip:\s*rect\(0 0 0 0\)/);
  assert.doesNotMatch(phone, /display:\s*none|visibility:\s*hidden/, "screen readers still get the sentence");
  assert.ok(cssRules(css, ".reveal-controls--waiting .reveal-skip button", "(max-width: 600px)").some((r) => /flex:\s*1/.test(r)));
  // A desktop: the sentence beside the button when the line has room, not a line of its own.
  assert.ok(cssRules(css, ".move-wait").some((r) => /flex:\s*1 1 /.test(r)));
});

test("the match page offers Play for me only while the seat is in play: not once it resigned or was Conquered", () => {
  const a = app("Ann");
  a.conn.welcome = create(WelcomeSchema, {
    games: [create(GameInfoSchema, { id: "space_war", minSeats: 2, maxSeats: 6,
      preferences: [create(PreferenceInfoSchema, { id: "auto_flip", label: "Flip for me", summary: "Flips for you.", choices: ["Ask me", "Flip for me"] })] })],
  });
  const session = a.match("m3");
  session.onInfo(create(MatchInfoSchema, {
    matchId: "m3", game: "space_war", yourSeat: 0,
    seats: [0, 1, 2].map((seat) => create(MatchSeatSchema, { seat, name: ["Ann", "Vega", "Orion"][seat], bot: seat > 0 })),
  }));
  const view = (conquered: boolean) => create(ViewSchema, {
    viewerSeat: 0, contest: 4,
    seats: [create(SeatSchema, { seat: 0, conquered }), create(SeatSchema, { seat: 1 }), create(SeatSchema, { seat: 2 })],
  });
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m3", number: 1n, snapshot: true, view: toBinary(ViewSchema, view(false)) }));
  let html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m3" }} />);
  assert.match(html, /Play for me/, "a seat in play may set its preferences");
  assert.match(html, /name="pref-auto_flip"/);
  // Ann resigned (Conquered at once): Vega and Orion play on; a preference would do nothing.
  session.onUpdate(create(ViewUpdateSchema, { matchId: "m3", number: 2n, snapshot: true, view: toBinary(ViewSchema, view(true)) }));
  html = renderToString(<MatchPage app={a} route={{ page: "match", matchId: "m3" }} />);
  assert.doesNotMatch(html, /Play for me|name="pref-auto_flip"/, "no preferences for a seat out of play");
  session.dispose();
});

// The focus rule on a page whose elements come in this order: the table's box, a move it
// draws (an ancestor comes before its descendants), the move panel.
test("when the focused move goes away, the focus goes to the first move now offered, not to the table around it", () => {
  type El = { name: string; matches: (sel: string) => boolean };
  const el = (name: string, ...selectors: string[]): El => ({ name, matches: (sel) => selectors.includes(sel) });
  const page = (...els: El[]) => ({
    // As the DOM's: the first element in page order that matches any selector of the list.
    querySelector: (list: string) => (els.find((e) => list.split(/,\s*/).some((sel) => e.matches(sel))) ?? null) as unknown as Element | null,
  }) as Pick<ParentNode, "querySelector">;
  const table = el("table", ".table-box");
  const move = el("move", "button.action:not([aria-disabled])");
  const panel = el("panel", ".move-panel");
  const name = (e: HTMLElement | null) => (e as unknown as El | null)?.name ?? null;
  assert.equal(name(focusAfterLoss(page(table, move, panel))), "move");
  assert.equal(name(focusAfterLoss(page(table, panel))), "panel", "no move offered (the reveal is behind): the move panel");
  assert.equal(name(focusAfterLoss(page(table))), "table");
  // Resigned (or the last move made): the match is over, the result has the focus.
  const banner = el("banner", ".end-banner");
  assert.equal(name(focusAfterLoss(page(banner, table, panel))), "banner");
  assert.equal(name(focusAfterLoss(page(banner, table, move))), "move", "a move still offered comes first");
});

// Offline, the page retried every 0.5 s, 1 s, … and each retry's failure said "Connection
// lost: …" again (4 toasts in 25 s, "Connection lost: connection lost"). It is said once, when
// the connection is lost; the top bar's status follows the retries.
test("a lost connection is said once, not once per retry", async () => {
  const sockets: FakeSocket[] = [];
  const a = new App({ openSocket: () => { const s = new FakeSocket(); sockets.push(s); return s; } });
  const toasts: string[] = [];
  a.toast = (text) => void toasts.push(text);
  a.identity.name = "Ann";
  a.conn.start();
  sockets[0].open();
  sockets[0].push({ requestId: sockets[0].sent[0].requestId, body: { case: "welcome", value: { protocolVersion: 3, displayName: "Ann" } } });
  const retried = async (n: number) => {
    for (let i = 0; i < 60 && sockets.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(sockets.length, n, "the page retried");
  };
  sockets[0].drop();
  await retried(2);
  sockets[1].drop();   // the retry fails too
  await retried(3);
  sockets[2].drop();
  assert.deepEqual(toasts.filter((t) => t.startsWith("Connection lost")).length, 1, toasts.join(" | "));
  a.conn.stop("");
});
