// Reveal pacing (issue 12 item 1): the views a match sends are presented in order, each
// held on screen for game.revealPauseMs(previous, next) × the reveal speed before the
// next one is shown, so a contest that several bots resolve between two frames is still
// seen card by card. Skip jumps to the newest. Moves are never offered from a presented
// view that lags: the page takes them from the newest (MatchSession).
export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class RevealQueue<V> {
  private presented_: V | undefined;
  private previous_: V | undefined;
  private queue_: V[] = [];
  private timer_: unknown = null;
  private listeners_ = new Set<() => void>();

  constructor(
    // ms to hold `next` before the view after it, at normal speed
    private readonly pauseMs: (previous: V | undefined, next: V) => number,
    // the player's factor: 1, 0.35, 0 (read at each pause, so a change applies at once)
    private readonly factor: () => number,
    private readonly clock: Clock = realClock,
  ) {}

  get presented(): V | undefined {
    return this.presented_;
  }
  // The view presented just before the current one (for the table's animations).
  get previous(): V | undefined {
    return this.previous_;
  }
  // Views received but not yet presented.
  get pending(): number {
    return this.queue_.length;
  }
  get behind(): boolean {
    return this.queue_.length > 0;
  }
  // Nothing held back and the presented view's own pause is over: the table may move on to
  // something else (another held seat's view) without cutting a reveal short.
  get idle(): boolean {
    return this.timer_ === null && this.queue_.length === 0;
  }

  subscribe(listener: () => void): () => void {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  }

  // A view arrived. Presented at once when nothing is being held, else queued.
  push(view: V): void {
    if (this.timer_ === null && this.queue_.length === 0) this.present(view);
    else this.queue_.push(view);
  }

  // A snapshot (reload, resync): the story so far is not replayed; show it now.
  reset(view: V | undefined): void {
    this.stop();
    this.queue_ = [];
    this.previous_ = undefined;
    this.presented_ = view;
    this.changed();
  }

  // Jump to the newest view received.
  skip(): void {
    if (this.queue_.length === 0) return;
    this.stop();
    const newest = this.queue_[this.queue_.length - 1];
    this.queue_ = [];
    this.previous_ = this.presented_;
    this.presented_ = newest;
    this.changed();
  }

  dispose(): void {
    this.stop();
    this.listeners_.clear();
  }

  private present(view: V): void {
    this.previous_ = this.presented_;
    this.presented_ = view;
    this.changed();
    const ms = Math.max(0, this.pauseMs(this.previous_, view) * this.factor());
    if (ms <= 0) {
      this.next();
      return;
    }
    this.timer_ = this.clock.setTimeout(() => {
      this.timer_ = null;
      // Nothing more to present: say so, the queue is now idle.
      if (this.queue_.length === 0) this.changed();
      else this.next();
    }, ms);
  }

  private next(): void {
    const view = this.queue_.shift();
    if (view !== undefined) this.present(view);
  }

  private stop(): void {
    if (this.timer_ !== null) this.clock.clearTimeout(this.timer_);
    this.timer_ = null;
  }

  private changed(): void {
    for (const l of this.listeners_) l();
  }
}
