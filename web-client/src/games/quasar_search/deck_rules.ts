// Quasar Search's deck-building rules (docs/rules/quasar_search_cards.md, "Deck building"),
// repeated here so the deck builder answers while a deck is edited. engine/quasar_search/
// deck_rules.cpp is the authority: every SaveDeck returns its Deck.problems, which the
// builder shows once saved; the sentences below are its sentences, word for word.
import type { PoolCard } from "../../gen/starport/v1/protocol_pb.js";
import { copies, type DeckRules } from "../../decks/model.js";
import { joinNames } from "../../kit/words.js";   // "A, B and C", as the engine's `listing` joins names

export const minPlayerCards = 30;
export const maxPlayerCards = 39;   // a list is at most 40 cards, the Faction card included
const maxCopies = 3;
const maxSpecialCopies = 2;         // Projects and Overcommit cards

const has = (card: PoolCard, tag: string) => card.tags.includes(tag);
const playerCard = (card: PoolCard) => card.kind === "Crew" || card.kind === "Project";
const special = (card: PoolCard) => card.kind === "Project" || has(card, "Overcommit");


// A card's faction: a Faction card's own name; a faction's own card carries that name as a
// tag; "" for a neutral card.
function factionOf(card: PoolCard, pool: readonly PoolCard[]): string {
  if (card.kind === "Faction") return card.name;
  return card.tags.find((t) => pool.some((c) => c.kind === "Faction" && c.name === t)) ?? "";
}

// Crew and Projects in the deck: the Faction card and Lost in Space are not player cards.
export function playerCards(deck: readonly number[], pool: readonly PoolCard[]): number {
  return deck.filter((i) => pool[i] && playerCard(pool[i])).length;
}

export const quasarDeckRules: DeckRules = {
  // No Piles: a Faction Pile of 1 would read "33 of 1 cards" under the counts; the counts by
  // kind and the player-card line (decks.ts) say enough, and the sentences say the rest.
  piles: [],
  // Lost in Space 0: the box supplies it, so its + never works.
  copyLimit: (card) =>
    card.kind === "Lost in Space" ? 0 : card.kind === "Faction" ? 1 : special(card) ? maxSpecialCopies : maxCopies,
  problems(deck, pool) {
    const out: string[] = [];
    // 1. Cards not in the pool: the first five by number, in the list's order.
    const unknown = deck.filter((i) => !pool[i]);
    if (unknown.length)
      out.push(`The deck names ${unknown.length}${unknown.length === 1 ? " card that is" : " cards that are"} not in the pool (number ${joinNames(unknown.slice(0, 5).map(String))}${unknown.length > 5 ? " …" : ""}).`);
    // The rest names cards in pool order, as the engine does.
    const counted = [...copies(deck)].filter(([i]) => pool[i]).sort(([a], [b]) => a - b).map(([i, n]) => ({ card: pool[i], n }));
    // 2. Exactly one Faction card (each copy named).
    const factionNames = counted.filter(({ card }) => card.kind === "Faction").flatMap(({ card, n }) => Array<string>(n).fill(card.name));
    if (!factionNames.length) out.push("The deck needs exactly one Faction card; it has none.");
    else if (factionNames.length > 1) out.push(`The deck needs exactly one Faction card; it has ${factionNames.length} (${joinNames(factionNames)}).`);
    // 3. No Lost in Space.
    if (counted.some(({ card }) => card.kind === "Lost in Space")) out.push("Lost in Space may not be brought in a deck; the box supplies it.");
    // 4. 30 to 39 player cards besides the Faction card.
    const players = playerCards(deck, pool);
    if (players < minPlayerCards || players > maxPlayerCards)
      out.push(`The deck needs ${minPlayerCards} to ${maxPlayerCards} player cards besides its Faction card; it has ${players}.`);
    // 5. Copies of one card.
    const many = counted.filter(({ card, n }) => playerCard(card) && n > (special(card) ? maxSpecialCopies : maxCopies)).map(({ card, n }) => `${n} ${card.name}`);
    if (many.length) out.push(`A deck may hold at most 3 copies of a card, and 2 of a Project or an Overcommit card, but this one has ${joinNames(many)}.`);
    // 6. Another faction's cards (each named once).
    const faction = factionNames.length === 1 ? factionNames[0] : "";
    const foreign = counted.filter(({ card }) => card.kind !== "Faction" && factionOf(card, pool) && factionOf(card, pool) !== faction).map(({ card }) => card.name);
    if (foreign.length) {
      const whose = faction ? `a ${faction} deck` : "a deck without exactly one Faction card";
      out.push(`${joinNames(foreign)} ${foreign.length === 1 ? "belongs" : "belong"} to another faction and may not be in ${whose}.`);
    }
    return out;
  },
};
