// Trades between seats at one location: the open offers (what each side gives) with
// Accept / Decline / Withdraw, and the dialog to propose one. The dialog never builds an
// action: it narrows the view's legal PROPOSE actions by partner, what you give and what
// you get, and its Send button is the one listed action that matches (ctx.ActionButton).
// The PROPOSE actions are claimed (ctx.claim), so the move panel does not list them all.
// Each choice says what it is: another seat's face-down item by where it lies ("the face-down
// card in Bob's weapons locker (2 of 3)"), two cards of one name by their place. An offer of
// the viewer's that closes is remembered for the Movement with what became of it (declined,
// withdrawn, taken, lapsed), because the rules do not let a declined or withdrawn offer be
// made again that Movement and the dialog would otherwise just stop listing it. The view
// carries no such list: the memory is this page's, from the views it saw (a reload forgets).
// An offer to the viewer is asked at the top of the table, with the moves (IncomingOffer),
// and what became of it is told there too (HeardOffer): a phone shows the trades panel far
// below the map, and the computer waits only a few seconds for an answer.
import type { ComponentChildren, VNode } from "preact";
import { useRef, useState } from "preact/hooks";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import { ActionKind, type Card, type Contract, type Offer, type View } from "../../gen/starport/v1/scoundrels_pb.js";
import { Dialog } from "../../kit/dialog.js";
import { moveOnItsWay, resignOnItsWay } from "../../kit/words.js";
import type { TableContext } from "../types.js";
import { actionLabel, cardIndex, cardName, distinctName, hiddenCardName, hiddenPlace, proposalTerms, proposeLabel, shipPlace, type Named } from "./words.js";

export function proposals(view: View, viewer: number | null): Action[] {
  return viewer === null ? [] : view.legalActions.filter((a) => a.seat === viewer && a.kind === ActionKind.PROPOSE);
}

// Distinct values, "nothing" (0) last, so the dialog starts on an offer that gives something.
const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => (a === 0 ? 1 : 0) - (b === 0 ? 1 : 0));

// Where a card lies on its ship's sheet, in the sheet's order: bays, then the weapons
// locker, the storage locker and the captain's log, each top to bottom; a card on no ship last.
export function sheetRank(view: View, id: number): number {
  const at = shipPlace(view, id);
  if (!at) return 1e6;
  const bay = /^bay (\d+)$/.exec(at.zone);
  const zone = ["weapons locker", "storage locker", "captain's log"].indexOf(at.zone) + 1;
  return at.owner * 1e4 + (bay ? Number(bay[1]) : zone * 100 + at.nth);
}

// The composer's choices, narrowed step by step; each list is what the legal actions allow.
// `view`: your own cards listed in your sheet's order ("weapons locker 2 of 2" came first).
export function narrow(all: Action[], partner: number | undefined, give: number | undefined, take: number | undefined, give2: number | undefined, view?: View) {
  const place = (x: number) => (view && x > 0 ? sheetRank(view, x) : -1);
  const bySheet = (xs: number[]) => [...xs].sort((a, b) => place(a) - place(b));
  const partners = uniq(all.map((a) => a.args[0]));
  const p = partner !== undefined && partners.includes(partner) ? partner : partners[0];
  const byP = all.filter((a) => a.args[0] === p);
  const gives = uniq(bySheet(byP.map((a) => a.args[1])));
  const g = give !== undefined && gives.includes(give) ? give : gives[0];
  const byG = byP.filter((a) => a.args[1] === g);
  const takes = uniq(byG.map((a) => a.args[2]));
  const t = take !== undefined && takes.includes(take) ? take : takes[0];
  const byT = byG.filter((a) => a.args[2] === t);
  const seconds = uniq(bySheet(byT.map((a) => a.args[3] ?? 0)));
  const g2 = give2 !== undefined && seconds.includes(give2) ? give2 : seconds.includes(0) ? 0 : seconds[0];
  const action = byT.find((a) => (a.args[3] ?? 0) === g2);
  return { partners, partner: p, gives, give: g, takes, take: t, seconds, give2: g2, action };
}

