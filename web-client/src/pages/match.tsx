// A match: the game's table (paced views, kit/reveal.ts), the moves the newest view lists
// that the table did not place, resign, turn timers, preferences, the log, the end banner
// with Rematch, and the fairness commitment with its check at the end.
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";

import { useAppEvents, type App } from "../app.js";
import { errorName, ServerError } from "../connection.js";
import { ErrorCode, type Action } from "../gen/starport/v1/common_pb.js";
import type { GameInfo, MatchInfo } from "../gen/starport/v1/protocol_pb.js";
import type { AnyGameClient, TableContext } from "../games/types.js";
import { ActionButton, actionKey, sameAction } from "../kit/action_button.js";
import { beep, titleFor } from "../kit/attention.js";
import { LogPanel } from "../kit/log_panel.js";
import { RulesButton } from "../kit/lazy_rules.js";
import { holdDecisionRoom, releaseDecisionRoom, TableBox } from "../kit/table_box.js";
import { revealLabels, revealSpeed, savedPreferences, savePreferences, setRevealSpeed, setSoundOn, soundOn, type RevealSpeed } from "../kit/settings.js";
import { Timer } from "../kit/timer.js";
import { errorSentence, namesCards, outcomeText, plainSeatName, readerWon, seatNameFrom } from "../kit/words.js";
import { useCardNames } from "../decks/pool_cache.js";
import { missedMoves, type MatchSession } from "../match_session.js";
import { TeamChat } from "./lobby.js";
import { verifyCommitment } from "../fairness.js";
import { routeHash, type Route } from "../router.js";
import { shortId } from "../ui/format.js";

// Matches whose saved preferences this page already sent (once per match).
const preferencesSent = new Set<string>();

