// Browser end-to-end for Race to the Terminus and its decks: the deck builder (the pool and
// its filters, a starter copied into your decks, a card swapped, the server's verdict on
// save, a broken list refused line by line on import, export), the lobby (Ready held back
// until a deck is chosen, the bot's starter named), a whole match against a bot played by
// clicking what the table offers, then its replay. Screenshots (desktop and 390 px) of the
// builder, the lobby and the table go to E2E_SHOTS (tm-*.png).
//
//   node --test tests/e2e/terminus_decks.test.mjs   (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { assertCardsReadable } from "./card_fit.mjs";
import {
  browserPage, cleanUp, desktop, namedLogLines, openReplay, phone, pickName, shoot, startServer, withEvidence,
} from "./harness.mjs";

const gameTimeoutMs = 420_000;
const maxMoves = 3000;
let baseUrl = "";

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

test("Terminus: build a deck, bring it to a lobby, play a bot to the end, open the replay", { timeout: 600_000 }, async () => {
  const page = await browserPage("terminus", desktop);
  await withEvidence({ terminus: page }, () => scenario(page));
});

// Clear came and went as a fifth filter: at every size it took a row of its own, so the first
// filter set moved the pool's cards 52 px down and Clear moved them back up (and the focus fell
// to the page with the pressed button). It stands beside the count now, always; with nothing
// to clear it is aria-disabled and keeps the focus. Both deck games' builders, both sizes.
test("the deck builder's pool stays put while filters are set and cleared, and Clear keeps the focus", { timeout: 180_000 }, async () => {
  const page = await browserPage("decks-filters", desktop);
  await withEvidence({ "decks-filters": page }, async () => {
    await pickName(page, baseUrl, "Fil");
    for (const game of ["terminus", "quasar_search"]) {
      await page.goto(`${baseUrl}/#/decks/${game}`);
      await page.waitForSelector(".pool-item");
      const all = await page.locator(".pool-item").count();
      const shown = (n) => page.waitForFunction((n) => document.querySelectorAll(".pool-item").length === n, n);
      for (const [size, label] of [[desktop, "1280 px"], [phone, "390 px"]]) {
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        const top = () => page.locator(".pool-list").evaluate((e) => Math.round(e.getBoundingClientRect().top + scrollY));
        const where = `${game}'s builder at ${label}`;
        const before = await top();
        // A search, then a type as well: the list neither jumps down at the first filter…
        const name = await page.locator(".pool-item").last().getAttribute("data-card");
        await page.fill('input[name="filter-text"]', name);
        await page.waitForFunction((n) => document.querySelectorAll(".pool-item").length < n, all);
        assert.equal(await top(), before, `${where}: the list moved when a filter was typed`);
        assert.equal(await page.locator('button[name="clear-filters"]:not([aria-disabled])').count(), 1, `${where}: Clear offered`);
        const kind = await page.locator('select[name="filter-kind"] option').nth(1).getAttribute("value");
        await page.fill('input[name="filter-text"]', "");
        await page.selectOption('select[name="filter-kind"]', kind);
        assert.equal(await top(), before, `${where}: the list moved when a type was chosen`);
        await shoot(page, `decks-filtered-${game}-${size === phone ? "phone" : "desktop"}.png`);
        // …nor up at Clear, pressed from the keyboard; the focus stays on Clear.
        await page.focus('button[name="clear-filters"]');
        await page.keyboard.press("Enter");
        await shown(all);
        assert.equal(await top(), before, `${where}: the list moved when the filters were cleared`);
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "clear-filters", `${where}: the focus left Clear`);
        assert.equal(await page.getAttribute('button[name="clear-filters"]', "aria-disabled"), "true", `${where}: nothing left to clear`);
        await shoot(page, `decks-cleared-${game}-${size === phone ? "phone" : "desktop"}.png`);
      }
      await page.setViewportSize(desktop);
    }
    assert.deepEqual(await page.evaluate(() => window.__errors), [], "no error shown");
  });
});

