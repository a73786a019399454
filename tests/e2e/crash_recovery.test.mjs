// Browser end-to-end: a match survives the server's crash. A player at a Space War table
// against the computer plays a few flips; the server is killed (SIGKILL: nothing flushed,
// nothing said to the page) and started again on its data and port, as a supervisor would.
// The page says it is reconnecting, comes back by itself, shows the same table (the log as
// it was before the crash, line for line) and takes the next move. Desktop while it happens,
// then phone size.
//
//   node --test tests/e2e/crash_recovery.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  browserPage, cleanUp, crashServer, desktop, phone, pickName, restartServer, shoot, startServer, withEvidence,
} from "./harness.mjs";

const logLines = ".log li:not(.muted)";
let baseUrl = "";

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

// Presses the first move the table offers and waits until the log shows it (the computer
// flips at once, so the contest settles too).
async function playOne(page) {
  const offered = page.locator(".table-box button.action:not([aria-disabled]):visible").first();
  await offered.waitFor({ timeout: 60_000 });
  const lines = await page.locator(logLines).count();
  await offered.click();
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [logLines, lines], { timeout: 15_000 });
  await page.waitForSelector("button[aria-busy]", { state: "detached" });
}

test("a table survives kill -9 and a restart - the page reconnects by itself to the same table and plays on", { timeout: 180_000 }, async () => {
  const page = await browserPage("crash", desktop);
  await pickName(page, baseUrl, "Ann");
  await page.click("[data-play-computer=space_war]");
  await page.waitForURL(/#\/match\//);
  const table = page.url();
  await withEvidence({ crash: page }, async () => {
    for (let i = 0; i < 3; i++) await playOne(page);
    // Ann's next move offered: the contest she flipped in has been revealed, so no line that
    // starts with her name (a reveal names her first) can still be on its way.
    await page.locator(".table-box button.action:not([aria-disabled]):visible").first().waitFor({ timeout: 60_000 });
    const before = await page.locator(logLines).allTextContents();
    assert.ok(before.length >= 3, `three flips are in the log: ${before.join(" | ")}`);

    await crashServer();
    await page.waitForSelector('.conn[data-conn="reconnecting"]');
    await shoot(page, "crash-reconnecting-desktop.png");

    await restartServer();
    // The page's own retries (0.5, 1, 2 … s) find the server again: no reload, no click.
    await page.waitForSelector('.conn[data-conn="open"]', { timeout: 30_000 });
    await page.locator(".table-box button.action:not([aria-disabled]):visible").first().waitFor({ timeout: 30_000 });
    assert.equal(page.url(), table, "still at the same table");
    const back = await page.locator(logLines).allTextContents();
    assert.deepEqual(back.slice(0, before.length), before, "the log as it was before the crash, line for line");
    // The computer's move may have been on its way at the kill: committed (then in the page's
    // snapshot) or not (then the computer, restarted with the match, makes it). Never Ann's.
    const since = back.slice(before.length);
    assert.ok(since.every((l) => !l.startsWith("Ann")), `only the computer moved since: ${since.join(" | ")}`);
    await shoot(page, "crash-back-desktop.png");

    // And the match goes on: a flip after the restart is taken and logged.
    await playOne(page);
    await page.setViewportSize(phone);
    await playOne(page);
    await shoot(page, "crash-back-phone.png");

    // The only error the page showed is the lost connection itself.
    const shown = await page.evaluate(() => window.__errors);
    assert.deepEqual(shown.filter((e) => !e.startsWith("Connection lost")), [], `errors shown: ${shown.join(" | ")}`);
    assert.ok(shown.some((e) => e.startsWith("Connection lost")), "the page said the connection was lost");
  });
});
