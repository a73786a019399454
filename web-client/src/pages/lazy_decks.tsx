// The deck builder page, loaded with import() the first time it is opened (the pool view,
// its filters and the deck rules stay out of the main bundle).
import { useEffect, useState } from "preact/hooks";

import type { App } from "../app.js";
import type { Route } from "../router.js";

type DecksModule = typeof import("./decks.js");
let loaded: DecksModule | null = null;

export function LazyDecksPage(p: { app: App; route: Route }) {
  const [mod, setMod] = useState<DecksModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    import("./decks.js").then((m) => setMod((loaded = m)), () => setFailed(true));
  }, []);
  if (failed) return <div class="page"><p class="form-error">The deck builder could not be loaded; check the connection and reload the page.</p></div>;
  if (!mod) return <div class="page"><p class="muted">Loading the deck builder…</p></div>;
  return <mod.DecksPage app={p.app} route={p.route} />;
}
