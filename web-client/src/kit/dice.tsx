// Dice as every player sees them (issue 16): one roll (starport.v1.DiceRoll, common.proto)
// drawn as dice — pips on a six-sided die, the face number on anything else or beyond 6 —
// with who rolled, what for, the modifier, the total and the result, and one sentence for
// screen readers ("Vega rolled 6 + 1 for escape: escaped"). Dice are never hidden: the
// engine shows every roll to every seat (engine/core/dice.hpp).
//
// A roll whose `number` this tray has not shown before tumbles briefly (none under
// prefers-reduced-motion) and is announced politely; rolls already in the first view a
// tray draws (a reload, a page opened mid-match) and every roll in a replay are drawn still
// and not announced. Any game that rolls uses <DiceTray> (or <DiceRollView> for one roll).
import { useRef } from "preact/hooks";

import type { DiceRoll } from "../gen/starport/v1/common_pb.js";
import "./kit.css";

// The fields of a roll the kit reads (a DiceRoll, or a hand-made one in tests).
export type RollLike = Pick<DiceRoll, "number" | "seat" | "purpose" | "sides" | "faces" | "modifier" | "result">;

export function rollTotal(r: RollLike): number {
  return r.faces.reduce((t, f) => t + f, 0) + r.modifier;
}

function signed(n: number): string {
  return n > 0 ? ` + ${n}` : n < 0 ? ` − ${-n}` : "";
}

// Who rolled, in words: the seat's name, or the table (seat -1) for a roll nobody owns.
export function roller(r: RollLike, seatName: (seat: number) => string): string {
  return r.seat >= 0 ? seatName(r.seat) : "The table";
}

// The faces and the modifier as read aloud: "6 + 1", "3 and 5 + 1 (9)", "4".
export function rollFigures(r: RollLike): string {
  const faces = r.faces.length ? r.faces.join(" and ") : "nothing";
  const total = r.faces.length > 1 || r.modifier ? rollTotal(r) : undefined;
  // One die and a modifier reads "6 + 1" (the total is in the sentence's result or the
  // tray's "= 7"); two dice or more also say their total, which is not obvious.
  return `${faces}${signed(r.modifier)}${r.faces.length > 1 ? ` (${total})` : ""}`;
}

// The accessible sentence: "Vega rolled 6 + 1 for escape: escaped".
export function rollSentence(r: RollLike, seatName: (seat: number) => string): string {
  const die = r.sides && r.sides !== 6 ? ` on ${r.faces.length > 1 ? `d${r.sides}s` : `a d${r.sides}`}` : "";
  return `${roller(r, seatName)} rolled ${rollFigures(r)}${die}${r.purpose ? ` for ${r.purpose}` : ""}${r.result ? `: ${r.result}` : ""}`;
}

// The rolls to animate and announce: those numbered after the last one shown.
export function freshRolls<R extends RollLike>(rolls: readonly R[], shownUpTo: number): R[] {
  return rolls.filter((r) => r.number > shownUpTo);
}

const latest = (rolls: readonly RollLike[]) => rolls.reduce((m, r) => Math.max(m, r.number), 0);

// Pip positions on a 100×100 face, standard layouts for 1–6.
const pipAt: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

// One die: pips when it is a six-sided die (or fewer sides), the number otherwise.
// Coloured by the seat that rolled (seat-colour-N, as the seat panels), the table's die
// black as in the rulebook.
export function Die(p: { face: number; sides?: number; seat?: number; rolling?: boolean; delayMs?: number }) {
  const sides = p.sides || 6;
  const pips = sides <= 6 && p.face >= 1 && p.face <= 6 ? pipAt[p.face] : undefined;
  const cls = ["die", p.seat !== undefined && p.seat >= 0 ? `seat-colour-${p.seat % 6}` : "die--table", p.rolling ? "die--rolling" : ""].filter(Boolean).join(" ");
  return (
    <svg class={cls} viewBox="0 0 100 100" width="40" height="40" aria-hidden="true" data-face={p.face} data-sides={sides} style={p.delayMs ? `animation-delay:${p.delayMs}ms` : undefined}>
      <rect class="die__body" x="4" y="4" width="92" height="92" rx="18" />
      {pips ? (
        pips.map(([x, y], i) => <circle key={i} class="die__pip" cx={x} cy={y} r="9" />)
      ) : (
        <text class="die__number" x="50" y="52" text-anchor="middle" dominant-baseline="central" font-size={p.face >= 10 ? 44 : 54}>{p.face}</text>
      )}
    </svg>
  );
}

