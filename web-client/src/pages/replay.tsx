// A replay: a timeline slider, step back/forward, jump to any step, the perspective the
// server granted, the action log, the outcome in the same words as the match page
// (kit/words.ts outcomeText) and a shareable link. Opens without a name (anonymous Hello).
import { fromBinary } from "@bufbuild/protobuf";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { errorName, ServerError } from "../connection.js";
import { ErrorCode, type Outcome } from "../gen/starport/v1/common_pb.js";
import { findGame, loadGame } from "../games/index.js";
import type { ReplayFrame } from "../gen/starport/v1/protocol_pb.js";
import { verifyCommitment } from "../fairness.js";
import { RulesButton } from "../kit/lazy_rules.js";
import { TableBox } from "../kit/table_box.js";
import { errorSentence, fillSeats, namesCards, outcomeText, plainSeatName, seatNameFrom } from "../kit/words.js";
import { useCardNames } from "../decks/pool_cache.js";
import { routeHash, routeUrl, type Route } from "../router.js";
import { copyText, shortId } from "../ui/format.js";

export function ReplayPage({ app, route }: { app: App; route: Route }) {
  const matchId = route.page === "replay" ? route.matchId : "";
  const [frame, setFrame] = useState<ReplayFrame | null>(null);
  const [refusal, setRefusal] = useState<ReplayRefusal | null>(null);
  const [loading, setLoading] = useState(false);
  const [slider, setSlider] = useState<number | null>(null);
  const [, setLoaded] = useState(0);
  // The frame to ask for; `seat`: which held seat's view, for a person who held several.
  const want = useRef<{ step: number; asSeat: boolean; seat?: number }>({
    step: route.page === "replay" ? route.step : 0,
    asSeat: route.page === "replay" ? route.asSeat : false,
    seat: route.page === "replay" ? route.seat : undefined,
  });
  const latest = useRef(0);
  const frameRef = useRef<ReplayFrame | null>(null);
  frameRef.current = frame;

  const load = async () => {
    if (refusal) return;
    const id = ++latest.current;
    setLoading(true);
    try {
      const { step: wantStep, asSeat, seat } = want.current;
      const held = frameRef.current;
      const reply = await app.conn.request({ case: "openReplay",
        value: { matchId, step: wantStep, asSeat, seat: seat ?? 0, logKnown: logKnownFor(held, matchId) } });
      if (id !== latest.current || reply.body.case !== "replayFrame") return;
      const f = withKnownLog(held, reply.body.value);
      want.current.step = f.step;
      app.replaceRoute(replayRoute(matchId, f.step, want.current));
      if (!findGame(f.game)) await loadGame(f.game);
      setFrame(f);
      setSlider(null);
    } catch (e) {
      if (id !== latest.current) return;
      if (!(e instanceof ServerError)) throw e;
      const cannot = replayRefusal(e, frameRef.current !== null);
      if (cannot) setRefusal(cannot);
      else app.showError(e);
    } finally {
      if (id === latest.current) setLoading(false);
    }
  };
  const go = (target: number) => {
    const total = frameRef.current?.totalSteps ?? Number.MAX_SAFE_INTEGER;
    want.current.step = Math.max(0, Math.min(total, Math.floor(target)));
    void load();
  };

  useAppEvents(app, (e) => {
    if (e.kind === "welcome") void load();
  });
  // The route changed within this page (back/forward, an edited URL).
  useEffect(() => {
    if (route.page !== "replay") return;
    if (route.step !== want.current.step || route.asSeat !== want.current.asSeat || route.seat !== want.current.seat) {
      want.current = { step: route.step, asSeat: route.asSeat, seat: route.seat };
      void load();
    }
  }, [route]);

  // Dragging the slider asks for at most one frame per 120 ms.
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const logRef = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const log = logRef.current;
    const current = log?.querySelector<HTMLElement>(".current");
    if (!log || !current) return;
    const off = current.getBoundingClientRect().top - log.getBoundingClientRect().top;
    log.scrollTop = Math.max(0, log.scrollTop + off - (log.clientHeight - current.offsetHeight) / 2);
  }, [frame?.step]);

  const cardName = useCardNames(frame?.game, namesCards([frame?.openingLog ?? "", ...(frame?.actionLog ?? [])]));

  if (refusal) {
    return (
      <div class="page replay">
        <section class="card-box replay-refused">
          <h2>Replay <span class="muted" title={matchId}>· {shortId(matchId)}</span></h2>
          <p class="form-error" data-refused={refusal.code}>{refusal.message}</p>
          <p>{refusal.offerMatch ? <><a href={routeHash({ page: "match", matchId })}>Try the match</a> · </> : null}<a href="#/">Home</a></p>
        </section>
      </div>
    );
  }

  const game = frame ? findGame(frame.game) : undefined;
  if (frame && !game) void loadGame(frame.game).then(() => setLoaded((n) => n + 1));
  const m = frame?.match;
  const seatName = (seat: number) => seatNameFrom(m?.seats, seat);
  const viewer = frame ? perspectiveSeat(frame.perspective) : null;
  // A cooperative table's seat count, for "The team lost" (outcomeText), else 0.
  const team = frame && app.gameInfo(frame.game)?.cooperative ? m?.seats.length ?? 0 : 0;
  if (frame?.notice) return <RecordOnly frame={frame} matchId={matchId} seatName={seatName} team={team} />;
  const step = frame?.step ?? want.current.step;
  const total = frame?.totalSteps;
  let table = <p class="muted">Loading the replay…</p>;
  let outcome = m?.outcome;
  if (frame && !game) table = <p class="muted">Loading the table…</p>;
  else if (frame && game) {
    try {
      const view = fromBinary(game.viewSchema, frame.view);
      // The end is said as the match said it: the match's own outcome once over.
      if (!outcome?.over) outcome = game.outcome(view);
      table = <game.Table view={view} ctx={{ info: m ?? null, viewer, live: false, seatName, timer: () => null }} />;
    } catch {
      table = <p class="form-error">This frame's view could not be read.</p>;
    }
  }
  const ended = frame && outcome?.over && (frame.step === frame.totalSteps || !!m?.over);
  const url = frame ? routeUrl(replayRoute(matchId, frame.step, want.current), location) : "";
  const held = frame ? heldSeats(frame) : [];
  return (
    <div class="page replay">
      <section class="card-box">
        <div class="row">
          <h2 class="grow">Replay <span class="muted" title={matchId}>· {shortId(matchId)}</span></h2>
          {game ? <RulesButton game={game} /> : null}
        </div>
        <div class="replay-info">
          <p>{m?.seats.map((s) => `${seatName(s.seat)}${s.bot ? " (bot)" : ""}`).join(", ") ?? ""}</p>
          <p class="replay-outcome" data-testid="outcome">{ended && frame ? replayOutcomeText(frame, outcome, viewer, seatName, game?.reasonWords, team) : frame ? "In progress" : ""}</p>
          <ReplayFairness frame={frame} />
        </div>
        <div class="timeline">
          <button name="first" onClick={() => go(0)} aria-label="First step">⇤</button>
          <button name="back" onClick={() => go(step - 1)} aria-label="Step back">◀</button>
          <input type="range" name="step" min={0} max={total ?? 0} value={String(slider ?? step)} aria-label="Timeline"
            onInput={(ev) => {
              const v = Number((ev.target as HTMLInputElement).value);
              setSlider(v);
              if (debounce.current !== null) clearTimeout(debounce.current);
              debounce.current = setTimeout(() => {
                debounce.current = null;
                go(v);
              }, 120);
            }} />
          <button name="forward" onClick={() => go(step + 1)} aria-label="Step forward">▶</button>
          <button name="last" onClick={() => go(total ?? step)} aria-label="Last step">⇥</button>
        </div>
        <div class="row">
          <span class="step-label" data-step={frame ? String(frame.step) : ""}>{`step ${slider ?? step} / ${total ?? "?"}${loading ? " …" : ""}`}</span>
          <JumpForm step={step} total={total} go={go} />
          {held.length > 1 ? (
            <SeatPerspective held={held} over={!!m?.over} chosen={want.current.asSeat ? (want.current.seat ?? held[0]) : null}
              seatName={(seat) => plainSeatName(m?.seats, seat)} choose={(seat) => {
                want.current.asSeat = seat !== null;
                want.current.seat = seat ?? undefined;
                void load();
              }} />
          ) : frame && heldSeat(frame) ? (
            <label class="inline">
              <input type="checkbox" name="as-seat" checked={want.current.asSeat} onChange={(ev) => {
                want.current.asSeat = (ev.target as HTMLInputElement).checked;
                void load();
              }} /> My seat's view
            </label>
          ) : null}
          <span class="badge" data-perspective={frame?.perspective ?? ""}>
            {frame ? `perspective: ${viewer === null ? frame.perspective || "public" : `${seatName(viewer)}'s seat`}` : "…"}
          </span>
        </div>
        {/* The step's move beside the buttons that step: on a phone the action log, which
            marks it too, is screens below. */}
        {frame ? (
          <p class="replay-step-line" data-testid="replay-step-line" aria-live="polite">
            {frame.step === 0 ? "The start of the match, before any move." : (
              <><strong>{`Step ${frame.step}: `}</strong><ReplayLogWords line={frame.actionLog[frame.step - 1] ?? ""} seatName={seatName} cardName={cardName} /></>
            )}
          </p>
        ) : null}
        <ShareLink app={app} url={url} />
      </section>
      <TableBox>{table}</TableBox>
      <section class="card-box">
        <h3>Action log</h3>
        {frame?.openingLog ? (
          // What the deal set off before the first move (S.P.A.C.E.'s first encounters).
          <p class={`replay-opening${frame.step === 0 ? " current" : ""}`} data-testid="replay-opening">
            <button class="link" onClick={() => go(0)} title="Jump to the start">{fillSeats(frame.openingLog, seatName, cardName)}</button>
          </p>
        ) : null}
        <ol ref={logRef} class="log replay-log" start={1} data-testid="log">
          {frame?.actionLog.map((line, i) => (
            <li key={i} class={i < frame.step ? (i === frame.step - 1 ? "current" : "done") : "future"}>
              <button class="link" onClick={() => go(i + 1)} title={`Jump to step ${i + 1}`}><ReplayLogWords line={line} seatName={seatName} cardName={cardName} /></button>
            </li>
          ))}
        </ol>
      </section>
      <p><a href={routeHash({ page: "match", matchId })}>Back to the match</a></p>
    </div>
  );
}

