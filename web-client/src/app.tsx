// The application shell: identity, the connection, the routes, the per-match sessions and
// the lobbies this browser is in, the feedback bar every page shares, and the Preact root
// that draws them. Every change calls App.changed(); the root re-renders once per frame
// and Preact's keyed diff keeps what the player was doing (focus, open sections, selects,
// scroll) — docs/web-client.md, "Why Preact".
import { render } from "preact";
import { useEffect, useReducer, useRef } from "preact/hooks";

import { Connection, defaultSocketUrl, ServerError, type Body, type ConnectionState } from "./connection.js";
import { ErrorCode } from "./gen/starport/v1/common_pb.js";
import type { ChatLine, GameInfo, Lobby, ServerMessage, Welcome } from "./gen/starport/v1/protocol_pb.js";
import { setPoolSource } from "./decks/pool_cache.js";
import { errorSentence } from "./kit/words.js";
import { revealFactors, revealSpeed } from "./kit/settings.js";
import { MatchSession } from "./match_session.js";
import { NameForm } from "./ui/name_form.js";
import { parseRoute, routeHash, type Route } from "./router.js";
import { loadIdentity, saveName, saveToken, type Identity } from "./token_store.js";

export type AppEvent =
  | { kind: "welcome"; welcome: Welcome; resumed: boolean }
  | { kind: "message"; message: ServerMessage }
  | { kind: "state"; state: ConnectionState };

export interface Toast {
  id: number;
  text: string;
  kind: "error" | "info";
}

