// The Quasar Search table on the kit: the status line (Mission, Act, phase, the Act's
// tally, shared Energy and Morale, the Team Leader), the Ending when the Mission is over,
// the decision at hand with one button per legal action (your hand's cards carry theirs),
// the Mission Zone (Mission, Act, Challenge Deck, the current Challenge with its Target,
// Success and Failure, and once judged its result), Sensors, the Confrontation as it is
// built (a back per secret choice) and revealed, your hand, and every seat's Personal Zone,
// Warp Zone, Rank, Glory and piles on the kit's seat panel (yours first). The team chat
// (ctx.chat, the lobby's) sits beside the table on a desktop and below it on a phone, with
// a button at the top to reach it. It draws whatever seat's view it is given: `ctx.viewer`
// is "you", never an assumption of one seat per browser.
import type { ComponentChildren } from "preact";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import {
  ActionKind,
  PromptKind,
  Step,
  TargetKind,
  type Challenge,
  type Confronting,
  type Judged,
  type Seat,
  type View,
} from "../../gen/starport/v1/quasar_search_pb.js";
import { SeatPanel } from "../../kit/seat_panel.js";
import { DecisionTimer } from "../../kit/timer.js";
import { Tip } from "../../kit/tip.js";
import { headingWords, ordinal } from "../../kit/words.js";
import type { TableContext, TableProps } from "../types.js";
import { ChallengeCard, ChosenBack, effectLine, QsCard, roleNames } from "./cards.js";
import { actionCard, actionLabel, cardName, decisionHeading, numeral, pickVerb, signed, stepNames, targetLine, targetNames, targetTips, triggerWords } from "./words.js";

export const qsTips = {
  energy: "Energy: shared by the whole team; produced and consumed by effects. It never goes below 0.",
  morale: "Morale: the team's tokens for this Act, one Faction's Morale Number per player at Act Setup.",
  teamLeader: "Team Leader: the player with the highest Rank (Rank value, then Rankbreaker). Decides when the team cannot agree, e.g. the order of simultaneous effects.",
  glory: "Glory: held by each player; gained through Boons and cards, spent on Triggered effects.",
  rank: "Rank: the Rank card chosen in secret at Act Setup; all turn face up together.",
  rankbreaker: "Rankbreaker: breaks ties between equal Rank values (higher is higher Rank).",
  moraleNumber: "Morale Number: the Morale tokens this Faction adds to the team at each Act Setup.",
  sensors: "Sensors: upcoming Challenges, first in first out; the next Challenge comes from here before the Challenge Deck.",
  challengeDeck: "Challenge Deck: the Act's remaining Challenges, face up: everyone sees the top one.",
  warp: "Warp Zone: cards put aside face up; you may Draw from it instead of your Deck.",
  personal: "Personal Zone: your cards in play — Active Projects, Lessons, an Overcommit card waiting.",
  secret: "Chosen in secret: every card turns face up when the last seat has chosen.",
  lost: "Lost in Space: a card with no value at all, confronted when a player has no valid card.",
  hand: "Hand: private; teammates see only how many cards you hold (tell them in the team chat).",
};

// Actions whose card is in the viewer's hand: their buttons sit under the card.
const handKinds = [ActionKind.CONFRONT, ActionKind.PICK, ActionKind.TRIGGER];

function handActions(view: View, me: Seat | undefined, viewer: number | null): Map<number, Action[]> {
  const m = new Map<number, Action[]>();
  if (!me || viewer === null) return m;
  const inHand = new Set(me.hand.map((c) => c.id));
  for (const a of view.legalActions) {
    if (a.seat !== viewer || !handKinds.includes(a.kind) || !inHand.has(a.args[0])) continue;
    const list = m.get(a.args[0]) ?? [];
    list.push(a);
    m.set(a.args[0], list);
  }
  return m;
}

