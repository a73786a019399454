// Browser end-to-end: finding and watching a running match from the home page. Alice
// starts a public 2-seat Space War match against a bot (spectators allowed) and fills a
// second public lobby without starting it; Carol's home page offers Watch on the first
// and Join on neither, the game filter refreshes both lists, and Watch opens the match
// as a spectator with no moves; the match's replay offers "My seat's view" to Alice only.
// A replay the server does not know says so instead of loading forever. Also at 390 px.
//
//   node --test tests/e2e/spectate.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { browserPage, cleanUp, openReplay, pickName, shoot, startServer, withEvidence } from "./harness.mjs";

let baseUrl = "";
const publicRow = (lobbyId) => `.public-lobby[data-lobby="${lobbyId}"]`;

// From the home page: a public 2-seat Space War lobby, spectators allowed, a bot in seat 2.
// Returns the lobby's id; the page stays on the lobby.
async function fullLobby(page) {
  await page.fill('input[name="seats"]', "2");
  await page.dispatchEvent('input[name="seats"]', "change");
  await page.check('input[name="spectators"]');
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  await page.click('button[name="add-bot-1"]');
  await page.waitForSelector('.seat-row[data-seat="1"][data-bot="1"]');
  return page.url().match(/#\/lobby\/([A-Za-z0-9_-]+)/)[1];
}

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

test("a running public match is found from the home page and watched; an unknown replay says so", { timeout: 120_000 }, async () => {
  const alice = await browserPage("spectate-alice", { width: 1100, height: 900 });
  const carol = await browserPage("spectate-carol", { width: 1100, height: 900 });
  await withEvidence({ "spectate-alice": alice, "spectate-carol": carol }, () => scenario(alice, carol));
});

async function scenario(alice, carol) {
  // Alice starts one match against a bot, then fills a second lobby and leaves it waiting.
  await pickName(alice, baseUrl, "Alice");
  const running = await fullLobby(alice);
  await alice.click('button[name="start"]');
  await alice.waitForURL(/#\/match\//);
  const matchId = alice.url().match(/#\/match\/([A-Za-z0-9_-]+)/)[1];
  await alice.click("a.brand");
  const waiting = await fullLobby(alice);

  // Her home page after a reload: the running match appears once, as its lobby's line.
  await alice.click("a.brand");
  await alice.reload();
  await alice.waitForSelector(`.your-table[data-lobby="${running}"][data-state="playing"]`);
  await alice.waitForSelector(`.your-table[data-lobby="${waiting}"][data-state="full"]`);
  assert.equal(await alice.locator(`[data-match-link="${matchId}"]`).count(), 0, "no second line for a match whose lobby is listed");

  // Carol's home page: Watch on the running match, no Join on it, and no full waiting lobby.
  await pickName(carol, baseUrl, "Carol");
  const watch = carol.locator(`${publicRow(running)} a[data-watch-link]`);
  await watch.waitFor({ timeout: 10_000 });
  assert.equal(await watch.getAttribute("href"), `#/match/${matchId}`);
  // A full lobby waiting to start offers a visitor nothing: the server does not list it.
  assert.equal(await carol.locator(publicRow(waiting)).count(), 0, "a full waiting lobby is not listed");
  for (const id of [running, waiting])
    assert.equal(await carol.locator(`${publicRow(id)} button`).count(), 0, `no Join offered on full lobby ${id}`);

  // The game filter refreshes both lists.
  await carol.selectOption('select[name="filter-game"]', "space_war");
  await carol.waitForSelector('.lobby-list[data-game="space_war"]', { timeout: 10_000 });
  await carol.waitForSelector('.replay-list[data-game="space_war"]', { timeout: 10_000 });
  await shoot(carol, "spectate-home-desktop.png");
  await carol.setViewportSize({ width: 390, height: 844 });
  await carol.waitForTimeout(250);
  assert.ok(await carol.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), "home fits 390 px");
  const watchBox = await watch.boundingBox();
  assert.ok(watchBox && watchBox.x + watchBox.width <= 390, "Watch is on screen at 390 px");
  await shoot(carol, "spectate-home-phone.png");

  // Watch: the match page as a spectator, the table drawn, no move offered.
  await watch.click();
  await carol.waitForURL(new RegExp(`#/match/${matchId}$`));
  await carol.waitForSelector(":text('Spectating')");
  await carol.waitForSelector(".space-war .seat-panel");
  assert.equal(await carol.locator(".page.match button.action").count(), 0, "a spectator gets no move buttons");
  assert.equal(await carol.locator('button[name="resign"]').count(), 0, "a spectator cannot resign");
  await shoot(carol, "spectate-match-phone.png");

  // The running match's replay: "My seat's view" only for Alice, who holds a seat in it.
  const seatChoice = 'label:has(input[name="as-seat"])';
  await openReplay(carol, { from: `${baseUrl}/#/replay/${matchId}?step=0` });
  await carol.waitForSelector('[data-perspective="public"]');
  assert.equal(await carol.locator(seatChoice).isVisible(), false, "no seat's view for a spectator");
  await openReplay(alice, { from: `${baseUrl}/#/replay/${matchId}?step=0` });
  await alice.waitForSelector(`${seatChoice}:visible`);
  await alice.check('input[name="as-seat"]');
  await alice.waitForSelector('[data-perspective="seat 0"]');

  // A replay the server does not know: a clear message, no timeline.
  await carol.goto(`${baseUrl}/#/replay/${"0123456789abcdef".repeat(2)}`);
  const refused = carol.locator('[data-refused="NOT_FOUND"]');
  await refused.waitFor({ timeout: 10_000 });
  assert.match(await refused.textContent(), /^This replay cannot be shown\. [A-Z]/);
  assert.equal(await carol.locator('.timeline, input[name="step"], .step-label').count(), 0, "no step controls");
  await carol.waitForSelector('.replay-refused a[href="#/"]');
  assert.equal(await carol.locator(".replay-refused a").count(), 1, "only Home: the match page would refuse too");
  await shoot(carol, "spectate-replay-unknown-phone.png");

  // Neither page showed an error to its user.
  for (const [name, page] of [["Alice", alice], ["Carol", carol]]) {
    const shown = await page.evaluate(() => window.__errors);
    assert.deepEqual(shown, [], `${name}'s page showed errors: ${shown.join(" | ")}`);
  }
}
