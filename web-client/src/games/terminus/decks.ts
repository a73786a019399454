// What the deck builder needs of Race to the Terminus: the deck rules, the glossary for
// keyword tooltips, and the Power line.
import type { DeckGame } from "../../decks/games.js";
import { maxPower, powerSum, terminusDeckRules } from "./deck_rules.js";
import { glossary } from "./glossary.js";

export const deckGame: DeckGame = {
  rules: terminusDeckRules,
  glossary,
  summaryLine: (deck, pool) => `Complication Power ${powerSum(deck, pool)} of ${maxPower}`,
};