export function QuasarSearchTable({ view, previous, ctx }: TableProps<View>) {
  const viewer = ctx.viewer;
  const me = viewer !== null ? view.seats.find((s) => s.seat === viewer) : undefined;
  const ordered = me ? [me, ...view.seats.filter((s) => s !== me)] : view.seats;
  const under = ctx.ActionButton ? handActions(view, me, viewer) : new Map<number, Action[]>();
  return (
    <div class={`quasar${ctx.chat ? " quasar--chat" : ""}`} data-step={Step[view.step]} data-act={view.act?.sequence ?? 0} data-over={over(view) ? "1" : "0"}>
      <div class="qs-main">
        <StatusLine view={view} ctx={ctx} />
        {ctx.chat ? (
          <p class="qs-chat-jump">
            <button type="button" class="secondary" name="team-chat" onClick={() => {
              const box = document.querySelector<HTMLElement>(".qs-chat");
              box?.scrollIntoView({ behavior: "smooth", block: "start" });
              box?.querySelector<HTMLInputElement>('input[name="chat"]')?.focus({ preventScroll: true });
            }}>Team chat</button>
          </p>
        ) : null}
        {over(view) ? <EndingPanel view={view} /> : null}
        <MovePanel view={view} ctx={ctx} under={under} />
        {/* A hand that carries moves comes right after the decision (on a phone, in reach). */}
        {me && under.size ? <YourHand view={view} seat={me} ctx={ctx} under={under} /> : null}
        <div class="qs-zones">
          <MissionZone view={view} />
          <ConfrontationZone view={view} previous={previous} ctx={ctx} />
        </div>
        {me && !under.size ? <YourHand view={view} seat={me} ctx={ctx} under={under} /> : null}
        <div class="qs-seats">
          {ordered.map((s) => <SeatArea key={s.seat} view={view} seat={s} ctx={ctx} />)}
        </div>
      </div>
      {ctx.chat ? <aside class="qs-chat" aria-label="Team chat">{ctx.chat}</aside> : null}
    </div>
  );
}

const over = (view: View) => !!view.outcome?.over || view.step === Step.MISSION_RESOLUTION;

function StatusLine({ view, ctx }: { view: View; ctx: TableContext }) {
  const act = view.act;
  const current = view.successes + view.failures + (view.challenge && !view.resolved ? 1 : 0);
  return (
    <div class="qs-status" data-testid="qs-status">
      <p class="qs-status__line">
        <strong>{view.mission?.name || "Mission"}</strong>
        {act ? <> · Act {act.sequence}: <strong>{act.name}</strong>{view.actsPlayed && view.actsPlayed !== act.sequence ? <span class="muted"> ({ordinal(view.actsPlayed)} Act played)</span> : null}</> : null}
        {" · "}{stepNames[view.step] ?? "Setup"}
      </p>
      <ul class="plain qs-counters" aria-label="Team counters">
        <li class="qs-counter" data-res="energy"><Tip text={qsTips.energy}>Energy</Tip> <strong>{view.energy}</strong></li>
        <li class="qs-counter" data-res="morale"><Tip text={qsTips.morale}>Morale</Tip> <strong>{view.morale}</strong>
          {/* Act Setup places the Act's tokens after the Rank picks: 0 (or last Act's) until then. */}
          {view.step === Step.ACT_SETUP ? <span class="muted"> (new tokens after the Ranks)</span> : null}</li>
        <li class="qs-counter" data-res="tally">This Act: <strong>{view.successes}</strong> success{view.successes === 1 ? "" : "es"}, <strong>{view.failures}</strong> failure{view.failures === 1 ? "" : "s"}{view.challengesPerAct ? <span class="muted"> · {current ? `Challenge ${Math.min(current, view.challengesPerAct)} of ${view.challengesPerAct}` : `${view.challengesPerAct} Challenges`}</span> : null}</li>
        {view.seats.length ? <li class="qs-counter" data-res="leader"><Tip text={qsTips.teamLeader}>Team Leader</Tip> <strong>{ctx.seatName(view.teamLeader)}</strong></li> : null}
      </ul>
    </div>
  );
}

// The Mission's end: its Ending Letter, title and text; a Mission a seat abandoned has none.
function EndingPanel({ view }: { view: View }) {
  if (!view.endingLetter)
    return (
      <section class="qs-ending" data-testid="qs-ending" data-letter="" aria-label="The Mission's ending">
        <div>
          <h3>{view.outcome?.reason === "resigned" ? "The Mission was abandoned" : "The Mission is over"} <span class="badge lost">the team fails</span></h3>
          <p class="qs-ending__text">No Ending is read: the team did not reach one.</p>
        </div>
      </section>
    );
  return (
    <section class={`qs-ending${view.victory ? " qs-ending--won" : ""}`} data-testid="qs-ending" data-letter={view.endingLetter} aria-label="The Mission's ending">
      <p class="qs-ending__letter" aria-hidden="true">{view.endingLetter}</p>
      <div>
        <h3>Ending {view.endingLetter}{view.endingTitle ? `: ${view.endingTitle}` : ""} <span class={`badge ${view.victory ? "ok" : "lost"}`}>{view.victory ? "the team succeeds" : "the team fails"}</span></h3>
        {view.endingText ? <p class="qs-ending__text">{view.endingText}</p> : null}
      </div>
    </section>
  );
}