export type PageComponent = (props: { app: App; route: Route }) => preact.JSX.Element;

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
  toasts: Toast[] = [];
  // The visitor asked to play (a name is needed) while watching anonymously.
  wantsName = false;
  private readonly matchGames = new Map<string, string>();
  // Running matches this account holds a seat in, learnt since the latest Welcome (its
  // active_matches lists those running when it came): a match started later, from a Lobby
  // or MatchInfo (runningMatches).
  private readonly seatedSince_ = new Set<string>();
  // ServerMessage.stream → match id: this connection's handle for a match, which a diff
  // names its match by; a match's MatchInfo (its first frame) and snapshots say whose it is.
  private readonly streams = new Map<number, string>();
  private route_: Route = { page: "home" };
  private listeners_ = new Set<(e: AppEvent) => void>();
  private renderers_ = new Set<() => void>();
  private scheduled_ = false;
  private toastId_ = 0;
  connState: ConnectionState = "idle";
  connDetail = "";

  constructor(options: { openSocket?: ConstructorParameters<typeof Connection>[0]["openSocket"] } = {}) {
    this.conn = new Connection({
      url: typeof location === "undefined" ? "ws://localhost/ws" : defaultSocketUrl(location),
      identity: () => this.identity,
      anonymous: () => anonymousRoute(this.route_) && !this.wantsName,
      openSocket: options.openSocket,
      onWelcome: (w, resumed, afterLoss) => this.onWelcome(w, resumed, afterLoss),
      onMessage: (m) => this.onMessage(m),
      onState: (s, d) => this.onState(s, d),
      onError: (e) => this.onError(e),
      onLostView: (stream) => {
        const matchId = this.streams.get(stream);
        if (matchId) this.matches.get(matchId)?.lostUpdate();
      },
      onIdentityRefused: (e) => this.onIdentityRefused(e),
    });
    setPoolSource(this.conn);
  }

  start(): void {
    window.addEventListener("hashchange", () => this.onHashChange());
    this.route_ = parseRoute(location.hash);
    this.conn.start();
    this.changed();
  }

  get route(): Route {
    return this.route_;
  }

  // Connected without a name: may watch and open replays, not play.
  get anonymous(): boolean {
    return !this.identity.name && !this.identity.token;
  }

  // The games the server hosts, as the latest Welcome listed them; null before the first.
  get catalog(): readonly GameInfo[] | null {
    return this.conn.welcome?.games ?? null;
  }

  gameInfo(id: string): GameInfo | undefined {
    return this.catalog?.find((g) => g.id === id);
  }

  // Page events (Welcome, messages, connection state); returns: stop listening.
  on(listener: (e: AppEvent) => void): () => void {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  }

  // Something the pages draw changed: re-render once, soon.
  changed(): void {
    if (this.scheduled_) return;
    this.scheduled_ = true;
    queueMicrotask(() => {
      this.scheduled_ = false;
      for (const r of this.renderers_) r();
    });
  }

  onRender(renderer: () => void): () => void {
    this.renderers_.add(renderer);
    return () => this.renderers_.delete(renderer);
  }

  navigate(route: Route): void {
    const hash = routeHash(route);
    if (location.hash === hash) this.onHashChange();
    else location.hash = hash;
  }

  // Changes the URL without a new page (a replay's step).
  replaceRoute(route: Route): void {
    history.replaceState(null, "", routeHash(route));
    this.route_ = route;
  }

  send(body: Body): number {
    return this.conn.send(body);
  }

  setName(name: string): void {
    this.identity.name = name;
    this.wantsName = false;
    saveName(name);
    // Hello carries the name: say it again (the token keeps the same account).
    if (this.conn.state === "open" || this.conn.state === "connecting") this.conn.restart();
    else this.conn.start();
    this.changed();
  }

  // An anonymous visitor wants to play: show the name box (App shell); the name given,
  // the page reconnects with Hello{name}.
  askName(): void {
    this.wantsName = true;
    this.changed();
  }

  match(matchId: string): MatchSession {
    let session = this.matches.get(matchId);
    if (!session) {
      session = new MatchSession(matchId, (b) => this.send(b), () => revealFactors[revealSpeed()]);
      session.setOnline(this.conn.state === "open");
      const game = this.matchGames.get(matchId);
      if (game) session.setGame(game);
      session.subscribe(() => this.changed());
      this.matches.set(matchId, session);
    }
    return session;
  }

  gameOfMatch(matchId: string): string | undefined {
    return this.matches.get(matchId)?.info?.game || this.matchGames.get(matchId);
  }

  lobbyOf(matchId: string): string | undefined {
    for (const lobby of this.lobbies.values())
      if (lobby.matchId === matchId || lobby.lastMatchId === matchId) return lobby.lobbyId;
    return undefined;
  }

  matchEnded(matchId: string): boolean {
    if (this.matches.get(matchId)?.info?.over) return true;
    for (const lobby of this.lobbies.values()) if (lobby.lastMatchId === matchId && lobby.matchId !== matchId) return true;
    return false;
  }

  // The running matches this account holds a seat in, as far as this page knows: Welcome's,
  // then those started since, without those it has seen end (the home page's "Your tables").
  runningMatches(): string[] {
    const all = new Set([...(this.conn.welcome?.activeMatches ?? []), ...this.seatedSince_]);
    return [...all].filter((id) => !this.matchEnded(id));
  }

  isSeatedIn(matchId: string): boolean {
    const info = this.matches.get(matchId)?.info;
    if (info) return !info.spectator;
    for (const lobby of this.lobbies.values()) if (lobby.matchId === matchId) return lobby.youAreSeated;
    return this.conn.welcome?.activeMatches.includes(matchId) ?? false;
  }

  toast(text: string, kind: "error" | "info" = "info", ms = kind === "error" ? 9000 : 4000): void {
    const id = ++this.toastId_;
    this.toasts = [...this.toasts, { id, text, kind }].slice(-4);
    this.changed();
    setTimeout(() => this.dismiss(id), ms);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.changed();
  }

  // A refusal as a sentence; `advice`: what the player can do about it.
  showError(error: ServerError, advice = ""): void {
    this.toast(`${errorSentence(error.code, error.detail)}${advice ? ` ${advice}` : ""}`, "error");
  }

  private onHashChange(): void {
    const route = parseRoute(location.hash);
    const before = this.route_;
    this.route_ = route;
    // Leaving a page anonymous viewers may open for one they may not: connect with a name.
    if (this.anonymous && !anonymousRoute(route) && this.conn.state === "open") this.conn.stop("");
    if (this.anonymous && anonymousRoute(route) && (this.conn.state === "idle" || this.conn.state === "stopped")) this.conn.start();
    if (before.page !== route.page) window.scrollTo(0, 0);
    this.changed();
  }

  private onWelcome(welcome: Welcome, resumed: boolean, afterLoss: boolean): void {
    if (welcome.token) saveToken(welcome.token);
    if (welcome.token) this.identity.token = welcome.token;
    if (welcome.displayName) {
      this.identity.name = welcome.displayName;
      saveName(this.identity.name);
    }
    this.memberOf.clear();
    for (const id of welcome.lobbies) this.memberOf.add(id);
    this.seatedSince_.clear();
    welcome.activeMatches.forEach((id, i) => {
      const game = welcome.activeMatchGames[i];
      if (game) this.matchGames.set(id, game);
    });
    for (const session of this.matches.values()) {
      if (this.route_.page === "match" && this.route_.matchId === session.matchId) continue;
      for (const store of session.stores.values()) store.expectSnapshot();   // every held seat's stream
    }
    if (afterLoss) this.toast("Reconnected.", "info", 2500);
    this.emit({ kind: "welcome", welcome, resumed });
    this.changed();
  }

  private onMessage(m: ServerMessage): void {
    const body = m.body;
    switch (body.case) {
      case "lobby": {
        const lobby = body.value;
        this.lobbies.set(lobby.lobbyId, lobby);
        this.memberOf.add(lobby.lobbyId);
        if (lobby.recentChat) this.chats.set(lobby.lobbyId, [...lobby.recentChat.lines]);
        if (lobby.matchId && lobby.youAreSeated) this.seatedSince_.add(lobby.matchId);
        if (lobby.matchId && lobby.settings) {
          this.matchGames.set(lobby.matchId, lobby.settings.game);
          this.matches.get(lobby.matchId)?.setGame(lobby.settings.game);
        }
        break;
      }
      case "chat": {
        const lines = [...(this.chats.get(body.value.lobbyId) ?? []), body.value];
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
        // A diff names its match by this handle (0, unsent, for the connection's first).
        this.streams.set(m.stream, body.value.matchId);
        if (!body.value.spectator && !body.value.over) this.seatedSince_.add(body.value.matchId);
        this.match(body.value.matchId).onInfo(body.value);
        break;
      case "view": {
        if (body.value.snapshot) this.streams.set(m.stream, body.value.matchId);
        const matchId = body.value.matchId || this.streams.get(m.stream);
        if (matchId) this.match(matchId).onUpdate(body.value);
        break;
      }
    }
    this.emit({ kind: "message", message: m });
    this.changed();
  }

  private onError(error: ServerError): void {
    for (const session of this.matches.values()) if (session.onError(error)) return;
    this.showError(error);
  }

  private onIdentityRefused(error: ServerError): void {
    this.showError(error);
    if (error.code === ErrorCode.NOT_AUTHENTICATED && this.identity.token) {
      saveToken("");
      this.identity.token = "";
      if (this.identity.name) {
        this.conn.restart();
        return;
      }
    } else if (this.identity.name) {
      this.identity.name = "";
      saveName("");
    }
    if (!anonymousRoute(this.route_)) this.navigate({ page: "home" });
  }

  private onState(state: ConnectionState, detail: string): void {
    const was = this.connState;
    this.connState = state;
    this.connDetail = detail;
    for (const session of this.matches.values()) session.setOnline(state === "open");
    // Said once, when it is lost; each retry after that shows in the top bar's status (a
    // toast a retry said "Connection lost: connection lost" four times in 25 s offline).
    if (state === "reconnecting" && was === "open") this.toast(`Connection lost: ${detail}.`, "error", 3000);
    this.emit({ kind: "state", state });
    this.changed();
  }

  private emit(e: AppEvent): void {
    for (const l of [...this.listeners_]) l(e);
  }
}