export function MatchPage({ app, route }: { app: App; route: Route }) {
  const matchId = route.page === "match" ? route.matchId : "";
  const session = app.match(matchId);
  const [probe, setProbe] = useState<{ error: ServerError; answer: ReplayProbe } | null>(null);
  const [speed, setSpeed] = useState<RevealSpeed>(revealSpeed());
  const [sound, setSound] = useState(soundOn());

  useAppEvents(app, (e) => {
    if (e.kind !== "welcome") return;
    // A fresh page, or a new connection, needs a snapshot; a match just started from its
    // lobby may already have one.
    if (e.resumed || !session.store?.view || session.store.waiting) session.resubscribe(app.isSeatedIn(matchId));
  });

  const info = session.info;
  const game = session.game;
  const newest = session.store?.view ?? undefined;
  const presented = session.presented ?? newest;
  // The seat the table is drawn for: a person holding several seats of a cooperative
  // table plays each in turn (SeatSwitcher).
  const viewer = info && !info.spectator ? session.seat : null;
  const held = session.yourSeats;
  const seatName = (seat: number) => seatNameFrom(info?.seats, seat);
  // Where the seat number is said anyway (the switcher, "Playing as"), the name alone.
  const nameOnly = (seat: number) => plainSeatName(info?.seats, seat);
  const cardName = useCardNames(info?.game, namesCards(session.presentedLog));
  const legal = session.legalActions;
  const yourTurn = viewer !== null && !info?.over && !session.reveal.behind &&
    (legal.some((a) => a.seat === viewer) || held.some((s) => session.waitingFor(s)));

  useTurnAttention(yourTurn, sound);
  useSavedPreferences(app, session, info);

  // Nothing to show: say why (and offer a retry) instead of an empty table.
  const refused = session.unavailable && !newest ? session.unavailable : null;
  // A person holding several seats picks the one the table shows (SeatSwitcher).
  const switcher = held.length > 1 && !refused;
  useEffect(() => {
    if (!refused) return;
    if (probe?.error === refused) return;
    const cannot = matchRefusal(refused, null);
    if (!cannot.askReplay) return;
    const asked = { error: refused, answer: "pending" as ReplayProbe };
    setProbe(asked);
    app.conn.request({ case: "openReplay", value: { matchId, step: 0, asSeat: false } }).then(
      () => setProbe({ error: refused, answer: "exists" }),
      (e: unknown) => setProbe({ error: refused, answer: e instanceof ServerError ? e : new ServerError("timeout", String(e), 0) }),
    );
  }, [refused]);

  const replayHref = routeHash({ page: "replay", matchId, step: 0, asSeat: false });
  const press = (a: Action) => {
    if (!session.play(a)) app.toast("That move is no longer offered.", "error", 2500);
    // The table says the move is on its way in a shorter sentence: the buttons under it stay
    // where the finger is (the page redraws after this handler).
    else holdDecisionRoom(pageRef.current?.querySelector(".table-box"));
  };
  const label = (a: Action) => (newest && game ? game.actionLabel(a, newest, seatName) : `Action ${a.kind}`);
  const sending = (a: Action) => session.inFlight !== null && sameAction(session.inFlight.action, a);
  // Moves come from the newest view only: a button the presented (older) view draws is
  // pressable only when the newest still lists it.
  const offered = (a: Action) => session.canMove && legal.some((l) => sameAction(l, a));

  const placed: Action[] = [];
  const CtxButton = (p: { action: Action; class?: string; confirm?: string; children?: ComponentChildren }) => {
    placed.push(p.action);
    return (
      <ActionButton action={p.action} class={p.class} confirm={p.confirm} label={p.children ?? label(p.action)}
        enabled={offered(p.action)} sending={sending(p.action)} onPress={press} />
    );
  };
  // One component identity across renders, so Preact keeps the buttons (and their focus).
  const live = useRef(CtxButton);
  live.current = CtxButton;
  const StableButton = useMemo(() => (p: Parameters<typeof CtxButton>[0]) => live.current(p), []);
  const placedRef = { current: placed };

  const lobbyId = app.lobbyOf(matchId);
  // While the reveal pacing still shows the moves before the newest view, the table is drawn
  // as a watcher's: no move button of any step until it has caught up (the move panel says so).
  const moving = viewer !== null && !info?.over && !session.reveal.behind;
  // The newest view asks the shown seat for a move: while the pacing is behind, that move
  // comes after it. The Skip box and the table's words (ctx.revealing) say so alike.
  const yourMoveNext = legal.some((a) => a.kind !== 0 && a.seat === session.seat);
  const revealing = viewer !== null && session.reveal.behind ? { yourMoveNext: yourMoveNext && !info?.over } : undefined;
  // The shown seat's own move was sent and its answer has not come (MatchSession.inFlight: a
  // newer view of that seat, a refusal, a resync or reconnect, or 8 s without an answer end
  // it): every button waits, the pressed one says "sending", and the table's words say the
  // move is on its way rather than ask for it again.
  const flight = session.inFlight;
  const inFlight = viewer !== null && flight !== null && flight.action.seat === viewer && !info?.over ? { resign: flight.action.kind === 0, action: flight.action } : undefined;
  const ctx: TableContext = {
    info,
    viewer,
    live: true,
    seatName,
    timer: (seat) => {
      // The view stream's deadlines, counted from when this page received them.
      const deadline = session.deadlineOf(seat);
      if (!deadline || info?.over) return null;
      return <Timer deadlineMs={deadline} serverNow={() => Date.now()} />;
    },
    ActionButton: moving ? StableButton : undefined,
    claim: moving ? (actions) => void placed.push(...actions) : undefined,
    revealing,
    inFlight,
    // The lobby's chat, for a table that places it beside itself (Quasar Search's team chat).
    chat: viewer !== null && lobbyId ? <TeamChat app={app} lobbyId={lobbyId} /> : null,
  };

  // The end as presented: while the reveal pacing is behind, MatchInfo's outcome would
  // tell the end before the table shows it.
  const outcome = (presented && game?.outcome(presented)?.over ? game.outcome(presented) : undefined) ??
    (info?.over && !session.reveal.behind ? info.outcome : undefined);
  const gameInfo = game ? app.gameInfo(game.id) : undefined;

  // A keyboard player's focus never falls to the page body: when the focused move button
  // goes away (the move was made, the view moved on), the focus moves to the first move
  // now offered, else to the move panel, else to the table.
  const pageRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  // The answer came (or the move was refused, or the page resynced): the decision's words are
  // the answer's own, in their own room.
  const flying = session.inFlight !== null;
  useLayoutEffect(() => {
    if (!flying) releaseDecisionRoom(pageRef.current?.querySelector(".table-box"));
  }, [flying]);
  useLayoutEffect(() => {
    const root = pageRef.current;
    if (!root || !hadFocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active)) return;
    if (active && active !== document.body) {
      hadFocus.current = false;
      return;
    }
    const next = focusAfterLoss(root);
    next?.focus({ preventScroll: true });
    // The end is news: its banner comes into sight, clear of the sticky top bar (scroll-margin).
    if (next?.classList.contains("end-banner")) next.scrollIntoView({ block: "nearest" });
  });

  return (
    <div class="page match" ref={pageRef}
      onFocusIn={() => (hadFocus.current = true)}
      onFocusOut={(ev) => {
        // Focus moved somewhere else on purpose (not a removed element): let it be.
        const to = (ev as FocusEvent).relatedTarget as Node | null;
        if (to && !pageRef.current?.contains(to)) hadFocus.current = false;
      }}>
      <div class="match-head">
        <h2>{game?.title ?? "Match"} <span class="muted" title={matchId}>· {shortId(matchId)}</span></h2>
        <div class="row match-head__bar">
          {/* Several held seats: the switcher stands where one seat reads "You are …" and says
              "Playing as" with the shown seat pressed; a "Playing as Ann (seat 1)" line above
              it said the same twice. */}
          {switcher ? <SeatSwitcher session={session} held={held} shown={viewer} seatName={nameOnly} over={!!info?.over} />
            : <span class="grow">{viewer !== null ? (held.length > 1 ? `Playing as ${nameOnly(viewer)} (seat ${viewer + 1})` : `You are ${seatName(viewer)}`) : info?.spectator ? "Spectating" : ""}</span>}
          {session.resyncing ? <span class="badge warn" data-syncing="1">syncing…</span> : null}
          {!session.online && newest && !info?.over ? <span class="badge lost" data-offline="1">offline: moves wait for the connection</span> : null}
          {game ? <RulesButton game={game} /> : null}
          {info?.over || outcome ? <a href={replayHref} class="button" data-replay-link="1">Open replay</a> : null}
          {info?.over && lobbyId && !app.lobbies.get(lobbyId)?.matchId
            ? <a href={routeHash({ page: "lobby", lobbyId })} class="button secondary" data-lobby-link={lobbyId}>Back to the lobby</a>
            : null}
          {app.anonymous ? <button type="button" name="want-to-play" class="secondary" onClick={() => app.askName()}>Play on Starport</button> : null}
        </div>
      </div>
      {held.length > 1 && !refused ? <SeatNotice session={session} seatName={nameOnly} /> : null}
      {session.unavailable && newest ? (
        <p class="card-box stale-view row" role="alert" data-stale="">
          <span class="grow">The table below may be out of date. {errorSentence(session.unavailable.code, session.unavailable.detail)}</span>
          <button type="button" name="retry" onClick={() => session.resubscribe(app.isSeatedIn(matchId))}>Try again</button>
        </p>
      ) : null}
      <p class="visually-hidden" aria-live="assertive" data-turn-announce="">{yourTurn ? "Your turn." : ""}</p>
      {refused ? (
        <Refused app={app} session={session} error={refused} probe={probe?.error === refused ? probe.answer : null} replayHref={replayHref} />
      ) : !presented || !game ? (
        <p class="muted">{game ? "Waiting for the table…" : "Waiting for the match…"}</p>
      ) : (
        <>
          {outcome?.over ? (
            <EndBanner app={app} session={session} text={outcomeText(outcome, viewer, seatName, held, game.reasonWords, gameInfo?.cooperative ? info?.seats.length ?? 0 : 0)} won={readerWon(outcome, viewer, held)} watched={viewer === null} lobbyId={lobbyId} />
          ) : null}
          <TableBox tabIndex={-1} role="region" aria-label="Table">
            <game.Table view={presented} previous={session.reveal.previous} ctx={ctx} />
          </TableBox>
          <RevealControls session={session} speed={speed} setSpeed={setSpeed} sound={sound} setSound={setSound}
            yourMoveNext={yourMoveNext} seated={viewer !== null} />
          <MovePanel session={session} legal={legal} placed={placedRef} label={label} offered={offered} sending={sending} press={press} />
          {/* Standing instructions concern a seat still in play: not one that resigned or was knocked out. */}
          {viewer !== null && gameInfo?.preferences.length && !info?.over && (!newest || game.inPlay(newest, viewer)) ? (
            <Preferences session={session} game={game} info={gameInfo} chosen={session.preferencesOf(viewer)}
              applies={(id) => !newest || !game.preferenceApplies || game.preferenceApplies(id, newest, viewer)} />
          ) : null}
        </>
      )}
      {refused ? null : (
        <section class="card-box">
          <h3>Log</h3>
          <LogPanel lines={session.presentedLog} seatName={seatName} cardName={cardName} muted={(l) => l === missedMoves} />
          <p class="muted log-note">Every move of the match, numbered, is in <a href={replayHref}>its replay</a>.</p>
        </section>
      )}
      {refused ? null : <Fairness info={info} />}
    </div>
  );
}

