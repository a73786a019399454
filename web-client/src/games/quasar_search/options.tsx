// The lobby's Quasar Search options: the difficulty (EASY 6, STANDARD 8, HARD 10
// Challenges per Act, the engine's), Challenges per Act to override it (0: by difficulty)
// and the Mission's safeguard, the Challenge limit (0: the engine's default, 60).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

import { Options_Difficulty as Difficulty, OptionsSchema, type Options } from "../../gen/starport/v1/quasar_search_pb.js";
import type { OptionsFormProps } from "../types.js";

export const difficultyNames: Record<number, string> = {
  [Difficulty.EASY]: "Easy",
  [Difficulty.STANDARD]: "Standard",
  [Difficulty.HARD]: "Hard",
};
// Challenges per Act by difficulty (proto: Options.challenges_per_act).
export const challengesByDifficulty: Record<number, number> = {
  [Difficulty.EASY]: 6,
  [Difficulty.STANDARD]: 8,
  [Difficulty.HARD]: 10,
};
export const defaultChallengeLimit = 60;
const order = [Difficulty.EASY, Difficulty.STANDARD, Difficulty.HARD];

export function buildOptions(difficulty: Difficulty, perAct: number, limit: number): Options | string {
  if (!order.includes(difficulty)) return "Choose a difficulty.";
  if (!Number.isInteger(perAct) || perAct < 0 || perAct > 10) return "Challenges per Act is a whole number from 1 to 10 (0: by difficulty).";
  if (!Number.isInteger(limit) || limit < 0 || limit > 200) return "The Challenge limit is a whole number from 1 to 200 (0: the default, 60).";
  return create(OptionsSchema, { difficulty, challengesPerAct: perAct, challengeLimit: limit });
}

export function describeOptions(bytes: Uint8Array): string[] {
  let o: Options;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  const perAct = o.challengesPerAct || challengesByDifficulty[o.difficulty] || 8;
  return [
    `Difficulty: ${difficultyNames[o.difficulty] ?? "Standard"}`,
    `${perAct} Challenge${perAct === 1 ? "" : "s"} per Act${o.challengesPerAct ? "" : " (by difficulty)"}`,
    `Challenge limit: ${o.challengeLimit || defaultChallengeLimit}`,
  ];
}

export function OptionsForm({ onChange }: OptionsFormProps) {
  const [difficulty, setDifficulty] = useState<Difficulty>(Difficulty.STANDARD);
  const [perAct, setPerAct] = useState(0);
  const [limit, setLimit] = useState(0);
  useEffect(() => {
    const o = buildOptions(difficulty, perAct, limit);
    onChange(typeof o === "string" ? o : toBinary(OptionsSchema, o));
  }, [difficulty, perAct, limit]);
  return (
    <fieldset class="qs-options">
      <legend>Quasar Search</legend>
      <label>Difficulty
        <select name="qs-difficulty" value={String(difficulty)} onChange={(ev) => setDifficulty(Number((ev.target as HTMLSelectElement).value) as Difficulty)}>
          {order.map((d) => <option key={d} value={String(d)}>{difficultyNames[d]} ({challengesByDifficulty[d]} Challenges per Act)</option>)}
        </select>
      </label>
      <label>Challenges per Act (0: by difficulty)
        <input type="number" name="qs-per-act" min={0} max={10} inputMode="numeric" value={String(perAct)} onInput={(ev) => setPerAct(Number((ev.target as HTMLInputElement).value))} />
      </label>
      <label>Challenge limit for the whole Mission (0: the default, {defaultChallengeLimit})
        <input type="number" name="qs-limit" min={0} max={200} inputMode="numeric" value={String(limit)} onInput={(ev) => setLimit(Number((ev.target as HTMLInputElement).value))} />
      </label>
    </fieldset>
  );
}