// The decision: the prompt's words (or whom the table waits for), the timer, then every
// legal action of the viewer not placed under a hand card — a choice about a card shows it.
function MovePanel({ view, ctx, under }: { view: View; ctx: TableContext; under: Map<number, Action[]> }) {
  const B = ctx.ActionButton;
  const viewer = ctx.viewer;
  const heading = headingWords(ctx, view.legalActions, decisionHeading(view, viewer, ctx.seatName));
  const placed = new Set([...under.values()].flat());
  const mine = B && viewer !== null ? view.legalActions.filter((a) => a.seat === viewer && a.kind !== ActionKind.RESIGN && !placed.has(a)) : [];
  const any = B && viewer !== null && view.legalActions.some((a) => a.seat === viewer);
  // At the end the Ending says it all.
  if ((!heading && !any) || over(view)) return null;
  const prompt = view.prompt;
  const withCard = mine.filter((a) => a.kind !== ActionKind.PASS && actionCard(view, a));
  const plain = mine.filter((a) => !withCard.includes(a));
  const passLike = (a: Action) => a.kind === ActionKind.PASS;
  const last = earlierVerdict(view);
  return (
    <section class={`moves qs-moves${any ? " mine" : ""}`} aria-label={any ? "Your move" : "Waiting"} data-testid="qs-moves" data-prompt={prompt ? PromptKind[prompt.kind] : ""}>
      <p class="decision" data-decision="">{heading}</p>
      {any && view.challenge && !over(view) ? (
        <p class="qs-moves__challenge">
          Challenge: <strong>{view.challenge.name}</strong> · Target <Tip text={targetTips[view.challenge.target] ?? ""}><strong>{targetLine(view.challenge.target, view.challenge.number, view.challenge.targetText)}</strong></Tip>
          {view.resolved ? <span class={`badge ${view.success ? "ok" : "lost"}`}>{view.success ? "Success" : "Failure"}</span> : null}
        </p>
      ) : null}
      {/* What is at stake, in sight while choosing (the Challenge card sits below the hand). */}
      {any && view.challenge && !over(view) ? <ChallengeResults view={view} challenge={view.challenge} /> : null}
      {any ? <DecisionTimer ctx={ctx} /> : null}
      {any && under.size ? <p class="muted qs-hint">Your hand's cards, just below, carry their moves.</p> : null}
      {/* The hand now sits between this panel and the Confrontation, whose Last Challenge says
          what the team's cards just came to: its verdict in a line here, in sight. */}
      {any && under.size && last ? (
        <p class="qs-moves__last" data-testid="qs-moves-last">
          Last Challenge: <strong>{last.name}</strong> — <span class={`badge ${last.success ? "ok" : "lost"}`}>{last.success ? "Success" : "Failure"}</span>
          <span class="muted"> (its cards under Confrontation)</span>
        </p>
      ) : null}
      {B && withCard.length ? (
        <div class="card-row qs-choice-cards">
          {withCard.map((a) => {
            const card = actionCard(view, a);
            const faction = view.seats.some((s) => s.factionCard?.id === card?.id);
            return (
              <div key={`${a.kind}:${a.args.join(",")}`} class="qs-choice">
                <QsCard card={card} small highlight faction={faction} />
                <B action={a}>{underCardLabel(a, view, ctx)}</B>
              </div>
            );
          })}
        </div>
      ) : null}
      {B && plain.length ? (
        <div class={`buttons qs-buttons${prompt?.kind === PromptKind.PROMPT_SHIFT ? " qs-shift" : ""}`}>
          {plain.map((a) => (
            <B key={`${a.kind}:${a.args.join(",")}`} action={a} class={passLike(a) ? "secondary qs-pass" : undefined}>{actionLabel(a, view, ctx.seatName)}</B>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// The Mission Zone: Mission and Act cards (front, and the Act's back), the Challenge Deck,
// the current Challenge with Target, results and its verdict once judged, then Sensors.
function MissionZone({ view }: { view: View }) {
  const ch = view.challenge;
  return (
    <section class="qs-mission" aria-label="Mission Zone" data-testid="qs-mission">
      <h3>Mission Zone</h3>
      <div class="qs-mission__cards">
        {view.mission ? (
          <details class="qs-text-card qs-mission-card">
            <summary><span class="qs-label">Mission</span> <strong>{view.mission.name}</strong></summary>
            <p>{view.mission.text}</p>
          </details>
        ) : null}
        {view.act ? (
          <details class="qs-text-card qs-act-card" data-act={view.act.sequence}>
            <summary><span class="qs-label">Act {view.act.sequence}</span> <strong>{view.act.name}</strong></summary>
            <p>{view.act.text}</p>
            {view.act.back ? <p class="qs-act-back"><strong>When the Act ends:</strong> {view.act.back}</p> : null}
          </details>
        ) : null}
        <p class="qs-deck" data-testid="qs-challenge-deck" data-count={view.challengeDeck}>
          <Tip text={qsTips.challengeDeck}>Challenge Deck</Tip>: <strong>{view.challengeDeck}</strong> card{view.challengeDeck === 1 ? "" : "s"} left
          {view.challengeLimit ? <span class="muted"> · {view.challengesPlayed} Challenge{view.challengesPlayed === 1 ? "" : "s"} played this Mission</span> : null}
        </p>
        {view.challengeDeckTop ? (
          <div class="qs-deck-top" data-testid="qs-challenge-deck-top">
            <ChallengeCard challenge={view.challengeDeckTop} small note={view.sensors.length ? "top of the deck, after the Sensors" : "next"} />
          </div>
        ) : null}
      </div>
      {ch ? <CurrentChallenge view={view} challenge={ch} /> : <p class="muted qs-no-challenge">No Challenge in play.</p>}
      <Sensors sensors={view.sensors} />
    </section>
  );
}

// A Challenge's Success and Failure results, the one that applies outlined once judged.
function ChallengeResults({ view, challenge: ch }: { view: View; challenge: Challenge }) {
  const verdict = view.resolved ? (view.success ? "success" : "failure") : "";
  return (
    <div class="qs-results">
      <div class={`qs-result qs-result--success${verdict === "success" ? " qs-result--now" : ""}`}>
        <h5>Success</h5>
        <p>{ch.successText || "Nothing more."}</p>
      </div>
      <div class={`qs-result qs-result--failure${verdict === "failure" ? " qs-result--now" : ""}`}>
        <h5>Failure</h5>
        <p>{ch.failureText || "Nothing more."}</p>
        <p class="qs-failure-cost">{failureCost}</p>
      </div>
    </div>
  );
}

function CurrentChallenge({ view, challenge: ch }: { view: View; challenge: Challenge }) {
  const verdict = view.resolved ? (view.success ? "success" : "failure") : "";
  return (
    <article class={`qs-challenge${verdict ? ` qs-challenge--${verdict}` : ""}`} data-testid="qs-challenge" data-verdict={verdict} aria-label={`Challenge: ${ch.name}`}>
      <header class="qs-challenge__head">
        <span class="qs-label">Challenge · Act {ch.act}</span>
        <h4>{ch.name}</h4>
        <p class="qs-target" data-target={targetNames[ch.target] ?? ""}>
          Target: <Tip text={targetTips[ch.target] ?? ""}><strong>{targetLine(ch.target, ch.number, ch.targetText)}</strong></Tip>
        </p>
        {verdict ? <p class={`qs-verdict badge ${view.success ? "ok" : "lost"}`} role="status">{view.success ? "Success" : "Failure"}</p> : null}
      </header>
      {ch.effects.length ? <ul class="qs-effects">{ch.effects.map((e, i) => <li key={i}>{effectLine(e)}</li>)}</ul> : null}
      <ChallengeResults view={view} challenge={ch} />
      {ch.flavor ? <p class="qs-flavor muted">{ch.flavor}</p> : null}
    </article>
  );
}

function Sensors({ sensors }: { sensors: Challenge[] }) {
  return (
    <div class="qs-sensors" data-testid="qs-sensors" data-count={sensors.length}>
      <h4><Tip text={qsTips.sensors}>Sensors</Tip> <span class="muted">({sensors.length ? `${sensors.length}, the next first` : "empty"})</span></h4>
      {sensors.length ? (
        <ol class="plain qs-sensor-list">
          {sensors.map((s, i) => <li key={`${s.index}:${i}`}><ChallengeCard challenge={s} small note={i === 0 ? "next" : undefined} /></li>)}
        </ol>
      ) : null}
    </div>
  );
}

// The Confrontation as it is built: each seat's slot — choosing, chosen (a back), or the
// revealed card with its value after Shifts.
function ConfrontationZone({ view, previous, ctx }: { view: View; previous?: View; ctx: TableContext }) {
  const choosing = view.prompt?.kind === PromptKind.PROMPT_CONFRONT;
  const slots = view.seats.map((s) => ({ seat: s.seat, c: view.confrontation.find((c) => c.seat === s.seat) }));
  const last = earlierVerdict(view);
  if (!choosing && !view.confrontation.length) {
    return (
      <section class="qs-confrontation" aria-label="Confrontation Zone" data-testid="qs-confrontation" data-revealed="0">
        <h3>Confrontation</h3>
        <p class="muted">{over(view) ? "No cards confronting: the Mission is over." : "No cards confronting yet."}</p>
        {last ? <LastVerdict judged={last} ctx={ctx} /> : null}
      </section>
    );
  }
  const revealed = view.confrontation.filter((c) => c.revealed).length;
  return (
    <section class="qs-confrontation" aria-label="Confrontation Zone" data-testid="qs-confrontation" data-revealed={revealed}>
      <h3>Confrontation <span class="muted">{revealed ? "· revealed" : choosing ? <>· <Tip text={qsTips.secret}>chosen in secret</Tip></> : ""}</span></h3>
      <ol class="plain qs-slots">
        {slots.map(({ seat, c }) => (
          <li key={seat} class={`qs-slot seat-colour-${seat % 6}`} data-seat={seat} data-state={slotState(c, over(view))}>
            <span class="qs-slot__who">{ctx.seatName(seat)}{seat === ctx.viewer ? " (you)" : ""}</span>
            <Slot c={c} seat={seat} ctx={ctx} wasHidden={!!previous?.confrontation.find((p) => p.seat === seat && !p.revealed)} ended={over(view)} />
          </li>
        ))}
      </ol>
      {last ? <LastVerdict judged={last} ctx={ctx} /> : null}
    </section>
  );
}

// The latest Challenge judged, unless it is the one on the table now (its cards show above).
// A Challenge nobody had to answer for is judged and cleared within one move: this is where
// the team sees what its cards came to.
export function earlierVerdict(view: View): Judged | undefined {
  const j = view.lastJudged;
  if (!j) return undefined;
  if (view.resolved && view.challenge?.index === j.challenge) return undefined;
  return j;
}

// Every failed Challenge costs 1 Morale after its Failure box (docs/rules/quasar_search.md,
// "Morale"): without saying so, a box reading "Lose 1 Morale" is followed by two lost tokens.
export const failureCost = "Then the failure itself costs 1 Morale.";
// A result box's text as a sentence, so the failure's cost does not run on from it.
const sentence = (text: string) => (!text || /[.!?]$/.test(text.trim()) ? text : `${text.trim()}.`);

// Targets judged on the cards' sum (the rest count odd values, compare, or look for equals).
const sums = (t: TargetKind) => t === TargetKind.ALL_OUT || t === TargetKind.THREAD_THE_NEEDLE || t === TargetKind.LOW_PROFILE;

export function LastVerdict({ judged, ctx }: { judged: Judged; ctx: TableContext }) {
  const total = judged.cards.reduce((n, c) => n + (c.hasValue ? c.value : 0), 0);
  return (
    <div class={`qs-last-verdict ${judged.success ? "qs-last-verdict--success" : "qs-last-verdict--failure"}`} data-testid="qs-last-verdict" role="status">
      <p>
        Last Challenge: <strong>{judged.name}</strong> ({judged.targetText}) — <strong>{judged.success ? "Success" : "Failure"}</strong>
      </p>
      <ul class="plain">
        {judged.cards.map((c) => (
          <li key={c.seat}>
            {ctx.seatName(c.seat)}: {c.name} {c.hasValue ? <strong>{c.value}</strong> : <span class="muted">(no value)</span>}
          </li>
        ))}
      </ul>
      <p class="muted">{sums(judged.target) ? `Total ${total} · ` : ""}{judged.success ? judged.resultText : `${sentence(judged.resultText)} ${failureCost}`}</p>
    </div>
  );
}

// `ended`: the Mission is over (a resignation can end it mid-Confrontation), so a seat that
// had not chosen never will.
function slotState(c: Confronting | undefined, ended: boolean): string {
  if (c?.revealed) return "revealed";
  if (c?.committed) return "chosen";
  return ended ? "none" : "choosing";
}

function Slot({ c, seat, ctx, wasHidden, ended }: { c: Confronting | undefined; seat: number; ctx: TableContext; wasHidden: boolean; ended: boolean }) {
  const name = ctx.seatName(seat);
  if (c?.revealed && c.card) {
    return (
      <>
        <QsCard card={c.card} flipIn={wasHidden} />
        <span class="qs-slot__value" data-value={c.card.hasValue && !c.card.lostInSpace ? c.card.current : "none"}>
          {c.card.hasValue && !c.card.lostInSpace ? <>Value <strong>{numeral(c.card.current)}</strong>{c.card.shift ? ` (Shift ${signed(c.card.shift)})` : ""}</> : <Tip text={qsTips.lost}>no value</Tip>}
        </span>
      </>
    );
  }
  if (c?.committed && c.forced && c.card) {
    // An Overcommit's forced card: face up from the start, nobody chose it.
    return <><QsCard card={c.card} note="forced" /><span class="mark" title="An Overcommit card makes its owner confront with the top of their Deck, face up.">Overcommit</span></>;
  }
  if (c?.committed) {
    // Your own secret choice, if the view shows it to you; anyone else's is a back — except
    // in a replay whose view holds it (the omniscient perspective after the Mission).
    if (c.card && c.card.id && (seat === ctx.viewer || !ctx.live))
      return <><QsCard card={c.card} note={seat === ctx.viewer ? "your secret choice" : "chosen in secret"} /><span class="mark">chosen</span></>;
    return <><ChosenBack label={`${name}'s card, chosen in secret`} /><span class="mark">chosen</span></>;
  }
  return <span class="qs-slot__empty muted">{ended ? "no card: the Mission ended" : "choosing…"}</span>;
}

// The viewer's hand, each card with its moves under it.
function YourHand({ view, seat, ctx, under }: { view: View; seat: Seat; ctx: TableContext; under: Map<number, Action[]> }) {
  const B = ctx.ActionButton;
  return (
    <section class="qs-hand" aria-label="Your hand" data-testid="qs-hand" data-count={seat.hand.length}>
      <h3><Tip text={qsTips.hand}>Your hand</Tip> <span class="muted">({seat.hand.length})</span></h3>
      {seat.hand.length ? (
        <div class="card-row">
          {seat.hand.map((c) => {
            const acts = under.get(c.id) ?? [];
            return (
              <div key={c.id} class="qs-choice" data-card-name={cardName(c)}>
                <QsCard card={c} highlight={acts.length > 0} />
                {B ? acts.map((a) => <B key={`${a.kind}:${a.args.join(",")}`} action={a}>{underCardLabel(a, view, ctx)}</B>) : null}
              </div>
            );
          })}
        </div>
      ) : <p class="muted">No cards in hand.</p>}
    </section>
  );
}

// Under a card its name is already shown: the button says what the move does (a Trigger,
// the effect and its cost: a small card's text is cut short), the full label stays for
// screen readers.
function underCardLabel(a: Action, view: View, ctx: TableContext) {
  const full = actionLabel(a, view, ctx.seatName);
  const short =
    a.kind === ActionKind.CONFRONT ? "Confront"
    : a.kind === ActionKind.PICK ? pickVerb(view)
    : a.kind === ActionKind.TRIGGER ? `Trigger: ${triggerWords(a, view)}`
    : a.kind === ActionKind.DRAW_FROM ? "Draw it"
    : full;
  if (short === full) return full;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span class="visually-hidden">{full}</span>
    </>
  );
}

function SeatArea({ view, seat, ctx }: { view: View; seat: Seat; ctx: TableContext }) {
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  const you = ctx.viewer === seat.seat;
  const prompt = view.prompt;
  const secret = prompt?.kind === PromptKind.PROMPT_RANK || prompt?.kind === PromptKind.PROMPT_CONFRONT;
  return (
    <SeatPanel
      class="qs-seat"
      name={ctx.seatName(seat.seat)}
      seat={seat.seat}
      you={you}
      bot={info?.bot}
      away={ctx.live && !!info && !info.bot && !info.connected}
      toAct={seat.toAct}
      sent={you ? ctx.inFlight : undefined}
      timer={ctx.timer(seat.seat)}
      subtitle={seat.factionName}
      score={`Glory ${seat.glory}`}
      scoreTip={qsTips.glory}
      marks={
        <>
          {seat.teamLeader ? <Tip class="mark qs-leader" text={qsTips.teamLeader}>Team Leader</Tip> : null}
          {seat.rank ? <Tip class="mark" text={qsTips.rank}>Rank {seat.rank}</Tip> : null}
          {secret ? <span class="mark" data-chose={seat.chose ? "1" : "0"}>{seat.chose ? "chosen" : "choosing"}</span> : null}
        </>
      }
    >
      <ul class="plain qs-resources" data-testid="qs-resources">
        <li><Tip text={qsTips.hand}>Hand</Tip> <strong data-res="hand">{seat.handCount}</strong></li>
        <li>Deck <strong data-res="deck">{seat.deckCount}</strong></li>
        <li>Discard <strong data-res="discard">{seat.discardCount}</strong>{seat.discardTop ? <span class="muted"> (top: {cardName(seat.discardTop)})</span> : null}
          {seat.discard.length > 1 ? (
            // The Discard Zone is face up: every card in it, the top first.
            <details class="qs-discard" data-testid="qs-discard">
              <summary>All {seat.discard.length}</summary>
              <ol class="plain">{[...seat.discard].reverse().map((c, i) => <li key={c.id || i}>{cardName(c)}</li>)}</ol>
            </details>
          ) : null}
        </li>
        <li><Tip text={qsTips.moraleNumber}>Morale Number</Tip> <strong>{seat.moraleNumber}</strong></li>
        <li><Tip text={qsTips.rankbreaker}>Rankbreaker</Tip> <strong>{seat.rankbreaker}</strong></li>
        <li>Ranks left <strong data-res="ranks">{seat.ranks.length ? seat.ranks.join(", ") : "none"}</strong></li>
        {seat.lessons ? <li>Lessons <strong>{seat.lessons}</strong></li> : null}
        {seat.projects ? <li>Projects <strong>{seat.projects}</strong></li> : null}
      </ul>
      <Zone title="Personal Zone" tip={qsTips.personal} testid="qs-personal" count={seat.personal.length}>
        {seat.personal.map((p, i) => <QsCard key={p.card?.id || `p${i}`} card={p.card} small note={roleNames[p.role] || undefined} />)}
      </Zone>
      <Zone title="Warp Zone" tip={qsTips.warp} testid="qs-warp" count={seat.warp.length}>
        {seat.warp.map((c, i) => <QsCard key={c.id || `w${i}`} card={c} small />)}
      </Zone>
      {seat.factionCard ? (
        <details class="qs-faction">
          <summary>Faction card: {seat.factionName || cardName(seat.factionCard)}</summary>
          <div class="card-row"><QsCard card={seat.factionCard} small faction /></div>
        </details>
      ) : null}
      {!you && seat.hand.length ? (
        // Only an omniscient replay shows another seat's hand.
        <Zone title="Hand" tip="" testid="qs-other-hand" count={seat.hand.length}>
          {seat.hand.map((c) => <QsCard key={c.id} card={c} small />)}
        </Zone>
      ) : null}
    </SeatPanel>
  );
}

function Zone(p: { title: string; tip: string; testid: string; count: number; children: ComponentChildren }) {
  return (
    <div class="qs-zone" data-testid={p.testid} data-count={p.count}>
      <h4>{p.tip ? <Tip text={p.tip}>{p.title}</Tip> : p.title} <span class="muted">({p.count})</span></h4>
      {p.count ? <div class="card-row">{p.children}</div> : <p class="muted qs-empty">empty</p>}
    </div>
  );
}
