// The application shell: identity, the connection, the routes, the per-match sessions and
// the lobbies this browser is in, and the feedback bar every page shares.
import { Connection, defaultSocketUrl, errorName, ServerError, type Body, type ConnectionState } from "./connection.js";
import { ErrorCode } from "./gen/starport/v1/common_pb.js";
import type { ChatLine, GameInfo, Lobby, ServerMessage, Welcome } from "./gen/starport/v1/protocol_pb.js";
import { MatchSession } from "./match_session.js";
import { nameGate, nameGateText } from "./name_gate.js";
import { parseRoute, routeHash, type Route } from "./router.js";
import { loadIdentity, saveName, saveToken, type Identity } from "./token_store.js";
import { h } from "./ui/dom.js";

export interface Page {
  element: HTMLElement;
  onMessage?(message: ServerMessage): void;
  onWelcome?(welcome: Welcome, resumed: boolean): void;
  onConnectionState?(state: ConnectionState): void;
  // The route changed within the same page (e.g. a replay's step): true if handled.
  onRoute?(route: Route): boolean;
  dispose?(): void;
}

export type PageFactory = (app: App, route: Route) => Page;

const maxChat = 200;

export class App {
  readonly identity: Identity = loadIdentity();
  readonly conn: Connection;
  readonly matches = new Map<string, MatchSession>();
  readonly lobbies = new Map<string, Lobby>();
  // The lobbies this account is in, in the order learnt: the latest Welcome's list, then
  // each Lobby pushed, minus each LobbyClosed (the home page's "Your tables").
  readonly memberOf = new Set<string>();
  readonly chats = new Map<string, ChatLine[]>();
  // Game of a match, learnt from the lobby that started it (before its MatchInfo).
  private readonly matchGames = new Map<string, string>();
  private page_: Page | null = null;
  private route_: Route = { page: "home" };
  private readonly main: HTMLElement;
  private readonly status: HTMLElement;
  private readonly toasts: HTMLElement;
  private readonly who: HTMLElement;
  private readonly gate: HTMLElement;   // asks a new browser for a name (name_gate.ts)

  constructor(
    root: HTMLElement,
    private readonly pages: Record<Route["page"], PageFactory>,
  ) {
    this.status = h("span", { class: "conn", "data-conn": "idle" }, "offline");
    this.who = h("span", { class: "who" });
    this.toasts = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    this.main = h("main", { id: "page" });
    this.gate = h("div", { class: "gate", hidden: true });
    root.replaceChildren(
      h(
        "header",
        { class: "topbar" },
        h("a", { href: "#/", class: "brand" }, "Starport"),
        this.who,
        this.status,
      ),
      this.toasts,
      this.gate,
      this.main,
    );
    this.conn = new Connection({
      url: defaultSocketUrl(location),
      identity: () => this.identity,
      onWelcome: (w, resumed, afterLoss) => this.onWelcome(w, resumed, afterLoss),
      onMessage: (m) => this.onMessage(m),
      onState: (s, d) => this.onState(s, d),
      onError: (e) => this.onError(e),
      onIdentityRefused: (e) => this.onIdentityRefused(e),
    });
    window.addEventListener("hashchange", () => this.route());
  }

  start(): void {
    this.route();
    this.conn.start();
  }

  get route_now(): Route {
    return this.route_;
  }

  // The games the server hosts, as the latest Welcome listed them; null before the first.
  get catalog(): readonly GameInfo[] | null {
    return this.conn.welcome?.games ?? null;
  }

  gameInfo(id: string): GameInfo | undefined {
    return this.catalog?.find((g) => g.id === id);
  }

