// SCAFFOLD (replaced by the kit-tables branch): a term with its explanation on hover,
// focus or tap (role="tooltip"), for powers, badges and keywords.
import type { ComponentChildren } from "preact";

export function Tip(p: { text: string; children: ComponentChildren }) {
  return <span class="tip" tabIndex={0} title={p.text}>{p.children}</span>;
}
