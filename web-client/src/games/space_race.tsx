// Space Race: The Card Game — the game's client: options form, table, rules, reveal
// pacing. The parts live in games/space_race/: options.tsx (the form), choices.ts (legal
// actions and the Prompt as labelled choices), table.tsx and cards.tsx (drawing on the
// kit), reveal.ts (pacing), words.ts (names).
import { rules } from "../gen/rules/space_race.js";
import { ActionKind, ViewSchema } from "../gen/starport/v1/space_race_pb.js";
import { actionLabel } from "./space_race/choices.js";
import { describeOptions, OptionsForm } from "./space_race/options.js";
import { revealPauseMs } from "./space_race/reveal.js";
import "./space_race/space_race.css";
import { SpaceRaceTable } from "./space_race/table.js";
import { reasonWords } from "./space_race/words.js";
import { defineGame } from "./types.js";

export default defineGame({
  id: "space_race",
  title: "Space Race: The Card Game",
  viewSchema: ViewSchema,
  OptionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.seats.some((s) => s.seat === seat && !s.resigned),
  actionLabel,
  reasonWords,
  // A Control Card choice means the same whatever else changed (during Plan Development
  // only other seats' "chosen" marks move); every other choice depends on the cards in
  // view, so after a refusal the player looks at the newer view and decides again.
  resendWhenStale: (action) => action.kind === ActionKind.CHOOSE,
  revealPauseMs,
  rules,
  Table: SpaceRaceTable,
});