// A step's words in the replay's log. A move the game's log says nothing of (Space War's
// decline of a Power that could not change the Battle) keeps its numbered place, and says so
// instead of showing an empty line.
export function ReplayLogWords(p: { line: string; seatName: (seat: number) => string; cardName?: (kind: number) => string }) {
  if (!p.line.trim()) return <span class="muted">(a move with nothing new to show)</span>;
  return <>{fillSeats(p.line, p.seatName, p.cardName)}</>;
}

// A match this server cannot re-play (recorded under other rules, or a game it no longer
// has): the server sends the record only, with a notice saying why. No table, no stepping:
// the players, the recorded result and the fairness check (docs/server.md, "Replays of
// older rules").
export function RecordOnly(p: { frame: ReplayFrame; matchId: string; seatName: (seat: number) => string; team?: number }) {
  const m = p.frame.match;
  const moves = p.frame.recordedActions;
  return (
    <div class="page replay">
      <section class="card-box">
        <h2>Replay <span class="muted" title={p.matchId}>· {shortId(p.matchId)}</span></h2>
        <p class="notice" role="note" data-testid="replay-notice">{p.frame.notice}</p>
        <div class="replay-info">
          <p>{m?.seats.map((s) => `${p.seatName(s.seat)}${s.bot ? " (bot)" : ""}`).join(", ") ?? ""}</p>
          <p class="replay-outcome" data-testid="outcome">{m?.over ? outcomeText(m.outcome, null, p.seatName, [], findGame(p.frame.game)?.reasonWords, p.team) : "In progress"}</p>
          <p class="muted">{`${moves} ${moves === 1 ? "move" : "moves"} recorded`}</p>
          <ReplayFairness frame={p.frame} />
        </div>
      </section>
      <p><a href={routeHash({ page: "match", matchId: p.matchId })}>Back to the match</a></p>
    </div>
  );
}

