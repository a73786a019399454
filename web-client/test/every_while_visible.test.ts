// The home page's periodic refresh: every period while the page is visible, none while it
// is hidden, at once when it is shown again after a while, and nothing left once stopped.
import assert from "node:assert/strict";
import { test } from "node:test";

import { everyWhileVisible, type VisibilityClock } from "../src/every_while_visible.js";

class FakeClock implements VisibilityClock {
  time = 0;
  shown = true;
  timers = new Map<number, { ms: number; next: number; tick: () => void }>();
  listeners = new Set<() => void>();
  private id = 0;
  visible() {
    return this.shown;
  }
  onVisibilityChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  every(ms: number, tick: () => void) {
    const id = ++this.id;
    this.timers.set(id, { ms, next: this.time + ms, tick });
    return () => this.timers.delete(id);
  }
  now() {
    return this.time;
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.time = due.next;
      due.next += due.ms;
      due.tick();
    }
    this.time = end;
  }
  show(shown: boolean) {
    this.shown = shown;
    for (const l of [...this.listeners]) l();
  }
}

test("runs every period while the page is visible", () => {
  const clock = new FakeClock();
  let runs = 0;
  everyWhileVisible(() => runs++, 15000, clock);
  clock.advance(14999);
  assert.equal(runs, 0);
  clock.advance(1);
  assert.equal(runs, 1);
  clock.advance(30000);
  assert.equal(runs, 3);
});

test("asks nothing while hidden; shown again after a period or more, runs at once", () => {
  const clock = new FakeClock();
  let runs = 0;
  everyWhileVisible(() => runs++, 15000, clock);
  clock.show(false);
  clock.advance(60000);
  assert.equal(runs, 0, "a hidden tab does not refresh");
  clock.show(true);
  assert.equal(runs, 1, "back in view after a minute: at once");
  clock.advance(1000);
  clock.show(false);
  clock.show(true);
  assert.equal(runs, 1, "a quick switch away and back asks nothing more");
});

test("stopped (the page was left): no timer, no listener, no more runs", () => {
  const clock = new FakeClock();
  let runs = 0;
  const stop = everyWhileVisible(() => runs++, 15000, clock);
  stop();
  assert.equal(clock.timers.size, 0);
  assert.equal(clock.listeners.size, 0);
  clock.advance(60000);
  clock.show(false);
  clock.show(true);
  assert.equal(runs, 0);
});
