// What the generic pages need from a game: its options form, its view schema and how to
// draw its table. A game's file implements this; src/games/index.ts lists them.
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";

import type { Action, Outcome } from "../gen/starport/v1/common_pb.js";
import type { MatchInfo } from "../gen/starport/v1/protocol_pb.js";

export interface OptionsForm {
  element: HTMLElement;
  // The game's Options message, binary, for `seats` seats; a string says what to fix.
  read(seats: number): Uint8Array | string;
  // The seat count changed in the create form (for per-seat options).
  setSeats?(seats: number): void;
}

export interface TableContext {
  info: MatchInfo | null;
  // The seat drawn as "you" (null: nobody — a spectator, or a replay's public or
  // omniscient perspective). Pages decide; a replay view's viewer_seat defaults to 0.
  viewer: number | null;
  // A match in play (connection marks, timers) rather than a replay frame.
  live: boolean;
  // The player's name at a seat (from MatchInfo), or a fallback.
  seatName(seat: number): string;
  // A button sending `action` (one of the view's legal actions) — absent in replays and
  // for spectators. The generic page adds any legal action the table did not place.
  actionButton?: (action: Action, extraClass?: string) => HTMLButtonElement;
  // An element that counts down to the seat's turn deadline, or null when it has none.
  timer(seat: number): HTMLElement | null;
}

// Seat counts and bot kinds are the server's to say: they come with each Welcome
// (games/catalog.ts), never from here.
export interface GameClient<Desc extends DescMessage = DescMessage> {
  id: string;   // the engine registry id
  title: string;
  viewSchema: Desc;
  optionsForm(): OptionsForm;
  // One short line per option, for the lobby page.
  describeOptions(options: Uint8Array): string[];
  legalActions(view: MessageShape<Desc>): Action[];
  outcome(view: MessageShape<Desc>): Outcome | undefined;
  // The seat is still in play, so it may resign: RESIGN (kind 0) is allowed at any time
  // but never listed among the legal actions (docs/protocol.md).
  inPlay(view: MessageShape<Desc>, seat: number): boolean;
  actionLabel(action: Action, view: MessageShape<Desc>, seatName: (seat: number) => string): string;
  // May a move refused as STALE_VIEW be sent again, unchanged, when the newer view still
  // lists it? Only for moves whose meaning cannot depend on what changed (e.g. a flip).
  resendWhenStale(action: Action): boolean;
  renderTable(view: MessageShape<Desc>, ctx: TableContext): HTMLElement;
}

// The table stores games type-erased; each entry is checked against its own schema by
// `defineGame` where it is declared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameClient = GameClient<any>;

export function defineGame<Desc extends DescMessage>(game: GameClient<Desc>): AnyGameClient {
  return game;
}
