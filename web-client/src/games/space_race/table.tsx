// The Space Race table on the kit: status, the decision and its choices (grouped), the
// scores (the final score once over), the Universe, each seat's panel with its Agency by
// Stage, Lab, Hand (own only) and Control Cards, and the JFK opponent. The end itself is
// said by the page around it (the match page's end banner, the replay's outcome line): a
// box here said it again right below. It draws the view it is given; every
// choice is one of the view's legal actions. "Unused Control Cards" is a keyed <details>
// whose open state lives in its component, so an update does not close it.
import { useState } from "preact/hooks";

import { ActionKind, Phase, Stage, Variant, Zone, type Opponent, type Seat, type View } from "../../gen/starport/v1/space_race_pb.js";
import { SeatPanel } from "../../kit/seat_panel.js";
import { DecisionTimer } from "../../kit/timer.js";
import { Tip } from "../../kit/tip.js";
import { headingWords } from "../../kit/words.js";
import type { TableContext, TableProps } from "../types.js";
import { cardKey, ControlChip, SrBack, SrCard, SrMini } from "./cards.js";
import { choicesOf, decisionHeading, opponentOwner, type Choice, type ChoiceGroup } from "./choices.js";
import {
  cardTypes,
  categoryNames,
  categoryShort,
  difficultyNames,
  opponentName,
  phaseNames,
  points,
  scoreParts,
  stageClass,
  stageNames,
} from "./words.js";

// The keys of the cards a choice is about ("zone:owner:index"), to mark them on the table.
export function offeredKeys(view: View): Set<string> {
  const keys = new Set<string>();
  for (const a of view.legalActions) {
    if (a.kind === ActionKind.USE && a.args[0] >= 0) keys.add(`agency:${a.seat}:${a.args[0]}`);
    if (a.kind !== ActionKind.PICK) continue;
    const [zone, owner, index] = a.args;
    const name = { [Zone.UNIVERSE]: "universe", [Zone.HAND]: "hand", [Zone.AGENCY]: "agency", [Zone.LAB]: "lab", [Zone.FACE_DOWN]: "facedown" }[zone];
    if (name) keys.add(`${name}:${owner}:${index}`);
  }
  return keys;
}

// Tips for the table's terms (the glossary says the same at more length).
export const termTips = {
  lab: "Laboratory: cards turned sideways, no levels or abilities; 1 Development Point each.",
  agency: "Your cards in play, by Stage: their levels score and their abilities can be used.",
  universe: "The face-up cards everyone may take, one pile per type, oldest first.",
  faceDown: "Universe cards nobody sees until they turn up; you see the ones you invested.",
  hand: "Cards not in play; others see only how many. Limit 7 after Clever Investments.",
  initiative: "The first player this round: wins ties for Stage order; moves clockwise each round.",
  passed: "Has passed: takes no more turns in this Stage.",
  resigned: "Has left the game: skipped everywhere, never a winner.",
  control: "Control Card: chosen in secret each round; its type is the Stage you play, its level adds to your Stage level, and it acquires one card.",
  unused: "Control Cards not yet played; each is played once (unless an ability returns it).",
  points: "Development Points if the game ended now: Agency level + Lab cards + 6 per category won.",
  finalPoints: "Final Development Points: Agency level + Lab cards + 6 per category won.",
  stageLevel: (s: Stage) => `${stageNames[s]} level: the ${stageNames[s]} numbers on every card in the Agency; with a matching Control Card it sets the turn order.`,
  category: (i: number) => `${categoryNames[i as keyof typeof categoryNames]} symbols; the most in a category scores 6 (at least one needed).`,
  opponent: "The JFK solo opponent: plays the top Control Card of each of its decks and takes cards where it has a level; it scores 2 per Leader or Breakthrough and 1 per other card, and wins ties.",
};

const groupTitles: Record<ChoiceGroup, string> = {
  control: "Control Card",
  ability: "Agency abilities",
  split: "Split the ability's power",
  card: "Cards",
  draw: "Draw from the Deck",
  declare: "Area 51",
  finish: "",
  other: "",
};
const groupOrder: ChoiceGroup[] = ["control", "ability", "split", "card", "draw", "declare", "finish", "other"];

