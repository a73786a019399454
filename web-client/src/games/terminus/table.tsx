// The Race to the Terminus table on the kit: status, the decision with its choices (the
// prompt's cards, the draft, your hand's plays under each card), the Complication Cascade
// while it is open (who is asked, whose answer is awaited, a clear respond / pass prompt
// and the timer), the Star Chart with its Systems and every Ship, each seat (Ships with
// Modules and Crew, resources, Piles, Starting System, Destiny, Legacies) and Dead Space.
// It draws the view it is given; every button is one of the view's legal actions.
import type { CardPool } from "../../gen/starport/v1/protocol_pb.js";
import { ActionKind, CardType, Step, type Card as ViewCard, type Seat, type Ship, type View } from "../../gen/starport/v1/terminus_pb.js";
import type { Action } from "../../gen/starport/v1/common_pb.js";
import { usePool } from "../../decks/pool_cache.js";
import { SeatPanel } from "../../kit/seat_panel.js";
import { DecisionTimer } from "../../kit/timer.js";
import { maskOf, SubsetPicker } from "../../kit/subset_picker.js";
import { Tip } from "../../kit/tip.js";
import { headingWords } from "../../kit/words.js";
import type { TableContext, TableProps } from "../types.js";
import { TmCard } from "./cards.js";
import { actionLabel, cardName, decisionHeading, entryTargets, gameId, lastMoveWords, shipName, shipOf, stepNames } from "./words.js";

export const termTips = {
  proximity: "Proximity: how far the Ship is along the Star Chart; 10 reaches the Terminus and wins.",
  certainty: "Certainty: spent and required by Actions.",
  reputation: "Reputation: may go negative; some Actions and Systems care about its sign.",
  intel: (name: string) => `Intel on ${name}'s Ships: needed to target them with some effects.`,
  hand: "Cards in hand (others see only how many, and how many are Complications drawn in sight).",
  initiative: "Holds the Initiative: resolves first among simultaneous effects and responses.",
  crewed: "A Ship without a Crew at the start of its Turn goes into Backslide.",
  backslide: "Backslide: no Action draw or Play Step this Turn; at the end of the Aftermath it loses 3 Proximity and takes the top Recruit of its Gig Pile.",
  noActiveModule: "While a Ship has 0 Active Modules it cannot gain Proximity (Ship Zone): Actions and effects that would move it forward do nothing until a Module is face up again.",
  deadlock: "Deadlocked this Turn.",
  destinyLocked: "Has played a Destiny: plays no more Complications this game.",
  deadSpace: "Dead Space: cards out of the game, face up.",
  cascade: "The Complication Cascade: the newest entry resolves first. After a Complication resolves (even negated) every other player draws one Complication.",
  asked: "Seats asked to respond (decided from public information, so being asked tells nothing about a hand).",
};

// The card ids the viewer's legal actions start from (to mark them and place their buttons).
function actionsByCard(view: View, viewer: number | null, kinds: ActionKind[]): Map<number, Action[]> {
  const m = new Map<number, Action[]>();
  for (const a of view.legalActions) {
    if (a.seat !== viewer || !kinds.includes(a.kind)) continue;
    const list = m.get(a.args[0]) ?? [];
    list.push(a);
    m.set(a.args[0], list);
  }
  return m;
}

// Actions the table places under cards (hand, draft pool, prompt cards); the move panel
// shows the rest.
const underCards = [ActionKind.PLAY, ActionKind.DRAFT, ActionKind.ENTROPY];