function JumpForm(p: { step: number; total: number | undefined; go: (n: number) => void }) {
  const [value, setValue] = useState(String(p.step));
  useEffect(() => setValue(String(p.step)), [p.step]);
  return (
    <form class="row" onSubmit={(ev) => { ev.preventDefault(); p.go(Number(value)); }}>
      <label>Jump to <input type="number" name="jump" min={0} max={p.total} value={value} inputMode="numeric" onInput={(ev) => setValue((ev.target as HTMLInputElement).value)} /></label>
      <button type="submit" name="jump-go">Go</button>
    </form>
  );
}

function ShareLink(p: { app: App; url: string }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div class="row">
      <label class="grow">Share <input ref={ref} readOnly name="replay-link" value={p.url} /></label>
      <button onClick={async () => p.app.toast((await copyText(p.url, ref.current)) ? "Replay link copied." : "Select the link and copy it.")}>Copy</button>
    </div>
  );
}

function ReplayFairness({ frame }: { frame: ReplayFrame | null }) {
  const m = frame?.match;
  const key = m ? `${m.seedCommitment}|${m.revealedSalt}|${m.revealedSeed}` : "";
  const [state, setState] = useState<{ key: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!m?.over || !m.revealedSalt || state?.key === key) return;
    void verifyCommitment(m.seedCommitment, m.revealedSalt, m.revealedSeed).then((ok) => setState({ key, ok }));
  }, [key]);
  if (!m?.over || !m.revealedSalt) return null;
  const s = state?.key === key ? (state.ok ? "ok" : "bad") : "pending";
  return (
    <p class={s === "ok" ? "ok" : s === "bad" ? "form-error" : "muted"} data-fairness={s}>
      {s === "ok" ? `✔ Seed ${m.revealedSeed} matches the commitment (checked in your browser).`
        : s === "bad" ? "✘ The revealed seed does not match the commitment." : "Checking the seed commitment…"}
    </p>
  );
}

