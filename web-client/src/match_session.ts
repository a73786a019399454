// Everything this client holds about one match: MatchInfo, the numbered view (through a
// ViewStore), the accepted actions' log lines and the move in flight. Game-agnostic: the
// game's entry in src/games/index.ts supplies the view schema.
//
// A person holding several seats of a cooperative table (MatchInfo.your_seats) gets one
// numbered stream per seat (ViewUpdate.seat): a ViewStore each. `seat` is the one the table
// is drawn for ("Playing as …"); it follows the seat that must act unless the player chose —
// once the reveal pacing has shown the shown seat's views, and then with a short guard and a
// "Now playing as …" notice (switchedTo), so a quick second tap cannot land on the other seat.
// Until the page has shown any held seat's moves (it has just opened: the seats' first
// snapshots come one at a time) the table is only placed, without either.
import { create, equals } from "@bufbuild/protobuf";

import { ActionSchema, ErrorCode, type Action } from "./gen/starport/v1/common_pb.js";
import type { MatchInfo, ViewUpdate } from "./gen/starport/v1/protocol_pb.js";
import { ServerError, type Body } from "./connection.js";
import { findGame, loadGame } from "./games/index.js";
import type { AnyGameClient } from "./games/types.js";
import { realClock, RevealQueue, type Clock } from "./kit/reveal.js";
import { LogReader } from "./log_table.js";
import { readTurnTimers } from "./turn_timers.js";
import { ViewStore } from "./view_store.js";

type AnyView = NonNullable<ViewStore<AnyGameClient["viewSchema"]>["view"]>;

const maxLog = 2000;   // lines kept: enough to show the presented view's lines while the reveal pacing catches up

// Stands in the log where moves may be missing: a snapshot came with a higher number than
// the view held (a reconnect, or a gap), and snapshots carry no log lines.
export const missedMoves = "(moves made while this page was not connected are not listed here)";
const maxBuffered = 256;
const maxResends = 3;
const resyncMs = 12000;
// A move unanswered this long: the page asks for the match again (armFlightTimer).
const flightAnswerMs = 8000;
// After the table follows another held seat by itself, its moves wait this long: a second tap
// meant for the seat just played lands on nothing rather than on the next seat's button.
export const seatSwitchGuardMs = 900;
// How long "Now playing as …" stays after such a switch.
export const seatNoticeMs = 4000;

interface InFlight {
  requestId: number;
  action: Action;
  resends: number;
}

type AnyStore = ViewStore<AnyGameClient["viewSchema"]>;

export class MatchSession {
  info: MatchInfo | null = null;
  game: AnyGameClient | null = null;
  // One store per stream: by ViewUpdate.seat for a person with several seats; a single
  // stream (a seat, or the spectators') under the key -1.
  readonly stores = new Map<number, AnyStore>();
  // Each stream's table of log line shapes, under the same keys (log_table.ts).
  private readonly logReaders_ = new Map<number, LogReader>();
  private seat_: number | null = null;   // chosen in the switcher; null: follow the table
  // The held seat the table follows while none is chosen (null until the seats are known).
  private followed_: number | null = null;
  // The seat the table just followed by itself, for "Now playing as …" (null: none lately).
  switchedTo: number | null = null;
  // A held seat's moves were offered on this page (or the player picked a seat): from then on
  // a tap may be meant for the seat shown, so the table moving away is a switch (guard, notice).
  private movesShown_ = false;
  private guardTimer_: unknown = null;
  private noticeTimer_: unknown = null;
  private readonly clock_: Clock;
  // An update is being applied: it follows (or not) once its stream and the move in flight are settled.
  private applying_ = false;
  // The accepted actions this page has been shown, one per line, since it followed the
  // match: neither views nor MatchInfo say how many came before, so nothing is numbered.
  log: string[] = [];
  inFlight: InFlight | null = null;
  // A gap was seen and Resync sent; cleared by the next snapshot.
  resyncing = false;
  // Why the server would not show this match (e.g. NOT_FOUND once it is over), if so.
  unavailable: ServerError | null = null;
  private subscribeRequest_ = 0;
  private buffered_: ViewUpdate[] = [];
  // An update came past the buffer and was lost: a diff leaves its number out when it is
  // the next, so nothing later would tell; the streams resync once the game is known.
  private lostWhileLoading_ = false;
  private listeners_ = new Set<() => void>();
  private flightTimer_: unknown = null;
  private lastMove_: InFlight | null = null;
  private online_ = true;
  private loading_ = false;
  private resyncTimer_: ReturnType<typeof setTimeout> | null = null;
  // Lines ever added (the log itself keeps the latest maxLog), and that count as each view
  // was applied.
  private logTotal_ = 0;
  private logMarks_ = new WeakMap<object, number>();
  // Per seat, when its turn timer runs out on this page's clock (Date.now()), 0 for none:
  // ViewUpdate.deadlines_ms and full_turns counted from when the update arrived.
  private deadlines_: number[] = [];
  // The views as presented to the player, paced (kit/reveal.ts); moves come from the
  // newest view (store.view) whatever is presented.
  readonly reveal: RevealQueue<AnyView>;

