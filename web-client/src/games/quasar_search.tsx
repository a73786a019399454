// Quasar Search — the cooperative Mission: the game's client: options form, table, rules,
// reveal pacing, action labels. The parts live in games/quasar_search/: options.tsx,
// table.tsx (status, the decision, Mission Zone, Sensors, the Confrontation, your hand,
// every seat), cards.tsx (the kit's card for Player Cards and Challenges), words.ts (names
// and labels), reveal.ts. The team chat is the lobby's (TableContext.chat).
import { rules } from "../gen/rules/quasar_search.js";
import { ActionKind, Step, ViewSchema } from "../gen/starport/v1/quasar_search_pb.js";
import { describeOptions, OptionsForm } from "./quasar_search/options.js";
import "./quasar_search/quasar_search.css";
import { revealPauseMs } from "./quasar_search/reveal.js";
import { QuasarSearchTable } from "./quasar_search/table.js";
import { actionLabel } from "./quasar_search/words.js";
import { defineGame } from "./types.js";

export default defineGame({
  id: "quasar_search",
  title: "Quasar Search",
  viewSchema: ViewSchema,
  OptionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.step !== Step.MISSION_RESOLUTION && view.seats.some((s) => s.seat === seat),
  actionLabel,
  // A secret pick (a Rank card, the card to confront with) is made once per seat against
  // a choice only that seat's own pick changes; everything else depends on what changed.
  resendWhenStale: (action) => action.kind === ActionKind.CHOOSE_RANK || action.kind === ActionKind.CONFRONT,
  revealPauseMs,
  rules,
  Table: QuasarSearchTable,
});
