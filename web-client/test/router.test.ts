// Hash routes: home, lobby, invite, match, replay with ?step=N.
import assert from "node:assert/strict";
import { test } from "node:test";

import { parseRoute, routeHash, routeUrl, type Route } from "../src/router.js";

test("every route survives a round trip through its hash", () => {
  const routes: Route[] = [
    { page: "home" },
    { page: "lobby", lobbyId: "L9x" },
    { page: "invite", code: "Zk3_q-1" },
    { page: "match", matchId: "m_42" },
    { page: "replay", matchId: "m_42", step: 17, asSeat: false },
    { page: "replay", matchId: "m_42", step: 0, asSeat: true },
  ];
  for (const r of routes) assert.deepEqual(parseRoute(routeHash(r)), r);
});

test("an invite link and a replay link have the documented shape", () => {
  const loc = { origin: "http://127.0.0.1:8080", pathname: "/" };
  assert.equal(routeUrl({ page: "invite", code: "abc" }, loc), "http://127.0.0.1:8080/#/invite/abc");
  assert.equal(routeUrl({ page: "replay", matchId: "m1", step: 5, asSeat: false }, loc), "http://127.0.0.1:8080/#/replay/m1?step=5");
});

test("unknown or malformed hashes go home", () => {
  for (const h of ["", "#", "#/", "#/nope/1", "#/lobby", "#/lobby/a/b", "#/match/<script>", "#/invite/%E0%A4%A"]) {
    assert.deepEqual(parseRoute(h), { page: "home" }, h);
  }
});

test("a bad replay step falls back to 0", () => {
  assert.deepEqual(parseRoute("#/replay/m1?step=-3"), { page: "replay", matchId: "m1", step: 0, asSeat: false });
  assert.deepEqual(parseRoute("#/replay/m1?step=x"), { page: "replay", matchId: "m1", step: 0, asSeat: false });
  assert.deepEqual(parseRoute("#/replay/m1"), { page: "replay", matchId: "m1", step: 0, asSeat: false });
});

test("the deck builder's route: a game, and optionally the deck open in it", () => {
  assert.deepEqual(parseRoute("#/decks/terminus"), { page: "decks", game: "terminus", deckId: "" });
  assert.deepEqual(parseRoute("#/decks/terminus?deck=starter:pathfinders"), { page: "decks", game: "terminus", deckId: "starter:pathfinders" });
  assert.deepEqual(parseRoute("#/decks/terminus?deck=<x>"), { page: "decks", game: "terminus", deckId: "" });
  assert.deepEqual(parseRoute("#/decks"), { page: "home" });
  for (const r of [{ page: "decks", game: "terminus", deckId: "" }, { page: "decks", game: "terminus", deckId: "d_12" }, { page: "decks", game: "terminus", deckId: "starter:red-shift" }] as const)
    assert.deepEqual(parseRoute(routeHash(r)), r);
});