  constructor(
    readonly matchId: string,
    private readonly send: (body: Body) => number,
    // The player's reveal factor (1, 0.35, 0), read at each pause.
    revealFactor: () => number = () => 1,
    clock?: Clock,
  ) {
    this.clock_ = clock ?? realClock;
    this.reveal = new RevealQueue<AnyView>(
      (previous, next) => this.game?.revealPauseMs(previous, next) ?? 0,
      revealFactor,
      this.clock_,
    );
    // The pacing caught up: a held seat waiting for it may now be followed.
    this.reveal.subscribe(() => {
      if (!this.applying_) this.follow();
      this.changed();
    });
  }

  // The view the table shows now (paced), and the one before it.
  get presented(): AnyView | undefined {
    return this.reveal.presented;
  }

  // The seats this page plays (several only in a cooperative game), lowest first.
  get yourSeats(): number[] {
    const info = this.info;
    if (!info || info.spectator) return [];
    return info.yourSeats.length ? [...info.yourSeats] : [info.yourSeat];
  }

  // The seat the table is drawn for: the one chosen, else the one the table follows
  // (spectators: their one stream, 0).
  get seat(): number {
    const held = this.yourSeats;
    if (this.seat_ !== null && held.includes(this.seat_)) return this.seat_;
    if (this.followed_ !== null && held.includes(this.followed_)) return this.followed_;
    return this.seatToFollow();
  }

  // The held seat the table should follow: the one it follows while that one still must act
  // (no jumping away mid-turn), else the first that must act, else the one it follows.
  private seatToFollow(): number {
    const held = this.yourSeats;
    const followed = this.followed_ !== null && held.includes(this.followed_) ? this.followed_ : null;
    if (followed !== null && this.waitingFor(followed)) return followed;
    return held.find((s) => this.waitingFor(s)) ?? followed ?? held[0] ?? 0;
  }

  // The table follows the seat that must act, unless the player chose one. A switch waits
  // until the reveal pacing has presented the shown seat's views and held the last one its
  // time (a Challenge's verdict is seen whoever acts next), then pacing goes on from there;
  // the moves wait seatSwitchGuardMs and "Now playing as …" says whose they are.
  private follow(): void {
    const held = this.yourSeats;
    if (held.length < 2 || !this.game || (this.seat_ !== null && held.includes(this.seat_))) return;
    this.noteMovesShown();
    const followed = this.followed_ !== null && held.includes(this.followed_) ? this.followed_ : null;
    const next = this.seatToFollow();
    if (next === followed) return;
    if (followed === null) {
      // The first seat shown (the seats just became known): nothing to announce.
      const shown = this.seat;
      this.followed_ = next;
      if (next !== shown) this.showSeat();
      return;
    }
    if (!this.reveal.idle) return;   // the reveal's change calls again
    this.followed_ = next;
    if (!this.movesShown_) {
      // No move of any held seat was offered yet (the page has just opened and the seat that
      // must act sent its snapshot after another's): the table is placed, not switched; no tap
      // can have been aimed at the seat it leaves.
      this.showSeat();
      return;
    }
    this.showSeat(true);
    this.announceSwitch(next);
  }

