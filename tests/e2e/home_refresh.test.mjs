// Browser end-to-end: an open home page keeps its public lobby list and its replays
// current. Carol's home page is open when Alice creates a public lobby, plays a bot and
// resigns; the lobby and the finished match's replay appear in Carol's lists without her
// pressing Refresh or changing the filter (the page asks every 15 s while visible). Once
// Carol has left the home page, her browser asks for the lists no more. About 40 s (55 s
// when a refresh falls inside Alice's short match): the waits are the refresh period's,
// bounded, never asserted as durations.
//
//   node --test tests/e2e/home_refresh.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { browserPage, cleanUp, createLobby, pickName, resign, shoot, startAgainstBot, startServer, withEvidence } from "./harness.mjs";

let baseUrl = "";
const refreshMs = 15_000;   // listsRefreshMs in web-client/src/pages/home.ts

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

// The ClientMessage body's field number in a binary frame the page sent (request_id,
// field 1, comes first); 11 is ListLobbies, 23 ListReplays (proto/starport/v1/protocol.proto).
function bodyField(bytes) {
  let i = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; i < bytes.length; shift += 7) {
      const b = bytes[i++];
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
    }
    return value;
  };
  while (i < bytes.length) {
    const field = Math.floor(varint() / 8);
    if (field !== 1) return field;
    varint();
  }
  return 0;
}

test("an open home page lists a new public lobby and a new replay by itself, and stops asking once left", { timeout: 150_000 }, async () => {
  const alice = await browserPage("refresh-alice", { width: 1100, height: 900 });
  const carol = await browserPage("refresh-carol", { width: 390, height: 844 });
  await withEvidence({ "refresh-alice": alice, "refresh-carol": carol }, () => scenario(alice, carol));
});

async function scenario(alice, carol) {
  const listRequests = [];   // when Carol's page asked for the public lobbies or replays
  carol.on("websocket", (ws) =>
    ws.on("framesent", (frame) => {
      if (typeof frame.payload !== "string" && [11, 23].includes(bodyField(frame.payload))) listRequests.push(Date.now());
    }),
  );
  await pickName(alice, baseUrl, "Alice");
  await pickName(carol, baseUrl, "Carol");
  assert.equal(await carol.evaluate(() => document.visibilityState), "visible");
  await carol.waitForSelector('.lobby-list :text("No public lobbies right now")');
  await carol.waitForSelector('.replay-list :text("No replays yet.")');

  // Alice's new public lobby, and the match she plays there against a bot and resigns.
  const lobbyId = await createLobby(alice);
  // Carol's open page lists it while it waits for players (a finished lobby is no longer
  // listed: the server lists only what a visitor can join or watch).
  await carol.waitForSelector(`.public-lobby[data-lobby="${lobbyId}"]`, { timeout: refreshMs + 10_000 });
  const matchId = await startAgainstBot(alice);
  await resign(alice);
  await alice.waitForSelector("[data-replay-link]");

  // Both show up on Carol's open page: she touches nothing. (A refresh during the match
  // lists the lobby but not yet its replay: the next one does, hence two periods.)
  await carol.waitForSelector(`.replay-list [data-replay="${matchId}"][data-state="finished"]`, { timeout: 2 * refreshMs + 10_000 });
  await shoot(carol, "refresh-home-phone.png");

  // Carol leaves the home page (in the page: the app tears the home page down): no more
  // requests for the list over more than one period.
  await carol.evaluate((id) => (location.hash = `#/lobby/${id}`), lobbyId);
  await carol.waitForSelector('[data-outside]:has-text("You are not in this lobby.")');
  const asked = listRequests.length;
  assert.ok(asked >= 6, `the lists were asked for on Welcome and then by the page itself (${asked} requests seen)`);
  await carol.waitForTimeout(refreshMs + 2_000);
  assert.equal(listRequests.length, asked, "the home page's refresh stopped when it was left");

  for (const [name, page] of [["Alice", alice], ["Carol", carol]]) {
    const shown = await page.evaluate(() => window.__errors);
    assert.deepEqual(shown, [], `${name}'s page showed errors: ${shown.join(" | ")}`);
  }
}
