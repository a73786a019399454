// Hash routes. The token never appears here: it lives in localStorage only.
//   #/                        home
//   #/lobby/<lobby_id>        a lobby this account is in
//   #/invite/<code>           join a private lobby by its invite code
//   #/match/<match_id>        play or watch a match
//   #/replay/<match_id>?step=N[&seat=1[&as=K]]   (as: which held seat, 0-based, for several)
//   #/decks/<game>[?deck=<deck_id>]   the deck builder of a deck game (one of your decks open)
export type Route =
  | { page: "home" }
  | { page: "lobby"; lobbyId: string }
  | { page: "invite"; code: string }
  | { page: "match"; matchId: string }
  // seat: which of the viewer's seats (a person who held several at a cooperative table).
  | { page: "replay"; matchId: string; step: number; asSeat: boolean; seat?: number }
  | { page: "decks"; game: string; deckId: string };

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
// A deck id: one of yours, or a starter ("starter:pathfinders").
const deckIdPattern = /^[A-Za-z0-9_:.-]{1,80}$/;

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, "").replace(/^\//, "");
  const [path, query = ""] = raw.split("?", 2);
  const parts = path.split("/").filter((p) => p.length > 0).map(safeDecode);
  const params = new URLSearchParams(query);
  const id = parts[1] ?? "";
  if (parts.length === 2 && idPattern.test(id)) {
    switch (parts[0]) {
      case "lobby":
        return { page: "lobby", lobbyId: id };
      case "invite":
        return { page: "invite", code: id };
      case "match":
        return { page: "match", matchId: id };
      case "decks": {
        const deck = params.get("deck") ?? "";
        return { page: "decks", game: id, deckId: deckIdPattern.test(deck) ? deck : "" };
      }
      case "replay": {
        const step = Number.parseInt(params.get("step") ?? "0", 10);
        const asSeat = params.get("seat") === "1";
        const seat = /^\d{1,2}$/.test(params.get("as") ?? "") ? Number(params.get("as")) : undefined;
        return {
          page: "replay",
          matchId: id,
          step: Number.isFinite(step) && step >= 0 ? step : 0,
          asSeat,
          ...(asSeat && seat !== undefined ? { seat } : {}),
        };
      }
    }
  }
  return { page: "home" };
}

export function routeHash(route: Route): string {
  switch (route.page) {
    case "home":
      return "#/";
    case "lobby":
      return `#/lobby/${encodeURIComponent(route.lobbyId)}`;
    case "invite":
      return `#/invite/${encodeURIComponent(route.code)}`;
    case "match":
      return `#/match/${encodeURIComponent(route.matchId)}`;
    case "replay":
      return `#/replay/${encodeURIComponent(route.matchId)}?step=${route.step}${route.asSeat ? `&seat=1${route.seat !== undefined ? `&as=${route.seat}` : ""}` : ""}`;
    case "decks":
      return `#/decks/${encodeURIComponent(route.game)}${route.deckId ? `?deck=${encodeURIComponent(route.deckId)}` : ""}`;
  }
}

// A full link to a route on this page, for sharing (invite and replay links).
export function routeUrl(route: Route, location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}${routeHash(route)}`;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return "";
  }
}