// The deck builder's cards are the kit's cards, cut ("…") where their text does not fit, as
// on a table; only a table said how to read a cut card whole. At the default text size no
// card of the Terminus pool is cut, from 320 to 1280 px; with the browser's minimum font
// size at 14 px some are (13 at 1280 px, "Chart the Unknown" at 390 px), and the builder
// says what a table says, above the pool, and keeps its room while filters change the cards.
test("the deck builder's cut cards: the kit's hint above the pool, its room kept", { timeout: 180_000 }, async () => {
  const page = await browserPage("terminus-large-text", desktop, { minimumFontSize: 14 });
  await withEvidence({ "terminus-large-text": page }, async () => {
    await pickName(page, baseUrl, "Lena");
    await page.goto(`${baseUrl}/#/decks/terminus`);
    await page.waitForSelector(".pool-item");
    const hint = page.locator(".deck-pool .cut-hint-box > .cut-hint");
    for (const [size, label] of [[desktop, "desktop size"], [phone, "390 px"]]) {
      await page.setViewportSize(size);
      await page.waitForSelector(".pool-item .card[data-cut]");
      await assertCardsReadable(page, `the deck builder with larger text at ${label}`);
      assert.ok(await hint.isVisible(), `a card of the pool is cut at ${label}, and the hint says how to read it`);
      // Filtered to no card, the hint goes and its room stays: the list does not move up.
      const top = () => page.locator(".pool-list").evaluate((e) => Math.round(e.getBoundingClientRect().top + scrollY));
      const cut = await page.locator(".pool-item:has(.card[data-cut])").first().getAttribute("data-card");
      await page.fill('input[name="filter-text"]', cut);
      await page.waitForFunction(() => document.querySelectorAll(".pool-item").length === 1);
      await shoot(page, `tm-builder-cut-${size === phone ? "phone" : "desktop"}.png`);
      const withHint = await top();
      await page.fill('input[name="filter-text"]', `${cut} and no such card`);
      await page.waitForFunction(() => document.querySelectorAll(".pool-item").length === 0);
      assert.ok(!(await hint.isVisible()), "no card cut: the hint is not seen");
      assert.equal(await top(), withHint, "and the list stays where it was");
      await page.click('button[name="clear-filters"]');
    }
  });
});

// The page fits its width: nothing wider than the viewport.
async function fits(page, width) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width + 1, `the page is ${wide}px wide at ${width}px`);
}