  // The shown seat's moves are pressable now: once that has been so, the table leaving the
  // seat by itself is a switch the player must be told of.
  private noteMovesShown(): void {
    if (!this.movesShown_ && this.canMove && this.legalActions.some((a) => a.seat === this.seat)) this.movesShown_ = true;
  }

  // Moves wait a moment after a switch the player did not make, and the page says it.
  private announceSwitch(seat: number): void {
    this.clearSwitchTimers();
    this.switchedTo = seat;
    this.guardTimer_ = this.clock_.setTimeout(() => {
      this.guardTimer_ = null;
      this.changed();
    }, seatSwitchGuardMs);
    this.noticeTimer_ = this.clock_.setTimeout(() => {
      this.noticeTimer_ = null;
      this.switchedTo = null;
      this.changed();
    }, seatNoticeMs);
  }

  private clearSwitchTimers(): void {
    if (this.guardTimer_ !== null) this.clock_.clearTimeout(this.guardTimer_);
    if (this.noticeTimer_ !== null) this.clock_.clearTimeout(this.noticeTimer_);
    this.guardTimer_ = this.noticeTimer_ = null;
    this.switchedTo = null;
  }

  // The moves of a seat the table just switched to by itself are held back (seatSwitchGuardMs).
  get switchGuard(): boolean {
    return this.guardTimer_ !== null;
  }

  // The player picks the seat to play as; `null` lets the table choose again (from the seat
  // shown). Their own choice needs no guard and no notice.
  chooseSeat(seat: number | null): void {
    const shown = this.seat;
    this.clearSwitchTimers();
    this.movesShown_ = true;
    if (seat === null) this.followed_ = shown;
    this.seat_ = seat;
    if (this.seat !== shown) this.showSeat();
    else this.changed();
    if (seat === null) this.follow();
  }

  // A held seat whose newest view lists a move for it: a badge in the switcher.
  waitingFor(seat: number): boolean {
    const store = this.stores.get(this.keyOf(seat));
    const view = store?.view;
    if (!view || !this.game || store!.waiting) return false;
    return this.game.legalActions(view).some((a) => a.seat === seat);
  }

  // The chosen seat's store (what the table shows and moves are chosen from).
  get store(): AnyStore | null {
    return this.stores.get(this.keyOf(this.seat)) ?? null;
  }

  private get several(): boolean {
    return this.yourSeats.length > 1;
  }

  private keyOf(seat: number): number {
    return this.several ? seat : -1;
  }

  private storeFor(seat: number): AnyStore {
    let store = this.stores.get(seat);
    if (!store) {
      store = new ViewStore(this.game!.viewSchema, this.matchId);
      this.stores.set(seat, store);
    }
    return store;
  }

  // The table now shows the seat's newest view: at once (the player's choice, the first
  // seat), or `paced`, after the views presented so far, as the next one (the table follows).
  private showSeat(paced = false): void {
    const view = this.store?.view;
    if (view) {
      this.logMarks_.set(view, this.logTotal_);
      if (paced) this.reveal.push(view);
      else this.reveal.reset(view);
    }
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  }

  // The game is known from MatchInfo, or earlier from the lobby that started the match;
  // view updates that arrive before it wait in a small buffer.
  setGame(id: string): void {
    if (this.game) return;
    const game = findGame(id);
    if (!game) {
      // Its module is loaded on demand (games/index.ts); updates wait in the buffer.
      if (this.loading_) return;
      this.loading_ = true;
      void loadGame(id).then((g) => {
        this.loading_ = false;
        if (g) this.setGame(id);
      }, () => {
        this.loading_ = false;
      });
      return;
    }
    this.game = game;
    const buffered = this.buffered_;
    this.buffered_ = [];
    for (const u of buffered) this.applyUpdate(u);
    if (this.lostWhileLoading_) {
      this.lostWhileLoading_ = false;
      for (const store of this.stores.values()) store.expectSnapshot();
      this.askResync();
    }
    this.changed();
  }

  onInfo(info: MatchInfo): void {
    const before = this.seat;
    this.info = info;
    this.setGame(info.game);
    if (this.seat !== before) this.showSeat();
    this.follow();
    this.changed();
  }

