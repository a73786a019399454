// Browser end-to-end: the home page's "Your tables". Alice sits at three lobbies (one with
// Bob in it), sees each described in players' words (game, host, seats, state), is
// pointed to "Your tables" when the server refuses a fourth, and leaves one from there;
// Bob's open home page follows (he hosts now). Also at 390 px. The real server binary
// and the built web client in Debian's chromium (playwright-core), fresh profiles.
//
//   npm --prefix web-client run e2e        (builds dist/ first; runs every e2e test)
//   node --test tests/e2e/your_tables.test.mjs      (after npm run build)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { browserPage, cleanUp, pickName, shoot, startServer, withEvidence } from "./harness.mjs";

const title = "Space War: in Space!";
let baseUrl = "";

// Creates a lobby from the home page's form (Space War, its default 3 seats) and returns
// its id; `home` goes back to the home page afterwards.
async function createLobby(page, { isPrivate = false, home = true } = {}) {
  if (isPrivate) await page.check('input[name="private"]');
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  const lobbyId = page.url().match(/#\/lobby\/([A-Za-z0-9_-]+)/)[1];
  await page.waitForSelector(".lobby-head h2");
  if (home) {
    await page.click("a.brand");
    await page.waitForSelector(".page.home");
  }
  return lobbyId;
}

const row = (lobbyId) => `.your-table[data-lobby="${lobbyId}"]`;

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

test("Your tables describes each lobby you are in, points there at the lobby limit, and leaves one", { timeout: 120_000 }, async () => {
  const alice = await browserPage("tables-alice", { width: 1100, height: 900 });
  const bob = await browserPage("tables-bob", { width: 1100, height: 900 });
  await withEvidence({ "tables-alice": alice, "tables-bob": bob }, () => scenario(alice, bob));
});

async function scenario(alice, bob) {
  // Alice makes a private lobby; Bob joins it by the invite link.
  await pickName(alice, baseUrl, "Alice");
  const shared = await createLobby(alice, { isPrivate: true, home: false });
  const invite = await alice.locator('input[name="invite-link"]').inputValue();
  await bob.goto(invite);
  await bob.fill('input[name="display-name"]', "Bob");
  await bob.click('button:has-text("Join")');
  await bob.waitForURL(/#\/lobby\//);

  // Home: the lobby in players' words, a link to its page, and a Leave button.
  await alice.click("a.brand");
  await alice.waitForSelector(`${row(shared)}[data-state="waiting"]`);
  const aliceLine = await alice.locator(row(shared)).textContent();
  assert.match(aliceLine, new RegExp(`^${title} · hosted by you · 2 of 3 seats taken waiting for players\\s*Leave$`));
  assert.ok(!aliceLine.includes(shared), "the lobby is not named by its hex id");
  assert.equal(await alice.locator(`${row(shared)} a`).getAttribute("href"), `#/lobby/${shared}`);
  await bob.click("a.brand");
  await bob.waitForSelector(`${row(shared)}:has-text("hosted by Alice · 2 of 3 seats taken")`);

  // Two more lobbies for Alice; after a reload each is described again once its push arrives.
  const second = await createLobby(alice);
  const third = await createLobby(alice);
  await alice.reload();
  await alice.waitForSelector(`${row(third)}[data-state="waiting"]`);
  await alice.waitForFunction(() => document.querySelectorAll('.your-table[data-state="waiting"]').length === 3);
  assert.equal(await alice.locator('.your-table[data-state="loading"]').count(), 0);
  for (const id of [shared, second, third]) await alice.waitForSelector(`${row(id)}:has-text("${title}")`);
  assert.equal(await alice.locator(`${row(second)}`).textContent().then((t) => t.includes("1 of 3 seats taken")), true);

  // A fourth is refused by the server (3 lobbies per account); the message says where to leave one.
  await alice.click('button:has-text("Create lobby")');
  const refusal = alice.locator('.toast.error:has-text("tables that have not finished")');
  await refusal.waitFor();
  assert.match(await refusal.textContent(), /^You are already at .*leave one before.*“Your tables” on the home page lists the lobbies you are in; leave one there\./);
  assert.doesNotMatch(await refusal.textContent(), /LIMIT_REACHED/, "a sentence, not a code");
  assert.match(alice.url(), /#\/$/, "still on the home page");

  // Phone-sized: the list fits without sideways scrolling.
  await shoot(alice, "tables-desktop.png");
  await alice.setViewportSize({ width: 390, height: 844 });
  await alice.waitForTimeout(250);
  const fits = await alice.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, "the home page fits a 390 px wide screen without sideways scrolling");
  const leaveBox = await alice.locator(`${row(shared)} button[name="leave-lobby"]`).boundingBox();
  assert.ok(leaveBox && leaveBox.x + leaveBox.width <= 390, "Leave is on screen at 390 px");
  await shoot(alice, "tables-phone.png");

  // Alice leaves the shared lobby from home: her line goes; Bob, on its page, is told he
  // hosts it now (and gets the host's buttons), and his home page follows.
  await bob.click(`${row(shared)} a.table-link`);
  await bob.waitForSelector('.seat-row.mine');
  assert.equal(await bob.locator('button[name="start"]').count(), 0, "Bob is no host yet");
  await alice.click(`${row(shared)} button[name="leave-lobby"]`);
  await alice.waitForSelector(row(shared), { state: "detached" });
  await alice.waitForSelector(`.toast.info:has-text("You left the ${title} lobby.")`);
  assert.equal(await alice.locator(".your-table").count(), 2);
  await bob.waitForSelector('.toast.info:has-text("You host this lobby now")');
  await bob.waitForSelector('button[name="start"]');
  await bob.click("a.brand");
  await bob.waitForSelector(`${row(shared)}:has-text("hosted by you · 1 of 3 seats taken")`);

  // With a lobby left, creating one works again.
  await alice.setViewportSize({ width: 1100, height: 900 });
  const fourth = await createLobby(alice);
  await alice.waitForSelector(`${row(fourth)}[data-state="waiting"]`);

  // The only error either page showed was the refused fourth lobby.
  const aliceErrors = await alice.evaluate(() => window.__errors);
  assert.equal(aliceErrors.length, 1, `Alice's errors: ${aliceErrors.join(" | ")}`);
  assert.match(aliceErrors[0], /tables that have not finished/);
  const bobErrors = await bob.evaluate(() => window.__errors);
  assert.deepEqual(bobErrors, [], `Bob's errors: ${bobErrors.join(" | ")}`);
}