export function TerminusTable({ view, ctx }: TableProps<View>) {
  const pool = usePool(gameId);
  const viewer = ctx.viewer;
  const me = viewer !== null ? view.seats.find((s) => s.seat === viewer) : undefined;
  const ordered = me ? [me, ...view.seats.filter((s) => s !== me)] : view.seats;
  return (
    <div class="terminus" data-step={Step[view.step]} data-round={view.round}>
      <StatusLine view={view} ctx={ctx} />
      <LastMoveLine view={view} ctx={ctx} pool={pool} />
      <MovePanel view={view} ctx={ctx} pool={pool} />
      {view.cascade.length ? <CascadePanel view={view} ctx={ctx} pool={pool} /> : null}
      {me ? <YourCards view={view} seat={me} ctx={ctx} pool={pool} /> : null}
      <StarChart view={view} ctx={ctx} pool={pool} />
      <div class="tm-seats">
        {ordered.map((s) => <SeatArea key={s.seat} view={view} seat={s} ctx={ctx} pool={pool} />)}
      </div>
      {view.deadSpace.length ? (
        <details class="tm-dead-space" data-count={view.deadSpace.length}>
          <summary><Tip text={termTips.deadSpace}>Dead Space</Tip> ({view.deadSpace.length})</summary>
          <div class="card-row">{view.deadSpace.map((c, i) => <TmCard key={c.id || `d${i}`} card={c} pool={pool} small />)}</div>
        </details>
      ) : null}
    </div>
  );
}

function StatusLine({ view, ctx }: { view: View; ctx: TableContext }) {
  const parts = [view.round ? `Round ${view.round}` : "Setup", stepNames[view.step]];
  if (view.hasActive && view.round) parts.push(`${ctx.seatName(view.activeSeat)}'s Turn`);
  const order = view.turnOrder.length ? `Turn order: ${view.turnOrder.map((s) => ctx.seatName(s)).join(" → ")}` : "";
  return (
    <p class="tm-status" data-testid="tm-status">
      <strong>{parts.join(" · ")}</strong>
      {view.seats.length ? <span class="muted"> · Initiative: {ctx.seatName(view.initiative)}</span> : null}
      {order ? <span class="muted"> · {order}</span> : null}
    </p>
  );
}

// The public part of the action just played (View.last_move): who did what, with which card,
// aimed at whom ("Last move: Vega detaches Scout Skiff").
function LastMoveLine({ view, ctx, pool }: { view: View; ctx: TableContext; pool: CardPool | undefined }) {
  const m = view.lastMove;
  if (!m) return null;
  const what = lastMoveWords(m, ctx.seatName, pool);
  return (
    <p class="tm-last-move muted" data-testid="tm-last-move" data-kind={m.kind}>
      Last move: <strong>{ctx.seatName(m.seat)}</strong>{what ? ` ${what}` : ""}
    </p>
  );
}

