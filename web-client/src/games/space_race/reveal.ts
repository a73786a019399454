// Space Race reveal pacing: the secret Control Card choices turn face up together when
// the last seat chooses; hold that view a moment so players see everyone's choice (and
// the face-down Universe cards turning up) before play moves on.
import type { View } from "../../gen/starport/v1/space_race_pb.js";

export const controlRevealPauseMs = 1500;

const revealedControls = (v: View): number => v.seats.filter((s) => s.currentControl).length + (v.opponent?.played.length ?? 0);

export function revealPauseMs(previous: View | undefined, next: View): number {
  if (!previous) return 0;
  // Before the reveal a seat sees at most its own choice; after it, every seat's.
  const others = (v: View) => v.seats.filter((s) => s.currentControl && s.seat !== v.viewerSeat).length;
  if (others(next) > others(previous) && next.seats.length > 1) return controlRevealPauseMs;
  if (next.opponent && revealedControls(next) > revealedControls(previous) && next.round >= previous.round) return controlRevealPauseMs;
  return 0;
}