export interface DiceRollViewProps {
  roll: RollLike;
  seatName: (seat: number) => string;
  fresh?: boolean;         // just rolled: tumble (CSS, none under reduced motion)
  compact?: boolean;       // the dice and the total only, the sentence as the label
}

export function DiceRollView({ roll, seatName, fresh, compact }: DiceRollViewProps) {
  const sentence = rollSentence(roll, seatName);
  const total = rollTotal(roll);
  return (
    <div
      class={`dice-roll${fresh ? " dice-roll--fresh" : ""}${compact ? " dice-roll--compact" : ""}`}
      role="img"
      aria-label={sentence}
      title={sentence}
      data-roll={roll.number}
      data-seat={roll.seat}
      data-total={total}
      data-result={roll.result || undefined}
    >
      <span class="dice-roll__dice">
        {roll.faces.map((f, i) => <Die key={i} face={f} sides={roll.sides} seat={roll.seat} rolling={fresh} delayMs={i * 60} />)}
        {roll.modifier ? <span class="dice-roll__mod">{signed(roll.modifier).trim()}</span> : null}
        {roll.modifier || roll.faces.length > 1 ? <span class="dice-roll__total">= {total}</span> : null}
      </span>
      {compact ? null : (
        <span class="dice-roll__text" aria-hidden="true">
          <strong>{roller(roll, seatName)}</strong>
          {roll.purpose ? <span class="dice-roll__purpose"> · {roll.purpose}</span> : null}
          {roll.result ? <span class="dice-roll__result"> · {roll.result}</span> : null}
        </span>
      )}
    </div>
  );
}

export interface DiceTrayProps {
  rolls: readonly RollLike[];          // the view's latest rolls, any order
  seatName: (seat: number) => string;
  // A live match (ctx.live): new rolls tumble and are announced. A replay step is drawn still.
  live: boolean;
  max?: number;                        // show at most this many, newest first (default 6)
  title?: string;
  empty?: string;                      // shown when there is no roll yet (nothing when absent)
}

// What a tray has shown: the highest roll number, the rolls that are fresh (tumbling) and
// the sentence its live region says. Pure, so the rule is tested without a DOM.
export class RollWatcher {
  private shown: number | null = null;
  fresh = new Set<number>();
  said = "";
  // Called on every draw with the view's rolls.
  see(rolls: readonly RollLike[], live: boolean, seatName: (seat: number) => string): void {
    const newest = latest(rolls);
    // First draw: everything already rolled counts as shown (no tumble on a reload).
    if (this.shown === null) this.shown = newest;
    if (!live) {
      this.fresh = new Set();
      this.said = "";
    } else if (newest !== this.shown) {
      // New rolls keep their mark until the next ones, so a redraw in between does not cut
      // the tumble short, and the live region's text does not change on unrelated redraws
      // (it would be read again). A replay stepping back or a new match lowers the number:
      // nothing is fresh then.
      const now = freshRolls(rolls, this.shown).sort((a, b) => a.number - b.number);
      this.fresh = new Set(now.map((r) => r.number));
      if (now.length) this.said = now.map((r) => `${rollSentence(r, seatName)}.`).join(" ");
    }
    this.shown = newest;
  }
}

// The latest rolls, newest first; rolls made while it is on screen tumble and are announced.
export function DiceTray(p: DiceTrayProps) {
  const watcher = useRef<RollWatcher | null>(null);
  if (!watcher.current) watcher.current = new RollWatcher();
  const w = watcher.current;
  w.see(p.rolls, p.live, p.seatName);
  const newest = latest(p.rolls);
  const list = [...p.rolls].sort((a, b) => b.number - a.number).slice(0, p.max ?? 6);
  return (
    <section class="dice-tray" aria-label={p.title ?? "Dice"} data-testid="dice-tray" data-latest={newest}>
      {p.title ? <h3 class="dice-tray__title">{p.title}</h3> : null}
      {list.length ? (
        <ol class="plain dice-tray__list">
          {list.map((r) => (
            <li key={r.number}>
              <DiceRollView roll={r} seatName={p.seatName} fresh={w.fresh.has(r.number)} />
            </li>
          ))}
        </ol>
      ) : p.empty ? (
        <p class="muted">{p.empty}</p>
      ) : null}
      {p.live ? <p class="visually-hidden" aria-live="polite" data-dice-announce="">{w.said}</p> : null}
    </section>
  );
}