async function scenario(page) {
  await pickName(page, baseUrl, "Tessa");

  // Home links to the deck builder of every deck game.
  await page.click('[data-decks-link="terminus"]');
  await page.waitForURL(/#\/decks\/terminus/);
  await page.waitForSelector(".pool-item");
  await page.waitForSelector('[data-testid="starter-decks"] li');
  const poolSize = await page.locator(".pool-item").count();
  assert.ok(poolSize >= 150, `the whole pool is listed (${poolSize})`);

  // Filters: type, keyword, text; they combine, and Clear brings the pool back.
  await page.selectOption('select[name="filter-kind"]', "Module");
  const modules = await page.locator(".pool-item").count();
  assert.ok(modules >= 30 && modules < poolSize);
  assert.equal(await page.locator('.pool-item:not([data-kind="Module"])').count(), 0);
  const tag = (await page.locator('select[name="filter-tag"] option').nth(1).getAttribute("value")) ?? "";
  await page.selectOption('select[name="filter-kind"]', "");
  await page.selectOption('select[name="filter-tag"]', tag);
  const tagged = await page.locator(".pool-item").count();
  assert.ok(tagged >= 2 && tagged < poolSize, `keyword ${tag}: ${tagged} cards`);
  await page.click('button[name="clear-filters"]');
  await page.fill('input[name="filter-text"]', "Maintenance Inspection");
  await page.waitForFunction(() => document.querySelectorAll(".pool-item").length === 1);
  await page.click('button[name="clear-filters"]');
  assert.equal(await page.locator(".pool-item").count(), poolSize);

  // A starter: read-only, playable; copy it into your decks.
  await page.locator('[data-testid="starter-decks"] li button').first().click();
  await page.waitForSelector('.deck-state[data-state="starter"]');
  assert.match(await page.locator(".deck-problems").innerText(), /Playable/);
  await shoot(page, "tm-builder-starter-desktop.png");
  await page.click('button[name="copy-deck"]');
  await page.waitForSelector('.deck-state[data-state="saved"]');
  await page.waitForSelector('[data-testid="your-decks"] li');
  await page.fill('input[name="deck-name"]', "Tessa's Racer");

  // Swap one Action: take the first Action out, add an Action the deck lacks.
  const actions = page.locator('.deck-group[data-pile="Action"] .deck-card-line');
  const out = await actions.first().getAttribute("data-card");
  await actions.first().locator('button[name="remove-card"]').click();
  await page.waitForSelector('.deck-state[data-state="unsaved"]');
  assert.match(await page.locator('[data-pile="Action"][data-have]').innerText(), /Actions\s*19\/20/);
  assert.match(await page.locator(".deck-problems").innerText(), /Actions Pile has 19 cards/);
  await page.selectOption('select[name="filter-kind"]', "Action");
  const candidate = page.locator('.pool-item[data-kind="Action"]:has(.count-buttons[data-copies="0"]) button[name="add-card"]:not([aria-disabled])').first();
  const added = await candidate.locator("xpath=ancestor::li[1]").getAttribute("data-card");
  assert.notEqual(added, out);
  await candidate.click();
  assert.match(await page.locator('[data-pile="Action"][data-have]').innerText(), /20\/20/);
  await page.click('button[name="save-deck"]');
  await page.waitForSelector('.deck-state[data-state="saved"]');
  await page.waitForSelector('.deck-problems[data-problems="0"]');
  assert.match(await page.locator(".deck-problems").innerText(), /the server checked this deck/);
  await page.waitForSelector(`[data-testid="your-decks"] li:has-text("Tessa's Racer") .badge.ok`);

  // Export: the list names the added card; it is offered to copy and download.
  await page.click(".export-box summary");
  const text = await page.inputValue('textarea[name="export-text"]');
  assert.match(text, new RegExp(added.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await shoot(page, "tm-builder-desktop.png");
  await fits(page, desktop.width);
  // The pool's cards are the kit's: each read whole, on the card or in its zoom, inside the
  // screen (the builder's own "width: 100%" reached the zoom: as wide as the screen, its
  // right edge off it).
  await assertCardsReadable(page, "the deck builder's Actions at desktop size");
  await shoot(page, "tm-builder-phone.png", phone);
  await fits(page, phone.width);
  await assertCardsReadable(page, "the deck builder's Actions at 390 px");
  await page.setViewportSize(desktop);

  // Import: a broken list is refused with every broken line, and nothing is saved.
  const decksBefore = await page.locator('[data-testid="your-decks"] li').count();
  await page.click(".import-box summary");
  await page.fill('input[name="import-name"]', "Broken");
  await page.fill('textarea[name="import-text"]', "2 No Such Card\nzz Maintenance Inspection\n");
  await page.click('button[name="import-deck"]');
  await page.waitForSelector(".import-errors");
  const errors = await page.locator(".import-errors li").allInnerTexts();
  assert.ok(errors.length >= 2, `one problem per broken line: ${errors.join(" | ")}`);
  assert.ok(errors.some((e) => /line 1/.test(e)) && errors.some((e) => /line 2/.test(e)), errors.join(" | "));
  assert.equal(await page.locator('[data-testid="your-decks"] li').count(), decksBefore);
  // The exported list imports as a new deck.
  await page.fill('input[name="import-name"]', "Racer again");
  await page.fill('textarea[name="import-text"]', text);
  await page.click('button[name="import-deck"]');
  await page.waitForSelector('[data-testid="your-decks"] li:has-text("Racer again")');
  await page.waitForSelector('.deck-problems[data-problems="0"]');

  // A lobby: 2 seats, a heuristic bot with a starter; the host's Start waits for a deck (the
  // host has no Ready box: the server never waits for the host).
  await page.goto(`${baseUrl}/#/`);
  await page.waitForSelector('.conn[data-conn="open"]');
  await page.selectOption('select[name="game"]', "terminus");
  await page.fill('input[name="seats"]', "2");
  await page.dispatchEvent('input[name="seats"]', "change");
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  await page.waitForSelector('select[name="choose-deck"]');
  assert.equal(await page.locator('input[name="ready"]').count(), 0, "the host has no Ready box");
  const starter = await page.locator('select[name="bot-deck-1"] option').nth(1).getAttribute("value");
  await page.selectOption('select[name="bot-deck-1"]', starter);
  await page.click('button[name="add-bot-1"]');
  await page.waitForSelector('.seat-row[data-seat="1"][data-bot="1"] .deck-name');
  assert.match(await page.locator("[data-start-problem]").innerText(), /Choose your deck first/);
  assert.ok(await page.isDisabled('button[name="start"]'), "Start waits for the host's deck");
  await shoot(page, "tm-lobby-desktop.png");
  const mine = await page.locator('select[name="choose-deck"] option', { hasText: "Tessa's Racer" }).getAttribute("value");
  await page.selectOption('select[name="choose-deck"]', mine);
  await page.waitForSelector('[data-deck-chosen="1"]');
  await page.waitForSelector(`.seat-row[data-seat="0"] .deck-name:has-text("Tessa's Racer")`);
  await page.waitForSelector('button[name="start"]:not([disabled])');
  await shoot(page, "tm-lobby-phone.png", phone);
  await fits(page, phone.width);
  await page.setViewportSize(desktop);
  await page.click('button[name="start"]');
  await page.waitForURL(/#\/match\//);
  const matchId = page.url().replace(/^.*#\/match\//, "");
  await page.waitForSelector(".terminus");
  await page.waitForSelector('[data-testid="tm-chart"]');

  // Play to the end by clicking what the table offers (a seeded casual policy).
  const random = rng(Number(process.env.E2E_SEED ?? 20261124));
  const deadline = Date.now() + gameTimeoutMs;
  let moves = 0;
  let shots = 0;
  let sawCascade = false;
  while (!(await page.locator('[data-testid="outcome"]').count())) {
    assert.ok(Date.now() < deadline && moves < maxMoves, `the match did not end in time (${moves} moves)`);
    if (await page.locator('[data-testid="tm-cascade"]').count()) sawCascade = true;
    const buttons = await page.locator(".page.match button.action:not([aria-disabled])").evaluateAll((els) =>
      els.map((e) => ({ action: e.dataset.action ?? "", label: e.textContent ?? "" })),
    );
    const choices = buttons.filter((b) => !b.action.startsWith("0:"));
    if (!choices.length) {
      await page.waitForTimeout(50);
      continue;
    }
    for (const b of choices) assert.ok(b.label.trim() && !/undefined|NaN|card \d+$/.test(b.label), `a move reads "${b.label}"`);
    // Lean away from passing so the table fills up.
    const pass = (b) => b.action.startsWith("6:");
    const pool = choices.some((b) => !pass(b)) && random() < 0.8 ? choices.filter((b) => !pass(b)) : choices;
    const pick = pool[Math.floor(random() * pool.length)];
    try {
      await page.locator(`.page.match button.action[data-action="${pick.action}"]:not([aria-disabled])`).first().click({ timeout: 1500 });
      moves++;
    } catch {
      await page.waitForTimeout(50);
      continue;
    }
    if (shots === 0 && moves >= 12 && (await page.locator(".tm-ship .card[data-face=up]").count()) >= 3) {
      shots++;
      await shoot(page, "tm-table-desktop.png");
      await shoot(page, "tm-table-phone.png", phone);
      await fits(page, phone.width);
      await assertCardsReadable(page, "the table at 390 px");
      await page.setViewportSize(desktop);
    }
  }
  const outcome = await page.locator('[data-testid="outcome"]').innerText();
  assert.match(outcome, /You won|You lost|won/);
  console.log(`terminus: ${moves} moves, outcome "${outcome.split("\n")[0]}", cascade seen: ${sawCascade}`);
  // Cards travel in log lines as "{card:K}"; the page names them from the pool.
  await namedLogLines(page, / plays [A-Z]|Discovery: [A-Z]/);
  await shoot(page, "tm-end-desktop.png");
  const shown = await page.evaluate(() => window.__errors);
  assert.deepEqual(shown, [], `the page showed errors: ${shown.join(" | ")}`);

  // The replay: the first step and the last, the same table without moves.
  await openReplay(page, { from: `${baseUrl}/#/replay/${matchId}?step=0` });
  await page.waitForSelector(".replay .terminus");
  assert.equal(await page.locator(".page button.action").count(), 0);
  await page.click('button[name="last"]');
  await page.waitForSelector('[data-testid="tm-chart"]');
  await namedLogLines(page, / plays [A-Z]|Discovery: [A-Z]/, ".replay-log li");
  await shoot(page, "tm-replay-desktop.png");
  await shoot(page, "tm-replay-phone.png", phone);
  await fits(page, phone.width);
  await assertCardsReadable(page, "the replay's last step at 390 px");
  await page.setViewportSize(desktop);

  // One click against the computer with your own deck: the Module Draft offers exactly
  // the Modules of that deck.
  await page.goto(`${baseUrl}/#/`);
  await page.waitForSelector('select[name="play-computer-deck-terminus"] option[value]:not([value=""])', { state: "attached" });
  const racer = await page.locator('select[name="play-computer-deck-terminus"] option', { hasText: "Tessa's Racer" }).getAttribute("value");
  await page.selectOption('select[name="play-computer-deck-terminus"]', racer);
  await shoot(page, "tm-home-phone.png", phone);
  await fits(page, phone.width);
  await page.setViewportSize(desktop);
  await page.click('[data-play-computer="terminus"]');
  await page.waitForURL(/#\/match\//);
  await page.waitForSelector('[data-testid="tm-draft"] .tm-choice');
  const drafted = await page.locator('[data-testid="tm-draft"] .tm-choice').evaluateAll((els) => els.map((e) => e.getAttribute("data-card-name")));
  const moduleLines = text.split("# ")[1] ?? "";
  assert.match(moduleLines, /^Module/, "the export starts with the Modules");
  for (const name of drafted) assert.ok(moduleLines.includes(name), `${name} is not a Module of Tessa's Racer`);
  assert.equal(drafted.length, 10 - (await page.locator('.seat-panel--you .tm-zone:has(h4:has-text("Legacy")) .card').count()), "the whole Module Pile but a Legacy");
  await page.click('button[name="resign"]');
  await page.click('button[name="resign"]');
  await page.waitForSelector('[data-testid="outcome"]');
  const shownAfter = await page.evaluate(() => window.__errors);
  assert.deepEqual(shownAfter, [], `the page showed errors: ${shownAfter.join(" | ")}`);
}
