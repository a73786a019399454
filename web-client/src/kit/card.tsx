// The one card component every table uses: a face (name, value, type or faction colour,
// badges, ability text clamped to fit) or a back (no name, no value), `data-card-id` (the view's
// stable id of the copy, so a card is followed as it moves) and `data-face`. The text
// shows as many whole lines as the card's frame has room for (`fitCardText`: at least 4,
// more where the card is taller than its words — a card beside a taller one in its row);
// what is still cut ends in "…" and the card says so (`data-cut`). Tapping a card or
// focusing it with the keyboard zooms it: a larger copy with the whole text, in the top
// layer (kit/top_layer.ts), so nothing around the card clips or misplaces it. The zoom is
// the focused card's: Tab on to one of the card's keywords closes it (it covered the
// keyword's focus ring), Shift+Tab back to the card opens it again, leaving the card closes it.
// A card that turns face up while on screen plays a flip (none under reduced motion):
// the table keys cards by id (or position), so the same component sees the change.
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";

import { TipsInTabOrder } from "./tip.js";
import { floatNear } from "./top_layer.js";
import "./kit.css";

export interface CardProps {
  id?: number;             // the view's stable id of this copy (data-card-id), to follow it as it moves
  name: string;
  value?: string;          // strength, level, cost: the big number in the corner
  kind?: string;           // type or faction, also the colour class `card--<kind>`
  kindLabel?: string;      // the type or faction in words ("Dwarves", "Technology")
  // Ability text (fitted to the card, whole on zoom): words, or a game's own markup for them
  // (Space Race's ability rows, each with its Tips and used or covered mark), fitted the same
  // way as a whole: its lines count together, the last shown one ends in "…".
  text?: ComponentChildren;
  badges?: ComponentChildren;  // a line above the text, never cut by it (Space Race's levels, symbols, "① covered")
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

// How many lines of a card's text to show: every line it needs when they fit, else the
// lines shown now and as many more whole lines as the card's free room below its last line
// holds (a card is never made taller for its text: its row keeps its height).
export function linesToShow(need: number, shown: number, free: number, lineHeight: number): number {
  if (need <= shown || !(lineHeight > 0)) return Math.min(need, shown);
  return Math.min(need, shown + Math.max(0, Math.floor((free + 0.5) / lineHeight)));
}

// Fits the clamped text of these cards to their frames, all at once: first every clamp back
// to the stylesheet's 4 lines, then every measure, then every new clamp (one layout, and a
// card in a stretched row measures the room its row gives, not the room its own longer text
// made). A card whose text is still cut is marked `data-cut`.
export function fitCardText(cards: Iterable<HTMLElement>) {
  const texts: [HTMLElement, HTMLElement][] = [];
  for (const card of cards) {
    const text = card.isConnected ? card.querySelector<HTMLElement>(":scope > .card__text--clamp") : null;
    if (!text) continue;
    text.style.removeProperty("--lines");
    texts.push([card, text]);
  }
  const fits = texts.map(([card, text]) => {
    const lh = parseFloat(getComputedStyle(text).lineHeight);
    const need = Math.round(text.scrollHeight / lh);
    const shown = Math.round(text.clientHeight / lh);
    let bottom = 0;
    for (const el of card.children) if (el instanceof HTMLElement && !el.classList.contains("card--zoom")) bottom = Math.max(bottom, el.offsetTop + el.offsetHeight);
    const free = card.clientHeight - parseFloat(getComputedStyle(card).paddingBottom) - bottom;
    return { lines: linesToShow(need, shown, free, lh), shown, need };
  });
  texts.forEach(([card, text], i) => {
    const { lines, shown, need } = fits[i];
    if (lines > shown) text.style.setProperty("--lines", String(lines));
    card.toggleAttribute("data-cut", lines < need);
  });
}

// Every card on the page is fitted when it is drawn or its words change (before the page
// is painted), and again when its size changes (a phone turned, a row grown) on the next
// frame: fitting in the resize callback itself could resize the card inside it.
const waiting = new Set<HTMLElement>();
let queued = false;
function fitSoon(card: HTMLElement, nextFrame: boolean) {
  waiting.add(card);
  if (queued) return;
  queued = true;
  const run = () => {
    queued = false;
    const cards = [...waiting];
    waiting.clear();
    fitCardText(cards);
  };
  if (nextFrame && typeof requestAnimationFrame === "function") requestAnimationFrame(run);
  else queueMicrotask(run);
}
let resized: ResizeObserver | null = null;
function watchSize(card: HTMLElement): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  resized ??= new ResizeObserver((entries) => entries.forEach((e) => fitSoon(e.target as HTMLElement, true)));
  resized.observe(card);
  return () => resized?.unobserve(card);
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
      {p.badges ? <span class="card__badges">{p.badges}</span> : null}
      {p.text ? <span class={`card__text${p.zoom ? "" : " card__text--clamp"}`}>{p.text}</span> : null}
      {p.children ? <span class="card__extra">{p.children}</span> : null}
    </>
  );
}

