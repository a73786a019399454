// The games this server hosts, as the latest Welcome listed them (protocol.proto,
// GameInfo), joined with the games this client can draw (games/index.ts). Seat ranges
// and bot kinds come only from the server, so a form never offers what it would refuse.
import type { BotInfo, GameInfo } from "../gen/starport/v1/protocol_pb.js";
import type { AnyGameClient } from "./types.js";

// A game a lobby can be created for here: the server hosts it and this client draws it.
export interface PlayableGame {
  client: AnyGameClient;
  info: GameInfo;
}

// The playable games in the server's order; null while no Welcome has said what it hosts.
export function playableGames(
  catalog: readonly GameInfo[] | null,
  clients: readonly AnyGameClient[],
): PlayableGame[] | null {
  if (!catalog) return null;
  const out: PlayableGame[] = [];
  for (const info of catalog) {
    const client = clients.find((c) => c.id === info.id);
    if (client && !out.some((p) => p.info.id === info.id)) out.push({ client, info });
  }
  return out;
}

// The seat count a create form starts with (an unset default means the smallest table).
export function defaultSeats(info: GameInfo): number {
  const wanted = info.defaultSeats || info.minSeats;
  return Math.min(Math.max(wanted, info.minSeats), info.maxSeats);
}

// What is wrong with a seat count, in players' words; "" when the server will take it.
export function seatProblem(info: GameInfo, title: string, seats: number): string {
  if (Number.isInteger(seats) && seats >= info.minSeats && seats <= info.maxSeats) return "";
  return info.minSeats === info.maxSeats
    ? `${title} takes exactly ${info.minSeats} seat${info.minSeats === 1 ? "" : "s"}.`
    : `${title} takes ${info.minSeats} to ${info.maxSeats} seats.`;
}

// The bots a host may add, in the order offered: the game's own first (someone adding a
// bot usually wants an opponent that plays), then the "random" one every game has.
export function botChoices(info: GameInfo | undefined): BotInfo[] {
  if (!info) return [];
  return [...info.bots.filter((b) => b.id !== "random"), ...info.bots.filter((b) => b.id === "random")];
}
