// The log panel: one <li> per line, "{seat:N}" and "{card:K}" filled with names, and it stays
// scrolled to the bottom only if the reader was there (scrolling up to read is kept).
import { useStickToBottom } from "./stick_to_bottom.js";
import { fillSeats } from "./words.js";

export function LogPanel(p: {
  lines: readonly string[];
  seatName: (seat: number) => string;
  cardName?: (kind: number) => string;   // "{card:K}" (useCardNames)
  empty?: string;
  muted?: (line: string) => boolean;
  label?: string;
}) {
  const { ref, onScroll } = useStickToBottom<HTMLUListElement>();
  const first = Math.max(0, p.lines.length - 300);
  return (
    <ul
      ref={ref}
      class="log match-log"
      data-testid="log"
      tabIndex={0}
      aria-label={p.label ?? "Match log"}
      onScroll={onScroll}
    >
      {p.lines.length === 0 ? <li class="muted">{p.empty ?? "None yet."}</li> : null}
      {p.lines.slice(first).map((line, i) => (
        <li key={first + i} class={p.muted?.(line) ? "muted" : undefined}>{fillSeats(line, p.seatName, p.cardName)}</li>
      ))}
    </ul>
  );
}