  onUpdate(update: ViewUpdate): void {
    if (!this.game) {
      if (this.buffered_.length < maxBuffered) this.buffered_.push(update);
      else this.lostWhileLoading_ = true;
      return;
    }
    this.applyUpdate(update);
    this.changed();
  }

  private applyUpdate(update: ViewUpdate): void {
    this.applying_ = true;
    try {
      this.applyStreamUpdate(update);
    } finally {
      this.applying_ = false;
    }
    this.follow();
  }

  private applyStreamUpdate(update: ViewUpdate): void {
    const shownBefore = this.seat;
    const key = this.keyOf(update.seat);
    const shown = key === this.keyOf(shownBefore);
    const store = this.storeFor(key);
    const before = store.number;
    const result = store.apply(update);
    if (result === "resync") return this.askResync();
    // Every applied update is read against its stream's table, shown or not.
    let lines: string[] = [];
    if (result === "snapshot" || result === "applied") {
      let reader = this.logReaders_.get(key);
      if (!reader) this.logReaders_.set(key, (reader = new LogReader()));
      const read = reader.read(update);
      if (read === null) {
        store.expectSnapshot();
        return this.askResync();
      }
      lines = read;
    }
    // Deadlines come with a snapshot whenever a timer runs, with a diff when one changed:
    // as ms left, or as a whole turn (MatchInfo.turn_seconds, which always comes first).
    if (result === "snapshot" || result === "applied") {
      const read = readTurnTimers(this.deadlines_, update, this.info?.turnSeconds ?? 0, Date.now());
      if (read) this.deadlines_ = read;
    }
    // Every stream carries the same public log lines: they are read from one, the lowest
    // held seat's (the server sends it first), so a page with several seats lists each once.
    const logs = !this.several || update.seat === this.logSeat;
    if (result === "snapshot") {
      this.resyncing = false;
      this.clearResyncTimer();
      this.unavailable = null;
      if (!logs) {
        // (its log history is the log stream's)
      } else if (update.logHistory.length) {
        // The server's own log of the match so far (a reload, a reconnect): nothing missed.
        this.log = update.logHistory.flatMap((l) => l.split("\n")).filter((l) => l).slice(-maxLog);
        this.logTotal_ = this.log.length;
      } else if (this.log.length && update.number > before && this.log.at(-1) !== missedMoves) this.addLog(missedMoves);
    }
    if (result === "ignored") return;
    // One line per action: actions accepted together come in one update.
    if (logs) for (const line of lines) this.addLog(line);
    const view = store.view;
    if (view && shown) {
      this.logMarks_.set(view, this.logTotal_);
      if (result === "snapshot") this.reveal.reset(view);
      else this.reveal.push(view);
    }
    // A newer view of the mover's own seat settles the move in flight: its effect (or its
    // refusal) is visible. Another held seat's view does not: it would offer the mover's
    // seat its old view's moves again, and a quick second press would send one twice.
    if (this.inFlight === null || this.keyOf(this.inFlight.action.seat) === key) this.settle();
    // Before the seats are followed (the first views), the table shows the seat to follow.
    if (this.seat !== shownBefore) this.showSeat();
  }

  private get logSeat(): number {
    return this.yourSeats[0] ?? this.seat;
  }

  // An update of this match could not be read (a packed view that did not unpack): the next
  // diff leaves its number out, so nothing would tell; every stream waits for a snapshot.
  lostUpdate(): void {
    if (!this.game) {
      this.lostWhileLoading_ = true;
      return;
    }
    for (const store of this.stores.values()) store.expectSnapshot();
    this.askResync();
    this.changed();
  }

  // A gap in any stream: one Resync restores every held seat's.
  private askResync(): void {
    this.resyncing = true;
    this.subscribeRequest_ = this.send({ case: "resync", value: { matchId: this.matchId } });
    this.armResyncTimer();
  }

  // The log as far as the presented view (reveal pacing): a line naming a revealed card
  // appears with the view that shows it, not before.
  get presentedLog(): string[] {
    const presented = this.reveal.presented;
    const mark = presented ? this.logMarks_.get(presented) : undefined;
    if (mark === undefined) return this.log;
    const hidden = this.logTotal_ - mark;
    return hidden > 0 ? this.log.slice(0, Math.max(0, this.log.length - hidden)) : this.log;
  }

