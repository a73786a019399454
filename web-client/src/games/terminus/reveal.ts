// Terminus reveal pacing: hold a view a moment when something everyone should see just
// happened between two frames — the Draft's picks turning face up together, a Complication
// (or ability) joining the Cascade, or the Cascade resolving an entry.
import { Step, type View } from "../../gen/starport/v1/terminus_pb.js";

export const flipPauseMs = 1400;
export const cascadePauseMs = 1100;

const faceUpDrafted = (v: View) => v.seats.reduce((n, s) => n + (s.ships[0]?.modules.length ?? 0) + (s.ships[0]?.crew.length ?? 0), 0);

export function revealPauseMs(previous: View | undefined, next: View): number {
  if (!previous) return 0;
  const drafting = (v: View) => v.step === Step.MODULE_DRAFT || v.step === Step.RECRUIT_DRAFT;
  if ((drafting(previous) || drafting(next)) && faceUpDrafted(next) > faceUpDrafted(previous)) return flipPauseMs;
  if (next.cascade.length !== previous.cascade.length) return cascadePauseMs;
  return 0;
}
