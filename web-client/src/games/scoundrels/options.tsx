// The lobby's S.P.A.C.E. options: who holds the 1st Player token on turn 1, the delivery
// that ends the game (the rulebook's 8th; fewer for a short game) and the turn limit (the
// engine's safeguard, 0: its default, 40).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

import { OptionsSchema, type Options } from "../../gen/starport/v1/scoundrels_pb.js";
import type { OptionsFormProps } from "../types.js";
import { ordinal } from "../../kit/words.js";

export const defaultDeliveries = 8;
export const defaultTurnLimit = 40;

export function buildOptions(seats: number, firstPlayer: number, deliveries: number, turnLimit: number): Options | string {
  if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= Math.max(1, seats)) return "The first player must be one of the seats.";
  if (!Number.isInteger(deliveries) || deliveries < 1 || deliveries > 8) return "The deliveries that end the game are a whole number from 1 to 8.";
  if (!Number.isInteger(turnLimit) || turnLimit < 0 || turnLimit > 200) return "The turn limit is a whole number from 1 to 200 (0: the default, 40).";
  return create(OptionsSchema, { firstPlayer, deliveriesToWin: deliveries === defaultDeliveries ? 0 : deliveries, turnLimit });
}

export function describeOptions(bytes: Uint8Array): string[] {
  let o: Options;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  const d = o.deliveriesToWin || defaultDeliveries;
  return [
    `Seat ${o.firstPlayer + 1} holds the 1st Player token first`,
    d === defaultDeliveries ? "A syndicate's 8th delivery ends the game" : `Short game: a syndicate's ${ordinal(d)} delivery ends it`,
    `Turn limit: ${o.turnLimit || defaultTurnLimit}`,
  ];
}

export function OptionsForm({ seats, onChange }: OptionsFormProps) {
  const [first, setFirst] = useState(0);
  const [deliveries, setDeliveries] = useState(defaultDeliveries);
  const [limit, setLimit] = useState(0);
  const firstPlayer = first < seats ? first : 0;
  useEffect(() => {
    const o = buildOptions(seats, firstPlayer, deliveries, limit);
    onChange(typeof o === "string" ? o : toBinary(OptionsSchema, o));
  }, [seats, firstPlayer, deliveries, limit]);
  return (
    <fieldset class="sc-options">
      <legend>S.P.A.C.E.</legend>
      <label>1st Player on turn 1
        <select name="sc-first-player" value={String(firstPlayer)} onChange={(ev) => setFirst(Number((ev.target as HTMLSelectElement).value))}>
          {Array.from({ length: Math.max(1, seats) }, (_, i) => <option key={i} value={String(i)}>Seat {i + 1}</option>)}
        </select>
      </label>
      <label>Deliveries that end the game (8: the rulebook's; fewer for a short game)
        <input type="number" name="sc-deliveries" min={1} max={8} inputMode="numeric" value={String(deliveries)} onInput={(ev) => setDeliveries(Number((ev.target as HTMLInputElement).value))} />
      </label>
      <label>Turn limit (0: the default, {defaultTurnLimit})
        <input type="number" name="sc-turn-limit" min={0} max={200} inputMode="numeric" value={String(limit)} onInput={(ev) => setLimit(Number((ev.target as HTMLInputElement).value))} />
      </label>
    </fieldset>
  );
}
