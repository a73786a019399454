// Browser end-to-end: a JFK solo game of Space Race against the Eastern bloc, played to
// its end by clicking the choices the table offers, then its replay. The real server
// binary and the built web client in Debian's chromium (playwright-core), fresh profile.
//
//   npm --prefix web-client run e2e        (builds dist/ first; runs every e2e test)
//   node --test tests/e2e/space_race_jfk.test.mjs      (after npm run build)
//   STARPORT_BIN=/path/to/starport  E2E_SHOTS=/tmp/shots  to override the defaults
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { assertAxeClean } from "./axe.mjs";
import { assertCardsReadable } from "./card_fit.mjs";
import { browserPage, cleanUp, namedLogLines, openReplay, shoot, startServer, withEvidence } from "./harness.mjs";

const gameTimeoutMs = 300_000;
const maxMoves = 1500;   // a JFK game takes about 80–250 choices
let baseUrl = "";

// A small seeded generator, so a failing run can be repeated with the same clicks.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

// Picks one of the offered buttons, like a casual player: a random choice that leans to
// using abilities and taking cards over passing, to the largest draw, and to keeping the
// Hand in Clever Investments, so the game builds an Agency worth looking at. Only offered
// buttons are ever considered; the table decides what is offered.
function pickButton(buttons, heading, random) {
  const kind = (b) => Number(b.action.split(":")[0]);
  if (/^Clever Investments/.test(heading)) {
    const done = buttons.find((b) => kind(b) === 7);
    if (done && random() < 0.8) return done;
  }
  const draws = buttons.filter((b) => kind(b) === 6);
  const pool = buttons.filter((b) => kind(b) !== 6);
  if (draws.length) pool.push(draws[draws.length - 1]);
  const weight = (b) => (kind(b) === 3 || kind(b) === 7 ? 1 : 6);
  let total = pool.reduce((t, b) => t + weight(b), 0) * random();
  for (const b of pool) {
    total -= weight(b);
    if (total <= 0) return b;
  }
  return pool[pool.length - 1];
}

// Clicks offered choices until the outcome shows. Returns the moves and every label seen.
async function playUntilOver(page, onMove) {
  const random = rng(Number(process.env.E2E_SEED ?? 20261122));
  const deadline = Date.now() + gameTimeoutMs;
  const labels = new Set();
  let moves = 0;
  // Clicks that threw: Playwright can report a click as failed after the page took it (the
  // table re-rendered between its press and its check of what was hit, and the retry found
  // the button busy), so each of these may or may not be a move in the log.
  let unsure = 0;
  while (Date.now() < deadline && moves < maxMoves) {
    if (await page.locator('[data-testid="outcome"]').count()) return { moves, unsure, labels };
    const buttons = await page
      .locator(".page.match button.action:not([aria-disabled])")
      .evaluateAll((els) => els.map((e, i) => ({ i, action: e.dataset.action ?? "", label: e.querySelector(".sr-label")?.textContent ?? e.textContent })));
    if (!buttons.length) {
      await page.waitForTimeout(50);
      continue;
    }
    for (const b of buttons) labels.add(b.label);
    const heading = (await page.locator("[data-decision]").innerText().catch(() => "")) ?? "";
    const choice = pickButton(buttons, heading, random);
    try {
      await page.locator(`.page.match button.action[data-action="${choice.action}"]:not([aria-disabled])`).first().click({ timeout: 1500 });
    } catch {
      // The table re-rendered under us: look again.
      unsure++;
      await page.waitForTimeout(50);
      continue;
    }
    moves++;
    // Outside the click's catch: an assertion of the table's that fails must fail the test.
    await onMove(moves);
  }
  throw new Error(`the game did not end within ${gameTimeoutMs / 1000}s / ${maxMoves} moves (made ${moves})`);
}

