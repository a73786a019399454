// Space Race: The Card Game — the lobby's options form and the table. It draws the view
// it is given and offers the legal actions the view lists; every rule stays on the server.
// The parts live in games/space_race/: options.ts (the form), choices.ts (legal actions
// and the Prompt as labelled choices), table.ts and cards.ts (drawing), words.ts (names).
import { ActionKind, ViewSchema } from "../gen/starport/v1/space_race_pb.js";
import { actionLabel } from "./space_race/choices.js";
import { describeOptions, optionsForm } from "./space_race/options.js";
import { renderTable } from "./space_race/table.js";
import { defineGame } from "./types.js";

export const spaceRace = defineGame({
  id: "space_race",
  title: "Space Race: The Card Game",
  viewSchema: ViewSchema,
  optionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.seats.some((s) => s.seat === seat && !s.resigned),
  actionLabel,
  // A Control Card choice means the same whatever else changed (during Plan Development
  // only other seats' "chosen" marks move); every other choice depends on the cards in
  // view, so after a refusal the player looks at the newer view and decides again.
  resendWhenStale: (action) => action.kind === ActionKind.CHOOSE,
  renderTable,
});
