// Browser end-to-end: a replay as someone who never played opens it. Alice plays a bot
// for 30 moves and resigns; Sam, in a fresh browser on a 390 px phone, opens the replay's
// shared link at a step without a name (an anonymous Hello: no account is made),
// then sees that step with its line in view in the action log, goes to the last step and
// back one with the keyboard, and is offered no seat's view. About 15 s.
//
//   node --test tests/e2e/replay_viewer.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { browserPage, cleanUp, createLobby, openReplay, pickName, resign, shoot, startAgainstBot, startServer, withEvidence } from "./harness.mjs";

let baseUrl = "";
const aliceMoves = 30;

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

test("a stranger opens a shared replay link without a name and sees the step with its log line in view", { timeout: 240_000 }, async () => {
  const alice = await browserPage("replay-alice", { width: 1100, height: 900 });
  const sam = await browserPage("replay-sam", { width: 390, height: 844 });
  await withEvidence({ "replay-alice": alice, "replay-sam": sam }, () => scenario(alice, sam));
});

// The action log's current line lies within the log box's visible part.
async function currentLineInView(page, step) {
  const box = await page.evaluate(() => {
    const log = document.querySelector(".replay-log");
    const line = log?.querySelector("li.current");
    if (!log || !line) return null;
    const [a, b] = [log.getBoundingClientRect(), line.getBoundingClientRect()];
    return { log: [a.top, a.bottom], line: [b.top, b.bottom], index: [...log.children].indexOf(line) + 1 };
  });
  assert.ok(box, `step ${step}: a current line in the action log`);
  assert.equal(box.index, step, `step ${step}: the current line is the step's action`);
  assert.ok(box.line[0] >= box.log[0] - 1 && box.line[1] <= box.log[1] + 1,
    `step ${step}: its log line (${box.line}) lies within the log box (${box.log})`);
  // The same words beside the step buttons, in the first screen (the log box is screens below
  // on a phone).
  const beside = await page.evaluate(() => {
    const p = document.querySelector('[data-testid="replay-step-line"]');
    const line = document.querySelector(".replay-log li.current");
    return { text: p?.textContent ?? "", log: line?.textContent ?? "", top: p?.getBoundingClientRect().top ?? 1e9 };
  });
  assert.equal(beside.text, `Step ${step}: ${beside.log}`, `step ${step}: the step's line beside the buttons`);
  assert.ok(beside.top < 844, `step ${step}: the step's line is on the first screen (${beside.top})`);
}

async function scenario(alice, sam) {
  // Alice's match against a bot: some moves, then she resigns.
  await pickName(alice, baseUrl, "Alice");
  await createLobby(alice);
  const matchId = await startAgainstBot(alice);
  for (let moves = 0; moves < aliceMoves && !(await alice.locator('[data-testid="outcome"]').count()); ) {
    try {
      await alice.locator(".page.match button.action:not([aria-disabled])").first().click({ timeout: 1500 });
      moves++;
    } catch {
      await alice.waitForTimeout(50);   // the bot's turn, or the table re-rendered
    }
  }
  if (!(await alice.locator('[data-testid="outcome"]').count())) {
    await resign(alice);
  }
  await alice.waitForSelector("[data-replay-link]");

  // Sam has never been here: a public replay opens without asking for a name (an
  // anonymous Hello); he is asked only if he wants to play.
  const step = 30;
  const received = [];   // the size of every frame Sam's page gets from the server
  sam.on("websocket", (ws) => ws.on("framereceived", (f) => received.push(typeof f.payload === "string" ? Buffer.byteLength(f.payload) : f.payload.length)));
  await openReplay(sam, { from: `${baseUrl}/#/replay/${matchId}?step=${step}`, step });
  assert.equal(await sam.locator("[data-name-gate]").count(), 0, "no name asked to watch a replay");
  assert.equal(await sam.locator(".who").textContent(), "watching as a guest");
  assert.equal(await sam.evaluate(() => localStorage.getItem("starport.token")), null, "no account was made");
  await shoot(sam, "replay-anonymous-phone.png");
  await currentLineInView(sam, step);
  assert.equal(await sam.locator('input[name="as-seat"]').isVisible(), false, "no seat's view for someone who did not play");
  assert.ok(await sam.evaluate(() => document.documentElement.scrollWidth <= 390), "the replay fits 390 px");

  // The last step, then one back from the timeline with the keyboard.
  const logLines = () => sam.locator(".replay-log li").allTextContents();
  const opened = await logLines();
  const sentBefore = received.length;
  await sam.click('button[name="last"]');
  const total = Number(await sam.locator('input[name="step"]').getAttribute("max"));
  assert.ok(total > step, `a replay longer than step ${step} (${total} actions)`);
  await sam.waitForSelector(`.step-label[data-step="${total}"]`);
  await currentLineInView(sam, total);
  await sam.focus('input[name="step"]');
  await sam.keyboard.press("ArrowLeft");
  await sam.waitForSelector(`.step-label[data-step="${total - 1}"]`);
  assert.match(sam.url(), new RegExp(`step=${total - 1}$`), "the link follows the step");
  await currentLineInView(sam, total - 1);
  await shoot(sam, "replay-stranger-phone.png");
  // Later steps are sent only the log lines the page did not hold (OpenReplay.log_known),
  // and the page joins them on: the log reads the same, and no later frame carries it all.
  assert.deepEqual(await logLines(), opened, "the action log after two steps reads as it did");
  const logBytes = Buffer.byteLength(opened.join(""));
  const later = Math.max(...received.slice(sentBefore));
  console.log(`# replay frames: first ${Math.max(...received.slice(0, sentBefore))} B, later steps at most ${later} B; the log ${logBytes} B`);
  assert.ok(later < logBytes, `a later step's frame (${later} B) is smaller than the log (${logBytes} B)`);

  for (const [name, page] of [["Alice", alice], ["Sam", sam]]) {
    const shown = await page.evaluate(() => window.__errors);
    assert.deepEqual(shown, [], `${name}'s page showed errors: ${shown.join(" | ")}`);
  }
}