// The zoomed copy: the whole card, larger, in the top layer over the card (a phone: in the
// middle of the screen), inside the screen. A tap on it closes it, as a tap on the card does
// (it is the card's child), and never presses what lies under it. It is hidden from screen
// readers (the card itself is read, text and all), so its keyword Tips are no tab stops; a
// tap on one still opens it (TipsInTabOrder).
export function CardZoom(p: CardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const zoom = ref.current;
    const card = zoom?.parentElement;
    return zoom && card ? floatNear(zoom, card, "over") : undefined;
  }, []);
  return (
    <div ref={ref} popover="manual" class={`card card--face card--zoom${p.wide ? " card--wide" : ""}${p.kind ? ` card--${p.kind}` : ""}${p.leader ? " card--leader" : ""}`} aria-hidden="true">
      <TipsInTabOrder.Provider value={false}>
        <Face {...p} zoom />
      </TipsInTabOrder.Provider>
    </div>
  );
}

// The zoom is the focused card's. What the focus arriving at `target` inside `card` does to
// it: true opens it (the card itself, focused by the keyboard; a tap's click decides), false
// closes it (one of the card's own keywords, Tab on from the card: the zoom, drawn over the
// card, hid that keyword's focus ring; Shift+Tab back to the card opens it again), undefined
// leaves it (a keyword of the zoom itself, tapped there: what the player is reading).
export function zoomOnFocusIn(card: EventTarget, target: EventTarget | null, tapped: boolean): boolean | undefined {
  if (target === card) return tapped ? undefined : true;
  const el = target as Element | null;
  return typeof el?.closest === "function" && el.closest(".card--zoom") ? undefined : false;
}

// The focus leaving for `to` (null: nowhere, or out of the page): anywhere outside the card
// closes the zoom, from the card or from one of its keywords (only the card's own blur did:
// Tab on through a card's keywords left one zoom open for every card passed).
export function zoomOnFocusOut(card: EventTarget, to: EventTarget | null): false | undefined {
  const inside = to !== null && typeof (card as Node).contains === "function" && (card as Node).contains(to as Node);
  return inside ? undefined : false;
}

// A key pressed in the card: Escape closes the zoom; Enter and Space zoom the card itself
// (on one of its keywords they opened the zoom over the keyword just focused).
export function zoomOnKey(key: string, onCard: boolean): "close" | "toggle" | undefined {
  if (key === "Escape") return "close";
  return (key === "Enter" || key === " ") && onCard ? "toggle" : undefined;
}

export function Card(p: CardProps) {
  const [zoomed, setZoomed] = useState(false);
  const pointer = useRef(false);
  const face = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const card = face.current;
    return card ? watchSize(card) : undefined;
  }, [p.faceDown]);
  // Words are fitted again when they change; markup is a new tree on every draw, so it is
  // fitted on every draw (one layout for all the cards drawn, as for the words).
  const words = typeof p.text === "string" || !p.text ? p.text : {};
  useLayoutEffect(() => {
    if (face.current && p.text) fitSoon(face.current, false);
  }, [p.faceDown, words, p.name, p.kindLabel, p.note, p.value, p.small, p.wide]);
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
      ref={face}
      class={cls}
      data-card-id={p.id}
      data-face="up"
      tabIndex={0}
      role="group"
      aria-label={label}
      // A tap focuses and clicks: the click decides, so the zoom does not open and close at once.
      onPointerDown={() => (pointer.current = true)}
      onFocusIn={(e) => {
        const zoom = zoomOnFocusIn(e.currentTarget, e.target, pointer.current);
        // A Tip's click never reaches the card (it stops there), so a tap on one ends here.
        if (e.target !== e.currentTarget) pointer.current = false;
        if (zoom !== undefined) setZoomed(zoom);
      }}
      onFocusOut={(e) => {
        if (zoomOnFocusOut(e.currentTarget, e.relatedTarget) === false) setZoomed(false);
      }}
      onClick={(e) => {
        pointer.current = false;
        if ((e.target as Element | null)?.closest?.(".tip")) return;
        setZoomed((z) => !z);
      }}
      onKeyDown={(e) => {
        const key = zoomOnKey(e.key, e.target === e.currentTarget);
        if (key === "close") setZoomed(false);
        if (key === "toggle") {
          e.preventDefault();
          setZoomed((z) => !z);
        }
      }}
    >
      <Face {...p} />
      {zoomed ? <CardZoom {...p} /> : null}
    </div>
  );
}
