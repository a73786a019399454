// Space War: in Space! — the game's client: options form, table, rules, reveal pacing.
// The parts live in games/space_war/: options.tsx, table.tsx, reveal.ts, words.ts.
import { rules } from "../gen/rules/space_war.js";
import { ActionKind, ViewSchema } from "../gen/starport/v1/space_war_pb.js";
import { describeOptions, OptionsForm } from "./space_war/options.js";
import { revealPauseMs } from "./space_war/reveal.js";
import { actionLabel, SpaceWarTable } from "./space_war/table.js";
import { reasonWords } from "./space_war/words.js";
import "./space_war/space_war.css";
import { defineGame } from "./types.js";

export { factionName } from "./space_war/words.js";

export default defineGame({
  id: "space_war",
  title: "Space War: in Space!",
  viewSchema: ViewSchema,
  OptionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.seats.some((s) => s.seat === seat && !s.conquered),
  actionLabel,
  reasonWords,
  resendWhenStale: (action) => action.kind === ActionKind.FLIP,
  revealPauseMs,
  // Flip for me concerns everyone; each power's preference only the seat holding that power
  // (its id is the power's name in snake case: "dwarven_armor" for Dwarven Armor).
  preferenceApplies: (id, view, seat) =>
    id === "auto_flip" ||
    view.seats.some((s) => s.seat === seat && s.powerName.toLowerCase().replace(/ /g, "_") === id),
  rules,
  Table: SpaceWarTable,
});
