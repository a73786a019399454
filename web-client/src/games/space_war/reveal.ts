// What a contest revealed, and how long to hold it on screen. The engine adds the last
// contest's revealed cards by step to LastContest (and a stable `id` to each card); until
// that field is in the schema this reads whatever repeated card list LastContest carries,
// and the table falls back to the face-up cards it saw on the Battlefield.
import type { BattlefieldCard, Card, LastContest, View } from "../../gen/starport/v1/space_war_pb.js";

export interface Revealed {
  owner: number;
  step: number;
  card?: Card;
  strength?: number;
  id?: number;
}

// The stable id of a card copy, once views carry one (`id` on card messages).
export function cardId(c: object | undefined): number | undefined {
  const v = (c as { id?: unknown } | undefined)?.id;
  const n = typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : 0;
  return n > 0 ? n : undefined;   // 0 is protobuf's "unset"
}

function fromBattlefield(b: BattlefieldCard | Revealed): Revealed {
  return { owner: b.owner, step: b.step, card: b.card, strength: b.strength, id: cardId(b.card) ?? cardId(b) };
}

// The last contest's face-up cards as LastContest carries them, by step: either a list of
// battlefield-like entries (owner, step, card) or a list of steps each with its cards.
export function lastContestCards(last: LastContest | undefined): Revealed[] {
  if (!last) return [];
  for (const [key, value] of Object.entries(last)) {
    if (key.startsWith("$") || key === "events" || key === "conquered" || !Array.isArray(value) || !value.length) continue;
    const first = value[0] as Record<string, unknown>;
    if (typeof first !== "object" || first === null) continue;
    if ("card" in first && "owner" in first)
      return (value as unknown as BattlefieldCard[]).filter((b) => b.card && b.faceUp !== false).map(fromBattlefield);
    if ("cards" in first && Array.isArray(first.cards)) {
      const out: Revealed[] = [];
      (value as unknown as { step?: number; cards: (BattlefieldCard | Card)[] }[]).forEach((s, i) => {
        for (const c of s.cards) {
          if ("owner" in c) {
            if (c.card && c.faceUp !== false) out.push({ ...fromBattlefield(c), step: c.step ?? s.step ?? i });
          }
        }
      });
      if (out.length) return out;
    }
  }
  return [];
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
  const before = previous.lastContest?.number ?? 0;
  const after = next.lastContest?.number ?? 0;
  if (after > before) return contestPauseMs;
  if (next.contest === previous.contest && faceUpCount(next) > faceUpCount(previous)) return stepPauseMs;
  return 0;
}
