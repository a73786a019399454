// The match page's move button: shows "sending…" while the move awaits its answer, asks
// twice for moves with `confirm` (Resign), and keeps keyboard focus across updates (it is
// the same element from one render to the next: keyed by the action).
import { equals } from "@bufbuild/protobuf";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

import { ActionSchema, type Action } from "../gen/starport/v1/common_pb.js";

export function actionKey(action: Action): string {
  return `${action.kind}${action.args.length ? `:${action.args.join(",")}` : ""}`;
}

export interface ActionButtonProps {
  action: Action;
  label: ComponentChildren;
  // May it be pressed now (connected, the newest view lists it, nothing in flight)?
  enabled: boolean;
  sending: boolean;
  onPress: (action: Action) => void;
  class?: string;
  // A second press is needed; the first one shows this sentence (4 s to confirm).
  confirm?: string;
  name?: string;
  // "resign": not a game move — drawn without the `action` class that marks moves.
  kind?: "move" | "resign";
}

export function ActionButton(p: ActionButtonProps) {
  const [asking, setAsking] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asking) return;
    const t = setTimeout(() => setAsking(false), 4000);
    return () => clearTimeout(t);
  }, [asking]);
  const classes = [p.kind === "resign" ? "resign" : "action", p.class ?? "", p.sending ? "sending" : "", asking ? "confirming" : ""].filter(Boolean).join(" ");
  return (
    <button
      ref={ref}
      type="button"
      class={classes}
      name={p.name}
      data-action={actionKey(p.action)}
      // aria-disabled rather than disabled: a disabled button loses keyboard focus, and a
      // keyboard player's focus must stay where it was while the move is on its way.
      aria-disabled={p.enabled ? undefined : "true"}
      aria-busy={p.sending ? "true" : undefined}
      onClick={() => {
        if (!p.enabled) return;
        if (p.confirm && !asking) {
          setAsking(true);
          return;
        }
        setAsking(false);
        p.onPress(p.action);
      }}
      onKeyDown={(ev) => {
        if (ev.key === "Escape" && asking) setAsking(false);
      }}
    >
      {asking ? p.confirm : p.label}
      {p.sending ? <span class="visually-hidden"> (sending)</span> : null}
    </button>
  );
}

export function sameAction(a: Action, b: Action): boolean {
  return equals(ActionSchema, a, b);
}
