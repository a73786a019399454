// The S.P.A.C.E. table on the kit: the status line (turn, phase, whose step, 1st Player,
// the Dockyard), the latest encounter, the pending decision with its choices (a prompt's
// cards each with its button, then the other moves), the dice, the fight in progress as a
// sequence of rounds, the trades (offers and the dialog to propose one), the map (moves on
// it), the open contracts, the scoreboard (syndicate tracks and feuds) and every ship sheet
// (yours first; sheets stack on a phone). It draws the view it is given; every button is
// one of the view's legal actions.
import { Fragment } from "preact";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import {
  ActionKind,
  CardKind,
  FightKind,
  FightStep,
  Phase,
  PromptKind,
  Syndicate,
  type Card,
  type Contract,
  type Fight,
  type Ship,
  type View,
} from "../../gen/starport/v1/scoundrels_pb.js";
import { Card as KitCard } from "../../kit/card.js";
import { DiceRollView, DiceTray, Die } from "../../kit/dice.js";
import { SeatPanel } from "../../kit/seat_panel.js";
import { DecisionTimer } from "../../kit/timer.js";
import { Tip } from "../../kit/tip.js";
import { headingWords, ordinal, turnAsksNow } from "../../kit/words.js";
import type { TableContext, TableProps } from "../types.js";
import { SpaceMap } from "./map.js";
import { heardOfferText, IncomingOffer, incomingOffers, OffersPanel, useOfferTracker, type OfferTracker } from "./trade.js";
import {
  actionLabel,
  cardIndex,
  colourNames,
  contractLine,
  damageWord,
  decisionHeading,
  dockyardNews,
  dockyardNewsText,
  fightNames,
  fightUnderWay,
  kindNames,
  phaseNames,
  placeName,
  syndicateBonus,
  syndicateNames,
} from "./words.js";

export const scTips = {
  reputation: "Reputation: a die placed at your first delivery (1), +1 per delivery, at most 6. A rep check fails on a roll equal to or lower than it.",
  firstPlayer: "Holds the 1st Player token: plays first in every phase this turn and rolls for the Dockyard.",
  grudge: (s: string) => `${s} holds a grudge: you may not deliver to or affiliate with ${s}.`,
  feud: "Two syndicates in a feud: being affiliated with one earns a grudge from the other.",
  movement: "Movement points left this turn of the ship's total (base 3, plus bonuses, minus damage).",
  captainsLog: "Captain's log: favors, and systems or crew without an open bay (face down to others).",
  weapons: "Weapons locker: firearms and explosives (face down to others).",
  storage: "Storage locker: other small items (face down to others).",
  bay: "A bay holds one ship system, crew member or cargo.",
  held: "A cargo stolen in a delivery brawl with no open bay to store it: it must be delivered or buried on this ship's Delivery step, or it goes under the contract deck.",
  attack: "Ship combat attack value now, from the working systems and crew.",
  conscious: "No conscious crew: the ship cannot pick up, deliver or keep moving.",
  deliveryStopped: "Its delivery was stopped (a bribe, or a brawl it lost): it delivers and buries nothing more this phase.",
};

const syndicates = [Syndicate.FIDANZA, Syndicate.SEMYORKA, Syndicate.ALLMACHT, Syndicate.ANUBIS];

// Actions the table places elsewhere (the map, the trades, under prompt cards).
const elsewhere = [ActionKind.MOVE, ActionKind.PROPOSE, ActionKind.ACCEPT, ActionKind.DECLINE, ActionKind.WITHDRAW];

