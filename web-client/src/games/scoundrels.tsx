// S.P.A.C.E. — Scoundrels and Pirates: the game's client: options form, table, rules,
// reveal pacing, action labels. The parts live in games/scoundrels/: options.tsx,
// table.tsx (status, moves, fight, scoreboard, ship sheets), map.tsx (the SVG map from the
// board data), trade.tsx (offers and the dialog to propose one), words.ts (names and
// labels), reveal.ts. Dice are the kit's (kit/dice.tsx).
import { ActionKind, ViewSchema } from "../gen/starport/v1/scoundrels_pb.js";
import { rules } from "../gen/rules/scoundrels.js";
import { describeOptions, OptionsForm } from "./scoundrels/options.js";
import { revealPauseMs } from "./scoundrels/reveal.js";
import "./scoundrels/scoundrels.css";
import { ScoundrelsTable } from "./scoundrels/table.js";
import { actionLabel, reasonWords } from "./scoundrels/words.js";
import { defineGame } from "./types.js";

export default defineGame({
  id: "scoundrels",
  title: "S.P.A.C.E. — Scoundrels and Pirates",
  viewSchema: ViewSchema,
  OptionsForm,
  describeOptions,
  legalActions: (view) => view.legalActions,
  outcome: (view) => view.outcome,
  inPlay: (view, seat) => view.ships.some((s) => s.seat === seat && !s.out),
  actionLabel,
  reasonWords,
  // An answer to a trade offer names the offer by id: an offer dies when anything it names
  // changes, so while the newer view still lists the same answer, it means the same thing.
  // Everything else depends on what changed (a move, a roll), so the player decides again.
  resendWhenStale: (action) => action.kind === ActionKind.ACCEPT || action.kind === ActionKind.DECLINE || action.kind === ActionKind.WITHDRAW,
  revealPauseMs,
  rules,
  Table: ScoundrelsTable,
});