function MovePanel({ view, ctx, pool }: { view: View; ctx: TableContext; pool: CardPool | undefined }) {
  const heading = headingWords(ctx, view.legalActions, decisionHeading(view, ctx.viewer, ctx.seatName));
  const B = ctx.ActionButton;
  const mine = B && ctx.viewer !== null ? view.legalActions.filter((a) => a.seat === ctx.viewer) : [];
  // The mulligan lists one action per subset of the four cards: ticked on the cards instead.
  const mulligans = mine.filter((a) => a.kind === ActionKind.MULLIGAN);
  const rest = mine.filter((a) => !underCards.includes(a.kind) && a.kind !== ActionKind.MULLIGAN && !(a.kind === ActionKind.CHOOSE && promptCardIds(view).has(a.args[0])));
  const choose = B ? actionsByCard(view, ctx.viewer, [ActionKind.CHOOSE]) : new Map<number, Action[]>();
  const promptCards = view.prompt && view.prompt.seat === ctx.viewer ? view.prompt.cards : [];
  if (!heading && !mine.length) return null;
  if (B && mulligans.length && promptCards.length) {
    return (
      <section class="moves tm-moves mine" aria-label="Your move" data-testid="tm-moves">
        <p class="decision" data-decision="">{heading}</p>
        <DecisionTimer ctx={ctx} />
        <SubsetPicker
          legend="Tick the cards to put back and replace; tick none to keep all four."
          name="tm-mulligan"
          toggle="Replace"
          items={promptCards.map((c, i) => ({ key: c.id || `p${i}`, name: cardName(c, pool), children: <TmCard card={c} pool={pool} where="in your opening hand" /> }))}
          actions={mulligans}
          actionFor={(chosen) => mulligans.find((a) => a.args[0] === maskOf(chosen))}
          label={(a) => actionLabel(a, view, ctx.seatName)}
          Button={B}
          claim={ctx.claim}
        />
        {rest.length ? <div class="buttons">{rest.map((a, i) => <B key={`${a.kind}:${a.args.join(",")}:${i}`} action={a}>{actionLabel(a, view, ctx.seatName)}</B>)}</div> : null}
      </section>
    );
  }
  return (
    <section class={`moves tm-moves${mine.length ? " mine" : ""}`} aria-label={mine.length ? "Your move" : "Waiting"} data-testid="tm-moves">
      <p class="decision" data-decision="">{heading}</p>
      {mine.length ? <DecisionTimer ctx={ctx} /> : null}
      {promptCards.length ? (
        <div class="card-row tm-prompt-cards">
          {promptCards.map((c, i) => (
            <div key={c.id || `p${i}`} class="tm-choice">
              <TmCard card={c} pool={pool} highlight={choose.has(c.id)} />
              {B ? (choose.get(c.id) ?? []).map((a, j) => <B key={j} action={a}>{actionLabel(a, view, ctx.seatName)}</B>) : null}
            </div>
          ))}
        </div>
      ) : null}
      {B && rest.length ? (
        <div class="buttons">
          {rest.map((a, i) => <B key={`${a.kind}:${a.args.join(",")}:${i}`} action={a} class={a.kind === ActionKind.PASS ? "secondary tm-pass" : undefined}>{actionLabel(a, view, ctx.seatName)}</B>)}
        </div>
      ) : null}
    </section>
  );
}

function promptCardIds(view: View): Set<number> {
  return new Set((view.prompt?.cards ?? []).map((c) => c.id).filter((id) => id));
}

