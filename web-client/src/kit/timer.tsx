// A live countdown to a turn deadline (on the clock `serverNow` reads), red for the last 10 s:
// "13s left", which reads alone beside a name and inside a sentence.
import { useEffect, useState } from "preact/hooks";

import type { TableContext } from "../games/types.js";
import { formatSeconds, timerUrgent } from "../ui/format.js";

export function Timer(p: { deadlineMs: number; serverNow: () => number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const left = p.deadlineMs - p.serverNow();
  return (
    <div class={`timer${timerUrgent(left) ? " urgent" : ""}`} data-deadline={String(p.deadlineMs)}>
      {formatSeconds(left)} left
    </div>
  );
}

// The viewer's own countdown under the decision it times (a phone shows the seat panels,
// where each seat's countdown also is, screens below the buttons). Empty without a timer. A
// div: the Timer is one, and a paragraph may not hold it.
export function DecisionTimer({ ctx }: { ctx: TableContext }) {
  return ctx.viewer !== null ? <div class="decision-timer">{ctx.timer(ctx.viewer)}</div> : null;
}
