// S.P.A.C.E. in two browsers (issue 16): Alice and Bob make a private 3-seat lobby with a
// bot in the third seat and a short game (the engine's option: the delivery that ends it,
// and a turn limit), steer their ships to one place by clicking Go on the map, Alice
// proposes a trade in the dialog and Bob accepts it in his browser, the two (or the bot)
// fight a ship combat, and the match is played to its end by clicking what the table
// offers; then the replay. Screenshots (E2E_SHOTS, `sc-*.png`) of the map, a ship sheet,
// a combat and the trade dialog at 1280×800 and 390×844.
//
//   npm --prefix web-client run e2e        (builds dist/ first)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { assertCardsReadable } from "./card_fit.mjs";
import {
  assertNoErrorsButRaces, browserPage, cleanUp, desktop, namedLogLines, openReplay, phone, pickName, root, shoot, shots, startServer, withEvidence,
} from "./harness.mjs";

const matchTimeoutMs = 300_000;
let baseUrl = "";
const axeSource = readFileSync(join(root, "web-client/node_modules/axe-core/axe.min.js"), "utf8");

// axe-core on the page as it is now: no serious or critical violation (as kit.test.mjs).
async function axe(page, label) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(bad, [], `${label}: axe-core found ${bad.map((v) => `${v.id} (${v.impact}: ${v.help}) at ${v.nodes.join(", ")}`).join("; ")}`);
}

// Action kinds (proto/starport/v1/scoundrels.proto).
const K = { MOVE: 1, PICK_UP: 2, INTERCEPT: 8, AMBUSH: 9, PROPOSE: 19, ACCEPT: 20, DECLINE: 21, WITHDRAW: 22, BRAWL: 23, DELIVER: 24, PASS: 29 };

before(async () => {
  baseUrl = await startServer(["--bot-delay-ms", "0"]);
});

after(cleanUp);

test("two browsers and a bot play S.P.A.C.E.: a trade between the browsers, a ship combat, to the end, then the replay", { timeout: 1_500_000 }, async () => {
  // The ship combat comes from steering real play on a random seed (an armed ship hunts);
  // a deal can leave nobody armed before the game ends. Ended at a syndicate's 3rd delivery,
  // 5 matches of 9 had none on 2026-12-03 and 8 of 16 on 2026-12-04 (the two looked at
  // ended so, not at the turn limit), each costing a whole match more; at the 5th delivery,
  // 1 of 9 (2026-12-04; a match is longer, some reach the 40th turn: 123–171 s for this
  // file alone, three at once).
  // Should one still end without, another match, with new players, up to eight — any other
  // failure fails at once.
  for (let attempt = 1; ; attempt++) {
    const alice = await browserPage(`alice${attempt}`, desktop);
    const bob = await browserPage(`bob${attempt}`, desktop);
    try {
      await withEvidence({ alice, bob }, () => scenario(alice, bob));
      return;
    } catch (error) {
      if (attempt >= 8 || !String(error?.message).includes("a ship combat was fought")) throw error;
      console.log(`scoundrels e2e: match ${attempt} had no ship combat (${error.message}); one more match`);
    }
  }
});

// Pairs of place names drawn over each other on the map (the names shown at this width).
function overlappingNames(page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll(".sc-loc__name")]
      .filter((t) => getComputedStyle(t).display !== "none")
      .map((t) => ({ name: t.textContent, r: t.getBoundingClientRect() }));
    const out = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`${boxes[i].name} / ${boxes[j].name}`);
      }
    return out;
  });
}