  navigate(route: Route): void {
    const hash = routeHash(route);
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  // Changes the URL without rebuilding the page (a replay's step).
  replaceRoute(route: Route): void {
    history.replaceState(null, "", routeHash(route));
    this.route_ = route;
  }

  send(body: Body): number {
    return this.conn.send(body);
  }

  setName(name: string): void {
    this.identity.name = name;
    saveName(name);
    // Hello carries the name: say it again (the token keeps the same account).
    if (this.conn.state === "open" || this.conn.state === "connecting") this.conn.restart();
    else this.conn.start();
  }

  match(matchId: string): MatchSession {
    let session = this.matches.get(matchId);
    if (!session) {
      session = new MatchSession(matchId, (b) => this.send(b));
      session.setOnline(this.conn.state === "open");
      const game = this.matchGames.get(matchId);
      if (game) session.setGame(game);
      this.matches.set(matchId, session);
    }
    return session;
  }

  // The game of a match, from its MatchInfo or from the lobby that started it.
  gameOfMatch(matchId: string): string | undefined {
    return this.matches.get(matchId)?.info?.game || this.matchGames.get(matchId);
  }

  // The lobby (one this account is in) that runs or last ran the match.
  lobbyOf(matchId: string): string | undefined {
    for (const lobby of this.lobbies.values())
      if (lobby.matchId === matchId || lobby.lastMatchId === matchId) return lobby.lobbyId;
    return undefined;
  }

  // This page knows the match has ended (its MatchInfo, or its lobby names it as its last).
  matchEnded(matchId: string): boolean {
    if (this.matches.get(matchId)?.info?.over) return true;
    for (const lobby of this.lobbies.values()) if (lobby.lastMatchId === matchId && lobby.matchId !== matchId) return true;
    return false;
  }

  isSeatedIn(matchId: string): boolean {
    const info = this.matches.get(matchId)?.info;
    if (info) return !info.spectator;
    for (const lobby of this.lobbies.values()) if (lobby.matchId === matchId) return lobby.youAreSeated;
    return this.conn.welcome?.activeMatches.includes(matchId) ?? false;
  }

  toast(text: string, kind: "error" | "info" = "info", ms = kind === "error" ? 9000 : 4000): void {
    const el = h(
      "div",
      { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" },
      h("span", {}, text),
      h("button", { class: "close", "aria-label": "dismiss", onclick: () => el.remove() }, "×"),
    );
    this.toasts.append(el);
    while (this.toasts.children.length > 4) this.toasts.firstElementChild?.remove();
    setTimeout(() => el.remove(), ms);
  }

  // `advice`: what the player can do about it, after the server's words.
  showError(error: ServerError, advice = ""): void {
    this.toast(`${errorName(error.code)} — ${error.detail || "no detail"}${advice ? `. ${advice}` : ""}`, "error");
  }

  private route(): void {
    const route = parseRoute(location.hash);
    if (this.page_?.onRoute && route.page === this.route_.page && this.page_.onRoute(route)) {
      this.route_ = route;
      return;
    }
    this.page_?.dispose?.();
    this.route_ = route;
    this.page_ = this.pages[route.page](this, route);
    this.main.replaceChildren(this.page_.element);
    if (this.conn.welcome && this.conn.state === "open") this.page_.onWelcome?.(this.conn.welcome, false);
    this.showGate();
    window.scrollTo(0, 0);
  }

  // Without a name nothing connects ("idle"): a page that does not ask for one itself
  // gets the box above it; the name given, the connection starts and the page loads.
  private showGate(): void {
    const nameless = !this.identity.name && !this.identity.token;
    const text = nameless && this.conn.state === "idle" ? nameGateText(this.route_) : null;
    if (text === null) {
      this.gate.hidden = true;
      this.gate.replaceChildren();
      return;
    }
    if (!this.gate.hidden) return;   // keep what is being typed
    this.gate.hidden = false;
    this.gate.replaceChildren(nameGate(text, (name) => this.setName(name)));
    this.gate.querySelector("input")?.focus();
  }

  private onWelcome(welcome: Welcome, resumed: boolean, afterLoss: boolean): void {
    if (welcome.token) saveToken(welcome.token);
    if (welcome.token) this.identity.token = welcome.token;
    this.identity.name = welcome.displayName || this.identity.name;
    saveName(this.identity.name);
    this.who.textContent = this.identity.name;
    this.memberOf.clear();
    for (const id of welcome.lobbies) this.memberOf.add(id);
    // Matches we follow need a fresh snapshot after every reconnect.
    for (const session of this.matches.values()) {
      if (this.route_.page === "match" && this.route_.matchId === session.matchId) continue;
      session.store?.expectSnapshot();
    }
    // Only a lost connection coming back: a rename also says Hello again on a new socket.
    if (afterLoss) this.toast("Reconnected.", "info", 2500);
    this.page_?.onWelcome?.(welcome, resumed);
  }

  private onMessage(m: ServerMessage): void {
    const body = m.body;
    switch (body.case) {
      case "lobby": {
        const lobby = body.value;
        this.lobbies.set(lobby.lobbyId, lobby);
        this.memberOf.add(lobby.lobbyId);
        // The answer to JoinLobby brings the chat since we sat down: it replaces ours.
        if (lobby.recentChat) this.chats.set(lobby.lobbyId, [...lobby.recentChat.lines]);
        if (lobby.matchId && lobby.settings) {
          this.matchGames.set(lobby.matchId, lobby.settings.game);
          this.matches.get(lobby.matchId)?.setGame(lobby.settings.game);
        }
        break;
      }
      case "chat": {
        const lines = this.chats.get(body.value.lobbyId) ?? [];
        lines.push(body.value);
        if (lines.length > maxChat) lines.shift();
        this.chats.set(body.value.lobbyId, lines);
        break;
      }
      case "lobbyClosed":
        this.lobbies.delete(body.value.lobbyId);
        this.memberOf.delete(body.value.lobbyId);
        this.chats.delete(body.value.lobbyId);
        break;
      case "match":
        this.match(body.value.matchId).onInfo(body.value);
        break;
      case "view":
        this.match(body.value.matchId).onUpdate(body.value);
        break;
    }
    this.page_?.onMessage?.(m);
  }

  private onError(error: ServerError): void {
    for (const session of this.matches.values()) if (session.onError(error)) return;
    this.showError(error);
  }

  private onIdentityRefused(error: ServerError): void {
    // A token the server no longer knows (or a refused name): start over as a new guest.
    this.showError(error);
    if (error.code === ErrorCode.NOT_AUTHENTICATED && this.identity.token) {
      saveToken("");
      this.identity.token = "";
      if (this.identity.name) {
        this.conn.restart();
        return;
      }
    } else {
      this.identity.name = "";
      saveName("");
    }
    this.navigate({ page: "home" });
  }

  private onState(state: ConnectionState, detail: string): void {
    const labels: Record<ConnectionState, string> = {
      idle: "not connected",
      connecting: "connecting…",
      open: "online",
      reconnecting: "reconnecting",
      stopped: "disconnected",
    };
    this.status.dataset.conn = state;
    this.status.textContent = labels[state];
    this.status.title = detail;
    for (const session of this.matches.values()) session.setOnline(state === "open");
    this.showGate();
    if (state === "reconnecting") this.toast(`Connection lost — ${detail}`, "error", 3000);
    if (state === "stopped" && detail) this.toast(detail, "error");
    this.page_?.onConnectionState?.(state);
  }
}