  private addLog(line: string): void {
    this.logTotal_++;
    this.log.push(line);
    if (this.log.length > maxLog) this.log.splice(0, this.log.length - maxLog);
  }

  // After a (re)connect: ask for a snapshot. A seat holder resyncs; anyone else watches.
  resubscribe(seated: boolean): void {
    for (const store of this.stores.values()) store.expectSnapshot();
    this.resyncing = true;
    this.settle();
    this.unavailable = null;
    this.subscribeRequest_ = this.send(
      seated
        ? { case: "resync", value: { matchId: this.matchId } }
        : { case: "watch", value: { matchId: this.matchId } },
    );
    this.armResyncTimer();
    this.changed();
  }

  // A Resync or Watch left unanswered does not leave the page "syncing…" for ever: after
  // resyncMs it reads as refused (a timeout), and the page offers to ask again.
  private armResyncTimer(): void {
    this.clearResyncTimer();
    this.resyncTimer_ = setTimeout(() => {
      this.resyncTimer_ = null;
      if (!this.resyncing) return;
      this.resyncing = false;
      this.subscribeRequest_ = 0;
      this.unavailable = new ServerError("timeout", "The server did not send the match in time.", 0);
      this.changed();
    }, resyncMs);
  }

  private clearResyncTimer(): void {
    if (this.resyncTimer_ !== null) clearTimeout(this.resyncTimer_);
    this.resyncTimer_ = null;
  }

  // The connection is up (App.onState). While it is down a move could not be sent: the
  // page keeps showing the view's moves, but not as something to press.
  get online(): boolean {
    return this.online_;
  }
  setOnline(online: boolean): void {
    if (online === this.online_) return;
    this.online_ = online;
    this.changed();
  }

  // A move button may be pressed now: connected, the view is current (not waiting for a
  // snapshot after a gap or a reconnect), and no move awaits its answer.
  // Resigning means the same whatever the table shows: not held back by the reveal pacing.
  get canResign(): boolean {
    return this.online_ && this.inFlight === null && this.store !== null && !this.store.waiting;
  }

  // While the reveal pacing still holds views back, the player has not seen the table the
  // move would answer: moves wait until the newest view is presented (or Skip). Right after
  // the table switched seats by itself they wait a moment too (switchGuard).
  get canMove(): boolean {
    return this.online_ && this.inFlight === null && this.store !== null && !this.store.waiting && !this.reveal.behind &&
      !this.switchGuard;
  }

  get legalActions(): Action[] {
    const view = this.store?.view;
    if (!view || !this.game || this.store!.waiting) return [];
    return this.game.legalActions(view);
  }

  // RESIGN (kind 0) for the shown seat while it is in play and the match runs: the
  // engine allows it at any time but never lists it among the legal actions.
  get resignAction(): Action | null {
    const view = this.store?.view;
    const info = this.info;
    if (!view || !this.game || this.store!.waiting || !info || info.spectator || info.over) return null;
    if (this.game.outcome(view)?.over || !this.game.inPlay(view, this.seat)) return null;
    return create(ActionSchema, { seat: this.seat, kind: 0, args: [] });
  }

  // The move is one this page may send now: a listed legal action, or resigning.
  private offers(action: Action): boolean {
    const resign = this.resignAction;
    return (resign !== null && equals(ActionSchema, resign, action)) ||
      this.legalActions.some((a) => equals(ActionSchema, a, action));
  }

  // Sends one of the current view's legal actions (or resigns), naming the current view number.
  play(action: Action): boolean {
    if (!this.store || !(action.kind === 0 ? this.canResign : this.canMove) || !this.offers(action)) return false;
    const requestId = this.sendPlay(action);
    this.inFlight = this.lastMove_ = { requestId, action, resends: 0 };
    this.movesShown_ = true;   // a second tap may follow
    // Moved: the table follows the seat that must act next (a choice in the switcher lasts
    // until its seat moves).
    if (this.seat_ !== null) {
      // Followed from the seat just played: it stays shown until its move is answered.
      this.followed_ = this.seat_;
      this.seat_ = null;
      this.follow();
    }
    // Resigning: the views still held back no longer matter to this player; catch up.
    if (action.kind === 0) this.reveal.skip();
    this.armFlightTimer();
    this.changed();
    return true;
  }

