// The lobby's Terminus options: who holds the Initiative first, and the Round limit (the
// engine's safeguard: after that many Rounds the Ship nearest the Terminus wins).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

import { OptionsSchema, type Options } from "../../gen/starport/v1/terminus_pb.js";
import type { OptionsFormProps } from "../types.js";

export const defaultRoundLimit = 40;

export function buildOptions(seats: number, firstPlayer: number, roundLimit: number): Options | string {
  if (!Number.isInteger(firstPlayer) || firstPlayer < 0 || firstPlayer >= Math.max(1, seats)) return "The first player must be one of the seats.";
  if (!Number.isInteger(roundLimit) || roundLimit < 0 || roundLimit > 200) return "The Round limit is a whole number from 1 to 200 (0: the default, 40).";
  return create(OptionsSchema, { firstPlayer, roundLimit });
}

export function describeOptions(bytes: Uint8Array): string[] {
  let o: Options;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  return [`Seat ${o.firstPlayer + 1} holds the Initiative first`, `Round limit: ${o.roundLimit || defaultRoundLimit}`];
}

export function OptionsForm({ seats, onChange }: OptionsFormProps) {
  const [first, setFirst] = useState(0);
  const [limit, setLimit] = useState(0);
  const firstPlayer = first < seats ? first : 0;
  useEffect(() => {
    const o = buildOptions(seats, firstPlayer, limit);
    onChange(typeof o === "string" ? o : toBinary(OptionsSchema, o));
  }, [seats, firstPlayer, limit]);
  return (
    <fieldset class="tm-options">
      <legend>Race to the Terminus</legend>
      <label>Initiative at the start
        <select name="tm-first-player" value={String(firstPlayer)} onChange={(ev) => setFirst(Number((ev.target as HTMLSelectElement).value))}>
          {Array.from({ length: Math.max(1, seats) }, (_, i) => <option key={i} value={String(i)}>Seat {i + 1}</option>)}
        </select>
      </label>
      <label>Round limit (0: the default, {defaultRoundLimit})
        <input type="number" name="tm-round-limit" min={0} max={200} inputMode="numeric" value={String(limit)} onInput={(ev) => setLimit(Number((ev.target as HTMLInputElement).value))} />
      </label>
    </fieldset>
  );
}
