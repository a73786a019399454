// Keyword and subtype explanations for tooltips (the builder's tags, the table's badges),
// from docs/rules/terminus.md's Glossary (generated into src/gen/rules/terminus.ts).
import { rules } from "../../gen/rules/terminus.js";

export const glossary = rules.glossary;

// A term's explanation: an exact match, or a glossary term that starts with it
// ("Farsight" → "Farsight X"); "" when the glossary has none.
export function explain(term: string): string {
  const lower = term.toLowerCase();
  return glossary.find((g) => g.term.toLowerCase() === lower || g.term.toLowerCase().startsWith(`${lower} `))?.text ?? "";
}
