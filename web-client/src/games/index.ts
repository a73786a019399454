// The one table of games this client can draw. Each game's module (options form, view
// schema, Table component, rules) is loaded with import() the first time a page needs it,
// so the home page does not download every table. Adding a game: write src/games/<id>.tsx
// (its default export is its GameClient) and add its entry here.
import type { AnyGameClient } from "./types.js";

export interface GameEntry {
  id: string;
  title: string;   // for lists drawn before the module is loaded (the same as the module's)
  // One line for the home page: what kind of game it is. Here, not in the module, so the
  // first visit's page has its final layout before any module loads (no Play button moving).
  blurb: string;
  load: () => Promise<{ default: AnyGameClient }>;   // the module; its default export is the game
}

export const gameEntries: readonly GameEntry[] = [
  { id: "space_war", title: "Space War: in Space!",
    blurb: "War with six factions for 2–6 players: flip, compare Strength, go to War on a tie, use your faction's Power.",
    load: () => import("./space_war.js") },
  { id: "space_race", title: "Space Race: The Card Game",
    blurb: "Build a space agency over seven rounds for 1–4 players: secret Control Cards, four Stages, Breakthroughs.",
    load: () => import("./space_race.js") },
  { id: "terminus", title: "Race to the Terminus",
    blurb: "Bring a deck you built, draft a Ship and its Crew, and race along the Star Chart while rivals throw Complications at you.",
    load: () => import("./terminus.js") },
  { id: "scoundrels", title: "S.P.A.C.E. — Scoundrels and Pirates",
    blurb: "Captain a smuggling ship across the map: take contracts for four syndicates, trade, fight and board rival ships, and roll the dice to escape.",
    load: () => import("./scoundrels.js") },
  { id: "quasar_search", title: "Quasar Search",
    blurb: "Play together against a Mission: confront each Challenge with one card per player, talk it over in the team chat, and steer the Acts to a good ending.",
    load: () => import("./quasar_search.js") },
];

const loaded = new Map<string, AnyGameClient>();
const loading = new Map<string, Promise<AnyGameClient | undefined>>();

// The game's client once loaded (synchronous; undefined before loadGame resolved).
export function findGame(id: string): AnyGameClient | undefined {
  return loaded.get(id);
}

// Loads a game's module (once); undefined for a game this client does not know.
export function loadGame(id: string): Promise<AnyGameClient | undefined> {
  const have = loaded.get(id);
  if (have) return Promise.resolve(have);
  let p = loading.get(id);
  if (!p) {
    const entry = gameEntries.find((g) => g.id === id);
    p = entry
      ? entry.load().then((m) => {
          loaded.set(id, m.default);
          return m.default;
        })
      : Promise.resolve(undefined);
    loading.set(id, p);
  }
  return p;
}

export async function loadAllGames(): Promise<AnyGameClient[]> {
  const all = await Promise.all(gameEntries.map((g) => loadGame(g.id)));
  return all.filter((g): g is AnyGameClient => g !== undefined);
}

export function knownGame(id: string): boolean {
  return gameEntries.some((g) => g.id === id);
}

export function gameBlurb(id: string): string {
  return gameEntries.find((g) => g.id === id)?.blurb ?? "";
}

export function gameTitle(id: string): string {
  return findGame(id)?.title ?? gameEntries.find((g) => g.id === id)?.title ?? id;
}
