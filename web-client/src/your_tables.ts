// The home page's "Your tables", in players' words: each lobby this account is in (its
// game, who hosts it, seats taken, and whether it waits, plays or has played) and each
// running match; also what a public lobby's row offers (join, watch) and how a replay in
// the list reads. Pure: everything comes from the pushed Lobby messages and the lists;
// the server decides who may leave, join or watch, the client only describes.
import { ErrorCode } from "./gen/starport/v1/common_pb.js";
import type { Lobby, LobbySummary, ReplaySummary } from "./gen/starport/v1/protocol_pb.js";
import { gameTitle } from "./games/index.js";

// loading: the lobby's push has not arrived yet; waiting: open seats; full: every seat
// taken, not started; playing: its match runs; after: its last match has ended.
export type TableState = "loading" | "waiting" | "full" | "playing" | "after";

export interface LobbyLine {
  lobbyId: string;
  state: TableState;
  title: string;         // the game's title, or a neutral "A lobby" before the push
  details: string[];     // "hosted by Ann", "2 of 3 seats taken"
  stateText: string;     // "waiting for players", …
  replayOf: string;      // after a match: that match, for its replay link ("" otherwise)
}

const stateWords: Record<TableState, string> = {
  loading: "loading…",
  waiting: "waiting for players",
  full: "every seat taken, waiting to start",
  playing: "match in progress",
  after: "after a match",
};

export function describeLobby(lobbyId: string, lobby: Lobby | undefined): LobbyLine {
  if (!lobby) return { lobbyId, state: "loading", title: "A lobby", details: [], stateText: stateWords.loading, replayOf: "" };
  const taken = lobby.seats.filter((s) => !s.open).length;
  const total = lobby.seats.length || (lobby.settings?.seats ?? 0);
  const host = lobby.seats.find((s) => s.host && !s.open);
  const details: string[] = [];
  if (lobby.youAreHost) details.push("hosted by you");
  else if (host) details.push(`hosted by ${host.name}`);
  details.push(`${taken} of ${total} seat${total === 1 ? "" : "s"} taken`);
  const state: TableState = lobby.matchId ? "playing" : lobby.lastMatchId ? "after" : taken < total ? "waiting" : "full";
  return {
    lobbyId,
    state,
    title: lobby.settings ? gameTitle(lobby.settings.game) : "A lobby",
    details,
    stateText: stateWords[state],
    replayOf: state === "after" ? lobby.lastMatchId : "",
  };
}

// The whole line as text: "Space War: in Space! · hosted by Ann · 2 of 3 seats taken ·
// waiting for players" (a lobby still loading reads "A lobby (loading…)").
export function lobbyLineText(line: LobbyLine): string {
  if (line.state === "loading") return `${line.title} (${line.stateText})`;
  return [line.title, ...line.details, line.stateText].join(" · ");
}

// A running match: its game's title when the lobby that started it (or its MatchInfo) is
// known, else a short form of its id.
export function matchLineText(matchId: string, game: string | undefined): string {
  if (game) return `${gameTitle(game)} — match in progress`;
  return `Match ${matchId.length > 10 ? `${matchId.slice(0, 8)}…` : matchId} (in progress)`;
}

// A replay in the home page's list: "Space War: in Space! — Ann, Bob — 1 move".
export function replayLineText(r: ReplaySummary): string {
  const moves = `${r.actions} ${r.actions === 1 ? "move" : "moves"}`;
  return `${gameTitle(r.game)} — ${r.players.join(", ")} — ${moves}${r.finished ? "" : " (in progress)"}`;
}

// The running matches that need a line of their own: those no listed lobby already shows
// as "match in progress" (a lobby you left keeps your seat in its match, so that match
// still gets one). `lobbies`: the pushed Lobby of each lobby listed, undefined while loading.
export function matchesWithoutLobbyLine(running: readonly string[], lobbies: readonly (Lobby | undefined)[]): string[] {
  const shown = new Set(lobbies.map((l) => l?.matchId).filter((id) => !!id));
  return running.filter((id) => !shown.has(id));
}

// A public lobby's row: its state in words, and what it offers. Join only with a seat
// open and no match running (else the server answers LOBBY_FULL); Watch when the server
// named a match anyone may watch (LobbySummary.watch_match_id).
export type PublicLobbyState = "open" | "full" | "playing";

export interface PublicLobbyRow {
  state: PublicLobbyState;
  text: string;           // "host Ann · 2/2 seats · full"
  canJoin: boolean;
  watchMatchId: string;   // "" when there is nothing to watch
}

const publicStateWords: Record<PublicLobbyState, string> = { open: "", full: "full", playing: "playing" };

export function describePublicLobby(l: LobbySummary): PublicLobbyRow {
  const state: PublicLobbyState = l.inMatch ? "playing" : l.taken >= l.seats ? "full" : "open";
  const words = publicStateWords[state];
  return {
    state,
    text: `host ${l.hostName} · ${l.taken}/${l.seats} seats${words ? ` · ${words}` : ""}`,
    canJoin: state === "open",
    watchMatchId: l.watchMatchId,
  };
}

// What a refused CreateLobby / JoinLobby adds to its message: where to leave a lobby.
// Said only for LIMIT_REACHED (this account's share) while this account is in a lobby;
// a full server is SERVER_BUSY, where leaving a lobby of yours would not help.
export function limitAdvice(code: ErrorCode | string, lobbiesYouAreIn: number): string {
  if (code !== ErrorCode.LIMIT_REACHED || lobbiesYouAreIn === 0) return "";
  return "“Your tables” on the home page lists the lobbies you are in; leave one there.";
}
