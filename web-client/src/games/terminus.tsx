// Race to the Terminus — the game's client: options form, table, rules, reveal pacing,
// action labels. The parts live in games/terminus/: options.tsx, table.tsx, cards.tsx (the
// kit's card with the pool's text), words.ts (names and labels), reveal.ts, deck_rules.ts
// (the deck builder's instant checks).
import { ActionKind, ViewSchema } from "../gen/starport/v1/terminus_pb.js";
import "./terminus/cards.css";
import { describeOptions, OptionsForm } from "./terminus/options.js";
import { revealPauseMs } from "./terminus/reveal.js";
import { rules } from "../gen/rules/terminus.js";
import { TerminusTable } from "./terminus/table.js";
import "./terminus/terminus.css";
import { actionLabel, reasonWords } from "./terminus/words.js";
import { defineGame } from "./types.js";

export default defineGame({
  id: "terminus",
  title: "Race to the Terminus",
  viewSchema: ViewSchema,
  OptionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.seats.some((s) => s.seat === seat && !s.out),
  actionLabel,
  reasonWords,
  // A draft pick names a card of the pool the seat picks from, which only its own pick
  // changes; everything else depends on what changed, so the player decides again.
  resendWhenStale: (action) => action.kind === ActionKind.DRAFT,
  revealPauseMs,
  rules,
  Table: TerminusTable,
});
