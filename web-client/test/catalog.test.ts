// The games catalog from Welcome: the create form offers only games both the server hosts
// and this client draws, with the server's seat range and default, and the lobby offers
// the server's bots — nothing about seats or bots is written into the client.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, type MessageInitShape } from "@bufbuild/protobuf";

import { botChoices, defaultSeats, playableGames, seatProblem } from "../src/games/catalog.js";
import { loadAllGames } from "../src/games/index.js";

const games = await loadAllGames();
import { GameInfoSchema, type GameInfo, type Welcome } from "../src/gen/starport/v1/protocol_pb.js";
import { askServer } from "./real_server.js";

const info = (init: MessageInitShape<typeof GameInfoSchema>): GameInfo => create(GameInfoSchema, init);

// What the server's registry says today (engine/registry.cpp), as a Welcome carries it.
const spaceWar = info({
  id: "space_war",
  title: "Space War: in Space!",
  minSeats: 2,
  maxSeats: 6,
  defaultSeats: 3,
  bots: [
    { id: "random", label: "Random bot", summary: "picks uniformly among the legal actions" },
    { id: "heuristic", label: "Heuristic bot", summary: "triggers each Power when it changes the contest's result" },
  ],
});
const spaceRace = info({ id: "space_race", title: "Space Race: The Card Game", minSeats: 1, maxSeats: 4, defaultSeats: 2 });

test("before any Welcome there is no catalog: the create form waits instead of guessing", () => {
  assert.equal(playableGames(null, games), null);
});

test("only games both the server hosts and this client draws are offered, in the server's order", () => {
  // A game the server hosts but this client does not draw (yet).
  const unknown = info({ id: "nebula_nine", title: "Nebula Nine", minSeats: 2, maxSeats: 5, defaultSeats: 2 });
  const offered = playableGames([spaceRace, unknown, spaceWar], games);
  assert.deepEqual(offered?.map((p) => p.info.id), ["space_race", "space_war"]);
  assert.equal(offered?.[0].client.id, "space_race");
  // A server that hosts only one of this client's games offers only that one.
  assert.deepEqual(playableGames([spaceWar], games)?.map((p) => p.client.title), ["Space War: in Space!"]);
  assert.deepEqual(playableGames([], games), []);
});

// The real server's Welcome (test/real_server.ts; fails, never skips, without the binary).
async function realWelcome(): Promise<Welcome> {
  const [reply] = await askServer([]);
  assert.equal(reply.body.case, "welcome", "no Welcome");
  return reply.body.value as Welcome;
}

test("the real server's Welcome hosts every game this client draws, each with seats and bots to offer", async () => {
  const welcome = await realWelcome();
  const offered = playableGames(welcome.games, games) ?? [];
  assert.deepEqual(offered.map((p) => p.client.id).sort(), games.map((g) => g.id).sort());
  for (const { info } of offered) {
    assert.ok(info.minSeats >= 1 && info.minSeats <= defaultSeats(info) && defaultSeats(info) <= info.maxSeats, `${info.id}'s seats`);
    assert.equal(defaultSeats(info), info.defaultSeats, `${info.id} names its default seat count`);
    assert.ok(botChoices(info).length > 0, `${info.id} offers bots`);
    for (const bot of info.bots) assert.ok(bot.id && bot.label && bot.summary, `${info.id}'s bot ${bot.id} is described`);
  }
  const war = offered.find((p) => p.info.id === "space_war")?.info;
  assert.deepEqual(war && botChoices(war).map((b) => b.label), ["Heuristic bot", "Random bot"], "the labels the lobby showed before");
});

test("game clients carry no seat range or bot list of their own", () => {
  for (const g of games)
    for (const key of ["minSeats", "maxSeats", "defaultSeats", "bots"])
      assert.ok(!(key in g), `${g.id} still has ${key}`);
});

test("the create form starts at the server's default seat count, kept within the range", () => {
  assert.equal(defaultSeats(spaceWar), 3);
  assert.equal(defaultSeats(spaceRace), 2);
  assert.equal(defaultSeats(info({ minSeats: 2, maxSeats: 6 })), 2, "no default: the smallest table");
  assert.equal(defaultSeats(info({ minSeats: 2, maxSeats: 4, defaultSeats: 9 })), 4);
});

test("a seat count outside the server's range is refused in players' words", () => {
  assert.equal(seatProblem(spaceWar, "Space War", 2), "");
  assert.equal(seatProblem(spaceWar, "Space War", 6), "");
  assert.equal(seatProblem(spaceWar, "Space War", 1), "Space War takes 2 to 6 seats.");
  assert.equal(seatProblem(spaceWar, "Space War", 7), "Space War takes 2 to 6 seats.");
  assert.equal(seatProblem(spaceWar, "Space War", 2.5), "Space War takes 2 to 6 seats.");
  assert.equal(seatProblem(spaceWar, "Space War", NaN), "Space War takes 2 to 6 seats.");
  assert.equal(seatProblem(info({ minSeats: 1, maxSeats: 1 }), "Solo", 2), "Solo takes exactly 1 seat.");
});

test("the lobby offers the server's bots, the game's own before the random one", () => {
  const bots = botChoices(spaceWar);
  assert.deepEqual(bots.map((b) => b.id), ["heuristic", "random"]);
  assert.deepEqual(bots.map((b) => b.label), ["Heuristic bot", "Random bot"]);
  assert.match(bots[0].summary, /Power/);
  assert.deepEqual(botChoices(spaceRace), [], "no bots listed: none offered");
  assert.deepEqual(botChoices(undefined), [], "an unknown game: none offered");
});