// What a page's table shows now, read from the DOM: the enabled move buttons (kind, args),
// where every ship is, the map's adjacency, the offers.
function readTable(page) {
  return page.evaluate(() => {
    const buttons = [...document.querySelectorAll(".page.match button.action:not([aria-disabled])")].map((b) => {
      const [kind, args] = (b.getAttribute("data-action") ?? "").split(":");
      return { key: b.getAttribute("data-action"), kind: Number(kind), args: args ? args.split(",").map(Number) : [] };
    });
    const ships = Object.fromEntries([...document.querySelectorAll(".sc-ship[data-seat]")].map((g) => [g.getAttribute("data-seat"), Number(g.getAttribute("data-loc"))]));
    const deep = [...document.querySelectorAll(".sc-loc--deep[data-loc]")].map((g) => Number(g.getAttribute("data-loc")));
    const rough = [...document.querySelectorAll(".sc-loc--purple[data-loc], .sc-loc--red[data-loc]")].map((g) => Number(g.getAttribute("data-loc")));
    const adj = Object.fromEntries([...document.querySelectorAll(".sc-loc[data-loc]")].map((g) => [g.getAttribute("data-loc"), (g.getAttribute("data-neighbours") ?? "").split(",").filter(Boolean).map(Number)]));
    const fight = document.querySelector('[data-testid="sc-fight"]')?.getAttribute("data-kind") ?? "";
    const placing = /bay/i.test(document.querySelector('[data-testid="sc-moves"] .decision')?.textContent ?? "");
    const attack = Object.fromEntries([...document.querySelectorAll('[data-testid="sc-ship"]')].map((d) => [d.getAttribute("data-seat"), Number(d.getAttribute("data-attack"))]));
    // A move on its way: the table's buttons wait (aria-disabled) until its answer comes.
    const inFlight = !!document.querySelector(".page.match button.action[aria-disabled]");
    return { buttons, ships, adj, deep, rough, fight, attack, placing, inFlight, over: !!document.querySelector('[data-testid="outcome"]'), canTrade: !!document.querySelector('button[name="open-trade"]') };
  });
}

function distances(adj, from) {
  const d = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    for (const n of adj[at] ?? []) if (!d.has(n)) (d.set(n, d.get(at) + 1), queue.push(n));
  }
  return d;
}

async function press(page, key) {
  await page.locator(`.page.match button.action[data-action="${key}"]:not([aria-disabled])`).first().click({ timeout: 1500 });
}

