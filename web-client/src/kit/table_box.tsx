// The box a page draws a game's table in (the match page and the replay), with the kit's one
// hint about cut cards: "A card's text ends in “…” where it does not fit: tap or click the
// card to read all of it." It is shown (kit.css) only while a card of this table has text
// cut short (`data-cut`, kit/card.tsx), so every game's table says it, in the same words and
// place, and no page without cards does. Screen readers do not get it (aria-hidden): they
// read a card's whole text on the card itself, and the keyboard focus opens the zoom.
import type { ComponentChildren, JSX } from "preact";

import "./kit.css";

export function CutHint() {
  return <p class="muted cut-hint" aria-hidden="true">A card’s text ends in “…” where it does not fit: tap or click the card to read all of it.</p>;
}

export function TableBox({ children, ...rest }: Omit<JSX.HTMLAttributes<HTMLDivElement>, "class" | "className"> & { children: ComponentChildren }) {
  return (
    <div class="table-box" {...rest}>
      {/* Above the table: read before any card, and on a phone in the screen the table opens on (below it: screens away). */}
      <CutHint />
      {children}
    </div>
  );
}
