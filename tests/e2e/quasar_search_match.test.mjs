// Quasar Search in two browsers (issue 17): Bob copies a starter deck in the deck builder
// and saves it as his own; Alice makes a private 3-seat lobby on the smallest difficulty
// (Easy, 2 Challenges per Act: short, and still more than one Act) with a heuristic bot as
// the third teammate; Alice brings a starter deck, Bob his saved one. At the table they talk
// in the team chat beside it, then play the Mission to its Ending Letter by clicking what
// each table offers (one labelled button per move); axe-core at the start and the end, the
// page fits 390 px, nobody was shown an error; then the replay of the Mission. Screenshots
// (E2E_SHOTS, `qs-*.png`) of the table at 1280×800 and 390×844.
//
//   npm --prefix web-client run e2e        (builds dist/ first)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { assertCardsReadable } from "./card_fit.mjs";
import { assertAxeClean as axe } from "./axe.mjs";
import {
  assertNoErrorsButRaces, browserPage, cleanUp, desktop, namedLogLines, openReplay, phone, pickName, shoot, startServer, withEvidence,
} from "./harness.mjs";

const missionTimeoutMs = 150_000;
let baseUrl = "";

// Action kinds (proto/starport/v1/quasar_search.proto).
const K = { CHOOSE_RANK: 1, CONFRONT: 2, TRIGGER: 3, PASS: 4, SHIFT: 7 };


async function fits(page, label) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= phone.width + 1, `${label}: the page is ${wide}px wide at ${phone.width}px`);
}

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

test("two browsers and a bot play a Quasar Search Mission to its Ending Letter, talking in the team chat, then its replay", { timeout: 300_000 }, async () => {
  const alice = await browserPage("alice", desktop);
  const bob = await browserPage("bob", desktop);
  await withEvidence({ alice, bob }, () => scenario(alice, bob));
});

// The enabled move buttons of a match page: their action keys and labels.
function moves(page) {
  return page.locator(".page.match button.action:not([aria-disabled])").evaluateAll((els) =>
    els.map((e) => ({ key: e.getAttribute("data-action") ?? "", label: (e.textContent ?? "").trim() })));
}

// Plays this page's seat until the Mission ends: any offered move, a seeded choice leaning
// away from passing (so Triggers and Shifts happen) — but a card to confront with is the
// highest one offered (the team wants to succeed). Returns the moves made.
async function play(page, seed, seen) {
  let s = seed;
  const rand = (n) => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s % n);
  const deadline = Date.now() + missionTimeoutMs;
  let made = 0;
  while (Date.now() < deadline) {
    if (await page.locator('[data-testid="outcome"]').count()) return made;
    const act = await page.locator(".quasar").getAttribute("data-act").catch(() => null);
    if (act) seen.acts.add(Number(act));
    const offered = (await moves(page).catch(() => [])).filter((m) => !m.key.startsWith("0"));
    if (!offered.length) {
      await page.waitForTimeout(60);
      continue;
    }
    for (const m of offered) assert.ok(m.label && !/undefined|NaN|\bMove \d|\bOption \d/.test(m.label), `a move reads "${m.label}"`);
    const kind = (m) => Number(m.key.split(":")[0]);
    let pick;
    const confront = offered.filter((m) => kind(m) === K.CONFRONT);
    if (confront.length) {
      if (!seen.aligned) {
        // The hand's moves line up under cards of different heights (each row of stacks),
        // at 390 px, where card texts are cut to different heights.
        seen.aligned = true;
        await page.setViewportSize(phone);
        await page.waitForTimeout(100);
        const stacks = await page.locator('[data-testid="qs-hand"] .qs-choice').evaluateAll((els) => els.map((e) => ({
          row: Math.round(e.getBoundingClientRect().top),
          card: Math.round(e.firstElementChild?.getBoundingClientRect().height ?? 0),
          move: Math.round(e.querySelector("button.action")?.getBoundingClientRect().top ?? -1),
        })));
        const rows = new Map();
        for (const x of stacks) rows.set(x.row, [...(rows.get(x.row) ?? []), x]);
        for (const [row, xs] of rows)
          assert.ok(xs.every((x) => Math.abs(x.move - xs[0].move) <= 1), `the moves under the hand's row at ${row}px line up: ${JSON.stringify(xs)}`);
        console.log(`quasar_search e2e: the hand at 390 px, card heights by row: ${[...rows.values()].map((xs) => xs.map((x) => x.card).join("/")).join(", ")}`);
        await page.setViewportSize(desktop);
      }
      const value = (m) => Number(/\((-?\d+)\)\s*$/.exec(m.label)?.[1] ?? -99);
      pick = confront.sort((a, b) => value(b) - value(a))[0];
      seen.confronts++;
    } else {
      const notPass = offered.filter((m) => kind(m) !== K.PASS);
      const pool = notPass.length && rand(10) < 7 ? notPass : offered;
      pick = pool[rand(pool.length)];
    }
    seen.kinds.add(kind(pick));
    try {
      await page.locator(`.page.match button.action[data-action="${pick.key}"]:not([aria-disabled])`).first().click({ timeout: 1500 });
      made++;
    } catch {
      await page.waitForTimeout(60);
    }
  }
  throw new Error(`the Mission did not end within ${missionTimeoutMs / 1000}s (${made} moves)`);
}

