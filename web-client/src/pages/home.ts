// Home: pick a display name, see and leave the lobbies you are in ("Your tables"), list
// public lobbies, create a lobby, join by code, and find your running matches and replays.
import type { App, Page } from "../app.js";
import { ServerError } from "../connection.js";
import { defaultSeats, playableGames, seatProblem, type PlayableGame } from "../games/catalog.js";
import { games, gameTitle } from "../games/index.js";
import type { OptionsForm } from "../games/types.js";
import { ErrorCode } from "../gen/starport/v1/common_pb.js";
import type { GameInfo, LobbySummary, ReplaySummary } from "../gen/starport/v1/protocol_pb.js";
import { routeHash } from "../router.js";
import { everyWhileVisible } from "../every_while_visible.js";
import { h } from "../ui/dom.js";
import { nameForm } from "../ui/name_form.js";
import {
  describeLobby,
  describePublicLobby,
  limitAdvice,
  lobbyLineText,
  matchesWithoutLobbyLine,
  matchLineText,
  replayLineText,
  type LobbyLine,
} from "../your_tables.js";

// How often an open, visible home page asks for the public lobbies and the replays again,
// so that a new lobby, a just-started match's Watch link or a just-ended match's replay
// shows up without pressing Refresh.
const listsRefreshMs = 15000;

