// The deck builder's pure part (docs/web-client.md, "Decks"): the pool's filters, a deck's
// counts per Pile, adding and removing copies, and the game's deck-building rules run
// here for instant feedback while a deck is edited. The server's Deck.problems, returned
// by every SaveDeck, stay the authority: the page shows them once the deck is saved.
import type { PoolCard } from "../gen/starport/v1/protocol_pb.js";

// One Pile of a deck: the cards of one kind (card type) and how many it must hold.
export interface PileRule {
  kind: string;       // PoolCard.kind: "Module"
  label: string;      // the Pile in words: "Modules"
  count: number;      // exactly this many
}

// A game's deck-building rules as the builder needs them (games/<id>/deck_rules.ts). They
// repeat the engine's rules (engine/<id>/deck_rules.cpp) for feedback while typing; a
// deck the client thinks playable is still checked by the server on save and on choice.
export interface DeckRules {
  piles: readonly PileRule[];
  // How many copies of this card one deck may hold (the + button stops there).
  copyLimit(card: PoolCard): number;
  // One sentence per broken rule, in the rulebook's order; empty: playable.
  problems(deck: readonly number[], pool: readonly PoolCard[]): string[];
}

export interface PoolFilter {
  kind: string;          // "" any
  tag: string;           // "" any; a keyword or subtype
  requirement: string;   // "" any; "none": cards without one; else a stat name ("Requires Intel")
  text: string;          // words found in the name, text, tags or kind (case-insensitive)
}

export const noFilter: PoolFilter = { kind: "", tag: "", requirement: "", text: "" };

// A stat naming a requirement: "Requires Certainty".
export function isRequirement(statName: string): boolean {
  return /^requires?\b/i.test(statName);
}

export function stat(card: PoolCard, name: string): number | undefined {
  const lower = name.toLowerCase();
  return card.stats.find((s) => s.name.toLowerCase() === lower)?.value;
}

// What the filters offer, from the pool itself: kinds in the Piles' order (others after),
// tags and requirement names sorted.
export function filterChoices(pool: readonly PoolCard[], piles: readonly PileRule[] = []): { kinds: string[]; tags: string[]; requirements: string[] } {
  const kinds = new Set<string>();
  const tags = new Set<string>();
  const requirements = new Set<string>();
  for (const c of pool) {
    kinds.add(c.kind);
    for (const t of c.tags) tags.add(t);
    for (const s of c.stats) if (isRequirement(s.name)) requirements.add(s.name);
  }
  const order = piles.map((p) => p.kind);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return {
    kinds: [...kinds].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
    tags: [...tags].sort((a, b) => a.localeCompare(b)),
    requirements: [...requirements].sort((a, b) => a.localeCompare(b)),
  };
}

function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(card: PoolCard, f: PoolFilter): boolean {
  if (f.kind && card.kind !== f.kind) return false;
  if (f.tag && !card.tags.includes(f.tag)) return false;
  if (f.requirement === "none" && card.stats.some((s) => isRequirement(s.name))) return false;
  if (f.requirement && f.requirement !== "none" && !card.stats.some((s) => s.name === f.requirement)) return false;
  const wanted = words(f.text);
  if (wanted.length) {
    const hay = [card.name, card.kind, card.text, ...card.tags, ...card.stats.map((s) => s.name)].join(" ").toLowerCase();
    if (!wanted.every((w) => hay.includes(w))) return false;
  }
  return true;
}

export function filterPool(pool: readonly PoolCard[], f: PoolFilter): PoolCard[] {
  return pool.filter((c) => matchesFilter(c, f));
}

// Copies per pool index.
export function copies(deck: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const i of deck) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
}

export interface PileCount extends PileRule {
  have: number;
}

// Each Pile's count against its size, then one line per kind the rules do not know.
export function pileCounts(deck: readonly number[], pool: readonly PoolCard[], piles: readonly PileRule[]): PileCount[] {
  const byKind = new Map<string, number>();
  for (const i of deck) {
    const kind = pool[i]?.kind ?? "?";
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const out: PileCount[] = piles.map((p) => ({ ...p, have: byKind.get(p.kind) ?? 0 }));
  for (const [kind, have] of byKind) if (!piles.some((p) => p.kind === kind)) out.push({ kind, label: kind, count: 0, have });
  return out;
}

// Why one more copy of `card` cannot go in, or "" when it can: the copy limit, then a full Pile.
export function addProblem(deck: readonly number[], card: PoolCard, pool: readonly PoolCard[], rules: DeckRules): string {
  const have = copies(deck).get(card.index) ?? 0;
  const limit = rules.copyLimit(card);
  if (have >= limit) return limit === 0 ? `${card.name} may not be brought in a deck.` : limit === 1 ? `${card.name}: one copy at most.` : `${card.name}: ${limit} copies at most.`;
  const pile = rules.piles.find((p) => p.kind === card.kind);
  if (pile && pileCounts(deck, pool, [pile])[0].have >= pile.count) return `The ${pile.label} Pile is full (${pile.count}).`;
  return "";
}

export function addCard(deck: readonly number[], index: number): number[] {
  return [...deck, index];
}

// Removes one copy (the last one listed); the deck unchanged when it has none.
export function removeCard(deck: readonly number[], index: number): number[] {
  const at = deck.lastIndexOf(index);
  if (at < 0) return [...deck];
  return [...deck.slice(0, at), ...deck.slice(at + 1)];
}

// The deck's cards grouped by Pile (in the Piles' order), each with its copies, by name.
export function deckGroups(deck: readonly number[], pool: readonly PoolCard[], piles: readonly PileRule[]): { kind: string; label: string; cards: { card: PoolCard; copies: number }[] }[] {
  const counted = copies(deck);
  const groups = new Map<string, { card: PoolCard; copies: number }[]>();
  for (const [index, n] of counted) {
    const card = pool[index];
    if (!card) continue;
    const list = groups.get(card.kind) ?? [];
    list.push({ card, copies: n });
    groups.set(card.kind, list);
  }
  const kinds = [...piles.map((p) => p.kind), ...[...groups.keys()].filter((k) => !piles.some((p) => p.kind === k))];
  return kinds
    .filter((k) => groups.has(k))
    .map((k) => ({
      kind: k,
      label: piles.find((p) => p.kind === k)?.label ?? k,
      cards: (groups.get(k) ?? []).sort((a, b) => a.card.name.localeCompare(b.card.name)),
    }));
}

// Same cards, any order.
export function sameCards(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

// A deck name as the server takes it: 1–40 printable characters (code points), trimmed.
export function nameProblem(name: string): string {
  const n = [...name.trim()].length;
  if (n === 0) return "Give the deck a name.";
  if (n > 40) return `A deck name is at most 40 characters; this one has ${n}.`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return "A deck name cannot hold control characters.";
  return "";
}

// "Copy of Pathfinders", cut to 40 characters.
export function copyName(name: string): string {
  return [...`Copy of ${name}`].slice(0, 40).join("");
}

// `name`, or "name 2", "name 3" … — the first that none of `taken` has (names are unique per
// account and game on the server, compared without case), cut to 40 characters.
export function freeName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.trim().toLowerCase()));
  const cut = (s: string, room: number) => [...s].slice(0, room).join("").trimEnd();
  if (!used.has(name.trim().toLowerCase())) return cut(name, 40);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const candidate = `${cut(name, 40 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

// A file name for a downloaded list: "pathfinders.txt".
export function exportFileName(name: string): string {
  const base = name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return `${base || "deck"}.txt`;
}
