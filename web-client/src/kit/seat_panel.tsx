// SCAFFOLD (replaced by the kit-tables branch): one seat's panel (name, marks, timer, score).
import type { ComponentChildren, VNode } from "preact";

export interface SeatPanelProps {
  name: string;
  you?: boolean;
  bot?: boolean;
  away?: boolean;
  toAct?: boolean;
  out?: string;            // "conquered", "resigned": no longer in play
  timer?: VNode | null;
  score?: string;
  children?: ComponentChildren;
}

export function SeatPanel(p: SeatPanelProps) {
  return (
    <section class="seat-panel" aria-label={p.name}>
      <h3>{p.name}{p.you ? " (you)" : ""}</h3>
      {p.timer}
      {p.children}
    </section>
  );
}
