// Browser end-to-end: the real server binary and the built web client in Debian's
// chromium (playwright-core). Two people make a private 3-seat Space War lobby (invite
// link, a bot in the third seat), play a whole match by clicking the offered actions,
// one reloads mid-match and carries on in the same seat, then the replay is scrubbed.
//
//   npm --prefix web-client run e2e        (builds dist/ first)
//   STARPORT_BIN=/path/to/starport  E2E_SHOTS=/tmp/shots  to override the defaults
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { assertCardsReadable } from "./card_fit.mjs";
import { browserPage, cleanUp, openReplay, pickName, shoot, startServer, withEvidence } from "./harness.mjs";

const contestLimit = 60;
const matchTimeoutMs = 240_000;
let baseUrl = "";

// Clicks offered moves until the outcome shows. `onMove(count)` runs after each click.
async function playUntilOver(page, label, onMove = async () => {}) {
  const deadline = Date.now() + matchTimeoutMs;
  let moves = 0;
  while (Date.now() < deadline) {
    if (await page.locator('[data-testid="outcome"]').count()) return moves;
    const button = page.locator(".page.match button.action:not([aria-disabled])").first();
    try {
      await button.click({ timeout: 1500 });
    } catch {
      // Nothing to do right now (others to act, or the table re-rendered under us).
      await page.waitForTimeout(50);
      continue;
    }
    moves++;
    // Outside the click's catch: an assertion of the caller's that fails must fail the test.
    await onMove(moves);
  }
  throw new Error(`${label}: the match did not end within ${matchTimeoutMs / 1000}s after ${moves} moves`);
}

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

// The seats whose panel carries the "flipped" mark (Space War: cards of the step put down).
async function flippedSeats(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".seat-panel")]
      .filter((p) => [...p.querySelectorAll(".mark")].some((m) => m.firstChild?.textContent === "flipped"))
      .map((p) => p.querySelector(".seat-panel__name")?.textContent ?? "?"));
}

test("two browsers and a bot play a private Space War match, reload mid-match, then scrub the replay", { timeout: 420_000 }, async () => {
  const alice = await browserPage("alice", { width: 1100, height: 900 });
  const bob = await browserPage("bob", { width: 1100, height: 900 });
  await withEvidence({ alice, bob }, () => scenario(alice, bob));
});