async function scenario(alice, bob) {
  // Bob's own deck: a starter copied in the deck builder and saved under his name.
  await pickName(bob, baseUrl, "Bob");
  await bob.click('[data-decks-link="quasar_search"]');
  await bob.waitForURL(/#\/decks\/quasar_search/);
  await bob.waitForSelector('[data-testid="starter-decks"] li');
  await bob.locator('[data-testid="starter-decks"] li button').first().click();
  await bob.waitForSelector('.deck-state[data-state="starter"]');
  await bob.click('button[name="copy-deck"]');
  await bob.waitForSelector('.deck-state[data-state="saved"]');
  await bob.fill('input[name="deck-name"]', "Bob's Crew");
  await bob.click('button[name="save-deck"]');
  await bob.waitForSelector(`[data-testid="your-decks"] li:has-text("Bob's Crew")`);
  await bob.waitForSelector('.deck-problems[data-problems="0"]');

  // Alice's lobby: 3 seats, private, Easy with 2 Challenges per Act.
  await pickName(alice, baseUrl, "Alice");
  await alice.selectOption('select[name="game"]', "quasar_search");
  await alice.fill('input[name="seats"]', "3");
  await alice.dispatchEvent('input[name="seats"]', "change");
  await alice.check('input[name="private"]');
  await alice.selectOption('select[name="qs-difficulty"]', { label: "Easy (6 Challenges per Act)" });
  await alice.fill('input[name="qs-per-act"]', "2");
  await alice.click('button:has-text("Create lobby")');
  await alice.waitForURL(/#\/lobby\//);
  await alice.waitForSelector(':text("2 Challenges per Act")');
  await alice.waitForSelector(':text("Difficulty: Easy")');
  const invite = await alice.locator('input[name="invite-link"]').inputValue();

  // Decks per seat: Alice a starter, Bob his own; the bot brings a starter.
  await alice.waitForSelector('select[name="choose-deck"] optgroup[label="Starter decks"] option', { state: "attached" });
  const starter = await alice.locator('select[name="choose-deck"] optgroup[label="Starter decks"] option').first().getAttribute("value");
  await alice.selectOption('select[name="choose-deck"]', starter);
  await alice.waitForSelector('[data-deck-chosen="1"]');
  // On a phone the deck's select takes the row, so a long name shows whole (it was cut to
  // "Ironbound Salvag" beside the builder's link).
  const size = alice.viewportSize();
  await alice.setViewportSize(phone);
  const select = await alice.locator('select[name="choose-deck"]').boundingBox();
  assert.ok(select && select.width >= 300, `at 390 px the deck select is ${select?.width} px wide`);
  await alice.setViewportSize(size);
  await bob.goto(invite);
  await bob.waitForURL(/#\/lobby\//);
  await bob.waitForSelector('select[name="choose-deck"] option', { state: "attached" });
  const bobsDeck = await bob.locator('select[name="choose-deck"] option', { hasText: "Bob's Crew" }).getAttribute("value");
  await bob.selectOption('select[name="choose-deck"]', bobsDeck);
  await bob.waitForSelector(`.seat-row[data-seat="1"] .deck-name:has-text("Bob's Crew")`);
  // Alice sees only that Bob has chosen, never which deck.
  await alice.waitForSelector('.seat-row[data-seat="1"] [data-deck="chosen"]');
  assert.doesNotMatch(await alice.locator('.seat-row[data-seat="1"]').innerText(), /Bob's Crew/);
  await alice.click('button[name="add-bot-2"]');
  await alice.waitForSelector('.seat-row[data-seat="2"][data-bot="1"]');
  await bob.check('input[name="ready"]');
  await alice.waitForSelector('.seat-row[data-seat="1"] [data-ready="1"]');
  await alice.click('button[name="start"]');
  await alice.waitForURL(/#\/match\//);
  await bob.waitForURL(/#\/match\//);
  for (const page of [alice, bob]) {
    await page.waitForSelector(".quasar");
    // Off: every view at once (the test reads the table; a person would see each reveal).
    await page.selectOption('select[name="reveal-speed"]', "off");
  }

  // The table at the start: the Mission Zone, a Rank to choose, the team chat beside it.
  await alice.waitForSelector('[data-testid="qs-mission"]');
  await alice.waitForSelector('.qs-chat input[name="chat"]');
  await alice.waitForSelector(`.page.match button.action[data-action^="${K.CHOOSE_RANK}:"]`);
  await shoot(alice, "qs-start-desktop.png");
  await axe(alice, "the Quasar Search table at the start");
  const chatBox = await alice.locator(".qs-chat").boundingBox();
  const tableBox = await alice.locator(".qs-main").boundingBox();
  assert.ok(chatBox && tableBox && chatBox.x >= tableBox.x + tableBox.width - 1, "on a desktop the team chat sits beside the table");
  await shoot(bob, "qs-start-phone.png", phone);
  await fits(bob, "the table at the start");
  await assertCardsReadable(bob, "the table at the start, 390 px");
  // On a phone the chat is below the table, one button away.
  await bob.click('button[name="team-chat"]');
  await bob.waitForFunction(() => document.activeElement?.getAttribute("name") === "chat");
  await bob.setViewportSize(desktop);

  // Team chat: Alice says what she holds; Bob reads it beside his table and answers.
  await alice.fill('.qs-chat input[name="chat"]', "I have a high card for the first Challenge.");
  await alice.click('.qs-chat button[type="submit"]');
  await bob.waitForSelector('.qs-chat .chat-lines li:has-text("I have a high card")');
  await bob.fill('.qs-chat input[name="chat"]', "Then I keep my best for later.");
  await bob.click('.qs-chat button[type="submit"]');
  await alice.waitForSelector('.qs-chat .chat-lines li:has-text("Then I keep my best")');

  // A secret Confrontation, seen from Bob's side once Alice has chosen.
  const seen = { acts: new Set(), kinds: new Set(), confronts: 0 };
  const secretShot = (async () => {
    const until = Date.now() + missionTimeoutMs;
    while (Date.now() < until) {
      if (await bob.locator('.qs-slot[data-state="chosen"] .card--back').count().catch(() => 0)) {
        // Another seat's secret choice has no name; Bob's own, if he chose first, shows him his card.
        const named = await bob.locator('.qs-slot[data-state="chosen"]').evaluateAll((els) =>
          els.filter((e) => !e.querySelector(".qs-slot__who")?.textContent?.endsWith("(you)") && e.querySelector(".card__name")).length);
        assert.equal(named, 0, "a card chosen in secret is shown without its name");
        await shoot(bob, "qs-secret-desktop.png");
        return true;
      }
      if (await bob.locator('[data-testid="outcome"]').count().catch(() => 0)) return false;
      await bob.waitForTimeout(40);
    }
    return false;
  })();
  const [aliceMoves, bobMoves] = await Promise.all([play(alice, 7, seen), play(bob, 13, seen)]);
  const secretSeen = await secretShot;
  console.log(`quasar_search e2e: ${aliceMoves} + ${bobMoves} moves, ${seen.confronts} confrontations, acts ${[...seen.acts].join(", ")}, kinds ${[...seen.kinds].join(", ")}, secret seen: ${secretSeen}`);
  assert.ok(seen.acts.size >= 2, `the Mission passed through at least two Acts (${[...seen.acts].join(", ")})`);
  assert.ok(seen.confronts >= 2, "both players confronted Challenges");

  // The end: the Ending Letter and its text, the end banner, no error shown to anyone.
  for (const page of [alice, bob]) {
    await page.waitForSelector('[data-testid="qs-ending"]');
    await page.waitForSelector('[data-testid="outcome"]');
  }
  const letter = await alice.locator('[data-testid="qs-ending"]').getAttribute("data-letter");
  assert.match(letter ?? "", /^[A-Z]$/, "the Mission ends on a letter");
  const ending = await alice.locator('[data-testid="qs-ending"]').innerText();
  assert.ok(ending.includes(`Ending ${letter}`) && ending.length > 30, `the Ending's title and text: ${ending}`);
  assert.equal(await bob.locator('[data-testid="qs-ending"]').getAttribute("data-letter"), letter, "both browsers read the same Ending");
  const outcome = await alice.locator('[data-testid="outcome"]').innerText();
  assert.match(outcome, /^(You won with Bob and|Your team lost)/, `one shared outcome: ${outcome}`);
  // Both choose their cards in secret at the same time: a choice may cross the other's.
  for (const [name, page] of [["Alice", alice], ["Bob", bob]]) await assertNoErrorsButRaces(page, name, "quasar_search e2e");
  await alice.waitForSelector('[data-fairness="ok"]', { timeout: 15_000 });
  // Cards travel in log lines as "{card:K}"; both pages name them from the catalog.
  for (const page of [alice, bob]) await namedLogLines(page, / confronts with [A-Z]/);
  await alice.locator('[data-testid="qs-ending"]').scrollIntoViewIfNeeded();
  await shoot(alice, "qs-end-desktop.png");
  await axe(alice, "the Quasar Search table at the end");
  await shoot(bob, "qs-end-phone.png", phone);
  await fits(bob, "the table at the end");

  // The replay: the Mission from its start, then its last step with the same Ending.
  const total = await openReplay(alice);
  await alice.waitForSelector(".replay .quasar");
  assert.ok(total >= aliceMoves + bobMoves, `the replay has every move (${total})`);
  assert.equal(await alice.locator(".page button.action").count(), 0, "a replay offers no moves");
  await alice.click('button[name="last"]');
  await alice.waitForSelector(`.step-label[data-step="${total}"]`);
  await alice.waitForSelector(`[data-testid="qs-ending"][data-letter="${letter}"]`);
  await namedLogLines(alice, / confronts with [A-Z]/, ".replay-log li");
  await shoot(alice, "qs-replay-desktop.png");
  await shoot(alice, "qs-replay-phone.png", phone);
  await fits(alice, "the replay's last step");
  await assertCardsReadable(alice, "the replay's last step at 390 px");
}
