// Browser end-to-end: the match page and the connection under it. Alice renames herself
// (no "Reconnected." for that), plays a bot, loses her connection mid-match (the offered
// moves are greyed out until it is back, then offered again), also while on another page,
// and after a reload the moves list says it holds only the moves seen since. An unknown
// match id says there is no such match. The real server binary and
// the built web client in Debian's chromium (playwright-core), a fresh profile.
//
//   node --test tests/e2e/match_page.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  allowConnectionCuts,
  browserPage,
  cleanUp,
  createLobby,
  cutConnection,
  pickName,
  restoreConnection,
  shoot,
  startAgainstBot,
  startServer,
  withEvidence,
} from "./harness.mjs";

let baseUrl = "";

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

test("a rename is no reconnect, moves wait while offline, the moves list is honest, an unknown match says so", { timeout: 120_000 }, async () => {
  const alice = await browserPage("match-alice", { width: 1100, height: 900 });
  await allowConnectionCuts(alice);
  await withEvidence({ "match-alice": alice }, () => scenario(alice));
});

const toasts = (page) => page.evaluate(() => window.__toasts);

async function scenario(alice) {
  // A rename says Hello again on a new connection; the page must not call it a reconnect.
  await pickName(alice, baseUrl, "Alice");
  await alice.click('button:has-text("Change name")');
  await alice.fill('input[name="display-name"]', "Alicia");
  await alice.click('form button[type="submit"]:has-text("Save")');
  await alice.waitForSelector('.who:text-is("Alicia")');
  await alice.waitForSelector('.conn[data-conn="open"]');
  assert.deepEqual((await toasts(alice)).filter((t) => t.includes("Reconnected")), [], "no Reconnected. after a rename");

  // A 2-seat Space War match against a bot: Flip is offered.
  await createLobby(alice);
  await startAgainstBot(alice);
  const offered = ".page.match button.action:not([aria-disabled])";
  await alice.waitForSelector(offered);

  // Offline: the moves stay in view but cannot be pressed, resign neither.
  await cutConnection(alice);
  await alice.waitForSelector("[data-offline]");
  assert.equal(await alice.locator(offered).count(), 0, "no move can be pressed while offline");
  assert.ok((await alice.locator(".page.match button.action[aria-disabled]").count()) > 0, "the moves are still shown, greyed");
  assert.equal(await alice.locator('button[name="resign"]:not([aria-disabled])').count(), 0, "resign waits too");
  await shoot(alice, "match-offline-desktop.png");

  // Back: a real reconnect says so, and the new view's moves can be pressed again.
  await restoreConnection(alice);
  await alice.waitForSelector(offered);
  assert.equal(await alice.locator("[data-offline]").count(), 0);
  assert.ok((await toasts(alice)).some((t) => t.includes("Reconnected.")), "a lost connection coming back says Reconnected.");

  // A reconnect while the match page is not open: back on it, the page asks for a fresh
  // view instead of offering moves from the old one.
  await alice.click("a.brand");
  await alice.waitForSelector(".page.home");
  await cutConnection(alice);
  await restoreConnection(alice);
  await alice.goBack();
  await alice.waitForSelector(offered);
  await alice.click(offered);
  await alice.waitForSelector(".page.match button.action.sending", { state: "detached" });   // answered
  const refused = (await alice.evaluate(() => window.__errors)).filter((e) => !e.startsWith("Connection lost"));
  assert.deepEqual(refused, [], "the move made after coming back was offered and sent");

  // After a reload the moves list holds only what this page has seen since, and says so
  // rather than numbering the moves from 1.
  for (let i = 0; i < 2; i++) {
    await alice.click(offered);
    await alice.waitForSelector(".page.match button.action.sending", { state: "detached" });
  }
  await alice.reload();
  await alice.click(offered);
  await alice.waitForSelector(".log li:not(.muted)");
  assert.equal(await alice.locator("section:has(> .log) h3").textContent(), "Log");
  // Lines come coded against the stream's table of shapes (log_refs): each reads in words,
  // names filled, no slot or placeholder left.
  for (let i = 0; i < 3; i++) {
    await alice.click(offered);
    await alice.waitForSelector(".page.match button.action.sending", { state: "detached" });
  }
  const lines = await alice.locator(".log li:not(.muted)").allTextContents();
  assert.ok(lines.filter((l) => / flips\.$/.test(l)).length >= 3, `flips in the log: ${lines.join(" | ")}`);
  for (const l of lines) assert.ok(!/[\u0001{}]/.test(l), `a line in words: ${l}`);
  // A revealed card is "{card:K}" on the wire, named from the game's catalog (ListCards).
  assert.ok(lines.some((l) => / reveals [A-Z][^()]* \(\d+\)/.test(l)), `a reveal names its card: ${lines.join(" | ")}`);
  for (const l of lines) assert.ok(!/\bcard \d/.test(l), `no card left unnamed: ${l}`);
  assert.equal(await alice.locator(".log").evaluate((el) => getComputedStyle(el).listStyleType), "none", "no move numbers");
  await shoot(alice, "match-moves-after-reload-desktop.png");

  // A match id the server has never stored: said plainly, with the way home only (its
  // replay would be refused the same way).
  await alice.goto(`${baseUrl}/#/match/${"0123456789abcdef".repeat(2)}`);
  const noSuchMatch = alice.locator('[data-refused="NOT_FOUND"]');
  await noSuchMatch.waitFor();
  assert.equal(await noSuchMatch.textContent(), "There is no match with this id.");
  assert.deepEqual(await alice.locator(".page.match a:visible").evaluateAll((links) => links.map((a) => a.getAttribute("href"))), ["#/"]);
  assert.equal(await alice.locator(".page.match .log").isVisible(), false, "no empty moves list");
  await shoot(alice, "match-unknown-phone.png", { width: 390, height: 844 });

  // The only errors shown: the lost connection itself.
  const shown = await alice.evaluate(() => window.__errors);
  assert.deepEqual(shown.filter((e) => !e.startsWith("Connection lost")), [], `errors: ${shown.join(" | ")}`);
}
