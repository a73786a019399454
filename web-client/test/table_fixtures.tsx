// What a rendered table gets from the match page in the table tests: seat names and a
// button per action, drawn as the match page's ActionButton draws one (kind and args as data).
import type { ComponentChildren } from "preact";

import type { Action } from "../src/gen/starport/v1/common_pb.js";

const names = ["Ada", "Bot Brigid", "Bot Cato", "Dee"];
export const seatName = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;

export function Button(p: { action: Action; class?: string; confirm?: string; children?: ComponentChildren }) {
  return (
    <button type="button" class={p.class} data-kind={p.action.kind} data-args={p.action.args.join(",")}>
      {p.children}
    </button>
  );
}