async function scenario(alice, bob) {
  // Names; the token is kept in localStorage and never put in a URL.
  await pickName(alice, baseUrl, "Alice");
  const token = await alice.evaluate(() => localStorage.getItem("starport.token"));
  assert.match(token ?? "", /^[0-9a-f]{32}$/, "a guest token is saved in localStorage");
  assert.ok(!alice.url().includes(token), "the token is not in the URL");

  // Alice creates a private 3-seat lobby with a short contest limit and no auto-flip.
  await alice.fill('input[name="seats"]', "3");
  await alice.dispatchEvent('input[name="seats"]', "change");
  await alice.check('input[name="private"]');
  await alice.fill('input[name="sw-contest-limit"]', String(contestLimit));
  await alice.click('button:has-text("Create lobby")');
  await alice.waitForURL(/#\/lobby\//);
  const invite = await alice.locator('input[name="invite-link"]').inputValue();
  assert.match(invite, /#\/invite\/[A-Za-z0-9_-]+$/, "the lobby shows an invite link");

  // Bob opens the invite link in a fresh browser: asked for a name, then joins.
  await bob.goto(invite);
  await bob.fill('input[name="display-name"]', "Bob");
  await bob.click('button:has-text("Join")');
  await bob.waitForURL(/#\/lobby\//);
  await alice.waitForSelector('.seat-row[data-seat="1"]:has-text("Bob")');

  // The host adds a bot in the third seat; Bob gets ready (the host has no Ready: Start
  // says it); the host starts.
  await alice.click('button[name="add-bot-2"]');
  await alice.waitForSelector('.seat-row[data-seat="2"][data-bot="1"]');
  await bob.waitForSelector('.seat-row[data-seat="2"][data-bot="1"]');
  assert.equal(await alice.locator('input[name="ready"]').count(), 0, "the host has no Ready box");
  assert.equal(await bob.locator('.seat-row[data-seat="0"] [data-ready]').count(), 0, "nor a ready badge in the guest's page");
  await bob.check('input[name="ready"]');
  await alice.waitForSelector('.seat-row[data-seat="1"] [data-ready="1"]');
  // Lobby chat reaches the other member.
  await bob.fill('input[name="chat"]', "good luck, have fun");
  await bob.click('.chat button[type="submit"]');
  await alice.waitForSelector('.chat-lines li:has-text("good luck, have fun")');
  // A reload brings the chat back: the server keeps what was said since each sat down.
  await alice.reload();
  await alice.waitForSelector('.chat-lines li:has-text("good luck, have fun")');
  await alice.waitForSelector('.seat-row[data-seat="1"] [data-ready="1"]');
  await shoot(alice, "lobby-desktop.png");
  await alice.click('button[name="start"]');
  await alice.waitForURL(/#\/match\//);
  await bob.waitForURL(/#\/match\//);
  const matchUrl = alice.url();
  await alice.waitForSelector(".space-war");
  await bob.waitForSelector(".space-war");
  await alice.waitForSelector(":text('You are Alice')");
  await bob.waitForSelector(":text('You are Bob')");
  await shoot(alice, "match-start-desktop.png");

  // Both play by clicking what the view offers; Bob reloads after his 8th move.
  let reloaded = false;
  const [aliceMoves, bobMoves] = await Promise.all([
    playUntilOver(alice, "Alice"),
    playUntilOver(bob, "Bob", async (n) => {
      if (n !== 8 || reloaded) return;
      reloaded = true;
      await bob.reload();
      await bob.waitForSelector(".space-war", { timeout: 15_000 });
      await bob.waitForSelector(":text('You are Bob')");
      assert.equal(bob.url(), matchUrl, "the reload stays on the match");
    }),
  ]);
  assert.ok(reloaded, `Bob was reloaded mid-match (he made ${bobMoves} moves)`);
  assert.ok(aliceMoves > 0 && bobMoves > 8, `both played (${aliceMoves}, ${bobMoves} moves)`);

  // No move the client offered was refused (Bob's record starts again at his reload).
  for (const [name, page] of [["Alice", alice], ["Bob", bob]]) {
    const shown = await page.evaluate(() => window.__errors);
    assert.deepEqual(shown, [], `${name}'s page showed errors: ${shown.join(" | ")}`);
  }

  // The end: an outcome, and the fairness commitment checked in the browser.
  await alice.waitForSelector('[data-fairness="ok"]', { timeout: 15_000 });
  await bob.waitForSelector('[data-fairness="ok"]', { timeout: 15_000 });
  const desktopEnd = await shoot(alice, "match-end-desktop.png");
  const phoneEnd = await shoot(bob, "match-end-phone.png", { width: 390, height: 844 });
  const bobFits = await bob.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(bobFits, "the match page fits a 390 px wide screen without sideways scrolling");
  await assertCardsReadable(bob, "the match's end at 390 px");
  assert.deepEqual(await flippedSeats(bob), [], "at the end no seat shows as flipped");

  // The replay: slider, step back and forward, jump; the URL follows the step.
  const total = await openReplay(alice);
  assert.ok(total > 20, `the replay has the match's moves (${total})`);
  const perspective = await alice.locator("[data-perspective]").textContent();
  assert.match(perspective ?? "", /perspective: /);
  const mid = Math.floor(total / 2);
  await alice.locator('input[name="step"]').fill(String(mid));
  await alice.waitForSelector(`.step-label[data-step="${mid}"]`);
  await alice.click('button[name="back"]');
  await alice.waitForSelector(`.step-label[data-step="${mid - 1}"]`);
  await alice.click('button[name="forward"]');
  await alice.click('button[name="forward"]');
  await alice.waitForSelector(`.step-label[data-step="${mid + 1}"]`);
  await alice.fill('input[name="jump"]', "3");
  await alice.click('button[name="jump-go"]');
  await alice.waitForSelector('.step-label[data-step="3"]');
  assert.match(alice.url(), /\?step=3$/, "the replay link names the step");
  await alice.click('button[name="last"]');
  await alice.waitForSelector(`.step-label[data-step="${total}"]`);
  await alice.waitForSelector('[data-testid="outcome"]');
  const replayDesktop = await shoot(alice, "replay-desktop.png");
  assert.deepEqual(await flippedSeats(alice), [], "the replay's last step shows no seat as flipped");

  // A shared replay link opens at its step in the other browser.
  await bob.setViewportSize({ width: 390, height: 844 });
  await openReplay(bob, { from: alice.url().replace(/\?step=\d+$/, "?step=5"), step: 5 });
  const replayPhone = await shoot(bob, "replay-phone.png");

  // Home, "Your tables": both are still in the lobby; the ended match is no longer listed
  // as running, and the lobby reads "after a match" with that match's replay, also for Bob
  // after a reload (the server says so: Lobby.last_match_id).
  const matchId = matchUrl.replace(/^.*#\/match\//, "");
  await alice.click("a.brand");
  await alice.waitForSelector('.your-table[data-state="after"]:has-text("Space War: in Space! · hosted by you · 3 of 3 seats taken")');
  await bob.reload();
  await bob.click("a.brand");
  const bobTable = bob.locator('.your-table[data-state="after"]:has-text("hosted by Alice · 3 of 3 seats taken")');
  await bobTable.waitFor();
  assert.equal(await bob.locator("[data-match-link]").count(), 0, "the finished match is not listed as running");
  const homePhone = await shoot(bob, "home-after-phone.png");
  await bobTable.locator(`[data-replay-link="${matchId}"]`).click();
  await bob.waitForURL(new RegExp(`#/replay/${matchId}\\?step=0$`));
  await bob.waitForSelector('.step-label[data-step="0"]');
  // The lobby page offers the same replay.
  await alice.click(".your-table a.table-link");
  await alice.waitForSelector(`.lobby-head [data-replay-link="${matchId}"]:has-text("Watch its replay")`);
  const lobbyAfter = await shoot(alice, "lobby-after-desktop.png");
  console.log(`screenshots: ${[desktopEnd, phoneEnd, replayDesktop, replayPhone, homePhone, lobbyAfter].join(" ")}`);
}