export interface ReplayRefusal {
  code: string;         // the error's name: "NOT_FOUND", "FORBIDDEN", …
  message: string;      // for people
  offerMatch: boolean;  // worth trying the match page instead
}

// The server refusing the first OpenReplay means the replay cannot be shown at all (the
// page says so); once opened, a refused step is only a toast (null), and so is a timeout
// or a lost connection (the next Welcome asks again).
export function replayRefusal(error: ServerError, opened: boolean): ReplayRefusal | null {
  if (opened || typeof error.code === "string") return null;
  const code = errorName(error.code);
  return {
    code,
    message: `This replay cannot be shown. ${errorSentence(error.code, error.detail)}`,
    offerMatch: error.code !== ErrorCode.FORBIDDEN && error.code !== ErrorCode.NOT_FOUND,
  };
}

// The viewer held a seat in this match: the server marks everyone else as a spectator in
// the frame's MatchInfo (server/replay/replay_desk.cpp), and grants them no seat's perspective.
export function heldSeat(frame: ReplayFrame): boolean {
  return frame.match !== undefined && !frame.match.spectator;
}

// Every seat the viewer held (several only at a cooperative table), lowest first; none for
// someone who held no seat.
export function heldSeats(frame: ReplayFrame): number[] {
  const m = frame.match;
  if (!m || m.spectator) return [];
  return m.yourSeats.length ? [...m.yourSeats].sort((a, b) => a - b) : [m.yourSeat];
}

// The end as this reader's match page said it: seen as one of the seats they held, they are
// judged by every seat they held (a cooperative table wins or loses together), not by the
// one seen alone ("You won with <their own other seat>"); seen as the whole table or by
// someone who held no seat, who won.
export function replayOutcomeText(frame: ReplayFrame, outcome: Outcome | undefined, viewer: number | null, seatName: (seat: number) => string,
  gameReason?: (reason: string) => string | undefined, team = 0): string {
  const held = heldSeats(frame);
  return outcomeText(outcome, viewer, seatName, viewer !== null && held.includes(viewer) ? held : [], gameReason, team);
}

// How many of the match's action-log lines the page already holds (OpenReplay.log_known):
// the log's lines never change and are the same from every perspective, so a step needs
// only the lines after them (docs/protocol.md, Replays).
export function logKnownFor(held: ReplayFrame | null, matchId: string): number {
  return held !== null && held.matchId === matchId ? held.actionLog.length : 0;
}

// The frame with its whole log: the server sent it from line `logFrom`, the first `logFrom`
// lines being ones the page held (a frame that sent the whole log has logFrom 0).
export function withKnownLog(held: ReplayFrame | null, f: ReplayFrame): ReplayFrame {
  if (f.logFrom === 0) return f;
  if (held === null || held.matchId !== f.matchId || held.actionLog.length < f.logFrom)
    throw new Error("replay frame continues a log this page does not hold");
  return { ...f, actionLog: held.actionLog.slice(0, f.logFrom).concat(f.actionLog), logFrom: 0 };
}

// The replay route of a frame for what the page asks (a held seat named only with asSeat).
function replayRoute(matchId: string, step: number, want: { asSeat: boolean; seat?: number }): Route {
  return { page: "replay", matchId, step, asSeat: want.asSeat, ...(want.asSeat && want.seat !== undefined ? { seat: want.seat } : {}) };
}

// A person who held several seats sees the match as any of them (OpenReplay.seat), or as the
// table's view (public while it runs, everything once over). `chosen`: null for the table's.
export function SeatPerspective(p: { held: number[]; over: boolean; chosen: number | null; seatName: (seat: number) => string; choose: (seat: number | null) => void }) {
  return (
    <label class="inline">
      View as
      <select name="seat-perspective" value={p.chosen === null ? "" : String(p.chosen)}
        onChange={(ev) => {
          const v = (ev.target as HTMLSelectElement).value;
          p.choose(v === "" ? null : Number(v));
        }}>
        <option value="">{p.over ? "the whole table (every card)" : "a spectator (public)"}</option>
        {p.held.map((seat) => <option key={seat} value={String(seat)}>{`${p.seatName(seat)} (your seat ${seat + 1})`}</option>)}
      </select>
    </label>
  );
}

// "seat N" (0-based, from the server) → N; "public" and "everything" → null.
export function perspectiveSeat(perspective: string): number | null {
  const m = /^seat (\d+)$/.exec(perspective);
  return m ? Number(m[1]) : null;
}