// One player's policy: answer Bob's offer (Bob accepts), propose one (Alice, once they
// share a place), attack once the trade is done, otherwise head for the other browser's
// ship until the trade, then pick up / deliver, else any offered move (seeded).
async function play(page, me, other, shared) {
  const deadline = Date.now() + matchTimeoutMs;
  let moves = 0;
  let seed = me === 0 ? 7 : 13;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);
  while (Date.now() < deadline) {
    const t = await readTable(page).catch(() => null);
    if (!t) continue;
    if (t.over) return moves;
    if (t.fight) shared.fights.add(t.fight);
    const by = (k) => t.buttons.filter((b) => b.kind === k);
    try {
      let pick = null;
      // Bob accepts Alice's offer (the bot may propose to him too, in its own Movement).
      if (!shared.traded && me === 1 && shared.proposed && by(K.ACCEPT).length) {
        if (!shared.offerShot) {
          // Bob's answers, once: accept, or accept and then brawl (rules version 3), said so.
          shared.offerShot = true;
          const then = by(K.ACCEPT).find((b) => b.args[1] === 1);
          shared.brawlAnswer = then ? await page.locator(`button.action[data-action="${then.key}"]`).first().textContent() : "";
          shared.couldBrawl = by(K.BRAWL).some((b) => b.args[0] === other);   // a brawl before the exchange
          await shoot(page, "sc-offer-answers-desktop.png");
          await shoot(page, "sc-offer-answers-phone.png", phone);
          await page.setViewportSize(desktop);
        }
        pick = by(K.ACCEPT)[0].key;
        shared.accepting = true;
      } else if (!shared.traded && me === 0 && t.canTrade && !shared.proposed && t.ships[other] === t.ships[me]) {
        // Only where Bob's ship is: with the bot alone there, an offer went to the bot.
        await page.click('button[name="open-trade"]');
        await page.waitForSelector('[data-testid="sc-trade-dialog"][open]');
        // The partners are listed once the dialog is open (the bot may share the place too).
        const partner = await page.locator('select[name="trade-partner"] option').evaluateAll((os) => os.map((o) => o.value)).catch(() => []);
        if (partner.includes(String(other))) await page.selectOption('select[name="trade-partner"]', String(other));
        if (!shared.tradeShot) {
          shared.tradeShot = true;
          await shoot(page, "sc-trade-dialog-desktop.png");
          await shoot(page, "sc-trade-dialog-phone.png", phone);
          await page.setViewportSize(desktop);
        }
        shared.offerText = await page.locator('[data-testid="sc-trade-summary"]').textContent();
        // Marked before the click: Bob may see the offer before the click returns, and his
        // other moves (which answer the bot's offers) would accept it unmarked.
        shared.proposed = true;
        shared.proposedAt = Date.now();
        await page.click("button.sc-send-offer");
        shared.events.push(`proposed "${shared.offerText}"${partner.includes(String(other)) ? "" : " (Bob not among the partners)"}`);
        moves++;
        continue;
      } else if (shared.proposed && !shared.traded && me === 0) {
        // Alice waits for Bob's answer while her offer stands (Withdraw offered) or may still
        // be on its way (its send is no table button, so nothing shows it in flight: under
        // load the Withdraw took longer than the 300 ms once allowed); an offer that died
        // (something it named changed) is proposed again.
        if (by(K.WITHDRAW).length || shared.accepting || t.inFlight || Date.now() - shared.proposedAt < 2000) {
          await page.waitForTimeout(80);
          continue;
        }
        if (!shared.traded) {
          shared.proposed = false;
          // The log says how the offer ended (lapsed and why, declined, or never made).
          const said = await page.locator('[data-testid="log"] li').evaluateAll((ls) => ls.map((l) => l.textContent ?? "").filter((t) => /offer/.test(t)).at(-1) ?? "no offer line").catch(() => "log unread");
          shared.events.push(`no offer standing (${said}): propose again`);
        }
        continue;
      }
      if (!pick && shared.traded && (by(K.INTERCEPT).length || by(K.AMBUSH).some((b) => b.args[0] === 1))) pick = (by(K.INTERCEPT)[0] ?? by(K.AMBUSH).find((b) => b.args[0] === 1)).key;
      if (!pick && shared.traded && [...shared.fights].includes("SHIP_COMBAT") && by(K.DELIVER).length) pick = by(K.DELIVER)[0].key;
      if (!pick && shared.traded && [...shared.fights].includes("SHIP_COMBAT") && by(K.PICK_UP).length) pick = by(K.PICK_UP)[0].key;
      // Before the trade: head for the other browser's ship and stay with it. After it, until
      // a ship combat: an armed ship (attack value > 0) hunts the nearest other ship and
      // attacks (Intercept in deep space, Ambush at a purple or red place); an unarmed one
      // heads for an armed ship to be attacked, or, when nobody is armed, for a purple or red
      // place, whose encounters draw cantina cards (weapons among them).
      const combat = [...shared.fights].includes("SHIP_COMBAT");
      let goal;
      if (!shared.traded) goal = t.ships[other] === undefined ? undefined : [t.ships[other]];
      else if (!combat) {
        const others = [0, 1, 2].filter((s) => s !== me && t.ships[s] !== undefined);
        const armed = others.filter((s) => (t.attack[s] ?? 0) > 0);
        // Intercepts happen in deep space: the armed ship goes where a ship waits in deep
        // space (or follows one), the unarmed one waits in deep space next to an armed one.
        const near = (loc) => (t.deep.includes(loc) ? [loc] : (t.adj[loc] ?? []).filter((n) => t.deep.includes(n)));
        if ((t.attack[me] ?? 0) > 0) {
          const inDeep = others.map((s) => t.ships[s]).filter((l) => t.deep.includes(l));
          goal = inDeep.length ? inDeep : others.map((s) => t.ships[s]);
        } else if (armed.length) goal = armed.flatMap((s) => near(t.ships[s]));
        else goal = t.rough;
      }
      if (!pick && goal?.length && by(K.MOVE).length) {
        const here = t.ships[me];
        if (!goal.includes(here)) {
          const dist = (loc) => Math.min(...goal.map((g) => distances(t.adj, g).get(loc) ?? 99));
          const best = by(K.MOVE).sort((a, b) => dist(a.args[0]) - dist(b.args[0]))[0];
          if (dist(best.args[0]) < dist(here)) pick = best.key;
        }
        if (!pick && by(K.PASS).length) pick = by(K.PASS)[0].key;
      }
      // A drawn system or crew goes into a bay (its attack counts there), not the captain's log:
      // a bay to place it in, or a kept reward's "install" (CHOOSE [card]) over its "log"
      // (CHOOSE [card, -1], rules version 3), so weapons get aboard for the combat.
      const bays = t.buttons.filter((b) => b.kind === 27 && b.args[0] >= 0);
      if (!pick && shared.traded && !combat && bays.length && t.placing) pick = bays[0].key;
      const installs = bays.filter((b) => b.args.length === 1 && bays.some((o) => o.args[0] === b.args[0] && o.args[1] === -1));
      if (!pick && installs.length) pick = installs[0].key;
      if (!pick && t.buttons.length) {
        // Anything else offered, but no Decline/Withdraw of the trade and no brawl with the other browser.
        const fine = t.buttons.filter((b) => ![K.DECLINE, K.WITHDRAW, K.PROPOSE].includes(b.kind) && !(b.kind === K.BRAWL && b.args[0] >= 0));
        const pool = fine.length ? fine : t.buttons;
        pick = pool[rand(pool.length)].key;
      }
      if (!pick) {
        await page.waitForTimeout(60);
        continue;
      }
      await press(page, pick);
      moves++;
      if (shared.accepting) {
        shared.accepting = false;
        shared.traded = true;
        shared.events.push("accepted");
      }
    } catch (e) {
      if (shared.accepting) shared.events.push(`accepting failed: ${String(e.message ?? e).split("\n")[0]}`);
      await page.waitForTimeout(60);
    }
  }
  throw new Error(`seat ${me}: the match did not end within ${matchTimeoutMs / 1000}s after ${moves} moves`);
}

