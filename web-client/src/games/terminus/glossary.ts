// Keyword and subtype explanations for tooltips (the builder's tags, the table's badges).
// TEMPORARY until docs/rules/terminus.md is merged from term-engine: then this reads its
// generated glossary (src/gen/rules/terminus.ts).
export const glossary: { term: string; text: string }[] = [];

export function explain(term: string): string {
  const lower = term.toLowerCase();
  return glossary.find((g) => g.term.toLowerCase() === lower || g.term.toLowerCase().startsWith(`${lower} `))?.text ?? "";
}
