// What a contest revealed, and how long to hold it on screen. The view lists the last
// contest's face-up cards in LastContest.revealed (each with its copy's `id`, its `kind` and
// its Strength bonus); the table falls back to the face-up cards it saw on the Battlefield.
import { create } from "@bufbuild/protobuf";

import { CardSchema, type Card, type LastContest, type RevealedCard, type View } from "../../gen/starport/v1/space_war_pb.js";

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

// A revealed card is face up by definition: its kind names it (the catalog says the rest).
export function fromRevealed(r: RevealedCard): Revealed {
  return { owner: r.owner, step: r.step, card: create(CardSchema, { id: r.id, kind: r.kind }), bonus: r.strengthBonus, id: cardId(r) };
}

// The last contest's face-up cards, in order of reveal.
export function lastContestCards(last: LastContest | undefined): Revealed[] {
  return last ? last.revealed.map(fromRevealed) : [];
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
