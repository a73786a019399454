// Browser end-to-end for the table kit (issue 12): one-click play against the computer,
// a keyboard-only Space War player who plays and resigns, Rematch, focus / an open section
// / a select surviving updates, the rules dialog, the tab title, a public replay without a
// name, every page checked by axe-core (no serious or critical violations) and shot at
// desktop (1280×800) and phone (390×844) sizes into E2E_SHOTS; with the tables of the
// kit-tables branch also: every Space War contest's revealed cards for 20 contests in a
// row against bots, a Space Race log line naming the card taken, a power's tooltip.
//
//   node --test tests/e2e/kit.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { assertAxeClean as axe } from "./axe.mjs";
import {
  browserPage, cleanUp, createLobby, desktop, openReplay, phone, pickName, shoot, startServer, withEvidence,
} from "./harness.mjs";

const offered = '.page.match button.action:not([aria-disabled])';
let baseUrl = "";

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

// Both sizes, then back to the desktop size.
async function shots(page, name) {
  await shoot(page, `${name}-desktop.png`, desktop);
  await axe(page, `${name} (desktop)`);
  await shoot(page, `${name}-phone.png`, phone);
  await axe(page, `${name} (phone)`);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, `${name} fits 390 px without sideways scrolling`);
  await page.setViewportSize(desktop);
}