function MovePanel({ view, ctx }: { view: View; ctx: TableContext }) {
  const heading = headingWords(ctx, view.legalActions, decisionHeading(view, ctx.viewer, ctx.seatName));
  const Button = ctx.ActionButton;
  const choices = Button ? choicesOf(view, ctx.seatName) : [];
  if (!heading && !choices.length) return null;
  const mine = choices.length > 0;
  const B = Button ?? (() => null);
  return (
    <section class={`moves sr-moves${mine ? " mine" : ""}`} aria-label={mine ? "Your move" : "Waiting"}>
      <p class="decision" data-decision="">{heading}</p>
      {mine ? <DecisionTimer ctx={ctx} /> : null}
      {groupOrder
        .map((g) => [g, choices.filter((c) => c.group === g)] as [ChoiceGroup, Choice[]])
        .filter(([, list]) => list.length)
        .map(([g, list]) => (
          <div class={`sr-choice-group g-${g}`} data-group={g} key={g}>
            {groupTitles[g] ? <div class="sr-group-title">{groupTitles[g]}</div> : null}
            <div class="buttons">
              {list.map((c) => {
                const cls = c.group === "finish" ? "secondary" : c.group === "draw" || c.group === "split" ? "compact" : "primary";
                return (
                  <B
                    key={`${c.action.kind}:${c.action.args.join(",")}`}
                    action={c.action}
                    class={c.stage !== undefined ? `${cls} sr-st ${stageClass(c.stage)}` : cls}
                  >
                    <span class="sr-label">{c.label}</span>
                    {c.detail && c.group !== "draw" ? <span class="sr-detail">{c.detail}</span> : null}
                  </B>
                );
              })}
            </div>
          </div>
        ))}
    </section>
  );
}

// Once over, the table keeps the end's facts (the final score, the last round's cards) and
// drops what only mattered for a next turn or round: the Initiative, "passed", "This round",
// "if the game ended now", abilities "used this round".
const isOver = (view: View) => !!view.outcome?.over || view.phase === Phase.GAME_OVER;

function StatusLine({ view, ctx }: { view: View; ctx: TableContext }) {
  const you = (seat: number) => (ctx.viewer === seat ? "you" : ctx.seatName(seat));
  const variant =
    view.variant === Variant.JFK
      ? `JFK solo (${difficultyNames[view.opponent?.decksLeft.length ?? 1] ?? ""})`
      : view.variant === Variant.COLD_WAR
        ? "Cold War scoring"
        : "Standard";
  const order =
    view.phase === Phase.DEVELOP && view.stage !== Stage.BUREAUCRACY && view.stageOrder.length
      ? `Order: ${view.stageOrder.map(you).join(" → ")}`
      : "";
  return (
    <div class="sr-status" role="status">
      <div class="sr-status-main">
        <strong>Round {view.round || 1} of 7</strong> · {phaseNames[view.phase]}
        {view.phase === Phase.DEVELOP ? (
          <>
            {" · "}
            <span class={`sr-stage-tag ${stageClass(view.stage)}`}>{stageNames[view.stage]} Stage</span>
          </>
        ) : null}
        {view.hasTurn && view.phase !== Phase.GAME_OVER ? ` · turn: ${you(view.turnSeat)}` : ""}
      </div>
      <div class="sr-status-sub muted">
        {[variant, `Deck ${view.deckCount}`, view.seats.length > 1 && !isOver(view) ? `Initiative: ${you(view.initiative)}` : "", order, view.spectator ? "spectating" : ""]
          .filter(Boolean)
          .join(" · ")}
      </div>
    </div>
  );
}

