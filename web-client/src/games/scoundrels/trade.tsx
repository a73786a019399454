// Trades between seats at one location: the open offers (what each side gives) with
// Accept / Decline / Withdraw, and the dialog to propose one. The dialog never builds an
// action: it narrows the view's legal PROPOSE actions by partner, what you give and what
// you get, and its Send button is the one listed action that matches (ctx.ActionButton).
// The PROPOSE actions are claimed (ctx.claim), so the move panel does not list them all.
import { useState } from "preact/hooks";

import type { Action } from "../../gen/starport/v1/common_pb.js";
import { ActionKind, type Card, type Contract, type Offer, type View } from "../../gen/starport/v1/scoundrels_pb.js";
import { Dialog } from "../../kit/dialog.js";
import type { TableContext } from "../types.js";
import { actionLabel, cardIndex, cardName, proposeLabel } from "./words.js";

export function proposals(view: View, viewer: number | null): Action[] {
  return viewer === null ? [] : view.legalActions.filter((a) => a.seat === viewer && a.kind === ActionKind.PROPOSE);
}

// Distinct values, "nothing" (0) last, so the dialog starts on an offer that gives something.
const uniq = (xs: number[]) => [...new Set(xs)].sort((a, b) => (a === 0 ? 1 : 0) - (b === 0 ? 1 : 0));

// The composer's choices, narrowed step by step; each list is what the legal actions allow.
export function narrow(all: Action[], partner: number | undefined, give: number | undefined, take: number | undefined, give2: number | undefined) {
  const partners = uniq(all.map((a) => a.args[0]));
  const p = partner !== undefined && partners.includes(partner) ? partner : partners[0];
  const byP = all.filter((a) => a.args[0] === p);
  const gives = uniq(byP.map((a) => a.args[1]));
  const g = give !== undefined && gives.includes(give) ? give : gives[0];
  const byG = byP.filter((a) => a.args[1] === g);
  const takes = uniq(byG.map((a) => a.args[2]));
  const t = take !== undefined && takes.includes(take) ? take : takes[0];
  const byT = byG.filter((a) => a.args[2] === t);
  const seconds = uniq(byT.map((a) => a.args[3] ?? 0));
  const g2 = give2 !== undefined && seconds.includes(give2) ? give2 : seconds.includes(0) ? 0 : seconds[0];
  const action = byT.find((a) => (a.args[3] ?? 0) === g2);
  return { partners, partner: p, gives, give: g, takes, take: t, seconds, give2: g2, action };
}

function sideList(view: View, cards: Card[], cargo: Contract[], seatName: (s: number) => string): string {
  const idx = cardIndex(view);
  const names = [...cards.map((c) => (c.known && c.id ? cardName(view, c.id, seatName, idx) : "a face-down card")), ...cargo.map((c) => `cargo ${c.name}`)];
  return names.length ? names.join(", ") : "nothing";
}

export function OffersPanel({ view, ctx }: { view: View; ctx: TableContext }) {
  const [open, setOpen] = useState(false);
  const [sel, setSel] = useState<{ partner?: number; give?: number; take?: number; give2?: number }>({});
  const B = ctx.ActionButton;
  const all = B ? proposals(view, ctx.viewer) : [];
  if (all.length) ctx.claim?.(all);
  if (!view.offers.length && !all.length) return null;
  const mine = (kind: ActionKind, id: number) => view.legalActions.find((a) => a.seat === ctx.viewer && a.kind === kind && a.args[0] === id);
  const n = narrow(all, sel.partner, sel.give, sel.take, sel.give2);
  const idx = cardIndex(view);
  const label = (id: number) => (id ? cardName(view, id, ctx.seatName, idx) : "nothing");
  const pick = (key: "partner" | "give" | "take" | "give2") => (ev: Event) => setSel({ ...sel, [key]: Number((ev.target as HTMLSelectElement).value) });
  return (
    <section class="sc-trades" aria-label="Trades" data-testid="sc-trades" data-offers={view.offers.length}>
      <h3>Trades</h3>
      {view.offers.length ? (
        <ul class="plain sc-offers">
          {view.offers.map((o: Offer) => {
            const acts = [mine(ActionKind.ACCEPT, o.id), mine(ActionKind.DECLINE, o.id), mine(ActionKind.WITHDRAW, o.id)].filter((a): a is Action => !!a);
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
                {B && acts.length ? (
                  <div class="buttons">
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
            <div class="sc-trade-form">
              <label>With
                <select name="trade-partner" value={String(n.partner)} onChange={pick("partner")}>
                  {n.partners.map((s) => <option key={s} value={String(s)}>{ctx.seatName(s)}</option>)}
                </select>
              </label>
              <fieldset>
                <legend>You give</legend>
                <select name="trade-give" aria-label="You give" value={String(n.give)} onChange={pick("give")}>
                  {n.gives.map((id) => <option key={id} value={String(id)}>{label(id)}</option>)}
                </select>
                {n.seconds.length > 1 || (n.seconds[0] ?? 0) !== 0 ? (
                  <select name="trade-give2" aria-label="and also" value={String(n.give2)} onChange={pick("give2")}>
                    {n.seconds.map((id) => <option key={id} value={String(id)}>{id ? `and ${label(id)}` : "nothing more"}</option>)}
                  </select>
                ) : null}
              </fieldset>
              <fieldset>
                <legend>{ctx.seatName(n.partner ?? 0)} gives</legend>
                <select name="trade-take" aria-label={`${ctx.seatName(n.partner ?? 0)} gives`} value={String(n.take)} onChange={pick("take")}>
                  {n.takes.map((id) => <option key={id} value={String(id)}>{label(id)}</option>)}
                </select>
              </fieldset>
              <p class="sc-trade-summary" data-testid="sc-trade-summary">{n.action ? proposeLabel(n.action, view, ctx.seatName, idx) : "No such offer is possible."}</p>
              {n.action ? (
                <div class="buttons" onClick={() => setOpen(false)}>
                  <B action={n.action} class="sc-send-offer">Send the offer</B>
                </div>
              ) : null}
            </div>
          </Dialog>
        </>
      ) : null}
    </section>
  );
}
