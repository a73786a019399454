// The lobby's Space War options: factions (random, or one per seat) and the contest limit.
// Auto-flip is no longer a table option: each seat sets it as a preference in the match.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

import { Faction, OptionsSchema } from "../../gen/starport/v1/space_war_pb.js";
import type { OptionsFormProps } from "../types.js";
import { factionName, factions } from "./words.js";

export interface OptionChoice {
  random: boolean;
  factions: Faction[];       // per seat; FACTION_UNSPECIFIED: random for that seat
  contestLimit: string;      // as typed
}

// Checks the choice and builds the Options message, or says what to fix.
export function buildOptions(seats: number, c: OptionChoice): Uint8Array | string {
  const limit = c.contestLimit.trim() === "" ? 0 : Number(c.contestLimit);
  if (!Number.isInteger(limit) || limit < 0 || limit > 100000) return "The contest limit must be a whole number from 0 to 100000.";
  const picks = c.random ? [] : Array.from({ length: seats }, (_, i) => c.factions[i] ?? Faction.FACTION_UNSPECIFIED);
  return toBinary(
    OptionsSchema,
    create(OptionsSchema, {
      factions: picks.every((f) => f === Faction.FACTION_UNSPECIFIED) ? [] : picks,
      contestLimit: limit,
    }),
  );
}

export function describeOptions(bytes: Uint8Array): string[] {
  let o;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  return [
    o.factions.length ? `Factions: ${o.factions.map(factionName).join(", ")}` : "Factions: random",
    `Contest limit: ${o.contestLimit || "default (1000)"}`,
  ];
}

export function OptionsForm({ seats, onChange }: OptionsFormProps) {
  const [random, setRandom] = useState(true);
  const [picks, setPicks] = useState<Faction[]>([]);
  const [limit, setLimit] = useState("0");
  useEffect(() => onChange(buildOptions(seats, { random, factions: picks, contestLimit: limit })), [seats, random, picks, limit]);
  return (
    <fieldset class="game-options">
      <legend>Space War options</legend>
      <label class="inline">
        <input type="checkbox" name="sw-random" checked={random} onChange={(e) => setRandom(e.currentTarget.checked)} /> Factions drawn at
        random
      </label>
      {random ? null : (
        <div class="faction-picks">
          {Array.from({ length: seats }, (_, i) => (
            <label class="inline" key={i}>
              Seat {i + 1}{" "}
              <select
                name={`sw-faction-${i}`}
                value={String(picks[i] ?? Faction.FACTION_UNSPECIFIED)}
                onChange={(e) => {
                  const next = [...picks];
                  next[i] = Number(e.currentTarget.value) as Faction;
                  setPicks(next);
                }}
              >
                <option value={String(Faction.FACTION_UNSPECIFIED)}>Random</option>
                {factions.map((f) => (
                  <option key={f.value} value={String(f.value)}>{f.name}</option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <label>
        Contest limit (0: the default, 1000){" "}
        <input
          type="number"
          name="sw-contest-limit"
          min={0}
          max={100000}
          inputMode="numeric"
          value={limit}
          onInput={(e) => setLimit(e.currentTarget.value)}
        />
      </label>
      <p class="muted">Auto-flip is a per-seat preference, set in the match.</p>
    </fieldset>
  );
}