function ScoreBoard({ view, ctx }: { view: View; ctx: TableContext }) {
  const over = isOver(view);
  return (
    <section class="sr-scores" aria-label="Scores">
      <h3>{over ? "Final score" : <Tip text={termTips.points}>Score if the game ended now</Tip>}</h3>
      <ul class="plain">
        {view.seats.map((s) => (
          <li key={s.seat} class={`sr-score-row${s.seat === ctx.viewer ? " mine" : ""}`} data-score-seat={s.seat}>
            <span class="sr-score-name">
              {ctx.seatName(s.seat)}
              {s.seat === ctx.viewer ? <span class="mark mark--you">you</span> : null}
            </span>
            <b class="sr-points" data-points={s.score?.halves ?? 0}>{points(s.score?.halves ?? 0)}</b>
            <span class="sr-score-parts muted">{scoreParts(s.score, view.variant).join(" · ")}</span>
          </li>
        ))}
        {view.opponent ? (
          <li class="sr-score-row opponent">
            <span class="sr-score-name">{opponentName}</span>
            <b class="sr-points">{String(view.opponent.score)}</b>
            <span class="sr-score-parts muted">
              {view.opponent.taken.length} cards taken (Leaders and Breakthroughs 2, others 1); a tie goes to it
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function Universe({ view, offered, ctx }: { view: View; offered: Set<string>; ctx: TableContext }) {
  const known = view.seats.filter((s) => s.knownFaceDown.length);
  return (
    <section class="sr-universe" aria-label="Universe">
      <h3>
        <Tip text={termTips.universe}>Universe</Tip>
        <span class="muted"> — oldest card first in each pile</span>
      </h3>
      <div class="sr-piles">
        {cardTypes.map((t) => {
          const cards = view.universe.find((p) => p.type === t)?.cards ?? [];
          return (
            <div class={`sr-pile ${stageClass(t)}`} data-pile={t} key={t}>
              <div class="sr-pile-head">
                {stageNames[t]}
                <span class="muted"> {cards.length}</span>
              </div>
              <div class="card-row">
                {cards.length ? (
                  cards.map((c, i) => <SrCard key={cardKey(c, `u:${t}:${i}`)} card={c} marks={{ key: `universe:${t}:${i}`, offered: offered.has(`universe:${t}:${i}`) }} />)
                ) : (
                  <p class="muted sr-empty">none</p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <div class="sr-facedown">
        <div class="sr-pile-head">
          <span><Tip text={termTips.faceDown}>Face down</Tip>: {view.faceDownCount}</span>
          {view.faceDown.length ? <span class="muted">{ctx.live ? " (True Visionaries: you may look)" : " (shown in the replay)"}</span> : null}
        </div>
        <div class="card-row">
          {view.faceDown.length
            ? view.faceDown.map((c, i) => <SrCard key={cardKey(c, `f:${i}`)} card={c} marks={{ key: `facedown:0:${i}`, offered: offered.has(`facedown:0:${i}`) }} />)
            : Array.from({ length: view.faceDownCount }, (_, i) => <SrBack key={`b:${i}`} label="a face-down Universe card" />)}
        </div>
        {known.map((s) => (
          <p class="muted sr-known" key={s.seat}>
            {s.seat === ctx.viewer ? "Yours" : `${ctx.seatName(s.seat)}'s`} among them: {s.knownFaceDown.map((c) => c.name).join(", ")}
          </p>
        ))}
      </div>
    </section>
  );
}

// Keyed by seat: its open state survives every update.
function UnusedControls({ seat }: { seat: Seat }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="sr-unused" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Unused Control Cards: {seat.unusedControls.length}</summary>
      {seat.unusedControls.map((c) => (
        <ControlChip key={c.index} c={c} extraClass="unused" />
      ))}
    </details>
  );
}

function ControlsRow({ seat, view }: { seat: Seat; view: View }) {
  let current;
  if (seat.currentControl) current = <ControlChip c={seat.currentControl} extraClass="current" />;
  else if (seat.chosen)
    current = (
      <Tip class="sr-control-tip" text="Chosen, face down until everyone has chosen.">
        <span class="sr-control hidden-choice" data-chosen="1">chosen</span>
      </Tip>
    );
  else if (view.phase === Phase.MANAGE && !seat.resigned) current = <span class="sr-control pending">choosing…</span>;
  else current = <span class="muted">—</span>;
  return (
    <div class="sr-controls">
      <div>
        <Tip class="sr-k" text={termTips.control}>{isOver(view) ? "Final round" : "This round"}</Tip> {current}
      </div>
      {seat.playedControls.length ? (
        <div>
          <span class="sr-k">Played </span>
          {seat.playedControls.map((c) => (
            <ControlChip key={c.index} c={c} extraClass="played" />
          ))}
        </div>
      ) : null}
      {seat.unusedControls.length ? <UnusedControls key={`unused-${seat.seat}`} seat={seat} /> : null}
    </div>
  );
}

function AgencyByStage({ seat, offered, over }: { seat: Seat; offered: Set<string>; over: boolean }) {
  return (
    <div class="sr-agency">
      {cardTypes.map((t) => {
        const cards = seat.agency.map((a, i) => ({ a, i })).filter(({ a }) => a.card?.type === t);
        return (
          <div class={`sr-stage-col ${stageClass(t)}`} data-stage={t} key={t}>
            <div class="sr-stage-head">
              {stageNames[t]}{" "}
              <Tip class="sr-stage-level" text={termTips.stageLevel(t)}>
                <b>level {seat.levels[t] ?? 0}</b>
              </Tip>
            </div>
            {cards.length ? (
              cards.map(({ a, i }) => (
                <SrCard key={cardKey(a.card, `a:${i}:${a.card!.code}`)} card={a.card!} agency={a} over={over} marks={{ key: `agency:${seat.seat}:${i}`, offered: offered.has(`agency:${seat.seat}:${i}`) }} />
              ))
            ) : (
              <p class="muted sr-empty">—</p>
            )}
          </div>
        );
      })}
    </div>
  );
}

function SeatArea({ seat, view, ctx, offered }: { seat: Seat; view: View; ctx: TableContext; offered: Set<string> }) {
  const you = ctx.viewer === seat.seat;
  const over = isOver(view);
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  const area51 = seat.area51Category >= 0 ? ` (Area 51: ${categoryShort[seat.area51Category]})` : "";
  return (
    <SeatPanel
      class={`sr-seat${you ? " mine" : ""}`}
      name={ctx.seatName(seat.seat)}
      seat={seat.seat}
      you={you}
      bot={info?.bot}
      away={ctx.live && !!info && !info.bot && !info.connected}
      toAct={seat.toAct}
      sent={you ? ctx.inFlight : undefined}
      out={seat.resigned ? "resigned" : undefined}
      timer={ctx.timer(seat.seat)}
      score={`${points(seat.score?.halves ?? 0)} pts`}
      scoreTip={over ? termTips.finalPoints : termTips.points}
      subtitle={seat.faction}
      marks={
        <>
          {seat.initiative && view.seats.length > 1 && !over ? <Tip class="mark mark--info badge" text={termTips.initiative}>Initiative</Tip> : null}
          {seat.passed && !over ? <Tip class="mark mark--info badge" text={termTips.passed}>passed</Tip> : null}
        </>
      }
    >
      <ControlsRow seat={seat} view={view} />
      <h4>
        <Tip text={termTips.agency}>Agency</Tip>
        <span class="muted">
          {" · symbols: "}
          {seat.symbols.map((n, i) => (
            <span key={i}>
              {i ? " · " : ""}
              <Tip text={termTips.category(i)}>{categoryShort[i]}</Tip> {n}
            </span>
          ))}
          {area51}
        </span>
      </h4>
      <AgencyByStage seat={seat} offered={offered} over={over} />
      <div class="sr-lab">
        <h4>
          <Tip text={termTips.lab}>Laboratory</Tip> ({seat.lab.length})
        </h4>
        {seat.lab.length ? (
          <div class="card-row">
            {seat.lab.map((c, i) => (
              <SrMini key={cardKey(c, `l:${i}`)} card={c} marks={{ key: `lab:${seat.seat}:${i}`, offered: offered.has(`lab:${seat.seat}:${i}`) }} />
            ))}
          </div>
        ) : (
          <p class="muted sr-empty">empty</p>
        )}
      </div>
      <div class="sr-hand">
        <h4>
          <Tip text={termTips.hand}>Hand</Tip> ({seat.handCount}
          {you ? `, limit ${seat.handLimit}` : ""})
        </h4>
        {seat.hand.length ? (
          <div class="card-row sr-hand-cards">
            {seat.hand.map((c, i) => (
              <SrCard key={cardKey(c, `h:${i}`)} card={c} marks={{ key: `hand:${seat.seat}:${i}`, offered: offered.has(`hand:${seat.seat}:${i}`) }} />
            ))}
          </div>
        ) : seat.handCount ? (
          <div class="card-row">
            {Array.from({ length: seat.handCount }, (_, i) => (
              <SrBack key={i} label="a card in Hand" />
            ))}
          </div>
        ) : (
          <p class="muted sr-empty">empty</p>
        )}
      </div>
    </SeatPanel>
  );
}

function OpponentArea({ op, offered }: { op: Opponent; offered: Set<string> }) {
  return (
    <section class="seat-panel seat-colour-5 sr-seat sr-opponent" aria-label={`${opponentName} (JFK opponent)`}>
      <div class="seat-panel__head">
        <span class="seat-panel__swatch" aria-hidden="true" />
        <h3 class="seat-panel__name">{opponentName}</h3>
        <span class="seat-panel__sub">
          <Tip text={termTips.opponent}>JFK opponent</Tip>
        </span>
        <span class="seat-panel__score">{op.score} pts</span>
      </div>
      <div class="sr-opp-levels">
        {cardTypes.map((t) => (
          <span key={t} class={`sr-lvl-box ${stageClass(t)}`}>
            {stageNames[t]} <b>{String(op.levels[t] ?? 0)}</b>
          </span>
        ))}
      </div>
      <div class="sr-controls">
        <div>
          <span class="sr-k">Control Cards played </span>
          {op.played.length ? op.played.map((c, i) => <ControlChip key={i} c={c} extraClass="played" />) : <span class="muted">none yet</span>}
        </div>
        <div class="muted">Decks: {op.decksLeft.map((n) => `${n} left`).join(", ")}</div>
      </div>
      <div class="sr-lab">
        <h4>
          Taken cards ({op.taken.length}) — its <Tip text={termTips.lab}>Laboratory</Tip>
          <span class="muted"> · symbols: {op.symbols.map((n, i) => `${categoryShort[i]} ${n}`).join(" · ")}</span>
        </h4>
        {op.taken.length ? (
          cardTypes.map((t) => {
            const pile = op.taken.map((c, i) => ({ c, i })).filter(({ c }) => c.type === t);
            return pile.length ? (
              <div class="card-row sr-taken-row" key={t}>
                {pile.map(({ c, i }) => (
                  <SrMini key={cardKey(c, `t:${i}`)} card={c} marks={{ key: `lab:${opponentOwner}:${i}`, offered: offered.has(`lab:${opponentOwner}:${i}`) }} />
                ))}
              </div>
            ) : null;
          })
        ) : (
          <p class="muted sr-empty">none yet</p>
        )}
      </div>
    </section>
  );
}

export function SpaceRaceTable({ view, ctx }: TableProps<View>) {
  const offered = ctx.ActionButton ? offeredKeys(view) : new Set<string>();
  const mine = view.seats.filter((s) => s.seat === ctx.viewer);
  const others = view.seats.filter((s) => s.seat !== ctx.viewer);
  return (
    <div class="space-race">
      <StatusLine view={view} ctx={ctx} />
      <MovePanel view={view} ctx={ctx} />
      <ScoreBoard view={view} ctx={ctx} />
      <Universe view={view} offered={offered} ctx={ctx} />
      {mine.map((s) => (
        <SeatArea key={s.seat} seat={s} view={view} ctx={ctx} offered={offered} />
      ))}
      {view.opponent ? <OpponentArea op={view.opponent} offered={offered} /> : null}
      {others.map((s) => (
        <SeatArea key={s.seat} seat={s} view={view} ctx={ctx} offered={offered} />
      ))}
    </div>
  );
}
