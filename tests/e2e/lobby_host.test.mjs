// Browser end-to-end: a host's table. Bob opens Alice's public lobby link and is asked
// before he takes a seat (Ready lines up with Leave on his phone and her desktop); a chat
// line past 500 characters is kept and refused with its length, 500 emoji go through, a ninth
// line in a row is refused as too fast and kept; Alice
// removes him and he cannot sit down again (also not by going Back); Alice plays a bot,
// resigns, and goes back to the lobby, which offers the replay of the match just ended. The real server binary and the built web client in
// Debian's chromium (playwright-core), fresh profiles.
//
//   node --test tests/e2e/lobby_host.test.mjs      (after npm run build in web-client)
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import {
  browserPage,
  cleanUp,
  createLobby,
  pickName,
  resign,
  shoot,
  startAgainstBot,
  startServer,
  withEvidence,
} from "./harness.mjs";

let baseUrl = "";

// The lobby's Ready checkbox (a guest's) or Start button (the host's) sits on the middle line
// of the Leave button beside it.
async function assertReadyBesideLeave(page, label, control = '.lobby-head input[name="ready"]') {
  const middle = async (selector) => {
    const box = await page.locator(selector).boundingBox();
    assert.ok(box, `${label}: ${selector} is shown`);
    return box.y + box.height / 2;
  };
  const ready = await middle(control);
  const leave = await middle('.lobby-head button:has-text("Leave")');
  assert.ok(Math.abs(ready - leave) <= 1, `${label}: Ready (${ready}) and Leave (${leave}) are on one line`);
}

before(async () => {
  baseUrl = await startServer();
});

after(cleanUp);

test("a removed player cannot sit down again, and a resigning host gets back to the lobby", { timeout: 120_000 }, async () => {
  const alice = await browserPage("host-alice", { width: 1100, height: 900 });
  const bob = await browserPage("host-bob", { width: 390, height: 844 });
  await withEvidence({ "host-alice": alice, "host-bob": bob }, () => scenario(alice, bob));
});

async function scenario(alice, bob) {
  // Alice's public 2-seat lobby.
  await pickName(alice, baseUrl, "Alice");
  await createLobby(alice);
  const lobbyUrl = alice.url();
  // A public lobby offers its own address to share (a private one, its invite link).
  assert.equal(await alice.locator('input[name="lobby-link"]').inputValue(), lobbyUrl, "the lobby's link to share");
  assert.equal(await alice.locator('input[name="invite-link"]').count(), 0, "no invite code for a public lobby");
  await alice.click('button[name="copy-link"]');   // copied, or (no clipboard) selected with a word
  await alice.waitForSelector('.toast:has-text("Link to this lobby copied."), .toast:has-text("Select the link and copy it.")');

  // Bob opens its link: he is asked, not seated.
  await pickName(bob, baseUrl, "Bob");
  await bob.goto(lobbyUrl);
  await bob.waitForSelector('[data-outside]:has-text("You are not in this lobby.")');
  assert.equal(await alice.locator('.seat-row[data-seat="1"]:has-text("Bob")').count(), 0, "opening the link took no seat");
  await bob.click('button[name="join"]');
  await bob.waitForSelector('.seat-row[data-seat="1"].mine');
  await alice.waitForSelector('.seat-row[data-seat="1"]:has-text("Bob")');
  await assertReadyBesideLeave(bob, "Bob at 390 px");
  await assertReadyBesideLeave(alice, "Alice's Start on a desktop", '.lobby-head button[name="start"]');
  await shoot(bob, "host-lobby-phone.png");

  // Chat: 500 characters as the server counts them. A longer paste is neither cut nor
  // lost: the counter says how long it is, and Send refuses it in words.
  await bob.fill('input[name="chat"]', "x".repeat(600));
  assert.equal((await bob.inputValue('input[name="chat"]')).length, 600, "a long paste is not cut silently");
  await bob.waitForSelector('.chat .counter.over:has-text("600/500")');
  await bob.press('input[name="chat"]', "Enter");
  await bob.waitForSelector('.toast.error:has-text("Chat lines are at most 500 characters; this one has 600.")');
  assert.equal((await bob.inputValue('input[name="chat"]')).length, 600, "the refused line stays in the box");
  const rockets = "🚀".repeat(500);   // 500 characters, 1000 UTF-16 units
  await bob.fill('input[name="chat"]', rockets);
  await bob.waitForSelector('.chat .counter:not(.over):has-text("500/500")');
  await bob.press('input[name="chat"]', "Enter");
  await alice.waitForSelector(`.chat-lines li:has-text("${rockets}")`);
  await bob.waitForSelector('.chat .counter:has-text("0/500")');
  assert.equal(await bob.inputValue('input[name="chat"]'), "", "a line the server took leaves the box empty");
  assert.equal(await alice.locator('.chat-lines li:has-text("xxxxxxxxxx")').count(), 0, "the long line was not sent");
  // A person says 8 lines at once, then one every 2 s: a ninth line in a row is refused in
  // words and stays in the box to send again.
  for (let i = 2; i <= 8; i++) {
    await bob.fill('input[name="chat"]', `line ${i}`);
    await bob.press('input[name="chat"]', "Enter");
    await bob.waitForSelector('.chat .counter:has-text("0/500")');
  }
  await bob.fill('input[name="chat"]', "line 9");
  await bob.press('input[name="chat"]', "Enter");
  await bob.waitForSelector('.toast.error:has-text("You are chatting faster than the table can read; wait a few seconds and send it again.")');
  assert.equal(await bob.inputValue('input[name="chat"]'), "line 9", "the refused line stays in the box");
  await alice.waitForSelector('.chat-lines li:has-text("line 8")');
  await shoot(bob, "host-chat-too-fast-phone.png");
  assert.equal(await alice.locator('.chat-lines li:has-text("line 9")').count(), 0, "the refused line was not said");

  // Alice removes him: he is sent home, and going Back does not seat him again.
  await alice.click('.seat-row[data-seat="1"] button:has-text("Kick")');
  await bob.waitForSelector('.toast:has-text("removed by the host")');
  await bob.waitForSelector(".page.home");
  await bob.goBack();
  await bob.waitForSelector('[data-outside]:has-text("You are not in this lobby.")');
  await bob.click('button[name="join"]');
  await bob.waitForSelector('[data-outside]:has-text("The host removed you from this table")');
  assert.equal(await bob.locator('button[name="join"]').count(), 0, "no second try is offered");
  await alice.waitForSelector('.seat-row[data-seat="1"] em:has-text("open")');
  await shoot(bob, "host-removed-phone.png");

  // Alice plays a bot and resigns (asked twice): the match ends and she goes back to the table.
  const matchId = await startAgainstBot(alice);
  await resign(alice);
  await alice.waitForSelector("[data-replay-link]");
  assert.equal(await alice.locator('button[name="resign"]').count(), 0, "no resign once the match is over");
  await alice.click(`[data-lobby-link]`);
  await alice.waitForURL(lobbyUrl);
  await alice.waitForSelector(`.lobby-head [data-replay-link="${matchId}"]`);
}
