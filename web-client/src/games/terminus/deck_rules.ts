// Race to the Terminus's deck-building rules (rulebook "Building a Deck"), repeated here so
// the deck builder answers while a deck is edited. engine/terminus/deck_rules.cpp is the
// authority: every SaveDeck returns its Deck.problems, which the builder shows once saved.
import type { PoolCard } from "../../gen/starport/v1/protocol_pb.js";
import { copies, stat, type DeckRules } from "../../decks/model.js";

export const piles = [
  { kind: "Module", label: "Modules", count: 10 },
  { kind: "Recruit", label: "Recruits", count: 10 },
  { kind: "Complication", label: "Complications", count: 10 },
  { kind: "System", label: "Systems", count: 10 },
  { kind: "Action", label: "Actions", count: 20 },
] as const;

export const maxPower = 10;

const has = (card: PoolCard, tag: string) => card.tags.some((t) => t.toLowerCase() === tag.toLowerCase());

export const terminusDeckRules: DeckRules = {
  piles,
  copyLimit: (card) => (card.kind === "Action" && !has(card, "Unique") ? 2 : 1),
  problems(deck, pool) {
    const out: string[] = [];
    const unknown = deck.filter((i) => !pool[i]).length;
    if (unknown) out.push(`${unknown === 1 ? "One card is" : `${unknown} cards are`} not in the card pool.`);
    for (const p of piles) {
      const have = deck.filter((i) => pool[i]?.kind === p.kind).length;
      if (have !== p.count) out.push(`The ${p.label} Pile has ${have} cards; it needs exactly ${p.count}.`);
    }
    const counted = [...copies(deck)].filter(([i]) => pool[i]).map(([i, n]) => ({ card: pool[i], n }));
    const shared = counted.filter(({ card, n }) => n > 1 && card.kind !== "Action");
    for (const { card, n } of shared) out.push(`${card.name} is in the deck ${n} times: only Actions may share a name.`);
    for (const { card, n } of counted) if (card.kind === "Action" && !has(card, "Unique") && n > 2) out.push(`${card.name} is in the deck ${n} times: at most 2 Actions may share a name.`);
    const power = deck.reduce((sum, i) => sum + (pool[i]?.kind === "Complication" ? stat(pool[i], "Power") ?? 0 : 0), 0);
    if (power > maxPower) out.push(`The Complications' Power adds up to ${power}; at most ${maxPower} is allowed.`);
    for (const { card, n } of counted) if (card.kind === "Action" && has(card, "Unique") && n > 1) out.push(`${card.name} is Unique: one copy at most.`);
    const legacies = counted.filter(({ card }) => has(card, "Legacy")).reduce((s, x) => s + x.n, 0);
    if (legacies > 1) out.push(`The deck holds ${legacies} Legacy cards; at most 1 is allowed.`);
    return out;
  },
};

// The Complications' Power in the deck (shown beside the Piles' counts).
export function powerSum(deck: readonly number[], pool: readonly PoolCard[]): number {
  return deck.reduce((sum, i) => sum + (pool[i]?.kind === "Complication" ? stat(pool[i], "Power") ?? 0 : 0), 0);
}