// Where the focus goes when the focused element went away: the first move now offered, else
// the end banner (a resignation or the last move ended the match: the result, then Rematch),
// else the move panel, else the table. One selector list would answer whichever comes first
// in the page, and the table's box comes before every move it draws.
export function focusAfterLoss(root: Pick<ParentNode, "querySelector">): HTMLElement | null {
  return root.querySelector<HTMLElement>("button.action:not([aria-disabled])") ??
    root.querySelector<HTMLElement>(".end-banner") ??
    root.querySelector<HTMLElement>(".move-panel") ?? root.querySelector<HTMLElement>(".table-box");
}

// "Playing as …": one button per held seat (a cooperative table), a badge on each seat
// whose move the table awaits. The table follows the seat that must act; pressing a seat
// shows it until that seat moves.
export function SeatSwitcher(p: { session: MatchSession; held: number[]; shown: number | null; seatName: (seat: number) => string; over: boolean }) {
  return (
    // The group is named by its visible words, so a screen reader says "Playing as" once.
    <div class="row grow seat-switcher" role="group" aria-labelledby="seat-switcher-label" data-seat-switcher="">
      <span class="muted" id="seat-switcher-label">Playing as</span>
      {p.held.map((seat) => {
        const waiting = !p.over && p.session.waitingFor(seat);
        return (
          <button key={seat} type="button" name={`seat-${seat}`} data-seat={seat}
            class={seat === p.shown ? "primary" : "secondary"} aria-pressed={seat === p.shown}
            onClick={() => p.session.chooseSeat(seat)}>
            {p.seatName(seat)} <span class="muted">(seat {seat + 1})</span>
            {waiting ? <span class="badge warn" data-waiting="">your move</span> : null}
          </button>
        );
      })}
    </div>
  );
}