// Presses Tab until the focused element matches `selector` (at most `max` presses).
async function tabTo(page, selector, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

test("first visit, one-click play, keyboard-only play and resign, Rematch, rules, title, axe and screenshots", { timeout: 300_000 }, async () => {
  const ann = await browserPage("kit-ann", desktop);
  await withEvidence({ "kit-ann": ann }, async () => {
    // A first visit: what Starport is and its games, before the name form.
    await ann.goto(`${baseUrl}/#/`);
    await ann.waitForSelector("[data-first-visit]");
    assert.match(await ann.locator("[data-first-visit]").textContent(), /Space War/);
    assert.match(await ann.locator("[data-first-visit]").textContent(), /Space Race/);
    await shots(ann, "kit-first-visit");
    // A name counts characters as the server does: 24 emoji are fine.
    await ann.fill('input[name="display-name"]', "🚀".repeat(24));
    assert.match(await ann.locator("#name-count").textContent(), /^24\/24$/);
    await ann.fill('input[name="display-name"]', "Ann");
    await ann.click('form button[type="submit"]:has-text("Play")');
    await ann.waitForSelector('[data-name="Ann"]');
    await ann.waitForSelector('.conn[data-conn="open"]');
    await ann.waitForSelector("[data-play-computer=space_war]");
    await shots(ann, "kit-home");

    // One click: a match against the computer.
    await ann.click("[data-play-computer=space_war]");
    await ann.waitForURL(/#\/match\//);
    const firstMatch = ann.url();
    await ann.waitForSelector(offered);
    assert.equal(await ann.title(), "● Your turn — Starport", "the tab title says a move is awaited");
    assert.equal(await ann.locator("[data-turn-announce]").textContent(), "Your turn.");
    await shots(ann, "kit-match");

    // The rules dialog.
    await ann.click('button[name="rules"]');
    await ann.waitForSelector('dialog[data-testid="rules-dialog"][open] .rules-panel');
    await shots(ann, "kit-rules");
    await ann.keyboard.press("Escape");
    await ann.waitForSelector('dialog[data-testid="rules-dialog"]:not([open])', { state: "attached" });

    // Keyboard only: Tab to a move, Enter, and the focus stays on a move button through
    // the updates (never falls to the page body); then resign with two Enters.
    await ann.focus("a.brand");
    let moves = 0;
    for (let i = 0; i < 12 && !(await ann.locator('.end-banner').count()); i++) {
      await ann.waitForSelector(offered);
      await tabTo(ann, offered);
      await ann.keyboard.press("Enter");
      moves++;
      await ann.waitForTimeout(300);
      const focused = await ann.evaluate(() => document.activeElement?.tagName ?? "none");
      assert.notEqual(focused, "BODY", `after keyboard move ${moves} the focus fell to the page body`);
    }
    assert.ok(moves >= 3, `played ${moves} moves from the keyboard`);
    await tabTo(ann, 'button[name="resign"]');
    await ann.keyboard.press("Enter");
    await ann.waitForSelector('button[name="resign"]:has-text("Really resign?")');
    assert.equal(await ann.evaluate(() => document.activeElement?.getAttribute("name")), "resign", "focus stays on Resign to confirm");
    await ann.keyboard.press("Enter");
    // The bots play on to the end at full speed (--bot-delay-ms 0): reveal speed Off
    // shows the end without waiting for every contest's pause.
    await ann.selectOption('select[name="reveal-speed"]', "off");
    const banner = ann.locator('.end-banner [data-testid="outcome"]');
    await banner.waitFor();
    assert.match(await banner.textContent(), /^You lost: .+ won( \(.+\))?\.$/);
    assert.equal(await ann.title(), "Starport");
    await shots(ann, "kit-match-end");

    // Rematch at a bot table: the next match starts in the same lobby.
    await ann.click('button[name="rematch"]');
    await ann.waitForURL((u) => /#\/match\//.test(u.toString()) && u.toString() !== firstMatch);
    await ann.waitForSelector(offered);

    // The replay page of the first match, and a public replay opened without a name.
    const firstId = firstMatch.replace(/^.*#\/match\//, "");
    await openReplay(ann, { from: `${baseUrl}/#/replay/${firstId}?step=0` });
    await ann.click('button[name="last"]');
    await ann.waitForSelector('.replay-info [data-testid="outcome"]:not(:empty)');
    await shots(ann, "kit-replay");

    const stranger = await browserPage("kit-stranger", phone);
    await openReplay(stranger, { from: `${baseUrl}/#/replay/${firstId}?step=2`, step: 2 });
    assert.equal(await stranger.locator("[data-name-gate]").count(), 0, "a public replay asks for no name");
    await axe(stranger, "anonymous replay");
    await shoot(stranger, "kit-replay-anonymous-phone.png");

    const shown = await ann.evaluate(() => window.__errors);
    assert.deepEqual(shown, [], `errors: ${shown.join(" | ")}`);
  });
});

test("a select, the focus and the lobby survive updates; Start says what is missing; errors are sentences", { timeout: 120_000 }, async () => {
  const host = await browserPage("kit-host", desktop);
  const guest = await browserPage("kit-guest", desktop);
  await withEvidence({ "kit-host": host, "kit-guest": guest }, async () => {
    await pickName(host, baseUrl, "Hana");
    await createLobby(host, 3);
    const lobbyUrl = host.url();
    assert.equal(await host.locator('button[name="start"]').isDisabled(), true, "Start cannot work with open seats");
    assert.match(await host.locator("[data-start-problem]").textContent(), /2 seats are still open/);
    await shots(host, "kit-lobby");
    // The host picks the random bot for seat 3 and types in the chat; then a guest joins.
    await host.selectOption('select[name="bot-kind-2"]', "random");
    await host.fill('input[name="chat"]', "half a sentence");
    await host.focus('input[name="chat"]');
    await pickName(guest, baseUrl, "Gus");
    await guest.goto(lobbyUrl);
    await guest.click('button[name="join"]');
    await host.waitForSelector('.seat-row[data-seat="1"]:has-text("Gus")');
    assert.equal(await host.inputValue('select[name="bot-kind-2"]'), "random", "the bot kind select kept its choice");
    assert.equal(await host.inputValue('input[name="chat"]'), "half a sentence");
    assert.equal(await host.evaluate(() => document.activeElement?.getAttribute("name")), "chat", "the focus stayed in the chat box");
    // Added from the keyboard: the Add bot button goes away, the focus stays in its row (on
    // its Remove bot), not on the page's body.
    await host.focus('button[name="add-bot-2"]');
    await host.keyboard.press("Enter");
    await host.waitForSelector('.seat-row[data-seat="2"][data-bot="1"]');
    await host.waitForFunction(() => document.activeElement?.closest('.seat-row[data-seat="2"]'));
    assert.equal(await host.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Remove bot from seat 3");
    assert.match(await host.locator('.seat-row[data-seat="2"] strong').textContent(), / · Random bot$/);
    assert.match(await host.locator("[data-start-problem]").textContent(), /Waiting for Gus to be ready/);
    await guest.check('input[name="ready"]');
    await host.waitForSelector('button[name="start"]:not([disabled])');
    assert.equal(await host.locator("[data-start-problem]").textContent(), "");
    // A refused request reads as a sentence, never a code.
    await guest.evaluate(() => window.__errors.length = 0);
    const toasts = await host.evaluate(() => window.__toasts);
    for (const t of toasts) assert.doesNotMatch(t, /[A-Z]{3,}_[A-Z]+ —|BAD_REQUEST|LOBBY_FULL/, `a raw code in "${t}"`);
    await shots(guest, "kit-lobby-guest");
  });
});

test("invite page and a match watched without a name pass axe", { timeout: 60_000 }, async () => {
  const page = await browserPage("kit-invite", desktop);
  await withEvidence({ "kit-invite": page }, async () => {
    await page.goto(`${baseUrl}/#/invite/nosuchcode`);
    await page.waitForSelector('input[name="display-name"]');
    await shots(page, "kit-invite");
  });
});

// Records, for every change of the last-contest section, its contest number and how many
// face-up cards it shows (a MutationObserver: a contest presented only briefly still counts).
async function watchContests(page) {
  await page.evaluate(() => {
    window.__contests = {};
    const look = () => {
      const last = document.querySelector('[data-testid="last-contest"]');
      if (!last) return;
      const n = Number(last.getAttribute("data-contest"));
      const up = last.querySelectorAll('.card[data-face="up"]').length;
      window.__contests[n] = Math.max(window.__contests[n] ?? 0, up);
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true });
    look();
  });
}

test("Space War against bots: every contest's revealed cards are shown, 20 contests in a row", { timeout: 300_000 }, async () => {
  const page = await browserPage("kit-reveal", desktop);
  await withEvidence({ "kit-reveal": page }, async () => {
    await pickName(page, baseUrl, "Rea");
    await createLobby(page, 4);
    for (const seat of [1, 2, 3]) {
      await page.click(`button[name="add-bot-${seat}"]`);
      await page.waitForSelector(`.seat-row[data-seat="${seat}"][data-bot="1"]`);
    }
    await page.click('button[name="start"]');
    await page.waitForURL(/#\/match\//);
    await page.waitForSelector(offered);
    await watchContests(page);
    const deadline = Date.now() + 240_000;
    let run = 0;
    while (Date.now() < deadline && run < 20) {
      if (await page.locator(".end-banner").count()) break;
      try {
        await page.locator(offered).first().click({ timeout: 1000 });
      } catch {
        await page.waitForTimeout(50);
      }
      const seen = await page.evaluate(() => window.__contests);
      const numbers = Object.keys(seen).map(Number).sort((a, b) => a - b);
      // The longest run of consecutive contests, each shown with its face-up cards.
      run = 0;
      for (let i = 0, cur = 0; i < numbers.length; i++) {
        cur = seen[numbers[i]] > 0 && (i === 0 || numbers[i] === numbers[i - 1] + 1) ? cur + 1 : seen[numbers[i]] > 0 ? 1 : 0;
        run = Math.max(run, cur);
      }
    }
    const seen = await page.evaluate(() => window.__contests);
    assert.ok(run >= 20, `20 consecutive contests with their revealed cards shown; seen ${JSON.stringify(seen)}`);
    await shoot(page, "kit-space-war-contest-desktop.png");
    await shoot(page, "kit-space-war-contest-phone.png", phone);
    // Turned to a phone's width the log's lines re-wrap: it still shows the newest line.
    const logGap = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="log"]');
      return el.scrollHeight - el.scrollTop - el.clientHeight;
    });
    assert.ok(logGap < 8, `the log follows its newest line after a resize; ${logGap}px below`);
    await page.setViewportSize(desktop);
    // A power's text in a tooltip (role="tooltip"), on hover.
    const tip = page.locator(".tip").first();
    await tip.hover();
    await page.waitForSelector('[role="tooltip"]:not([hidden])');
    assert.ok((await page.locator('[role="tooltip"]:not([hidden])').first().textContent()).length > 10, "the tooltip explains");
    await shoot(page, "kit-tooltip-desktop.png");
  });
});

test("Space Race against the computer: a log line names the card taken", { timeout: 300_000 }, async () => {
  const page = await browserPage("kit-race", desktop);
  await withEvidence({ "kit-race": page }, async () => {
    await pickName(page, baseUrl, "Rita");
    await page.click("[data-play-computer=space_race]");
    await page.waitForURL(/#\/match\//);
    await page.selectOption('select[name="reveal-speed"]', "off");
    // An opened section stays open through the updates (it used to close at each diff).
    const unused = page.locator("details.sr-unused").first();
    await unused.locator("summary").click();
    assert.equal(await unused.getAttribute("open"), "");
    const deadline = Date.now() + 240_000;
    let named = "";
    let moves = 0;
    while (Date.now() < deadline && !named) {
      if (await page.locator(".end-banner").count()) break;
      const lines = await page.locator('[data-testid="log"] li').allTextContents();
      named = lines.find((l) => / takes .+ from the (Universe|Deck)/.test(l)) ?? "";
      if (named) break;
      // Prefer taking cards (PICK) so one is taken soon; else any offered move.
      const buttons = page.locator(offered);
      const n = await buttons.count();
      try {
        if (n) {
          await buttons.nth(Math.floor(Math.random() * n)).click({ timeout: 1000 });
          moves++;
        }
        else await page.waitForTimeout(100);
      } catch {
        await page.waitForTimeout(50);
      }
    }
    assert.ok(named, "a log line names the card taken and where from");
    if (await unused.count()) assert.equal(await unused.getAttribute("open"), "", `"Unused Control Cards" stayed open through ${moves} moves`);
    assert.doesNotMatch(named, /\{seat:/, "seats are named");
    await shots(page, "kit-space-race");
  });
});
