// The Space War table, built from the kit: status, the decision (with what the offered
// Power does), a seat panel per seat, the Battlefield by step, and the last contest's
// revealed cards with its result in words (the end itself is said by the page around it). It draws the view it is given and
// places the legal actions the view lists; every rule stays on the server.
import { useRef } from "preact/hooks";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import type { CardPool } from "../../gen/starport/v1/protocol_pb.js";
import { ActionKind, Phase, PowerState, type BattlefieldCard, type Card as ViewCard, type Seat, type View } from "../../gen/starport/v1/space_war_pb.js";
import { usePool } from "../../decks/pool_cache.js";
import { Card } from "../../kit/card.js";
import { SeatPanel } from "../../kit/seat_panel.js";
import { Tip } from "../../kit/tip.js";
import { joinNames, turnAsksNow, turnWords } from "../../kit/words.js";
import type { TableContext, TableProps } from "../types.js";
import { cardId, lastContestCards, lastContestNumber, type Revealed } from "./reveal.js";
import { hasSeat } from "./seat_masks.js";
import { cardKind, factionKind, factionName, gameId, phaseNames, powerStateNames, powerStateTips, powerText, stepName } from "./words.js";

const tips = {
  deck: "Cards in this player's deck, face down. An empty deck is refilled from the discard pile.",
  discard: "Cards this player captured; shuffled into a new deck when the deck runs out.",
  cards: "Cards held (deck and discard): the most wins at the contest limit.",
  flipped: "Has put its card for this step on the Battlefield; it stays hidden until everyone has flipped.",
  inContest: "Takes part in the current contest step.",
  conquered: "Out of the game: no card left in deck or discard pile.",
  contest: "A contest: everyone flips, the highest Strength captures every card (a Battle); a tie for the highest goes to War.",
  limit: "The contest limit: when it is reached, the player holding the most cards (deck and discard) wins.",
  war: "Tied highest Strengths fight on: each adds face-down cards and one face-up card until one is highest.",
};

export function actionLabel(action: Action, view: View, seatName: (seat: number) => string): string {
  switch (action.kind as ActionKind) {
    case ActionKind.RESIGN:
      return "Resign";
    case ActionKind.FLIP:
      return view.warStep > 0 ? `Flip (War step ${view.warStep})` : "Flip";
    case ActionKind.TRIGGER:
      return action.args.length
        ? `Trigger ${view.offeredPower || "power"} → ${seatName(action.args[0])}`
        : `Trigger ${view.offeredPower || "power"}`;
    case ActionKind.DECLINE:
      return `Decline ${view.offeredPower || "power"}`;
  }
  return `Action ${action.kind} ${action.args.join(" ")}`;
}

function SwCard(p: { r: Revealed; small?: boolean; highlight?: boolean; flipIn?: boolean }) {
  const pool = usePool(gameId);
  const c = cardKind(p.r.card, pool);
  if (!p.r.card) return <Card id={p.r.id} name="" faceDown backLabel="a face-down card" small={p.small} />;
  if (!c) return <Card id={p.r.id} name="…" small={p.small} />;   // the catalog is on its way
  const counts = p.r.bonus ? c.strength + p.r.bonus : p.r.strength;
  const effective = counts !== undefined && counts >= 0 && counts !== c.strength ? counts : undefined;
  return (
    <Card
      id={p.r.id}
      name={c.name}
      value={String(c.strength)}
      kind={factionKind(c.faction)}
      kindLabel={factionName(c.faction)}
      text={c.text}
      leader={c.leader}
      note={effective !== undefined ? `counts as ${effective}` : undefined}
      small={p.small}
      highlight={p.highlight}
      flipIn={p.flipIn}
    />
  );
}

