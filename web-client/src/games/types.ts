// What the generic pages need from a game: its options form, its view schema, its rules
// and how to draw its table. A game's file implements this; src/games/index.ts lists them.
// Tables are Preact components built from the shared kit (src/kit/): card, seat panel,
// move panel, log, rules panel. docs/web-client.md, "Adding a game's table".
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import type { ComponentChildren, FunctionComponent, VNode } from "preact";

import type { Action, Outcome } from "../gen/starport/v1/common_pb.js";
import type { MatchInfo } from "../gen/starport/v1/protocol_pb.js";

export interface OptionsFormProps {
  seats: number;   // the create form's seat count (per-seat options follow it)
  // Called on every change: the game's Options message, binary, or a sentence saying
  // what to fix (the create form shows it and cannot be sent).
  onChange(options: Uint8Array | string): void;
}

export interface TableContext {
  info: MatchInfo | null;
  // The seat drawn as "you" (null: nobody — a spectator, or a replay's public or
  // omniscient perspective). Pages decide; a replay view's viewer_seat defaults to 0.
  viewer: number | null;
  // A match in play (connection marks, timers) rather than a replay frame.
  live: boolean;
  // The player's name at a seat (from MatchInfo; bots have names too), or "Seat N".
  // The one naming scheme: panels, log lines and prompts all use it.
  seatName(seat: number): string;
  // A button sending `action` (one of the view's legal actions) — absent in replays and
  // for spectators. The generic move panel adds any legal action the table did not place.
  // `confirm`: a second press is needed, the first one says this sentence.
  ActionButton?: FunctionComponent<{ action: Action; class?: string; confirm?: string; children?: ComponentChildren }>;
  // A live countdown to the seat's turn deadline, or null when it has none.
  timer(seat: number): VNode | null;
  // Set at a live match while the reveal pacing still presents a view older than the newest
  // (kit/reveal.ts): the viewer's moves wait until the table has caught up (ActionButton is
  // absent meanwhile), so a sentence in which the presented view asks the viewer to act
  // ("Your turn: flip …") would ask for what cannot be done yet. Tables pass such sentences
  // through kit/words.ts turnWords (or headingWords), which say when the move comes instead.
  // `yourMoveNext`: the newest view asks the viewer for a move (the page's "Skip to your
  // move" box says the same). Absent: the presented view is the newest, or no one is seated.
  revealing?: { yourMoveNext: boolean };
  // Set at a live match while the viewer's own move has been sent and its answer (the next
  // view, or a refusal) has not come (MatchSession.inFlight): every move button waits
  // (aria-disabled, the pressed one "sending"), so a sentence asking for the move ("Your turn:
  // flip …") would ask for what was just done. turnWords and headingWords say it is on its
  // way instead, until the answer comes, the move is refused, or the page resyncs.
  // `resign`: the move is Resign; `action`: the move itself (S.P.A.C.E. tells an answer to
  // an offer from another move). Absent: nothing of the viewer's is on its way.
  inFlight?: { resign: boolean; action?: Action };
  // Legal actions the table offers itself without drawing their buttons now (S.P.A.C.E.'s
  // trade offers, chosen in a dialog that is closed): the generic move panel leaves them
  // out. Call it while rendering, as ctx.ActionButton registers. Absent where there are no
  // moves (replays, spectators).
  claim?(actions: Action[]): void;
  // The table's team chat (the lobby's chat, for a seated player of a live match), for a
  // table that places it beside itself (Quasar Search). Absent in replays and for spectators.
  chat?: VNode | null;
}

export interface TableProps<V> {
  view: V;          // the view presented now (reveal pacing may hold it behind the newest)
  previous?: V;     // the view presented just before, for animations (flips, moves)
  ctx: TableContext;
}

// A game's rules for players, from docs/rules/<id>.md: a summary (Markdown) and a
// glossary of every badge, keyword and term the table shows.
export interface GameRules {
  summary: string;
  glossary: { term: string; text: string }[];
}

// Seat counts, bot kinds and preferences are the server's to say: they come with each
// Welcome (games/catalog.ts), never from here.
export interface GameClient<Desc extends DescMessage = DescMessage> {
  id: string;   // the engine registry id
  title: string;
  viewSchema: Desc;
  OptionsForm: FunctionComponent<OptionsFormProps>;
  // One short line per option, for the lobby page.
  describeOptions(options: Uint8Array): string[];
  legalActions(view: MessageShape<Desc>): Action[];
  outcome(view: MessageShape<Desc>): Outcome | undefined;
  // The seat is still in play, so it may resign: RESIGN (kind 0) is allowed at any time
  // but never listed among the legal actions (docs/protocol.md).
  inPlay(view: MessageShape<Desc>, seat: number): boolean;
  actionLabel(action: Action, view: MessageShape<Desc>, seatName: (seat: number) => string): string;
  // Words for the game's Outcome.reason codes in the end banner and the replay ("terminus"
  // → "reached the Terminus"); undefined for a code it does not know. Absent, or undefined:
  // the kit's default (kit/words.ts reasonWords, underscores as spaces).
  reasonWords?(reason: string): string | undefined;
  // May a move refused as STALE_VIEW be sent again, unchanged, when the newer view still
  // lists it? Only for moves whose meaning cannot depend on what changed (e.g. a flip).
  resendWhenStale(action: Action): boolean;
  // How long to hold `next` on screen before presenting the view after it, in ms at
  // normal speed (0: no pause) — e.g. a contest's revealed cards. The player's reveal
  // speed setting scales it (fast, or off).
  revealPauseMs(previous: MessageShape<Desc> | undefined, next: MessageShape<Desc>): number;
  // Whether the preference `id` (GameInfo.preferences) concerns this seat, e.g. a power its
  // faction holds; the match page offers only those. Absent: every preference does.
  preferenceApplies?(id: string, view: MessageShape<Desc>, seat: number): boolean;
  rules: GameRules;
  Table: FunctionComponent<TableProps<MessageShape<Desc>>>;
}

// The table stores games type-erased; each entry is checked against its own schema by
// `defineGame` where it is declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameClient = GameClient<any>;

export function defineGame<Desc extends DescMessage>(game: GameClient<Desc>): AnyGameClient {
  return game;
}