// Pages an anonymous visitor may open without a name: a replay and a match to watch.
export function anonymousRoute(route: Route): boolean {
  return route.page === "replay" || route.page === "match";
}

// Re-renders the calling component on every App.changed().
export function useApp(app: App): void {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const off = app.onRender(() => bump(0));
    bump(0);   // whatever changed before this effect ran (effects run after the first paint)
    return off;
  }, [app]);
}

// Calls `handler` for each page event; on mount, once with the current Welcome when the
// connection is already open (a page opened after connecting).
export function useAppEvents(app: App, handler: (e: AppEvent) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const off = app.on((e) => ref.current(e));
    if (app.conn.welcome && app.conn.state === "open") ref.current({ kind: "welcome", welcome: app.conn.welcome, resumed: false });
    return off;
  }, [app]);
}

const stateLabels: Record<ConnectionState, string> = {
  idle: "not connected",
  connecting: "connecting…",
  open: "online",
  reconnecting: "reconnecting",
  stopped: "disconnected",
};

// What a page without a name shows above itself, or null where the page asks by itself.
export function nameGateText(route: Route, wantsName: boolean): string | null {
  switch (route.page) {
    case "home":
    case "invite":
      return null;
    case "replay":
    case "match":
      return wantsName ? "Pick a display name to play." : null;
    case "lobby":
      return "Pick a display name to open this lobby.";
    case "decks":
      return "Pick a display name to build and keep decks.";
  }
}

