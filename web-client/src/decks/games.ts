// The deck games this client can build decks for: each one's deck-building rules (for the
// builder's instant feedback) and its glossary (tooltips on keywords), loaded with import()
// when the builder or a lobby first needs them. A game whose GameInfo.uses_decks is set but
// which is not listed here still gets a builder: counts by kind and the server's problems.
import type { GameRules } from "../games/types.js";
import type { DeckRules } from "./model.js";

export interface DeckGame {
  rules: DeckRules;
  glossary: GameRules["glossary"];
  // One extra line under the Pile counts (Terminus: the Complications' Power), or "".
  summaryLine?(deck: readonly number[], pool: readonly import("../gen/starport/v1/protocol_pb.js").PoolCard[]): string;
}

const deckGames: Record<string, () => Promise<DeckGame>> = {
  terminus: () => import("../games/terminus/decks.js").then((m) => m.deckGame),
  quasar_search: () => import("../games/quasar_search/decks.js").then((m) => m.deckGame),
};

const loaded = new Map<string, DeckGame>();

export function findDeckGame(id: string): DeckGame | undefined {
  return loaded.get(id);
}

export async function loadDeckGame(id: string): Promise<DeckGame | undefined> {
  const have = loaded.get(id);
  if (have) return have;
  const load = deckGames[id];
  if (!load) return undefined;
  const game = await load();
  loaded.set(id, game);
  return game;
}