// Every covered ability is seen as covered on its card, whole, without the zoom: "① covered"
// in the card's badge line, on screen, not under the card's cut text (at 390 px the mark ended
// the text and went with its cut). Likewise every ability used this round: "↻ used" (or "①
// used", "▤ resolved") in the badge line (it ended its row as "used this round", and at 390 px
// Solar Panels' text was cut before it). Returns how many such cards there were.
const markKinds = {
  covered: { row: ".sr-ab.covered", mark: ".sr-covered-mark", words: /covered/ },
  used: { row: ".sr-ab.used", mark: ".sr-used-mark", words: /used|resolved/ },
};
async function assertMarksSeen(page, label, kind = "covered") {
  const { count, faults } = await page.evaluate(({ row, mark: markSel, words }) => {
    const faults = [];
    const cards = [...document.querySelectorAll(".card--face:not(.card--zoom)")].filter((c) => c.querySelector(`:scope > .card__text ${row}`));
    for (const card of cards) {
      const name = card.querySelector(".card__name")?.textContent ?? "?";
      const mark = card.querySelector(`:scope > .card__badges ${markSel}`);
      if (!mark) { faults.push(`${name}: no mark in its badge line`); continue; }
      if (card.querySelector(":scope > .card__text em")) faults.push(`${name}: a mark is still in its text, where the kit cuts it`);
      mark.scrollIntoView({ block: "center" });
      const r = mark.getBoundingClientRect();
      const c = card.getBoundingClientRect();
      const text = card.querySelector(":scope > .card__text").getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!new RegExp(words).test(mark.innerText) || r.width < 1 || r.top < c.top || r.bottom > c.bottom || r.right > c.right || r.bottom > text.top + 0.5 || !mark.contains(hit))
        faults.push(`${name}: its mark is not seen (${Math.round(r.top - c.top)}–${Math.round(r.bottom - c.top)} px in a ${Math.round(c.height)} px card, hit ${hit?.className})`);
    }
    return { count: cards.length, faults };
  }, { ...markKinds[kind], words: markKinds[kind].words.source });
  assert.deepEqual(faults, [], `${label} (${kind}): ${faults.join("; ")}`);
  return count;
}
const assertCoveredMarksSeen = (page, label) => assertMarksSeen(page, label, "covered");

// The marks are short so that a card's badge line stays one line at desktop size: the card
// is no taller for them (its levels, symbols and marks side by side).
async function assertBadgeLinesOneLine(page, label) {
  const faults = await page.evaluate(() => {
    const out = [];
    for (const line of document.querySelectorAll(".card--face:not(.card--zoom) > .card__badges .sr-card-marks")) {
      const items = [...line.children].filter((e) => e.getBoundingClientRect().width > 0);
      const tops = new Set(items.map((e) => Math.round(e.getBoundingClientRect().top)));
      if (tops.size > 1) out.push(`${line.closest(".card").querySelector(".card__name")?.textContent}: "${line.innerText.replace(/\s+/g, " ")}" wraps`);
    }
    return out;
  });
  assert.deepEqual(faults, [], `${label}: ${faults.join("; ")}`);
}

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

test("a JFK solo game of Space Race is played to its end in the browser, then its replay is stepped", { timeout: 480_000 }, async () => {
  const page = await browserPage("jfk");
  await withEvidence({ jfk: page }, () => scenario(page));
});

test("a 2-seat Cold War game shows the bot's secret Control Card only as chosen until both have chosen", { timeout: 120_000 }, async () => {
  const page = await browserPage("cold-war");
  await withEvidence({ "cold-war": page }, () => secretChoice(page));
});

// The match page's move log as it stood while the bot's choice was still secret.
let logBeforeReveal = null;

// Non-negotiable 1: the accepted actions' log lines go to every seat; the game's public
// words say that the bot chose a Control Card, never which one.
test("the move log does not name the bot's secret Control Card before the reveal", () => {
  assert.notEqual(logBeforeReveal, null, "the Cold War test ran first");
  assert.doesNotMatch(logBeforeReveal, /\b1 choose \d+/);
  assert.match(logBeforeReveal, /chooses a Control Card\./);
});

