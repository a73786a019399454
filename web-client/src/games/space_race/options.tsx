// The lobby's Space Race options: variant (standard, Cold War, JFK solo with its
// difficulty) and the first player. The player count is the lobby's seat count: JFK is a
// 1-seat lobby, the standard game and the Cold War take 2–4 seats.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

import { OptionsSchema, Variant, type Options } from "../../gen/starport/v1/space_race_pb.js";
import type { OptionsFormProps } from "../types.js";
import { difficultyNames } from "./words.js";

export interface OptionChoice {
  variant: Variant;     // STANDARD, COLD_WAR or JFK
  difficulty: number;   // JFK: 1 standard, 2 challenging, 3 unbeatable
  firstPlayer: number;  // a seat index
}

// Checks a choice against the seat count and builds the Options message, or says what to fix.
export function buildOptions(seats: number, choice: OptionChoice): Options | string {
  if (choice.variant === Variant.JFK) {
    if (seats !== 1) return "The JFK solo variant is played alone: set Seats to 1.";
    if (![1, 2, 3].includes(choice.difficulty)) return "Pick a JFK difficulty: standard, challenging or unbeatable.";
    return create(OptionsSchema, { variant: Variant.JFK, jfkDecks: choice.difficulty, firstPlayer: 0 });
  }
  if (seats < 2 || seats > 4)
    return seats === 1
      ? "One seat plays the JFK solo variant: choose it, or set Seats to 2–4."
      : "The standard game and the Cold War take 2 to 4 seats.";
  if (!Number.isInteger(choice.firstPlayer) || choice.firstPlayer < 0 || choice.firstPlayer >= seats)
    return "The first player must be one of the seats.";
  return create(OptionsSchema, { variant: choice.variant, jfkDecks: 0, firstPlayer: choice.firstPlayer });
}

// One line per option for the lobby page.
export function describeOptions(bytes: Uint8Array): string[] {
  let o: Options;
  try {
    o = fromBinary(OptionsSchema, bytes);
  } catch {
    return ["(options unreadable)"];
  }
  if (o.variant === Variant.JFK) {
    const decks = o.jfkDecks || 1;
    return [`Variant: JFK solo against the Eastern bloc`, `Difficulty: ${difficultyNames[decks] ?? decks} (${decks} opponent deck${decks === 1 ? "" : "s"})`];
  }
  const variant =
    o.variant === Variant.COLD_WAR ? "Cold War scoring" : o.variant === Variant.STANDARD ? "Standard" : "Default (standard; JFK solo with 1 seat)";
  return [`Variant: ${variant}`, `First player (Initiative Marker): seat ${o.firstPlayer + 1}`];
}

export function OptionsForm({ seats, onChange }: OptionsFormProps) {
  const [variant, setVariant] = useState<Variant>(seats === 1 ? Variant.JFK : Variant.STANDARD);
  const [difficulty, setDifficulty] = useState(1);
  const [first, setFirst] = useState(0);
  // One seat can only be JFK, and JFK only one seat: follow the seat count.
  const shown = seats === 1 ? Variant.JFK : variant === Variant.JFK && seats > 1 ? Variant.STANDARD : variant;
  const firstShown = first < seats ? first : 0;
  useEffect(() => {
    const built = buildOptions(seats, { variant: shown, difficulty, firstPlayer: firstShown });
    onChange(typeof built === "string" ? built : toBinary(OptionsSchema, built));
  }, [seats, shown, difficulty, firstShown]);
  const jfk = shown === Variant.JFK;
  return (
    <fieldset class="game-options">
      <legend>Space Race options</legend>
      <label>
        Variant{" "}
        <select name="sr-variant" value={String(shown)} onChange={(e) => setVariant(Number(e.currentTarget.value) as Variant)}>
          <option value={String(Variant.STANDARD)}>Standard (2–4 players)</option>
          <option value={String(Variant.COLD_WAR)}>Cold War scoring (2–4 players)</option>
          <option value={String(Variant.JFK)}>JFK solo vs the Eastern bloc (1 player)</option>
        </select>
      </label>
      {jfk ? (
        <label>
          JFK difficulty{" "}
          <select name="sr-difficulty" value={String(difficulty)} onChange={(e) => setDifficulty(Number(e.currentTarget.value))}>
            <option value="1">Standard — 1 opponent deck</option>
            <option value="2">Challenging — 2 opponent decks</option>
            <option value="3">Unbeatable — 3 opponent decks</option>
          </select>
        </label>
      ) : (
        <label>
          First player (holds the Initiative Marker){" "}
          <select name="sr-first-player" value={String(firstShown)} onChange={(e) => setFirst(Number(e.currentTarget.value))}>
            {Array.from({ length: Math.max(1, seats) }, (_, i) => (
              <option key={i} value={String(i)}>Seat {i + 1}</option>
            ))}
          </select>
        </label>
      )}
      <p class="muted sr-hint">
        {jfk
          ? "JFK is a 1-seat lobby: you against the rulebook's automaton."
          : "Players: the lobby's seats (2–4). Factions NASA, ESA, Russia, Private Sector in seat order."}
      </p>
    </fieldset>
  );
}