// "Now playing as …" after the table followed another held seat by itself (its moves wait a
// moment, MatchSession.switchGuard). Always in the page, so screen readers hear it change;
// it stays in sight at the top while the page scrolls (a phone's buttons are far below).
export function SeatNotice(p: { session: MatchSession; seatName: (seat: number) => string }) {
  const seat = p.session.switchedTo;
  return (
    <p class={`seat-notice${seat === null ? " seat-notice--quiet" : ""}`} role="status" data-seat-notice={seat ?? ""}>
      {seat === null ? null : (
        <>Now playing as <strong>{p.seatName(seat)}</strong> (seat {seat + 1}){p.session.switchGuard ? <span class="muted"> · its moves open in a moment</span> : null}</>
      )}
    </p>
  );
}

// Whatever the newest view lists and the table did not place, then Resign (asks twice).
// While the reveal pacing is behind, the newest view's moves wait (RevealControls says so).
function MovePanel(p: {
  session: MatchSession;
  legal: Action[];
  placed: { current: Action[] };
  label: (a: Action) => string;
  offered: (a: Action) => boolean;
  sending: (a: Action) => boolean;
  press: (a: Action) => void;
}) {
  // Rendered after the table: every ctx.ActionButton of this render is in `placed`.
  const behind = p.session.reveal.pending;
  const rest = behind ? [] : p.legal.filter((a) => a.kind !== 0 && !p.placed.current.some((x) => sameAction(x, a)));
  const resign = p.session.resignAction;
  if (!rest.length && !resign) return null;
  return (
    <div class="extra-moves move-panel" role="group" aria-label="Moves" tabIndex={-1}>
      {rest.map((a) => (
        <ActionButton key={actionKey(a)} action={a} label={p.label(a)} enabled={p.offered(a)} sending={p.sending(a)} onPress={p.press} />
      ))}
      {resign ? (
        <ActionButton key="resign" kind="resign" name="resign" class="danger" action={resign} label="Resign" confirm="Really resign? Press again"
          enabled={p.session.canResign} sending={p.sending(resign)} onPress={p.press} />
      ) : null}
    </div>
  );
}

