// What the deck builder needs of Quasar Search: the deck rules, the glossary for keyword
// tooltips, and the player-card count against its range.
import type { DeckGame } from "../../decks/games.js";
import { rules } from "../../gen/rules/quasar_search.js";
import { maxPlayerCards, minPlayerCards, playerCards, quasarDeckRules } from "./deck_rules.js";

export const deckGame: DeckGame = {
  rules: quasarDeckRules,
  glossary: rules.glossary,
  summaryLine: (deck, pool) => `Player cards ${playerCards(deck, pool)} (${minPlayerCards} to ${maxPlayerCards})`,
};
