// The rules panel, loaded when first opened: it brings a Markdown renderer (marked, about
// 15 KB gzip) that no page needs before a player asks for the rules.
import { useEffect, useState } from "preact/hooks";

import type { GameRules } from "../games/types.js";

type RulesModule = typeof import("./rules_panel.js");

export function LazyRulesPanel(p: { title: string; rules: GameRules }) {
  const [mod, setMod] = useState<RulesModule | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import("./rules_panel.js").then((m) => setMod(m), () => setFailed(true));
  }, []);
  if (failed) return <p class="form-error">The rules could not be loaded; check the connection and try again.</p>;
  if (!mod) return <p class="muted">Loading the rules…</p>;
  const { RulesPanel } = mod;
  return <RulesPanel title={p.title} rules={p.rules} />;
}