function CascadePanel({ view, ctx, pool }: { view: View; ctx: TableContext; pool: CardPool | undefined }) {
  const viewer = ctx.viewer;
  // Once the race is over nothing on the Cascade resolves and nobody is asked.
  const over = !!view.outcome?.over;
  // An open choice (a Weapon's, an effect's) comes before the Cascade's next answer.
  const awaited = view.prompt ? view.prompt.seat : view.priority;
  const asked = viewer !== null && view.asked.includes(viewer);
  const canAnswer = !over && !view.prompt && asked && view.legalActions.some((a) => a.seat === viewer);
  const top = [...view.cascade].reverse();
  return (
    <section class={`tm-cascade${canAnswer ? " tm-cascade--you" : ""}`} aria-label="The Complication Cascade" data-testid="tm-cascade" data-entries={view.cascade.length}>
      <h3><Tip text={termTips.cascade}>Complication Cascade</Tip> <span class="muted">({view.cascade.length}, newest first)</span></h3>
      {over ? (
        <p class="muted" data-cascade-over="">The race ended before these resolved.</p>
      ) : canAnswer ? (
        <p class="tm-respond" role="status" data-respond="">
          <strong>Respond or pass:</strong> add a Complication or an “at any time” ability, or pass. {viewer !== null ? ctx.timer(viewer) : null}
        </p>
      ) : (
        <p class="muted">
          <Tip text={termTips.asked}>Asked</Tip>: {view.asked.length ? view.asked.map((s) => ctx.seatName(s)).join(", ") : "nobody"}
          {view.prompt ? ` · waiting for ${awaited === viewer ? "your choice above" : `${ctx.seatName(awaited)} to choose`}` : view.asked.length ? ` · waiting for ${ctx.seatName(awaited)}` : ""} {ctx.timer(awaited)}
        </p>
      )}
      <ol class="plain tm-cascade-list">
        {top.map((e, i) => (
          <li key={e.card?.id || `c${i}`} class={`tm-entry${e.negated ? " negated" : ""}`} data-negated={e.negated ? "1" : "0"}>
            <TmCard card={e.card} pool={pool} small morale={memberMorale(view, e.card)} />
            <span class="tm-entry-text">
              <strong>{ctx.seatName(e.seat)}</strong> {e.ability ? "activates" : "plays"} {cardName(e.card, pool)}
              {entryTargets(e) ? ` on ${shipOf(e.targetSeat, e.target, ctx.seatName)}` : ""}
              {i === 0 && !over ? <span class="badge act">resolves next</span> : null}
              {e.negated ? <span class="badge lost">negated</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

// A Member's Morale now, found by the card's id in the Crews (a Member activated onto the
// Cascade is still in its Crew); undefined for any other card, shown as printed.
export function memberMorale(view: View, card: ViewCard | undefined): number | undefined {
  if (!card?.id) return undefined;
  for (const seat of view.seats)
    for (const ship of seat.ships)
      for (const m of ship.crew) if (m.id === card.id && m.known) return m.morale;
  return undefined;
}

// Under a card its name is already shown: the button says the move without it ("Draft",
// "Play on Vega's Ship"), so a long name does not make the button, and with it the column,
// wider than the card; the whole label stays for screen readers.
export function underCardLabel(full: string, name: string) {
  const short = name ? full.replace(name, "").replace(/\s{2,}/g, " ").trim() : full;
  if (!short || short === full) return full;
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span class="visually-hidden">{full}</span>
    </>
  );
}

// The viewer's hand (with each card's plays under it) and, during a Draft, the pool to pick from.
function YourCards({ view, seat, ctx, pool }: { view: View; seat: Seat; ctx: TableContext; pool: CardPool | undefined }) {
  const B = ctx.ActionButton;
  const under = B ? actionsByCard(view, ctx.viewer, underCards) : new Map<number, Action[]>();
  const drafting = view.step === Step.MODULE_DRAFT || view.step === Step.RECRUIT_DRAFT;
  const cardWithMoves = (c: ViewCard, i: number, where: string) => (
    <div key={c.id || `${where}${i}`} class="tm-choice" data-card-name={c.known ? cardName(c, pool) : undefined}>
      <TmCard card={c} pool={pool} highlight={under.has(c.id)} where={where} />
      {B ? (under.get(c.id) ?? []).map((a, j) => <B key={j} action={a}>{underCardLabel(actionLabel(a, view, ctx.seatName), c.known ? cardName(c, pool) : "")}</B>) : null}
    </div>
  );
  return (
    <section class="tm-your-cards" aria-label="Your cards">
      {drafting && seat.draftPool.length ? (
        <div class="tm-draft" data-testid="tm-draft">
          <h3>{view.step === Step.MODULE_DRAFT ? "Module Draft" : "Recruit Draft"} <span class="muted">· pick {view.draftRound} of 3{seat.drafted ? " · you have picked" : ""}</span></h3>
          <div class="card-row">{seat.draftPool.map((c, i) => cardWithMoves(c, i, "in your draft pool"))}</div>
        </div>
      ) : null}
      <div class="tm-hand" data-testid="tm-hand" data-count={seat.hand.length}>
        <h3>Your hand <span class="muted">({seat.hand.length})</span></h3>
        {seat.hand.length ? <div class="card-row">{seat.hand.map((c, i) => cardWithMoves(c, i, "in your hand"))}</div> : <p class="muted">No cards in hand.</p>}
      </div>
    </section>
  );
}

function StarChart({ view, ctx, pool }: { view: View; ctx: TableContext; pool: CardPool | undefined }) {
  const ships = (p: number) =>
    view.seats.flatMap((s) => s.ships.filter((sh) => sh.proximity === p).map((sh) => ({ seat: s.seat, ship: sh })));
  const spaces = Array.from({ length: 11 }, (_, p) => p);
  return (
    <section class="tm-chart" aria-label="The Star Chart" data-testid="tm-chart">
      <h3>Star Chart <span class="muted">· Proximity 0 (each Ship's Starting System) to 10 (the Terminus)</span></h3>
      <ol class="plain tm-spaces">
        {spaces.map((p) => {
          const space = view.starChart.find((s) => s.proximity === p);
          const here = ships(p);
          return (
            <li key={p} class={`tm-space${here.length ? " occupied" : ""}`} data-proximity={p}>
              <span class="tm-space-no">{p === 0 ? "Start" : p === 10 ? "10 · Terminus" : p}</span>
              {p === 0 ? <span class="muted tm-undiscovered">own Starting Systems</span> : space?.system ? <TmCard card={space.system} pool={pool} small /> : <span class="muted tm-undiscovered">undiscovered</span>}
              <span class="tm-tokens">
                {here.map(({ seat, ship }) => (
                  <span key={`${seat}:${ship.number}`} class={`tm-token seat-colour-${seat % 6}`} data-seat={seat} data-ship={ship.number}>
                    {ctx.seatName(seat)}{ship.number ? ` · Runabout ${ship.number}` : ""}
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

// A seat's headline: its best Proximity, which sets its Initiative and wins the race (a
// Runabout's counts: "Proximity 10 (Runabout 1)"); the primary Ship's alone misled.
export function seatProximity(seat: Seat): string {
  const best = seat.ships.reduce<Seat["ships"][number] | undefined>((b, s) => (!b || s.proximity > b.proximity ? s : b), undefined);
  return `Proximity ${best?.proximity ?? 0}${best?.number ? ` (Runabout ${best.number})` : ""}`;
}

function SeatArea({ view, seat, ctx, pool }: { view: View; seat: Seat; ctx: TableContext; pool: CardPool | undefined }) {
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  const you = ctx.viewer === seat.seat;
  const drafting = view.step === Step.MODULE_DRAFT || view.step === Step.RECRUIT_DRAFT;
  const others = view.seats.filter((s) => s.seat !== seat.seat);
  return (
    <SeatPanel
      class="tm-seat"
      name={ctx.seatName(seat.seat)}
      seat={seat.seat}
      you={you}
      bot={info?.bot}
      away={ctx.live && !!info && !info.bot && !info.connected}
      toAct={seat.toAct || seat.mayAct}
      sent={you ? ctx.inFlight : undefined}
      out={seat.out ? "out" : undefined}
      timer={ctx.timer(seat.seat)}
      score={seatProximity(seat)}
      scoreTip={termTips.proximity}
      marks={
        <>
          {seat.initiative ? <Tip class="mark" text={termTips.initiative}>Initiative</Tip> : null}
          {drafting ? <span class="mark" data-drafted={seat.drafted ? "1" : "0"}>{seat.drafted ? "picked" : "picking"}</span> : null}
          {seat.destinyLocked ? <Tip class="mark" text={termTips.destinyLocked}>Destiny played</Tip> : null}
          {seat.deadlocked ? <Tip class="mark" text={termTips.deadlock}>Deadlock</Tip> : null}
          {seat.turnOrder ? <span class="mark">turn {seat.turnOrder}</span> : null}
        </>
      }
    >
      <ul class="plain tm-resources" data-testid="tm-resources">
        <li><Tip text={termTips.certainty}>Certainty</Tip> <strong data-res="certainty">{seat.certainty}</strong></li>
        <li><Tip text={termTips.reputation}>Reputation</Tip> <strong data-res="reputation">{seat.reputation}</strong></li>
        {others.map((o) => (
          <li key={o.seat}><Tip text={termTips.intel(ctx.seatName(o.seat))}>Intel on {ctx.seatName(o.seat)}</Tip> <strong data-res={`intel-${o.seat}`}>{seat.intel[o.seat] ?? 0}</strong></li>
        ))}
        <li><Tip text={termTips.hand}>Hand</Tip> <strong data-res="hand">{seat.handCount}</strong>{seat.handComplications ? <span class="muted"> ({seat.handComplications} Complication{seat.handComplications === 1 ? "" : "s"})</span> : null}</li>
      </ul>
      <p class="tm-piles muted" data-testid="tm-piles">
        Piles: Action {seat.actionPile} · Discard {seat.discard.length} · Complication {seat.complicationPile} · System {seat.systemPile} · Upgrade {seat.upgradePile} · Gig {seat.gigPile}
      </p>
      {seat.ships.map((ship) => <ShipArea key={ship.number} ship={ship} pool={pool} seatName={ctx.seatName} round={view.round} />)}
      {seat.startingSystem ? (
        <div class="tm-zone"><h4>Starting System</h4><div class="card-row"><TmCard card={seat.startingSystem} pool={pool} small /></div></div>
      ) : null}
      {seat.destiny.length ? <div class="tm-zone"><h4>Destiny</h4><div class="card-row">{seat.destiny.map((c, i) => <TmCard key={c.id || i} card={c} pool={pool} small />)}</div></div> : null}
      {seat.legacies.length ? <div class="tm-zone"><h4>Legacy</h4><div class="card-row">{seat.legacies.map((c, i) => <TmCard key={c.id || i} card={c} pool={pool} small />)}</div></div> : null}
      {!you && seat.hand.length ? <div class="tm-zone"><h4>Hand</h4><div class="card-row">{seat.hand.map((c, i) => <TmCard key={c.id || i} card={c} pool={pool} small />)}</div></div> : null}
      {seat.discard.length ? (
        <details class="tm-discard">
          <summary>Discard Pile ({seat.discard.length}): top {cardName(seat.discard[seat.discard.length - 1], pool)}</summary>
          <div class="card-row">{[...seat.discard].reverse().map((c, i) => <TmCard key={c.id || i} card={c} pool={pool} small />)}</div>
        </details>
      ) : null}
    </SeatPanel>
  );
}

function ShipArea({ ship, pool, seatName, round }: { ship: Ship; pool: CardPool | undefined; seatName: (seat: number) => string; round: number }) {
  const active = ship.modules.filter((m) => m.faceUp).length;
  return (
    <div class="tm-ship" data-ship={ship.number} data-proximity={ship.proximity}>
      <h4>
        {ship.number ? `Runabout ${ship.number}` : "Ship"} · Proximity {ship.proximity}
        {" · "}<Tip text={termTips.crewed}>{ship.crewed ? "Crewed" : "not Crewed"}</Tip>
        {ship.backslide ? <> · <Tip class="tm-backslide" text={termTips.backslide}>Backslide</Tip></> : null}
        {/* Every Module disabled: a Jump played now moves nothing (the log says so once it is played; the table says it before). */}
        {active === 0 && round > 0 ? <> · <Tip class="tm-stalled" text={termTips.noActiveModule}>no Active Module: gains no Proximity</Tip></> : null}
      </h4>
      <div class="tm-zone">
        <h5>Modules <span class="muted">({active} active of {ship.modules.length})</span></h5>
        <div class="card-row">{ship.modules.map((c, i) => <TmCard key={c.id || `m${i}`} card={c} pool={pool} small where="on a Ship" onShip type={CardType.MODULE} />)}</div>
      </div>
      <div class="tm-zone">
        <h5>Crew <span class="muted">({ship.crew.length})</span></h5>
        {ship.crew.length ? <div class="card-row">{ship.crew.map((c, i) => <TmCard key={c.id || `r${i}`} card={c} pool={pool} small where="in a Crew" onShip type={CardType.RECRUIT} />)}</div> : <p class="muted">No Crew.</p>}
      </div>
      {ship.action ? (
        <div class="tm-zone">
          <h5>Action this Turn{ship.actionTargets ? `, aimed at ${seatName(ship.actionTargetSeat)}'s ${ship.actionTargetShip ? shipName(ship.actionTargetShip) : "Ship"}` : ""}</h5>
          <div class="card-row"><TmCard card={ship.action} pool={pool} small /></div>
        </div>
      ) : null}
    </div>
  );
}