async function scenario(alice, bob) {
  await pickName(alice, baseUrl, "Alice");
  await alice.selectOption('select[name="game"]', "scoundrels");
  await alice.fill('input[name="seats"]', "3");
  await alice.dispatchEvent('input[name="seats"]', "change");
  await alice.check('input[name="private"]');
  await alice.fill('input[name="sc-deliveries"]', "5");
  await alice.fill('input[name="sc-turn-limit"]', "40");
  await alice.click('button:has-text("Create lobby")');
  await alice.waitForURL(/#\/lobby\//);
  await alice.waitForSelector(':text("Short game")');
  const invite = await alice.locator('input[name="invite-link"]').inputValue();

  await bob.goto(invite);
  await bob.fill('input[name="display-name"]', "Bob");
  await bob.click('button:has-text("Join")');
  await bob.waitForURL(/#\/lobby\//);
  await alice.waitForSelector('.seat-row[data-seat="1"]:has-text("Bob")');
  await alice.click('button[name="add-bot-2"]');
  await alice.waitForSelector('.seat-row[data-seat="2"][data-bot="1"]');
  await bob.check('input[name="ready"]');
  await alice.waitForSelector('.seat-row[data-seat="1"] [data-ready="1"]');
  await alice.click('button[name="start"]');
  await alice.waitForURL(/#\/match\//);
  await bob.waitForURL(/#\/match\//);
  const matchId = alice.url().replace(/^.*#\/match\//, "");
  await alice.waitForSelector(".scoundrels");
  await bob.waitForSelector(".scoundrels");
  // Every location of the board is on the map; both see the same board.
  const locs = await alice.locator(".sc-loc").count();
  assert.equal(locs, 29, "the map shows the board's 29 locations");
  assert.equal(await bob.locator(".sc-loc").count(), 29);
  await shoot(alice, "sc-map-desktop.png");
  await axe(alice, "the S.P.A.C.E. table (desktop)");
  await shoot(bob, "sc-map-phone.png", phone);
  const fits = await bob.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  assert.ok(fits, "the table fits a 390 px wide screen without sideways scrolling");
  await assertCardsReadable(bob, "the table at 390 px");
  const crowded = await overlappingNames(bob);
  assert.deepEqual(crowded, [], "no two place names on the map overlap at 390 px");
  await bob.click('button[name="map-zoom"]');
  assert.deepEqual(await overlappingNames(bob), [], "nor on the zoomed map, which shows them whole");
  await shoot(bob, "sc-map-zoomed-phone.png");
  await bob.click('button[name="map-zoom"]');
  await bob.setViewportSize(desktop);

  // Every fight shown on either page, seen by a MutationObserver (a bot's combat may pass
  // between two reads of the policy); and every word on how an offer ended (the proposer's
  // Trades panel, the target's move panel), as "<where>:<end>: <text>".
  for (const page of [alice, bob])
    await page.evaluate(() => {
      window.__fights = [];
      window.__offerEnds = [];
      new MutationObserver(() => {
        const f = document.querySelector('[data-testid="sc-fight"]');
        if (f && !window.__fights.includes(f.getAttribute("data-kind"))) window.__fights.push(f.getAttribute("data-kind"));
        if (f && !window.__fightShot && f.querySelector(".sc-round")) window.__fightShot = true;
        for (const e of document.querySelectorAll('[data-testid="sc-offer-end"], [data-testid="sc-heard"]')) {
          const said = `${e.getAttribute("data-testid")}:${e.getAttribute("data-end")}: ${e.textContent}`;
          if (!window.__offerEnds.includes(said)) window.__offerEnds.push(said);
        }
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });

  // `events`: the trade's story, in the summary line and in a failed assertion about it.
  const shared = { traded: false, proposed: false, proposedAt: 0, fights: new Set(), tradeShot: false, events: [] };
  const combatShots = (async () => {
    // A screenshot of the first fight with a round on it (either page), desktop and phone.
    const deadline = Date.now() + matchTimeoutMs;
    while (Date.now() < deadline) {
      for (const [page, name] of [[alice, "alice"], [bob, "bob"]]) {
        if (await page.locator('[data-testid="sc-fight"] .sc-round').count().catch(() => 0)) {
          await page.locator('[data-testid="sc-fight"]').scrollIntoViewIfNeeded().catch(() => {});
          await shoot(page, `sc-combat-${name}-desktop.png`);
          await shoot(page, `sc-combat-${name}-phone.png`, phone);
          await page.setViewportSize(desktop);
          return name;
        }
      }
      if (await alice.locator('[data-testid="outcome"]').count().catch(() => 0)) return "";
      await alice.waitForTimeout(100);
    }
    return "";
  })();
  const [aliceMoves, bobMoves] = await Promise.all([play(alice, 0, 1, shared), play(bob, 1, 0, shared)]);
  const shotOf = await combatShots;
  const story = shared.events.join(" → ") || "nothing happened";
  assert.ok(shared.proposed, `Alice proposed a trade in the dialog (${story})`);
  assert.ok(shared.traded, `Bob accepted Alice's offer (${story})`);
  // Both pages told it as a trade: Alice's Trades panel and Bob's move panel (a play-test saw
  // an accepted offer told as declined or lapsed once traded items came out under new ids).
  const ends = { alice: await alice.evaluate(() => window.__offerEnds), bob: await bob.evaluate(() => window.__offerEnds) };
  assert.ok(ends.alice.some((e) => /^sc-offer-end:traded: Bob accepted your offer/.test(e)), `Alice's page told the trade (${ends.alice.join(" | ")})`);
  assert.ok(ends.bob.some((e) => /^sc-heard:traded: You accepted Alice's offer/.test(e)), `Bob's page told the trade (${ends.bob.join(" | ")})`);
  // Whenever Bob could brawl instead of trading, he could also accept and then brawl, and the
  // button said so (rules version 3).
  if (shared.couldBrawl) assert.match(shared.brawlAnswer ?? "", /^Accept .*'s offer, then brawl with /, "Bob's accept-then-brawl answer");
  for (const page of [alice, bob]) for (const f of await page.evaluate(() => window.__fights)) shared.fights.add(f);
  const ending = await alice.locator('[data-testid="outcome"]').textContent().catch(() => "");
  assert.ok([...shared.fights].some((f) => f === "SHIP_COMBAT"), `a ship combat was fought and shown (fights seen: ${[...shared.fights].join(", ") || "none"}; ${aliceMoves} + ${bobMoves} moves; the end: ${ending})`);
  console.log(`scoundrels e2e: ${aliceMoves} + ${bobMoves} moves, trade: ${story}, fights ${[...shared.fights].join(", ")}, combat shot from ${shotOf || "nobody"}`);

  // No move the client offered was refused, but for a true race: with an offer standing two
  // seats may act at once (seen once in about 20 matches).
  for (const [name, page] of [["Alice", alice], ["Bob", bob]]) await assertNoErrorsButRaces(page, name, "scoundrels e2e");
  await alice.waitForSelector('[data-fairness="ok"]', { timeout: 15_000 });
  // Cards travel in log lines as "{card:K}"; both pages name them from the catalog.
  for (const page of [alice, bob]) await namedLogLines(page, /contract is revealed\.|goes into a bay of | plays [A-Z]| takes [A-Z]| delivers the [A-Z]| picks up [A-Z]/);
  const sheet = alice.locator('[data-testid="sc-ship"][data-seat="0"]');
  await sheet.scrollIntoViewIfNeeded();
  await shoot(alice, "sc-end-desktop.png");
  await axe(alice, "the S.P.A.C.E. table at the end");
  await shoot(bob, "sc-end-phone.png", phone);
  assert.ok(await bob.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), "the end fits 390 px");
  await alice.locator('section.sc-ship-sheet[data-seat="0"]').screenshot({ path: join(shots, "sc-ship-sheet-desktop.png") });

  // The replay: the table at a step, the dice still.
  const total = await openReplay(alice);
  assert.ok(total > 20, `the replay has the match's moves (${total})`);
  await alice.locator('input[name="step"]').fill(String(Math.floor(total / 2)));
  await alice.waitForSelector(`.step-label[data-step="${Math.floor(total / 2)}"]`);
  await alice.waitForSelector(".scoundrels");
  assert.equal(await alice.locator(".die--rolling").count(), 0, "a replay step shows its rolls without the tumble");
  await alice.click('button[name="last"]');
  await alice.waitForSelector(`.step-label[data-step="${total}"]`);
  await alice.waitForSelector('[data-testid="outcome"]');
  await namedLogLines(alice, /contract is revealed\.|goes into a bay of | plays [A-Z]| takes [A-Z]| delivers the [A-Z]| picks up [A-Z]/, ".replay-log li");
  await shoot(alice, "sc-replay-desktop.png");
  await shoot(alice, "sc-replay-phone.png", phone);
  assert.ok(await alice.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), "the replay fits 390 px");
  await assertCardsReadable(alice, "the replay's last step at 390 px");
  // The step after the first attack (an Intercept or an Ambush: a ship combat was fought), on
  // a phone: the fight under way shows its panel before the map (it was ~1,400 px below it).
  const attacks = await alice.locator(".replay-log li").allTextContents();
  const attack = attacks.findIndex((l) => / intercepts |ambushes\./.test(l));
  assert.ok(attack >= 0, `the replay's log has the attack that began the ship combat (${attacks.length} lines)`);
  await alice.locator(".replay-log li button").nth(attack).click();
  await alice.waitForSelector(`.step-label[data-step="${attack + 1}"]`);
  const order = await alice.evaluate(() => {
    const fight = document.querySelector('.sc-main--fight [data-testid="sc-fight"]');
    const map = document.querySelector(".sc-map");
    return fight && map ? { fight: fight.getBoundingClientRect().top, map: map.getBoundingClientRect().top } : null;
  });
  assert.ok(order, `step ${attack + 1} shows a fight under way`);
  assert.ok(order.fight < order.map, `at 390 px the fight's panel comes before the map (${order.fight} against ${order.map})`);
  await shoot(alice, "sc-replay-fight-phone.png");
  // The first point of a fight's damage placed after it: its round names what took it (the
  // table once said "Damage taken 1" and nobody). The same line is an encounter's damage when
  // no fight is on the table (a new turn clears the last one); a fight whose defence took
  // every point places none.
  for (let i = attack + 1, tries = 0; i < attacks.length && tries < 6; i++) {
    if (!/ places a point of damage on /.test(attacks[i])) continue;
    tries++;
    const what = attacks[i].match(/ places a point of damage on (?:the )?(.+?)(?: cargo)?\./)[1];
    await alice.locator(".replay-log li button").nth(i).click();
    await alice.waitForSelector(`.step-label[data-step="${i + 1}"]`);
    const rounds = await alice.locator(".sc-round").allInnerTexts();
    if (!rounds.length) continue;
    assert.ok(rounds.some((r) => r.includes(what)), `step ${i + 1}: a round names ${what}: ${rounds.join(" / ")}`);
    await shoot(alice, "sc-replay-damage-phone.png");
    break;
  }
  assert.ok(matchId.length > 0);
}
