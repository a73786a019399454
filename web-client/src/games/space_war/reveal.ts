// What a contest revealed, and how long to hold it on screen. The view lists a contest's
// face-up cards as columns (Reveals: owners, steps, ids, kinds, Strength bonuses; trailing
// 0s of steps and bonuses left out); the table falls back to the face-up cards it saw on
// the Battlefield.
import { create } from "@bufbuild/protobuf";

import { CardSchema, type Card, type LastContest, type Reveals, type View } from "../../gen/starport/v1/space_war_pb.js";

export interface Revealed {
  owner: number;
  step: number;
  card?: Card;
  strength?: number;   // the effective Strength, where the view says it (the Battlefield)
  bonus?: number;      // or how far it differs from the printed one (a revealed card)
  id?: number;
}

// The stable id of a card copy, once views carry one (`id` on card messages).
export function cardId(c: object | undefined): number | undefined {
  const v = (c as { id?: unknown } | undefined)?.id;
  const n = typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : 0;
  return n > 0 ? n : undefined;   // 0 is protobuf's "unset"
}

// A contest's face-up cards, one per row of the columns. A revealed card is face up by
// definition: its kind names it (the catalog says the rest).
export function revealedCards(r: Reveals | undefined): Revealed[] {
  if (!r) return [];
  const n = Math.min(r.owners.length, r.ids.length, r.kinds.length);
  return Array.from({ length: n }, (_, i) => ({
    owner: r.owners[i],
    step: r.steps[i] ?? 0,
    card: create(CardSchema, { id: r.ids[i], kind: r.kinds[i] }),
    bonus: r.strengthBonuses[i] ?? 0,
    id: r.ids[i] > 0 ? r.ids[i] : undefined,
  }));
}

// The last contest's face-up cards, in order of reveal.
export function lastContestCards(last: LastContest | undefined): Revealed[] {
  return revealedCards(last?.revealed);
}

// The last finished contest's number (0: none yet). The view writes it only when it is not
// the contest before View.contest (a match that ended inside one).
export function lastContestNumber(view: View | undefined): number {
  if (!view?.lastContest) return 0;
  return view.lastContest.number || view.contest - 1;
}

export function faceUpCount(view: View | undefined): number {
  return view ? view.battlefield.filter((b) => b.faceUp && b.card).length : 0;
}

export const contestPauseMs = 1500;
export const stepPauseMs = 1000;

// Hold a view on screen when it shows a reveal the previous one had not: a contest that
// resolved (its cards are in Last contest) or cards turning face up in the current contest
// (a War step, a Power decision). The match page scales it by the player's reveal speed.
export function revealPauseMs(previous: View | undefined, next: View): number {
  if (!previous) return 0;
  const before = lastContestNumber(previous);
  const after = lastContestNumber(next);
  if (after > before) return contestPauseMs;
  if (next.contest === previous.contest && faceUpCount(next) > faceUpCount(previous)) return stepPauseMs;
  return 0;
}
