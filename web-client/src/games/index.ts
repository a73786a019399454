// The one table of games this client can draw. Adding a game: write src/games/<id>.ts
// (options form, view schema, table renderer, action labels) and add one line here.
import { spaceRace } from "./space_race.js";
import { spaceWar } from "./space_war.js";
import type { AnyGameClient } from "./types.js";

export const games: readonly AnyGameClient[] = [spaceWar, spaceRace];

export function findGame(id: string): AnyGameClient | undefined {
  return games.find((g) => g.id === id);
}

export function gameTitle(id: string): string {
  return findGame(id)?.title ?? id;
}
