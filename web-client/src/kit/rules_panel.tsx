// A game's rules for players: the summary (Markdown from the "## Summary" section of
// docs/rules/<id>.md, rendered with marked) and the glossary of every badge, keyword and
// term the table shows ("## Glossary"). scripts/gen_rules.mjs extracts both into
// src/gen/rules/<id>.ts; the text is ours, from the repository, so it is trusted HTML.
import { marked } from "marked";

import type { GameRules } from "../games/types.js";

export function renderRulesMarkdown(md: string): string {
  return marked.parse(md, { async: false, gfm: true });
}

export function RulesPanel(p: { title: string; rules: GameRules }) {
  return (
    <div class="rules-panel">
      <h2>How to play {p.title}</h2>
      <section class="rules-panel__summary" aria-label="Rules summary" dangerouslySetInnerHTML={{ __html: renderRulesMarkdown(p.rules.summary) }} />
      <section class="rules-panel__glossary" aria-label="Glossary">
        <h3>Glossary</h3>
        <dl>
          {p.rules.glossary.map((g) => [
            <dt key={`t-${g.term}`} id={`term-${g.term.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`}>{g.term}</dt>,
            <dd key={`d-${g.term}`}>{g.text}</dd>,
          ])}
        </dl>
      </section>
    </div>
  );
}

// The glossary entry for a term (case-insensitive), for Tips on the table.
export function glossaryText(rules: GameRules, term: string): string {
  const t = term.toLowerCase();
  return rules.glossary.find((g) => g.term.toLowerCase() === t)?.text ?? "";
}