  // A move with no answer in flightAnswerMs: the page asks for the match again (Resync) and the
  // move stays on its way until the snapshot shows what became of it (it settles the move like
  // any view of the seat). The server answers every move, its view or a refusal, and a Resync
  // only once the moves in flight are stored, so the snapshot tells: taken, or not (then the
  // same move may be made again, naming the current view). Letting the buttons go instead, as
  // the page did, meant a second tap on a slow server sent a move naming a view the seat had
  // already acted on: refused STALE_VIEW, an error for a move that had been taken. A dead
  // connection is found by the Ping (connection.ts) and a reconnect settles the move; a Resync
  // left unanswered says so after resyncMs and offers Try again, which settles it too.
  private armFlightTimer(): void {
    if (this.flightTimer_ !== null) this.clock_.clearTimeout(this.flightTimer_);
    this.flightTimer_ = this.clock_.setTimeout(() => {
      this.flightTimer_ = null;
      if (this.inFlight && !this.resyncing) {
        this.askResync();
        this.changed();
      }
    }, flightAnswerMs);
  }

  private settle(): void {
    this.inFlight = null;
    if (this.flightTimer_ !== null) this.clock_.clearTimeout(this.flightTimer_);
    this.flightTimer_ = null;
  }

  // Names the number of the view of the action's own seat (each seat's stream counts alone).
  private sendPlay(action: Action): number {
    const store = this.stores.get(this.keyOf(action.seat)) ?? this.store!;
    return this.send({
      case: "play",
      value: { matchId: this.matchId, viewNumber: store.number, action },
    });
  }

  // True when the error was about our last move and is handled here (a safe resend);
  // false when the caller should show it. The move may already look settled: a newer
  // view (another seat's move) can arrive before the refusal of ours.
  onError(error: ServerError): boolean {
    if (error.requestId !== 0 && error.requestId === this.subscribeRequest_) {
      this.subscribeRequest_ = 0;
      this.resyncing = false;
      this.clearResyncTimer();
      this.unavailable = error;
      this.changed();
      return true;
    }
    const flight = this.lastMove_;
    if (!flight || flight.requestId !== error.requestId) return false;
    this.lastMove_ = null;
    this.settle();
    // A resignation means the same whatever changed, like the moves the game names.
    const sameMeaning = flight.action.kind === 0 || this.game?.resendWhenStale(flight.action);
    if (error.code === ErrorCode.STALE_VIEW && sameMeaning && flight.resends < maxResends && this.offers(flight.action)) {
      const requestId = this.sendPlay(flight.action);
      this.inFlight = this.lastMove_ = { requestId, action: flight.action, resends: flight.resends + 1 };
      this.armFlightTimer();
      this.changed();
      return true;
    }
    this.changed();
    return false;
  }

  // The shown seat's preferences (GameInfo.preferences order); the answer is the MatchInfo.
  setPreferences(choices: readonly number[], seat: number = this.seat): number {
    return this.send({ case: "setPreferences", value: { matchId: this.matchId, choices: [...choices], seat } });
  }

  // When the seat's turn timer runs out (Date.now() clock), or 0 when it has none.
  deadlineOf(seat: number): number {
    return this.deadlines_[seat] ?? 0;
  }

  // A held seat's preferences as the server last said (MatchSeat.preferences; a server
  // without them: your_preferences, the lowest seat's).
  preferencesOf(seat: number): readonly number[] {
    const info = this.info;
    if (!info) return [];
    const entry = info.seats.find((s) => s.seat === seat);
    if (entry?.preferences.length || info.yourSeats.length > 1) return entry?.preferences ?? [];
    return info.yourPreferences;
  }

  // Stops the timers (a page that forgets the match, tests).
  dispose(): void {
    this.settle();
    this.clearResyncTimer();
    this.clearSwitchTimers();
    this.reveal.dispose();
    this.listeners_.clear();
  }

  private changed(): void {
    for (const l of this.listeners_) l();
  }
}
