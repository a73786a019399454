// A term with its explanation, shown on hover, keyboard focus and tap as an element with
// role="tooltip" (so it works on phones, where `title` never shows). Used for every power,
// Control Card, badge, category and keyword a table shows. Escape hides it. The text opens
// in the top layer under the term (kit/top_layer.ts): a keyword's explanation on a card
// was cut off by the card's frame.
import { createContext, type ComponentChildren } from "preact";
import { useContext, useId, useLayoutEffect, useRef, useState } from "preact/hooks";

import { floatNear } from "./top_layer.js";

export interface TipProps {
  text: string;
  children: ComponentChildren;
  class?: string;
}

// Whether the Tips below are tab stops. A card's zoom (kit/card.tsx) is an aria-hidden copy of
// a card whose own Tips are already in the tab order and read to screen readers: its Tips are
// no tab stops (tabindex -1), so nothing Tab reaches sits inside aria-hidden content (axe:
// aria-hidden-focus) and Tab does not meet every keyword twice. A tap still focuses and opens
// one, so a phone player reads a zoomed card's keywords (`inert` on the zoom would make its
// keywords ignore taps).
export const TipsInTabOrder = createContext(true);

export function Tip(p: TipProps) {
  const tabStop = useContext(TipsInTabOrder);
  const [open, setOpen] = useState(false);
  const id = useId();
  const pointer = useRef(false);
  const term = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => (open && tip.current && term.current ? floatNear(tip.current, term.current, "below") : undefined), [open]);
  if (!p.text) return <span class={p.class}>{p.children}</span>;
  return (
    <span
      ref={term}
      class={`tip${p.class ? ` ${p.class}` : ""}${open ? " tip--open" : ""}`}
      tabIndex={tabStop ? 0 : -1}
      aria-describedby={id}
      // Hover is a mouse's: a tap also sends compatibility mouse events, which must not
      // open the tip just before the tap's click toggles it.
      onPointerEnter={(e) => e.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setOpen(false)}
      // A tap focuses and clicks: the click decides, so the tip does not open and close at once.
      onPointerDown={(e) => (pointer.current = e.pointerType !== "mouse")}
      onFocus={() => {
        if (!pointer.current) setOpen(true);
      }}
      onBlur={() => setOpen(false)}
      onClick={(e) => {
        // A tap toggles (phones have no hover); a click inside a button still presses it.
        e.stopPropagation();
        const touch = pointer.current;
        pointer.current = false;
        // A mouse already opened it on hover: a click keeps it open; a tap toggles.
        setOpen((o) => (touch ? !o : true));
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpen(false);
      }}
    >
      {p.children}
      {/* Always in the DOM (hidden until open) so screen readers get the description. */}
      <span ref={tip} class="tip__text" role="tooltip" id={id} hidden={!open} popover="manual">
        {p.text}
      </span>
    </span>
  );
}