async function secretChoice(page) {
  await page.goto(`${baseUrl}/#/`);
  await page.fill('input[name="display-name"]', "Nikita");
  await page.click('form button[type="submit"]:has-text("Play")');
  await page.waitForSelector('.conn[data-conn="open"]');
  await page.selectOption('select[name="game"]', "space_race");
  await page.fill('input[name="seats"]', "2");
  await page.dispatchEvent('input[name="seats"]', "change");
  assert.ok(!(await page.isVisible('select[name="sr-difficulty"]')), "no JFK difficulty with two seats");
  await page.selectOption('select[name="sr-variant"]', "2");
  await page.selectOption('select[name="sr-first-player"]', "1");
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  await page.waitForSelector('.settings li:has-text("Cold War scoring")');
  await page.waitForSelector('.settings li:has-text("First player (Initiative Marker): seat 2")');
  await page.selectOption('select[name="bot-kind-1"]', "heuristic");
  await page.click('button[name="add-bot-1"]');
  await page.waitForSelector('.seat-row[data-seat="1"][data-bot="1"]');
  await page.click('button[name="start"]');
  await page.waitForURL(/#\/match\//);

  // The bot chooses at once; its card stays face down: "chosen", no name, 12 unused.
  const bot = page.locator('.seat-panel[data-seat="1"]');
  await bot.locator('[data-chosen="1"]').waitFor();
  assert.equal(await bot.locator(".sr-control.current").count(), 0, "the bot's Control Card is not shown");
  assert.match(await bot.locator(".sr-unused summary").innerText(), /Unused Control Cards: 12/);
  assert.equal(await bot.locator(".sr-hand .card[data-face=up]").count(), 0, "another seat's Hand is never shown");
  assert.equal(await bot.locator(".sr-hand .card[data-face=down]").count(), 3, "the Initiative holder's Hand of 3, as backs");
  await page.waitForSelector('.seat-panel[data-seat="1"] .mark:has-text("Initiative")');
  assert.match(await page.locator(".sr-scores h3").innerText(), /Score if the game ended now/);
  assert.match(await page.locator(".sr-score-row").first().innerText(), /levels compared/);
  logBeforeReveal = await page.locator('[data-testid="log"]').innerText();
  await shoot(page, "sr-cold-war-choose-phone.png", { width: 390, height: 844 });
  await page.setViewportSize({ width: 1200, height: 900 });

  // Once both have chosen, both cards turn face up.
  await page.click('.sr-moves button.action[data-action="1:5"]');
  await bot.locator(".sr-control.current").waitFor();
  assert.equal(await page.locator('.seat-panel[data-seat="0"] .sr-control.current').innerText(), "Technology VI");
  const shown = await page.evaluate(() => window.__errors);
  assert.deepEqual(shown, [], `the page showed errors: ${shown.join(" | ")}`);
}

async function scenario(page) {
  await page.goto(`${baseUrl}/#/`);
  await page.fill('input[name="display-name"]', "Jack");
  await page.click('form button[type="submit"]:has-text("Play")');
  await page.waitForSelector('[data-name="Jack"]');
  await page.waitForSelector('.conn[data-conn="open"]');

  // The create form: Space Race, one seat → the options follow with JFK and its difficulty.
  await page.selectOption('select[name="game"]', "space_race");
  await page.waitForSelector('select[name="sr-variant"]');
  await page.fill('input[name="seats"]', "1");
  await page.dispatchEvent('input[name="seats"]', "change");
  assert.equal(await page.inputValue('select[name="sr-variant"]'), "3", "one seat selects the JFK variant");
  assert.ok(await page.isVisible('select[name="sr-difficulty"]'), "JFK offers its difficulty");
  assert.ok(!(await page.isVisible('select[name="sr-first-player"]')), "a solo game has no first-player choice");
  await page.selectOption('select[name="sr-difficulty"]', "2");
  await page.check('input[name="private"]');
  await shoot(page, "sr-create-desktop.png");
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  await page.waitForSelector('.settings li:has-text("JFK solo")');
  await page.waitForSelector('.settings li:has-text("challenging (2 opponent decks)")');
  assert.equal(await page.locator(".seat-row").count(), 1, "a JFK lobby has one seat");
  await page.click('button[name="start"]');
  await page.waitForURL(/#\/match\//);
  await page.waitForSelector(".space-race");
  await page.waitForSelector(":text('You are Jack')");

  // The opening: Plan Development with the 12 Control Cards, the Eastern bloc's area.
  await page.waitForSelector('.sr-moves [data-group="control"] button.action');
  assert.equal(await page.locator('.sr-moves button.action[data-action^="1:"]').count(), 12, "all 12 Control Cards are offered");
  assert.match(await page.locator("[data-decision]").innerText(), /choose your Control Card for round 1/);
  assert.equal(await page.locator(".sr-opponent").count(), 1, "the JFK opponent's area is drawn");
  assert.equal(await page.locator(".sr-universe .sr-pile").count(), 4, "the Universe shows its four types");
  assert.equal(await page.locator(".sr-facedown .card[data-face=down]").count(), 2, "two face-down Universe cards, drawn as backs");
  assert.equal(await page.locator('.seat-panel--you .sr-hand .card[data-face=up]').count(), 4, "the player's own Hand of 4 cards, face up");
  await shoot(page, "sr-start-desktop.png");

  // Play: screenshots once the table has something on it, at desktop and phone sizes.
  let midShots = false;
  let usedSeen = 0;
  const { moves, unsure, labels } = await playUntilOver(page, async (n) => {
    // The first time an ability is used, its mark is seen on a phone, and at desktop size
    // the card's badge line is one line still.
    if (!usedSeen && (await page.locator(".card__text .sr-ab.used").count())) {
      await shoot(page, "sr-used-phone.png", { width: 390, height: 844 });
      usedSeen = await assertMarksSeen(page, "the first ability used, at 390 px", "used");
      await shoot(page, "sr-used-desktop.png", { width: 1280, height: 800 });
      await assertBadgeLinesOneLine(page, "the first ability used, at 1280 px");
      await page.setViewportSize({ width: 1200, height: 900 });
    }
    if (midShots || n < 40) return;
    const stage = await page.locator(".sr-stage-tag").count();
    if (!stage || !(await page.locator(".sr-moves button.action").count())) return;
    midShots = true;
    await shoot(page, "sr-mid-desktop.png");
    await shoot(page, "sr-mid-phone.png", { width: 390, height: 844 });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    assert.ok(fits, "the table fits a 390 px wide screen without sideways scrolling");
    await assertCardsReadable(page, "the table at 390 px");
    await assertCoveredMarksSeen(page, "the table at 390 px");
    await assertMarksSeen(page, "the table at 390 px", "used");
    // The JFK opponent's Stage levels once had black text on their dark boxes.
    await assertAxeClean(page, "the JFK opponent's panel", { context: ".sr-opp-levels", rules: ["color-contrast"] });
    await page.setViewportSize({ width: 1200, height: 900 });
  });
  assert.ok(moves >= 30, `a whole game takes more than ${moves} clicks`);
  assert.ok(midShots, "a mid-game screenshot was taken");
  console.log(`cards with an ability used this round when one was first used: ${usedSeen}`);
  const raw = [...labels].filter((l) => /^Action \d|undefined|NaN/.test(l));
  assert.deepEqual(raw, [], "every offered choice has a label in the players' words");
  for (const want of [/^Technology|^Propaganda|^Space Program|^Breakthrough/, /^Acquire with /, /^Pass$|^Done investing$/])
    assert.ok([...labels].some((l) => want.test(l)), `no choice like ${want} was offered: ${[...labels].slice(0, 40).join(" | ")}`);

  // Nothing the table offered was refused.
  const shown = await page.evaluate(() => window.__errors);
  assert.deepEqual(shown, [], `the page showed errors: ${shown.join(" | ")}`);

  // The end: who won against the Eastern bloc, the final score, the fairness check.
  // The end banner (the kit's, the same words on every game's page) for this player.
  const said = await page.locator('.end-banner [data-testid="outcome"]').innerText();
  assert.match(said, /^You won \(the most Development Points\)\.$|^You lost: Eastern bloc won\.$/, "the player is told whether they won");
  // Said once: the table's own box below the banner said it again ("The Eastern bloc wins.
  // Better luck next time, Mr. President."); the table keeps the final score.
  assert.equal(await page.locator(".space-race [data-outcome]").count(), 0, "the table does not say the end again");
  assert.doesNotMatch(await page.locator(".space-race").innerText(), /beat the Eastern bloc|Eastern bloc wins|Final Development Points: Jack/);
  assert.match(await page.locator(".sr-scores h3").innerText(), /Final score/);
  const finals = await page.locator(".sr-scores").innerText();
  assert.match(finals, /Jack\s*you\s*\d+(\.5)?\s/, "the player's final points");
  assert.match(finals, /Eastern bloc\s*\d+\s/, "the Eastern bloc's final points");
  assert.equal(await page.locator(".sr-moves button.action").count(), 0, "no choices once the game is over");
  assert.match(await page.locator(".sr-status").innerText(), /Round 7 of 7/);
  await page.waitForSelector('[data-fairness="ok"]', { timeout: 15_000 });
  // Cards travel in log lines as "{card:K}"; the page names them from the catalog.
  await namedLogLines(page, /The Eastern bloc takes [A-Z]/);
  await shoot(page, "sr-end-desktop.png");
  // Every card's abilities, on the card as far as it has room and whole in its zoom (the
  // abilities were clamped at 3 lines each by Space Race's own CSS, beside empty room, with
  // nothing marking the card as cut).
  await assertCardsReadable(page, "the final table at 1200 px");
  await shoot(page, "sr-end-phone.png", { width: 390, height: 844 });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, "the final table fits a 390 px wide screen");
  await assertCardsReadable(page, "the final table at 390 px");
  const covered = await assertCoveredMarksSeen(page, "the final table at 390 px");
  console.log(`covered abilities marked on the final table at 390 px: ${covered}`);
  await page.setViewportSize({ width: 1200, height: 900 });

  // The replay: the same table without choices, stepped back and forth, to the end.
  const total = await openReplay(page);
  await page.waitForSelector(".replay .space-race");
  assert.ok(total >= moves && total <= moves + unsure,
    `the replay holds every move (${total} steps, ${moves} clicks taken and ${unsure} that may have been)`);
  await page.click('button[name="forward"]');
  await page.waitForSelector('.step-label[data-step="1"]');
  assert.ok((await page.locator(".seat-panel .sr-controls .sr-control.current").count()) +
    (await page.locator('.seat-panel [data-chosen="1"]').count()) > 0, "after step 1 the Control Card is chosen");
  const mid = Math.floor(total / 2);
  await page.fill('input[name="jump"]', String(mid));
  await page.click('button[name="jump-go"]');
  await page.waitForSelector(`.step-label[data-step="${mid}"]`);
  await page.click('button[name="back"]');
  await page.waitForSelector(`.step-label[data-step="${mid - 1}"]`);
  await page.click('button[name="forward"]');
  await page.waitForSelector(`.step-label[data-step="${mid}"]`);
  assert.equal(await page.locator(".space-race button.action").count(), 0, "a replay offers no moves");
  await shoot(page, "sr-replay-mid-desktop.png");
  await page.click('button[name="last"]');
  await page.waitForSelector(`.step-label[data-step="${total}"]`);
  // The replay's end is said by its outcome line (the table below it no longer says it again).
  await page.locator('.replay-info [data-testid="outcome"]').filter({ hasText: /^(Jack won|Eastern bloc won|You won|You lost)/ }).waitFor();
  await namedLogLines(page, /The Eastern bloc takes [A-Z]/, ".replay-log li");
  assert.equal(await page.locator(".space-race [data-outcome]").count(), 0);
  assert.match(await page.locator(".sr-scores h3").innerText(), /Final score/);
  await shoot(page, "sr-replay-end-phone.png", { width: 390, height: 844 });

  // Issue 12 item 5: the replay's end says exactly what the match page said, for this
  // player (their seat's view of the replay) — the JFK replay once said "Winner: none".
  await page.goto(page.url().replace(/\?step=\d+.*$/, `?step=${total}&seat=1`));
  await page.waitForSelector(`.step-label[data-step="${total}"]`);
  // Only the hash changes, so the outcome line of the public step above is still there for a
  // moment: wait for the seat's own words ("You …") before comparing them.
  await page.locator('.replay-info [data-testid="outcome"]').filter({ hasText: /^You / }).waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('.replay-info [data-testid="outcome"]').innerText(), said, "the replay names the same winner as the match");
}
