// What every browser end-to-end test shares: the real `starport serve` on a free loopback
// port with a fresh data directory, Debian's chromium through playwright-core with a fresh
// profile, screenshots, and cleanup. STARPORT_BIN and E2E_SHOTS override the defaults.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const webClient = join(root, "web-client");
// playwright-core is a dev dependency of the web client.
const { chromium } = createRequire(join(webClient, "package.json"))("playwright-core");

const bin = process.env.STARPORT_BIN ? resolve(webClient, process.env.STARPORT_BIN) : join(root, "build/starport");
const webRoot = join(webClient, "dist");
export const shots = process.env.E2E_SHOTS ?? mkdtempSync(join(tmpdir(), "starport-e2e-shots-"));

// The two sizes every table is played and shot at: a laptop's window and a phone's.
export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

const launchArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

let server = null;
let serverLog = "";
let serverData = "";
let serverArgs = [];
let serverPort = 0;
const temps = [];
const contexts = [];

export function serverOutput() {
  return serverLog;
}

function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

// Starts `starport serve` and waits for its "listening on" line; resolves to the site's URL.
// `extraArgs`: more `serve` flags (e.g. `--bot-delay-ms 0` for a quick long match).
export function startServer(extraArgs = []) {
  assert.ok(existsSync(bin), `the starport binary is missing at ${bin}; build it or set STARPORT_BIN`);
  assert.ok(existsSync(join(webRoot, "index.html")), `no built client at ${webRoot}: run npm run build in web-client`);
  serverData = tempDir("starport-e2e-data-");
  serverArgs = extraArgs;
  return spawnServer(0);
}

// `serve` on `port` (0: any) and the test's data directory, until it says it listens.
function spawnServer(port) {
  server = spawn(bin, ["serve", "--port", String(port), "--data", serverData, "--web-root", webRoot, ...serverArgs], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const from = serverLog.length;   // a restart's own "listening on", not the first one's
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line in 20 s:\n${serverLog}`)), 20_000);
    const onData = (chunk) => {
      serverLog += chunk.toString();
      const m = serverLog.slice(from).match(/listening on 127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        serverPort = Number(m[1]);
        resolveUrl(`http://127.0.0.1:${serverPort}`);
      }
    };
    server.stdout.on("data", onData);
    server.stderr.on("data", onData);
    server.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`starport serve exited (${code ?? signal}) before listening:\n${serverLog}`));
    });
  });
}

// A crash: SIGKILL, nothing flushed and nothing said to the pages; resolves once it is gone.
export async function crashServer() {
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGKILL");
  await exited;
  serverLog += "\n-- killed (SIGKILL) --\n";
}

// The server started again on the same data and port, as an operator's supervisor would;
// resolves once it listens (every running match re-played from storage first).
export function restartServer() {
  return spawnServer(serverPort);
}