// A choice of the dialog in words: "nothing", a card's name (told apart from another choice
// of the same list with the same name by its place — "Medkit (captain's log)", "Medkit
// (storage locker 2 of 3)": `distinctName`), or where another seat's face-down card lies
// ("Weapons locker 2 of 2, face down"; the summary under it names the seat too).
export function tradeChoiceLabel(view: View, id: number, owner: number, list: readonly number[], seatName: (s: number) => string, idx: Map<number, Named> = cardIndex(view)): string {
  if (id === 0) return "nothing";
  if (id < 0) {
    // Under "<seat> gives", the place first: a phone's select shows only the start.
    const at = hiddenPlace(view, owner, -id - 1);
    if (!at) return hiddenCardName(view, owner, -id - 1, seatName);
    const zone = at.zone[0].toUpperCase() + at.zone.slice(1);
    return `${zone}${at.of > 1 ? ` ${at.nth} of ${at.of}` : ""}, face down`;
  }
  return distinctName(view, id, list, seatName, idx);
}

function sideList(view: View, cards: Card[], cargo: Contract[], seatName: (s: number) => string): string {
  const idx = cardIndex(view);
  const names = [...cards.map((c) => (c.known && c.id ? cardName(view, c.id, seatName, idx) : "a face-down card")), ...cargo.map((c) => `cargo ${c.name}`)];
  return names.length ? names.join(", ") : "nothing";
}

// What became of an offer of the viewer's that is no longer open.
export type OfferEnd = "declined" | "withdrawn" | "traded" | "lapsed";
// `lost`: a cargo the viewer got with no open bay for it, gone under the contract deck.
export interface ClosedOffer { id: number; to: number; text: string; end: OfferEnd; lost?: string }
interface OpenOffer { id: number; to: number; text: string; give: number[]; take: number[]; cargo?: Map<number, string> }
// An offer made to the viewer that is no longer open, and why: `lapsed` says how ("moved":
// its proposer's ship left, "ended": the proposer's Movement ended, else a card it named
// changed hands).
export interface HeardOffer { id: number; from: number; text: string; end: OfferEnd; how?: "moved" | "ended" | "changed"; later?: boolean; lost?: string }
interface OpenIncoming { id: number; from: number; text: string; give: number[]; take: number[]; cargo?: Map<number, string> }
// The viewer's offers of one Movement (`key`): those open in the last view, those closed since;
// and the offers made to the viewer: open in the last view, and the last one closed (kept one
// Movement longer, since an offer unanswered dies when its proposer's Movement ends).
export interface OfferMemory { key: string; open: OpenOffer[]; closed: ClosedOffer[]; incoming?: OpenIncoming[]; heard?: HeardOffer[] }

const movementKey = (view: View) => `${view.turn}:${view.phase}:${view.activeSeat}`;

// The names of the cargo an offer names, by id (to say which went under the contract deck).
function cargoNames(o: Offer): Map<number, string> {
  return new Map([...o.giveCargo, ...o.takeCargo].map((c) => [c.id, c.name]));
}

