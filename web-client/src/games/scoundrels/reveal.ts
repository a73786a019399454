// S.P.A.C.E. reveal pacing: hold a view a moment when something everyone should see just
// happened between two frames — a new roll of the dice (so a bot's escape roll is seen
// before the fight moves on), a fight round resolved, or a ship moved.
import type { View } from "../../gen/starport/v1/scoundrels_pb.js";

export const rollPauseMs = 1200;
export const roundPauseMs = 1000;
export const movePauseMs = 350;

const latestRoll = (v: View) => v.dice.reduce((m, r) => Math.max(m, r.number), 0);

export function revealPauseMs(previous: View | undefined, next: View): number {
  if (!previous) return 0;
  if (latestRoll(next) > latestRoll(previous)) return rollPauseMs;
  if ((next.fight?.rounds.length ?? 0) > (previous.fight?.rounds.length ?? 0)) return roundPauseMs;
  if (next.ships.some((s) => previous.ships.find((p) => p.seat === s.seat)?.location !== s.location)) return movePauseMs;
  return 0;
}
