// The one card component every table uses: a face (name, value, type or faction colour,
// ability text clamped to fit) or a back (no name, no value), `data-card-id` (the view's
// stable id of the copy, so a card is followed as it moves) and `data-face`. Tapping a
// card or focusing it with the keyboard zooms it: a larger copy with the whole text.
// A card that turns face up while on screen plays a flip (none under reduced motion):
// the table keys cards by id (or position), so the same component sees the change.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";

import "./kit.css";

export interface CardProps {
  id?: number;             // the view's stable id of this copy (data-card-id), to follow it as it moves
  name: string;
  value?: string;          // strength, level, cost: the big number in the corner
  kind?: string;           // type or faction, also the colour class `card--<kind>`
  kindLabel?: string;      // the type or faction in words ("Dwarves", "Technology")
  text?: string;           // ability text (clamped on the card, whole on zoom)
  faceDown?: boolean;      // a back: no name, no value
  backLabel?: string;      // what a back is, for screen readers ("a card in Hand")
  highlight?: boolean;     // a move on offer is about this card
  small?: boolean;
  wide?: boolean;          // room for several ability lines (Space Race)
  leader?: boolean;
  note?: string;           // a short mark under the name: "now 11", "covered", "used"
  dim?: boolean;           // covered, used up, or otherwise out of play
  flipIn?: boolean;
  class?: string;          // the game's own class (sr-card, sr-back …), for its styles and tests        // play the flip when this card first appears face up (a reveal just happened)
  // Extra lines on the face (badges, ability rows): shown whole on zoom, clipped on the card.
  children?: ComponentChildren;
}

// Data attributes a test or the browser harness can read; never the name on a back.
export function cardLabel(p: CardProps): string {
  if (p.faceDown) return p.backLabel ?? "a face-down card";
  return [p.name, p.value !== undefined ? `(${p.value})` : "", p.kindLabel ? `— ${p.kindLabel}` : "", p.note ? `, ${p.note}` : ""]
    .filter(Boolean)
    .join(" ");
}

// A name or type line with a long word ("Dreadnought", "BREAKTHROUGH") is set smaller, as
// small as the card's width asks (kit.css, `--fit-chars`), so the word fits instead of
// breaking in the middle or being cut off at phone size.
function longestWord(text: string): number {
  return Math.max(0, ...text.split(/[\s-]+/).map((w) => [...w].length));
}

// The class and the width in em the longest word needs (`perChar` em a character), or none.
function fitLongWord(base: string, text: string, from: number, perChar: number) {
  const n = longestWord(text);
  if (n < from) return { class: base };
  return { class: `${base} ${base}--long`, style: { "--fit-chars": (n * perChar).toFixed(2) } };
}

function Face(p: CardProps & { zoom?: boolean }) {
  return (
    <>
      <span class="card__head">
        <span {...fitLongWord("card__name", p.name, 10, 0.76)}>{p.name}{p.leader ? <span class="card__leader" aria-label="leader"> ★</span> : null}</span>
        {p.value === undefined ? null : <span class="card__value">{p.value}</span>}
      </span>
      {p.kindLabel ? <span {...fitLongWord("card__kind", p.kindLabel, 10, 0.76)}>{p.kindLabel}</span> : null}
      {p.note ? <span class="card__note">{p.note}</span> : null}
      {p.text ? <span class={`card__text${p.zoom ? "" : " card__text--clamp"}`}>{p.text}</span> : null}
      {p.children ? <span class="card__extra">{p.children}</span> : null}
    </>
  );
}

export function Card(p: CardProps) {
  const [zoomed, setZoomed] = useState(false);
  const pointer = useRef(false);
  // A flip: this copy was a back when last drawn and is a face now.
  const lastDown = useRef(p.faceDown);
  const flipped = useRef(!!p.flipIn && !p.faceDown);
  if (lastDown.current && !p.faceDown) flipped.current = true;
  lastDown.current = p.faceDown;

  const cls = [
    "card",
    p.class ?? "",
    p.faceDown ? "card--back" : "card--face",
    !p.faceDown && p.kind ? `card--${p.kind}` : "",
    p.small ? "card--small" : "",
    p.wide ? "card--wide" : "",
    p.leader && !p.faceDown ? "card--leader" : "",
    p.highlight ? "card--offered" : "",
    p.dim ? "card--dim" : "",
    flipped.current ? "card--flip" : "",
    zoomed ? "card--zoomed" : "",
  ]
    .filter(Boolean)
    .join(" ");
  const label = cardLabel(p);
  if (p.faceDown)
    return (
      <div class={cls} data-card-id={p.id} data-face="down" role="img" aria-label={label}>
        <span class="card__backmark" aria-hidden="true">✦</span>
      </div>
    );
  return (
    <div
      class={cls}
      data-card-id={p.id}
      data-face="up"
      tabIndex={0}
      role="group"
      aria-label={label}
      // A tap focuses and clicks: the click decides, so the zoom does not open and close at once.
      onPointerDown={() => (pointer.current = true)}
      onFocus={() => {
        if (!pointer.current) setZoomed(true);
      }}
      onBlur={(e) => {
        // Focus moving to a Tip inside the card keeps the zoom.
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setZoomed(false);
      }}
      onClick={(e) => {
        pointer.current = false;
        if ((e.target as Element | null)?.closest?.(".tip")) return;
        setZoomed((z) => !z);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") setZoomed(false);
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          setZoomed((z) => !z);
        }
      }}
    >
      <Face {...p} />
      {zoomed ? (
        <div class={`card card--face card--zoom${p.wide ? " card--wide" : ""}${p.kind ? ` card--${p.kind}` : ""}${p.leader ? " card--leader" : ""}`} aria-hidden="true">
          <Face {...p} zoom />
        </div>
      ) : null}
    </div>
  );
}
