// Words every page shares: a server error as a sentence, a match's outcome for one reader
// (the match page's end banner and the replay page use the same function), and log
// lines with "{seat:N}" filled with the one naming scheme (TableContext.seatName).
import { ErrorCode, type Action, type Outcome } from "../gen/starport/v1/common_pb.js";
import type { TableContext } from "../games/types.js";

// A short sentence per code, for an Error whose detail is empty.
const codeSentences: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.NOT_YOUR_TURN]: "It is not your turn.",
  [ErrorCode.UNKNOWN_ACTION]: "That move is not part of this game.",
  [ErrorCode.ILLEGAL_ACTION]: "That move is not allowed now.",
  [ErrorCode.BAD_ARGUMENT]: "That move was not understood.",
  [ErrorCode.GAME_OVER]: "The match has ended.",
  [ErrorCode.BAD_OPTIONS]: "Those game options cannot be played.",
  [ErrorCode.NO_SUCH_SEAT]: "There is no such seat at this table.",
  [ErrorCode.MALFORMED_MESSAGE]: "The server could not read what this page sent; try reloading.",
  [ErrorCode.MESSAGE_TOO_LARGE]: "That was too long to send.",
  [ErrorCode.RATE_LIMITED]: "Too many requests at once; wait a moment and try again.",
  [ErrorCode.PROTOCOL_VERSION]: "The server was updated; reload the page.",
  [ErrorCode.NOT_AUTHENTICATED]: "The server does not know this browser any more.",
  [ErrorCode.NOT_FOUND]: "That no longer exists.",
  [ErrorCode.FORBIDDEN]: "You may not do that here.",
  [ErrorCode.STALE_VIEW]: "The table changed before your move arrived; look again.",
  [ErrorCode.LOBBY_FULL]: "That table is full.",
  [ErrorCode.BAD_REQUEST]: "The server refused that request.",
  [ErrorCode.LIMIT_REACHED]: "You are at the limit of tables you may be in.",
  [ErrorCode.INTERNAL]: "Something went wrong on the server; try again.",
  [ErrorCode.SERVER_BUSY]: "The server is full right now; try again later.",
};

// Error.detail as a sentence (capitalized, ending with a full stop), or the code's
// sentence when the server gave no detail. Never the code's name.
export function errorSentence(code: ErrorCode | "timeout" | "disconnected", detail: string): string {
  const said = detail.trim();
  if (said) {
    const first = said[0].toUpperCase() + said.slice(1);
    return /[.!?…]$/.test(first) ? first : `${first}.`;
  }
  if (code === "timeout") return "The server did not answer in time; try again.";
  if (code === "disconnected") return "The connection was lost; try again once it is back.";
  return codeSentences[code] ?? "The server refused that request.";
}

// One match's end for one reader: "You won", "You lost", "Ann won", "Ann and Bob won",
// "No one won". `viewer`: the seat the reader sees the table as (null for spectators and the
// public or whole-table replay); `held`: every seat the reader holds (several at a
// cooperative table), none of them named as "with". The reader is judged by all of them: at
// a cooperative table they win or lose together; should several held seats ever play
// against each other, "You won as <the ones that won>". `gameReason`: the game's words for
// its reason codes (GameClient.reasonWords), where it has them. `team`: a cooperative table's
// seat count (GameInfo.cooperative), 0 otherwise: its loss is the whole team's, so a reader
// with teammates reads "Your team lost", anyone else "The team lost", not "No one won".
export function outcomeText(outcome: Outcome | undefined, viewer: number | null, seatName: (seat: number) => string, held: readonly number[] = [],
  gameReason?: (reason: string) => string | undefined, team = 0): string {
  if (!outcome?.over) return "";
  const winners = outcome.winners;
  const why = gameReason?.(outcome.reason) ?? reasonWords(outcome.reason);
  const tail = why ? ` (${why})` : "";
  // Ended by the server, not the rules: nobody won or lost, whoever reads it.
  if (outcome.noResult) return `No result: the match stopped${tail}.`;
  if (winners.length === 0) {
    // A winner that holds no seat (the JFK opponent) is named by the reason: "eastern_bloc_won".
    const other = /^(.+) won$/.exec(why);
    if (other) {
      const name = other[1][0].toUpperCase() + other[1].slice(1);
      return viewer !== null ? `You lost: ${name} won.` : `${name} won.`;
    }
    if (team > 0) {
      if (viewer === null) return `The team lost${tail}.`;
      return readerSeats(viewer, held).length < team ? `Your team lost${tail}.` : `You lost${tail}.`;
    }
    return viewer !== null ? `You lost${tail}.` : `No one won${tail}.`;
  }
  const yours = readerSeats(viewer, held);
  const won = yours.filter((s) => winners.includes(s));
  if (won.length) {
    const others = winners.filter((w) => !yours.includes(w)).map(seatName);
    const as = won.length < yours.length ? ` as ${joinNames(won.map(seatName))}` : "";
    return `You won${as}${others.length ? ` with ${joinNames(others)}` : ""}${tail}.`;
  }
  const names = joinNames(winners.map(seatName));
  return viewer !== null ? `You lost: ${names} won${tail}.` : `${names} won${tail}.`;
}

