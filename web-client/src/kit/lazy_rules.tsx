// The rules panel, loaded when first opened: it brings a Markdown renderer (marked, about
// 15 KB gzip) that no page needs before a player asks for the rules.
import { useEffect, useState } from "preact/hooks";

import type { AnyGameClient, GameRules } from "../games/types.js";
import { Dialog } from "./dialog.js";

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

// The Rules button and the dialog it opens (a modal: it shows above the page wherever it
// sits), the same on the match page and the replay page.
export function RulesButton(p: { game: AnyGameClient }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" name="rules" class="secondary" onClick={() => setOpen(true)}>Rules</button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Rules: ${p.game.title}`} testid="rules-dialog">
        <LazyRulesPanel title={p.game.title} rules={p.game.rules} />
      </Dialog>
    </>
  );
}