export function Shell(props: { app: App; pages: Record<Route["page"], PageComponent> }) {
  const { app } = props;
  useApp(app);
  const route = app.route;
  const Page = props.pages[route.page];
  // A deck builder stays mounted while it opens another deck of the same game.
  const key = `${route.page}:${"matchId" in route ? route.matchId : "lobbyId" in route ? route.lobbyId : "code" in route ? route.code : "game" in route ? route.game : ""}`;
  const nameless = !app.identity.name && !app.identity.token;
  const gate = nameless ? nameGateText(route, app.wantsName) : null;
  const who = app.identity.name || (nameless && app.connState === "open" ? "watching as a guest" : "");
  return (
    <>
      <header class="topbar">
        <a href="#/" class="brand">Starport</a>
        <span class="who">{who}</span>
        <span class="conn" data-conn={app.connState} title={app.connDetail}>{stateLabels[app.connState]}</span>
      </header>
      <div class="toasts" role="status" aria-live="polite">
        {app.toasts.map((t) => (
          <div key={t.id} class={`toast ${t.kind}`} role={t.kind === "error" ? "alert" : "status"}>
            <span>{t.text}</span>
            <button class="close" aria-label="Dismiss" onClick={() => app.dismiss(t.id)}>×</button>
          </div>
        ))}
      </div>
      {app.connState === "stopped" && app.connDetail ? (
        <div class="gate">
          <section class="card-box conn-stopped" role="alert" data-conn-stopped="">
            <p>Not connected: {app.connDetail}.</p>
            <button class="primary" name="retry-connection" onClick={() => app.conn.restart()}>Try again</button>
          </section>
        </div>
      ) : null}
      {gate !== null ? (
        <div class="gate">
          <section class="card-box name-gate" data-name-gate="">
            <p>{gate} Others see it next to what you do here.</p>
            <NameForm current="" submitLabel="Continue" autoFocus onName={(n) => app.setName(n)} />
          </section>
        </div>
      ) : null}
      <main id="page">
        <Page key={key} app={app} route={route} />
      </main>
    </>
  );
}

export function mount(root: HTMLElement, app: App, pages: Record<Route["page"], PageComponent>): void {
  root.replaceChildren();
  render(<Shell app={app} pages={pages} />, root);
}