// The next memory after `view`: an offer that was open and is gone was declined or withdrawn
// (the view lists it: declinedOffers), taken (the view says so: tradedOffers; the cards cannot
// tell, as an item comes out of a locker under a new id), withdrawn (this page sent the
// withdrawal: `withdrawn`), or else lapsed (the ships parted, a card it named left its side).
// `sent`: the proposal this page sent last and its words when sent; an offer that matches it
// keeps those words (a face-down item named blind reads as chosen: "… in Bob's weapons locker
// (2 of 2)", which the offer itself cannot say).
export function followOffers(memory: OfferMemory | undefined, view: View, viewer: number | null, withdrawn: ReadonlySet<number>, seatName: (s: number) => string,
  sent?: { action: Action; text: string }): OfferMemory {
  const key = movementKey(view);
  const same = !!memory && memory.key === key;
  const was = same ? memory : { key, open: [], closed: [] };
  if (viewer === null) return was;
  const idx = cardIndex(view);
  const ownerOf = (id: number) => idx.get(id)?.owner;
  const here = (seat: number) => view.ships.find((s) => s.seat === seat);
  // Offers to the viewer, followed across the end of a Movement (that is how most lapse); what
  // became of one is still said in the step after (the computer's Movement may end in a
  // moment, and the viewer's Delivery is where they look next), then forgotten.
  const heard: HeardOffer[] = same ? [...(memory?.heard ?? [])] : (memory?.heard ?? []).filter((h) => !h.later).map((h) => ({ ...h, later: true }));
  for (const o of memory?.incoming ?? []) {
    if (view.offers.some((x) => x.id === o.id)) continue;
    const said = view.declinedOffers.find((x) => x.id === o.id && x.to === viewer);
    const me = here(viewer);
    const them = here(o.from);
    let end: OfferEnd;
    let how: HeardOffer["how"];
    if (said) end = said.withdrawn ? "withdrawn" : "declined";
    else if (view.tradedOffers.includes(o.id)) end = "traded";
    else if (!same) (end = "lapsed"), (how = "ended");
    else if (!me || !them || them.out || me.location !== them.location) (end = "lapsed"), (how = "moved");
    else (end = "lapsed"), (how = "changed");
    // What the viewer got that is nowhere now went under the contract deck (no open bay).
    const lost = end === "traded" ? o.give.find((id) => o.cargo?.has(id) && ownerOf(id) === undefined) : undefined;
    heard.push({ id: o.id, from: o.from, text: o.text, end, how, lost: lost ? o.cargo?.get(lost) : undefined });
  }
  const incoming = view.offers
    .filter((o) => o.to === viewer)
    .map((o) => ({
      id: o.id,
      from: o.from,
      text: (memory?.incoming ?? []).find((x) => x.id === o.id)?.text ?? incomingOfferText(view, o, seatName),
      give: [...o.give.filter((c) => c.known && c.id).map((c) => c.id), ...o.giveCargo.map((c) => c.id)],
      take: [...o.take.filter((c) => c.known && c.id).map((c) => c.id), ...o.takeCargo.map((c) => c.id)],
      cargo: cargoNames(o),
    }));
  const closed = [...was.closed];
  // The view lists this Movement's declined and withdrawn offers (a reloaded page knows them too).
  const refused = new Map(view.declinedOffers.filter((o) => o.from === viewer).map((o) => [o.id, o]));
  for (const o of was.open) {
    if (view.offers.some((x) => x.id === o.id)) continue;
    let end: OfferEnd;
    const me = here(viewer);
    const them = here(o.to);
    const said = refused.get(o.id);
    if (said) end = said.withdrawn ? "withdrawn" : "declined";
    else if (view.tradedOffers.includes(o.id)) end = "traded";
    else if (withdrawn.has(o.id)) end = "withdrawn";
    else if (!me || !them || them.out || me.location !== them.location || o.give.some((id) => ownerOf(id) !== viewer) || o.take.some((id) => ownerOf(id) !== o.to)) end = "lapsed";
    else end = "declined";
    const lost = end === "traded" ? o.take.find((id) => o.cargo?.has(id) && ownerOf(id) === undefined) : undefined;
    closed.push({ id: o.id, to: o.to, text: o.text, end, lost: lost ? o.cargo?.get(lost) : undefined });
  }
  for (const [id, o] of refused)
    // Declined before this page saw it open (the computer answers at once): the words it was sent with, still.
    if (!closed.some((c) => c.id === id)) closed.push({ id, to: o.to, text: sent && sentMatches(sent.action, o) ? sent.text : offerText(view, o, seatName), end: o.withdrawn ? "withdrawn" : "declined" });
  const open = view.offers
    .filter((o) => o.from === viewer)
    .map((o) => ({
      id: o.id,
      to: o.to,
      text: was.open.find((x) => x.id === o.id)?.text ?? (sent && sentMatches(sent.action, o) ? sent.text : offerText(view, o, seatName)),
      give: [...o.give.filter((c) => c.known && c.id).map((c) => c.id), ...o.giveCargo.map((c) => c.id)],
      take: [...o.take.filter((c) => c.known && c.id).map((c) => c.id), ...o.takeCargo.map((c) => c.id)],
      cargo: cargoNames(o),
    }));
  return { key, open, closed, incoming, heard: heard.slice(-1) };
}