export function homePage(app: App): Page {
  const nameBox = h("section", { class: "card-box name-box" });
  const mine = h("section", { class: "card-box mine", hidden: true });
  const lobbyList = h("div", { class: "lobby-list" }, h("p", { class: "muted" }, "Connect to see public lobbies."));
  const replayList = h("div", { class: "replay-list" });
  const filter = h("select", { name: "filter-game", "aria-label": "Filter by game" }, h("option", { value: "" }, "All games"));
  // The filter offers the games the server hosts and this client draws (from each Welcome).
  const fillFilter = () => {
    const chosen = filter.value;
    const offered = playableGames(app.catalog, games) ?? [];
    filter.replaceChildren(
      h("option", { value: "" }, "All games"),
      ...offered.map((p) => h("option", { value: p.info.id }, p.client.title)),
    );
    filter.value = offered.some((p) => p.info.id === chosen) ? chosen : "";
  };

  const renderName = (editing: boolean) => {
    const name = app.identity.name;
    if (!editing && name) {
      nameBox.replaceChildren(
        h("p", {}, "Playing as ", h("strong", { "data-name": name }, name), " "),
        h("button", { class: "link", onclick: () => renderName(true) }, "Change name"),
      );
      return;
    }
    const form = nameForm(name, name ? "Save" : "Play", (value) => {
      app.setName(value);
      renderName(false);
    });
    nameBox.replaceChildren(h("h2", {}, name ? "Change your name" : "Welcome to Starport"), ...form);
    nameBox.querySelector("input")?.focus();
  };

  // Only the newest answer is drawn: a slower one for an older filter must not replace it.
  // `quiet` (the periodic refresh): a timeout or a lost connection is not worth a toast.
  let lobbiesAsked = 0;
  const refreshLobbies = async (quiet = false) => {
    const asked = ++lobbiesAsked;
    const game = filter.value;
    try {
      const reply = await app.conn.request({ case: "listLobbies", value: { game } });
      if (asked !== lobbiesAsked || reply.body.case !== "lobbyList") return;
      showLobbies(reply.body.value.lobbies);
      lobbyList.dataset.game = game;
    } catch (e) {
      if (e instanceof ServerError && !(quiet && typeof e.code === "string")) app.showError(e);
    }
  };
  // Redrawn only when something changed: a periodic answer must not replace a row under
  // the pointer for nothing.
  let lobbiesShown = "";
  const showLobbies = (lobbies: LobbySummary[]) => {
    const key = JSON.stringify(lobbies.map((l) => [l.lobbyId, l.game, l.hostName, l.seats, l.taken, l.inMatch, l.watchMatchId]));
    if (key === lobbiesShown && lobbyList.dataset.game === filter.value) return;
    lobbiesShown = key;
    if (!lobbies.length) {
      lobbyList.replaceChildren(h("p", { class: "muted" }, "No public lobbies right now — create one."));
      return;
    }
    lobbyList.replaceChildren(h("ul", { class: "plain" }, lobbies.map(publicLobbyItem)));
  };
  // A public lobby: Join while a seat is open, Watch while its match may be watched.
  const publicLobbyItem = (l: LobbySummary) => {
    const row = describePublicLobby(l);
    return h(
      "li",
      { class: "lobby-row public-lobby", "data-lobby": l.lobbyId, "data-state": row.state },
      h("span", { class: "grow" }, h("strong", {}, gameTitle(l.game)), ` · ${row.text}`),
      row.watchMatchId
        ? h("a", { class: "button secondary", href: routeHash({ page: "match", matchId: row.watchMatchId }), "data-watch-link": row.watchMatchId }, "Watch")
        : null,
      row.canJoin ? h("button", { name: "join-lobby", onclick: () => join({ lobbyId: l.lobbyId, inviteCode: "" }) }, "Join") : null,
    );
  };

  // A refused create or join; at the lobby limit, "Your tables" is where to leave one.
  const refused = (e: ServerError) => {
    const advice = limitAdvice(e.code, app.memberOf.size);
    app.showError(e, advice);
    if (!advice) return;
    // Show the list (centred: the toast covers the top of the screen) and mark it briefly.
    mine.scrollIntoView({ block: "center", behavior: "smooth" });
    mine.classList.add("attention");
    setTimeout(() => mine.classList.remove("attention"), 3000);
  };

  const join = async (target: { lobbyId: string; inviteCode: string }) => {
    try {
      const reply = await app.conn.request({ case: "joinLobby", value: target });
      if (reply.body.case === "lobby") app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
    } catch (e) {
      if (e instanceof ServerError) refused(e);
    }
  };

  // Join by code: a bare code or a pasted invite link.
  const codeInput = h("input", { name: "invite-code", placeholder: "Invite code or link", autocomplete: "off" });
  const joinBox = h(
    "form",
    {
      class: "row",
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const raw = codeInput.value.trim();
        const code = raw.match(/#\/invite\/([A-Za-z0-9_-]+)/)?.[1] ?? raw;
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) {
          app.toast("That does not look like an invite code.", "error");
          return;
        }
        void join({ lobbyId: "", inviteCode: code });
      },
    },
    h("label", { class: "grow" }, "Join by code ", codeInput),
    h("button", { type: "submit" }, "Join"),
  );

  const create = createForm(app, refused);

  // Your tables: the lobbies you are in (described once their Lobby arrives, each with
  // Leave), then your running matches. Redrawn on every Lobby and LobbyClosed.
  const leaving = new Set<string>();
  let shown = new Map<string, LobbyLine>();   // as last drawn: names a lobby once it is closed
  const leave = async (line: LobbyLine) => {
    leaving.add(line.lobbyId);
    renderMine();
    try {
      await app.conn.request({ case: "leaveLobby", value: { lobbyId: line.lobbyId } });
      app.toast(line.state === "loading" ? "You left the lobby." : `You left the ${line.title} lobby.`, "info");
    } catch (e) {
      if (!(e instanceof ServerError)) throw e;
      if (e.code === ErrorCode.NOT_FOUND) {
        // Already gone (closed, or left from another tab): drop the line.
        app.memberOf.delete(line.lobbyId);
        app.lobbies.delete(line.lobbyId);
        app.toast("You are no longer in that lobby.", "info");
      } else {
        app.showError(e);
      }
    } finally {
      leaving.delete(line.lobbyId);
      renderMine();
    }
  };
  const lobbyItem = (line: LobbyLine) =>
    h(
      "li",
      { class: "lobby-row your-table", "data-lobby": line.lobbyId, "data-state": line.state },
      h(
        "a",
        { class: "grow table-link", href: routeHash({ page: "lobby", lobbyId: line.lobbyId }), title: lobbyLineText(line) },
        h("strong", {}, line.title),
        line.state === "loading"
          ? h("span", { class: "muted" }, ` (${line.stateText})`)
          : [
              ...line.details.map((d) => h("span", { class: "detail" }, ` · ${d}`)),
              " ",
              h("span", { class: `badge table-state ${line.state}` }, line.stateText),
            ],
      ),
      line.replayOf
        ? h("a", { class: "button secondary", href: routeHash({ page: "replay", matchId: line.replayOf, step: 0, asSeat: false }), "data-replay-link": line.replayOf }, "Replay")
        : null,
      h(
        "button",
        {
          class: "secondary",
          name: "leave-lobby",
          disabled: leaving.has(line.lobbyId),
          "aria-label": `Leave: ${lobbyLineText(line)}`,
          // Leaving the lobby does not resign: the match keeps your seat (server/lobby_hub.cpp on_leave).
          title: line.state === "playing" ? "Leave the lobby; your seat in the running match stays yours" : null,
          onclick: () => void leave(line),
        },
        leaving.has(line.lobbyId) ? "Leaving…" : "Leave",
      ),
    );
  const renderMine = () => {
    const lobbies = [...app.memberOf].map((id) => describeLobby(id, app.lobbies.get(id)));
    shown = new Map(lobbies.map((l) => [l.lobbyId, l]));
    // A match whose lobby is listed already reads "match in progress" on that line.
    const active = (app.conn.welcome?.activeMatches ?? []).filter((id) => !app.matchEnded(id));
    const running = matchesWithoutLobbyLine(active, [...app.memberOf].map((id) => app.lobbies.get(id)));
    const items = [
      ...lobbies.map(lobbyItem),
      ...running.map((id) =>
        h("li", {}, h("a", { href: routeHash({ page: "match", matchId: id }), "data-match-link": id }, matchLineText(id, app.gameOfMatch(id)))),
      ),
    ];
    mine.hidden = items.length === 0;
    mine.replaceChildren(h("h2", {}, "Your tables"), h("ul", { class: "plain" }, items));
  };

  // Yours first, then the public ones; `quiet` as for the lobbies.
  let replaysAsked = 0;
  const refreshReplays = async (quiet = false) => {
    const asked = ++replaysAsked;
    const game = filter.value;
    const lists: ReplaySummary[][] = [];
    for (const m of [true, false]) {
      try {
        const reply = await app.conn.request({ case: "listReplays", value: { mine: m, game } });
        if (reply.body.case === "replayList") lists.push(reply.body.value.replays);
      } catch (e) {
        if (e instanceof ServerError && !(quiet && typeof e.code === "string")) app.showError(e);
        return;
      }
    }
    if (asked !== replaysAsked) return;   // a newer filter's lists are on their way
    const seen = new Set<string>();
    showReplays(lists.flat().filter((r) => !seen.has(r.matchId) && seen.add(r.matchId)));
    replayList.dataset.game = game;
  };
  // Redrawn only when something changed, as the lobbies.
  let replaysShown = "";
  const showReplays = (all: ReplaySummary[]) => {
    const key = JSON.stringify(all.slice(0, 30).map((r) => [r.matchId, r.game, r.players, r.actions, r.finished]));
    if (key === replaysShown && replayList.dataset.game === filter.value) return;
    replaysShown = key;
    replayList.replaceChildren(
      all.length
        ? h(
            "ul",
            { class: "plain" },
            all.slice(0, 30).map((r) =>
              h(
                "li",
                { "data-replay": r.matchId, "data-state": r.finished ? "finished" : "running" },
                h(
                  "a",
                  { href: routeHash({ page: "replay", matchId: r.matchId, step: 0, asSeat: false }) },
                  replayLineText(r),
                ),
              ),
            ),
          )
        : h("p", { class: "muted" }, "No replays yet."),
    );
  };

  // The filter applies to both lists.
  filter.addEventListener("change", () => {
    void refreshLobbies();
    void refreshReplays();
  });
  renderName(!app.identity.name);

  const element = h(
    "div",
    { class: "page home" },
    nameBox,
    mine,
    h("section", { class: "card-box" }, h("h2", {}, "Join a private lobby"), joinBox),
    h("section", { class: "card-box" }, h("h2", {}, "Create a lobby"), create.element),
    h(
      "section",
      { class: "card-box" },
      h("div", { class: "row" }, h("h2", { class: "grow" }, "Public lobbies"), filter, h("button", { onclick: () => void refreshLobbies() }, "Refresh")),
      lobbyList,
    ),
    h("section", { class: "card-box" }, h("div", { class: "row" }, h("h2", { class: "grow" }, "Replays"), h("button", { onclick: () => void refreshReplays() }, "Refresh")), replayList),
  );
  const stopRefreshing = everyWhileVisible(() => {
    if (app.conn.state !== "open") return;
    void refreshLobbies(true);
    void refreshReplays(true);
  }, listsRefreshMs);
  return {
    element,
    dispose: stopRefreshing,
    onWelcome() {
      renderName(false);
      renderMine();
      create.setCatalog(app.catalog);
      fillFilter();
      void refreshLobbies();
      void refreshReplays();
    },
    onMessage(m) {
      if (m.body.case === "lobbyClosed" && !leaving.has(m.body.value.lobbyId)) {
        // Closed or kicked elsewhere (not this page's Leave): say which and why.
        const line = shown.get(m.body.value.lobbyId);
        const which = line && line.state !== "loading" ? `the ${line.title} lobby` : "a lobby";
        app.toast(`You are out of ${which}: ${m.body.value.reason || "it was closed"}`, "info");
      }
      if (m.body.case === "lobby" || m.body.case === "lobbyClosed") renderMine();
    },
  };
}