// Closes every browser, stops the server (SIGTERM, then SIGKILL after 5 s), removes temp dirs.
export async function cleanUp() {
  for (const ctx of contexts) await ctx.close().catch(() => {});
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    const timer = setTimeout(() => server.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  console.log(`screenshots in ${shots}`);
}

// `minimumFontSize`: the browser's "minimum font size" (px), as a player who needs larger
// text sets it (Chromium's preference, written into the fresh profile before it starts).
export async function browserPage(name, viewport = { width: 1200, height: 900 }, { minimumFontSize } = {}) {
  const profile = tempDir(`starport-e2e-${name}-`);
  if (minimumFontSize) {
    mkdirSync(join(profile, "Default"), { recursive: true });
    const webprefs = { minimum_font_size: minimumFontSize, minimum_logical_font_size: minimumFontSize };
    writeFileSync(join(profile, "Default", "Preferences"), JSON.stringify({ webkit: { webprefs } }));
  }
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: launchArgs,
    viewport,
  });
  contexts.push(ctx);
  ctx.setDefaultTimeout(15_000);
  // Record every error the page shows to its user (the feedback bar), for the report, and
  // every message at all (toasts go away after a few seconds).
  await ctx.addInitScript(() => {
    window.__errors = [];
    window.__toasts = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) {
          if (!(n instanceof HTMLElement) || !n.matches(".toast")) continue;
          window.__toasts.push(n.textContent);
          if (n.matches(".toast.error")) window.__errors.push(n.textContent);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.on("pageerror", (e) => console.error(`[${name}] page error: ${e.message}`));
  return page;
}

// No error shown on `page` but for a true race, up to `races`: where two seats may act at
// once, a click that crosses the other seat's move on the wire names a view that is no longer
// the table (STALE_VIEW, "The table changed before your move arrived"). That is the
// protocol's answer, which a player meets too; a page that kept naming old views would meet
// it on most moves, so more than `races` fail the test. `label` prefixes the log line.
export async function assertNoErrorsButRaces(page, name, label, races = 2) {
  const shown = await page.evaluate(() => window.__errors);
  const raced = shown.filter((e) => e.startsWith("The table changed before your move arrived"));
  if (raced.length) console.log(`${label}: ${name}'s page met ${raced.length} race(s) with another seat's move`);
  assert.ok(raced.length <= races, `${name}'s page said the table changed ${raced.length} times: a page naming old views`);
  assert.deepEqual(shown.filter((e) => !raced.includes(e)), [], `${name}'s page showed errors: ${shown.join(" | ")}`);
}

// Runs `scenario` on pages, named as in `pages` ({name: page}); if it throws, leaves the
// evidence (each page's screenshot, URL and feedback bar, the server's output), rethrows.
export async function withEvidence(pages, scenario) {
  try {
    await scenario();
  } catch (e) {
    for (const [name, page] of Object.entries(pages)) {
      await page.screenshot({ path: join(shots, `failure-${name}.png`), fullPage: true }).catch(() => {});
      const toasts = await page.locator(".toasts").textContent().catch(() => "");
      console.error(`[${name}] ${page.url()} feedback: ${toasts}`);
    }
    console.error(`server output (last 3000 chars):\n${serverOutput().slice(-3000)}`);
    throw e;
  }
}

// From the home page: creates a public Space War lobby of `seats` with the default
// settings and returns its id; the page is left on the lobby.
export async function createLobby(page, seats = 2) {
  await page.fill('input[name="seats"]', String(seats));
  await page.dispatchEvent('input[name="seats"]', "change");
  await page.click('button:has-text("Create lobby")');
  await page.waitForURL(/#\/lobby\//);
  return page.url().match(/#\/lobby\/([A-Za-z0-9_-]+)/)[1];
}

// On the lobby page of a host with seat 2 open: a bot sits there and the match starts.
// Returns the match's id; the page is left on the match.
export async function startAgainstBot(page) {
  await page.click('button[name="add-bot-1"]');
  await page.waitForSelector('.seat-row[data-seat="1"][data-bot="1"]');
  await page.click('button[name="start"]');
  await page.waitForURL(/#\/match\//);
  return page.url().replace(/^.*#\/match\//, "");
}

// Opens a match's replay at `step` and waits for the replay's own frame of that step: only
// the URL's hash changes, so the match page's table (the same class) can still be in the
// page for a moment, and the timeline's length is 0 until the first frame. `from`: a URL to
// go to, or nothing to press the page's own replay link (which opens step 0). Returns the
// replay's number of steps.
export async function openReplay(page, { from, step = 0 } = {}) {
  if (from) await page.goto(from);
  else {
    await page.click("[data-replay-link]");
    await page.waitForURL(/#\/replay\/.+\?step=0/);
  }
  await page.waitForSelector(`.replay .step-label[data-step="${step}"]`);
  return Number(await page.locator('.replay input[name="step"]').getAttribute("max"));
}

// Resigns as a player does: Resign, then "Really resign?". A click can miss while the table
// moves under it (an opponent's card appearing above the button shifts it down), so the
// first press is tried again until the button asks; the second press is the one that resigns.
export async function resign(page) {
  const asking = page.locator('button[name="resign"]:has-text("Really resign?")');
  for (let tries = 0; tries < 3 && !(await asking.isVisible()); tries++) {
    await page.click('button[name="resign"]');
    await asking.waitFor({ timeout: 2500 }).catch(() => {});
  }
  await asking.click();
}

// Opens the home page at `baseUrl`, plays as `name`, and waits for the connection to open.
export async function pickName(page, baseUrl, name) {
  await page.goto(`${baseUrl}/#/`);
  await page.fill('input[name="display-name"]', name);
  await page.click('form button[type="submit"]:has-text("Play")');
  await page.waitForSelector(`[data-name="${name}"]`);
  const conn = page.locator(".conn");
  await page.waitForSelector('.conn[data-conn="open"], .conn[data-conn="stopped"]');
  const state = await conn.getAttribute("data-conn");
  assert.equal(state, "open", `the client could not connect: ${await conn.getAttribute("title")}`);
}

// The match log's lines as the page shows them. A card travels as "{card:K}" and the page
// names it from the game's catalog (ListCards), which it asks for once: a line that still
// reads "card 17" after 10 s, or shows a placeholder, fails. `names` (a RegExp) must match
// some line: the log did name a card. `lines` picks the log (the replay's is ".replay-log li").
export async function namedLogLines(page, names, lines = ".log li:not(.muted)") {
  const unnamed = (l) => /\bcard \d|[{}\u0001]/.test(l);
  let read = await page.locator(lines).allTextContents();
  for (let i = 0; i < 50 && read.some(unnamed); i++) {
    await page.waitForTimeout(200);
    read = await page.locator(lines).allTextContents();
  }
  for (const l of read) assert.ok(!unnamed(l), `a log line in words, its cards named: ${l}`);
  if (names) assert.ok(read.some((l) => names.test(l)), `the log names a card (${names}): ${read.slice(-20).join(" | ")}`);
  return read;
}

export async function shoot(page, file, size) {
  if (size) await page.setViewportSize(size);
  await page.waitForTimeout(250);
  const path = join(shots, file);
  await page.screenshot({ path, fullPage: true });
  return path;
}

// Lets a test cut a page's connection: cutConnection closes its WebSocket and points every
// new one at a closed loopback port until restoreConnection. Call before the page loads.
export async function allowConnectionCuts(page) {
  await page.context().addInitScript(() => {
    const Socket = window.WebSocket;
    window.__offline = false;
    window.__sockets = [];
    window.WebSocket = class extends Socket {
      constructor(url, protocols) {
        super(window.__offline ? "ws://127.0.0.1:9/ws" : url, protocols);
        window.__sockets.push(this);
      }
    };
  });
}

export async function cutConnection(page) {
  await page.evaluate(() => {
    window.__offline = true;
    for (const s of window.__sockets) s.close();
  });
  await page.waitForSelector('.conn[data-conn="reconnecting"]');
}

// Lets the page's next attempt through and waits until it is welcomed again.
export async function restoreConnection(page) {
  await page.evaluate(() => (window.__offline = false));
  await page.waitForSelector('.conn[data-conn="open"]', { timeout: 30_000 });
}