// The offer a PROPOSE made: same target, same cards given, the same card asked for (a
// face-down one, named blind, shows in the offer only as face down).
function sentMatches(a: Action, o: Offer): boolean {
  const given = [...o.give.map((c) => c.id), ...o.giveCargo.map((c) => c.id)].filter((x) => x).sort();
  const named = [a.args[1], a.args[3] ?? 0].filter((x) => x > 0).sort();
  const want = a.args[2] ?? 0;
  const asked = [...o.take, ...o.takeCargo];
  const takes = want > 0 ? asked.some((c) => c.id === want) : want < 0 ? o.take.some((c) => !c.known || !c.id) : asked.length === 0;
  return a.args[0] === o.to && given.length === named.length && given.every((x, i) => x === named[i]) && takes;
}

// "your Medkit for Bob's cargo Spice Run", "nothing for Bob's Plasma Cannon".
function offerText(view: View, o: Offer, seatName: (s: number) => string): string {
  const give = sideList(view, o.give, o.giveCargo, seatName);
  // The proposer named a face-down item of theirs blind: it stays "a face-down card".
  const idx = cardIndex(view);
  const theirs = [
    ...o.take.map((c) => (c.known && c.id ? `${seatName(o.to)}'s ${cardName(view, c.id, seatName, idx)}` : `a face-down card of ${seatName(o.to)}'s`)),
    ...o.takeCargo.map((c) => `${seatName(o.to)}'s cargo ${c.name}`),
  ];
  return `${give === "nothing" ? "nothing" : `your ${give}`} for ${theirs.length ? theirs.join(" and ") : "nothing"}`;
}

// A cargo the viewer would get with no open bay for it goes under the contract deck (rules:
// "A received cargo needs an open bay"); a cargo the viewer gives in the same trade frees one.
export function noBayFor(view: View, viewer: number | null, gets: number[], gives: number[]): boolean {
  const ship = viewer === null ? undefined : view.ships.find((s) => s.seat === viewer);
  if (!ship) return false;
  const cargo = (id: number) => id > 0 && cardIndex(view).get(id)?.contract !== undefined;
  if (!gets.some(cargo)) return false;
  const open = ship.bays.filter((b) => !b.card && !b.cargo).length + Math.max(0, (ship.bayCount || ship.bays.length) - ship.bays.length);
  return open + gives.filter(cargo).length < gets.filter(cargo).length;
}
const noBayWords = "You have no open bay: the cargo you would get goes under the contract deck, not into your ship.";

// An offer to the viewer in words: "Vega's Medkit for your cargo Spice Run".
export function incomingOfferText(view: View, o: Offer, seatName: (s: number) => string): string {
  const theirs = sideList(view, o.give, o.giveCargo, seatName);
  const yours = sideList(view, o.take, o.takeCargo, seatName);
  return `${theirs === "nothing" ? "nothing" : `${seatName(o.from)}'s ${theirs}`} for ${yours === "nothing" ? "nothing" : `your ${yours}`}`;
}

