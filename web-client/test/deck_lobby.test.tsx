// A deck game's lobby: your deck picker, a guest's Ready held back until a deck is chosen
// (with its reason), what the other seats show of their decks, the bots' starters, and the
// host's Start (the host has no Ready) waiting for the host's own deck.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { renderToString } from "preact-render-to-string";

import { App } from "../src/app.js";
import { BotInfoSchema, DeckListSchema, DeckSchema, GameInfoSchema, LobbySchema, LobbySeatSchema, LobbySettingsSchema, WelcomeSchema, type Lobby } from "../src/gen/starport/v1/protocol_pb.js";
import { DeckPicker, LobbyPage, startProblem } from "../src/pages/lobby.js";
import { stubBrowserGlobals } from "./browser_globals.js";

stubBrowserGlobals();

function app() {
  const a = new App({ openSocket: () => { throw new Error("no sockets in unit tests"); } });
  a.identity.name = "Hana";
  a.conn.welcome = create(WelcomeSchema, {
    games: [create(GameInfoSchema, { id: "terminus", minSeats: 2, maxSeats: 4, usesDecks: true, bots: [create(BotInfoSchema, { id: "heuristic", label: "Heuristic" })] })],
  });
  return a;
}

function lobby(myDeck: string): Lobby {
  return create(LobbySchema, {
    lobbyId: "L1",
    settings: create(LobbySettingsSchema, { game: "terminus", seats: 4 }),
    seats: [
      create(LobbySeatSchema, { seat: 0, name: "Hana", host: true, connected: true, deckChosen: myDeck !== "", deckName: myDeck }),
      create(LobbySeatSchema, { seat: 1, name: "Vega", bot: true, botKind: "heuristic", deckChosen: true, deckName: "Pathfinders" }),
      // A careless server sending another person's deck name: the page still shows only "deck chosen".
      create(LobbySeatSchema, { seat: 2, name: "Ivo", connected: true, ready: true, deckChosen: true, deckName: "Ivo's secret list" }),
      create(LobbySeatSchema, { seat: 3, name: "Lee", connected: true, deckChosen: false }),
    ],
    youAreHost: true,
    youAreSeated: true,
    yourSeat: 0,
  });
}

// The same table as Lee, a guest in seat 4, sees it.
function asLee(l: Lobby): Lobby {
  return create(LobbySchema, { ...l, youAreHost: false, yourSeat: 3 });
}

test("a guest's Ready is disabled with its reason until their deck is chosen; the host has none", () => {
  const a = app();
  a.lobbies.set("L1", asLee(lobby("")));
  const guest = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.match(guest, /<input[^>]*name="ready"[^>]*disabled/);
  assert.match(guest, /Choose a deck before you say Ready\./);
  assert.equal(guest.replace(/<[^>]+>/g, " ").match(/Choose a deck/g)?.length, 1, "one hint to choose a deck, beside Ready");
  a.lobbies.get("L1")!.seats[3].deckChosen = true;
  const chosen = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.match(chosen, /<input[^>]*name="ready"/);
  assert.doesNotMatch(chosen, /<input[^>]*name="ready"[^>]*disabled/);
  assert.doesNotMatch(chosen, /Choose a deck before/);

  // The host starts when everyone else is ready: no Ready box, no "not ready" badge on their seat.
  a.lobbies.set("L1", lobby(""));
  const html = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.doesNotMatch(html, /name="ready"/);
  assert.doesNotMatch(html, /data-seat="0"[^]*?data-ready=[^]*?data-seat="1"/, "the host's seat says nothing of ready");
  assert.match(html, /data-seat="3"[^]*?data-ready="0"[^>]*>not ready/, "a guest's seat does");
  assert.equal(html.replace(/<[^>]+>/g, " ").match(/Choose (a|your) deck/g)?.length, 1, "one hint to choose a deck: Start's");
  assert.match(html, /data-deck-chosen="0"/);
  assert.match(html, /Your deck/);
  assert.match(html, /Choose your deck first\./, "Start says the host's deck is missing");
  // The other seats: the bot's starter by name, the others only whether they chose.
  assert.match(html, /data-seat="1"[\s\S]*?deck: Pathfinders/);
  assert.match(html, /data-seat="2"[\s\S]*?deck chosen/);
  assert.doesNotMatch(html, /secret list/);
  assert.match(html, /data-seat="3"[\s\S]*?no deck yet/);
  assert.match(html, /href="#\/decks\/terminus"/);
});

test("once the host's deck is chosen, Start waits for the guests and the host's seat names the deck", () => {
  const a = app();
  a.lobbies.set("L1", lobby("Red Shift"));
  const html = renderToString(<LobbyPage app={a} route={{ page: "lobby", lobbyId: "L1" }} />);
  assert.doesNotMatch(html, /Choose (a|your) deck/);
  assert.match(html, /data-seat="0"[\s\S]*?deck: Red Shift/);
  assert.match(html, /Waiting for Lee to be ready\./);
});

test("the picker lists your playable decks, the broken ones disabled, and the starters", () => {
  const a = app();
  const l = lobby("Red Shift");
  const decks = {
    game: "terminus",
    decks: [create(DeckSchema, { id: "d1", name: "Red Shift", cards: [1] }), create(DeckSchema, { id: "d2", name: "Half done", problems: ["The Modules Pile has 3 cards; it needs exactly 10."] })],
    starters: [create(DeckSchema, { id: "starter:pathfinders", name: "Pathfinders", starter: true, summary: "Fast." })],
  };
  const html = renderToString(<DeckPicker app={a} lobby={l} game="terminus" decks={create(DeckListSchema, decks)} me={l.seats[0]} act={async () => true} />);
  assert.match(html, /<option selected value="d1">Red Shift<\/option>/);
  assert.match(html, /<option value="d2" disabled>Half done \(not playable\)<\/option>/);
  assert.match(html, /<optgroup label="Starter decks"><option value="starter:pathfinders">Pathfinders<\/option>/);
  assert.match(html, /You bring Red Shift\. The others see only that you have chosen\./);
});

test("startProblem in a deck game: open seats first, then the host's deck, then Ready", () => {
  const l = lobby("");
  assert.equal(startProblem(l, true), "Choose your deck first.");
  assert.equal(startProblem(l, false), "Waiting for Lee to be ready.");
  l.seats[3].open = true;
  assert.equal(startProblem(l, true), "One seat is still open: wait for a player or add a bot.");
});