// The reveal pacing's controls, between the table and the moves: Skip, the one way to catch
// up (whether or not a move of yours waits behind the views still to show; a second "Show
// now" beside it read as a different thing), the speed, the turn sound. While your move
// waits, the sentence saying so comes first and Skip names it.
//
// While your move waits, Skip and its sentence stick to the bottom of the window: they sit
// below the table, a screen or more under the move panel the player is looking at. Only
// they stick (.reveal-skip; the row around them gives up its box, so the page is what they
// stick in): with the speed and the sound they filled a quarter of a phone's screen. On a
// phone only the button shows ("Skip to your move (N more)" says it), the sentence is kept
// for screen readers (visually hidden, and the button's description). The elements stay the
// same in both states, so a focused control keeps its focus.
// `seated`: a spectator has no turn, so no "Sound on my turn".
function RevealControls(p: { session: MatchSession; speed: RevealSpeed; setSpeed: (s: RevealSpeed) => void; sound: boolean; setSound: (b: boolean) => void; yourMoveNext: boolean; seated: boolean }) {
  const behind = p.session.reveal.pending;
  const waiting = behind > 0 && p.yourMoveNext;
  return (
    <div class={`row reveal-controls${waiting ? " reveal-controls--waiting" : ""}`}>
      <div class="reveal-skip">
        {waiting ? (
          <p class="move-wait" id="move-wait" data-move-wait={behind}>Your move comes next: the table is still showing the moves before it.</p>
        ) : null}
        {/* aria-disabled, not disabled: a keyboard player's focus is not dropped to the page body
            when the views run out. Skipping to your move lets the page's focus rule (MatchPage)
            put the focus on the first move now offered. */}
        <button type="button" name="skip-reveal" class={waiting ? "primary" : "secondary"} aria-disabled={behind === 0 ? "true" : undefined}
          aria-describedby={waiting ? "move-wait" : undefined} onClick={(ev) => {
            p.session.reveal.skip();
            if (waiting) (ev.currentTarget as HTMLElement).blur();
          }}>
          {behind ? `${waiting ? "Skip to your move" : "Skip"} (${behind} more)` : "Skip"}
        </button>
      </div>
      <div class="row reveal-settings">
        <label class="inline">
          Reveal speed
          <select name="reveal-speed" value={p.speed} onChange={(ev) => {
            const v = (ev.target as HTMLSelectElement).value as RevealSpeed;
            setRevealSpeed(v);
            p.setSpeed(v);
            if (v === "off") p.session.reveal.skip();
          }}>
            {(Object.keys(revealLabels) as RevealSpeed[]).map((k) => <option key={k} value={k}>{revealLabels[k]}</option>)}
          </select>
        </label>
        {p.seated ? (
          <label class="inline">
            <input type="checkbox" name="turn-sound" checked={p.sound} onChange={(ev) => {
              const on = (ev.target as HTMLInputElement).checked;
              setSoundOn(on);
              p.setSound(on);
            }} />
            Sound on my turn
          </label>
        ) : null}
      </div>
    </div>
  );
}