// Cards grouped by step, then by owner, in seat order.
// Cards are keyed by position (step, owner, index), not by id: a face-down card has no id
// yet, and the same component must see it turn face up to play the flip.
function ByStep(p: { cards: Revealed[]; ctx: TableContext; small?: boolean; highlight?: (c: Revealed) => boolean; flipIn?: boolean }) {
  const steps = [...new Set(p.cards.map((c) => c.step))].sort((a, b) => a - b);
  return (
    <>
      {steps.map((step) => {
        const inStep = p.cards.filter((c) => c.step === step);
        const owners = [...new Set(inStep.map((c) => c.owner))].sort((a, b) => a - b);
        return (
          <div class="sw-step" key={step} data-step={step}>
            <div class="sw-step-title">{step === 0 ? "Reveal" : <Tip text={tips.war}>{stepName(step)}</Tip>}</div>
            <div class="sw-step-cards">
              {owners.map((owner) => (
                <div class={`sw-contribution seat-colour-${owner % 6}`} key={owner} data-owner={owner}>
                  <div class="sw-owner">{p.ctx.seatName(owner)}</div>
                  <div class="card-row">
                    {inStep
                      .filter((c) => c.owner === owner)
                      .map((c, i) => (
                        <SwCard key={`${step}:${owner}:${i}`} r={c} small={p.small} highlight={p.highlight?.(c)} flipIn={p.flipIn} />
                      ))}
                  </div>
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}

function battlefieldCards(view: View): Revealed[] {
  // The backs this viewer sees (columns) come first: in each step a seat's face-down cards
  // came before its face-up one, and ByStep keeps list order within a seat's step.
  const backs = view.faceDownOwners.map((owner, i) => ({ owner, step: view.faceDownSteps[i] ?? 0 }));
  // A card not face up is a back for this viewer even if an omniscient view carries it.
  return backs.concat(
    view.battlefield.map((b: BattlefieldCard) => ({
      owner: b.owner,
      step: b.step,
      card: b.faceUp ? b.card : undefined,
      strength: b.strength,
      id: cardId(b.card) ?? cardId(b),
    })),
  );
}

// "Elven Warden (7)" for the omniscient view's piles.
function pileWords(c: ViewCard, pool: CardPool | undefined): string {
  const k = cardKind(c, pool);
  return k ? `${k.name} (${k.strength})` : "…";
}

function SeatView(p: { seat: Seat; view: View; ctx: TableContext }) {
  const { seat, ctx } = p;
  const pool = usePool(gameId);
  const info = ctx.info?.seats.find((s) => s.seat === seat.seat);
  // The counts are the table's lists, by seat (View.deck_counts, discard_counts).
  const deck = p.view.deckCounts[seat.seat] ?? 0;
  const discard = p.view.discardCounts[seat.seat] ?? 0;
  const power =
    seat.power === PowerState.NO_POWER ? (
      <span class="sw-power none">No Power Card</span>
    ) : (
      <span class={`sw-power p-${powerStateNames[seat.power]}`}>
        <Tip text={powerText(seat.powerName) || seat.powerName}>
          <strong>{seat.powerName || "Power"}</strong>
        </Tip>{" "}
        · <Tip text={powerStateTips[seat.power]}>{powerStateNames[seat.power]}</Tip>
      </span>
    );
  return (
    <SeatPanel
      name={ctx.seatName(seat.seat)}
      seat={seat.seat}
      you={ctx.viewer === seat.seat}
      bot={info?.bot}
      away={ctx.live && !!info && !info.bot && !info.connected}
      toAct={hasSeat(p.view.seatsToAct, seat.seat)}
      // Your own move sent: "move sent" rather than "to act", as the flip sentence says.
      sent={ctx.viewer === seat.seat ? ctx.inFlight : undefined}
      out={seat.conquered ? "conquered" : undefined}
      timer={ctx.timer(seat.seat)}
      score={`${deck + discard} cards`}
      scoreTip={tips.cards}
      subtitle={<span class={`sw-faction f-${factionKind(seat.faction) ?? "none"}`}>{factionName(seat.faction)}</span>}
      marks={
        <>
          {hasSeat(p.view.seatsFlipped, seat.seat) && !seat.conquered ? <Tip class="mark mark--info" text={tips.flipped}>flipped</Tip> : null}
          {hasSeat(p.view.seatsInContest, seat.seat) && !seat.conquered ? <Tip class="mark mark--info" text={tips.inContest}>in contest</Tip> : null}
        </>
      }
    >
      <div class="sw-counts">
        <Tip text={tips.deck}>Deck</Tip> <b data-deck={seat.seat}>{deck}</b>{" "}
        <Tip text={tips.discard}>Discard</Tip> <b>{discard}</b>
      </div>
      <div class="sw-power-line">{power}</div>
      {seat.deck.length || seat.discard.length ? (
        <details class="omniscient">
          <summary>Deck and discard (revealed)</summary>
          <div class="pile"><em>Deck, top first: </em>{seat.deck.map((c) => pileWords(c, pool)).join(", ") || "—"}</div>
          <div class="pile"><em>Discard: </em>{seat.discard.map((c) => pileWords(c, pool)).join(", ") || "—"}</div>
        </details>
      ) : null}
    </SeatPanel>
  );
}

// What the flip phase waits for, in one sentence for `viewer` (null: a spectator or a
// replay's public view): whose flip is due, and in a War who is at War. Everything comes
// from the view's marks (seats_to_act, seats_in_contest) and its War step; "" when no flip
// is due (a Power decision says its own words, the end has its outcome). `yours` turns the
// part asking the viewer to flip into words true now (kit/words.ts turnWords: while the
// reveal still shows the moves before it, the flip waits; once pressed, it is on its way).
export function flipWords(view: View, viewer: number | null, seatName: (seat: number) => string, yours: (sentence: string) => string = (s) => s): string {
  if (view.phase !== Phase.FLIP_PHASE || view.outcome?.over) return "";
  const seats = view.seats.filter((s) => !s.conquered).map((s) => s.seat);
  const name = (seat: number) => (seat === viewer ? "you" : seatName(seat));
  const toAct = seats.filter((s) => hasSeat(view.seatsToAct, s));
  const mine = viewer !== null && toAct.includes(viewer);
  const others = toAct.filter((s) => s !== viewer);
  const waiting = others.length ? `Waiting for ${joinNames(others.map(name))} to flip.` : "";
  if (view.warStep > 0) {
    const atWar = seats.filter((s) => hasSeat(view.seatsInContest, s));
    const who = joinNames(atWar.map(name));
    const head = `War step ${view.warStep}: ${who.charAt(0).toUpperCase()}${who.slice(1)} tied for the highest Strength and fight on.`;
    const aside = viewer !== null && !atWar.includes(viewer) && seats.includes(viewer) ? " You are not in this War." : "";
    return `${head}${aside} ${mine ? yours("Flip to add your cards.") : waiting}`.trim();
  }
  if (mine) return yours("Your turn: flip the top card of your deck.");
  return waiting;
}

function Decision(p: { view: View; ctx: TableContext }) {
  const { view, ctx } = p;
  const deciding = view.phase === Phase.BEFORE_BATTLE || view.phase === Phase.AFTER_BATTLE;
  const mine = ctx.viewer !== null && view.decidingSeat === ctx.viewer;
  const legal = view.legalActions.filter((a) => a.kind !== ActionKind.RESIGN);
  const Button = ctx.ActionButton;
  const flipping = flipWords(view, ctx.viewer, ctx.seatName, (s) => turnWords(ctx, s));
  if (!(deciding && view.offeredPower) && !(Button && legal.length) && !flipping) return null;
  const text = powerText(view.offeredPower);
  return (
    <section class={`moves sw-moves${Button && legal.length ? " mine" : ""}`} aria-label={Button && legal.length ? "Your move" : "Waiting"}>
      {flipping ? <p class="decision" data-decision="">{flipping}</p> : null}
      {deciding && view.offeredPower ? (
        <div class="decision">
          <p data-decision="">
            {mine
              ? turnWords(ctx, `You may trigger ${view.offeredPower} (${phaseNames[view.phase].toLowerCase()}).`)
              : `${ctx.seatName(view.decidingSeat)} decides whether to trigger ${view.offeredPower}.`}
          </p>
          {text ? (
            <p class="sw-power-text">
              <Tip text={text}><strong>{view.offeredPower}</strong></Tip>: {text}
              {mine && turnAsksNow(ctx) ? " Declining keeps it Active for later." : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      {Button && legal.length ? (
        <div class="buttons">
          {legal.map((a) => (
            <Button
              key={`${a.kind}:${a.args.join(",")}`}
              action={a}
              class={a.kind === ActionKind.DECLINE ? "secondary" : "primary"}
            >
              {actionLabel(a, view, ctx.seatName)}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// Engine words name players as "{seat:N}" (N from 0): the table's one naming scheme fills them in.
export function seatWords(text: string, seatName: (seat: number) => string): string {
  return text.replace(/\{seat:(\d+)\}/g, (_, n: string) => seatName(Number(n)));
}

function resultWords(view: View, ctx: TableContext): string {
  const last = view.lastContest!;
  const kind = last.war ? "War" : "Battle";
  let words: string;
  if (last.peace) words = "Peace: no winner; every card went back to the discard pile of the player who added it.";
  else if (last.hasWinner) words = `${ctx.seatName(last.winner)} won the ${kind} and captured ${last.cards} card${last.cards === 1 ? "" : "s"}.`;
  else words = `No winner: the ${last.cards} card${last.cards === 1 ? "" : "s"} on the Battlefield were lost.`;
  if (last.conquered.length) words += ` Conquered: ${last.conquered.map(ctx.seatName).join(", ")}.`;
  return words;
}

export function SpaceWarTable({ view, previous, ctx }: TableProps<View>) {
  // Face-up cards seen on the Battlefield, by contest: what Last contest shows while the
  // view does not carry the revealed cards itself.
  const seen = useRef(new Map<number, Revealed[]>());
  const remember = (v: View | undefined) => {
    if (!v) return;
    const up = battlefieldCards(v).filter((c) => c.card);
    const had = seen.current.get(v.contest) ?? [];
    if (up.length >= had.length && up.length) seen.current.set(v.contest, up);
  };
  remember(previous);
  remember(view);
  for (const k of [...seen.current.keys()]) if (k < view.contest - 2) seen.current.delete(k);

  // The end is said once, by the page above the table (the match page's end banner, the
  // replay's outcome line): a box here repeated it in other words right below.
  const over = !!view.outcome?.over || view.phase === Phase.GAME_OVER;
  const status = [
    phaseNames[view.phase],
    // The engine keeps the last contest's War step at the end; the match is no longer in it.
    view.warStep > 0 && !over ? `War step ${view.warStep}` : "",
    view.spectator ? "spectating" : "",
  ].filter(Boolean);
  const last = view.lastContest;
  const lastNumber = lastContestNumber(view);
  const fromView = lastContestCards(last);
  const revealed = fromView.length ? fromView : last ? seen.current.get(lastNumber) ?? [] : [];
  const cards = battlefieldCards(view);
  // A Power on offer to this viewer before battle is about its own face-up card in this step.
  const offered = !!ctx.ActionButton && view.phase === Phase.BEFORE_BATTLE && view.legalActions.some((a) => a.kind === ActionKind.TRIGGER);
  const topStep = Math.max(0, ...cards.map((c) => c.step));
  const highlight = (c: Revealed) => offered && c.owner === ctx.viewer && c.step === topStep && !!c.card;
  return (
    <div class="space-war">
      <div class="sw-status" role="status">
        <Tip text={tips.contest}>Contest {view.contest}</Tip>
        {view.contestLimit ? (
          <>
            {" / "}
            <Tip text={tips.limit}>{view.contestLimit}</Tip>
          </>
        ) : null}
        {status.length ? ` · ${status.join(" · ")}` : ""}
      </div>
      <Decision view={view} ctx={ctx} />
      <section class="sw-seats" aria-label="Seats">
        {view.seats.map((s) => (
          <SeatView key={s.seat} seat={s} view={view} ctx={ctx} />
        ))}
      </section>
      {over && !cards.length ? null : (
        // Once the match is over the Battlefield is empty (the final contest ended it): no
        // box saying "Empty." under the end; the final contest's cards are just below.
        <section class="sw-battlefield" aria-label="Battlefield" data-testid="battlefield">
          <h3>Battlefield{view.contest ? ` — contest ${view.contest}` : ""}</h3>
          {cards.length ? (
            <ByStep cards={cards} ctx={ctx} highlight={highlight} />
          ) : (
            <p class="muted">Empty — waiting for flips.</p>
          )}
        </section>
      )}
      {last && lastNumber > 0 ? (
        <section class="sw-last" data-testid="last-contest" aria-label={over ? "Final contest" : "Last contest"} data-contest={lastNumber}>
          <h3>
            {over ? "Final" : "Last"} contest ({lastNumber}){last.war ? " — War" : ""}
            {last.peace ? " — Peace" : ""}
          </h3>
          <p class="sw-result" data-result="">{resultWords(view, ctx)}</p>
          {revealed.length ? (
            // Keyed by contest: a new contest's cards mount fresh and flip in when they were just revealed.
            <div key={lastNumber} class="sw-revealed">
              <ByStep cards={revealed} ctx={ctx} small flipIn={!!previous && lastContestNumber(previous) < lastNumber} />
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
