// SCAFFOLD (replaced by the kit-tables branch): a game's rules summary and glossary.
import type { GameRules } from "../games/types.js";

export function RulesPanel(p: { title: string; rules: GameRules }) {
  return (
    <div class="rules-panel">
      <h2>{p.title}</h2>
      <dl>{p.rules.glossary.map((g) => [<dt>{g.term}</dt>, <dd>{g.text}</dd>])}</dl>
    </div>
  );
}