// What became of an offer made to the viewer, in one sentence.
export function heardOfferText(h: HeardOffer, seatName: (s: number) => string): string {
  const who = seatName(h.from);
  switch (h.end) {
    case "declined": return `You declined ${who}'s offer (${h.text}).`;
    case "withdrawn": return `${who} withdrew their offer (${h.text}).`;
    case "traded":
      return `You accepted ${who}'s offer (${h.text}): the trade is made${h.lost ? `, but with no open bay the ${h.lost} cargo went under the contract deck` : ""}.`;
    case "lapsed":
      return `${who}'s offer (${h.text}) ended unanswered: ${h.how === "moved" ? `${who}'s ship moved on` : h.how === "ended" ? `${who}'s Movement ended` : "a card it named changed hands"}.`;
  }
}

// The offers made to the viewer that it may answer now, with their answers.
export function incomingOffers(view: View, viewer: number | null): { offer: Offer; answers: Action[] }[] {
  if (viewer === null) return [];
  return view.offers
    .filter((o) => o.to === viewer)
    .map((o) => ({
      offer: o,
      // Accept, accept then brawl (ACCEPT [offer, 1]), decline.
      answers: [ActionKind.ACCEPT, ActionKind.DECLINE].flatMap((k) => view.legalActions.filter((a) => a.seat === viewer && a.kind === k && a.args[0] === o.id)),
    }))
    .filter((x) => x.answers.length);
}

// An offer to the viewer, asked where the player looks (the move panel at the top of the
// table): who offers, what each side gives, how long the computer waits, Accept / Decline.
export function IncomingOffer({ view, ctx, offer, answers }: { view: View; ctx: TableContext; offer: Offer; answers: Action[] }) {
  const B = ctx.ActionButton;
  // MatchSeat.bot: the computer plays the seat (a bot's, or a stand-in's for an absent player,
  // whose bot_kind is empty). A person's seat may have a turn timer: not a wait for you.
  const proposer = ctx.info?.seats.find((s) => s.seat === offer.from);
  const who = ctx.seatName(offer.from);
  return (
    <div class="sc-incoming" data-testid="sc-incoming" data-offer={offer.id} data-from={offer.from}>
      <dl class="sc-offer__sides">
        <dt>{who} gives you</dt>
        <dd data-side="give">{sideList(view, offer.give, offer.giveCargo, ctx.seatName)}</dd>
        <dt>You give</dt>
        <dd data-side="take">{sideList(view, offer.take, offer.takeCargo, ctx.seatName)}</dd>
      </dl>
      {noBayFor(view, ctx.viewer, offer.giveCargo.map((c) => c.id), offer.takeCargo.map((c) => c.id)) ? <p class="sc-no-bay" data-testid="sc-no-bay">{noBayWords}</p> : null}
      {ctx.live && proposer?.bot ? <ProposerWaits name={who} standIn={!proposer.botKind} timer={ctx.timer(offer.from)} sent={ctx.inFlight && sentWords(ctx.inFlight, offer)} /> : null}
      {B ? (
        <div class="buttons">
          {answers.map((a) => <B key={`${a.kind}:${a.args.join(",")}`} action={a} class={a.kind === ActionKind.ACCEPT && a.args[1] !== 1 ? undefined : "secondary"}>{actionLabel(a, view, ctx.seatName)}</B>)}
        </div>
      ) : null}
    </div>
  );
}

// What the viewer's move on its way is to this offer (TableContext.inFlight): its answer, or
// another move (moving away, which ends the offer), or Resign.
export function sentWords(flight: NonNullable<TableContext["inFlight"]>, offer: Offer): string {
  if (flight.resign) return resignOnItsWay;
  const a = flight.action;
  const answer = !!a && (a.kind === ActionKind.ACCEPT || a.kind === ActionKind.DECLINE) && a.args[0] === offer.id;
  return answer ? "Your answer is on its way." : moveOnItsWay;
}

