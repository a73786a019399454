// One seat's panel: the name (ctx.seatName — bots have names too), marks for you / bot /
// away / to act / out, the turn timer, the score and a colour per seat. Every mark is a
// word (not only a colour) and carries a Tip; text contrast is at least 4.5:1 (kit.css).
import type { ComponentChildren, VNode } from "preact";

import { Tip } from "./tip.js";
import { moveOnItsWay, resignOnItsWay } from "./words.js";

export interface SeatPanelProps {
  name: string;
  seat?: number;           // colours the panel (seat-colour-<n>) and sets data-seat
  you?: boolean;
  bot?: boolean;
  away?: boolean;
  toAct?: boolean;
  // This seat's own move was sent and its answer has not come (TableContext.inFlight, for
  // the viewer's seat): "to act" would ask for what was just done while the table's words say
  // "Your move is on its way."; the mark says "move sent" (or "resigning") instead.
  sent?: { resign: boolean };
  out?: string;            // "conquered", "resigned": no longer in play
  timer?: VNode | null;
  score?: string;
  scoreTip?: string;       // what the score counts
  subtitle?: ComponentChildren;   // faction, agency …
  marks?: ComponentChildren;      // game-specific marks after the standard ones
  class?: string;                  // the game's own class (sr-seat …)
  children?: ComponentChildren;
}

export const markTips = {
  you: "This is your seat.",
  bot: "The computer plays this seat.",
  away: "This player is not connected; their turn timer keeps running.",
  toAct: "This seat must act now.",
};

export function SeatPanel(p: SeatPanelProps) {
  const sent = p.toAct && !p.out ? p.sent : undefined;
  const cls = [
    "seat-panel",
    p.class ?? "",
    p.seat !== undefined ? `seat-colour-${p.seat % 6}` : "",
    p.you ? "seat-panel--you" : "",
    p.toAct && !sent ? "seat-panel--to-act" : "",
    p.out ? "seat-panel--out" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <section class={cls} aria-label={`${p.name}${p.you ? " (you)" : ""}`} data-seat={p.seat}>
      <div class="seat-panel__head">
        <span class="seat-panel__swatch" aria-hidden="true" />
        <h3 class="seat-panel__name">{p.name}</h3>
        {p.subtitle ? <span class="seat-panel__sub">{p.subtitle}</span> : null}
        {p.score !== undefined ? (
          <span class="seat-panel__score">
            {p.scoreTip ? <Tip text={p.scoreTip}>{p.score}</Tip> : p.score}
          </span>
        ) : null}
      </div>
      <div class="seat-panel__marks">
        {p.you ? <Tip class="mark mark--you" text={markTips.you}>you</Tip> : null}
        {p.bot ? <Tip class="mark mark--bot" text={markTips.bot}>bot</Tip> : null}
        {p.away ? <Tip class="mark mark--away" text={markTips.away}>away</Tip> : null}
        {sent ? (
          <Tip class="mark mark--sent" text={sent.resign ? resignOnItsWay : moveOnItsWay}>{sent.resign ? "resigning" : "move sent"}</Tip>
        ) : p.toAct && !p.out ? (
          <Tip class="mark mark--act" text={markTips.toAct}>to act</Tip>
        ) : null}
        {p.out ? <span class="mark mark--out">{p.out}</span> : null}
        {p.marks}
      </div>
      {p.timer ? <div class="seat-panel__timer">{p.timer}</div> : null}
      {p.children}
    </section>
  );
}
