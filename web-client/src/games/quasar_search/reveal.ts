// Quasar Search reveal pacing: hold a view a moment when something the whole team should
// see just happened between two frames — the Confrontation turning face up together, a
// Challenge judged (Success or Failure), a new Act, the Ranks revealed.
import type { View } from "../../gen/starport/v1/quasar_search_pb.js";

export const revealConfrontationMs = 1400;
export const verdictPauseMs = 1200;
export const newActPauseMs = 1500;
export const ranksPauseMs = 900;

const revealed = (v: View) => v.confrontation.filter((c) => c.revealed).length;
// Which Challenge was judged last (its index, or -1): a new one judged and cleared within the
// same move still deserves the verdict's pause (the table shows it as the last verdict).
const judgedKey = (v: View) => (v.lastJudged ? String(v.lastJudged.challenge) : "");
const ranksShown = (v: View) => v.seats.filter((s) => s.rank).length;

export function revealPauseMs(previous: View | undefined, next: View): number {
  if (!previous) return 0;
  if ((next.act?.sequence ?? 0) !== (previous.act?.sequence ?? 0) || next.actsPlayed !== previous.actsPlayed) return newActPauseMs;
  if (revealed(next) > revealed(previous)) return revealConfrontationMs;
  if (next.resolved && !previous.resolved) return verdictPauseMs;
  if (judgedKey(next) !== judgedKey(previous) && judgedKey(next) !== "") return revealConfrontationMs + verdictPauseMs;
  if (ranksShown(next) > ranksShown(previous)) return ranksPauseMs;
  return 0;
}