// How long a proposer who plays on without your answer waits for it: the server shows the
// computer's wait (a bot seat's, or a stand-in's for an absent player) as its seat's timer,
// so the countdown is the server's own, after a reload too. A person's offer has none.
// Once the viewer answered (`sent`: their answer, or another move, is on its way) the
// computer no longer waits for it: the line says so, in the room it had (data-hold-room,
// kit/table_box.tsx), so the Accept / Decline under it stay under the finger.
function ProposerWaits({ name, standIn, timer, sent }: { name: string; standIn: boolean; timer: VNode | null; sent?: string }) {
  if (!timer) return null;
  if (sent) return <div class="sc-patience" data-testid="sc-patience" data-hold-room="" data-sent="">{sent}</div>;
  return (
    <div class="sc-patience" data-testid="sc-patience" data-hold-room="">
      {standIn ? `${name} is away and the computer plays for them: it` : `${name} is the computer: it`} waits for your answer
      until its timer runs out, then plays on (moving away ends the offer). {timer}
    </div>
  );
}

// A closed offer in one sentence, for the trades panel and the dialog.
export function closedOfferText(c: ClosedOffer, seatName: (s: number) => string): string {
  const who = seatName(c.to);
  switch (c.end) {
    case "declined": return `${who} declined your offer (${c.text}); it cannot be offered again this Movement.`;
    case "withdrawn": return `You withdrew your offer (${c.text}); it cannot be offered again this Movement.`;
    case "traded": return `${who} accepted your offer (${c.text})${c.lost ? `, but with no open bay the ${c.lost} cargo went under the contract deck` : ""}.`;
    case "lapsed": return `Your offer to ${who} (${c.text}) lapsed: the ships parted or a card it named changed hands.`;
  }
}

// The page's memory of this Movement's offers (followOffers), kept by the table so the move
// panel (offers to the viewer) and the trades panel (the viewer's own) tell the same story.
export interface OfferTracker { memory: OfferMemory; withdrawn: Set<number>; sent: { current?: { action: Action; text: string } } }
export function useOfferTracker(view: View, ctx: TableContext): OfferTracker {
  const withdrawn = useRef(new Set<number>());
  const memory = useRef<OfferMemory>();
  const sent = useRef<{ action: Action; text: string }>();
  memory.current = followOffers(memory.current, view, ctx.viewer, withdrawn.current, ctx.seatName, sent.current);
  return { memory: memory.current, withdrawn: withdrawn.current, sent };
}