export function ScoundrelsTable({ view, ctx }: TableProps<View>) {
  const viewer = ctx.viewer;
  const me = viewer !== null ? view.ships.find((s) => s.seat === viewer) : undefined;
  const ordered = me ? [me, ...view.ships.filter((s) => s !== me)] : view.ships;
  const offers = useOfferTracker(view, ctx);
  const fighting = fightUnderWay(view);
  return (
    <div class="scoundrels" data-phase={Phase[view.phase]} data-turn={view.turn}>
      <StatusLine view={view} ctx={ctx} />
      {view.encounter.length ? (
        <p class="sc-encounter" data-testid="sc-encounter">
          {view.encounterSeat !== undefined ? `${ctx.viewer === view.encounterSeat ? "Your" : `${ctx.seatName(view.encounterSeat)}'s`} encounter: ` : "Encounter: "}
          <strong>{view.encounter[0]}</strong>{view.encounter.slice(1).length ? ` — ${view.encounter.slice(1).join(" ")}` : ""}
        </p>
      ) : null}
      {view.shown.length ? (
        <p class="sc-shown" data-testid="sc-shown">
          Just shown: {view.shown.map((c, i) => <Fragment key={c.id || i}>{i ? ", " : ""}<strong>{c.known ? c.name : "a face-down card"}</strong>{c.known && c.text ? <span class="muted"> ({c.text})</span> : null}</Fragment>)}
        </p>
      ) : null}
      <MovePanel view={view} ctx={ctx} offers={offers} />
      <div class={`sc-main${fighting ? " sc-main--fight" : ""}`}>
        <div class="sc-board-col">
          <SpaceMap view={view} ctx={ctx} />
          <OpenContracts view={view} ctx={ctx} />
        </div>
        <div class="sc-side-col">
          <DiceTray rolls={view.dice} seatName={ctx.seatName} live={ctx.live} title="Dice" empty="No dice rolled yet." />
          {view.fight && view.fight.kind !== FightKind.FIGHT_NONE ? <FightPanel view={view} fight={view.fight} ctx={ctx} /> : null}
          <OffersPanel view={view} ctx={ctx} tracker={offers} />
          <ScoreboardPanel view={view} ctx={ctx} />
        </div>
      </div>
      <div class="sc-ships">
        {ordered.map((s) => <ShipSheet key={s.seat} view={view} ship={s} ctx={ctx} />)}
      </div>
    </div>
  );
}

function StatusLine({ view, ctx }: { view: View; ctx: TableContext }) {
  const parts = [`Turn ${view.turn || 1}${view.turnLimit ? ` of at most ${view.turnLimit}` : ""}`, phaseNames[view.phase]];
  if (view.phase !== Phase.GAME_OVER) parts.push(`${ctx.seatName(view.activeSeat)}'s step`);
  return (
    <p class="sc-status" data-testid="sc-status">
      <strong>{parts.join(" · ")}</strong>
      <span class="muted"> · 1st Player: {ctx.seatName(view.firstPlayer)} · Dockyard at {placeName(view, view.dockyard)}</span>
    </p>
  );
}

// The moves the viewer may make now, except those placed elsewhere; a prompt's cards are
// drawn with their choices under them.
function MovePanel({ view, ctx, offers }: { view: View; ctx: TableContext; offers: OfferTracker }) {
  const heading = headingWords(ctx, view.legalActions, decisionHeading(view, ctx.viewer, ctx.seatName));
  const B = ctx.ActionButton;
  const mine = B && ctx.viewer !== null ? view.legalActions.filter((a) => a.seat === ctx.viewer) : [];
  const prompt = view.prompt && view.prompt.seat === ctx.viewer && view.prompt.kind !== PromptKind.PROMPT_NONE ? view.prompt : undefined;
  const promptIds = new Set((prompt?.cards ?? []).map((c) => c.id).filter((id) => id));
  const underCard = (a: Action) => (a.kind === ActionKind.CHOOSE || a.kind === ActionKind.PILLAGE) && promptIds.has(a.args[0]);
  // A pick-up sits under its contract in "Open contracts".
  const open = new Set(view.openContracts.map((c) => c.id));
  const rest = mine.filter((a) => !elsewhere.includes(a.kind) && !underCard(a) && !(a.kind === ActionKind.PICK_UP && open.has(a.args[0])));
  const moves = mine.some((a) => a.kind === ActionKind.MOVE);
  // A pick-up's button sits under its contract, below the map: on a phone screens away.
  const pickups = mine.some((a) => a.kind === ActionKind.PICK_UP && open.has(a.args[0]));
  // Not over a fight's or a prompt's question: there it pushed the buttons down all turn.
  const asking = (view.prompt && view.prompt.kind !== PromptKind.PROMPT_NONE) || fightUnderWay(view);
  const news = asking ? undefined : dockyardNews(view);
  // An offer to the viewer is asked here, where the player looks, and its end told here too.
  const asked = B ? incomingOffers(view, ctx.viewer) : [];
  const heard = asked.length ? undefined : offers.memory.heard?.at(-1);
  if (!heading && !mine.length && !news && !heard) return null;
  return (
    <section class={`moves sc-moves${mine.length ? " mine" : ""}`} aria-label={mine.length ? "Your move" : "Waiting"} data-testid="sc-moves">
      <p class="decision" data-decision="">{heading}</p>
      {asked.map((x) => <IncomingOffer key={x.offer.id} view={view} ctx={ctx} offer={x.offer} answers={x.answers} />)}
      {news ? <p class="sc-dock-news" data-testid="sc-dock-news" data-moved={news.moved ? "1" : "0"} data-loc={view.dockyard}>{dockyardNewsText(news, ctx.seatName)}</p> : null}
      {heard ? <p class="sc-offer-end" role="status" data-testid="sc-heard" data-end={heard.end}>{heardOfferText(heard, ctx.seatName)}</p> : null}
      {mine.length ? <DecisionTimer ctx={ctx} /> : null}
      {prompt?.cards.length ? (
        <div class="card-row sc-prompt-cards">
          {prompt.cards.map((c, i) => {
            const acts = mine.filter((a) => underCard(a) && a.args[0] === c.id);
            return (
              <div key={c.id || `p${i}`} class="sc-choice">
                <ScCard card={c} highlight={acts.length > 0} />
                {B ? acts.map((a, j) => <B key={j} action={a}>{actionLabel(a, view, ctx.seatName)}</B>) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {/* The hint goes with the asking heading; while the move is on its way it keeps its room
          unseen, so the buttons below stay under the finger. */}
      {moves ? <p class={`muted sc-hint${turnAsksNow(ctx) ? "" : " sc-hint--held"}`} aria-hidden={turnAsksNow(ctx) ? undefined : "true"}>To move, press a ringed place on the map.</p> : null}
      {pickups ? (
        <p class="muted sc-hint" data-testid="sc-pickup-hint">
          A contract here can be picked up: its button is under it in{" "}
          <button type="button" class="link" onClick={() => document.querySelector('[data-testid="sc-open-contracts"]')?.scrollIntoView({ block: "start" })}>Open contracts</button>.
        </p>
      ) : null}
      {B && rest.length ? (
        <div class="buttons">
          {rest.map((a, i) => (
            <B key={`${a.kind}:${a.args.join(",")}:${i}`} action={a} class={a.kind === ActionKind.PASS ? "secondary sc-pass" : undefined}>
              {actionLabel(a, view, ctx.seatName)}
            </B>
          ))}
        </div>
      ) : null}
    </section>
  );
}

// A card on the kit's card: name, kind, text; damage, captain and equipment as its note; a
// card this viewer may not identify is a back.
export function ScCard({ card, highlight, small }: { card: Card; highlight?: boolean; small?: boolean }) {
  if (!card.known || !card.id)
    return <KitCard faceDown name="" id={undefined} backLabel={`a face-down ${card.kind ? kindNames[card.kind] : "card"}`} small={small} class="sc-card" />;
  const notes = [card.captain ? "captain" : "", damageWord(card), card.equippedTo ? "equipped" : ""].filter(Boolean);
  return (
    <KitCard
      id={card.id}
      name={card.name}
      kind={`sc-${CardKind[card.kind]?.toLowerCase() ?? "card"}`}
      kindLabel={`${kindNames[card.kind]}${card.deck ? ` · ${colourNames[card.deck]}` : ""}`}
      text={card.text}
      note={notes.join(", ") || undefined}
      // An injured crew member still fights (Glossary, "Injured"): only a disabled card is dimmed.
      dim={damageWord(card) === "disabled"}
      highlight={highlight}
      small={small}
      leader={card.captain}
      class="sc-card"
    />
  );
}

export function ContractCard({ view, contract, small }: { view: View; contract: Contract; small?: boolean }) {
  return (
    <KitCard
      id={contract.id}
      name={contract.name || "Contract"}
      kind={`sc-syn-${syndicateNames[contract.syndicate].toLowerCase()}`}
      kindLabel={`${syndicateNames[contract.syndicate]} contract`}
      // The engine's words say the route and the reward ("Allmacht: from Erato to …; reward:
      // green cantina."): said once (the page's own sentence stood before them).
      text={contract.text || `From ${placeName(view, contract.origin)} to ${contract.deliverTo.map((i) => placeName(view, i)).join(" or ")}${contract.reward ? `; ${colourNames[contract.reward]} reward` : ""}.`}
      small={small}
      class="sc-card sc-contract"
    />
  );
}

function OpenContracts({ view, ctx }: { view: View; ctx: TableContext }) {
  const B = ctx.ActionButton;
  return (
    <section class="sc-open-contracts" aria-label="Open contracts" data-testid="sc-open-contracts" data-count={view.openContracts.length}>
      <h3>Open contracts <span class="muted">({view.openContracts.length}) · deck {view.decks?.contracts ?? 0}</span></h3>
      {view.openContracts.length ? (
        <div class="card-row">
          {view.openContracts.map((c) => {
            const pick = B ? view.legalActions.find((a) => a.seat === ctx.viewer && a.kind === ActionKind.PICK_UP && a.args[0] === c.id) : undefined;
            return (
              <div key={c.id} class="sc-choice" data-contract={c.id} title={contractLine(view, c)}>
                <ContractCard view={view} contract={c} small />
                {B && pick ? <B action={pick}>{actionLabel(pick, view, ctx.seatName)}</B> : null}
              </div>
            );
          })}
        </div>
      ) : (
        <p class="muted">No open contract: the Dockyard can reveal one.</p>
      )}
    </section>
  );
}

function ScoreboardPanel({ view, ctx }: { view: View; ctx: TableContext }) {
  const sb = view.scoreboard;
  const goal = sb?.deliveriesToWin || 8;
  return (
    <section class="sc-scoreboard" aria-label="Scoreboard" data-testid="sc-scoreboard">
      <h3>Scoreboard <span class="muted">· the game ends at a syndicate's {ordinal(goal)} delivery</span></h3>
      <table class="sc-tracks">
        <thead>
          <tr><th scope="col">Syndicate</th><th scope="col">Deliveries</th><th scope="col">Affiliated</th></tr>
        </thead>
        <tbody>
          {syndicates.map((s) => {
            const t = sb?.tracks.find((x) => x.syndicate === s);
            const d = t?.deliveries ?? 0;
            const members = view.ships.filter((sh) => sh.affiliation === s && !sh.out);
            return (
              <tr key={s} class={`sc-track sc-syn-${syndicateNames[s].toLowerCase()}`} data-syndicate={syndicateNames[s]} data-deliveries={d}>
                <th scope="row"><Tip text={syndicateBonus[s]}>{syndicateNames[s]}</Tip></th>
                <td>
                  <span class="sc-track__pips" aria-hidden="true">
                    {Array.from({ length: goal }, (_, i) => <span key={i} class={`sc-pip${i < d ? " sc-pip--on" : ""}`} />)}
                  </span>
                  <span class="sc-track__count">{d}/{goal}</span>
                </td>
                <td>{members.length ? members.map((m) => `${ctx.seatName(m.seat)} (rep ${m.reputation})`).join(", ") : <span class="muted">nobody</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="sc-feuds" data-testid="sc-feuds">
        <Tip text={scTips.feud}>Feuds</Tip>:{" "}
        {sb?.feuds.length ? sb.feuds.map((f, i) => <Fragment key={i}>{i ? ", " : ""}<strong>{syndicateNames[f.a]} ⚔ {syndicateNames[f.b]}</strong></Fragment>) : <span class="muted">none</span>}
      </p>
      {view.decks ? (
        <p class="muted sc-decks">Decks: contracts {view.decks.contracts} · green {view.decks.green} · purple {view.decks.purple} · red {view.decks.red} · bribes {view.decks.bribes} · encounters {view.decks.encounters}</p>
      ) : null}
    </section>
  );
}

// A fight as a sequence of rounds: each round's attack values, damage, what took it, cargo
// destroyed, repairs and heals, the escape roll and the round's events in words.
function FightPanel({ view, fight, ctx }: { view: View; fight: Fight; ctx: TableContext }) {
  const pirates = fight.kind === FightKind.PIRATES;
  const att = pirates ? "Pirates" : ctx.seatName(fight.attacker);
  const def = ctx.seatName(fight.defender);
  const how = fight.ambush ? ` (ambush on ${fight.ambushArrival ? "arrival" : "departure"})` : "";
  const names = (cs: Card[]) => cs.map((c) => (c.known ? c.name : "a card")).join(", ");
  const index = cardIndex(view);
  const over = fight.step === FightStep.FIGHT_STEP_NONE;
  const winner = fight.decided && fight.kind !== FightKind.SHIP_COMBAT && !pirates ? ctx.seatName(fight.winner) : "";
  return (
    <section class="sc-fight" aria-label={fightNames[fight.kind]} data-testid="sc-fight" data-kind={FightKind[fight.kind]} data-rounds={fight.rounds.length}>
      <h3>
        {fightNames[fight.kind]}: {att} against {def}{how} at {placeName(view, fight.location)}
      </h3>
      <p class="muted">
        {/* Once over (the turn's last fight, step none) the rounds below are the whole story. */}
        {over ? `Over after ${fight.rounds.length} round${fight.rounds.length === 1 ? "" : "s"}` : `Round ${fight.round || 1}${fight.lastRound ? ` of at most ${fight.lastRound}` : ""}`}
        {fight.forcedBoarding && !over ? " · forced boarding weapon ready" : ""}
        {fight.decided && !over ? " · over" : ""}
        {winner ? `: ${winner} won` : ""}
      </p>
      {fight.attackerKit.length || fight.defenderKit.length ? (
        <dl class="sc-kit" data-testid="sc-kit">
          {([[att, fight.attackerKit], [def, fight.defenderKit]] as const).map(([who, kit]) => (
            <Fragment key={who}>
              <dt>{who} equipped</dt>
              <dd>{kit.length ? kit.map((c) => `${c.known ? c.name : "a card"}${c.equippedTo && index.get(c.equippedTo)?.card ? ` (${index.get(c.equippedTo)?.card?.name})` : ""}`).join(", ") : "nothing"}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      <ol class="plain sc-rounds">
        {fight.rounds.map((r) => (
          <li key={r.number} class="sc-round" data-round={r.number}>
            <h4>Round {r.number}</h4>
            <table class="sc-round__table">
              <thead>
                <tr><th scope="col" /><th scope="col">{att}</th><th scope="col">{def}</th></tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{fight.kind === FightKind.SHIP_COMBAT || pirates ? "Attack" : "Hits"}</th>
                  <td data-cell="attacker-attack">{r.attackerAttack}</td>
                  <td data-cell="defender-attack">{fight.ambush && r.number === 1 ? "— (ambushed)" : r.defenderAttack}</td>
                </tr>
                <tr>
                  <th scope="row">Damage taken</th>
                  <td data-cell="damage-to-attacker">{r.damageToAttacker}{r.attackerDamaged.length ? `: ${names(r.attackerDamaged)}` : ""}</td>
                  <td data-cell="damage-to-defender">{r.damageToDefender}{r.defenderDamaged.length ? `: ${names(r.defenderDamaged)}` : ""}</td>
                </tr>
              </tbody>
            </table>
            {r.cargoDestroyed.length ? <p>Cargo destroyed: {r.cargoDestroyed.map((c) => c.name).join(", ")}</p> : null}
            {r.escape && r.escape.faces.length ? (
              <div class="sc-escape" data-escaped={r.escaped ? "1" : "0"}>
                Escape: <DiceRollView roll={r.escape} seatName={ctx.seatName} compact /> <strong>{r.escaped ? "escaped" : "failed"}</strong>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ShipSheet({ view, ship, ctx }: { view: View; ship: Ship; ctx: TableContext }) {
  const info = ctx.info?.seats.find((s) => s.seat === ship.seat);
  const you = ctx.viewer === ship.seat;
  const offered = new Set<number>();
  if (you) for (const a of view.legalActions) if (a.seat === ship.seat && a.kind !== ActionKind.MOVE && a.kind !== ActionKind.PROPOSE) for (const x of a.args) if (x > 0) offered.add(x);
  const zone = (title: string, tip: string, cards: Card[], count: number, testid: string) => (
    <div class="sc-zone" data-zone={testid} data-count={count}>
      <h5><Tip text={tip}>{title}</Tip> <span class="muted">({count})</span></h5>
      {cards.length ? (
        <div class="card-row">{cards.map((c, i) => <ScCard key={c.id || `h${i}`} card={c} small highlight={offered.has(c.id)} />)}</div>
      ) : count ? (
        <div class="card-row">{Array.from({ length: count }, (_, i) => <ScCard key={i} card={{ id: 0, known: false } as Card} small />)}</div>
      ) : null}
    </div>
  );
  return (
    <SeatPanel
      class="sc-ship-sheet"
      name={ctx.seatName(ship.seat)}
      seat={ship.seat}
      you={you}
      bot={info?.bot}
      away={ctx.live && !!info && !info.bot && !info.connected}
      toAct={ship.toAct || ship.mayAct}
      sent={you ? ctx.inFlight : undefined}
      out={ship.out ? "resigned" : undefined}
      timer={ctx.timer(ship.seat)}
      score={ship.reputation ? `Rep ${ship.reputation}` : "No rep yet"}
      scoreTip={scTips.reputation}
      subtitle={<Tip text={syndicateBonus[ship.affiliation]}>{ship.affiliation ? syndicateNames[ship.affiliation] : "unaffiliated"}</Tip>}
      marks={
        <>
          {ship.firstPlayer ? <Tip class="mark" text={scTips.firstPlayer}>1st Player</Tip> : null}
          <span class="mark mark--info" data-at={ship.location}>at {placeName(view, ship.location)}</span>
          <Tip class="mark" text={scTips.movement}>move {ship.movementLeft}/{ship.movement}</Tip>
          <Tip class="mark" text={scTips.attack}>attack {ship.attack}</Tip>
          {!ship.consciousCrew ? <Tip class="mark mark--out" text={scTips.conscious}>no conscious crew</Tip> : null}
          {ship.deliveryStopped ? <Tip class="mark mark--out" text={scTips.deliveryStopped}>delivery stopped</Tip> : null}
          {ship.grudges.map((g) => <Tip key={g} class="mark sc-grudge" text={scTips.grudge(syndicateNames[g])}>grudge: {syndicateNames[g]}</Tip>)}
        </>
      }
    >
      <div class="sc-sheet" data-testid="sc-ship" data-seat={ship.seat} data-attack={ship.attack} data-location={ship.location}>
        <div class="sc-rep">
          {ship.reputation ? <Die face={ship.reputation} seat={ship.seat} /> : null}
          <span>{ship.deliveries} deliver{ship.deliveries === 1 ? "y" : "ies"}</span>
        </div>
        <div class="sc-zone">
          <h5><Tip text={scTips.bay}>Bays</Tip> <span class="muted">({ship.bays.filter((b) => b.card || b.cargo).length} of {ship.bayCount || ship.bays.length} used)</span></h5>
          <ol class="plain sc-bays">
            {ship.bays.map((b) => (
              <li key={b.number} class="sc-bay" data-bay={b.number} data-filled={b.card || b.cargo ? "1" : "0"}>
                <span class="sc-bay__no">{b.number + 1}</span>
                {b.card ? <ScCard card={b.card} small highlight={offered.has(b.card.id)} /> : b.cargo ? <ContractCard view={view} contract={b.cargo} small /> : <span class="muted sc-bay__open">open bay</span>}
              </li>
            ))}
          </ol>
          {ship.heldCargo ? (
            <div class="sc-held" data-testid="sc-held-cargo">
              <h5><Tip text={scTips.held}>Held, no open bay</Tip></h5>
              <ContractCard view={view} contract={ship.heldCargo} small />
            </div>
          ) : null}
        </div>
        {zone("Weapons locker", scTips.weapons, ship.weaponsLocker, ship.weaponsLockerCount || ship.weaponsLocker.length, "weapons")}
        {zone("Storage locker", scTips.storage, ship.storageLocker, ship.storageLockerCount || ship.storageLocker.length, "storage")}
        {zone("Captain's log", scTips.captainsLog, ship.captainsLog, ship.captainsLogCount || ship.captainsLog.length, "log")}
      </div>
    </SeatPanel>
  );
}
