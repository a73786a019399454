// The turn timers a view stream carries (ViewUpdate.deadlines_ms, stopped_turns and full_turns;
// docs/protocol.md, "Turn timers"), read as server/protocol/turn_timers.cpp reads them.

// Per seat, when its timer runs out on this page's clock (ms), 0 for none, after an update
// received at `receivedMs`: a snapshot starts from no timers; deadlines_ms, when present,
// gives every seat's ms left; each seat in stopped_turns (bit 1 << seat) has no timer now;
// then each seat in full_turns (bit 1 << seat) has a whole turn
// (MatchInfo.turn_seconds) from now. null when the update names a whole turn of a match
// without turn timers (the caller keeps what it had).
export function readTurnTimers(
  previous: readonly number[],
  update: { snapshot: boolean; deadlinesMs: readonly number[]; fullTurns: number; stoppedTurns: number },
  turnSeconds: number,
  receivedMs: number,
): number[] | null {
  if (update.fullTurns !== 0 && turnSeconds <= 0) return null;
  let deadlines = update.snapshot ? [] : [...previous];
  if (update.snapshot || update.deadlinesMs.length) deadlines = update.deadlinesMs.map((left) => (left ? receivedMs + left : 0));
  for (let seat = 0; seat < 32 && seat < deadlines.length; seat++) if ((update.stoppedTurns >>> seat) & 1) deadlines[seat] = 0;
  for (let seat = 0; seat < 32; seat++) {
    if (((update.fullTurns >>> seat) & 1) === 0) continue;
    while (deadlines.length <= seat) deadlines.push(0);
    deadlines[seat] = receivedMs + turnSeconds * 1000;
  }
  return deadlines;
}