export function OffersPanel({ view, ctx, tracker }: { view: View; ctx: TableContext; tracker: OfferTracker }) {
  const [open, setOpen] = useState(false);
  const [sel, setSel] = useState<{ partner?: number; give?: number; take?: number; give2?: number }>({});
  const { memory, withdrawn, sent } = tracker;
  const closed = memory.closed;
  const B = ctx.ActionButton;
  const all = B ? proposals(view, ctx.viewer) : [];
  if (all.length) ctx.claim?.(all);
  if (!view.offers.length && !all.length && !closed.length) return null;
  const mine = (kind: ActionKind, id: number) => view.legalActions.find((a) => a.seat === ctx.viewer && a.kind === kind && a.args[0] === id);
  const latest = closed.at(-1);
  return (
    <section class="sc-trades" aria-label="Trades" data-testid="sc-trades" data-offers={view.offers.length}>
      <h3>Trades</h3>
      {latest ? (
        <p class="sc-offer-end" role="status" data-testid="sc-offer-end" data-end={latest.end}>{closedOfferText(latest, ctx.seatName)}</p>
      ) : null}
      {view.offers.length ? (
        <ul class="plain sc-offers">
          {view.offers.map((o: Offer) => {
            // Accept / Decline are asked with the moves at the top (IncomingOffer).
            const acts = [mine(ActionKind.WITHDRAW, o.id)].filter((a): a is Action => !!a);
            const asked = o.to === ctx.viewer && !!(mine(ActionKind.ACCEPT, o.id) || mine(ActionKind.DECLINE, o.id));
            return (
              <li key={o.id} class="sc-offer" data-offer={o.id} data-from={o.from} data-to={o.to}>
                <p>
                  <strong>{ctx.seatName(o.from)}</strong> offers <strong>{ctx.seatName(o.to)}</strong>:
                </p>
                <dl class="sc-offer__sides">
                  <dt>{ctx.seatName(o.from)} gives</dt>
                  <dd data-side="give">{sideList(view, o.give, o.giveCargo, ctx.seatName)}</dd>
                  <dt>{ctx.seatName(o.to)} gives</dt>
                  <dd data-side="take">{sideList(view, o.take, o.takeCargo, ctx.seatName)}</dd>
                </dl>
                {asked && B ? <p class="muted">Your answer is asked above, with your moves.</p> : null}
                {/* The server stops the proposer's turn timer until the answer (docs/protocol.md, "Turn timers"). */}
                {o.from === ctx.viewer && ctx.live && (ctx.info?.turnSeconds ?? 0) > 0 ? (
                  <p class="muted" data-testid="sc-clock-waits">Your turn timer waits for {ctx.seatName(o.to)}'s answer; a whole turn starts when it comes.</p>
                ) : null}
                {B && acts.length ? (
                  // A withdrawal is remembered, so the offer's end is told as the viewer's own.
                  <div class="buttons" onClickCapture={(ev) => {
                    if ((ev.target as Element | null)?.closest?.(`[data-action="${ActionKind.WITHDRAW}:${o.id}"]`)) withdrawn.add(o.id);
                  }}>
                    {acts.map((a) => <B key={a.kind} action={a} class={a.kind === ActionKind.ACCEPT ? undefined : "secondary"}>{actionLabel(a, view, ctx.seatName)}</B>)}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {B && all.length ? (
        <>
          <button type="button" class="secondary" name="open-trade" onClick={() => setOpen(true)}>Propose a trade…</button>
          <Dialog open={open} onClose={() => setOpen(false)} title="Propose a trade" testid="sc-trade-dialog">
            <TradeComposer view={view} ctx={ctx} all={all} sel={sel} setSel={setSel} closed={closed}
              onSend={(a) => void (sent.current = { action: a, text: proposalTerms(a, view, ctx.seatName) })} onSent={() => setOpen(false)} />
          </Dialog>
        </>
      ) : null}
    </section>
  );
}

// Their choices in the order of their ship: named cards as listed, then face-down ones by
// place (-1, -2, …), "nothing" last.
const byPlace = (a: number, b: number) => rank(a) - rank(b);
const rank = (id: number) => (id > 0 ? 0 : id < 0 ? 1000 - id : 1e6);

export type TradeSelection = { partner?: number; give?: number; take?: number; give2?: number };

// The dialog's body: partner, what you give, what they give, the offer in words and its
// Send button (the one listed PROPOSE that matches), then the offers of this Movement that
// cannot be made again and why. The cards are radio lists, each choice whole on a line of
// its own: a select shows only the start of the chosen one, and at 390 px "Overcharged
// Hyperdrive (weapons locker)" or "Storage locker 2 of 3, face down" was cut. Partners (a
// few names of at most 24 characters) stay a select.
export function TradeComposer(p: { view: View; ctx: TableContext; all: Action[]; sel: TradeSelection; setSel: (s: TradeSelection) => void; closed: ClosedOffer[]; onSend: (action: Action) => void; onSent: () => void }) {
  const { view, ctx, sel } = p;
  const B = ctx.ActionButton;
  const n = narrow(p.all, sel.partner, sel.give, sel.take, sel.give2, view);
  const idx = cardIndex(view);
  const partner = n.partner ?? 0;
  const mineLabel = (id: number, list: number[]) => tradeChoiceLabel(view, id, ctx.viewer ?? 0, list, ctx.seatName, idx);
  const theirLabel = (id: number) => tradeChoiceLabel(view, id, partner, n.takes, ctx.seatName, idx);
  const pick = (key: keyof TradeSelection) => (id: number) => p.setSel({ ...sel, [key]: id });
  const [more, setMore] = useState(false);   // the second card's list unfolded by the player
  const refused = p.closed.filter((c) => c.end === "declined" || c.end === "withdrawn");
  return (
    <div class="sc-trade-form">
      <label>With
        <select name="trade-partner" value={String(n.partner)} onChange={(ev) => pick("partner")(Number((ev.target as HTMLSelectElement).value))}>
          {n.partners.map((s) => <option key={s} value={String(s)}>{ctx.seatName(s)}</option>)}
        </select>
      </label>
      <ChoiceList name="trade-give" legend="You give" chosen={n.give} pick={pick("give")}
        choices={n.gives.map((id) => ({ id, label: mineLabel(id, n.gives) }))} />
      {n.seconds.length > 1 || (n.seconds[0] ?? 0) !== 0 ? (
        // Folded while no second card is given: the list repeats yours, and a phone's dialog
        // would be twice as long for a choice most offers leave at "nothing more".
        <details class="sc-trade-more" open={more || n.give2 !== 0 || !n.seconds.includes(0)}
          onToggle={(ev) => setMore((ev.currentTarget as HTMLDetailsElement).open)}>
          <summary>A second card{n.give2 ? `: ${mineLabel(n.give2, n.seconds)}` : ""}</summary>
          <ChoiceList name="trade-give2" legend="And also" chosen={n.give2} pick={pick("give2")}
            choices={n.seconds.map((id) => ({ id, label: id ? mineLabel(id, n.seconds) : "nothing more" }))} />
        </details>
      ) : null}
      <ChoiceList name="trade-take" legend={`${ctx.seatName(partner)} gives`} chosen={n.take} pick={pick("take")}
        choices={[...n.takes].sort(byPlace).map((id) => ({ id, label: theirLabel(id) }))}>
        {n.takes.some((id) => id < 0) ? (
          <p class="muted sc-trade-hint">Their face-down cards are named by where they lie: you learn what one is only if the trade is made.</p>
        ) : null}
      </ChoiceList>
      {n.action && noBayFor(view, ctx.viewer, [n.take ?? 0], [n.give ?? 0, n.give2 ?? 0]) ? <p class="sc-no-bay" data-testid="sc-no-bay">{noBayWords}</p> : null}
      <p class="sc-trade-summary" data-testid="sc-trade-summary">{n.action ? proposeLabel(n.action, view, ctx.seatName, idx) : "No such offer is possible."}</p>
      {B && n.action ? (
        // Noted in the capture phase, before the button's own handler sends the move; the
        // dialog closes after it.
        <div class="buttons" onClickCapture={() => n.action && p.onSend(n.action)} onClick={() => p.onSent()}>
          <B action={n.action} class="sc-send-offer">Send the offer</B>
        </div>
      ) : null}
      {refused.length ? (
        <div class="sc-trade-refused" data-testid="sc-trade-refused">
          <h4>Not offered again this Movement</h4>
          <ul>{refused.map((c) => <li key={c.id} data-end={c.end}>{closedOfferText(c, ctx.seatName)}</li>)}</ul>
        </div>
      ) : null}
    </div>
  );
}

// One of the composer's choices as radio buttons under its legend, each choice a whole line
// that wraps (arrow keys move within the group, as in any radio group).
function ChoiceList(p: { name: string; legend: string; choices: { id: number; label: string }[]; chosen: number | undefined; pick: (id: number) => void; children?: ComponentChildren }) {
  return (
    <fieldset class="sc-trade-choice" data-choice={p.name}>
      <legend>{p.legend}</legend>
      <div class="sc-trade-options">
        {p.choices.map((c) => (
          <label key={c.id} class={`sc-trade-option${c.id === p.chosen ? " sc-trade-option--on" : ""}`}>
            <input type="radio" name={p.name} value={String(c.id)} checked={c.id === p.chosen} onChange={() => p.pick(c.id)} />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {p.children}
    </fieldset>
  );
}