function Preferences(p: { session: MatchSession; game: AnyGameClient; info: GameInfo; chosen: readonly number[]; applies(id: string): boolean }) {
  const choose = (index: number, value: number) => {
    const choices = p.info.preferences.map((_, i) => (i === index ? value : p.chosen[i] ?? 0));
    p.session.setPreferences(choices);
    savePreferences(p.game.id, choices);
  };
  return (
    <details class="card-box preferences" open>
      <summary>Play for me</summary>
      <div class="pref-list">
        {p.info.preferences.map((pref, i) => !p.applies(pref.id) ? null : (
          <label key={pref.id} data-preference={pref.id}>
            {pref.label}
            <select name={`pref-${pref.id}`} value={String(p.chosen[i] ?? 0)} onChange={(ev) => choose(i, Number((ev.target as HTMLSelectElement).value))}>
              {pref.choices.map((c, j) => <option key={j} value={String(j)}>{c}</option>)}
            </select>
            <span class="muted pref-summary">{pref.summary}</span>
          </label>
        ))}
      </div>
    </details>
  );
}

// The end of the match for this reader, with Rematch.
// `watched`: a spectator's banner is neither a win nor a loss (it had the red "lost" edge).
function EndBanner(p: { app: App; session: MatchSession; text: string; won: boolean; watched: boolean; lobbyId: string | undefined }) {
  const { app } = p;
  const lobby = p.lobbyId ? app.lobbies.get(p.lobbyId) : undefined;
  const seated = p.session.info && !p.session.info.spectator;
  const [busy, setBusy] = useState(false);
  const rematch = async () => {
    if (!lobby) return;
    setBusy(true);
    try {
      const people = lobby.seats.filter((s) => !s.open && !s.bot);
      if (lobby.youAreHost && people.length === 1) {
        // A table against bots: the next match starts at once in the same lobby.
        const reply = await app.conn.request({ case: "startMatch", value: { lobbyId: lobby.lobbyId } });
        if (reply.body.case === "lobby" && reply.body.value.matchId) app.navigate({ page: "match", matchId: reply.body.value.matchId });
        else app.navigate({ page: "lobby", lobbyId: lobby.lobbyId });
      } else {
        await app.conn.request({ case: "setReady", value: { lobbyId: lobby.lobbyId, ready: true } });
        app.navigate({ page: "lobby", lobbyId: lobby.lobbyId });
      }
    } catch (e) {
      if (e instanceof ServerError) app.showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class={`card-box end-banner${p.won ? " won" : p.watched ? " watched" : ""}`} role="status" tabIndex={-1}>
      <p class="end-banner__text" data-testid="outcome">{p.text}</p>
      {seated && lobby && !lobby.matchId ? (
        <button type="button" class="primary" name="rematch" disabled={busy} onClick={() => void rematch()}>Rematch</button>
      ) : null}
    </section>
  );
}

function Refused(p: { app: App; session: MatchSession; error: ServerError; probe: ReplayProbe; replayHref: string }) {
  const cannot = matchRefusal(p.error, p.probe);
  return (
    <section class="card-box match-refused">
      <p class={cannot.pending ? "muted" : "form-error"} data-refused={cannot.code}>{cannot.message}</p>
      <p class="row">
        {cannot.retry ? <button type="button" name="retry" onClick={() => p.session.resubscribe(p.app.isSeatedIn(p.session.matchId))}>Try again</button> : null}
        {cannot.replayLink ? <a href={p.replayHref}>Open its replay</a> : null}
        <a href="#/">Home</a>
      </p>
    </section>
  );
}

function Fairness({ info }: { info: MatchInfo | null }) {
  const [verified, setVerified] = useState<{ key: string; ok: boolean } | null>(null);
  const key = info ? `${info.seedCommitment}|${info.revealedSalt}|${info.revealedSeed}` : "";
  const reveal = !!(info?.over && info.revealedSalt);
  useEffect(() => {
    if (!info || !reveal || verified?.key === key) return;
    void verifyCommitment(info.seedCommitment, info.revealedSalt, info.revealedSeed).then((ok) => setVerified({ key, ok }));
  }, [key, reveal]);
  if (!info || !info.seedCommitment)
    return <section class="card-box fairness"><h3>Fair shuffle</h3><p class="muted">No commitment received yet.</p></section>;
  return (
    <section class="card-box fairness">
      <h3>Fair shuffle</h3>
      <p>Seed commitment (SHA-256): <code class="hash">{info.seedCommitment}</code></p>
      {reveal ? (
        <>
          <p>Revealed seed <code>{info.revealedSeed.toString()}</code> and salt <code class="hash">{info.revealedSalt}</code></p>
          {verified?.key === key ? (
            <p class={verified.ok ? "ok" : "form-error"} data-fairness={verified.ok ? "ok" : "mismatch"}>
              {verified.ok ? "✔ Checked in your browser: SHA-256(salt:seed) matches the commitment." : "✘ The revealed seed does NOT match the commitment."}
            </p>
          ) : <p class="muted">Checking…</p>}
        </>
      ) : <p class="muted">The seed and salt are revealed when the match ends.</p>}
    </section>
  );
}

// The tab title and the sound follow whether a move is awaited from this page's seat.
function useTurnAttention(yourTurn: boolean, sound: boolean): void {
  const was = useRef(false);
  useEffect(() => {
    document.title = titleFor(yourTurn);
    if (yourTurn && !was.current && sound) beep();
    was.current = yourTurn;
  }, [yourTurn, sound]);
  useEffect(() => () => void (document.title = titleFor(false)), []);
}

// A new match of a game whose preferences were saved: send them once, if the seat has
// none yet (all default).
function useSavedPreferences(app: App, session: MatchSession, info: MatchInfo | null): void {
  useEffect(() => {
    if (!info || info.spectator || info.over || preferencesSent.has(info.matchId)) return;
    const gameInfo = app.gameInfo(info.game);
    if (!gameInfo?.preferences.length) return;
    preferencesSent.add(info.matchId);
    const saved = savedPreferences(info.game);
    if (!saved || saved.every((c) => c === 0)) return;
    // Each held seat that has none yet (several only at a cooperative table).
    for (const seat of session.yourSeats)
      if (!session.preferencesOf(seat).some((c) => c !== 0)) session.setPreferences(saved.slice(0, gameInfo.preferences.length), seat);
  }, [info]);
}

// What the replay store said about a match the server does not run: not asked yet (null),
// on its way, a frame (the match exists: it has ended), or its refusal.
export type ReplayProbe = null | "pending" | "exists" | ServerError;

export interface MatchRefusal {
  code: string;         // data-refused: the error's name, "ENDED", or "LOOKING" until the replay store answers
  message: string;      // for people
  replayLink: boolean;  // worth opening the replay
  askReplay: boolean;   // ask the replay store before saying what this is
  pending: boolean;     // still finding out
  retry: boolean;       // worth asking the server again (a timeout, a failure)
}

// Why the match page has nothing to show. Watch and Resync answer NOT_FOUND for any match
// not running on the server: one that never existed, and one that ended and was unloaded
// (docs/protocol.md). Only the replay store tells them apart, so NOT_FOUND asks it. Watch
// answers FORBIDDEN for a match without spectators; its replay too, until it ends.
export function matchRefusal(error: ServerError, replay: ReplayProbe): MatchRefusal {
  const code = errorName(error.code);
  const said = (message: string, replayLink: boolean, shownCode = code, retry = false): MatchRefusal =>
    ({ code: shownCode, message, replayLink, askReplay: false, pending: false, retry });
  const sentence = errorSentence(error.code, error.detail);
  if (error.code === ErrorCode.FORBIDDEN)
    return said("This match does not allow spectators: only its players can open it. Its replay opens to everyone once it has ended.", false);
  if (error.code !== ErrorCode.NOT_FOUND) return said(`This match cannot be shown. ${sentence}`, true, code, true);
  if (replay === null || replay === "pending")
    // Not NOT_FOUND yet: a reader of data-refused must not take "still asking" for the answer.
    return { code: "LOOKING", message: "Looking for this match…", replayLink: false, askReplay: replay === null, pending: true, retry: false };
  if (replay === "exists") return said("This match has ended.", true, "ENDED");
  if (replay.code === ErrorCode.NOT_FOUND) return said("There is no match with this id.", false);
  // The replay store could not say (a timeout, a lost connection, a failure): the replay may work.
  return said(`This match cannot be shown. ${sentence}`, typeof replay.code === "string", code, true);
}

