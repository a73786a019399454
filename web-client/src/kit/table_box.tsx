// The box a page draws a game's table in (the match page and the replay), with the kit's one
// hint about cut cards: "A card's text ends in “…” where it does not fit: tap or click the
// card to read all of it." It is shown (kit.css) only while a card of this table has text
// cut short (`data-cut`, kit/card.tsx), so every game's table says it, in the same words and
// place, and no page without cards does. Screen readers do not get it (aria-hidden): they
// read a card's whole text on the card itself, and the keyboard focus opens the zoom.
//
// Once shown, it keeps its room while no card is cut (invisible, `data-cut-seen`): it stands
// above the table's moves, and coming and going it moved them (Space War's Flip button on a
// phone jumped down and back up as a contest's cards with a cut Power came and went).
//
// `CutHintBox` is that box for any cards a page shows, not only a table's: the deck builder's
// pool (Terminus, Quasar Search) draws the same kit cards, cut the same way, and said nothing
// of how to read them whole. A page puts it around its cards; `TableBox` is one.
import type { ComponentChildren, JSX } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

import "./kit.css";

export function CutHint() {
  return <p class="muted cut-hint" aria-hidden="true">A card’s text ends in “…” where it does not fit: tap or click the card to read all of it.</p>;
}

// Marks `box` data-cut-seen once a card inside it is cut, now or later; returns the stop.
export function keepCutHintRoom(box: Element): () => void {
  const seen = () => {
    if (!box.querySelector(".card[data-cut]")) return false;
    box.setAttribute("data-cut-seen", "");
    return true;
  };
  if (seen() || typeof MutationObserver === "undefined") return () => {};
  const watch = new MutationObserver(() => {
    if (seen()) watch.disconnect();
  });
  watch.observe(box, { subtree: true, attributes: true, attributeFilter: ["data-cut"] });
  return () => watch.disconnect();
}

// While a move is on its way, the table's decision sentences keep the room they had when it
// was pressed: the sentence then says "Your move is on its way." (kit/words.ts), shorter than
// most of the questions it stands for, and on a phone the buttons under a three-line question
// moved up by two lines as the finger pressed them (a quick second tap landed on something
// else). `holdDecisionRoom` is called at the press, before the page redraws; the room is let
// go once nothing is in flight (`releaseDecisionRoom`), as the answer's sentence is drawn.
// (`data-hold-room`: a table's other line that gives way to the move, S.P.A.C.E.'s "the
// computer waits for your answer".)
const decisions = ".decision, [data-hold-room]";
export function holdDecisionRoom(box: Element | null | undefined): void {
  for (const el of box?.querySelectorAll<HTMLElement>(decisions) ?? []) {
    // The used height, as box-sizing counts it, so min-height keeps exactly that.
    el.style.minHeight = getComputedStyle(el).height;
    el.setAttribute("data-held", "");
  }
}

export function releaseDecisionRoom(box: Element | null | undefined): void {
  for (const el of box?.querySelectorAll<HTMLElement>("[data-held]") ?? []) {
    el.style.removeProperty("min-height");
    el.removeAttribute("data-held");
  }
}

type BoxProps = Omit<JSX.HTMLAttributes<HTMLDivElement>, "class" | "className" | "ref"> & { children: ComponentChildren };

// The hint, then the cards: read before any card, and on a phone in the screen the cards
// open on (below them it is screens away). `class`: the page's own class for the box.
export function CutHintBox({ children, class: cls, ...rest }: BoxProps & { class?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (box.current ? keepCutHintRoom(box.current) : undefined), []);
  return (
    <div ref={box} class={cls ? `${cls} cut-hint-box` : "cut-hint-box"} {...rest}>
      <CutHint />
      {children}
    </div>
  );
}

export function TableBox(p: BoxProps) {
  return <CutHintBox class="table-box" {...p} />;
}