interface CreateForm {
  element: HTMLFormElement;
  // The games the latest Welcome listed (null: none yet); offers those this client draws.
  setCatalog(catalog: readonly GameInfo[] | null): void;
}

function createForm(app: App, refused: (e: ServerError) => void): CreateForm {
  const gameSelect = h("select", { name: "game" });
  const seats = h("input", { type: "number", name: "seats", inputmode: "numeric" });
  const isPrivate = h("input", { type: "checkbox", name: "private" });
  const spectators = h("input", { type: "checkbox", name: "spectators", checked: true });
  const timer = h("input", { type: "number", name: "turn-seconds", min: 0, max: 3600, value: 0, inputmode: "numeric" });
  const optionsBox = h("div", { class: "options-box" });
  const waiting = h("p", { class: "muted", "data-catalog": "waiting" });
  const submit = h("button", { type: "submit", class: "primary" }, "Create lobby");
  let offered: PlayableGame[] = [];
  let shown: string | null = null;   // the catalog the form was last built from
  let options: OptionsForm | null = null;
  const chosen = () => offered.find((p) => p.info.id === gameSelect.value);
  const pickGame = () => {
    const game = chosen();
    if (!game) return;
    const start = defaultSeats(game.info);
    seats.min = String(game.info.minSeats);
    seats.max = String(game.info.maxSeats);
    seats.value = String(start);
    options = game.client.optionsForm();
    options.setSeats?.(start);
    optionsBox.replaceChildren(options.element);
  };
  const setCatalog = (catalog: readonly GameInfo[] | null) => {
    const playable = playableGames(catalog, games);
    const key = JSON.stringify(playable?.map((p) => [p.info.id, p.info.minSeats, p.info.maxSeats, p.info.defaultSeats]) ?? null);
    if (key === shown) return;   // the same games again (a reconnect): keep what was filled in
    shown = key;
    offered = playable ?? [];
    const ready = offered.length > 0;
    const previous = gameSelect.value;
    gameSelect.replaceChildren(
      ...(ready
        ? offered.map((p) => h("option", { value: p.info.id }, p.client.title))
        : [h("option", { value: "" }, playable ? "No game to offer" : "Waiting for the server…")]),
    );
    gameSelect.disabled = seats.disabled = submit.disabled = !ready;
    waiting.hidden = ready;
    waiting.textContent = playable
      ? "This server hosts no game this version of the page can show; try reloading it."
      : "The games on offer, their seats and bots arrive once you are connected.";
    if (!ready) {
      seats.value = "";
      options = null;
      optionsBox.replaceChildren();
      return;
    }
    if (offered.some((p) => p.info.id === previous)) gameSelect.value = previous;
    pickGame();
  };
  gameSelect.addEventListener("change", pickGame);
  seats.addEventListener("change", () => options?.setSeats?.(Number(seats.value)));
  setCatalog(null);
  const form = h(
    "form",
    {
      class: "create-form",
      onsubmit: async (ev: Event) => {
        ev.preventDefault();
        const game = chosen();
        const seatCount = Number(seats.value);
        if (!game || !options) return;
        const problem = seatProblem(game.info, game.client.title, seatCount);
        if (problem) {
          app.toast(problem, "error");
          return;
        }
        const optionBytes = options.read(seatCount);
        if (typeof optionBytes === "string") {
          app.toast(optionBytes, "error");
          return;
        }
        try {
          const reply = await app.conn.request({
            case: "createLobby",
            value: {
              settings: {
                game: game.info.id,
                seats: seatCount,
                options: optionBytes,
                isPrivate: isPrivate.checked,
                allowSpectators: spectators.checked,
                turnSeconds: Math.max(0, Math.floor(Number(timer.value) || 0)),
              },
            },
          });
          if (reply.body.case === "lobby") app.navigate({ page: "lobby", lobbyId: reply.body.value.lobbyId });
        } catch (e) {
          if (e instanceof ServerError) refused(e);
        }
      },
    },
    waiting,
    h("label", {}, "Game ", gameSelect),
    h("label", {}, "Seats ", seats),
    h("label", { class: "inline" }, isPrivate, " Private (invite link only)"),
    h("label", { class: "inline" }, spectators, " Allow spectators"),
    h("label", {}, "Turn timer in seconds (0: none) ", timer),
    optionsBox,
    submit,
  );
  return { element: form, setCatalog };
}