// The seats a reader is judged by: the one they see the table as and every other they hold
// (none for a spectator or a replay seen as the whole table).
export function readerSeats(viewer: number | null, held: readonly number[]): number[] {
  return viewer === null ? [] : [...new Set([viewer, ...held])].sort((a, b) => a - b);
}

// Whether the reader won: any seat they are judged by is among the winners.
export function readerWon(outcome: Outcome | undefined, viewer: number | null, held: readonly number[] = []): boolean {
  return !!outcome?.over && !outcome.noResult && readerSeats(viewer, held).some((s) => outcome.winners.includes(s));
}

// "1st", "2nd", "11th", "22nd": a count as players say a place in a series.
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th"}`;
}

// The default words for a reason code: "last_standing" → "last standing". A resignation is
// every game's: "Vega won (after a resignation)" (a bare "resigned" after the winner's name
// read as if the winner had resigned).
export function reasonWords(reason: string): string {
  if (reason === "resigned") return "after a resignation";
  return reason.replace(/_/g, " ").trim();
}

export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// A log line as a reader sees it: each "{seat:N}" (N from 0) replaced by the seat's name
// and each "{card:K}" by the name of card kind K in the game's catalog (ListCards;
// `cardName` from useCardNames), as the server's engine::fill_seat_names does.
export function fillSeats(line: string, seatName: (seat: number) => string, cardName: (kind: number) => string = unknownCard): string {
  return line.replace(/\{(seat|card):(\d+)\}/g, (_, what: string, n: string) => (what === "seat" ? seatName(Number(n)) : cardName(Number(n))));
}

export function unknownCard(kind: number): string {
  return `card ${kind}`;
}

// A card's name while its game's catalog is still on its way (the tables show the same).
export const cardOnItsWay = "…";

// True when a line names a card kind, so its page needs the game's catalog.
export function namesCards(lines: readonly string[]): boolean {
  return lines.some((l) => l.includes("{card:"));
}

// The name of a seat from a MatchInfo-like list, else "Seat N" (1-based for people), with
// " (seat N)" when another seat of the match has the same name (one person holding several
// seats of a cooperative table, or two people of one name), so "Waiting for Tess and Tess"
// cannot happen. The one naming scheme of the table, the log and the replay.
export function seatNameFrom(seats: readonly { seat: number; name: string }[] | undefined, seat: number): string {
  const name = plainSeatName(seats, seat);
  const shared = seats?.some((s) => s.seat !== seat && plainSeatName(seats, s.seat) === name);
  return shared ? `${name} (seat ${seat + 1})` : name;
}

// The name alone, for a place that says the seat number itself (the seat switcher).
export function plainSeatName(seats: readonly { seat: number; name: string }[] | undefined, seat: number): string {
  return seats?.find((s) => s.seat === seat)?.name || `Seat ${seat + 1}`;
}

// A display name's length as the server counts it: Unicode code points.
export function nameLength(name: string): number {
  return [...name].length;
}

// The viewer's move was sent and its answer has not come (TableContext.inFlight): said in
// place of the sentence that asked for it, as the pressed button says "sending".
export const moveOnItsWay = "Your move is on its way.";
export const resignOnItsWay = "Your resignation is on its way.";
// While the reveal pacing presents older views, the viewer's move waits behind them (the
// match page's "Skip to your move" box): said in place of a sentence asking for it.
export const moveAfterReveal = "Your move comes after the reveal.";
// The presented view asked the viewer, but the newest asks nothing of them (the move was made
// for them, by Play for me or the turn timer, or the match went on without it).
export const revealCatchingUp = "The table is still showing earlier moves.";

// Whether a sentence asking the viewer for a move may stand as it is: no move of theirs is on
// its way and the table shows the newest view. A table's asides that go with such a sentence
// ("Declining keeps it Active for later.") follow it.
export function turnAsksNow(ctx: Pick<TableContext, "revealing" | "inFlight">): boolean {
  return !ctx.inFlight && !ctx.revealing;
}

// A sentence in which the presented view asks the viewer to act ("Your turn: flip the top
// card of your deck."), true at this moment: as it is when the move can be made; while the
// viewer's move is on its way (TableContext.inFlight), that it is; while the reveal pacing
// still shows older views (TableContext.revealing), when the move comes.
export function turnWords(ctx: Pick<TableContext, "revealing" | "inFlight">, sentence: string): string {
  if (!sentence || turnAsksNow(ctx)) return sentence;
  if (ctx.inFlight) return ctx.inFlight.resign ? resignOnItsWay : moveOnItsWay;
  return ctx.revealing!.yourMoveNext ? moveAfterReveal : revealCatchingUp;
}

// A table's decision heading for the presented view: through turnWords when that view lists
// a move for the viewer (the heading then asks for it), else as it is ("Waiting for Vega.").
export function headingWords(ctx: Pick<TableContext, "viewer" | "revealing" | "inFlight">, legal: readonly Action[], heading: string): string {
  const asks = ctx.viewer !== null && legal.some((a) => a.seat === ctx.viewer && a.kind !== 0);
  return asks ? turnWords(ctx, heading) : heading;
}
