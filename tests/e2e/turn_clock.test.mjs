// Browser end-to-end: the turn clock. Ada creates a Space War table with a 45 s turn
// timer against a bot; her seat's clock shows and counts down. The deadlines come in the
// view stream (ViewUpdate.deadlines_ms, counted from when the page received them), and
// the table's diffs arrive by stream handle, not match id.
//
//   node --test tests/e2e/turn_clock.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { browserPage, cleanUp, pickName, shoot, startServer, createLobby } from "./harness.mjs";
let baseUrl = "";
before(async () => { baseUrl = await startServer(); });
after(cleanUp);
test("a seat with a turn timer shows a clock that counts down", { timeout: 120_000 }, async () => {
  const page = await browserPage("clock", { width: 1100, height: 900 });
  await pickName(page, baseUrl, "Ada");
  await page.fill('input[name="turn-seconds"]', "45");
  await page.dispatchEvent('input[name="turn-seconds"]', "input");
  await createLobby(page, 2);
  await page.click('button[name="add-bot-1"]');
  await page.waitForSelector('.seat-row[data-seat="1"][data-bot="1"]');
  await page.click('button[name="start"]');
  await page.waitForURL(/#\/match\//);
  const timer = page.locator(".timer").first();
  await timer.waitFor({ timeout: 20_000 });
  const text1 = await timer.textContent();
  await page.waitForTimeout(2200);
  const text2 = await timer.textContent();
  await shoot(page, "turn-clock-desktop.png");
  assert.match(text1 ?? "", /4[0-5]s/, "a 45 s turn, just started");
  assert.notEqual(text1, text2, "it counts down");
});
