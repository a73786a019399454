// "Choose any of these, then confirm": one checkbox under each item and one button, for a
// decision the server lists as one legal action per subset (Terminus's mulligan: 16 masks
// for 4 cards). Buttons for every subset would be a wall of near-identical moves; here the
// player ticks items and presses once. The picker never builds an action: `actionFor` maps
// the ticked items to the matching listed action, and the button is that action's
// ctx.ActionButton (nothing is sent for a set the server did not list). Every action the
// picker stands for is claimed (ctx.claim), so the generic move panel does not list them.
import type { ComponentChildren, FunctionComponent } from "preact";
import { useState } from "preact/hooks";

import type { Action } from "../gen/starport/v1/common_pb.js";
import "./kit.css";

export interface SubsetItem {
  key: string | number;        // stable while the same items are offered (a card's id)
  name: string;                // the item in words, for the checkbox's accessible name
  children: ComponentChildren; // the item as drawn (a card)
}

export interface SubsetPickerProps {
  legend: string;              // what is being chosen: "Cards to replace"
  items: SubsetItem[];
  toggle: string;              // each checkbox's visible words: "Replace"
  actions: Action[];           // every listed action this choice stands for
  // The listed action for the items ticked (their places in `items`), or undefined.
  actionFor(chosen: readonly number[]): Action | undefined;
  label(action: Action): string;   // the confirm button's words for that action
  Button: FunctionComponent<{ action: Action; class?: string; children?: ComponentChildren }>;
  claim?(actions: Action[]): void;
  name?: string;               // the checkboxes' name (tests and the browser harness find them by it)
}

// The ticked places, in order, from a set that may hold places no longer offered.
export function chosenPlaces(ticked: ReadonlySet<number>, count: number): number[] {
  return [...ticked].filter((i) => i >= 0 && i < count).sort((a, b) => a - b);
}

// A bitmask of places (bit i: the i-th item), the usual way a game lists a subset.
export function maskOf(places: readonly number[]): number {
  return places.reduce((m, i) => m | (1 << i), 0);
}

export function SubsetPicker(p: SubsetPickerProps) {
  // The ticks belong to the items they were made on: new items start with none ticked.
  const itemsKey = p.items.map((it) => it.key).join(",");
  const [state, setState] = useState<{ itemsKey: string; ticked: Set<number> }>({ itemsKey, ticked: new Set() });
  const ticked = state.itemsKey === itemsKey ? state.ticked : new Set<number>();
  p.claim?.(p.actions);
  const chosen = chosenPlaces(ticked, p.items.length);
  const action = p.actionFor(chosen);
  const B = p.Button;
  const flip = (i: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(i);
    else next.delete(i);
    setState({ itemsKey, ticked: next });
  };
  return (
    <fieldset class="subset-picker" data-chosen={chosen.join(",")}>
      <legend>{p.legend}</legend>
      {/* --items: how many share a row on a phone (kit.css) */}
      <div class="card-row subset-picker__items" style={{ "--items": String(p.items.length) }}>
        {p.items.map((it, i) => {
          const on = ticked.has(i);
          return (
            <div key={it.key} class={`subset-picker__item${on ? " subset-picker__item--on" : ""}`} data-place={i} data-on={on ? "1" : "0"}>
              {it.children}
              <label class="subset-picker__toggle">
                <input type="checkbox" name={p.name} value={String(i)} checked={on} onChange={(ev) => flip(i, (ev.currentTarget as HTMLInputElement).checked)} />
                {p.toggle}
                <span class="visually-hidden"> {it.name}</span>
              </label>
            </div>
          );
        })}
      </div>
      <div class="buttons subset-picker__confirm">
        {action ? (
          // One key for every set: the same button element stays (and keeps the focus) while ticks change.
          <B key="confirm" action={action} class="subset-picker__send">{p.label(action)}</B>
        ) : (
          <p class="muted" role="status">That choice is not allowed now: change what is ticked.</p>
        )}
      </div>
    </fieldset>
  );
}
