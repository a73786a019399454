// Runs a task every period while the page is visible (a hidden tab asks the server for
// nothing), and at once when the page becomes visible again after a period or more. The
// returned function stops both; a page calls it when it is left (Page.dispose).
export interface VisibilityClock {
  visible(): boolean;
  onVisibilityChange(listener: () => void): () => void;   // returns: stop listening
  every(ms: number, tick: () => void): () => void;         // returns: stop the timer
  now(): number;
}

export function everyWhileVisible(task: () => void, periodMs: number, clock: VisibilityClock = documentClock): () => void {
  let last = clock.now();
  const run = () => {
    last = clock.now();
    task();
  };
  const stopTimer = clock.every(periodMs, () => {
    if (clock.visible()) run();
  });
  const stopListening = clock.onVisibilityChange(() => {
    if (clock.visible() && clock.now() - last >= periodMs) run();
  });
  return () => {
    stopTimer();
    stopListening();
  };
}

const documentClock: VisibilityClock = {
  visible: () => document.visibilityState === "visible",
  onVisibilityChange(listener) {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
  now: () => Date.now(),
};
