// SCAFFOLD (replaced by the kit-tables branch): the one card component every table uses.
import type { ComponentChildren } from "preact";

export interface CardProps {
  id?: number;             // the view's stable id of this copy (data-card-id), to follow it as it moves
  name: string;
  value?: string;          // strength, level, cost: the big number in the corner
  kind?: string;           // type or faction, also the colour class `card--<kind>`
  text?: string;           // ability text
  faceDown?: boolean;      // a back: no name, no value
  highlight?: boolean;     // a move on offer is about this card
  small?: boolean;
  children?: ComponentChildren;
}

export function Card(p: CardProps) {
  return (
    <div class={`card${p.kind ? ` card--${p.kind}` : ""}`} data-card-id={p.id} data-face={p.faceDown ? "down" : "up"}>
      {p.faceDown ? null : <span class="card__name">{p.name}</span>}
      {p.faceDown || p.value === undefined ? null : <span class="card__value">{p.value}</span>}
      {p.children}
    </div>
  );
}
